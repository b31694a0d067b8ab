//! How many ranks of a view a search from its goals can reach, counted before any
//! search: what a build of its table costs.

use super::{Orbit, Scratch, View, BLANK};
use crate::definition::group::{self, Uncounted};
use crate::definition::{Action, Set, State};

/// The most steps the count of the states reached from a goal may take where pieces
/// are alike (some tens of milliseconds): every build's estimate counts them first.
const MOST_WORK: u64 = 20_000_000;

impl View {
    /// At most how many ranks a search from the goals reaches: the states the group
    /// the turns make on the view's positions (with the orientations it ranks) reaches
    /// from a goal, times the goals, never more than its size. Where pieces are alike
    /// that is the group's order over the rearrangements of alike pieces it holds, and
    /// where the turns tie its parts together (a clock's dials), far fewer than its
    /// ranks: a build costs what it reaches. Where orientations of blanks count for
    /// nothing, or goals share states, it is more than is reached; otherwise exactly
    /// that.
    pub fn reach_bound(&self) -> u64 {
        *self.reach.get_or_init(|| self.count_reach())
    }

    /// [`View::reach_bound`], counted by the Schreier-Sims chain of the view's group
    /// (its order alone where the rearrangements are too many to count at once).
    fn count_reach(&self) -> u64 {
        let orientations = |o: &Orbit| if o.digits { o.modulus } else { 1 };
        let sets: Vec<Set> = (self.orbits.iter())
            .map(|o| Set {
                name: String::new(),
                pieces: o.positions.len(),
                orientations: orientations(o),
            })
            .collect();
        let actions: Vec<Action> = (0..self.turns)
            .map(|t| Action {
                from: self.orbits.iter().map(|o| o.forward[t].0.clone()).collect(),
                twist: (self.orbits.iter())
                    .map(|o| {
                        o.forward[t]
                            .1
                            .iter()
                            .map(|&k| k % orientations(o))
                            .collect()
                    })
                    .collect(),
            })
            .collect();
        let actions: Vec<&Action> = actions.iter().collect();
        let goal = self.goals.first().copied().unwrap_or(0);
        let states: Vec<Scratch> = (0..self.orbits.len())
            .map(|o| self.orbit_state(o, goal))
            .collect();
        let start = State {
            pieces: states.iter().map(|s| s.classes[..s.len].to_vec()).collect(),
            orientation: (states.iter().zip(&self.orbits))
                .map(|(s, o)| {
                    s.turned[..s.len]
                        .iter()
                        .map(|&k| k % orientations(o))
                        .collect()
                })
                .collect(),
        };
        let reached = match group::reached(&sets, &actions, &start, Some(BLANK), MOST_WORK) {
            Ok(states) | Err(Uncounted::Alike(states)) => states.to_u64(),
            Err(_) => None,
        };
        let goals = self.goals.len() as u64;
        reached.map_or(self.size, |r| r.saturating_mul(goals).min(self.size))
    }
}
