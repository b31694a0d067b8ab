//! The 8-puzzle: HDU 1043 "Eight" (one goal) and HDU 3567 "Eight II" (any target).
//!
//! Moves depend only on where the blank is, not on the tiles' names, so any target can
//! be renamed into the canonical one with its blank in the same cell (tiles 1..8 in
//! reading order around it), and the start renamed the same way. Nine tables, one per
//! blank cell, each keyed by [`cantor`] rank, then answer every pair.

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
