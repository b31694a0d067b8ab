//! One thread's depth-first search at one bound, over the subtrees it is handed, a
//! few side by side when the problem asks ahead.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::pass::{Item, Pass, Want};
use super::{Child, Children, Problem};
use crate::search::limit::{Account, Meter, Reason};

/// How many subtrees (lanes) one thread searches side by side when the problem asks
/// ahead ([`Problem::asks_ahead`]). Each turn expands one node of each; their
/// children's entries are asked for together at the turn's end, and read at the next.
/// Measured on the 80-move boards with 7-8 on two threads (`bench/hard.md`): 3 lanes
/// 0.52-0.54 s and 0.57-0.61 s, 4 lanes 0.49-0.50 s and 0.56-0.58 s, 6 or 8 no better.
const LANES: usize = 4;

/// A split iteration has this many subtrees for each lane of each thread: enough that
/// the work the other lanes do past the subtree with the answer stays small (on the
/// 80-move boards, 16 per lane added up to 18% to the nodes, 64 under 1%).
pub(super) const SUBTREES_PER_LANE: usize = 64;

/// How many subtrees a thread searches side by side for `problem`.
pub(super) fn lanes<P: Problem>(problem: &P) -> usize {
    if problem.asks_ahead() {
        LANES
    } else {
        1
    }
}

/// One thread's depth-first search at one bound, over the subtrees it is handed.
pub(super) struct Worker<'s, P: Problem> {
    problem: &'s P,
    want: Want,
    bound: u32,
    meter: Meter<'s>,
    /// In a split iteration: the earliest subtree with a solution so far.
    earliest: Option<&'s AtomicUsize>,
    /// How many subtrees it searches side by side.
    width: usize,
}

/// Why a subtree's search gave up.
enum Halt {
    /// A limit of the search was reached.
    Limit(Reason),
    /// An earlier subtree of a split iteration has a solution.
    Earlier,
}

/// One node's children, and the next of them to try.
struct Level<S, M> {
    children: Children<S, M>,
    next: usize,
}

impl<S, M> Level<S, M> {
    /// The next child within `bound` at `depth` moves, its bound refined first
    /// ([`Problem::refine`]), lowering `next_bound` to the cost of each one passed over.
    fn next_within(
        &mut self,
        depth: u32,
        bound: u32,
        next_bound: &mut u32,
        refine: impl Fn(&S, u32, u32) -> u32,
    ) -> Option<&Child<S, M>> {
        while let Some(child) = self.children.get_mut(self.next) {
            self.next += 1;
            let mut cost = depth.saturating_add(child.bound);
            if cost <= bound {
                child.bound = refine(&child.state, child.bound, bound - depth);
                cost = depth.saturating_add(child.bound);
            }
            if cost <= bound {
                return self.children.get(self.next - 1);
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
    pub(super) fn new(
        problem: &'s P,
        account: &'s Account<'s>,
        want: Want,
        bound: u32,
        earliest: Option<&'s AtomicUsize>,
    ) -> Self {
        // A split iteration spreads over every thread; a whole one takes this one.
        let threads = earliest.map_or(1, |_| rayon::current_num_threads());
        Worker {
            problem,
            want,
            bound,
            meter: Meter::new(account, threads),
            earliest,
            width: lanes(problem),
        }
    }

    /// Searches the subtrees `take` hands out (with their places), a few side by side,
    /// an expansion of each in turn, and tells `done` what each found. A limit ends
    /// every subtree under search; a subtree that gives way to an earlier one with a
    /// solution is not told of (what it found does not matter).
    #[allow(clippy::type_complexity)]
    pub(super) fn run(
        mut self,
        mut take: impl FnMut() -> Option<(usize, Item<P::State, P::Move>)>,
        mut done: impl FnMut(usize, Result<Pass<P::Move>, Reason>),
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
                            done(lane.place, Err(reason));
                        }
                        break 'search;
                    }
                    Some(Err(Halt::Earlier)) => None,
                    Some(Ok(solved)) => Some(lane.finish(solved, self.bound)),
                };
                if let Some(pass) = searched {
                    done(lane.place, Ok(pass));
                }
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
            let refine =
                |state: &P::State, bound: u32, room: u32| self.problem.refine(state, bound, room);
            let Some(child) = parents[top].next_within(depth, self.bound, next_bound, refine)
            else {
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
                    // Past the most listed, only counted: that list is left out.
                    if pass.answers.len() < crate::search::MOST_LISTED {
                        pass.answers.push(path.to_vec());
                    }
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
        self.problem
            .expand(state, path.last().copied(), &mut level.children);
        self.meter
            .count(level.children.len() as u64)
            .map_err(Halt::Limit)?;
        Ok(Entered::Expanded)
    }
}
