//! Arrangements of a multiset of classes (with blanks) ranked in lexicographic order,
//! and the parity of a permutation: the numbers an orbit's arrangement is ranked by.

use super::BLANK;
use crate::rank::combination::{binomial, MOST_BINOMIAL};
use crate::rank::permutation::{sequences, MOST_COUNTED};

/// The number of arrangements of a multiset (`counts` of each class and `blanks`), if
/// it fits 128 bits. Reckoned at every rank: in 64 bits while the products fit, whose
/// divisions are many times quicker than 128-bit ones.
pub(super) fn multinomial(counts: &[u8], blanks: u8) -> Option<u128> {
    let (mut ways, mut n) = (1u128, 0u128);
    for &c in counts.iter().chain([&blanks]) {
        for i in 1..=u128::from(c) {
            n += 1;
            let product = ways.checked_mul(n)?;
            ways = match u64::try_from(product) {
                Ok(product) => u128::from(product / i as u64),
                Err(_) => product / i,
            };
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
    if let Some((pieces, rest, other)) = two_kinds(counts, blanks, classes.len()) {
        return combination_rank(classes, pieces, rest, other);
    }
    if !counts.iter().all(|&c| c == 1) {
        return multiset_rank(classes, counts, blanks);
    }
    match blanks == 0 && k == classes.len() && k <= MOST_PERMUTED {
        true => permutation_rank(classes),
        false => placed_rank(classes, k, blanks),
    }
}

/// [`arrangement_rank`] of any multiset: each digit the arrangements that put a class
/// below a piece's in its place.
pub(super) fn multiset_rank(classes: &[u8], counts: &[u8], blanks: u8) -> Option<u64> {
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

/// Whether the arrangements of `len` positions are of two kinds, one class and the
/// rest (blanks, or a second class with no blank): `(pieces, rest, the rest's value)`.
/// The rest comes last in the order, so the arrangements are combinations, ranked with
/// no division.
#[inline]
fn two_kinds(counts: &[u8], blanks: u8, len: usize) -> Option<(u8, u8, u8)> {
    if len > MOST_BINOMIAL {
        return None;
    }
    match *counts {
        [pieces] => Some((pieces, blanks, BLANK)),
        [pieces, others] if blanks == 0 => Some((pieces, others, 1)),
        _ => None,
    }
}

/// [`arrangement_rank`] of one class and the rest, `other` (blanks, or a second class:
/// the view of a searched puzzle's every node, where pieces are alike): an `other`
/// where a piece could be counts the arrangements with a piece there, looked up, with
/// no division.
pub(super) fn combination_rank(classes: &[u8], pieces: u8, rest: u8, other: u8) -> Option<u64> {
    let (mut pieces, mut rest) = (pieces, rest);
    let mut after = classes.len();
    if after > MOST_BINOMIAL {
        return None;
    }
    let mut rank = 0u64;
    for &c in classes {
        after -= 1;
        if c == 0 {
            pieces = pieces.checked_sub(1)?;
        } else if c == other {
            rest = rest.checked_sub(1)?;
            if pieces > 0 {
                rank += binomial(after, usize::from(pieces) - 1);
            }
        } else {
            return None;
        }
    }
    (pieces == 0 && rest == 0).then_some(rank)
}

/// The arrangement of one class and the rest of rank `rank`, into `classes`: the
/// inverse of [`combination_rank`].
fn combination_unrank(mut rank: u64, pieces: u8, other: u8, classes: &mut [u8]) {
    let mut pieces = usize::from(pieces);
    let mut after = classes.len();
    for out in classes.iter_mut() {
        after -= 1;
        *out = other;
        if pieces > 0 {
            let with = binomial(after, pieces - 1);
            if rank < with {
                *out = 0;
                pieces -= 1;
            } else {
                rank -= with;
            }
        }
    }
}

/// [`arrangement_rank`] of `pieces` distinct pieces and blanks (a database's group of
/// pieces among others blanked): a cell counts the arrangements of the cells after it
/// once a smaller class than its own is put there (a piece not yet placed; below a
/// blank, every one), each a count of sequences looked up, with no division.
pub(super) fn placed_rank(classes: &[u8], pieces: usize, blanks: u8) -> Option<u64> {
    if classes.len() > MOST_COUNTED {
        return None;
    }
    let (mut left, mut blanks) = (pieces, blanks);
    let mut after = classes.len();
    let mut used = 0u64;
    let mut rank = 0u64;
    for &c in classes {
        after -= 1;
        let below = match c {
            BLANK => {
                blanks = blanks.checked_sub(1)?;
                left
            }
            _ => {
                let bit = 1u64
                    .checked_shl(u32::from(c))
                    .filter(|_| usize::from(c) < pieces)?;
                if used & bit != 0 {
                    return None;
                }
                used |= bit;
                let below = usize::from(c) - (used & (bit - 1)).count_ones() as usize;
                left -= 1;
                below
            }
        };
        if below > 0 {
            // A smaller piece here leaves one piece fewer for the cells after.
            let placed = left + usize::from(c != BLANK) - 1;
            rank += below as u64 * sequences(after, placed);
        }
    }
    (left == 0 && blanks == 0).then_some(rank)
}

/// The most pieces of a permutation ranked apart: 20! fits 64 bits, 21! does not.
const MOST_PERMUTED: usize = 20;

/// [`arrangement_rank`] where every class is one piece: each digit of the rank (in
/// factorial base) the unused classes below a piece's, counted in a bit mask, with no
/// division.
pub(super) fn permutation_rank(classes: &[u8]) -> Option<u64> {
    let n = classes.len();
    let mut used = 0u64;
    let mut rank = 0u64;
    for (i, &c) in classes.iter().enumerate() {
        let bit = 1u64
            .checked_shl(u32::from(c))
            .filter(|_| usize::from(c) < n)?;
        if used & bit != 0 {
            return None;
        }
        let below = u64::from(c) - u64::from((used & (bit - 1)).count_ones());
        rank = rank * (n - i) as u64 + below;
        used |= bit;
    }
    Some(rank)
}

/// The arrangement of rank `rank`, into `classes`.
pub(super) fn arrangement_unrank(rank: u64, counts: &[u8], blanks: u8, classes: &mut [u8]) {
    match two_kinds(counts, blanks, classes.len()) {
        Some((pieces, _, other)) => combination_unrank(rank, pieces, other, classes),
        None => multiset_unrank(rank, counts, blanks, classes),
    }
}

/// [`arrangement_unrank`] of any multiset: the inverse of [`multiset_rank`].
pub(super) fn multiset_unrank(mut rank: u64, counts: &[u8], blanks: u8, classes: &mut [u8]) {
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
