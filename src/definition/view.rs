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

use std::hash::{Hash, Hasher};

use std::sync::OnceLock;

use rayon::prelude::*;

use super::puzzle::Puzzle;
use super::{Goal, Set};

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
    pub fn whole(puzzle: &Puzzle) -> Projection {
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
    pub fn seen_by(puzzle: &Puzzle, goals: &[&Goal]) -> Projection {
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
    pub fn fingerprint(&self, puzzle: &Puzzle, goals: &[usize]) -> u64 {
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

/// One orbit's share of a view.
#[derive(Clone, Debug)]
struct Orbit {
    /// Its set, and its positions in the set.
    set: usize,
    positions: Vec<u8>,
    /// The set's orientations.
    modulus: u8,
    /// The flat slots of its positions' pieces and orientations.
    piece_slots: Vec<u16>,
    turn_slots: Vec<u16>,
    /// `class[label]` of its set.
    class: Vec<u8>,
    /// Each class's pieces in the orbit (classes from 0), blanks not among them.
    counts: Vec<u8>,
    /// Blank pieces in the orbit.
    blanks: u8,
    /// Whether orientations are digits of the rank.
    digits: bool,
    /// Every orientation that counts must be this (no turn twists the orbit).
    constant: Option<u8>,
    /// The sum the orientations keep, when one fewer digit is ranked.
    sum: Option<u8>,
    /// The permutation parity every reachable arrangement has, when half are ranked.
    parity: Option<u8>,
    /// Each turn on the orbit: sources (within it) and twists by destination.
    forward: Vec<(Vec<u8>, Vec<u8>)>,
    /// Each turn's inverse on the orbit.
    backward: Vec<(Vec<u8>, Vec<u8>)>,
}

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
    /// before it, where the part is small.
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
}

/// A rank as its parts' values ([`View::values`]).
#[derive(Clone, Copy, Debug)]
pub struct Values([u64; MOST_PARTS]);

/// The most positions an orbit of a view has.
const MOST_ORBIT: usize = 64;

/// One orbit's classes and orientations, while a state of a part is worked on: on the
/// stack, so that ranking allocates nothing.
#[derive(Clone, Copy, Debug)]
struct Scratch {
    classes: [u8; MOST_ORBIT],
    turned: [u8; MOST_ORBIT],
    len: usize,
}

impl Scratch {
    fn new(len: usize, turned: u8) -> Scratch {
        Scratch {
            classes: [0; MOST_ORBIT],
            turned: [turned; MOST_ORBIT],
            len,
        }
    }

    fn classes(&self) -> &[u8] {
        &self.classes[..self.len]
    }
}

impl View {
    /// The number of states of the view `projection` of `puzzle` towards the goals
    /// numbered `goals`, found without making the view.
    pub fn size_of(
        puzzle: &Puzzle,
        projection: &Projection,
        goals: &[usize],
    ) -> Result<u64, ViewError> {
        Ok(View::parts(puzzle, projection, goals)?.2)
    }

    /// The view `projection` of `puzzle`, towards the goals numbered `goals`.
    pub fn new(
        puzzle: &Puzzle,
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
        };
        view.goals = view.goal_ranks(&wanted)?;
        Ok(view)
    }

    /// The orbits and parts of a view, and its number of states.
    #[allow(clippy::type_complexity)]
    fn parts(
        puzzle: &Puzzle,
        projection: &Projection,
        goals: &[usize],
    ) -> Result<(Vec<Orbit>, Vec<Part>, u64), ViewError> {
        let sets = puzzle.sets();
        let wanted: Vec<&Goal> = goals.iter().map(|&g| &puzzle.goals()[g]).collect();
        let mut orbits = Vec::new();
        for (s, set) in sets.iter().enumerate() {
            let Keep::Kept { class, orientation } = &projection.sets[s] else {
                continue;
            };
            for positions in &puzzle.orbits[s] {
                if positions.len() > MOST_ORBIT {
                    return Err(ViewError(format!(
                        "an orbit of {} positions: a view ranks orbits of at most {MOST_ORBIT}",
                        positions.len()
                    )));
                }
                orbits.push(orbit(
                    puzzle,
                    s,
                    set,
                    positions,
                    class,
                    *orientation,
                    &wanted,
                )?);
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
        let mut rank = 0;
        let mut scratch = Scratch::new(0, 0);
        let mut current = usize::MAX;
        for part in &self.parts {
            if part.orbit != current {
                current = part.orbit;
                let orbit = &self.orbits[current];
                scratch.len = orbit.piece_slots.len();
                for (i, (&p, &t)) in orbit.piece_slots.iter().zip(&orbit.turn_slots).enumerate() {
                    scratch.classes[i] = orbit.class[usize::from(cells[usize::from(p)])];
                    scratch.turned[i] = cells[usize::from(t)];
                }
                if let Some(c) = orbit.constant {
                    let classes = scratch.classes().iter().zip(&scratch.turned);
                    if classes.clone().any(|(&k, &t)| k != BLANK && t != c) {
                        return None;
                    }
                }
            }
            rank += self.part_rank(part, &scratch)? * part.stride;
        }
        // Orbits of one arrangement and no part: their pieces and constant
        // orientations must still be the view's.
        for (o, orbit) in self.orbits.iter().enumerate() {
            if self.parts.iter().any(|p| p.orbit == o) {
                continue;
            }
            let mut lone = Scratch::new(orbit.piece_slots.len(), 0);
            for (i, (&p, &t)) in orbit.piece_slots.iter().zip(&orbit.turn_slots).enumerate() {
                lone.classes[i] = orbit.class[usize::from(cells[usize::from(p)])];
                lone.turned[i] = cells[usize::from(t)];
            }
            arrangement_rank(lone.classes(), &orbit.counts, orbit.blanks)?;
            if let Some(c) = orbit.constant {
                let wrong = lone
                    .classes()
                    .iter()
                    .zip(&lone.turned)
                    .any(|(&k, &t)| k != BLANK && t != c);
                if wrong {
                    return None;
                }
            }
        }
        Some(rank)
    }

    /// Makes the turn tables of the parts that have at most `most` entries, on every
    /// core: what a breadth-first search over the view, or a search reading its table
    /// at every node, gains by (a walk down a table does without).
    pub fn tabulate(&self, most: u64) {
        self.parts.par_iter().for_each(|part| {
            // A part as large as the view would cost as much to table as to search:
            // only parts a product makes small are tabled.
            let small = part.size.saturating_mul(TABLED_SHARE) <= self.size;
            if !small || part.size.saturating_mul(self.turns as u64) > most.min(MOST_TABLED) {
                return;
            }
            for forward in [true, false] {
                let table = if forward {
                    &part.forward
                } else {
                    &part.backward
                };
                table.get_or_init(|| {
                    let size = part.size as usize;
                    let mut table = vec![0u32; size * self.turns];
                    let mut state = self.orbit_state(part.orbit, 0);
                    for v in 0..part.size {
                        self.part_unrank(part, v, &mut state);
                        for t in 0..self.turns {
                            let after = self.turned(part.orbit, &state, t, forward);
                            let next = self
                                .part_rank(part, &after)
                                .expect("a turn keeps what the view ranks");
                            table[t * size + v as usize] = next as u32;
                        }
                    }
                    table
                });
            }
        });
    }

    /// Calls `visit` with the rank of every state one turn from `rank` in the
    /// direction asked: after each turn (`forward`), or before it.
    #[inline]
    pub fn neighbours(&self, rank: u64, forward: bool, mut visit: impl FnMut(usize, u64)) {
        let mut values = [0u64; MOST_PARTS];
        for (i, part) in self.parts.iter().enumerate() {
            values[i] = rank / part.stride % part.size;
        }
        fn tables(part: &Part, forward: bool) -> Option<&[u32]> {
            let table = if forward {
                &part.forward
            } else {
                &part.backward
            };
            table.get().map(Vec::as_slice)
        }
        if self.parts.iter().all(|p| tables(p, forward).is_some()) {
            // Every part looked up: the common case of the large tables.
            for t in 0..self.turns {
                let mut next = 0;
                for (i, part) in self.parts.iter().enumerate() {
                    let table = tables(part, forward).expect("every part has its table");
                    next +=
                        u64::from(table[t * part.size as usize + values[i] as usize]) * part.stride;
                }
                visit(t, next);
            }
            return;
        }
        let mut scratch: [Option<Scratch>; MOST_PARTS] = [None; MOST_PARTS];
        for part in self.parts.iter().filter(|p| tables(p, forward).is_none()) {
            if scratch[part.orbit].is_none() {
                scratch[part.orbit] = Some(self.orbit_state(part.orbit, rank));
            }
        }
        for t in 0..self.turns {
            let mut next = 0;
            for (i, part) in self.parts.iter().enumerate() {
                let value = match tables(part, forward) {
                    Some(table) => u64::from(table[t * part.size as usize + values[i] as usize]),
                    None => {
                        let before = scratch[part.orbit].as_ref().expect("unranked above");
                        let after = self.turned(part.orbit, before, t, forward);
                        self.part_rank(part, &after)
                            .expect("a turn keeps what the view ranks")
                    }
                };
                next += value * part.stride;
            }
            visit(t, next);
        }
    }

    /// `rank` as its parts' values, for turning it many times by
    /// [`View::turn_values`] without dividing (then [`View::rank_of_values`]).
    #[inline]
    pub fn values(&self, rank: u64) -> Values {
        let mut values = Values([0; MOST_PARTS]);
        for (i, part) in self.parts.iter().enumerate() {
            values.0[i] = rank / part.stride % part.size;
        }
        values
    }

    /// Turns `values` forward by turn `t`; false, turning nothing, where a part has no
    /// table (then turn the rank by [`View::step`]).
    #[inline]
    pub fn turn_values(&self, values: &mut Values, t: usize) -> bool {
        for (value, part) in values.0.iter_mut().zip(&self.parts) {
            let Some(table) = part.forward.get() else {
                return false;
            };
            *value = u64::from(table[t * part.size as usize + *value as usize]);
        }
        true
    }

    /// The rank of parts' values.
    #[inline]
    pub fn rank_of_values(&self, values: &Values) -> u64 {
        self.parts
            .iter()
            .zip(&values.0)
            .map(|(part, &v)| v * part.stride)
            .sum()
    }

    /// Whether every part's turns are tabled, forward: [`View::turn_values`] then
    /// never fails.
    pub fn turns_tabled(&self) -> bool {
        self.parts.iter().all(|p| p.forward.get().is_some())
    }

    /// The rank one turn `t` from `rank`: after it (`forward`), or before it.
    pub fn step(&self, rank: u64, t: usize, forward: bool) -> u64 {
        let mut next = 0;
        for part in &self.parts {
            let value = rank / part.stride % part.size;
            let table = if forward {
                &part.forward
            } else {
                &part.backward
            };
            let value = match table.get() {
                Some(table) => u64::from(table[t * part.size as usize + value as usize]),
                None => {
                    let before = self.orbit_state(part.orbit, rank);
                    let after = self.turned(part.orbit, &before, t, forward);
                    self.part_rank(part, &after)
                        .expect("a turn keeps what the view ranks")
                }
            };
            next += value * part.stride;
        }
        next
    }

    /// A state of `puzzle` that this view sees as `rank`: the start's pieces of each
    /// class placed where the rank puts the class (in label order), orientations as it
    /// says where it says, as the start has them elsewhere. Where the view leaves
    /// nothing out, the one state of that rank.
    pub fn state_of(&self, puzzle: &Puzzle, rank: u64) -> super::State {
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

    /// The classes and orientations of orbit `o` in the state of `rank`.
    fn orbit_state(&self, o: usize, rank: u64) -> Scratch {
        let orbit = &self.orbits[o];
        let mut scratch = Scratch::new(orbit.piece_slots.len(), orbit.constant.unwrap_or(0));
        for part in self.parts.iter().filter(|p| p.orbit == o) {
            let value = rank / part.stride % part.size;
            self.part_unrank(part, value, &mut scratch);
        }
        if !self
            .parts
            .iter()
            .any(|p| p.orbit == o && p.ranks == Ranks::Arrangement)
        {
            // One arrangement only: the classes in order.
            self.part_unrank_arrangement(orbit, 0, &mut scratch.classes[..scratch.len]);
        }
        scratch
    }

    /// `before` after (or before) turn `t`, on orbit `o`.
    fn turned(&self, o: usize, before: &Scratch, t: usize, forward: bool) -> Scratch {
        let orbit = &self.orbits[o];
        let (from, twist) = match forward {
            true => &orbit.forward[t],
            false => &orbit.backward[t],
        };
        let m = orbit.modulus;
        let mut after = Scratch::new(before.len, 0);
        for (i, (&f, &w)) in from.iter().zip(twist).enumerate() {
            after.classes[i] = before.classes[usize::from(f)];
            after.turned[i] = (before.turned[usize::from(f)] + w) % m;
        }
        after
    }

    /// The value of `part` in an orbit's state; `None` where it has none.
    fn part_rank(&self, part: &Part, state: &Scratch) -> Option<u64> {
        let orbit = &self.orbits[part.orbit];
        match part.ranks {
            Ranks::Arrangement => {
                let arranged = arrangement_rank(state.classes(), &orbit.counts, orbit.blanks)?;
                let arranged = match orbit.parity {
                    Some(parity) => {
                        if permutation_parity(state.classes()) != parity {
                            return None;
                        }
                        arranged / 2
                    }
                    None => arranged,
                };
                match orbit.blanks > 0 && orbit.digits {
                    true => Some(arranged * part.turned + orientation_rank(orbit, state)?),
                    false => Some(arranged),
                }
            }
            Ranks::Orientations => orientation_rank(orbit, state),
        }
    }

    fn part_unrank(&self, part: &Part, value: u64, state: &mut Scratch) {
        let orbit = &self.orbits[part.orbit];
        match part.ranks {
            Ranks::Arrangement => {
                let (arranged, turned) = match orbit.blanks > 0 && orbit.digits {
                    true => (value / part.turned, Some(value % part.turned)),
                    false => (value, None),
                };
                let len = state.len;
                self.part_unrank_arrangement(orbit, arranged, &mut state.classes[..len]);
                if let Some(turned) = turned {
                    orientation_unrank(orbit, turned, state);
                }
            }
            Ranks::Orientations => orientation_unrank(orbit, value, state),
        }
    }

    fn part_unrank_arrangement(&self, orbit: &Orbit, value: u64, classes: &mut [u8]) {
        match orbit.parity {
            None => arrangement_unrank(value, &orbit.counts, orbit.blanks, classes),
            Some(parity) => {
                arrangement_unrank(value * 2, &orbit.counts, orbit.blanks, classes);
                if permutation_parity(classes) != parity {
                    let n = classes.len();
                    classes.swap(n - 2, n - 1);
                }
            }
        }
    }

    /// The ranks of every state the goals accept, seen by the view.
    fn goal_ranks(&self, goals: &[&Goal]) -> Result<Vec<u64>, ViewError> {
        let mut ranks = Vec::new();
        for goal in goals {
            // Each orbit's ways to meet the goal, as states of the orbit.
            let mut choices: Vec<Vec<Scratch>> = Vec::new();
            let mut count = 1u64;
            for orbit in &self.orbits {
                let ways = orbit_goal_states(orbit, goal);
                count = count.saturating_mul(ways.len() as u64);
                choices.push(ways);
            }
            if count > MOST_GOAL_STATES {
                return Err(ViewError(format!(
                    "a solved state leaves {count} states free, more than the {MOST_GOAL_STATES} a table starts from"
                )));
            }
            let mut picked = vec![0usize; choices.len()];
            'all: loop {
                if choices.iter().all(|c| !c.is_empty()) {
                    let state: Vec<Scratch> =
                        picked.iter().zip(&choices).map(|(&i, c)| c[i]).collect();
                    let rank = self.parts.iter().try_fold(0u64, |rank, part| {
                        Some(rank + self.part_rank(part, &state[part.orbit])? * part.stride)
                    });
                    ranks.extend(rank);
                } else {
                    break;
                }
                for (i, c) in choices.iter().enumerate().rev() {
                    picked[i] += 1;
                    if picked[i] < c.len() {
                        continue 'all;
                    }
                    picked[i] = 0;
                }
                break;
            }
        }
        ranks.sort_unstable();
        ranks.dedup();
        if ranks.is_empty() {
            return Err(ViewError(
                "no solved state is a state of the puzzle's orbits".into(),
            ));
        }
        Ok(ranks)
    }
}

/// One orbit's share of a view of `set`, towards `goals`.
fn orbit(
    puzzle: &Puzzle,
    s: usize,
    set: &Set,
    positions: &[u8],
    class: &[u8],
    orientation: bool,
    goals: &[&Goal],
) -> Result<Orbit, ViewError> {
    let at = puzzle.offsets[s];
    let piece_slots: Vec<u16> = positions
        .iter()
        .map(|&p| (at + usize::from(p)) as u16)
        .collect();
    let turn_slots: Vec<u16> = positions
        .iter()
        .map(|&p| (at + set.pieces + usize::from(p)) as u16)
        .collect();
    let mut place = vec![u8::MAX; set.pieces];
    for (i, &p) in positions.iter().enumerate() {
        place[usize::from(p)] = i as u8;
    }
    let local = |action: &super::Action| -> (Vec<u8>, Vec<u8>) {
        let from = positions
            .iter()
            .map(|&p| place[usize::from(action.from[s][usize::from(p)])])
            .collect();
        let twist = positions
            .iter()
            .map(|&p| action.twist[s][usize::from(p)])
            .collect();
        (from, twist)
    };
    let forward: Vec<(Vec<u8>, Vec<u8>)> = puzzle.turns.iter().map(|t| local(&t.action)).collect();
    let backward: Vec<(Vec<u8>, Vec<u8>)> = puzzle
        .turns
        .iter()
        .map(|t| local(&t.action.inverse(puzzle.sets())))
        .collect();
    // The orbit's pieces: those the start has there.
    let classes = usize::from(
        class
            .iter()
            .filter(|&&c| c != BLANK)
            .max()
            .map_or(0, |&c| c + 1),
    );
    let mut counts = vec![0u8; classes];
    let mut blanks = 0u8;
    for &p in positions {
        match class[usize::from(puzzle.definition.start.pieces[s][usize::from(p)])] {
            BLANK => blanks += 1,
            c => counts[usize::from(c)] += 1,
        }
    }
    let twisted = forward
        .iter()
        .any(|(_, twist)| twist.iter().any(|&t| t != 0));
    let asked = goals.iter().any(|g| {
        positions
            .iter()
            .any(|&p| g.orientation[s][usize::from(p)].is_some())
    });
    let start_turns: Vec<u8> = positions
        .iter()
        .map(|&p| puzzle.definition.start.orientation[s][usize::from(p)])
        .collect();
    let counted = orientation && asked && set.orientations > 1 && counts.iter().any(|&c| c > 0);
    // Untwisted, pieces keep the orientations they start with: one value is all there
    // is when every piece starts with it.
    let constant = (counted && !twisted && start_turns.iter().all(|&t| t == start_turns[0]))
        .then_some(start_turns[0]);
    let digits = counted && constant.is_none();
    let distinct = blanks == 0 && counts.iter().all(|&c| c == 1);
    let fully_asked = |of: &dyn Fn(&Goal, usize) -> bool| {
        goals
            .iter()
            .all(|g| positions.iter().all(|&p| of(g, usize::from(p))))
    };
    let sum = match digits && blanks == 0 {
        false => None,
        true => {
            let kept = forward.iter().all(|(_, twist)| {
                twist.iter().map(|&t| u32::from(t)).sum::<u32>() % u32::from(set.orientations) == 0
            });
            let every = fully_asked(&|g, p| g.orientation[s][p].is_some());
            let sums: Vec<u8> = goals
                .iter()
                .map(|g| {
                    (positions
                        .iter()
                        .map(|&p| u32::from(g.orientation[s][usize::from(p)].unwrap_or(0)))
                        .sum::<u32>()
                        % u32::from(set.orientations)) as u8
                })
                .collect();
            (kept && every && sums.windows(2).all(|w| w[0] == w[1])).then(|| sums[0])
        }
    };
    let parity = match distinct && positions.len() >= 2 {
        false => None,
        true => {
            let even = forward
                .iter()
                .all(|(from, _)| permutation_parity(from) == 0);
            let every = fully_asked(&|g, p| g.pieces[s][p].is_some());
            let parities: Vec<u8> = goals
                .iter()
                .map(|g| {
                    let classes: Vec<u8> = positions
                        .iter()
                        .map(|&p| class[usize::from(g.pieces[s][usize::from(p)].unwrap_or(0))])
                        .collect();
                    permutation_parity(&classes)
                })
                .collect();
            (even && every && parities.windows(2).all(|w| w[0] == w[1])).then(|| parities[0])
        }
    };
    Ok(Orbit {
        set: s,
        positions: positions.to_vec(),
        modulus: set.orientations,
        piece_slots,
        turn_slots,
        class: class.to_vec(),
        counts,
        blanks,
        digits,
        constant,
        sum,
        parity,
        forward,
        backward,
    })
}

/// The states of `orbit` that `goal` accepts: its pieces where it names them (the
/// rest of the orbit's pieces in every arrangement over the other positions), and
/// its orientations where it names them (any elsewhere).
fn orbit_goal_states(orbit: &Orbit, goal: &Goal) -> Vec<Scratch> {
    let n = orbit.piece_slots.len();
    let (mut fixed, mut left) = (vec![None; n], orbit.counts.clone());
    let mut blanks_left = orbit.blanks;
    let wanted = |i: usize| -> (Option<u8>, Option<u8>) {
        let p = usize::from(orbit.positions[i]);
        (goal.pieces[orbit.set][p], goal.orientation[orbit.set][p])
    };
    for (i, slot) in fixed.iter_mut().enumerate() {
        if let (Some(label), _) = wanted(i) {
            let c = orbit.class[usize::from(label)];
            let count = match c {
                BLANK => &mut blanks_left,
                c => &mut left[usize::from(c)],
            };
            if *count == 0 {
                return Vec::new();
            }
            *count -= 1;
            *slot = Some(c);
        }
    }
    let mut arrangements = Vec::new();
    let mut current = fixed.iter().map(|c| c.unwrap_or(0)).collect::<Vec<u8>>();
    fill(
        &fixed,
        0,
        &mut left,
        &mut blanks_left,
        &mut current,
        &mut arrangements,
    );
    let mut states = Vec::new();
    for classes in arrangements {
        let mut turned = vec![orbit.constant.unwrap_or(0); n];
        let free: Vec<usize> = (0..n)
            .filter(|&i| {
                let (_, o) = wanted(i);
                match (orbit.digits && classes[i] != BLANK, o) {
                    (false, _) => false,
                    (true, Some(o)) => {
                        turned[i] = o;
                        false
                    }
                    (true, None) => true,
                }
            })
            .collect();
        let ways = u64::from(orbit.modulus).saturating_pow(free.len() as u32);
        for way in 0..ways.min(MOST_GOAL_STATES + 1) {
            let mut w = way;
            for &i in &free {
                turned[i] = (w % u64::from(orbit.modulus)) as u8;
                w /= u64::from(orbit.modulus);
            }
            let mut state = Scratch::new(n, 0);
            state.classes[..n].copy_from_slice(&classes);
            state.turned[..n].copy_from_slice(&turned);
            states.push(state);
        }
    }
    states
}

/// Every way to put the classes `left` (and blanks) on the positions `fixed` leaves
/// free, from position `i` on.
fn fill(
    fixed: &[Option<u8>],
    i: usize,
    left: &mut [u8],
    blanks: &mut u8,
    current: &mut Vec<u8>,
    out: &mut Vec<Vec<u8>>,
) {
    if out.len() as u64 > MOST_GOAL_STATES {
        return;
    }
    if i == fixed.len() {
        out.push(current.clone());
        return;
    }
    if let Some(c) = fixed[i] {
        current[i] = c;
        return fill(fixed, i + 1, left, blanks, current, out);
    }
    for c in 0..left.len() {
        if left[c] > 0 {
            left[c] -= 1;
            current[i] = c as u8;
            fill(fixed, i + 1, left, blanks, current, out);
            left[c] += 1;
        }
    }
    if *blanks > 0 {
        *blanks -= 1;
        current[i] = BLANK;
        fill(fixed, i + 1, left, blanks, current, out);
        *blanks += 1;
    }
}

/// The number of arrangements of a multiset (`counts` of each class and `blanks`), if
/// it fits 128 bits.
fn multinomial(counts: &[u8], blanks: u8) -> Option<u128> {
    let mut ways = 1u128;
    let mut n = 0u128;
    for &c in counts.iter().chain([&blanks]) {
        for i in 1..=u128::from(c) {
            n += 1;
            ways = ways.checked_mul(n)? / i;
        }
    }
    Some(ways)
}

/// `a * b / c`, exact and fitting 64 bits by the callers' reckoning, in 64-bit
/// arithmetic where the product fits (much the quicker division).
#[inline]
fn mul_div(a: u64, b: u64, c: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    match u64::try_from(product) {
        Ok(product) => product / c,
        Err(_) => (product / u128::from(c)) as u64,
    }
}

/// The rank of `classes` (blanks last in the order) among the arrangements of its
/// multiset, in lexicographic order; `None` when they are not that multiset (or it
/// has more arrangements than 64 bits count).
fn arrangement_rank(classes: &[u8], counts: &[u8], blanks: u8) -> Option<u64> {
    let k = counts.len();
    let mut left = [0u8; 256];
    left[..k].copy_from_slice(counts);
    left[k] = blanks;
    let mut total = classes.len() as u64;
    let mut ways = u64::try_from(multinomial(counts, blanks)?).ok()?;
    let mut rank = 0u64;
    for &c in classes {
        let c = if c == BLANK { k } else { usize::from(c) };
        if c > k || left[c] == 0 {
            return None;
        }
        let below: u64 = left[..c].iter().map(|&n| u64::from(n)).sum();
        rank += mul_div(ways, below, total);
        ways = mul_div(ways, u64::from(left[c]), total);
        left[c] -= 1;
        total -= 1;
    }
    Some(rank)
}

/// The arrangement of rank `rank`, into `classes`.
fn arrangement_unrank(mut rank: u64, counts: &[u8], blanks: u8, classes: &mut [u8]) {
    let k = counts.len();
    let mut left = [0u8; 256];
    left[..k].copy_from_slice(counts);
    left[k] = blanks;
    let mut total = classes.len() as u64;
    let mut ways = multinomial(counts, blanks)
        .and_then(|w| u64::try_from(w).ok())
        .unwrap_or(0);
    for out in classes.iter_mut() {
        for (c, count) in left[..=k].iter_mut().enumerate() {
            if *count == 0 {
                continue;
            }
            let with = mul_div(ways, u64::from(*count), total);
            if rank < with {
                *out = if c == k { BLANK } else { c as u8 };
                ways = with;
                *count -= 1;
                total -= 1;
                break;
            }
            rank -= with;
        }
    }
}

/// The parity of the permutation `values` (distinct, each below the length).
fn permutation_parity(values: &[u8]) -> u8 {
    let mut seen = [false; 256];
    let mut parity = 0;
    for start in 0..values.len() {
        let mut length = 0;
        let mut at = start;
        while !seen[at] {
            seen[at] = true;
            at = usize::from(values[at]).min(values.len() - 1);
            length += 1;
        }
        if length > 0 {
            parity ^= (length + 1) % 2;
        }
    }
    parity as u8
}

/// The rank of the orientations that count (one fewer where their sum is kept).
fn orientation_rank(orbit: &Orbit, state: &Scratch) -> Option<u64> {
    let m = u64::from(orbit.modulus);
    let counted = (state.classes().iter().zip(&state.turned))
        .filter(|(&c, _)| c != BLANK)
        .map(|(_, &t)| t);
    match orbit.sum {
        None => Some(counted.fold(0, |rank, t| rank * m + u64::from(t))),
        Some(sum) => {
            // Every digit but the last, which the sum gives.
            let (mut rank, mut total, mut last) = (0u64, 0u64, None::<u8>);
            for t in counted {
                if let Some(before) = last {
                    rank = rank * m + u64::from(before);
                }
                total += u64::from(t);
                last = Some(t);
            }
            (total % m == u64::from(sum)).then_some(rank)
        }
    }
}

/// The orientations of rank `rank`, at the positions whose classes count.
fn orientation_unrank(orbit: &Orbit, mut rank: u64, state: &mut Scratch) {
    let m = orbit.modulus;
    let places: Vec<usize> = (0..state.len)
        .filter(|&i| state.classes[i] != BLANK)
        .collect();
    let digits = places.len() - usize::from(orbit.sum.is_some());
    let mut total = 0u32;
    for &i in places[..digits].iter().rev() {
        state.turned[i] = (rank % u64::from(m)) as u8;
        total += u32::from(state.turned[i]);
        rank /= u64::from(m);
    }
    if let (Some(sum), Some(&last)) = (orbit.sum, places.last()) {
        let m = u32::from(m);
        state.turned[last] = ((u32::from(sum) + m * 64 - total % m) % m) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangements_rank_densely_in_order() {
        for (counts, blanks) in [
            (vec![1u8, 1, 1, 1], 0u8),
            (vec![2, 1], 2),
            (vec![3], 3),
            (vec![1, 2, 1], 1),
        ] {
            let n = counts.iter().sum::<u8>() + blanks;
            let total = multinomial(&counts, blanks).unwrap() as u64;
            let mut last = None;
            for rank in 0..total {
                let mut classes = vec![0u8; usize::from(n)];
                arrangement_unrank(rank, &counts, blanks, &mut classes);
                assert_eq!(arrangement_rank(&classes, &counts, blanks), Some(rank));
                if let Some(last) = last {
                    let key = |c: &Vec<u8>| {
                        c.iter()
                            .map(|&x| if x == BLANK { 254 } else { x })
                            .collect::<Vec<_>>()
                    };
                    assert!(key(&last) < key(&classes));
                }
                last = Some(classes);
            }
        }
        assert_eq!(arrangement_rank(&[0, 0], &[1, 1], 0), None);
    }

    #[test]
    fn parities_pair_neighbouring_ranks() {
        let counts = [1u8; 5];
        for rank in (0..120u64).step_by(2) {
            let (mut a, mut b) = ([0u8; 5], [0u8; 5]);
            arrangement_unrank(rank, &counts, 0, &mut a);
            arrangement_unrank(rank + 1, &counts, 0, &mut b);
            assert_ne!(permutation_parity(&a), permutation_parity(&b));
        }
        assert_eq!(permutation_parity(&[1, 0, 2]), 1);
        assert_eq!(permutation_parity(&[1, 2, 0]), 0);
    }
}
