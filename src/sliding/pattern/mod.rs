//! Pattern databases: for a group of tiles, the fewest moves *of those tiles* that
//! bring them home from every placement, whatever the other tiles do.
//!
//! A pattern is named by its tiles' home cells in the goal (the canonical board with
//! the blank at `goal_blank`). Its database has one byte per placement of its tiles,
//! indexed by [`placement::rank`]: the least, over the cells the blank may be on, of
//! the moves of pattern tiles needed to bring every tile home with the blank home too.
//! A *zero-aware* database ([`Pattern::zero_aware`]) has one byte per placement and
//! zone of the blank (the region of free cells it roams without moving a pattern
//! tile), the moves from there: a larger bound, looked up with the blank's cell.
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
mod zones;

use std::sync::Arc;

use crate::rank::{combination, placement};
use crate::table::{Source, Table, TableId, TooLarge};
use zones::Grid;

/// The most tiles a pattern holds: 8 (a database of 8 tiles on 16 cells has 519 M
/// entries; on 25 cells, 44 G).
pub const MAX_TILES: usize = placement::MAX_TILES;

/// A group of tiles on a `W` x `H` board, by their home cells, towards the goal with
/// the blank at `goal_blank`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern<const W: usize, const H: usize> {
    cells: Vec<u8>,
    goal_blank: usize,
    zero_aware: bool,
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
        Pattern {
            cells,
            goal_blank,
            zero_aware: false,
        }
    }

    /// The same pattern with a zero-aware database: an entry per placement and zone of
    /// the blank.
    pub fn zero_aware(self) -> Self {
        Pattern {
            zero_aware: true,
            ..self
        }
    }

    /// Whether its database is zero-aware.
    pub fn is_zero_aware(&self) -> bool {
        self.zero_aware
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

    /// Where each tile lies in the placement of placement index `index`
    /// ([`Pattern::index`]), in the order of [`Pattern::cells`].
    pub fn positions(&self, index: u64) -> Vec<u8> {
        let k = self.cells.len();
        placement::unrank(index, W * H, k)[..k].to_vec()
    }

    /// What database entry `entry` stands for: where each tile lies, in the order of
    /// [`Pattern::cells`], and for a zero-aware database the lowest cell of the
    /// blank's zone.
    pub fn entry_state(&self, entry: u64) -> (Vec<u8>, Option<u8>) {
        if !self.zero_aware {
            return (self.positions(entry), None);
        }
        let k = self.cells.len();
        let orders = placement::orders(k);
        let (block, order) = (entry / orders, entry % orders);
        let maps = combination::count(W * H, k) as u64;
        let (map, zone) = if block < maps {
            (block, 0)
        } else {
            let space = self.space();
            let further = space.further();
            let j = (block - maps) as u32;
            let map = further.partition_point(|&before| before <= j) - 1;
            (map as u64, (j - further[map]) as usize + 1)
        };
        let covered = combination::unrank(map as u32, W * H, k);
        let grid = Grid::new(W, H);
        let zone = grid.zones(grid.board & !covered).cells[zone];
        let rank = map * orders + order;
        (self.positions(rank), Some(zone.trailing_zeros() as u8))
    }

    fn name(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(u8::to_string).collect();
        // "zone": one block a map for its first zone, the further zones after them
        // (an earlier layout, "z", numbered all of a map's zones together).
        let zones = if self.zero_aware { "zone" } else { "" };
        format!("pattern{W}x{H}{zones}-{}", cells.join("."))
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
        if self.zero_aware {
            self.space().states()
        } else {
            self.placements()
        }
    }

    /// The states the search expands: every (placement, zone of the blank).
    fn work(&self) -> u64 {
        self.space().states()
    }

    fn compute(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Vec<u8>, TooLarge> {
        self.space()
            .database(self.zero_aware, progress)
            .map_err(TooLarge)
    }
}

/// A pattern and its database.
#[derive(Clone, Debug)]
pub struct PatternDb<D, const W: usize, const H: usize> {
    /// The pattern.
    pub pattern: Pattern<W, H>,
    /// Its values, by placement index (zero-aware: by state, [`PatternDb::index_of`]).
    pub table: Table<D>,
    /// Zero-aware: where a state's entry is.
    /// Shared: clones of a database (one per request a server answers) are cheap.
    blocks: Option<Arc<Blocks>>,
}

/// Where a zero-aware database's entries are: a state's entry is its block's first
/// plus its order. A map's first zone, its largest, has the block of the map's number
/// (the entry of the placement's own index); only maps whose tiles wall cells off have
/// further zones, in blocks after all maps'. So a lookup reads one word a map, the
/// cells walled off, before the entry; only a blank walled off reads where the map's
/// further blocks begin, and tells its zone from the others by flood fill.
#[derive(Debug)]
struct Blocks {
    grid: Grid,
    /// For each map, the cells of its further zones.
    walled: Vec<u32>,
    /// For each map, the number of further zones of the maps before it, the total last.
    further: Vec<u32>,
}

impl Blocks {
    fn new(space: build::Space) -> Self {
        let (grid, further, walled) = space.into_zones();
        Blocks {
            grid,
            walled,
            further,
        }
    }

    /// The block of `map`'s zone holding `blank`.
    #[inline]
    fn block(&self, map: usize, blank: usize) -> u64 {
        let walled = self.walled[map];
        if walled >> blank & 1 == 0 {
            return map as u64;
        }
        self.walled_off(map, walled, blank as u32)
    }

    /// The block of the further zone of `map` (walled cells `walled`) holding `blank`:
    /// after those of lower cells.
    #[cold]
    #[inline(never)]
    fn walled_off(&self, map: usize, walled: u32, blank: u32) -> u64 {
        let zone = self.grid.fill(walled, blank);
        let mut lower = walled & ((1 << zone.trailing_zeros()) - 1);
        let mut before = 0;
        while lower != 0 {
            lower &= !self.grid.fill(walled, lower.trailing_zeros());
            before += 1;
        }
        build::further_block(&self.further, map, before)
    }
}

impl<D: AsRef<[u8]>, const W: usize, const H: usize> PatternDb<D, W, H> {
    /// The database `table` of `pattern`.
    pub fn new(pattern: Pattern<W, H>, table: Table<D>) -> Self {
        let blocks = pattern
            .zero_aware
            .then(|| Arc::new(Blocks::new(pattern.space())));
        PatternDb {
            pattern,
            table,
            blocks,
        }
    }

    /// The value of the placement where the tile homed at `pattern.cells()[i]` lies at
    /// `positions[i]`, with the blank on `blank`.
    #[inline]
    pub fn value(&self, positions: &[u8], blank: usize) -> u8 {
        let covered = positions.iter().fold(0u32, |mask, &cell| mask | 1 << cell);
        self.value_at(self.index_of(covered, placement::order_rank(positions), blank))
    }

    /// The entry of the placement whose tiles cover `covered` in the order `order`
    /// ([`placement::order_rank`]), with the blank on cell `blank` (which only a
    /// zero-aware database reads): the index's parts, which a search can keep up to
    /// date move by move.
    #[inline]
    pub fn index_of(&self, covered: u32, order: u64, blank: usize) -> u64 {
        let k = self.pattern.cells.len();
        let Some(blocks) = &self.blocks else {
            return placement::rank_of(covered, order, k, W * H);
        };
        let map = combination::rank_within(covered, W * H) as usize;
        blocks.block(map, blank) * placement::orders(k) + order
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
