//! How many ranks of a view a search from its goals can reach, counted before any
//! search: what a build of its table costs.

use super::{Orbit, Scratch, View, BLANK};
use crate::definition::group::{self, Uncounted};
use crate::definition::{Action, Set, State};

/// The most steps the count of the states reached from a goal may take where pieces
/// are alike (some tens of milliseconds): every build's estimate counts them first.
const MOST_WORK: u64 = 20_000_000;

/// The most goal states whose reach is counted each.
const MOST_GOALS_COUNTED: usize = 8;

impl View {
    /// At most how many ranks a search from the goals reaches: the states the group
    /// the turns make on the view's positions (with the orientations it ranks) reaches
    /// from each goal state, together, never more than its size. Where pieces are
    /// alike or blank that is the group's order over the rearrangements of them it
    /// holds, and where the turns tie its parts together (a clock's dials), far fewer
    /// than its ranks: a build costs what it reaches. It is exactly what is reached
    /// from one goal state, more where goal states share states, and the group's order
    /// a goal state where they are more than eight or their rearrangements too many to
    /// count.
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
        let from = |goal: u64| match self.counted_from(goal, &sets, &actions) {
            Ok(states) | Err(Uncounted::Alike(states)) => states.to_u64(),
            Err(_) => None,
        };
        let goals = self.goals.len() as u64;
        let reached = match self.goals.len() {
            // Each goal's states, which other goals may share.
            n if n <= MOST_GOALS_COUNTED => (self.goals.iter())
                .try_fold(0u64, |sum, &goal| Some(sum.saturating_add(from(goal)?))),
            _ => group::order(&sets, &actions)
                .ok()
                .and_then(|order| order.to_u64())
                .map(|order| order.saturating_mul(goals)),
        };
        reached.map_or(self.size, |reached| reached.min(self.size))
    }

    /// The states `actions` on `sets` (the view's orbits) reach from the goal state of
    /// rank `goal`; where there are too many rearrangements of alike pieces to count,
    /// the group's order.
    fn counted_from(
        &self,
        goal: u64,
        sets: &[Set],
        actions: &[&Action],
    ) -> Result<group::Order, Uncounted> {
        let states: Vec<Scratch> = (0..self.orbits.len())
            .map(|o| self.orbit_state(o, goal))
            .collect();
        let start = State {
            pieces: states.iter().map(|s| s.classes[..s.len].to_vec()).collect(),
            orientation: (states.iter().zip(sets))
                .map(|(s, set)| {
                    s.turned[..s.len]
                        .iter()
                        .map(|&k| k % set.orientations)
                        .collect()
                })
                .collect(),
        };
        group::reached_from(sets, actions, &start, Some(BLANK), MOST_WORK)
    }
}
