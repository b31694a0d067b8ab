//! What one iteration, or one subtree of it, is asked for and finds: the types the
//! iterations (`deepen.rs`), the split (`split.rs`), a thread's search (`worker.rs`)
//! and the tasks (`tasks.rs`) hand each other.

use super::Problem;

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
        self.answers.truncate(crate::search::MOST_LISTED);
        self.next_bound = self.next_bound.min(later.next_bound);
    }
}

/// A state of `P` to search from, with the moves that reached it.
pub(super) type ItemOf<P> = Item<<P as Problem>::State, <P as Problem>::Move>;

/// A state to search from, with the moves that reached it.
pub(super) struct Item<S, M> {
    pub(super) path: Vec<M>,
    pub(super) state: S,
    pub(super) estimate: u32,
}

impl<S: Clone, M> Item<S, M> {
    /// The start of a search, `estimate` its bound.
    pub(super) fn root(start: &S, estimate: u32) -> Self {
        Item {
            path: Vec::new(),
            state: start.clone(),
            estimate,
        }
    }
}
