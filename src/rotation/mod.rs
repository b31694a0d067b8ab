//! The Rotation Game (UVA 1343): bring eight equal digits into the centre of the `#`.
//!
//! Each digit's position is one occupancy [`mask`] of eight cells among 24, and the
//! moves act on each mask alone, so one table of the C(24, 8) masks' distances to the
//! centre serves all three digits. A board's distance is the least of its three.

mod board;
pub mod census;
pub mod mask;

pub use board::{Board, BoardError, Move, CELLS, CENTRE};

use crate::error::Error;
use crate::space::{greedy_walk, StateSpace, UNREACHABLE};
use crate::table::{Table, TableId};

/// The single Rotation Game table: every mask's distance to the centre.
pub const TABLE: TableId = TableId::new("rotation", 0);

/// The space of occupancy masks, seen from the centre.
pub struct Space;

impl StateSpace for Space {
    fn id(&self) -> TableId {
        TABLE
    }
    fn states(&self) -> usize {
        mask::MASKS
    }
    fn goals(&self) -> Vec<u32> {
        vec![mask::rank(mask::GOAL)]
    }
    fn neighbours(&self, rank: u32, mut visit: impl FnMut(u32)) {
        let cells = mask::unrank(rank);
        for m in Move::ALL {
            visit(mask::rank(mask::apply(cells, m)));
        }
    }
}

/// A shortest, lexicographically smallest solution and the digit it gathers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The moves, in order; empty when the board is already solved.
    pub moves: Vec<Move>,
    /// The digit filling the centre afterwards.
    pub digit: u8,
}

/// The masks of the three digits, and which of them are still on a shortest path.
#[derive(Clone, Copy)]
struct Walker {
    masks: [u32; 3],
    on_path: u8,
}

impl Walker {
    /// Plays `m` on the digits still on a path; keeps those nearest the centre.
    fn step<D: AsRef<[u8]>>(&self, table: &Table<D>, m: Option<Move>) -> (Walker, u8) {
        let mut next = Walker {
            masks: self.masks,
            on_path: 0,
        };
        let mut nearest = UNREACHABLE;
        for digit in (0..3).filter(|d| self.on_path >> d & 1 == 1) {
            if let Some(m) = m {
                next.masks[digit] = mask::apply(self.masks[digit], m);
            }
            let distance = table.distance(mask::rank(next.masks[digit]));
            if distance < nearest {
                nearest = distance;
                next.on_path = 0;
            }
            if distance == nearest {
                next.on_path |= 1 << digit;
            }
        }
        (next, nearest)
    }
}

/// Solves `board` from `table` with no search: the greedy walk over the three masks.
pub fn solve<D: AsRef<[u8]>>(table: &Table<D>, board: &Board) -> Result<Answer, Error> {
    let all = Walker {
        masks: [1, 2, 3].map(|d| board.mask(d)),
        on_path: 0b111,
    };
    let (start, distance) = all.step(table, None);
    let inconsistent = || Error::Inconsistent { table: TABLE };
    if distance == UNREACHABLE {
        return Err(inconsistent());
    }
    let (moves, end) = greedy_walk(start, distance, &Move::ALL, |walker, m| {
        Some(walker.step(table, Some(m)))
    })
    .ok_or_else(inconsistent)?;
    // The digits left on the path are at distance 0: in the centre, if the table is right.
    let digit = end.on_path.trailing_zeros() as usize;
    if end.masks.get(digit) != Some(&mask::GOAL) {
        return Err(inconsistent());
    }
    Ok(Answer {
        moves,
        digit: digit as u8 + 1,
    })
}
