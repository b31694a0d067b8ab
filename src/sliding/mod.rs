//! Sliding-tile boards of any size from 2x2 up to 5x5: the 8-puzzle is a 3x3 [`Board`],
//! the 15-puzzle a 4x4 one, the 24-puzzle a 5x5 one.
//!
//! A board holds tiles `1..W*H` and one [`BLANK`], cell by cell in reading order. A
//! [`Slide`] moves the blank one cell and is named by where the blank goes: `d`own,
//! `l`eft, `r`ight or `u`p, ordered `d < l < r < u`.
//!
//! # Which boards reach which
//!
//! A slide swaps the blank with a neighbour: it flips the parity of the permutation of
//! all cells (the blank counted as a value) and moves the blank one step, which flips
//! the parity of its taxicab distance from any fixed cell. So [`Board::parity`], the
//! sum of the two, never changes; and boards of equal parity reach each other (the
//! classic result for boards of at least 2x2), so half of all arrangements reach a
//! given goal. For odd widths the parity equals that of the tiles' inversions with the
//! blank left out, the rule the 8-puzzle judges state.

mod board;
pub mod detours;
pub mod exact;
pub mod guided;
mod ida;
pub mod partition;
pub mod pattern;
mod sample;
mod solver;
mod tasks;
mod text;

pub use board::{Board, TilesError};
pub use guided::{every_shortest, search};
pub use ida::{manhattan_ida, manhattan_search};
pub use partition::{Partition, PartitionError};
pub use sample::{random_board, random_board_like, random_walk};
pub use solver::{Progress, Sliding, SlidingOptions};
pub use tasks::TaskError;
pub use text::{BoardError, GoalError};

use crate::moves::Move;

crate::error::case_errors!(BoardError, PartitionError, TilesError);

/// The blank, as stored in a [`Board`].
pub const BLANK: u8 = 0;

/// The most cells a board has.
pub const MAX_CELLS: usize = 25;

/// A move of the blank: `d`own, `l`eft, `r`ight or `u`p, ordered `d < l < r < u`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slide(u8);

impl Slide {
    /// Every slide, in letter order.
    pub const ALL: [Slide; 4] = [Slide(0), Slide(1), Slide(2), Slide(3)];

    /// The slide's letter.
    pub fn letter(self) -> char {
        ['d', 'l', 'r', 'u'][usize::from(self.0)]
    }

    /// The slide named by `letter` (lower case), if any.
    pub fn from_letter(letter: char) -> Option<Slide> {
        <Slide as Move>::from_letter(letter)
    }

    /// The slide that undoes this one.
    pub fn inverse(self) -> Slide {
        Slide(3 - self.0)
    }

    /// The slide's place in letter order, 0 for `d`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The cell the blank reaches from `blank` on a board `width` cells wide and
    /// `height` high, unless that leaves the board.
    #[inline]
    pub fn target(self, blank: usize, width: usize, height: usize) -> Option<usize> {
        let (row, col) = (blank / width, blank % width);
        match self.0 {
            0 => (row + 1 < height).then(|| blank + width),
            1 => (col > 0).then(|| blank - 1),
            2 => (col + 1 < width).then(|| blank + 1),
            _ => (row > 0).then(|| blank - width),
        }
    }
}

impl Move for Slide {
    const ALL: &'static [Slide] = &Slide::ALL;

    fn letter(self) -> char {
        Slide::letter(self)
    }

    fn inverse(self) -> Slide {
        Slide::inverse(self)
    }
}

/// Calls `run::<W, H>(args...)` for a board size known only at run time, `size` =
/// `(W, H)` with each side 2 to 5; evaluates `otherwise` for any other size. The one
/// list of sizes, for code that turns a size given as data into a board type.
///
/// ```
/// fn cells<const W: usize, const H: usize>(scale: usize) -> usize {
///     W * H * scale
/// }
/// let size = (3, 4);
/// assert_eq!(tablesolve::for_size!(size, cells(2), 0), 24);
/// assert_eq!(tablesolve::for_size!((6, 2), cells(2), 0), 0);
/// ```
#[macro_export]
macro_rules! for_size {
    ($size:expr, $run:ident $args:tt, $otherwise:expr) => {
        $crate::for_size!(@sizes $size, $run $args, $otherwise;
            (2, 2) (2, 3) (2, 4) (2, 5) (3, 2) (3, 3) (3, 4) (3, 5)
            (4, 2) (4, 3) (4, 4) (4, 5) (5, 2) (5, 3) (5, 4) (5, 5))
    };
    (@sizes $size:expr, $run:ident $args:tt, $otherwise:expr; $(($w:literal, $h:literal))*) => {
        match $size {
            $(($w, $h) => $run::<$w, $h> $args,)*
            _ => $otherwise,
        }
    };
}

/// The widths and heights of the boards answered: [`for_size!`] has each size.
pub const SIDES: std::ops::RangeInclusive<usize> = 2..=5;

/// A board size as written, `WxH` (`3x4`: W columns and H rows), each 2 to 5.
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{text:?} is not WxH with W and H each 2 to 5, e.g. 3x4");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| s.trim().parse::<usize>().ok().filter(|n| SIDES.contains(n));
    Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
}

/// The most slides any board of `width` x `height` needs towards a goal with the blank
/// in a corner, where it is published (by exhaustive search: the sizes up to 15 cells,
/// and 4x4's 80); `None` where it is not known.
pub fn published_diameter(width: usize, height: usize) -> Option<usize> {
    match (width.min(height), width.max(height)) {
        (2, 2) => Some(6),
        (2, 3) => Some(21),
        (2, 4) => Some(36),
        (2, 5) => Some(55),
        (3, 3) => Some(31),
        (3, 4) => Some(53),
        (3, 5) => Some(84),
        (4, 4) => Some(80),
        _ => None,
    }
}

/// The taxicab distance between two cells of a board `width` cells wide.
#[inline]
pub fn taxicab(a: usize, b: usize, width: usize) -> usize {
    (a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)
}
