//! UVA 1343: 24 values a case, a lone `0` ends the input; two lines an answer.

use std::io::BufRead;

use super::{input_error, quote, CaseReader, Input};
use crate::error::Error;
use crate::rotation::{Answer, Board, CELLS};

/// Reads Rotation Game boards.
#[derive(Default)]
pub struct RotationCases;

impl CaseReader for RotationCases {
    type Case = Board;

    fn read_case<R: BufRead>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Board>, Error> {
        let mut cells = [0; CELLS];
        let mut first_line = 0;
        for (position, cell) in cells.iter_mut().enumerate() {
            let Some((token, line)) = input.token()? else {
                if position == 0 {
                    return Ok(None);
                }
                let message = format!("input ends after {position} of the board's {CELLS} values");
                return Err(input_error(case, input.line(), message));
            };
            if position == 0 {
                if token == b"0" {
                    return Ok(None);
                }
                first_line = line;
            }
            *cell = match token {
                [digit @ b'1'..=b'3'] => digit - b'0',
                _ => {
                    let message = format!(
                        "value {} at position {} is not 1, 2 or 3",
                        quote(token),
                        position + 1
                    );
                    return Err(input_error(case, line, message));
                }
            };
        }
        Board::new(cells)
            .map(Some)
            .map_err(|error| input_error(case, first_line, error.to_string()))
    }
}

/// The answer in the judge's two lines: the moves (or `No moves needed`), the digit.
pub fn write_rotation(answer: &Answer, out: &mut Vec<u8>) {
    if answer.moves.is_empty() {
        out.extend_from_slice(b"No moves needed");
    }
    out.extend(answer.moves.iter().map(|m| m.letter() as u8));
    out.extend_from_slice(&[b'\n', b'0' + answer.digit, b'\n']);
}
