//! A symmetry as it maps flat states ([`Model::flat`]'s layout), for a search to look
//! its databases up at a state's images.

use super::{orient, Symmetry};
use crate::definition::{add_turns, Model};

/// A symmetry on flat states.
#[derive(Clone, Debug)]
pub struct CellMap {
    slots: Vec<Slot>,
    /// Each set's renaming, by label: the new label and the orientation lost.
    names: Vec<Vec<(u8, u8)>>,
    /// Each slot's orientation map, `turned[slot.turned + k]`, before what its piece's
    /// renaming loses.
    turned: Vec<u8>,
}

/// One position as a [`CellMap`] moves it.
#[derive(Clone, Copy, Debug)]
struct Slot {
    set: u8,
    orientations: u8,
    from: u16,
    to: u16,
    /// How far a piece's orientation lies from its label.
    pieces: u16,
    turned: u16,
}

impl CellMap {
    /// `symmetry` on `puzzle`'s flat states.
    pub fn new(puzzle: &Model, symmetry: &Symmetry) -> CellMap {
        let (mut slots, mut turned) = (Vec::new(), Vec::new());
        for (s, set) in puzzle.sets().iter().enumerate() {
            let at = puzzle.offsets[s];
            for (p, image) in symmetry.positions[s].iter().enumerate() {
                slots.push(Slot {
                    set: s as u8,
                    orientations: set.orientations,
                    from: (at + p) as u16,
                    to: (at + usize::from(image.to)) as u16,
                    pieces: set.pieces as u16,
                    turned: turned.len() as u16,
                });
                let o = set.orientations;
                turned.extend((0..o).map(|k| orient(image, k, 0, o)));
            }
        }
        let names = (0..puzzle.sets().len())
            .map(|s| {
                (0..=255u8)
                    .map(|label| symmetry.labels.rename(s, label))
                    .collect()
            })
            .collect();
        CellMap {
            slots,
            names,
            turned,
        }
    }

    /// The image of the flat state `cells`, into `image` (as long).
    pub fn apply(&self, cells: &[u8], image: &mut [u8]) {
        for slot in &self.slots {
            let (from, to) = (usize::from(slot.from), usize::from(slot.to));
            let pieces = usize::from(slot.pieces);
            let (name, lost) = self.names[usize::from(slot.set)][usize::from(cells[from])];
            let turned = self.turned[usize::from(slot.turned) + usize::from(cells[from + pieces])];
            let o = slot.orientations;
            image[to] = name;
            image[to + pieces] = add_turns(turned, o - lost, o);
        }
    }
}
