//! `tablesolve PUZZLE [FILE]`: judge input in, judge output out.

use std::path::PathBuf;

use tablesolve::judge::{self, BadCases, Method, Output, Wanted};
use tablesolve::Error;

use crate::catalogue::{Judge, Task};
use crate::{open_input, stdout, Failure};

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    /// Exactly as the judge prints
    Judge,
    /// One JSON object a case
    Json,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum How {
    /// The greedy walk down the distance tables
    Tables,
    /// The independent IDA* search (slow; for comparison)
    Ida,
}

#[derive(clap::Args)]
pub struct Answer {
    /// Judge input; standard input if absent or `-`
    file: Option<PathBuf>,
    /// How to write the answers
    #[arg(long, value_enum, default_value_t = Format::Judge)]
    format: Format,
    /// How to find the answers
    #[arg(long, value_enum, default_value_t = How::Tables)]
    method: How,
    /// Report every malformed case and answer every good one, instead of stopping at
    /// the first malformed case; a malformed case's answer is the line `error` (JSON:
    /// {"case":N,"error":"..."}), so that answer K still belongs to case K
    #[arg(long)]
    keep_going: bool,
    /// Write, for each case, the number of shortest answers (exact, however large)
    #[arg(long, conflicts_with = "method")]
    count: bool,
    /// Write, for each case, the number of shortest answers and then every one of them,
    /// one a line, in letter order (Rotation Game: the digit, a space, the moves); a case
    /// of more than 1,000,000 is refused
    #[arg(long, conflicts_with_all = ["method", "count"])]
    all: bool,
}

impl Task for &Answer {
    type Output = Result<(), Failure>;

    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let format = match self.format {
            Format::Judge => Output::Judge,
            Format::Json => Output::Json,
        };
        let method = match self.method {
            How::Tables => Method::Tables,
            How::Ida => Method::Search,
        };
        let mut report = |error: &Error| say!("tablesolve: {error}");
        let bad_cases = if self.keep_going {
            BadCases::Skip(&mut report)
        } else {
            BadCases::Stop
        };
        let input = open_input(&self.file)?;
        let wanted = match (self.count, self.all) {
            (_, true) => Wanted::All,
            (true, false) => Wanted::Count,
            (false, false) => Wanted::Smallest(method),
        };
        let answered = judge::answer_each(judge, input, stdout(), bad_cases, wanted, format)?;
        if answered.malformed > 0 {
            let cases = if answered.malformed == 1 {
                "case"
            } else {
                "cases"
            };
            say!(
                "tablesolve: {} malformed {cases} (answered `error`), {} answered",
                answered.malformed,
                answered.cases
            );
            return Err(Failure::Verdict);
        }
        Ok(())
    }
}
