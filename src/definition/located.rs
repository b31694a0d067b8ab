//! Where each piece of a state lies: the state's inverse, found once a node so that a
//! database keeping a few pieces of a large orbit ranks them from their positions
//! instead of reading every position of the orbit (the gigaminx's 91 databases each
//! keep three or four of sixty edges or centres).
//!
//! A set's pieces are counted into buckets by label, in position order: each label's
//! bucket has room for as many pieces as the start has of it. A state whose labels are
//! not the start's (a case no turn reaches: a label the start has not, or one too many
//! of one) is not located, nor is one with a piece outside the orbit the start has its
//! label in; the views rank it position by position.

use std::cell::OnceCell;

use super::{Set, State};

/// No bucket: the label is not in the set, or the set is not located.
const NONE: u16 = u16::MAX;

/// Which bucket each piece of a puzzle's states goes into: fixed by its start.
#[derive(Clone, Debug)]
pub(crate) struct Locator {
    /// `bucket[s * 256 + label]`: the label's bucket in set `s`.
    bucket: Vec<u16>,
    /// Each bucket's first slot (one past its last is the next bucket's first).
    first: Vec<u16>,
    /// Each bucket's orbit: where its pieces must lie.
    home: Vec<u16>,
    /// Each set's first flat piece slot and its positions' orbits, for the sets
    /// located (those whose every label keeps to one orbit).
    sets: Vec<Option<(usize, Vec<u16>)>>,
}

impl Locator {
    /// The buckets of a puzzle of `sets`, whose pieces keep to `orbits`, from `start`,
    /// its states flat with each set's pieces at `offsets`.
    pub(super) fn new(
        sets: &[Set],
        orbits: &[Vec<Vec<u8>>],
        start: &State,
        offsets: &[usize],
    ) -> Locator {
        let mut locator = Locator {
            bucket: vec![NONE; sets.len() * 256],
            first: Vec::new(),
            home: Vec::new(),
            sets: Vec::new(),
        };
        let (mut orbit_id, mut slot) = (0u16, 0u16);
        for (s, set) in sets.iter().enumerate() {
            let mut orbit_of = vec![0u16; set.pieces];
            for positions in &orbits[s] {
                for &p in positions {
                    orbit_of[usize::from(p)] = orbit_id;
                }
                orbit_id += 1;
            }
            let mut home = [NONE; 256];
            let mut count = [0u16; 256];
            let mut located = true;
            for (p, &label) in start.pieces[s].iter().enumerate() {
                let l = usize::from(label);
                located &= home[l] == NONE || home[l] == orbit_of[p];
                home[l] = orbit_of[p];
                count[l] += 1;
            }
            if !located {
                locator.sets.push(None);
                continue;
            }
            for l in (0..256).filter(|&l| count[l] > 0) {
                locator.bucket[s * 256 + l] = locator.first.len() as u16;
                locator.first.push(slot);
                locator.home.push(home[l]);
                slot += count[l];
            }
            locator.sets.push(Some((offsets[s], orbit_of)));
        }
        // One past the last bucket's last slot.
        locator.first.push(slot);
        locator
    }

    /// Whether set `s` is located: each of its labels keeps to one orbit, so that a
    /// located state has the start's pieces in each of its orbits.
    pub(crate) fn locates(&self, s: usize) -> bool {
        self.sets[s].is_some()
    }

    /// Label `label`'s bucket in set `s`: its first slot and its pieces; `None` where
    /// the set is not located or the start has no such label in it.
    pub(crate) fn bucket(&self, s: usize, label: u8) -> Option<(u16, u16)> {
        let b = self.bucket[s * 256 + usize::from(label)];
        (b != NONE).then(|| {
            (
                self.first[usize::from(b)],
                self.first[usize::from(b) + 1] - self.first[usize::from(b)],
            )
        })
    }
}

/// A state's pieces located, once asked for: each bucket's positions, in order.
pub(crate) struct Located<'a> {
    locator: &'a Locator,
    cells: &'a [u8],
    at: OnceCell<Option<[u8; 256]>>,
}

impl<'a> Located<'a> {
    /// The flat state `cells`, its pieces not yet located.
    pub(crate) fn new(locator: &'a Locator, cells: &'a [u8]) -> Located<'a> {
        Located {
            locator,
            cells,
            at: OnceCell::new(),
        }
    }

    /// The flat state.
    pub(crate) fn cells(&self) -> &'a [u8] {
        self.cells
    }

    /// Each bucket's positions (slots as [`Locator::bucket`] gives them), found on
    /// first asking; `None` where the state's pieces are not the start's in its orbits.
    pub(crate) fn positions(&self) -> Option<&[u8; 256]> {
        self.at.get_or_init(|| self.locate()).as_ref()
    }

    fn locate(&self) -> Option<[u8; 256]> {
        let locator = self.locator;
        let mut next: [u16; 256] = [0; 256];
        let buckets = locator.first.len() - 1;
        next[..buckets].copy_from_slice(&locator.first[..buckets]);
        let mut at = [0u8; 256];
        for (s, set) in locator.sets.iter().enumerate() {
            let Some((offset, orbit_of)) = set else {
                continue;
            };
            let labels = &self.cells[*offset..*offset + orbit_of.len()];
            let buckets = &locator.bucket[s * 256..s * 256 + 256];
            for (p, (&label, &orbit)) in labels.iter().zip(orbit_of).enumerate() {
                let b = usize::from(buckets[usize::from(label)]);
                if b == usize::from(NONE)
                    || locator.home[b] != orbit
                    || next[b] == locator.first[b + 1]
                {
                    return None;
                }
                at[usize::from(next[b])] = p as u8;
                next[b] += 1;
            }
        }
        Some(at)
    }
}
