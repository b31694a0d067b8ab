//! The 15-puzzle's text: 16 integers, row by row, 0 for the blank.

use super::{default_goal, korf_goal, Board, CELLS};

/// Why 16 values are not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not 16 values.
    #[error("expected 16 values, found {0}")]
    Length(usize),
    /// A value that is not a number from 0 to 15.
    #[error("value {text:?} at position {} is not a number from 0 to 15", position + 1)]
    Value {
        /// Its place among the 16, from 0.
        position: usize,
        /// The text found there.
        text: String,
    },
    /// A value given twice (so another is missing).
    #[error("{0} appears twice")]
    Repeated(u8),
}

/// Why a `--goal` is not a goal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("goal {text:?} is neither `default`, `korf` nor 16 values: {error}")]
pub struct GoalError {
    text: String,
    error: BoardError,
}

impl Board {
    /// A board from 16 values in reading order, each of 0..15 once.
    pub fn from_values(values: &[u8]) -> Result<Board, BoardError> {
        if values.len() != CELLS {
            return Err(BoardError::Length(values.len()));
        }
        let mut seen = 0u32;
        for (position, &v) in values.iter().enumerate() {
            if usize::from(v) >= CELLS {
                let text = v.to_string();
                return Err(BoardError::Value { position, text });
            }
            if seen >> v & 1 == 1 {
                return Err(BoardError::Repeated(v));
            }
            seen |= 1 << v;
        }
        Ok(Board::new(values).expect("16 distinct values below 16"))
    }

    /// The board as 16 numbers separated by spaces, 0 for the blank.
    pub fn values_text(&self) -> String {
        let values: Vec<String> = self.cells().iter().map(u8::to_string).collect();
        values.join(" ")
    }

    /// A goal as `--goal` takes it: `default`, `korf`, or 16 values.
    pub fn parse_goal(text: &str) -> Result<Board, GoalError> {
        match text.trim() {
            "default" => Ok(default_goal()),
            "korf" => Ok(korf_goal()),
            values => values.parse().map_err(|error| GoalError {
                text: text.to_owned(),
                error,
            }),
        }
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// 16 values separated by white space, row by row.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() != CELLS {
            return Err(BoardError::Length(words.len()));
        }
        let mut values = [0u8; CELLS];
        for (position, (value, word)) in values.iter_mut().zip(&words).enumerate() {
            *value = word
                .parse()
                .ok()
                .filter(|&v: &u8| usize::from(v) < CELLS)
                .ok_or_else(|| BoardError::Value {
                    position,
                    text: (*word).to_owned(),
                })?;
        }
        Board::from_values(&values)
    }
}
