//! Random boards of any size.

use rand::seq::SliceRandom;
use rand::Rng;

use super::{Board, Slide, BLANK, MAX_CELLS};

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

/// The board `length` random slides from `from`, none undoing the one before (so the
/// board is at most `length` slides away, and usually fewer).
pub fn random_walk<const W: usize, const H: usize>(
    rng: &mut (impl Rng + ?Sized),
    from: &Board<W, H>,
    length: usize,
) -> Board<W, H> {
    let mut board = *from;
    let mut last: Option<Slide> = None;
    for _ in 0..length {
        let legal: Vec<(Slide, Board<W, H>)> = Slide::ALL
            .iter()
            .filter(|&&m| Some(m.inverse()) != last)
            .filter_map(|&m| board.apply(m).map(|next| (m, next)))
            .collect();
        let (m, next) = legal[rng.random_range(0..legal.len())];
        board = next;
        last = Some(m);
    }
    board
}
