//! Dense ranks: the arrangements a table is indexed by, numbered from 0 with no gaps.
//!
//! - [`combination`]: a set of `k` cells out of up to 32, as a bit mask (the Rotation
//!   Game's occupancy masks).
//! - [`permutation`]: a sequence of `k` distinct values below `n <= 16`, which is a
//!   full permutation when `k = n` (the Cantor expansion of a board's tiles) and a partial one
//!   otherwise.
//! - [`placement`]: `k` tiles on up to 32 cells, as the set of cells they cover and
//!   their order on it (a pattern database's index).

pub mod combination;
pub mod permutation;
pub mod placement;

/// `ONES[v]`: the number of set bits in the byte `v`. The default x86-64 target has no
/// `popcnt` instruction, and the ranking hot paths count bits of small masks.
const ONES: [u8; 256] = {
    let mut table = [0; 256];
    let mut v = 1;
    while v < 256 {
        table[v] = table[v >> 1] + (v & 1) as u8;
        v += 1;
    }
    table
};

/// The number of set bits in a byte.
#[inline]
pub(crate) fn ones8(v: u8) -> u32 {
    u32::from(ONES[usize::from(v)])
}

/// The number of set bits in a `u32`.
#[inline]
pub(crate) fn ones32(v: u32) -> u32 {
    v.to_le_bytes().iter().map(|&b| ones8(b)).sum()
}

/// The number of set bits in a value below 2^16.
#[inline]
pub(crate) fn ones16(v: u32) -> u32 {
    u32::from(ONES[v as usize & 255]) + u32::from(ONES[(v as usize >> 8) & 255])
}

#[cfg(test)]
mod tests {
    #[test]
    fn ones_counts_bits() {
        for v in 0..1u32 << 16 {
            assert_eq!(super::ones16(v), v.count_ones());
            let spread = v << 16 | v >> 3;
            assert_eq!(super::ones32(spread), spread.count_ones());
        }
    }
}
