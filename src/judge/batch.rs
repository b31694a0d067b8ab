//! Batches: every case of an input read, answered in parallel and written in input
//! order, in bounded memory.

use rayon::prelude::*;
use std::io::{Read, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use super::show::show;
use super::{next_case, CrossCheck, Format, Input, Replay};
use crate::error::Error;
use crate::parallel::{lock, Slot, CHUNK};
use crate::search;

mod fast_path;
pub use fast_path::FastPath;

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

/// What to do about a malformed case.
pub enum BadCases<'a> {
    /// End the run with its error, after answering every case before it.
    Stop,
    /// Tell the callback, write the case's placeholder answer ([`write_malformed`]) and
    /// go on with the next case.
    Skip(&'a mut dyn FnMut(&Error)),
}

/// What a whole run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Answered {
    /// Cases answered.
    pub cases: usize,
    /// Malformed cases passed over, each answered by its placeholder (only with
    /// [`BadCases::Skip`]).
    pub malformed: usize,
}

/// `json` and a line end: a line of `--format json`.
pub fn write_json_line(json: &serde_json::Value, out: &mut Vec<u8>) {
    serde_json::to_writer(&mut *out, json).expect("JSON into memory");
    out.push(b'\n');
}

/// A malformed case's place in the output (`../shared/SPEC.md` section 10), so that
/// answers stay paired with their cases: the line `error` (for every judge, however
/// many lines its answers take), or in JSON the case's number and the message.
pub fn write_malformed(format: Output, error: &Error, out: &mut Vec<u8>) {
    match (format, error) {
        (Output::Json, Error::Input { case, .. }) => write_json_line(
            &serde_json::json!({ "case": case, "error": error.to_string() }),
            out,
        ),
        (Output::Show, Error::Input { case, .. }) => {
            out.extend_from_slice(format!("case {case}: error: {error}\n\n").as_bytes())
        }
        _ => out.extend_from_slice(b"error\n"),
    }
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

/// Reads the next chunk, its cases from `first` on, after dropping `done`, the cases of
/// a chunk answered before: this runs beside the answering, where dropping them (a
/// reference count each, for a defined puzzle's) would keep every core waiting. (Their
/// memory is not read into: lines the answering threads last read, written again
/// from another core, made the Rotation Game's batches slower.)
fn read_chunk<C: FastPath + Sync, R: Read>(
    reader: &mut C,
    input: &mut Input<R>,
    first: usize,
    skip: bool,
    done: Vec<(usize, C::Case)>,
) -> Chunk<C::Case> {
    drop(done);
    let mut chunk = Chunk {
        cases: Vec::with_capacity(CHUNK),
        skipped: Vec::new(),
        stop: None,
        next: first,
    };
    while chunk.cases.len() + chunk.skipped.len() < CHUNK {
        let room = CHUNK - chunk.cases.len() - chunk.skipped.len();
        let taken = reader.take_usual(input, chunk.next, room, &mut chunk.cases);
        if taken > 0 {
            chunk.next += taken;
            continue;
        }
        match next_case(reader, input, chunk.next) {
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
    if C::SETTLES {
        settle(reader, &mut chunk, skip);
        reader.settled();
    }
    chunk
}

/// Cases a reader settles in one task.
const SETTLE_TASK: usize = 1024;

/// Reads through the cases `reader` only took, on rayon's threads; each that proves
/// malformed is passed over, when skipping them, or ends the chunk there.
fn settle<C: FastPath + Sync>(reader: &C, chunk: &mut Chunk<C::Case>, skip: bool) {
    let malformed: Vec<(usize, Error)> = (chunk.cases.par_chunks_mut(SETTLE_TASK))
        .enumerate()
        .flat_map_iter(|(task, cases)| {
            let first = task * SETTLE_TASK;
            let found = reader.settle(cases);
            found.into_iter().map(move |(i, error)| (first + i, error))
        })
        .collect();
    if !skip {
        // The first ends the run, before whatever ended the reading after it.
        if let Some((at, error)) = malformed.into_iter().next() {
            chunk.cases.truncate(at);
            chunk.stop = Some(error);
        }
        return;
    }
    if malformed.is_empty() {
        return;
    }
    let mut bad = malformed.iter().map(|(i, _)| *i).peekable();
    let mut index = 0;
    chunk.cases.retain(|_| {
        let keep = bad.next_if_eq(&index).is_none();
        index += 1;
        keep
    });
    // Passed over in case order, among those the reading passed over itself.
    chunk
        .skipped
        .extend(malformed.into_iter().map(|(_, error)| error));
    chunk.skipped.sort_by_key(malformed_case);
}

/// Reads every case from `input`, answers them with `answer(cases, buffer)`, given
/// `cases_per_task` cases at a time with their numbers, and writes the answers to
/// `output` in input order, each task's as soon as those before it are written. A
/// malformed case either ends the run, after the answers of every case before it are
/// written, or is passed over, its placeholder written in `format` in its place; a
/// case that `answer` fails on ends the run after the answers before it. Once
/// `output` fails (a reader closed the pipe), tasks not yet begun are dropped and the
/// run ends with that error.
///
/// Memory stays bounded: one chunk is answered, in parallel, while the next is read.
pub fn answer_all<C: FastPath + Send + Sync>(
    reader: &mut C,
    input: impl Read + Send,
    mut output: impl Write,
    mut bad_cases: BadCases<'_>,
    format: Output,
    cases_per_task: usize,
    answer: impl Fn(&[(usize, C::Case)], &mut Vec<u8>) -> Result<(), Error> + Sync,
) -> Result<Answered, Error> {
    let skip = matches!(bad_cases, BadCases::Skip(_));
    let mut input = Input::new(input);
    let mut answered = Answered::default();
    let mut chunk = read_chunk(reader, &mut input, 1, skip, Vec::new());
    // The cases of the chunk answered before this one, dropped as the next is read.
    let mut done = Vec::new();
    loop {
        let full = chunk.cases.len() + chunk.skipped.len() == CHUNK && chunk.stop.is_none();
        let mut next = None;
        let tasks = tasks(&chunk, cases_per_task);
        let answer = |(bad, cases): &Task| {
            let mut text = Vec::with_capacity(cases.len() * 32);
            for error in &chunk.skipped[bad.clone()] {
                write_malformed(format, error, &mut text);
            }
            // Searches are labelled by the task's first case: a searched puzzle's task
            // is one case.
            let cases = &chunk.cases[cases.clone()];
            let first = cases.first().map_or(0, |(number, _)| *number);
            // What was answered before a failure is written before it.
            match search::for_case(first, || answer(cases, &mut text)) {
                Ok(()) => Ok(text),
                Err(error) => Err((text, error)),
            }
        };
        let read_next = || {
            if full {
                next = Some(read_chunk(reader, &mut input, chunk.next, skip, done));
            }
        };
        write_in_order(&tasks, &answer, &mut output, read_next)?;
        answered.cases += chunk.cases.len();
        answered.malformed += chunk.skipped.len();
        if let BadCases::Skip(report) = &mut bad_cases {
            chunk.skipped.iter().for_each(report);
        }
        if let Some(error) = chunk.stop {
            output.flush().map_err(Error::Output)?;
            return Err(error);
        }
        match next {
            Some(next) => done = std::mem::replace(&mut chunk, next).cases,
            None => {
                output.flush().map_err(Error::Output)?;
                return Ok(answered);
            }
        }
    }
}

/// A task of a chunk: the malformed cases (indices into `skipped`) that come just
/// before its cases (indices into `cases`), which follow one another.
type Task = (Range<usize>, Range<usize>);

/// The number of the malformed case `error` passes over.
fn malformed_case(error: &Error) -> usize {
    match error {
        Error::Input { case, .. } => *case,
        _ => unreachable!("only malformed cases are passed over"),
    }
}

/// A chunk cut into tasks of at most `cases_per_task` cases, in input order; a task
/// ends where a malformed case comes, so that its placeholder is written in its place.
fn tasks<T>(chunk: &Chunk<T>, cases_per_task: usize) -> Vec<Task> {
    let (cases, skipped) = (&chunk.cases, &chunk.skipped);
    let mut tasks = Vec::new();
    let (mut case, mut bad) = (0, 0);
    while case < cases.len() || bad < skipped.len() {
        let next = cases.get(case).map_or(usize::MAX, |(n, _)| *n);
        let bad_end = bad
            + skipped[bad..]
                .iter()
                .take_while(|e| malformed_case(e) < next)
                .count();
        // The cases before the next malformed one, found by a search, not case by case.
        let before_bad = skipped.get(bad_end).map_or(cases.len(), |error| {
            case + cases[case..].partition_point(|(n, _)| *n < malformed_case(error))
        });
        let end = (case + cases_per_task.max(1))
            .min(before_bad)
            .max((case + 1).min(cases.len()));
        tasks.push((bad..bad_end, case..end));
        (case, bad) = (end, bad_end);
    }
    tasks
}

/// A task's answers as text, or what it wrote before the failure that ended it.
type TaskText = Result<Vec<u8>, (Vec<u8>, Error)>;

/// How long answered tasks may wait before they are written and flushed: a slow
/// search's answers still show as they come, and a closed pipe within this time, while
/// the writer wakes a few dozen times a second, not once a task.
const WRITE_EVERY: Duration = Duration::from_millis(20);

/// Answers `tasks` on rayon's threads, with `beside` (the reading of the next chunk)
/// as one more of their jobs, and writes each task's answers, in order, within
/// [`WRITE_EVERY`] of when it and every task before it are answered (so that a closed
/// pipe shows soon). The first failure, in input order, ends it, written after what
/// its task answered before it: tasks not yet begun then do nothing. Every job runs
/// on rayon's threads, this one only writes: no thread is started, and no more
/// threads want the cores than rayon has.
fn write_in_order<T: Sync>(
    tasks: &[T],
    answer: &(impl Fn(&T) -> TaskText + Sync),
    output: &mut impl Write,
    beside: impl FnOnce() + Send,
) -> Result<(), Error> {
    let stopped = AtomicBool::new(false);
    let answered: Vec<Slot<TaskText>> = tasks.iter().map(|_| Mutex::new(None)).collect();
    let (done, all_answered) = mpsc::channel::<()>();
    rayon::in_place_scope(|scope| {
        scope.spawn(|_| beside());
        // One job answers them all, so that rayon splits them as the threads free up;
        // it wakes this thread only when all are answered.
        scope.spawn(|_| {
            tasks.par_iter().zip(&answered).for_each(|(task, slot)| {
                if !stopped.load(Ordering::Relaxed) {
                    *lock(slot) = Some(answer(task));
                }
            });
            drop(done);
        });
        let mut next = 0;
        let written = loop {
            let last = matches!(
                all_answered.recv_timeout(WRITE_EVERY),
                Err(RecvTimeoutError::Disconnected)
            );
            let mut written = Ok(false);
            while let Some(text) = answered.get(next).and_then(|slot| lock(slot).take()) {
                next += 1;
                written = match text {
                    Ok(text) => output
                        .write_all(&text)
                        .map_err(Error::Output)
                        .map(|()| true),
                    Err((text, error)) => (output.write_all(&text))
                        .and_then(|()| output.flush())
                        .map_err(Error::Output)
                        .and(Err(error)),
                };
                if written.is_err() {
                    break;
                }
            }
            let written = match written {
                Ok(true) => output.flush().map_err(Error::Output),
                Ok(false) => Ok(()),
                Err(error) => Err(error),
            };
            if written.is_err() || last {
                break written;
            }
        };
        if written.is_err() {
            stopped.store(true, Ordering::Relaxed);
        }
        written
    })
}

/// Answers a task of cases in three passes: every case's key (its ranks), then every
/// table lookup, then every answer written. The lookups are then a tight loop of loads
/// that do not wait on each other, so their cache misses overlap, where one case at a
/// time would wait for each with a whole answer's work between them.
pub fn in_passes<C, K, F>(
    cases: &[(usize, C)],
    key: impl Fn(&C) -> K,
    look_up: impl Fn(K) -> F,
    mut write: impl FnMut(usize, &C, F) -> Result<(), Error>,
) -> Result<(), Error> {
    let keys: Vec<K> = cases.iter().map(|(_, case)| key(case)).collect();
    let found: Vec<F> = keys.into_iter().map(look_up).collect();
    for ((number, case), found) in cases.iter().zip(found) {
        write(*number, case, found)?;
    }
    Ok(())
}

/// How answers are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The greedy walk down the tables.
    Tables,
    /// The independent IDA* search, for comparison.
    Search,
}

/// Writes the answers of `cases` found by `method` to `out` in `format`: the smallest
/// of the shortest, each case's.
pub(super) fn write_smallest<J: Format + Replay + CrossCheck>(
    judge: &J,
    cases: &[(usize, J::Case)],
    method: Method,
    format: Output,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    if (method, format) == (Method::Tables, Output::Judge) {
        return judge.write_answers(cases, out);
    }
    for (number, case) in cases {
        let answer = match method {
            Method::Tables => judge.solve(case)?,
            Method::Search => judge.search(case),
        };
        let number = *number;
        match format {
            Output::Judge => judge.write_answer(number, &answer, out),
            Output::Json => write_json_line(&judge.json_answer(number, &answer), out),
            Output::Show => out.extend_from_slice(show(judge, number, case, &answer).as_bytes()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Place;
    use crate::judge::input_error;

    /// A chunk of cases numbered from 1 to `last`, those in `bad` malformed.
    fn chunk(last: usize, bad: &[usize]) -> Chunk<()> {
        Chunk {
            cases: (1..=last)
                .filter(|n| !bad.contains(n))
                .map(|n| (n, ()))
                .collect(),
            skipped: bad
                .iter()
                .map(|&n| input_error(n, Place::default(), "bad"))
                .collect(),
            stop: None,
            next: last + 1,
        }
    }

    /// Every case and placeholder once, in input order, no task longer than asked or
    /// holding a malformed case between two of its cases.
    #[test]
    fn tasks_keep_input_order_and_break_at_malformed_cases() {
        for (last, bad, per) in [
            (10, vec![], 3),
            (10, vec![1], 4),
            (10, vec![10], 4),
            (12, vec![3, 4, 9], 2),
            (12, vec![3, 4, 9], 100),
            (5, vec![1, 2, 3, 4, 5], 2),
            (7, vec![2, 6], 1),
            (7, vec![2, 6], 0),
        ] {
            let chunk = chunk(last, &bad);
            let mut order = Vec::new();
            for (skipped, cases) in tasks(&chunk, per) {
                let numbers: Vec<usize> = chunk.cases[cases].iter().map(|(n, _)| *n).collect();
                assert!(numbers.len() <= per.max(1), "{numbers:?} longer than {per}");
                assert!(numbers.windows(2).all(|pair| pair[1] == pair[0] + 1));
                order.extend(chunk.skipped[skipped].iter().map(malformed_case));
                order.extend(numbers);
            }
            assert_eq!(
                order,
                (1..=last).collect::<Vec<_>>(),
                "{last} {bad:?} {per}"
            );
        }
    }
}
