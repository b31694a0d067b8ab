//! Sliding boards as the 15-puzzle's text writes them, at any size: `W*H` integers,
//! row by row, 0 for the blank.

use crate::sliding::Board;

/// Why values are not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not one value a cell.
    #[error("expected {expected} values, found {found}")]
    Length {
        /// The board's number of cells.
        expected: usize,
        /// The number of values given.
        found: usize,
    },
    /// A value that is not a number below the number of cells.
    #[error("value {text:?} at position {} is not a number from 0 to {largest}", position + 1)]
    Value {
        /// Its place, from 0.
        position: usize,
        /// The text found there.
        text: String,
        /// The largest value a cell may hold.
        largest: usize,
    },
    /// A value given twice (so another is missing).
    #[error("{0} appears twice")]
    Repeated(u8),
}

/// Why a `--goal` is not a goal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("goal {text:?} is neither `default`, `korf` nor {cells} values: {error}")]
pub struct GoalError {
    text: String,
    cells: usize,
    error: BoardError,
}

impl<const W: usize, const H: usize> Board<W, H> {
    /// A board from `W*H` values in reading order, each of `0..W*H` once.
    pub fn from_values(values: &[u8]) -> Result<Self, BoardError> {
        let cells = W * H;
        if values.len() != cells {
            let (expected, found) = (cells, values.len());
            return Err(BoardError::Length { expected, found });
        }
        let mut seen = 0u32;
        for (position, &v) in values.iter().enumerate() {
            if usize::from(v) >= cells {
                let (text, largest) = (v.to_string(), cells - 1);
                return Err(BoardError::Value {
                    position,
                    text,
                    largest,
                });
            }
            if seen >> v & 1 == 1 {
                return Err(BoardError::Repeated(v));
            }
            seen |= 1 << v;
        }
        Ok(Board::new(values).expect("distinct values below the number of cells"))
    }

    /// `W*H` values separated by white space, row by row.
    pub fn parse_values(text: &str) -> Result<Self, BoardError> {
        let cells = W * H;
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() != cells {
            let (expected, found) = (cells, words.len());
            return Err(BoardError::Length { expected, found });
        }
        let mut values = vec![0u8; cells];
        for (position, (value, word)) in values.iter_mut().zip(&words).enumerate() {
            *value = word
                .parse()
                .ok()
                .filter(|&v: &u8| usize::from(v) < cells)
                .ok_or_else(|| BoardError::Value {
                    position,
                    text: (*word).to_owned(),
                    largest: cells - 1,
                })?;
        }
        Board::from_values(&values)
    }

    /// The board as its values separated by spaces, 0 for the blank.
    pub fn values_text(&self) -> String {
        let values: Vec<String> = self.cells().iter().map(u8::to_string).collect();
        values.join(" ")
    }

    /// A goal as `--goal` takes it: `default` (`1 2 ... 0`), `korf` (`0 1 2 ...`), or
    /// `W*H` values.
    pub fn parse_goal(text: &str) -> Result<Self, GoalError> {
        match text.trim() {
            "default" => Ok(Board::canonical(W * H - 1)),
            "korf" => Ok(Board::canonical(0)),
            values => Board::parse_values(values).map_err(|error| GoalError {
                text: text.to_owned(),
                cells: W * H,
                error,
            }),
        }
    }
}

impl std::str::FromStr for Board<4, 4> {
    type Err = BoardError;

    /// 16 values separated by white space, row by row.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        Board::parse_values(text)
    }
}
