//! One iteration cut into tasks that any process can search on its own, for a search
//! spread over several machines: the subtrees under the states at the fewest moves
//! from the start that number enough tasks, in letter order.
//!
//! This is the split of the parent module with processes for threads. Each task's
//! subtree is searched exactly as the one-thread search would search it, so it finds
//! that subtree's first solution in letter order; the iteration's answer is the
//! solution of the first task, in task order, that has one, and when none has, the next
//! bound is the least cost pruned above the cut or in any task ([`Cut::combine`]).
//! So the answer is the one-thread search's whatever order the tasks are run in, and
//! a task run twice (a lost worker's, run again) gives the same result twice.

use super::deepen::{iteration, Halt, Item, Want};
use super::split::frontier;
use super::{children_of, Children, Problem, Settings, Stopped};
use crate::moves::Move;
use crate::search::limit::Account;

/// An iteration at one bound, cut into tasks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut<M> {
    /// The bound: states whose moves from the start plus lower bound exceed it are
    /// pruned.
    pub bound: u32,
    /// Each task's moves from the start, in letter order (a goal above the cut is a
    /// task of its own, solved at once).
    pub tasks: Vec<Vec<M>>,
    /// States generated above the cut, the tasks' roots included.
    pub nodes: u64,
    /// The least `moves + bound` pruned above the cut (`u32::MAX`: none).
    pub next_bound: u32,
}

/// What searching one task's subtree found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched<M> {
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
    pub fn combine<'a>(&self, searched: impl IntoIterator<Item = &'a Searched<M>>) -> Iteration<M>
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
/// states within the bound allow (fewer when there are fewer), by expanding the
/// states above the cut, level by level, in letter order.
pub fn cut<P: Problem>(problem: &P, start: &P::State, bound: u32, tasks: usize) -> Cut<P::Move> {
    let limits = Default::default();
    let account = Account::new(&limits, None);
    let root = Item {
        path: Vec::new(),
        state: start.clone(),
        estimate: problem.lower_bound(start),
    };
    let Ok((items, pass)) = frontier(problem, &account, bound, root, tasks.max(1)) else {
        unreachable!("no limits, no halt")
    };
    Cut {
        bound,
        tasks: items.into_iter().map(|item| item.path).collect(),
        nodes: account.nodes(),
        next_bound: pass.next_bound,
    }
}

/// How searching one task ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaskOutcome<M> {
    /// The subtree was searched: its first solution, if any, and what was pruned.
    Searched(Searched<M>),
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
        let searched = Searched {
            first: None,
            nodes: 0,
            next_bound: cost,
        };
        return Some(TaskOutcome::Searched(searched));
    }
    let account = Account::new(&settings.limits, settings.progress);
    account.begin(bound);
    let split = settings.split_from != u64::MAX;
    Some(
        match iteration(problem, &account, Want::First, bound, root, split) {
            Ok(pass) => TaskOutcome::Searched(Searched {
                first: pass.first,
                nodes: account.nodes(),
                next_bound: pass.next_bound,
            }),
            Err(Halt::Limit(reason)) => TaskOutcome::Stopped(Stopped {
                lower_bound: bound,
                nodes: account.nodes(),
                reason,
            }),
            Err(Halt::Earlier) => unreachable!("only subtrees give way to earlier ones"),
        },
    )
}

/// The state `prefix` reaches from `start`, with its bound, as the search meets it.
fn replay<P: Problem>(
    problem: &P,
    start: &P::State,
    prefix: &[P::Move],
) -> Option<Item<P::State, P::Move>> {
    let (mut state, mut estimate) = (start.clone(), problem.lower_bound(start));
    for (depth, &step) in prefix.iter().enumerate() {
        let mut children = Children::new();
        let skip = depth.checked_sub(1).map(|before| prefix[before].inverse());
        children_of(problem, &state, skip, &mut children);
        let child = children.into_iter().find(|child| child.step == step)?;
        (state, estimate) = (child.state, child.bound);
    }
    Some(Item {
        path: prefix.to_vec(),
        state,
        estimate,
    })
}
