//! One iteration, searched whole by one thread or split into subtrees handed out in
//! letter order to every thread; see the parent module for why the answer is the
//! one-thread search's either way.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::pass::{ItemOf, Pass, Want};
use super::worker::{lanes, Worker, SUBTREES_PER_LANE};
use super::{children_of, Children, Problem};
use crate::parallel::lock;
use crate::search::limit::{Account, Meter, Reason};

/// One iteration at `bound` under `root`: searched whole by this thread, or, if `split`
/// (the nodes of the iteration before), split for the other threads or for one
/// thread's subtrees side by side (where there is neither, whole). `Err` when a limit
/// stopped it.
pub(super) fn iteration<P: Problem>(
    problem: &P,
    account: &Account,
    want: Want,
    bound: u32,
    root: ItemOf<P>,
    split: Option<u64>,
) -> Result<Pass<P::Move>, Reason> {
    if let Some(before) = split {
        if rayon::current_num_threads() > 1 || problem.asks_ahead() {
            return split_pass(problem, account, want, bound, root, before);
        }
    }
    let (mut root, mut searched) = (Some((0, root)), None);
    let worker = Worker::new(problem, account, want, bound, None);
    worker.run(|| root.take(), |_, pass| searched = Some(pass));
    // With no earlier subtree to give way to, the one subtree is searched to its end
    // or to a limit.
    searched.expect("the one subtree is searched")
}

/// The subtrees of a split iteration after one of `before` nodes, searched side by
/// side; see the module's comment for why the answer is the one-thread search's.
fn split_pass<P: Problem>(
    problem: &P,
    account: &Account,
    want: Want,
    bound: u32,
    root: ItemOf<P>,
    before: u64,
) -> Result<Pass<P::Move>, Reason> {
    let wanted = subtrees(lanes(problem) * rayon::current_num_threads(), before);
    let (items, mut pass) = frontier(problem, account, bound, root, wanted)?;
    let earliest = AtomicUsize::new(usize::MAX);
    let searched: Vec<OnceLock<Result<Pass<P::Move>, Reason>>> =
        items.iter().map(|_| OnceLock::new()).collect();
    // Subtrees are handed out in letter order, each to the next free thread: the
    // threads work side by side near the one-thread search's place, so that once a
    // solution is found, little work has gone into the subtrees after it.
    let subtrees = Mutex::new(items.into_iter().enumerate());
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| {
                let take = || {
                    let mut subtrees = lock(&subtrees);
                    let (place, item) = subtrees.next()?;
                    let over =
                        account.stopped().is_some() || place > earliest.load(Ordering::Relaxed);
                    (!over).then_some((place, item))
                };
                let done = |place, subtree: Result<Pass<P::Move>, Reason>| {
                    if subtree.as_ref().is_ok_and(|pass| pass.first.is_some()) {
                        earliest.fetch_min(place, Ordering::Relaxed);
                    }
                    let _ = searched[place].set(subtree);
                };
                Worker::new(problem, account, want, bound, Some(&earliest)).run(take, done);
            });
        }
    });
    for subtree in searched {
        // Subtrees are taken in order, and only those after the earliest with a
        // solution or after a limit go unsearched: the loop returns at that one, or at
        // an earlier subtree the limit stopped.
        let subtree = subtree
            .into_inner()
            .expect("every subtree up to the first solution is searched")?;
        if subtree.first.is_some() {
            return Ok(subtree);
        }
        pass.then(subtree);
    }
    Ok(pass)
}

/// How many subtrees a split iteration is cut into, for `lanes` side by side in all,
/// after an iteration of `before` nodes: [`SUBTREES_PER_LANE`] a lane at least, and
/// one for every [`NODES_PER_SUBTREE`] before, up to [`MOST_SUBTREES`].
///
/// The iteration that finds the answer searches every subtree before the one holding
/// it, and, while that one is searched, the lanes search subtrees after it, work
/// thrown away; with subtrees small beside the iteration, that work is small too. On
/// the 24-puzzle's compound catalogue, where each thread searches four lanes, 512
/// subtrees in all left one random board (198 of `bench/random400-sample.in`) 13.5 M
/// nodes and 1.10 s, cut this way 7.4 M and 0.65 s (`bench/bounds.md`).
pub(super) fn subtrees(lanes: usize, before: u64) -> usize {
    let by_size = (before / NODES_PER_SUBTREE).min(MOST_SUBTREES as u64) as usize;
    (SUBTREES_PER_LANE * lanes).max(by_size)
}

/// The nodes of the iteration before for each subtree a split iteration is cut into:
/// the next is a few times as large, so a subtree holds a few thousand nodes, and the
/// cut (made on one thread) costs about a thousandth of the iteration.
const NODES_PER_SUBTREE: u64 = 1_000;

/// The most subtrees an iteration is cut into: each is a state and its path (a few
/// hundred bytes for the 24-puzzle's compound catalogue), so that a cut holds tens of
/// megabytes at most.
const MOST_SUBTREES: usize = 1 << 15;

/// The states at the fewest moves from `root` that number at least `wanted` (or all
/// there are within `bound`), in letter order (a goal nearer the root stands in its
/// place), and what pruning them found.
#[allow(clippy::type_complexity)]
pub(super) fn frontier<P: Problem>(
    problem: &P,
    account: &Account,
    bound: u32,
    root: ItemOf<P>,
    wanted: usize,
) -> Result<(Vec<ItemOf<P>>, Pass<P::Move>), Reason> {
    let mut pass = Pass::new(bound);
    let mut meter = Meter::new(account, 1);
    let mut items = vec![root];
    while items.len() < wanted {
        let mut deeper = Vec::with_capacity(items.len() * 3);
        let mut grew = false;
        for item in items {
            if item.estimate == 0 {
                deeper.push(item);
                continue;
            }
            let children = children_within(problem, &item, bound, &mut pass, &mut meter)?;
            grew |= !children.is_empty();
            deeper.extend(children);
        }
        items = deeper;
        if !grew {
            break;
        }
    }
    meter.finish();
    Ok((items, pass))
}

/// `item`'s children within `bound`, in letter order, counted as nodes, each bound
/// refined as the search refines one before entering it ([`Problem::refine`]); the
/// least cost of those pruned goes into `pass`.
pub(super) fn children_within<P: Problem>(
    problem: &P,
    item: &ItemOf<P>,
    bound: u32,
    pass: &mut Pass<P::Move>,
    meter: &mut Meter<'_>,
) -> Result<Vec<ItemOf<P>>, Reason> {
    let mut children = Children::new();
    children_of(
        problem,
        &item.state,
        item.path.last().copied(),
        &mut children,
    );
    meter.count(children.len() as u64)?;
    let mut within = Vec::with_capacity(children.len());
    let depth = item.path.len() as u32 + 1;
    for mut child in children {
        let mut cost = depth.saturating_add(child.bound);
        if cost <= bound {
            child.bound = problem.refine(&child.state, child.bound, bound - depth);
            cost = depth.saturating_add(child.bound);
        }
        if cost > bound {
            pass.next_bound = pass.next_bound.min(cost);
            continue;
        }
        let mut path = item.path.clone();
        path.push(child.step);
        within.push(ItemOf::<P> {
            path,
            state: child.state,
            estimate: child.bound,
        });
    }
    Ok(within)
}
