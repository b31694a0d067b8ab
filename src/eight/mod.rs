//! The 8-puzzle: HDU 1043 "Eight" (one goal) and HDU 3567 "Eight II" (any target), the
//! 3x3 sliding board answered from its exact tables ([`crate::sliding::exact`]) with
//! each board's answer recorded beside its distance ([`ExactTable`]).
//!
//! # Tables
//!
//! A grid is a 3x3 sliding [`Board`]. Moves depend only on where the blank is, not on
//! the tiles' names, so any target can be renamed into the canonical one with its
//! blank in the same cell (tiles 1..8 in reading order around it), and the start
//! renamed the same way: nine tables, one per blank cell, answer every pair. Each holds
//! the 9!/2 = 181,440 grids that reach its goal, ranked by the Cantor expansion of
//! their tiles' order ([`Space`]); a start of the other parity has no rank there and
//! is answered "unsolvable" without a lookup.
//!
//! # Why the greedy walk is shortest and lexicographically smallest
//!
//! Each table holds every arrangement's exact distance to its goal, found by
//! breadth-first search from the goal ([`crate::search`]). From a start at distance
//! `D` the walk plays the first move in the order `d < l < r < u` that reaches
//! distance `D - 1`, and repeats. Every step lowers the distance by one, so the path
//! has `D` moves, the fewest possible; and each letter is the smallest with which a
//! shortest path exists at all, so no shortest path is lexicographically smaller.
//! The walks are taken when the tables are built, so answering is one lookup.
//!
//! ```
//! use tablesolve::eight::{Grid, Move};
//!
//! let start: Grid = "12X453786".parse()?;
//! let down = Move::from_letter('d').unwrap();
//! let after = start.apply(down).and_then(|g| g.apply(down));
//! assert_eq!(after, Some("12345678x".parse()?));
//! # Ok::<(), tablesolve::eight::GridError>(())
//! ```

mod grid;
pub mod sample;
mod solver;

pub use crate::sliding::{Slide as Move, BLANK};
pub use grid::GridError;
pub use solver::{Eight, Eight2, Slides};

use crate::error::Error;
use crate::search::{Every, UNREACHABLE};
use crate::sliding::exact::{self, ExactBoards};
use crate::sliding::Board;
use crate::table::{walk_moves, ExactTable, Source, Table};

crate::error::case_errors!(GridError);

/// An arrangement of the 8-puzzle.
pub type Grid = Board<3, 3>;

/// The grids that reach one canonical goal, which its table ranks.
pub type Space = exact::Space<3, 3>;

/// Cells of the grid.
pub const CELLS: usize = 9;

/// Number of tables: one per cell the target's blank can occupy.
pub const GOALS: usize = CELLS;

/// HDU 1043's single goal, `12345678x`, has its blank in the last cell.
pub const STANDARD_GOAL: usize = 8;

/// Where the answer from a start to a target is recorded: in the table of the target's
/// blank cell, at the rank of the start renamed as the target is into the canonical
/// grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lookup {
    /// The target's blank cell, which names its table.
    pub goal: usize,
    /// The renamed start's rank in that table; `None` when the two differ in parity
    /// and no moves join them.
    pub rank: Option<u32>,
}

impl Lookup {
    /// Where the answer from `start` to `target` is recorded.
    #[inline]
    pub fn new(start: &Grid, target: &Grid) -> Lookup {
        Lookup::towards(target)(start)
    }

    /// Where the answer from any start to `target` is recorded, the renaming worked
    /// out once for a batch towards one target.
    #[inline]
    pub fn towards(target: &Grid) -> impl Fn(&Grid) -> Lookup {
        let (renaming, goal) = (Grid::renaming_to_canonical(target), target.blank());
        let space = Space::new(goal);
        move |start| Lookup {
            goal,
            rank: space.rank_renamed(start, &renaming).map(|rank| rank as u32),
        }
    }

    /// What `table`, the goal's, holds here: the packed walk ([`walk_moves`] unpacks
    /// it), `None` when the parities differ.
    #[inline]
    pub fn walk<D: AsRef<[u8]>>(self, table: &ExactTable<D>) -> Option<u64> {
        self.rank.map(|rank| table.walk(rank))
    }
}

/// The answer a [`Lookup::walk`] found in the table of `target`: the packed walk, or
/// `None` when no moves join the two; an error where a rank holds no walk, which a
/// consistent table never does.
#[inline]
pub fn recorded(walk: Option<u64>, target: &Grid) -> Result<Option<u64>, Error> {
    match walk {
        Some(0) => Err(Error::inconsistent(Space::towards(target).id())),
        walk => Ok(walk),
    }
}

/// The shortest, lexicographically smallest moves from `start` to `target`, or `None`
/// when the two differ in parity and no moves join them: the [`recorded`] walk of the
/// renamed start. `table` must be the exact table of `target`'s blank cell.
pub fn solve<D: AsRef<[u8]>>(
    table: &ExactTable<D>,
    start: &Grid,
    target: &Grid,
) -> Result<Option<Vec<Move>>, Error> {
    debug_assert_eq!(table.distances.header().goal as usize, target.blank());
    let at = Lookup::new(start, target);
    let walk = recorded(at.walk(table), target)?;
    Ok(walk.map(|walk| walk_moves(walk, &Move::ALL).collect()))
}

/// The number of moves from `start` to `target`, or `None` when no moves join them.
/// `table` must be the table of `target`'s blank cell.
pub fn distance<D: AsRef<[u8]>>(table: &Table<D>, start: &Grid, target: &Grid) -> Option<u8> {
    let rank = Lookup::new(start, target).rank?;
    Some(table.distance(rank)).filter(|&d| d != UNREACHABLE)
}

/// Every shortest move sequence from `start` to `target` down `table` (`target`'s
/// blank cell's): their length, how many, and each in letter order if `list`; `None`
/// when the parities differ.
pub fn every_shortest<D: AsRef<[u8]>>(
    table: &Table<D>,
    start: &Grid,
    target: &Grid,
    list: bool,
) -> Result<Option<Every<Move>>, Error> {
    ExactBoards::new(table.borrowed(), *target).every_shortest(start, list)
}
