//! A view of a puzzle as a table sees it: a state space whose ranks a reverse
//! breadth-first search measures from the goals, walked turn by turn, and written in
//! the table format under a name that says which puzzle, view and goals it is.

use std::sync::Arc;

use super::located::Located;
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
        self.entry(self.view.rank(cells))
    }

    /// [`Viewed::distance_of`] a state whose pieces are located once for every database.
    #[inline]
    pub(crate) fn distance_located(&self, located: &Located) -> u8 {
        self.entry(self.view.rank_located(located))
    }

    /// The rank of a located state, its entry asked for ahead of its reading
    /// ([`Viewed::entry`]): the waits on memory of several overlap.
    #[inline]
    pub(crate) fn ask(&self, located: &Located) -> Option<u64> {
        let rank = self.view.rank_located(located);
        if let Some(rank) = rank {
            self.table.prefetch_byte(rank);
        }
        rank
    }

    /// The entry of `rank`, [`UNREACHABLE`] where the state has none.
    #[inline]
    pub(crate) fn entry(&self, rank: Option<u64>) -> u8 {
        rank.map_or(UNREACHABLE, |rank| self.table.entry_byte(rank))
    }
}

/// A goal's `databases`, the largest distances on the whole first: a search reads a
/// child's databases no further once its bound puts it past its iteration
/// ([`super::search`]), and the first few often do.
pub(crate) fn strongest_first<D: AsRef<[u8]>>(mut databases: Vec<Viewed<D>>) -> Vec<Viewed<D>> {
    let mean = |viewed: &Viewed<D>| viewed.table.header().mean_depth();
    databases.sort_by(|a, b| mean(b).total_cmp(&mean(a)));
    databases
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
        self.view.neighbours(rank, false, |before| {
            visit(before);
            false
        });
    }

    /// The states one turn *after* `rank`: a turn leads towards the goals.
    fn any_next(&self, rank: u64, found: impl FnMut(u64) -> bool) -> bool {
        self.view.neighbours(rank, true, found)
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

    /// The states expanded: at most those the view's group reaches
    /// ([`View::reach_bound`]), which a build's estimate and its progress count.
    fn work(&self) -> u64 {
        self.view.reach_bound()
    }

    /// A state expanded: its parts unranked, its turns ranked and visited, and its
    /// share of the parts' turn tables, as timed on this machine.
    fn step_nanos(&self) -> u64 {
        self.view.build_nanos(self.work()).ceil() as u64
    }

    fn compute(&self, work: &Work) -> Result<Vec<u8>, TooLarge> {
        self.view.tabulate(u64::MAX, true);
        reverse_bfs(self, work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::definition::view::{Keep, Projection, BLANK};
    use crate::definition::Definition;

    /// A view's reach bound against what a breadth-first search reaches: the same for
    /// one goal state, and for goal states that share none. The 3x3x3's squares group
    /// reaches a twelfth of its view's ranks; two sets turned together (a clock's dials,
    /// here four) reach as few states as one; pieces alike or blank, as many as their
    /// arrangements reached; two goal states, one reaching twice the other's states.
    #[test]
    fn reach_bounds_hold_what_a_search_reaches() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
        let tied = "Set A 4 1\nSet B 4 1\nMove M\nA\n2 3 4 1\nB\n2 3 4 1\nEnd\n";
        // Alike pieces: the group's four turns bring 1 2 1 2 back after two.
        let alike = "Set A 4 1\nSolved\nA\n1 2 1 2\nEnd\nMove M\nA\n2 3 4 1\nEnd\n";
        let cases = [
            (
                Definition::read(&dir.join("cube-squares.def")).unwrap(),
                7_962_624,
                663_552,
                663_552,
            ),
            (
                Definition::read(&dir.join("2x2x2.def")).unwrap(),
                3_674_160,
                3_674_160,
                3_674_160,
            ),
            (
                Definition::read(&dir.join("pyraminx.def")).unwrap(),
                933_120,
                933_120,
                933_120,
            ),
            (Definition::parse(tied, "tied.def").unwrap(), 576, 4, 4),
            (Definition::parse(alike, "alike.def").unwrap(), 6, 2, 2),
        ];
        let cube = Definition::read(&dir.join("2x2x2.def")).unwrap();
        let cases = cases
            .map(|(definition, size, bound, reached)| (definition, None, size, bound, reached));
        // Two pieces kept of four turned round, a twist of one undone at another: the
        // twists of the two kept take any values, those of the blanks make up the rest.
        let twisted = "Set A 4 3\nMove C\nA\n2 3 4 1\nEnd\nMove T\nA\n1 2 3 4\n2 0 0 1\nEnd\n";
        let twisted = Definition::parse(twisted, "twisted.def").unwrap();
        // Two solved states of two alike pieces: the twists 0 0 reach 2 2, and 0 1
        // reaches 1 0, 2 3 and 3 2.
        let goals = "Set A 2 4\nSolved\nA\n1 1\n0 0\nEnd\nSolved\nA\n1 1\n0 1\nEnd\n\
            Move S\nA\n2 1\nEnd\nMove T\nA\n1 2\n2 2\nEnd\n";
        let goals = Definition::parse(goals, "goals.def").unwrap();
        let blanks = [
            // Three corners of the 2x2x2, the other four blank.
            (cube, Some(3), 5_670, 5_670, 5_670),
            (twisted, Some(2), 108, 36, 36),
            (goals, None, 16, 6, 6),
        ];
        for (definition, tracked, size, bound, reached) in cases.into_iter().chain(blanks) {
            let name = definition.name.clone();
            let puzzle = Model::new(definition, None, None).unwrap();
            let projection = match tracked {
                None => Projection::whole(&puzzle),
                Some(tracked) => Projection {
                    sets: (puzzle.sets().iter())
                        .map(|set| Keep::Kept {
                            class: (0..set.pieces as u8)
                                .map(|label| if label < tracked { label } else { BLANK })
                                .collect(),
                            orientation: true,
                        })
                        .collect(),
                },
            };
            let goals: Vec<usize> = (0..puzzle.goals().len()).collect();
            let view = View::new(&puzzle, &projection, &goals).unwrap();
            let space = ViewSpace::new(&puzzle, &view, 0, Entry::Distance);
            let distances = space.compute(&Work::quiet()).unwrap();
            let found = distances.iter().filter(|&&d| d != UNREACHABLE).count() as u64;
            let given = (view.size(), view.reach_bound(), found);
            assert_eq!(given, (size, bound, reached), "{name}");
        }
    }
}
