//! The puzzles the tool answers, in one list: each one's name, what it is, the help of
//! its subcommand, how to open its judge ([`Puzzle::open`]) and how to build its tables
//! ([`Puzzle::build_tables`]). The command line, `build-tables` and the tests read this
//! list; a new puzzle is its module, its judge and its lines here.

mod build;
mod open;
mod options;

pub use build::Built;
pub use open::{BoardSampler, Bytes, Judge, Task};
pub use options::{OptionError, OptionName, Options};

/// A puzzle the tool answers, by its judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// The Rotation Game (UVA 1343).
    Rotation,
    /// The 8-puzzle towards `12345678x` (HDU 1043).
    Eight,
    /// The 8-puzzle between any two grids (HDU 3567).
    Eight2,
    /// The 15-puzzle: the 4x4 sliding board.
    Fifteen,
    /// The 24-puzzle: the 5x5 sliding board.
    Twentyfour,
    /// A sliding board of any size from 2x2 to 5x5.
    Sliding,
    /// A permutation puzzle from its definition (ksolve+ or KPuzzle).
    Def,
}

impl Puzzle {
    /// Every puzzle, in the order the command lists them.
    pub const ALL: [Puzzle; 7] = [
        Puzzle::Rotation,
        Puzzle::Eight,
        Puzzle::Eight2,
        Puzzle::Fifteen,
        Puzzle::Twentyfour,
        Puzzle::Sliding,
        Puzzle::Def,
    ];

    /// The puzzle of a name on the command line.
    pub fn named(name: &str) -> Option<Puzzle> {
        Puzzle::ALL.into_iter().find(|puzzle| puzzle.name() == name)
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Puzzle::Rotation => "rotation",
            Puzzle::Eight => "eight",
            Puzzle::Eight2 => "eight2",
            Puzzle::Fifteen => "fifteen",
            Puzzle::Twentyfour => "twentyfour",
            Puzzle::Sliding => "sliding",
            Puzzle::Def => "def",
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
            Puzzle::Def => "Any permutation puzzle from its ksolve+ or KPuzzle definition",
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
            Puzzle::Def => {
                "A permutation puzzle defined in DEFINITION (ksolve+ or KPuzzle JSON): a \
                 case a line, turns from the solved state (`R U2 F'`) or a KPattern \
                 object, or a ksolve+ scramble file; one line of turns an answer"
            }
        }
    }

    /// The board of a sliding puzzle named for its size: 4x4 for `fifteen`, 5x5 for
    /// `twentyfour` (`sliding` takes its size as an option).
    pub fn board_size(self) -> Option<(usize, usize)> {
        match self {
            Puzzle::Fifteen => Some((4, 4)),
            Puzzle::Twentyfour => Some((5, 5)),
            _ => None,
        }
    }

    /// The board size of a sliding puzzle: its own (`fifteen`, `twentyfour`), else
    /// `size` as given (`sliding`, which needs one).
    fn sliding_size(self, size: Option<(usize, usize)>) -> Result<(usize, usize), OptionError> {
        self.board_size().or(size).ok_or(OptionError::NoSize)
    }

    /// Whether it is a sliding board searched over pattern databases, which takes a
    /// goal, a partition, labels and limits: `fifteen`, `twentyfour`, `sliding`.
    pub fn is_sliding(self) -> bool {
        matches!(self, Puzzle::Fifteen | Puzzle::Twentyfour | Puzzle::Sliding)
    }

    /// Whether it may be answered by a search, which takes limits: the sliding boards
    /// and the defined puzzles.
    pub fn takes_limits(self) -> bool {
        self.is_sliding() || self == Puzzle::Def
    }
}

/// The command's argument parser takes a puzzle by its name, and lists each with its title.
#[cfg(feature = "cli")]
impl clap::ValueEnum for Puzzle {
    fn value_variants<'a>() -> &'a [Self] {
        &Puzzle::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.title()))
    }
}

#[cfg(test)]
mod tests {
    use super::Puzzle;

    #[test]
    fn every_puzzle_is_found_by_its_name_once() {
        for puzzle in Puzzle::ALL {
            assert_eq!(Puzzle::named(puzzle.name()), Some(puzzle));
            let named = Puzzle::ALL.iter().filter(|p| p.name() == puzzle.name());
            assert_eq!(named.count(), 1, "{}", puzzle.name());
        }
        assert_eq!(Puzzle::named("nine"), None);
    }

    /// The command line's parser and the library agree on every name.
    #[cfg(feature = "cli")]
    #[test]
    fn the_parser_takes_each_puzzle_by_its_name() {
        use clap::ValueEnum;
        for puzzle in Puzzle::ALL {
            assert_eq!(Puzzle::from_str(puzzle.name(), false), Ok(puzzle));
        }
    }
}
