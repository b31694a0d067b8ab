//! The options that open a puzzle, and what is wrong with them: named as the command
//! and the service name them.

use std::fmt;
use std::path::PathBuf;

use super::Puzzle;
use crate::definition::{ExactTables, Powers};
use crate::error::Error;
use crate::search::Limits;
use crate::sliding::{Partition, Progress};

/// How to open a puzzle. The sliding boards (`fifteen`, `twentyfour`, `sliding`) take
/// their options, a defined puzzle (`def`) its own (`--moves`, `--powers`), and each
/// puzzle refuses any other given ([`OptionError::NotTaken`]).
#[derive(Clone, Default)]
pub struct Options {
    /// `sliding`'s width and height, each 2 to 5; the other sliding boards have theirs.
    pub size: Option<(usize, usize)>,
    /// The goal: `default` (`1 2 ... 0`), `korf` (`0 1 2 ...`) or the board's values.
    pub goal: Option<String>,
    /// The partition whose databases guide the search (see [`crate::SlidingOptions`]).
    pub partition: Option<Partition>,
    /// Cases in text start with a label, as in Korf's instance files.
    pub numbered: bool,
    /// `def`'s definition file (ksolve+ or KPuzzle JSON).
    pub definition: Option<PathBuf>,
    /// `def`'s moves an answer may use, in answer order (each with its powers).
    pub moves: Option<Vec<String>>,
    /// `def`'s powers: how a move's powers are turns.
    pub powers: Option<Powers>,
    /// A defined puzzle's target pattern file (`--target-pattern`): the goal of every
    /// case, in place of the definition's solved states.
    pub target_pattern: Option<PathBuf>,
    /// A defined puzzle's least answer length (`--min-depth`).
    pub min_depth: Option<u32>,
    /// A defined puzzle's most answer length (`--max-depth`).
    pub max_depth: Option<u32>,
    /// The bounds on each case's search.
    pub limits: Option<Limits>,
    /// When a defined puzzle's exact tables are built, where it fits them.
    pub exact_tables: ExactTables,
    /// The most bytes one size of a defined puzzle's pattern databases may take
    /// (`--memory`); `None`: half of what this process may take.
    pub memory: Option<u64>,
    /// Told where each long search stands; not an option a puzzle can refuse.
    pub progress: Option<Progress>,
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("size", &self.size)
            .field("goal", &self.goal)
            .field("partition", &self.partition)
            .field("numbered", &self.numbered)
            .field("definition", &self.definition)
            .field("moves", &self.moves)
            .field("powers", &self.powers)
            .field("limits", &self.limits)
            .field("memory", &self.memory)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// An option of [`Options`], named in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionName {
    /// [`Options::size`].
    Size,
    /// [`Options::goal`].
    Goal,
    /// [`Options::partition`].
    Partition,
    /// [`Options::numbered`].
    Numbered,
    /// [`Options::limits`].
    Limits,
    /// [`Options::moves`].
    Moves,
    /// [`Options::powers`].
    Powers,
}

impl OptionName {
    /// The option as `tablesolve` and `build-tables` name it.
    pub fn flag(self) -> &'static str {
        match self {
            OptionName::Size => "--size",
            OptionName::Goal => "--goal",
            OptionName::Partition => "--partition",
            OptionName::Numbered => "--numbered",
            OptionName::Limits => "--timeout or --max-nodes",
            OptionName::Moves => "--moves",
            OptionName::Powers => "--powers",
        }
    }

    /// Whether `puzzle` takes it.
    pub fn is_for(self, puzzle: Puzzle) -> bool {
        match self {
            OptionName::Size => puzzle == Puzzle::Sliding,
            OptionName::Goal | OptionName::Partition | OptionName::Numbered => puzzle.is_sliding(),
            OptionName::Limits => puzzle.takes_limits(),
            OptionName::Moves | OptionName::Powers => puzzle == Puzzle::Def,
        }
    }
}

/// Options that do not fit the puzzle opened, named as the command line names them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// An option given for a puzzle that does not take it (a sliding board's for the
    /// Rotation Game, `--moves` for the 15-puzzle).
    #[error("{} is for {}, not {}", .option.flag(), takers(*.option), .puzzle.name())]
    NotTaken {
        /// The option.
        option: OptionName,
        /// The puzzle opened.
        puzzle: Puzzle,
    },
    /// A size, given for a puzzle whose board has its own.
    #[error("--size is for sliding, not {}", .0.name())]
    SizeNotFor(Puzzle),
    /// `sliding` opened without its size.
    #[error("sliding needs --size WxH, e.g. --size 3x4")]
    NoSize,
    /// A size past the boards there are.
    #[error("--size {0}x{1}: W and H are each 2 to 5")]
    Size(usize, usize),
    /// A goal that is not one of the board.
    #[error("--goal: {0}")]
    Goal(String),
    /// A partition that does not fit the board.
    #[error("--partition {0}: {1}")]
    Partition(Partition, String),
    /// `def` opened without its definition.
    #[error("def needs its DEFINITION file, e.g. `tablesolve def definitions/2x2x2.def`")]
    NoDefinition,
    /// A definition given for another puzzle.
    #[error("a DEFINITION is for def, not {}", .0.name())]
    DefinitionNotFor(Puzzle),
    /// Tables of a defined puzzle asked of `build-tables`.
    #[error("a defined puzzle's tables are built from its file: `build-tables --definition FILE` (or on first use)")]
    DefTables,
}

impl OptionError {
    /// The message as the service words it: each option named as its query parameter
    /// (`goal`, `max_nodes`), not as its command-line flag.
    pub fn as_parameters(&self) -> String {
        let mut message = (self.to_string()).replace(
            "--timeout or --max-nodes is",
            "parameters timeout and max_nodes are",
        );
        for flag in [
            "--size",
            "--goal",
            "--partition",
            "--numbered",
            "--timeout",
            "--max-nodes",
        ]
        .into_iter()
        .chain(["--moves", "--powers"])
        {
            let parameter = flag.trim_start_matches('-').replace('-', "_");
            message = message.replace(flag, &format!("parameter {parameter}"));
        }
        message
    }
}

/// The puzzles that take `option`, in words.
fn takers(option: OptionName) -> &'static str {
    match option {
        OptionName::Limits => "fifteen, twentyfour, sliding and def",
        OptionName::Moves | OptionName::Powers => "def",
        _ => "fifteen, twentyfour and sliding",
    }
}

impl From<OptionError> for Error {
    fn from(error: OptionError) -> Self {
        Error::Option(Box::new(error))
    }
}
