//! Sets of cells as bit masks, ranked by the combinatorial number system.
//!
//! With the set's cells `c0 < c1 < ... < c(k-1)`, `rank = C(c0, 1) + C(c1, 2) + ... +
//! C(c(k-1), k)`. It numbers the C(n, k) sets of `k` of `n` cells densely from 0, in
//! increasing order of the masks' values, whatever `n` is: a set's rank does not depend
//! on how many cells lie above it.

use super::ones8;

/// The most cells a mask holds.
pub const MAX_CELLS: usize = 32;
/// The most cells set in a mask that [`rank`] ranks.
pub const MAX_SET: usize = 8;

/// The most cells [`binomial`] counts sets of: C(64, 32) still fits 64 bits.
pub const MOST_BINOMIAL: usize = 64;

/// `WIDE[n][k]` = C(n, k) for n, k <= 64, by Pascal's rule.
static WIDE: [[u64; MOST_BINOMIAL + 1]; MOST_BINOMIAL + 1] = pascal();

const fn pascal() -> [[u64; MOST_BINOMIAL + 1]; MOST_BINOMIAL + 1] {
    let mut table = [[0; MOST_BINOMIAL + 1]; MOST_BINOMIAL + 1];
    let mut n = 0;
    while n <= MOST_BINOMIAL {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

/// `BINOMIAL[n][k]` = C(n, k) for n, k <= 32, narrowed from [`WIDE`]: every value fits
/// a `u32`, and the masks' tables read a quarter of the memory.
const BINOMIAL: [[u32; MAX_CELLS + 1]; MAX_CELLS + 1] = {
    let wide = pascal();
    let mut table = [[0; MAX_CELLS + 1]; MAX_CELLS + 1];
    let mut n = 0;
    while n <= MAX_CELLS {
        let mut k = 0;
        while k <= n {
            table[n][k] = wide[n][k] as u32;
            k += 1;
        }
        n += 1;
    }
    table
};

/// C(n, k) for any n, k <= [`MOST_BINOMIAL`].
pub fn binomial(n: usize, k: usize) -> u64 {
    WIDE[n][k]
}

/// C(n, k), the number of sets of `k` of `n` cells (`n, k <= 32`).
pub const fn count(n: usize, k: usize) -> u32 {
    BINOMIAL[n][k]
}

/// `BYTE_RANK[i][b][k]`: what the cells of byte `i` of a mask add to its rank when that
/// byte is `b` and `k` set cells lie below it. Four lookups rank a mask.
static BYTE_RANK: [[[u32; MAX_SET + 1]; 256]; 4] = {
    let mut table = [[[0; MAX_SET + 1]; 256]; 4];
    let mut i = 0;
    while i < 4 {
        let mut byte = 0;
        while byte < 256 {
            let mut below = 0;
            while below <= MAX_SET {
                let (mut sum, mut k, mut bit) = (0, below, 0);
                while bit < 8 && k < MAX_SET {
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

/// The rank of a mask with at most [`MAX_SET`] cells set, among the masks with as many.
#[inline]
pub fn rank(mask: u32) -> u32 {
    rank_within(mask, MAX_CELLS)
}

/// [`rank`] of a mask of cells below `cells`: the bytes above them are not read, which
/// a caller whose board size is a constant gets for free (two lookups, not four, on a
/// 4x4 board).
#[inline]
pub fn rank_within(mask: u32, cells: usize) -> u32 {
    debug_assert!(mask.count_ones() as usize <= MAX_SET);
    debug_assert!(cells >= MAX_CELLS || mask >> cells == 0);
    let [b0, b1, b2, b3] = mask.to_le_bytes();
    let below1 = ones8(b0) as usize;
    let mut rank = BYTE_RANK[0][usize::from(b0)][0] + BYTE_RANK[1][usize::from(b1)][below1];
    if cells > 16 {
        let below2 = below1 + ones8(b1) as usize;
        let below3 = (below2 + ones8(b2) as usize).min(MAX_SET);
        rank += BYTE_RANK[2][usize::from(b2)][below2.min(MAX_SET)];
        if cells > 24 {
            rank += BYTE_RANK[3][usize::from(b3)][below3];
        }
    }
    rank
}

/// The mask of `k` of `cells` cells with rank `rank` (`rank < count(cells, k)`).
pub fn unrank(mut rank: u32, cells: usize, k: usize) -> u32 {
    debug_assert!(rank < count(cells, k));
    let mut mask = 0;
    let mut cell = cells;
    for k in (1..=k).rev() {
        // The largest cell c with C(c, k) <= rank is the k-th set cell.
        cell -= 1;
        while BINOMIAL[cell][k] > rank {
            cell -= 1;
        }
        rank -= BINOMIAL[cell][k];
        mask |= 1 << cell;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_mask_order_densely() {
        for (cells, k) in [(24, 8), (10, 3), (32, 1), (9, 0), (12, 8)] {
            let mut previous = None;
            for r in 0..count(cells, k) {
                let mask = unrank(r, cells, k);
                assert_eq!(mask.count_ones() as usize, k);
                assert!(u64::from(mask) < 1 << cells);
                assert_eq!(rank(mask), r, "{cells} choose {k}");
                assert!(previous < Some(mask), "ranks follow mask order");
                previous = Some(mask);
            }
        }
        assert_eq!(count(24, 8), 735_471);
        assert_eq!(unrank(count(24, 8) - 1, 24, 8), 0xff_0000);
    }

    #[test]
    fn a_rank_within_a_board_is_the_rank() {
        for (cells, k) in [(16, 8), (16, 3), (20, 7), (24, 8), (25, 6), (9, 4)] {
            for r in (0..count(cells, k)).step_by(97) {
                let mask = unrank(r, cells, k);
                assert_eq!(rank_within(mask, cells), r, "{cells} choose {k}");
            }
        }
    }
}
