//! What the two puzzles share: a state space of ranks, the distance of every rank from
//! a goal by reverse breadth-first search, and the greedy walk down such a table.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use crate::table::TableId;

/// The distance byte of a state no move sequence connects to the goal.
pub const UNREACHABLE: u8 = u8::MAX;

/// A puzzle's states, each named by a rank in `0..states()`, seen from one goal.
///
/// Moves must be reversible, so the states one move away from a rank are also the
/// states one move *towards* it, and a search outwards from the goal measures every
/// state's distance *to* the goal.
pub trait StateSpace: Sync {
    /// Which table this space fills.
    fn id(&self) -> TableId;
    /// The number of ranks.
    fn states(&self) -> usize;
    /// The ranks at distance 0.
    fn goals(&self) -> Vec<u32>;
    /// Calls `visit` with the rank of every state one move from `rank`.
    fn neighbours(&self, rank: u32, visit: impl FnMut(u32));
}

/// The distance of every rank from the nearest goal, [`UNREACHABLE`] where there is
/// none. Level by level: each level's frontier is expanded in parallel, and a state
/// joins the next frontier only through the one thread that claims its byte.
pub fn reverse_bfs<S: StateSpace>(space: &S) -> Vec<u8> {
    let distance: Vec<AtomicU8> = (0..space.states())
        .map(|_| AtomicU8::new(UNREACHABLE))
        .collect();
    let mut frontier = space.goals();
    frontier.retain(|&goal| distance[goal as usize].swap(0, Relaxed) == UNREACHABLE);
    let mut depth = 0u8;
    while !frontier.is_empty() {
        assert!(
            depth < UNREACHABLE - 1,
            "state space deeper than a distance byte holds"
        );
        depth += 1;
        frontier = frontier
            .par_chunks(1 << 12)
            .flat_map_iter(|chunk| {
                let mut found = Vec::new();
                for &rank in chunk {
                    space.neighbours(rank, |next| {
                        let claimed = distance[next as usize]
                            .compare_exchange(UNREACHABLE, depth, Relaxed, Relaxed)
                            .is_ok();
                        if claimed {
                            found.push(next);
                        }
                    });
                }
                found
            })
            .collect();
    }
    distance.into_iter().map(AtomicU8::into_inner).collect()
}

/// Walks from a state at `distance` to the goal: at every step the first move, in the
/// order of `moves`, whose `step` reaches a state one closer. Every step lowers the
/// distance by one, so the path is shortest; every step takes the smallest letter that
/// still allows a shortest path, so the path is the lexicographically smallest of them.
///
/// `step` returns the state a move leads to and its distance, or `None` for a move
/// that is not legal there. The result is the path and the state it ends in, or `None`
/// when at some state no move leads one closer, which a correct table never allows.
pub fn greedy_walk<S, M: Copy>(
    mut state: S,
    mut distance: u8,
    moves: &[M],
    mut step: impl FnMut(&S, M) -> Option<(S, u8)>,
) -> Option<(Vec<M>, S)> {
    let mut path = Vec::with_capacity(usize::from(distance));
    while distance > 0 {
        let (next, chosen) = moves.iter().find_map(|&m| {
            step(&state, m)
                .filter(|&(_, d)| d == distance - 1)
                .map(|(next, _)| (next, m))
        })?;
        path.push(chosen);
        state = next;
        distance -= 1;
    }
    Some((path, state))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path of `n` states 0 - 1 - ... - n-1, goal at 0, and an isolated last state.
    struct Line(u32);

    impl StateSpace for Line {
        fn id(&self) -> TableId {
            TableId::new("line", 0)
        }
        fn states(&self) -> usize {
            self.0 as usize + 1
        }
        fn goals(&self) -> Vec<u32> {
            vec![0]
        }
        fn neighbours(&self, rank: u32, mut visit: impl FnMut(u32)) {
            if rank == self.0 {
                return;
            }
            if rank > 0 {
                visit(rank - 1);
            }
            if rank + 1 < self.0 {
                visit(rank + 1);
            }
        }
    }

    #[test]
    fn bfs_measures_distance_and_marks_unreachable() {
        let distance = reverse_bfs(&Line(200));
        assert_eq!(distance.len(), 201);
        for (rank, &d) in distance[..200].iter().enumerate() {
            assert_eq!(usize::from(d), rank);
        }
        assert_eq!(distance[200], UNREACHABLE);
    }

    #[test]
    fn walk_takes_first_move_that_gets_closer() {
        // On a line, from 5: "down" (-1) gets closer, "up" (+1) does not.
        let path = greedy_walk(5u32, 5, &['u', 'd'], |&s, m| {
            let next = if m == 'u' { s + 1 } else { s.checked_sub(1)? };
            Some((next, next as u8))
        });
        assert_eq!(path, Some((vec!['d'; 5], 0)));
    }

    #[test]
    fn walk_reports_a_table_with_no_way_down() {
        let path = greedy_walk(3u32, 3, &['s'], |&s, _| Some((s, 3)));
        assert_eq!(path, None);
    }
}
