//! IDA*: iterative deepening over a lower bound, generic over the puzzle and its bound.
//!
//! At each bound, a depth-first search tries the moves in letter order, prunes where
//! `moves so far + lower bound > bound`, and never plays a move's inverse right after
//! it (a shortest path never does). The next bound is the least `moves + bound` that
//! was pruned. The search returns the first solution it meets at the smallest bound
//! that admits one, which is the lexicographically smallest of the shortest: every
//! state on a shortest path passes the bound (the lower bound never overestimates), so
//! none is pruned, and letter order meets the smallest first.

use crate::moves::Move;

/// A puzzle IDA* can search from a state.
pub trait Problem {
    /// A position of the puzzle, with whatever the bound needs kept up to date.
    type State;
    /// Its moves, tried in [`Move::ALL`] order.
    type Move: Move;

    /// The state after `m`, or `None` where `m` cannot be played.
    fn play(&self, state: &Self::State, m: Self::Move) -> Option<Self::State>;

    /// A lower bound on the moves left that never overestimates; 0 exactly at a goal.
    fn lower_bound(&self, state: &Self::State) -> u32;
}

/// A shortest, lexicographically smallest solution and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    /// The moves.
    pub moves: Vec<M>,
    /// States generated, over every iteration.
    pub nodes: u64,
}

/// The shortest, lexicographically smallest moves from `start` to a goal. It must be
/// reachable: the search does not end otherwise.
pub fn ida_star<P: Problem>(problem: &P, start: &P::State) -> Found<P::Move> {
    let mut search = Search {
        problem,
        path: Vec::new(),
        nodes: 0,
        next_bound: u32::MAX,
    };
    let mut bound = problem.lower_bound(start);
    loop {
        search.next_bound = u32::MAX;
        if search.dive(start, problem.lower_bound(start), bound) {
            return Found {
                moves: search.path,
                nodes: search.nodes,
            };
        }
        bound = search.next_bound;
    }
}

struct Search<'p, P: Problem> {
    problem: &'p P,
    path: Vec<P::Move>,
    nodes: u64,
    /// The least `moves + bound` pruned at this bound: the next bound to try.
    next_bound: u32,
}

impl<P: Problem> Search<'_, P> {
    fn dive(&mut self, state: &P::State, estimate: u32, bound: u32) -> bool {
        if estimate == 0 {
            return true;
        }
        let cost = self.path.len() as u32 + estimate;
        if cost > bound {
            self.next_bound = self.next_bound.min(cost);
            return false;
        }
        let undo = self.path.last().map(|&m| m.inverse());
        for &m in P::Move::ALL {
            if Some(m) == undo {
                continue;
            }
            if let Some(next) = self.problem.play(state, m) {
                self.nodes += 1;
                self.path.push(m);
                if self.dive(&next, self.problem.lower_bound(&next), bound) {
                    return true;
                }
                self.path.pop();
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        fn play(&self, &n: &i32, m: Step) -> Option<i32> {
            (n + m.0 >= 0).then_some(n + m.0)
        }
        fn lower_bound(&self, &n: &i32) -> u32 {
            (n as u32).div_ceil(3)
        }
    }

    #[test]
    fn finds_the_smallest_of_the_shortest() {
        // 7 = 3 + 2 + 2 in three moves; in letter order "abb" comes first.
        let found = ida_star(&Counter, &7);
        let letters: String = found.moves.iter().map(|m| m.letter()).collect();
        assert_eq!(letters, "abb");
        assert!(found.nodes > 0);
        assert_eq!(ida_star(&Counter, &0).moves, vec![]);
        // 1 needs +1 first: "cb" (1 -> 2 -> 0).
        let letters: String = ida_star(&Counter, &1)
            .moves
            .iter()
            .map(|m| m.letter())
            .collect();
        assert_eq!(letters, "cb");
    }
}
