//! UVA 1343: 24 values a case, a lone `0` ends the input; two lines an answer.

use rand::RngCore;
use std::io::{self, BufRead, Write};

use super::{input_error, quote, CaseReader, Input, Judge, Verdict};
use crate::error::Error;
use crate::generate::{random_board, BoardsAt, NoSuchLength};
use crate::rotation::{self, Answer, Board, Move, CELLS};
use crate::search;
use crate::table::{Table, TableError};
use crate::tables::TableDir;

/// Reads Rotation Game boards.
#[derive(Default)]
pub struct RotationCases;

impl CaseReader for RotationCases {
    type Case = Board;

    /// Reads all 24 values before judging them, so that a bad case is skipped whole.
    fn read_case<R: BufRead>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Board>, Error> {
        let mut cells = [0; CELLS];
        let mut first_line = 0;
        let mut bad_value = None;
        for (position, cell) in cells.iter_mut().enumerate() {
            let Some((token, line)) = input.token()? else {
                let message = match (position, case) {
                    (0, 1) => {
                        "empty input: expected boards of 24 values, then a line `0`".to_owned()
                    }
                    (0, _) => return Ok(None),
                    _ => format!("input ends after {position} of the board's {CELLS} values"),
                };
                // The first problem met, in reading order, is the one reported.
                return Err(
                    bad_value.unwrap_or_else(|| input_error(case, input.line().max(1), message))
                );
            };
            if position == 0 {
                if token == b"0" {
                    return Ok(None);
                }
                first_line = line;
            }
            match token {
                [digit @ b'1'..=b'3'] => *cell = digit - b'0',
                _ => {
                    let message = format!(
                        "value {} at position {} is not 1, 2 or 3",
                        quote(token),
                        position + 1
                    );
                    bad_value.get_or_insert_with(|| input_error(case, line, message));
                }
            }
        }
        if let Some(error) = bad_value {
            return Err(error);
        }
        Board::new(cells)
            .map(Some)
            .map_err(|error| input_error(case, first_line, error.to_string()))
    }
}

/// The Rotation Game, answered from its table.
#[derive(Debug)]
pub struct Rotation<D> {
    /// The table of mask distances.
    pub table: Table<D>,
}

fn letters(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

impl Rotation<memmap2::Mmap> {
    /// Opens the table from `tables`, building it there if missing and allowed.
    pub fn open(tables: &TableDir) -> Result<Self, TableError> {
        Ok(Rotation {
            table: tables.load(&[rotation::Space])?.remove(0),
        })
    }
}

impl<D: AsRef<[u8]>> Rotation<D> {
    /// The shortest, lexicographically smallest solution of `board`, and its digit.
    ///
    /// ```
    /// use tablesolve::{Rotation, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let rotation = Rotation::open(&TableDir::new(dir.path()).build_missing(|_| {}))?;
    /// let board = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3".parse()?;
    /// let answer = rotation.solve(&board)?;
    /// assert_eq!((answer.letters().as_str(), answer.digit), ("DDHH", 2));
    /// assert_eq!(rotation.distance(&board), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, board: &Board) -> Result<Answer, Error> {
        rotation::solve(&self.table, board)
    }

    /// The number of moves `board` needs.
    pub fn distance(&self, board: &Board) -> u8 {
        rotation::distance(&self.table, board)
    }
}

impl<D: AsRef<[u8]> + Sync> Judge for Rotation<D> {
    type Case = Board;
    type Answer = Answer;
    type Reader = RotationCases;
    const ANSWER_LINES: usize = 2;

    fn solve(&self, board: &Board) -> Result<Answer, Error> {
        Rotation::solve(self, board)
    }

    fn search(&self, board: &Board) -> Answer {
        search::rotation(board)
    }

    fn length(answer: &Answer) -> Option<usize> {
        Some(answer.moves.len())
    }

    fn write_answer(_: usize, answer: &Answer, out: &mut Vec<u8>) {
        if answer.moves.is_empty() {
            out.extend_from_slice(b"No moves needed");
        }
        out.extend(answer.moves.iter().map(|m| m.letter() as u8));
        out.extend_from_slice(&[b'\n', b'0' + answer.digit, b'\n']);
    }

    fn show(number: usize, board: &Board, answer: &Answer) -> String {
        let mut text = format!("case {number}: {} moves", answer.len());
        if !answer.is_empty() {
            text += &format!(" {}", answer.letters());
        }
        text += &format!(", centre {}\n\nstart\n{board}", answer.digit);
        let mut board = *board;
        for (i, &m) in answer.moves.iter().enumerate() {
            board.apply(m);
            text += &format!("\n{} ({} of {})\n{board}", m.letter(), i + 1, answer.len());
        }
        text + "\n"
    }

    fn json_answer(number: usize, answer: &Answer) -> serde_json::Value {
        serde_json::json!({
            "case": number,
            "moves": letters(&answer.moves),
            "length": answer.moves.len(),
            "digit": answer.digit,
        })
    }

    fn case_text(board: &Board) -> String {
        let values: Vec<String> = board.cells().iter().map(u8::to_string).collect();
        values.join(" ")
    }

    fn write_cases(cases: &[Board], out: &mut dyn Write) -> io::Result<()> {
        for board in cases {
            writeln!(out, "{}", Self::case_text(board))?;
        }
        writeln!(out, "0")
    }

    fn random_case(&self, rng: &mut dyn RngCore) -> Board {
        random_board(rng)
    }

    fn cases_at(
        &self,
        length: usize,
    ) -> Result<Box<dyn Fn(&mut dyn RngCore) -> Board + '_>, NoSuchLength> {
        let boards = BoardsAt::new(&self.table, length)?;
        Ok(Box::new(move |rng| boards.sample(rng)))
    }

    fn check(&self, _: usize, board: &Board, lines: &[&str]) -> Result<Verdict, Error> {
        let moves: Vec<Move> = match lines[0] {
            "No moves needed" => Vec::new(),
            text => match text.chars().map(Move::from_letter).collect::<Option<_>>() {
                Some(moves) if !text.is_empty() => moves,
                _ => {
                    return Ok(Verdict::Malformed(format!(
                        "{:?} is neither letters A-H nor `No moves needed`",
                        text
                    )))
                }
            },
        };
        let stated = match lines[1].as_bytes() {
            [digit @ b'1'..=b'3'] => digit - b'0',
            _ => {
                return Ok(Verdict::Malformed(format!(
                    "{:?} is not a digit 1, 2 or 3",
                    lines[1]
                )))
            }
        };
        let mut end = *board;
        moves.iter().for_each(|&m| end.apply(m));
        let Some(reached) = end.centre_digit() else {
            return Ok(Verdict::NotSolved);
        };
        if reached != stated {
            return Ok(Verdict::WrongDigit { stated, reached });
        }
        let best = self.solve(board)?;
        Ok(if moves.len() > best.moves.len() {
            Verdict::NotShortest {
                length: moves.len(),
                shortest: best.moves.len(),
            }
        } else if moves != best.moves {
            Verdict::NotSmallest
        } else {
            Verdict::Correct
        })
    }
}
