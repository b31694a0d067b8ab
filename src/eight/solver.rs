//! The 8-puzzle answered from its tables: towards `12345678x` (HDU 1043) from that
//! goal's table, between any two grids (HDU 3567) from the nine goals' tables.

use super::{Grid, Move, STANDARD_GOAL};
use crate::error::Error;
use crate::parallel::in_parallel;
use crate::table::{ExactTable, Mapped, TableDir};

/// An 8-puzzle answer: the moves, or `None` for unsolvable.
pub type Slides = Option<Vec<Move>>;

/// HDU 1043: the 8-puzzle to `12345678x`, answered from that goal's table.
#[derive(Clone, Debug)]
pub struct Eight<D = Mapped> {
    /// The table of the standard goal, [`STANDARD_GOAL`].
    pub table: ExactTable<D>,
}

impl Eight {
    /// Opens the standard goal's table from `tables`, building it if missing and allowed.
    pub fn open(tables: &TableDir) -> Result<Self, Error> {
        let space = super::Space::new(STANDARD_GOAL);
        Ok(Eight {
            table: tables.load_exact(&[space])?.remove(0),
        })
    }
}

impl<D: AsRef<[u8]>> Eight<D> {
    /// The goal, `12345678x`.
    pub fn goal() -> Grid {
        Grid::canonical(STANDARD_GOAL)
    }

    /// The shortest, lexicographically smallest moves from `start` to `12345678x`, or
    /// `None` when the parities differ.
    ///
    /// ```
    /// use tablesolve::{Eight, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let eight = Eight::open(&TableDir::new(dir.path()).build_missing(|_| {}))?;
    /// let moves = eight.solve(&"2 3 4 1 5 x 7 6 8".parse()?)?.expect("solvable");
    /// assert_eq!(moves.len(), 19);
    /// assert_eq!(eight.solve(&"21345678x".parse()?)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, start: &Grid) -> Result<Slides, Error> {
        super::solve(&self.table, start, &Self::goal())
    }

    /// The number of moves from `start` to `12345678x`, `None` if unsolvable.
    pub fn distance(&self, start: &Grid) -> Option<u8> {
        super::distance(&self.table.distances, start, &Self::goal())
    }
}

impl<D: AsRef<[u8]> + Sync> Eight<D> {
    /// [`Eight::solve`] for each of `starts`, on every core, in their order.
    ///
    /// ```
    /// use tablesolve::eight::Grid;
    /// use tablesolve::{Eight, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let eight = Eight::open(&TableDir::new(dir.path()).build_missing(|_| {}))?;
    /// let starts: Vec<Grid> = ["23415x768", "21345678x", "12345678x"]
    ///     .iter()
    ///     .map(|text| text.parse())
    ///     .collect::<Result<_, _>>()?;
    /// let lengths: Vec<Option<usize>> =
    ///     eight.solve_many(starts).map(|moves| moves.unwrap().map(|m| m.len())).collect();
    /// assert_eq!(lengths, [Some(19), None, Some(0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_many<'a>(
        &'a self,
        starts: impl IntoIterator<Item = Grid> + 'a,
    ) -> impl Iterator<Item = Result<Slides, Error>> + 'a {
        in_parallel(starts, |start| self.solve(&start))
    }
}

/// HDU 3567: the 8-puzzle between any two grids, answered from the nine goal tables.
#[derive(Clone, Debug)]
pub struct Eight2<D = Mapped> {
    /// The table of each target blank cell, in cell order.
    pub tables: Vec<ExactTable<D>>,
}

impl Eight2 {
    /// Opens the nine goal tables from `tables`, building missing ones if allowed.
    pub fn open(tables: &TableDir) -> Result<Self, Error> {
        let spaces: Vec<super::Space> = (0..super::GOALS).map(super::Space::new).collect();
        Ok(Eight2 {
            tables: tables.load_exact(&spaces)?,
        })
    }
}

impl<D: AsRef<[u8]>> Eight2<D> {
    /// The shortest, lexicographically smallest moves from `start` to `target`, or
    /// `None` when the parities differ.
    ///
    /// ```
    /// use tablesolve::{Eight2, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let eight2 = Eight2::open(&TableDir::new(dir.path()).build_missing(|_| {}))?;
    /// let (start, target) = ("564178X23".parse()?, "7568X4123".parse()?);
    /// let moves = eight2.solve_pair(&start, &target)?.expect("same parity");
    /// assert_eq!(tablesolve::moves::letters(&moves), "urrulldr");
    /// assert_eq!(eight2.distance(&start, &target), Some(8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_pair(&self, start: &Grid, target: &Grid) -> Result<Slides, Error> {
        super::solve(&self.tables[target.blank()], start, target)
    }

    /// The number of moves from `start` to `target`, `None` if no moves join them.
    pub fn distance(&self, start: &Grid, target: &Grid) -> Option<u8> {
        super::distance(&self.tables[target.blank()].distances, start, target)
    }
}

impl<D: AsRef<[u8]> + Sync> Eight2<D> {
    /// [`Eight2::solve_pair`] for each `(start, target)` of `pairs`, on every core, in
    /// their order.
    ///
    /// ```
    /// use tablesolve::{Eight2, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let eight2 = Eight2::open(&TableDir::new(dir.path()).build_missing(|_| {}))?;
    /// let pairs = vec![
    ///     ("12X453786".parse()?, "12345678X".parse()?),
    ///     ("564178X23".parse()?, "7568X4123".parse()?),
    /// ];
    /// let moves: Vec<String> = eight2
    ///     .solve_many(pairs)
    ///     .map(|m| tablesolve::moves::letters(&m.unwrap().unwrap()))
    ///     .collect();
    /// assert_eq!(moves, ["dd", "urrulldr"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_many<'a>(
        &'a self,
        pairs: impl IntoIterator<Item = (Grid, Grid)> + 'a,
    ) -> impl Iterator<Item = Result<Slides, Error>> + 'a {
        in_parallel(pairs, |(start, target)| self.solve_pair(&start, &target))
    }
}
