//! How many states a puzzle's moves reach, however many: the order of the group they
//! generate, by the Schreier-Sims algorithm, with no table and in exact decimal; and
//! states drawn uniformly from them ([`Draw`]).
//!
//! The group acts on points, one a position and orientation of each set; a move sends
//! the piece at `from[i]` with orientation `k` to position `i` with `k + twist[i]`.
//! Where every piece of the solved state is told apart, a state is one element of the
//! group, so the group's order is the number of reachable states. It is the product of
//! the orbits' lengths down a chain of stabilisers: level `k` keeps, for each point `j`
//! the group (fixing the points before `k`) can send `k` to, one element that does
//! (Knuth's form of the algorithm, "Efficient representation of perm groups", 1991).
//! The same chain gives every drawn state a scramble ([`Words`]).

use std::fmt;

use super::{Action, Model, Set};

mod alike;
mod made;
mod words;
use made::made;
pub use words::Words;

/// The most points (positions times orientations, over every set) counted: the chain
/// keeps up to a permutation of them for each pair of points, so past this its memory
/// would grow past what a count is worth.
pub const MOST_POINTS: usize = 1024;

/// The most steps (points looked at) counting a puzzle's states may take where pieces
/// are alike: a few seconds.
const MOST_WORK: u64 = 2_000_000_000;

/// Why a puzzle's states are not counted by its group.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Uncounted {
    /// Some pieces of the solved state are alike, so states are fewer than the group's
    /// elements (which tell them apart), and too many rearrangements of them lie
    /// outside the group to count.
    #[error("its solved state has pieces alike, so its states are fewer than the {0} elements of its moves' group, and the rearrangements of alike pieces outside the group are too many to count")]
    Alike(Order),
    /// Its restrictions (blocks, move limits) keep some of the group's elements
    /// out of reach.
    #[error("its restrictions (Block, MoveLimits) leave some of its moves' group out of reach")]
    Restricted,
    /// Too many points to hold the chain.
    #[error("it has {0} positions and orientations, more than the {MOST_POINTS} counted")]
    TooManyPoints(usize),
}

/// How many states a puzzle's moves reach, and the order of their group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reachable {
    /// The states: the group's elements, fewer where pieces are alike.
    pub states: Order,
    /// The group's order: the states where no pieces are alike.
    pub group: Order,
}

/// The number of states the moves chosen reach from the solved state.
pub fn reachable(puzzle: &Model) -> Result<Reachable, Uncounted> {
    let definition = &puzzle.definition;
    let chain = Draw::new(puzzle)?.chain;
    let group = chain.order();
    let states = alike::states(&chain, &definition.sets, &definition.start, None, MOST_WORK)
        .ok_or(Uncounted::Alike(group.clone()))?;
    Ok(Reachable { states, group })
}

/// The states the group `actions` generate on `sets` reaches from `start`, the
/// orientations of pieces labelled `free` counting for nothing, counted in at most
/// `most_work` steps.
pub fn reached_from(
    sets: &[Set],
    actions: &[&Action],
    start: &super::State,
    free: Option<u8>,
    most_work: u64,
) -> Result<Order, Uncounted> {
    let chain = made(sets, actions)?;
    let states = alike::states(&chain, sets, start, free, most_work);
    states.ok_or(Uncounted::Alike(chain.order()))
}

/// The order of the group `actions` generate on `sets`.
pub fn order(sets: &[Set], actions: &[&Action]) -> Result<Order, Uncounted> {
    Ok(made(sets, actions)?.order())
}

/// Uniformly random reachable states of a puzzle, drawn with no table (twips's random-
/// state scrambles): a random element of the moves' group is one random element of
/// each level of the chain, composed, and every element is drawn so once; where
/// pieces are alike, each state is as many elements as any other, so states too are
/// drawn uniformly.
pub struct Draw {
    chain: Chain,
    /// Each turn as a permutation of the points.
    turns: Vec<Perm>,
    /// What the turns make two by two ([`Model::merges`]).
    merges: Vec<super::model::Merge>,
    sets: Vec<Set>,
    start: super::State,
    /// The turns by their places, as answers write them.
    named: Vec<super::Turn>,
    /// The words scrambles are made of, made at the first scramble.
    words: std::sync::OnceLock<Words>,
}

impl Draw {
    /// The draws of `puzzle`'s states, its moves as chosen; none where its restrictions
    /// make the reachable states other than the group's, or past [`MOST_POINTS`].
    pub fn new(puzzle: &Model) -> Result<Draw, Uncounted> {
        let definition = &puzzle.definition;
        let restrictions = &definition.restrictions;
        if !restrictions.blocks.is_empty() || !restrictions.limits.is_empty() {
            return Err(Uncounted::Restricted);
        }
        let actions: Vec<&Action> = puzzle.turns.iter().map(|turn| &turn.action).collect();
        let chain = Chain::of(&definition.sets, &actions)?;
        let points = chain.levels.len();
        Ok(Draw {
            turns: (actions.iter())
                .map(|action| on_points(&definition.sets, action, points))
                .collect(),
            merges: puzzle.merges().to_vec(),
            chain,
            sets: definition.sets.clone(),
            start: definition.start.clone(),
            named: puzzle.turn_list().to_vec(),
            words: std::sync::OnceLock::new(),
        })
    }

    /// A state drawn uniformly from those the moves reach.
    pub fn state(&self, rng: &mut dyn rand::RngCore) -> super::State {
        self.state_of(&self.element(rng))
    }

    /// Words for every state drawn, made at the first call and kept: 0.06 s for the
    /// 3x3x3, about 15 s for cubing.js's Megaminx (2 cores, busy).
    pub fn words(&self) -> &Words {
        (self.words)
            .get_or_init(|| Words::new(&self.chain, self.turns.clone(), self.merges.clone()))
    }

    /// A state drawn as [`Draw::state`] draws it (the same for the same random
    /// numbers), and a scramble that reaches it from the start.
    pub fn scrambled(&self, rng: &mut dyn rand::RngCore) -> (super::State, Vec<super::Turn>) {
        let element = self.element(rng);
        let word = self.words().word(&element);
        let turns = word.iter().map(|&t| self.named[usize::from(t)]).collect();
        (self.state_of(&element), turns)
    }

    /// The state and scramble [`Draw::scrambled`] draws first from `seed` (ChaCha8):
    /// the first line `generate def --scramble --seed SEED` writes, the same state as
    /// its KPattern line.
    pub fn seeded(&self, seed: u64) -> (super::State, Vec<super::Turn>) {
        use rand::SeedableRng;
        self.scrambled(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
    }

    /// An element drawn uniformly from the group: one of each level's, composed.
    fn element(&self, rng: &mut dyn rand::RngCore) -> Perm {
        use rand::Rng;
        let points = self.chain.levels.len();
        let mut element: Perm = (0..points as u16).collect();
        for level in self.chain.levels.iter().rev() {
            let orbit: Vec<&Perm> = level.reps.iter().flatten().map(|(rep, _)| rep).collect();
            element = after(orbit[rng.random_range(0..orbit.len())], &element);
        }
        element
    }

    fn state_of(&self, element: &[u16]) -> super::State {
        self.start
            .after(&action_of(&self.sets, element), &self.sets)
    }
}

/// A permutation of the points: point `x` goes to `perm[x]`.
type Perm = Vec<u16>;

/// `action` as a permutation of the points.
fn on_points(sets: &[Set], action: &Action, points: usize) -> Perm {
    let mut perm = vec![0; points];
    let mut base = 0;
    for (s, set) in sets.iter().enumerate() {
        let o = usize::from(set.orientations);
        for i in 0..set.pieces {
            let from = usize::from(action.from[s][i]);
            let twist = usize::from(action.twist[s][i]);
            for k in 0..o {
                perm[base + from * o + k] = (base + i * o + (k + twist) % o) as u16;
            }
        }
        base += set.pieces * o;
    }
    perm
}

/// The action whose permutation of the points is `perm` ([`on_points`] undone).
fn action_of(sets: &[Set], perm: &[u16]) -> Action {
    let mut action = Action::identity(sets);
    let mut base = 0;
    for (s, set) in sets.iter().enumerate() {
        let o = usize::from(set.orientations);
        for from in 0..set.pieces {
            let to = usize::from(perm[base + from * o]) - base;
            action.from[s][to / o] = from as u8;
            action.twist[s][to / o] = (to % o) as u8;
        }
        base += set.pieces * o;
    }
    action
}

/// `a` after `b`.
fn after(a: &[u16], b: &[u16]) -> Perm {
    b.iter().map(|&x| a[usize::from(x)]).collect()
}

fn inverse(a: &[u16]) -> Perm {
    let mut undo = vec![0; a.len()];
    for (x, &y) in a.iter().enumerate() {
        undo[usize::from(y)] = x as u16;
    }
    undo
}

/// The stabiliser chain: level `k` describes the elements found so far that fix
/// the points before `k`.
struct Chain {
    levels: Vec<Level>,
}

struct Level {
    /// The generators added at this level.
    generators: Vec<Perm>,
    /// For each point `j`, an element sending `k` to `j` and its inverse, if one is
    /// known: `k`'s orbit.
    reps: Vec<Option<(Perm, Perm)>>,
}

/// The points `sets` have: a position and orientation of a set each.
fn points(sets: &[Set]) -> usize {
    (sets.iter())
        .map(|set| set.pieces * usize::from(set.orientations))
        .sum()
}

impl Chain {
    /// The chain of the group `actions` generate on `sets`.
    fn of(sets: &[Set], actions: &[&Action]) -> Result<Chain, Uncounted> {
        let points = points(sets);
        if points > MOST_POINTS {
            return Err(Uncounted::TooManyPoints(points));
        }
        let mut chain = Chain::new(points);
        for action in actions {
            let generator = on_points(sets, action, points);
            if !chain.contains(0, generator.clone()) {
                chain.add(0, generator);
            }
        }
        Ok(chain)
    }

    /// The group's order: the product of the orbits' lengths.
    fn order(&self) -> Order {
        let mut order = Order::one();
        for level in &self.levels {
            order.times(level.reps.iter().flatten().count() as u64);
        }
        order
    }

    fn new(points: usize) -> Chain {
        let identity: Perm = (0..points as u16).collect();
        let levels = (0..points)
            .map(|k| {
                let mut reps = vec![None; points];
                reps[k] = Some((identity.clone(), identity.clone()));
                Level {
                    generators: Vec::new(),
                    reps,
                }
            })
            .collect();
        Chain { levels }
    }

    /// Whether `g` (fixing the points before `from`) is in the group the levels from
    /// `from` on describe: sifted down them, it ends as the identity.
    fn contains(&self, from: usize, mut g: Perm) -> bool {
        for k in from..self.levels.len() {
            let j = usize::from(g[k]);
            if j == k {
                continue;
            }
            match &self.levels[k].reps[j] {
                Some((_, undo)) => g = after(undo, &g),
                None => return false,
            }
        }
        true
    }

    /// Adds `g` (fixing the points before `k`, not yet in the group of level `k`) to
    /// level `k`, and closes the level's orbit under its generators; an element
    /// found whose sift leaves something the next level lacks is added there.
    fn add(&mut self, k: usize, g: Perm) {
        let level = &mut self.levels[k];
        let mut found: Vec<Perm> = (level.reps.iter().flatten())
            .map(|(rep, _)| after(&g, rep))
            .collect();
        level.generators.push(g);
        while let Some(x) = found.pop() {
            let j = usize::from(x[k]);
            match &self.levels[k].reps[j] {
                None => {
                    let level = &mut self.levels[k];
                    found.extend(level.generators.iter().map(|t| after(t, &x)));
                    let undo = inverse(&x);
                    level.reps[j] = Some((x, undo));
                }
                Some((_, undo)) => {
                    let h = after(undo, &x);
                    if !self.contains(k + 1, h.clone()) {
                        self.add(k + 1, h);
                    }
                }
            }
        }
    }
}

/// A count of any size, in base 10^9 digits, least significant first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order(Vec<u32>);

const BASE: u64 = 1_000_000_000;

impl Order {
    fn one() -> Order {
        Order(vec![1])
    }

    /// The count, where it fits 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        (self.0.iter().rev()).try_fold(0u64, |sum, &digit| {
            sum.checked_mul(BASE)?.checked_add(u64::from(digit))
        })
    }

    /// Divides by `divisor`, giving back the remainder.
    fn divide(&mut self, divisor: u64) -> u64 {
        let mut remainder = 0u128;
        for digit in self.0.iter_mut().rev() {
            let value = remainder * u128::from(BASE) + u128::from(*digit);
            *digit = (value / u128::from(divisor)) as u32;
            remainder = value % u128::from(divisor);
        }
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
        remainder as u64
    }

    fn times(&mut self, factor: u64) {
        let mut carry = 0u128;
        for digit in &mut self.0 {
            let product = u128::from(*digit) * u128::from(factor) + carry;
            *digit = (product % u128::from(BASE)) as u32;
            carry = product / u128::from(BASE);
        }
        while carry > 0 {
            self.0.push((carry % u128::from(BASE)) as u32);
            carry /= u128::from(BASE);
        }
    }
}

/// The count with its thousands separated by commas: `43,252,003,274,489,856,000`.
impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = String::new();
        for (i, digit) in self.0.iter().rev().enumerate() {
            match i {
                0 => digits.push_str(&digit.to_string()),
                _ => digits.push_str(&format!("{digit:09}")),
            }
        }
        let first = match digits.len() % 3 {
            0 => 3,
            r => r,
        };
        f.write_str(&digits[..first])?;
        for group in digits.as_bytes()[first..].chunks(3) {
            write!(f, ",{}", std::str::from_utf8(group).unwrap_or_default())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One set of `pieces` with `orientations`, and actions given by sources and twists.
    fn group_of(pieces: usize, orientations: u8, actions: &[(&[u8], &[u8])]) -> String {
        let sets = [Set {
            name: "A".into(),
            pieces,
            orientations,
        }];
        let actions: Vec<Action> = (actions.iter())
            .map(|(from, twist)| Action {
                from: vec![from.to_vec()],
                twist: vec![twist.to_vec()],
            })
            .collect();
        let actions: Vec<&Action> = actions.iter().collect();
        order(&sets, &actions).unwrap().to_string()
    }

    #[test]
    fn a_swap_and_a_cycle_make_every_arrangement() {
        let cycle: Vec<u8> = (1..11).chain([0]).collect();
        let swap: Vec<u8> = [1, 0].into_iter().chain(2..11).collect();
        let none = [0; 11];
        let order = group_of(11, 1, &[(&cycle, &none), (&swap, &none)]);
        assert_eq!(order, "39,916,800");
        // Two 3-cycles of five pieces make the even arrangements only.
        let order = group_of(
            5,
            1,
            &[(&[1, 2, 0, 3, 4], &[0; 5]), (&[0, 1, 3, 4, 2], &[0; 5])],
        );
        assert_eq!(order, "60");
    }

    #[test]
    fn twists_count_with_their_arrangements() {
        // A twist of one piece by 1 of 3, and a swap of two: 2! arrangements, and each
        // piece's three orientations apart.
        let order = group_of(2, 3, &[(&[0, 1], &[1, 0]), (&[1, 0], &[0, 0])]);
        assert_eq!(order, "18");
        // A swap that twists both by 1 of 2 keeps the sum of the twists even.
        let order = group_of(2, 2, &[(&[1, 0], &[1, 1])]);
        assert_eq!(order, "2");
        assert_eq!(group_of(200, 4, &[]), "1");
    }

    #[test]
    fn too_many_points_are_refused() {
        let sets = [Set {
            name: "A".into(),
            pieces: 300,
            orientations: 4,
        }];
        assert_eq!(order(&sets, &[]), Err(Uncounted::TooManyPoints(1200)));
    }

    #[test]
    fn orders_print_in_groups_of_three() {
        let mut order = Order::one();
        assert_eq!(order.to_string(), "1");
        order.times(1000);
        assert_eq!(order.to_string(), "1,000");
        order.times(1_000_000_000_000);
        assert_eq!(order.to_string(), "1,000,000,000,000,000");
        let mut order = Order::one();
        (1..=20).for_each(|k| order.times(k));
        assert_eq!(order.to_string(), "2,432,902,008,176,640,000");
    }
}
