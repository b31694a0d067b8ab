//! The 8-puzzle judges' text for a grid: nine characters, digits 1..8 and `x`.

use super::{Grid, BLANK, CELLS};
use crate::sliding::MAX_CELLS;

/// The bits of tiles 0..8 (the blank and 1..8).
const ALL_TILES: u16 = (1 << CELLS) - 1;

/// Why nine characters are not a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// Not nine characters.
    #[error("expected 9 characters (tiles 1-8 and x), found {0}")]
    Length(usize),
    /// A character that is no tile.
    #[error(
        "'{}' at position {} is not a tile 1-8 or x{}",
        found.escape_debug(),
        position + 1,
        if *found == '0' { " (the blank is x)" } else { "" }
    )]
    Character {
        /// Its place among the nine, from 0.
        position: usize,
        /// The character found there (U+FFFD for bytes that are not UTF-8).
        found: char,
    },
    /// A tile given twice (so another is missing).
    #[error("{} appears twice, and {} is missing", name(*tile), name(*missing))]
    Repeated {
        /// The tile, [`BLANK`] for the blank.
        tile: u8,
        /// Where it is given again, from 0.
        position: usize,
        /// The first tile not given.
        missing: u8,
    },
}

/// A tile as the judges write it.
fn name(tile: u8) -> String {
    match tile {
        BLANK => "x".to_owned(),
        _ => tile.to_string(),
    }
}

/// The tile a character stands for (`x` or `X` the blank).
fn tile_of(c: char) -> Option<u8> {
    match c {
        'x' | 'X' => Some(BLANK),
        '1'..='8' => Some(c as u8 - b'0'),
        _ => None,
    }
}

/// The first tile (1..8, then the blank) that `text`, `repeated` given twice in it,
/// leaves out.
fn missing_tile(text: &str, repeated: u8) -> u8 {
    let given: Vec<u8> = text.chars().filter_map(tile_of).collect();
    (1..CELLS as u8)
        .chain([BLANK])
        .find(|t| !given.contains(t))
        .unwrap_or(repeated)
}

impl Grid {
    /// Reads nine characters, digits 1..8 and `x` or `X`, given as UTF-8.
    #[inline]
    pub fn parse(text: &[u8]) -> Result<Grid, GridError> {
        // The usual case, nine ASCII tiles each once, checked with no branch a byte:
        // anything else sets bit 9 of `seen` or leaves one of bits 0..8 clear.
        if text.len() == CELLS {
            // Straight into the board's cells, which are copied whole from then on.
            let mut cells = [0; MAX_CELLS];
            let mut seen = 0u16;
            for (cell, &b) in cells.iter_mut().zip(text) {
                *cell = match b {
                    b'1'..=b'8' => b - b'0',
                    b'x' | b'X' => BLANK,
                    _ => CELLS as u8,
                };
                seen |= 1 << *cell;
            }
            if seen == ALL_TILES {
                return Ok(Grid::from_cells(cells));
            }
        }
        Grid::parse_slowly(text)
    }

    /// [`Grid::parse`] a character at a time, naming the first fault in reading order.
    #[cold]
    fn parse_slowly(text: &[u8]) -> Result<Grid, GridError> {
        let text = String::from_utf8_lossy(text);
        let count = text.chars().count();
        if count != CELLS {
            return Err(GridError::Length(count));
        }
        let mut cells = [0; MAX_CELLS];
        let mut seen = 0u16;
        for ((position, found), cell) in text.chars().enumerate().zip(&mut cells) {
            *cell = match tile_of(found) {
                Some(tile) => tile,
                None => return Err(GridError::Character { position, found }),
            };
            if seen >> *cell & 1 == 1 {
                let tile = *cell;
                return Err(GridError::Repeated {
                    tile,
                    position,
                    missing: missing_tile(&text, tile),
                });
            }
            seen |= 1 << *cell;
        }
        Ok(Grid::from_cells(cells))
    }

    /// The grid as nine characters, `blank` for the blank.
    pub fn text(&self, blank: char) -> String {
        self.cells()
            .iter()
            .map(|&t| match t {
                BLANK => blank,
                _ => char::from(b'0' + t),
            })
            .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eight::Move;

    #[test]
    fn parse_accepts_both_blanks_and_names_faults() {
        let g = Grid::parse(b"12345678x").unwrap();
        assert_eq!(g, Grid::parse(b"12345678X").unwrap());
        assert_eq!(g, Grid::canonical(8));
        assert_eq!(g.text('X'), "12345678X");
        assert_eq!(Grid::parse(b"1234567x"), Err(GridError::Length(8)));
        assert_eq!(
            Grid::parse(b"12345679x"),
            Err(GridError::Character {
                position: 7,
                found: '9'
            })
        );
        assert_eq!(
            Grid::parse(b"123456780").unwrap_err().to_string(),
            "'0' at position 9 is not a tile 1-8 or x (the blank is x)"
        );
        assert_eq!(
            Grid::parse(b"12345677x"),
            Err(GridError::Repeated {
                tile: 7,
                position: 7,
                missing: 8
            })
        );
        assert_eq!(
            Grid::parse(b"1234567xx").unwrap_err().to_string(),
            "x appears twice, and 8 is missing"
        );
        assert_eq!(
            Grid::parse(b"x2345678x").unwrap_err().to_string(),
            "x appears twice, and 1 is missing"
        );
        // Counted and shown as characters, not bytes.
        let accented = Grid::parse("1234567é8".as_bytes()).unwrap_err();
        assert_eq!(
            accented.to_string(),
            "'é' at position 8 is not a tile 1-8 or x"
        );
        assert_eq!(Grid::parse("1234é".as_bytes()), Err(GridError::Length(5)));
        // The first fault in reading order is named, whatever the bytes.
        assert_eq!(
            Grid::parse("1134567é8".as_bytes()),
            Err(GridError::Repeated {
                tile: 1,
                position: 1,
                missing: 2
            })
        );
        assert!(matches!(
            Grid::parse("1é2345678".as_bytes()),
            Err(GridError::Character { position: 1, .. })
        ));
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
        let mut back = [0; crate::sliding::MAX_CELLS];
        for (tile, &name) in renaming[..9].iter().enumerate() {
            back[usize::from(name)] = tile as u8;
        }
        let start = Grid::parse(b"564178x23").unwrap();
        assert_eq!(start.renamed(&renaming).renamed(&back), start);
    }

    #[test]
    fn parity_counts_inversions_without_the_blank() {
        assert!(!Grid::canonical(8).parity());
        assert!(Grid::parse(b"21345678x").unwrap().parity());
        // Moving the blank sideways or up keeps the parity.
        assert!(Grid::parse(b"2134567x8").unwrap().parity());
        assert!(Grid::parse(b"21345x786").unwrap().parity());
    }
}
