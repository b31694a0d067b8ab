//! IDA*: iterative deepening over a lower bound, generic over the puzzle and its bound,
//! on every core, within limits.
//!
//! At each bound, a depth-first search tries the moves in letter order, prunes where
//! `moves so far + lower bound > bound`, and never plays what no shortest path plays
//! right after the move before (a move's inverse, at least: the problem says). The next bound is the least `moves + bound` that
//! was pruned. The search returns the first solution it meets at the smallest bound
//! that admits one, which is the lexicographically smallest of the shortest: every
//! state on a shortest path passes the bound (the lower bound never overestimates), so
//! none is pruned, and letter order meets the smallest first. Every solution found at
//! a bound has exactly that many moves: one with fewer would have passed the bound
//! before, where nothing was found.
//!
//! # One search on every core
//!
//! Once an iteration is large, the next is split: the states a few moves from the
//! start, in letter order (the order the one-thread search would meet them), become
//! subtrees, handed out in that order to rayon's threads, each taking the next as one
//! of its own is done. The one-thread search's answer is the first solution of the
//! first subtree that has one; each subtree is searched exactly as that search would
//! search it, so it finds that subtree's first solution. A subtree gives up only when
//! an earlier one has found a solution, so every subtree before the earliest one found
//! was searched to its end, without one: that earliest is the first subtree with a
//! solution, and its solution is the one-thread answer, whichever thread finishes
//! first. Only the node count differs: later subtrees do some work before they learn
//! that an earlier one succeeded, little where subtrees are small beside the
//! iteration, so a large iteration is cut into more of them (`split::subtrees`).
//!
//! # One search on many machines
//!
//! The same cut serves processes that share nothing but the tables ([`cut`],
//! [`search_task`]): an iteration's subtrees become tasks, named by their moves from
//! the start, that any process searches on its own; combined in their order
//! ([`Cut::combine`]) they give the one-thread answer by the argument above, whatever
//! order they ran in.
//!
//! # Waiting on memory
//!
//! A node's children are listed all at once ([`Problem::expand`]), then bounded
//! ([`Problem::bound_children`]), so that a puzzle can issue its table lookups
//! together and their cache misses overlap. For tables far larger than the cache
//! ([`Problem::asks_ahead`]), a thread searches a few subtrees side by side, each
//! stopping after one expansion for the others' turns (so even one thread splits its
//! large iterations): the children listed in a turn are asked for in a row at its end,
//! and bounded at the next, their memory's latency spent on the other subtrees' work.
//! Each subtree is still searched exactly as alone, so the argument above stands.

mod deepen;
mod either;
mod pass;
mod split;
mod tasks;
mod worker;

use std::fmt::Debug;

use super::limit::{Account, Limits, Reason, Report};
use crate::moves::Move;
use deepen::{deepen, Deepened};
pub use either::{search_either, Choice, COMPARE_FROM};
use pass::{Item, Want};
use split::iteration;
pub use tasks::{cut, search_task, Cut, Iteration, TaskFound, TaskOutcome};

/// A state one move away, with its lower bound.
#[derive(Clone, Debug)]
pub struct Child<S, M> {
    /// The move that reaches it.
    pub step: M,
    /// The state.
    pub state: S,
    /// Its lower bound on the moves left.
    pub bound: u32,
}

/// The children of one state, in the moves' order. A search keeps one list a depth
/// and reuses it, so listing children allocates nothing once the search is under way.
pub type Children<S, M> = Vec<Child<S, M>>;

/// A puzzle IDA* can search from a state.
pub trait Problem: Sync {
    /// A position of the puzzle, with whatever the bound needs kept up to date.
    type State: Clone + Send + Sync;
    /// Its moves, ordered as answers are compared (for puzzles of lettered moves, their
    /// [`Move::ALL`] order).
    type Move: Copy + Eq + Ord + Debug + Send + Sync + 'static;

    /// A lower bound on the moves left that never overestimates; 0 exactly at a goal.
    fn lower_bound(&self, state: &Self::State) -> u32;

    /// Pushes onto `children`, in the moves' order, every state one move from `state`,
    /// each with its lower bound, or with the bound left to
    /// [`Problem::bound_children`]; but the moves no shortest path plays right after
    /// `last`, the move that reached `state` (its inverse, at least; for puzzles of
    /// turns, whatever makes one turn with it). A problem may leave out more, moves it
    /// knows no shortest, lexicographically smallest solution plays there (the sliding
    /// boards' detours, turns that commute with the last in the other order); then
    /// [`every_shortest`] needs a problem that leaves out no more.
    fn expand(
        &self,
        state: &Self::State,
        last: Option<Self::Move>,
        children: &mut Children<Self::State, Self::Move>,
    );

    /// Gives the `children` [`Problem::expand`] just pushed the bounds it left to do.
    /// Nothing by default.
    #[inline]
    fn bound_children(&self, children: &mut Children<Self::State, Self::Move>) {
        let _ = children;
    }

    /// A stronger bound for `state`, whose bound from [`Problem::expand`] is `bound`,
    /// asked only where the search would otherwise enter it or keep it for a split
    /// iteration's cut (`room`: the most bound that keeps it within the iteration, so
    /// looking further may stop past it): a bound that costs more than it saves on
    /// every child pays here, where most children are pruned before it is asked.
    /// `bound` by default.
    #[inline]
    fn refine(&self, state: &Self::State, bound: u32, room: u32) -> u32 {
        let _ = (state, room);
        bound
    }

    /// Asks for what [`Problem::bound_children`] will read of `children`, for a puzzle
    /// whose bounds come from tables too large for the cache: the search asks for
    /// several nodes' children in a row, so that their waits overlap, and bounds them
    /// after other work. Nothing by default.
    #[inline]
    fn ask_ahead(&self, children: &Children<Self::State, Self::Move>) {
        let _ = children;
    }

    /// Whether [`Problem::ask_ahead`] does anything, so that the search arranges its
    /// work for it.
    fn asks_ahead(&self) -> bool {
        false
    }
}

/// Lists `state`'s children with their bounds: [`Problem::expand`], then
/// [`Problem::bound_children`] at once.
pub(super) fn children_of<P: Problem>(
    problem: &P,
    state: &P::State,
    last: Option<P::Move>,
    children: &mut Children<P::State, P::Move>,
) {
    problem.expand(state, last, children);
    problem.bound_children(children);
}

/// Pushes onto `children` each lettered move's state by `play` (`None` where the move
/// cannot be played), but the inverse of `last`, with its bound by `bound`:
/// [`Problem::expand`] for a puzzle whose states are bounded each on its own, in one
/// way.
pub fn expand_each<S, M: Move>(
    state: &S,
    last: Option<M>,
    children: &mut Children<S, M>,
    play: impl Fn(&S, M) -> Option<S>,
    bound: impl Fn(&S) -> u32,
) {
    let skip = last.map(M::inverse);
    for &step in M::ALL {
        if Some(step) == skip {
            continue;
        }
        if let Some(state) = play(state, step) {
            let bound = bound(&state);
            children.push(Child { step, state, bound });
        }
    }
}

/// A shortest, lexicographically smallest solution and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    /// The moves.
    pub moves: Vec<M>,
    /// States generated, over every iteration.
    pub nodes: u64,
}

/// Every shortest solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Every<M> {
    /// Their length.
    pub length: usize,
    /// How many there are.
    pub count: u128,
    /// The solutions in letter order, when asked for.
    pub answers: Vec<Vec<M>>,
    /// States generated, over every iteration.
    pub nodes: u64,
}

/// A search that ended before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Every solution has at least this many moves (the bound under search).
    pub lower_bound: u32,
    /// States generated.
    pub nodes: u64,
    /// What stopped it.
    pub reason: Reason,
}

/// How a search within limits ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    /// It found what it was asked for.
    Solved(T),
    /// A limit stopped it first.
    Stopped(Stopped),
    /// No goal is reachable: the search ran out of states.
    Unreachable {
        /// States generated.
        nodes: u64,
    },
}

impl<T> Outcome<T> {
    /// The answer, if the search found it.
    pub fn solved(self) -> Option<T> {
        match self {
            Outcome::Solved(found) => Some(found),
            _ => None,
        }
    }
}

/// Iterations of at least this many nodes are followed by split ones.
pub const SPLIT_FROM: u64 = 100_000;

/// How a search runs.
#[derive(Clone, Default)]
pub struct Settings<'a> {
    /// Its limits.
    pub limits: Limits,
    /// An iteration follows one of at least this many nodes split over rayon's threads,
    /// or over one thread's subtrees side by side for a problem that asks ahead (0:
    /// every one; `u64::MAX`: none). [`SPLIT_FROM`] when built by [`Settings::new`].
    pub split_from: u64,
    /// Told of each new bound, and of the nodes every few thousand.
    pub progress: Option<&'a (dyn Fn(Report) + Sync)>,
    /// Which bound each iteration takes, for a search over two ([`search_either`]).
    pub choice: Choice,
}

impl Settings<'_> {
    /// No limits, no progress, split once iterations are large.
    pub fn new() -> Self {
        Settings {
            split_from: SPLIT_FROM,
            ..Settings::default()
        }
    }
}

/// The shortest, lexicographically smallest moves from `start` to a goal, or `None`
/// when no goal is reachable (and the states run out).
pub fn ida_star<P: Problem>(problem: &P, start: &P::State) -> Option<Found<P::Move>> {
    search(problem, start, &Settings::new()).solved()
}

/// [`ida_star`] within `settings`' limits.
pub fn search<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
) -> Outcome<Found<P::Move>> {
    let account = Account::new(&settings.limits, settings.progress);
    let deepened = deepen_one(problem, start, settings, Want::First, &account);
    deepened.outcome(account.nodes(), |pass| Found {
        moves: pass.first.unwrap_or_default(),
        nodes: account.nodes(),
    })
}

/// Every shortest solution from `start` (counted; listed in letter order if `list`,
/// at most [`crate::search::MOST_LISTED`] of them, the list whole only where the
/// count is no more):
/// the last iteration of [`ida_star`], run to its end.
pub fn every_shortest<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
    list: bool,
) -> Outcome<Every<P::Move>> {
    let want = if list { Want::List } else { Want::Count };
    let account = Account::new(&settings.limits, settings.progress);
    let deepened = deepen_one(problem, start, settings, want, &account);
    deepened.outcome(account.nodes(), |pass| Every {
        length: pass.length,
        count: pass.count,
        answers: pass.answers,
        nodes: account.nodes(),
    })
}

/// The iterations from `start` under `problem`'s bound alone, each after `want`.
fn deepen_one<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
    want: Want,
    account: &Account,
) -> Deepened<P::Move> {
    let estimate = problem.lower_bound(start);
    deepen(estimate, settings, account, |round| {
        let root = Item::root(start, estimate);
        iteration(
            problem,
            account,
            want,
            round.bound,
            root,
            round.split_after(),
        )
    })
}

#[cfg(test)]
mod tests;
