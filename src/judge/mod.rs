//! The judges: reading cases, answering them, writing and checking answers, in the
//! judges' own text formats. [`Judge`] is what the three problems have in common; the
//! batch drivers here work for any of them, in bounded memory, in input order.

mod eight;
mod input;
mod rotation;

pub use eight::{Eight, Eight2, EightCases, EightPairs};
pub use input::{quote, Input};
pub use rotation::{Rotation, RotationCases};

use rand::RngCore;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufRead, Write};

use crate::error::Error;
use crate::generate::NoSuchLength;

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

/// One judge problem answered from its tables.
pub trait Judge: Sync {
    /// One case of the input.
    type Case: Send + Sync + Clone + fmt::Debug;
    /// What the judge wants for a case.
    type Answer: PartialEq + Send + fmt::Debug;
    /// The reader of the judge's input format.
    type Reader: CaseReader<Case = Self::Case> + Default + Send;
    /// The number of output lines one answer takes.
    const ANSWER_LINES: usize;

    /// The answer from the tables.
    fn solve(&self, case: &Self::Case) -> Result<Self::Answer, Error>;
    /// The answer from the independent IDA* search, without tables.
    fn search(&self, case: &Self::Case) -> Self::Answer;
    /// The number of moves in an answer, `None` for "unsolvable".
    fn length(answer: &Self::Answer) -> Option<usize>;
    /// The answer as the judge prints it, `ANSWER_LINES` lines.
    fn write_answer(number: usize, answer: &Self::Answer, out: &mut Vec<u8>);
    /// The case and every state its answer passes through, drawn for a person.
    fn show(number: usize, case: &Self::Case, answer: &Self::Answer) -> String;
    /// The answer as one JSON object.
    fn json_answer(number: usize, answer: &Self::Answer) -> serde_json::Value;
    /// A case as it stands in the judge's input (without any count or end marker).
    fn case_text(case: &Self::Case) -> String;
    /// A valid judge input holding `cases`.
    fn write_cases(cases: &[Self::Case], out: &mut dyn Write) -> io::Result<()>;
    /// A case drawn uniformly from all valid cases.
    fn random_case(&self, rng: &mut dyn RngCore) -> Self::Case;
    /// A sampler of cases whose shortest solution has exactly `length` moves.
    #[allow(clippy::type_complexity)]
    fn cases_at(
        &self,
        length: usize,
    ) -> Result<Box<dyn Fn(&mut dyn RngCore) -> Self::Case + '_>, NoSuchLength>;
    /// Judges a written answer to `case`, given as its `ANSWER_LINES` lines.
    fn check(&self, number: usize, case: &Self::Case, lines: &[&str]) -> Result<Verdict, Error>;
}

/// A malformed-input error for `case` at `line`.
pub fn input_error(case: usize, line: usize, message: impl Into<String>) -> Error {
    Error::Input {
        case,
        line,
        message: message.into(),
    }
}

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Exactly as the judge prints them.
    Judge,
    /// One JSON object a line.
    Json,
    /// Every state along the answer, drawn.
    Show,
}

/// Cases read, answered and written together; bounds memory whatever the input's size.
const CHUNK: usize = 1 << 14;
/// Cases one parallel task answers into one buffer.
const TASK: usize = 512;

/// What to do about a malformed case.
pub enum BadCases<'a> {
    /// End the run with its error, after answering every case before it.
    Stop,
    /// Tell the callback, skip the case and go on with the next.
    Skip(&'a mut dyn FnMut(&Error)),
}

/// What a whole run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Answered {
    /// Cases answered.
    pub cases: usize,
    /// Malformed cases skipped (only with [`BadCases::Skip`]).
    pub skipped: usize,
}

/// Cases read one after another, up to [`CHUNK`], each with its number.
struct Chunk<T> {
    cases: Vec<(usize, T)>,
    /// Malformed cases passed over, when skipping them.
    skipped: Vec<Error>,
    /// What ended the reading early: the run ends once the cases before it are answered.
    stop: Option<Error>,
    /// The number the next case will have.
    next: usize,
}

fn read_chunk<C: CaseReader, R: BufRead>(
    reader: &mut C,
    input: &mut Input<R>,
    first: usize,
    skip: bool,
) -> Chunk<C::Case> {
    let mut chunk = Chunk {
        cases: Vec::with_capacity(CHUNK),
        skipped: Vec::new(),
        stop: None,
        next: first,
    };
    while chunk.cases.len() + chunk.skipped.len() < CHUNK {
        match reader.read_case(input, chunk.next) {
            Ok(Some(case)) => chunk.cases.push((chunk.next, case)),
            Ok(None) => break,
            Err(error @ Error::Input { .. }) if skip => chunk.skipped.push(error),
            Err(error) => {
                chunk.stop = Some(error);
                break;
            }
        }
        chunk.next += 1;
    }
    chunk
}

/// Reads every case from `input`, answers each with `answer(case number, case, buffer)`
/// and writes the answers to `output` in input order. A malformed case either ends the
/// run, after the answers of every case before it are written, or is skipped.
///
/// Memory stays bounded: one chunk is answered, in parallel, while the next is read.
pub fn answer_all<C: CaseReader + Send>(
    reader: &mut C,
    input: impl BufRead + Send,
    mut output: impl Write,
    mut bad_cases: BadCases<'_>,
    answer: impl Fn(usize, &C::Case, &mut Vec<u8>) -> Result<(), Error> + Sync,
) -> Result<Answered, Error> {
    let skip = matches!(bad_cases, BadCases::Skip(_));
    let mut input = Input::new(input);
    let mut answered = Answered::default();
    let mut chunk = read_chunk(reader, &mut input, 1, skip);
    loop {
        let full = chunk.cases.len() + chunk.skipped.len() == CHUNK && chunk.stop.is_none();
        let (texts, next) = rayon::join(
            || {
                chunk
                    .cases
                    .par_chunks(TASK)
                    .map(|cases| {
                        let mut text = Vec::with_capacity(cases.len() * 32);
                        for (number, case) in cases {
                            answer(*number, case, &mut text)?;
                        }
                        Ok(text)
                    })
                    .collect::<Result<Vec<_>, Error>>()
            },
            || full.then(|| read_chunk(reader, &mut input, chunk.next, skip)),
        );
        for text in texts? {
            output.write_all(&text).map_err(Error::Output)?;
        }
        answered.cases += chunk.cases.len();
        answered.skipped += chunk.skipped.len();
        if let BadCases::Skip(report) = &mut bad_cases {
            chunk.skipped.iter().for_each(report);
        }
        if let Some(error) = chunk.stop {
            output.flush().map_err(Error::Output)?;
            return Err(error);
        }
        match next {
            Some(next) => chunk = next,
            None => {
                output.flush().map_err(Error::Output)?;
                return Ok(answered);
            }
        }
    }
}

/// How answers are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The greedy walk down the tables.
    Tables,
    /// The independent IDA* search, for comparison.
    Search,
}

/// Answers every case of `input` with `judge` by `method`, written in `format`.
pub fn solve_all<J: Judge>(
    judge: &J,
    input: impl BufRead + Send,
    output: impl Write,
    bad_cases: BadCases<'_>,
    method: Method,
    format: Output,
) -> Result<Answered, Error> {
    answer_all(
        &mut J::Reader::default(),
        input,
        output,
        bad_cases,
        |number, case, out| {
            let answer = match method {
                Method::Tables => judge.solve(case)?,
                Method::Search => judge.search(case),
            };
            match format {
                Output::Judge => J::write_answer(number, &answer, out),
                Output::Json => {
                    serde_json::to_writer(&mut *out, &J::json_answer(number, &answer))
                        .expect("JSON into memory");
                    out.push(b'\n');
                }
                Output::Show => out.extend_from_slice(J::show(number, case, &answer).as_bytes()),
            }
            Ok(())
        },
    )
}

/// What is wrong with a written answer, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Shortest, smallest, and as the judge prints it.
    Correct,
    /// The answer file ends before this case's answer.
    Missing,
    /// The answer cannot be read as an answer.
    Malformed(String),
    /// A move cannot be played.
    Illegal(String),
    /// The moves do not reach the goal.
    NotSolved,
    /// The moves solve the board, but with another digit than the one stated.
    WrongDigit {
        /// The digit the answer states.
        stated: u8,
        /// The digit the moves gather.
        reached: u8,
    },
    /// The stated length is not the number of moves given.
    WrongLength {
        /// The length the answer states.
        stated: usize,
        /// The number of moves it gives.
        moves: usize,
    },
    /// The answer says unsolvable where there is a solution, or the reverse.
    WrongSolvability,
    /// The moves solve the case, but more are used than needed.
    NotShortest {
        /// The answer's length.
        length: usize,
        /// The shortest length.
        shortest: usize,
    },
    /// A shortest solution, but not the lexicographically smallest.
    NotSmallest,
}

impl Verdict {
    /// A short name of the verdict's kind, for summaries.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Correct => "correct",
            Verdict::Missing => "missing",
            Verdict::Malformed(_) => "malformed",
            Verdict::Illegal(_) => "illegal move",
            Verdict::NotSolved => "not solved",
            Verdict::WrongDigit { .. } => "wrong digit",
            Verdict::WrongLength { .. } => "wrong length",
            Verdict::WrongSolvability => "wrong solvability",
            Verdict::NotShortest { .. } => "not shortest",
            Verdict::NotSmallest => "not smallest",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Correct => write!(f, "correct"),
            Verdict::Missing => write!(f, "missing: the answers end before this case"),
            Verdict::Malformed(why) => write!(f, "malformed: {why}"),
            Verdict::Illegal(why) => write!(f, "illegal move: {why}"),
            Verdict::NotSolved => write!(f, "not solved: the moves do not reach the goal"),
            Verdict::WrongDigit { stated, reached } => {
                write!(
                    f,
                    "wrong digit: the moves gather {reached}, the answer says {stated}"
                )
            }
            Verdict::WrongLength { stated, moves } => {
                write!(f, "wrong length: {stated} stated, {moves} moves given")
            }
            Verdict::WrongSolvability => write!(f, "wrong solvability"),
            Verdict::NotShortest { length, shortest } => {
                write!(
                    f,
                    "not shortest: {length} moves, the shortest take {shortest}"
                )
            }
            Verdict::NotSmallest => write!(f, "not smallest: another shortest answer comes first"),
        }
    }
}

/// The outcome of checking a whole answer file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// The number of cases with each kind of verdict.
    pub verdicts: BTreeMap<&'static str, usize>,
    /// Non-empty lines after the last case's answer.
    pub extra_lines: usize,
}

impl CheckSummary {
    /// Whether every case was answered correctly, and nothing else was written.
    pub fn all_correct(&self) -> bool {
        self.extra_lines == 0 && self.verdicts.keys().all(|&kind| kind == "correct")
    }
}

impl fmt::Display for CheckSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .verdicts
            .iter()
            .map(|(kind, n)| format!("{n} {kind}"))
            .collect();
        if self.extra_lines > 0 {
            parts.push(format!("{} extra lines", self.extra_lines));
        }
        if parts.is_empty() {
            parts.push("no cases".into());
        }
        write!(f, "{}", parts.join(", "))
    }
}

/// An answer as the judge prints it, on one line: each of its lines quoted.
pub fn quoted_answer<J: Judge>(number: usize, answer: &J::Answer) -> String {
    let mut text = Vec::new();
    J::write_answer(number, answer, &mut text);
    let lines: Vec<String> = String::from_utf8_lossy(&text)
        .lines()
        .map(|l| format!("{l:?}"))
        .collect();
    lines.join(" ")
}

/// The next line of `answers` without its line ending, `None` at the end.
fn read_line(answers: &mut impl BufRead) -> Result<Option<String>, Error> {
    let mut line = Vec::new();
    if answers.read_until(b'\n', &mut line)? == 0 {
        return Ok(None);
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

/// Checks every answer in `answers` against the cases of `input`, telling `failure`
/// about each case that is not correct, with the expected answer as the judge prints it.
pub fn check_all<J: Judge>(
    judge: &J,
    input: impl BufRead,
    mut answers: impl BufRead,
    mut failure: impl FnMut(usize, &Verdict, &str),
) -> Result<CheckSummary, Error> {
    let mut reader = J::Reader::default();
    let mut input = Input::new(input);
    let mut summary = CheckSummary::default();
    let mut number = 0;
    while let Some(case) = reader.read_case(&mut input, number + 1)? {
        number += 1;
        let mut lines = Vec::new();
        while lines.len() < J::ANSWER_LINES {
            match read_line(&mut answers)? {
                Some(line) => lines.push(line),
                None => break,
            }
        }
        let verdict = match lines.len() {
            0 => Verdict::Missing,
            n if n < J::ANSWER_LINES => Verdict::Malformed(format!(
                "the answers end after {n} of its {} lines",
                J::ANSWER_LINES
            )),
            _ => judge.check(
                number,
                &case,
                &lines.iter().map(String::as_str).collect::<Vec<_>>(),
            )?,
        };
        if verdict != Verdict::Correct {
            failure(
                number,
                &verdict,
                &quoted_answer::<J>(number, &judge.solve(&case)?),
            );
        }
        *summary.verdicts.entry(verdict.kind()).or_default() += 1;
    }
    while let Some(line) = read_line(&mut answers)? {
        if !line.trim().is_empty() {
            summary.extra_lines += 1;
        }
    }
    Ok(summary)
}
