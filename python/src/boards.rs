//! Boards as Python gives them: judge text (`"2 3 4 1 5 x 7 6 8"`), a sequence of
//! numbers (`[2, 3, 4, 1, 5, 0, 7, 6, 8]`, 0 the blank), or, for a batch, the rows of
//! a numpy array.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use std::ops::Range;

use tablesolve::eight::Grid;
use tablesolve::judge::{CaseReader, Input, SlidingCases};
use tablesolve::rotation;
use tablesolve::sliding::Board;

/// A case as Python may give it.
pub trait PyBoard: Copy + Send + Sync {
    /// The numbers a case is written with (a numpy row's length).
    const VALUES: usize;

    /// The case from its judge text.
    fn from_text(text: &str) -> Result<Self, String>;

    /// The case from its numbers, in reading order.
    fn from_values(values: &[i64]) -> Result<Self, String>;

    /// The case from a Python object: text, or a sequence of numbers.
    fn from_py(board: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(text) = board.cast::<PyString>() {
            return Self::from_text(&text.to_cow()?).map_err(PyValueError::new_err);
        }
        let values: Vec<i64> = board.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "a board is a string or a sequence of {} integers, not {}",
                Self::VALUES,
                type_name(board)
            ))
        })?;
        Self::from_values(&values).map_err(PyValueError::new_err)
    }
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "that".to_owned(), |name| name.to_string())
}

/// The value at `position` as a byte, if it is one.
fn byte(values: &[i64], position: usize, what: &str) -> Result<u8, String> {
    u8::try_from(values[position]).map_err(|_| {
        format!(
            "value {} at position {} is not {what}",
            values[position],
            position + 1
        )
    })
}

fn expect_len(values: &[i64], len: usize) -> Result<(), String> {
    if values.len() == len {
        Ok(())
    } else {
        Err(format!("expected {len} values, found {}", values.len()))
    }
}

impl PyBoard for rotation::Board {
    const VALUES: usize = rotation::CELLS;

    fn from_text(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e: rotation::BoardError| e.to_string())
    }

    fn from_values(values: &[i64]) -> Result<Self, String> {
        expect_len(values, rotation::CELLS)?;
        let mut cells = [0; rotation::CELLS];
        for (position, cell) in cells.iter_mut().enumerate() {
            *cell = byte(values, position, "1, 2 or 3")?;
        }
        rotation::Board::new(cells).map_err(|e| e.to_string())
    }
}

impl PyBoard for Grid {
    const VALUES: usize = tablesolve::eight::CELLS;

    fn from_text(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e: tablesolve::eight::GridError| e.to_string())
    }

    /// Numbers 0..8, 0 the blank.
    fn from_values(values: &[i64]) -> Result<Self, String> {
        expect_len(values, Self::VALUES)?;
        let mut text = [0; tablesolve::eight::CELLS];
        for (position, tile) in text.iter_mut().enumerate() {
            *tile = match byte(values, position, "a tile 0-8 (0 the blank)")? {
                0 => b'x',
                t @ 1..=8 => b'0' + t,
                _ => {
                    let v = values[position];
                    return Err(format!(
                        "value {v} at position {} is not a tile 0-8 (0 the blank)",
                        position + 1
                    ));
                }
            };
        }
        Grid::parse(&text).map_err(|e| e.to_string())
    }
}

/// A sliding board of any size, W*H numbers, 0 the blank (the 8-puzzle's grids have
/// their own text, with `x`).
#[derive(Clone, Copy, Debug)]
pub struct Tiles<const W: usize, const H: usize>(pub Board<W, H>);

impl<const W: usize, const H: usize> PyBoard for Tiles<W, H> {
    const VALUES: usize = W * H;

    fn from_text(text: &str) -> Result<Self, String> {
        Board::parse_values(text)
            .map(Tiles)
            .map_err(|e| e.to_string())
    }

    fn from_values(values: &[i64]) -> Result<Self, String> {
        expect_len(values, Self::VALUES)?;
        let what = format!("a number from 0 to {}", Self::VALUES - 1);
        let values = (0..values.len())
            .map(|position| byte(values, position, &what))
            .collect::<Result<Vec<u8>, String>>()?;
        Board::from_values(&values)
            .map(Tiles)
            .map_err(|e| e.to_string())
    }
}

/// An Eight II case: a start and a target grid.
#[derive(Clone, Copy, Debug)]
pub struct Pair(pub Grid, pub Grid);

impl PyBoard for Pair {
    const VALUES: usize = 2 * tablesolve::eight::CELLS;

    /// Both grids, as the judge writes them: `12X453786 12345678X`.
    fn from_text(text: &str) -> Result<Self, String> {
        let tiles: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
        if tiles.len() != Self::VALUES {
            return Err(format!(
                "expected two grids of 9 characters, found {} characters",
                tiles.len()
            ));
        }
        let (start, target) = tiles.split_at(tablesolve::eight::CELLS);
        let grid =
            |tiles: &[u8], which: &str| Grid::parse(tiles).map_err(|e| format!("the {which}: {e}"));
        Ok(Pair(grid(start, "start")?, grid(target, "target")?))
    }

    fn from_values(values: &[i64]) -> Result<Self, String> {
        expect_len(values, Self::VALUES)?;
        let (start, target) = values.split_at(tablesolve::eight::CELLS);
        let grid = |values: &[i64], which: &str| {
            <Grid as PyBoard>::from_values(values).map_err(|e| format!("the {which}: {e}"))
        };
        Ok(Pair(grid(start, "start")?, grid(target, "target")?))
    }

    /// Also a pair `(start, target)` of grids, each as [`Grid`] takes it.
    fn from_py(case: &Bound<'_, PyAny>) -> PyResult<Self> {
        if !case.is_instance_of::<PyString>() && case.len().is_ok_and(|len| len == 2) {
            let grid = |which: usize| -> PyResult<Grid> {
                let name = ["start", "target"][which];
                Grid::from_py(&case.get_item(which)?).map_err(|e| {
                    PyValueError::new_err(format!("the {name}: {}", e.value(case.py())))
                })
            };
            return Ok(Pair(grid(0)?, grid(1)?));
        }
        if let Ok(text) = case.cast::<PyString>() {
            return Self::from_text(&text.to_cow()?).map_err(PyValueError::new_err);
        }
        let values: Vec<i64> = case.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "a case is a pair (start, target), a string of both grids or 18 integers, not {}",
                type_name(case)
            ))
        })?;
        Self::from_values(&values).map_err(PyValueError::new_err)
    }
}

/// A batch's cases, to be read on any thread: where Python can hand them over in one
/// piece (numpy rows, a list of strings), they are read on every core with the GIL
/// released, as they are answered; otherwise one by one, beforehand.
pub struct Batch<B> {
    cases: Cases<B>,
    /// The errors of cases read beforehand, by index.
    unread: Vec<(usize, PyErr)>,
}

enum Cases<B> {
    /// `B::VALUES` numbers a case.
    Rows(Vec<i64>),
    /// The judge texts, joined, and where each lies in them.
    Lines(String, Vec<Range<usize>>),
    /// Cases read beforehand, `None` where reading failed.
    Read(Vec<Option<B>>),
}

/// A batch's cases as [`crate::solve_many`] reads them, on any thread.
pub trait CaseSource: Sync {
    type Case;

    /// The number of cases.
    fn len(&self) -> usize;

    /// The errors of the cases read beforehand, by index.
    fn take_unread(&mut self) -> Vec<(usize, PyErr)>;

    /// Case `index`; the error says why it is no case (`None`: see
    /// [`CaseSource::take_unread`]).
    fn read(&self, index: usize) -> Result<Self::Case, Option<String>>;

    /// What the caller calls the cases, to name one in an error (`boards[3]`).
    fn called(&self) -> &'static str {
        "boards"
    }
}

impl<B: PyBoard> CaseSource for Batch<B> {
    type Case = B;

    fn len(&self) -> usize {
        match &self.cases {
            Cases::Rows(values) => values.len() / B::VALUES,
            Cases::Lines(_, lines) => lines.len(),
            Cases::Read(cases) => cases.len(),
        }
    }

    fn take_unread(&mut self) -> Vec<(usize, PyErr)> {
        std::mem::take(&mut self.unread)
    }

    fn read(&self, index: usize) -> Result<B, Option<String>> {
        match &self.cases {
            Cases::Rows(values) => {
                B::from_values(&values[index * B::VALUES..][..B::VALUES]).map_err(Some)
            }
            Cases::Lines(text, lines) => B::from_text(&text[lines[index].clone()]).map_err(Some),
            Cases::Read(cases) => cases[index].ok_or(None),
        }
    }
}

/// Cases read one by one beforehand, with the GIL held, each by its own reader.
pub struct ReadBefore<T> {
    cases: Vec<Option<T>>,
    unread: Vec<(usize, PyErr)>,
    called: &'static str,
}

impl<T> ReadBefore<T> {
    /// Every case of the iterable `boards`, each read by `read`; a case it refuses is
    /// kept as its error. `called` is what the caller calls them ("boards", "cases").
    pub fn new(
        boards: &Bound<'_, PyAny>,
        called: &'static str,
        read: impl Fn(&Bound<'_, PyAny>) -> PyResult<T>,
    ) -> PyResult<Self> {
        if boards.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "{called} is an iterable, not one string: use solve() for one case"
            )));
        }
        let mut before = ReadBefore {
            cases: Vec::new(),
            unread: Vec::new(),
            called,
        };
        for (index, board) in boards.try_iter()?.enumerate() {
            match read(&board?) {
                Ok(case) => before.cases.push(Some(case)),
                Err(error) => {
                    before.unread.push((index, error));
                    before.cases.push(None);
                }
            }
        }
        Ok(before)
    }
}

impl<T: Clone + Sync> CaseSource for ReadBefore<T> {
    type Case = T;

    fn len(&self) -> usize {
        self.cases.len()
    }

    fn take_unread(&mut self) -> Vec<(usize, PyErr)> {
        std::mem::take(&mut self.unread)
    }

    fn read(&self, index: usize) -> Result<T, Option<String>> {
        self.cases[index].clone().ok_or(None)
    }

    fn called(&self) -> &'static str {
        self.called
    }
}

/// Every case of `boards`: an iterable of boards, or a numpy array with one board a row
/// (read as int64 in one copy, not element by element).
pub fn many<B: PyBoard>(boards: &Bound<'_, PyAny>) -> PyResult<Batch<B>> {
    if boards.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "boards is an iterable of boards, not one string: use solve() for one board",
        ));
    }
    let cases = if boards.hasattr("__array_interface__")? {
        rows::<B>(boards)?
    } else if let Some(lines) = lines(boards)? {
        lines
    } else {
        let ReadBefore { cases, unread, .. } = ReadBefore::new(boards, "boards", B::from_py)?;
        return Ok(Batch {
            cases: Cases::Read(cases),
            unread,
        });
    };
    Ok(Batch {
        cases,
        unread: Vec::new(),
    })
}

/// A list or tuple of judge texts, joined by Python into one string: a string at a
/// time, converting them would cost about as much as answering them. `None` where the
/// items are not all strings of one line each.
fn lines<B>(boards: &Bound<'_, PyAny>) -> PyResult<Option<Cases<B>>> {
    let count = match (boards.cast::<PyList>(), boards.cast::<PyTuple>()) {
        (Ok(list), _) => list.len(),
        (_, Ok(tuple)) => tuple.len(),
        _ => return Ok(None),
    };
    let Ok(joined) = PyString::new(boards.py(), "\n").call_method1("join", (boards,)) else {
        return Ok(None);
    };
    let text = joined.cast::<PyString>()?.to_cow()?.into_owned();
    let mut lines = Vec::with_capacity(count);
    let mut start = 0;
    for end in text
        .match_indices('\n')
        .map(|(at, _)| at)
        .chain([text.len()])
    {
        lines.push(start..end);
        start = end + 1;
    }
    if count == 0 || lines.len() != count {
        return Ok(None);
    }
    Ok(Some(Cases::Lines(text, lines)))
}

/// The numbers of a numpy array of shape (n, B::VALUES), or (n, ...) of that many.
fn rows<B: PyBoard>(array: &Bound<'_, PyAny>) -> PyResult<Cases<B>> {
    let py = array.py();
    let numpy = py.import("numpy")?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", "int64")?;
    let array = numpy.call_method("ascontiguousarray", (array,), Some(&kwargs))?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let values: usize = shape.iter().skip(1).product();
    if shape.len() < 2 || values != B::VALUES {
        let shape: Vec<String> = shape.iter().map(usize::to_string).collect();
        return Err(PyValueError::new_err(format!(
            "an array of boards has shape (n, {}), not ({})",
            B::VALUES,
            shape.join(", ")
        )));
    }
    let bytes = array.call_method0("tobytes")?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    let values = bytes
        .chunks_exact(8)
        .map(|b| i64::from_ne_bytes(b.try_into().expect("eight bytes")))
        .collect();
    Ok(Cases::Rows(values))
}

/// `"WxH"`: W columns and H rows, each 2 to 5, as the command reads `--size`.
pub fn parse_size(text: &str) -> PyResult<(usize, usize)> {
    tablesolve::sliding::parse_size(text)
        .map_err(|e| PyValueError::new_err(format!("size={text:?}: {e}")))
}

/// The cases of a `W` x `H` input as `read_boards` gives them.
type ReadCases = Vec<(Option<u64>, Vec<u16>)>;

/// Reads `text`'s cases of `W` x `H` boards as the command does.
fn read_sized<const W: usize, const H: usize>(
    text: &str,
    numbered: bool,
) -> (ReadCases, Option<String>) {
    let mut input = Input::new(text.as_bytes());
    let mut reader = SlidingCases::<W, H>::new(Board::canonical(W * H - 1), numbered);
    let mut cases = Vec::new();
    for number in 1.. {
        match reader.read_case(&mut input, number) {
            Ok(Some(case)) => {
                let cells = case.start.cells().iter().map(|&c| c.into()).collect();
                cases.push((case.label, cells));
            }
            Ok(None) => return (cases, None),
            Err(error) => return (cases, Some(error.to_string())),
        }
    }
    unreachable!("cases end")
}

/// Reads the boards of a `tablesolve sliding --size SIZE` input (`fifteen`: "4x4",
/// `twentyfour`: "5x5") as the command does, without tables: a list of (label, board)
/// pairs, the label an int with `numbered` (else None) and the board W*H ints, 0 the
/// blank; and the command's message for the first malformed case (case, line and
/// column), None if there is none. The cases before it are all in the list.
#[pyfunction]
#[pyo3(signature = (text, size="4x4", numbered=false))]
pub fn read_boards(
    text: &str,
    size: &str,
    numbered: bool,
) -> PyResult<(ReadCases, Option<String>)> {
    let (width, height) = parse_size(size)?;
    Ok(tablesolve::for_size!(
        (width, height),
        read_sized(text, numbered),
        unreachable!("parse_size keeps to 2-5")
    ))
}
