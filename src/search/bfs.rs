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
    checkpoints: Option<&'a dyn Checkpoints>,
    resumed: Option<&'a (dyn Fn(u64) + Sync)>,
}

/// Where a breadth-first search stands between two rounds of its work: every state
/// nearer the goals than `depth` expanded, and those at `depth` ranked below `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The level being expanded.
    pub depth: u8,
    /// The first rank of the level not yet expanded.
    pub from: u64,
}

/// Where a search keeps its distances as it goes, so that a build stopped part-way
/// (Ctrl-C, a kill, a cancel) resumes from the last checkpoint kept rather than from
/// the goals ([`crate::table::dir::build`] keeps them beside the table it builds).
pub trait Checkpoints: Sync {
    /// The distances an earlier run of the same search kept for `states` states, and
    /// where it stood.
    fn restore(&self, states: u64) -> Option<(Vec<AtomicU8>, Checkpoint)>;
    /// Whether it is time to keep the distances again.
    fn due(&self) -> bool;
    /// Keeps `distance`, the search standing `at`.
    fn keep(&self, distance: &[AtomicU8], at: Checkpoint);
}

impl<'a> Work<'a> {
    /// Work whose steps are told to `advance`, never cancelled.
    pub fn new(advance: &'a (dyn Fn(u64) + Sync)) -> Self {
        Work {
            advance,
            cancel: None,
            checkpoints: None,
            resumed: None,
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

    /// The same work, resuming from the checkpoint `checkpoints` kept last, and
    /// keeping its own there.
    pub fn keeping(self, checkpoints: &'a dyn Checkpoints) -> Self {
        Work {
            checkpoints: Some(checkpoints),
            ..self
        }
    }

    /// The same work, telling `resumed` rather than its advance of the steps an
    /// earlier, stopped run did (so that a progress bar does not count them in its rate).
    pub fn telling_resumed(self, resumed: &'a (dyn Fn(u64) + Sync)) -> Self {
        Work {
            resumed: Some(resumed),
            ..self
        }
    }

    /// Tells that `steps` more were done by an earlier run, taken up now.
    pub fn advance_resumed(&self, steps: u64) {
        self.resumed.unwrap_or(self.advance)(steps)
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
/// each block is skipped and the search returns after its round, its distances
/// meaning nothing.
///
/// A level is expanded in rounds of millions of ranks. Between two, where `work` keeps
/// checkpoints, the distances may be kept, and a search restored from them expands
/// the rest of the level: expanding a state again would claim nothing, so the
/// distances mean the same whatever a round had done when it was stopped.
pub fn reverse_bfs<S: StateSpace>(space: &S, work: &Work) -> Result<Vec<u8>, TooLarge> {
    let states = space.states();
    let len = usize::try_from(states)
        .map_err(|_| TooLarge(format!("{states} states do not fit in memory")))?;
    let (distance, mut at) = match work.checkpoints.and_then(|c| c.restore(states)) {
        Some((distance, mut at)) => {
            // The last level a byte holds is expanded whole again: what it finds beyond
            // is marked as unreachable states are, so only a whole level can tell it.
            if at.depth == UNREACHABLE - 1 {
                at.from = 0;
            }
            work.advance_resumed(expanded_before(&distance, at));
            (distance, at)
        }
        None => {
            let distance: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(UNREACHABLE)).collect();
            for goal in space.goals() {
                distance[goal as usize].store(0, Relaxed);
            }
            (distance, Checkpoint { depth: 0, from: 0 })
        }
    };
    let round_len =
        ROUND.max(ROUND_BLOCKS_A_THREAD * BLOCK as u64 * rayon::current_num_threads() as u64);
    'levels: loop {
        let whole = at.from == 0;
        let mut found = 0;
        while at.from < states {
            let round = at.from..states.min(at.from + round_len);
            found += expand(space, &distance, at.depth, round.clone(), work);
            if work.cancelled() {
                break 'levels;
            }
            at.from = round.end;
            keep_if_due(work, &distance, at);
        }
        // Where rounds of the level were made by an earlier run, what they found is
        // read from the distances: only this level marks states one deeper.
        if !whole {
            let next = at.depth + 1;
            found = u64::from(distance.par_iter().any(|d| d.load(Relaxed) == next));
        }
        if found == 0 {
            break;
        }
        at = Checkpoint {
            depth: at.depth + 1,
            from: 0,
        };
        if at.depth == UNREACHABLE {
            return Err(TooLarge(format!(
                "distances beyond {} do not fit a byte",
                at.depth - 1
            )));
        }
        keep_if_due(work, &distance, at);
    }
    Ok(distance.into_iter().map(AtomicU8::into_inner).collect())
}

/// The ranks of a level expanded between two checkpoints: enough that the pause
/// between rounds costs nothing, few enough that a stop loses seconds at most...
const ROUND: u64 = 1 << 22;
/// ... and at least this many blocks a thread, so that every core has its share.
const ROUND_BLOCKS_A_THREAD: u64 = 16;
/// The ranks a thread takes at a time.
const BLOCK: usize = 1 << 16;

/// Expands the states at `depth` among `ranks`, in parallel blocks; returns the states
/// it claimed for the next level.
fn expand<S: StateSpace>(
    space: &S,
    distance: &[AtomicU8],
    depth: u8,
    ranks: std::ops::Range<u64>,
    work: &Work,
) -> u64 {
    let first = ranks.start;
    distance[ranks.start as usize..ranks.end as usize]
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
                space.neighbours(first + (block * BLOCK + i) as u64, |n| {
                    let claimed = distance[n as usize]
                        .compare_exchange(UNREACHABLE, depth + 1, Relaxed, Relaxed)
                        .is_ok();
                    found += u64::from(claimed);
                });
            }
            work.advance(expanded);
            found
        })
        .sum()
}

fn keep_if_due(work: &Work, distance: &[AtomicU8], at: Checkpoint) {
    if let Some(checkpoints) = work.checkpoints.filter(|c| c.due()) {
        checkpoints.keep(distance, at);
    }
}

/// The states a search standing `at` has expanded.
fn expanded_before(distance: &[AtomicU8], at: Checkpoint) -> u64 {
    let depth = |rank: usize| distance[rank].load(Relaxed);
    (0..distance.len())
        .into_par_iter()
        .filter(|&rank| {
            depth(rank) < at.depth || depth(rank) == at.depth && (rank as u64) < at.from
        })
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;
    use std::sync::Mutex;

    /// A path of `len` states 0 - 1 - ... - len-1, goal at 0, and an isolated last
    /// state.
    struct Line {
        len: u64,
    }

    /// Counts the states a search expands, told apart from those it says are done.
    struct Counted<'a, S>(&'a S, &'a AtomicU64);

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

    impl<S: StateSpace> StateSpace for Counted<'_, S> {
        fn states(&self) -> u64 {
            self.0.states()
        }
        fn goals(&self) -> Vec<u64> {
            self.0.goals()
        }
        fn neighbours(&self, rank: u64, visit: impl FnMut(u64)) {
            self.1.fetch_add(1, Relaxed);
            self.0.neighbours(rank, visit)
        }
    }

    /// A tree of `len` states, goal 0: the states before `r` are `2r + 1` and `2r + 2`,
    /// so level `d` is ranks `2^d - 1` to `2^(d+1) - 2`, wider than a round from 22 on.
    struct Tree {
        len: u64,
    }

    impl StateSpace for Tree {
        fn states(&self) -> u64 {
            self.len
        }
        fn goals(&self) -> Vec<u64> {
            vec![0]
        }
        fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64)) {
            (1..=2)
                .map(|c| 2 * rank + c)
                .filter(|&n| n < self.len)
                .for_each(&mut visit);
        }
    }

    /// Keeps the distances at one checkpoint only, and cancels the search there.
    struct StopAt {
        at: Checkpoint,
        kept: Mutex<Option<(Vec<u8>, Checkpoint)>>,
        cancel: Cancel,
    }

    impl Checkpoints for StopAt {
        fn restore(&self, states: u64) -> Option<(Vec<AtomicU8>, Checkpoint)> {
            let (bytes, at) = self.kept.lock().unwrap().clone()?;
            assert_eq!(bytes.len() as u64, states);
            Some((bytes.into_iter().map(AtomicU8::new).collect(), at))
        }
        fn due(&self) -> bool {
            true
        }
        fn keep(&self, distance: &[AtomicU8], at: Checkpoint) {
            if at == self.at {
                let bytes = distance.iter().map(|b| b.load(Relaxed)).collect();
                *self.kept.lock().unwrap() = Some((bytes, at));
                self.cancel.cancel();
            }
        }
    }

    /// Stopped at `at`, then resumed: the distances of a search never stopped, every
    /// state expanded once in all, and the states expanded before the stop told apart.
    fn stopped_and_resumed<S: StateSpace>(space: &S, at: Checkpoint) {
        stopped_and_resumed_again(space, at, 0)
    }

    /// The same, `again` states expanded a second time.
    fn stopped_and_resumed_again<S: StateSpace>(space: &S, at: Checkpoint, again: u64) {
        let stop = StopAt {
            at,
            kept: Mutex::new(None),
            cancel: Cancel::new(),
        };
        let (expanded, told) = (AtomicU64::new(0), AtomicU64::new(0));
        let tell = |steps| {
            told.fetch_add(steps, Relaxed);
        };
        let stopped = Work::new(&tell).until(Some(&stop.cancel));
        reverse_bfs(&Counted(space, &expanded), &stopped.keeping(&stop)).unwrap();
        assert!(stop.kept.lock().unwrap().is_some(), "stopped at {at:?}");
        let before = expanded.swap(0, Relaxed);
        told.store(0, Relaxed);

        let taken_up = AtomicU64::new(0);
        let resume = |steps| {
            taken_up.fetch_add(steps, Relaxed);
        };
        let work = Work::new(&tell).keeping(&stop).telling_resumed(&resume);
        let resumed = reverse_bfs(&Counted(space, &expanded), &work);
        let whole = reverse_bfs(space, &Work::quiet()).unwrap();
        assert_eq!(resumed.unwrap(), whole);
        let reached = whole.iter().filter(|&&d| d != UNREACHABLE).count() as u64;
        let after = expanded.load(Relaxed);
        assert_eq!(before + after, reached + again, "expanded again");
        assert_eq!(
            told.load(Relaxed),
            after,
            "the states expanded now told as done"
        );
        assert_eq!(
            taken_up.load(Relaxed),
            before - again,
            "those expanded before told apart"
        );
    }

    #[test]
    fn a_search_stopped_between_levels_resumes_where_it_stood() {
        let at = Checkpoint { depth: 50, from: 0 };
        stopped_and_resumed(&Line { len: 199 }, at);
    }

    #[test]
    fn a_search_stopped_inside_the_last_level_a_byte_holds_resumes_as_it_stood() {
        // 255 states deep, the last at distance 254: the whole search is no error. Its
        // last level is expanded whole again (what it finds beyond would read as
        // unreachable): that one state, twice.
        let line = Line { len: 255 };
        let at = Checkpoint {
            depth: 254,
            from: 256,
        };
        stopped_and_resumed_again(&line, at, 1);
    }

    #[test]
    fn a_search_stopped_inside_a_level_resumes_where_it_stood() {
        let tree = Tree { len: 3 * ROUND };
        stopped_and_resumed(
            &tree,
            Checkpoint {
                depth: 22,
                from: ROUND,
            },
        );
        stopped_and_resumed(
            &tree,
            Checkpoint {
                depth: 22,
                from: 2 * ROUND,
            },
        );
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
