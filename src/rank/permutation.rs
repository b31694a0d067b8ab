//! Sequences of distinct values, ranked by their Lehmer code.
//!
//! A sequence `v0, v1, ..., v(k-1)` of distinct values below `n` (`k <= n <= 16`) has the
//! digits `d_i` = the number of values below `v_i` not used before it, with
//! `d_i < n - i`. Read as a number in the mixed radix `(n, n-1, ..., n-k+1)`, the digits
//! number the `n! / (n-k)!` sequences densely from 0 in lexicographic order.
//!
//! With `k = n` this is the Cantor expansion of a permutation (the order of a sliding
//! board's tiles, the blank skipped, in the exact tables of the 8-puzzle and boards up
//! to 12 cells, [`crate::sliding::exact`]; and the order of a pattern's tiles in
//! [`super::placement`]); with `k < n` it ranks a partial permutation.

use super::ones16;

/// The most values a sequence draws from.
pub const MAX_VALUES: usize = 16;

/// The number of sequences of `k` distinct values below `n`: `n! / (n-k)!`.
pub const fn count(n: usize, k: usize) -> u64 {
    let mut product = 1;
    let mut i = 0;
    while i < k {
        product *= (n - i) as u64;
        i += 1;
    }
    product
}

/// The most values [`sequences`] looks a count up for.
pub const MOST_COUNTED: usize = 64;

/// `COUNTS[n][k]` = [`count`]`(n, k)` for `k <= n <= 64`, `u64::MAX` where it does not
/// fit 64 bits.
static COUNTS: [[u64; MOST_COUNTED + 1]; MOST_COUNTED + 1] = {
    let mut table = [[0u64; MOST_COUNTED + 1]; MOST_COUNTED + 1];
    let mut n = 0;
    while n <= MOST_COUNTED {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n][k - 1].saturating_mul((n - k + 1) as u64);
            k += 1;
        }
        n += 1;
    }
    table
};

/// [`count`]`(n, k)` looked up, for `k <= n <= 64` (`u64::MAX` past 64 bits).
pub fn sequences(n: usize, k: usize) -> u64 {
    COUNTS[n][k]
}

/// The rank of `sequence`, distinct values below `n`, among all sequences of its length.
#[inline]
pub fn rank(sequence: &[u8], n: usize) -> u64 {
    debug_assert!(n <= MAX_VALUES && sequence.len() <= n);
    let mut rank = 0;
    let mut used = 0u32;
    for (i, &value) in sequence.iter().enumerate() {
        rank = rank * (n - i) as u64 + u64::from(digit(value, used));
        used |= 1 << value;
    }
    rank
}

/// The Lehmer digit of `value` after the values whose bits `used` holds: how many
/// values below it are not used yet. In a whole permutation those are the smaller
/// values that come after it, so the digits add up to the inversions.
#[inline]
pub fn digit(value: u8, used: u32) -> u32 {
    let below = (1u32 << value) - 1;
    u32::from(value) - ones16(used & below)
}

/// The sequence of `k` distinct values below `n` with rank `rank`, in the first `k`
/// places of the result (`rank < count(n, k)`).
pub fn unrank(mut rank: u64, n: usize, k: usize) -> [u8; MAX_VALUES] {
    debug_assert!(n <= MAX_VALUES && rank < count(n, k));
    let mut digits = [0u8; MAX_VALUES];
    for i in (0..k).rev() {
        let radix = (n - i) as u64;
        digits[i] = (rank % radix) as u8;
        rank /= radix;
    }
    let mut unused: u32 = (1 << n) - 1;
    let mut sequence = [0u8; MAX_VALUES];
    for (value, &digit) in sequence.iter_mut().zip(&digits[..k]) {
        // The value is the unused one with `digit` unused values below it.
        let mut rest = unused;
        for _ in 0..digit {
            rest &= rest - 1;
        }
        let chosen = rest.trailing_zeros();
        unused &= !(1 << chosen);
        *value = chosen as u8;
    }
    sequence
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_permutations_of_nine_round_trip_in_order() {
        let mut previous = None;
        for r in 0..count(9, 9) {
            let cells = unrank(r, 9, 9);
            let mut sorted = cells;
            sorted[..9].sort_unstable();
            assert_eq!(&sorted[..9], &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
            assert_eq!(rank(&cells[..9], 9), r);
            assert!(previous < Some(cells), "ranks follow lexicographic order");
            previous = Some(cells);
        }
        assert_eq!(count(9, 9), 362_880);
    }

    #[test]
    fn partial_permutations_of_sixteen_round_trip_in_order() {
        for k in [1, 2, 3, 4] {
            let mut previous = None;
            for r in 0..count(16, k) {
                let seq = unrank(r, 16, k);
                let mut used = 0u32;
                for &v in &seq[..k] {
                    assert!(v < 16 && used >> v & 1 == 0);
                    used |= 1 << v;
                }
                assert_eq!(rank(&seq[..k], 16), r);
                assert!(previous < Some(seq));
                previous = Some(seq);
            }
        }
        assert_eq!(count(16, 8), 518_918_400);
        assert_eq!(count(16, 16), 20_922_789_888_000);
    }

    #[test]
    fn long_sequences_of_sixteen_round_trip() {
        // A stride through the ranks of 7, 8 and all 16 values, ends included.
        for k in [7, 8, 16] {
            let total = count(16, k);
            let step = total / 5_000 + 1;
            for r in (0..total).step_by(step as usize).chain([total - 1]) {
                assert_eq!(rank(&unrank(r, 16, k)[..k], 16), r, "k = {k}");
            }
        }
        let reversed: Vec<u8> = (0..16).rev().collect();
        assert_eq!(rank(&reversed, 16), count(16, 16) - 1);
    }
}
