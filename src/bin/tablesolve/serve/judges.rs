//! The judges the service keeps open: each puzzle, as a request's options open it, on
//! first use, shared by every request after; each request answers with its own clone
//! ([`Judge::within`]), so that its limits and cancellation are its own.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

use futures_util::future::{BoxFuture, FutureExt, Shared};
use rand::SeedableRng;
use tablesolve::catalogue::{Judge, Task};
use tablesolve::judge::{self, Answered, BadCases, CaseReader, Method, Wanted};
use tablesolve::search::{Cancel, Limits};
use tablesolve::sliding::Progress;
use tablesolve::table::{Building, TableDir, TableError};
use tablesolve::Error;

use super::asked::{Asked, Every};
use super::hook;
use super::stream::{busy, panicked};

/// At most this many judges stay open (distinct goals or partitions asked for); past
/// it, the least recently used one not in use is closed, so that no mix of requests
/// grows the service.
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
        output: &mut (dyn Write + Send),
    ) -> Result<Answered, Error>;

    /// Answers the one board `text` as a JSON object: the line `--format json` writes.
    fn one(
        &self,
        asked: &Asked,
        limits: Limits,
        progress: Option<Progress>,
        text: &str,
    ) -> Result<serde_json::Value, Error>;

    /// A random board with an answer (an 8-puzzle board that reaches the goal), as it
    /// stands in the input, of `length` moves if given: those are confirmed by
    /// searches, within `limits`.
    fn random(&self, length: Option<usize>, seed: u64, limits: Limits) -> Result<String, Error>;
}

struct Kept<J>(J);

/// Runs `work` on the searches' own thread pool where it searches (as many threads as
/// cores), else where it is: so that cheap work (openings, exact batches, table
/// builds) never queues behind long single-board searches on the shared pool. Only
/// work that blocks on nothing but rayon itself goes there.
fn on_searches_pool<T: Send>(searches: bool, work: impl FnOnce() -> T + Send) -> T {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    let pool = POOL.get_or_init(|| {
        let pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("search-{i}"));
        pool.build().ok()
    });
    match (searches, pool) {
        (true, Some(pool)) => pool.install(work),
        _ => work(),
    }
}

impl<J: Judge> Served for Kept<J> {
    fn searches(&self) -> bool {
        self.0.searches()
    }

    fn batch(
        &self,
        asked: &Asked,
        limits: Limits,
        input: &mut (dyn Read + Send),
        output: &mut (dyn Write + Send),
    ) -> Result<Answered, Error> {
        // Not on the searches' pool: a batch's writer waits on channels (for answers,
        // for the client), which would hold a worker of that pool from its searches.
        let judge = self.0.within(limits, None);
        // The text answer holds `error` in a malformed case's place; JSON its message.
        let mut ignore = |_: &Error| {};
        let bad_cases = match asked.keep_going {
            true => BadCases::Skip(&mut ignore),
            false => BadCases::Stop,
        };
        let wanted = match asked.every {
            Every::No => Wanted::Smallest(Method::Tables),
            Every::Count => Wanted::Count,
            Every::All => Wanted::All,
        };
        judge::answer_each(&judge, input, output, bad_cases, wanted, asked.format)
    }

    fn one(
        &self,
        asked: &Asked,
        limits: Limits,
        progress: Option<Progress>,
        text: &str,
    ) -> Result<serde_json::Value, Error> {
        on_searches_pool(self.searches(), || {
            let judge = self.0.within(limits, progress);
            let case = judge::read_one(&judge, text)?;
            Ok(match asked.every {
                Every::No => judge.json_answer(1, &judge.solve(&case)?),
                every => {
                    let all = every == Every::All;
                    let shortest = judge.every_shortest(&case, all)?.listed(1, all)?;
                    judge::shortest_json(1, &shortest, all)
                }
            })
        })
    }

    fn random(&self, length: Option<usize>, seed: u64, limits: Limits) -> Result<String, Error> {
        on_searches_pool(self.searches(), || {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let judge = self.0.within(limits, None);
            let case = match length {
                None => judge.random_answerable_case(&mut rng),
                Some(length) => {
                    let draw = judge.cases_at(length).map_err(|e| Error::Case(e.into()))?;
                    draw(&mut rng)?
                }
            };
            Ok(judge.reader_of_one().case_text(&case))
        })
    }
}

/// Opens a judge and keeps it.
struct Keep;

impl Task for Keep {
    type Output = Arc<dyn Served>;

    fn run<J: Judge>(self, judge: &J) -> Arc<dyn Served> {
        hook::panic_at("opening");
        Arc::new(Kept(judge.clone()))
    }
}

/// A judge being opened, or open: every request for it awaits the one opening, which
/// runs on a blocking thread of its own, so that it goes on when the request that
/// started it goes away.
type Opening = Shared<BoxFuture<'static, Result<Arc<dyn Served>, Arc<Error>>>>;

/// An opening kept, who waits for it, and when it was last asked for.
struct Held {
    opening: Opening,
    waiters: Arc<Waiters>,
    used: u64,
}

/// How long an opening goes on with no request waiting for it before its builds are
/// cancelled: a client that asks again at once (after a timeout of its own) finds it
/// still under way.
const ABANDONED_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

/// The requests waiting for an opening: [`ABANDONED_AFTER`] the last one left, if it
/// still runs and none came back, its table builds are cancelled (the tables finished
/// before are kept), so that work nobody waits for stops. Once it has finished,
/// nothing is cancelled: the judge keeps its table directory for builds later
/// requests start.
#[derive(Default)]
struct Waiters {
    count: Mutex<Count>,
    cancel: Cancel,
}

#[derive(Default)]
struct Count {
    waiting: usize,
    /// How many times the last waiting request left: a cancellation is for the latest.
    emptied: u64,
    finished: bool,
}

/// One request waiting for an opening, until dropped (answered, or its client gone).
struct Waiting(Arc<Waiters>);

impl Waiters {
    fn count(&self) -> std::sync::MutexGuard<'_, Count> {
        self.count.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait(self: &Arc<Self>) -> Waiting {
        self.count().waiting += 1;
        Waiting(Arc::clone(self))
    }

    fn finish(&self) {
        self.count().finished = true;
    }

    /// Cancels the builds unless the opening has finished or `emptied` is not the
    /// latest time the last request left (`None`: whatever waits).
    fn cancel(&self, emptied: Option<u64>) {
        let count = self.count();
        let abandoned = emptied.is_none_or(|e| count.waiting == 0 && count.emptied == e);
        if abandoned && !count.finished {
            self.cancel.cancel();
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut count = self.0.count();
        count.waiting -= 1;
        if count.waiting > 0 || count.finished {
            return;
        }
        count.emptied += 1;
        let emptied = Some(count.emptied);
        drop(count);
        let waiters = Arc::clone(&self.0);
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn(async move {
                tokio::time::sleep(ABANDONED_AFTER).await;
                waiters.cancel(emptied);
            })),
            Err(_) => waiters.cancel(emptied),
        }
    }
}

/// The judges open, by [`tablesolve::Puzzle::opening_key`]: a goal by its name or
/// spelled out is one judge.
pub struct Judges {
    /// Tables built when missing, as the command builds them.
    tables: TableDir,
    /// The same directory, never built in: for partitions a request spells out, so
    /// that no request can fill the disk with databases of its choosing.
    present: TableDir,
    open: Mutex<Open>,
}

/// The openings kept, a clock that orders their use, and whether the service stops.
#[derive(Default)]
struct Open {
    kept: HashMap<String, Held>,
    clock: u64,
    stopping: bool,
}

impl Judges {
    /// The table directory, never built in.
    pub fn present(&self) -> &TableDir {
        &self.present
    }

    /// The tables being built for any request, and how far they are.
    pub fn building(&self) -> Option<Building> {
        self.tables.building()
    }

    pub fn new(tables: TableDir, present: TableDir) -> Judges {
        Judges {
            tables,
            present,
            open: Mutex::default(),
        }
    }

    fn open(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The service stops: every opening's builds are cancelled, now and from now on,
    /// so that no build keeps it alive (the tables finished are kept).
    pub fn stop(&self) {
        let mut open = self.open();
        open.stopping = true;
        for kept in open.kept.values() {
            kept.waiters.cancel(None);
        }
    }

    /// The judge `asked` calls for, opened on a blocking thread if not yet open (which
    /// may build its tables); requests for it meanwhile wait for that one opening. An
    /// opening that failed is forgotten, so that a later request tries again; one
    /// whose builds were cancelled (every request before this one left) is started
    /// again for this one.
    pub async fn get(self: &Arc<Self>, asked: &Asked) -> Result<Arc<dyn Served>, Arc<Error>> {
        let key = asked.puzzle.opening_key(&asked.options).map_err(Arc::new)?;
        loop {
            let (opening, _waiting) = self.opening(&key, asked)?;
            let opened = opening.clone().await;
            let Err(error) = &opened else {
                return opened;
            };
            let stopping = self.forget(&key, &opening);
            if stopping || !matches!(**error, Error::Table(TableError::Cancelled { .. })) {
                return opened;
            }
        }
    }

    /// Forgets the opening of `key` if it is still `opening`; whether the service
    /// stops.
    fn forget(&self, key: &str, opening: &Opening) -> bool {
        let mut open = self.open();
        if (open.kept.get(key)).is_some_and(|kept| kept.opening.ptr_eq(opening)) {
            open.kept.remove(key);
        }
        open.stopping
    }

    /// The opening of `key`, and this request counted among its waiters; started if
    /// there is none (or it failed) and fewer than [`MOST_OPEN`] are kept (or one of
    /// them is idle, and closed); else the service is busy.
    fn opening(
        self: &Arc<Self>,
        key: &str,
        asked: &Asked,
    ) -> Result<(Opening, Waiting), Arc<Error>> {
        let mut open = self.open();
        open.clock += 1;
        let now = open.clock;
        if let Some(kept) = open.kept.get_mut(key) {
            // One that failed with nobody waiting (its builds cancelled) is replaced.
            if !matches!(kept.opening.clone().now_or_never(), Some(Err(_))) {
                kept.used = now;
                return Ok((kept.opening.clone(), kept.waiters.wait()));
            }
            open.kept.remove(key);
        }
        if open.kept.len() >= MOST_OPEN {
            // The least recently used of those that failed, or are open and in no
            // request's hands (a request keeps its own clone anyway). Each is polled
            // here, so that one whose every client left while it opened counts as
            // done once it is.
            let idle = open
                .kept
                .iter()
                .filter(|(_, kept)| match kept.opening.clone().now_or_never() {
                    None => false,
                    Some(Err(_)) => true,
                    // Held by the opening and by this poll's copy: by no request.
                    Some(Ok(served)) => Arc::strong_count(&served) == 2,
                })
                .min_by_key(|(_, kept)| kept.used)
                .map(|(key, _)| key.clone());
            match idle {
                Some(idle) => open.kept.remove(&idle),
                // Every one is opening or in use: no more threads for openings.
                None => return Err(Arc::new(busy(MOST_OPEN))),
            };
        }
        let judges = Arc::clone(self);
        let (puzzle, options) = (asked.puzzle, asked.options.clone());
        // Databases a request spells out, and a definition's moves or powers chosen
        // apart from the file's, are used where present, never built.
        let builds = options.partition.as_ref().is_none_or(|p| p.is_built_in())
            && options.moves.is_none()
            && options.powers.is_none();
        let what = key.to_owned();
        let waiters = Arc::new(Waiters::default());
        let waiting = waiters.wait();
        if open.stopping {
            waiters.cancel(None);
        }
        let finished = Arc::clone(&waiters);
        let opened = tokio::task::spawn_blocking(move || {
            let tables = match builds {
                true => &judges.tables,
                false => &judges.present,
            };
            let tables = tables.clone().cancelled_by(finished.cancel.clone());
            let started = std::time::Instant::now();
            let opened = puzzle.open(&tables, &options, Keep);
            finished.finish();
            let seconds = started.elapsed().as_secs_f64();
            match &opened {
                Ok(_) => say!("tablesolve: opened {what} in {seconds:.2} s"),
                Err(Error::Table(TableError::Cancelled { .. })) => {
                    let why = match judges.open().stopping {
                        true => "the service stops",
                        false => "no request waits for it",
                    };
                    say!(
                        "tablesolve: stopped opening {what} after {seconds:.2} s: {why} \
                         (the tables it finished are kept)"
                    )
                }
                Err(_) => {}
            }
            opened
        });
        let opening = async move {
            match opened.await {
                Ok(opened) => opened.map_err(Arc::new),
                Err(failure) => Err(Arc::new(panicked(failure))),
            }
        }
        .boxed()
        .shared();
        let kept = Held {
            opening: opening.clone(),
            waiters,
            used: now,
        };
        open.kept.insert(key.to_owned(), kept);
        Ok((opening, waiting))
    }
}
