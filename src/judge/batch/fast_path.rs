//! A batch's fast path through a judge's input: how a reader hands the batch many
//! cases at a time, and has them read through on the answering threads.

use std::io::Read;

use crate::error::Error;
use crate::judge::{CaseReader, Input};

/// A batch's fast path through a judge's input, beside [`CaseReader::read_case`]:
/// cases written as judges write them taken in one scan, and, where reading a case
/// takes as long as answering it, read through later on the answering threads. The
/// batch drives it; each member's default takes nothing, so a reader without one has
/// an empty `impl`.
pub trait FastPath: CaseReader {
    /// Reads case number `case` in one scan if it is valid and written as judges write
    /// it, else reads nothing and gives `None`, which is no error: then
    /// [`CaseReader::read_case`] reads it, wherever its tokens lie.
    #[inline]
    fn read_usual<R: Read>(&mut self, input: &mut Input<R>, case: usize) -> Option<Self::Case> {
        let _ = (input, case);
        None
    }

    /// Takes cases numbered from `first` on into `cases`, at most `room` of them, as
    /// [`FastPath::read_usual`] reads them, until one is not usual; gives how many it
    /// took. A reader whose usual cases are lines takes as many as the input's buffer
    /// holds at once.
    #[inline]
    fn take_usual<R: Read>(
        &mut self,
        input: &mut Input<R>,
        first: usize,
        room: usize,
        cases: &mut Vec<(usize, Self::Case)>,
    ) -> usize {
        let mut taken = 0;
        while taken < room {
            let Some(case) = self.read_usual(input, first + taken) else {
                break;
            };
            cases.push((first + taken, case));
            taken += 1;
        }
        taken
    }

    /// Whether [`FastPath::take_usual`] takes cases before reading them through,
    /// leaving that to [`FastPath::settle`].
    const SETTLES: bool = false;

    /// Reads through, side by side on the answering threads, cases that
    /// [`FastPath::take_usual`] only took (a line kept as its bytes), so that reading
    /// keeps up with answering where a case's text takes as long to read as to answer.
    /// Gives each case that proves malformed, by its index in `cases`, with the error
    /// [`CaseReader::read_case`] would have given. Called only where
    /// [`FastPath::SETTLES`].
    fn settle(&self, cases: &mut [(usize, Self::Case)]) -> Vec<(usize, Error)> {
        let _ = cases;
        Vec::new()
    }

    /// Every case taken so far is settled: what was kept for them may go.
    fn settled(&mut self) {}
}
