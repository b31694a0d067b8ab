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

/// Where a breadth-first search stands between two rounds of its work: every level
/// nearer the goals than `depth` searched, and the level at `depth` among the ranks
/// below `from` (its states expanded, or the states unreached there asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The level being searched.
    pub depth: u8,
    /// The first rank of the level not yet searched.
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
/// states), and a scan of the bytes costs far less than the states' expansions. A
/// level with more states than are left unreached is searched inwards, each state
/// left asking its moves. An error says what exceeds a byte a rank in memory, or the
/// distances a byte holds. `work` hears of each level's states as they are searched
/// (expanded, outwards), from any thread; once cancelled, each block is skipped and the
/// search returns after its round, its distances meaning nothing.
///
/// A level is searched in rounds of millions of ranks. Between two, where `work` keeps
/// checkpoints, the distances may be kept, and a search restored from them searches
/// the rest of the level the same way: expanding a state again would claim nothing,
/// nor would asking one reached, so the distances mean the same whatever a round had
/// done when it was stopped.
pub fn reverse_bfs<S: StateSpace>(space: &S, work: &Work) -> Result<Vec<u8>, TooLarge> {
    let threads = rayon::current_num_threads() as u64;
    in_rounds(
        space,
        work,
        ROUND.max(ROUND_BLOCKS_A_THREAD * BLOCK as u64 * threads),
    )
}

/// [`reverse_bfs`] in rounds of `round_len` ranks.
fn in_rounds<S: StateSpace>(space: &S, work: &Work, round_len: u64) -> Result<Vec<u8>, TooLarge> {
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
    // The level's states and those unreached when it began: counted where the search
    // starts or resumes, then carried from level to level.
    let mut counts = None;
    'levels: loop {
        let whole = at.from == 0;
        let mut found = 0;
        let (level, unreached) = counts.unwrap_or_else(|| Way::counts(&distance, at.depth));
        let way = Way::of(level, unreached);
        while at.from < states {
            let round = at.from..states.min(at.from + round_len);
            found += search_round(space, &distance, (at.depth, way), round.clone(), work);
            if work.cancelled() {
                break 'levels;
            }
            at.from = round.end;
            keep_if_due(work, &distance, at);
        }
        // (Past the last level a byte holds, a state may be claimed more than once;
        // the search ends there.)
        counts = Some((found, unreached.saturating_sub(found)));
        // Where rounds of the level were made by an earlier run, what they found is
        // read from the distances: only this level marks states one deeper.
        if !whole {
            let next = at.depth + 1;
            found = u64::from(distance.par_iter().any(|d| d.load(Relaxed) == next));
            counts = None;
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

/// The ranks of a level searched between two checkpoints: enough that the pause
/// between rounds costs nothing, few enough that a stop loses seconds at most...
const ROUND: u64 = 1 << 22;
/// ... and at least this many blocks a thread, so that every core has its share.
const ROUND_BLOCKS_A_THREAD: u64 = 16;
/// The ranks a thread takes at a time.
const BLOCK: usize = 1 << 16;

/// How a level is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// Outwards: each state of the level expanded, the states a move before it that
    /// are not yet reached claimed for the next level.
    Out,
    /// Inwards: each state not yet reached asks its moves, until one leads to the
    /// level, whether it belongs to the next. Where those states are fewer than the
    /// level's, it asks fewer moves in all, most of them stopping at their first few:
    /// the last two or three levels of the 3x3x3's databases, half their states.
    In,
}

impl Way {
    /// The way a level of `level` states is searched, `unreached` states left when it
    /// began.
    fn of(level: u64, unreached: u64) -> Way {
        match unreached < level {
            true => Way::In,
            false => Way::Out,
        }
    }

    /// The states of the level at `depth`, and those unreached when it began: told by
    /// the distances part-way too, so that a search resumed inside the level goes on
    /// the same way (rounds of both ways would miss states).
    fn counts(distance: &[AtomicU8], depth: u8) -> (u64, u64) {
        distance
            .par_iter()
            .map(|d| match d.load(Relaxed) {
                d if d == depth => (1u64, 0u64),
                // Joined the next level in this one: unreached when it began.
                d if d == UNREACHABLE || d == depth.wrapping_add(1) => (0, 1),
                _ => (0, 0),
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    }
}

/// Searches the level at `depth` among `ranks` the way `way` says, in parallel blocks;
/// returns the states that joined the next level.
fn search_round<S: StateSpace>(
    space: &S,
    distance: &[AtomicU8],
    (depth, way): (u8, Way),
    ranks: std::ops::Range<u64>,
    work: &Work,
) -> u64 {
    let first = ranks.start;
    distance[ranks.start as usize..ranks.end as usize]
        .par_chunks(BLOCK)
        .enumerate()
        .map(|(block, bytes)| {
            let (mut level, mut found) = (0, 0);
            if work.cancelled() {
                return 0;
            }
            let ranked = bytes
                .iter()
                .enumerate()
                .map(|(i, byte)| (first + (block * BLOCK + i) as u64, byte));
            // The way matched once a block: the scan of the bytes stays tight.
            match way {
                Way::Out => {
                    for (rank, _) in ranked.filter(|(_, b)| b.load(Relaxed) == depth) {
                        level += 1;
                        space.neighbours(rank, |n| {
                            let claimed = distance[n as usize]
                                .compare_exchange(UNREACHABLE, depth + 1, Relaxed, Relaxed)
                                .is_ok();
                            found += u64::from(claimed);
                        });
                    }
                }
                Way::In => {
                    for (rank, byte) in ranked {
                        match byte.load(Relaxed) {
                            d if d == depth => level += 1,
                            UNREACHABLE => {
                                let at_level =
                                    |next: u64| distance[next as usize].load(Relaxed) == depth;
                                if space.any_next(rank, at_level) {
                                    // Only this thread writes this state's byte.
                                    byte.store(depth + 1, Relaxed);
                                    found += 1;
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
            // The level's states told as expanded, whichever the way: what progress
            // counts.
            work.advance(level);
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
mod tests;
