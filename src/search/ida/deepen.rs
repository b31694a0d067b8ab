//! The iterations: ever larger bounds, each searched whole or split, until one admits
//! a solution or a limit stops the search.

use super::split::split_pass;
use super::worker::Worker;
use super::{Outcome, Problem, Settings, Stopped};
use crate::search::limit::{Account, Reason};

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Want {
    /// The first solution.
    First,
    /// How many solutions there are.
    Count,
    /// Every solution.
    List,
}

/// What one iteration, or one subtree of it, found.
pub(super) struct Pass<M> {
    /// The first solution ([`Want::First`]).
    pub(super) first: Option<Vec<M>>,
    pub(super) count: u128,
    pub(super) answers: Vec<Vec<M>>,
    /// The least `moves + bound` pruned.
    pub(super) next_bound: u32,
    /// The bound searched: the solutions' length.
    pub(super) length: usize,
}

impl<M> Pass<M> {
    pub(super) fn new(bound: u32) -> Self {
        Pass {
            first: None,
            count: 0,
            answers: Vec::new(),
            next_bound: u32::MAX,
            length: bound as usize,
        }
    }

    pub(super) fn solved(&self) -> bool {
        self.first.is_some() || self.count > 0
    }

    /// Adds a later subtree's findings.
    pub(super) fn then(&mut self, later: Pass<M>) {
        self.count += later.count;
        self.answers.extend(later.answers);
        self.next_bound = self.next_bound.min(later.next_bound);
    }
}

/// The iterations: ever larger bounds until one admits a solution or a limit stops.
pub(super) struct Deepened<M> {
    pub(super) outcome: Result<Pass<M>, Outcome<()>>,
    pub(super) nodes: u64,
}

impl<M> Deepened<M> {
    pub(super) fn map<T>(self, f: impl FnOnce(Pass<M>, u64) -> T) -> Outcome<T> {
        match self.outcome {
            Ok(pass) => Outcome::Solved(f(pass, self.nodes)),
            Err(Outcome::Stopped(stopped)) => Outcome::Stopped(stopped),
            Err(_) => Outcome::Unreachable { nodes: self.nodes },
        }
    }
}

pub(super) fn deepen<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
    want: Want,
) -> Deepened<P::Move> {
    let account = Account::new(&settings.limits, settings.progress);
    let estimate = problem.lower_bound(start);
    let mut bound = estimate;
    let mut last_iteration = 0;
    loop {
        account.begin(bound);
        let before = account.nodes();
        let root = Item {
            path: Vec::new(),
            state: start.clone(),
            estimate,
        };
        let split = last_iteration >= settings.split_from;
        let pass = iteration(problem, &account, want, bound, root, split);
        let outcome = match pass {
            Ok(pass) if pass.solved() => Ok(pass),
            Ok(pass) if pass.next_bound == u32::MAX => Err(Outcome::Unreachable { nodes: 0 }),
            Ok(pass) => {
                bound = pass.next_bound;
                last_iteration = account.nodes() - before;
                continue;
            }
            Err(Halt::Limit(reason)) => Err(Outcome::Stopped(Stopped {
                lower_bound: bound,
                nodes: account.nodes(),
                reason,
            })),
            Err(Halt::Earlier) => unreachable!("only subtrees give way to earlier ones"),
        };
        return Deepened {
            outcome,
            nodes: account.nodes(),
        };
    }
}

/// One iteration at `bound` under `root`: searched whole by this thread, or, if `split`,
/// split for the other threads or for one thread's subtrees side by side (where
/// there is neither, whole).
pub(super) fn iteration<P: Problem>(
    problem: &P,
    account: &Account,
    want: Want,
    bound: u32,
    root: Item<P::State, P::Move>,
    split: bool,
) -> Result<Pass<P::Move>, Halt> {
    if split && (rayon::current_num_threads() > 1 || problem.asks_ahead()) {
        return split_pass(problem, account, want, bound, root);
    }
    let (mut root, mut searched) = (Some((0, root)), None);
    let worker = Worker::new(problem, account, want, bound, None);
    worker.run(|| root.take(), |_, pass| searched = Some(pass));
    searched.expect("the one subtree is searched")
}

/// Why a depth-first search gave up.
pub(super) enum Halt {
    /// A limit of the search was reached.
    Limit(Reason),
    /// An earlier subtree of a split iteration has a solution.
    Earlier,
}

/// A state to search from, with the moves that reached it.
pub(super) struct Item<S, M> {
    pub(super) path: Vec<M>,
    pub(super) state: S,
    pub(super) estimate: u32,
}
