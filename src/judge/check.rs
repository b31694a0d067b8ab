//! Judging answers written by anyone: each replayed on its case and compared with the
//! shortest, lexicographically smallest answer.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, Read};

use super::{next_case, Format, Input, Replay, Solution};
use crate::error::Error;
use crate::moves::Named;
use crate::search::Stopped;

/// An answer as written, with what it states about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written<A> {
    /// The answer.
    pub answer: A,
    /// The number of moves the answer says it has, where the format states one.
    pub stated_length: Option<usize>,
}

/// Judges `written` for `case`, given `best`, the shortest and smallest answer: the
/// same claim of solvability, moves that can be played and solve the case, what the
/// answer states beside them, then the fewest moves and the smallest.
pub fn judge_moves<J: Replay>(
    judge: &J,
    case: &J::Case,
    written: &Written<J::Answer>,
    best: &J::Answer,
) -> Verdict {
    if let Some(stopped) = best.stopped() {
        return Verdict::Unjudged(stopped);
    }
    let (moves, best) = match (written.answer.moves(), best.moves()) {
        (None, None) => return Verdict::Correct,
        (Some(moves), Some(best)) => (moves, best),
        _ => return Verdict::WrongSolvability,
    };
    let mut state = judge.start(case);
    for (i, &m) in moves.iter().enumerate() {
        match judge.play(&state, m) {
            Some(next) => state = next,
            None => {
                let why = format!("move {} `{}` {}", i + 1, m.name(), J::ILLEGAL);
                return Verdict::Illegal(why);
            }
        }
    }
    if !judge.solved(case, &state) {
        return Verdict::NotSolved;
    }
    if let Some(verdict) = judge.misstated(&written.answer, &state) {
        return verdict;
    }
    match written.stated_length {
        Some(stated) if stated != moves.len() => Verdict::WrongLength {
            stated,
            moves: moves.len(),
        },
        _ if moves.len() > best.len() => Verdict::NotShortest {
            length: moves.len(),
            shortest: best.len(),
        },
        _ if moves != best => Verdict::NotSmallest,
        _ => Verdict::Correct,
    }
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
    /// The moves solve the case, but the answer states something else about where
    /// they lead (the Rotation Game's digit).
    Misstated {
        /// A short name of what is misstated, e.g. "wrong digit".
        kind: &'static str,
        /// What was stated and what is so.
        detail: String,
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
    /// Not judged: the search for the answer to judge by reached its limit first.
    Unjudged(Stopped),
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
            Verdict::Misstated { kind, .. } => kind,
            Verdict::WrongLength { .. } => "wrong length",
            Verdict::WrongSolvability => "wrong solvability",
            Verdict::NotShortest { .. } => "not shortest",
            Verdict::NotSmallest => "not smallest",
            Verdict::Unjudged(_) => "not judged",
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
            Verdict::Misstated { kind, detail } => write!(f, "{kind}: {detail}"),
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
            Verdict::Unjudged(stopped) => write!(
                f,
                "not judged: the search {}: every answer has at least {} moves",
                stopped.reason, stopped.lower_bound
            ),
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

    /// The cases not judged because the search reached its limit, when that is all
    /// that is wrong: every other case correct and nothing else written.
    pub fn only_unjudged(&self) -> Option<usize> {
        let unjudged = self.verdicts.get("not judged").copied()?;
        let others_correct =
            (self.verdicts.keys()).all(|&kind| kind == "correct" || kind == "not judged");
        (others_correct && self.extra_lines == 0).then_some(unjudged)
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
            let s = if self.extra_lines == 1 { "" } else { "s" };
            parts.push(format!("{} extra line{s}", self.extra_lines));
        }
        if parts.is_empty() {
            parts.push("no cases".into());
        }
        write!(f, "{}", parts.join(", "))
    }
}

/// An answer as the judge prints it, on one line: each of its lines quoted.
pub fn quoted_answer<J: Format>(judge: &J, number: usize, answer: &J::Answer) -> String {
    let mut text = Vec::new();
    judge.write_answer(number, answer, &mut text);
    let lines: Vec<String> = String::from_utf8_lossy(&text)
        .lines()
        .map(|l| format!("{l:?}"))
        .collect();
    lines.join(" ")
}

/// The longest answer line kept: far longer than any shortest answer, so a longer line
/// is wrong whatever its tail, and memory stays bounded whatever the file.
const LONGEST_LINE: usize = 1 << 12;

/// The next line of `answers` without its line ending (its first [`LONGEST_LINE`]
/// bytes), `None` at the end.
fn read_line(answers: &mut impl BufRead) -> Result<Option<String>, Error> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buffer = answers.fill_buf().map_err(Error::Answers)?;
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (part, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(n) => (&buffer[..n + 1], true),
            None => (buffer, false),
        };
        let room = LONGEST_LINE.saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = part.len();
        answers.consume(used);
        if ended {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

/// Checks every answer in `answers` against the cases of `input`, telling `failure`
/// about each case that is not correct, with the expected answer as the judge prints it.
pub fn check_all<J: Format + Replay>(
    judge: &J,
    input: impl Read,
    mut answers: impl BufRead,
    mut failure: impl FnMut(usize, &Verdict, &str),
) -> Result<CheckSummary, Error> {
    let mut reader = judge.reader();
    let mut input = Input::new(input);
    let mut summary = CheckSummary::default();
    let mut number = 0;
    while let Some(case) = next_case(&mut reader, &mut input, number + 1)? {
        number += 1;
        let mut lines = Vec::new();
        while lines.len() < J::ANSWER_LINES {
            match read_line(&mut answers)? {
                Some(line) => lines.push(line),
                None => break,
            }
        }
        let mut best = None;
        let verdict = match lines.len() {
            0 => Verdict::Missing,
            n if n < J::ANSWER_LINES => Verdict::Malformed(format!(
                "the answers end after {n} of its {} lines",
                J::ANSWER_LINES
            )),
            _ => {
                let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
                match judge.read_answer(number, &lines) {
                    Ok(written) => {
                        let answer = judge.solve(&case)?;
                        let verdict = judge_moves(judge, &case, &written, &answer);
                        best = Some(answer);
                        verdict
                    }
                    Err(why) => Verdict::Malformed(why),
                }
            }
        };
        if verdict != Verdict::Correct {
            // Searched once: the answer judged by is the one quoted.
            let best = match best {
                Some(best) => best,
                None => judge.solve(&case)?,
            };
            failure(number, &verdict, &quoted_answer(judge, number, &best));
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
