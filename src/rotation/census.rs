//! The census of whole boards: how many of the 24! / (8!)^3 = 9,465,511,770
//! arrangements of eight 1s, 2s and 3s need each number of moves.
//!
//! A board's distance is the least of its three masks' distances, which does not depend
//! on which digit holds which mask. So each partition of the cells into three masks is
//! counted once, with the first mask holding cell 0 and the second the lowest cell left,
//! and stands for its 3! = 6 boards: 245,157 x 6,435 partitions instead of 9.5 billion.

use rayon::prelude::*;

use super::mask::{self, PIECES};
use super::{Board, CELLS};
use crate::search::UNREACHABLE;
use crate::table::Table;

/// Every arrangement of eight 1s, 2s and 3s.
pub const BOARDS: u64 = 9_465_511_770;

/// The most moves any board needs (the census finds 192 such boards).
pub const HARDEST: usize = 13;

/// Boards per partition of the cells into three masks: the ways to name them 1, 2, 3.
const NAMINGS: u64 = 6;

/// The census's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// `boards_at[n]`: the number of boards whose shortest solution has `n` moves.
    pub boards_at: Vec<u64>,
    /// A board needing the most moves.
    pub hardest: Board,
}

/// Per-worker tallies: partitions at each distance, and one example of each.
#[derive(Clone)]
struct Tally {
    count: [u64; 256],
    example: [Option<(u32, u32)>; 256],
}

impl Tally {
    fn new() -> Self {
        Tally {
            count: [0; 256],
            example: [None; 256],
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        for d in 0..256 {
            self.count[d] += other.count[d];
            self.example[d] = self.example[d].or(other.example[d]);
        }
        self
    }
}

/// The masks of `bits` cells, within the low `width` cells, in increasing order.
fn subsets(width: u32, bits: u32) -> impl Iterator<Item = u32> {
    let end = 1u32 << width;
    std::iter::successors(Some((1u32 << bits) - 1), move |&v| {
        // The next larger number with the same count of set bits (Gosper's hack).
        let low = v & v.wrapping_neg();
        let ripple = v + low;
        let next = (((ripple ^ v) >> 2) / low) | ripple;
        Some(next)
    })
    .take_while(move |&v| v < end)
}

/// How many first masks there are: C(23, 7).
pub const FIRST_MASKS: usize = 245_157;

/// The first masks of the partitions: cell 0 and seven of the other 23.
pub fn first_masks() -> Vec<u32> {
    subsets(CELLS as u32 - 1, PIECES as u32 - 1)
        .map(|m| m << 1 | 1)
        .collect()
}

/// Counts every board by the length of its shortest solution, in parallel.
/// `progress` is told, from any thread, how many of the [`first_masks`] are done.
pub fn census<D: AsRef<[u8]> + Sync>(
    table: &Table<D>,
    progress: &(dyn Fn(usize) + Sync),
) -> Census {
    census_over(table, &first_masks(), progress)
}

/// The census of the boards whose partition has one of `firsts` as its first mask.
pub fn census_over<D: AsRef<[u8]> + Sync>(
    table: &Table<D>,
    firsts: &[u32],
    progress: &(dyn Fn(usize) + Sync),
) -> Census {
    let all = (1u32 << CELLS) - 1;
    let distance = |m: u32| table.distance(mask::rank(m));
    // The second mask: the lowest free cell and seven of the 15 others, as a 15-bit pattern.
    let seconds: Vec<u32> = subsets(15, PIECES as u32 - 1).collect();
    let tally = firsts
        .par_chunks(1 << 10)
        .map(|chunk| {
            let mut tally = Tally::new();
            for &first in chunk {
                let d1 = distance(first);
                let free = all ^ first;
                let lowest = free & free.wrapping_neg();
                // The other 15 free cells, spread from the pattern's bits by two lookups.
                let mut cells = [0u32; 15];
                let mut rest = free ^ lowest;
                for cell in &mut cells {
                    *cell = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                }
                let mut low = [0u32; 256];
                let mut high = [0u32; 128];
                for p in 1..256usize {
                    low[p] = low[p & (p - 1)] | cells[p.trailing_zeros() as usize];
                }
                for p in 1..128usize {
                    high[p] = high[p & (p - 1)] | cells[8 + p.trailing_zeros() as usize];
                }
                for &pattern in &seconds {
                    let second =
                        lowest | low[(pattern & 0xff) as usize] | high[(pattern >> 8) as usize];
                    let third = free ^ second;
                    let d = d1.min(distance(second)).min(distance(third));
                    tally.count[usize::from(d)] += 1;
                    tally.example[usize::from(d)].get_or_insert((first, second));
                }
            }
            progress(chunk.len());
            tally
        })
        .reduce(Tally::new, Tally::merge);
    debug_assert_eq!(tally.count[usize::from(UNREACHABLE)], 0);
    let longest = tally
        .count
        .iter()
        .rposition(|&c| c > 0)
        .expect("some board is counted");
    let (first, second) = tally.example[longest].expect("the longest has an example");
    Census {
        boards_at: tally.count[..=longest]
            .iter()
            .map(|&c| c * NAMINGS)
            .collect(),
        hardest: Board::from_masks([first, second, all ^ first ^ second])
            .expect("a partition is a board"),
    }
}
