//! The numbers of one orbit: arrangements of a multiset of classes (with blanks) ranked
//! in lexicographic order, the parity of a permutation, and orientations as digits
//! (one fewer where the turns keep their sum).

use super::orbit::{Orbit, Scratch};
use super::BLANK;

/// The number of arrangements of a multiset (`counts` of each class and `blanks`), if
/// it fits 128 bits.
pub(super) fn multinomial(counts: &[u8], blanks: u8) -> Option<u128> {
    let mut ways = 1u128;
    let mut n = 0u128;
    for &c in counts.iter().chain([&blanks]) {
        for i in 1..=u128::from(c) {
            n += 1;
            ways = ways.checked_mul(n)? / i;
        }
    }
    Some(ways)
}

/// `a * b / c`, exact and fitting 64 bits by the callers' reckoning, in 64-bit
/// arithmetic where the product fits (much the quicker division).
#[inline]
pub(super) fn mul_div(a: u64, b: u64, c: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    match u64::try_from(product) {
        Ok(product) => product / c,
        Err(_) => (product / u128::from(c)) as u64,
    }
}

/// The rank of `classes` (blanks last in the order) among the arrangements of its
/// multiset, in lexicographic order; `None` when they are not that multiset (or it
/// has more arrangements than 64 bits count).
pub(super) fn arrangement_rank(classes: &[u8], counts: &[u8], blanks: u8) -> Option<u64> {
    let k = counts.len();
    let mut left = [0u8; 256];
    left[..k].copy_from_slice(counts);
    left[k] = blanks;
    let mut total = classes.len() as u64;
    let mut ways = u64::try_from(multinomial(counts, blanks)?).ok()?;
    let mut rank = 0u64;
    for &c in classes {
        let c = if c == BLANK { k } else { usize::from(c) };
        if c > k || left[c] == 0 {
            return None;
        }
        let below: u64 = left[..c].iter().map(|&n| u64::from(n)).sum();
        rank += mul_div(ways, below, total);
        ways = mul_div(ways, u64::from(left[c]), total);
        left[c] -= 1;
        total -= 1;
    }
    Some(rank)
}

/// The arrangement of rank `rank`, into `classes`.
pub(super) fn arrangement_unrank(mut rank: u64, counts: &[u8], blanks: u8, classes: &mut [u8]) {
    let k = counts.len();
    let mut left = [0u8; 256];
    left[..k].copy_from_slice(counts);
    left[k] = blanks;
    let mut total = classes.len() as u64;
    let mut ways = multinomial(counts, blanks)
        .and_then(|w| u64::try_from(w).ok())
        .unwrap_or(0);
    for out in classes.iter_mut() {
        for (c, count) in left[..=k].iter_mut().enumerate() {
            if *count == 0 {
                continue;
            }
            let with = mul_div(ways, u64::from(*count), total);
            if rank < with {
                *out = if c == k { BLANK } else { c as u8 };
                ways = with;
                *count -= 1;
                total -= 1;
                break;
            }
            rank -= with;
        }
    }
}

/// The parity of the permutation `values` (distinct, each below the length).
pub(super) fn permutation_parity(values: &[u8]) -> u8 {
    let mut seen = [false; 256];
    let mut parity = 0;
    for start in 0..values.len() {
        let mut length = 0;
        let mut at = start;
        while !seen[at] {
            seen[at] = true;
            at = usize::from(values[at]).min(values.len() - 1);
            length += 1;
        }
        if length > 0 {
            parity ^= (length + 1) % 2;
        }
    }
    parity as u8
}

/// The rank of the orientations that count (one fewer where their sum is kept).
pub(super) fn orientation_rank(orbit: &Orbit, state: &Scratch) -> Option<u64> {
    let m = u64::from(orbit.modulus);
    let counted = (state.classes().iter().zip(&state.turned))
        .filter(|(&c, _)| c != BLANK)
        .map(|(_, &t)| t);
    match orbit.sum {
        None => Some(counted.fold(0, |rank, t| rank * m + u64::from(t))),
        Some(sum) => {
            // Every digit but the last, which the sum gives.
            let (mut rank, mut total, mut last) = (0u64, 0u64, None::<u8>);
            for t in counted {
                if let Some(before) = last {
                    rank = rank * m + u64::from(before);
                }
                total += u64::from(t);
                last = Some(t);
            }
            (total % m == u64::from(sum)).then_some(rank)
        }
    }
}

/// The orientations of rank `rank`, at the positions whose classes count.
pub(super) fn orientation_unrank(orbit: &Orbit, mut rank: u64, state: &mut Scratch) {
    let m = orbit.modulus;
    let places: Vec<usize> = (0..state.len)
        .filter(|&i| state.classes[i] != BLANK)
        .collect();
    let digits = places.len() - usize::from(orbit.sum.is_some());
    let mut total = 0u32;
    for &i in places[..digits].iter().rev() {
        state.turned[i] = (rank % u64::from(m)) as u8;
        total += u32::from(state.turned[i]);
        rank /= u64::from(m);
    }
    if let (Some(sum), Some(&last)) = (orbit.sum, places.last()) {
        let m = u32::from(m);
        state.turned[last] = ((u32::from(sum) + m * 64 - total % m) % m) as u8;
    }
}
