//! The Rotation Game (UVA 1343): bring eight equal digits into the centre of the `#`.
//!
//! # State encoding
//!
//! A move only carries values from cell to cell, so where one digit's eight values lie
//! after a move depends only on where they lay before. Each digit's position is thus an
//! occupancy [`mask`]: a set of 8 of the 24 cells, ranked densely from 0 to 735,470 by
//! the combinatorial number system. The goal of every digit is the same mask, the
//! centre, so one table of the C(24, 8) = 735,471 masks' distances to the centre serves
//! all three digits, and a board's distance is the least of its three masks'.
//!
//! # Why the greedy walk is shortest and lexicographically smallest
//!
//! The table is exact: every mask's distance is its true number of moves to the centre,
//! found by breadth-first search from it ([`crate::search`]). A move changes a mask's
//! distance by at most one, so from a board at distance `D` (the least over its digits)
//! a move reaches distance `D - 1` exactly when it brings some digit that was at `D`
//! one step closer. The walk keeps the digits still at the board's distance and, at
//! each step, plays the first move in letter order that brings one of them closer,
//! keeping those it brought. Every step lowers the distance by one, so the path is
//! shortest; every letter chosen is the smallest that still allows a shortest path to
//! *any* digit, so no shortest path, for any digit, is lexicographically smaller.
//!
//! ```
//! use tablesolve::rotation::{Board, Move};
//!
//! let mut board: Board = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3".parse()?;
//! for letter in "DDHH".chars() {
//!     board.apply(Move::from_letter(letter).unwrap());
//! }
//! assert_eq!(board.centre_digit(), Some(2));
//! # Ok::<(), tablesolve::rotation::BoardError>(())
//! ```

mod board;
pub mod census;
pub mod mask;
pub mod sample;
mod search;
mod solver;

pub use board::{Board, BoardError, Move, CELLS, CENTRE};
pub use search::ida;
pub use solver::Rotation;

use crate::error::Error;
use crate::moves;
use crate::search::{
    every_walk, greedy_walk, move_bits, reverse_bfs, walk_length, StateSpace, Walks, UNREACHABLE,
};
use crate::table::{walk_moves, ExactTable, Source, Table, TableId, TooLarge, Work};

crate::error::case_errors!(BoardError);

/// The single Rotation Game table: every mask's distance to the centre.
pub const TABLE: TableId = TableId::new("rotation", 0);

/// The space of occupancy masks, seen from the centre.
pub struct Space;

impl StateSpace for Space {
    fn states(&self) -> u64 {
        mask::MASKS as u64
    }
    fn goals(&self) -> Vec<u64> {
        vec![mask::rank(mask::GOAL).into()]
    }
    fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64)) {
        let cells = mask::unrank(rank as u32);
        for m in Move::ALL {
            visit(mask::rank(mask::apply(cells, m)).into());
        }
    }
}

impl Walks for Space {
    type State = u32;
    fn moves(&self) -> usize {
        Move::ALL.len()
    }

    fn state(&self, rank: u64) -> u32 {
        mask::unrank(rank as u32)
    }
    fn successor(&self, cells: &u32, m: usize) -> Option<u64> {
        Some(mask::rank(mask::apply(*cells, Move::ALL[m])).into())
    }
}

impl Source for Space {
    fn id(&self) -> TableId {
        TABLE
    }
    fn entries(&self) -> u64 {
        self.states()
    }
    fn compute(&self, work: &Work) -> Result<Vec<u8>, TooLarge> {
        reverse_bfs(self, work)
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

impl Answer {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the board was solved already.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves as letters, e.g. `"AC"`.
    pub fn letters(&self) -> String {
        moves::letters(&self.moves)
    }
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

/// The number of moves `board` needs: the least of its three digits' distances.
pub fn distance<D: AsRef<[u8]>>(table: &Table<D>, board: &Board) -> u8 {
    (1..=3)
        .map(|d| table.distance(mask::rank(board.mask(d))))
        .min()
        .unwrap_or(UNREACHABLE)
}

/// The ranks of the masks of digits 1, 2 and 3: where the board's answer is recorded.
#[inline]
pub fn ranks(board: &Board) -> [u32; 3] {
    [1, 2, 3].map(|d| mask::rank(board.mask(d)))
}

/// The answer `table` records for the masks of `ranks` ([`ranks`]): each digit at the
/// board's distance has its mask's walk recorded, and the smallest of those walks is
/// the answer (walks of equal length compare as their packed values do). The packed
/// walk and its digit, or `None` if the table contradicts itself.
#[inline]
pub fn recorded<D: AsRef<[u8]>>(table: &ExactTable<D>, ranks: [u32; 3]) -> Option<(u64, u8)> {
    let distances = ranks.map(|rank| table.distance(rank));
    let nearest = distances.into_iter().min()?;
    let (walk, digit) = (0..3)
        .filter(|&digit| distances[digit] == nearest)
        .map(|digit| (table.walk(ranks[digit]), digit as u8 + 1))
        .min()?;
    // No walk is as long as UNREACHABLE: this also refuses a board no digit reaches.
    let consistent = walk_length(walk, move_bits(Move::ALL.len())) == Some(nearest);
    consistent.then_some((walk, digit))
}

/// Solves `board` from `table` with no search: its [`recorded`] answer.
pub fn solve<D: AsRef<[u8]>>(table: &ExactTable<D>, board: &Board) -> Result<Answer, Error> {
    let (walk, digit) = recorded(table, ranks(board)).ok_or(Error::inconsistent(TABLE))?;
    Ok(Answer {
        moves: walk_moves(walk, &Move::ALL).collect(),
        digit,
    })
}

/// Every shortest answer of `board`: for each digit (in increasing order) whose mask is
/// as near as the board's distance, that digit, how many move sequences bring it to
/// the centre in that many moves, and each in letter order if `list`.
#[allow(clippy::type_complexity)]
pub fn every_shortest<D: AsRef<[u8]>>(
    table: &Table<D>,
    board: &Board,
    list: bool,
) -> Result<Vec<(u8, u128, Vec<Vec<Move>>)>, Error> {
    let nearest = distance(table, board);
    let inconsistent = || Error::inconsistent(TABLE);
    if nearest == UNREACHABLE {
        return Err(inconsistent());
    }
    let step = |&occupied: &u32, m: Move| {
        let next = mask::apply(occupied, m);
        Some((next, table.distance(mask::rank(next))))
    };
    let mut every = Vec::new();
    for digit in 1..=3 {
        let occupied = board.mask(digit);
        if table.distance(mask::rank(occupied)) == nearest {
            let (count, walks) =
                every_walk(occupied, nearest, &Move::ALL, step, list).ok_or_else(inconsistent)?;
            every.push((digit, count, walks));
        }
    }
    Ok(every)
}

/// Solves `board` by walking down the distances at answer time, over the three masks
/// together: what [`solve`] finds by its recorded walks, found independently of them.
pub fn solve_by_walk<D: AsRef<[u8]>>(table: &Table<D>, board: &Board) -> Result<Answer, Error> {
    let all = Walker {
        masks: [1, 2, 3].map(|d| board.mask(d)),
        on_path: 0b111,
    };
    let (start, distance) = all.step(table, None);
    let inconsistent = || Error::inconsistent(TABLE);
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
