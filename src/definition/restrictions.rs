//! ksolve+'s restrictions on the turns an answer plays, as its readme gives them:
//! pieces bandaged together (`Block`: a turn moves every piece of a block or none),
//! pairs of turns that may not follow one another (`ForbiddenPairs`,
//! `ForbiddenGroups`), and limits on how often a move is played (`MoveLimits`).
//!
//! A turn "moves" a piece where its permutation carries the piece's position
//! elsewhere, or where its orientation delta there is not 0 *as ksolve+ keeps it*:
//! a move's delta as written (a piece of one orientation given a delta of 1 still
//! counts as moved, the readme's way to bandage pieces to fixed centres), its powers'
//! deltas summed, modulo the orientations only where a set has more than one. The
//! tables know nothing of restrictions; a restricted answer is searched
//! ([`super::restricted`]), the tables' distances its lower bound (fewer rules, never
//! more moves).

use super::turn::TurnInfo;
use super::{Action, Set};

/// The restrictions a definition file gives (and the move limits that hold for every
/// case).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restrictions {
    /// Pieces bandaged together: for each block, each set's pieces (labels from 0).
    pub blocks: Vec<Vec<Vec<u8>>>,
    /// Turns, by name, that may not follow one another: (first, second).
    pub forbidden: Vec<(String, String)>,
    /// Limits on the turns of a move every answer keeps to.
    pub limits: Vec<MoveLimit>,
    /// For each move of a ksolve+ file, by name, the positions of each set where its
    /// orientation delta as written is not 0 (for `Block`, which counts a piece so
    /// twisted as moved even where the delta is a whole turn).
    pub twisted: Vec<(String, Vec<Vec<bool>>)>,
}

impl Restrictions {
    /// Whether there are any.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.forbidden.is_empty() && self.limits.is_empty()
    }
}

/// A limit on how many turns of a move an answer plays (ksolve+'s `MoveLimits`): of
/// one turn (`F2 1`), or of a move and all its powers (`F* 2`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveLimit {
    /// The turn's name, or the move's where `every_power`.
    pub name: String,
    /// Whether the limit counts every power of the move.
    pub every_power: bool,
    /// The most turns it allows (0: none).
    pub most: u32,
}

impl MoveLimit {
    /// A limit as a definition's `MoveLimits` block and a scramble file's write it: a
    /// turn's name (a move's with `*`, for all its powers) and the most turns; `None`
    /// where `count` is no whole number.
    pub(crate) fn read(name: &str, count: &str) -> Option<MoveLimit> {
        let most = count.parse::<u32>().ok()?;
        let (name, every_power) = match name.strip_suffix('*') {
            Some(name) => (name, true),
            None => (name, false),
        };
        Some(MoveLimit {
            name: name.to_owned(),
            every_power,
            most,
        })
    }
}

/// The most blocks a puzzle has.
pub const MOST_BLOCKS: usize = 64;

/// The restrictions compiled against a puzzle's turns.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compiled {
    /// For each turn, the piece slots it moves (for blocks), with their set.
    moved: Vec<Vec<(u16, u8)>>,
    /// For each set, each piece label's blocks.
    block_of: Vec<Vec<Vec<u8>>>,
    /// Each block's number of pieces.
    block_sizes: Vec<u16>,
    /// `forbidden[a * turns + b]`: turn `b` may not follow turn `a`.
    forbidden: Vec<bool>,
    /// Whether any turn pair is forbidden.
    any_forbidden: bool,
    turns: usize,
}

impl Compiled {
    /// `restrictions` for the turns of a puzzle of `sets` whose flat states start each
    /// set at `offsets`; `classes` are the moves chosen, by name, each turn one's power.
    pub(crate) fn new(
        restrictions: &Restrictions,
        sets: &[Set],
        offsets: &[usize],
        classes: &[(String, Action)],
        turns: &[TurnInfo],
    ) -> Compiled {
        let n = turns.len();
        let mut forbidden = vec![false; n * n];
        let index = |name: &str| turns.iter().position(|t| t.turn.name == name);
        for (first, second) in &restrictions.forbidden {
            if let (Some(a), Some(b)) = (index(first), index(second)) {
                forbidden[a * n + b] = true;
            }
        }
        let mut block_of: Vec<Vec<Vec<u8>>> = sets
            .iter()
            .map(|set| vec![Vec::new(); set.pieces])
            .collect();
        let mut block_sizes = Vec::new();
        for (b, block) in restrictions.blocks.iter().enumerate() {
            for (s, pieces) in block.iter().enumerate() {
                for &p in pieces {
                    block_of[s][usize::from(p)].push(b as u8);
                }
            }
            block_sizes.push(block.iter().map(Vec::len).sum::<usize>() as u16);
        }
        let moved = match restrictions.blocks.is_empty() {
            true => vec![Vec::new(); n],
            false => (turns.iter())
                .map(|turn| {
                    let (name, action) = &classes[turn.class];
                    let twisted = (restrictions.twisted.iter())
                        .find(|(m, _)| m == name)
                        .map(|(_, t)| t);
                    moved_slots(sets, offsets, action, turn, twisted)
                })
                .collect(),
        };
        Compiled {
            moved,
            block_of,
            block_sizes,
            any_forbidden: forbidden.contains(&true),
            forbidden,
            turns: n,
        }
    }

    /// Whether turn `t` keeps every block whole on the flat state `cells`.
    #[inline]
    pub(crate) fn legal(&self, cells: &[u8], t: usize) -> bool {
        if self.block_sizes.is_empty() {
            return true;
        }
        let mut counts = [0u16; MOST_BLOCKS];
        for &(slot, set) in &self.moved[t] {
            let label = usize::from(cells[usize::from(slot)]);
            for &b in &self.block_of[usize::from(set)][label] {
                counts[usize::from(b)] += 1;
            }
        }
        (counts.iter().zip(&self.block_sizes)).all(|(&c, &size)| c == 0 || c == size)
    }

    /// Whether turn `next` may follow turn `last`.
    #[inline]
    pub(crate) fn may_follow(&self, last: usize, next: usize) -> bool {
        !self.any_forbidden || !self.forbidden[last * self.turns + next]
    }

    /// Whether a turn's legality depends on the state (blocks) or on the turn before it.
    pub(crate) fn restricts(&self) -> bool {
        !self.block_sizes.is_empty() || self.any_forbidden
    }
}

/// The piece slots `turn` (a power of `action`) moves, as ksolve+ counts them for
/// blocks; `twisted` marks where the move's deltas as written are not 0.
fn moved_slots(
    sets: &[Set],
    offsets: &[usize],
    action: &Action,
    turn: &TurnInfo,
    twisted: Option<&Vec<Vec<bool>>>,
) -> Vec<(u16, u8)> {
    let mut slots = Vec::new();
    for (s, set) in sets.iter().enumerate() {
        let raw = |i: usize| twisted.is_some_and(|t| t[s][i]);
        for i in 0..set.pieces {
            let permuted = usize::from(turn.action.from[s][i]) != i;
            let turned = match (set.orientations, turn.power) {
                // Deltas summed without a modulus: any delta on the piece's cycle turns
                // it, at every power.
                (1, _) => {
                    let mut at = i;
                    let mut any = raw(i);
                    loop {
                        at = usize::from(action.from[s][at]);
                        if at == i {
                            break;
                        }
                        any |= raw(at);
                    }
                    any
                }
                (_, 1) => raw(i) || turn.action.twist[s][i] != 0,
                _ => turn.action.twist[s][i] != 0,
            };
            if permuted || turned {
                slots.push(((offsets[s] + i) as u16, s as u8));
            }
        }
    }
    slots
}
