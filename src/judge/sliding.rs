//! The 15-puzzle's format, for every sliding board: 16 (W*H) integers a case, on one
//! line or four (H) (after a label with `--numbered`), one line an answer. The boards
//! are answered by [`crate::sliding::Sliding`].

use rand::{Rng, RngCore};
use std::convert::Infallible;
use std::io::Read;

use super::searched::{searched, Searched};
use super::{
    input_error, CaseReader, CasesAt, CrossCheck, EveryShortest, FastPath, Format, Input, Place,
    Replay, Sample, SampleAt, Shortest, Solver, Tables, Token, Written,
};
use crate::error::Error;
use crate::moves::{letters, parse_letters, write_letters};
use crate::sample::{NoSuchLength, RanksAt};
use crate::search::Outcome;
use crate::sliding::MAX_CELLS;
use crate::sliding::{manhattan_search, published_diameter, random_board_like, random_walk, Slide};
use crate::sliding::{Board, Sliding};
use crate::table::{Table, TableId};

/// What a slide that leaves the grid is called in messages, for every sliding board
/// (the 8-puzzle's judges too).
pub(super) const OFF_GRID: &str = "takes the blank off the grid";

/// One case: the start, the target, and the case's label when the input numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlidingCase<const W: usize, const H: usize> {
    /// The label before the case (`--numbered`), echoed in JSON answers.
    pub label: Option<u64>,
    /// The start.
    pub start: Board<W, H>,
    /// The goal to reach.
    pub target: Board<W, H>,
}

/// A 15-puzzle case.
pub type FifteenCase = SlidingCase<4, 4>;

/// A sliding board's answer and the work it took.
pub type FifteenAnswer = Searched<Slide>;

/// Reads cases of `W*H` values, each after a label if numbered.
pub struct SlidingCases<const W: usize, const H: usize> {
    numbered: bool,
    target: Board<W, H>,
}

/// The 15-puzzle's reader.
pub type FifteenCases = SlidingCases<4, 4>;

impl<const W: usize, const H: usize> SlidingCases<W, H> {
    /// A reader of cases towards `target`, each after its label if `numbered`.
    pub fn new(target: Board<W, H>, numbered: bool) -> Self {
        SlidingCases { numbered, target }
    }
}

impl<const W: usize, const H: usize> CaseReader for SlidingCases<W, H> {
    type Case = SlidingCase<W, H>;

    fn read_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<SlidingCase<W, H>>, Error> {
        let mut values = vec![0u8; W * H];
        let Some((label, start)) = read_board(input, case, (W, H), self.numbered, &mut values)?
        else {
            return Ok(None);
        };
        let start = Board::from_values(&values)
            .map_err(|error| input_error(case, start, error.to_string()))?;
        Ok(Some(SlidingCase {
            label,
            start,
            target: self.target,
        }))
    }

    fn case_text(&self, case: &SlidingCase<W, H>) -> String {
        match case.label {
            Some(label) => format!("{label} {}", case.start.values_text()),
            None => case.start.values_text(),
        }
    }
}

/// No fast path: a board's tiles are read as they come.
impl<const W: usize, const H: usize> FastPath for SlidingCases<W, H> {}

/// Reads the values of one case of a sliding board `width` by `height` into `values`
/// (`../shared/SPEC.md` section 10): all of them on one line, or one row a line on
/// consecutive lines, after a label on the case's first line if `numbered`. Gives the
/// label and where the case starts, or `None` at the end of the input.
///
/// A case never reaches past its lines, so a malformed one is read whole (however long
/// its lines, in bounded memory) and the next case starts on the next line: one bad line
/// cannot shift the cases after it. The first problem met, in reading order, is the one
/// reported, at its line and column.
fn read_board<R: Read>(
    input: &mut Input<R>,
    case: usize,
    (width, height): (usize, usize),
    numbered: bool,
    values: &mut [u8],
) -> Result<Option<(Option<u64>, Place)>, Error> {
    let cells = width * height;
    let mut bad = None;
    let mut report = |at: Place, message: String| {
        bad.get_or_insert((at, message));
    };
    // Where each value stands, to point at one given twice.
    let mut places = [Place::default(); MAX_CELLS];
    // The value at `slot` of the case, when it has a slot.
    let mut value = |token: &Token, slot: Option<usize>, report: &mut dyn FnMut(Place, String)| {
        let Some(slot) = slot else { return };
        places[slot] = token.at;
        match cell_value(token, slot, cells) {
            Ok(n) => values[slot] = n,
            Err(message) => report(token.at, message),
        }
    };
    let (start, line, label) = {
        let Some(first) = input.token() else {
            return Ok(None);
        };
        let (at, line) = (first.at, first.at.line);
        let label = match numbered {
            true => match first.number::<u64>() {
                Some(label) => Some(label),
                None => {
                    report(at, format!("label {} is not a number", first.quoted()));
                    None
                }
            },
            false => {
                value(&first, Some(0), &mut report);
                None
            }
        };
        (at, line, label)
    };
    // The first line, after the label: the whole board, or its first row.
    let shape = format!("a case is {cells} values on one line, or {height} lines of {width}");
    let mut count = usize::from(!numbered);
    while let Some(token) = input.token_on_line(line) {
        if count == cells {
            let message = format!("line {line} has more than {cells} values: {shape}");
            report(token.at, message);
        }
        value(&token, (count < cells).then_some(count), &mut report);
        count += 1;
    }
    if count == width {
        for row in 1..height {
            let line = line + row;
            let mut found = 0;
            while let Some(token) = input.token_on_line(line) {
                if found == width {
                    let message = format!("line {line} has more than {width} values: {shape}");
                    report(token.at, message);
                }
                let slot = row * width + found;
                value(&token, (found < width).then_some(slot), &mut report);
                found += 1;
            }
            if found == 0 {
                let message = format!("the case ends after {row} of its {height} rows: {shape}");
                report(start, message);
                break;
            }
            if found < width {
                let message = format!("line {line} has {found} values: {shape}");
                report(Place { line, column: 1 }, message);
            }
        }
    } else if count < cells {
        let after_label = if numbered { " after the label" } else { "" };
        let message = format!("line {line} has {count} values{after_label}: {shape}");
        report(start, message);
    }
    // A value given twice is a fault where it is given again, unless one stands before.
    if let Some((at, message)) = repeated(&values[..cells], &places) {
        if bad.as_ref().is_none_or(|(bad_at, _)| at < *bad_at) {
            bad = Some((at, message));
        }
    }
    match bad {
        Some((at, message)) => Err(input_error(case, at, message)),
        None => Ok(Some((label, start))),
    }
}

/// The value `token` gives cell `slot` of a board of `cells`, or why it gives none.
fn cell_value(token: &Token, slot: usize, cells: usize) -> Result<u8, String> {
    let blank_hint = match token.text {
        b"x" | b"X" => " (the blank is 0)",
        _ => "",
    };
    token
        .number::<u8>()
        .filter(|&n| usize::from(n) < cells)
        .ok_or_else(|| {
            format!(
                "value {} at position {} is not a number from 0 to {}{blank_hint}",
                token.quoted(),
                slot + 1,
                cells - 1,
            )
        })
}

/// The first value of `values` given twice, in reading order: where it is given again,
/// and which value is missing (when every value was given). A slot with no place was
/// never given a value.
fn repeated(values: &[u8], places: &[Place]) -> Option<(Place, String)> {
    let given = |position: usize| places[position] != Place::default();
    let mut first = [None; MAX_CELLS];
    for (position, &v) in values.iter().enumerate().filter(|&(p, _)| given(p)) {
        let Some(before) = first[usize::from(v)].replace(position) else {
            continue;
        };
        let mut message = format!(
            "{v} appears twice (at positions {} and {})",
            before + 1,
            position + 1
        );
        if (0..values.len()).all(given) {
            let missing = (0..values.len()).find(|&m| !values.contains(&(m as u8)));
            message += &format!(", and {} is missing", missing.expect("one left out"));
        }
        return Some((places[position], message));
    }
    None
}

impl<D, const W: usize, const H: usize> Sliding<D, W, H> {
    fn case(&self, start: Board<W, H>) -> SlidingCase<W, H> {
        SlidingCase {
            label: None,
            start,
            target: self.target,
        }
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Solver for Sliding<D, W, H> {
    type Case = SlidingCase<W, H>;
    type Answer = FifteenAnswer;
    const CASES_PER_TASK: usize = 1;

    fn solve(&self, case: &SlidingCase<W, H>) -> Result<FifteenAnswer, Error> {
        let answer = searched(case.label, true, || self.outcome(&case.start))?;
        if let Some(stopped) = &answer.stopped {
            self.budget().count_stopped(stopped);
        }
        Ok(answer)
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Replay for Sliding<D, W, H> {
    type State = Board<W, H>;
    const ILLEGAL: &'static str = OFF_GRID;

    fn start(&self, case: &SlidingCase<W, H>) -> Board<W, H> {
        case.start
    }

    fn play(&self, board: &Board<W, H>, m: Slide) -> Option<Board<W, H>> {
        board.apply(m)
    }

    fn solved(&self, case: &SlidingCase<W, H>, board: &Board<W, H>) -> bool {
        *board == case.target
    }

    fn target(&self, case: &SlidingCase<W, H>) -> Option<Board<W, H>> {
        Some(case.target)
    }

    fn headline(&self, answer: &FifteenAnswer) -> String {
        match (&answer.moves, answer.stopped) {
            (Some(moves), _) => format!("{} moves {}", moves.len(), letters(moves)),
            (None, Some(stopped)) => format!(
                "not answered ({}): at least {} moves",
                stopped.reason, stopped.lower_bound
            ),
            (None, None) => "unsolvable, the parities differ".to_owned(),
        }
    }

    /// The blank as sliding boards write it, `0`.
    fn draw(&self, board: &Board<W, H>) -> String {
        board.drawn("0")
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Format for Sliding<D, W, H> {
    type Reader = SlidingCases<W, H>;
    const ANSWER_LINES: usize = 1;

    fn reader(&self) -> SlidingCases<W, H> {
        SlidingCases::new(self.target, self.numbered)
    }

    fn write_answer(&self, _: usize, answer: &FifteenAnswer, out: &mut Vec<u8>) {
        match (&answer.moves, answer.stopped) {
            (Some(moves), _) => write_letters(moves.iter().copied(), out),
            (None, Some(stopped)) => {
                out.extend_from_slice(format!("limit {}", stopped.lower_bound).as_bytes())
            }
            (None, None) => out.extend_from_slice(b"unsolvable"),
        }
        out.push(b'\n');
    }

    fn read_answer(&self, _: usize, lines: &[&str]) -> Result<Written<FifteenAnswer>, String> {
        let moves = match lines[0] {
            "unsolvable" => None,
            text => Some(parse_letters(text).ok_or_else(|| {
                format!("{text:?} is neither letters d, l, r, u nor `unsolvable`")
            })?),
        };
        Ok(Written {
            answer: FifteenAnswer::written(moves),
            stated_length: None,
        })
    }

    fn json_answer(&self, number: usize, answer: &FifteenAnswer) -> serde_json::Value {
        answer.json(number, letters)
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> EveryShortest for Sliding<D, W, H> {
    /// The last iteration of the search, run to its end.
    fn every_shortest(&self, case: &SlidingCase<W, H>, list: bool) -> Result<Shortest, Error> {
        let every = Sliding::every_shortest(self, &case.start, list)?;
        Ok(Shortest::of_search(every, letters, self.budget()))
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> CrossCheck for Sliding<D, W, H> {
    fn search(&self, case: &SlidingCase<W, H>) -> FifteenAnswer {
        let search = || {
            Ok(match manhattan_search(&case.start, &case.target) {
                Some(found) => Outcome::Solved(found),
                None => Outcome::Unreachable { nodes: 0 },
            })
        };
        searched(case.label, true, search).unwrap_or_else(|never: Infallible| match never {})
    }

    /// A random walk of 30 to 45 slides from the goal: short enough for the Manhattan
    /// distance to solve in moments.
    fn checkable_case(&self, rng: &mut dyn RngCore) -> SlidingCase<W, H> {
        let length = rng.random_range(30..=45);
        self.case(random_walk(rng, &self.target, length))
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Sample for Sliding<D, W, H> {
    fn random_case(&self, rng: &mut dyn RngCore) -> SlidingCase<W, H> {
        self.case(random_board_like(rng, &self.target))
    }
}

/// The longest `--length` drawn by random walks on a board `width` x `height`: three
/// quarters of the board's published diameter (80 where none is: no larger board is
/// known to need fewer), at most 50. Longer ones are found too rarely.
fn longest_walk(width: usize, height: usize) -> usize {
    let diameter = published_diameter(width, height).unwrap_or(80);
    (diameter - diameter / 4).min(50)
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> SampleAt for Sliding<D, W, H> {
    /// From an exact table, uniformly among all boards at `length`. Otherwise random
    /// walks of `length` slides from the goal, kept when solving confirms that the
    /// shortest solution has exactly `length` slides: not uniform over all boards at
    /// that length.
    fn cases_at(&self, length: usize) -> Result<CasesAt<'_, SlidingCase<W, H>>, NoSuchLength> {
        let puzzle = match (W, H) {
            (4, 4) => "fifteen",
            (5, 5) => "twentyfour",
            _ => "sliding",
        };
        if let Some(exact) = &self.exact {
            let ranks = RanksAt::new(&exact.table, length).ok_or(NoSuchLength {
                puzzle,
                length,
                longest: exact.table.header().max_depth(),
                by_walks: false,
            })?;
            return Ok(Box::new(move |rng| {
                Ok(self.case(exact.board(ranks.sample(rng))))
            }));
        }
        let longest = longest_walk(W, H);
        if length > longest {
            return Err(NoSuchLength {
                puzzle,
                length,
                longest,
                by_walks: true,
            });
        }
        // A search stopped by its limits stops the drawing: its cancellation ends a
        // draw that might otherwise take many walks.
        Ok(Box::new(move |rng| loop {
            let start = random_walk(rng, &self.target, length);
            let found = self.solve(&start)?.map(|moves| moves.len());
            if found == Some(length) {
                return Ok(self.case(start));
            }
        }))
    }
}

impl<D: AsRef<[u8]>, const W: usize, const H: usize> Tables for Sliding<D, W, H> {
    type Bytes = D;

    fn tables(&self) -> Vec<(TableId, &Table<D>)> {
        use crate::table::Source;
        let exact = self
            .exact
            .iter()
            .map(|exact| (exact.space().id(), &exact.table));
        let patterns = self.databases.iter().map(|db| (db.pattern.id(), &db.table));
        exact.chain(patterns).collect()
    }

    fn describe_rank(&self, index: usize, rank: u64) -> String {
        if let Some(exact) = &self.exact {
            return exact.board(rank).values_text();
        }
        let pattern = &self.databases[index].pattern;
        let (positions, walled_off) = pattern.entry_state(rank);
        // The board with the pattern's tiles where they stand, the other cells `.`.
        let mut cells = vec![".".to_owned(); W * H];
        for (&home, &at) in pattern.cells().iter().zip(&positions) {
            cells[usize::from(at)] = self.target.cells()[usize::from(home)].to_string();
        }
        let mut drawn = String::from("the pattern's tiles where they stand:");
        for row in cells.chunks(W) {
            let row: Vec<String> = row.iter().map(|c| format!("{c:>2}")).collect();
            drawn += &format!("\n{}", row.join(" "));
        }
        drawn += match walled_off {
            None => "",
            Some(false) => "\nthe blank in the largest zone of free cells",
            Some(true) => "\nthe blank walled off from the largest zone of free cells",
        };
        drawn
    }
}
