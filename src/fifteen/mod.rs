//! The 15-puzzle: a 4x4 sliding board, answered by IDA* over additive pattern
//! databases (about 10^13 states: no exact table fits).
//!
//! # Databases and goals
//!
//! A [`Partition`] splits the goal's 15 tile cells into disjoint patterns; each
//! pattern's database ([`crate::sliding::pattern`]) is built by the same reverse search
//! as every table here, and stored in the same file format. Databases are built for
//! the canonical board with its blank on one cell of each class of cells the board's
//! symmetries exchange: a corner (cell 15), an edge (cell 14) or a centre cell (cell
//! 10). Any target is renamed to the canonical board with its blank, and a symmetry
//! carries that blank to its class's cell: the default goal (blank on cell 15) and
//! Korf's (blank on cell 0, a half turn away) share one set of databases; a target
//! with its blank on an edge or centre cell uses that class's set, built on demand.
//!
//! # Why the answer is the smallest of the shortest
//!
//! IDA* ([`crate::search::ida_star`]) tries slides in the order `d < l < r < u`, never
//! undoes the previous slide, and returns the first solution at the smallest bound
//! that admits one. The databases never overestimate, so every position on a shortest
//! path passes every bound at least the optimal length, and none is pruned: the first
//! solution met in letter order is the lexicographically smallest of the shortest.
//! The only other pruning is the detours ([`crate::sliding::detours`]): a slide
//! sequence is dropped only where a twin of it is shorter, or as long and earlier in
//! letter order, so the smallest shortest path is never one of them. There is no
//! transposition table.

pub use crate::sliding::{
    every_shortest, search, BoardError, GoalError, Partition, PartitionError,
};

use crate::sliding::{self, Sliding, SlidingOptions};
use crate::table::Mapped;

/// A 15-puzzle position.
pub type Board = sliding::Board<4, 4>;

/// The number of cells.
pub const CELLS: usize = 16;

/// The 15-puzzle, answered by IDA* over pattern databases.
pub type Fifteen<D = Mapped> = Sliding<D, 4, 4>;

/// How to open the 15-puzzle.
pub type FifteenOptions = SlidingOptions<4, 4>;

/// The default goal: `1 2 ... 15 0`, the blank last.
pub fn default_goal() -> Board {
    Board::canonical(15)
}

/// Korf's goal: `0 1 2 ... 15`, the blank first.
pub fn korf_goal() -> Board {
    Board::canonical(0)
}
