//! Random Rotation Game boards: uniform over all boards, or over those whose shortest
//! solution has a given length.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use super::{census, mask, Board, CELLS};
use crate::sample::{ranks_at, NoSuchLength};
use crate::table::Table;

/// A board drawn uniformly from all arrangements of eight 1s, 2s and 3s.
pub fn random_board(rng: &mut (impl Rng + ?Sized)) -> Board {
    let mut cells: [u8; CELLS] = std::array::from_fn(|c| (c / 8) as u8 + 1);
    cells.shuffle(rng);
    Board::new(cells).expect("a shuffle keeps eight of each")
}

/// Draws Rotation Game boards whose shortest solution has exactly `length` moves.
pub struct BoardsAt<'t, D> {
    table: &'t Table<D>,
    length: u8,
    masks: Vec<u32>,
}

impl<'t, D: AsRef<[u8]>> BoardsAt<'t, D> {
    /// A sampler, or the error naming the largest possible length.
    pub fn new(table: &'t Table<D>, length: usize) -> Result<Self, NoSuchLength> {
        let masks = ranks_at(table, length);
        if length > census::HARDEST || masks.is_empty() {
            return Err(NoSuchLength {
                puzzle: "rotation",
                length,
                longest: census::HARDEST,
                by_walks: false,
            });
        }
        Ok(BoardsAt {
            table,
            length: length as u8,
            masks,
        })
    }

    /// One board, uniformly among all boards at the length. A mask at the length is
    /// given to a random digit and the other 16 cells filled at random; the board is
    /// kept if no digit is nearer, and then with probability 1/k where k digits are at
    /// the length, since such a board can be drawn through any of the k.
    pub fn sample(&self, rng: &mut (impl Rng + ?Sized)) -> Board {
        loop {
            let first = mask::unrank(*self.masks.choose(rng).expect("masks at the length"));
            let mut rest: Vec<u32> = (0..CELLS as u32).filter(|c| first >> c & 1 == 0).collect();
            rest.shuffle(rng);
            let second = rest[..8].iter().fold(0, |m, c| m | 1 << c);
            let mut masks = [first, second, !(first | second) & ((1 << CELLS) - 1)];
            masks.rotate_right(rng.random_range(0..3));
            let distances = masks.map(|m| self.table.distance(mask::rank(m)));
            if distances.iter().any(|&d| d < self.length) {
                continue;
            }
            let at_length = distances.iter().filter(|&&d| d == self.length).count();
            if rng.random_range(0..at_length) == 0 {
                return Board::from_masks(masks).expect("three masks partition the board");
            }
        }
    }
}
