//! The 8-puzzle: HDU 1043 "Eight" (one goal) and HDU 3567 "Eight II" (any target).
//!
//! # State encoding
//!
//! A grid is a permutation of the nine values 0..8 over the cells (0 for the blank),
//! ranked densely from 0 to 362,879 by its [`cantor`] expansion. Moves depend only on
//! where the blank is, not on the tiles' names, so any target can be renamed into the
//! canonical one with its blank in the same cell (tiles 1..8 in reading order around
//! it), and the start renamed the same way: nine tables, one per blank cell, answer
//! every pair. A move keeps the parity of the tiles' inversions, and grids of equal
//! parity reach each other, so half of each table is unreachable; a pair of different
//! parity is answered "unsolvable" before any lookup.
//!
//! # Why the greedy walk is shortest and lexicographically smallest
//!
//! Each table holds every arrangement's exact distance to its goal, found by
//! breadth-first search from the goal ([`crate::space`]). From a start at distance `D`
//! the walk plays the first move in the order `d < l < r < u` that reaches distance
//! `D - 1`, and repeats. Every step lowers the distance by one, so the path has `D`
//! moves, the fewest possible; and each letter is the smallest with which a shortest
//! path exists at all, so no shortest path is lexicographically smaller.
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

pub mod cantor;
mod grid;

pub use grid::{Grid, GridError, Move, BLANK};

use crate::error::Error;
use crate::space::{greedy_walk, StateSpace, UNREACHABLE};
use crate::table::{Table, TableId};

/// Number of tables: one per cell the target's blank can occupy.
pub const GOALS: usize = cantor::CELLS;

/// HDU 1043's single goal, `12345678x`, has its blank in the last cell.
pub const STANDARD_GOAL: usize = 8;

/// The table of canonical targets with the blank at `blank`.
pub fn table_id(blank: usize) -> TableId {
    TableId::new("eight", blank as u32)
}

/// The arrangements, seen from the canonical grid with the blank at `blank`.
pub struct Space {
    /// The goal's blank cell.
    pub blank: usize,
}

impl StateSpace for Space {
    fn id(&self) -> TableId {
        table_id(self.blank)
    }
    fn states(&self) -> usize {
        cantor::ARRANGEMENTS
    }
    fn goals(&self) -> Vec<u32> {
        vec![cantor::rank(Grid::canonical(self.blank).cells())]
    }
    fn neighbours(&self, rank: u32, mut visit: impl FnMut(u32)) {
        let mut cells = cantor::unrank(rank);
        let blank = cells.iter().position(|&c| c == BLANK).expect("one blank");
        for m in Move::ALL {
            if let Some(to) = m.target(blank) {
                cells.swap(blank, to);
                visit(cantor::rank(&cells));
                cells.swap(blank, to);
            }
        }
    }
}

/// The number of moves from `start` to `target`, or `None` when no moves join them.
/// `table` must be the table of `target`'s blank cell.
pub fn distance<D: AsRef<[u8]>>(table: &Table<D>, start: &Grid, target: &Grid) -> Option<u8> {
    let renamed = start.renamed(&Grid::renaming_to_canonical(target));
    Some(table.distance(cantor::rank(renamed.cells()))).filter(|&d| d != UNREACHABLE)
}

/// The shortest, lexicographically smallest moves from `start` to `target`, or `None`
/// when the two differ in parity and no moves join them. `table` must be the table of
/// `target`'s blank cell, [`table_id`]`(target.blank())`.
pub fn solve<D: AsRef<[u8]>>(
    table: &Table<D>,
    start: &Grid,
    target: &Grid,
) -> Result<Option<Vec<Move>>, Error> {
    debug_assert_eq!(table.header().goal as usize, target.blank());
    if start.odd() != target.odd() {
        return Ok(None);
    }
    let start = start.renamed(&Grid::renaming_to_canonical(target));
    let inconsistent = || Error::Inconsistent {
        table: table_id(target.blank()),
    };
    let distance = table.distance(cantor::rank(start.cells()));
    if distance == UNREACHABLE {
        return Err(inconsistent());
    }
    // The walk keeps the blank's cell beside the tiles, so a move is one swap.
    let walker = (*start.cells(), start.blank());
    let (moves, _) = greedy_walk(walker, distance, &Move::ALL, |&(mut cells, blank), m| {
        let to = m.target(blank)?;
        cells.swap(blank, to);
        Some(((cells, to), table.distance(cantor::rank(&cells))))
    })
    .ok_or_else(inconsistent)?;
    Ok(Some(moves))
}
