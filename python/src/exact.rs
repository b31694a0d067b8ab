//! The puzzles answered from exact tables (the Rotation Game, the 8-puzzle, Eight II):
//! one class each, made by one macro.

use super::*;

/// A puzzle answered from exact tables: its class (doc comment and name before the
/// braces), opened with `tables=` and `build=` as every class is, with the `tables`
/// getter and `repr`, and its own methods (inside the braces).
macro_rules! exact_table_class {
    ($(#[doc = $doc:expr])* $name:ident { $($methods:tt)* }) => {
        $(#[doc = $doc])*
        #[pyclass(frozen, module = "tablesolve")]
        pub(crate) struct $name {
            judge: tablesolve::$name,
            dir: PathBuf,
        }

        #[pymethods]
        impl $name {
            #[new]
            #[pyo3(signature = (tables=None, build=true))]
            fn new(py: Python<'_>, tables: Option<PathBuf>, build: bool) -> PyResult<Self> {
                let dir = table_dir(tables, build);
                let judge = open(py, &dir, tablesolve::$name::open)?;
                let dir = dir.dir().to_owned();
                Ok($name { judge, dir })
            }

            /// The table directory.
            #[getter]
            fn tables(&self) -> &Path {
                &self.dir
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                Ok(format!(concat!(stringify!($name), "(tables={})"), repr(py, &self.dir)?))
            }

            $($methods)*
        }
    };
}

exact_table_class! {
    /// The Rotation Game (UVA 1343): a board is 24 values, eight each of 1, 2 and 3, in the
    /// judge's reading order.
    Rotation {
        /// The shortest, lexicographically smallest moves (letters A-H; "" when solved
        /// already) and the digit they gather in the centre.
        fn solve(&self, board: &Bound<'_, PyAny>) -> PyResult<(String, u8)> {
            let answer = self.judge.solve(&rotation::Board::from_py(board)?);
            let answer = answer.map_err(|e| to_py(e, &self.dir))?;
            Ok((answer.letters(), answer.digit))
        }

        /// The number of moves the board needs.
        fn distance(&self, board: &Bound<'_, PyAny>) -> PyResult<u8> {
            Ok(self.judge.distance(&rotation::Board::from_py(board)?))
        }

        /// Answers every board of an iterable (or rows of a numpy array) on every core.
        #[pyo3(signature = (boards, *, return_exceptions=false))]
        fn solve_many(
            &self,
            py: Python<'_>,
            boards: &Bound<'_, PyAny>,
            return_exceptions: bool,
        ) -> PyResult<Py<PyList>> {
            let cases = boards::many::<rotation::Board>(boards)?;
            let solve = |board: &rotation::Board| self.judge.solve(board).map_err(Failure::Table);
            let to_py = |py: Python<'_>, answer: rotation::Answer| {
                Ok((answer.letters(), answer.digit))
                    .and_then(|pair| pair.into_pyobject(py))
                    .map(|pair| pair.into_any().unbind())
            };
            solve_many(py, &self.dir, cases, return_exceptions, None, solve, to_py)
        }

        /// Judges `answer`, a pair (moves, digit) as `solve` gives it.
        fn check(&self, board: &Bound<'_, PyAny>, answer: (String, i64)) -> PyResult<Verdict> {
            let board = rotation::Board::from_py(board)?;
            let (moves, digit) = answer;
            let moves = if moves.is_empty() {
                "No moves needed"
            } else {
                &moves
            };
            verdict(&self.judge, &self.dir, &board, &[moves, &digit.to_string()])
        }
    }
}

exact_table_class! {
    /// The 8-puzzle to 12345678x (HDU 1043): a board is nine tiles, digits 1-8 and x as
    /// text, or numbers 0-8 with 0 the blank.
    Eight {
        /// The shortest, lexicographically smallest moves of the blank (letters d, l, r,
        /// u), or None when the board cannot reach the goal.
        fn solve(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let answer = self.judge.solve(&Grid::from_py(board)?);
            let answer = answer.map_err(|e| to_py(e, &self.dir))?;
            Ok(moves_to_py(py, answer.as_deref()))
        }

        /// The number of moves the board needs, None when it cannot reach the goal.
        fn distance(&self, board: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
            Ok(self.judge.distance(&Grid::from_py(board)?))
        }

        /// Answers every board of an iterable (or rows of a numpy array) on every core.
        #[pyo3(signature = (boards, *, return_exceptions=false))]
        fn solve_many(
            &self,
            py: Python<'_>,
            boards: &Bound<'_, PyAny>,
            return_exceptions: bool,
        ) -> PyResult<Py<PyList>> {
            let cases = boards::many::<Grid>(boards)?;
            let solve = |grid: &Grid| self.judge.solve(grid).map_err(Failure::Table);
            let to_py = |py: Python<'_>, answer: Slides| Ok(moves_to_py(py, answer.as_deref()));
            solve_many(py, &self.dir, cases, return_exceptions, None, solve, to_py)
        }

        /// Judges `answer`, moves as `solve` gives them (None: unsolvable).
        #[pyo3(signature = (board, answer))]
        fn check(&self, board: &Bound<'_, PyAny>, answer: Option<&str>) -> PyResult<Verdict> {
            let grid = Grid::from_py(board)?;
            verdict(
                &self.judge,
                &self.dir,
                &grid,
                &[answer.unwrap_or("unsolvable")],
            )
        }
    }
}

exact_table_class! {
    /// The 8-puzzle between any two grids (HDU 3567, "Eight II"): a case is a start and a
    /// target, each as `Eight` takes a board.
    Eight2 {
        /// The shortest, lexicographically smallest moves of the blank from `start` to
        /// `target`, or None when it cannot reach it.
        fn solve(
            &self,
            py: Python<'_>,
            start: &Bound<'_, PyAny>,
            target: &Bound<'_, PyAny>,
        ) -> PyResult<Py<PyAny>> {
            let answer = self
                .judge
                .solve_pair(&Grid::from_py(start)?, &Grid::from_py(target)?);
            let answer = answer.map_err(|e| to_py(e, &self.dir))?;
            Ok(moves_to_py(py, answer.as_deref()))
        }

        /// The number of moves from `start` to `target`, None when it cannot reach it.
        fn distance(
            &self,
            start: &Bound<'_, PyAny>,
            target: &Bound<'_, PyAny>,
        ) -> PyResult<Option<u8>> {
            Ok(self
                .judge
                .distance(&Grid::from_py(start)?, &Grid::from_py(target)?))
        }

        /// Answers every case of an iterable of pairs (start, target) on every core.
        #[pyo3(signature = (cases, *, return_exceptions=false))]
        fn solve_many(
            &self,
            py: Python<'_>,
            cases: &Bound<'_, PyAny>,
            return_exceptions: bool,
        ) -> PyResult<Py<PyList>> {
            let cases = boards::many::<Pair>(cases)?;
            let solve = |pair: &Pair| {
                self.judge
                    .solve_pair(&pair.0, &pair.1)
                    .map_err(Failure::Table)
            };
            let to_py = |py: Python<'_>, answer: Slides| Ok(moves_to_py(py, answer.as_deref()));
            solve_many(py, &self.dir, cases, return_exceptions, None, solve, to_py)
        }

        /// Judges `answer`, moves as `solve` gives them (None: unsolvable).
        #[pyo3(signature = (start, target, answer))]
        fn check(
            &self,
            start: &Bound<'_, PyAny>,
            target: &Bound<'_, PyAny>,
            answer: Option<&str>,
        ) -> PyResult<Verdict> {
            let case = (Grid::from_py(start)?, Grid::from_py(target)?);
            let lines = match answer {
                Some(moves) => [
                    format!("Case 1: {}", moves.chars().count()),
                    moves.to_owned(),
                ],
                None => ["Case 1: unsolvable".to_owned(), String::new()],
            };
            verdict(&self.judge, &self.dir, &case, &[&lines[0], &lines[1]])
        }
    }
}
