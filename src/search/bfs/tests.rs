use super::*;
use std::sync::atomic::AtomicU64;
use std::sync::Mutex;

/// A path of `len` states 0 - 1 - ... - len-1, goal at 0, and an isolated last
/// state.
struct Line {
    len: u64,
}

/// Counts the states whose moves a search asks, told apart from those it says are
/// done.
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
    fn any_next(&self, rank: u64, found: impl FnMut(u64) -> bool) -> bool {
        self.1.fetch_add(1, Relaxed);
        self.0.any_next(rank, found)
    }
}

/// A tree of `len` states, goal 0: the states before `r` are `2r + 1` and `2r + 2`,
/// so level `d` is ranks `2^d - 1` to `2^(d+1) - 2`, wider than a round from 22 on.
/// A move goes one way only: from `r` to `(r - 1) / 2`.
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
    fn any_next(&self, rank: u64, mut found: impl FnMut(u64) -> bool) -> bool {
        rank > 0 && found((rank - 1) / 2)
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

/// Stopped at `at`, then resumed, in rounds of [`ROUND`] ranks whatever the cores:
/// the distances of a search never stopped, no state's moves asked again, and every
/// state reached told as expanded once in all, those before the stop told apart.
fn stopped_and_resumed<S: StateSpace>(space: &S, at: Checkpoint) {
    stopped_and_resumed_again(space, at, ROUND, 0)
}

/// The same in rounds of `round` ranks, `again` states' moves asked a second time.
fn stopped_and_resumed_again<S: StateSpace>(space: &S, at: Checkpoint, round: u64, again: u64) {
    let stop = StopAt {
        at,
        kept: Mutex::new(None),
        cancel: Cancel::new(),
    };
    let (asked, told) = (AtomicU64::new(0), AtomicU64::new(0));
    let tell = |steps| {
        told.fetch_add(steps, Relaxed);
    };
    let stopped = Work::new(&tell).until(Some(&stop.cancel));
    in_rounds(&Counted(space, &asked), &stopped.keeping(&stop), round).unwrap();
    assert!(stop.kept.lock().unwrap().is_some(), "stopped at {at:?}");
    let asked_before = asked.swap(0, Relaxed);
    let told_before = told.swap(0, Relaxed);

    let taken_up = AtomicU64::new(0);
    let resume = |steps| {
        taken_up.fetch_add(steps, Relaxed);
    };
    let work = Work::new(&tell).keeping(&stop).telling_resumed(&resume);
    let resumed = in_rounds(&Counted(space, &asked), &work, round);
    let asked_after = asked.swap(0, Relaxed);
    let whole = in_rounds(&Counted(space, &asked), &Work::quiet(), round).unwrap();
    assert_eq!(resumed.unwrap(), whole);
    let asked_whole = asked.load(Relaxed);
    assert_eq!(
        asked_before + asked_after,
        asked_whole + again,
        "asked again"
    );
    let reached = whole.iter().filter(|&&d| d != UNREACHABLE).count() as u64;
    let taken_up = taken_up.load(Relaxed);
    assert_eq!(
        told.load(Relaxed) + taken_up,
        reached,
        "each state reached told once"
    );
    assert_eq!(
        taken_up,
        told_before - again,
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
    stopped_and_resumed_again(&line, at, ROUND, 1);
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

/// A level of 2^22 states with 1,000 beyond it, where the tree stops: the last
/// level is found inwards (each of the 1,000 asks its one move), so that fewer
/// states' moves are asked than are reached, and the same whether or not the
/// search was stopped inside it.
#[test]
fn a_level_with_fewer_states_beyond_it_is_searched_inwards() {
    let tree = Tree {
        len: (1 << 23) - 1 + 1000,
    };
    let asked = AtomicU64::new(0);
    let distance = in_rounds(&Counted(&tree, &asked), &Work::quiet(), ROUND).unwrap();
    for (rank, &d) in distance.iter().enumerate() {
        assert_eq!(u32::from(d), (rank as u64 + 1).ilog2(), "rank {rank}");
    }
    assert_eq!(asked.load(Relaxed), (1 << 22) - 1 + 1000);
    for from in [ROUND, 2 * ROUND] {
        stopped_and_resumed(&tree, Checkpoint { depth: 22, from });
    }
}

/// Goal 0; a level of two states, 1 and 5; beyond them, four states of 1 (3, 4, 6,
/// 7) and one of 5 (2). In rounds of four ranks, the first expands 1 alone, and so
/// leaves fewer states unreached (2 alone) than the level holds: a search resumed there
/// must go on outwards, as it began, or 2 is never reached (asked inwards, the ranks
/// from 4 on hold no state unreached).
struct Fork;

impl StateSpace for Fork {
    fn states(&self) -> u64 {
        8
    }
    fn goals(&self) -> Vec<u64> {
        vec![0]
    }
    fn neighbours(&self, rank: u64, visit: impl FnMut(u64)) {
        let next: &[u64] = match rank {
            0 => &[1, 5],
            1 => &[0, 3, 4, 6, 7],
            5 => &[0, 2],
            2 => &[5],
            _ => &[1],
        };
        next.iter().copied().for_each(visit);
    }
}

#[test]
fn a_level_resumed_goes_on_the_way_it_began() {
    let distance = in_rounds(&Fork, &Work::quiet(), 4).unwrap();
    assert_eq!(distance, [0, 1, 2, 2, 2, 1, 2, 2]);
    let at = Checkpoint { depth: 1, from: 4 };
    stopped_and_resumed_again(&Fork, at, 4, 0);
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
