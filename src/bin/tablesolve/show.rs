//! `tablesolve show`: each case and every position along its answer.

use std::path::PathBuf;

use tablesolve::judge::{self, BadCases, Method, Output, Wanted};

use crate::catalogue::{Judge, Task};
use crate::{open_input, stdout, Failure};

pub struct Show<'a> {
    pub file: &'a Option<PathBuf>,
}

impl Task for Show<'_> {
    type Output = Result<(), Failure>;

    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let input = open_input(self.file)?;
        let output = stdout();
        let wanted = Wanted::Smallest(Method::Tables);
        judge::answer_each(judge, input, output, BadCases::Stop, wanted, Output::Show)?;
        Ok(())
    }
}
