//! A defined puzzle's symmetries, found from its definition: maps of its positions,
//! each with a map of orientations, that carry every turn onto a turn and the solved
//! states onto solved states. A state is as far from solved as its image, so tables
//! and bounds may treat the states a symmetry exchanges as one.
//!
//! A symmetry keeps each set (corners go to corners) and is affine on orientations:
//! orientation `k` at position `p` becomes `shift + sign * k` at its image (`sign` a
//! unit modulo the set's orientations; a mirror reverses twists). It carries turn `t`
//! onto `σ t σ⁻¹`, and where that is turn `u`, `σ(t(x)) = u(σ(x))` for every point `x`:
//! so the image of one position of an orbit and the images of the turns fix the map
//! on the whole orbit. The search chooses those, follows the turns from each choice,
//! and drops it at the first contradiction; a map found whole is a symmetry once
//! pieces can be relabelled so that the goals go onto goals ([`Labels`]). Positions no
//! turn moves or twists stay where they are.

mod cells;
mod labels;
mod orbit;

use std::collections::HashSet;

use super::{add_turns, Model, State};
pub use cells::CellMap;
pub use labels::Labels;
use orbit::{labels_at, Orbit};

/// The most symmetries kept: past this a puzzle's symmetries are counted no further.
pub const MOST_SYMMETRIES: usize = 4096;

/// The most choices the search tries before it stops, whatever it has found.
pub const MOST_CHOICES: usize = 2_000_000;

/// Where a symmetry sends a position: its image, and the orientation map there
/// (`k` becomes `shift + sign * k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Image {
    /// The position it goes to, in the same set.
    pub to: u8,
    /// What every orientation gains.
    pub shift: u8,
    /// What every orientation is multiplied by, a unit modulo the orientations.
    pub sign: u8,
}

/// One symmetry: where it sends each position, and each turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Each set's positions' images.
    pub positions: Vec<Vec<Image>>,
    /// Each turn's image `σ t σ⁻¹`, by its place among the turns.
    pub turns: Vec<u16>,
    /// How pieces are renamed, so that goals go onto goals.
    pub labels: Labels,
}

/// A puzzle's symmetries, the identity first.
#[derive(Clone, Debug)]
pub struct Symmetries {
    /// Those found.
    pub found: Vec<Symmetry>,
    /// Whether the search went through every choice: if not, there may be more.
    pub complete: bool,
}

impl Symmetries {
    /// The turns in classes, each the turns some symmetry carries the first onto (by
    /// their places, each class in turn order, the classes by their first turns).
    pub fn turn_classes(&self) -> Vec<Vec<u16>> {
        let turns = self
            .found
            .first()
            .map_or(0, |identity| identity.turns.len());
        let mut classes: Vec<Vec<u16>> = Vec::new();
        for t in 0..turns {
            if classes.iter().any(|class| class.contains(&(t as u16))) {
                continue;
            }
            let mut class: Vec<u16> = self
                .found
                .iter()
                .map(|symmetry| symmetry.turns[t])
                .collect();
            class.sort_unstable();
            class.dedup();
            classes.push(class);
        }
        classes
    }
}

/// A turn seen position by position: where the piece at each position goes, and what
/// its orientation gains on the way.
struct Step {
    dest: Vec<Vec<u8>>,
    gain: Vec<Vec<u8>>,
    /// Each set's cycle lengths on the points (position and orientation), sorted: a
    /// symmetry carries the turn onto one with the same.
    cycles: Vec<Vec<usize>>,
}

/// The symmetries of `puzzle` with its turns as chosen.
pub fn symmetries(puzzle: &Model) -> Symmetries {
    let sets = puzzle.sets();
    let steps: Vec<Step> = (puzzle.turns.iter())
        .map(|turn| step(&turn.action, sets))
        .collect();
    let moved = |s: usize, p: usize| steps.iter().any(|step| step.moves(s, p));
    let orbits: Vec<Orbit> = (puzzle.orbits.iter().enumerate())
        .flat_map(|(s, orbits)| orbits.iter().map(move |orbit| Orbit::new(puzzle, s, orbit)))
        .collect();
    let mut partial = Partial {
        image: sets.iter().map(|set| vec![None; set.pieces]).collect(),
        taken: sets.iter().map(|set| vec![false; set.pieces]).collect(),
        orientations: sets.iter().map(|set| set.orientations).collect(),
        turn: vec![None; steps.len()],
        used: vec![false; steps.len()],
    };
    for (s, set) in sets.iter().enumerate() {
        for p in (0..set.pieces).filter(|&p| !moved(s, p)) {
            let still = Image {
                to: p as u8,
                shift: 0,
                sign: 1,
            };
            partial.image[s][p] = Some(still);
            partial.taken[s][p] = true;
        }
    }
    let mut search = Search {
        puzzle,
        steps: &steps,
        orbits: (orbits.iter())
            .filter(|orbit| moved(orbit.set, usize::from(orbit.positions[0])))
            .collect(),
        labels_at: labels_at(puzzle, &orbits),
        found: Vec::new(),
        seen: HashSet::new(),
        choices: 0,
    };
    search.extend(partial);
    let complete = search.choices < MOST_CHOICES && search.found.len() < MOST_SYMMETRIES;
    let mut found = search.found;
    found.sort_by_key(|symmetry| !symmetry.is_identity());
    Symmetries { found, complete }
}

impl Symmetry {
    /// Whether it moves nothing.
    pub fn is_identity(&self) -> bool {
        let still = |(p, image): (usize, &Image)| {
            usize::from(image.to) == p && image.shift == 0 && image.sign == 1
        };
        self.positions
            .iter()
            .all(|set| set.iter().enumerate().all(still))
            && self.labels.is_identity()
    }

    /// The image of `state` (of `puzzle`): each piece carried to its position's image
    /// and renamed, its orientation mapped.
    pub fn state(&self, puzzle: &Model, state: &State) -> State {
        let mut image = state.clone();
        for (s, set) in puzzle.sets().iter().enumerate() {
            for (p, to) in self.positions[s].iter().enumerate() {
                let (label, twist) = (state.pieces[s][p], state.orientation[s][p]);
                let (renamed, lost) = self.labels.rename(s, label);
                let q = usize::from(to.to);
                image.pieces[s][q] = renamed;
                image.orientation[s][q] = orient(to, twist, lost, set.orientations);
            }
        }
        image
    }
}

/// Orientation `twist` under `image`'s map, less `lost` (the piece's renaming).
fn orient(image: &Image, twist: u8, lost: u8, orientations: u8) -> u8 {
    let o = u16::from(orientations);
    let mapped = (u16::from(image.shift) + u16::from(image.sign) * u16::from(twist)) % o;
    ((mapped + o - u16::from(lost) % o) % o) as u8
}

fn step(action: &super::Action, sets: &[super::Set]) -> Step {
    // Where each piece goes is where the undoing brings it from.
    let undo = action.inverse(sets);
    let gain: Vec<Vec<u8>> = (undo.twist.iter().zip(sets))
        .map(|(twists, set)| {
            twists
                .iter()
                .map(|&t| (set.orientations - t) % set.orientations)
                .collect()
        })
        .collect();
    let dest = undo.from;
    let mut cycles = Vec::new();
    for (s, set) in sets.iter().enumerate() {
        let o = usize::from(set.orientations);
        let mut seen = vec![false; set.pieces * o];
        let mut lengths = Vec::new();
        for start in 0..seen.len() {
            let (mut point, mut length) = (start, 0);
            while !seen[point] {
                seen[point] = true;
                length += 1;
                let (p, k) = (point / o, point % o);
                point = usize::from(dest[s][p]) * o + (k + usize::from(gain[s][p])) % o;
            }
            if length > 0 {
                lengths.push(length);
            }
        }
        lengths.sort_unstable();
        cycles.push(lengths);
    }
    Step { dest, gain, cycles }
}

impl Step {
    /// Whether it moves or twists position `p` of set `s`.
    fn moves(&self, s: usize, p: usize) -> bool {
        usize::from(self.dest[s][p]) != p || self.gain[s][p] != 0
    }
}

/// A symmetry in the making: the positions and turns whose images are chosen.
#[derive(Clone)]
struct Partial {
    image: Vec<Vec<Option<Image>>>,
    taken: Vec<Vec<bool>>,
    orientations: Vec<u8>,
    turn: Vec<Option<u16>>,
    used: Vec<bool>,
}

struct Search<'a> {
    puzzle: &'a Model,
    steps: &'a [Step],
    orbits: Vec<&'a Orbit>,
    labels_at: Vec<Vec<Vec<u8>>>,
    found: Vec<Symmetry>,
    /// How each symmetry found maps states, so that one mapping states alike is kept
    /// once.
    seen: HashSet<Vec<u8>>,
    choices: usize,
}

impl Search<'_> {
    /// Every symmetry that agrees with `partial`: the next choice is the image of a turn
    /// that moves a position already placed (its image is then tested at once), else
    /// where the next orbit's first position goes.
    fn extend(&mut self, partial: Partial) {
        if self.choices >= MOST_CHOICES || self.found.len() >= MOST_SYMMETRIES {
            return;
        }
        let placed = |t: &usize| {
            let step = &self.steps[*t];
            (partial.image.iter().enumerate()).any(|(s, set)| {
                (set.iter().enumerate()).any(|(p, image)| image.is_some() && step.moves(s, p))
            })
        };
        let mut open = (0..self.steps.len()).filter(|&t| partial.turn[t].is_none());
        let orbit = (self.orbits.iter())
            .find(|orbit| partial.image[orbit.set][usize::from(orbit.positions[0])].is_none());
        match (open.clone().find(placed), orbit) {
            (Some(t), _) => self.map_turn(&partial, t),
            (None, Some(orbit)) => self.place_orbit(&partial, orbit),
            // What is left moves nothing placed and nothing is left to place.
            (None, None) => match open.next() {
                Some(t) => self.map_turn(&partial, t),
                None => self.finish(&partial),
            },
        }
    }

    /// Every image of turn `t` with its cycles, each followed.
    fn map_turn(&mut self, partial: &Partial, t: usize) {
        for u in 0..self.steps.len() {
            if partial.used[u] || self.steps[u].cycles != self.steps[t].cycles {
                continue;
            }
            self.choices += 1;
            let mut next = partial.clone();
            if next.map_turn(self.steps, t, u) {
                self.extend(next);
            }
        }
    }

    /// Every image of the first position of `orbit`, each followed: any open position
    /// of an orbit as long, any orientation map.
    fn place_orbit(&mut self, partial: &Partial, orbit: &Orbit) {
        let (s, first) = (orbit.set, usize::from(orbit.positions[0]));
        let o = partial.orientations[s];
        let open: Vec<usize> = (self.orbits.iter())
            .filter(|other| other.set == s && other.positions.len() == orbit.positions.len())
            .flat_map(|other| other.positions.iter().map(|&q| usize::from(q)))
            .filter(|&q| !partial.taken[s][q])
            .collect();
        let shifts = if orbit.own { 1 } else { o };
        for q in open {
            for sign in (1..o.max(2)).filter(|&e| gcd(e, o) == 1) {
                for shift in 0..shifts {
                    self.choices += 1;
                    let image = Image {
                        to: q as u8,
                        shift,
                        sign,
                    };
                    let mut next = partial.clone();
                    if next.place(self.steps, s, first, image) {
                        self.extend(next);
                    }
                }
            }
        }
    }

    fn finish(&mut self, partial: &Partial) {
        let positions: Vec<Vec<Image>> = (partial.image.iter())
            .map(|set| {
                set.iter()
                    .map(|image| image.expect("every position placed"))
                    .collect()
            })
            .collect();
        let turns = partial
            .turn
            .iter()
            .map(|u| u.expect("every turn mapped"))
            .collect();
        let Some(labels) = Labels::find(self.puzzle, &positions) else {
            return;
        };
        if self.seen.insert(self.on_states(&positions, &labels)) {
            self.found.push(Symmetry {
                positions,
                turns,
                labels,
            });
        }
    }

    /// What decides how a map and renaming act on states: each position's image and
    /// sign, and for each label its orbit may hold, the label's name and the shift
    /// its orientation takes there.
    fn on_states(&self, positions: &[Vec<Image>], labels: &Labels) -> Vec<u8> {
        let mut key = Vec::new();
        for (s, set) in self.puzzle.sets().iter().enumerate() {
            for (p, image) in positions[s].iter().enumerate() {
                key.extend([image.to, image.sign]);
                for &label in &self.labels_at[s][p] {
                    let (name, lost) = labels.rename(s, label);
                    key.extend([name, orient(image, 0, lost, set.orientations)]);
                }
            }
        }
        key
    }
}

impl Partial {
    /// Maps turn `t` onto `u`, and follows it from every position placed.
    fn map_turn(&mut self, steps: &[Step], t: usize, u: usize) -> bool {
        self.turn[t] = Some(u as u16);
        self.used[u] = true;
        let mut queue = Vec::new();
        for s in 0..self.image.len() {
            for p in 0..self.image[s].len() {
                if !self.follow(steps, t, s, p, &mut queue) {
                    return false;
                }
            }
        }
        self.settle(steps, queue)
    }

    /// Places position `p` of set `s` at `image`, and follows every turn mapped from it.
    fn place(&mut self, steps: &[Step], s: usize, p: usize, image: Image) -> bool {
        if self.taken[s][usize::from(image.to)] {
            return false;
        }
        self.image[s][p] = Some(image);
        self.taken[s][usize::from(image.to)] = true;
        self.settle(steps, vec![(s, p)])
    }

    /// Follows every mapped turn from each position in `queue`, and from each position
    /// that places, until none is new: false at the first contradiction.
    fn settle(&mut self, steps: &[Step], mut queue: Vec<(usize, usize)>) -> bool {
        while let Some((s, p)) = queue.pop() {
            for t in 0..steps.len() {
                if self.turn[t].is_some() && !self.follow(steps, t, s, p, &mut queue) {
                    return false;
                }
            }
        }
        true
    }

    /// Where turn `t` takes position `p` must be where its image takes `p`'s image:
    /// placed there if open (and queued), else checked.
    fn follow(
        &mut self,
        steps: &[Step],
        t: usize,
        s: usize,
        p: usize,
        queue: &mut Vec<(usize, usize)>,
    ) -> bool {
        let (Some(image), Some(u)) = (self.image[s][p], self.turn[t]) else {
            return true;
        };
        let (step, onto) = (&steps[t], &steps[usize::from(u)]);
        let q = usize::from(image.to);
        let o = self.orientations[s];
        let lost = (u16::from(image.sign) * u16::from(step.gain[s][p]) % u16::from(o)) as u8;
        let shift = add_turns(
            add_turns(image.shift, onto.gain[s][q], o),
            (o - lost) % o,
            o,
        );
        let wanted = Image {
            to: onto.dest[s][q],
            shift,
            sign: image.sign,
        };
        let next = usize::from(step.dest[s][p]);
        match self.image[s][next] {
            Some(held) => held == wanted,
            None if self.taken[s][usize::from(wanted.to)] => false,
            None => {
                self.image[s][next] = Some(wanted);
                self.taken[s][usize::from(wanted.to)] = true;
                queue.push((s, next));
                true
            }
        }
    }
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
