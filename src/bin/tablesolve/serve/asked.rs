//! What a request asks: the command's options, as query parameters of the same names
//! (`keep_going` for `--keep-going`), each checked with a message that names it.

use std::time::Duration;

use tablesolve::catalogue::{OptionError, OptionName, Options};
use tablesolve::judge::Output;
use tablesolve::search::{Cancel, Limits};
use tablesolve::Puzzle;

/// The parameters of an answer, for every puzzle; the sliding boards' too.
pub const ANSWER: &[&str] = &[
    "format",
    "keep_going",
    "count",
    "all",
    "goal",
    "partition",
    "size",
    "numbered",
    "timeout",
    "max_nodes",
];
/// A single board's: the board, and whether to follow its search as events.
pub const ONE_BOARD: &[&str] = &["board", "events"];
/// A random board's.
pub const RANDOM: &[&str] = &["length", "seed", "goal", "size", "partition"];

/// Every shortest answer, counted or listed, or only the smallest.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Every {
    No,
    Count,
    All,
}

/// A request's parameters, read.
pub struct Asked {
    pub puzzle: Puzzle,
    /// How to open the judge: goal, size, partition, labels (no limits: those are the
    /// request's own, [`Asked::limits`]).
    pub options: Options,
    pub format: Output,
    pub keep_going: bool,
    pub every: Every,
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    pub board: Option<String>,
    pub events: bool,
    pub length: Option<usize>,
    pub seed: Option<u64>,
}

impl Asked {
    /// Reads `query`, which may hold the parameters in `allowed` only, for `puzzle`.
    pub fn read(puzzle: Puzzle, query: &str, allowed: &[&[&str]]) -> Result<Asked, String> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query)
            .map_err(|e| format!("cannot read the query string: {e}"))?;
        let mut asked = Asked {
            puzzle,
            options: Options::default(),
            format: Output::Judge,
            keep_going: false,
            every: Every::No,
            timeout: None,
            max_nodes: None,
            board: None,
            events: false,
            length: None,
            seed: None,
        };
        for (name, value) in &pairs {
            if !allowed.iter().any(|names| names.contains(&name.as_str())) {
                let names: Vec<&str> = allowed.iter().flat_map(|n| n.iter().copied()).collect();
                return Err(format!(
                    "no parameter `{name}` here: choose among {}",
                    names.join(", ")
                ));
            }
            asked
                .take(name, value)
                .map_err(|e| format!("{name}={value:?}: {e}"))?;
        }
        asked.refuse_foreign()?;
        Ok(asked)
    }

    fn take(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "format" => {
                self.format = match value {
                    "judge" | "text" => Output::Judge,
                    "json" => Output::Json,
                    _ => return Err("give `judge` or `json`".into()),
                }
            }
            "keep_going" => self.keep_going = flag(value)?,
            "count" if flag(value)? && self.every == Every::No => self.every = Every::Count,
            "all" if flag(value)? => self.every = Every::All,
            "count" | "all" => {}
            "goal" => self.options.goal = Some(value.to_owned()),
            "partition" => self.options.partition = Some(value.parse()?),
            "size" => self.options.size = Some(tablesolve::sliding::parse_size(value)?),
            "numbered" => self.options.numbered = flag(value)?,
            "timeout" => self.timeout = Some(crate::options::parse_seconds(value)?),
            "max_nodes" => match value.parse::<u64>() {
                Ok(n) if n > 0 => self.max_nodes = Some(n),
                _ => return Err("give a positive number of nodes".into()),
            },
            "board" => self.board = Some(value.to_owned()),
            "events" => self.events = flag(value)?,
            "length" => self.length = Some(value.parse().map_err(|_| "give a number of moves")?),
            "seed" => self.seed = Some(value.parse().map_err(|_| "give a whole number")?),
            _ => unreachable!("only allowed names are taken"),
        }
        Ok(())
    }

    /// The limits only the sliding boards take, refused by name elsewhere, as the
    /// command refuses them; the rest [`Puzzle::open`] refuses itself.
    fn refuse_foreign(&self) -> Result<(), String> {
        if (self.timeout.is_some() || self.max_nodes.is_some()) && !self.puzzle.is_sliding() {
            let refused = OptionError::NotSliding {
                option: OptionName::Limits,
                puzzle: self.puzzle,
            };
            return Err(refused.to_string());
        }
        Ok(())
    }

    /// The request's limits: its own, its time capped at `max_timeout` (for the
    /// puzzles that search), and `cancel`, which a client that goes away pulls.
    pub fn limits(&self, max_timeout: Duration, cancel: &Cancel) -> Limits {
        let time = self.timeout.map_or(max_timeout, |t| t.min(max_timeout));
        Limits {
            nodes: self.max_nodes,
            time: self.puzzle.is_sliding().then_some(time),
            cancel: Some(cancel.clone()),
        }
    }
}

/// A yes-or-no parameter: `true`/`1`/empty (given bare) or `false`/`0`.
fn flag(value: &str) -> Result<bool, String> {
    match value {
        "" | "1" | "true" | "yes" => Ok(true),
        "0" | "false" | "no" => Ok(false),
        _ => Err("give true or false".into()),
    }
}
