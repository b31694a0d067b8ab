//! How a symmetry renames pieces so that the solved states go onto solved states: the
//! Rotation Game's centre of 1s, carried by a mirror, is still a centre of 1s, but a
//! cube turned over has its U corners where the D corners were, each renamed to the
//! piece that belongs there, and its orientation measured anew (less a shift for each
//! piece). The renaming is found by carrying each goal onto some goal, the pieces and
//! orientations that one goal fixes deciding the names the next must agree with.

use super::{orient, Image};
use crate::definition::{Goal, Model};

/// The most goals carried onto each other one by one: past this, a map's goals are
/// not matched and the map is not taken for a symmetry.
const MOST_GOALS: usize = 64;

/// The most goal pairings tried for one map.
const MOST_PAIRINGS: usize = 10_000;

/// Each set's renaming: label `l` becomes `names[s][l].0`, its orientation less
/// `names[s][l].1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    names: Vec<Vec<(u8, u8)>>,
}

/// A renaming in the making.
#[derive(Clone)]
struct Naming {
    name: Vec<Vec<Option<u8>>>,
    named: Vec<Vec<bool>>,
    lost: Vec<Vec<Option<u8>>>,
    /// What the orientation of a piece the goals do not name must lose.
    lost_any: Vec<Option<u8>>,
}

impl Labels {
    /// The renaming under which the map `positions` carries `puzzle`'s goals onto its
    /// goals, if any.
    pub(super) fn find(puzzle: &Model, positions: &[Vec<Image>]) -> Option<Labels> {
        let goals = puzzle.goals();
        if goals.len() > MOST_GOALS {
            return None;
        }
        let sets = puzzle.sets().len();
        let naming = Naming {
            name: vec![vec![None; 256]; sets],
            named: vec![vec![false; 256]; sets],
            lost: vec![vec![None; 256]; sets],
            lost_any: vec![None; sets],
        };
        let mut tries = 0;
        let found = pair(
            puzzle,
            positions,
            naming,
            &mut vec![false; goals.len()],
            &mut tries,
        )?;
        Some(found.labels())
    }

    /// What label `label` of set `s` becomes, and what its orientation loses.
    pub fn rename(&self, s: usize, label: u8) -> (u8, u8) {
        self.names[s][usize::from(label)]
    }

    /// Whether it renames nothing.
    pub fn is_identity(&self) -> bool {
        (self.names.iter()).all(|set| {
            (0..=255u8)
                .zip(set)
                .all(|(l, &(m, lost))| l == m && lost == 0)
        })
    }
}

/// Carries the first goal not yet carried onto each goal not yet an image, in turn,
/// keeping the renaming each needs: the renaming once every goal is carried.
fn pair(
    puzzle: &Model,
    positions: &[Vec<Image>],
    naming: Naming,
    taken: &mut Vec<bool>,
    tries: &mut usize,
) -> Option<Naming> {
    let goals = puzzle.goals();
    let done = taken.iter().filter(|&&t| t).count();
    let Some(goal) = goals.get(done) else {
        return naming.consistent().then_some(naming);
    };
    for (j, image) in goals.iter().enumerate() {
        *tries += 1;
        if taken[j] || *tries > MOST_PAIRINGS {
            continue;
        }
        let mut next = naming.clone();
        if next.carry(puzzle, positions, goal, image) {
            taken[j] = true;
            let found = pair(puzzle, positions, next, taken, tries);
            taken[j] = false;
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

impl Naming {
    /// Names pieces so that `goal` goes onto `image`: false where it cannot.
    fn carry(
        &mut self,
        puzzle: &Model,
        positions: &[Vec<Image>],
        goal: &Goal,
        image: &Goal,
    ) -> bool {
        for (s, set) in puzzle.sets().iter().enumerate() {
            for (p, to) in positions[s].iter().enumerate() {
                let q = usize::from(to.to);
                let label = goal.pieces[s][p];
                let fits = match (label, image.pieces[s][q]) {
                    (Some(l), Some(m)) => self.rename(s, l, m),
                    (None, None) => true,
                    _ => false,
                };
                let turned = match (goal.orientation[s][p], image.orientation[s][q]) {
                    (Some(k), Some(wanted)) => {
                        // What the orientation loses: its image less the one wanted.
                        let lost = orient(to, k, wanted, set.orientations);
                        let slot = match label {
                            Some(l) => &mut self.lost[s][usize::from(l)],
                            None => &mut self.lost_any[s],
                        };
                        *slot.get_or_insert(lost) == lost
                    }
                    (None, None) => true,
                    _ => false,
                };
                if !fits || !turned {
                    return false;
                }
            }
        }
        true
    }

    fn rename(&mut self, s: usize, label: u8, to: u8) -> bool {
        let (l, m) = (usize::from(label), usize::from(to));
        match self.name[s][l] {
            Some(named) => named == to,
            None if self.named[s][m] => false,
            None => {
                self.name[s][l] = Some(to);
                self.named[s][m] = true;
                true
            }
        }
    }

    /// Whether pieces the goals do not name lose what every named one does.
    fn consistent(&self) -> bool {
        (self.lost_any.iter().zip(&self.lost))
            .all(|(any, lost)| any.is_none_or(|any| lost.iter().flatten().all(|&l| l == any)))
    }

    /// The renaming made whole: labels no goal names take the names left, in order.
    fn labels(&self) -> Labels {
        let names = (0..self.name.len())
            .map(|s| {
                let mut free = (0..=255u8).filter(|&m| !self.named[s][usize::from(m)]);
                (0..256)
                    .map(|l| {
                        let name = self.name[s][l].or_else(|| free.next()).unwrap_or(0);
                        let lost = self.lost[s][l].or(self.lost_any[s]).unwrap_or(0);
                        (name, lost)
                    })
                    .collect()
            })
            .collect();
        Labels { names }
    }
}
