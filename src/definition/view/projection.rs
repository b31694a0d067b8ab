//! What a view sees of a puzzle: for each set, whether it is kept whole, with pieces
//! made alike or blank, or left out; and a fingerprint of it, which names its tables.

use std::hash::{Hash, Hasher};

use crate::definition::model::Model;
use crate::definition::{Goal, Set};

/// The class of pieces a view does not track: which piece lies there does not count,
/// nor its orientation.
pub const BLANK: u8 = u8::MAX;

/// How a view keeps one set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Keep {
    /// Left out.
    Dropped,
    /// Kept: each label's class (labels of one class are alike; [`BLANK`] not tracked),
    /// and whether orientations count.
    Kept {
        /// `class[label]`.
        class: Vec<u8>,
        /// Whether orientations count.
        orientation: bool,
    },
}

/// Which parts of a puzzle a view sees: one [`Keep`] a set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Projection {
    /// Each set's.
    pub sets: Vec<Keep>,
}

impl Projection {
    /// The whole puzzle: every set, every label its own class, orientations counted.
    pub fn whole(puzzle: &Model) -> Projection {
        let sets = (puzzle.sets().iter())
            .map(|set| Keep::Kept {
                class: (0..set.pieces as u8).collect(),
                orientation: true,
            })
            .collect();
        Projection { sets }
    }

    /// What `goals` see of the puzzle: the labels no goal asks for at any position made
    /// one class, orientations counted in the sets where a goal asks for one, sets
    /// where no goal asks for anything left out.
    pub fn seen_by(puzzle: &Model, goals: &[&Goal]) -> Projection {
        let sets = (puzzle.sets().iter().enumerate())
            .map(|(s, set)| {
                let mut asked = vec![false; set.pieces];
                for goal in goals {
                    for label in goal.pieces[s].iter().flatten() {
                        asked[usize::from(*label)] = true;
                    }
                }
                let orientation = set.orientations > 1
                    && goals
                        .iter()
                        .any(|g| g.orientation[s].iter().any(Option::is_some));
                if !asked.iter().any(|&a| a) && !orientation {
                    return Keep::Dropped;
                }
                // Asked labels keep their own classes (numbered in label order), the
                // rest share the class after them.
                let mut next = 0u8;
                let mut class: Vec<u8> = asked
                    .iter()
                    .map(|&a| match a {
                        true => {
                            next += 1;
                            next - 1
                        }
                        false => u8::MAX,
                    })
                    .collect();
                for c in class.iter_mut().filter(|c| **c == u8::MAX) {
                    *c = next;
                }
                Keep::Kept { class, orientation }
            })
            .collect();
        Projection { sets }
    }

    /// A name for what the view sees, the same for the same projection of the same
    /// puzzle (its turns and goals included): part of its table's file name.
    pub fn fingerprint(&self, puzzle: &Model, goals: &[usize]) -> u64 {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        self.hash(&mut hasher);
        puzzle.sets().hash(&mut hasher);
        for turn in &puzzle.turns {
            turn.action.hash(&mut hasher);
        }
        for &g in goals {
            puzzle.goals()[g].hash(&mut hasher);
        }
        puzzle.definition.start.hash(&mut hasher);
        hasher.finish()
    }
}

impl Hash for Set {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (&self.name, self.pieces, self.orientations).hash(state);
    }
}
