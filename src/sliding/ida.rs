//! The answer by IDA* over the Manhattan distance, without tables: the independent
//! method that cross-checks the tables of every sliding puzzle.

use super::{Board, Slide, MAX_CELLS};
use crate::search::{expand_each, ida_star, Children, Found, Problem};

/// A board and the cell each tile must reach.
struct Towards<const W: usize, const H: usize> {
    homes: [u8; MAX_CELLS],
}

impl<const W: usize, const H: usize> Problem for Towards<W, H> {
    type State = Board<W, H>;
    type Move = Slide;

    /// Every slide carries one tile one cell: the Manhattan distance is a lower bound.
    fn lower_bound(&self, board: &Board<W, H>) -> u32 {
        board.manhattan(&self.homes)
    }

    fn expand(
        &self,
        board: &Board<W, H>,
        last: Option<Slide>,
        children: &mut Children<Board<W, H>, Slide>,
    ) {
        expand_each(board, last, children, Board::apply, |b| self.lower_bound(b));
    }
}

/// The shortest, lexicographically smallest slides from `start` to `target` by IDA*
/// over the Manhattan distance, or `None` when the parities differ. Practical for the
/// 8-puzzle and for 15-puzzle cases of up to about 45 slides.
pub fn manhattan_ida<const W: usize, const H: usize>(
    start: &Board<W, H>,
    target: &Board<W, H>,
) -> Option<Vec<Slide>> {
    manhattan_search(start, target).map(|found| found.moves)
}

/// [`manhattan_ida`] with the number of nodes it generated.
pub fn manhattan_search<const W: usize, const H: usize>(
    start: &Board<W, H>,
    target: &Board<W, H>,
) -> Option<Found<Slide>> {
    if !start.reaches(target) {
        return None;
    }
    let towards = Towards::<W, H> {
        homes: target.homes(),
    };
    ida_star(&towards, start)
}
