//! The one list of puzzles: each one's name, its help, and how to open its judge.
//! A new puzzle is a new entry here; every subcommand then serves it.

use clap::builder::PossibleValue;
use clap::ValueEnum;
use std::io::{self, IsTerminal};

use tablesolve::fifteen::{self, Board, Partition};
use tablesolve::judge::{
    CrossCheck, EveryShortest, Fifteen, Format, Replay, Sample, SampleAt, Tables,
};
use tablesolve::search::Limits;
use tablesolve::table::TableDir;
use tablesolve::{Eight, Eight2, FifteenOptions, Rotation};

use crate::{progress, Failure};

/// The options that only some puzzles take.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub goal: Option<Board>,
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
}

impl Puzzle {
    pub const ALL: [Puzzle; 4] = [
        Puzzle::Rotation,
        Puzzle::Eight,
        Puzzle::Eight2,
        Puzzle::Fifteen,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Puzzle::Rotation => "rotation",
            Puzzle::Eight => "eight",
            Puzzle::Eight2 => "eight2",
            Puzzle::Fifteen => "fifteen",
        }
    }

    /// What the puzzle is, for lists of puzzles.
    pub fn title(self) -> &'static str {
        match self {
            Puzzle::Rotation => "The Rotation Game (UVA 1343)",
            Puzzle::Eight => "The 8-puzzle to 12345678x (HDU 1043)",
            Puzzle::Eight2 => "The 8-puzzle between any two grids (HDU 3567)",
            Puzzle::Fifteen => "The 15-puzzle, by IDA* over pattern databases",
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
        }
    }

    /// Opens the puzzle's tables and runs `task` on its judge.
    pub fn run(self, tables: &TableDir, options: &Options, task: impl Task) -> Result<(), Failure> {
        if self != Puzzle::Fifteen {
            let given = [
                (options.goal.is_some(), "--goal"),
                (options.partition.is_some(), "--partition"),
                (options.numbered, "--numbered"),
                (options.limits.is_some(), "--timeout or --max-nodes"),
            ];
            if let Some((_, option)) = given.iter().find(|(given, _)| *given) {
                let name = self.name();
                return Err(Failure::Usage(format!(
                    "{option} is for fifteen, not {name}"
                )));
            }
        }
        match self {
            Puzzle::Rotation => task.run(&Rotation::open(tables)?),
            Puzzle::Eight => task.run(&Eight::open(tables)?),
            Puzzle::Eight2 => task.run(&Eight2::open(tables)?),
            Puzzle::Fifteen => {
                let goal = options.goal.unwrap_or_else(fifteen::default_goal);
                let partition = options
                    .partition
                    .clone()
                    .unwrap_or_else(|| best_present(tables, &goal));
                let fifteen = Fifteen::open(
                    tables,
                    FifteenOptions {
                        goal,
                        partition: Some(partition),
                        numbered: options.numbered,
                        limits: options.limits.clone().unwrap_or_default(),
                    },
                )?;
                let status = progress::search();
                let shown = status.clone();
                let fifteen = fifteen.with_progress(move |report| shown.show(report));
                let ran = task.run(&fifteen);
                status.finish();
                ran?;
                match fifteen.stopped_cases() {
                    0 => Ok(()),
                    stopped => Err(Failure::Limited(stopped)),
                }
            }
        }
    }
}

/// [`Partition::best_present`]; answering with a lesser one than the default earns a
/// word on stderr (to a person) about building the default.
fn best_present(tables: &TableDir, goal: &Board) -> Partition {
    let best = Partition::best_present(tables, goal);
    if best != Partition::DEFAULT && io::stderr().is_terminal() {
        eprintln!(
            "tablesolve: answering with the {best} pattern databases; run once with \
             --partition {} to build the fastest ones ({})",
            Partition::DEFAULT,
            Partition::DEFAULT.cost().unwrap_or_default()
        );
    }
    best
}

impl ValueEnum for Puzzle {
    fn value_variants<'a>() -> &'a [Self] {
        &Puzzle::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.title()))
    }
}
