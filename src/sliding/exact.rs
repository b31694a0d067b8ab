//! Exact tables for boards of up to 12 cells: every board's distance to one goal, a
//! byte a board, for exactly the boards that reach it; answered by the walk down the
//! distances ([`crate::search::greedy_walk`]), with no search.
//!
//! # Ranks
//!
//! A board is its blank's cell and the order of its tiles in reading order, the blank
//! skipped. A table serves one goal, so only the boards of the goal's parity
//! ([`Board::parity`]) need ranks. With the blank's cell fixed, swapping the last two
//! tiles flips the parity; and that swap is exactly the lowest digit of the order's
//! Lehmer rank ([`crate::rank::permutation`]: its radix is 2, the last digit's is 1).
//! So the order's rank halved numbers the orders of one parity densely, and
//!
//! `rank = blank cell * (n-1)!/2 + order rank / 2`
//!
//! numbers the `n!/2` boards that reach the goal with no gaps: 239,500,800 on 12 cells.
//! A slide along a row keeps the tiles' order, and so the rank's second part.

use super::{Board, Slide, MAX_CELLS as BOARD_CELLS};
use crate::error::Error;
use crate::rank::permutation;
use crate::search::{every_walk, greedy_walk, reverse_bfs, Every, StateSpace, UNREACHABLE};
use crate::table::{Source, Table, TableId, TooLarge, Work};

/// The most cells a board answered from an exact table has (3x4 and 4x3): half their
/// arrangements, 239,500,800 bytes a goal. The next size, 13 cells and over, would
/// take 3.1 GB a goal, so boards past 12 cells are searched instead.
pub const MAX_CELLS: usize = 12;

/// The boards of a `W` x `H` board that reach the canonical goal with the blank at
/// `goal_blank` ([`Board::canonical`]), ranked as the [module](self) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space<const W: usize, const H: usize> {
    goal_blank: usize,
    parity: bool,
}

impl<const W: usize, const H: usize> Space<W, H> {
    /// The orders of the tiles of one parity: `(n-1)!/2` (0 on boards too large,
    /// which have no space).
    const ORDERS: u64 = if W * H <= MAX_CELLS {
        permutation::count(W * H - 1, W * H - 1) / 2
    } else {
        0
    };

    /// The boards that reach the canonical goal with the blank at `goal_blank`, on a
    /// board of at most [`MAX_CELLS`] cells.
    pub fn new(goal_blank: usize) -> Self {
        assert!(
            W * H <= MAX_CELLS,
            "exact tables are for boards of up to 12 cells"
        );
        assert!(goal_blank < W * H);
        Space {
            goal_blank,
            parity: Board::<W, H>::canonical(goal_blank).parity(),
        }
    }

    /// The space whose table answers towards `target`, any arrangement: the one of
    /// its blank cell, the tiles renamed ([`ExactBoards`] does so).
    pub fn towards(target: &Board<W, H>) -> Self {
        Space::new(target.blank())
    }

    /// The rank of `board`, which must reach the goal.
    #[inline]
    pub fn rank(&self, board: &Board<W, H>) -> u64 {
        debug_assert_eq!(board.parity(), self.parity);
        let mut order = [0u8; MAX_CELLS];
        let mut blank = 0;
        let mut k = 0;
        for (cell, &tile) in board.cells().iter().enumerate() {
            if tile == super::BLANK {
                blank = cell;
            } else {
                order[k] = tile - 1;
                k += 1;
            }
        }
        blank as u64 * Self::ORDERS + permutation::rank(&order[..k], k) / 2
    }

    /// The board of `rank` (below [`StateSpace::states`]).
    pub fn board(&self, rank: u64) -> Board<W, H> {
        let n = W * H;
        let blank = (rank / Self::ORDERS) as usize;
        let order = permutation::unrank(rank % Self::ORDERS * 2, n - 1, n - 1);
        let mut cells = [super::BLANK; BOARD_CELLS];
        let tiles = (0..n).filter(|&cell| cell != blank);
        for (cell, &tile) in tiles.zip(&order) {
            cells[cell] = tile + 1;
        }
        if Board::<W, H>::from_cells(cells).parity() != self.parity {
            // The other board of the pair: the last two tiles swapped.
            let last = if blank == n - 1 { n - 2 } else { n - 1 };
            let before = if blank == last - 1 {
                last - 2
            } else {
                last - 1
            };
            cells.swap(before, last);
        }
        Board::from_cells(cells)
    }

    fn goal(&self) -> Board<W, H> {
        Board::canonical(self.goal_blank)
    }
}

impl<const W: usize, const H: usize> StateSpace for Space<W, H> {
    fn states(&self) -> u64 {
        (W * H) as u64 * Self::ORDERS
    }

    fn goals(&self) -> Vec<u64> {
        vec![self.rank(&self.goal())]
    }

    fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64)) {
        let board = self.board(rank);
        let blank = (rank / Self::ORDERS) as usize;
        for slide in Slide::ALL {
            let Some(to) = slide.target(blank, W, H) else {
                continue;
            };
            if to / W == blank / W {
                visit(to as u64 * Self::ORDERS + rank % Self::ORDERS);
            } else {
                let mut next = board;
                next.slide(blank, to);
                visit(self.rank(&next));
            }
        }
    }
}

impl<const W: usize, const H: usize> Source for Space<W, H> {
    fn id(&self) -> TableId {
        TableId::owned(format!("sliding{W}x{H}"), self.goal_blank as u32)
    }

    fn entries(&self) -> u64 {
        self.states()
    }

    fn compute(&self, work: &Work) -> Result<Vec<u8>, TooLarge> {
        reverse_bfs(self, work)
    }
}

/// A board size's exact table towards one goal (any arrangement: boards are renamed
/// so that the goal is the canonical one with its blank, whose table this is).
#[derive(Clone, Debug)]
pub struct ExactBoards<D, const W: usize, const H: usize> {
    space: Space<W, H>,
    /// The distances, by rank.
    pub table: Table<D>,
    target: Board<W, H>,
    renaming: [u8; BOARD_CELLS],
}

/// A board on a walk and its blank's cell, so that a slide is one swap.
type Walker<const W: usize, const H: usize> = (Board<W, H>, usize);

impl<D: AsRef<[u8]>, const W: usize, const H: usize> ExactBoards<D, W, H> {
    /// The table of `target`, which must be the table of
    /// [`Space::towards`]`(target)`.
    pub fn new(table: Table<D>, target: Board<W, H>) -> Self {
        let space = Space::towards(&target);
        debug_assert_eq!(table.header().goal as usize, space.goal_blank);
        ExactBoards {
            space,
            table,
            target,
            renaming: Board::renaming_to_canonical(&target),
        }
    }

    /// The space the table ranks.
    pub fn space(&self) -> &Space<W, H> {
        &self.space
    }

    /// The board of `rank` in the table, with the goal's names for the tiles.
    pub fn board(&self, rank: u64) -> Board<W, H> {
        let mut back = [super::BLANK; BOARD_CELLS];
        for (tile, &name) in self.renaming[..W * H].iter().enumerate() {
            back[usize::from(name)] = tile as u8;
        }
        self.space.board(rank).renamed(&back)
    }

    /// The shortest, lexicographically smallest slides from `start` to the goal, `None`
    /// when the parities differ.
    pub fn solve(&self, start: &Board<W, H>) -> Result<Option<Vec<Slide>>, Error> {
        let Some((walker, distance)) = self.walk_start(start)? else {
            return Ok(None);
        };
        let (moves, _) = greedy_walk(walker, distance, &Slide::ALL, |w, m| self.step(w, m))
            .ok_or_else(|| self.inconsistent())?;
        Ok(Some(moves))
    }

    /// Every shortest slide sequence from `start` to the goal: how many, and each in
    /// letter order if `list`; `None` when the parities differ.
    pub fn every_shortest(
        &self,
        start: &Board<W, H>,
        list: bool,
    ) -> Result<Option<Every<Slide>>, Error> {
        let Some((walker, distance)) = self.walk_start(start)? else {
            return Ok(None);
        };
        let (count, answers) =
            every_walk(walker, distance, &Slide::ALL, |w, m| self.step(w, m), list)
                .ok_or_else(|| self.inconsistent())?;
        Ok(Some(Every {
            length: usize::from(distance),
            count,
            answers,
            nodes: 0,
        }))
    }

    /// `start` renamed as the goal is into the canonical board, and its distance.
    fn walk_start(&self, start: &Board<W, H>) -> Result<Option<(Walker<W, H>, u8)>, Error> {
        if !start.reaches(&self.target) {
            return Ok(None);
        }
        let start = start.renamed(&self.renaming);
        match self.table.entry_byte(self.space.rank(&start)) {
            UNREACHABLE => Err(self.inconsistent()),
            distance => Ok(Some(((start, start.blank()), distance))),
        }
    }

    fn step(&self, &(mut board, blank): &Walker<W, H>, slide: Slide) -> Option<(Walker<W, H>, u8)> {
        let to = slide.target(blank, W, H)?;
        board.slide(blank, to);
        Some(((board, to), self.table.entry_byte(self.space.rank(&board))))
    }

    fn inconsistent(&self) -> Error {
        Error::inconsistent(self.space.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every rank is a different board of the goal's parity, and ranks back to itself.
    fn ranks_round_trip<const W: usize, const H: usize>(goal_blank: usize) {
        let space = Space::<W, H>::new(goal_blank);
        let goal = Board::<W, H>::canonical(goal_blank);
        let mut seen = HashSet::new();
        for rank in 0..space.states() {
            let board = space.board(rank);
            assert!(board.reaches(&goal), "{W}x{H} rank {rank}: {board:?}");
            assert_eq!(space.rank(&board), rank, "{W}x{H}: {board:?}");
            assert!(seen.insert(board));
        }
        let cells = (W * H) as u64;
        assert_eq!(
            space.states(),
            permutation::count(cells as usize, cells as usize) / 2
        );
    }

    #[test]
    fn ranks_number_the_boards_of_one_parity_densely() {
        for blank in [0, 3] {
            ranks_round_trip::<2, 2>(blank);
        }
        for blank in [0, 2, 5] {
            ranks_round_trip::<2, 3>(blank);
            ranks_round_trip::<3, 2>(blank);
        }
        ranks_round_trip::<3, 3>(8);
    }

    #[test]
    fn twelve_cells_rank_at_the_ends_and_between() {
        let space = Space::<4, 3>::new(11);
        assert_eq!(space.states(), 239_500_800);
        for rank in (0..space.states())
            .step_by(999_983)
            .chain([space.states() - 1])
        {
            assert_eq!(space.rank(&space.board(rank)), rank);
        }
    }
}
