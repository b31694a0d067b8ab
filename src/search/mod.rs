//! Search over state spaces, shared by every puzzle: the reverse breadth-first search
//! that fills a table ([`reverse_bfs`]), the greedy walk down an exact table
//! ([`greedy_walk`]), and IDA* guided by any lower bound ([`ida_star`]).

mod bfs;
mod ida;
mod walk;

pub use bfs::reverse_bfs;
pub use ida::{ida_star, Found, Problem};
pub use walk::{greedy_walk, move_bits, pack_walk, packed_walks, unpack_walk, walk_length, Walks};

/// The distance byte of a state no move sequence connects to the goal.
pub const UNREACHABLE: u8 = u8::MAX;

/// What a move costs in a [`StateSpace`]: an abstract space (a pattern database's)
/// counts only some moves, and those it does not count are free.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// The move is not counted.
    Free,
    /// The move counts one.
    One,
}

/// A puzzle's states, each named by a rank in `0..states()`, seen from one goal.
///
/// Moves must be reversible at the same cost, so the states one move away from a rank
/// are also the states one move *towards* it, and a search outwards from the goal
/// measures every state's distance *to* the goal.
pub trait StateSpace: Sync {
    /// The number of ranks.
    fn states(&self) -> u64;
    /// The ranks at distance 0.
    fn goals(&self) -> Vec<u64>;
    /// Calls `visit` with the rank of every state one move from `rank`, and the move's
    /// cost.
    fn neighbours(&self, rank: u64, visit: impl FnMut(u64, Cost));
}
