//! HDU 3567: a count, then start and target pairs; `Case i: n` and the moves.

use rand::RngCore;
use std::io::{self, Read, Write};

use super::eight::{headline, json_slides, read_slides, recorded_slides, slides, write_slides};
use super::sliding::OFF_GRID;
use super::{
    after_the_end, in_passes, input_error, quote, write_case_lines, CaseReader, CasesAt,
    CrossCheck, EveryShortest, FastPath, Format, Input, Place, Replay, Sample, SampleAt, Shortest,
    Solver, Written,
};
use crate::eight::sample::PairsAt;
use crate::eight::{self, Eight2, Grid, GridError, Lookup, Move, Slides, Space, CELLS};
use crate::error::Error;
use crate::sample::NoSuchLength;
use crate::sliding::{manhattan_ida, random_board, random_board_like};
use crate::table::{Source, Table};

/// Reads HDU 3567: the case count `T`, then `T` pairs of start and target.
#[derive(Default)]
pub struct EightPairs {
    /// `T`, once read.
    count: Option<usize>,
    /// Just after the last token read: input that ends early is reported there.
    end_at: Place,
    /// Nothing more can be read: the count was bad or every case is read.
    finished: bool,
}

impl CaseReader for EightPairs {
    type Case = (Grid, Grid);

    /// Reads the count, then the case or the end, token by token wherever they lie.
    /// Reads both grids before judging them, so that a bad case is skipped whole.
    fn read_case<R: Read>(
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
                let Some(token) = input.token() else {
                    return Ok(None);
                };
                let Some(count) = token.number() else {
                    let message =
                        format!("expected the number of cases T, found {}", token.quoted());
                    return Err(input_error(case, token.at, message));
                };
                self.end_at = input.place();
                self.finished = false;
                *self.count.insert(count)
            }
        };
        if case > count {
            self.finished = true;
            return match input.token() {
                None => Ok(None),
                Some(token) => Err(after_the_end(
                    case,
                    &token,
                    &format!("the T = {count} cases"),
                )),
            };
        }
        let start = self.read_grid(input, case, count, "start")?;
        let target = self.read_grid(input, case, count, "target")?;
        Ok(Some((start?, target?)))
    }

    fn case_text(&self, (start, target): &(Grid, Grid)) -> String {
        format!("{} {}", start.text('X'), target.text('X'))
    }

    fn write_cases(
        &self,
        cases: impl Iterator<Item = (Grid, Grid)>,
        count: usize,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        writeln!(out, "{count}")?;
        write_case_lines(self, cases, out)
    }
}

impl FastPath for EightPairs {
    /// Both grids on one line, one space apart, after the count: a scan of 20 bytes.
    #[inline]
    fn read_usual<R: Read>(&mut self, input: &mut Input<R>, case: usize) -> Option<(Grid, Grid)> {
        let grids = |[start, target]: [[u8; CELLS]; 2]| {
            Some((Grid::parse(&start).ok()?, Grid::parse(&target).ok()?))
        };
        let expected = !self.finished && self.count.is_some_and(|count| case <= count);
        let pair = expected.then(|| input.spaced_tokens(grids)).flatten();
        if pair.is_some() {
            self.end_at = input.place();
        }
        pair
    }
}

impl EightPairs {
    /// Reads the `what` (start or target) of case `case` of `count`: written whole or
    /// with spaces, as HDU 1043 allows. The outer error ends the input; the inner one
    /// is this case's alone. Input that ends early is reported just after its last
    /// token.
    fn read_grid<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
        count: usize,
        what: &str,
    ) -> Result<Result<Grid, Error>, Error> {
        let ends = |end_at: Place| {
            let message =
                format!("input ends here, before the {what} of case {case} of T = {count}");
            input_error(case, end_at, message)
        };
        let Some(token) = input.token() else {
            self.finished = true;
            return Err(ends(self.end_at));
        };
        let at = token.at;
        if token.len >= CELLS {
            let grid = match token.len == token.text.len() {
                true => Grid::parse(token.text),
                false => Err(GridError::Length(token.len)),
            };
            let grid = grid.map_err(|error| {
                // A fault in a grid written whole is shown at its character.
                let position = match error {
                    GridError::Character { position, .. }
                    | GridError::Repeated { position, .. } => position,
                    GridError::Length(_) => 0,
                };
                let text = String::from_utf8_lossy(token.text);
                let offset = text.char_indices().nth(position).map_or(0, |(i, _)| i);
                let at = Place {
                    column: at.column + offset,
                    ..at
                };
                input_error(case, at, format!("{what} {}: {error}", token.quoted()))
            });
            self.end_at = input.place();
            return Ok(grid);
        }
        // A grid written with spaces, as HDU 1043 allows: tokens that add up to nine
        // characters. A token that would overshoot is left for what follows.
        let mut text = token.text.to_vec();
        let mut shown = text.clone();
        self.end_at = input.place();
        while text.len() < CELLS {
            match input.peek_len() {
                None => {
                    self.finished = true;
                    return Err(ends(self.end_at));
                }
                Some(len) if text.len() + len > CELLS => break,
                Some(_) => {}
            }
            let token = input.token().expect("a token was measured");
            text.extend_from_slice(token.text);
            shown.push(b' ');
            shown.extend_from_slice(token.text);
            self.end_at = input.place();
        }
        Ok(Grid::parse(&text)
            .map_err(|error| input_error(case, at, format!("{what} {}: {error}", quote(&shown)))))
    }
}

impl<D: AsRef<[u8]> + Sync> Solver for Eight2<D> {
    type Case = (Grid, Grid);
    type Answer = Slides;

    fn solve(&self, (start, target): &(Grid, Grid)) -> Result<Slides, Error> {
        self.solve_pair(start, target)
    }
}

impl<D: AsRef<[u8]> + Sync> Replay for Eight2<D> {
    type State = Grid;
    const ILLEGAL: &'static str = OFF_GRID;

    fn start(&self, (start, _): &(Grid, Grid)) -> Grid {
        *start
    }

    fn play(&self, grid: &Grid, m: Move) -> Option<Grid> {
        grid.apply(m)
    }

    fn solved(&self, (_, target): &(Grid, Grid), grid: &Grid) -> bool {
        grid == target
    }

    fn target(&self, (_, target): &(Grid, Grid)) -> Option<Grid> {
        Some(*target)
    }

    fn headline(&self, answer: &Slides) -> String {
        headline(answer)
    }

    fn draw(&self, grid: &Grid) -> String {
        grid.to_string()
    }
}

/// An answer's two lines: `Case n: ` and the number of moves, then the moves; or
/// `Case n: unsolvable` and an empty line.
fn write_case(
    number: usize,
    moves: Option<impl ExactSizeIterator<Item = Move>>,
    out: &mut Vec<u8>,
) {
    let mut digits = itoa::Buffer::new();
    out.extend_from_slice(b"Case ");
    out.extend_from_slice(digits.format(number).as_bytes());
    out.extend_from_slice(b": ");
    match moves {
        Some(moves) => {
            out.extend_from_slice(digits.format(moves.len()).as_bytes());
            out.push(b'\n');
            write_slides(Some(moves), out);
        }
        None => out.extend_from_slice(b"unsolvable\n\n"),
    }
}

impl<D: AsRef<[u8]> + Sync> Format for Eight2<D> {
    type Reader = EightPairs;
    fn reader(&self) -> EightPairs {
        EightPairs::default()
    }

    fn reader_of_one(&self) -> EightPairs {
        EightPairs {
            count: Some(1),
            ..EightPairs::default()
        }
    }

    const ANSWER_LINES: usize = 2;

    fn write_answer(&self, number: usize, answer: &Slides, out: &mut Vec<u8>) {
        write_case(number, slides(answer), out);
    }

    /// Each answer as recorded in the tables, looked up in passes.
    fn write_answers(
        &self,
        cases: &[(usize, (Grid, Grid))],
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        let key = |(start, target): &(Grid, Grid)| Lookup::new(start, target);
        let look_up = |at: Lookup| at.walk(&self.tables[at.goal]);
        in_passes(cases, key, look_up, |number, (_, target), walk| {
            let walk = eight::recorded(walk, target)?;
            write_case(number, recorded_slides(walk), out);
            Ok(())
        })
    }

    fn read_answer(&self, number: usize, lines: &[&str]) -> Result<Written<Slides>, String> {
        let Some(stated) = lines[0].strip_prefix(&format!("Case {number}: ")) else {
            return Err(format!("{:?} does not start `Case {number}: `", lines[0]));
        };
        if stated == "unsolvable" {
            return match lines[1] {
                "" => Ok(Written {
                    answer: None,
                    stated_length: None,
                }),
                _ => Err("moves follow `unsolvable`".into()),
            };
        }
        let Ok(stated) = stated.parse::<usize>() else {
            return Err(format!("{stated:?} is not a number of moves"));
        };
        Ok(Written {
            answer: read_slides(lines[1])?,
            stated_length: Some(stated),
        })
    }

    fn json_answer(&self, number: usize, answer: &Slides) -> serde_json::Value {
        json_slides(number, answer)
    }
}

impl<D: AsRef<[u8]> + Sync> EveryShortest for Eight2<D> {
    fn every_shortest(
        &self,
        (start, target): &(Grid, Grid),
        list: bool,
    ) -> Result<Shortest, Error> {
        let table = &self.tables[target.blank()].distances;
        let every = eight::every_shortest(table, start, target, list)?;
        Ok(Shortest::of_every(every))
    }
}

impl<D: AsRef<[u8]> + Sync> CrossCheck for Eight2<D> {
    fn search(&self, (start, target): &(Grid, Grid)) -> Slides {
        manhattan_ida(start, target)
    }
}

impl<D: AsRef<[u8]> + Sync> Sample for Eight2<D> {
    fn random_case(&self, rng: &mut dyn RngCore) -> (Grid, Grid) {
        let target = random_board(rng);
        (random_board_like(rng, &target), target)
    }
}

impl<D: AsRef<[u8]> + Sync> SampleAt for Eight2<D> {
    fn cases_at(&self, length: usize) -> Result<CasesAt<'_, (Grid, Grid)>, NoSuchLength> {
        let distances: Vec<&Table<D>> = self.tables.iter().map(|t| &t.distances).collect();
        let pairs = PairsAt::new(&distances, length)?;
        Ok(Box::new(move |rng| Ok(pairs.sample(rng))))
    }
}

impl<D: AsRef<[u8]> + Sync> super::Tables for Eight2<D> {
    type Bytes = D;

    fn tables(&self) -> Vec<(crate::table::TableId, &Table<D>)> {
        let ids = (0..eight::GOALS).map(|blank| Space::new(blank).id());
        ids.zip(self.tables.iter().map(|t| &t.distances)).collect()
    }

    fn describe_rank(&self, blank: usize, rank: u64) -> String {
        let start = Space::new(blank).board(rank);
        self.reader().case_text(&(start, Grid::canonical(blank)))
    }
}
