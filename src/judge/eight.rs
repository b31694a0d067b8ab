//! HDU 1043 (nine characters a case until the end, one line an answer) and HDU 3567
//! (a count, then start and target pairs; `Case i: n` and the moves).

use rand::RngCore;
use std::io::{self, BufRead, Write};

use super::{input_error, quote, CaseReader, Input, Judge, Verdict};
use crate::eight::{self, cantor::CELLS, Grid, Move, STANDARD_GOAL};
use crate::error::Error;
use crate::generate::{random_grid, random_grid_like, GridsAt, NoSuchLength, PairsAt};
use crate::search;
use crate::table::{Table, TableError};
use crate::tables::TableDir;

/// Reads HDU 1043 starts: the next nine characters that are not white space.
#[derive(Default)]
pub struct EightCases;

impl CaseReader for EightCases {
    type Case = Grid;

    fn read_case<R: BufRead>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Grid>, Error> {
        let mut text = [0; CELLS];
        let mut first_line = 0;
        for (position, slot) in text.iter_mut().enumerate() {
            let Some((byte, line)) = input.byte()? else {
                let message = match (position, case) {
                    (0, 1) => {
                        "empty input: expected cases of nine characters (1-8 and x)".to_owned()
                    }
                    (0, _) => return Ok(None),
                    _ => format!("input ends after {position} of the case's {CELLS} characters"),
                };
                return Err(input_error(case, input.line().max(1), message));
            };
            if position == 0 {
                first_line = line;
            }
            *slot = byte;
        }
        Grid::parse(&text)
            .map(Some)
            .map_err(|error| input_error(case, first_line, error.to_string()))
    }
}

/// Reads HDU 3567: the case count `T`, then `T` pairs of start and target.
#[derive(Default)]
pub struct EightPairs {
    /// `T`, once read.
    count: Option<usize>,
    /// Nothing more can be read: the count was bad or every case is read.
    finished: bool,
}

impl CaseReader for EightPairs {
    type Case = (Grid, Grid);

    /// Reads both grids before judging them, so that a bad case is skipped whole.
    fn read_case<R: BufRead>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<(Grid, Grid)>, Error> {
        if self.finished {
            return Ok(None);
        }
        let count = match self.count {
            Some(count) => count,
            None => {
                // Without a count nothing after it can be read: this is the last error.
                self.finished = true;
                let Some((token, line)) = input.token()? else {
                    let message = "empty input: expected the number of cases T";
                    return Err(input_error(case, input.line().max(1), message));
                };
                let count = std::str::from_utf8(token).ok().and_then(|t| t.parse().ok());
                let Some(count) = count else {
                    let message = format!("expected the number of cases T, found {}", quote(token));
                    return Err(input_error(case, line, message));
                };
                self.finished = false;
                *self.count.insert(count)
            }
        };
        if case > count {
            self.finished = true;
            return match input.token()? {
                None => Ok(None),
                Some((token, line)) => {
                    let message =
                        format!("more input after the T = {count} cases: {}", quote(token));
                    Err(input_error(case, line, message))
                }
            };
        }
        // The outer error ends the input; the inner one is this case's alone.
        let mut read = |what: &str| -> Result<Result<Grid, Error>, Error> {
            let Some((token, line)) = input.token()? else {
                self.finished = true;
                let message = format!("input ends before the {what} of case {case} of T = {count}");
                return Err(input_error(case, input.line().max(1), message));
            };
            Ok(Grid::parse(token).map_err(|error| {
                input_error(case, line, format!("{what} {}: {error}", quote(token)))
            }))
        };
        let start = read("start")?;
        let target = read("target")?;
        Ok(Some((start?, target?)))
    }
}

/// An 8-puzzle answer: the moves, or `None` for unsolvable.
pub type Slides = Option<Vec<Move>>;

fn letters(moves: &[Move], out: &mut Vec<u8>) {
    out.extend(moves.iter().map(|m| m.letter() as u8));
}

fn json_answer(number: usize, answer: &Slides) -> serde_json::Value {
    match answer {
        Some(moves) => serde_json::json!({
            "case": number,
            "solvable": true,
            "moves": moves.iter().map(|m| m.letter()).collect::<String>(),
            "length": moves.len(),
        }),
        None => serde_json::json!({ "case": number, "solvable": false }),
    }
}

/// The pair and every grid along `answer`, drawn.
fn show_slides(number: usize, start: &Grid, target: &Grid, answer: &Slides) -> String {
    let Some(moves) = answer else {
        return format!(
            "case {number}: unsolvable, the parities differ\n\nstart\n{start}\ntarget\n{target}\n"
        );
    };
    let letters: String = moves.iter().map(|m| m.letter()).collect();
    let mut text = format!(
        "case {number}: {} moves {letters}\n\nstart\n{start}",
        moves.len()
    );
    let mut grid = *start;
    for (i, &m) in moves.iter().enumerate() {
        let Some(next) = grid.apply(m) else {
            return text
                + &format!(
                    "\n{} ({} of {}) takes the blank off the grid\n",
                    m.letter(),
                    i + 1,
                    moves.len()
                );
        };
        grid = next;
        text += &format!("\n{} ({} of {})\n{grid}", m.letter(), i + 1, moves.len());
    }
    text + "\n"
}

/// The grid as nine characters, `x` (or `X`) for the blank.
fn grid_text(grid: &Grid, blank: char) -> String {
    grid.cells()
        .iter()
        .map(|&t| {
            if t == eight::BLANK {
                blank
            } else {
                char::from(b'0' + t)
            }
        })
        .collect()
}

/// Judges `text`, the moves (or "unsolvable") written for `start` to `target`, against
/// `best`, the tables' answer.
fn check_slides(start: &Grid, target: &Grid, text: &str, best: &Slides) -> Verdict {
    if text == "unsolvable" {
        return if best.is_none() {
            Verdict::Correct
        } else {
            Verdict::WrongSolvability
        };
    }
    let Some(moves) = text
        .chars()
        .map(Move::from_letter)
        .collect::<Option<Vec<_>>>()
    else {
        return Verdict::Malformed(format!(
            "{text:?} is neither letters d, l, r, u nor `unsolvable`"
        ));
    };
    let Some(best) = best else {
        return Verdict::WrongSolvability;
    };
    let mut grid = *start;
    for (i, m) in moves.iter().enumerate() {
        match grid.apply(*m) {
            Some(next) => grid = next,
            None => {
                let why = format!(
                    "move {} `{}` takes the blank off the grid",
                    i + 1,
                    m.letter()
                );
                return Verdict::Illegal(why);
            }
        }
    }
    if grid != *target {
        Verdict::NotSolved
    } else if moves.len() > best.len() {
        Verdict::NotShortest {
            length: moves.len(),
            shortest: best.len(),
        }
    } else if moves != *best {
        Verdict::NotSmallest
    } else {
        Verdict::Correct
    }
}

/// HDU 1043: the 8-puzzle to `12345678x`, answered from that goal's table.
#[derive(Debug)]
pub struct Eight<D> {
    /// The table of the standard goal, [`eight::table_id`]`(STANDARD_GOAL)`.
    pub table: Table<D>,
}

impl Eight<memmap2::Mmap> {
    /// Opens the standard goal's table from `tables`, building it if missing and allowed.
    pub fn open(tables: &TableDir) -> Result<Self, TableError> {
        Ok(Eight {
            table: tables
                .load(&[eight::Space {
                    blank: STANDARD_GOAL,
                }])?
                .remove(0),
        })
    }
}

impl<D: AsRef<[u8]>> Eight<D> {
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
        eight::solve(&self.table, start, &Grid::canonical(STANDARD_GOAL))
    }

    /// The number of moves from `start` to `12345678x`, `None` if unsolvable.
    pub fn distance(&self, start: &Grid) -> Option<u8> {
        eight::distance(&self.table, start, &Grid::canonical(STANDARD_GOAL))
    }
}

impl<D: AsRef<[u8]> + Sync> Judge for Eight<D> {
    type Case = Grid;
    type Answer = Slides;
    type Reader = EightCases;
    const ANSWER_LINES: usize = 1;

    fn solve(&self, start: &Grid) -> Result<Slides, Error> {
        Eight::solve(self, start)
    }

    fn search(&self, start: &Grid) -> Slides {
        search::eight(start, &Grid::canonical(STANDARD_GOAL))
    }

    fn length(answer: &Slides) -> Option<usize> {
        answer.as_ref().map(Vec::len)
    }

    fn write_answer(_: usize, answer: &Slides, out: &mut Vec<u8>) {
        match answer {
            Some(moves) => letters(moves, out),
            None => out.extend_from_slice(b"unsolvable"),
        }
        out.push(b'\n');
    }

    fn json_answer(number: usize, answer: &Slides) -> serde_json::Value {
        json_answer(number, answer)
    }

    fn show(number: usize, start: &Grid, answer: &Slides) -> String {
        show_slides(number, start, &Grid::canonical(STANDARD_GOAL), answer)
    }

    fn case_text(grid: &Grid) -> String {
        let text: Vec<String> = grid_text(grid, 'x').chars().map(String::from).collect();
        text.join(" ")
    }

    fn write_cases(cases: &[Grid], out: &mut dyn Write) -> io::Result<()> {
        for grid in cases {
            writeln!(out, "{}", Self::case_text(grid))?;
        }
        Ok(())
    }

    fn random_case(&self, rng: &mut dyn RngCore) -> Grid {
        random_grid(rng)
    }

    fn cases_at(
        &self,
        length: usize,
    ) -> Result<Box<dyn Fn(&mut dyn RngCore) -> Grid + '_>, NoSuchLength> {
        let grids = GridsAt::new(&self.table, length)?;
        Ok(Box::new(move |rng| grids.sample(rng)))
    }

    fn check(&self, _: usize, start: &Grid, lines: &[&str]) -> Result<Verdict, Error> {
        let goal = Grid::canonical(STANDARD_GOAL);
        Ok(check_slides(start, &goal, lines[0], &self.solve(start)?))
    }
}

/// HDU 3567: the 8-puzzle between any two grids, answered from the nine goal tables.
#[derive(Debug)]
pub struct Eight2<D> {
    /// The table of each target blank cell, in cell order.
    pub tables: Vec<Table<D>>,
}

impl Eight2<memmap2::Mmap> {
    /// Opens the nine goal tables from `tables`, building missing ones if allowed.
    pub fn open(tables: &TableDir) -> Result<Self, TableError> {
        let spaces: Vec<eight::Space> = (0..eight::GOALS)
            .map(|blank| eight::Space { blank })
            .collect();
        Ok(Eight2 {
            tables: tables.load(&spaces)?,
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
    /// let letters: String = moves.iter().map(|m| m.letter()).collect();
    /// assert_eq!(letters, "urrulldr");
    /// assert_eq!(eight2.distance(&start, &target), Some(8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_pair(&self, start: &Grid, target: &Grid) -> Result<Slides, Error> {
        eight::solve(&self.tables[target.blank()], start, target)
    }

    /// The number of moves from `start` to `target`, `None` if no moves join them.
    pub fn distance(&self, start: &Grid, target: &Grid) -> Option<u8> {
        eight::distance(&self.tables[target.blank()], start, target)
    }
}

impl<D: AsRef<[u8]> + Sync> Judge for Eight2<D> {
    type Case = (Grid, Grid);
    type Answer = Slides;
    type Reader = EightPairs;
    const ANSWER_LINES: usize = 2;

    fn solve(&self, (start, target): &(Grid, Grid)) -> Result<Slides, Error> {
        self.solve_pair(start, target)
    }

    fn search(&self, (start, target): &(Grid, Grid)) -> Slides {
        search::eight(start, target)
    }

    fn length(answer: &Slides) -> Option<usize> {
        answer.as_ref().map(Vec::len)
    }

    fn write_answer(number: usize, answer: &Slides, out: &mut Vec<u8>) {
        match answer {
            Some(moves) => {
                out.extend_from_slice(format!("Case {number}: {}\n", moves.len()).as_bytes());
                letters(moves, out);
            }
            None => out.extend_from_slice(format!("Case {number}: unsolvable\n").as_bytes()),
        }
        out.push(b'\n');
    }

    fn json_answer(number: usize, answer: &Slides) -> serde_json::Value {
        json_answer(number, answer)
    }

    fn show(number: usize, (start, target): &(Grid, Grid), answer: &Slides) -> String {
        show_slides(number, start, target, answer)
    }

    fn case_text((start, target): &(Grid, Grid)) -> String {
        format!("{} {}", grid_text(start, 'X'), grid_text(target, 'X'))
    }

    fn write_cases(cases: &[(Grid, Grid)], out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", cases.len())?;
        for case in cases {
            writeln!(out, "{}", Self::case_text(case))?;
        }
        Ok(())
    }

    fn random_case(&self, rng: &mut dyn RngCore) -> (Grid, Grid) {
        let target = random_grid(rng);
        (random_grid_like(rng, &target), target)
    }

    fn cases_at(
        &self,
        length: usize,
    ) -> Result<Box<dyn Fn(&mut dyn RngCore) -> (Grid, Grid) + '_>, NoSuchLength> {
        let pairs = PairsAt::new(&self.tables, length)?;
        Ok(Box::new(move |rng| pairs.sample(rng)))
    }

    fn check(&self, number: usize, case: &(Grid, Grid), lines: &[&str]) -> Result<Verdict, Error> {
        let best = self.solve(case)?;
        let Some(stated) = lines[0].strip_prefix(&format!("Case {number}: ")) else {
            return Ok(Verdict::Malformed(format!(
                "{:?} does not start `Case {number}: `",
                lines[0]
            )));
        };
        if stated == "unsolvable" {
            let verdict = check_slides(&case.0, &case.1, stated, &best);
            return Ok(if lines[1].is_empty() || verdict != Verdict::Correct {
                verdict
            } else {
                Verdict::Malformed("moves follow `unsolvable`".into())
            });
        }
        let Ok(stated) = stated.parse::<usize>() else {
            return Ok(Verdict::Malformed(format!(
                "{stated:?} is not a number of moves"
            )));
        };
        let verdict = check_slides(&case.0, &case.1, lines[1], &best);
        let given = lines[1].chars().count();
        Ok(match verdict {
            Verdict::Correct | Verdict::NotShortest { .. } | Verdict::NotSmallest
                if stated != given =>
            {
                Verdict::WrongLength {
                    stated,
                    moves: given,
                }
            }
            verdict => verdict,
        })
    }
}
