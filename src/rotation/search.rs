//! The Rotation Game's answer by IDA*, without tables: the independent method that
//! cross-checks the table walk.

use super::{Answer, Board, Move, CENTRE};
use crate::search::{expand_each, ida_star, Children, Problem};

/// The Rotation Game as IDA* sees it: boards, the eight moves, and a centre count.
struct Centre;

impl Problem for Centre {
    type State = Board;
    type Move = Move;

    /// A move changes one centre cell, so each digit needs at least as many moves as
    /// centre cells it lacks.
    fn lower_bound(&self, board: &Board) -> u32 {
        let mut counts = [0u32; 4];
        for &c in &CENTRE {
            counts[usize::from(board.cells()[c])] += 1;
        }
        8 - counts.iter().max().expect("four counts")
    }

    fn expand(&self, board: &Board, last: Option<Move>, children: &mut Children<Board, Move>) {
        let play = |board: &Board, m: Move| {
            let mut next = *board;
            next.apply(m);
            Some(next)
        };
        expand_each(board, last, children, play, |b| self.lower_bound(b));
    }
}

/// The Rotation Game's answer by IDA*.
pub fn ida(board: &Board) -> Answer {
    let moves = ida_star(&Centre, board)
        .expect("every board reaches a goal")
        .moves;
    let mut end = *board;
    end.apply_all(&moves);
    let digit = end
        .centre_digit()
        .expect("the search ends on a solved board");
    Answer { moves, digit }
}
