//! The `Definition` class: a permutation puzzle from a ksolve+ or KPuzzle JSON file,
//! answered from its exact table where the whole puzzle fits, else by IDA* over
//! pattern databases of its parts. A case is a scramble (the definition's move names
//! separated by spaces, applied to the solved state) or a KPattern, as a dict or JSON
//! text; an answer is its turns separated by spaces.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::boards::ReadBefore;
use crate::{found, interruptible, open, repr, solve_many, table_dir, verdict, Budget, Verdict};
use tablesolve::definition::group;
use tablesolve::definition::text::{self, Names};
use tablesolve::definition::{Def, DefOptions, Definition as Read, Model, Powers, State, Turn};
use tablesolve::judge::{kpattern, turns_text, Position};
use tablesolve::table::memory::parse_size;

/// A puzzle defined in a ksolve+ definition file or a cubing.js KPuzzle JSON file (told
/// apart by content). `moves` chooses the moves an answer may use, in answer order
/// (each with its powers; the file's when None); `powers` how a move's powers are
/// turns: "all" (each power one turn), "quarter" or "none"; `memory` the most bytes one
/// size of its pattern databases may take together (a number, or text such as "8G";
/// default: half of what this machine has free).
#[pyclass(frozen, module = "tablesolve", name = "Definition")]
pub struct Defined {
    judge: Def,
    names: Names,
    path: PathBuf,
    dir: PathBuf,
}

impl Defined {
    fn puzzle(&self) -> &Model {
        self.judge.puzzle()
    }

    /// The turns a task names, separated by spaces.
    fn turns_of(&self, task: &str) -> PyResult<Vec<Turn>> {
        let turns = self.puzzle().turn_list();
        (task.split_whitespace())
            .map(|name| {
                let turn = turns.iter().find(|turn| turn.name == name);
                turn.copied().ok_or_else(|| {
                    PyValueError::new_err(format!("task {task:?}: {name:?} is not a turn"))
                })
            })
            .collect()
    }

    /// The state of a case: a scramble or KPattern JSON text, or a KPattern dict.
    fn state(&self, case: &Bound<'_, PyAny>) -> PyResult<State> {
        let text = if case.is_instance_of::<PyDict>() {
            let json = case.py().import("json")?;
            json.call_method1("dumps", (case,))?.extract::<String>()?
        } else if let Ok(text) = case.cast::<PyString>() {
            text.to_cow()?.into_owned()
        } else {
            return Err(PyTypeError::new_err(format!(
                "a case is a scramble (a string of moves) or a KPattern (a dict or its JSON), \
                 not {}",
                case.get_type().name()?
            )));
        };
        text::case(self.puzzle(), &self.names, &text).map_err(|e| {
            let at = match e.line {
                0 => format!("column {}", e.offset + 1),
                line => format!("line {}, column {}", line + 1, e.offset + 1),
            };
            PyValueError::new_err(format!("{at}: {}", e.message))
        })
    }
}

/// Turns as Python sees them: separated by spaces, `None` for unsolvable.
fn turns_to_py(py: Python<'_>, turns: Option<&[Turn]>) -> Py<PyAny> {
    match turns {
        Some(turns) => PyString::new(py, &turns_text(turns)).into_any().unbind(),
        None => py.None(),
    }
}

/// A memory budget as Python gives it: bytes, or a size such as `"8G"`.
#[derive(FromPyObject)]
enum Memory {
    Bytes(u64),
    Text(String),
}

#[pymethods]
impl Defined {
    #[new]
    #[pyo3(signature = (path, moves=None, powers=None, tables=None, build=true, memory=None))]
    fn new(
        py: Python<'_>,
        path: PathBuf,
        moves: Option<Vec<String>>,
        powers: Option<&str>,
        tables: Option<PathBuf>,
        build: bool,
        memory: Option<Memory>,
    ) -> PyResult<Self> {
        let definition = Read::read(&path).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let powers = powers
            .map(|p| p.parse::<Powers>())
            .transpose()
            .map_err(|e| PyValueError::new_err(format!("powers={e}")))?;
        let memory = match memory {
            None => None,
            Some(Memory::Bytes(bytes)) => Some(bytes),
            Some(Memory::Text(text)) => {
                Some(parse_size(&text).map_err(|e| PyValueError::new_err(format!("memory={e}")))?)
            }
        };
        let options = DefOptions {
            moves,
            powers,
            memory,
            ..DefOptions::default()
        };
        let dir = table_dir(tables, build);
        let judge = open(py, &dir, |dir| Def::open(dir, definition, options))?;
        let names = Names::new(judge.puzzle());
        let dir = dir.dir().to_owned();
        Ok(Defined {
            judge,
            names,
            path,
            dir,
        })
    }

    /// The shortest turns from the case to the nearest solved state, the smallest of
    /// them compared turn by turn ("" when solved already), or None when no solved
    /// state can be reached. A search stops at `limit` nodes or `timeout` seconds
    /// (LimitReached) and on Ctrl-C.
    #[pyo3(signature = (case, *, limit=None, timeout=None))]
    fn solve(
        &self,
        py: Python<'_>,
        case: &Bound<'_, PyAny>,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let state = self.state(case)?;
        let (limits, cancel) = Budget { limit, timeout }.limits()?;
        let judge = self.judge.clone().with_limits(limits);
        let outcome = interruptible(py, &cancel, || judge.outcome(&state))?;
        let turns = found(outcome).map_err(|f| f.into_py(py, &self.dir, || unreachable!()))?;
        Ok(turns_to_py(py, turns.as_deref()))
    }

    /// The number of turns the case needs (None: it cannot be solved), from the exact
    /// tables, or by answering it where the puzzle is searched.
    #[pyo3(signature = (case, *, limit=None, timeout=None))]
    fn distance(
        &self,
        py: Python<'_>,
        case: &Bound<'_, PyAny>,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Option<usize>> {
        if !self.judge.searches() {
            return Ok(self.judge.distance(&self.state(case)?).map(usize::from));
        }
        let turns = self.solve(py, case, limit, timeout)?;
        let turns: Option<String> = turns.extract(py)?;
        Ok(turns.map(|t| t.split_whitespace().count()))
    }

    /// Answers every case of an iterable on every core, the GIL released.
    #[pyo3(signature = (cases, *, limit=None, timeout=None, return_exceptions=false))]
    fn solve_many(
        &self,
        py: Python<'_>,
        cases: &Bound<'_, PyAny>,
        limit: Option<u64>,
        timeout: Option<f64>,
        return_exceptions: bool,
    ) -> PyResult<Py<PyList>> {
        let cases = ReadBefore::new(cases, "cases", |case| self.state(case))?;
        let (limits, cancel) = Budget { limit, timeout }.limits()?;
        let judge = self.judge.clone().with_limits(limits);
        let solve = |state: &State| found(judge.outcome(state));
        let to_py =
            |py: Python<'_>, turns: Option<Vec<Turn>>| Ok(turns_to_py(py, turns.as_deref()));
        solve_many(
            py,
            &self.dir,
            cases,
            return_exceptions,
            Some(&cancel),
            solve,
            to_py,
        )
    }

    /// Judges `answer`, turns as `solve` gives them (None: unsolvable).
    #[pyo3(signature = (case, answer))]
    fn check(&self, case: &Bound<'_, PyAny>, answer: Option<&str>) -> PyResult<Verdict> {
        let position = Position::new(self.judge.puzzle(), &self.state(case)?);
        let line = answer.unwrap_or("unsolvable");
        verdict(&self.judge, &self.dir, &position, &[line])
    }

    /// The case as a KPattern dict: each set's pieces and orientations by position.
    fn pattern(&self, py: Python<'_>, case: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let text = kpattern(self.puzzle(), &self.state(case)?);
        Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
    }

    /// A scramble of a state drawn uniformly from those the moves reach, found with no
    /// table (not the shortest: the 3x3x3's run to about 80-130 turns): the same as
    /// `generate def --scramble --seed SEED` writes first. Without a seed, one from
    /// Python's `random`. ValueError where restrictions leave the moves' group out of reach or
    /// the puzzle has more positions and orientations than the group is held for.
    #[pyo3(signature = (seed=None))]
    fn scramble(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<String> {
        let seed = match seed {
            Some(seed) => seed,
            None => (py.import("random")?)
                .call_method1("getrandbits", (64,))?
                .extract()?,
        };
        let turns = py.detach(|| Ok(self.judge.draw()?.seeded(seed).1));
        let turns =
            turns.map_err(|why: group::Uncounted| PyValueError::new_err(why.to_string()))?;
        Ok(turns_text(&turns))
    }

    /// How many states its moves reach, however many (pieces alike counted as one
    /// state): the count `stats def` prints. ValueError where it is not counted.
    #[getter]
    fn states(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let counted = py.detach(|| group::reachable(self.puzzle()));
        let counted =
            counted.map_err(|why| PyValueError::new_err(format!("not counted: {why}")))?;
        let digits = counted.states.to_string().replace(',', "");
        let int = py.import("builtins")?.getattr("int")?;
        Ok(int.call1((digits,))?.unbind())
    }

    /// The bound of the first iteration of the search from the case, the start of
    /// `cut`'s bounds; None when no solved state can be reached. For a search spread
    /// over processes, as `Sliding.first_bound` (ValueError where the puzzle is
    /// answered from exact tables or its moves are restricted).
    fn first_bound(&self, case: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        let state = self.state(case)?;
        self.judge
            .first_bound(&state)
            .map_err(crate::tasks::task_error)
    }

    /// The search's iteration at `bound` from the case cut into at least `tasks`
    /// tasks, as `Sliding.cut` does: each task the turns from the case, separated by
    /// spaces, in answer order. The databases are those opened (the largest size on
    /// disk); a search spread so never builds larger ones.
    #[pyo3(signature = (case, bound, tasks, sizes=None))]
    fn cut(
        &self,
        py: Python<'_>,
        case: &Bound<'_, PyAny>,
        bound: u32,
        tasks: usize,
        sizes: Option<HashMap<String, u64>>,
    ) -> PyResult<Py<PyDict>> {
        let state = self.state(case)?;
        let before = crate::tasks::sizes(sizes, |task| self.turns_of(task))?;
        let cut = py.detach(|| self.judge.cut(&state, bound, tasks, &before));
        crate::tasks::cut_dict(py, &cut.map_err(crate::tasks::task_error)?, turns_text)
    }

    /// Searches one task of `cut` (turns from the case) at `bound`, on every core,
    /// within `limit` nodes and `timeout` seconds (past either, LimitReached), as
    /// `Sliding.search_task` does.
    #[pyo3(signature = (case, bound, task, *, limit=None, timeout=None))]
    fn search_task(
        &self,
        py: Python<'_>,
        case: &Bound<'_, PyAny>,
        bound: u32,
        task: &str,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Py<PyDict>> {
        let state = self.state(case)?;
        let prefix = self.turns_of(task)?;
        let budget = Budget { limit, timeout };
        let found = crate::tasks::searched(py, budget, |limits| {
            self.judge.search_task(&state, bound, &prefix, limits)
        })?;
        crate::tasks::found_dict(py, &found, turns_text)
    }

    /// The outcome of an iteration from its tasks' results, as `Sliding.combine`
    /// gives it (the same rule: it never looks inside a task's turns).
    #[staticmethod]
    fn combine(
        py: Python<'_>,
        cut: &Bound<'_, PyDict>,
        results: Vec<Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyDict>> {
        crate::tasks::combine(py, cut, results)
    }

    /// The puzzle's name (the file's `Name` or `name`).
    #[getter]
    fn name(&self) -> &str {
        &self.puzzle().definition.name
    }

    /// Its sets: (name, pieces, orientations) each.
    #[getter]
    fn sets(&self) -> Vec<(String, usize, u8)> {
        (self.puzzle().sets().iter())
            .map(|s| (s.name.clone(), s.pieces, s.orientations))
            .collect()
    }

    /// The turns an answer may use, in answer order.
    #[getter]
    fn turns(&self) -> Vec<&'static str> {
        self.puzzle().turn_list().iter().map(|t| t.name).collect()
    }

    /// Whether cases are answered by a search (pattern databases), not from an exact
    /// table.
    #[getter]
    fn searches(&self) -> bool {
        self.judge.searches()
    }

    /// The definition file.
    #[getter]
    fn path(&self) -> &Path {
        &self.path
    }

    /// The table directory.
    #[getter]
    fn tables(&self) -> &Path {
        &self.dir
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Definition({}, tables={})",
            repr(py, &self.path)?,
            repr(py, &self.dir)?
        ))
    }
}
