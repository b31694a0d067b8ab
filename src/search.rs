//! An independent IDA* search for both puzzles, built only on the boards and their
//! moves: no tables. It answers the same question as the tables (shortest, then
//! lexicographically smallest) by a different method, so each checks the other.
//!
//! Iterative deepening over a lower bound `h`: at each bound, a depth-first search in
//! letter order that prunes where `depth + h > bound` and never plays a move's inverse
//! right after it. The first solution found at the smallest bound is the shortest, and
//! letter order makes it the lexicographically smallest.

use crate::eight::{Grid, Move as Slide, BLANK};
use crate::rotation::{Answer, Board, Move, CENTRE};

/// A state the search can explore.
trait Searchable: Copy {
    type Move: Copy + PartialEq + 'static;
    const MOVES: &'static [Self::Move];
    /// A lower bound on the moves left; 0 exactly at a goal.
    fn estimate(&self) -> u32;
    fn play(&self, m: Self::Move) -> Option<Self>;
    fn inverse(m: Self::Move) -> Self::Move;
}

fn ida_star<S: Searchable>(start: S) -> Vec<S::Move> {
    fn dive<S: Searchable>(state: S, bound: u32, path: &mut Vec<S::Move>) -> bool {
        let estimate = state.estimate();
        if estimate == 0 {
            return true;
        }
        if path.len() as u32 + estimate > bound {
            return false;
        }
        let undo = path.last().map(|&m| S::inverse(m));
        for &m in S::MOVES {
            if Some(m) == undo {
                continue;
            }
            if let Some(next) = state.play(m) {
                path.push(m);
                if dive(next, bound, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = Vec::new();
    let mut bound = start.estimate();
    while !dive(start, bound, &mut path) {
        bound += 1;
    }
    path
}

impl Searchable for Board {
    type Move = Move;
    const MOVES: &'static [Move] = &Move::ALL;

    /// A move changes one centre cell, so each digit needs at least as many moves as
    /// centre cells it lacks.
    fn estimate(&self) -> u32 {
        let mut counts = [0u32; 4];
        for &c in &CENTRE {
            counts[usize::from(self.cells()[c])] += 1;
        }
        8 - counts.iter().max().unwrap()
    }
    fn play(&self, m: Move) -> Option<Board> {
        let mut next = *self;
        next.apply(m);
        Some(next)
    }
    fn inverse(m: Move) -> Move {
        m.inverse()
    }
}

/// The Rotation Game's answer by IDA*.
pub fn rotation(board: &Board) -> Answer {
    let moves = ida_star(*board);
    let mut end = *board;
    moves.iter().for_each(|&m| end.apply(m));
    let digit = end
        .centre_digit()
        .expect("the search ends on a solved board");
    Answer { moves, digit }
}

/// An 8-puzzle grid with the cell each tile must reach.
#[derive(Clone, Copy)]
struct Towards {
    grid: Grid,
    home: [u8; 9],
}

impl Searchable for Towards {
    type Move = Slide;
    const MOVES: &'static [Slide] = &Slide::ALL;

    /// Every move carries one tile one cell: the Manhattan distance is a lower bound.
    fn estimate(&self) -> u32 {
        let mut sum = 0;
        for (cell, &tile) in self.grid.cells().iter().enumerate() {
            if tile != BLANK {
                let home = usize::from(self.home[usize::from(tile)]);
                sum += (cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3);
            }
        }
        sum as u32
    }
    fn play(&self, m: Slide) -> Option<Towards> {
        Some(Towards {
            grid: self.grid.apply(m)?,
            ..*self
        })
    }
    fn inverse(m: Slide) -> Slide {
        m.inverse()
    }
}

/// The 8-puzzle's answer by IDA*, or `None` when the parities differ.
pub fn eight(start: &Grid, target: &Grid) -> Option<Vec<Slide>> {
    if start.odd() != target.odd() {
        return None;
    }
    let mut home = [0; 9];
    for (cell, &tile) in target.cells().iter().enumerate() {
        home[usize::from(tile)] = cell as u8;
    }
    Some(ida_star(Towards { grid: *start, home }))
}
