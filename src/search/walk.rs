//! The greedy walk down an exact distance table, one state at a time or recorded for
//! every rank at once, packed into a `u64`.

use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::{StateSpace, UNREACHABLE};

/// A state space whose moves have an order (their letters'), so that every rank's
/// walk can be recorded.
pub trait Walks: StateSpace {
    /// A state, unranked once for all its moves.
    type State;
    /// The number of moves.
    fn moves(&self) -> usize;
    /// The state of `rank`.
    fn state(&self, rank: u64) -> Self::State;
    /// The rank move number `m` (in letter order) leads to from `state`, if legal.
    fn successor(&self, state: &Self::State, m: usize) -> Option<u64>;
}

/// Bits that hold one move's number when there are `moves` moves: at least one, so
/// that a walk's length is its bits over this even for a puzzle of one move.
pub const fn move_bits(moves: usize) -> u8 {
    match moves {
        0..=2 => 1,
        _ => (usize::BITS - (moves - 1).leading_zeros()) as u8,
    }
}

/// A walk's move numbers packed into a `u64`: a marker bit, then `bits` bits a move,
/// the first move highest. Walks of equal length then compare as their packed values
/// do, lexicographically; the empty walk is 1, and 0 stands for no walk at all.
pub fn pack_walk(moves: &[usize], bits: u8) -> u64 {
    moves.iter().fold(1, |packed, &m| packed << bits | m as u64)
}

/// The number of moves in a packed walk, `None` for 0 (no walk).
pub fn walk_length(packed: u64, bits: u8) -> Option<u8> {
    let used = u64::BITS - packed.leading_zeros();
    (used > 0).then(|| ((used - 1) / u32::from(bits)) as u8)
}

/// The move numbers of a packed walk, first move first.
pub fn unpack_walk(packed: u64, bits: u8) -> impl ExactSizeIterator<Item = usize> {
    let len = walk_length(packed, bits).unwrap_or(0);
    let mask = (1u64 << bits) - 1;
    (0..len)
        .rev()
        .map(move |i| (packed >> (u32::from(i) * u32::from(bits)) & mask) as usize)
}

/// Why a distance table yields no packed walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWalks {
    /// Some rank has no move one closer: the table contradicts itself.
    Contradiction,
    /// The longest walk, of this many moves, does not fit a `u64`.
    TooLong(u8),
}

/// Every rank's greedy walk down `distances`, packed: what [`greedy_walk`] finds from
/// each rank, found once for all. Ranks are taken in order of distance, so a rank's
/// walk is its first move in letter order to a rank one closer, followed by that
/// rank's walk, already known.
pub fn packed_walks<S: Walks>(space: &S, distances: &[u8]) -> Result<Vec<u64>, NoWalks> {
    let bits = move_bits(space.moves());
    let Some(longest) = distances.iter().filter(|&&d| d != UNREACHABLE).max() else {
        return Ok(vec![0; distances.len()]);
    };
    if u32::from(*longest) * u32::from(bits) >= u64::BITS {
        return Err(NoWalks::TooLong(*longest));
    }
    let mut levels = vec![Vec::new(); usize::from(*longest) + 1];
    for (rank, &d) in distances.iter().enumerate() {
        if d != UNREACHABLE {
            levels[usize::from(d)].push(rank as u64);
        }
    }
    let walks: Vec<AtomicU64> = distances.iter().map(|_| AtomicU64::new(0)).collect();
    for &goal in &levels[0] {
        walks[goal as usize].store(1, Relaxed);
    }
    for (d, level) in levels.iter().enumerate().skip(1) {
        let shift = (d - 1) as u32 * u32::from(bits);
        level.par_iter().try_for_each(|&rank| {
            let state = space.state(rank);
            let (m, next) = (0..space.moves())
                .find_map(|m| {
                    let next = space.successor(&state, m)?;
                    (usize::from(distances[next as usize]) == d - 1).then_some((m, next))
                })
                .ok_or(NoWalks::Contradiction)?;
            // This move goes where the next rank's marker was; the marker above it.
            let rest = walks[next as usize].load(Relaxed) ^ 1 << shift;
            let walk = 1 << (shift + u32::from(bits)) | (m as u64) << shift | rest;
            walks[rank as usize].store(walk, Relaxed);
            Ok(())
        })?;
    }
    Ok(walks.into_iter().map(AtomicU64::into_inner).collect())
}

/// Walks from a state at `distance` to the goal: at every step the first move, in the
/// order of `moves`, whose `step` reaches a state one closer. Every step lowers the
/// distance by one, so the path is shortest; every step takes the smallest letter that
/// still allows a shortest path, so the path is the lexicographically smallest of them.
///
/// `step` returns the state a move leads to and its distance, or `None` for a move
/// that is not legal there. The result is the path and the state it ends in, or `None`
/// when at some state no move leads one closer, which a correct table never allows.
pub fn greedy_walk<S, M: Copy>(
    mut state: S,
    mut distance: u8,
    moves: &[M],
    mut step: impl FnMut(&S, M) -> Option<(S, u8)>,
) -> Option<(Vec<M>, S)> {
    let mut path = Vec::with_capacity(usize::from(distance));
    while distance > 0 {
        let (next, chosen) = moves.iter().find_map(|&m| {
            step(&state, m)
                .filter(|&(_, d)| d == distance - 1)
                .map(|(next, _)| (next, m))
        })?;
        path.push(chosen);
        state = next;
        distance -= 1;
    }
    Some((path, state))
}

/// Every shortest walk from a state at `distance`, as [`greedy_walk`] takes steps (it
/// finds the first): their number, and, if `list` and they are at most
/// [`super::MOST_LISTED`], each walk, in the order of `moves`.
/// Counted by dynamic programming over the states on shortest walks, each counted
/// once, so the count is exact however many walks there are; `None` when some state
/// on the way has no move one closer, which a correct table never allows.
pub fn every_walk<S: Clone + Eq + Hash, M: Copy>(
    start: S,
    distance: u8,
    moves: &[M],
    step: impl Fn(&S, M) -> Option<(S, u8)>,
    list: bool,
) -> Option<(u128, Vec<Vec<M>>)> {
    let closer = |state: &S, distance: u8| -> Vec<(M, S)> {
        moves
            .iter()
            .filter_map(|&m| {
                step(state, m)
                    .filter(|&(_, d)| d + 1 == distance)
                    .map(|(next, _)| (m, next))
            })
            .collect()
    };
    let mut counts: HashMap<S, u128> = HashMap::new();
    let count = count_walks(&start, distance, &closer, &mut counts)?;
    let mut walks = Vec::new();
    if list && count <= super::MOST_LISTED as u128 {
        let mut path = Vec::with_capacity(usize::from(distance));
        list_walks(&start, distance, &closer, &mut path, &mut walks);
    }
    Some((count, walks))
}

fn count_walks<S: Clone + Eq + Hash, M>(
    state: &S,
    distance: u8,
    closer: &impl Fn(&S, u8) -> Vec<(M, S)>,
    counts: &mut HashMap<S, u128>,
) -> Option<u128> {
    if distance == 0 {
        return Some(1);
    }
    if let Some(&count) = counts.get(state) {
        return Some(count);
    }
    let mut count = 0;
    for (_, next) in closer(state, distance) {
        count += count_walks(&next, distance - 1, closer, counts)?;
    }
    counts.insert(state.clone(), count);
    (count > 0).then_some(count)
}

fn list_walks<S, M: Copy>(
    state: &S,
    distance: u8,
    closer: &impl Fn(&S, u8) -> Vec<(M, S)>,
    path: &mut Vec<M>,
    walks: &mut Vec<Vec<M>>,
) {
    if distance == 0 {
        walks.push(path.clone());
        return;
    }
    for (m, next) in closer(state, distance) {
        path.push(m);
        list_walks(&next, distance - 1, closer, path, walks);
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_walks_keep_their_moves_and_compare_lexicographically() {
        assert_eq!((move_bits(8), move_bits(4), move_bits(2)), (3, 2, 1));
        let walks = [vec![], vec![0], vec![7, 0, 3], vec![7, 1, 0]];
        for moves in &walks {
            let packed = pack_walk(moves, 3);
            assert_eq!(walk_length(packed, 3), Some(moves.len() as u8));
            assert_eq!(unpack_walk(packed, 3).collect::<Vec<_>>(), *moves);
        }
        assert!(pack_walk(&walks[2], 3) < pack_walk(&walks[3], 3));
        assert_eq!(walk_length(0, 3), None);
    }

    #[test]
    fn walk_takes_first_move_that_gets_closer() {
        // On a line, from 5: "down" (-1) gets closer, "up" (+1) does not.
        let path = greedy_walk(5u32, 5, &['u', 'd'], |&s, m| {
            let next = if m == 'u' { s + 1 } else { s.checked_sub(1)? };
            Some((next, next as u8))
        });
        assert_eq!(path, Some((vec!['d'; 5], 0)));
    }

    #[test]
    fn every_walk_on_a_grid_counts_the_lattice_paths() {
        // From (2, 2) to (0, 0) by steps left or down: C(4, 2) = 6 walks.
        let step = |&(x, y): &(u8, u8), m: char| {
            let next = match m {
                'd' => (x, y.checked_sub(1)?),
                _ => (x.checked_sub(1)?, y),
            };
            Some((next, next.0 + next.1))
        };
        let (count, walks) = every_walk((2, 2), 4, &['d', 'l'], step, true).unwrap();
        let walks: Vec<String> = walks.iter().map(|w| w.iter().collect()).collect();
        assert_eq!(count, 6);
        assert_eq!(walks, ["ddll", "dldl", "dlld", "lddl", "ldld", "lldd"]);
        let broken = every_walk(3u32, 3, &['s'], |&s, _| Some((s, 3)), false);
        assert_eq!(broken, None);
    }

    #[test]
    fn walk_reports_a_table_with_no_way_down() {
        let path = greedy_walk(3u32, 3, &['s'], |&s, _| Some((s, 3)));
        assert_eq!(path, None);
    }
}
