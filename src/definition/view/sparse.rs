//! Orbits ranked from where their kept pieces lie: a database that keeps a few pieces
//! of a large orbit, the rest blank, finds them in the state's located pieces
//! ([`Located`]) and ranks their arrangement run by run, instead of reading every
//! position. The rank is the one [`arrangement_rank`] gives, the blanks between two
//! pieces counted at once: what a blank adds, summed over a run, telescopes.

use super::orbit::{Orbit, Scratch, MOST_ORBIT};
use super::BLANK;
use crate::definition::add_turns;
use crate::definition::located::Locator;
use crate::rank::combination::binomial;
use crate::rank::permutation::sequences;

#[cfg(doc)]
use {super::arrangement::arrangement_rank, crate::definition::located::Located};

/// The most pieces an orbit ranked from their positions keeps: past a few, reading
/// every position costs no more.
const MOST_SPARSE: usize = 16;

// An orbit's places are the bits of a `u64`.
const _: () = assert!(MOST_ORBIT <= 64);

/// How an orbit finds its kept pieces in a located state.
#[derive(Clone, Debug)]
pub(super) struct Sparse {
    /// Each kept label's bucket (first slot and pieces) and class, counted among the
    /// classes with a piece in the orbit.
    kept: Vec<(u16, u16, u8)>,
    /// Each position of the set: its place in the orbit.
    index: Vec<u8>,
    /// Whether the pieces kept are alike (one class), else each a class of its own.
    alike: bool,
    /// Each class's place among the classes with a piece in the orbit.
    dense: Vec<u8>,
    /// For each turn, before it (`[0]`, its inverse played) and after it (`[1]`): the
    /// place each place's piece goes to.
    to: [Vec<Vec<u8>>; 2],
}

/// An orbit's kept pieces: the places that hold one, as bits, and each one's class
/// (counted as [`Sparse`] counts them) and orientation.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pieces {
    places: u64,
    class_at: [u8; MOST_ORBIT],
    turned_at: [u8; MOST_ORBIT],
}

impl Pieces {
    fn new() -> Pieces {
        Pieces {
            places: 0,
            class_at: [0; MOST_ORBIT],
            turned_at: [0; MOST_ORBIT],
        }
    }

    #[inline]
    fn place(&mut self, q: u8, class: u8, turned: u8) {
        self.places |= 1 << q;
        self.class_at[usize::from(q)] = class;
        self.turned_at[usize::from(q)] = turned;
    }

    /// Each piece's place, class and orientation, in place order.
    fn found(&self) -> impl Iterator<Item = (u8, u8, u8)> + '_ {
        Places(self.places).map(|q| {
            (
                q,
                self.class_at[usize::from(q)],
                self.turned_at[usize::from(q)],
            )
        })
    }
}

impl Sparse {
    /// How `orbit`, whose set's labels the start has as `start`, is ranked from its
    /// pieces' positions; `None` where it is not: no blank, only half its
    /// arrangements ranked, several classes and one of more than one piece, no piece
    /// or many kept, or its set not located.
    pub(super) fn new(orbit: &Orbit, start: &[u8], locator: &Locator) -> Option<Sparse> {
        // Classes of the set that have no piece here are left out of the order, which
        // stays as it was: the rank is the same.
        let present: Vec<u8> = (0..orbit.counts.len() as u8)
            .filter(|&c| orbit.counts[usize::from(c)] > 0)
            .collect();
        let kept_pieces: usize = orbit.counts.iter().map(|&c| usize::from(c)).sum();
        let alike = present.len() == 1;
        let shaped = alike || orbit.counts.iter().all(|&c| c <= 1);
        let few = (1..=MOST_SPARSE).contains(&kept_pieces);
        if !orbit.located || orbit.blanks == 0 || orbit.parity.is_some() || !shaped || !few {
            return None;
        }
        let mut labels: Vec<u8> = (orbit.positions.iter())
            .map(|&p| start[usize::from(p)])
            .filter(|&l| orbit.class[usize::from(l)] != BLANK)
            .collect();
        labels.sort_unstable();
        labels.dedup();
        let mut kept = Vec::new();
        for l in labels {
            let (first, count) = locator.bucket(orbit.set, l)?;
            let class = orbit.class[usize::from(l)];
            let dense = present.iter().position(|&c| c == class)?;
            kept.push((first, count, dense as u8));
        }
        let found: usize = kept.iter().map(|&(_, count, _)| usize::from(count)).sum();
        if found != kept_pieces {
            return None;
        }
        let mut index = vec![u8::MAX; start.len()];
        for (i, &p) in orbit.positions.iter().enumerate() {
            index[usize::from(p)] = i as u8;
        }
        let mut dense = vec![u8::MAX; orbit.counts.len()];
        for (d, &c) in present.iter().enumerate() {
            dense[usize::from(c)] = d as u8;
        }
        let to = |turns: &[(Vec<u8>, Vec<u8>)]| -> Vec<Vec<u8>> {
            (turns.iter())
                .map(|(from, _)| {
                    let mut to = vec![0; from.len()];
                    for (i, &f) in from.iter().enumerate() {
                        to[usize::from(f)] = i as u8;
                    }
                    to
                })
                .collect()
        };
        let to = [to(&orbit.backward), to(&orbit.forward)];
        Some(Sparse {
            kept,
            index,
            alike,
            dense,
            to,
        })
    }

    /// The arrangement's value of the orbit in `cells`, its pieces located `at`, and
    /// with `joint` (the orientations' count) the orientations' too.
    pub(super) fn rank(
        &self,
        orbit: &Orbit,
        joint: Option<u64>,
        cells: &[u8],
        at: &[u8; 256],
    ) -> Option<u64> {
        let mut pieces = Pieces::new();
        for &(first, count, class) in &self.kept {
            for &p in &at[usize::from(first)..usize::from(first + count)] {
                let q = self.index[usize::from(p)];
                let turned = cells[usize::from(*orbit.turn_slots.get(usize::from(q))?)];
                pieces.place(q, class, turned);
            }
        }
        self.rank_pieces(orbit, joint, &pieces)
    }

    /// The kept pieces of an orbit's state worked on in place.
    pub(super) fn pieces_of(&self, state: &Scratch) -> Pieces {
        let mut pieces = Pieces::new();
        for (q, &class) in state.classes().iter().enumerate() {
            if class != BLANK {
                pieces.place(q as u8, self.dense[usize::from(class)], state.turned[q]);
            }
        }
        pieces
    }

    /// [`Sparse::rank`] of the orbit's `pieces` after turn `t` (`forward`) or before
    /// it: each piece moved to its place, the rest of the orbit not read.
    #[inline]
    pub(super) fn rank_after_turn(
        &self,
        orbit: &Orbit,
        joint: Option<u64>,
        pieces: &Pieces,
        t: usize,
        forward: bool,
    ) -> Option<u64> {
        let (to, twist) = match forward {
            true => (&self.to[1][t], &orbit.forward[t].1),
            false => (&self.to[0][t], &orbit.backward[t].1),
        };
        let mut after = Pieces::new();
        for (q, class, turned) in pieces.found() {
            let i = to[usize::from(q)];
            after.place(
                i,
                class,
                add_turns(turned, twist[usize::from(i)], orbit.modulus),
            );
        }
        self.rank_pieces(orbit, joint, &after)
    }

    /// The value of an orbit holding `pieces`: its arrangement's, and with `joint`
    /// (the orientations' count) its orientations' too; `None` where a piece's
    /// orientation is not the orbit's constant one.
    fn rank_pieces(&self, orbit: &Orbit, joint: Option<u64>, pieces: &Pieces) -> Option<u64> {
        if let Some(c) = orbit.constant {
            if pieces.found().any(|(_, _, t)| t != c) {
                return None;
            }
        }
        let (len, count) = (orbit.positions.len(), pieces.places.count_ones() as usize);
        let arranged = match self.alike {
            true => alike_rank_at(Places(pieces.places), count, len),
            false => placed_rank_at(pieces.found().map(|(q, class, _)| (q, class)), count, len),
        };
        let m = u64::from(orbit.modulus);
        Some(match joint {
            Some(turned) => {
                let orientations = pieces.found().fold(0, |r, (_, _, t)| r * m + u64::from(t));
                arranged * turned + orientations
            }
            None => arranged,
        })
    }
}

/// The lexicographic rank among `len` positions of `pieces` alike pieces, the rest
/// blank, from the pieces' positions in order. A blank with `m` pieces after it counts
/// the arrangements with a piece there, C(after, m − 1); over a run of blanks these
/// sum to C(after its first + 1, m) − C(after its last, m).
pub(super) fn alike_rank_at(positions: impl Iterator<Item = u8>, pieces: usize, len: usize) -> u64 {
    let (mut left, mut before, mut rank) = (pieces, len, 0);
    for q in positions {
        let after = len - 1 - usize::from(q);
        rank += binomial(before, left) - binomial(after + 1, left);
        left -= 1;
        before = after;
    }
    rank
}

/// The lexicographic rank among `len` positions of `pieces` distinct pieces (classes
/// from 0), the rest blank, from each piece's position and class in position order. A
/// blank with `m` pieces after it counts m·(after)!/(after − m + 1)! arrangements, which
/// over a run sum to the sequences of `m` in (after its first + 1) less those in (after
/// its last); a piece counts the smaller pieces not yet placed, each with the sequences
/// of the rest in the positions after it.
pub(super) fn placed_rank_at(
    places: impl Iterator<Item = (u8, u8)>,
    pieces: usize,
    len: usize,
) -> u64 {
    let (mut left, mut before, mut rank, mut used) = (pieces, len, 0, 0u64);
    for (q, class) in places {
        let after = len - 1 - usize::from(q);
        rank += sequences(before, left) - sequences(after + 1, left);
        let bit = 1u64 << class;
        let below = u64::from(class) - u64::from((used & (bit - 1)).count_ones());
        used |= bit;
        left -= 1;
        rank += below * sequences(after, left);
        before = after;
    }
    rank
}

/// The places set in a mask, lowest first.
struct Places(u64);

impl Iterator for Places {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let q = (self.0 != 0).then(|| self.0.trailing_zeros() as u8)?;
        self.0 &= self.0 - 1;
        Some(q)
    }
}
