//! Pattern databases: for a group of tiles, the fewest moves *of those tiles* that
//! bring them home from every placement, whatever the other tiles do.
//!
//! A pattern is named by its tiles' home cells in the goal (the canonical board with
//! the blank at `goal_blank`). Its database has one byte per placement of its tiles,
//! indexed by [`placement::rank`]: the least, over the cells the blank may be on, of
//! the moves of pattern tiles needed to bring every tile home with the blank home too.
//! A *zero-aware* database ([`Pattern::zero_aware`]) tells the blank's zones apart (the
//! regions of free cells it roams without moving a pattern tile): two bytes per
//! placement, the moves with the blank in the largest zone and the least with it
//! walled off from there: a larger bound, looked up with the blank's cell. `build.rs`
//! (and `doc/pattern-databases.md` in the repository) says how it is computed.
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
use crate::table::{Source, Table, TableId, TooLarge, Work};

/// The most tiles a pattern holds: 8 (a database of 8 tiles on 16 cells has 519 M
/// entries; on 25 cells, 44 G).
pub const MAX_TILES: usize = placement::MAX_TILES;

/// One core's time a state of a database's search takes, in nanoseconds (the 15-puzzle's
/// 7-8 databases: about 80 s on two cores).
const STEP_NANOS: u64 = 100;

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

    /// The same pattern with a zero-aware database: two entries per placement, for the
    /// blank in the largest zone and walled off.
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
    /// [`Pattern::cells`], and for a zero-aware database whether the blank is walled
    /// off from the largest zone of the cells the tiles leave free.
    pub fn entry_state(&self, entry: u64) -> (Vec<u8>, Option<bool>) {
        if !self.zero_aware {
            return (self.positions(entry), None);
        }
        (self.positions(entry / 2), Some(entry % 2 == 1))
    }

    fn name(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(u8::to_string).collect();
        // "zone2": two entries a placement. Earlier layouts, an entry a state, are no
        // longer read: "z" (a map's zones together) and "zone" (further zones after
        // all maps).
        let zones = if self.zero_aware { "zone2" } else { "" };
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
            2 * self.placements()
        } else {
            self.placements()
        }
    }

    /// The states the search expands: every (placement, zone of the blank).
    fn work(&self) -> u64 {
        self.space().states()
    }

    fn step_nanos(&self) -> u64 {
        STEP_NANOS
    }

    fn compute(&self, work: &Work) -> Result<Vec<u8>, TooLarge> {
        self.space()
            .database(self.zero_aware, work)
            .map_err(TooLarge)
    }
}

/// A pattern and its database.
#[derive(Clone, Debug)]
pub struct PatternDb<D, const W: usize, const H: usize> {
    /// The pattern.
    pub pattern: Pattern<W, H>,
    /// Its values, by placement index (zero-aware: two a placement,
    /// [`PatternDb::index_of`]).
    pub table: Table<D>,
    /// Zero-aware: for each map, the cells its tiles wall off from the largest zone.
    /// Shared: clones of a database (one per request a server answers) are cheap.
    walled: Option<Arc<Vec<u32>>>,
}

impl<D: AsRef<[u8]>, const W: usize, const H: usize> PatternDb<D, W, H> {
    /// The database `table` of `pattern`.
    pub fn new(pattern: Pattern<W, H>, table: Table<D>) -> Self {
        let walled = pattern
            .zero_aware
            .then(|| Arc::new(pattern.space().into_walled()));
        PatternDb {
            pattern,
            table,
            walled,
        }
    }

    /// The same database over borrowed bytes: a view, copying nothing.
    pub fn borrowed(&self) -> PatternDb<&[u8], W, H> {
        PatternDb {
            pattern: self.pattern.clone(),
            table: self.table.borrowed(),
            walled: self.walled.clone(),
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
        let Some(walled) = &self.walled else {
            return placement::rank_of(covered, order, k, W * H);
        };
        let map = combination::rank_within(covered, W * H);
        let placement = u64::from(map) * placement::orders(k) + order;
        2 * placement + u64::from(walled[map as usize] >> blank & 1)
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
