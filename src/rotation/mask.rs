//! Occupancy masks: the set of eight cells one digit holds, as a 24-bit mask, and its
//! rank among all C(24, 8) such sets.
//!
//! The rank is the combinatorial number system: with the occupied cells
//! `c0 < c1 < ... < c7`, `rank = C(c0, 1) + C(c1, 2) + ... + C(c7, 8)`. It numbers the
//! masks in increasing order of their value, densely from 0 to 735,470.

use crate::bits::ones;

use super::board::{Move, CELLS, CENTRE, LINES};

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

/// `BINOMIAL[n][k]` = C(n, k) for n <= 24, k <= 8.
const BINOMIAL: [[u32; PIECES + 1]; CELLS + 1] = {
    let mut table = [[0; PIECES + 1]; CELLS + 1];
    let mut n = 0;
    while n <= CELLS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= PIECES && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `BYTE_RANK[i][b][k]`: what the cells of byte `i` of a mask add to its rank when that
/// byte is `b` and `k` occupied cells lie below it. Three lookups rank a mask.
static BYTE_RANK: [[[u32; PIECES + 1]; 256]; 3] = {
    let mut table = [[[0; PIECES + 1]; 256]; 3];
    let mut i = 0;
    while i < 3 {
        let mut byte = 0;
        while byte < 256 {
            let mut below = 0;
            while below <= PIECES {
                let (mut sum, mut k, mut bit) = (0, below, 0);
                while bit < 8 && k < PIECES {
                    if byte >> bit & 1 == 1 {
                        k += 1;
                        sum += BINOMIAL[8 * i + bit][k];
                    }
                    bit += 1;
                }
                table[i][byte][below] = sum;
                below += 1;
            }
            byte += 1;
        }
        i += 1;
    }
    table
};

/// The rank of a mask of exactly eight cells.
#[inline]
pub fn rank(mask: u32) -> u32 {
    debug_assert_eq!(mask.count_ones() as usize, PIECES);
    let [b0, b1, b2, _] = mask.to_le_bytes();
    let below1 = ones(u32::from(b0)) as usize;
    let below2 = (below1 + ones(u32::from(b1)) as usize).min(PIECES);
    BYTE_RANK[0][usize::from(b0)][0]
        + BYTE_RANK[1][usize::from(b1)][below1.min(PIECES)]
        + BYTE_RANK[2][usize::from(b2)][below2]
}

/// The mask of rank `rank` (`rank < MASKS`).
pub fn unrank(mut rank: u32) -> u32 {
    debug_assert!((rank as usize) < MASKS);
    let mut mask = 0;
    let mut cell = CELLS;
    for k in (1..=PIECES).rev() {
        // The largest cell c with C(c, k) <= rank is the k-th occupied cell.
        cell -= 1;
        while BINOMIAL[cell][k] > rank {
            cell -= 1;
        }
        rank -= BINOMIAL[cell][k];
        mask |= 1 << cell;
    }
    mask
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
