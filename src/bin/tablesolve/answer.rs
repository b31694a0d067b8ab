//! `tablesolve PUZZLE [FILE]`: judge input in, judge output out.

use std::path::PathBuf;
use std::time::Duration;

use tablesolve::judge::{self, BadCases, Method, Output};
use tablesolve::search::Limits;
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
    /// one a line, in letter order (Rotation Game: the digit, a space, the moves)
    #[arg(long, conflicts_with_all = ["method", "count"])]
    all: bool,
    /// fifteen, twentyfour and sliding only: stop a case's search after SECONDS of
    /// wall-clock time; its answer line is `limit L`, L the fewest moves it proved
    /// necessary (exit status 5)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// fifteen, twentyfour and sliding only: stop a case's search after N nodes
    /// (positions generated), as --timeout does
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds < 1e9) {
        return Err(format!(
            "{text} seconds: give a positive number below a billion"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

impl Answer {
    /// The limits on each case's search, if any was given.
    pub fn limits(&self) -> Option<Limits> {
        (self.timeout.is_some() || self.max_nodes.is_some()).then_some(Limits {
            nodes: self.max_nodes,
            time: self.timeout,
            cancel: None,
        })
    }
}

impl Task for &Answer {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let format = match self.format {
            Format::Judge => Output::Judge,
            Format::Json => Output::Json,
        };
        let method = match self.method {
            How::Tables => Method::Tables,
            How::Ida => Method::Search,
        };
        let mut report = |error: &Error| eprintln!("tablesolve: {error}");
        let bad_cases = if self.keep_going {
            BadCases::Skip(&mut report)
        } else {
            BadCases::Stop
        };
        let input = open_input(&self.file)?;
        let answered = match self.count || self.all {
            true => judge::every_shortest_all(judge, input, stdout(), bad_cases, self.all, format)?,
            false => judge::solve_all(judge, input, stdout(), bad_cases, method, format)?,
        };
        if answered.malformed > 0 {
            let cases = if answered.malformed == 1 {
                "case"
            } else {
                "cases"
            };
            eprintln!(
                "tablesolve: {} malformed {cases} (answered `error`), {} answered",
                answered.malformed, answered.cases
            );
            return Err(Failure::Verdict);
        }
        Ok(())
    }
}
