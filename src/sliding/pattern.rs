//! Pattern databases: for a group of tiles, the fewest moves *of those tiles* that
//! bring them home from every placement, whatever the other tiles do.
//!
//! A pattern is named by its tiles' home cells in the goal (the canonical board with
//! the blank at `goal_blank`). Its abstract space is every placement of the pattern's
//! tiles (a partial permutation of the cells, ranked by [`permutation`]) with every
//! cell free of them for the blank; a slide that moves a pattern tile counts one, any other slide is free.
//! A reverse 0-1 search from the goal placement with the blank home gives each
//! (placement, blank) its distance, and the database keeps the least over the blank's
//! cells: one byte per placement, indexed by its rank.
//!
//! Every slide moves one tile, so the values of disjoint patterns add up to a lower
//! bound on the slides left that never overestimates.
//!
//! The bound is admissible but not consistent: the least over the blank's cells can
//! change by 3 or 5 in one slide of a pattern tile (the slide joins or splits the
//! regions of free cells the blank can roam), on about 2% of such slides. Lowering
//! every value until neighbours differ by at most one would make it consistent, at
//! about nine times the nodes on Korf's 100 instances; IDA*, its optimality and its
//! smallest-answer argument need admissibility only (see [`crate::search::ida_star`]).
//! A slide of a tile outside the pattern never changes the pattern's value.

use crate::rank::permutation;
use crate::search::{reverse_bfs, Cost, StateSpace, UNREACHABLE};
use crate::table::{Source, Table, TableId};

use super::{Slide, MAX_CELLS};

/// A group of tiles on a `W` x `H` board, by their home cells, towards the goal with
/// the blank at `goal_blank`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern<const W: usize, const H: usize> {
    cells: Vec<u8>,
    goal_blank: usize,
}

impl<const W: usize, const H: usize> Pattern<W, H> {
    /// The pattern of the tiles whose homes are `cells` (distinct, none the blank's).
    pub fn new(cells: &[u8], goal_blank: usize) -> Self {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells.dedup();
        let n = W * H;
        assert!(cells
            .iter()
            .all(|&c| usize::from(c) < n && usize::from(c) != goal_blank));
        assert!(goal_blank < n && !cells.is_empty() && cells.len() < n);
        Pattern { cells, goal_blank }
    }

    /// The home cells of the pattern's tiles, in increasing order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The goal's blank cell.
    pub fn goal_blank(&self) -> usize {
        self.goal_blank
    }

    /// The number of placements, and so of database entries: `n! / (n-k)!`.
    pub fn placements(&self) -> u64 {
        permutation::count(W * H, self.cells.len())
    }

    /// The number of cells free of pattern tiles.
    fn free(&self) -> u64 {
        (W * H - self.cells.len()) as u64
    }

    /// The rank of a placement: `positions[i]` is where the tile homed at `cells()[i]`
    /// lies.
    #[inline]
    pub fn rank(&self, positions: &[u8]) -> u32 {
        permutation::rank(positions, W * H) as u32
    }

    fn name(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(u8::to_string).collect();
        format!("pattern{W}x{H}-{}", cells.join("."))
    }
}

/// The blank's cell among the cells free of pattern tiles, numbered in reading order.
#[inline]
fn free_index(occupied: u32, blank: usize) -> u64 {
    (blank as u32 - (occupied & ((1 << blank) - 1)).count_ones()) as u64
}

/// The cell of the `index`-th free cell.
#[inline]
fn free_cell(occupied: u32, mut index: u64) -> usize {
    let mut free = !occupied;
    while index > 0 {
        free &= free - 1;
        index -= 1;
    }
    free.trailing_zeros() as usize
}

impl<const W: usize, const H: usize> StateSpace for Pattern<W, H> {
    /// (placement, blank among the free cells), ranked as `placement * free + index`.
    fn states(&self) -> u64 {
        self.placements() * self.free()
    }

    fn goals(&self) -> Vec<u64> {
        let home = self.rank(&self.cells) as u64;
        let occupied = self.cells.iter().fold(0, |mask, &c| mask | 1 << c);
        vec![home * self.free() + free_index(occupied, self.goal_blank)]
    }

    fn neighbours(&self, rank: u64, mut visit: impl FnMut(u64, Cost)) {
        let (n, k, free) = (W * H, self.cells.len(), self.free());
        let placement = rank / free;
        let mut positions = permutation::unrank(placement, n, k);
        let mut tile_at = [u8::MAX; MAX_CELLS];
        let mut occupied = 0u32;
        for (i, &p) in positions[..k].iter().enumerate() {
            tile_at[usize::from(p)] = i as u8;
            occupied |= 1 << p;
        }
        let blank = free_cell(occupied, rank % free);
        for m in Slide::ALL {
            let Some(to) = m.target(blank, W, H) else {
                continue;
            };
            match tile_at[to] {
                u8::MAX => visit(placement * free + free_index(occupied, to), Cost::Free),
                i => {
                    // The tile moves into the blank's cell, the blank into the tile's.
                    positions[usize::from(i)] = blank as u8;
                    let moved = self.rank(&positions[..k]) as u64;
                    positions[usize::from(i)] = to as u8;
                    let now = occupied & !(1 << to) | 1 << blank;
                    visit(moved * free + free_index(now, to), Cost::One);
                }
            }
        }
    }
}

impl<const W: usize, const H: usize> Source for Pattern<W, H> {
    fn id(&self) -> TableId {
        TableId::owned(self.name(), self.goal_blank as u32)
    }

    fn entries(&self) -> u64 {
        self.placements()
    }

    /// The 0-1 search, then the least distance over the blank's cells.
    fn compute(&self) -> Vec<u8> {
        reverse_bfs(self)
            .chunks(self.free() as usize)
            .map(|blanks| *blanks.iter().min().unwrap_or(&UNREACHABLE))
            .collect()
    }
}

/// A pattern and its database.
#[derive(Debug)]
pub struct PatternDb<D, const W: usize, const H: usize> {
    /// The pattern.
    pub pattern: Pattern<W, H>,
    /// Its values, by placement rank.
    pub table: Table<D>,
}

impl<D: AsRef<[u8]>, const W: usize, const H: usize> PatternDb<D, W, H> {
    /// The value of the placement where the tile homed at `pattern.cells()[i]` lies at
    /// `positions[i]`.
    #[inline]
    pub fn value(&self, positions: &[u8]) -> u8 {
        self.table.distance(self.pattern.rank(positions))
    }
}
