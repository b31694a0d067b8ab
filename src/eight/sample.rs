//! Random 8-puzzle cases at a given length, uniformly among all at it.

use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

use super::{Grid, Space};
use crate::sample::{NoSuchLength, RanksAt};
use crate::table::Table;

/// Draws 8-puzzle starts for one goal table at exactly `length` moves from its goal.
pub struct GridsAt<'a, D> {
    space: Space,
    ranks: RanksAt<'a, D>,
}

impl<'a, D: AsRef<[u8]>> GridsAt<'a, D> {
    /// A sampler for `table`, or the error naming the largest possible length.
    pub fn new(table: &'a Table<D>, length: usize) -> Result<Self, NoSuchLength> {
        let header = table.header();
        let no_such_length = || NoSuchLength {
            puzzle: "eight",
            length,
            longest: header.max_depth(),
            by_walks: false,
        };
        Ok(GridsAt {
            space: Space::new(header.goal as usize),
            ranks: RanksAt::new(table, length).ok_or_else(no_such_length)?,
        })
    }

    /// How many arrangements lie at the length.
    pub fn count(&self) -> u64 {
        self.ranks.count()
    }

    /// One arrangement, uniformly among those at the length.
    pub fn sample(&self, rng: &mut dyn RngCore) -> Grid {
        self.space.board(self.ranks.sample(rng))
    }
}

/// Draws Eight II pairs whose shortest solution has exactly `length` moves.
pub struct PairsAt<'a, D> {
    /// Per target blank cell, the canonical starts at the length (`None` if there are none).
    goals: Vec<Option<GridsAt<'a, D>>>,
}

impl<'a, D: AsRef<[u8]>> PairsAt<'a, D> {
    /// A sampler over the nine goal tables, or the error naming the largest length.
    pub fn new(tables: &[&'a Table<D>], length: usize) -> Result<Self, NoSuchLength> {
        let goals: Vec<Option<GridsAt<D>>> = tables
            .iter()
            .map(|t| GridsAt::new(t, length).ok())
            .collect();
        if goals.iter().all(Option::is_none) {
            let longest = tables
                .iter()
                .map(|t| t.header().max_depth())
                .max()
                .unwrap_or(0);
            return Err(NoSuchLength {
                puzzle: "eight2",
                length,
                longest,
                by_walks: false,
            });
        }
        Ok(PairsAt { goals })
    }

    /// One pair, uniformly among all pairs at the length: the target's blank cell
    /// weighted by how many starts each canonical target has at the length, then a random
    /// naming of the tiles, applied to both.
    pub fn sample(&self, rng: &mut dyn RngCore) -> (Grid, Grid) {
        let weights: Vec<u64> = self
            .goals
            .iter()
            .map(|g| g.as_ref().map_or(0, GridsAt::count))
            .collect();
        let mut pick = rng.random_range(0..weights.iter().sum::<u64>());
        let blank = weights
            .iter()
            .position(|&w| {
                pick < w || {
                    pick -= w;
                    false
                }
            })
            .expect("a weighted pick");
        let start = self.goals[blank].as_ref().expect("weight > 0").sample(rng);
        let mut names: Vec<u8> = (1..=8).collect();
        names.shuffle(rng);
        let naming: [u8; crate::sliding::MAX_CELLS] = std::array::from_fn(|t| match t {
            0 => 0,
            1..=8 => names[t - 1],
            _ => 0,
        });
        (
            start.renamed(&naming),
            Grid::canonical(blank).renamed(&naming),
        )
    }
}
