//! The states of a puzzle whose solved state has pieces alike: fewer than its moves'
//! group's elements, which tell every piece apart. A state is the start moved by an
//! element, and two elements make the same state exactly when they differ by one that
//! leaves the start as it is, so the states number |G| / |G ∩ H|, where H is every
//! rearrangement that leaves the start as it is: alike pieces exchanged, each taking
//! the orientation its new position had. H is a product of symmetric groups, |H| the
//! product of the factorials of the alike pieces' counts; |G ∩ H| is |H| over
//! [H : G ∩ H], the number of cosets hG as h runs over H, counted by a breadth-first
//! search over H's generators, each coset named by its least element (the chain picks
//! it level by level). Where no pieces are alike, H is the identity alone and the count
//! the group's order.

use std::collections::{HashSet, VecDeque};

use super::{after, on_points, Chain, Order, Perm};
use crate::definition::{add_turns, Action, Set, State};

/// The most points times cosets held by the search: 32 MB of permutations, held twice
/// (the set and the queue). Past it the states go uncounted.
const MOST_HELD: usize = 1 << 24;

/// The states the group `chain` describes reaches from `start`, the orientations of
/// pieces labelled `free` counting for nothing; `None` where the cosets are too many
/// to hold, or to find in `most_work` steps (points looked at).
pub(super) fn states(
    chain: &Chain,
    sets: &[Set],
    start: &State,
    free: Option<u8>,
    most_work: u64,
) -> Option<Order> {
    let points = chain.levels.len();
    let (generators, factors) = keepers(sets, start, free);
    let generators: Vec<Perm> = (generators.iter())
        .map(|action| on_points(sets, action, points))
        .collect();
    let orbits = Orbits::of(chain);
    let identity: Perm = (0..points as u16).collect();
    let first = orbits.least_of_coset(identity);
    let mut seen = HashSet::from([first.clone()]);
    let mut queue = VecDeque::from([first]);
    let mut work = 0u64;
    while let Some(x) = queue.pop_front() {
        for h in &generators {
            work += orbits.cost;
            if work > most_work {
                return None;
            }
            let y = orbits.least_of_coset(after(h, &x));
            if !seen.contains(&y) {
                if (seen.len() + 1) * points > MOST_HELD {
                    return None;
                }
                seen.insert(y.clone());
                queue.push_back(y);
            }
        }
    }
    // |G| [H : G ∩ H] / |H|, dividing by |H| one factor at a time: the product so far
    // divides |G ∩ H| · [H : G ∩ H] = |H| · (a whole number).
    let mut count = chain.order();
    count.times(seen.len() as u64);
    for k in factors {
        let remainder = count.divide(k);
        debug_assert_eq!(remainder, 0, "|H| divides |G| [H : G ∩ H]");
    }
    Some(count)
}

/// Generators of the rearrangements that leave `start` as it is, and the factors of
/// their number: for each class of two or more alike pieces, the exchange of its first
/// two and the cycle through all, each piece taking its new position's orientation
/// (factors 2 to the class's size); for pieces labelled `free`, whose orientations
/// count for nothing too, also a twist of the first (the set's orientations, a factor
/// a piece).
fn keepers(sets: &[Set], start: &State, free: Option<u8>) -> (Vec<Action>, Vec<u64>) {
    let mut generators = Vec::new();
    let mut factors = Vec::new();
    for (s, set) in sets.iter().enumerate() {
        let pieces = &start.pieces[s];
        let mut labels: Vec<u8> = pieces.clone();
        labels.sort_unstable();
        labels.dedup();
        for label in labels {
            let class: Vec<usize> = (0..set.pieces).filter(|&i| pieces[i] == label).collect();
            let turns = set.orientations;
            if Some(label) == free && turns > 1 {
                let mut twist = Action::identity(sets);
                twist.twist[s][class[0]] = 1;
                generators.push(twist);
                factors.extend(std::iter::repeat_n(turns as u64, class.len()));
            }
            if class.len() < 2 {
                continue;
            }
            factors.extend(2..=class.len() as u64);
            let cycle: Vec<usize> = class[1..].iter().chain(&class[..1]).copied().collect();
            let swap: Vec<usize> = [class[1], class[0]]
                .into_iter()
                .chain(class[2..].iter().copied())
                .collect();
            for sources in [swap, cycle] {
                let mut action = Action::identity(sets);
                let o = &start.orientation[s];
                for (&to, &from) in class.iter().zip(&sources) {
                    action.from[s][to] = from as u8;
                    // The piece from `from` arrives with the orientation `to` had.
                    let undo = turns - o[from] % turns;
                    action.twist[s][to] = add_turns(o[to] % turns, undo, turns);
                }
                generators.push(action);
            }
        }
    }
    (generators, factors)
}

/// The chain's levels whose orbit holds more than their own point: each level's point,
/// and each point of its orbit with the element that sends the level's point there.
struct Orbits<'a> {
    levels: Vec<(usize, Vec<(usize, &'a Perm)>)>,
    /// The points one coset's least element looks at.
    cost: u64,
}

impl<'a> Orbits<'a> {
    fn of(chain: &'a Chain) -> Orbits<'a> {
        let points = chain.levels.len();
        let levels: Vec<(usize, Vec<(usize, &Perm)>)> = (chain.levels.iter().enumerate())
            .map(|(k, level)| {
                let orbit = (level.reps.iter().enumerate())
                    .filter_map(|(j, rep)| rep.as_ref().map(|(rep, _)| (j, rep)))
                    .collect();
                (k, orbit)
            })
            .filter(|(_, orbit): &(usize, Vec<_>)| orbit.len() > 1)
            .collect();
        let cost = (levels.iter())
            .map(|(_, orbit)| (orbit.len() + points) as u64)
            .sum::<u64>()
            + points as u64;
        Orbits { levels, cost }
    }

    /// The least element of the coset `x`G (by the points' images in order): at each
    /// level the element of its orbit that `x` sends lowest, then the next level.
    fn least_of_coset(&self, mut x: Perm) -> Perm {
        for (k, orbit) in &self.levels {
            let lowest = orbit.iter().min_by_key(|&&(j, _)| x[j]);
            if let Some(&(j, rep)) = lowest {
                if j != *k {
                    x = after(&x, rep);
                }
            }
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::super::Chain;
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Every state a breadth-first search reaches, counted, the orientations of pieces
    /// labelled `free` set to 0 (a piece's turn twists it alone).
    fn searched(sets: &[Set], start: &State, moves: &[Action], free: Option<u8>) -> usize {
        let freed = |mut state: State| {
            for (pieces, turned) in state.pieces.iter().zip(&mut state.orientation) {
                for (&piece, turned) in pieces.iter().zip(turned) {
                    if Some(piece) == free {
                        *turned = 0;
                    }
                }
            }
            state
        };
        let start = freed(start.clone());
        let mut seen = HashSet::from([start.clone()]);
        let mut queue = VecDeque::from([start]);
        while let Some(state) = queue.pop_front() {
            for action in moves {
                let next = freed(state.after(action, sets));
                if seen.insert(next.clone()) {
                    queue.push_back(next);
                }
            }
        }
        seen.len()
    }

    /// Random puzzles of two sets (at most 93,312 states), some pieces alike and
    /// twisted at the start, in every other one the orientations of the pieces labelled
    /// 0 counting for nothing: the count is the number of states a breadth-first search
    /// reaches.
    #[test]
    fn alike_pieces_count_as_breadth_first_search_does() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let sets = [
            Set {
                name: "A".into(),
                pieces: 4,
                orientations: 3,
            },
            Set {
                name: "B".into(),
                pieces: 3,
                orientations: 2,
            },
        ];
        for round in 0..60 {
            // A third of the puzzles keep the arrangements even and the twists' sum
            // whole, as a cube's turns do: a group short of every rearrangement.
            let constrained = round % 3 == 0;
            let moves: Vec<Action> = (0..rng.random_range(1..=3))
                .map(|_| {
                    let mut action = Action::identity(&sets);
                    for (s, set) in sets.iter().enumerate() {
                        let mut from: Vec<u8> = (0..set.pieces as u8).collect();
                        let mut swaps = 0;
                        for i in (1..from.len()).rev() {
                            let j = rng.random_range(0..=i);
                            swaps += usize::from(i != j);
                            from.swap(i, j);
                        }
                        if constrained && swaps % 2 == 1 {
                            from.swap(0, 1);
                        }
                        action.from[s] = from;
                        for t in &mut action.twist[s] {
                            *t = rng.random_range(0..set.orientations);
                        }
                        if constrained {
                            let o = set.orientations;
                            let sum: u8 = action.twist[s][1..].iter().fold(0, |a, &t| (a + t) % o);
                            action.twist[s][0] = (o - sum) % o;
                        }
                    }
                    action
                })
                .collect();
            let start = State {
                pieces: (sets.iter())
                    .map(|set| (0..set.pieces).map(|_| rng.random_range(0..3)).collect())
                    .collect(),
                orientation: (sets.iter())
                    .map(|set| {
                        (0..set.pieces)
                            .map(|_| rng.random_range(0..set.orientations))
                            .collect()
                    })
                    .collect(),
            };
            let free = (round % 2 == 1).then_some(0);
            check(&sets, &start, &moves, free, round);
        }
        // Two alike pieces turned apart, exchanged with no twist: two states (the
        // exchange keeps the start only if each takes the other's orientation).
        swapped_pair(2, [0, 1], 0, 60);
        // As many orientations as a ksolve+ set may have: the twists taken past 255.
        swapped_pair(250, [3, 240], 7, 61);
    }

    /// Two alike pieces of `orientations`, turned `start` apart, and one move that
    /// exchanges them, twisting the one arriving first by `twist`.
    fn swapped_pair(orientations: u8, start: [u8; 2], twist: u8, round: usize) {
        let pair = [Set {
            name: "A".into(),
            pieces: 2,
            orientations,
        }];
        let start = State {
            pieces: vec![vec![0, 0]],
            orientation: vec![start.to_vec()],
        };
        let swap = Action {
            from: vec![vec![1, 0]],
            twist: vec![vec![twist, 0]],
        };
        check(&pair, &start, &[swap], None, round);
    }

    fn check(sets: &[Set], start: &State, moves: &[Action], free: Option<u8>, round: usize) {
        let actions: Vec<&Action> = moves.iter().collect();
        let chain = Chain::of(sets, &actions).unwrap();
        let counted = states(&chain, sets, start, free, u64::MAX).unwrap();
        let expected = searched(sets, start, moves, free);
        assert_eq!(
            counted.to_u64(),
            Some(expected as u64),
            "round {round}: {start:?}"
        );
    }
}
