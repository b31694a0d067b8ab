//! Search over state spaces, shared by every puzzle: the reverse breadth-first search
//! that fills a table ([`reverse_bfs`], or [`Marks`] at two bits a state where a byte a
//! state is too much), the greedy walk down an exact table ([`greedy_walk`]), and IDA*
//! guided by any lower bound ([`ida_star`], within [`Limits`], on every core).

mod bfs;
mod budget;
mod ida;
mod limit;
mod marks;
mod walk;

pub use bfs::{reverse_bfs, Checkpoint, Checkpoints, Work};
pub use budget::{Budget, Progress};
pub use ida::{
    cut, every_shortest, expand_each, ida_star, search, search_either, search_task, Child,
    Children, Choice, Cut, Every, Found, Iteration, Outcome, Problem, Settings, Stopped, TaskFound,
    TaskOutcome, COMPARE_FROM, SPLIT_FROM,
};
pub use limit::{for_case, Cancel, Limits, Reason, Report, FORESEEN_FROM};
pub(crate) use limit::{Account, Meter};
pub use marks::Marks;
pub use walk::{
    every_walk, greedy_walk, move_bits, pack_walk, packed_walks, unpack_walk, walk_length, NoWalks,
    Walks,
};

/// The most shortest answers one case lists (`--all`): each is kept until the case
/// is written, so more would take memory without bound; a case with more is counted
/// in full, its list left out, and refused ([`crate::judge::Shortest::listed`]).
pub const MOST_LISTED: usize = 1_000_000;

/// Why a search's table cannot be held here: it exceeds what this build or machine
/// holds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TooLarge(pub String);

/// The distance byte of a state no move sequence connects to the goal.
pub const UNREACHABLE: u8 = u8::MAX;

/// A puzzle's states, each named by a rank in `0..states()`, seen from one goal.
///
/// A rank's neighbours are the states one move *before* it, so that a search outwards
/// from the goal measures every state's distance *to* the goal. Where moves are
/// reversible (unless [`StateSpace::any_next`] says otherwise), they are also the
/// states one move after it.
pub trait StateSpace: Sync {
    /// The number of ranks.
    fn states(&self) -> u64;
    /// The ranks at distance 0.
    fn goals(&self) -> Vec<u64>;
    /// Calls `visit` with the rank of every state one move before `rank`.
    fn neighbours(&self, rank: u64, visit: impl FnMut(u64));

    /// Whether `found` holds of a state one move *from* `rank` (towards the goals),
    /// asked state by state until it does: how a search's last levels, where the
    /// states not yet reached are fewer than those being expanded, find each one's
    /// distance from a state a level nearer. Moves being reversible, these are the
    /// neighbours; a space whose moves are not says so here.
    fn any_next(&self, rank: u64, mut found: impl FnMut(u64) -> bool) -> bool {
        let mut any = false;
        self.neighbours(rank, |next| any = any || found(next));
        any
    }
}
