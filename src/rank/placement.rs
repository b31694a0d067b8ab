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

use super::{combination, ones32};

/// The most tiles a placement places (the most cells [`combination::rank`] ranks).
pub const MAX_TILES: usize = combination::MAX_SET;

/// `FACTORIAL[k]` = `k!`.
const FACTORIAL: [u64; MAX_TILES + 1] = {
    let mut table = [1; MAX_TILES + 1];
    let mut k = 2;
    while k <= MAX_TILES {
        table[k] = table[k - 1] * k as u64;
        k += 1;
    }
    table
};

/// `k!` for `k <= MAX_TILES`: the orders of `k` tiles on one map.
pub const fn orders(k: usize) -> u64 {
    FACTORIAL[k]
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
    let mut later = 0u32;
    let mut rank = 0;
    for (weight, &cell) in positions.iter().rev().enumerate() {
        let lower_later = ones32(later & ((1 << cell) - 1));
        rank += u64::from(lower_later) * FACTORIAL[weight];
        later |= 1 << cell;
    }
    rank
}

/// `PASS[k][moved][passed]`: what tile `moved` of `k` going to a higher cell past tile
/// `passed` adds to their order ([`order_rank`]); going to a lower one, it subtracts as
/// much; a move past several tiles, the sum for each. Only two digits change, by one
/// each: a later tile passed counts in the moved tile's digit, the moved tile in an
/// earlier tile's.
pub const PASS: [[[i32; MAX_TILES]; MAX_TILES]; MAX_TILES + 1] = {
    let mut table = [[[0; MAX_TILES]; MAX_TILES]; MAX_TILES + 1];
    let mut k = 1;
    while k <= MAX_TILES {
        let mut moved = 0;
        while moved < k {
            let mut passed = 0;
            while passed < k {
                table[k][moved][passed] = if passed > moved {
                    FACTORIAL[k - 1 - moved] as i32
                } else if passed < moved {
                    -(FACTORIAL[k - 1 - passed] as i32)
                } else {
                    0
                };
                passed += 1;
            }
            moved += 1;
        }
        k += 1;
    }
    table
};

/// The rank of the placement where tile `t` lies on `positions[t]` (distinct cells
/// below 32, at most [`MAX_TILES`] of them).
#[inline]
pub fn rank(positions: &[u8]) -> u64 {
    let covered = positions.iter().fold(0u32, |mask, &cell| mask | 1 << cell);
    rank_of(
        covered,
        order_rank(positions),
        positions.len(),
        combination::MAX_CELLS,
    )
}

/// The rank of the placement of `k` tiles covering the cells of `covered`, all below
/// `cells`, in the order `order` ([`order_rank`]).
#[inline]
pub fn rank_of(covered: u32, order: u64, k: usize, cells: usize) -> u64 {
    u64::from(combination::rank_within(covered, cells)) * orders(k) + order
}

/// The cells of the placement of `k` tiles on `n` cells with rank `rank`
/// (`rank < count(n, k)`), tile by tile in the first `k` places.
pub fn unrank(rank: u64, n: usize, k: usize) -> [u8; MAX_TILES] {
    let (map, order) = (rank / orders(k), rank % orders(k));
    let cells = cells(combination::unrank(map as u32, n, k));
    let places = super::permutation::unrank(order, k, k);
    let mut positions = [0u8; MAX_TILES];
    for (position, &place) in positions[..k].iter_mut().zip(&places[..k]) {
        *position = cells[usize::from(place)];
    }
    positions
}

/// The cells of `covered` (at most [`MAX_TILES`]), in increasing order.
pub fn cells(mut covered: u32) -> [u8; MAX_TILES] {
    let mut cells = [0u8; MAX_TILES];
    for cell in &mut cells[..covered.count_ones() as usize] {
        *cell = covered.trailing_zeros() as u8;
        covered &= covered - 1;
    }
    cells
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

    #[test]
    fn an_order_after_a_move_is_the_order_ranked_afresh() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..20_000 {
            let k = rng.random_range(1..=MAX_TILES);
            let mut positions = unrank(rng.random_range(0..count(25, k)), 25, k);
            let positions = &mut positions[..k];
            let before = order_rank(positions) as u16;
            let moved = rng.random_range(0..k);
            let from = positions[moved];
            let free: Vec<u8> = (0..25).filter(|c| !positions.contains(c)).collect();
            positions[moved] = free[rng.random_range(0..free.len())];
            let onto = positions[moved];
            let (low, high) = (from.min(onto), from.max(onto));
            let passed = (0..k).filter(|&t| low < positions[t] && positions[t] < high);
            let delta: i32 = passed.map(|t| PASS[k][moved][t]).sum();
            let sign = if from < onto { 1 } else { -1 };
            let after = i32::from(before) + sign * delta;
            assert_eq!(after as u64, order_rank(positions), "{positions:?}");
        }
    }
}
