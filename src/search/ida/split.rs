//! One iteration split into subtrees, handed out in letter order to every thread; see
//! the parent module for why the answer is the one-thread search's.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::deepen::{Halt, Item, Pass, Want};
use super::worker::{lanes, Worker, SUBTREES_PER_LANE};
use super::{children_of, Children, Problem};
use crate::moves::Move;
use crate::parallel::{lock, Slot};
use crate::search::limit::{Account, Meter};

/// The subtrees of a split iteration, searched side by side; see the module's comment
/// for why the answer is the one-thread search's.
pub(super) fn split_pass<P: Problem>(
    problem: &P,
    account: &Account,
    want: Want,
    bound: u32,
    root: Item<P::State, P::Move>,
) -> Result<Pass<P::Move>, Halt> {
    let wanted = SUBTREES_PER_LANE * lanes(problem) * rayon::current_num_threads();
    let (items, mut pass) = frontier(problem, account, bound, root, wanted)?;
    let earliest = AtomicUsize::new(usize::MAX);
    // Subtrees are handed out in letter order, each to the next free thread: the
    // threads work side by side near the one-thread search's place, so that once a
    // solution is found, little work has gone into the subtrees after it.
    let next = AtomicUsize::new(0);
    let items: Vec<Slot<Item<P::State, P::Move>>> = items
        .into_iter()
        .map(|item| Mutex::new(Some(item)))
        .collect();
    let passes: Vec<Slot<Result<Pass<P::Move>, Halt>>> =
        items.iter().map(|_| Mutex::new(None)).collect();
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| {
                let take = || {
                    let place = next.fetch_add(1, Ordering::Relaxed);
                    let over =
                        account.stopped().is_some() || place > earliest.load(Ordering::Relaxed);
                    if place >= items.len() || over {
                        return None;
                    }
                    let item = lock(&items[place]).take();
                    Some((place, item.expect("each subtree is taken once")))
                };
                let done = |place, subtree: Result<Pass<P::Move>, Halt>| {
                    if subtree.as_ref().is_ok_and(|pass| pass.first.is_some()) {
                        earliest.fetch_min(place, Ordering::Relaxed);
                    }
                    *lock(&passes[place]) = Some(subtree);
                };
                Worker::new(problem, account, want, bound, Some(&earliest)).run(take, done);
            });
        }
    });
    for subtree in passes {
        // Subtrees are taken in order, and only those after the earliest with a
        // solution or after a limit go untaken: the loop returns at that one, or at
        // an earlier subtree the limit stopped.
        let subtree = subtree
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .expect("every subtree up to the first solution is searched")?;
        if subtree.first.is_some() {
            return Ok(subtree);
        }
        pass.then(subtree);
    }
    Ok(pass)
}

/// The states at the fewest moves from `root` that number at least `wanted` (or all
/// there are within `bound`), in letter order (a goal nearer the root stands in its
/// place), and what pruning them found.
#[allow(clippy::type_complexity)]
pub(super) fn frontier<P: Problem>(
    problem: &P,
    account: &Account,
    bound: u32,
    root: Item<P::State, P::Move>,
    wanted: usize,
) -> Result<(Vec<Item<P::State, P::Move>>, Pass<P::Move>), Halt> {
    let mut pass = Pass::new(bound);
    let mut meter = Meter::new(account);
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

/// `item`'s children within `bound`, in letter order, counted as nodes; the least cost
/// of those pruned goes into `pass`.
#[allow(clippy::type_complexity)]
pub(super) fn children_within<P: Problem>(
    problem: &P,
    item: &Item<P::State, P::Move>,
    bound: u32,
    pass: &mut Pass<P::Move>,
    meter: &mut Meter<'_>,
) -> Result<Vec<Item<P::State, P::Move>>, Halt> {
    let mut children = Children::new();
    let skip = item.path.last().map(|m| m.inverse());
    children_of(problem, &item.state, skip, &mut children);
    meter.count(children.len() as u64).map_err(Halt::Limit)?;
    let mut within = Vec::with_capacity(children.len());
    for child in children {
        let cost = item.path.len() as u32 + 1 + child.bound;
        if cost > bound {
            pass.next_bound = pass.next_bound.min(cost);
            continue;
        }
        let mut path = item.path.clone();
        path.push(child.step);
        within.push(Item {
            path,
            state: child.state,
            estimate: child.bound,
        });
    }
    Ok(within)
}
