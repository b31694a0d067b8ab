//! Orientation sums that hold between orbits. Summed over an orbit (the positions its
//! pieces keep to), what a turn adds to the orientations is the same whatever the
//! state, modulo the set's orientations. A sum one orbit keeps alone (the 3x3x3's
//! corner twist) is ranked in, so a table never holds a position that breaks it; but
//! a turn that twists two orbits at once may keep only their sums together, which no
//! database of either orbit sees, and IDA* would search such a position until a limit.
//!
//! Each orbit whose orientations every solved state fixes is a coordinate; the sums the
//! turns can add make a subgroup, found by a closure while the coordinates together take
//! few values. A position reaches a solved state only where its sums differ from that
//! state's by an element of the subgroup.

use super::{Goal, Set};

/// The most values the checked orbits' sums take together: the closure's size.
const MOST_SUMS: usize = 1 << 12;

/// The orientation-sum rules of a puzzle's turns.
#[derive(Clone, Debug, Default)]
pub struct Twists {
    /// Each orbit checked: its orientation slots in a flat state, and their modulus.
    orbits: Vec<(Vec<usize>, u16)>,
    /// By the sums' index (mixed radix, the first orbit lowest): whether turns add it.
    reachable: Vec<bool>,
    /// Each solved state's sums.
    goals: Vec<Vec<u16>>,
}

impl Twists {
    /// The rules of turns that add `adds` to a flat state of `width` bytes (each slot's
    /// addition) for a puzzle of `sets`, whose orbits are `set_orbits` (positions by
    /// set), laid out flat from `offsets`, solved in `goals`.
    pub fn new<'a>(
        goals: &[Goal],
        sets: &[Set],
        set_orbits: &[Vec<Vec<u8>>],
        (offsets, width): (&[usize], usize),
        adds: impl Iterator<Item = &'a [u8]>,
    ) -> Twists {
        let mut orbits = Vec::new();
        let mut values = 1;
        for (s, set) in sets.iter().enumerate() {
            for positions in &set_orbits[s] {
                let fixed = goals.iter().all(|goal| {
                    (positions.iter()).all(|&p| goal.orientation[s][usize::from(p)].is_some())
                });
                let m = u16::from(set.orientations);
                if m > 1 && fixed && values * usize::from(m) <= MOST_SUMS {
                    values *= usize::from(m);
                    let at = offsets[s] + set.pieces;
                    orbits.push((positions.iter().map(|&p| at + usize::from(p)).collect(), m));
                }
            }
        }
        let mut twists = Twists {
            orbits,
            reachable: vec![false; values],
            goals: Vec::new(),
        };
        // What each turn adds, as an index; then every sum of them.
        let mut adds: Vec<usize> = adds.map(|add| twists.index(&twists.sums(add))).collect();
        adds.sort_unstable();
        adds.dedup();
        twists.reachable[0] = true;
        let mut found = vec![0];
        while let Some(sum) = found.pop() {
            for &add in &adds {
                let next = twists.plus(sum, add);
                if !std::mem::replace(&mut twists.reachable[next], true) {
                    found.push(next);
                }
            }
        }
        if twists.reachable.iter().all(|&r| r) {
            // The turns reach every sum: nothing to check.
            return Twists::default();
        }
        twists.goals = (goals.iter())
            .map(|goal| {
                let mut flat = vec![0; width];
                for (s, set) in sets.iter().enumerate() {
                    let at = offsets[s] + set.pieces;
                    for (p, o) in goal.orientation[s].iter().enumerate() {
                        flat[at + p] = o.unwrap_or(0);
                    }
                }
                twists.sums(&flat)
            })
            .collect();
        twists
    }

    /// Whether the flat state `cells` may reach a solved state, as far as orientation
    /// sums tell: false only where it surely cannot.
    pub fn allow(&self, cells: &[u8]) -> bool {
        if self.orbits.is_empty() {
            return true;
        }
        let sums = self.sums(cells);
        self.goals.iter().any(|goal| {
            let away = (sums.iter().zip(goal).zip(&self.orbits))
                .map(|((&s, &g), &(_, m))| (s + m - g) % m)
                .collect::<Vec<u16>>();
            self.reachable[self.index(&away)]
        })
    }

    /// Each checked orbit's sum of `values` over its slots, modulo its orientations.
    fn sums(&self, values: &[u8]) -> Vec<u16> {
        (self.orbits.iter())
            .map(|(slots, m)| {
                let sum: u32 = slots.iter().map(|&k| u32::from(values[k])).sum();
                (sum % u32::from(*m)) as u16
            })
            .collect()
    }

    /// The index of sums, one a checked orbit.
    fn index(&self, sums: &[u16]) -> usize {
        (sums.iter().zip(&self.orbits).rev()).fold(0, |index, (&s, &(_, m))| {
            index * usize::from(m) + usize::from(s)
        })
    }

    /// The index of the sums of indices `a` and `b`, orbit by orbit.
    fn plus(&self, mut a: usize, mut b: usize) -> usize {
        let (mut index, mut stride) = (0, 1);
        for &(_, m) in &self.orbits {
            let m = usize::from(m);
            index += (a % m + b % m) % m * stride;
            (a, b, stride) = (a / m, b / m, stride * m);
        }
        index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two orbits of 3 orientations, as indices.
    fn two_orbits() -> Twists {
        Twists {
            orbits: vec![(vec![0], 3), (vec![1], 3)],
            reachable: vec![false; 9],
            goals: vec![vec![0, 0]],
        }
    }

    #[test]
    fn sums_add_orbit_by_orbit() {
        let twists = two_orbits();
        let (a, b) = (twists.index(&[2, 1]), twists.index(&[2, 2]));
        assert_eq!(twists.plus(a, b), twists.index(&[1, 0]));
    }
}
