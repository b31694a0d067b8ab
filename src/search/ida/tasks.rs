//! One iteration cut into tasks that any process can search on its own, for a search
//! spread over several machines: the subtrees under enough states near the start, the
//! largest expected split first, in letter order.
//!
//! This is the split of the parent module with processes for threads. Each task's
//! subtree is searched exactly as the one-thread search would search it, so it finds
//! that subtree's first solution in letter order; the iteration's answer is the
//! solution of the first task, in task order, that has one, and when none has, the next
//! bound is the least cost pruned above the cut or in any task ([`Cut::combine`]).
//! So the answer is the one-thread search's whatever order the tasks are run in, and
//! a task run twice (a lost worker's, run again) gives the same result twice.

use std::collections::BinaryHeap;

use super::pass::{Item, Pass, Want};
use super::split::{children_within, iteration};
use super::{children_of, Children, Problem, Settings, Stopped};
use crate::search::limit::{Account, Limits, Meter};

/// An iteration at one bound, cut into tasks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut<M> {
    /// The bound: states whose moves from the start plus lower bound exceed it are
    /// pruned.
    pub bound: u32,
    /// Each task's moves from the start, in letter order (a goal above the cut is a
    /// task of its own, solved at once).
    pub tasks: Vec<Vec<M>>,
    /// The nodes the cut expects each task to hold, in the units of the sizes it was
    /// given (with none, relative only): for handing out tasks of about equal work.
    pub expected: Vec<u64>,
    /// States generated above the cut, the tasks' roots included.
    pub nodes: u64,
    /// The least `moves + bound` pruned above the cut (`u32::MAX`: none).
    pub next_bound: u32,
}

/// What searching one task's subtree found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskFound<M> {
    /// The subtree's first solution in letter order, from the start, if it has one.
    pub first: Option<Vec<M>>,
    /// States generated below the task's root.
    pub nodes: u64,
    /// The least `moves + bound` pruned in the subtree (`u32::MAX`: none).
    pub next_bound: u32,
}

/// How one iteration ended, once its tasks are combined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Iteration<M> {
    /// It admits a solution: the shortest, lexicographically smallest one.
    Solved(Vec<M>),
    /// None within the bound; the next iteration's bound.
    Deeper(u32),
    /// Nothing was pruned and nothing found: no goal is reachable.
    Exhausted,
}

impl<M: Clone> Cut<M> {
    /// The iteration's outcome from its tasks' results, given in task order (one for
    /// each task up to the first with a solution; those after it do not matter).
    ///
    /// # Panics
    /// If fewer results than tasks are given and none of them has a solution.
    pub fn combine<'a>(&self, searched: impl IntoIterator<Item = &'a TaskFound<M>>) -> Iteration<M>
    where
        M: 'a,
    {
        let mut next_bound = self.next_bound;
        let mut results = 0;
        for task in searched {
            if let Some(solution) = &task.first {
                return Iteration::Solved(solution.clone());
            }
            next_bound = next_bound.min(task.next_bound);
            results += 1;
        }
        assert_eq!(results, self.tasks.len(), "a result for every task");
        match next_bound {
            u32::MAX => Iteration::Exhausted,
            bound => Iteration::Deeper(bound),
        }
    }
}

/// The iteration at `bound` from `start` cut into at least `tasks` tasks where the
/// states within the bound allow (fewer when there are fewer), in letter order.
///
/// The cut splits the largest task it expects until there are enough: subtrees at one
/// depth differ in size by orders of magnitude, and one large task drawn late keeps
/// every other worker waiting. It expects a state's subtree to hold what the tasks at
/// or under it held in the iteration `before` (their moves and nodes, in any order; a
/// subtree grows by about the same factor from one bound to the next), a state under
/// one of those tasks a share of its parent's, and a state new above them nothing (it
/// was pruned at the last bound, so its subtree is small). A parent's share goes to
/// its children by the room the bound leaves them (twice as much for each move more
/// room). With nothing
/// known, a state is expected to hold as much as its room alone says: the states
/// with the most room are split first.
pub fn cut<P: Problem>(
    problem: &P,
    start: &P::State,
    bound: u32,
    tasks: usize,
    before: &[(Vec<P::Move>, u64)],
) -> Cut<P::Move> {
    let unlimited = Limits::default();
    let account = Account::new(&unlimited, None);
    let mut meter = Meter::new(&account, 1);
    let mut pass = Pass::new(bound);
    let known = Known::new(before);
    let root = Item::root(start, problem.lower_bound(start));
    let (share, below) = known.under(&root.path).unwrap_or((1.0, true));
    let mut pending = BinaryHeap::from([Expected::new(root, share, below, 0)]);
    let mut kept = Vec::new(); // goals above the cut, each a task of its own
    let mut made = 1;
    while pending.len() + kept.len() < tasks.max(1) {
        let Some(largest) = pending.pop() else { break };
        if largest.item.estimate == 0 {
            kept.push(largest.item);
            continue;
        }
        // With no limits, nothing stops the cut.
        let children = children_within(problem, &largest.item, bound, &mut pass, &mut meter)
            .unwrap_or_default();
        let room =
            |child: &Item<_, _>| room_weight(bound - child.path.len() as u32 - child.estimate);
        let whole: f64 = children.iter().map(room).sum();
        for child in children {
            let (share, below) = match known.under(&child.path) {
                Some(held) => held,
                None if known.is_empty() => (room(&child), true),
                None if largest.below => (largest.share * room(&child) / whole, true),
                None => (0.0, false),
            };
            pending.push(Expected::new(child, share, below, made));
            made += 1;
        }
    }
    meter.finish();
    let mut tasks: Vec<_> = kept.into_iter().map(|item| (item.path, 0)).collect();
    tasks.extend(pending.into_iter().map(|e| (e.item.path, e.share as u64)));
    tasks.sort_unstable();
    let (tasks, expected) = tasks.into_iter().unzip();
    Cut {
        bound,
        tasks,
        expected,
        nodes: account.nodes(),
        next_bound: pass.next_bound,
    }
}

/// What a state's subtree is expected to hold against its siblings' when the bound
/// leaves it `room` moves beyond its lower bound: with two moves more, about an
/// iteration more (taken as four times as much; 4x4 and 5x5 boards grow 6-9 times an
/// iteration); with none, next to nothing.
fn room_weight(room: u32) -> f64 {
    2f64.powi(room.min(60) as i32)
}

/// The tasks of an iteration and their nodes, sorted by moves, with running totals:
/// the tasks under a state are the ones its moves begin, side by side in that order.
struct Known<'a, M> {
    tasks: Vec<&'a (Vec<M>, u64)>,
    totals: Vec<u64>,
}

impl<'a, M: Ord> Known<'a, M> {
    fn is_empty(&self) -> bool {
        self.tasks.is_empty()
    }

    fn new(before: &'a [(Vec<M>, u64)]) -> Self {
        let mut tasks: Vec<_> = before.iter().collect();
        tasks.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let totals = std::iter::once(0)
            .chain(tasks.iter().scan(0, |total, task| {
                *total += task.1;
                Some(*total)
            }))
            .collect();
        Known { tasks, totals }
    }

    /// The nodes of the tasks at or under `path`, and whether `path` is a task itself;
    /// `None` when no task lies there.
    fn under(&self, path: &[M]) -> Option<(f64, bool)> {
        let first = self.tasks.partition_point(|task| task.0.as_slice() < path);
        let count = self.tasks[first..].partition_point(|task| task.0.starts_with(path));
        let nodes = self.totals[first + count] - self.totals[first];
        (count > 0).then(|| (nodes as f64, count == 1 && self.tasks[first].0 == path))
    }
}

/// A state above the cut with the nodes its subtree is expected to hold.
struct Expected<S, M> {
    item: Item<S, M>,
    share: f64,
    /// Whether it is one of the tasks before or lies under one: its children share
    /// what it is expected to hold.
    below: bool,
    /// When it was made: of equal shares, the first made is split first (by depth,
    /// then letter order).
    made: u64,
}

impl<S, M> Expected<S, M> {
    fn new(item: Item<S, M>, share: f64, below: bool, made: u64) -> Self {
        Expected {
            item,
            share,
            below,
            made,
        }
    }

    fn key(&self) -> (f64, std::cmp::Reverse<u64>) {
        (self.share, std::cmp::Reverse(self.made))
    }
}

impl<S, M> Ord for Expected<S, M> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let (a, b) = (self.key(), other.key());
        a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
    }
}

impl<S, M> PartialOrd for Expected<S, M> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<S, M> PartialEq for Expected<S, M> {
    fn eq(&self, other: &Self) -> bool {
        self.made == other.made
    }
}

impl<S, M> Eq for Expected<S, M> {}

/// How searching one task ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaskOutcome<M> {
    /// The subtree was searched: its first solution, if any, and what was pruned.
    Searched(TaskFound<M>),
    /// A limit of the settings stopped it first.
    Stopped(Stopped),
}

/// Searches the subtree under `prefix` (a task of [`cut`] at `bound`) from `start`
/// within `settings`, split over every core (unless `settings.split_from` is
/// `u64::MAX`: a task's size is not known before); `None` when `prefix` is not a
/// sequence of moves from `start` that the search plays (one undoing the move before
/// it, or off the board).
pub fn search_task<P: Problem>(
    problem: &P,
    start: &P::State,
    bound: u32,
    prefix: &[P::Move],
    settings: &Settings,
) -> Option<TaskOutcome<P::Move>> {
    let root = replay(problem, start, prefix)?;
    let cost = prefix.len() as u32 + root.estimate;
    if cost > bound {
        // Pruned where it stands (never so for a task of the cut).
        let searched = TaskFound {
            first: None,
            nodes: 0,
            next_bound: cost,
        };
        return Some(TaskOutcome::Searched(searched));
    }
    let account = Account::new(&settings.limits, settings.progress);
    account.begin(bound);
    // A task's size is not known: split it as finely as the smallest split.
    let split = (settings.split_from != u64::MAX).then_some(0);
    Some(
        match iteration(problem, &account, Want::First, bound, root, split) {
            Ok(pass) => TaskOutcome::Searched(TaskFound {
                first: pass.first,
                nodes: account.nodes(),
                next_bound: pass.next_bound,
            }),
            Err(reason) => TaskOutcome::Stopped(Stopped {
                lower_bound: bound,
                nodes: account.nodes(),
                reason,
            }),
        },
    )
}

/// The state `prefix` reaches from `start`, with its bound, as the search meets it.
pub(super) fn replay<P: Problem>(
    problem: &P,
    start: &P::State,
    prefix: &[P::Move],
) -> Option<Item<P::State, P::Move>> {
    let (mut state, mut estimate) = (start.clone(), problem.lower_bound(start));
    for (depth, &step) in prefix.iter().enumerate() {
        let mut children = Children::new();
        let last = depth.checked_sub(1).map(|before| prefix[before]);
        children_of(problem, &state, last, &mut children);
        let child = children.into_iter().find(|child| child.step == step)?;
        (state, estimate) = (child.state, child.bound);
    }
    Some(Item {
        path: prefix.to_vec(),
        state,
        estimate,
    })
}
