//! How the command runs a subcommand on a puzzle of the library's catalogue ([`Puzzle::open`]): with
//! the searches' progress on a terminal, cases stopped by a limit turned into exit
//! status 5.

use std::io::{self, IsTerminal};
use std::sync::Arc;

use tablesolve::catalogue::Options;
pub use tablesolve::catalogue::{Judge, Task};
use tablesolve::fifteen::Partition;
use tablesolve::table::TableDir;
pub use tablesolve::Puzzle;

use crate::{progress, Failure};

/// Opens `puzzle` as `options` say and runs `task` (a subcommand's work) on its judge.
pub fn run(
    puzzle: Puzzle,
    tables: &TableDir,
    options: Options,
    task: impl Task<Output = Result<(), Failure>>,
) -> Result<(), Failure> {
    let status = progress::searches();
    let fifteen = puzzle.board_size().or(options.size) == Some((4, 4));
    let served = Served {
        task,
        hint_default: fifteen && options.partition.is_none(),
    };
    let options = Options {
        progress: Some(Arc::new(|report| status.show(report))),
        ..options
    };
    let ran = puzzle.open(tables, &options, served);
    status.finish();
    ran?
}

/// A subcommand's work, and what the command adds around it.
struct Served<T> {
    task: T,
    /// A 15-puzzle whose partition is the library's choice: a lesser one earns a hint.
    hint_default: bool,
}

impl<T: Task<Output = Result<(), Failure>>> Task for Served<T> {
    type Output = Result<(), Failure>;

    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        if let Some(chosen) = judge.partition().filter(|_| self.hint_default) {
            suggest_default(chosen);
        }
        self.task.run(judge)?;
        match judge.stopped_cases() {
            0 => Ok(()),
            stopped => Err(Failure::Limited(stopped)),
        }
    }
}

/// Answering the 15-puzzle with a lesser partition than the default, one chosen
/// because its databases were present, earns a word on stderr (to a person) about
/// building the default.
fn suggest_default(chosen: &Partition) {
    if *chosen != Partition::DEFAULT && io::stderr().is_terminal() {
        say!(
            "tablesolve: answering with the {chosen} pattern databases; run once with \
             --partition {} to build the fastest ones ({})",
            Partition::DEFAULT,
            Partition::DEFAULT.cost().unwrap_or_default()
        );
    }
}
