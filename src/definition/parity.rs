//! Permutation parity that holds between sets. On the 3x3x3 the corners' and the
//! edges' permutations are both even or both odd, though each alone may be either: a
//! position with two edges swapped reaches no solved state. A whole-space table sees
//! that (its search never reaches the position), but IDA* over pattern databases would
//! search until a limit, so the rule is checked first.
//!
//! Each orbit whose pieces all differ, in every solved state, is a bit: the parity of
//! the order its pieces stand in. A turn flips the bits of the orbits it permutes
//! oddly, so the positions that reach a solved state are those whose bits differ from
//! its bits by a sum of turns' bits: a vector space over two elements, kept as a basis.

use super::Goal;

/// The most orbits told apart (bits of one word); orbits past them are not checked.
const MOST_ORBITS: usize = 64;

/// The parity rules of a puzzle's turns.
#[derive(Clone, Debug, Default)]
pub struct Parities {
    /// Each orbit checked: its set, and the flat slots of its positions.
    orbits: Vec<Vec<usize>>,
    /// The sums of turns' bits, as a basis: decreasing, each below the others' leading
    /// bits once reduced.
    basis: Vec<u64>,
    /// Each solved state's bits.
    goals: Vec<u64>,
}

impl Parities {
    /// The rules of a puzzle's turns: its solved states, each set's orbits, where each
    /// set's pieces start in a flat state of `width` bytes, and each turn's source slot
    /// for every flat slot.
    pub fn new<'a>(
        goals: &[Goal],
        set_orbits: &[Vec<Vec<u8>>],
        offsets: &[usize],
        width: usize,
        turns: impl Iterator<Item = &'a [u16]>,
    ) -> Parities {
        let mut orbits = Vec::new();
        for (s, set_orbits) in set_orbits.iter().enumerate() {
            for positions in set_orbits {
                // Where a solved state ignores a piece or holds two alike, the order of
                // the orbit's pieces says nothing.
                let distinct = goals.iter().all(|goal| {
                    let pieces: Option<Vec<u8>> = (positions.iter())
                        .map(|&p| goal.pieces[s][usize::from(p)])
                        .collect();
                    pieces.is_some_and(|pieces| distinct(&pieces))
                });
                if distinct && positions.len() >= 2 && orbits.len() < MOST_ORBITS {
                    let at = offsets[s];
                    orbits.push(positions.iter().map(|&p| at + usize::from(p)).collect());
                }
            }
        }
        let mut parities = Parities {
            orbits,
            basis: Vec::new(),
            goals: Vec::new(),
        };
        let identity: Vec<u8> = (0..width).map(|i| i as u8).collect();
        for from in turns {
            // The turn's bits: what it does to a state's (any state's) bits.
            let turned: Vec<u8> = from.iter().map(|&f| identity[usize::from(f)]).collect();
            let bits = |cells: &[u8]| parities.bits(cells).expect("slots all differ");
            let flips = bits(&turned) ^ bits(&identity);
            parities.insert(flips);
        }
        parities.goals = (goals.iter())
            .map(|goal| {
                let mut cells = vec![0; width];
                for (&at, pieces) in offsets.iter().zip(&goal.pieces) {
                    for (i, piece) in pieces.iter().enumerate() {
                        cells[at + i] = piece.unwrap_or(0);
                    }
                }
                parities.bits(&cells).unwrap_or(0)
            })
            .collect();
        parities
    }

    /// Whether the flat state `cells` may reach a solved state, as far as parity
    /// tells: false only where it surely cannot.
    pub fn allow(&self, cells: &[u8]) -> bool {
        let Some(bits) = self.bits(cells) else {
            return true;
        };
        self.goals.iter().any(|&goal| self.reduce(bits ^ goal) == 0)
    }

    /// The parity bits of `cells`; `None` where an orbit holds two alike pieces.
    fn bits(&self, cells: &[u8]) -> Option<u64> {
        let mut bits = 0;
        for (o, slots) in self.orbits.iter().enumerate() {
            let pieces: Vec<u8> = slots.iter().map(|&slot| cells[slot]).collect();
            if !distinct(&pieces) {
                return None;
            }
            let inversions = (0..pieces.len())
                .flat_map(|i| (i + 1..pieces.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| pieces[i] > pieces[j])
                .count();
            bits |= ((inversions % 2) as u64) << o;
        }
        Some(bits)
    }

    fn reduce(&self, mut bits: u64) -> u64 {
        for &b in &self.basis {
            bits = bits.min(bits ^ b);
        }
        bits
    }

    fn insert(&mut self, bits: u64) {
        let bits = self.reduce(bits);
        if bits != 0 {
            self.basis.push(bits);
            self.basis.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
}

fn distinct(pieces: &[u8]) -> bool {
    let mut seen = [false; 256];
    pieces
        .iter()
        .all(|&p| !std::mem::replace(&mut seen[usize::from(p)], true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_basis_spans_what_its_vectors_sum_to() {
        let mut parities = Parities::default();
        for bits in [0b011, 0b110, 0b101] {
            parities.insert(bits);
        }
        // 0b101 is the sum of the other two: two vectors, and the even-weight words.
        assert_eq!(parities.basis.len(), 2);
        for bits in 0..8u64 {
            assert_eq!(
                parities.reduce(bits) == 0,
                bits.count_ones() % 2 == 0,
                "{bits:b}"
            );
        }
    }
}
