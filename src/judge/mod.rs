//! The judges: reading cases, answering them, writing, drawing and checking answers,
//! in the judges' own text formats. The solvers live with their puzzles
//! ([`crate::Rotation`], [`crate::Eight`], [`crate::Eight2`], [`crate::Sliding`]); here
//! each is given its judge's format.
//!
//! A judge states what it can do, one trait per concern:
//! - [`Solver`]: answer a case (the tables' answer);
//! - [`Replay`]: play an answer's moves on its case, which is all that checking
//!   ([`check`]) and drawing ([`show`]) need;
//! - [`Format`]: the judge's text: answers out (and back in, to check them), and the
//!   reader of its cases;
//! - [`CaseReader`]: the cases as text, read and written back (the seed puzzles'
//!   readers need no table), and [`FastPath`], the batch's way through them;
//! - [`CrossCheck`]: an independent answer without tables;
//! - [`Sample`] and [`SampleAt`]: random cases, uniform, or at one shortest length;
//! - [`EveryShortest`]: every shortest answer, counted and listed (`every`).
//!
//! Cases are plain values, with no handle to their puzzle: every method that needs
//! the puzzle takes the judge or reader that has it. The batch drivers ([`batch`])
//! work for any judge, in bounded memory, in input order.

pub mod batch;
pub mod check;
mod def;
mod eight;
mod eight2;
mod every;
mod input;
mod rotation;
mod searched;
pub mod show;
mod sliding;

pub use batch::{
    answer_all, in_passes, write_json_line, write_malformed, Answered, BadCases, FastPath, Method,
    Output,
};
pub use check::{check_all, quoted_answer, CheckSummary, Verdict, Written};
pub use def::{kpattern, turns_text, DefAnswer, DefCases, Position};
pub use eight::EightCases;
pub use eight2::EightPairs;
pub use every::{shortest_json, EveryShortest, Shortest};
pub use input::{quote, Input, Line, Place, Token, KEPT};
pub use rotation::RotationCases;
pub use searched::{searched, Listed, Searched};
pub use sliding::{FifteenAnswer, FifteenCase, FifteenCases, SlidingCase, SlidingCases};

use rand::RngCore;
use std::fmt;
use std::io::{self, Read, Write};

use crate::error::Error;
use crate::moves::{Move, Named};
use crate::sample::NoSuchLength;
use crate::table::{Table, TableId};

/// Answers the cases of one judge problem.
pub trait Solver: Sync {
    /// One case of the input.
    type Case: Send + Sync + Clone + fmt::Debug;
    /// What the judge wants for a case.
    type Answer: Solution + Send + PartialEq + fmt::Debug;

    /// How many cases one parallel task answers: many where an answer takes
    /// microseconds, one where it may take seconds.
    const CASES_PER_TASK: usize = 512;

    /// The shortest, lexicographically smallest answer.
    fn solve(&self, case: &Self::Case) -> Result<Self::Answer, Error>;

    /// How many cases one parallel task answers for this judge: its kind's
    /// [`Solver::CASES_PER_TASK`] unless it knows better (a puzzle that is answered
    /// from a table or by a search, as it was opened).
    fn cases_per_task(&self) -> usize {
        Self::CASES_PER_TASK
    }
}

/// An answer: its moves, or none where the case has no solution.
pub trait Solution {
    /// The puzzle's moves.
    type Move: Named;

    /// The moves, `None` for "unsolvable" (or for a search a limit stopped).
    fn moves(&self) -> Option<&[Self::Move]>;

    /// What stopped the search before its answer, if a limit did: then there is no
    /// answer to judge by. Only searches have limits.
    fn stopped(&self) -> Option<crate::search::Stopped> {
        None
    }
}

/// Plays an answer's moves on its case, one at a time.
pub trait Replay: Solver {
    /// A position along the way.
    type State;
    /// Why a move may not be played, for messages: "`u` ...".
    const ILLEGAL: &'static str;

    /// The case's starting position.
    fn start(&self, case: &Self::Case) -> Self::State;
    /// The position after `m`, `None` where `m` cannot be played.
    fn play(&self, state: &Self::State, m: <Self::Answer as Solution>::Move)
        -> Option<Self::State>;
    /// Whether `state` is a goal of `case`.
    fn solved(&self, case: &Self::Case, state: &Self::State) -> bool;
    /// The position an unsolvable case was to reach, if it has one.
    fn target(&self, case: &Self::Case) -> Option<Self::State>;
    /// A short description of an answer, after `case N: ` in drawings.
    fn headline(&self, answer: &Self::Answer) -> String;
    /// What a written answer states beside its moves, judged against where the moves
    /// lead (the Rotation Game's digit); `None` when it holds.
    fn misstated(&self, _written: &Self::Answer, _end: &Self::State) -> Option<Verdict> {
        None
    }
    /// A position drawn for a person, as the puzzle's input writes it.
    fn draw(&self, state: &Self::State) -> String;
}

/// Reads the cases of one judge's input, one at a time, and writes cases as they stand
/// in it: what a judge's cases are as text, with no table (`generate` writes the seed
/// puzzles' cases with none opened). A batch reads faster where the reader has a
/// [`FastPath`].
pub trait CaseReader {
    /// One case, ready to answer.
    type Case: Send + Sync;

    /// Reads case number `case` (from 1), or `None` at the end of the input.
    fn read_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Self::Case>, Error>;

    /// A case as it stands in the input (without any count or end marker).
    fn case_text(&self, case: &Self::Case) -> String;

    /// A valid input holding `cases`, `count` of them, written as they come (so that
    /// any number can be written in bounded memory): by default one case a line. A
    /// format that states its number of cases first states `count`.
    fn write_cases(
        &self,
        cases: impl Iterator<Item = Self::Case>,
        count: usize,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let _ = count;
        write_case_lines(self, cases, out)
    }
}

/// Reads case number `case` with `reader`, or gives the error that reading the input
/// met on the way: a case read across a failed read is not trusted, whatever it looks
/// like.
#[inline]
fn next_case<C: CaseReader, R: Read>(
    reader: &mut C,
    input: &mut Input<R>,
    case: usize,
) -> Result<Option<C::Case>, Error> {
    let read = reader.read_case(input, case);
    match input.take_error() {
        Some(error) => Err(Error::Io(error)),
        None => read,
    }
}

/// A judge's text formats.
pub trait Format: Solver {
    /// The reader of the judge's input.
    type Reader: FastPath<Case = Self::Case> + Send + Sync;
    /// The number of output lines one answer takes.
    const ANSWER_LINES: usize;

    /// A reader of the judge's input, from its first case.
    fn reader(&self) -> Self::Reader;
    /// A reader of one case as [`CaseReader::case_text`] writes it, without whatever the
    /// judge's input has before its cases (HDU 3567's count): a board given alone.
    fn reader_of_one(&self) -> Self::Reader {
        self.reader()
    }
    /// The answer as the judge prints it, `ANSWER_LINES` lines.
    fn write_answer(&self, number: usize, answer: &Self::Answer, out: &mut Vec<u8>);
    /// The answers of a task of cases, each with its number, as the judge prints them:
    /// what [`Solver::solve`] and [`Format::write_answer`] give one case at a time,
    /// which is how it is done unless a judge knows a faster way.
    fn write_answers(&self, cases: &[(usize, Self::Case)], out: &mut Vec<u8>) -> Result<(), Error> {
        for (number, case) in cases {
            self.write_answer(*number, &self.solve(case)?, out);
        }
        Ok(())
    }
    /// An answer as written by anyone, from its `ANSWER_LINES` lines; the error says
    /// why it cannot be read.
    fn read_answer(&self, number: usize, lines: &[&str]) -> Result<Written<Self::Answer>, String>;
    /// The answer as one JSON object.
    fn json_answer(&self, number: usize, answer: &Self::Answer) -> serde_json::Value;
}

/// The one case `text` holds, written as it stands in the judge's input (without
/// anything before the cases, [`Format::reader_of_one`]): a single board to answer.
/// The error names what is wrong with it, or that there is none or more than one.
pub fn read_one<J: Format>(judge: &J, text: &str) -> Result<J::Case, Error> {
    let mut reader = judge.reader_of_one();
    let mut input = Input::new(text.as_bytes());
    let Some(case) = next_case(&mut reader, &mut input, 1)? else {
        let at = Place { line: 1, column: 1 };
        return Err(input_error(1, at, "no case given"));
    };
    match next_case(&mut reader, &mut input, 2)? {
        None => Ok(case),
        Some(_) => Err(Error::Case(
            "more than one case given where one is answered: send a batch instead".into(),
        )),
    }
}

/// Each case as `reader` writes it, one a line.
pub fn write_case_lines<C: CaseReader + ?Sized>(
    reader: &C,
    cases: impl Iterator<Item = C::Case>,
    out: &mut dyn Write,
) -> io::Result<()> {
    for case in cases {
        writeln!(out, "{}", reader.case_text(&case))?;
    }
    Ok(())
}

/// Answers cases by an independent method, without tables, to cross-check them.
pub trait CrossCheck: Sample {
    /// The answer by IDA* search.
    fn search(&self, case: &Self::Case) -> Self::Answer;

    /// A random case the independent method answers in moments.
    fn checkable_case(&self, rng: &mut dyn RngCore) -> Self::Case {
        self.random_case(rng)
    }
}

/// Draws cases uniformly from all valid ones.
pub trait Sample: Solver {
    /// One random case, uniform among every case the judge's input may hold (the
    /// 8-puzzle's include boards that never reach the goal).
    fn random_case(&self, rng: &mut dyn RngCore) -> Self::Case;

    /// One random case that has an answer, uniform among those: what a person asks
    /// for (the service's random board).
    fn random_answerable_case(&self, rng: &mut dyn RngCore) -> Self::Case {
        self.random_case(rng)
    }
}

/// A sampler of cases of one shortest length: a case, or why none was drawn (a search
/// that confirms a case's length reached its limit).
pub type CasesAt<'a, C> = Box<dyn Fn(&mut dyn RngCore) -> Result<C, Error> + 'a>;

/// Draws cases whose shortest solution has a given length.
pub trait SampleAt: Solver {
    /// A sampler of cases needing exactly `length` moves, uniform among them.
    fn cases_at(&self, length: usize) -> Result<CasesAt<'_, Self::Case>, NoSuchLength>;
}

/// What a batch gives for each case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// The smallest of the shortest answers, found by this method.
    Smallest(Method),
    /// How many shortest answers there are (`--count`).
    Count,
    /// How many, and each of them in letter order (`--all`).
    All,
}

/// Answers every case of `input` with `judge` as `wanted`, written to `output` in
/// `format`: the command's batches and the service's alike.
pub fn answer_each<J: Replay + CrossCheck + EveryShortest>(
    judge: &J,
    input: impl Read + Send,
    output: impl Write,
    bad_cases: BadCases<'_>,
    wanted: Wanted,
    format: Output,
) -> Result<Answered, Error> {
    let per_task = judge.cases_per_task();
    answer_all(
        &mut judge.reader(),
        input,
        output,
        bad_cases,
        format,
        per_task,
        |cases, out| match wanted {
            Wanted::Smallest(method) => batch::write_smallest(judge, cases, method, format, out),
            Wanted::Count => every::write_every_shortest(judge, cases, false, format, out),
            Wanted::All => every::write_every_shortest(judge, cases, true, format, out),
        },
    )
}

/// The error for `token`, found after `end`, the last thing a judge input may hold.
/// Every puzzle treats such text alike: its cases are answered, then this is reported.
pub fn after_the_end(case: usize, token: &Token, end: &str) -> Error {
    let message = format!("more input after {end}: {}", token.quoted());
    input_error(case, token.at, message)
}

/// A malformed-input error for `case` at `at`.
pub fn input_error(case: usize, at: Place, message: impl Into<String>) -> Error {
    Error::Input {
        case,
        at,
        message: message.into(),
    }
}

impl<M: Move> Solution for Option<Vec<M>> {
    type Move = M;

    fn moves(&self) -> Option<&[M]> {
        self.as_deref()
    }
}

/// The tables a judge answers from, for tools that describe them.
pub trait Tables {
    /// The table bytes.
    type Bytes: AsRef<[u8]>;

    /// Each table with its identity.
    fn tables(&self) -> Vec<(TableId, &Table<Self::Bytes>)>;
    /// The state of `rank` in table number `index`, as a person reads it.
    fn describe_rank(&self, index: usize, rank: u64) -> String;
}
