//! What a request asks: the command's options, as query parameters of the same names
//! (`keep_going` for `--keep-going`), each checked with a message that names it.

use std::path::Path;
use std::time::Duration;

use tablesolve::catalogue::{OptionError, OptionName, Options};
use tablesolve::judge::Output;
use tablesolve::search::{Cancel, Limits};
use tablesolve::Puzzle;

/// Where a request is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `POST /v1/PUZZLE/answer`: a batch.
    Batch,
    /// `GET /v1/PUZZLE/answer`: one board.
    OneBoard,
    /// `GET /v1/PUZZLE/random`: a random board.
    Random,
}

/// Which puzzles take a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takers {
    Every,
    /// The sliding boards (`fifteen`, `twentyfour`, `sliding`).
    Sliding,
    /// `sliding` alone.
    SlidingBySize,
    /// The puzzles that may search: the sliding boards and the definitions.
    Searched,
    /// The definitions.
    Defined,
}

/// A query parameter: the command's option of the same name (`keep_going` for
/// `--keep-going`), where it is taken and by which puzzles. The one list of them: the
/// requests are read by it, `/v1/puzzles` lists it, and a test holds
/// `/v1/openapi.json` to it.
pub struct Parameter {
    pub name: &'static str,
    pub endpoints: &'static [Endpoint],
    pub takers: Takers,
}

const ANSWERS: &[Endpoint] = &[Endpoint::Batch, Endpoint::OneBoard];
const ALL: &[Endpoint] = &[Endpoint::Batch, Endpoint::OneBoard, Endpoint::Random];

pub const PARAMETERS: &[Parameter] = &[
    parameter("format", &[Endpoint::Batch], Takers::Every),
    parameter("keep_going", &[Endpoint::Batch], Takers::Every),
    parameter("count", ANSWERS, Takers::Every),
    parameter("all", ANSWERS, Takers::Every),
    parameter("board", &[Endpoint::OneBoard], Takers::Every),
    parameter("events", &[Endpoint::OneBoard], Takers::Every),
    parameter("length", &[Endpoint::Random], Takers::Every),
    parameter("seed", &[Endpoint::Random], Takers::Every),
    parameter("goal", ALL, Takers::Sliding),
    parameter("partition", ALL, Takers::Sliding),
    parameter("size", ALL, Takers::SlidingBySize),
    parameter("numbered", ANSWERS, Takers::Sliding),
    parameter("timeout", ANSWERS, Takers::Searched),
    parameter("max_nodes", ANSWERS, Takers::Searched),
    parameter("moves", ALL, Takers::Defined),
    parameter("powers", ALL, Takers::Defined),
];

const fn parameter(
    name: &'static str,
    endpoints: &'static [Endpoint],
    takers: Takers,
) -> Parameter {
    Parameter {
        name,
        endpoints,
        takers,
    }
}

impl Parameter {
    /// Whether `puzzle` takes it.
    pub fn taken_by(&self, puzzle: Puzzle) -> bool {
        match self.takers {
            Takers::Every => true,
            Takers::Sliding => puzzle.is_sliding(),
            Takers::SlidingBySize => puzzle == Puzzle::Sliding,
            Takers::Searched => puzzle.takes_limits(),
            Takers::Defined => puzzle == Puzzle::Def,
        }
    }
}

/// The names of the parameters `endpoint` reads (for any puzzle).
pub fn names(endpoint: Endpoint) -> impl Iterator<Item = &'static str> {
    PARAMETERS
        .iter()
        .filter(move |p| p.endpoints.contains(&endpoint))
        .map(|p| p.name)
}

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
    /// Reads `query`, which may hold the parameters `endpoint` reads only, for `puzzle`
    /// (for `def`, the definition at `definition`).
    pub fn read(
        puzzle: Puzzle,
        definition: Option<&Path>,
        query: &str,
        endpoint: Endpoint,
    ) -> Result<Asked, String> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query)
            .map_err(|e| format!("cannot read the query string: {e}"))?;
        let mut asked = Asked {
            puzzle,
            options: Options {
                definition: definition.map(Path::to_path_buf),
                ..Options::default()
            },
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
            if !names(endpoint).any(|known| known == name) {
                let names: Vec<&str> = names(endpoint).collect();
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
            "moves" => {
                let moves = value.split(',').map(str::trim).map(str::to_owned).collect();
                self.options.moves = Some(moves);
            }
            "powers" => self.options.powers = Some(value.parse()?),
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
        if (self.timeout.is_some() || self.max_nodes.is_some()) && !self.puzzle.takes_limits() {
            let refused = OptionError::NotTaken {
                option: OptionName::Limits,
                puzzle: self.puzzle,
            };
            return Err(refused.as_parameters());
        }
        Ok(())
    }

    /// The request's limits: its own, its time capped at `max_timeout` (for the
    /// puzzles that search), and `cancel`, which a client that goes away pulls. A
    /// case's time counts its share of the cores, as on the command line, and
    /// `max_timeout` bounds the wall-clock time too: a client waits no longer.
    pub fn limits(&self, max_timeout: Duration, cancel: &Cancel) -> Limits {
        let time = self.timeout.map_or(max_timeout, |t| t.min(max_timeout));
        let searches = self.puzzle.takes_limits();
        Limits {
            nodes: self.max_nodes,
            time: searches.then_some(time),
            wall_time: searches.then_some(max_timeout),
            cancel: Some(cancel.clone()),
            foresight: None,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each operation of the API's description lists exactly the query parameters its
    /// handler reads.
    #[test]
    fn the_description_lists_every_parameter_each_handler_reads() {
        let description: serde_json::Value =
            serde_json::from_str(include_str!("openapi.json")).unwrap();
        let operations = [
            ("/v1/{puzzle}/answer", "post", Endpoint::Batch),
            ("/v1/{puzzle}/answer", "get", Endpoint::OneBoard),
            ("/v1/{puzzle}/random", "get", Endpoint::Random),
        ];
        for (path, method, endpoint) in operations {
            let parameters = description["paths"][path][method]["parameters"]
                .as_array()
                .unwrap_or_else(|| panic!("{method} {path} has no parameters"));
            let mut described: Vec<&str> = parameters
                .iter()
                .filter(|p| p["in"] == "query")
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            let mut read: Vec<&str> = names(endpoint).collect();
            described.sort_unstable();
            read.sort_unstable();
            assert_eq!(described, read, "{method} {path}");
        }
    }
}
