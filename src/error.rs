//! The errors of the library: bad input, unreadable files, unusable tables, and tables
//! that contradict themselves. Each states the fault; what to do about it is for the
//! program to say (the `tablesolve` command adds its own advice).

use std::io;

use crate::table::{TableError, TableId};

/// Everything that can stop an answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A case of the input is malformed; cases before it are unaffected.
    #[error("case {case}, {at}: {message}")]
    Input {
        /// The case's number, from 1.
        case: usize,
        /// Where in the input the problem was found.
        at: Place,
        /// What was wrong and what was expected.
        message: String,
    },
    /// A file could not be opened.
    #[error("cannot open {what} {}: {source}", path.display())]
    Open {
        /// What the file was to hold: "input", "answers".
        what: &'static str,
        /// The file named on the command line.
        path: std::path::PathBuf,
        /// Why it failed.
        source: io::Error,
    },
    /// The input could not be read.
    #[error("cannot read input: {0}")]
    Io(#[from] io::Error),
    /// The answers to check could not be read.
    #[error("cannot read the answers: {0}")]
    Answers(#[source] io::Error),
    /// The answers could not be written.
    #[error("cannot write output: {0}")]
    Output(#[source] io::Error),
    /// A table file is missing, damaged or unreadable.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A case built in code, or parsed from text, is not one (see the `From` impls).
    #[error(transparent)]
    Case(Box<dyn std::error::Error + Send + Sync>),
    /// A search reached one of its limits before its answer.
    #[error("{}: every answer has at least {} moves ({} nodes searched)", .0.reason, .0.lower_bound, .0.nodes)]
    Stopped(crate::search::Stopped),
    /// Options that do not fit the puzzle opened (a `catalogue::OptionError`).
    #[error(transparent)]
    Option(Box<dyn std::error::Error + Send + Sync>),
}

impl Error {
    /// A table that passed its checks yet has a state with no move one step closer.
    pub fn inconsistent(table: TableId) -> Self {
        Error::Table(TableError::Inconsistent { table })
    }
}

/// Where in an input a case's fault lies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// The line, from 1.
    pub line: usize,
    /// The byte of the line it starts at, from 1.
    pub column: usize,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// `?` turns a puzzle's parse error into an [`Error::Case`]; each puzzle's module
/// names its own, so that this one imports none of them.
macro_rules! case_errors {
    ($($error:ty),*) => {$(
        impl From<$error> for crate::Error {
            fn from(error: $error) -> Self {
                crate::Error::Case(Box::new(error))
            }
        }
    )*};
}
pub(crate) use case_errors;
