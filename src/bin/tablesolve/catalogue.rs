//! How the command opens each puzzle of the library's catalogue ([`Puzzle`]) with its
//! options; every subcommand then serves it.

use std::io::{self, IsTerminal};

use tablesolve::fifteen::Partition;
use tablesolve::judge::{CrossCheck, EveryShortest, Format, Replay, Sample, SampleAt, Tables};
use tablesolve::sliding::Board;
use tablesolve::table::TableDir;
pub use tablesolve::Puzzle;
use tablesolve::{Eight, Eight2, Rotation, Sliding, SlidingOptions};

use crate::options::Options;
use crate::{progress, Failure};

/// What every subcommand may ask of a judge.
pub trait Judge: Format + Replay + CrossCheck + EveryShortest + Sample + SampleAt + Tables {}

impl<J: Format + Replay + CrossCheck + EveryShortest + Sample + SampleAt + Tables> Judge for J {}

/// A subcommand's work, for whichever judge.
pub trait Task {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure>;
}

/// Opening a puzzle's judge, as the command's options say.
pub trait Open {
    /// Opens the puzzle's tables and runs `task` on its judge.
    fn run(self, tables: &TableDir, options: &Options, task: impl Task) -> Result<(), Failure>;
}

impl Open for Puzzle {
    fn run(self, tables: &TableDir, options: &Options, task: impl Task) -> Result<(), Failure> {
        let sliding = self.is_sliding();
        let given = [
            (options.goal.is_some(), "--goal"),
            (options.partition.is_some(), "--partition"),
            (options.numbered, "--numbered"),
            (options.limits.is_some(), "--timeout or --max-nodes"),
        ];
        let name = self.name();
        if let Some((_, option)) = given.iter().find(|(given, _)| *given && !sliding) {
            return Err(Failure::Usage(format!(
                "{option} is for fifteen, twentyfour and sliding, not {name}"
            )));
        }
        match (self, options.size) {
            (Puzzle::Sliding, None) => {
                return Err(Failure::Usage(
                    "sliding needs --size WxH, e.g. --size 3x4".into(),
                ))
            }
            (Puzzle::Sliding, Some(_)) => {}
            (_, Some(_)) => {
                return Err(Failure::Usage(format!("--size is for sliding, not {name}")))
            }
            (_, None) => {}
        }
        match self {
            Puzzle::Rotation => task.run(&Rotation::open(tables)?),
            Puzzle::Eight => task.run(&Eight::open(tables)?),
            Puzzle::Eight2 => task.run(&Eight2::open(tables)?),
            Puzzle::Fifteen => sliding_run::<4, 4>(tables, options, task),
            Puzzle::Twentyfour => sliding_run::<5, 5>(tables, options, task),
            Puzzle::Sliding => {
                let (w, h) = options.size.expect("checked above");
                tablesolve::for_size!(
                    (w, h),
                    sliding_run(tables, options, task),
                    Err(Failure::Usage(format!(
                        "--size {w}x{h}: W and H are each 2 to 5"
                    )))
                )
            }
        }
    }
}

/// Opens a `W` x `H` sliding board's tables as the options say and runs `task`,
/// with the search's progress on a terminal.
fn sliding_run<const W: usize, const H: usize>(
    tables: &TableDir,
    options: &Options,
    task: impl Task,
) -> Result<(), Failure> {
    let goal = match &options.goal {
        Some(text) => {
            Board::<W, H>::parse_goal(text).map_err(|e| Failure::Usage(format!("--goal: {e}")))?
        }
        None => Board::canonical(W * H - 1),
    };
    if let Some(partition) = &options.partition {
        partition
            .check(W * H)
            .map_err(|e| Failure::Usage(format!("--partition {partition}: {e}")))?;
    }
    let board = Sliding::open(
        tables,
        SlidingOptions {
            goal,
            partition: options.partition.clone(),
            numbered: options.numbered,
            limits: options.limits.clone().unwrap_or_default(),
        },
    )?;
    if options.partition.is_none() {
        suggest_default(board.partition(), W * H);
    }
    let status = progress::search();
    let shown = status.clone();
    let board = board.with_progress(move |report| shown.show(report));
    let ran = task.run(&board);
    status.finish();
    ran?;
    match board.stopped_cases() {
        0 => Ok(()),
        stopped => Err(Failure::Limited(stopped)),
    }
}

/// Answering the 15-puzzle with a lesser partition than the default, one chosen
/// because its databases were present, earns a word on stderr (to a person) about
/// building the default.
fn suggest_default(chosen: Option<&Partition>, cells: usize) {
    let Some(chosen) = chosen else { return };
    if cells == 16 && *chosen != Partition::DEFAULT && io::stderr().is_terminal() {
        eprintln!(
            "tablesolve: answering with the {chosen} pattern databases; run once with \
             --partition {} to build the fastest ones ({})",
            Partition::DEFAULT,
            Partition::DEFAULT.cost().unwrap_or_default()
        );
    }
}
