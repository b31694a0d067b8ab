//! IDA*: iterative deepening over a lower bound, generic over the puzzle and its bound,
//! on every core, within limits.
//!
//! At each bound, a depth-first search tries the moves in letter order, prunes where
//! `moves so far + lower bound > bound`, and never plays a move's inverse right after
//! it (a shortest path never does). The next bound is the least `moves + bound` that
//! was pruned. The search returns the first solution it meets at the smallest bound
//! that admits one, which is the lexicographically smallest of the shortest: every
//! state on a shortest path passes the bound (the lower bound never overestimates), so
//! none is pruned, and letter order meets the smallest first. Every solution found at
//! a bound has exactly that many moves: one with fewer would have passed the bound
//! before, where nothing was found.
//!
//! # One search on every core
//!
//! Once an iteration is large, the next is split: the states a few moves from the
//! start, in letter order (the order the one-thread search would meet them), become
//! subtrees, handed out in that order to rayon's threads as each becomes free. The one-thread search's answer
//! is the first solution of the first subtree that has one; each subtree is searched
//! exactly as that search would search it, so it finds that subtree's first solution.
//! A subtree gives up only when an earlier one has found a solution, so every subtree
//! before the earliest one found was searched to its end, without one: that earliest
//! is the first subtree with a solution, and its solution is the one-thread answer,
//! whichever thread finishes first. Only the node count differs: later subtrees do
//! some work before they learn that an earlier one succeeded (little, since the
//! threads work on neighbouring subtrees: about one subtree a thread).
//!
//! Every node a child's lower bound is computed as the parent is expanded
//! ([`Problem::expand`]), all children at once, so that a puzzle can issue its table
//! lookups together and their cache misses overlap.

use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::limit::{Account, Limits, Meter, Reason, Report};
use crate::moves::Move;

/// The most children a state has.
pub const MAX_CHILDREN: usize = 8;

/// A state one move away, with its lower bound.
#[derive(Clone, Debug)]
pub struct Child<S, M> {
    /// The move that reaches it.
    pub step: M,
    /// The state.
    pub state: S,
    /// Its lower bound on the moves left.
    pub bound: u32,
}

/// The children of one state, in letter order.
pub type Children<S, M> = ArrayVec<Child<S, M>, MAX_CHILDREN>;

/// A puzzle IDA* can search from a state.
pub trait Problem: Sync {
    /// A position of the puzzle, with whatever the bound needs kept up to date.
    type State: Clone + Send + Sync;
    /// Its moves, tried in [`Move::ALL`] order.
    type Move: Move;

    /// A lower bound on the moves left that never overestimates; 0 exactly at a goal.
    fn lower_bound(&self, state: &Self::State) -> u32;

    /// Pushes onto `children`, in letter order, every state one move from `state` but
    /// the one `skip` reaches, each with its lower bound.
    fn expand(
        &self,
        state: &Self::State,
        skip: Option<Self::Move>,
        children: &mut Children<Self::State, Self::Move>,
    );

    /// Told that `state` will be expanded soon, with `skip` as [`Problem::expand`] will
    /// have it: a puzzle whose bounds come from large tables can ask for their entries
    /// now, so that their memory latency overlaps the work in between. Nothing by
    /// default.
    #[inline]
    fn prefetch(&self, state: &Self::State, skip: Option<Self::Move>) {
        let _ = (state, skip);
    }

    /// Whether [`Problem::prefetch`] does anything, so that the search calls it at all.
    fn prefetches(&self) -> bool {
        false
    }
}

/// Pushes onto `children` each move's state by `play` (`None` where the move cannot be
/// played), with its bound by `bound`: [`Problem::expand`] for a puzzle whose states
/// are bounded each on its own, in one way.
pub fn expand_each<S, M: Move>(
    state: &S,
    skip: Option<M>,
    children: &mut Children<S, M>,
    play: impl Fn(&S, M) -> Option<S>,
    bound: impl Fn(&S) -> u32,
) {
    for &step in M::ALL {
        if Some(step) == skip {
            continue;
        }
        if let Some(state) = play(state, step) {
            let bound = bound(&state);
            children.push(Child { step, state, bound });
        }
    }
}

/// A shortest, lexicographically smallest solution and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    /// The moves.
    pub moves: Vec<M>,
    /// States generated, over every iteration.
    pub nodes: u64,
}

/// Every shortest solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Every<M> {
    /// Their length.
    pub length: usize,
    /// How many there are.
    pub count: u128,
    /// The solutions in letter order, when asked for.
    pub answers: Vec<Vec<M>>,
    /// States generated, over every iteration.
    pub nodes: u64,
}

/// A search that ended before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Every solution has at least this many moves (the bound under search).
    pub lower_bound: u32,
    /// States generated.
    pub nodes: u64,
    /// What stopped it.
    pub reason: Reason,
}

/// How a search within limits ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    /// It found what it was asked for.
    Solved(T),
    /// A limit stopped it first.
    Stopped(Stopped),
    /// No goal is reachable: the search ran out of states.
    Unreachable {
        /// States generated.
        nodes: u64,
    },
}

impl<T> Outcome<T> {
    /// The answer, if the search found it.
    pub fn solved(self) -> Option<T> {
        match self {
            Outcome::Solved(found) => Some(found),
            _ => None,
        }
    }
}

/// Iterations of at least this many nodes are followed by split ones.
pub const SPLIT_FROM: u64 = 100_000;

/// How a search runs.
#[derive(Clone, Default)]
pub struct Settings<'a> {
    /// Its limits.
    pub limits: Limits,
    /// An iteration follows one of at least this many nodes split over rayon's threads
    /// (0: every one; `u64::MAX`: none). [`SPLIT_FROM`] when built by [`Settings::new`].
    pub split_from: u64,
    /// Told of each new bound, and of the nodes every few thousand.
    pub progress: Option<&'a (dyn Fn(Report) + Sync)>,
}

impl Settings<'_> {
    /// No limits, no progress, split once iterations are large.
    pub fn new() -> Self {
        Settings {
            split_from: SPLIT_FROM,
            ..Settings::default()
        }
    }
}

/// The shortest, lexicographically smallest moves from `start` to a goal, or `None`
/// when no goal is reachable (and the states run out).
pub fn ida_star<P: Problem>(problem: &P, start: &P::State) -> Option<Found<P::Move>> {
    search(problem, start, &Settings::new()).solved()
}

/// [`ida_star`] within `settings`' limits.
pub fn search<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
) -> Outcome<Found<P::Move>> {
    deepen(problem, start, settings, Want::First).map(|pass, nodes| Found {
        moves: pass.first.unwrap_or_default(),
        nodes,
    })
}

/// Every shortest solution from `start` (counted; listed in letter order if `list`):
/// the last iteration of [`ida_star`], run to its end.
pub fn every_shortest<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
    list: bool,
) -> Outcome<Every<P::Move>> {
    let want = if list { Want::List } else { Want::Count };
    deepen(problem, start, settings, want).map(|pass, nodes| Every {
        length: pass.length,
        count: pass.count,
        answers: pass.answers,
        nodes,
    })
}

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    /// The first solution.
    First,
    /// How many solutions there are.
    Count,
    /// Every solution.
    List,
}

/// What one iteration, or one subtree of it, found.
struct Pass<M> {
    /// The first solution ([`Want::First`]).
    first: Option<Vec<M>>,
    count: u128,
    answers: Vec<Vec<M>>,
    /// The least `moves + bound` pruned.
    next_bound: u32,
    /// The bound searched: the solutions' length.
    length: usize,
}

impl<M> Pass<M> {
    fn new(bound: u32) -> Self {
        Pass {
            first: None,
            count: 0,
            answers: Vec::new(),
            next_bound: u32::MAX,
            length: bound as usize,
        }
    }

    fn solved(&self) -> bool {
        self.first.is_some() || self.count > 0
    }

    /// Adds a later subtree's findings.
    fn then(&mut self, later: Pass<M>) {
        self.count += later.count;
        self.answers.extend(later.answers);
        self.next_bound = self.next_bound.min(later.next_bound);
    }
}

/// The iterations: ever larger bounds until one admits a solution or a limit stops.
struct Deepened<M> {
    outcome: Result<Pass<M>, Outcome<()>>,
    nodes: u64,
}

impl<M> Deepened<M> {
    fn map<T>(self, f: impl FnOnce(Pass<M>, u64) -> T) -> Outcome<T> {
        match self.outcome {
            Ok(pass) => Outcome::Solved(f(pass, self.nodes)),
            Err(Outcome::Stopped(stopped)) => Outcome::Stopped(stopped),
            Err(_) => Outcome::Unreachable { nodes: self.nodes },
        }
    }
}

fn deepen<P: Problem>(
    problem: &P,
    start: &P::State,
    settings: &Settings,
    want: Want,
) -> Deepened<P::Move> {
    let account = Account::new(&settings.limits, settings.progress);
    let estimate = problem.lower_bound(start);
    let mut bound = estimate;
    let mut last_iteration = 0;
    loop {
        account.begin(bound);
        let before = account.nodes();
        let split = rayon::current_num_threads() > 1 && last_iteration >= settings.split_from;
        let root = Item {
            path: Vec::new(),
            state: start.clone(),
            estimate,
        };
        let pass = match split {
            true => split_pass(problem, &account, want, bound, root),
            false => Worker::new(problem, &account, want, bound, None).search(root),
        };
        let outcome = match pass {
            Ok(pass) if pass.solved() => Ok(pass),
            Ok(pass) if pass.next_bound == u32::MAX => Err(Outcome::Unreachable { nodes: 0 }),
            Ok(pass) => {
                bound = pass.next_bound;
                last_iteration = account.nodes() - before;
                continue;
            }
            Err(Halt::Limit(reason)) => Err(Outcome::Stopped(Stopped {
                lower_bound: bound,
                nodes: account.nodes(),
                reason,
            })),
            Err(Halt::Earlier) => unreachable!("only subtrees give way to earlier ones"),
        };
        return Deepened {
            outcome,
            nodes: account.nodes(),
        };
    }
}

/// Why a depth-first search gave up.
enum Halt {
    /// A limit of the search was reached.
    Limit(Reason),
    /// An earlier subtree of a split iteration has a solution.
    Earlier,
}

/// A state to search from, with the moves that reached it.
struct Item<S, M> {
    path: Vec<M>,
    state: S,
    estimate: u32,
}

/// The subtrees of a split iteration, searched side by side; see the module's comment
/// for why the answer is the one-thread search's.
fn split_pass<P: Problem>(
    problem: &P,
    account: &Account,
    want: Want,
    bound: u32,
    root: Item<P::State, P::Move>,
) -> Result<Pass<P::Move>, Halt> {
    let (items, mut pass) = frontier(problem, account, bound, root)?;
    let earliest = AtomicUsize::new(usize::MAX);
    // Subtrees are handed out in letter order, each to the next free thread: the
    // threads work side by side near the one-thread search's place, so that once a
    // solution is found, little work has gone into the subtrees after it.
    let next = AtomicUsize::new(0);
    let items: Vec<Slot<Item<P::State, P::Move>>> = items
        .into_iter()
        .map(|item| Mutex::new(Some(item)))
        .collect();
    let passes: Vec<Slot<Result<Pass<P::Move>, Halt>>> =
        items.iter().map(|_| Mutex::new(None)).collect();
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| loop {
                let place = next.fetch_add(1, Ordering::Relaxed);
                if place >= items.len() || place > earliest.load(Ordering::Relaxed) {
                    return;
                }
                let item = lock(&items[place])
                    .take()
                    .expect("each subtree is taken once");
                let worker = Worker::new(problem, account, want, bound, Some((&earliest, place)));
                let subtree = worker.search(item);
                if subtree.as_ref().is_ok_and(|pass| pass.first.is_some()) {
                    earliest.fetch_min(place, Ordering::Relaxed);
                }
                *lock(&passes[place]) = Some(subtree);
            });
        }
    });
    for subtree in passes {
        // Only subtrees after the earliest with a solution go unsearched, and the
        // loop returns at that one.
        let subtree = subtree
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .expect("every subtree up to the first solution is searched")?;
        if subtree.first.is_some() {
            return Ok(subtree);
        }
        pass.then(subtree);
    }
    Ok(pass)
}

/// A value handed from one thread to another once.
type Slot<T> = Mutex<Option<T>>;

/// The value behind `mutex`: its holders never panic while holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The states at the fewest moves from the start that number enough subtrees for every
/// thread, in letter order (a goal nearer the start stands in its place), and what
/// pruning them found.
#[allow(clippy::type_complexity)]
fn frontier<P: Problem>(
    problem: &P,
    account: &Account,
    bound: u32,
    root: Item<P::State, P::Move>,
) -> Result<(Vec<Item<P::State, P::Move>>, Pass<P::Move>), Halt> {
    let wanted = 64 * rayon::current_num_threads();
    let mut pass = Pass::new(bound);
    let mut meter = Meter::new(account);
    let mut items = vec![root];
    while items.len() < wanted {
        let mut deeper = Vec::with_capacity(items.len() * 3);
        let mut grew = false;
        for item in items {
            if item.estimate == 0 {
                deeper.push(item);
                continue;
            }
            let mut children = Children::new();
            let skip = item.path.last().map(|m| m.inverse());
            problem.expand(&item.state, skip, &mut children);
            meter.count(children.len() as u64).map_err(Halt::Limit)?;
            for child in children {
                let cost = item.path.len() as u32 + 1 + child.bound;
                if cost > bound {
                    pass.next_bound = pass.next_bound.min(cost);
                    continue;
                }
                let mut path = item.path.clone();
                path.push(child.step);
                deeper.push(Item {
                    path,
                    state: child.state,
                    estimate: child.bound,
                });
                grew = true;
            }
        }
        items = deeper;
        if !grew {
            break;
        }
    }
    meter.finish();
    Ok((items, pass))
}

/// One thread's depth-first search at one bound.
struct Worker<'s, P: Problem> {
    problem: &'s P,
    want: Want,
    bound: u32,
    path: Vec<P::Move>,
    pass: Pass<P::Move>,
    meter: Meter<'s>,
    /// In a split iteration: the earliest subtree with a solution so far, and this one.
    place: Option<(&'s AtomicUsize, usize)>,
    /// Whether the problem wants to hear of children before they are entered.
    prefetches: bool,
}

impl<'s, P: Problem> Worker<'s, P> {
    fn new(
        problem: &'s P,
        account: &'s Account<'s>,
        want: Want,
        bound: u32,
        place: Option<(&'s AtomicUsize, usize)>,
    ) -> Self {
        Worker {
            problem,
            want,
            bound,
            path: Vec::with_capacity(bound as usize + 1),
            pass: Pass::new(bound),
            meter: Meter::new(account),
            place,
            prefetches: problem.prefetches(),
        }
    }

    fn search(mut self, item: Item<P::State, P::Move>) -> Result<Pass<P::Move>, Halt> {
        self.path.extend(item.path);
        let found = self.dive(&item.state, item.estimate);
        self.meter.finish();
        if found? {
            self.pass.first = Some(self.path);
        }
        Ok(self.pass)
    }

    fn dive(&mut self, state: &P::State, estimate: u32) -> Result<bool, Halt> {
        if estimate == 0 {
            match self.want {
                Want::First => return Ok(true),
                Want::Count => self.pass.count += 1,
                Want::List => {
                    self.pass.count += 1;
                    self.pass.answers.push(self.path.clone());
                }
            }
            return Ok(false);
        }
        if let Some((earliest, place)) = self.place {
            if earliest.load(Ordering::Relaxed) < place {
                return Err(Halt::Earlier);
            }
        }
        let mut children = Children::new();
        let skip = self.path.last().map(|m| m.inverse());
        let depth = self.path.len() as u32 + 1;
        self.problem.expand(state, skip, &mut children);
        self.meter
            .count(children.len() as u64)
            .map_err(Halt::Limit)?;
        // The children to enter, announced before the first is entered: the later
        // ones' lookups proceed while the earlier ones are searched.
        if self.prefetches {
            for child in &children {
                if depth + child.bound <= self.bound {
                    self.problem
                        .prefetch(&child.state, Some(child.step.inverse()));
                }
            }
        }
        for child in &children {
            let cost = depth + child.bound;
            if cost > self.bound {
                self.pass.next_bound = self.pass.next_bound.min(cost);
                continue;
            }
            self.path.push(child.step);
            if self.dive(&child.state, child.bound)? {
                return Ok(true);
            }
            self.path.pop();
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Cancel, Limits};

    /// A counter to bring to zero by steps of -3 (`a`), -2 (`b`) or +1 (`c`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Step(i32);

    impl Move for Step {
        const ALL: &'static [Step] = &[Step(-3), Step(-2), Step(1)];
        fn letter(self) -> char {
            match self.0 {
                -3 => 'a',
                -2 => 'b',
                _ => 'c',
            }
        }
        fn inverse(self) -> Step {
            // No move undoes another here.
            Step(100)
        }
    }

    struct Counter;

    impl Problem for Counter {
        type State = i32;
        type Move = Step;
        fn lower_bound(&self, &n: &i32) -> u32 {
            (n as u32).div_ceil(3)
        }
        fn expand(&self, n: &i32, skip: Option<Step>, children: &mut Children<i32, Step>) {
            let play = |&n: &i32, step: Step| (n + step.0 >= 0).then_some(n + step.0);
            expand_each(n, skip, children, play, |n| self.lower_bound(n));
        }
    }

    fn letters(moves: &[Step]) -> String {
        moves.iter().map(|m| m.letter()).collect()
    }

    #[test]
    fn finds_the_smallest_of_the_shortest() {
        // 7 = 3 + 2 + 2 in three moves; in letter order "abb" comes first.
        let found = ida_star(&Counter, &7).unwrap();
        assert_eq!(letters(&found.moves), "abb");
        assert!(found.nodes > 0);
        assert_eq!(ida_star(&Counter, &0).unwrap().moves, vec![]);
        // 1 needs +1 first: "cb" (1 -> 2 -> 0).
        assert_eq!(letters(&ida_star(&Counter, &1).unwrap().moves), "cb");
    }

    #[test]
    fn split_searches_answer_as_one_thread_does() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let split = Settings {
            split_from: 0,
            ..Settings::new()
        };
        for n in 0..40 {
            let alone = ida_star(&Counter, &n).unwrap().moves;
            let together = pool
                .install(|| search(&Counter, &n, &split))
                .solved()
                .unwrap();
            assert_eq!(together.moves, alone, "from {n}");
        }
    }

    #[test]
    fn every_shortest_solution_is_counted_and_listed_in_order() {
        // 4 in two moves: "bb" only; 5 in two: "ab", "ba".
        let every = every_shortest(&Counter, &5, &Settings::new(), true)
            .solved()
            .unwrap();
        let listed: Vec<String> = every.answers.iter().map(|m| letters(m)).collect();
        assert_eq!((every.length, every.count), (2, 2));
        assert_eq!(listed, ["ab", "ba"]);
        let every = every_shortest(&Counter, &4, &Settings::new(), false)
            .solved()
            .unwrap();
        assert_eq!((every.length, every.count, every.answers.len()), (2, 1, 0));
    }

    #[test]
    fn limits_stop_with_a_proven_bound() {
        let settings = Settings {
            limits: Limits {
                nodes: Some(10),
                ..Limits::default()
            },
            ..Settings::new()
        };
        // 3000 needs 1000 moves; the first bound is already 1000, and proven.
        let Outcome::Stopped(stopped) = search(&Counter, &3000, &settings) else {
            panic!("not stopped");
        };
        assert_eq!((stopped.reason, stopped.lower_bound), (Reason::Nodes, 1000));
        assert!((10..=13).contains(&stopped.nodes), "{}", stopped.nodes);
        let cancel = Cancel::new();
        cancel.cancel();
        let settings = Settings {
            limits: Limits {
                cancel: Some(cancel),
                ..Limits::default()
            },
            ..Settings::new()
        };
        let outcome = search(&Counter, &10_000, &settings);
        assert!(matches!(outcome, Outcome::Stopped(s) if s.reason == Reason::Cancelled));
    }
}
