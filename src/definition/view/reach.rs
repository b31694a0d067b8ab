//! How many ranks of a view a search from its goals can reach, counted before any
//! search: what a build of its table costs.

use super::{Orbit, View};
use crate::definition::{group, Action, Set};

impl View {
    /// At most how many ranks a search from the goals reaches: the goal states times
    /// the order of the group the turns make on the view's positions (with the
    /// orientations it ranks), never more than its size. Where the turns tie its parts
    /// together (a clock's dials), that is far fewer than its ranks, and a build costs
    /// what it reaches. Where every kept piece is told apart and there is one goal
    /// state, it is exactly what is reached.
    pub fn reach_bound(&self) -> u64 {
        *self.reach.get_or_init(|| self.count_reach())
    }

    /// [`View::reach_bound`], counted by the Schreier-Sims chain of the view's group.
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
        let order = group::order(&sets, &actions.iter().collect::<Vec<_>>());
        let reached = order.ok().and_then(|order| order.to_u64());
        let goals = self.goals.len() as u64;
        reached.map_or(self.size, |r| r.saturating_mul(goals).min(self.size))
    }
}
