//! Placements of `k` distinct tiles on a board of up to 32 cells, ranked as the set of
//! cells they cover, then the order of the tiles on those cells.
//!
//! `positions[t]` is the cell of tile `t`. The covered cells, a mask, have their
//! [`combination`] rank (the *map*); the tiles' order is the permutation that lists,
//! for each tile, its place among the covered cells in increasing order, ranked by its
//! Lehmer code. `rank = map * k! + order`, dense in `0..C(n, k) * k!`.
//!
//! This is how a pattern database is indexed: every placement of one map lies in one
//! run of `k!` entries, and a tile that moves to a neighbouring cell without passing
//! another tile (any horizontal slide) keeps the order, so a move changes the map only.

use super::combination;

/// The most tiles a placement places (the most cells [`combination::rank`] ranks).
pub const MAX_TILES: usize = combination::MAX_SET;

/// `k!` for `k <= MAX_TILES`: the orders of `k` tiles on one map.
pub const fn orders(k: usize) -> u64 {
    let mut product = 1;
    let mut i = 2;
    while i <= k {
        product *= i as u64;
        i += 1;
    }
    product
}

/// The number of placements of `k` tiles on `n` cells: `C(n, k) * k!`.
pub const fn count(n: usize, k: usize) -> u64 {
    combination::count(n, k) as u64 * orders(k)
}

/// The rank of the tiles' order: the Lehmer code of their places among the covered
/// cells. A tile's digit counts the later tiles on lower cells, which is the count of
/// places below its own not used before it.
#[inline]
pub fn order_rank(positions: &[u8]) -> u64 {
    let k = positions.len();
    let mut rank = 0;
    for (i, &cell) in positions.iter().enumerate() {
        let lower_later = positions[i + 1..].iter().filter(|&&c| c < cell).count();
        rank = rank * (k - i) as u64 + lower_later as u64;
    }
    rank
}

/// The rank of the placement where tile `t` lies on `positions[t]` (distinct cells
/// below 32, at most [`MAX_TILES`] of them).
#[inline]
pub fn rank(positions: &[u8]) -> u64 {
    let covered = positions.iter().fold(0u32, |mask, &cell| mask | 1 << cell);
    u64::from(combination::rank(covered)) * orders(positions.len()) + order_rank(positions)
}

/// The cells of the placement of `k` tiles on `n` cells with rank `rank`
/// (`rank < count(n, k)`), tile by tile in the first `k` places.
pub fn unrank(rank: u64, n: usize, k: usize) -> [u8; MAX_TILES] {
    let (map, order) = (rank / orders(k), rank % orders(k));
    let mut covered = combination::unrank(map as u32, n, k);
    let mut cells = [0u8; MAX_TILES];
    for cell in &mut cells[..k] {
        *cell = covered.trailing_zeros() as u8;
        covered &= covered - 1;
    }
    let places = super::permutation::unrank(order, k, k);
    let mut positions = [0u8; MAX_TILES];
    for (position, &place) in positions[..k].iter_mut().zip(&places[..k]) {
        *position = cells[usize::from(place)];
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_round_trip_densely() {
        for (n, k) in [(9, 8), (16, 3), (16, 1), (25, 3), (6, 6), (12, 4)] {
            let total = count(n, k);
            let mut seen = vec![false; total as usize];
            for r in 0..total {
                let positions = unrank(r, n, k);
                let placed = &positions[..k];
                assert!(placed.iter().all(|&c| usize::from(c) < n));
                let covered = placed.iter().fold(0u32, |m, &c| m | 1 << c);
                assert_eq!(covered.count_ones() as usize, k, "distinct cells");
                assert_eq!(rank(placed), r, "{n} cells, {k} tiles");
                assert!(!std::mem::replace(&mut seen[r as usize], true));
            }
        }
        assert_eq!(count(16, 8), 518_918_400);
        assert_eq!(count(25, 6), 127_512_000);
    }

    #[test]
    fn the_order_is_the_lehmer_rank_of_the_places() {
        // Places among the covered cells, as permutation::rank ranks them.
        let positions = [14u8, 3, 9, 0, 22];
        let places = [3u8, 1, 2, 0, 4];
        assert_eq!(
            order_rank(&positions),
            super::super::permutation::rank(&places, 5)
        );
        assert_eq!(order_rank(&[1, 2, 3]), 0);
        assert_eq!(order_rank(&[3, 2, 1]), 5);
    }
}
