//! The `#`-shaped board of 24 cells and the eight line rotations.

use std::fmt;

use crate::moves;

/// Number of cells on the board.
pub const CELLS: usize = 24;

/// The eight cells in the middle of the `#`; the board is solved when they agree.
pub const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

/// The cells each move rotates, `L0..L6`: every value moves one place towards `L0`,
/// and the value at `L0` wraps round to `L6`.
pub(super) const LINES: [[usize; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];

/// One of the moves `A..H`, ordered by letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(u8);

impl Move {
    /// Every move, in letter order.
    pub const ALL: [Move; 8] = [
        Move(0),
        Move(1),
        Move(2),
        Move(3),
        Move(4),
        Move(5),
        Move(6),
        Move(7),
    ];

    /// The move's letter, `'A'..='H'`.
    pub fn letter(self) -> char {
        char::from(b'A' + self.0)
    }

    /// The move named by `letter` (upper case), if any.
    pub fn from_letter(letter: char) -> Option<Move> {
        <Move as moves::Move>::from_letter(letter)
    }

    /// The move that undoes this one: the same line turned the other way.
    pub fn inverse(self) -> Move {
        // A<->F, B<->E, C<->H, D<->G.
        const INVERSE: [u8; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
        Move(INVERSE[usize::from(self.0)])
    }

    /// The move's place in letter order, 0 for `A`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The cells the move rotates, `L0..L6`.
    pub fn line(self) -> &'static [usize; 7] {
        &LINES[usize::from(self.0)]
    }
}

impl moves::Move for Move {
    const ALL: &'static [Move] = &Move::ALL;

    fn letter(self) -> char {
        Move::letter(self)
    }

    fn inverse(self) -> Move {
        Move::inverse(self)
    }
}

/// A board: 24 cells holding eight each of 1, 2 and 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board([u8; CELLS]);

/// Eight each of 1, 2 and 3, counted as [`Board::new`] counts them.
const EIGHT_EACH: u64 = 8 | 8 << 16 | 8 << 32;

/// Why 24 values are not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A value other than 1, 2 or 3.
    #[error("value {value} at position {} is not 1, 2 or 3", position + 1)]
    Value {
        /// Its place among the 24, from 0.
        position: usize,
        /// The value found there.
        value: u8,
    },
    /// Not 24 values.
    #[error("expected 24 values, found {0}")]
    Length(usize),
    /// A value that is not a number at all.
    #[error("value {text:?} at position {} is not 1, 2 or 3", position + 1)]
    Text {
        /// Its place among the 24, from 0.
        position: usize,
        /// The text found there.
        text: String,
    },
    /// The digits are not eight of each.
    #[error("expected eight each of 1, 2 and 3, found {} 1s, {} 2s and {} 3s", counts[0], counts[1], counts[2])]
    Counts {
        /// How many 1s, 2s and 3s there are.
        counts: [usize; 3],
    },
}

impl Board {
    /// The board holding `cells` in reading order, if they are eight each of 1, 2, 3.
    #[inline(always)]
    pub fn new(cells: [u8; CELLS]) -> Result<Board, BoardError> {
        // The three counts side by side in one word, 16 bits each, and a fourth for
        // any other value: no branch a cell.
        let packed: u64 = cells
            .iter()
            .map(|&v| 1 << (16 * (v.wrapping_sub(1)).min(3)))
            .sum();
        if packed != EIGHT_EACH {
            return Err(Board::fault(cells, packed));
        }
        Ok(Board(cells))
    }

    /// What is wrong with `cells`, whose counts are `packed` as in [`Board::new`]: the
    /// first value that is not a digit, else the counts.
    #[cold]
    fn fault(cells: [u8; CELLS], packed: u64) -> BoardError {
        if let Some(position) = cells.iter().position(|v| !(1..=3).contains(v)) {
            let value = cells[position];
            return BoardError::Value { position, value };
        }
        let counts = [0, 1, 2].map(|d| (packed >> (16 * d) & 0xffff) as usize);
        BoardError::Counts { counts }
    }

    /// The board whose cells in `masks[d - 1]` hold digit `d`, if the masks split the
    /// 24 cells into three sets of eight.
    pub fn from_masks(masks: [u32; 3]) -> Option<Board> {
        let mut cells = [0; CELLS];
        for (digit, mask) in (1..=3).zip(masks) {
            for (cell, value) in cells.iter_mut().enumerate() {
                if mask >> cell & 1 == 1 {
                    if *value != 0 {
                        return None;
                    }
                    *value = digit;
                }
            }
        }
        Board::new(cells).ok()
    }

    /// The values in reading order.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.0
    }

    /// Plays every move of `moves`, in order.
    pub fn apply_all(&mut self, moves: &[Move]) {
        moves.iter().for_each(|&m| self.apply(m));
    }

    /// Plays `m`.
    pub fn apply(&mut self, m: Move) {
        let line = m.line();
        let first = self.0[line[0]];
        for i in 0..6 {
            self.0[line[i]] = self.0[line[i + 1]];
        }
        self.0[line[6]] = first;
    }

    /// The digit filling the centre, or `None` while the board is unsolved.
    pub fn centre_digit(&self) -> Option<u8> {
        let first = self.0[CENTRE[0]];
        CENTRE.iter().all(|&c| self.0[c] == first).then_some(first)
    }

    /// The set of cells holding `digit`, bit `c` for cell `c`.
    pub fn mask(&self, digit: u8) -> u32 {
        self.0
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == digit)
            .fold(0, |mask, (cell, _)| mask | 1 << cell)
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// 24 values separated by white space, as in the judge's input.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let words: &[&str; CELLS] = words
            .as_slice()
            .try_into()
            .map_err(|_| BoardError::Length(words.len()))?;
        let mut cells = [0; CELLS];
        for (position, (cell, word)) in cells.iter_mut().zip(words).enumerate() {
            *cell = word.parse().map_err(|_| BoardError::Text {
                position,
                text: (*word).to_owned(),
            })?;
        }
        Board::new(cells)
    }
}

impl fmt::Display for Board {
    /// The `#` diagram, one row of the board a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const ROWS: [&[Option<usize>]; 7] = [
            &[None, None, Some(0), None, Some(1)],
            &[None, None, Some(2), None, Some(3)],
            &[
                Some(4),
                Some(5),
                Some(6),
                Some(7),
                Some(8),
                Some(9),
                Some(10),
            ],
            &[None, None, Some(11), None, Some(12)],
            &[
                Some(13),
                Some(14),
                Some(15),
                Some(16),
                Some(17),
                Some(18),
                Some(19),
            ],
            &[None, None, Some(20), None, Some(21)],
            &[None, None, Some(22), None, Some(23)],
        ];
        for row in ROWS {
            let line: Vec<String> = row
                .iter()
                .map(|cell| cell.map_or(" ".to_owned(), |c| self.0[c].to_string()))
                .collect();
            writeln!(f, "{}", line.join(" ").trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered() -> [u8; CELLS] {
        std::array::from_fn(|c| c as u8)
    }

    #[test]
    fn moves_rotate_lines_as_the_spec_says() {
        // Move A: b[0] = b[2], b[2] = b[6], ..., b[22] = old b[0].
        let mut b = Board(numbered());
        b.apply(Move::from_letter('A').unwrap());
        assert_eq!(&b.0[..4], &[2, 1, 6, 3]);
        assert_eq!(
            (b.0[6], b.0[11], b.0[15], b.0[20], b.0[22]),
            (11, 15, 20, 22, 0)
        );
    }

    #[test]
    fn every_move_is_undone_by_its_inverse() {
        let pairs = ["AF", "BE", "CH", "DG", "EB", "FA", "GD", "HC"];
        for (m, pair) in Move::ALL.into_iter().zip(pairs) {
            assert_eq!(m.letter(), pair.chars().next().unwrap());
            assert_eq!(m.inverse().letter(), pair.chars().nth(1).unwrap());
            let mut b = Board(numbered());
            b.apply(m);
            assert_ne!(b.0, numbered());
            b.apply(m.inverse());
            assert_eq!(b.0, numbered());
        }
    }

    #[test]
    fn boards_are_validated() {
        let mut cells = [1u8; CELLS];
        cells[8..16].fill(2);
        cells[16..].fill(3);
        assert!(Board::new(cells).is_ok());
        cells[0] = 4;
        assert_eq!(
            Board::new(cells),
            Err(BoardError::Value {
                position: 0,
                value: 4
            })
        );
        cells[0] = 2;
        assert_eq!(
            Board::new(cells),
            Err(BoardError::Counts { counts: [7, 9, 8] })
        );
    }

    #[test]
    fn masks_rebuild_the_board() {
        let mut cells = [1u8; CELLS];
        cells[8..16].fill(2);
        cells[16..].fill(3);
        let board = Board::new(cells).unwrap();
        let masks = [1, 2, 3].map(|d| board.mask(d));
        assert_eq!(masks[0], 0xff);
        assert_eq!(Board::from_masks(masks), Some(board));
        assert_eq!(Board::from_masks([0xff, 0xff00, 0xff]), None);
    }
}
