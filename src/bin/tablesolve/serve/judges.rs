//! The judges the service keeps open: each puzzle, as a request's options open it, on
//! first use, shared by every request after; each request answers with its own clone
//! ([`Judge::within`]), so that its limits and cancellation are its own.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use tablesolve::catalogue::{Judge, Task};
use tablesolve::judge::{self, Answered, BadCases, Method};
use tablesolve::search::Limits;
use tablesolve::sliding::Progress;
use tablesolve::table::TableDir;
use tablesolve::Error;
use tokio::sync::OnceCell;

use super::asked::{Asked, Every};

/// At most this many judges stay open (distinct goals or partitions asked for); past
/// it, one not in use is closed, so that no mix of requests grows the service.
const MOST_OPEN: usize = 32;

/// A judge kept open, whichever the puzzle: what a request asks of it.
pub trait Served: Send + Sync {
    /// Whether boards are answered by a search (not from an exact table), which takes
    /// a search slot and runs off the async threads.
    fn searches(&self) -> bool;

    /// Answers every case of `input` as the command does, into `output`.
    fn batch(
        &self,
        asked: &Asked,
        limits: Limits,
        input: &mut (dyn Read + Send),
        output: &mut dyn Write,
    ) -> Result<Answered, Error>;

    /// Answers the one board `text` as a JSON object: the line `--format json` writes.
    fn one(
        &self,
        asked: &Asked,
        limits: Limits,
        progress: Option<Progress>,
        text: &str,
    ) -> Result<serde_json::Value, Error>;

    /// A random board as it stands in the input, of `length` moves if given.
    fn random(&self, length: Option<usize>, seed: u64) -> Result<String, String>;
}

struct Kept<J>(J);

impl<J: Judge> Served for Kept<J> {
    fn searches(&self) -> bool {
        self.0.partition().is_some()
    }

    fn batch(
        &self,
        asked: &Asked,
        limits: Limits,
        input: &mut (dyn Read + Send),
        output: &mut dyn Write,
    ) -> Result<Answered, Error> {
        let judge = self.0.within(limits, None);
        // The text answer holds `error` in a malformed case's place; JSON its message.
        let mut ignore = |_: &Error| {};
        let bad_cases = match asked.keep_going {
            true => BadCases::Skip(&mut ignore),
            false => BadCases::Stop,
        };
        match asked.every {
            Every::No => judge::solve_all(
                &judge,
                input,
                output,
                bad_cases,
                Method::Tables,
                asked.format,
            ),
            every => {
                let all = every == Every::All;
                judge::every_shortest_all(&judge, input, output, bad_cases, all, asked.format)
            }
        }
    }

    fn one(
        &self,
        asked: &Asked,
        limits: Limits,
        progress: Option<Progress>,
        text: &str,
    ) -> Result<serde_json::Value, Error> {
        let judge = self.0.within(limits, progress);
        let case = judge::read_one(&judge, text)?;
        Ok(match asked.every {
            Every::No => J::json_answer(1, &judge.solve(&case)?),
            every => {
                let all = every == Every::All;
                judge::shortest_json(1, &judge.every_shortest(&case, all)?, all)
            }
        })
    }

    fn random(&self, length: Option<usize>, seed: u64) -> Result<String, String> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let case = match length {
            None => self.0.random_case(&mut rng),
            Some(length) => self.0.cases_at(length).map_err(|e| e.to_string())?(&mut rng),
        };
        Ok(J::case_text(&case))
    }
}

/// Opens a judge and keeps it.
struct Keep;

impl Task for Keep {
    type Output = Arc<dyn Served>;

    fn run<J: Judge>(self, judge: &J) -> Arc<dyn Served> {
        Arc::new(Kept(judge.clone()))
    }
}

type Opening = Arc<OnceCell<Arc<dyn Served>>>;

/// The judges open, by [`Asked::judge_key`].
pub struct Judges {
    /// Tables built when missing, as the command builds them.
    tables: TableDir,
    /// The same directory, never built in: for partitions a request spells out, so
    /// that no request can fill the disk with databases of its choosing.
    present: TableDir,
    open: Mutex<HashMap<String, Opening>>,
}

impl Judges {
    pub fn new(tables: TableDir, present: TableDir) -> Judges {
        Judges {
            tables,
            present,
            open: Mutex::new(HashMap::new()),
        }
    }

    /// The judge `asked` calls for, opened on a blocking thread if not yet open (which
    /// may build its tables); requests for it meanwhile wait for that one opening.
    pub async fn get(self: &Arc<Self>, asked: &Asked) -> Result<Arc<dyn Served>, Error> {
        let opening = self.opening(asked.judge_key());
        let served = opening.get_or_try_init(|| async {
            let judges = Arc::clone(self);
            let (puzzle, options) = (asked.puzzle, asked.options.clone());
            let spelled_out = options
                .partition
                .as_ref()
                .is_some_and(|p| p.to_string().contains(['/', ';']));
            tokio::task::spawn_blocking(move || {
                let tables = match spelled_out {
                    true => &judges.present,
                    false => &judges.tables,
                };
                puzzle.open(tables, &options, Keep)
            })
            .await
            .map_err(|e| Error::Case(format!("opening the tables failed: {e}").into()))?
        });
        served.await.cloned()
    }

    fn opening(&self, key: String) -> Opening {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if !open.contains_key(&key) && open.len() >= MOST_OPEN {
            // One that no request holds now (a request keeps its own clone anyway).
            let idle = open.iter().find(|(_, o)| Arc::strong_count(o) == 1);
            if let Some(idle) = idle.map(|(k, _)| k.clone()) {
                open.remove(&idle);
            }
        }
        Arc::clone(open.entry(key).or_default())
    }
}
