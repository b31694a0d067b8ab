//! IDA* over a defined puzzle's pattern databases: the states as flat arrays of bytes,
//! the bound the least over the goals of the largest of each goal's databases, turns
//! tried in answer order, and the turns no shortest (or smallest) answer plays after
//! the last one left out ([`Model::may_follow`]). A goal of many databases bounds a
//! child by its first run of them, and reads the rest only where the search would
//! enter the child, no further than its bound puts it past the iteration.

use super::located::Located;
use super::lookups::Lookups;
use super::model::{Model, Turn};
use super::space::Viewed;
use crate::search::{self, Child, Children, Every, Found, Outcome, Problem, Settings, UNREACHABLE};

/// The most bytes a searched state has: two a piece (its label and orientation).
pub const MOST_WIDTH: usize = super::model::MOST_CELLS;

/// The most databases of a goal whose entries are asked for ahead
/// ([`CaseSearch::expand_ahead`]); a goal bounded by more reads each child's entries
/// in turn, this many ranked and asked for at a time ([`largest`]): the first run when
/// the child is made, the others when the search would enter it (its refinement).
const MOST_AHEAD: usize = 12;

/// A state under search: its flat array, in the fewest bytes of 64, 128, 256 or 512 that
/// hold it (a child is a copy of its parent's array: small puzzles copy little).
#[derive(Clone)]
pub struct Node<const N: usize> {
    cells: [u8; N],
}

/// Runs `$body` with the const `$n` the fewest bytes of 64, 128, 256 or 512 that hold
/// `$width` bytes of a state.
macro_rules! by_width {
    ($width:expr, |$n:ident| $body:expr) => {
        match $width {
            0..=64 => {
                const $n: usize = 64;
                $body
            }
            65..=128 => {
                const $n: usize = 128;
                $body
            }
            129..=256 => {
                const $n: usize = 256;
                $body
            }
            _ => {
                const $n: usize = MOST_WIDTH;
                $body
            }
        }
    };
}

/// The search of one case, its states `N` bytes.
struct CaseSearch<'a, D, const N: usize> {
    puzzle: &'a Model,
    goals: &'a [Vec<Viewed<D>>],
    /// Whether every shortest answer is wanted (no turn is left out for coming after
    /// a commuting one).
    every: bool,
    /// The images of a position its databases are looked up at too.
    lookups: &'a Lookups,
}

/// A case's databases, and the images they are looked up at too.
pub(crate) type Bounded<'a, D> = (&'a [Vec<Viewed<D>>], &'a Lookups);

impl<'a, D: AsRef<[u8]> + Sync, const N: usize> CaseSearch<'a, D, N> {
    fn new(puzzle: &'a Model, (goals, lookups): Bounded<'a, D>, every: bool) -> Self {
        CaseSearch {
            puzzle,
            goals,
            every,
            lookups,
        }
    }

    fn bound(&self, cells: &[u8]) -> u32 {
        bound(self.puzzle, self.goals, cells)
    }
}

/// The bound of `cells`: the least over the goals of the largest of each goal's
/// databases (`u32::MAX` where a database sees no way to a goal; 0 only at a goal).
pub(crate) fn bound<D: AsRef<[u8]>>(puzzle: &Model, goals: &[Vec<Viewed<D>>], cells: &[u8]) -> u32 {
    let located = Located::new(&puzzle.locator, cells);
    (goals.iter().enumerate())
        .map(|(g, databases)| {
            let largest = largest(databases, &located, 0, u32::MAX);
            settled(puzzle, g, largest, cells)
        })
        .min()
        .unwrap_or(u32::MAX)
}

/// The largest of `least` and the distances of `databases` at `located` (`u32::MAX`
/// once one is [`UNREACHABLE`]), read no further once past `room`. A run of databases
/// is ranked and their entries asked for before the first is read: each entry of a
/// large set of databases is a wait on memory, and the waits overlap.
fn largest<D: AsRef<[u8]>>(
    databases: &[Viewed<D>],
    located: &Located,
    least: u32,
    room: u32,
) -> u32 {
    let mut largest = least;
    for run in databases.chunks(MOST_AHEAD) {
        let mut ranks = [None; MOST_AHEAD];
        for (db, rank) in run.iter().zip(&mut ranks) {
            *rank = db.ask(located);
        }
        let distances = run.iter().zip(ranks).map(|(db, rank)| db.entry(rank));
        largest = largest.max(largest_of(distances));
        // Past the room, or no way to the goal: the rest cannot matter.
        if largest > room || largest == u32::MAX {
            break;
        }
    }
    largest
}

/// The largest of `distances`, `u32::MAX` once one is [`UNREACHABLE`] (read no
/// further).
fn largest_of(distances: impl Iterator<Item = u8>) -> u32 {
    let mut largest = 0u32;
    for d in distances {
        if d == UNREACHABLE {
            return u32::MAX;
        }
        largest = largest.max(u32::from(d));
    }
    largest
}

/// The bound towards goal `g` of `cells` whose databases' largest distance is
/// `largest`, all of them read: 1 where that is 0 but `cells` is no goal.
fn settled(puzzle: &Model, g: usize, largest: u32, cells: &[u8]) -> u32 {
    if largest == 0 && !puzzle.goals()[g].accepts(&puzzle.state(cells)) {
        // The databases together see every piece the goal asks for, so this is
        // never so; were it, the state is no goal, and one turn at least.
        return 1;
    }
    largest
}

/// The turns that may follow `last` ([`Model::may_follow`]), in answer order.
fn turns_after(
    puzzle: &Model,
    last: Option<Turn>,
    every: bool,
) -> impl Iterator<Item = usize> + '_ {
    (0..puzzle.turns.len())
        .filter(move |&t| last.is_none_or(|l| puzzle.may_follow(usize::from(l.index), t, every)))
}

impl<D: AsRef<[u8]> + Sync, const N: usize> Problem for CaseSearch<'_, D, N> {
    type State = Node<N>;
    type Move = Turn;

    fn lower_bound(&self, position: &Node<N>) -> u32 {
        let cells = &position.cells[..self.puzzle.width];
        let bound = self.bound(cells);
        match self.lookups.any() && bound != u32::MAX {
            true => self
                .lookups
                .refine(self.puzzle, &self.goals[0], cells, bound, u32::MAX),
            false => bound,
        }
    }

    fn expand(
        &self,
        position: &Node<N>,
        last: Option<Turn>,
        children: &mut Children<Node<N>, Turn>,
    ) {
        match self.goals {
            [databases] if databases.len() <= MOST_AHEAD => {
                self.expand_ahead(databases, position, last, children)
            }
            [databases] => {
                // The first run only: the rest is read where the search would enter
                // the child ([`Problem::refine`]), and most children are pruned
                // before, many by the first run.
                let (first, rest) = databases.split_at(MOST_AHEAD);
                let bound = |cells: &[u8]| {
                    let located = Located::new(&self.puzzle.locator, cells);
                    match largest(first, &located, 0, u32::MAX) {
                        0 => settled(self.puzzle, 0, largest(rest, &located, 0, u32::MAX), cells),
                        partial => partial,
                    }
                };
                expand_turns(self.puzzle, position, last, self.every, bound, children);
            }
            _ => {
                let bound = |cells: &[u8]| self.bound(cells);
                expand_turns(self.puzzle, position, last, self.every, bound, children);
            }
        }
    }

    fn refine(&self, position: &Node<N>, bound: u32, room: u32) -> u32 {
        let cells = &position.cells[..self.puzzle.width];
        let bound = match self.goals {
            // The databases after the first run, which [`Problem::expand`] left.
            [databases] if databases.len() > MOST_AHEAD => {
                let located = Located::new(&self.puzzle.locator, cells);
                let rest = &databases[MOST_AHEAD..];
                settled(self.puzzle, 0, largest(rest, &located, bound, room), cells)
            }
            _ => bound,
        };
        match self.lookups.any() && bound <= room {
            true => self
                .lookups
                .refine(self.puzzle, &self.goals[0], cells, bound, room),
            false => bound,
        }
    }
}

/// Children played, ranked and their entries asked for at once, before any is read.
const AHEAD: usize = 8;

impl<D: AsRef<[u8]> + Sync, const N: usize> CaseSearch<'_, D, N> {
    /// [`expand_turns`] with one goal, its `databases`' entries of [`AHEAD`] children
    /// asked for before the first is read: a large database's entry is a wait on
    /// memory, and the waits of several children overlap.
    fn expand_ahead(
        &self,
        databases: &[Viewed<D>],
        position: &Node<N>,
        last: Option<Turn>,
        children: &mut Children<Node<N>, Turn>,
    ) {
        let (puzzle, width) = (self.puzzle, self.puzzle.width);
        let mut turns = turns_after(puzzle, last, self.every);
        loop {
            let mut ranks = [[None; MOST_AHEAD]; AHEAD];
            let first = children.len();
            // The ranks first: a zip asks its first iterator first, so no turn is
            // taken past the last row.
            for (ranks, t) in ranks.iter_mut().zip(turns.by_ref()) {
                let mut child = Node { cells: [0; N] };
                puzzle.play(&position.cells[..width], t, &mut child.cells[..width]);
                let located = Located::new(&puzzle.locator, &child.cells[..width]);
                for (db, rank) in databases.iter().zip(ranks.iter_mut()) {
                    *rank = db.ask(&located);
                }
                let step = puzzle.turns[t].turn;
                children.push(Child {
                    step,
                    state: child,
                    bound: 0,
                });
            }
            let played = children.len() - first;
            if played == 0 {
                return;
            }
            // Each child's bound, read now; those with none dropped, in order.
            let mut kept = first;
            for (i, ranks) in ranks.iter().enumerate().take(played) {
                let distances = databases
                    .iter()
                    .zip(ranks)
                    .map(|(db, &rank)| db.entry(rank));
                let cells = &children[first + i].state.cells[..width];
                let largest = settled(puzzle, 0, largest_of(distances), cells);
                if largest != u32::MAX {
                    children.swap(kept, first + i);
                    children[kept].bound = largest;
                    kept += 1;
                }
            }
            children.truncate(kept);
        }
    }
}

/// The children of `position` in turn order, each under `bound` (none where it is
/// `u32::MAX`: no goal is reachable), a turn left out where it may not follow `last`
/// ([`Model::may_follow`]; with `every`, only where the two make one turn or none, so
/// that every shortest answer is found).
fn expand_turns<const N: usize>(
    puzzle: &Model,
    position: &Node<N>,
    last: Option<Turn>,
    every: bool,
    bound: impl Fn(&[u8]) -> u32,
    children: &mut Children<Node<N>, Turn>,
) {
    let width = puzzle.width;
    for t in turns_after(puzzle, last, every) {
        let info = &puzzle.turns[t];
        let mut child = Node { cells: [0; N] };
        puzzle.play(&position.cells[..width], t, &mut child.cells[..width]);
        let bound = bound(&child.cells[..width]);
        if bound != u32::MAX {
            children.push(Child {
                step: info.turn,
                state: child,
                bound,
            });
        }
    }
}

/// The databases a sliding board's node looks up, about: where a node here looks up
/// more, its iterations are split over the threads after as many fewer nodes.
const SLIDING_LOOKUPS: u64 = 4;

/// `settings`, its iterations split after as few nodes as a node's lookups of
/// `databases` databases make the same work: a node of cubing.js's gigaminx ranks its
/// 121 smallest databases, some thirty sliding boards' nodes of work, and its
/// iterations ran on one thread for seconds before they were split.
fn weighed<'a>(settings: &Settings<'a>, databases: usize) -> Settings<'a> {
    let weight = (databases as u64).div_ceil(SLIDING_LOOKUPS).max(1);
    let split_from = match settings.split_from {
        u64::MAX => u64::MAX,
        nodes => nodes / weight,
    };
    Settings {
        split_from,
        ..settings.clone()
    }
}

/// The databases a node looks up (at the position).
fn databases<D>((goals, _): Bounded<'_, D>) -> usize {
    goals.iter().map(Vec::len).sum()
}

fn start<const N: usize>(cells: &[u8]) -> Node<N> {
    let mut position = Node { cells: [0; N] };
    position.cells[..cells.len()].copy_from_slice(cells);
    position
}

/// The shortest, smallest answer from `cells`, by IDA* over `goals`' databases, looked
/// up at `lookups`' images too.
pub(crate) fn search<D: AsRef<[u8]> + Sync>(
    puzzle: &Model,
    bounded: Bounded<'_, D>,
    cells: &[u8],
    settings: &Settings,
) -> Outcome<Found<Turn>> {
    by_width!(puzzle.width, |N| {
        let problem = CaseSearch::<D, N>::new(puzzle, bounded, false);
        let start = start::<N>(cells);
        if problem.lower_bound(&start) == u32::MAX || !puzzle.may_be_solved(cells) {
            return Outcome::Unreachable { nodes: 0 };
        }
        search::search(&problem, &start, &weighed(settings, databases(bounded)))
    })
}

/// The bound of the search's first iteration from `cells` (`None`: no goal is
/// reachable), the iteration at a bound cut into tasks, and a task searched: one
/// case's search spread over processes ([`crate::search::cut`]).
pub(crate) mod tasks {
    use super::*;
    use crate::search::{Cut, TaskOutcome};

    pub(crate) fn first_bound<D: AsRef<[u8]> + Sync>(
        puzzle: &Model,
        bounded: Bounded<'_, D>,
        cells: &[u8],
    ) -> Option<u32> {
        by_width!(puzzle.width, |N| {
            let problem = CaseSearch::<D, N>::new(puzzle, bounded, false);
            let bound = problem.lower_bound(&start::<N>(cells));
            (bound != u32::MAX && puzzle.may_be_solved(cells)).then_some(bound)
        })
    }

    pub(crate) fn cut<D: AsRef<[u8]> + Sync>(
        puzzle: &Model,
        bounded: Bounded<'_, D>,
        cells: &[u8],
        (bound, tasks): (u32, usize),
        before: &[(Vec<Turn>, u64)],
    ) -> Cut<Turn> {
        by_width!(puzzle.width, |N| {
            let problem = CaseSearch::<D, N>::new(puzzle, bounded, false);
            search::cut(&problem, &start::<N>(cells), bound, tasks, before)
        })
    }

    pub(crate) fn search_task<D: AsRef<[u8]> + Sync>(
        puzzle: &Model,
        bounded: Bounded<'_, D>,
        cells: &[u8],
        (bound, prefix): (u32, &[Turn]),
        settings: &Settings,
    ) -> Option<TaskOutcome<Turn>> {
        by_width!(puzzle.width, |N| {
            let problem = CaseSearch::<D, N>::new(puzzle, bounded, false);
            search::search_task(&problem, &start::<N>(cells), bound, prefix, settings)
        })
    }
}

/// Every shortest answer from `cells` (listed if `list`), by IDA*.
pub(crate) fn every<D: AsRef<[u8]> + Sync>(
    puzzle: &Model,
    bounded: Bounded<'_, D>,
    cells: &[u8],
    settings: &Settings,
    list: bool,
) -> Outcome<Every<Turn>> {
    by_width!(puzzle.width, |N| {
        let problem = CaseSearch::<D, N>::new(puzzle, bounded, true);
        let start = start::<N>(cells);
        if problem.lower_bound(&start) == u32::MAX || !puzzle.may_be_solved(cells) {
            return Outcome::Unreachable { nodes: 0 };
        }
        search::every_shortest(
            &problem,
            &start,
            &weighed(settings, databases(bounded)),
            list,
        )
    })
}

mod independent;
#[cfg(test)]
mod tests;

pub use independent::independent;
