//! The orbits a symmetry's search places one position of at a time, and the labels
//! each may hold.

use crate::definition::Model;

/// An orbit of positions under the turns, and the labels its positions hold in the
/// start and the goals.
pub(super) struct Orbit {
    pub(super) set: usize,
    pub(super) positions: Vec<u8>,
    labels: Vec<u8>,
    /// Whether its labels are held nowhere else and every orientation the goals fix in
    /// it is a named piece's: then adding the same to every orientation of its image
    /// (and taking it from its pieces' renaming) maps states as before, and only one
    /// such shift need be tried.
    pub(super) own: bool,
}

impl Orbit {
    pub(super) fn new(puzzle: &Model, set: usize, positions: &[u8]) -> Orbit {
        let start = &puzzle.definition.start;
        let goals = puzzle.goals();
        let held = |p: usize| {
            let goal_labels = goals.iter().filter_map(move |goal| goal.pieces[set][p]);
            std::iter::once(start.pieces[set][p]).chain(goal_labels)
        };
        let inside = |p: &usize| positions.contains(&(*p as u8));
        let mut labels: Vec<u8> = positions
            .iter()
            .flat_map(|&p| held(usize::from(p)))
            .collect();
        labels.sort_unstable();
        labels.dedup();
        let pieces = puzzle.sets()[set].pieces;
        let alone = (0..pieces)
            .filter(|p| !inside(p))
            .all(|p| held(p).all(|label| labels.binary_search(&label).is_err()));
        let named = (goals.iter()).all(|goal| {
            (positions.iter().map(|&p| usize::from(p)))
                .all(|p| goal.orientation[set][p].is_none() || goal.pieces[set][p].is_some())
        });
        Orbit {
            set,
            positions: positions.to_vec(),
            labels,
            own: alone && named,
        }
    }
}

/// Each set's positions' labels: those their orbit holds.
pub(super) fn labels_at(puzzle: &Model, orbits: &[Orbit]) -> Vec<Vec<Vec<u8>>> {
    let mut at: Vec<Vec<Vec<u8>>> = puzzle
        .sets()
        .iter()
        .map(|set| vec![Vec::new(); set.pieces])
        .collect();
    for orbit in orbits {
        for &p in &orbit.positions {
            at[orbit.set][usize::from(p)].clone_from(&orbit.labels);
        }
    }
    at
}
