//! UVA 1343: 24 values a case, a lone `0` ends the input; two lines an answer.

use rand::RngCore;
use std::io::{self, Read, Write};

use super::{
    after_the_end, in_passes, input_error, write_case_lines, CaseReader, CasesAt, CrossCheck,
    EveryShortest, FastPath, Format, Input, Place, Replay, Sample, SampleAt, Shortest, Solution,
    Solver, Verdict, Written,
};
use crate::error::Error;
use crate::moves::{letters, parse_letters, write_letters};
use crate::rotation::sample::{random_board, BoardsAt};
use crate::rotation::{self, Answer, Board, Move, Rotation, CELLS};
use crate::sample::NoSuchLength;
use crate::table::{walk_moves, Table};

/// Reads Rotation Game boards, until a lone `0` or the end of the input.
#[derive(Default)]
pub struct RotationCases {
    /// The closing `0` has been read.
    closed: bool,
}

impl CaseReader for RotationCases {
    type Case = Board;

    /// Reads all 24 values before judging them, so that a bad case is skipped whole.
    fn read_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Board>, Error> {
        if self.closed {
            return Ok(None);
        }
        let mut cells = [0; CELLS];
        let mut start = Place::default();
        let mut bad_value = None;
        let mut last_line = 0;
        for (position, cell) in cells.iter_mut().enumerate() {
            let Some(token) = input.token() else {
                if position == 0 {
                    return Ok(None);
                }
                let message = format!("input ends after {position} of the board's {CELLS} values");
                // The first problem met, in reading order, is the one reported.
                return Err(bad_value.unwrap_or_else(|| input_error(case, start, message)));
            };
            if position == 0 {
                if token.text == b"0" {
                    self.closed = true;
                    return match input.token() {
                        None => Ok(None),
                        Some(more) => Err(after_the_end(case, &more, "the closing `0`")),
                    };
                }
                start = token.at;
            }
            // A lone `0` on a line of its own ends the input, even inside a board: the
            // board is short, not holding a bad value.
            let at = token.at;
            let value = match token.text {
                [digit @ b'1'..=b'3'] => Ok(digit - b'0'),
                _ => Err((token.text == b"0", token.quoted())),
            };
            let first_on_line = std::mem::replace(&mut last_line, at.line) < at.line;
            if matches!(value, Err((true, _))) && first_on_line {
                let rest_blank = |rest: &[u8]| rest.iter().all(u8::is_ascii_whitespace);
                if input.peek_line().is_none_or(rest_blank) {
                    self.closed = true;
                    let held = match start.line + 1 == at.line {
                        true => format!("line {} has", start.line),
                        false => format!("lines {} to {} hold", start.line, at.line - 1),
                    };
                    let message = format!(
                        "{held} {position} of the board's {CELLS} values when the lone `0` \
                         on line {} ends the input",
                        at.line
                    );
                    return Err(bad_value.unwrap_or_else(|| input_error(case, start, message)));
                }
            }
            match value {
                Ok(digit) => *cell = digit,
                Err((_, quoted)) => {
                    let message = format!(
                        "value {quoted} at position {} is not 1, 2 or 3",
                        position + 1
                    );
                    bad_value.get_or_insert_with(|| input_error(case, at, message));
                }
            }
        }
        if let Some(error) = bad_value {
            return Err(error);
        }
        Board::new(cells)
            .map(Some)
            .map_err(|error| input_error(case, start, error.to_string()))
    }

    fn case_text(&self, board: &Board) -> String {
        let values: Vec<String> = board.cells().iter().map(u8::to_string).collect();
        values.join(" ")
    }

    fn write_cases(
        &self,
        cases: impl Iterator<Item = Board>,
        _: usize,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        write_case_lines(self, cases, out)?;
        writeln!(out, "0")
    }
}

impl FastPath for RotationCases {
    /// A board whole and valid on one line, one space between values: a scan of 47
    /// bytes.
    #[inline]
    fn read_usual<R: Read>(&mut self, input: &mut Input<R>, _: usize) -> Option<Board> {
        let valid = |digits: [[u8; 1]; CELLS]| {
            // A loop rather than `map`, which is not always inlined here.
            let mut cells = [0; CELLS];
            for (cell, [digit]) in cells.iter_mut().zip(digits) {
                *cell = digit.wrapping_sub(b'0');
            }
            Board::new(cells).ok()
        };
        match self.closed {
            true => None,
            false => input.spaced_tokens(valid),
        }
    }
}

impl Solution for Answer {
    type Move = Move;

    fn moves(&self) -> Option<&[Move]> {
        Some(&self.moves)
    }
}

impl<D: AsRef<[u8]> + Sync> Solver for Rotation<D> {
    type Case = Board;
    type Answer = Answer;

    fn solve(&self, board: &Board) -> Result<Answer, Error> {
        Rotation::solve(self, board)
    }
}

impl<D: AsRef<[u8]> + Sync> Replay for Rotation<D> {
    type State = Board;
    const ILLEGAL: &'static str = "cannot be played";

    fn start(&self, board: &Board) -> Board {
        *board
    }

    fn play(&self, board: &Board, m: Move) -> Option<Board> {
        let mut next = *board;
        next.apply(m);
        Some(next)
    }

    fn solved(&self, _: &Board, board: &Board) -> bool {
        board.centre_digit().is_some()
    }

    fn target(&self, _: &Board) -> Option<Board> {
        None
    }

    fn headline(&self, answer: &Answer) -> String {
        let mut text = format!("{} moves", answer.len());
        if !answer.is_empty() {
            text += &format!(" {}", answer.letters());
        }
        text + &format!(", centre {}", answer.digit)
    }

    fn draw(&self, board: &Board) -> String {
        board.to_string()
    }

    fn misstated(&self, written: &Answer, end: &Board) -> Option<Verdict> {
        let reached = end.centre_digit()?;
        (reached != written.digit).then(|| Verdict::Misstated {
            kind: "wrong digit",
            detail: format!(
                "the moves gather {reached}, the answer says {}",
                written.digit
            ),
        })
    }
}

/// An answer's two lines: its moves (`No moves needed` if none), then its digit.
fn write_moves(moves: impl ExactSizeIterator<Item = Move>, digit: u8, out: &mut Vec<u8>) {
    if moves.len() == 0 {
        out.extend_from_slice(b"No moves needed");
    }
    write_letters(moves, out);
    out.extend_from_slice(&[b'\n', b'0' + digit, b'\n']);
}

impl<D: AsRef<[u8]> + Sync> Format for Rotation<D> {
    type Reader = RotationCases;
    fn reader(&self) -> RotationCases {
        RotationCases::default()
    }

    const ANSWER_LINES: usize = 2;

    fn write_answer(&self, _: usize, answer: &Answer, out: &mut Vec<u8>) {
        write_moves(answer.moves.iter().copied(), answer.digit, out);
    }

    /// Each answer as recorded in the table, looked up in passes.
    fn write_answers(&self, cases: &[(usize, Board)], out: &mut Vec<u8>) -> Result<(), Error> {
        let inconsistent = || Error::inconsistent(rotation::TABLE);
        let look_up = |ranks| rotation::recorded(&self.table, ranks);
        in_passes(cases, rotation::ranks, look_up, |_, _, found| {
            let (walk, digit) = found.ok_or_else(inconsistent)?;
            write_moves(walk_moves(walk, &Move::ALL), digit, out);
            Ok(())
        })
    }

    fn read_answer(&self, _: usize, lines: &[&str]) -> Result<Written<Answer>, String> {
        let moves = match lines[0] {
            "No moves needed" => Vec::new(),
            text => match parse_letters(text) {
                Some(moves) if !text.is_empty() => moves,
                _ => {
                    return Err(format!(
                        "{text:?} is neither letters A-H nor `No moves needed`"
                    ))
                }
            },
        };
        let digit = match lines[1].as_bytes() {
            [digit @ b'1'..=b'3'] => digit - b'0',
            _ => return Err(format!("{:?} is not a digit 1, 2 or 3", lines[1])),
        };
        Ok(Written {
            answer: Answer { moves, digit },
            stated_length: None,
        })
    }

    fn json_answer(&self, number: usize, answer: &Answer) -> serde_json::Value {
        serde_json::json!({
            "case": number,
            "moves": letters(&answer.moves),
            "length": answer.moves.len(),
            "digit": answer.digit,
        })
    }
}

impl<D: AsRef<[u8]> + Sync> EveryShortest for Rotation<D> {
    /// Every digit's answers, digits in increasing order: a line is the digit, then a
    /// space and the moves (the digit alone when no move is needed).
    fn every_shortest(&self, board: &Board, list: bool) -> Result<Shortest, Error> {
        let every = rotation::every_shortest(&self.table.distances, board, list)?;
        let mut lines = Vec::new();
        for (digit, _, walks) in &every {
            for walk in walks {
                lines.push(match walk.is_empty() {
                    true => digit.to_string(),
                    false => format!("{digit} {}", letters(walk)),
                });
            }
        }
        Ok(Shortest::Found {
            length: self.distance(board).into(),
            count: every.iter().map(|(_, count, _)| count).sum(),
            lines,
        })
    }
}

impl<D: AsRef<[u8]> + Sync> CrossCheck for Rotation<D> {
    fn search(&self, board: &Board) -> Answer {
        rotation::ida(board)
    }
}

impl<D: AsRef<[u8]> + Sync> Sample for Rotation<D> {
    fn random_case(&self, rng: &mut dyn RngCore) -> Board {
        random_board(rng)
    }
}

impl<D: AsRef<[u8]> + Sync> SampleAt for Rotation<D> {
    fn cases_at(&self, length: usize) -> Result<CasesAt<'_, Board>, NoSuchLength> {
        let boards = BoardsAt::new(&self.table.distances, length)?;
        Ok(Box::new(move |rng| Ok(boards.sample(rng))))
    }
}

impl<D: AsRef<[u8]>> super::Tables for Rotation<D> {
    type Bytes = D;

    fn tables(&self) -> Vec<(crate::table::TableId, &Table<D>)> {
        vec![(rotation::TABLE, &self.table.distances)]
    }

    fn describe_rank(&self, _: usize, rank: u64) -> String {
        let cells = rotation::mask::unrank(rank as u32);
        let list: Vec<String> = (0..CELLS)
            .filter(|c| cells >> c & 1 == 1)
            .map(|c| c.to_string())
            .collect();
        format!("one digit on cells {}", list.join(" "))
    }
}
