//! A view of a puzzle as a table sees it: a state space whose ranks a reverse
//! breadth-first search measures from the goals, walked turn by turn, and written in
//! the table format under a name that says which puzzle, view and goals it is.

use std::sync::Arc;

use super::model::Model;
use super::view::View;
use crate::search::{reverse_bfs, StateSpace, TooLarge, Walks, UNREACHABLE};
use crate::table::{Entry, Source, Table, TableId, Work};

/// A table of a view: the view, and its distances.
#[derive(Clone)]
pub struct Viewed<D> {
    /// The view.
    pub view: Arc<View>,
    /// Its table.
    pub table: Table<D>,
    /// Which table it is.
    pub id: TableId,
}

impl<D: AsRef<[u8]>> Viewed<D> {
    /// The distance of the view's state of `cells`, [`UNREACHABLE`] where it has none.
    #[inline]
    pub fn distance_of(&self, cells: &[u8]) -> u8 {
        match self.view.rank(cells) {
            Some(rank) => self.table.entry_byte(rank),
            None => UNREACHABLE,
        }
    }
}

/// A view's ranks, as a table's source.
pub(crate) struct ViewSpace<'a> {
    pub(crate) view: &'a View,
    id: TableId,
    turns: usize,
}

impl<'a> ViewSpace<'a> {
    /// The space of `view`, a view of `puzzle` whose projection and goals `fingerprint`
    /// names; `entry` says what its table holds (exact distances, or bounds).
    pub(crate) fn new(puzzle: &Model, view: &'a View, fingerprint: u64, entry: Entry) -> Self {
        let name: String = (puzzle.definition.name.chars())
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .take(40)
            .collect();
        // A database of a whole view holds bounds where its exact table holds
        // distances: the two are files of their own.
        let kind = match entry {
            Entry::Bound => "-bounds",
            _ => "",
        };
        let mut id = TableId::owned(format!("def-{name}-{fingerprint:016x}{kind}"), 0);
        id.entry = entry;
        ViewSpace::with_id(view, id, puzzle.turns.len())
    }

    /// The space of `view` as the table `id`, `turns` turns a state.
    pub(crate) fn with_id(view: &'a View, id: TableId, turns: usize) -> Self {
        ViewSpace { view, id, turns }
    }
}

impl StateSpace for ViewSpace<'_> {
    fn states(&self) -> u64 {
        self.view.size()
    }

    fn goals(&self) -> Vec<u64> {
        self.view.goals().to_vec()
    }

    /// The states one turn *before* `rank`: a search outwards from the goals measures
    /// each state's distance to them, whether or not each turn's inverse is a turn.
    fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64)) {
        self.view.neighbours(rank, false, |_, before| visit(before));
    }
}

impl Walks for ViewSpace<'_> {
    type State = u64;

    fn moves(&self) -> usize {
        self.turns
    }

    fn state(&self, rank: u64) -> u64 {
        rank
    }

    fn successor(&self, &rank: &u64, m: usize) -> Option<u64> {
        Some(self.view.step(rank, m, true))
    }
}

impl Source for ViewSpace<'_> {
    fn id(&self) -> TableId {
        self.id.clone()
    }

    fn entries(&self) -> u64 {
        self.view.size()
    }

    /// Each turn a rank turned and ranked: 20 ns for a whole permutation to 180 ns for
    /// pieces made alike (the 2x2x2 and the 3x3x3 with 9 and 18 turns).
    fn step_nanos(&self) -> u64 {
        80 * self.turns as u64
    }

    fn compute(&self, work: &Work) -> Result<Vec<u8>, TooLarge> {
        self.view.tabulate(u64::MAX, true);
        reverse_bfs(self, work)
    }
}
