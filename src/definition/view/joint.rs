//! Turns on a joint part: one that ranks an arrangement with blanks and the
//! orientations of its pieces together. What a turn does is the same for every
//! orientation of one arrangement (the arrangement it leads to, where each piece's
//! orientation goes and the twist it takes), and consecutive ranks share their
//! arrangement (the orientations are the low digits). So a thread works the turns out
//! once for a run of ranks and moves each rank's orientation digits only, where
//! ranking each turn's arrangement anew took most of a build's time (the 3x3x3's
//! groups of edges).

use std::cell::RefCell;
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use super::{Part, Ranks, View, BLANK, MOST_ORBIT};

/// The most parts of a view whose turns are worked out here (the 3x3x3's views have
/// one or two; each is a row of digits on the stack).
const MOST_JOINT_PARTS: usize = 4;

/// Numbers views apart in a thread's memo: one dropped and another made at its
/// address must not be taken for it.
static VIEWS: AtomicU64 = AtomicU64::new(0);

/// A number no other view has.
pub(super) fn new_id() -> u64 {
    VIEWS.fetch_add(1, Relaxed)
}

/// One turn on one arrangement.
#[derive(Clone, Copy)]
struct Moved {
    /// The arrangement's value after it.
    arranged: u64,
    /// For each orientation digit after it, the digit before that it comes from...
    from: [u8; MOST_ORBIT],
    /// ... and the twist added.
    twist: [u8; MOST_ORBIT],
}

/// A part's turns of the arrangement a thread met last, worked out as they are asked
/// (in turn order: an inward search's asks often stop at the first few).
struct Worked {
    forward: bool,
    arranged: u64,
    /// The arrangement's classes by position, and each position's orientation digit
    /// (its place among the positions holding pieces).
    classes: [u8; MOST_ORBIT],
    digit: [u8; MOST_ORBIT],
    /// The positions holding pieces: a digit each (a part holding blanks keeps no
    /// orientation sum, so none is left out).
    pieces: usize,
    /// The first turns, worked out so far.
    turns: Vec<Moved>,
}

/// A thread's turns worked out, for each joint part of the view it searched last.
#[derive(Default)]
struct Memo {
    view: Option<u64>,
    parts: Vec<Option<Worked>>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

impl View {
    /// Whether `part` is joint (arrangement with blanks and orientations together).
    pub(super) fn is_joint(&self, part: &Part) -> bool {
        let orbit = &self.orbits[part.orbit];
        part.ranks == Ranks::Arrangement && orbit.blanks > 0 && orbit.digits
    }

    /// Whether a rank's turns are worked out here: a joint part without a turn table,
    /// every other part joint or `tabled`, and few enough.
    pub(super) fn turns_worked_out(&self, tabled: impl Fn(&Part) -> bool) -> bool {
        let joint_or_tabled = |p: &Part| self.is_joint(p) || tabled(p);
        self.parts.len() <= MOST_JOINT_PARTS
            && self.parts.iter().any(|p| self.is_joint(p) && !tabled(p))
            && self.parts.iter().all(joint_or_tabled)
    }

    /// [`View::neighbours`] where every part is joint or has its turn table (`table`
    /// gives part `i`'s): `values` are the parts' values of the rank. `None` where the
    /// thread is inside such a call already (its memo in use).
    pub(super) fn joint_neighbours<'t>(
        &self,
        values: &[u64],
        forward: bool,
        table: impl Fn(usize) -> Option<&'t [u32]>,
        mut visit: impl FnMut(u64) -> bool,
    ) -> Option<bool> {
        MEMO.with(|memo| {
            let mut memo = memo.try_borrow_mut().ok()?;
            if memo.view != Some(self.id) {
                *memo = Memo {
                    view: Some(self.id),
                    parts: (0..self.parts.len()).map(|_| None).collect(),
                };
            }
            // Each joint part's arrangement met, and its orientation digits.
            let mut digits = [[0u8; MOST_ORBIT]; MOST_JOINT_PARTS];
            for (i, part) in self.parts.iter().enumerate() {
                if table(i).is_none() {
                    let worked = &mut memo.parts[i];
                    self.meet(worked, part, values[i] / part.turned, forward);
                    let pieces = worked.as_ref().expect("met").pieces;
                    let m = self.orbits[part.orbit].modulus;
                    orientation_digits(values[i] % part.turned, m, &mut digits[i][..pieces]);
                }
            }
            for t in 0..self.turns {
                let mut next = 0;
                for (i, part) in self.parts.iter().enumerate() {
                    let value = match table(i) {
                        Some(table) => {
                            u64::from(table[t * part.size as usize + values[i] as usize])
                        }
                        None => {
                            let worked = memo.parts[i].as_mut().expect("met above");
                            if worked.turns.len() == t {
                                let moved = self.work_out(part, worked, t);
                                worked.turns.push(moved);
                            }
                            let moved = &worked.turns[t];
                            let m = self.orbits[part.orbit].modulus;
                            moved.arranged * part.turned
                                + turned_rank(m, moved, &digits[i], worked.pieces)
                        }
                    };
                    next += value * part.stride;
                }
                if visit(next) {
                    return Some(true);
                }
            }
            Some(false)
        })
    }

    /// Makes `worked` the joint `part`'s arrangement `arranged`, turned `forward` or
    /// back: kept where it is that already, its turns forgotten (their room kept) where
    /// not.
    fn meet(&self, worked: &mut Option<Worked>, part: &Part, arranged: u64, forward: bool) {
        if let Some(w) = worked.as_ref() {
            if w.arranged == arranged && w.forward == forward {
                return;
            }
        }
        let orbit = &self.orbits[part.orbit];
        let len = orbit.piece_slots.len();
        let w = worked.get_or_insert_with(|| Worked {
            forward,
            arranged,
            classes: [0; MOST_ORBIT],
            digit: [0; MOST_ORBIT],
            pieces: 0,
            turns: Vec::with_capacity(self.turns),
        });
        (w.forward, w.arranged) = (forward, arranged);
        w.turns.clear();
        self.part_unrank_arrangement(orbit, arranged, &mut w.classes[..len]);
        let mut next = 0;
        for (i, &c) in w.classes[..len].iter().enumerate() {
            if c != BLANK {
                w.digit[i] = next;
                next += 1;
            }
        }
        w.pieces = usize::from(next);
    }

    /// What turn `t` (or its inverse) does to the arrangement `worked` holds of the
    /// joint `part`.
    fn work_out(&self, part: &Part, worked: &Worked, t: usize) -> Moved {
        let orbit = &self.orbits[part.orbit];
        let len = orbit.piece_slots.len();
        let (from, twist) = match worked.forward {
            true => &orbit.forward[t],
            false => &orbit.backward[t],
        };
        let mut moved = Moved {
            arranged: 0,
            from: [0; MOST_ORBIT],
            twist: [0; MOST_ORBIT],
        };
        let mut after = [0u8; MOST_ORBIT];
        let mut j = 0;
        for (i, (&f, &w)) in from.iter().zip(twist).enumerate() {
            after[i] = worked.classes[usize::from(f)];
            if after[i] != BLANK {
                moved.from[j] = worked.digit[usize::from(f)];
                // Below the modulus, so that a digit and its twist make one
                // subtraction at most.
                moved.twist[j] = w % orbit.modulus;
                j += 1;
            }
        }
        moved.arranged =
            (self.arranged_rank(orbit, &after[..len])).expect("a turn keeps what the view ranks");
        moved
    }

    /// Nanoseconds the joint `part` takes a state in a build: its arrangement's turns
    /// worked out, shared by the arrangement's orientations, and each turn of its
    /// orientations ranked; timed on arrangements spread over the part's range, the
    /// faster of two rounds. A build meets an arrangement again at each level where it
    /// has states, so this understates the working out (the 3x3x3's sets were said
    /// within 1.25x of their builds nonetheless).
    pub(super) fn joint_nanos(&self, part: &Part) -> f64 {
        let arrangements = part.size / part.turned;
        let samples = super::cost::SAMPLES.min(arrangements).max(1);
        // Orientations timed an arrangement: its whole run where that is short.
        let run = part.turned.min(super::cost::SAMPLES);
        let m = self.orbits[part.orbit].modulus;
        let round = || {
            let (mut worked, mut moved) = (0.0, 0.0);
            let mut digits = [0u8; MOST_ORBIT];
            for i in 0..samples {
                let arranged = i * (arrangements / samples);
                let started = Instant::now();
                let mut met = None;
                self.meet(&mut met, part, arranged, false);
                let met = met.expect("met");
                let turns: Vec<Moved> = (0..self.turns)
                    .map(|t| self.work_out(part, &met, t))
                    .collect();
                worked += started.elapsed().as_nanos() as f64;
                let started = Instant::now();
                for turned in 0..run {
                    orientation_digits(turned, m, &mut digits[..met.pieces]);
                    for moved in &turns {
                        black_box(turned_rank(m, moved, &digits, met.pieces));
                    }
                }
                moved += started.elapsed().as_nanos() as f64;
            }
            let samples = samples as f64;
            worked / samples / part.turned as f64 + moved / samples / run as f64
        };
        round().min(round())
    }
}

/// The digits, modulo `m`, of the orientation value `turned`, the first the most
/// significant (as the view ranks them).
fn orientation_digits(mut turned: u64, m: u8, digits: &mut [u8]) {
    for d in digits.iter_mut().rev() {
        *d = (turned % u64::from(m)) as u8;
        turned /= u64::from(m);
    }
}

/// The orientation value after the turn `moved` of `digits` (modulo `m`), its first
/// `ranked` digits.
#[inline]
fn turned_rank(m: u8, moved: &Moved, digits: &[u8; MOST_ORBIT], ranked: usize) -> u64 {
    let m = u16::from(m);
    let digit = |j: usize| {
        let d = u16::from(digits[usize::from(moved.from[j])]) + u16::from(moved.twist[j]);
        u64::from(if d >= m { d - m } else { d })
    };
    (0..ranked).fold(0, |rank, j| rank * u64::from(m) + digit(j))
}
