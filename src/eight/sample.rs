//! Random 8-puzzle cases: uniform over all grids, or over those at a given length.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use super::{unrank, Grid};
use crate::sample::{ranks_at, NoSuchLength};
use crate::table::Table;

/// Draws 8-puzzle starts for one goal table at exactly `length` moves from its goal.
pub struct GridsAt {
    ranks: Vec<u32>,
}

impl GridsAt {
    /// A sampler for `table`, or the error naming the largest possible length.
    pub fn new<D: AsRef<[u8]>>(table: &Table<D>, length: usize) -> Result<Self, NoSuchLength> {
        let ranks = ranks_at(table, length);
        if ranks.is_empty() {
            let longest = table.header().max_depth();
            return Err(NoSuchLength {
                puzzle: "eight",
                length,
                longest,
                by_walks: false,
            });
        }
        Ok(GridsAt { ranks })
    }

    /// How many arrangements lie at the length.
    pub fn count(&self) -> usize {
        self.ranks.len()
    }

    /// One arrangement, uniformly among those at the length.
    pub fn sample(&self, rng: &mut (impl Rng + ?Sized)) -> Grid {
        unrank(*self.ranks.choose(rng).expect("ranks at the length"))
    }
}

/// Draws Eight II pairs whose shortest solution has exactly `length` moves.
pub struct PairsAt {
    /// Per target blank cell, the canonical starts at the length (`None` if there are none).
    goals: Vec<Option<GridsAt>>,
}

impl PairsAt {
    /// A sampler over the nine goal tables, or the error naming the largest length.
    pub fn new<D: AsRef<[u8]>>(tables: &[&Table<D>], length: usize) -> Result<Self, NoSuchLength> {
        let goals: Vec<Option<GridsAt>> = tables
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
    pub fn sample(&self, rng: &mut (impl Rng + ?Sized)) -> (Grid, Grid) {
        let weights: Vec<usize> = self
            .goals
            .iter()
            .map(|g| g.as_ref().map_or(0, GridsAt::count))
            .collect();
        let mut pick = rng.random_range(0..weights.iter().sum::<usize>());
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
