//! Views: a puzzle seen in part, each state a dense rank. A view keeps some sets and
//! leaves the others out; in a set kept, pieces may be made alike (their labels one
//! class) or blank (neither which piece nor its orientation counts), and orientations
//! may be left out. The whole puzzle is the view that keeps everything; a pattern
//! database is a smaller one, whose distances bound the whole puzzle's.
//!
//! A view's rank is a mixed-radix number of parts, each part one orbit's (the
//! positions its pieces keep to under the turns): the arrangement of its classes (a
//! permutation of a multiset, ranked in lexicographic order; half of them where every
//! piece differs and every turn is even on the orbit, the other half unreachable), and
//! its orientations (a digit a position; one fewer where every turn keeps their sum).
//! Without blanks the two are parts of their own, which turns change apart; with
//! blanks the orientations that count lie where the arrangement puts pieces, so the
//! two are one part. A small part's turns are looked up in a table made once.

use std::sync::OnceLock;

use super::located::Located;
use super::model::Model;
use super::Goal;

/// Why a view cannot be ranked: what exceeds what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ViewError(pub String);

/// The most goal states a view seeds its search with.
pub const MOST_GOAL_STATES: u64 = 1 << 22;

/// The most parts a view has.
const MOST_PARTS: usize = 64;

/// A part is tabled only when the view has at least this many times its states.
const TABLED_SHARE: u64 = 16;

/// A part's turns are looked up in a table when it has at most this many entries.
const MOST_TABLED: u64 = 1 << 24;

/// What a part of a view ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ranks {
    /// The arrangement of classes (with blanks, the orientations that count too).
    Arrangement,
    /// The orientations.
    Orientations,
}

/// A mixed-radix digit of a view's rank.
#[derive(Clone, Debug)]
struct Part {
    orbit: usize,
    ranks: Ranks,
    size: u64,
    stride: u64,
    /// With the orientations of a blank-holding orbit: their count.
    turned: u64,
    /// `forward[t * size + v]`, `backward[t * size + v]`: the part after turn `t` and
    /// before it, where the part is small. `forward` has one row more, `t` the count of
    /// turns, that leaves each value as it is: what pads a list of turns played beside
    /// longer ones ([`Lists`]).
    forward: OnceLock<Vec<u32>>,
    backward: OnceLock<Vec<u32>>,
}

/// A puzzle's view, its states ranked.
#[derive(Clone, Debug)]
pub struct View {
    orbits: Vec<Orbit>,
    parts: Vec<Part>,
    size: u64,
    goals: Vec<u64>,
    turns: usize,
    /// Whether every state of the puzzle is a state of the view (nothing made alike or
    /// left out), so that a rank stands for exactly one state.
    whole: bool,
    /// [`View::reach_bound`], once counted.
    reach: OnceLock<u64>,
    /// Each part's nanoseconds a state expanded, once timed ([`View::build_nanos`]).
    timed: OnceLock<Vec<f64>>,
    /// A number no other view has ([`joint`]'s memo of turns).
    id: u64,
    /// The orbits with no part (one arrangement), whose pieces are checked apart.
    partless: Vec<usize>,
    /// Each orbit's ranking from where its pieces lie, where it keeps a few of many;
    /// empty where no orbit does (a state is then never located).
    sparse: Vec<Option<Sparse>>,
}

impl View {
    /// The number of states of the view `projection` of `puzzle` towards the goals
    /// numbered `goals`, found without making the view.
    pub fn size_of(
        puzzle: &Model,
        projection: &Projection,
        goals: &[usize],
    ) -> Result<u64, ViewError> {
        Ok(View::parts(puzzle, projection, goals)?.2)
    }

    /// The view `projection` of `puzzle`, towards the goals numbered `goals`.
    pub fn new(
        puzzle: &Model,
        projection: &Projection,
        goals: &[usize],
    ) -> Result<View, ViewError> {
        let (orbits, parts, size) = View::parts(puzzle, projection, goals)?;
        let wanted: Vec<&Goal> = goals.iter().map(|&g| &puzzle.goals()[g]).collect();
        let whole = *projection == Projection::whole(puzzle) && goals.len() == puzzle.goals().len();
        let mut view = View {
            orbits,
            parts,
            size,
            goals: Vec::new(),
            turns: puzzle.turns.len(),
            whole,
            reach: OnceLock::new(),
            timed: OnceLock::new(),
            id: joint::new_id(),
            partless: Vec::new(),
            sparse: Vec::new(),
        };
        view.sparse = (view.orbits.iter())
            .map(|orbit| {
                Sparse::new(
                    orbit,
                    &puzzle.definition.start.pieces[orbit.set],
                    &puzzle.locator,
                )
            })
            .collect();
        if view.sparse.iter().all(Option::is_none) {
            view.sparse.clear();
        }
        view.partless = (0..view.orbits.len())
            .filter(|&o| !view.parts.iter().any(|p| p.orbit == o))
            .collect();
        view.goals = view.goal_ranks(&wanted)?;
        Ok(view)
    }

    /// The orbits and parts of a view, and its number of states.
    #[allow(clippy::type_complexity)]
    fn parts(
        puzzle: &Model,
        projection: &Projection,
        goals: &[usize],
    ) -> Result<(Vec<Orbit>, Vec<Part>, u64), ViewError> {
        let wanted: Vec<&Goal> = goals.iter().map(|&g| &puzzle.goals()[g]).collect();
        let mut orbits = Vec::new();
        for (s, keep) in projection.sets.iter().enumerate() {
            let Keep::Kept { class, orientation } = keep else {
                continue;
            };
            for positions in &puzzle.orbits[s] {
                if positions.len() > MOST_ORBIT {
                    return Err(ViewError(format!(
                        "an orbit of {} positions: a view ranks orbits of at most {MOST_ORBIT}",
                        positions.len()
                    )));
                }
                orbits.push(Orbit::new(
                    puzzle,
                    s,
                    positions,
                    class,
                    *orientation,
                    &wanted,
                ));
            }
        }
        let turns = puzzle.turns.len();
        let mut parts = Vec::new();
        for (o, orbit) in orbits.iter().enumerate() {
            let arrangements = multinomial(&orbit.counts, orbit.blanks)
                .ok_or_else(|| ViewError("an orbit with too many arrangements to rank".into()))?
                / u128::from(1 + u8::from(orbit.parity.is_some()));
            let digits = match orbit.digits {
                false => 0,
                true => {
                    let counted = orbit.counts.iter().map(|&c| u32::from(c)).sum::<u32>();
                    counted - u32::from(orbit.sum.is_some())
                }
            };
            let turned = u128::from(orbit.modulus)
                .checked_pow(digits)
                .unwrap_or(u128::MAX);
            let (first, second) = match orbit.blanks > 0 {
                true => ((arrangements.saturating_mul(turned), turned), None),
                false => ((arrangements, 1), (turned > 1).then_some(turned)),
            };
            let fits = |n: u128| {
                u64::try_from(n).map_err(|_| ViewError("a part too large to rank".into()))
            };
            parts.push(Part {
                orbit: o,
                ranks: Ranks::Arrangement,
                size: fits(first.0)?,
                stride: 0,
                turned: fits(first.1)?,
                forward: OnceLock::new(),
                backward: OnceLock::new(),
            });
            if let Some(turned) = second {
                parts.push(Part {
                    orbit: o,
                    ranks: Ranks::Orientations,
                    size: fits(turned)?,
                    stride: 0,
                    turned: fits(turned)?,
                    forward: OnceLock::new(),
                    backward: OnceLock::new(),
                });
            }
        }
        parts.retain(|p| p.size > 1);
        if parts.len() > MOST_PARTS || orbits.len() > MOST_PARTS {
            return Err(ViewError(format!(
                "{} orbits' parts: more than {MOST_PARTS} to rank",
                parts.len()
            )));
        }
        let mut size = 1u64;
        for part in parts.iter_mut().rev() {
            part.stride = size;
            size = size
                .checked_mul(part.size)
                .ok_or_else(|| ViewError("more states than 64 bits count".into()))?;
        }
        let _ = turns;
        Ok((orbits, parts, size))
    }

    /// The number of ranks.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The ranks of the goal states.
    pub fn goals(&self) -> &[u64] {
        &self.goals
    }

    /// Whether a rank stands for exactly one state of the puzzle.
    pub fn is_whole(&self) -> bool {
        self.whole
    }

    /// The rank of the flat state `cells`, `None` when the view has no such state (its
    /// pieces are not those the orbits keep, its parity or orientation sum is one no
    /// turn reaches).
    pub fn rank(&self, cells: &[u8]) -> Option<u64> {
        self.rank_with(cells, None)
    }

    /// [`View::rank`] of a state whose pieces are located once for every view that
    /// asks: an orbit that keeps a few pieces of many is ranked from where they lie.
    #[inline]
    pub(crate) fn rank_located(&self, located: &Located) -> Option<u64> {
        // Located only where an orbit is ranked from its pieces' positions.
        let at = match self.sparse.is_empty() {
            true => None,
            false => located.positions(),
        };
        self.rank_with(located.cells(), at)
    }

    /// How orbit `o` is ranked from its kept pieces' places, if it is.
    fn sparse_of(&self, o: usize) -> Option<&Sparse> {
        self.sparse.get(o)?.as_ref()
    }

    /// The rank of `cells`, its pieces located `at` where they are.
    fn rank_with(&self, cells: &[u8], at: Option<&[u8; 256]>) -> Option<u64> {
        let mut rank = 0;
        let mut scratch = Scratch::new(0, 0);
        let mut current = usize::MAX;
        for part in &self.parts {
            let orbit = &self.orbits[part.orbit];
            let sparse = at.and_then(|at| Some((self.sparse[part.orbit].as_ref()?, at)));
            if let Some((sparse, at)) = sparse {
                let joint = self.is_joint(part).then_some(part.turned);
                rank += sparse.rank(orbit, joint, cells, at)? * part.stride;
                continue;
            }
            if part.orbit != current {
                current = part.orbit;
                scratch.gather(orbit, cells)?;
            }
            rank += self.part_rank(part, &scratch)? * part.stride;
        }
        // Orbits of one arrangement and no part: their pieces and constant
        // orientations must still be the view's (the pieces are where located).
        for &o in &self.partless {
            let orbit = &self.orbits[o];
            if at.is_some() && orbit.located && orbit.constant.is_none() {
                continue;
            }
            scratch.gather(orbit, cells)?;
            arrangement_rank(scratch.classes(), &orbit.counts, orbit.blanks)?;
        }
        Some(rank)
    }

    /// A state of `puzzle` that this view sees as `rank`: the start's pieces of each
    /// class placed where the rank puts the class (in label order), orientations as it
    /// says where it says, as the start has them elsewhere. Where the view leaves
    /// nothing out, the one state of that rank.
    pub fn state_of(&self, puzzle: &Model, rank: u64) -> super::State {
        let start = &puzzle.definition.start;
        let mut state = start.clone();
        for (o, orbit) in self.orbits.iter().enumerate() {
            let here = self.orbit_state(o, rank);
            let s = orbit.set;
            // Each class's labels in this orbit of the start, in order.
            let mut labels: Vec<Vec<u8>> = vec![Vec::new(); orbit.counts.len() + 1];
            for &p in &orbit.positions {
                let label = start.pieces[s][usize::from(p)];
                let c = orbit.class[usize::from(label)];
                labels[if c == BLANK {
                    orbit.counts.len()
                } else {
                    usize::from(c)
                }]
                .push(label);
            }
            for list in &mut labels {
                list.sort_unstable();
                list.reverse();
            }
            for (i, &p) in orbit.positions.iter().enumerate() {
                let c = here.classes[i];
                let list = &mut labels[if c == BLANK {
                    orbit.counts.len()
                } else {
                    usize::from(c)
                }];
                state.pieces[s][usize::from(p)] = list.pop().unwrap_or(0);
                if orbit.digits || orbit.constant.is_some() {
                    state.orientation[s][usize::from(p)] = here.turned[i];
                }
            }
        }
        state
    }
}

mod arrangement;
mod cost;
mod goal_states;
mod joint;
mod orbit;
mod projection;
mod reach;
mod sparse;
mod steps;
mod turns;
use arrangement::*;
use orbit::*;
pub use projection::{Keep, Projection, BLANK};
use sparse::Sparse;
pub use steps::Lists;

#[cfg(test)]
mod tests;
