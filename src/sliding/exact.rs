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
use crate::search::{every_walk, greedy_walk, reverse_bfs, Every, StateSpace, Walks, UNREACHABLE};
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
        // The goal's tiles are in order, so its only inversions are the blank's with
        // the tiles before it ([`Board::parity`]): worked out here without the board,
        // as the 8-puzzle's judge does for every pair.
        let parity = (goal_blank + super::taxicab(goal_blank, 0, W)) % 2 == 1;
        debug_assert_eq!(parity, Board::<W, H>::canonical(goal_blank).parity());
        Space { goal_blank, parity }
    }

    /// The space whose table answers towards `target`, any arrangement: the one of
    /// its blank cell, the tiles renamed ([`ExactBoards`] does so).
    pub fn towards(target: &Board<W, H>) -> Self {
        Space::new(target.blank())
    }

    /// The rank of `board`, which must reach the goal.
    #[inline]
    pub fn rank(&self, board: &Board<W, H>) -> u64 {
        let (rank, parity) = Self::ranked(board.cells().iter().copied());
        debug_assert_eq!(parity, self.parity);
        rank
    }

    /// The rank of `board`, `None` when it does not reach the goal: the parity is
    /// found with the rank, not by a pass of its own.
    #[inline]
    pub fn rank_reaching(&self, board: &Board<W, H>) -> Option<u64> {
        let (rank, parity) = Self::ranked(board.cells().iter().copied());
        (parity == self.parity).then_some(rank)
    }

    /// [`Space::rank_reaching`] of `board` [renamed](Board::renamed) by `renaming`,
    /// read as it is renamed rather than renamed first.
    #[inline]
    pub fn rank_renamed(&self, board: &Board<W, H>, renaming: &[u8; BOARD_CELLS]) -> Option<u64> {
        let renamed = board
            .cells()
            .iter()
            .map(|&tile| renaming[usize::from(tile)]);
        let (rank, parity) = Self::ranked(renamed);
        (parity == self.parity).then_some(rank)
    }

    /// The rank of the board whose cells are `cells` in the space of its own parity,
    /// and that parity.
    ///
    /// One pass over the cells with no branch (where the blank is, a batch cannot
    /// predict). Each tile's Lehmer digit in the tiles' order ([`permutation::digit`];
    /// tile `t` is value `t - 1`) adds up to the order's inversions, and with the
    /// blank's cell to [`Board::parity`]'s (the blank, the smallest value, is inverted
    /// with each tile before it). A tile on `cell` is at place `cell - seen` of the
    /// order (`seen` 1 past the blank), so its radix is `tiles - cell + seen`: a
    /// constant and a mask once the loop is unrolled. The blank leaves the rank as it
    /// is.
    #[inline]
    fn ranked(cells: impl Iterator<Item = u8>) -> (u64, bool) {
        let tiles = W * H - 1;
        let (mut order, mut inversions, mut used) = (0u64, 0u32, 0u32);
        let (mut seen, mut blank) = (0u64, 0);
        for (cell, tile) in cells.enumerate() {
            let is_blank = tile == super::BLANK;
            let value = tile.saturating_sub(1);
            let digit = permutation::digit(value, used);
            let shifted = order * (tiles - cell) as u64 + (order & seen.wrapping_neg());
            order = if is_blank {
                order
            } else {
                shifted + u64::from(digit)
            };
            inversions += digit;
            used |= u32::from(!is_blank) << value;
            blank = if is_blank { cell } else { blank };
            seen |= u64::from(is_blank);
        }
        let parity = (inversions as usize + blank + super::taxicab(blank, 0, W)) % 2 == 1;
        (blank as u64 * Self::ORDERS + order / 2, parity)
    }

    /// The board of `rank` (below [`StateSpace::states`]).
    // Inlined into the search's outward and inward scans alike: left to itself, the
    // compiler stopped inlining it once both called `neighbours` (4x3's table: 5% of
    // its build).
    #[inline(always)]
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

impl<const W: usize, const H: usize> Walks for Space<W, H> {
    type State = Board<W, H>;

    fn moves(&self) -> usize {
        Slide::ALL.len()
    }

    fn state(&self, rank: u64) -> Board<W, H> {
        self.board(rank)
    }

    fn successor(&self, board: &Board<W, H>, m: usize) -> Option<u64> {
        board.apply(Slide::ALL[m]).map(|next| self.rank(&next))
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
        let start = start.renamed(&self.renaming);
        let Some(rank) = self.space.rank_reaching(&start) else {
            return Ok(None);
        };
        match self.table.entry_byte(rank) {
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

    /// Exactly the boards that reach the goal have a rank.
    fn rank_only_what_reaches<const W: usize, const H: usize>(goal_blank: usize) {
        let space = Space::<W, H>::new(goal_blank);
        let goal = Board::<W, H>::canonical(goal_blank);
        let n = W * H;
        for rank in 0..permutation::count(n, n) {
            let board = Board::<W, H>::new(&permutation::unrank(rank, n, n)[..n]).unwrap();
            let ranked = space.rank_reaching(&board);
            assert_eq!(ranked.is_some(), board.reaches(&goal), "{W}x{H}: {board:?}");
            assert!(ranked.is_none_or(|r| r == space.rank(&board)));
        }
    }

    #[test]
    fn boards_of_the_other_parity_have_no_rank() {
        rank_only_what_reaches::<2, 2>(3);
        rank_only_what_reaches::<2, 3>(0);
        rank_only_what_reaches::<3, 2>(5);
        rank_only_what_reaches::<3, 3>(8);
        rank_only_what_reaches::<3, 3>(4);
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
