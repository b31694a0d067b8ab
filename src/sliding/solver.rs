//! A sliding board answered towards one goal: up to 12 cells from its exact table by
//! the walk, past that (or with a partition given) by IDA* over the partition's pattern
//! databases, each case within the same limits.

use std::sync::Arc;

use super::exact::{self, ExactBoards};
use super::pattern::PatternDb;
use super::{guided, Board, Slide};
use crate::error::Error;
use crate::parallel::in_parallel;
use crate::search::{Budget, Every, Found, Limits, Outcome, Report, Settings};
use crate::sliding::Partition;
use crate::table::{Mapped, TableDir};

pub use crate::search::Progress;

/// A sliding board `W` x `H` towards one goal: up to 12 cells answered from the exact
/// table by the walk; larger boards, and any board opened with a partition, by IDA*
/// over the partition's pattern databases, each case within the same limits.
///
/// A clone shares the tables (with [`Mapped`] bytes, one mapping) and the limits, and
/// counts its own stopped cases from zero ([`Budget`]).
#[derive(Clone)]
pub struct Sliding<D, const W: usize, const H: usize> {
    pub(crate) target: Board<W, H>,
    pub(crate) numbered: bool,
    /// The exact table, when the board is answered from one.
    pub exact: Option<ExactBoards<D, W, H>>,
    /// The databases, one per distinct pattern of the partition (none with an exact
    /// table).
    pub databases: Vec<PatternDb<D, W, H>>,
    /// The places in `databases` of each split's patterns: one split for a partition,
    /// several for a catalogue ([`Partition::sums`]).
    pub splits: Vec<Vec<usize>>,
    partition: Option<Partition>,
    /// Each case's limits and listener, and the cases they stopped.
    budget: Budget,
}

impl<D, const W: usize, const H: usize> std::fmt::Debug for Sliding<D, W, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sliding")
            .field("size", &(W, H))
            .field("target", &self.target)
            .field("numbered", &self.numbered)
            .field("exact", &self.exact.is_some())
            .field("patterns", &self.databases.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// How to open a sliding board; [`SlidingOptions::default`] is what the `tablesolve
/// fifteen` (or `sliding`) command does unless told otherwise.
#[derive(Clone, Debug)]
pub struct SlidingOptions<const W: usize, const H: usize> {
    /// The goal: by default `1 2 ... 0`.
    pub goal: Board<W, H>,
    /// The partition whose databases guide the search; `None` (the default) answers
    /// boards of up to 12 cells from their exact table
    /// ([`crate::sliding::exact`]), and larger ones with the best partition whose
    /// databases are all present, or the default's, built
    /// ([`Partition::best_present`]).
    pub partition: Option<Partition>,
    /// Cases in text start with a label, as in Korf's instance files (default: no).
    pub numbered: bool,
    /// The bounds on each case's search (default: none).
    pub limits: Limits,
}

impl<const W: usize, const H: usize> Default for SlidingOptions<W, H> {
    fn default() -> Self {
        SlidingOptions {
            goal: Board::canonical(W * H - 1),
            partition: None,
            numbered: false,
            limits: Limits::default(),
        }
    }
}

impl<const W: usize, const H: usize> Sliding<Mapped, W, H> {
    /// Opens the databases the options call for from `tables`, building missing ones
    /// if allowed.
    pub fn open(tables: &TableDir, options: SlidingOptions<W, H>) -> Result<Self, Error> {
        let SlidingOptions {
            goal,
            partition,
            numbered,
            limits,
        } = options;
        let opened = Sliding {
            target: goal,
            numbered,
            exact: None,
            databases: Vec::new(),
            splits: Vec::new(),
            partition: None,
            budget: Budget::new(limits),
        };
        if partition.is_none() && W * H <= exact::MAX_CELLS {
            let [table] = <[_; 1]>::try_from(tables.load(&[exact::Space::towards(&goal)])?)
                .expect("one table for one space");
            let exact = Some(ExactBoards::new(table, goal));
            return Ok(Sliding { exact, ..opened });
        }
        let partition = partition.unwrap_or_else(|| Partition::best_present(tables, &goal));
        partition.check(W * H)?;
        let (patterns, splits) = partition.sums(&goal);
        let loaded = tables.load(&patterns)?;
        let databases = patterns
            .into_iter()
            .zip(loaded)
            .map(|(pattern, table)| PatternDb::new(pattern, table))
            .collect();
        Ok(Sliding {
            databases,
            splits,
            partition: Some(partition),
            ..opened
        })
    }
}

impl<D, const W: usize, const H: usize> Sliding<D, W, H> {
    /// Bounds every case's search (nodes, time, a cancellation handle): a case over a
    /// limit is answered [`Outcome::Stopped`], with the bound it proved.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.budget = self.budget.with_limits(limits);
        self
    }

    /// Tells `progress` where each search stands: at each new bound, and every few
    /// thousand nodes.
    pub fn with_progress(mut self, progress: impl Fn(Report) + Send + Sync + 'static) -> Self {
        self.budget = self.budget.with_progress(Arc::new(progress));
        self
    }

    /// How many cases answered through [`crate::judge::Solver::solve`] or
    /// [`crate::judge::EveryShortest`] a limit stopped (since opening, or since the
    /// clone this is was made).
    pub fn stopped_cases(&self) -> usize {
        self.budget.stopped_cases()
    }

    /// Each case's limits and listener, and the count of cases they stopped.
    pub(crate) fn budget(&self) -> &Budget {
        &self.budget
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Sliding<D, W, H> {
    /// The goal.
    pub fn target(&self) -> &Board<W, H> {
        &self.target
    }

    /// The partition whose databases guide the search, as given or chosen when
    /// opening; `None` for a board answered from its exact table.
    pub fn partition(&self) -> Option<&Partition> {
        self.partition.as_ref()
    }

    /// The shortest, lexicographically smallest slides from `start` to the goal, `None`
    /// when the parities differ; [`Error::Stopped`], with the bound it proved, when a
    /// limit ([`SlidingOptions::limits`]) stopped the search first.
    ///
    /// ```
    /// use tablesolve::fifteen::{Board, Partition};
    /// use tablesolve::{Fifteen, FifteenOptions, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let tables = TableDir::new(dir.path()).build_missing(|_| {});
    /// // The quick partition: seconds to build (the default, 7-8, takes about a minute).
    /// let options = FifteenOptions { partition: Some(Partition::SixSixThree), ..Default::default() };
    /// let fifteen = Fifteen::open(&tables, options)?;
    /// let start: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse()?;
    /// let moves = fifteen.solve(&start)?.expect("the parities agree");
    /// assert_eq!(tablesolve::moves::letters(&moves), "r");
    ///
    /// // Many boards, on every core, answered in their order.
    /// let boards = ["1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"];
    /// let boards = boards.map(|b| b.parse::<Board>()).into_iter().collect::<Result<Vec<_>, _>>()?;
    /// let lengths: Vec<usize> = fifteen.solve_many(boards).map(|m| m.unwrap().unwrap().len()).collect();
    /// assert_eq!(lengths, [2, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, start: &Board<W, H>) -> Result<Option<Vec<Slide>>, Error> {
        match self.outcome(start)? {
            Outcome::Solved(found) => Ok(Some(found.moves)),
            Outcome::Unreachable { .. } => Ok(None),
            Outcome::Stopped(stopped) => Err(Error::Stopped(stopped)),
        }
    }

    /// [`Sliding::solve`] for each of `boards`, on every core, in their order.
    pub fn solve_many<'a>(
        &'a self,
        boards: impl IntoIterator<Item = Board<W, H>> + 'a,
    ) -> impl Iterator<Item = Result<Option<Vec<Slide>>, Error>> + 'a {
        in_parallel(boards, |board| self.solve(&board))
    }

    /// The search's whole outcome from `start`: the slides and the nodes generated
    /// (none from an exact table), [`Outcome::Unreachable`] when the parities differ,
    /// or [`Outcome::Stopped`] with a proven lower bound when a limit stopped it. An
    /// error says that the exact table contradicts itself.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tablesolve::fifteen::{Board, Partition};
    /// use tablesolve::search::{Limits, Outcome};
    /// use tablesolve::{Fifteen, FifteenOptions, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let tables = TableDir::new(dir.path()).build_missing(|_| {});
    /// let limits = Limits { time: Some(Duration::from_secs(10)), ..Limits::default() };
    /// let options = FifteenOptions { partition: Some(Partition::SixSixThree), limits, ..Default::default() };
    /// let fifteen = Fifteen::open(&tables, options)?;
    /// let start: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse()?;
    /// match fifteen.outcome(&start)? {
    ///     Outcome::Solved(found) => assert_eq!((found.moves.len(), found.nodes > 0), (1, true)),
    ///     Outcome::Stopped(stopped) => println!("at least {} moves", stopped.lower_bound),
    ///     Outcome::Unreachable { .. } => println!("the parities differ"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self, start: &Board<W, H>) -> Result<Outcome<Found<Slide>>, Error> {
        self.outcome_within(start, self.budget.limits())
    }

    /// [`Sliding::outcome`] within `limits` instead of the options' (a table walk
    /// needs none).
    pub fn outcome_within(
        &self,
        start: &Board<W, H>,
        limits: &Limits,
    ) -> Result<Outcome<Found<Slide>>, Error> {
        let Some(exact) = &self.exact else {
            let settings = Settings {
                limits: limits.clone(),
                ..self.budget.settings()
            };
            return Ok(guided::search(
                &self.databases,
                &self.splits,
                start,
                &self.target,
                &settings,
            ));
        };
        Ok(match exact.solve(start)? {
            Some(moves) => Outcome::Solved(Found { moves, nodes: 0 }),
            None => Outcome::Unreachable { nodes: 0 },
        })
    }

    /// Every shortest slide sequence from `start` to the goal, counted (and listed in
    /// letter order if `list`), within the limits.
    pub fn every_shortest(
        &self,
        start: &Board<W, H>,
        list: bool,
    ) -> Result<Outcome<Every<Slide>>, Error> {
        let Some(exact) = &self.exact else {
            let settings = self.budget.settings();
            return Ok(guided::every_shortest(
                &self.databases,
                &self.splits,
                start,
                &self.target,
                &settings,
                list,
            ));
        };
        Ok(match exact.every_shortest(start, list)? {
            Some(every) => Outcome::Solved(every),
            None => Outcome::Unreachable { nodes: 0 },
        })
    }
}
