//! The errors of the library: bad input, unreadable files, unusable tables, and tables
//! that contradict themselves. Each states the fault; what to do about it is for the
//! program to say (the `tablesolve` command adds its own advice).

use std::io;

use crate::table::{TableError, TableId, TooLarge};

/// Everything that can stop an answer.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A case of the input is malformed; cases before it are unaffected.
    #[error("case {case}, {at}: {message}")]
    Input {
        /// The case's number, from 1.
        case: usize,
        /// Where in the input the problem was found.
        at: crate::judge::Place,
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
    /// A table built in memory exceeds what this build or machine holds.
    #[error("table {table} cannot be built: {reason}")]
    TooLarge {
        /// The table.
        table: TableId,
        /// What exceeds what.
        reason: TooLarge,
    },
    /// A search reached one of its limits before its answer.
    #[error("{}: every answer has at least {} moves ({} nodes searched)", .0.reason, .0.lower_bound, .0.nodes)]
    Stopped(crate::search::Stopped),
    /// Options that do not fit the puzzle opened.
    #[error(transparent)]
    Option(#[from] crate::catalogue::OptionError),
    /// A table passed its checks yet has a state with no move one step closer.
    #[error("the {table} table contradicts itself")]
    Inconsistent {
        /// The table at fault.
        table: TableId,
    },
}

/// `?` turns the parse errors of every puzzle's cases into an [`Error::Case`].
macro_rules! case_errors {
    ($($error:ty),*) => {$(
        impl From<$error> for Error {
            fn from(error: $error) -> Self {
                Error::Case(Box::new(error))
            }
        }
    )*};
}

case_errors!(
    crate::rotation::BoardError,
    crate::eight::GridError,
    crate::fifteen::BoardError,
    crate::fifteen::PartitionError,
    crate::sliding::TilesError
);
