//! Occupancy masks: the set of eight cells one digit holds, as a 24-bit mask, and its
//! rank among all C(24, 8) such sets by the combinatorial number system
//! ([`crate::rank::combination`]), densely from 0 to 735,470 in increasing order of the
//! masks' values.

use super::board::{Move, CELLS, CENTRE, LINES};
use crate::rank::combination;

/// Cells one digit occupies.
pub const PIECES: usize = 8;

/// Number of masks: C(24, 8).
pub const MASKS: usize = 735_471;

/// The goal mask: the centre cells.
pub const GOAL: u32 = {
    let mut mask = 0;
    let mut i = 0;
    while i < CENTRE.len() {
        mask |= 1 << CENTRE[i];
        i += 1;
    }
    mask
};

/// The rank of a mask of exactly eight cells, in `0..MASKS`.
#[inline]
pub fn rank(mask: u32) -> u32 {
    debug_assert_eq!(mask.count_ones() as usize, PIECES);
    combination::rank(mask)
}

/// The mask of rank `rank` (`rank < MASKS`).
pub fn unrank(rank: u32) -> u32 {
    combination::unrank(rank, CELLS, PIECES)
}

/// The image of one cell under `m`: where the value on `cell` goes.
const fn destination(m: usize, cell: usize) -> usize {
    let line = LINES[m];
    let mut i = 0;
    while i < 7 {
        // The cell at `L[i + 1]` hands its value to `L[i]`; `L[0]` wraps to `L[6]`.
        if line[(i + 1) % 7] == cell {
            return line[i];
        }
        i += 1;
    }
    cell
}

/// `MOVED[m][i][b]`: the mask that byte `i` of a mask, holding `b`, becomes under move
/// `m`. Three lookups move a mask.
static MOVED: [[[u32; 256]; 3]; 8] = {
    let mut table = [[[0; 256]; 3]; 8];
    let mut m = 0;
    while m < 8 {
        let mut i = 0;
        while i < 3 {
            let mut byte = 0;
            while byte < 256 {
                let mut bit = 0;
                while bit < 8 {
                    if byte >> bit & 1 == 1 {
                        table[m][i][byte] |= 1 << destination(m, 8 * i + bit);
                    }
                    bit += 1;
                }
                byte += 1;
            }
            i += 1;
        }
        m += 1;
    }
    table
};

/// The mask after `m`: the cell at `L[i]` receives what was at `L[i + 1]`.
#[inline]
pub fn apply(mask: u32, m: Move) -> u32 {
    let moved = &MOVED[m.index()];
    let [b0, b1, b2, _] = mask.to_le_bytes();
    moved[0][usize::from(b0)] | moved[1][usize::from(b1)] | moved[2][usize::from(b2)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rotation::Board;

    #[test]
    fn rank_and_unrank_round_trip_over_every_mask_in_order() {
        let mut previous = None;
        for r in 0..MASKS as u32 {
            let mask = unrank(r);
            assert_eq!(mask.count_ones(), 8);
            assert!(mask < 1 << CELLS);
            assert_eq!(rank(mask), r);
            assert!(previous < Some(mask), "ranks follow mask order");
            previous = Some(mask);
        }
        assert_eq!(unrank(0), 0xff);
        assert_eq!(unrank(MASKS as u32 - 1), 0xff_0000);
    }

    #[test]
    fn moves_on_masks_match_moves_on_boards() {
        let mut cells = [3u8; CELLS];
        cells[..8].fill(1);
        cells[8..16].fill(2);
        let board = Board::new(cells).unwrap();
        for m in Move::ALL {
            let mut moved = board;
            moved.apply(m);
            for d in 1..=3 {
                assert_eq!(
                    apply(board.mask(d), m),
                    moved.mask(d),
                    "move {}",
                    m.letter()
                );
            }
        }
    }
}
