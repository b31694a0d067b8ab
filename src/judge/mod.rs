//! The judges' text formats: reading cases, writing answers, and answering a whole
//! input in bounded memory, chunk by chunk, in parallel, in input order.

mod eight;
mod input;
mod rotation;

pub use eight::{write_eight, write_eight2, EightCases, EightPairs};
pub use input::{quote, Input};
pub use rotation::{write_rotation, RotationCases};

use rayon::prelude::*;
use std::io::{BufRead, Write};

use crate::error::Error;

/// Reads the cases of one judge's input, one at a time.
pub trait CaseReader {
    /// One case, ready to answer.
    type Case: Send + Sync;

    /// Reads case number `case` (from 1), or `None` at the end of the input.
    fn read_case<R: BufRead>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Self::Case>, Error>;
}

/// A malformed-input error for `case` at `line`.
pub fn input_error(case: usize, line: usize, message: impl Into<String>) -> Error {
    Error::Input {
        case,
        line,
        message: message.into(),
    }
}

/// Cases read, answered and written together; bounds memory whatever the input's size.
const CHUNK: usize = 1 << 14;
/// Cases one parallel task answers into one buffer.
const TASK: usize = 512;

/// Reads every case from `input`, answers each with `answer(case number, case, buffer)`
/// and writes the answers to `output` in input order. Stops at the first bad case,
/// after writing the answers of every case before it. Returns the number of cases.
pub fn answer_all<C: CaseReader>(
    reader: &mut C,
    input: impl BufRead,
    mut output: impl Write,
    answer: impl Fn(usize, &C::Case, &mut Vec<u8>) -> Result<(), Error> + Sync,
) -> Result<usize, Error> {
    let mut input = Input::new(input);
    let mut answered = 0;
    let mut cases = Vec::with_capacity(CHUNK);
    loop {
        let mut stop = None;
        while cases.len() < CHUNK {
            match reader.read_case(&mut input, answered + cases.len() + 1) {
                Ok(Some(case)) => cases.push(case),
                Ok(None) => break,
                Err(error) => {
                    stop = Some(error);
                    break;
                }
            }
        }
        let full = cases.len() == CHUNK;
        let texts = cases
            .par_chunks(TASK)
            .enumerate()
            .map(|(task, chunk)| {
                let mut text = Vec::with_capacity(chunk.len() * 32);
                for (i, case) in chunk.iter().enumerate() {
                    answer(answered + task * TASK + i + 1, case, &mut text)?;
                }
                Ok(text)
            })
            .collect::<Result<Vec<_>, Error>>()?;
        for text in texts {
            output.write_all(&text).map_err(Error::Output)?;
        }
        answered += cases.len();
        cases.clear();
        if let Some(error) = stop {
            output.flush().map_err(Error::Output)?;
            return Err(error);
        }
        if !full {
            output.flush().map_err(Error::Output)?;
            return Ok(answered);
        }
    }
}
