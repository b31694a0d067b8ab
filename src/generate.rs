//! Random cases: uniform over every state, or uniform over the states whose shortest
//! solution has a given length, found through the tables.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use crate::eight::{self, cantor, Grid};
use crate::rotation::{self, census, mask, Board};
use crate::table::Table;

/// No case has a shortest solution of the asked length.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no {puzzle} case needs exactly {length} moves; the largest possible length is {longest}")]
pub struct NoSuchLength {
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// The length asked for.
    pub length: usize,
    /// The largest length any case has.
    pub longest: usize,
}

/// A board drawn uniformly from all arrangements of eight 1s, 2s and 3s.
pub fn random_board(rng: &mut (impl Rng + ?Sized)) -> Board {
    let mut cells: [u8; rotation::CELLS] = std::array::from_fn(|c| (c / 8) as u8 + 1);
    cells.shuffle(rng);
    Board::new(cells).expect("a shuffle keeps eight of each")
}

/// A grid drawn uniformly from all 9! arrangements.
pub fn random_grid(rng: &mut (impl Rng + ?Sized)) -> Grid {
    let mut cells: [u8; cantor::CELLS] = std::array::from_fn(|c| c as u8);
    cells.shuffle(rng);
    Grid::new(cells).expect("a shuffle keeps a permutation")
}

/// A grid drawn uniformly from those of the same parity as `other`, so that each
/// reaches the other.
pub fn random_grid_like(rng: &mut (impl Rng + ?Sized), other: &Grid) -> Grid {
    let mut grid = random_grid(rng);
    if grid.odd() != other.odd() {
        // Swapping two tiles flips the parity, and is a bijection between the halves.
        let mut cells = *grid.cells();
        let tiles: Vec<usize> = (0..cantor::CELLS)
            .filter(|&c| cells[c] != eight::BLANK)
            .take(2)
            .collect();
        cells.swap(tiles[0], tiles[1]);
        grid = Grid::new(cells).expect("a swap keeps a permutation");
    }
    grid
}

/// The ranks of `table` at exactly `length`.
fn ranks_at<D: AsRef<[u8]>>(table: &Table<D>, length: usize) -> Vec<u32> {
    let wanted = u8::try_from(length).ok();
    (0..table.distances().len() as u32)
        .filter(|&r| Some(table.distance(r)) == wanted)
        .collect()
}

/// Draws Rotation Game boards whose shortest solution has exactly `length` moves.
pub struct BoardsAt<'t, D> {
    table: &'t Table<D>,
    length: u8,
    masks: Vec<u32>,
}

impl<'t, D: AsRef<[u8]>> BoardsAt<'t, D> {
    /// A sampler, or the error naming the largest possible length.
    pub fn new(table: &'t Table<D>, length: usize) -> Result<Self, NoSuchLength> {
        let masks = ranks_at(table, length);
        if length > census::HARDEST || masks.is_empty() {
            return Err(NoSuchLength {
                puzzle: "rotation",
                length,
                longest: census::HARDEST,
            });
        }
        Ok(BoardsAt {
            table,
            length: length as u8,
            masks,
        })
    }

    /// One board, uniformly among all boards at the length. A mask at the length is
    /// given to a random digit and the other 16 cells filled at random; the board is
    /// kept if no digit is nearer, and then with probability 1/k where k digits are at
    /// the length, since such a board can be drawn through any of the k.
    pub fn sample(&self, rng: &mut (impl Rng + ?Sized)) -> Board {
        loop {
            let first = mask::unrank(*self.masks.choose(rng).expect("masks at the length"));
            let mut rest: Vec<u32> = (0..rotation::CELLS as u32)
                .filter(|c| first >> c & 1 == 0)
                .collect();
            rest.shuffle(rng);
            let second = rest[..8].iter().fold(0, |m, c| m | 1 << c);
            let mut masks = [
                first,
                second,
                !(first | second) & ((1 << rotation::CELLS) - 1),
            ];
            masks.rotate_right(rng.random_range(0..3));
            let distances = masks.map(|m| self.table.distance(mask::rank(m)));
            if distances.iter().any(|&d| d < self.length) {
                continue;
            }
            let at_length = distances.iter().filter(|&&d| d == self.length).count();
            if rng.random_range(0..at_length) == 0 {
                return Board::from_masks(masks).expect("three masks partition the board");
            }
        }
    }
}

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
        let rank = *self.ranks.choose(rng).expect("ranks at the length");
        Grid::new(cantor::unrank(rank)).expect("unrank gives a permutation")
    }
}

/// Draws Eight II pairs whose shortest solution has exactly `length` moves.
pub struct PairsAt {
    /// Per target blank cell, the canonical starts at the length (`None` if there are none).
    goals: Vec<Option<GridsAt>>,
}

impl PairsAt {
    /// A sampler over the nine goal tables, or the error naming the largest length.
    pub fn new<D: AsRef<[u8]>>(tables: &[Table<D>], length: usize) -> Result<Self, NoSuchLength> {
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
        let naming: [u8; cantor::CELLS] =
            std::array::from_fn(|t| if t == 0 { 0 } else { names[t - 1] });
        (
            start.renamed(&naming),
            Grid::canonical(blank).renamed(&naming),
        )
    }
}
