//! Orbits ranked from where their kept pieces lie: a database that keeps a few pieces
//! of a large orbit, the rest blank, finds them in the state's located pieces
//! ([`Located`]) and ranks their arrangement run by run, instead of reading every
//! position. The rank is the one [`arrangement_rank`] gives, the blanks between two
//! pieces counted at once: what a blank adds, summed over a run, telescopes.

use super::orbit::{Orbit, MOST_ORBIT};
use super::BLANK;
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
        Some(Sparse { kept, index, alike })
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
        // The places in the orbit that hold a piece, in order as bits, and each one's
        // class and orientation.
        let (mut places, mut class_at, mut turned_at) =
            (0u64, [0u8; MOST_ORBIT], [0u8; MOST_ORBIT]);
        for &(first, count, class) in &self.kept {
            for &p in &at[usize::from(first)..usize::from(first + count)] {
                let q = self.index[usize::from(p)];
                let turned = cells[usize::from(*orbit.turn_slots.get(usize::from(q))?)];
                places |= 1 << q;
                class_at[usize::from(q)] = class;
                turned_at[usize::from(q)] = turned;
            }
        }
        let pieces = places.count_ones() as usize;
        let found =
            || Places(places).map(|q| (q, class_at[usize::from(q)], turned_at[usize::from(q)]));
        if let Some(c) = orbit.constant {
            if found().any(|(_, _, t)| t != c) {
                return None;
            }
        }
        let len = orbit.positions.len();
        let arranged = match self.alike {
            true => alike_rank_at(Places(places), pieces, len),
            false => placed_rank_at(found().map(|(q, class, _)| (q, class)), pieces, len),
        };
        let m = u64::from(orbit.modulus);
        Some(match joint {
            Some(turned) => {
                let orientations = found().fold(0, |r, (_, _, t)| r * m + u64::from(t));
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
