//! The `Sliding` class: boards of any size from 2x2 to 5x5, each size one opened
//! judge behind one trait, and one board's search handed out as tasks.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::boards::{self, parse_size, PyBoard, Tiles};
use crate::{
    found, interruptible, moves_to_py, open, repr, solve_many, table_dir, verdict, Budget, Verdict,
};
use tablesolve::fifteen::Partition;
use tablesolve::moves::letters;
use tablesolve::search::{Cut, TaskFound};
use tablesolve::sliding::{Board, Slide};
use tablesolve::table::{Mapped, TableDir};

/// One size of sliding board, opened: what the `Sliding` class asks of it, whatever
/// its size (a class cannot be generic over the size; each size is one of these).
trait SizedBoard: Send + Sync {
    fn solve(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        budget: Budget,
    ) -> PyResult<Option<Vec<Slide>>>;

    fn solve_many(
        &self,
        py: Python<'_>,
        boards: &Bound<'_, PyAny>,
        budget: Budget,
        return_exceptions: bool,
    ) -> PyResult<Py<PyList>>;

    fn check(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        answer: &str,
        budget: Budget,
    ) -> PyResult<Verdict>;

    fn goal(&self) -> &[u8];

    fn goal_text(&self) -> String;

    fn first_bound(&self, board: &Bound<'_, PyAny>) -> PyResult<Option<u32>>;

    fn cut(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        bound: u32,
        tasks: usize,
        before: &[(Vec<Slide>, u64)],
    ) -> PyResult<Cut<Slide>>;

    fn search_task(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        bound: u32,
        prefix: &[Slide],
        budget: Budget,
    ) -> PyResult<TaskFound<Slide>>;
}

/// A sliding board of `W` x `H` and its table directory.
struct Opened<const W: usize, const H: usize> {
    judge: tablesolve::Sliding<Mapped, W, H>,
    dir: PathBuf,
}

impl<const W: usize, const H: usize> SizedBoard for Opened<W, H> {
    /// One answer within `limit` nodes and `timeout` seconds, cancelled on Ctrl-C.
    fn solve(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        budget: Budget,
    ) -> PyResult<Option<Vec<Slide>>> {
        let Tiles(start) = Tiles::<W, H>::from_py(board)?;
        let (limits, cancel) = budget.limits()?;
        let outcome = interruptible(py, &cancel, || self.judge.outcome_within(&start, &limits))?;
        found(outcome).map_err(|failure| failure.into_py(py, &self.dir, || unreachable!()))
    }

    fn solve_many(
        &self,
        py: Python<'_>,
        boards: &Bound<'_, PyAny>,
        budget: Budget,
        return_exceptions: bool,
    ) -> PyResult<Py<PyList>> {
        let cases = boards::many::<Tiles<W, H>>(boards)?;
        let (limits, cancel) = budget.limits()?;
        let solve = |Tiles(start): &Tiles<W, H>| found(self.judge.outcome_within(start, &limits));
        let to_py =
            |py: Python<'_>, moves: Option<Vec<Slide>>| Ok(moves_to_py(py, moves.as_deref()));
        let dir = &self.dir;
        solve_many(
            py,
            dir,
            cases,
            return_exceptions,
            Some(&cancel),
            solve,
            to_py,
        )
    }

    /// The verdict, its search within `budget` and stopped by Ctrl-C.
    fn check(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        answer: &str,
        budget: Budget,
    ) -> PyResult<Verdict> {
        let Tiles(start) = Tiles::<W, H>::from_py(board)?;
        let case = tablesolve::judge::SlidingCase {
            label: None,
            start,
            target: *self.judge.target(),
        };
        let (limits, cancel) = budget.limits()?;
        let judge = self.judge.clone().with_limits(limits);
        interruptible(py, &cancel, || verdict(&judge, &self.dir, &case, &[answer]))?
    }

    fn goal(&self) -> &[u8] {
        self.judge.target().cells()
    }

    fn goal_text(&self) -> String {
        self.judge.target().values_text()
    }

    fn first_bound(&self, board: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        let Tiles(start) = Tiles::<W, H>::from_py(board)?;
        self.judge
            .first_bound(&start)
            .map_err(crate::tasks::task_error)
    }

    fn cut(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        bound: u32,
        tasks: usize,
        before: &[(Vec<Slide>, u64)],
    ) -> PyResult<Cut<Slide>> {
        let Tiles(start) = Tiles::<W, H>::from_py(board)?;
        let cut = py.detach(|| self.judge.cut(&start, bound, tasks, before));
        cut.map_err(crate::tasks::task_error)
    }

    fn search_task(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        bound: u32,
        prefix: &[Slide],
        budget: Budget,
    ) -> PyResult<TaskFound<Slide>> {
        let Tiles(start) = Tiles::<W, H>::from_py(board)?;
        crate::tasks::searched(py, budget, |limits| {
            self.judge.search_task(&start, bound, prefix, limits)
        })
    }
}

/// The slides `letters` names (d, l, r, u).
fn slides(letters: &str) -> PyResult<Vec<Slide>> {
    letters
        .chars()
        .map(|letter| {
            Slide::from_letter(letter).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "task {letters:?}: {letter:?} is not a slide (d, l, r, u)"
                ))
            })
        })
        .collect()
}

/// Opens a `W` x `H` board towards `goal` (None: the default; text, or numbers) with
/// `partition` (None: the exact table up to 12 cells, else the best one present).
fn open_size<const W: usize, const H: usize>(
    py: Python<'_>,
    goal: Option<&Bound<'_, PyAny>>,
    partition: Option<&Partition>,
    dir: &TableDir,
) -> PyResult<(Box<dyn SizedBoard>, Option<Partition>)> {
    let goal = match goal {
        None => Board::<W, H>::canonical(W * H - 1),
        Some(goal) => match goal.cast::<PyString>() {
            Ok(text) => Board::parse_goal(&text.to_cow()?)
                .map_err(|e| PyValueError::new_err(e.to_string()))?,
            Err(_) => Tiles::<W, H>::from_py(goal)?.0,
        },
    };
    if let Some(partition) = partition {
        partition
            .check(W * H)
            .map_err(|e| PyValueError::new_err(format!("partition={partition}: {e}")))?;
    }
    let options = tablesolve::SlidingOptions {
        goal,
        partition: partition.cloned(),
        ..Default::default()
    };
    let judge = open(py, dir, |dir| tablesolve::Sliding::open(dir, options))?;
    let chosen = judge.partition().cloned();
    let dir = dir.dir().to_owned();
    Ok((Box::new(Opened { judge, dir }), chosen))
}

/// Sliding boards of any size from 2x2 up to 5x5: a board is W*H numbers, 0 the
/// blank, as text or a sequence. Up to 12 cells answered from an exact table, larger
/// ones by IDA* over additive pattern databases.
#[pyclass(frozen, subclass, module = "tablesolve")]
pub struct Sliding {
    board: Box<dyn SizedBoard>,
    size: (usize, usize),
    partition: Option<Partition>,
    dir: PathBuf,
}

#[pymethods]
impl Sliding {
    #[new]
    #[pyo3(signature = (size, goal=None, partition=None, tables=None, build=true))]
    fn new(
        py: Python<'_>,
        size: &str,
        goal: Option<&Bound<'_, PyAny>>,
        partition: Option<&str>,
        tables: Option<PathBuf>,
        build: bool,
    ) -> PyResult<Self> {
        let (width, height) = parse_size(size)?;
        let partition: Option<Partition> = partition
            .map(|name| name.parse().map_err(PyValueError::new_err))
            .transpose()?;
        let dir = table_dir(tables, build);
        let partition = partition.as_ref();
        let (board, partition) = tablesolve::for_size!(
            (width, height),
            open_size(py, goal, partition, &dir),
            unreachable!("parse_size keeps to 2-5")
        )?;
        Ok(Sliding {
            board,
            size: (width, height),
            partition,
            dir: dir.dir().to_owned(),
        })
    }

    /// The shortest, lexicographically smallest slides of the blank (letters d, l, r,
    /// u), or None when the board cannot reach the goal; `limit` bounds the nodes and
    /// `timeout` the seconds of the search, which raises LimitReached past either.
    #[pyo3(signature = (board, *, limit=None, timeout=None))]
    fn solve(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let moves = self.board.solve(py, board, Budget { limit, timeout })?;
        Ok(moves_to_py(py, moves.as_deref()))
    }

    /// The number of moves the board needs, None when it cannot reach the goal: a
    /// search, within `limit` and `timeout` as `solve`'s.
    #[pyo3(signature = (board, *, limit=None, timeout=None))]
    fn distance(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Option<usize>> {
        let moves = self.board.solve(py, board, Budget { limit, timeout })?;
        Ok(moves.map(|moves| moves.len()))
    }

    /// Answers every board of an iterable (or rows of a numpy array) on every core,
    /// each within `limit` nodes and `timeout` seconds.
    #[pyo3(signature = (boards, *, limit=None, timeout=None, return_exceptions=false))]
    fn solve_many(
        &self,
        py: Python<'_>,
        boards: &Bound<'_, PyAny>,
        limit: Option<u64>,
        timeout: Option<f64>,
        return_exceptions: bool,
    ) -> PyResult<Py<PyList>> {
        let budget = Budget { limit, timeout };
        self.board.solve_many(py, boards, budget, return_exceptions)
    }

    /// Judges `answer`, slides as `solve` gives them (None: unsolvable), against the
    /// search's answer within `limit` nodes and `timeout` seconds (LimitReached past
    /// either; Ctrl-C stops it).
    #[pyo3(signature = (board, answer, *, limit=None, timeout=None))]
    fn check(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        answer: Option<&str>,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Verdict> {
        let answer = answer.unwrap_or("unsolvable");
        self.board
            .check(py, board, answer, Budget { limit, timeout })
    }

    /// The bound of the first iteration of the search from `board`, the start of
    /// `cut`'s bounds; None when the board cannot reach the goal. For a search spread
    /// over processes: see `cut`.
    fn first_bound(&self, board: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        self.board.first_bound(board)
    }

    /// The search's iteration at `bound` from `board`, cut into at least `tasks` tasks
    /// (fewer where the states within the bound are fewer), for other processes to
    /// search with `search_task`: a dict of "bound", "tasks" (each task's slides from
    /// the board, in letter order), "nodes" (states generated above the cut) and
    /// "next_bound" (the least cost pruned above the cut, None if none). The
    /// iteration's answer is the "solution" of the first task, in task order, that has
    /// one; if none has, the next bound is the least "next_bound" of the cut and of
    /// every task (None everywhere: the goal is out of reach). The largest task
    /// expected is split first, expected from `sizes`, the iteration before's tasks
    /// and their "nodes" ({task: nodes}; None: by the room the bound leaves), and
    /// "expected" gives what each task is expected to hold.
    #[pyo3(signature = (board, bound, tasks, sizes=None))]
    fn cut(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        bound: u32,
        tasks: usize,
        sizes: Option<HashMap<String, u64>>,
    ) -> PyResult<Py<PyDict>> {
        let before = crate::tasks::sizes(sizes, slides)?;
        let cut = self.board.cut(py, board, bound, tasks, &before)?;
        crate::tasks::cut_dict(py, &cut, letters)
    }

    /// Searches one task of `cut`: the subtree under `task` (slides from `board`) at
    /// `bound`, on every core, within `limit` nodes and `timeout` seconds (past either,
    /// LimitReached). A dict of "solution" (the subtree's first solution in letter
    /// order, all its slides from the board, or None), "nodes" (states generated below
    /// the task's root) and "next_bound" (the least cost it pruned, None if none).
    #[pyo3(signature = (board, bound, task, *, limit=None, timeout=None))]
    fn search_task(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        bound: u32,
        task: &str,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Py<PyDict>> {
        let prefix = slides(task)?;
        let budget = Budget { limit, timeout };
        let searched = self.board.search_task(py, board, bound, &prefix, budget)?;
        crate::tasks::found_dict(py, &searched, letters)
    }

    /// The outcome of the iteration `cut` (as `cut` gives it) from its tasks'
    /// results (as `search_task` gives them), in task order, one for each task up to
    /// the first with a solution (those after it do not matter): {"solution": the
    /// iteration's answer, or None; "next_bound": the next iteration's bound when
    /// there is no answer, None when nothing was pruned and the goal is out of reach}.
    /// The rule by which tasks answer as one search does, from the library.
    #[staticmethod]
    fn combine(
        py: Python<'_>,
        cut: &Bound<'_, PyDict>,
        results: Vec<Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyDict>> {
        crate::tasks::combine(py, cut, results)
    }

    /// Whether boards are answered by a search over pattern databases (the tasks of
    /// `cut` need one), not from an exact table: as the library chose when opening.
    #[getter]
    fn searches(&self) -> bool {
        self.partition.is_some()
    }

    /// The board's size, "WxH".
    #[getter]
    fn size(&self) -> String {
        format!("{}x{}", self.size.0, self.size.1)
    }

    /// The goal, as W*H numbers.
    #[getter]
    fn goal(&self) -> Vec<u16> {
        // Not `Vec<u8>`, which Python would get as `bytes`.
        self.board.goal().iter().map(|&c| c.into()).collect()
    }

    /// The partition of the databases guiding the search: "7-8", "6-6-3", "compound",
    /// "6-6-6-6", or its groups of tiles ("1 2 3 4 5 6 7 / 8 9 ...", splits of a
    /// catalogue separated by ";"); None for a board answered from its exact table.
    #[getter]
    fn partition(&self) -> Option<String> {
        self.partition.as_ref().map(Partition::name)
    }

    /// The table directory.
    #[getter]
    fn tables(&self) -> &Path {
        &self.dir
    }

    /// `Sliding(size=...)`, or a subclass's name, whose size is its own.
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let this = slf.get();
        let name = slf.get_type().name()?.to_string();
        let size = match name.as_str() {
            "Sliding" => format!("size={}, ", repr(py, this.size())?),
            _ => String::new(),
        };
        let partition = match &this.partition {
            Some(partition) => format!(", partition={}", repr(py, partition.name())?),
            None => String::new(),
        };
        Ok(format!(
            "{name}({size}goal={}{partition}, tables={})",
            repr(py, this.board.goal_text())?,
            repr(py, &this.dir)?
        ))
    }
}
