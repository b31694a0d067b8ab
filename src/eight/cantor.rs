//! Cantor expansion: the rank of an arrangement of the nine cells among all 9! orders.
//!
//! `rank = sum over i of (cells after i holding a smaller value) * (8 - i)!`, the
//! Lehmer code read as a factorial-base number; it numbers the 362,880 arrangements
//! densely in lexicographic order.

use crate::bits::ones;

/// Cells of the 3x3 grid.
pub const CELLS: usize = 9;

/// Number of arrangements: 9!.
pub const ARRANGEMENTS: usize = 362_880;

const FACTORIAL: [u32; CELLS] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];

/// The rank of `cells`, a permutation of `0..9`.
#[inline]
pub fn rank(cells: &[u8; CELLS]) -> u32 {
    let mut rank = 0;
    let mut seen = 0u32;
    for (i, &value) in cells.iter().enumerate() {
        // The smaller values after this cell are the smaller ones not seen before it.
        let below = (1u32 << value) - 1;
        let smaller_after = u32::from(value) - ones(seen & below);
        rank += smaller_after * FACTORIAL[CELLS - 1 - i];
        seen |= 1 << value;
    }
    rank
}

/// The arrangement of rank `rank` (`rank < ARRANGEMENTS`).
pub fn unrank(mut rank: u32) -> [u8; CELLS] {
    debug_assert!((rank as usize) < ARRANGEMENTS);
    let mut unused: u16 = (1 << CELLS) - 1;
    let mut cells = [0; CELLS];
    for (i, cell) in cells.iter_mut().enumerate() {
        let place = CELLS - 1 - i;
        let mut skip = rank / FACTORIAL[place];
        rank %= FACTORIAL[place];
        // The value is the (skip + 1)-th smallest not yet used.
        let mut value = 0;
        loop {
            if unused >> value & 1 == 1 {
                if skip == 0 {
                    break;
                }
                skip -= 1;
            }
            value += 1;
        }
        unused &= !(1 << value);
        *cell = value as u8;
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_round_trip_over_every_arrangement_in_order() {
        let mut previous = None;
        for r in 0..ARRANGEMENTS as u32 {
            let cells = unrank(r);
            let mut sorted = cells;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
            assert_eq!(rank(&cells), r);
            assert!(previous < Some(cells), "ranks follow lexicographic order");
            previous = Some(cells);
        }
    }
}
