//! The one list of puzzles: each one's name, its help, and how to open its judge.
//! A new puzzle is a new entry here; every subcommand then serves it.

use clap::builder::PossibleValue;
use clap::ValueEnum;
use std::io::{self, IsTerminal};

use tablesolve::fifteen::Partition;
use tablesolve::judge::{CrossCheck, EveryShortest, Format, Replay, Sample, SampleAt, Tables};
use tablesolve::search::Limits;
use tablesolve::sliding::Board;
use tablesolve::table::TableDir;
use tablesolve::{Eight, Eight2, Rotation, Sliding, SlidingOptions};

use crate::{progress, Failure};

/// The options that only some puzzles take.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The goal as given, read for the board's size.
    pub goal: Option<String>,
    /// The board's width and height (`sliding`).
    pub size: Option<(usize, usize)>,
    pub partition: Option<Partition>,
    pub numbered: bool,
    /// Limits on each case's search.
    pub limits: Option<Limits>,
}

/// What every subcommand may ask of a judge.
pub trait Judge: Format + Replay + CrossCheck + EveryShortest + Sample + SampleAt + Tables {}

impl<J: Format + Replay + CrossCheck + EveryShortest + Sample + SampleAt + Tables> Judge for J {}

/// A subcommand's work, for whichever judge.
pub trait Task {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure>;
}

/// Which judge problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Puzzle {
    Rotation,
    Eight,
    Eight2,
    Fifteen,
    Twentyfour,
    Sliding,
}

impl Puzzle {
    pub const ALL: [Puzzle; 6] = [
        Puzzle::Rotation,
        Puzzle::Eight,
        Puzzle::Eight2,
        Puzzle::Fifteen,
        Puzzle::Twentyfour,
        Puzzle::Sliding,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Puzzle::Rotation => "rotation",
            Puzzle::Eight => "eight",
            Puzzle::Eight2 => "eight2",
            Puzzle::Fifteen => "fifteen",
            Puzzle::Twentyfour => "twentyfour",
            Puzzle::Sliding => "sliding",
        }
    }

    /// What the puzzle is, for lists of puzzles.
    pub fn title(self) -> &'static str {
        match self {
            Puzzle::Rotation => "The Rotation Game (UVA 1343)",
            Puzzle::Eight => "The 8-puzzle to 12345678x (HDU 1043)",
            Puzzle::Eight2 => "The 8-puzzle between any two grids (HDU 3567)",
            Puzzle::Fifteen => "The 15-puzzle, by IDA* over pattern databases",
            Puzzle::Twentyfour => "The 24-puzzle (5x5), as fifteen",
            Puzzle::Sliding => "Sliding boards of --size WxH, 2x2 up to 5x5, as fifteen",
        }
    }

    /// The help of the puzzle's own subcommand: its judge input and output.
    pub fn about(self) -> &'static str {
        match self {
            Puzzle::Rotation => {
                "The Rotation Game (UVA 1343): 24 values a case, a line `0` ends the input"
            }
            Puzzle::Eight => {
                "The 8-puzzle to 12345678x (HDU 1043): nine characters a case, `unsolvable` if so"
            }
            Puzzle::Eight2 => {
                "The 8-puzzle, any start and target (HDU 3567): T, then T start/target pairs"
            }
            Puzzle::Fifteen => {
                "The 15-puzzle: 16 values a case (0 the blank), one line of moves an answer"
            }
            Puzzle::Twentyfour => {
                "The 24-puzzle: 25 values a case (0 the blank), one line of moves an answer"
            }
            Puzzle::Sliding => {
                "A sliding board of --size WxH (W columns, H rows, each 2-5): \
                 W*H values a case (0 the blank), one line of moves an answer"
            }
        }
    }

    /// Opens the puzzle's tables and runs `task` on its judge.
    pub fn run(self, tables: &TableDir, options: &Options, task: impl Task) -> Result<(), Failure> {
        let sliding = matches!(self, Puzzle::Fifteen | Puzzle::Twentyfour | Puzzle::Sliding);
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

impl ValueEnum for Puzzle {
    fn value_variants<'a>() -> &'a [Self] {
        &Puzzle::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.title()))
    }
}
