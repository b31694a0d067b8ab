//! `tablesolve check`: judges an answer file written by anyone.

use std::io::Write;
use std::path::{Path, PathBuf};

use tablesolve::judge;
use tablesolve::Error;

use crate::catalogue::{Judge, Puzzle, Task};
use crate::{definition_first, open, stdout, Failure};

pub struct Check<'a> {
    pub input: &'a Path,
    pub answers: &'a Path,
}

impl Task for Check<'_> {
    type Output = Result<(), Failure>;

    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let mut out = stdout();
        let mut written = Ok(());
        let summary = judge::check_all(
            judge,
            open(self.input, "input")?,
            open(self.answers, "answers")?,
            |case, verdict, expected| {
                if written.is_ok() {
                    written = writeln!(out, "case {case}: {verdict}; expected {expected}");
                }
            },
        )?;
        written
            .and_then(|()| writeln!(out, "{summary}"))
            .and_then(|()| out.flush())
            .map_err(Error::Output)?;
        if summary.all_correct() {
            Ok(())
        } else if let Some(unjudged) = summary.only_unjudged() {
            // As the answers themselves: every case judged correct but these, which
            // reached a limit.
            Err(Failure::Limited(unjudged))
        } else {
            Err(Failure::Verdict)
        }
    }
}

/// `check`'s files: its definition for `def`, then INPUT and ANSWERS, not both read
/// from standard input.
pub fn files(
    puzzle: Puzzle,
    files: &[PathBuf],
) -> Result<(Option<&PathBuf>, [&PathBuf; 2]), Failure> {
    let (definition, files) = definition_first(puzzle, files, 2)?;
    let [input, answers] = files else {
        return Err(Failure::Usage("check takes INPUT and ANSWERS".into()));
    };
    if input == answers && input.as_os_str() == "-" {
        let message = "only one of INPUT and ANSWERS can be `-` (standard input)";
        return Err(Failure::Usage(message.into()));
    }
    Ok((definition, [input, answers]))
}
