//! Bit counts by table lookup: the default x86-64 target has no `popcnt` instruction,
//! and the ranking hot paths only ever count bits of 9-bit values.

/// `ONES[v]`: the number of set bits in `v`, for `v < 512`.
pub(crate) const ONES: [u8; 512] = {
    let mut table = [0; 512];
    let mut v = 1;
    while v < 512 {
        table[v] = table[v >> 1] + (v & 1) as u8;
        v += 1;
    }
    table
};

/// The number of set bits in a value below 512.
#[inline]
pub(crate) fn ones(v: u32) -> u32 {
    u32::from(ONES[v as usize & 511])
}

#[cfg(test)]
mod tests {
    #[test]
    fn ones_counts_bits() {
        for v in 0..512u32 {
            assert_eq!(super::ones(v), v.count_ones());
        }
    }
}
