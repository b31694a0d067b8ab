//! The one list of puzzles: each one's name, its help, and how to open its judge.
//! A new puzzle is a new entry here; every subcommand then serves it.

use clap::builder::PossibleValue;
use clap::ValueEnum;

use tablesolve::judge::{CrossCheck, Format, Replay, Sample, SampleAt, Tables};
use tablesolve::table::TableDir;
use tablesolve::{Eight, Eight2, Rotation};

use crate::Failure;

/// What every subcommand may ask of a judge.
pub trait Judge: Format + Replay + CrossCheck + Sample + SampleAt + Tables {}

impl<J: Format + Replay + CrossCheck + Sample + SampleAt + Tables> Judge for J {}

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
}

impl Puzzle {
    pub const ALL: [Puzzle; 3] = [Puzzle::Rotation, Puzzle::Eight, Puzzle::Eight2];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Puzzle::Rotation => "rotation",
            Puzzle::Eight => "eight",
            Puzzle::Eight2 => "eight2",
        }
    }

    /// What the puzzle is, for lists of puzzles.
    pub fn title(self) -> &'static str {
        match self {
            Puzzle::Rotation => "The Rotation Game (UVA 1343)",
            Puzzle::Eight => "The 8-puzzle to 12345678x (HDU 1043)",
            Puzzle::Eight2 => "The 8-puzzle between any two grids (HDU 3567)",
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
        }
    }

    /// Opens the puzzle's tables and runs `task` on its judge.
    pub fn run(self, tables: &TableDir, task: impl Task) -> Result<(), Failure> {
        match self {
            Puzzle::Rotation => task.run(&Rotation::open(tables)?),
            Puzzle::Eight => task.run(&Eight::open(tables)?),
            Puzzle::Eight2 => task.run(&Eight2::open(tables)?),
        }
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
