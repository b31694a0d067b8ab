//! The iterations: ever larger bounds, each searched whole or split, until one admits
//! a solution or a limit stops the search.

use super::pass::{Item, Pass, Want};
use super::split::iteration;
use super::{Outcome, Problem, Settings, Stopped};
use crate::search::limit::{Account, Reason};

/// How the iterations ended.
pub(super) enum Deepened<M> {
    /// An iteration admitted a solution: what it found.
    Solved(Pass<M>),
    /// A limit stopped the iteration at this bound.
    Stopped { bound: u32, reason: Reason },
    /// An iteration pruned nothing and found nothing: no goal is reachable.
    Exhausted,
}

impl<M> Deepened<M> {
    /// The outcome, the solution given by `f` from what the last iteration found,
    /// `nodes` generated in all.
    pub(super) fn outcome<T>(self, nodes: u64, f: impl FnOnce(Pass<M>) -> T) -> Outcome<T> {
        match self {
            Deepened::Solved(pass) => Outcome::Solved(f(pass)),
            Deepened::Stopped { bound, reason } => Outcome::Stopped(Stopped {
                lower_bound: bound,
                nodes,
                reason,
            }),
            Deepened::Exhausted => Outcome::Unreachable { nodes },
        }
    }
}

/// Searches from `start` at ever larger bounds until one admits what `want` asks for
/// or a limit stops; the nodes generated are `account`'s.
pub(super) fn deepen<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
    want: Want,
    account: &Account,
) -> Deepened<P::Move> {
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
        match iteration(problem, account, want, bound, root, split) {
            Ok(pass) if pass.solved() => return Deepened::Solved(pass),
            Ok(pass) if pass.next_bound == u32::MAX => return Deepened::Exhausted,
            Ok(pass) => {
                bound = pass.next_bound;
                last_iteration = account.nodes() - before;
            }
            Err(reason) => return Deepened::Stopped { bound, reason },
        }
    }
}
