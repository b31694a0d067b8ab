//! Random boards of any size.

use rand::seq::SliceRandom;
use rand::Rng;

use super::{Board, BLANK, MAX_CELLS};

/// A board drawn uniformly from all `(W*H)!` arrangements.
pub fn random_board<const W: usize, const H: usize>(rng: &mut (impl Rng + ?Sized)) -> Board<W, H> {
    let mut cells: [u8; MAX_CELLS] = std::array::from_fn(|c| c as u8);
    cells[..Board::<W, H>::CELLS].shuffle(rng);
    Board::new(&cells[..Board::<W, H>::CELLS]).expect("a shuffle keeps a permutation")
}

/// A board drawn uniformly from those that reach `other` (and so that `other` reaches).
pub fn random_board_like<const W: usize, const H: usize>(
    rng: &mut (impl Rng + ?Sized),
    other: &Board<W, H>,
) -> Board<W, H> {
    let board = random_board(rng);
    if board.reaches(other) {
        return board;
    }
    // Swapping the first two tiles flips the parity, and is a bijection between the
    // halves.
    let mut cells = board.cells().to_vec();
    let tiles: Vec<usize> = (0..cells.len())
        .filter(|&c| cells[c] != BLANK)
        .take(2)
        .collect();
    cells.swap(tiles[0], tiles[1]);
    Board::new(&cells).expect("a swap keeps a permutation")
}
