//! Python bindings of tablesolve: one class per puzzle over the library's judges.
//!
//! Boards come in as judge text or sequences of numbers (`boards`), answers go out as
//! strings of move letters, errors as Python exceptions (`errors`). Tables are opened
//! once per object and memory mapped, from the directory the `tablesolve` command uses.
//! Batches are answered on every core with the GIL released; long searches stop on
//! Ctrl-C.

mod boards;
mod definition;
mod errors;
mod exact;
mod sliding;
mod tasks;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use pyo3::BoundObject;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use boards::{CaseSource, Pair, PyBoard};
use errors::{limit_reached, to_py};
use tablesolve::eight::Grid;
use tablesolve::eight::Slides;
use tablesolve::judge::{check, Format, Replay, Solution};
use tablesolve::moves::letters;
use tablesolve::search::{Cancel, Found, Limits, Outcome, Stopped};
use tablesolve::sliding::Slide;
use tablesolve::table::{BuildNote, TableDir};
use tablesolve::{rotation, Error};

/// Why a case has no answer.
enum Failure {
    /// Its board is no board, for this reason.
    Board(String),
    /// Its board could not be read, for a reason kept aside.
    Unread,
    /// The tables failed.
    Table(Error),
    /// A limit stopped its search.
    Stopped(Stopped),
}

impl Failure {
    /// The exception; `unread` gives a board's kept error.
    fn into_py(self, py: Python<'_>, dir: &Path, unread: impl FnOnce() -> PyErr) -> PyErr {
        match self {
            Failure::Board(why) => PyValueError::new_err(why),
            Failure::Unread => unread(),
            Failure::Table(error) => to_py(error, dir),
            Failure::Stopped(stopped) => limit_reached(py, &stopped),
        }
    }
}

/// The tables in `tables` (else the `tablesolve` command's directory), built there when
/// missing if `build`, with a line on stderr for a build.
fn table_dir(tables: Option<PathBuf>, build: bool) -> TableDir {
    let dir = TableDir::new(tables.unwrap_or_else(TableDir::default_location));
    if !build {
        return dir;
    }
    dir.build_missing(|note| match note {
        BuildNote::Started { paths, cost, .. } => {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            eprintln!(
                "tablesolve: building missing tables {} ({cost})",
                names.join(", ")
            );
        }
        BuildNote::Finished(took) => {
            eprintln!("tablesolve: built in {:.2} s", took.as_secs_f64())
        }
        BuildNote::Advanced(_)
        | BuildNote::Resumed(_)
        | BuildNote::Deferred { .. }
        | BuildNote::Failed => {}
    })
}

/// Opens a judge from `dir` with the GIL released (a first build takes a while).
fn open<J: Send>(
    py: Python<'_>,
    dir: &TableDir,
    open: impl FnOnce(&TableDir) -> Result<J, Error> + Send,
) -> PyResult<J> {
    py.detach(|| open(dir)).map_err(|e| to_py(e, dir.dir()))
}

/// `error`, its message led by the index of the case it belongs to.
fn at_index(py: Python<'_>, called: &str, index: usize, error: PyErr) -> PyErr {
    let value = error.value(py);
    let kind = error.get_type(py);
    let Ok(led) = kind.call1((format!("{called}[{index}]: {value}"),)) else {
        return error;
    };
    for name in ["lower_bound", "nodes"] {
        if let Ok(attribute) = value.getattr(name) {
            let _ = led.setattr(name, attribute);
        }
    }
    PyErr::from_value(led)
}

/// Reads and answers the cases of `batch` with `solve` on every core, the GIL released
/// (and the work cancelled through `cancel`, if given, on Ctrl-C), then gives each
/// answer to Python with `to_py`: a list in input order. A failed case raises, naming
/// its index, or with `return_exceptions` stands in the list as its exception.
fn solve_many<C: CaseSource, A: Send>(
    py: Python<'_>,
    dir: &Path,
    mut batch: C,
    return_exceptions: bool,
    cancel: Option<&Cancel>,
    solve: impl Fn(&C::Case) -> Result<A, Failure> + Sync + Send,
    to_py: impl Fn(Python<'_>, A) -> PyResult<Py<PyAny>>,
) -> PyResult<Py<PyList>> {
    let mut unread = batch.take_unread().into_iter();
    if !return_exceptions {
        if let Some((index, error)) = unread.next() {
            return Err(at_index(py, batch.called(), index, error));
        }
    }
    let answer_all = || -> Vec<Result<A, Failure>> {
        (0..batch.len())
            .into_par_iter()
            .with_min_len(64)
            .map(|index| match batch.read(index) {
                Ok(case) => solve(&case),
                Err(Some(why)) => Err(Failure::Board(why)),
                Err(None) => Err(Failure::Unread),
            })
            .collect()
    };
    let answers = match cancel {
        Some(cancel) => interruptible(py, cancel, answer_all)?,
        None => py.detach(answer_all),
    };
    let list = PyList::empty(py);
    for (index, answer) in answers.into_iter().enumerate() {
        let item = match answer {
            Ok(answer) => to_py(py, answer)?,
            Err(failure) => {
                let kept = || unread.next().map(|(_, error)| error).expect("a kept error");
                let error = at_index(py, batch.called(), index, failure.into_py(py, dir, kept));
                if !return_exceptions {
                    return Err(error);
                }
                error.into_value(py).into_any()
            }
        };
        list.append(item)?;
    }
    Ok(list.unbind())
}

/// What one call may spend, as every method that searches takes it: `limit` nodes and
/// `timeout` seconds (each unbounded when None).
#[derive(Clone, Copy)]
struct Budget {
    pub limit: Option<u64>,
    pub timeout: Option<f64>,
}

impl Budget {
    /// The search's limits, and the handle that cancels them (on Ctrl-C).
    pub fn limits(self) -> PyResult<(Limits, Cancel)> {
        let time = self
            .timeout
            .map(|seconds| {
                Duration::try_from_secs_f64(seconds).map_err(|_| {
                    PyValueError::new_err(format!("timeout={seconds}: give seconds, at least 0"))
                })
            })
            .transpose()?;
        let cancel = Cancel::new();
        let limits = Limits {
            nodes: self.limit,
            time,
            wall_time: None,
            cancel: Some(cancel.clone()),
            foresight: None,
        };
        Ok((limits, cancel))
    }
}

/// The moves of a search's outcome: `None` when the goal is out of reach.
fn found<M>(outcome: Result<Outcome<Found<M>>, Error>) -> Result<Option<Vec<M>>, Failure> {
    match outcome.map_err(Failure::Table)? {
        Outcome::Solved(found) => Ok(Some(found.moves)),
        Outcome::Unreachable { .. } => Ok(None),
        Outcome::Stopped(stopped) => Err(Failure::Stopped(stopped)),
    }
}

/// Runs `work` on its own thread with the GIL released; a signal (Ctrl-C) cancels it
/// through `cancel` and raises its exception once the work has stopped.
fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        // Shared with the waits that release the GIL, which need it `Sync`.
        let finished = Mutex::new(finished);
        scope.spawn(move || done.send(work()));
        let mut interrupted = None;
        loop {
            let wait = || {
                let finished = finished.lock().unwrap_or_else(|e| e.into_inner());
                finished.recv_timeout(Duration::from_millis(50))
            };
            match py.detach(wait) {
                Ok(result) => return interrupted.map_or(Ok(result), Err),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    unreachable!("the work thread sends before it ends")
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if interrupted.is_none() {
                        if let Err(signal) = py.check_signals() {
                            cancel.cancel();
                            interrupted = Some(signal);
                        }
                    }
                }
            }
        }
    })
}

/// `value` as Python writes it in source.
fn repr<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> PyResult<String> {
    let value = value.into_pyobject(py).map_err(Into::into)?;
    Ok(value.into_bound().as_any().repr()?.to_string())
}

/// Moves as Python sees them: a string of letters, `None` for unsolvable.
fn moves_to_py(py: Python<'_>, moves: Option<&[Slide]>) -> Py<PyAny> {
    match moves {
        Some(moves) => PyString::new(py, &letters(moves)).into_any().unbind(),
        None => py.None(),
    }
}

/// What checking an answer found.
#[pyclass(frozen, module = "tablesolve")]
struct Verdict {
    kind: &'static str,
    message: String,
}

#[pymethods]
impl Verdict {
    /// A short name of the verdict: "correct", "not shortest", "not smallest", ...
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// Whether the answer is the shortest, lexicographically smallest one.
    #[getter]
    fn correct(&self) -> bool {
        self.kind == "correct"
    }

    fn __bool__(&self) -> bool {
        self.correct()
    }

    fn __str__(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        format!("Verdict({:?})", self.message)
    }
}

/// The verdict on `lines`, an answer written as judge `J` prints it, for `case`.
fn verdict<J: Format + Replay>(
    judge: &J,
    dir: &Path,
    case: &J::Case,
    lines: &[&str],
) -> PyResult<Verdict> {
    let verdict = match judge.read_answer(1, lines) {
        Ok(written) => {
            let best = judge.solve(case).map_err(|e| to_py(e, dir))?;
            if let Some(stopped) = best.stopped() {
                return Err(to_py(Error::Stopped(stopped), dir));
            }
            check::judge_moves(judge, case, &written, &best)
        }
        Err(why) => check::Verdict::Malformed(why),
    };
    Ok(Verdict {
        kind: verdict.kind(),
        message: verdict.to_string(),
    })
}

/// Where tables are unless `tables=` says otherwise, as for the `tablesolve` command:
/// `$TABLESOLVE_TABLES` if set, else the user's cache directory.
#[pyfunction]
fn default_tables() -> PathBuf {
    TableDir::default_location()
}

/// The extension module, wrapped by the `tablesolve` package.
#[pymodule]
fn _tablesolve(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<exact::Rotation>()?;
    module.add_class::<exact::Eight>()?;
    module.add_class::<exact::Eight2>()?;
    module.add_class::<sliding::Sliding>()?;
    module.add_class::<definition::Defined>()?;
    module.add_class::<Verdict>()?;
    module.add("TableError", py.get_type::<errors::TableError>())?;
    module.add("LimitReached", py.get_type::<errors::LimitReached>())?;
    module.add_function(wrap_pyfunction!(default_tables, module)?)?;
    module.add_function(wrap_pyfunction!(boards::read_boards, module)?)?;
    Ok(())
}
