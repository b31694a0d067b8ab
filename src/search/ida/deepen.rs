//! The iterations: ever larger bounds, each searched whole or split, until one admits
//! a solution or a limit stops the search.

use super::pass::Pass;
use super::{Outcome, Settings, Stopped};
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

/// The iteration to search next.
pub(super) struct Round {
    /// Its bound.
    pub(super) bound: u32,
    /// Whether it is split: the one before was large ([`Settings::split_from`]).
    pub(super) split: bool,
    /// The bound of the one before, which found no solution, and its nodes; none
    /// before the first.
    pub(super) before: Option<(u32, u64)>,
}

impl Round {
    /// How it is searched: split, after an iteration of so many nodes, or whole.
    pub(super) fn split_after(&self) -> Option<u64> {
        self.split
            .then(|| self.before.map_or(0, |(_, nodes)| nodes))
    }
}

/// Searches iterations by `iterate` at ever larger bounds, from `estimate`, until one
/// admits a solution or a limit stops; the nodes generated are `account`'s. Where the
/// limits have a foresight, an iteration foreseen to end past it is not begun.
pub(super) fn deepen<M>(
    estimate: u32,
    settings: &Settings,
    account: &Account,
    mut iterate: impl FnMut(&Round) -> Result<Pass<M>, Reason>,
) -> Deepened<M> {
    let mut round = Round {
        bound: estimate,
        split: false,
        before: None,
    };
    loop {
        account.begin(round.bound);
        let began = account.mark();
        match iterate(&round) {
            Ok(pass) if pass.solved() => return Deepened::Solved(pass),
            Ok(pass) if pass.next_bound == u32::MAX => return Deepened::Exhausted,
            Ok(pass) => {
                let took = account.took_since(began);
                let split = took.nodes >= settings.split_from;
                // A whole iteration's time foresees a split one's over every thread.
                let spread = match split && !round.split {
                    true => rayon::current_num_threads(),
                    false => 1,
                };
                let before = round.before.map(|(_, n)| n);
                if let Err(reason) = account.foresee(before, took, spread) {
                    let bound = pass.next_bound;
                    return Deepened::Stopped { bound, reason };
                }
                round = Round {
                    bound: pass.next_bound,
                    split,
                    before: Some((round.bound, took.nodes)),
                };
            }
            Err(reason) => {
                let bound = round.bound;
                return Deepened::Stopped { bound, reason };
            }
        }
    }
}
