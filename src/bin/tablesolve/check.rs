//! `tablesolve check`: judges an answer file written by anyone.

use std::io::Write;
use std::path::Path;

use tablesolve::judge;
use tablesolve::Error;

use crate::catalogue::{Judge, Task};
use crate::{open, stdout, Failure};

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
