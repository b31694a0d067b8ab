//! Bounds on a search's work: nodes, time, a cancellation handle, and the meter every
//! thread of one search counts its nodes and its time on.
//!
//! Threads count nodes locally and settle with the shared total every [`SETTLE`] nodes
//! (or sooner, when the node limit is nearer), so limits cost one atomic add and one
//! clock read per few thousand nodes, and a search stops within that many nodes per
//! thread of its limit (exactly at it on one thread).
//!
//! # Time as the search's share of the cores
//!
//! A search's time limit is counted on its own clock, which runs as fast as the wall
//! clock while the search has the cores it can use, and slower while other work takes
//! them: each thread adds the time it ran on the search by its own clock
//! ([`thread_nanos`]: not the while the machine ran something else in its place),
//! divided by the threads the search spreads over (one for an iteration searched whole,
//! every thread of the pool for a split one). Alone on an idle machine, that is the
//! wall-clock time (less the moments at the end of a split iteration when some threads
//! have no subtree left); in a batch, whose cases share the cores, or beside other
//! programs, each case gets the search it would get alone on an idle machine, however
//! much runs beside it. [`Limits::wall_time`] bounds the wall-clock time whatever the
//! sharing.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
#[cfg(not(target_os = "linux"))]
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Nodes a thread counts between settlements with the shared total.
const SETTLE: u64 = 1 << 12;

/// A handle that stops a search from another thread (a Ctrl-C handler, a UI): clones
/// share one flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A handle not yet cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Stops every search given this handle (or a clone) within a few thousand nodes.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How much work one search may do; nothing is bounded by default.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The most nodes (states generated) the search may generate.
    pub nodes: Option<u64>,
    /// The most time it may take, counted as its share of the cores on the threads' own
    /// clocks (the module's comment): its wall-clock time when it runs alone on an idle
    /// machine, however many searches or programs share the cores beside it.
    pub time: Option<Duration>,
    /// The most wall-clock time it may take, however the cores are shared (a service's
    /// cap on a request).
    pub wall_time: Option<Duration>,
    /// Stops it when cancelled.
    pub cancel: Option<Cancel>,
    /// Stops it, with [`Reason::Foreseen`], before an iteration foreseen to end past
    /// this time on the search's clock: each iteration foreseen to take its
    /// predecessor's time multiplied by the predecessor's nodes over those of the
    /// iteration before it (once both had [`FORESEEN_FROM`]), and divided by the
    /// threads it spreads over where the predecessor took one. For a caller who would
    /// rather be told the cost of a case out of reach than wait for it (the command's
    /// defined cases given no limit).
    pub foresight: Option<Duration>,
}

impl Limits {
    /// The least of its limits of time, `None` where it has none.
    pub fn clock(&self) -> Option<Duration> {
        self.time.into_iter().chain(self.wall_time).min()
    }

    /// The time a case may spend, tables built for it included: the least of its
    /// limits of time, else its foresight.
    pub fn allowance(&self) -> Option<Duration> {
        self.clock().or(self.foresight)
    }
}

/// Why a search stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It generated more nodes than [`Limits::nodes`].
    Nodes,
    /// It ran longer than [`Limits::time`] or [`Limits::wall_time`].
    Time,
    /// Its [`Cancel`] handle was cancelled.
    Cancelled,
    /// It reached the longest answer asked for (a defined puzzle's `MaxDepth`).
    Depth,
    /// It was foreseen to end past [`Limits::foresight`], at this time on its clock
    /// (or since its case began, where the case was searched more than once), were
    /// its next iteration searched.
    Foreseen(Duration),
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Reason::Nodes => "node limit reached",
            Reason::Time => "time limit reached",
            Reason::Cancelled => "cancelled",
            Reason::Depth => "depth limit reached",
            Reason::Foreseen(_) => "foreseen to take too long",
        })
    }
}

/// Where a search stands, as told to a progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Which search this is: a number no other search of the process has, so that
    /// searches side by side (a batch's cases) can be told apart.
    pub search: u64,
    /// The case the search answers, where it was started inside [`for_case`] (a
    /// batch's cases are).
    pub case: Option<usize>,
    /// The bound under search: every solution has at least this many moves.
    pub bound: u32,
    /// Nodes generated so far (settled ones: up to a few thousand a thread behind).
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The search has ended (its last report, with its final count): whatever showed
    /// it can go.
    pub finished: bool,
}

/// The fewest nodes of each of two iterations whose ratio foresees the next one's
/// time ([`Limits::foresight`]): fewer are too few to measure.
pub const FORESEEN_FROM: u64 = 10_000;

/// What an iteration took: its nodes and its time on the search's clock.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Took {
    pub(crate) nodes: u64,
    time: Duration,
}

/// Where an iteration began: the search's nodes and time before it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    nodes: u64,
    time: Duration,
}

/// The number of the next search to begin ([`Report::search`]).
static SEARCHES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The case whose searches this thread starts ([`for_case`]).
    static CASE: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Runs `answer`, the searches it starts on this thread labelled as case `case` in
/// their reports.
pub fn for_case<T>(case: usize, answer: impl FnOnce() -> T) -> T {
    /// Puts back the label of an enclosing case (a thread that waits on a split search
    /// answers other cases meanwhile), even when `answer` unwinds.
    struct Restore(Option<usize>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CASE.set(self.0);
        }
    }
    let _restore = Restore(CASE.replace(Some(case)));
    answer()
}

/// A search's shared account: its limits and the nodes every thread settled.
pub(crate) struct Account<'a> {
    limits: &'a Limits,
    started: Instant,
    /// When [`Limits::wall_time`] runs out.
    deadline: Option<Instant>,
    /// The search's own clock (the module's comment), in nanoseconds.
    clock: AtomicU64,
    nodes: AtomicU64,
    /// The [`Reason`] of the first limit reached, coded as [`Account::stop`] codes it;
    /// 0 while none is.
    stopped: AtomicU8,
    bound: AtomicU64,
    progress: Option<&'a (dyn Fn(Report) + Sync)>,
    /// [`Report::search`] and [`Report::case`].
    search: u64,
    case: Option<usize>,
}

/// A search's last report says it ended, found or stopped.
impl Drop for Account<'_> {
    fn drop(&mut self) {
        self.report_finished(true);
    }
}

impl<'a> Account<'a> {
    pub(crate) fn new(limits: &'a Limits, progress: Option<&'a (dyn Fn(Report) + Sync)>) -> Self {
        let started = Instant::now();
        Account {
            search: SEARCHES.fetch_add(1, Ordering::Relaxed),
            case: CASE.get(),
            limits,
            started,
            deadline: limits.wall_time.map(|time| started + time),
            clock: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            stopped: AtomicU8::new(0),
            bound: AtomicU64::new(0),
            progress,
        }
    }

    /// Nodes settled so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The limit that stopped the search, if one did.
    pub(crate) fn stopped(&self) -> Option<Reason> {
        match self.stopped.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(Reason::Nodes),
            2 => Some(Reason::Time),
            3 => Some(Reason::Cancelled),
            _ => Some(Reason::Depth),
        }
    }

    /// Keeps the first of the limits the threads reach.
    fn stop(&self, reason: Reason) {
        let code = match reason {
            Reason::Nodes => 1,
            Reason::Time => 2,
            Reason::Cancelled => 3,
            Reason::Depth => 4,
            Reason::Foreseen(_) => unreachable!("foreseen between iterations, on one thread"),
        };
        let _ = self
            .stopped
            .compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// A new iteration at `bound` begins.
    pub(crate) fn begin(&self, bound: u32) {
        self.bound.store(bound.into(), Ordering::Relaxed);
        self.report();
    }

    fn report(&self) {
        self.report_finished(false);
    }

    fn report_finished(&self, finished: bool) {
        if let Some(progress) = self.progress {
            progress(Report {
                search: self.search,
                case: self.case,
                bound: self.bound.load(Ordering::Relaxed) as u32,
                nodes: self.nodes(),
                elapsed: self.started.elapsed(),
                finished,
            });
        }
    }

    /// Adds `nodes` and `spent` (the search's clock, in nanoseconds) to the totals and
    /// checks every limit; `Err` once one is reached.
    fn settle(&self, nodes: u64, spent: u64) -> Result<u64, Reason> {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let clock = self.clock.fetch_add(spent, Ordering::Relaxed) + spent;
        let limits = self.limits;
        if limits.nodes.is_some_and(|most| total > most) {
            self.stop(Reason::Nodes);
        } else if limits
            .time
            .is_some_and(|most| u128::from(clock) >= most.as_nanos())
            || self.deadline.is_some_and(|at| Instant::now() >= at)
        {
            self.stop(Reason::Time);
        } else if limits.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            self.stop(Reason::Cancelled);
        }
        self.report();
        match self.stopped() {
            Some(reason) => Err(reason),
            None => Ok(total),
        }
    }

    /// Whether the limits read the search's own clock, so that each thread reads its
    /// own at each settlement (a wall-clock deadline reads the wall clock there).
    fn timed(&self) -> bool {
        self.limits.time.is_some() || self.limits.foresight.is_some()
    }

    /// The time on the search's own clock so far (the module's comment), counted only
    /// where the limits read it.
    fn searched_for(&self) -> Duration {
        Duration::from_nanos(self.clock.load(Ordering::Relaxed))
    }

    /// Where an iteration begins: the nodes and time so far.
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes(),
            time: self.searched_for(),
        }
    }

    /// What the iteration begun at `mark` took.
    pub(crate) fn took_since(&self, mark: Mark) -> Took {
        Took {
            nodes: self.nodes() - mark.nodes,
            time: self.searched_for().saturating_sub(mark.time),
        }
    }

    /// `Err` with [`Reason::Foreseen`] where the search would end past its foresight
    /// were the iteration after `last` searched, `last` having followed one of
    /// `before` nodes: the next foreseen to take `last`'s time as many times over as
    /// `last` had `before`'s nodes, divided by `spread`, the threads it spreads over
    /// for each that `last` took (a whole iteration is followed by a split one).
    pub(crate) fn foresee(
        &self,
        before: Option<u64>,
        last: Took,
        spread: usize,
    ) -> Result<(), Reason> {
        let (Some(foresight), Some(before)) = (self.limits.foresight, before) else {
            return Ok(());
        };
        if before < FORESEEN_FROM || last.nodes < FORESEEN_FROM {
            return Ok(());
        }
        let growth = last.nodes as f64 / before as f64;
        let seconds = last.time.as_secs_f64() * growth / spread.max(1) as f64;
        let next = Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX);
        let end = self.searched_for().saturating_add(next);
        match end > foresight {
            true => Err(Reason::Foreseen(end)),
            false => Ok(()),
        }
    }

    /// Nodes a thread may count before it settles, the total being `total`.
    fn next_settlement(&self, total: u64) -> u64 {
        match self.limits.nodes {
            Some(most) => SETTLE.min(most.saturating_sub(total) + 1),
            None => SETTLE,
        }
    }
}

/// One thread's node count and time within a search.
pub(crate) struct Meter<'a> {
    account: &'a Account<'a>,
    /// Nodes counted and not yet settled.
    unsettled: u64,
    /// Settle when `unsettled` reaches this.
    settle_at: u64,
    /// The threads the search spreads over at the moment: this thread's time counts
    /// for this share of the search's clock.
    threads: u32,
    /// Since when (on [`thread_nanos`]) this thread's time is not yet settled, where a
    /// time limit reads the search's clock.
    since: Option<u64>,
}

impl<'a> Meter<'a> {
    /// A meter for a thread that works on the search beside `threads - 1` others at
    /// most (1: the search's only thread).
    pub(crate) fn new(account: &'a Account<'a>, threads: usize) -> Self {
        Meter {
            account,
            unsettled: 0,
            settle_at: account.next_settlement(account.nodes()),
            threads: threads.max(1) as u32,
            since: account.timed().then(thread_nanos),
        }
    }

    /// This thread's time on the search since the last settlement, as its share of the
    /// search's clock.
    fn spent(&mut self) -> u64 {
        let Some(since) = self.since else {
            return 0;
        };
        let now = thread_nanos();
        self.since = Some(now);
        now.saturating_sub(since) / u64::from(self.threads)
    }

    /// Counts `nodes` more; `Err` when the search must stop.
    #[inline]
    pub(crate) fn count(&mut self, nodes: u64) -> Result<(), Reason> {
        self.unsettled += nodes;
        if self.unsettled >= self.settle_at {
            self.settle()?;
        }
        Ok(())
    }

    /// Adds the nodes and time counted so far to the totals, checking nothing: the work
    /// is over.
    pub(crate) fn finish(mut self) {
        let spent = self.spent();
        let account = self.account;
        account.nodes.fetch_add(self.unsettled, Ordering::Relaxed);
        account.clock.fetch_add(spent, Ordering::Relaxed);
    }

    /// Settles the nodes and time counted so far with the search's totals.
    pub(crate) fn settle(&mut self) -> Result<(), Reason> {
        let spent = self.spent();
        let nodes = std::mem::take(&mut self.unsettled);
        let total = self.account.settle(nodes, spent)?;
        self.settle_at = self.account.next_settlement(total);
        Ok(())
    }
}

/// How long this thread has run, in nanoseconds, on its own clock: what its work
/// took, without the while the machine ran something else in its place (one system
/// call, so read once a settlement). Off Linux, where no thread clock is read, the
/// wall clock since the first reading.
pub(crate) fn thread_nanos() -> u64 {
    #[cfg(target_os = "linux")]
    {
        let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        // A thread's running time is never negative.
        now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
    }
    #[cfg(not(target_os = "linux"))]
    {
        static FIRST: OnceLock<Instant> = OnceLock::new();
        FIRST.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::{thread_nanos, Account, Limits, Reason, Took};
    use std::time::{Duration, Instant};

    /// The next iteration is foreseen at the last one's time times its growth in
    /// nodes, over the threads it spreads across for each the last one took.
    #[test]
    fn an_iteration_is_foreseen_by_its_growth_over_its_threads() {
        let limits = Limits {
            foresight: Some(Duration::from_secs(10)),
            ..Limits::default()
        };
        let account = Account::new(&limits, None);
        let last = Took {
            nodes: 80_000,
            time: Duration::from_secs(3),
        };
        // Twice the nodes: 6 s. Four times: 12 s on one thread, 6 s on two.
        assert_eq!(account.foresee(Some(40_000), last, 1), Ok(()));
        let past = Err(Reason::Foreseen(Duration::from_secs(12)));
        assert_eq!(account.foresee(Some(20_000), last, 1), past);
        assert_eq!(account.foresee(Some(20_000), last, 2), Ok(()));
        // Too few nodes before to foresee anything.
        assert_eq!(account.foresee(Some(9_999), last, 1), Ok(()));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_clock_counts_the_time_the_thread_runs_not_the_time_it_waits() {
        let start = thread_nanos();
        std::thread::sleep(Duration::from_millis(100));
        let asleep = thread_nanos() - start;
        assert!(asleep < 50_000_000, "{asleep} ns while asleep");
        // Work until the clock has run 5 ms more, or for 5 s.
        let (wall, mut spun) = (Instant::now(), 0u64);
        while thread_nanos() - start < asleep + 5_000_000 && wall.elapsed() < Duration::from_secs(5)
        {
            spun = std::hint::black_box(spun + 1);
        }
        let working = thread_nanos() - start - asleep;
        assert!(working >= 5_000_000, "{working} ns in {spun} turns of work");
    }
}
