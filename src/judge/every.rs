//! Every shortest answer of a case (`--count`, `--all`; `../shared/SPEC.md` section
//! 9): what a judge finds, how much of it a listing keeps, and how a batch writes it.

use super::batch::{write_json_line, Output};
use super::Format;
use crate::error::Error;
use crate::moves::Move;
use crate::search::{Budget, Every, Outcome, Stopped};

/// Every shortest answer of one case (`--count`, `--all`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shortest {
    /// `count` answers of `length` moves each, and, when listed, each answer as the
    /// puzzle writes it, in letter order.
    Found {
        /// The moves an answer takes.
        length: usize,
        /// How many answers take that few.
        count: u128,
        /// Their lines, when listed.
        lines: Vec<String>,
    },
    /// No moves reach the goal.
    Unsolvable,
    /// A limit stopped the search first.
    Stopped(Stopped),
}

impl Shortest {
    /// These answers of case `case` as a listing may give them: refused where `list`
    /// asks for more than [`crate::search::MOST_LISTED`], which are counted but not
    /// kept.
    pub fn listed(self, case: usize, list: bool) -> Result<Shortest, Error> {
        match self {
            Shortest::Found { length, count, .. }
                if list && count > crate::search::MOST_LISTED as u128 =>
            {
                let message = format!(
                    "case {case}: {count} shortest answers of {length} moves, more than `--all` lists ({}); `--count` counts them",
                    crate::search::MOST_LISTED
                );
                Err(Error::Case(message.into()))
            }
            shortest => Ok(shortest),
        }
    }

    /// Every shortest walk down an exact table; `None` when the goal is out of reach.
    pub fn of_every<M: Move>(every: Option<Every<M>>) -> Shortest {
        match every {
            Some(every) => Shortest::Found {
                length: every.length,
                count: every.count,
                lines: every
                    .answers
                    .iter()
                    .map(|w| crate::moves::letters(w))
                    .collect(),
            },
            None => Shortest::Unsolvable,
        }
    }

    /// What a search found: its answers, each written by `text`; a search a limit
    /// stopped is counted on `budget`.
    pub fn of_search<M>(
        outcome: Outcome<Every<M>>,
        text: impl Fn(&[M]) -> String,
        budget: &Budget,
    ) -> Shortest {
        match outcome {
            Outcome::Solved(every) => Shortest::Found {
                length: every.length,
                count: every.count,
                lines: every.answers.iter().map(|m| text(m)).collect(),
            },
            Outcome::Stopped(stopped) => {
                budget.count_stopped(&stopped);
                Shortest::Stopped(stopped)
            }
            Outcome::Unreachable { .. } => Shortest::Unsolvable,
        }
    }
}

/// A judge that finds every shortest answer of a case, not only the smallest.
pub trait EveryShortest: Format {
    /// Every shortest answer of `case`, counted, and listed if `list` (whole where they
    /// are at most [`crate::search::MOST_LISTED`]; see [`Shortest::listed`]).
    fn every_shortest(&self, case: &Self::Case, list: bool) -> Result<Shortest, Error>;
}

/// Writes every shortest answer of `cases` to `out` (`../shared/SPEC.md` section 9): a
/// line with their number, then, if `list`, one line each, in letter order. JSON gives
/// the count, the length and, if `list`, the answers.
pub(super) fn write_every_shortest<J: EveryShortest>(
    judge: &J,
    cases: &[(usize, J::Case)],
    list: bool,
    format: Output,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    for (number, case) in cases {
        let shortest = judge.every_shortest(case, list)?.listed(*number, list)?;
        match format {
            Output::Json => write_json_line(&shortest_json(*number, &shortest, list), out),
            Output::Judge | Output::Show => write_shortest(&shortest, out),
        }
    }
    Ok(())
}

fn write_shortest(shortest: &Shortest, out: &mut Vec<u8>) {
    let text = match shortest {
        Shortest::Found { count, lines, .. } => {
            let mut text = format!("{count}\n");
            for line in lines {
                text.push_str(line);
                text.push('\n');
            }
            text
        }
        Shortest::Unsolvable => "unsolvable\n".to_owned(),
        Shortest::Stopped(stopped) => format!("limit {}\n", stopped.lower_bound),
    };
    out.extend_from_slice(text.as_bytes());
}

/// Every shortest answer of case `number` as one JSON object: its number, the
/// length and count (and, if `list`, the answers), or why there is none.
pub fn shortest_json(number: usize, shortest: &Shortest, list: bool) -> serde_json::Value {
    let mut json = serde_json::json!({ "case": number });
    match shortest {
        Shortest::Found {
            length,
            count,
            lines,
        } => {
            json["length"] = (*length).into();
            // Exact: a number while JSON readers hold it exactly, else its digits.
            json["count"] = match u64::try_from(*count) {
                Ok(count) if count < 1 << 53 => count.into(),
                _ => count.to_string().into(),
            };
            if list {
                json["answers"] = lines.clone().into();
            }
        }
        Shortest::Unsolvable => json["solvable"] = false.into(),
        Shortest::Stopped(stopped) => {
            json["status"] = "limit".into();
            json["lower_bound"] = stopped.lower_bound.into();
            json["nodes"] = stopped.nodes.into();
        }
    }
    json
}
