//! What building a view's table costs a state, timed on this machine before the build:
//! a part's turns take from a few nanoseconds (looked up) to microseconds (a large
//! multiset unranked and ranked again), so one figure for every view misjudged builds
//! by more than ten times either way.

use std::hint::black_box;
use std::time::Instant;

use super::{Part, View};

/// The values of a part timed, spread over its range.
pub(super) const SAMPLES: u64 = 64;

/// A turn of a tabled part: one entry of its table read.
const LOOKUP_NANOS: f64 = 2.0;

/// A state reached, its distance read and perhaps written: in cache for a small table,
/// one miss of it for a large one (on two cores, the 2.2 G entries of the 3x3x3's
/// orientations and slice: some 20 ns a turn with three parts looked up).
const VISIT_NANOS: [f64; 2] = [2.0, 12.0];

/// The most entries a table holds and still counts as in cache.
const CACHED: u64 = 1 << 22;

/// The share of a build's states whose turns are all played, where it reaches most of
/// its ranks: about half are reached before the level where more are being expanded
/// than are left unreached, past which each unreached state asks its turns only until
/// one leads to the level (the 3x3x3's databases took 0.4 to 0.55 of the time of
/// expanding every state).
const PLAYED_SHARE: f64 = 0.5;

impl View {
    /// Nanoseconds of one core a build spends a state it expands: its parts unranked
    /// and their turns ranked (looked up where the build tables them, else timed
    /// here, once), each state reached visited, for the share of states whose turns
    /// are all played; and the tables of the parts made, shared out over `states`.
    pub fn build_nanos(&self, states: u64) -> f64 {
        let turns = self.turns as f64;
        let mut state = VISIT_NANOS[usize::from(self.size > CACHED)] * turns;
        let mut tables = 0.0;
        let timed =
            (self.timed).get_or_init(|| self.parts.iter().map(|p| self.part_nanos(p)).collect());
        for (part, &computed) in self.parts.iter().zip(timed) {
            if self.tables(part, u64::MAX) {
                state += LOOKUP_NANOS * turns;
                // A table each way, a row of every turn for each value.
                tables += 2.0 * computed * part.size as f64;
            } else {
                state += computed;
            }
        }
        // Where the states reached are fewer than half the ranks, no level outnumbers
        // those left unreached: every state's turns are played.
        let played = match states.saturating_mul(2) >= self.size {
            true => PLAYED_SHARE,
            false => 1.0,
        };
        state * played + tables / states.max(1) as f64
    }

    /// Nanoseconds `part` takes a state, unranked once and every turn of it ranked,
    /// timed on values spread over its range: the faster of two rounds, the first
    /// paying for caches still cold.
    fn part_nanos(&self, part: &Part) -> f64 {
        // As a build turns it: a joint part's turns worked out once an arrangement.
        if self.is_joint(part) && self.turns_worked_out(|p| self.tables(p, u64::MAX)) {
            return self.joint_nanos(part);
        }
        let samples = SAMPLES.min(part.size).max(1);
        let round = || {
            let started = Instant::now();
            for i in 0..samples {
                let rank = i * (part.size / samples) * part.stride;
                let before = self.orbit_state(part.orbit, rank);
                // As a build turns it: a few kept pieces alone, but where it tables
                // the part (its table made turning the whole orbit).
                let kept = (self.sparse_of(part.orbit))
                    .filter(|_| !self.tables(part, u64::MAX))
                    .map(|sparse| sparse.pieces_of(&before));
                for t in 0..self.turns {
                    black_box(self.part_turned(part, &before, kept.as_ref(), t, false));
                }
            }
            started.elapsed().as_nanos() as f64 / samples as f64
        };
        round().min(round())
    }
}
