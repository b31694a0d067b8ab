//! Partitions: how a board's tiles are split into the patterns whose databases add up
//! to the search's lower bound. A few are built in by name, for the boards where the
//! field measured them; any grouping of tiles is one too, as data; and so is a
//! catalogue of several groupings, whose bound is the largest of their sums.

use super::guided;
use super::pattern::{Pattern, MAX_TILES};
use super::Board;
use crate::rank::placement;
use crate::table::TableDir;

mod text;

/// A split of the tiles into patterns, each with its own database: a built-in one by
/// name, or any grouping of the tiles (`--partition "1 2 3 / 4 5 6 / ..."`); or a
/// catalogue of several such splits, whose bound is the largest of their sums
/// (`"1 2 3 / ... ; 1 2 4 / ..."`), each group's database built once however many
/// splits share it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Partition {
    /// The 15-puzzle's two patterns of 7 and 8 tiles: the fast one, and its default.
    SevenEight,
    /// The 15-puzzle's patterns of 6, 6 and 3 tiles: the quick one to build.
    SixSixThree,
    /// The 24-puzzle's four patterns of 6 tiles, Korf and Felner's: its quick one.
    SixSixSixSix,
    /// The 24-puzzle's catalogue of splits into four patterns of 6 tiles: its default.
    Compound,
    /// Groups of tiles named as in the goal, each tile but the blank in one group.
    Tiles(Vec<Vec<u8>>),
    /// Several groupings of the tiles, each as [`Partition::Tiles`]: the bound is the
    /// largest of their sums.
    Catalogue(Vec<Vec<Vec<u8>>>),
    /// Another partition's patterns with zero-aware databases
    /// ([`Pattern::zero_aware`]): `zero-aware P` on the command line.
    ZeroAware(Box<Partition>),
}

/// What `--partition` writes before a partition whose databases are zero-aware.
const ZERO_AWARE: &str = "zero-aware";

/// The most entries a database of the default partitions has: a group takes as many
/// tiles as keep it under this (8 on 16 cells, 7 on 20, 6 on 25).
const DEFAULT_ENTRIES: u64 = 600_000_000;

/// A catalogue's splits of the 24 tiles into four groups of 6 (home cells, blank on
/// the last cell): Clausecker's "improved compound" catalogue (14 splits, 20 groups),
/// turned half round for the blank on the last cell.
const COMPOUND: &[&[&[u8]]] = &[
    &[
        &[12, 13, 14, 18, 19, 23],
        &[15, 16, 17, 20, 21, 22],
        &[0, 1, 5, 6, 10, 11],
        &[2, 3, 4, 7, 8, 9],
    ],
    &[
        &[13, 14, 18, 19, 22, 23],
        &[12, 15, 16, 17, 20, 21],
        &[0, 1, 5, 6, 10, 11],
        &[2, 3, 4, 7, 8, 9],
    ],
    &[
        &[12, 13, 14, 18, 19, 23],
        &[15, 16, 17, 20, 21, 22],
        &[6, 7, 8, 9, 10, 11],
        &[0, 1, 2, 3, 4, 5],
    ],
    &[
        &[13, 14, 18, 19, 22, 23],
        &[12, 15, 16, 17, 20, 21],
        &[6, 7, 8, 9, 10, 11],
        &[0, 1, 2, 3, 4, 5],
    ],
    &[
        &[4, 9, 14, 18, 19, 23],
        &[15, 16, 17, 20, 21, 22],
        &[2, 3, 7, 8, 12, 13],
        &[0, 1, 5, 6, 10, 11],
    ],
    &[
        &[13, 14, 18, 19, 22, 23],
        &[0, 5, 10, 15, 20, 21],
        &[1, 6, 11, 12, 16, 17],
        &[2, 3, 4, 7, 8, 9],
    ],
    &[
        &[4, 9, 14, 18, 19, 23],
        &[6, 11, 16, 17, 21, 22],
        &[0, 1, 5, 10, 15, 20],
        &[2, 3, 7, 8, 12, 13],
    ],
    &[
        &[12, 13, 14, 18, 19, 23],
        &[6, 11, 16, 17, 21, 22],
        &[0, 1, 5, 10, 15, 20],
        &[2, 3, 4, 7, 8, 9],
    ],
    &[
        &[4, 9, 14, 18, 19, 23],
        &[15, 16, 17, 20, 21, 22],
        &[6, 7, 8, 11, 12, 13],
        &[0, 1, 2, 3, 5, 10],
    ],
    &[
        &[9, 14, 18, 19, 22, 23],
        &[10, 15, 16, 17, 20, 21],
        &[6, 7, 8, 11, 12, 13],
        &[0, 1, 2, 3, 4, 5],
    ],
    &[
        &[9, 14, 18, 19, 22, 23],
        &[0, 5, 10, 15, 20, 21],
        &[1, 6, 11, 12, 16, 17],
        &[2, 3, 4, 7, 8, 13],
    ],
    &[
        &[9, 14, 18, 19, 22, 23],
        &[12, 15, 16, 17, 20, 21],
        &[2, 3, 4, 7, 8, 13],
        &[0, 1, 5, 6, 10, 11],
    ],
    &[
        &[13, 14, 18, 19, 22, 23],
        &[10, 15, 16, 17, 20, 21],
        &[0, 1, 5, 6, 11, 12],
        &[2, 3, 4, 7, 8, 9],
    ],
    &[
        &[9, 14, 18, 19, 22, 23],
        &[10, 15, 16, 17, 20, 21],
        &[2, 3, 4, 7, 8, 13],
        &[0, 1, 5, 6, 11, 12],
    ],
];

impl Partition {
    /// Every built-in partition, the best of each board first.
    pub const ALL: [Partition; 4] = [
        Partition::SevenEight,
        Partition::SixSixThree,
        Partition::Compound,
        Partition::SixSixSixSix,
    ];

    /// The 15-puzzle's default partition.
    pub const DEFAULT: Partition = Partition::SevenEight;

    /// Whether it is a built-in one (zero-aware or not): one of the partitions the tool
    /// names, whose databases a service may build; groups of tiles given as data are
    /// not.
    pub fn is_built_in(&self) -> bool {
        match self {
            Partition::ZeroAware(inner) => inner.is_built_in(),
            Partition::Tiles(_) | Partition::Catalogue(_) => false,
            Partition::SevenEight
            | Partition::SixSixThree
            | Partition::SixSixSixSix
            | Partition::Compound => true,
        }
    }

    /// What a built-in partition's databases cost to build, as measured on a two-core
    /// machine (bench/build.md, bench/korf50.md).
    pub fn cost(&self) -> Option<&'static str> {
        match self {
            Partition::SevenEight => {
                Some("about 80 s on two cores, 1 GB of memory, 577 MB on disk")
            }
            Partition::SixSixThree => Some("about 1 s, 11.5 MB on disk"),
            Partition::SixSixSixSix => {
                Some("about 50 s on two cores, 500 MB of memory, 510 MB on disk")
            }
            Partition::Compound => {
                Some("2.5-5 minutes on two cores, 2.5 GB of memory, 2.4 GB on disk")
            }
            Partition::Tiles(_) | Partition::Catalogue(_) | Partition::ZeroAware(_) => None,
        }
    }

    /// Its name on the command line: a built-in one's, or the groups of tiles (`/`
    /// between groups, `;` between a catalogue's splits).
    pub fn name(&self) -> String {
        let split = |groups: &[Vec<u8>]| {
            let groups: Vec<String> = groups
                .iter()
                .map(|g| g.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
                .collect();
            groups.join(" / ")
        };
        match self {
            Partition::SevenEight => "7-8".to_owned(),
            Partition::SixSixThree => "6-6-3".to_owned(),
            Partition::SixSixSixSix => "6-6-6-6".to_owned(),
            Partition::Compound => "compound".to_owned(),
            Partition::Tiles(groups) => split(groups),
            Partition::Catalogue(splits) => splits
                .iter()
                .map(|g| split(g))
                .collect::<Vec<_>>()
                .join(" ; "),
            Partition::ZeroAware(plain) => format!("{ZERO_AWARE} {plain}"),
        }
    }

    /// The cells of the board a built-in partition is for.
    fn board_cells(&self) -> Option<usize> {
        match self {
            Partition::SevenEight | Partition::SixSixThree => Some(16),
            Partition::SixSixSixSix | Partition::Compound => Some(25),
            Partition::Tiles(_) | Partition::Catalogue(_) => None,
            Partition::ZeroAware(plain) => plain.board_cells(),
        }
    }

    /// The home cells of a built-in partition's patterns, split by split, for the goal
    /// with the blank on the last cell.
    fn cells(&self) -> &'static [&'static [&'static [u8]]] {
        match self {
            // The top two rows, and the bottom two but the blank's cell.
            Partition::SevenEight => &[&[&[0, 1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14]]],
            // The left block, the right block, and the three cells left at the bottom.
            Partition::SixSixThree => {
                &[&[&[0, 1, 4, 5, 8, 12], &[2, 3, 6, 7, 10, 11], &[9, 13, 14]]]
            }
            // Korf and Felner's, turned half round for the blank on the last cell:
            // three 2x3 blocks turning about the centre (top left, top right, bottom
            // left), and the cells around the blank's corner with the centre.
            Partition::SixSixSixSix => &[&[
                &[0, 1, 2, 5, 6, 7],
                &[3, 4, 8, 9, 13, 14],
                &[10, 11, 15, 16, 20, 21],
                &[12, 17, 18, 19, 22, 23],
            ]],
            Partition::Compound => COMPOUND,
            Partition::Tiles(_) | Partition::Catalogue(_) | Partition::ZeroAware(_) => &[],
        }
    }

    /// The partition used on a board of `cells` cells unless another is asked for: the
    /// board's best built-in one where it has one; on others, the tiles in reading order
    /// in as few groups as can be, each with a database of at most 600 M entries (on up
    /// to 9 cells, one group of every tile: an exact table).
    pub fn default_for(cells: usize) -> Partition {
        if let Some(named) = Partition::ALL
            .into_iter()
            .find(|p| p.board_cells() == Some(cells))
        {
            return named;
        }
        let largest = (1..=MAX_TILES.min(cells - 1))
            .rev()
            .find(|&k| placement::count(cells, k) <= DEFAULT_ENTRIES)
            .expect("a database of one tile has an entry a cell");
        let tiles: Vec<u8> = (1..cells as u8).collect();
        let size = tiles.len().div_ceil(tiles.len().div_ceil(largest));
        Partition::Tiles(tiles.chunks(size).map(<[u8]>::to_vec).collect())
    }

    /// The best partition whose databases for `goal` are all in `tables`: the best
    /// built-in one of the board present, else the default for the size
    /// ([`Partition::default_for`]; which opening then builds, if allowed).
    pub fn best_present<const W: usize, const H: usize>(
        tables: &TableDir,
        goal: &Board<W, H>,
    ) -> Partition {
        let present = |p: &Partition| {
            p.board_cells() == Some(W * H)
                && p.patterns(goal)
                    .iter()
                    .all(|pattern| tables.path(pattern).is_file())
        };
        Partition::ALL
            .into_iter()
            .find(present)
            .unwrap_or_else(|| Partition::default_for(W * H))
    }

    /// Whether the partition splits the tiles of a board of `cells` cells: a built-in
    /// one only its board's; groups, when every tile `1..cells` is in one (in each
    /// split of a catalogue).
    pub fn check(&self, cells: usize) -> Result<(), PartitionError> {
        let splits = match (self, self.board_cells()) {
            (Partition::ZeroAware(plain), _) => return plain.check(cells),
            (Partition::Tiles(groups), _) => std::slice::from_ref(groups),
            (Partition::Catalogue(splits), _) => &splits[..],
            (_, Some(own)) if own == cells => return Ok(()),
            (named, own) => {
                let own = own.unwrap_or_default();
                let message = format!(
                    "{named} is a partition of a board of {own} cells, not of {cells}: \
                     give groups of the tiles 1-{}",
                    cells - 1
                );
                return Err(PartitionError(message));
            }
        };
        for groups in splits {
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
            if let Some(missing) = (1..cells).find(|&t| !seen[t]) {
                return Err(PartitionError(format!("tile {missing} is in no group")));
            }
        }
        Ok(())
    }

    /// The patterns whose databases guide the search towards `goal`, each once however
    /// many splits hold it. They are built for the canonical goal with the blank on
    /// [`guided::database_blank`]'s cell: a built-in partition's groups with that cell,
    /// now a tile's home, in place of the last cell; a grouping of tiles, the cells a
    /// symmetry carrying `goal`'s blank there (the first, as the search's first lookup
    /// takes it) carries each tile's home to.
    ///
    /// # Panics
    /// Unless the partition passes [`Partition::check`] for the board's cells.
    pub fn patterns<const W: usize, const H: usize>(
        &self,
        goal: &Board<W, H>,
    ) -> Vec<Pattern<W, H>> {
        self.sums(goal).0
    }

    /// [`Partition::patterns`], and the patterns each split adds up (by their places
    /// in that list): one list for a partition, one per split for a catalogue.
    ///
    /// # Panics
    /// As [`Partition::patterns`].
    pub fn sums<const W: usize, const H: usize>(
        &self,
        goal: &Board<W, H>,
    ) -> (Vec<Pattern<W, H>>, Vec<Vec<usize>>) {
        if let Err(error) = self.check(W * H) {
            panic!("{error}");
        }
        if let Partition::ZeroAware(plain) = self {
            let (patterns, splits) = plain.sums(goal);
            return (
                patterns.into_iter().map(Pattern::zero_aware).collect(),
                splits,
            );
        }
        let goal_blank = guided::database_blank::<W, H>(goal.blank());
        let last = (W * H - 1) as u8;
        let splits: Vec<Vec<Pattern<W, H>>> = match self {
            Partition::Tiles(groups) => vec![guided::tile_patterns(groups, goal)],
            Partition::Catalogue(splits) => splits
                .iter()
                .map(|groups| guided::tile_patterns(groups, goal))
                .collect(),
            _ => self
                .cells()
                .iter()
                .map(|split| {
                    split
                        .iter()
                        .map(|cells| {
                            let cells: Vec<u8> = cells
                                .iter()
                                .map(|&c| {
                                    if usize::from(c) == goal_blank {
                                        last
                                    } else {
                                        c
                                    }
                                })
                                .collect();
                            Pattern::new(&cells, goal_blank)
                        })
                        .collect()
                })
                .collect(),
        };
        let mut patterns: Vec<Pattern<W, H>> = Vec::new();
        let sums = splits
            .into_iter()
            .map(|split| {
                split
                    .into_iter()
                    .map(
                        |pattern| match patterns.iter().position(|p| *p == pattern) {
                            Some(place) => place,
                            None => {
                                patterns.push(pattern);
                                patterns.len() - 1
                            }
                        },
                    )
                    .collect()
            })
            .collect();
        (patterns, sums)
    }
}

/// Why a partition does not split a board's tiles.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PartitionError(String);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::guided::MAX_SUMS;

    #[test]
    fn built_in_partitions_are_told_from_groups_given_as_data() {
        for named in Partition::ALL {
            assert!(named.is_built_in(), "{named}");
            assert!(Partition::ZeroAware(Box::new(named)).is_built_in());
        }
        let groups: Partition = "1 2 3 / 4 5 6 7 8".parse().unwrap();
        let catalogue: Partition = "1 2 3 / 4 5 6 7 8 ; 1 2 4 / 3 5 6 7 8".parse().unwrap();
        for data in [groups, catalogue] {
            assert!(!data.is_built_in(), "{data}");
            assert!(!Partition::ZeroAware(Box::new(data)).is_built_in());
        }
    }

    #[test]
    fn built_in_partitions_split_their_boards_tiles() {
        for named in Partition::ALL {
            let cells = named.board_cells().unwrap();
            for split in named.cells() {
                let mut homes: Vec<u8> = split.concat();
                homes.sort_unstable();
                assert_eq!(homes, (0..cells as u8 - 1).collect::<Vec<_>>(), "{named}");
            }
            assert!(named.check(cells).is_ok());
            assert!(named.check(if cells == 16 { 25 } else { 16 }).is_err());
        }
    }

    #[test]
    fn defaults_keep_each_database_under_its_budget() {
        assert_eq!(Partition::default_for(16), Partition::SevenEight);
        assert_eq!(Partition::default_for(25), Partition::Compound);
        let Partition::Tiles(groups) = Partition::default_for(20) else {
            panic!("no built-in partition of 20 cells");
        };
        let sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
        assert_eq!(sizes, [7, 7, 5]);
        let Partition::Tiles(groups) = Partition::default_for(9) else {
            panic!("no built-in partition of 9 cells");
        };
        assert_eq!(groups, [(1..9).collect::<Vec<u8>>()]);
    }

    #[test]
    fn a_catalogue_shares_its_groups_databases() {
        let goal = Board::<3, 3>::canonical(8);
        let catalogue: Partition = "1 2 3 / 4 5 6 7 8 ; 1 2 3 / 4 5 / 6 7 8 ; 4 5 / 1 2 3 6 7 8"
            .parse()
            .unwrap();
        assert_eq!(catalogue.name().parse::<Partition>(), Ok(catalogue.clone()));
        let (patterns, sums) = catalogue.sums(&goal);
        assert_eq!(patterns.len(), 5, "1 2 3 and 4 5 are shared");
        assert_eq!(sums, [vec![0, 1], vec![0, 2, 3], vec![2, 4]]);
        assert_eq!(patterns[4].cells(), [0, 1, 2, 5, 6, 7]);
        let (compound, sums) = Partition::Compound.sums(&Board::<5, 5>::canonical(24));
        assert_eq!((compound.len(), sums.len()), (20, 14));
    }

    #[test]
    fn a_catalogue_names_what_it_cannot_take() {
        let err = |text: &str| text.parse::<Partition>().unwrap_err();
        assert!(err("1 2 / 3 ; 1 / 1 2 3").contains("tile 1 is in two groups"));
        let many = vec!["1 2 3 / 4 5 6 7 8"; MAX_SUMS + 1].join(";");
        assert!(err(&many).starts_with("17 splits"), "{}", err(&many));
        let groups: Vec<String> = (1..=9).map(|t| format!("10 {t} / 11")).collect();
        assert!(err(&groups.join(";")).contains("tile 10 is in 9 distinct groups"));
        let one = "1 2 3 / 4 5 6 7 8 ; 1 2 3 4 5 6 7"
            .parse::<Partition>()
            .unwrap();
        assert_eq!(
            one.check(9).unwrap_err().to_string(),
            "tile 8 is in no group"
        );
    }
}
