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
//! subtrees, handed out in that order to rayon's threads, each taking the next as one
//! of its own is done. The one-thread search's answer is the first solution of the
//! first subtree that has one; each subtree is searched exactly as that search would
//! search it, so it finds that subtree's first solution. A subtree gives up only when
//! an earlier one has found a solution, so every subtree before the earliest one found
//! was searched to its end, without one: that earliest is the first subtree with a
//! solution, and its solution is the one-thread answer, whichever thread finishes
//! first. Only the node count differs: later subtrees do some work before they learn
//! that an earlier one succeeded (little, since the threads work on neighbouring
//! subtrees of many).
//!
//! # Waiting on memory
//!
//! A node's children are listed all at once ([`Problem::expand`]), then bounded
//! ([`Problem::bound_children`]), so that a puzzle can issue its table lookups
//! together and their cache misses overlap. For tables far larger than the cache
//! ([`Problem::asks_ahead`]), a thread searches a few subtrees side by side, each
//! stopping after one expansion for the others' turns (so even one thread splits its
//! large iterations): the children listed in a turn are asked for in a row at its end,
//! and bounded at the next, their memory's latency spent on the other subtrees' work.
//! Each subtree is still searched exactly as alone, so the argument above stands.

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
    /// the one `skip` reaches, each with its lower bound, or with the bound left to
    /// [`Problem::bound_children`].
    fn expand(
        &self,
        state: &Self::State,
        skip: Option<Self::Move>,
        children: &mut Children<Self::State, Self::Move>,
    );

    /// Gives the `children` [`Problem::expand`] just pushed the bounds it left to do.
    /// Nothing by default.
    #[inline]
    fn bound_children(&self, children: &mut Children<Self::State, Self::Move>) {
        let _ = children;
    }

    /// Asks for what [`Problem::bound_children`] will read of `children`, for a puzzle
    /// whose bounds come from tables too large for the cache: the search asks for
    /// several nodes' children in a row, so that their waits overlap, and bounds them
    /// after other work. Nothing by default.
    #[inline]
    fn ask_ahead(&self, children: &Children<Self::State, Self::Move>) {
        let _ = children;
    }

    /// Whether [`Problem::ask_ahead`] does anything, so that the search arranges its
    /// work for it.
    fn asks_ahead(&self) -> bool {
        false
    }
}

/// Lists `state`'s children with their bounds: [`Problem::expand`], then
/// [`Problem::bound_children`] at once.
fn children_of<P: Problem>(
    problem: &P,
    state: &P::State,
    skip: Option<P::Move>,
    children: &mut Children<P::State, P::Move>,
) {
    problem.expand(state, skip, children);
    problem.bound_children(children);
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
    /// An iteration follows one of at least this many nodes split over rayon's threads,
    /// or over one thread's subtrees side by side for a problem that asks ahead (0:
    /// every one; `u64::MAX`: none). [`SPLIT_FROM`] when built by [`Settings::new`].
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
        // Split for the other threads, or for one thread's subtrees side by side.
        let split = (rayon::current_num_threads() > 1 || problem.asks_ahead())
            && last_iteration >= settings.split_from;
        let root = Item {
            path: Vec::new(),
            state: start.clone(),
            estimate,
        };
        let pass = match split {
            true => split_pass(problem, &account, want, bound, root),
            false => {
                let (mut root, mut searched) = (Some((0, root)), None);
                let worker = Worker::new(problem, &account, want, bound, None);
                worker.run(|| root.take(), |_, pass| searched = Some(pass));
                searched.expect("the one subtree is searched")
            }
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
            scope.spawn(|_| {
                let take = || {
                    let place = next.fetch_add(1, Ordering::Relaxed);
                    let over =
                        account.stopped().is_some() || place > earliest.load(Ordering::Relaxed);
                    if place >= items.len() || over {
                        return None;
                    }
                    let item = lock(&items[place]).take();
                    Some((place, item.expect("each subtree is taken once")))
                };
                let done = |place, subtree: Result<Pass<P::Move>, Halt>| {
                    if subtree.as_ref().is_ok_and(|pass| pass.first.is_some()) {
                        earliest.fetch_min(place, Ordering::Relaxed);
                    }
                    *lock(&passes[place]) = Some(subtree);
                };
                Worker::new(problem, account, want, bound, Some(&earliest)).run(take, done);
            });
        }
    });
    for subtree in passes {
        // Subtrees are taken in order, and only those after the earliest with a
        // solution or after a limit go untaken: the loop returns at that one, or at
        // an earlier subtree the limit stopped.
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
    let wanted = SUBTREES_PER_LANE * lanes(problem) * rayon::current_num_threads();
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
            children_of(problem, &item.state, skip, &mut children);
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

/// How many subtrees (lanes) one thread searches side by side when the problem asks
/// ahead ([`Problem::asks_ahead`]). Each turn expands one node of each; their
/// children's entries are asked for together at the turn's end, and read at the next.
/// Measured on the 80-move boards with 7-8 on two threads (`bench/hard.md`): 3 lanes
/// 0.52-0.54 s and 0.57-0.61 s, 4 lanes 0.49-0.50 s and 0.56-0.58 s, 6 or 8 no better.
const LANES: usize = 4;

/// A split iteration has this many subtrees for each lane of each thread: enough that
/// the work the other lanes do past the subtree with the answer stays small (on the
/// 80-move boards, 16 per lane added up to 18% to the nodes, 64 under 1%).
const SUBTREES_PER_LANE: usize = 64;

/// How many subtrees a thread searches side by side for `problem`.
fn lanes<P: Problem>(problem: &P) -> usize {
    if problem.asks_ahead() {
        LANES
    } else {
        1
    }
}

/// One thread's depth-first search at one bound, over the subtrees it is handed.
struct Worker<'s, P: Problem> {
    problem: &'s P,
    want: Want,
    bound: u32,
    meter: Meter<'s>,
    /// In a split iteration: the earliest subtree with a solution so far.
    earliest: Option<&'s AtomicUsize>,
    /// How many subtrees it searches side by side.
    width: usize,
}

/// One node's children, and the next of them to try.
struct Level<S, M> {
    children: Children<S, M>,
    next: usize,
}

impl<S, M> Level<S, M> {
    /// The next child within `bound` at `depth` moves, lowering `next_bound` to the
    /// cost of each one passed over.
    fn next_within(
        &mut self,
        depth: u32,
        bound: u32,
        next_bound: &mut u32,
    ) -> Option<&Child<S, M>> {
        while let Some(child) = self.children.get(self.next) {
            self.next += 1;
            let cost = depth + child.bound;
            if cost <= bound {
                return Some(child);
            }
            *next_bound = (*next_bound).min(cost);
        }
        None
    }
}

/// A subtree under a depth-first search that stops after each expansion and goes on
/// later: the recursion's stack, kept by hand.
struct Lane<S, M> {
    /// Its place among the iteration's subtrees.
    place: usize,
    /// The subtree's root and its bound.
    root: S,
    estimate: u32,
    /// The moves from the start to the node whose children are `levels[depth - 1]`
    /// (to the root while `depth` is 0).
    path: Vec<M>,
    /// `levels[..depth]`: the children of each node on the path, the root's first.
    levels: Vec<Level<S, M>>,
    /// 0 until the root is entered.
    depth: usize,
    /// Whether the last level's children still wait for their bounds.
    unbounded: bool,
    pass: Pass<M>,
}

impl<S, M: Clone> Lane<S, M> {
    fn new(place: usize, item: Item<S, M>, bound: u32) -> Self {
        Lane {
            place,
            root: item.state,
            estimate: item.estimate,
            path: item.path,
            levels: Vec::new(),
            depth: 0,
            unbounded: false,
            pass: Pass::new(bound),
        }
    }

    /// Takes up `item` in place of a finished subtree, keeping the levels' memory.
    fn restart(&mut self, place: usize, item: Item<S, M>, bound: u32) {
        let levels = std::mem::take(&mut self.levels);
        *self = Lane {
            levels,
            ..Lane::new(place, item, bound)
        };
    }

    /// What the finished subtree found, `solved` if the path is a solution.
    fn finish(&mut self, solved: bool, bound: u32) -> Pass<M> {
        let mut pass = std::mem::replace(&mut self.pass, Pass::new(bound));
        if solved {
            pass.first = Some(self.path.clone());
        }
        pass
    }
}

/// What entering a node did.
enum Entered {
    /// It is a goal (counted, or listed, as the search wants).
    Goal,
    /// Its children are listed, their bounds perhaps still to come.
    Expanded,
}

impl<'s, P: Problem> Worker<'s, P> {
    fn new(
        problem: &'s P,
        account: &'s Account<'s>,
        want: Want,
        bound: u32,
        earliest: Option<&'s AtomicUsize>,
    ) -> Self {
        Worker {
            problem,
            want,
            bound,
            meter: Meter::new(account),
            earliest,
            width: lanes(problem),
        }
    }

    /// Searches the subtrees `take` hands out (with their places), a few side by side,
    /// an expansion of each in turn, and tells `done` what each found. A limit ends
    /// every subtree under search.
    #[allow(clippy::type_complexity)]
    fn run(
        mut self,
        mut take: impl FnMut() -> Option<(usize, Item<P::State, P::Move>)>,
        mut done: impl FnMut(usize, Result<Pass<P::Move>, Halt>),
    ) {
        let mut lanes = Vec::with_capacity(self.width);
        while lanes.len() < self.width {
            let Some((place, item)) = take() else { break };
            lanes.push(Lane::new(place, item, self.bound));
        }
        'search: while !lanes.is_empty() {
            let mut i = 0;
            while i < lanes.len() {
                let lane = &mut lanes[i];
                let searched = match self.step(lane) {
                    None => {
                        i += 1;
                        continue;
                    }
                    Some(Err(Halt::Limit(reason))) => {
                        for lane in &lanes {
                            done(lane.place, Err(Halt::Limit(reason)));
                        }
                        break 'search;
                    }
                    Some(outcome) => outcome.map(|solved| lane.finish(solved, self.bound)),
                };
                done(lane.place, searched);
                match take() {
                    Some((place, item)) => {
                        lane.restart(place, item, self.bound);
                        i += 1;
                    }
                    None => {
                        lanes.swap_remove(i);
                    }
                }
            }
            // The round's new children asked for in a row: their waits overlap.
            if self.width > 1 {
                for lane in lanes.iter().filter(|lane| lane.unbounded) {
                    self.problem
                        .ask_ahead(&lane.levels[lane.depth - 1].children);
                }
            }
        }
        self.meter.finish();
    }

    /// Searches `lane` on to its next expansion; once its subtree is done, whether a
    /// solution ends its path.
    fn step(&mut self, lane: &mut Lane<P::State, P::Move>) -> Option<Result<bool, Halt>> {
        if lane.levels.len() <= lane.depth {
            lane.levels.push(Level {
                children: Children::new(),
                next: 0,
            });
        }
        if lane.depth == 0 {
            let (root, estimate) = (&lane.root, lane.estimate);
            return match self.enter(
                lane.place,
                &lane.path,
                &mut lane.pass,
                root,
                estimate,
                &mut lane.levels[0],
            ) {
                Ok(Entered::Expanded) => {
                    (lane.depth, lane.unbounded) = (1, true);
                    None
                }
                Ok(Entered::Goal) => Some(Ok(self.want == Want::First)),
                Err(halt) => Some(Err(halt)),
            };
        }
        if lane.unbounded {
            let level = &mut lane.levels[lane.depth - 1];
            self.problem.bound_children(&mut level.children);
            lane.unbounded = false;
        }
        loop {
            let top = lane.depth - 1;
            let (parents, below) = lane.levels.split_at_mut(lane.depth);
            let depth = lane.path.len() as u32 + 1;
            let next_bound = &mut lane.pass.next_bound;
            let Some(child) = parents[top].next_within(depth, self.bound, next_bound) else {
                // Back to the parent's other children; the root's are all done.
                if top == 0 {
                    return Some(Ok(false));
                }
                lane.depth = top;
                lane.path.pop();
                continue;
            };
            lane.path.push(child.step);
            let (state, estimate) = (&child.state, child.bound);
            match self.enter(
                lane.place,
                &lane.path,
                &mut lane.pass,
                state,
                estimate,
                &mut below[0],
            ) {
                Ok(Entered::Expanded) => {
                    (lane.depth, lane.unbounded) = (lane.depth + 1, true);
                    return None;
                }
                Ok(Entered::Goal) if self.want == Want::First => return Some(Ok(true)),
                Ok(Entered::Goal) => {
                    lane.path.pop();
                }
                Err(halt) => return Some(Err(halt)),
            }
        }
    }

    /// Enters `state`, `path` from the start, in the subtree at `place`: counts it if
    /// it is a goal, else lists its children in `level`.
    fn enter(
        &mut self,
        place: usize,
        path: &[P::Move],
        pass: &mut Pass<P::Move>,
        state: &P::State,
        estimate: u32,
        level: &mut Level<P::State, P::Move>,
    ) -> Result<Entered, Halt> {
        if estimate == 0 {
            match self.want {
                Want::First => {}
                Want::Count => pass.count += 1,
                Want::List => {
                    pass.count += 1;
                    pass.answers.push(path.to_vec());
                }
            }
            return Ok(Entered::Goal);
        }
        if self
            .earliest
            .is_some_and(|earliest| earliest.load(Ordering::Relaxed) < place)
        {
            return Err(Halt::Earlier);
        }
        level.children.clear();
        level.next = 0;
        let skip = path.last().map(|m| m.inverse());
        self.problem.expand(state, skip, &mut level.children);
        self.meter
            .count(level.children.len() as u64)
            .map_err(Halt::Limit)?;
        Ok(Entered::Expanded)
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

    /// The counter after `step`, which must not go below zero.
    fn count(&n: &i32, step: Step) -> Option<i32> {
        (n + step.0 >= 0).then_some(n + step.0)
    }

    /// The counter to bring to zero, bounded by its value over `divisor`, rounded up
    /// (over 3, the longest step: exact enough); with `ahead`, the bound is given only
    /// in [`Problem::bound_children`] (until then a child's bound reads 0, a goal's),
    /// and the subtrees are searched side by side.
    struct Counter {
        divisor: u32,
        ahead: bool,
    }

    /// The counter under its best bound.
    const COUNTER: Counter = Counter {
        divisor: 3,
        ahead: false,
    };
    /// The counter under a weaker bound, so that its iterations are wide, searched side
    /// by side.
    const AHEAD: Counter = Counter {
        divisor: 6,
        ahead: true,
    };

    impl Problem for Counter {
        type State = i32;
        type Move = Step;
        fn lower_bound(&self, &n: &i32) -> u32 {
            (n as u32).div_ceil(self.divisor)
        }
        fn expand(&self, n: &i32, skip: Option<Step>, children: &mut Children<i32, Step>) {
            let bound = |n: &i32| if self.ahead { 0 } else { self.lower_bound(n) };
            expand_each(n, skip, children, count, bound);
        }
        fn bound_children(&self, children: &mut Children<i32, Step>) {
            if self.ahead {
                for child in children {
                    child.bound = self.lower_bound(&child.state);
                }
            }
        }
        fn asks_ahead(&self) -> bool {
            self.ahead
        }
    }

    fn letters(moves: &[Step]) -> String {
        moves.iter().map(|m| m.letter()).collect()
    }

    #[test]
    fn finds_the_smallest_of_the_shortest() {
        // 7 = 3 + 2 + 2 in three moves; in letter order "abb" comes first.
        let found = ida_star(&COUNTER, &7).unwrap();
        assert_eq!(letters(&found.moves), "abb");
        assert!(found.nodes > 0);
        assert_eq!(ida_star(&COUNTER, &0).unwrap().moves, vec![]);
        // 1 needs +1 first: "cb" (1 -> 2 -> 0).
        assert_eq!(letters(&ida_star(&COUNTER, &1).unwrap().moves), "cb");
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
            let alone = ida_star(&COUNTER, &n).unwrap().moves;
            let together = pool
                .install(|| search(&COUNTER, &n, &split))
                .solved()
                .unwrap();
            assert_eq!(together.moves, alone, "from {n}");
        }
    }

    #[test]
    fn subtrees_side_by_side_answer_as_one_alone() {
        let split = Settings {
            split_from: 0,
            ..Settings::new()
        };
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for n in 0..40 {
                let alone = ida_star(&COUNTER, &n).unwrap().moves;
                let side_by_side = pool.install(|| search(&AHEAD, &n, &split)).solved();
                assert_eq!(
                    side_by_side.unwrap().moves,
                    alone,
                    "from {n}, {threads} threads"
                );
                let every =
                    |problem: &dyn Fn() -> Outcome<Every<Step>>| problem().solved().unwrap();
                let listed = every(&|| every_shortest(&COUNTER, &n, &Settings::new(), true));
                let together = every(&|| pool.install(|| every_shortest(&AHEAD, &n, &split, true)));
                assert_eq!(
                    together.answers, listed.answers,
                    "from {n}, {threads} threads"
                );
                assert_eq!(together.count, listed.count);
            }
        }
    }

    #[test]
    fn every_shortest_solution_is_counted_and_listed_in_order() {
        // 4 in two moves: "bb" only; 5 in two: "ab", "ba".
        let every = every_shortest(&COUNTER, &5, &Settings::new(), true)
            .solved()
            .unwrap();
        let listed: Vec<String> = every.answers.iter().map(|m| letters(m)).collect();
        assert_eq!((every.length, every.count), (2, 2));
        assert_eq!(listed, ["ab", "ba"]);
        let every = every_shortest(&COUNTER, &4, &Settings::new(), false)
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
        let Outcome::Stopped(stopped) = search(&COUNTER, &3000, &settings) else {
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
        let outcome = search(&COUNTER, &10_000, &settings);
        assert!(matches!(outcome, Outcome::Stopped(s) if s.reason == Reason::Cancelled));
    }
}
