//! The board: which tile lies in each cell.

use std::fmt;

use super::{taxicab, Slide, BLANK, MAX_CELLS};

/// Why cells are not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TilesError {
    /// Not one value a cell.
    #[error("expected {expected} cells, found {found}")]
    Length {
        /// The board's number of cells.
        expected: usize,
        /// The number given.
        found: usize,
    },
    /// A value too large for the board.
    #[error("tile {tile} at position {} is too large for the board", position + 1)]
    OutOfRange {
        /// Its place, from 0.
        position: usize,
        /// The value.
        tile: u8,
    },
    /// A tile given twice (so another is missing).
    #[error("tile {tile} appears twice")]
    Repeated {
        /// The tile.
        tile: u8,
    },
}

/// An arrangement of a `W` x `H` sliding puzzle: the tile in each cell in reading
/// order, [`BLANK`] for the blank. Cells past `W * H` hold 0 and are never shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board<const W: usize, const H: usize> {
    cells: [u8; MAX_CELLS],
}

impl<const W: usize, const H: usize> Board<W, H> {
    /// The number of cells, `W * H`.
    pub const CELLS: usize = {
        assert!(
            W >= 2 && H >= 2 && W * H <= MAX_CELLS,
            "boards are 2x2 up to 25 cells"
        );
        W * H
    };

    /// The board holding `cells` in reading order, if they are a permutation of
    /// `0..W*H` ([`BLANK`] for the blank).
    pub fn new(cells: &[u8]) -> Result<Self, TilesError> {
        if cells.len() != Self::CELLS {
            return Err(TilesError::Length {
                expected: Self::CELLS,
                found: cells.len(),
            });
        }
        let mut seen = 0u32;
        let mut board = Board {
            cells: [0; MAX_CELLS],
        };
        for (position, (slot, &tile)) in board.cells.iter_mut().zip(cells).enumerate() {
            if usize::from(tile) >= Self::CELLS {
                return Err(TilesError::OutOfRange { position, tile });
            }
            if seen >> tile & 1 == 1 {
                return Err(TilesError::Repeated { tile });
            }
            seen |= 1 << tile;
            *slot = tile;
        }
        Ok(board)
    }

    /// The board of `cells`, already known to hold a permutation of `0..W*H` and
    /// zeros after it.
    #[inline]
    pub(crate) fn from_cells(cells: [u8; MAX_CELLS]) -> Self {
        debug_assert!(Self::new(&cells[..Self::CELLS]).is_ok(), "{cells:?}");
        debug_assert!(cells[Self::CELLS..].iter().all(|&c| c == 0), "{cells:?}");
        Board { cells }
    }

    /// The canonical board with the blank at `blank`: tiles 1, 2, ... in reading order
    /// around it.
    pub fn canonical(blank: usize) -> Self {
        let mut cells = [BLANK; MAX_CELLS];
        let mut tile = 1;
        for (cell, value) in cells[..Self::CELLS].iter_mut().enumerate() {
            if cell != blank {
                *value = tile;
                tile += 1;
            }
        }
        Board { cells }
    }

    /// The tiles in reading order, `W * H` of them.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..Self::CELLS]
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.cells()
            .iter()
            .position(|&c| c == BLANK)
            .expect("a board has a blank")
    }

    /// The board after `m`, or `None` if the blank would leave the board.
    pub fn apply(&self, m: Slide) -> Option<Self> {
        let blank = self.blank();
        let to = m.target(blank, W, H)?;
        let mut next = *self;
        next.cells.swap(blank, to);
        Some(next)
    }

    /// The tile on `cell`.
    #[inline]
    pub(crate) fn tile(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Swaps the blank at `blank` with the tile at `to`, a neighbouring cell, and
    /// returns that tile.
    #[inline]
    pub(crate) fn slide(&mut self, blank: usize, to: usize) -> u8 {
        let tile = self.cells[to];
        self.cells.swap(blank, to);
        tile
    }

    /// [`Board::slide`] of `tile`, the tile on `to`, written without reading the
    /// board (for a board just copied, whose reads would wait for the copy).
    #[inline]
    pub(crate) fn slide_tile(&mut self, blank: usize, to: usize, tile: u8) {
        self.cells[blank] = tile;
        self.cells[to] = BLANK;
    }

    /// The invariant of every slide (see the [module](super)): the parity of the
    /// permutation of all cells plus that of the blank's taxicab distance from cell 0.
    /// Two boards reach each other exactly when their parities agree.
    pub fn parity(&self) -> bool {
        // Read from the end, each value's inversions are the smaller values already
        // seen: one count of bits a cell, not a scan of the cells after it.
        let (mut seen, mut inversions) = (0u32, 0);
        for &value in self.cells().iter().rev() {
            inversions += (seen & ((1 << value) - 1)).count_ones();
            seen |= 1 << value;
        }
        (inversions as usize + taxicab(self.blank(), 0, W)) % 2 == 1
    }

    /// Whether some slides lead from this board to `target`.
    pub fn reaches(&self, target: &Self) -> bool {
        self.parity() == target.parity()
    }

    /// `homes[tile]`: the cell of each tile (and of the blank, at `homes[0]`).
    pub fn homes(&self) -> [u8; MAX_CELLS] {
        let mut homes = [0; MAX_CELLS];
        for (cell, &tile) in self.cells().iter().enumerate() {
            homes[usize::from(tile)] = cell as u8;
        }
        homes
    }

    /// The sum over the tiles of their taxicab distances to `homes` (as from
    /// [`Board::homes`]), the blank left out. Every slide moves one tile one cell, so
    /// this is a lower bound on the slides left.
    pub fn manhattan(&self, homes: &[u8; MAX_CELLS]) -> u32 {
        let mut sum = 0;
        for (cell, &tile) in self.cells().iter().enumerate() {
            if tile != BLANK {
                sum += taxicab(cell, usize::from(homes[usize::from(tile)]), W);
            }
        }
        sum as u32
    }

    /// Renames the tiles so that `target` becomes [`Board::canonical`] with its blank:
    /// `renaming[tile of target]` is the canonical tile in the same cell.
    pub fn renaming_to_canonical(target: &Self) -> [u8; MAX_CELLS] {
        // The canonical board's tile on `cell` is `cell + 1` before its blank and
        // `cell` after it: named without building the board or a branch a cell.
        let blank = target.blank();
        let mut renaming = [BLANK; MAX_CELLS];
        for (cell, &tile) in target.cells().iter().enumerate() {
            let name = (cell + usize::from(cell < blank)) as u8;
            renaming[usize::from(tile)] = if cell == blank { BLANK } else { name };
        }
        renaming
    }

    /// This board with every tile renamed by `renaming` (which keeps the blank).
    pub fn renamed(&self, renaming: &[u8; MAX_CELLS]) -> Self {
        let mut next = *self;
        for cell in &mut next.cells[..Self::CELLS] {
            *cell = renaming[usize::from(*cell)];
        }
        next
    }
}

impl<const W: usize, const H: usize> Board<W, H> {
    /// One line a row, tiles right-aligned to the widest, `blank` for the blank.
    pub fn drawn(&self, blank: &str) -> String {
        let width = (Self::CELLS - 1).to_string().len();
        let mut text = String::new();
        for row in self.cells().chunks(W) {
            let tiles: Vec<String> = row
                .iter()
                .map(|&t| match t {
                    BLANK => format!("{blank:>width$}"),
                    _ => format!("{t:>width$}"),
                })
                .collect();
            text += &tiles.join(" ");
            text.push('\n');
        }
        text
    }
}

impl<const W: usize, const H: usize> fmt::Display for Board<W, H> {
    /// One line a row, tiles right-aligned to the widest, `x` for the blank (as the
    /// 8-puzzle writes it; [`Board::drawn`] draws it as another input does).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.drawn("x"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashSet, VecDeque};

    /// Every board reachable from `start`, by breadth-first search over slides.
    fn reachable<const W: usize, const H: usize>(start: Board<W, H>) -> HashSet<Board<W, H>> {
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(board) = queue.pop_front() {
            for m in Slide::ALL {
                if let Some(next) = board.apply(m) {
                    if seen.insert(next) {
                        queue.push_back(next);
                    }
                }
            }
        }
        seen
    }

    /// Every arrangement of `n` values, by Heap's algorithm.
    fn permutations(n: usize) -> Vec<Vec<u8>> {
        fn heap(k: usize, values: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if k <= 1 {
                out.push(values.clone());
                return;
            }
            for i in 0..k {
                heap(k - 1, values, out);
                let j = if k.is_multiple_of(2) { i } else { 0 };
                values.swap(j, k - 1);
            }
        }
        let mut out = Vec::new();
        heap(n, &mut (0..n as u8).collect(), &mut out);
        out
    }

    fn parity_matches_reachability<const W: usize, const H: usize>() {
        let goal = Board::<W, H>::canonical(Board::<W, H>::CELLS - 1);
        let reached = reachable(goal);
        let all = permutations(Board::<W, H>::CELLS);
        assert_eq!(reached.len() * 2, all.len(), "half of all arrangements");
        for cells in all {
            let board = Board::<W, H>::new(&cells).unwrap();
            assert_eq!(reached.contains(&board), board.reaches(&goal), "{board}");
        }
    }

    #[test]
    fn parity_is_reachability_on_2x3_3x2_and_3x3() {
        parity_matches_reachability::<2, 3>();
        parity_matches_reachability::<3, 2>();
        parity_matches_reachability::<3, 3>();
    }

    #[test]
    fn parity_on_3x3_is_the_judges_tile_inversions() {
        for cells in permutations(9).into_iter().step_by(7) {
            let board = Board::<3, 3>::new(&cells).unwrap();
            let tiles: Vec<u8> = cells.iter().copied().filter(|&t| t != BLANK).collect();
            let mut inversions = 0;
            for i in 0..tiles.len() {
                inversions += tiles[i + 1..].iter().filter(|&&b| b < tiles[i]).count();
            }
            assert_eq!(board.parity(), inversions % 2 == 1, "{board}");
        }
    }

    #[test]
    fn slides_stay_on_4x4_and_are_undone_by_their_inverses() {
        let corner = Board::<4, 4>::canonical(15);
        let legal: String = Slide::ALL
            .iter()
            .filter(|&&m| corner.apply(m).is_some())
            .map(|m| m.letter())
            .collect();
        assert_eq!(legal, "lu");
        for blank in 0..16 {
            let board = Board::<4, 4>::canonical(blank);
            for m in Slide::ALL {
                if let Some(next) = board.apply(m) {
                    assert_eq!(next.apply(m.inverse()), Some(board));
                    assert_eq!(next.parity(), board.parity(), "a slide keeps parity");
                }
            }
        }
        // On 4x4, swapping two tiles cannot be undone by slides; moving the blank can.
        let goal = Board::<4, 4>::canonical(15);
        let mut cells = goal.cells().to_vec();
        cells.swap(0, 1);
        assert!(!Board::<4, 4>::new(&cells).unwrap().reaches(&goal));
        assert!(Board::<4, 4>::canonical(0).reaches(&Board::<4, 4>::canonical(3)));
    }

    #[test]
    fn manhattan_counts_each_tile_once() {
        let goal = Board::<4, 4>::canonical(15);
        let homes = goal.homes();
        assert_eq!(goal.manhattan(&homes), 0);
        let cells = [0, 2, 3, 4, 1, 5, 6, 7, 9, 10, 11, 8, 13, 14, 15, 12];
        let board = Board::<4, 4>::new(&cells).unwrap();
        // Tiles 1, 5, 6, 7, 8 and 12 are each one cell from home.
        assert_eq!(board.manhattan(&homes), 6);
    }

    #[test]
    fn drawing_pads_tiles_to_the_widest() {
        assert_eq!(
            Board::<3, 3>::canonical(8).to_string(),
            "1 2 3\n4 5 6\n7 8 x\n"
        );
        let text = Board::<4, 4>::canonical(0).to_string();
        assert_eq!(text.lines().next(), Some(" x  1  2  3"));
    }
}
