//! IDA* over two admissible bounds of one puzzle, a cheap one and a strong one (a
//! pattern catalogue and its first partition): each iteration searched under the one
//! that searches it faster, measured as the search goes.
//!
//! Any admissible bound finds, at a given bound, exactly the solutions within it, the
//! first in letter order first: the answer does not depend on which bound pruned the
//! iteration. So iterations may take either bound, and the answer is the one either
//! alone gives (only the nodes differ). The next bound is the least cost either pruned,
//! which no solution undercuts.
//!
//! Which is faster depends on the board: the strong bound prunes 3-7 times more on the
//! 24-puzzle, at a quarter of the cheap one's node rate, and the ratio mostly holds
//! from one large iteration to the next. So once an iteration passes [`COMPARE_FROM`]
//! nodes, both bounds search the same sample of its subtrees (every
//! [`SAMPLE_EVERY`]th of its frontier, in letter order; later samples every
//! `4 * SAMPLE_EVERY`th), each as a split iteration searches, timed on each thread's
//! own clock (the time it ran, not the machine's other work), and the next iteration
//! takes the faster (beside a build on two cores, board 296 of
//! `bench/random400-sample.in` read the two bounds' time ratio on the same samples
//! 0.85 to 2.08 on the wall clock, 1.32 to 1.67 on the threads' clocks). The iteration
//! sampled found no solution, so each subtree is searched whole under both, and a
//! sample costs each bound about 1/[`SAMPLE_EVERY`] of that iteration: a few percent
//! of the next. It is searched a quarter at a time, and stops once one bound clearly
//! leads ([`STRONG_CLEAR_BY`], [`CHEAP_CLEAR_BY`]), as on most boards one does. The
//! strong bound must win by [`SWITCH_BY`] to be taken, and once it wins by
//! [`SETTLED_BY`], it is kept: its lead grows with the iterations.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::deepen::deepen;
use super::pass::{Item, ItemOf, Want};
use super::split::{frontier, iteration};
use super::tasks::replay;
use super::worker::Worker;
use super::{Found, Outcome, Problem, Settings};
use crate::parallel::lock;
use crate::search::limit::{thread_nanos, Account, Reason};

/// Which bound each iteration of [`search_either`] takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// The cheap one, until an iteration is large; from then on the faster on a
    /// sample of the iteration before.
    #[default]
    Faster,
    /// The strong one, every iteration.
    Strong,
    /// The cheap one, every iteration.
    Cheap,
    /// The cheap one first, then each in turn: a switch every iteration (for tests).
    Alternate,
}

/// Iterations after one of at least this many nodes compare the bounds first: below
/// it, a whole search takes a fraction of a second, and the cheap bound, whose
/// entries stay cached on small iterations, is the faster.
pub const COMPARE_FROM: u64 = 1 << 21;

/// The sample the bounds are compared on: every this many subtrees of the frontier.
const SAMPLE_EVERY: usize = 16;

/// Subtrees sampled for each thread.
const SAMPLE_PER_THREAD: usize = 64;

/// A sample is searched in this many parts (each every `PARTS`th of its subtrees), and
/// read after each.
const PARTS: usize = 4;

/// Once the parts searched put the strong bound's lead this far above [`SWITCH_BY`],
/// the rest of the sample is not searched. A quarter of a sample read the lead within
/// 1.64x of the whole sample's on 18 samples of 10 boards (the 24-puzzle), and most
/// samples stand far from the line: on those a sample costs a quarter.
const STRONG_CLEAR_BY: f64 = 2.0;

/// [`STRONG_CLEAR_BY`] the other way, closer: taking the cheap bound where the whole
/// sample would have shown the strong one a little past [`SWITCH_BY`] costs little
/// (that line is already where the two search an iteration about as fast), and taking
/// the strong one on a misread lead costs as much as the lead was misread.
const CHEAP_CLEAR_BY: f64 = 1.5;

/// The strong bound is taken when a sample shows it faster by this factor. Samples
/// favour it: the iteration that ends the search stops at its answer, and the part
/// searched before it gains less from the strong bound than whole iterations do (on
/// the 24-puzzle, 2.4x fewer nodes against 4.9x in the iteration before, on one
/// board), and a sample's threads cost the cheap one more a node than a whole
/// iteration's (40 ns against 33).
const SWITCH_BY: f64 = 1.3;

/// The strong bound, once faster on a sample by this factor, is taken to the end.
const SETTLED_BY: f64 = 1.6;

/// The shortest, lexicographically smallest moves from a start to a goal, or `None`
/// when none is reachable, as [`super::search`] finds them, each iteration under the
/// cheap or the strong bound as `settings.choice` says: `cheap` and `strong` are the
/// two problems, each with the start as its state.
pub fn search_either<A: Problem, B: Problem<Move = A::Move>>(
    (cheap, cheap_start): (&A, &A::State),
    (strong, strong_start): (&B, &B::State),
    settings: &Settings,
) -> Outcome<Found<A::Move>> {
    let account = Account::new(&settings.limits, settings.progress);
    let (cheap_bound, strong_bound) = (
        cheap.lower_bound(cheap_start),
        strong.lower_bound(strong_start),
    );
    let mut strong_now = false;
    let mut tally = Tally::default();
    let deepened = deepen(cheap_bound.max(strong_bound), settings, &account, |round| {
        strong_now = match (settings.choice, round.before) {
            (Choice::Strong, _) => true,
            (Choice::Cheap, _) => false,
            (Choice::Alternate, before) => before.is_some() && !strong_now,
            (Choice::Faster, Some((bound, nodes)))
                if round.split && nodes >= COMPARE_FROM && !tally.settled =>
            {
                let cheap = (cheap, cheap_start);
                let strong = (strong, strong_start);
                tally.sample(cheap, strong, bound, &account)?
            }
            (Choice::Faster, _) => strong_now,
        };
        let (bound, split) = (round.bound, round.split_after());
        if strong_now {
            let root = Item::root(strong_start, strong_bound);
            iteration(strong, &account, Want::First, bound, root, split)
        } else {
            let root = Item::root(cheap_start, cheap_bound);
            iteration(cheap, &account, Want::First, bound, root, split)
        }
    });
    deepened.outcome(account.nodes(), |pass| Found {
        moves: pass.first.unwrap_or_default(),
        nodes: account.nodes(),
    })
}

/// What the samples so far cost each bound: nodes and the threads' nanoseconds.
#[derive(Default)]
struct Tally {
    cheap: (u64, u64),
    strong: (u64, u64),
    /// Whether the strong bound won by [`SETTLED_BY`]: its lead grows with the
    /// iterations, so the next take it without comparing.
    settled: bool,
}

impl Tally {
    /// Whether the strong bound would search the iteration at `bound` (which holds no
    /// solution) in less time than the cheap one, judged on a sample of it: each
    /// bound's nodes on the sample at its time a node over every sample so far, so
    /// that the nodes, which are exact, count for this iteration, and the times,
    /// which the caches and the other work of a shared machine still disturb, are read
    /// over as much work as has been timed.
    fn sample<A: Problem, B: Problem<Move = A::Move>>(
        &mut self,
        (cheap, cheap_start): (&A, &A::State),
        (strong, strong_start): (&B, &B::State),
        bound: u32,
        account: &Account,
    ) -> Result<bool, Reason> {
        let wanted = SAMPLE_PER_THREAD * rayon::current_num_threads();
        let root = Item::root(cheap_start, cheap.lower_bound(cheap_start));
        // Later samples need fewer nodes: their times a node add to the first's.
        let every = if self.cheap.0 == 0 {
            SAMPLE_EVERY
        } else {
            4 * SAMPLE_EVERY
        };
        let (items, _) = frontier(cheap, account, bound, root, wanted * every)?;
        let sample: Vec<Vec<A::Move>> = items
            .into_iter()
            .step_by(every)
            .map(|item| item.path)
            .collect();
        let add = |(nodes, nanos): &mut (u64, u64), (more, longer): (u64, u64)| {
            (*nodes, *nanos) = (*nodes + more, *nanos + longer);
        };
        let per_node = |(nodes, nanos): (u64, u64)| nanos as f64 / nodes.max(1) as f64;
        // This sample's nodes under each bound, part by part.
        let (mut cheap_here, mut strong_here) = (0, 0);
        let mut speedup = 1.0;
        for part in 0..PARTS {
            let paths: Vec<&[A::Move]> = sample
                .iter()
                .skip(part)
                .step_by(PARTS)
                .map(Vec::as_slice)
                .collect();
            let cheap = time_sample(cheap, cheap_start, &paths, bound, account)?;
            let strong = time_sample(strong, strong_start, &paths, bound, account)?;
            add(&mut self.cheap, cheap);
            add(&mut self.strong, strong);
            (cheap_here, strong_here) = (cheap_here + cheap.0, strong_here + strong.0);
            let cheap_time = cheap_here as f64 * per_node(self.cheap);
            let strong_time = strong_here as f64 * per_node(self.strong);
            speedup = cheap_time / strong_time.max(f64::MIN_POSITIVE);
            if speedup > SWITCH_BY * STRONG_CLEAR_BY || speedup * CHEAP_CLEAR_BY < SWITCH_BY {
                break;
            }
        }
        self.settled = speedup > SETTLED_BY;
        Ok(speedup > SWITCH_BY)
    }
}

/// The nodes and the threads' running time ([`thread_nanos`]), in nanoseconds, to
/// search the subtrees under `paths` at `bound` under `problem`, as a split iteration
/// searches them: on every thread, each taking the next subtree as one is done.
/// Subtrees the bound prunes cost nothing.
fn time_sample<P: Problem>(
    problem: &P,
    start: &P::State,
    paths: &[&[P::Move]],
    bound: u32,
    account: &Account,
) -> Result<(u64, u64), Reason> {
    let before = account.nodes();
    let items: Vec<ItemOf<P>> = paths
        .iter()
        .filter_map(|path| replay(problem, start, path))
        .filter(|item| item.path.len() as u32 + item.estimate <= bound)
        .collect();
    let subtrees = Mutex::new(items.into_iter().enumerate());
    // No subtree holds a solution, so none gives way to an earlier one.
    let never = AtomicUsize::new(usize::MAX);
    let spent = AtomicU64::new(0);
    let stopped = OnceLock::new();
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| {
                let start = thread_nanos();
                let take = || lock(&subtrees).next();
                let done = |_, searched: Result<_, Reason>| {
                    if let Err(reason) = searched {
                        let _ = stopped.set(reason);
                    }
                };
                Worker::new(problem, account, Want::First, bound, Some(&never)).run(take, done);
                spent.fetch_add(thread_nanos() - start, Ordering::Relaxed);
            });
        }
    });
    match stopped.into_inner() {
        Some(reason) => Err(reason),
        None => Ok((account.nodes() - before, spent.into_inner())),
    }
}
