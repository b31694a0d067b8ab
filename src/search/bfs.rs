//! Reverse breadth-first search from the goals, level by level and in parallel.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::{Cancel, StateSpace, TooLarge, UNREACHABLE};

/// A table's computation as its builder sees it: told the steps done, from any thread,
/// and asked whether to go on. A computation that finds itself cancelled returns at
/// once with entries that mean nothing, which [`crate::table::dir::build`] then
/// discards.
#[derive(Clone, Copy)]
pub struct Work<'a> {
    advance: &'a (dyn Fn(u64) + Sync),
    cancel: Option<&'a Cancel>,
}

impl<'a> Work<'a> {
    /// Work whose steps are told to `advance`, never cancelled.
    pub fn new(advance: &'a (dyn Fn(u64) + Sync)) -> Self {
        Work {
            advance,
            cancel: None,
        }
    }

    /// Work told to nobody, never cancelled (tests, benchmarks, tables in memory).
    pub fn quiet() -> Work<'static> {
        Work::new(&|_| {})
    }

    /// The same work, given up once `cancel` is cancelled.
    pub fn until(self, cancel: Option<&'a Cancel>) -> Self {
        Work { cancel, ..self }
    }

    /// Tells that `steps` more are done.
    pub fn advance(&self, steps: u64) {
        (self.advance)(steps)
    }

    /// Whether the work is to be given up.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(Cancel::is_cancelled)
    }
}

/// The distance of every rank from the nearest goal, [`UNREACHABLE`] where there is
/// none, one byte a rank.
///
/// Level by level, with no list of the frontier: each level scans the distances for
/// its states in parallel blocks of ranks, and a state joins the next level through
/// the one thread that claims its byte. So the search needs its byte a rank and
/// nothing else (a level's list could take eight bytes for each of a tenth of the
/// states), and a scan of the bytes costs far less than the states' expansions. An
/// error says what exceeds a byte a rank in memory, or the distances a byte holds.
/// `work` hears of the states expanded as they are, from any thread; once cancelled,
/// each block is skipped and the search returns after its level.
pub fn reverse_bfs<S: StateSpace>(space: &S, work: &Work) -> Result<Vec<u8>, TooLarge> {
    const BLOCK: usize = 1 << 16;
    let states = usize::try_from(space.states())
        .map_err(|_| TooLarge(format!("{} states do not fit in memory", space.states())))?;
    let distance: Vec<AtomicU8> = (0..states).map(|_| AtomicU8::new(UNREACHABLE)).collect();
    for goal in space.goals() {
        distance[goal as usize].store(0, Relaxed);
    }
    let mut depth = 0u8;
    loop {
        let found: u64 = distance
            .par_chunks(BLOCK)
            .enumerate()
            .map(|(block, bytes)| {
                let (mut expanded, mut found) = (0, 0);
                if work.cancelled() {
                    return 0;
                }
                for (i, byte) in bytes.iter().enumerate() {
                    if byte.load(Relaxed) != depth {
                        continue;
                    }
                    expanded += 1;
                    space.neighbours((block * BLOCK + i) as u64, |n| {
                        let claimed = distance[n as usize]
                            .compare_exchange(UNREACHABLE, depth + 1, Relaxed, Relaxed)
                            .is_ok();
                        found += u64::from(claimed);
                    });
                }
                work.advance(expanded);
                found
            })
            .sum();
        if found == 0 || work.cancelled() {
            break;
        }
        depth += 1;
        if depth == UNREACHABLE {
            return Err(TooLarge(format!(
                "distances beyond {} do not fit a byte",
                depth - 1
            )));
        }
    }
    Ok(distance.into_iter().map(AtomicU8::into_inner).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path of `len` states 0 - 1 - ... - len-1, goal at 0, and an isolated last
    /// state.
    struct Line {
        len: u64,
    }

    impl StateSpace for Line {
        fn states(&self) -> u64 {
            self.len + 1
        }
        fn goals(&self) -> Vec<u64> {
            vec![0]
        }
        fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64)) {
            if rank == self.len {
                return;
            }
            if rank > 0 {
                visit(rank - 1);
            }
            if rank + 1 < self.len {
                visit(rank + 1);
            }
        }
    }

    #[test]
    fn distances_are_measured_and_the_unreachable_marked() {
        let distance = reverse_bfs(&Line { len: 200 }, &Work::quiet()).unwrap();
        assert_eq!(distance.len(), 201);
        for (rank, &d) in distance[..200].iter().enumerate() {
            assert_eq!(usize::from(d), rank);
        }
        assert_eq!(distance[200], UNREACHABLE);
    }

    #[test]
    fn a_space_deeper_than_a_byte_is_too_large_not_wrong() {
        let error = reverse_bfs(&Line { len: 300 }, &Work::quiet()).unwrap_err();
        assert!(error.0.contains("do not fit a byte"), "{error}");
    }

    #[test]
    fn cancelled_work_expands_nothing_more() {
        let cancel = Cancel::new();
        cancel.cancel();
        let expanded = std::sync::atomic::AtomicU64::new(0);
        let count = |steps| {
            expanded.fetch_add(steps, Relaxed);
        };
        let work = Work::new(&count).until(Some(&cancel));
        reverse_bfs(&Line { len: 200 }, &work).unwrap();
        assert_eq!(expanded.load(Relaxed), 0);
        // The same search, not cancelled, expands every reachable state.
        reverse_bfs(&Line { len: 200 }, &Work::new(&count)).unwrap();
        assert_eq!(expanded.load(Relaxed), 200);
    }
}
