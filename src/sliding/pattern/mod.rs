//! Pattern databases: for a group of tiles, the fewest moves *of those tiles* that
//! bring them home from every placement, whatever the other tiles do.
//!
//! A pattern is named by its tiles' home cells in the goal (the canonical board with
//! the blank at `goal_blank`). Its database has one byte per placement of its tiles,
//! indexed by [`placement::rank`]: the least, over the cells the blank may be on, of
//! the moves of pattern tiles needed to bring every tile home with the blank home too.
//! `build.rs` (and `doc/pattern-databases.md` in the repository) says how it is computed.
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

mod build;

use crate::rank::placement;
use crate::table::{Source, Table, TableId, TooLarge};

/// The most tiles a pattern holds: 8 (a database of 8 tiles on 16 cells has 519 M
/// entries; on 25 cells, 44 G).
pub const MAX_TILES: usize = placement::MAX_TILES;

/// A group of tiles on a `W` x `H` board, by their home cells, towards the goal with
/// the blank at `goal_blank`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern<const W: usize, const H: usize> {
    cells: Vec<u8>,
    goal_blank: usize,
}

impl<const W: usize, const H: usize> Pattern<W, H> {
    /// The pattern of the tiles whose homes are `cells` (distinct, none the blank's,
    /// at most [`MAX_TILES`]).
    pub fn new(cells: &[u8], goal_blank: usize) -> Self {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells.dedup();
        let n = W * H;
        assert!(n <= 32, "boards of at most 32 cells");
        assert!(cells
            .iter()
            .all(|&c| usize::from(c) < n && usize::from(c) != goal_blank));
        assert!(goal_blank < n && !cells.is_empty() && cells.len() <= MAX_TILES.min(n - 1));
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
        placement::count(W * H, self.cells.len())
    }

    /// The database index of a placement: `positions[i]` is where the tile homed at
    /// `cells()[i]` lies.
    #[inline]
    pub fn index(&self, positions: &[u8]) -> u64 {
        placement::rank(positions)
    }

    /// Where each tile lies in the placement of database index `index`, in the order
    /// of [`Pattern::cells`].
    pub fn positions(&self, index: u64) -> Vec<u8> {
        let k = self.cells.len();
        placement::unrank(index, W * H, k)[..k].to_vec()
    }

    fn name(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(u8::to_string).collect();
        format!("pattern{W}x{H}-{}", cells.join("."))
    }

    fn space(&self) -> build::Space {
        build::Space::new(W, H, &self.cells, self.goal_blank)
    }
}

impl<const W: usize, const H: usize> Source for Pattern<W, H> {
    fn id(&self) -> TableId {
        TableId::owned(self.name(), self.goal_blank as u32).bounds()
    }

    fn entries(&self) -> u64 {
        self.placements()
    }

    /// The states the search expands: every (placement, zone of the blank).
    fn work(&self) -> u64 {
        self.space().states()
    }

    fn compute(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Vec<u8>, TooLarge> {
        self.space().database(progress).map_err(TooLarge)
    }
}

/// A pattern and its database.
#[derive(Debug)]
pub struct PatternDb<D, const W: usize, const H: usize> {
    /// The pattern.
    pub pattern: Pattern<W, H>,
    /// Its values, by placement index.
    pub table: Table<D>,
}

impl<D: AsRef<[u8]>, const W: usize, const H: usize> PatternDb<D, W, H> {
    /// The value of the placement where the tile homed at `pattern.cells()[i]` lies at
    /// `positions[i]`.
    #[inline]
    pub fn value(&self, positions: &[u8]) -> u8 {
        self.value_at(self.pattern.index(positions))
    }

    /// The index of the placement whose tiles cover `covered` in the order `order`
    /// ([`placement::order_rank`]): the index's two parts, which a search can keep up
    /// to date move by move.
    #[inline]
    pub fn index_of(&self, covered: u32, order: u64) -> u64 {
        placement::rank_of(covered, order, self.pattern.cells.len(), W * H)
    }

    /// The value at `index` ([`PatternDb::index_of`]).
    #[inline]
    pub fn value_at(&self, index: u64) -> u8 {
        self.table.entry_byte(index)
    }

    /// Hints that [`PatternDb::value_at`] will soon be asked for `index`.
    #[inline]
    pub fn prefetch(&self, index: u64) {
        self.table.prefetch_byte(index);
    }
}
