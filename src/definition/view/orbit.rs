//! One orbit of a view: the positions its pieces keep to under the turns, how its
//! classes and orientations are ranked (arrangements of a multiset, orientation digits,
//! the parity and sums the turns keep), and a state of it worked on in place.

use super::arrangement::*;
use super::goal_states::visit_goal_states;
use super::{Part, Ranks, View, ViewError, BLANK, MOST_GOAL_STATES};
use crate::definition::model::Model;
use crate::definition::{Action, Goal};

/// One orbit's share of a view.
#[derive(Clone, Debug)]
pub(super) struct Orbit {
    /// Its set, and its positions in the set.
    pub(super) set: usize,
    pub(super) positions: Vec<u8>,
    /// The set's orientations.
    pub(super) modulus: u8,
    /// The flat slots of its positions' pieces and orientations.
    pub(super) piece_slots: Vec<u16>,
    pub(super) turn_slots: Vec<u16>,
    /// `class[label]` of its set.
    pub(super) class: Vec<u8>,
    /// Each class's pieces in the orbit (classes from 0), blanks not among them.
    pub(super) counts: Vec<u8>,
    /// Blank pieces in the orbit.
    pub(super) blanks: u8,
    /// Whether orientations are digits of the rank.
    pub(super) digits: bool,
    /// Every orientation that counts must be this (no turn twists the orbit).
    pub(super) constant: Option<u8>,
    /// The sum the orientations keep, when one fewer digit is ranked.
    pub(super) sum: Option<u8>,
    /// The permutation parity every reachable arrangement has, when half are ranked.
    pub(super) parity: Option<u8>,
    /// Each turn on the orbit: sources (within it) and twists by destination.
    pub(super) forward: Vec<(Vec<u8>, Vec<u8>)>,
    /// Each turn's inverse on the orbit.
    pub(super) backward: Vec<(Vec<u8>, Vec<u8>)>,
    /// Whether a located state's pieces are the start's here
    /// (`Locator::locates`).
    pub(super) located: bool,
}

/// The most positions an orbit of a view has.
pub(super) const MOST_ORBIT: usize = 64;

// Every orbit's arrangements are counted from the core's tables.
const _: () = assert!(MOST_ORBIT <= crate::rank::combination::MOST_BINOMIAL);
const _: () = assert!(MOST_ORBIT <= crate::rank::permutation::MOST_COUNTED);

/// One orbit's classes and orientations, while a state of a part is worked on: on the
/// stack, so that ranking allocates nothing.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scratch {
    pub(super) classes: [u8; MOST_ORBIT],
    pub(super) turned: [u8; MOST_ORBIT],
    pub(super) len: usize,
}

impl Scratch {
    pub(super) fn new(len: usize, turned: u8) -> Scratch {
        Scratch {
            classes: [0; MOST_ORBIT],
            turned: [turned; MOST_ORBIT],
            len,
        }
    }

    pub(super) fn classes(&self) -> &[u8] {
        &self.classes[..self.len]
    }

    /// `orbit`'s classes and orientations in the flat state `cells`; `None` where a
    /// piece that counts has an orientation other than the orbit's constant one.
    #[inline]
    pub(super) fn gather(&mut self, orbit: &Orbit, cells: &[u8]) -> Option<()> {
        self.len = orbit.piece_slots.len();
        for (i, (&p, &t)) in orbit.piece_slots.iter().zip(&orbit.turn_slots).enumerate() {
            self.classes[i] = orbit.class[usize::from(cells[usize::from(p)])];
            self.turned[i] = cells[usize::from(t)];
        }
        match orbit.constant {
            Some(c) => {
                let mut counted = self.classes().iter().zip(&self.turned);
                counted.all(|(&k, &t)| k == BLANK || t == c).then_some(())
            }
            None => Some(()),
        }
    }
}

impl View {
    /// The ranks of every state the goals accept, seen by the view.
    pub(super) fn goal_ranks(&self, goals: &[&Goal]) -> Result<Vec<u64>, ViewError> {
        let mut ranks = Vec::new();
        for goal in goals {
            // Each orbit's ways to meet the goal, as states of the orbit.
            // Counted before any is kept: a goal of a few nulls may leave billions.
            let mut count = 1u64;
            for orbit in &self.orbits {
                let most = MOST_GOAL_STATES / count.max(1);
                count = count.saturating_mul(count_goal_states(orbit, goal, most));
            }
            if count > MOST_GOAL_STATES {
                return Err(ViewError(format!(
                    "a solved state leaves more than {MOST_GOAL_STATES} states free (pieces or \
                     orientations it does not name), the most a table starts from"
                )));
            }
            let choices: Vec<Vec<Scratch>> = (self.orbits.iter())
                .map(|orbit| orbit_goal_states(orbit, goal, MOST_GOAL_STATES))
                .collect();
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

    /// The classes and orientations of orbit `o` in the state of `rank`.
    pub(super) fn orbit_state(&self, o: usize, rank: u64) -> Scratch {
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
    pub(super) fn turned(&self, o: usize, before: &Scratch, t: usize, forward: bool) -> Scratch {
        let orbit = &self.orbits[o];
        let (from, twist) = match forward {
            true => &orbit.forward[t],
            false => &orbit.backward[t],
        };
        let m = orbit.modulus;
        let mut after = Scratch::new(before.len, 0);
        for (i, (&f, &w)) in from.iter().zip(twist).enumerate() {
            after.classes[i] = before.classes[usize::from(f)];
            after.turned[i] = crate::definition::add_turns(before.turned[usize::from(f)], w, m);
        }
        after
    }

    /// The value of `part` in an orbit's state; `None` where it has none.
    pub(super) fn part_rank(&self, part: &Part, state: &Scratch) -> Option<u64> {
        let orbit = &self.orbits[part.orbit];
        match part.ranks {
            Ranks::Arrangement => {
                let arranged = self.arranged_rank(orbit, state.classes())?;
                match self.is_joint(part) {
                    true => Some(arranged * part.turned + orientation_rank(orbit, state)?),
                    false => Some(arranged),
                }
            }
            Ranks::Orientations => orientation_rank(orbit, state),
        }
    }

    /// The value of the arrangement `classes` of `orbit` (of those of its parity, where
    /// half are ranked); `None` where it has none.
    pub(super) fn arranged_rank(&self, orbit: &Orbit, classes: &[u8]) -> Option<u64> {
        let arranged = arrangement_rank(classes, &orbit.counts, orbit.blanks)?;
        match orbit.parity {
            Some(parity) if permutation_parity(classes) != parity => None,
            Some(_) => Some(arranged / 2),
            None => Some(arranged),
        }
    }

    pub(super) fn part_unrank(&self, part: &Part, value: u64, state: &mut Scratch) {
        let orbit = &self.orbits[part.orbit];
        match part.ranks {
            Ranks::Arrangement => {
                let (arranged, turned) = match self.is_joint(part) {
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

    pub(super) fn part_unrank_arrangement(&self, orbit: &Orbit, value: u64, classes: &mut [u8]) {
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
}

impl Orbit {
    /// One orbit's share of a view of set `s`: the pieces at `positions`, told apart by
    /// `class`, their orientations counted when `orientation` asks and `goals` name one.
    pub(super) fn new(
        puzzle: &Model,
        s: usize,
        positions: &[u8],
        class: &[u8],
        orientation: bool,
        goals: &[&Goal],
    ) -> Orbit {
        let set = &puzzle.sets()[s];
        let at = puzzle.offsets[s];
        let slots = |from: usize| {
            let slot = |&p: &u8| (from + usize::from(p)) as u16;
            positions.iter().map(slot).collect()
        };
        let (forward, backward) = turns_on(puzzle, s, positions);
        // The orbit's pieces: those the start has there.
        let classes = class.iter().filter(|&&c| c != BLANK).max();
        let mut counts = vec![0u8; classes.map_or(0, |&c| usize::from(c) + 1)];
        let mut blanks = 0u8;
        let start = &puzzle.definition.start;
        for &p in positions {
            match class[usize::from(start.pieces[s][usize::from(p)])] {
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
            .map(|&p| start.orientation[s][usize::from(p)])
            .collect();
        let counted = orientation && asked && set.orientations > 1 && counts.iter().any(|&c| c > 0);
        // Untwisted, pieces keep the orientations they start with: one value is all
        // there is when every piece starts with it.
        let constant = (counted && !twisted && start_turns.iter().all(|&t| t == start_turns[0]))
            .then_some(start_turns[0]);
        let mut orbit = Orbit {
            set: s,
            positions: positions.to_vec(),
            modulus: set.orientations,
            piece_slots: slots(at),
            turn_slots: slots(at + set.pieces),
            class: class.to_vec(),
            counts,
            blanks,
            digits: counted && constant.is_none(),
            constant,
            sum: None,
            parity: None,
            forward,
            backward,
            located: puzzle.locator.locates(s),
        };
        orbit.sum = orbit.kept_sum(goals);
        orbit.parity = orbit.kept_parity(goals);
        orbit
    }

    /// The sum of the orientations when every turn keeps it and every goal names the
    /// orbit's orientations with that one sum: then one digit fewer is ranked.
    fn kept_sum(&self, goals: &[&Goal]) -> Option<u8> {
        if !self.digits || self.blanks != 0 {
            return None;
        }
        let modulus = u32::from(self.modulus);
        let kept = self
            .forward
            .iter()
            .all(|(_, twist)| twist.iter().map(|&t| u32::from(t)).sum::<u32>() % modulus == 0);
        let every = self.fully_asked(goals, |g, p| g.orientation[self.set][p].is_some());
        let sums: Vec<u8> = goals
            .iter()
            .map(|g| {
                let turns = self
                    .positions
                    .iter()
                    .map(|&p| g.orientation[self.set][usize::from(p)]);
                (turns.map(|t| u32::from(t.unwrap_or(0))).sum::<u32>() % modulus) as u8
            })
            .collect();
        (kept && every && sums.windows(2).all(|w| w[0] == w[1])).then(|| sums[0])
    }

    /// The permutation parity of distinct pieces when every turn is even and every goal
    /// places the orbit's pieces with that one parity: then half the arrangements are
    /// ranked.
    fn kept_parity(&self, goals: &[&Goal]) -> Option<u8> {
        let distinct = self.blanks == 0 && self.counts.iter().all(|&c| c == 1);
        if !distinct || self.positions.len() < 2 {
            return None;
        }
        let even = self
            .forward
            .iter()
            .all(|(from, _)| permutation_parity(from) == 0);
        let every = self.fully_asked(goals, |g, p| g.pieces[self.set][p].is_some());
        let parities: Vec<u8> = goals
            .iter()
            .map(|g| {
                let classes: Vec<u8> = self
                    .positions
                    .iter()
                    .map(|&p| {
                        self.class[usize::from(g.pieces[self.set][usize::from(p)].unwrap_or(0))]
                    })
                    .collect();
                permutation_parity(&classes)
            })
            .collect();
        (even && every && parities.windows(2).all(|w| w[0] == w[1])).then(|| parities[0])
    }

    /// Whether every goal names `of` at every position of the orbit.
    fn fully_asked(&self, goals: &[&Goal], of: impl Fn(&Goal, usize) -> bool) -> bool {
        goals
            .iter()
            .all(|g| self.positions.iter().all(|&p| of(g, usize::from(p))))
    }
}

/// Each turn of `puzzle` on the orbit of set `s` at `positions`, and each turn's
/// inverse: sources (within the orbit) and twists by destination.
#[allow(clippy::type_complexity)]
fn turns_on(
    puzzle: &Model,
    s: usize,
    positions: &[u8],
) -> (Vec<(Vec<u8>, Vec<u8>)>, Vec<(Vec<u8>, Vec<u8>)>) {
    let mut place = vec![u8::MAX; puzzle.sets()[s].pieces];
    for (i, &p) in positions.iter().enumerate() {
        place[usize::from(p)] = i as u8;
    }
    let local = |action: &Action| -> (Vec<u8>, Vec<u8>) {
        let at = |p: &u8| usize::from(*p);
        let from = positions
            .iter()
            .map(|p| place[usize::from(action.from[s][at(p)])]);
        let twist = positions.iter().map(|p| action.twist[s][at(p)]);
        (from.collect(), twist.collect())
    };
    let turns = puzzle.turns.iter();
    let forward = turns.clone().map(|t| local(&t.action)).collect();
    let backward = turns
        .map(|t| local(&t.action.inverse(puzzle.sets())))
        .collect();
    (forward, backward)
}

/// The states of `orbit` that `goal` accepts: its pieces where it names them (the
/// rest of the orbit's pieces in every arrangement over the other positions), and
/// its orientations where it names them (any elsewhere); at most `most`.
pub(super) fn orbit_goal_states(orbit: &Orbit, goal: &Goal, most: u64) -> Vec<Scratch> {
    let mut states = Vec::new();
    visit_goal_states(orbit, goal, &mut |state| {
        states.push(*state);
        (states.len() as u64) < most
    });
    states
}

/// How many states of `orbit` `goal` accepts, counted up to one past `most` (nothing
/// kept, so a goal that leaves billions free costs only the counting up to `most`).
pub(super) fn count_goal_states(orbit: &Orbit, goal: &Goal, most: u64) -> u64 {
    let mut count = 0u64;
    visit_goal_states(orbit, goal, &mut |_| {
        count += 1;
        count <= most
    });
    count
}

/// The rank of the orientations that count (one fewer where their sum is kept).
pub(super) fn orientation_rank(orbit: &Orbit, state: &Scratch) -> Option<u64> {
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
pub(super) fn orientation_unrank(orbit: &Orbit, mut rank: u64, state: &mut Scratch) {
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
