//! The independent search that checks the tables: no table, no pruning shared with
//! the searches over databases.

use super::*;

/// The independent search that checks the tables: IDA* over a bound of its own, for
/// each goal the most, over the sets, of the positions out of place divided by the
/// most a turn moves or twists in that set, and the least over the goals. Every turn
/// after every other, but its merges, is tried: no table, no pruning shared with the
/// searches above. Practical for short answers (ten turns or so).
pub fn independent(puzzle: &Model, cells: &[u8]) -> Option<Vec<Turn>> {
    by_width!(puzzle.width, |N| {
        let problem = Misplaced::<N>::new(puzzle);
        if problem.bound_of(cells) == u32::MAX {
            return None;
        }
        let start = start::<N>(cells);
        search::search(&problem, &start, &Settings::new())
            .solved()
            .map(|found| found.moves)
    })
}

/// The puzzle under the misplaced-pieces bound, its states `N` bytes.
struct Misplaced<'a, const N: usize> {
    puzzle: &'a Model,
    /// For each set, the most positions one turn moves or twists.
    most: Vec<u32>,
}

impl<'a, const N: usize> Misplaced<'a, N> {
    fn new(puzzle: &'a Model) -> Self {
        let most = (puzzle.sets().iter().enumerate())
            .map(|(s, set)| {
                (puzzle.turns.iter())
                    .map(|t| {
                        let a = &t.action;
                        (0..set.pieces)
                            .filter(|&i| usize::from(a.from[s][i]) != i || a.twist[s][i] != 0)
                            .count() as u32
                    })
                    .max()
                    .unwrap_or(0)
                    .max(1)
            })
            .collect();
        Misplaced { puzzle, most }
    }

    fn bound_of(&self, cells: &[u8]) -> u32 {
        let state = self.puzzle.state(cells);
        let mut least = u32::MAX;
        for goal in self.puzzle.goals() {
            if goal.accepts(&state) {
                return 0;
            }
            let mut largest = 1;
            for (s, most) in self.most.iter().enumerate() {
                let wrong = (0..state.pieces[s].len())
                    .filter(|&i| {
                        let piece = goal.pieces[s][i].is_some_and(|p| p != state.pieces[s][i]);
                        let turn =
                            goal.orientation[s][i].is_some_and(|o| o != state.orientation[s][i]);
                        piece || turn
                    })
                    .count() as u32;
                largest = largest.max(wrong.div_ceil(*most));
            }
            least = least.min(largest);
        }
        least
    }
}

impl<const N: usize> Problem for Misplaced<'_, N> {
    type State = Node<N>;
    type Move = Turn;

    fn lower_bound(&self, position: &Node<N>) -> u32 {
        self.bound_of(&position.cells[..self.puzzle.width])
    }

    fn expand(
        &self,
        position: &Node<N>,
        last: Option<Turn>,
        children: &mut Children<Node<N>, Turn>,
    ) {
        let bound = |cells: &[u8]| self.bound_of(cells);
        expand_turns(self.puzzle, position, last, true, bound, children);
    }
}
