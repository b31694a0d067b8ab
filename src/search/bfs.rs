//! Reverse breadth-first search from the goals, level by level and in parallel.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::{Cost, StateSpace, UNREACHABLE};

/// The distance of every rank from the nearest goal, [`UNREACHABLE`] where there is
/// none.
///
/// Level by level: each level's states are expanded in parallel, and a state joins a
/// list only through the one thread that claims its byte. A move that counts claims
/// its state for the next level; a free move claims it for this one, even from the
/// next (a lower distance always wins), and the states so claimed are expanded in
/// further rounds of the same level. A state claimed for the next level and then
/// lowered is passed over when that level comes. With unit costs every level is one
/// round.
pub fn reverse_bfs<S: StateSpace>(space: &S) -> Vec<u8> {
    let states = usize::try_from(space.states()).expect("a table fits in memory");
    let distance: Vec<AtomicU8> = (0..states).map(|_| AtomicU8::new(UNREACHABLE)).collect();
    let mut frontier = space.goals();
    frontier.retain(|&goal| distance[goal as usize].swap(0, Relaxed) == UNREACHABLE);
    let mut depth = 0u8;
    while !frontier.is_empty() {
        assert!(
            depth < UNREACHABLE - 1,
            "state space deeper than a distance byte holds"
        );
        let mut round = frontier;
        let mut next = Vec::new();
        while !round.is_empty() {
            let found: Vec<(Vec<u64>, Vec<u64>)> = round
                .par_chunks(1 << 12)
                .map(|chunk| {
                    let (mut same, mut later) = (Vec::new(), Vec::new());
                    for &rank in chunk {
                        space.neighbours(rank, |n, cost| {
                            let byte = &distance[n as usize];
                            match cost {
                                Cost::Free if byte.fetch_min(depth, Relaxed) > depth => {
                                    same.push(n)
                                }
                                Cost::One
                                    if byte
                                        .compare_exchange(UNREACHABLE, depth + 1, Relaxed, Relaxed)
                                        .is_ok() =>
                                {
                                    later.push(n)
                                }
                                _ => {}
                            }
                        });
                    }
                    (same, later)
                })
                .collect();
            round = Vec::new();
            for (same, later) in found {
                round.extend(same);
                next.extend(later);
            }
        }
        depth += 1;
        next.retain(|&rank| distance[rank as usize].load(Relaxed) == depth);
        frontier = next;
    }
    distance.into_iter().map(AtomicU8::into_inner).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path of `n` states 0 - 1 - ... - n-1, goal at 0, and an isolated last state.
    /// Moves into a multiple of `free_every` are free.
    struct Line {
        len: u64,
        free_every: u64,
    }

    impl StateSpace for Line {
        fn states(&self) -> u64 {
            self.len + 1
        }
        fn goals(&self) -> Vec<u64> {
            vec![0]
        }
        fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64, Cost)) {
            if rank == self.len {
                return;
            }
            let cost = |a: u64, b: u64| {
                if a.max(b) % self.free_every == 1 && self.free_every > 1 {
                    Cost::Free
                } else {
                    Cost::One
                }
            };
            if rank > 0 {
                visit(rank - 1, cost(rank, rank - 1));
            }
            if rank + 1 < self.len {
                visit(rank + 1, cost(rank, rank + 1));
            }
        }
    }

    #[test]
    fn unit_costs_measure_distance_and_mark_unreachable() {
        let distance = reverse_bfs(&Line {
            len: 200,
            free_every: 1,
        });
        assert_eq!(distance.len(), 201);
        for (rank, &d) in distance[..200].iter().enumerate() {
            assert_eq!(usize::from(d), rank);
        }
        assert_eq!(distance[200], UNREACHABLE);
    }

    #[test]
    fn free_moves_cost_nothing() {
        // The edges 2k - 2k+1 are free, so 2k and 2k+1 are both k counted moves away.
        let distance = reverse_bfs(&Line {
            len: 100,
            free_every: 2,
        });
        for (rank, &d) in distance[..100].iter().enumerate() {
            assert_eq!(usize::from(d), rank / 2, "rank {rank}");
        }
        assert_eq!(distance[100], UNREACHABLE);
    }

    /// A free move found after a counted one in the same level lowers the state.
    struct Diamond;

    impl StateSpace for Diamond {
        fn states(&self) -> u64 {
            4
        }
        fn goals(&self) -> Vec<u64> {
            vec![0]
        }
        fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64, Cost)) {
            // 0 -one- 2, 0 -free- 1, 1 -free- 2, 2 -one- 3
            let edges: &[(u64, Cost)] = match rank {
                0 => &[(2, Cost::One), (1, Cost::Free)],
                1 => &[(0, Cost::Free), (2, Cost::Free)],
                2 => &[(0, Cost::One), (1, Cost::Free), (3, Cost::One)],
                _ => &[(2, Cost::One)],
            };
            edges.iter().for_each(|&(n, c)| visit(n, c));
        }
    }

    #[test]
    fn a_free_path_beats_a_counted_move() {
        assert_eq!(reverse_bfs(&Diamond), vec![0, 0, 0, 1]);
    }
}
