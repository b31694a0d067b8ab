//! How the command runs a subcommand on a puzzle of the library's catalogue ([`Puzzle::open`]): with
//! the searches' progress on a terminal, cases stopped by a limit turned into exit
//! status 5.

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::time::Duration;

use tablesolve::catalogue::Options;
pub use tablesolve::catalogue::{Judge, Task};
use tablesolve::fifteen::Partition;
use tablesolve::table::cost::duration;
use tablesolve::table::TableDir;
pub use tablesolve::Puzzle;

use crate::options::FORESIGHT;
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
        if let Some((cases, longest)) = judge.foreseen() {
            say!("tablesolve: {}", foreseen_note(cases, longest));
        }
        match judge.stopped_cases() {
            0 => Ok(()),
            stopped => Err(Failure::Limited(stopped)),
        }
    }
}

/// What the command says where cases given no limit were stopped by their foresight:
/// how many, the longest time one's search was foreseen to take, and how to search
/// anyway.
fn foreseen_note(cases: usize, longest: Duration) -> String {
    let longest = duration(longest.as_secs_f64());
    let said = match cases {
        1 => format!("1 case was stopped: its search was foreseen to take {longest}"),
        _ => format!(
            "{cases} cases were stopped: their searches were foreseen to take up to {longest}"
        ),
    };
    format!(
        "{said} to the end of the next length; a case given no limit stops where that passes \
         {} min (--timeout SECONDS searches for that long instead)",
        FORESIGHT.as_secs() / 60
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_foreseen_stop_says_its_cost_and_the_way_past_it() {
        let day = Duration::from_secs(3 * 86400);
        assert_eq!(
            foreseen_note(1, day),
            "1 case was stopped: its search was foreseen to take about 3 days to the end of \
             the next length; a case given no limit stops where that passes 10 min \
             (--timeout SECONDS searches for that long instead)"
        );
        let note = foreseen_note(2, Duration::from_secs(700));
        let said = "2 cases were stopped: their searches were foreseen to take up to about 12 min";
        assert!(note.starts_with(said), "{note}");
    }
}
