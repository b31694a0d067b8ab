//! The 8-puzzle: HDU 1043 "Eight" (one goal) and HDU 3567 "Eight II" (any target).
//!
//! # State encoding
//!
//! A grid is a 3x3 sliding [`Board`]: a permutation of the nine
//! values 0..8 over the cells (0 for the blank), ranked densely from 0 to 362,879 by
//! its Cantor expansion ([`crate::rank::permutation`]). Moves depend only on where the
//! blank is, not on the tiles' names, so any target can be renamed into the canonical
//! one with its blank in the same cell (tiles 1..8 in reading order around it), and
//! the start renamed the same way: nine tables, one per blank cell, answer every pair.
//! Half of each table is unreachable (see [`crate::sliding`] on parity); a pair of
//! different parity is answered "unsolvable" before any lookup.
//!
//! # Why the greedy walk is shortest and lexicographically smallest
//!
//! Each table holds every arrangement's exact distance to its goal, found by
//! breadth-first search from the goal ([`crate::search`]). From a start at distance
//! `D` the walk plays the first move in the order `d < l < r < u` that reaches
//! distance `D - 1`, and repeats. Every step lowers the distance by one, so the path
//! has `D` moves, the fewest possible; and each letter is the smallest with which a
//! shortest path exists at all, so no shortest path is lexicographically smaller.
//!
//! ```
//! use tablesolve::eight::{Grid, Move};
//!
//! let start: Grid = "12X453786".parse()?;
//! let down = Move::from_letter('d').unwrap();
//! let after = start.apply(down).and_then(|g| g.apply(down));
//! assert_eq!(after, Some("12345678x".parse()?));
//! # Ok::<(), tablesolve::eight::GridError>(())
//! ```

mod grid;
pub mod sample;
mod solver;

pub use crate::sliding::{Slide as Move, BLANK};
pub use grid::GridError;
pub use solver::{Eight, Eight2, Slides};

use crate::error::Error;
use crate::rank::permutation;
use crate::search::{every_walk, greedy_walk, reverse_bfs, StateSpace, Walks, UNREACHABLE};
use crate::sliding::Board;
use crate::table::{walk_moves, ExactTable, Source, Table, TableId, TooLarge, Work};

crate::error::case_errors!(GridError);

/// An arrangement of the 8-puzzle.
pub type Grid = Board<3, 3>;

/// Cells of the grid.
pub const CELLS: usize = 9;

/// Number of arrangements: 9!.
pub const ARRANGEMENTS: usize = 362_880;

/// Number of tables: one per cell the target's blank can occupy.
pub const GOALS: usize = CELLS;

/// HDU 1043's single goal, `12345678x`, has its blank in the last cell.
pub const STANDARD_GOAL: usize = 8;

/// The rank of a grid among all 9! arrangements.
#[inline]
pub fn rank(grid: &Grid) -> u32 {
    permutation::rank(grid.cells(), CELLS) as u32
}

/// The grid of rank `rank` (`rank < ARRANGEMENTS`).
pub fn unrank(rank: u32) -> Grid {
    Grid::new(&permutation::unrank(rank.into(), CELLS, CELLS)[..CELLS])
        .expect("unrank gives a permutation")
}

/// The table of canonical targets with the blank at `blank`.
pub fn table_id(blank: usize) -> TableId {
    TableId::new("eight", blank as u32)
}

/// The arrangements, seen from the canonical grid with the blank at `blank`.
pub struct Space {
    /// The goal's blank cell.
    pub blank: usize,
}

impl StateSpace for Space {
    fn states(&self) -> u64 {
        ARRANGEMENTS as u64
    }
    fn goals(&self) -> Vec<u64> {
        vec![rank(&Grid::canonical(self.blank)).into()]
    }
    fn neighbours(&self, rank_: u64, mut visit: impl FnMut(u64)) {
        let grid = unrank(rank_ as u32);
        for m in Move::ALL {
            if let Some(next) = grid.apply(m) {
                visit(rank(&next).into());
            }
        }
    }
}

impl Walks for Space {
    type State = Grid;
    fn moves(&self) -> usize {
        Move::ALL.len()
    }

    fn state(&self, rank: u64) -> Grid {
        unrank(rank as u32)
    }
    fn successor(&self, grid: &Grid, m: usize) -> Option<u64> {
        grid.apply(Move::ALL[m]).map(|next| rank(&next).into())
    }
}

impl Source for Space {
    fn id(&self) -> TableId {
        table_id(self.blank)
    }
    fn entries(&self) -> u64 {
        self.states()
    }
    /// The states expanded: the half of the arrangements that reach the goal.
    fn work(&self) -> u64 {
        self.states() / 2
    }
    fn compute(&self, work: &Work) -> Result<Vec<u8>, TooLarge> {
        reverse_bfs(self, work)
    }
}

/// Where the answer from a start to a target is recorded: in the table of the target's
/// blank cell, at the rank of the start renamed as the target is into the canonical
/// grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lookup {
    /// The target's blank cell, which names its table ([`table_id`]).
    pub goal: usize,
    /// The renamed start's rank in that table.
    pub rank: u32,
}

impl Lookup {
    /// Where the answer from `start` to `target` is recorded.
    #[inline]
    pub fn new(start: &Grid, target: &Grid) -> Lookup {
        Lookup::towards(target)(start)
    }

    /// Where the answer from any start to `target` is recorded, the renaming worked
    /// out once for a batch towards one target.
    #[inline]
    pub fn towards(target: &Grid) -> impl Fn(&Grid) -> Lookup {
        let (renaming, goal) = (Grid::renaming_to_canonical(target), target.blank());
        move |start| Lookup {
            goal,
            rank: rank(&start.renamed(&renaming)),
        }
    }
}

/// The number of moves from `start` to `target`, or `None` when no moves join them.
/// `table` must be the table of `target`'s blank cell.
pub fn distance<D: AsRef<[u8]>>(table: &Table<D>, start: &Grid, target: &Grid) -> Option<u8> {
    let distance = table.distance(Lookup::new(start, target).rank);
    Some(distance).filter(|&d| d != UNREACHABLE)
}

/// The answer from `start` to `target` given `walk`, what their table holds at their
/// [`Lookup`]: the packed walk ([`walk_moves`] unpacks it), or `None` when the two
/// differ in parity and no moves join them, which is where the table has no walk.
#[inline]
pub fn recorded(walk: u64, start: &Grid, target: &Grid) -> Result<Option<u64>, Error> {
    match walk {
        0 if start.reaches(target) => Err(Error::inconsistent(table_id(target.blank()))),
        0 => Ok(None),
        walk => Ok(Some(walk)),
    }
}

/// The shortest, lexicographically smallest moves from `start` to `target`, or `None`
/// when the two differ in parity and no moves join them: the [`recorded`] walk of the
/// renamed start. `table` must be the exact table of `target`'s blank cell,
/// [`table_id`]`(target.blank())`.
pub fn solve<D: AsRef<[u8]>>(
    table: &ExactTable<D>,
    start: &Grid,
    target: &Grid,
) -> Result<Option<Vec<Move>>, Error> {
    debug_assert_eq!(table.distances.header().goal as usize, target.blank());
    let walk = table.walk(Lookup::new(start, target).rank);
    let walk = recorded(walk, start, target)?;
    Ok(walk.map(|walk| walk_moves(walk, &Move::ALL).collect()))
}

/// [`solve`] by walking down the distances at answer time, independently of the
/// recorded walks.
pub fn solve_by_walk<D: AsRef<[u8]>>(
    table: &Table<D>,
    start: &Grid,
    target: &Grid,
) -> Result<Option<Vec<Move>>, Error> {
    let Some((walker, distance)) = walk_start(table, start, target)? else {
        return Ok(None);
    };
    let (moves, _) = greedy_walk(walker, distance, &Move::ALL, step(table))
        .ok_or_else(|| inconsistent(target))?;
    Ok(Some(moves))
}

/// Every shortest move sequence from `start` to `target` down `table` (`target`'s
/// blank cell's): their length, how many, and each in letter order if `list`; `None`
/// when the parities differ.
#[allow(clippy::type_complexity)]
pub fn every_shortest<D: AsRef<[u8]>>(
    table: &Table<D>,
    start: &Grid,
    target: &Grid,
    list: bool,
) -> Result<Option<(u8, u128, Vec<Vec<Move>>)>, Error> {
    let Some((walker, distance)) = walk_start(table, start, target)? else {
        return Ok(None);
    };
    let (count, walks) = every_walk(walker, distance, &Move::ALL, step(table), list)
        .ok_or_else(|| inconsistent(target))?;
    Ok(Some((distance, count, walks)))
}

/// A grid and its blank's cell: a walk keeps the cell, so that a move is one swap.
type Walker = (Grid, usize);

/// Where a walk from `start` to `target` down `table` begins: `start` renamed into
/// the canonical pattern, and its distance; `None` when the parities differ.
fn walk_start<D: AsRef<[u8]>>(
    table: &Table<D>,
    start: &Grid,
    target: &Grid,
) -> Result<Option<(Walker, u8)>, Error> {
    debug_assert_eq!(table.header().goal as usize, target.blank());
    if !start.reaches(target) {
        return Ok(None);
    }
    let start = start.renamed(&Grid::renaming_to_canonical(target));
    match table.distance(rank(&start)) {
        UNREACHABLE => Err(inconsistent(target)),
        distance => Ok(Some(((start, start.blank()), distance))),
    }
}

fn inconsistent(target: &Grid) -> Error {
    Error::inconsistent(table_id(target.blank()))
}

/// A walk's step down `table`: the grid after a move, and its distance.
fn step<D: AsRef<[u8]>>(table: &Table<D>) -> impl Fn(&Walker, Move) -> Option<(Walker, u8)> + '_ {
    |&(mut grid, blank), m| {
        let to = m.target(blank, 3, 3)?;
        grid.slide(blank, to);
        Some(((grid, to), table.distance(rank(&grid))))
    }
}
