//! The 3x3 grid of tiles 1..8 and a blank, and the blank's four moves.

use std::fmt;

use super::cantor::CELLS;

/// The blank, as stored in a [`Grid`].
pub const BLANK: u8 = 0;

/// A move of the blank: `d`own, `l`eft, `r`ight or `u`p, ordered `d < l < r < u`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(u8);

impl Move {
    /// Every move, in letter order.
    pub const ALL: [Move; 4] = [Move(0), Move(1), Move(2), Move(3)];

    /// The move's letter.
    pub fn letter(self) -> char {
        ['d', 'l', 'r', 'u'][usize::from(self.0)]
    }

    /// The move named by `letter` (lower case), if any.
    pub fn from_letter(letter: char) -> Option<Move> {
        Move::ALL.into_iter().find(|m| m.letter() == letter)
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move(3 - self.0)
    }

    /// The cell the blank reaches from `blank`, unless that leaves the grid.
    #[inline]
    pub fn target(self, blank: usize) -> Option<usize> {
        let (row, col) = (blank / 3, blank % 3);
        match self.0 {
            0 => (row < 2).then(|| blank + 3),
            1 => (col > 0).then(|| blank - 1),
            2 => (col < 2).then(|| blank + 1),
            _ => (row > 0).then(|| blank - 3),
        }
    }
}

/// An arrangement: the tile in each cell in reading order, [`BLANK`] for the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Grid([u8; CELLS]);

/// Why nine characters are not a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// Not nine characters.
    #[error("expected 9 characters (tiles 1-8 and x), found {0}")]
    Length(usize),
    /// A character that is no tile.
    #[error("'{}' at position {} is not a tile 1-8 or x", char::from(*found).escape_default(), position + 1)]
    Character {
        /// Its place among the nine, from 0.
        position: usize,
        /// The byte found there.
        found: u8,
    },
    /// A tile given twice (so another is missing).
    #[error("{} appears twice", if *tile == BLANK { "x".to_owned() } else { tile.to_string() })]
    Repeated {
        /// The tile, [`BLANK`] for the blank.
        tile: u8,
    },
}

impl Grid {
    /// The grid holding `cells`, if they are a permutation of `0..9`.
    pub fn new(cells: [u8; CELLS]) -> Option<Grid> {
        let mut seen = 0u16;
        for &c in &cells {
            if c as usize >= CELLS || seen >> c & 1 == 1 {
                return None;
            }
            seen |= 1 << c;
        }
        Some(Grid(cells))
    }

    /// Reads nine characters, digits 1..8 and `x` or `X`.
    pub fn parse(text: &[u8]) -> Result<Grid, GridError> {
        let text: &[u8; CELLS] = text.try_into().map_err(|_| GridError::Length(text.len()))?;
        let mut cells = [0; CELLS];
        let mut seen = 0u16;
        for (position, (&found, cell)) in text.iter().zip(&mut cells).enumerate() {
            *cell = match found {
                b'x' | b'X' => BLANK,
                b'1'..=b'8' => found - b'0',
                _ => return Err(GridError::Character { position, found }),
            };
            if seen >> *cell & 1 == 1 {
                return Err(GridError::Repeated { tile: *cell });
            }
            seen |= 1 << *cell;
        }
        Ok(Grid(cells))
    }

    /// The canonical grid with the blank at `blank`: tiles 1..8 in reading order around it.
    pub fn canonical(blank: usize) -> Grid {
        let mut cells = [BLANK; CELLS];
        let mut tile = 1;
        for (cell, value) in cells.iter_mut().enumerate() {
            if cell != blank {
                *value = tile;
                tile += 1;
            }
        }
        Grid(cells)
    }

    /// The tiles in reading order.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.0
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.0
            .iter()
            .position(|&c| c == BLANK)
            .expect("a grid has a blank")
    }

    /// The grid after `m`, or `None` if the blank would leave the grid.
    pub fn apply(&self, m: Move) -> Option<Grid> {
        let blank = self.blank();
        let to = m.target(blank)?;
        let mut next = self.0;
        next.swap(blank, to);
        Some(Grid(next))
    }

    /// Whether the tiles, read in order without the blank, hold an odd number of
    /// inversions. A move keeps it, and grids of equal parity reach each other.
    pub fn odd(&self) -> bool {
        let tiles = self.0.iter().filter(|&&t| t != BLANK);
        let inversions: usize = tiles
            .clone()
            .enumerate()
            .map(|(i, &t)| {
                tiles
                    .clone()
                    .skip(i + 1)
                    .filter(|&&later| later < t)
                    .count()
            })
            .sum();
        inversions % 2 == 1
    }

    /// Renames the tiles so that `target` becomes [`Grid::canonical`] with its blank:
    /// `renaming[tile of target]` is the canonical tile in the same cell.
    pub fn renaming_to_canonical(target: &Grid) -> [u8; CELLS] {
        let canonical = Grid::canonical(target.blank());
        let mut renaming = [BLANK; CELLS];
        for (&tile, &name) in target.0.iter().zip(&canonical.0) {
            renaming[usize::from(tile)] = name;
        }
        renaming
    }

    /// This grid with every tile renamed by `renaming`.
    pub fn renamed(&self, renaming: &[u8; CELLS]) -> Grid {
        Grid(self.0.map(|tile| renaming[usize::from(tile)]))
    }
}

impl std::str::FromStr for Grid {
    type Err = GridError;

    /// Nine characters, digits 1..8 and `x` or `X`; white space anywhere is ignored.
    fn from_str(text: &str) -> Result<Grid, GridError> {
        let bytes: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
        Grid::parse(&bytes)
    }
}

impl fmt::Display for Grid {
    /// Three lines of three tiles, `x` for the blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.0.chunks(3) {
            let tiles: Vec<String> = row
                .iter()
                .map(|&t| {
                    if t == BLANK {
                        "x".to_owned()
                    } else {
                        t.to_string()
                    }
                })
                .collect();
            writeln!(f, "{}", tiles.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_accepts_both_blanks_and_names_faults() {
        let g = Grid::parse(b"12345678x").unwrap();
        assert_eq!(g, Grid::parse(b"12345678X").unwrap());
        assert_eq!(g, Grid::canonical(8));
        assert_eq!(Grid::parse(b"1234567x"), Err(GridError::Length(8)));
        assert_eq!(
            Grid::parse(b"12345679x"),
            Err(GridError::Character {
                position: 7,
                found: b'9'
            })
        );
        assert_eq!(
            Grid::parse(b"12345677x"),
            Err(GridError::Repeated { tile: 7 })
        );
        assert_eq!(
            Grid::parse(b"1234567xx").unwrap_err().to_string(),
            "x appears twice"
        );
    }

    #[test]
    fn blank_moves_stay_on_the_grid() {
        let corner = Grid::canonical(0);
        let legal: String = Move::ALL
            .iter()
            .filter(|&&m| corner.apply(m).is_some())
            .map(|m| m.letter())
            .collect();
        assert_eq!(legal, "dr");
        let centre = Grid::canonical(4);
        for m in Move::ALL {
            assert_eq!(centre.apply(m).unwrap().apply(m.inverse()), Some(centre));
        }
        assert_eq!(
            centre
                .apply(Move::from_letter('u').unwrap())
                .unwrap()
                .blank(),
            1
        );
    }

    #[test]
    fn renaming_maps_target_to_canonical() {
        let target = Grid::parse(b"7568x4123").unwrap();
        let renaming = Grid::renaming_to_canonical(&target);
        assert_eq!(target.renamed(&renaming), Grid::canonical(4));
        let mut back = [0; CELLS];
        for (tile, &name) in renaming.iter().enumerate() {
            back[usize::from(name)] = tile as u8;
        }
        let start = Grid::parse(b"564178x23").unwrap();
        assert_eq!(start.renamed(&renaming).renamed(&back), start);
    }

    #[test]
    fn parity_counts_inversions_without_the_blank() {
        assert!(!Grid::canonical(8).odd());
        assert!(Grid::parse(b"21345678x").unwrap().odd());
        // Moving the blank sideways or up keeps the parity.
        assert!(Grid::parse(b"2134567x8").unwrap().odd());
        assert!(Grid::parse(b"21345x786").unwrap().odd());
    }
}
