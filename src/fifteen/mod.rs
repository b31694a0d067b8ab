//! The 15-puzzle: a 4x4 sliding board, answered by IDA* over additive pattern
//! databases (about 10^13 states: no exact table fits).
//!
//! # Databases and goals
//!
//! A [`Partition`] splits the goal's 15 tile cells into disjoint patterns; each
//! pattern's database ([`crate::sliding::pattern`]) is built by the same reverse search
//! as every table here, and stored in the same file format. Databases are built for
//! the canonical board with its blank on one cell of each class of cells the board's
//! symmetries exchange: a corner (cell 15), an edge (cell 14) or a centre cell (cell
//! 10). Any target is renamed to the canonical board with its blank, and a symmetry
//! carries that blank to its class's cell: the default goal (blank on cell 15) and
//! Korf's (blank on cell 0, a half turn away) share one set of databases; a target
//! with its blank on an edge or centre cell uses that class's set, built on demand.
//!
//! # Why the answer is the smallest of the shortest
//!
//! IDA* ([`crate::search::ida_star`]) tries slides in the order `d < l < r < u`, never
//! undoes the previous slide, and returns the first solution at the smallest bound
//! that admits one. The databases never overestimate, so every position on a shortest
//! path passes every bound at least the optimal length, and none is pruned: the first
//! solution met in letter order is the lexicographically smallest of the shortest.
//! Nothing else prunes the search (no transposition table), so nothing else can cut
//! that path.

mod text;

pub use text::{BoardError, GoalError};

use crate::sliding;
use crate::sliding::guided::{self, MAX_PATTERNS};
use crate::sliding::pattern::{Pattern, MAX_TILES};
use crate::table::TableDir;

/// A 15-puzzle position.
pub type Board = sliding::Board<4, 4>;

/// The number of cells.
pub const CELLS: usize = 16;

/// The default goal: `1 2 ... 15 0`, the blank last.
pub fn default_goal() -> Board {
    Board::canonical(15)
}

/// Korf's goal: `0 1 2 ... 15`, the blank first.
pub fn korf_goal() -> Board {
    Board::canonical(0)
}

/// A split of the tiles into patterns, each with its own database: a built-in one by
/// name, or any grouping of the tiles (`--partition "1 2 3 / 4 5 6 / ..."`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// Two patterns of 7 and 8 tiles: the fast one, and the default.
    SevenEight,
    /// Patterns of 6, 6 and 3 tiles: the quick one to build.
    SixSixThree,
    /// Groups of tiles named as in the goal, each tile but the blank in one group.
    Tiles(Vec<Vec<u8>>),
}

impl Partition {
    /// Every built-in partition, the best first.
    pub const ALL: [Partition; 2] = [Partition::SevenEight, Partition::SixSixThree];

    /// The partition built and used unless another is asked for.
    pub const DEFAULT: Partition = Partition::SevenEight;

    /// What a built-in partition's databases cost to build, as measured on a two-core
    /// machine (bench/build.md).
    pub fn cost(&self) -> Option<&'static str> {
        match self {
            Partition::SevenEight => {
                Some("about 80 s on two cores, 1 GB of memory, 577 MB on disk")
            }
            Partition::SixSixThree => Some("about 1 s, 11.5 MB on disk"),
            Partition::Tiles(_) => None,
        }
    }

    /// Its name on the command line: a built-in one's, or the groups of tiles.
    pub fn name(&self) -> String {
        match self {
            Partition::SevenEight => "7-8".to_owned(),
            Partition::SixSixThree => "6-6-3".to_owned(),
            Partition::Tiles(groups) => {
                let groups: Vec<String> = groups
                    .iter()
                    .map(|g| g.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                    .collect();
                groups.join(" / ")
            }
        }
    }

    /// The home cells of a built-in partition's patterns, for the goal with the blank
    /// on cell 15.
    fn cells(&self) -> &'static [&'static [u8]] {
        match self {
            // The top two rows, and the bottom two but the blank's cell.
            Partition::SevenEight => &[&[0, 1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14]],
            // The left block, the right block, and the three cells left at the bottom.
            Partition::SixSixThree => &[&[0, 1, 4, 5, 8, 12], &[2, 3, 6, 7, 10, 11], &[9, 13, 14]],
            Partition::Tiles(_) => &[],
        }
    }

    /// The partition used on a board of `cells` cells unless another is asked for:
    /// [`Partition::DEFAULT`] on the 15-puzzle's; on others, the tiles in reading order
    /// in as few groups of at most [`MAX_TILES`] as can be (on up to 9 cells, one group
    /// of every tile: an exact table).
    pub fn default_for(cells: usize) -> Partition {
        if cells == CELLS {
            return Partition::DEFAULT;
        }
        let tiles: Vec<u8> = (1..cells as u8).collect();
        let size = tiles.len().div_ceil(tiles.len().div_ceil(MAX_TILES));
        Partition::Tiles(tiles.chunks(size).map(<[u8]>::to_vec).collect())
    }

    /// The best partition whose databases for `goal` are all in `tables`: on the
    /// 15-puzzle's board the best built-in one present, else the default for the size
    /// ([`Partition::default_for`]; which opening then builds, if allowed).
    pub fn best_present<const W: usize, const H: usize>(
        tables: &TableDir,
        goal: &sliding::Board<W, H>,
    ) -> Partition {
        let present = |p: &Partition| {
            p.patterns(goal)
                .iter()
                .all(|pattern| tables.path(pattern).is_file())
        };
        match W * H == CELLS {
            true => Partition::ALL.into_iter().find(present),
            false => None,
        }
        .unwrap_or_else(|| Partition::default_for(W * H))
    }

    /// Whether the partition splits the tiles of a board of `cells` cells: a built-in
    /// one only the 15-puzzle's; groups, when every tile `1..cells` is in one.
    pub fn check(&self, cells: usize) -> Result<(), PartitionError> {
        let groups = match self {
            Partition::Tiles(groups) => groups,
            _ if cells == CELLS => return Ok(()),
            named => {
                let message = format!("{named} is a partition of the 15-puzzle's 16 cells, not of {cells}: give groups of the tiles 1-{}", cells - 1);
                return Err(PartitionError(message));
            }
        };
        let mut seen = vec![false; cells];
        for &tile in groups.iter().flatten() {
            match seen.get_mut(usize::from(tile)) {
                Some(seen) => *seen = true,
                None => {
                    let message = format!("tile {tile} is not on a board of {cells} cells");
                    return Err(PartitionError(message));
                }
            }
        }
        match (1..cells).find(|&t| !seen[t]) {
            Some(missing) => Err(PartitionError(format!("tile {missing} is in no group"))),
            None => Ok(()),
        }
    }

    /// The patterns whose databases guide the search towards `goal`. They are built for
    /// the canonical goal with the blank on [`guided::database_blank`]'s cell: a built-in
    /// partition's groups with that cell, now a tile's home, in place of cell 15; a
    /// grouping of tiles, the cells a symmetry carrying `goal`'s blank there (the
    /// first, as the search's first lookup takes it) carries each tile's home to.
    ///
    /// # Panics
    /// Unless the partition passes [`Partition::check`] for the board's cells.
    pub fn patterns<const W: usize, const H: usize>(
        &self,
        goal: &sliding::Board<W, H>,
    ) -> Vec<Pattern<W, H>> {
        if let Err(error) = self.check(W * H) {
            panic!("{error}");
        }
        let goal_blank = guided::database_blank::<W, H>(goal.blank());
        match self {
            Partition::Tiles(groups) => guided::tile_patterns(groups, goal),
            _ => self
                .cells()
                .iter()
                .map(|cells| {
                    let cells: Vec<u8> = cells
                        .iter()
                        .map(|&c| if usize::from(c) == goal_blank { 15 } else { c })
                        .collect();
                    Pattern::new(&cells, goal_blank)
                })
                .collect(),
        }
    }
}

/// Why a partition does not split a board's tiles.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PartitionError(String);

impl std::fmt::Display for Partition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

impl std::str::FromStr for Partition {
    type Err = String;

    /// A built-in partition's name, or groups of tiles separated by `/`, no tile in
    /// two: at most [`MAX_PATTERNS`] groups of at most [`MAX_TILES`] tiles. Whether they
    /// hold every tile of a board is [`Partition::check`]'s to say.
    fn from_str(text: &str) -> Result<Partition, String> {
        if let Some(named) = Partition::ALL.into_iter().find(|p| p.name() == text.trim()) {
            return Ok(named);
        }
        let choose = "choose 7-8, 6-6-3, or groups of tiles separated by `/`, \
                      e.g. \"1 2 3 4 5 6 7 8 / 9 10 11 12 13 14 15\"";
        if !text.contains('/') && text.split_whitespace().count() <= 1 {
            return Err(format!("no partition {text:?}: {choose}"));
        }
        let mut seen = [false; sliding::MAX_CELLS];
        let mut groups = Vec::new();
        for group in text.split('/') {
            let mut tiles = Vec::new();
            for word in group.split_whitespace() {
                let tile = word
                    .parse::<u8>()
                    .ok()
                    .filter(|&t| t >= 1 && usize::from(t) < sliding::MAX_CELLS)
                    .ok_or_else(|| format!("{word:?} is not a tile: {choose}"))?;
                if std::mem::replace(&mut seen[usize::from(tile)], true) {
                    return Err(format!("tile {tile} is in two groups: {choose}"));
                }
                tiles.push(tile);
            }
            if tiles.is_empty() {
                return Err(format!("an empty group in {text:?}: {choose}"));
            }
            if tiles.len() > MAX_TILES {
                return Err(format!(
                    "a group of {} tiles: at most {MAX_TILES} (8 tiles take 519 M entries)",
                    tiles.len()
                ));
            }
            groups.push(tiles);
        }
        if groups.len() > MAX_PATTERNS {
            return Err(format!("{} groups: at most {MAX_PATTERNS}", groups.len()));
        }
        Ok(Partition::Tiles(groups))
    }
}

/// The shortest, lexicographically smallest slides from `start` to `target` by IDA*
/// over a partition's databases for `target` ([`Partition::patterns`]).
pub use guided::search;

/// Every shortest slide sequence from `start` to `target`, as [`search()`] finds the
/// first.
pub use guided::every_shortest;
