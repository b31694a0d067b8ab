//! HDU 1043 (nine characters a case until the end, one line an answer) and HDU 3567
//! (a count, then start and target pairs; `Case i: n` and the moves).

use std::io::BufRead;

use super::{input_error, quote, CaseReader, Input};
use crate::eight::{cantor::CELLS, Grid, Move};
use crate::error::Error;

/// Reads HDU 1043 starts: the next nine characters that are not white space.
#[derive(Default)]
pub struct EightCases;

impl CaseReader for EightCases {
    type Case = Grid;

    fn read_case<R: BufRead>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Grid>, Error> {
        let mut text = [0; CELLS];
        let mut first_line = 0;
        for (position, slot) in text.iter_mut().enumerate() {
            let Some((byte, line)) = input.byte()? else {
                if position == 0 {
                    return Ok(None);
                }
                let message =
                    format!("input ends after {position} of the case's {CELLS} characters");
                return Err(input_error(case, input.line(), message));
            };
            if position == 0 {
                first_line = line;
            }
            *slot = byte;
        }
        Grid::parse(&text)
            .map(Some)
            .map_err(|error| input_error(case, first_line, error.to_string()))
    }
}

/// Reads HDU 3567: the case count `T`, then `T` pairs of start and target.
#[derive(Default)]
pub struct EightPairs {
    /// `T`, once read.
    count: Option<usize>,
}

impl CaseReader for EightPairs {
    type Case = (Grid, Grid);

    fn read_case<R: BufRead>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<(Grid, Grid)>, Error> {
        let count = match self.count {
            Some(count) => count,
            None => {
                let Some((token, line)) = input.token()? else {
                    return Err(input_error(
                        case,
                        input.line(),
                        "empty input: expected the number of cases T",
                    ));
                };
                let count = std::str::from_utf8(token)
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .ok_or_else(|| {
                        input_error(
                            case,
                            line,
                            format!("expected the number of cases T, found {}", quote(token)),
                        )
                    })?;
                *self.count.insert(count)
            }
        };
        if case > count {
            return match input.token()? {
                None => Ok(None),
                Some((_, line)) => Err(input_error(
                    case,
                    line,
                    format!("more input after the T = {count} cases"),
                )),
            };
        }
        let mut read_grid = |what: &str| -> Result<Grid, Error> {
            let Some((token, line)) = input.token()? else {
                let message = format!("input ends before the {what} of case {case} of T = {count}");
                return Err(input_error(case, input.line(), message));
            };
            Grid::parse(token).map_err(|error| {
                input_error(case, line, format!("{what} {}: {error}", quote(token)))
            })
        };
        let start = read_grid("start")?;
        let target = read_grid("target")?;
        Ok(Some((start, target)))
    }
}

fn letters(moves: &[Move], out: &mut Vec<u8>) {
    out.extend(moves.iter().map(|m| m.letter() as u8));
}

/// HDU 1043's answer line: the moves, or `unsolvable`.
pub fn write_eight(moves: Option<&[Move]>, out: &mut Vec<u8>) {
    match moves {
        Some(moves) => letters(moves, out),
        None => out.extend_from_slice(b"unsolvable"),
    }
    out.push(b'\n');
}

/// HDU 3567's two lines: `Case i: n` (or `Case i: unsolvable`), then the moves.
pub fn write_eight2(case: usize, moves: Option<&[Move]>, out: &mut Vec<u8>) {
    match moves {
        Some(moves) => {
            out.extend_from_slice(format!("Case {case}: {}\n", moves.len()).as_bytes());
            letters(moves, out);
        }
        None => out.extend_from_slice(format!("Case {case}: unsolvable\n").as_bytes()),
    }
    out.push(b'\n');
}
