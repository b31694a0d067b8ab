//! One case's search as tasks, as Python sees them for any puzzle (`Sliding.cut`,
//! `Definition.cut` and theirs): a cut and a task's result as dicts, the sizes of the
//! iteration before read back, and the tasks' results combined by the library's rule.
//! Moves are text both ways: a puzzle's `name` writes a sequence, its `parse` reads one.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::HashMap;

use tablesolve::search::{Cut, Iteration, Limits, TaskFound, TaskOutcome};

use crate::errors::limit_reached;
use crate::{interruptible, Budget};

/// A task that cannot be given or searched, as the ValueError that says why.
pub fn task_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A task searched by `search` within `budget`, the GIL released and Ctrl-C heard:
/// its result; LimitReached past a limit, ValueError where it cannot be searched.
pub fn searched<M: Send, E: std::fmt::Display + Send>(
    py: Python<'_>,
    budget: Budget,
    search: impl FnOnce(&Limits) -> Result<TaskOutcome<M>, E> + Send,
) -> PyResult<TaskFound<M>> {
    let (limits, cancel) = budget.limits()?;
    match interruptible(py, &cancel, || search(&limits))?.map_err(task_error)? {
        TaskOutcome::Searched(found) => Ok(found),
        TaskOutcome::Stopped(stopped) => Err(limit_reached(py, &stopped)),
    }
}

/// A bound as Python sees it: `None` for none (`u32::MAX`, nothing pruned).
fn some_bound(bound: u32) -> Option<u32> {
    (bound != u32::MAX).then_some(bound)
}

/// The value of `key` in `dict`, which must be there.
fn item<'py>(dict: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    dict.get_item(key)?
        .ok_or_else(|| PyValueError::new_err(format!("no {key:?} in {dict}")))
}

/// A bound read back: `None` is none.
fn bound_of(value: Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(value.extract::<Option<u32>>()?.unwrap_or(u32::MAX))
}

/// The iteration before's tasks and their nodes ({task: nodes}), their moves read by
/// `parse`.
pub fn sizes<M>(
    sizes: Option<HashMap<String, u64>>,
    parse: impl Fn(&str) -> PyResult<Vec<M>>,
) -> PyResult<Vec<(Vec<M>, u64)>> {
    (sizes.unwrap_or_default().into_iter())
        .map(|(task, nodes)| Ok((parse(&task)?, nodes)))
        .collect()
}

/// A cut as a dict of "bound", "tasks" (each written by `name`), "expected", "nodes"
/// and "next_bound".
pub fn cut_dict<M>(
    py: Python<'_>,
    cut: &Cut<M>,
    name: impl Fn(&[M]) -> String,
) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("bound", cut.bound)?;
    let tasks: Vec<String> = cut.tasks.iter().map(|task| name(task)).collect();
    dict.set_item("tasks", tasks)?;
    dict.set_item("expected", &cut.expected)?;
    dict.set_item("nodes", cut.nodes)?;
    dict.set_item("next_bound", some_bound(cut.next_bound))?;
    Ok(dict.unbind())
}

/// A task's result as a dict of "solution" (written by `name`, or None), "nodes" and
/// "next_bound".
pub fn found_dict<M>(
    py: Python<'_>,
    found: &TaskFound<M>,
    name: impl Fn(&[M]) -> String,
) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("solution", found.first.as_deref().map(name))?;
    dict.set_item("nodes", found.nodes)?;
    dict.set_item("next_bound", some_bound(found.next_bound))?;
    Ok(dict.unbind())
}

/// The outcome of the iteration `cut` from its tasks' `results`, in task order, one
/// for each task up to the first with a solution: {"solution", "next_bound"}. The rule
/// never looks inside a sequence of moves, so each is kept as its text, one "move".
pub fn combine(
    py: Python<'_>,
    cut: &Bound<'_, PyDict>,
    results: Vec<Bound<'_, PyDict>>,
) -> PyResult<Py<PyDict>> {
    let tasks: Vec<String> = item(cut, "tasks")?.extract()?;
    let whole = Cut {
        bound: item(cut, "bound")?.extract()?,
        tasks: tasks.into_iter().map(|task| vec![task]).collect(),
        expected: Vec::new(),
        nodes: item(cut, "nodes")?.extract()?,
        next_bound: bound_of(item(cut, "next_bound")?)?,
    };
    let searched = (results.iter())
        .map(|result| {
            let first: Option<String> = item(result, "solution")?.extract()?;
            Ok(TaskFound {
                first: first.map(|text| vec![text]),
                nodes: item(result, "nodes")?.extract()?,
                next_bound: bound_of(item(result, "next_bound")?)?,
            })
        })
        .collect::<PyResult<Vec<TaskFound<String>>>>()?;
    let solved = searched.iter().any(|task| task.first.is_some());
    if !solved && searched.len() != whole.tasks.len() {
        return Err(PyValueError::new_err(format!(
            "{} results for {} tasks, none with a solution: give one for each task",
            searched.len(),
            whole.tasks.len()
        )));
    }
    let dict = PyDict::new(py);
    let (solution, next_bound) = match whole.combine(&searched) {
        Iteration::Solved(mut moves) => (moves.pop(), None),
        Iteration::Deeper(bound) => (None, Some(bound)),
        Iteration::Exhausted => (None, None),
    };
    dict.set_item("solution", solution)?;
    dict.set_item("next_bound", next_bound)?;
    Ok(dict.unbind())
}
