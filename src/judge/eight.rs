//! HDU 1043: nine characters a case until the end of the input, one line an answer.
//! What both 8-puzzle judges share (answers, their lines and JSON) is here too.

use rand::RngCore;
use std::io::Read;

use super::sliding::OFF_GRID;
use super::{
    in_passes, input_error, CaseReader, CasesAt, CrossCheck, EveryShortest, FastPath, Format,
    Input, Place, Replay, Sample, SampleAt, Shortest, Solver, Written,
};
use crate::eight::sample::GridsAt;
use crate::eight::{
    self, Eight, Grid, GridError, Lookup, Move, Slides, Space, CELLS, STANDARD_GOAL,
};
use crate::error::Error;
use crate::moves::{letters, parse_letters, write_letters};
use crate::sample::NoSuchLength;
use crate::sliding::{manhattan_ida, random_board, random_board_like};
use crate::table::{walk_moves, Source, Table};

/// Reads HDU 1043 starts: the next nine characters that are not white space.
#[derive(Default)]
pub struct EightCases;

impl CaseReader for EightCases {
    type Case = Grid;

    /// Nine characters, wherever they lie.
    fn read_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Grid>, Error> {
        // Nine characters of up to four bytes each, as UTF-8.
        let mut text = [0; 4 * CELLS];
        let mut len = 0;
        let mut places = [Place::default(); CELLS];
        for (position, place) in places.iter_mut().enumerate() {
            let Some((found, at)) = input.char() else {
                if position == 0 {
                    return Ok(None);
                }
                let message =
                    format!("input ends after {position} of the case's {CELLS} characters");
                return Err(input_error(case, places[0], message));
            };
            *place = at;
            len += found.encode_utf8(&mut text[len..]).len();
        }
        Grid::parse(&text[..len]).map(Some).map_err(|error| {
            // A character that is no tile, or a tile given again, is shown where it
            // stands.
            let at = match error {
                GridError::Character { position, .. } | GridError::Repeated { position, .. } => {
                    places[position]
                }
                GridError::Length(_) => places[0],
            };
            input_error(case, at, error.to_string())
        })
    }

    fn case_text(&self, grid: &Grid) -> String {
        let text: Vec<String> = grid.text('x').chars().map(String::from).collect();
        text.join(" ")
    }
}

impl FastPath for EightCases {
    /// Nine tiles one space apart on one line: a scan of 17 bytes.
    #[inline]
    fn read_usual<R: Read>(&mut self, input: &mut Input<R>, _: usize) -> Option<Grid> {
        input.spaced_tokens(|tiles: [[u8; 1]; CELLS]| Grid::parse(&tiles.map(|[t]| t)).ok())
    }
}

/// The moves, or `unsolvable` for `None`, on one line.
pub(super) fn write_slides(moves: Option<impl Iterator<Item = Move>>, out: &mut Vec<u8>) {
    match moves {
        Some(moves) => write_letters(moves, out),
        None => out.extend_from_slice(b"unsolvable"),
    }
    out.push(b'\n');
}

/// The moves of `answer`, for [`write_slides`] and the like.
pub(super) fn slides(answer: &Slides) -> Option<impl ExactSizeIterator<Item = Move> + '_> {
    answer.as_ref().map(|moves| moves.iter().copied())
}

/// The moves of a [`eight::recorded`] walk, for [`write_slides`] and the like.
pub(super) fn recorded_slides(walk: Option<u64>) -> Option<impl ExactSizeIterator<Item = Move>> {
    walk.map(|walk| walk_moves(walk, &Move::ALL))
}

/// Moves written as letters, or `unsolvable`.
pub(super) fn read_slides(text: &str) -> Result<Slides, String> {
    if text == "unsolvable" {
        return Ok(None);
    }
    parse_letters(text)
        .map(Some)
        .ok_or_else(|| format!("{text:?} is neither letters d, l, r, u nor `unsolvable`"))
}

pub(super) fn json_slides(number: usize, answer: &Slides) -> serde_json::Value {
    match answer {
        Some(moves) => serde_json::json!({
            "case": number,
            "solvable": true,
            "moves": letters(moves),
            "length": moves.len(),
        }),
        None => serde_json::json!({ "case": number, "solvable": false }),
    }
}

pub(super) fn headline(answer: &Slides) -> String {
    match answer {
        Some(moves) => format!("{} moves {}", moves.len(), letters(moves)),
        None => "unsolvable, the parities differ".to_owned(),
    }
}

impl<D: AsRef<[u8]> + Sync> Solver for Eight<D> {
    type Case = Grid;
    type Answer = Slides;

    fn solve(&self, start: &Grid) -> Result<Slides, Error> {
        Eight::solve(self, start)
    }
}

impl<D: AsRef<[u8]> + Sync> Replay for Eight<D> {
    type State = Grid;
    const ILLEGAL: &'static str = OFF_GRID;

    fn start(&self, start: &Grid) -> Grid {
        *start
    }

    fn play(&self, grid: &Grid, m: Move) -> Option<Grid> {
        grid.apply(m)
    }

    fn solved(&self, _: &Grid, grid: &Grid) -> bool {
        *grid == Self::goal()
    }

    fn target(&self, _: &Grid) -> Option<Grid> {
        Some(Self::goal())
    }

    fn headline(&self, answer: &Slides) -> String {
        headline(answer)
    }

    fn draw(&self, grid: &Grid) -> String {
        grid.to_string()
    }
}

impl<D: AsRef<[u8]> + Sync> Format for Eight<D> {
    type Reader = EightCases;
    fn reader(&self) -> EightCases {
        EightCases
    }

    const ANSWER_LINES: usize = 1;

    fn write_answer(&self, _: usize, answer: &Slides, out: &mut Vec<u8>) {
        write_slides(slides(answer), out);
    }

    /// Each answer as recorded in the table, looked up in passes.
    fn write_answers(&self, cases: &[(usize, Grid)], out: &mut Vec<u8>) -> Result<(), Error> {
        let goal = Self::goal();
        let look_up = |at: Lookup| at.walk(&self.table);
        in_passes(cases, Lookup::towards(&goal), look_up, |_, _, walk| {
            let walk = eight::recorded(walk, &goal)?;
            write_slides(recorded_slides(walk), out);
            Ok(())
        })
    }

    fn read_answer(&self, _: usize, lines: &[&str]) -> Result<Written<Slides>, String> {
        Ok(Written {
            answer: read_slides(lines[0])?,
            stated_length: None,
        })
    }

    fn json_answer(&self, number: usize, answer: &Slides) -> serde_json::Value {
        json_slides(number, answer)
    }
}

impl<D: AsRef<[u8]> + Sync> EveryShortest for Eight<D> {
    fn every_shortest(&self, start: &Grid, list: bool) -> Result<Shortest, Error> {
        let every = eight::every_shortest(&self.table.distances, start, &Self::goal(), list)?;
        Ok(Shortest::of_every(every))
    }
}

impl<D: AsRef<[u8]> + Sync> CrossCheck for Eight<D> {
    fn search(&self, start: &Grid) -> Slides {
        manhattan_ida(start, &Self::goal())
    }
}

impl<D: AsRef<[u8]> + Sync> Sample for Eight<D> {
    fn random_case(&self, rng: &mut dyn RngCore) -> Grid {
        random_board(rng)
    }

    fn random_answerable_case(&self, rng: &mut dyn RngCore) -> Grid {
        random_board_like(rng, &Self::goal())
    }
}

impl<D: AsRef<[u8]> + Sync> SampleAt for Eight<D> {
    fn cases_at(&self, length: usize) -> Result<CasesAt<'_, Grid>, NoSuchLength> {
        let grids = GridsAt::new(&self.table.distances, length)?;
        Ok(Box::new(move |rng| Ok(grids.sample(rng))))
    }
}

impl<D: AsRef<[u8]> + Sync> super::Tables for Eight<D> {
    type Bytes = D;

    fn tables(&self) -> Vec<(crate::table::TableId, &Table<D>)> {
        vec![(Space::new(STANDARD_GOAL).id(), &self.table.distances)]
    }

    fn describe_rank(&self, _: usize, rank: u64) -> String {
        EightCases.case_text(&Space::new(STANDARD_GOAL).board(rank))
    }
}
