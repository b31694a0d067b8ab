//! The Rotation Game answered from its table: open it once, then answer any number of
//! boards, one at a time or on every core.

use super::{Answer, Board};
use crate::error::Error;
use crate::parallel::in_parallel;
use crate::table::{ExactTable, Mapped, TableDir};

/// The Rotation Game, answered from its table.
#[derive(Clone, Debug)]
pub struct Rotation<D = Mapped> {
    /// The mask distances and walks.
    pub table: ExactTable<D>,
}

impl Rotation {
    /// Opens the table from `tables`, building it there if missing and allowed.
    pub fn open(tables: &TableDir) -> Result<Self, Error> {
        Ok(Rotation {
            table: tables.load_exact(&[super::Space])?.remove(0),
        })
    }
}

impl<D: AsRef<[u8]>> Rotation<D> {
    /// The shortest, lexicographically smallest solution of `board`, and its digit.
    ///
    /// ```
    /// use tablesolve::{Rotation, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let rotation = Rotation::open(&TableDir::new(dir.path()).build_missing(|_| {}))?;
    /// let board = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3".parse()?;
    /// let answer = rotation.solve(&board)?;
    /// assert_eq!((answer.letters().as_str(), answer.digit), ("DDHH", 2));
    /// assert_eq!(rotation.distance(&board), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, board: &Board) -> Result<Answer, Error> {
        super::solve(&self.table, board)
    }

    /// The number of moves `board` needs.
    pub fn distance(&self, board: &Board) -> u8 {
        super::distance(&self.table.distances, board)
    }
}

impl<D: AsRef<[u8]> + Sync> Rotation<D> {
    /// [`Rotation::solve`] for each of `boards`, on every core, in their order.
    ///
    /// ```
    /// use tablesolve::rotation::Board;
    /// use tablesolve::{Rotation, TableDir};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// # std::env::set_var("TABLESOLVE_TABLES", dir.path());
    /// // Where the command keeps its tables ($TABLESOLVE_TABLES, else the user's cache
    /// // directory), building them there if missing.
    /// let rotation = Rotation::open(&TableDir::default())?;
    /// let boards: Vec<Board> = [
    ///     "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
    ///     "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
    /// ]
    /// .iter()
    /// .map(|text| text.parse())
    /// .collect::<Result<_, _>>()?;
    /// let answers: Vec<String> = rotation.solve_many(boards).map(|a| a.unwrap().letters()).collect();
    /// assert_eq!(answers, ["AC", "DDHH"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_many<'a>(
        &'a self,
        boards: impl IntoIterator<Item = Board> + 'a,
    ) -> impl Iterator<Item = Result<Answer, Error>> + 'a {
        in_parallel(boards, |board| self.solve(&board))
    }
}
