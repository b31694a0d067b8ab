//! The exceptions Python sees, and what each library error becomes.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::Path;

use tablesolve::search::Stopped;
use tablesolve::table::TableError as Table;
use tablesolve::Error;

create_exception!(
    tablesolve,
    TableError,
    PyOSError,
    "A table is missing (and building was not allowed), damaged, or cannot be built; \
     the message says how to set it right."
);

create_exception!(
    tablesolve,
    LimitReached,
    PyException,
    "A search reached its node or time limit before its answer. `lower_bound` is the \
     number of moves every answer needs at least, `nodes` the states it generated."
);

/// `error` as a Python exception; tables are in `dir`.
pub fn to_py(error: Error, dir: &Path) -> PyErr {
    match error {
        Error::Case(_) | Error::Input { .. } | Error::Option(_) => {
            PyValueError::new_err(error.to_string())
        }
        Error::Table(_) => TableError::new_err(format!("{error}{}", advice(&error, dir))),
        Error::Open { .. } | Error::Io(_) | Error::Answers(_) | Error::Output(_) => {
            PyOSError::new_err(error.to_string())
        }
        Error::Stopped(stopped) => Python::attach(|py| limit_reached(py, &stopped)),
    }
}

/// What the user can do about a table error.
fn advice(error: &Error, dir: &Path) -> String {
    match error {
        Error::Table(Table::Missing { .. }) => "; open with build=True to build it".to_owned(),
        Error::Table(Table::Damaged { path, .. } | Table::Read { path, .. }) => format!(
            "; delete {} and open again with build=True to rebuild it",
            path.display()
        ),
        Error::Table(Table::NotADirectory { .. }) => "; pass tables= a directory".to_owned(),
        Error::Table(Table::Write { .. } | Table::Unwritable { .. } | Table::NoRoom { .. }) => {
            "; pass tables= another directory, or set TABLESOLVE_TABLES".to_owned()
        }
        Error::Table(Table::Inconsistent { .. }) => format!(
            "; delete the tables in {} and open again with build=True to rebuild them",
            dir.display()
        ),
        _ => String::new(),
    }
}

/// The exception for a search a limit stopped.
pub fn limit_reached(py: Python<'_>, stopped: &Stopped) -> PyErr {
    let error = LimitReached::new_err(format!(
        "{} after {} nodes: every answer has at least {} moves",
        stopped.reason, stopped.nodes, stopped.lower_bound
    ));
    let value = error.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("lower_bound", stopped.lower_bound);
    let _ = value.setattr("nodes", stopped.nodes);
    error
}
