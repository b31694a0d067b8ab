//! A defined puzzle's cases: positions (a state, or a rank of the one exact table
//! where a batch's fast path reads turns straight into it) and how an input gives them,
//! a case a line or a ksolve+ scramble file's blocks (those read in `blocks.rs`).

use std::borrow::Cow;
use std::collections::VecDeque;
use std::fmt;
use std::io::Read;
use std::sync::Arc;

use crate::definition::model::Model;
use crate::definition::restricted::Asked;
use crate::definition::text::{self, Names, COMMANDS};
use crate::definition::view::View;
use crate::definition::State;
use crate::error::Error;
use crate::judge::{input_error, CaseReader, FastPath, Input, Place};

use super::fast::Fast;
use super::kpattern;

/// The cells of a position, on the heap: a batch's chunk holds many cases, most of
/// them lines its fast path took, which a case as large as the most cells would make
/// megabytes to fill and free.
pub(super) type Cells = Box<[u8]>;

/// A position of a defined puzzle: a case, and a state along an answer. It holds no
/// puzzle: the judge or the reader that read it reads it, with the puzzle it has.
#[derive(Clone)]
pub struct Position {
    pub(super) at: At,
    /// What the case asks beyond its shortest answer, if anything (a scramble file's
    /// directives in force at it, its `?`).
    pub(super) asked: Option<Arc<Asked>>,
}

/// Where a position is: its cells, or its rank in the view of the one exact table of a
/// puzzle that sees each state whole (what a batch's fast path reads lines of turns
/// into, on the threads that answer).
#[derive(Clone)]
pub(super) enum At {
    Cells(Cells),
    /// A line as a batch's fast path took it: where its bytes lie among those the
    /// reader keeps ([`DefCases::taken`]), and where it starts in the input. Read
    /// through by [`DefCases::settle`] before the case is used, so that a case stays
    /// small while a chunk is read.
    Line {
        start: u32,
        len: u8,
        at: Place,
    },
    /// The rank the turns of a line take the start to, in the view [`ranked_view`]
    /// gives.
    Rank(u64),
}

/// The longest line a batch's fast path takes as it is (a scramble of 20 cube turns
/// is under 60 bytes), to be read through by the threads that answer; a longer one is
/// read at once.
const MOST_TAKEN: usize = 64;

const UNSETTLED: &str = "a line the fast path took is settled before use";

impl Position {
    /// `state` of `puzzle`.
    pub fn new(puzzle: &Model, state: &State) -> Position {
        Position::of_cells(puzzle.flat(state).into_iter().collect())
    }

    /// The position whose flat array ([`Model::flat`]) is `cells`.
    pub(super) fn of_cells(cells: Cells) -> Position {
        Position {
            at: At::Cells(cells),
            asked: None,
        }
    }

    /// Its rank in the view of the puzzle's one exact table, where it has one.
    pub(super) fn rank(&self) -> Option<u64> {
        match self.at {
            At::Cells(_) => None,
            At::Line { .. } => unreachable!("{UNSETTLED}"),
            At::Rank(rank) => Some(rank),
        }
    }

    /// Its state in `puzzle`, whose ranks ([`At::Rank`]) stand for states of `view`.
    pub(super) fn state(&self, puzzle: &Model, view: Option<&View>) -> State {
        match &self.at {
            At::Cells(cells) => puzzle.state(cells),
            At::Line { .. } => unreachable!("{UNSETTLED}"),
            At::Rank(rank) => view.expect(RANKED).state_of(puzzle, *rank),
        }
    }

    /// Its state as a flat array ([`Model::flat`]), as [`Position::state`] reads it.
    pub(super) fn cells(&self, puzzle: &Model, view: Option<&View>) -> Vec<u8> {
        match &self.at {
            At::Cells(cells) => cells.to_vec(),
            _ => puzzle.flat(&self.state(puzzle, view)),
        }
    }
}

/// Why a rank has a view to be read in: ranks are read only where there is one.
const RANKED: &str = "positions are ranked only in the view of a puzzle's one exact table";

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            At::Cells(cells) => write!(f, "cells {cells:?}"),
            At::Line { at, .. } => write!(f, "a line at {at}, not yet read through"),
            At::Rank(rank) => write!(f, "rank {rank}"),
        }
    }
}

/// `state` drawn for a person: each set as two rows, its pieces (from 1, as ksolve+
/// numbers them) and their orientations.
pub(super) fn draw(puzzle: &Model, state: &State) -> String {
    let sets = puzzle.sets();
    let name_width = sets.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let mut rows = Vec::new();
    for (s, set) in sets.iter().enumerate() {
        let width = set.pieces.to_string().len();
        let row = |values: &mut dyn Iterator<Item = u8>| -> String {
            values
                .map(|v| format!("{v:>width$}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let pieces = row(&mut state.pieces[s].iter().map(|p| p + 1));
        rows.push(format!("{:name_width$}  {pieces}", set.name));
        if set.orientations > 1 {
            let twists = row(&mut state.orientation[s].iter().copied());
            rows.push(format!("{:name_width$}  {twists}", ""));
        }
    }
    rows.join("\n")
}

/// The longest line a case may take.
pub(super) const MOST_LINE: usize = 1 << 20;

/// How an input gives its cases, decided by its first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// One case a line.
    Lines,
    /// A ksolve+ scramble file.
    Ksolve,
}

/// Reads a defined puzzle's cases.
pub struct DefCases {
    pub(super) puzzle: Arc<Model>,
    pub(super) names: Arc<Names>,
    pub(super) mode: Option<Mode>,
    /// Lines read to decide the mode, not yet taken as cases'.
    pub(super) pending: VecDeque<crate::judge::Line>,
    /// A scramble file's directives in force (its `Slack`, `MaxDepth`, `QTM`,
    /// `MoveLimits`), asked of each case after them.
    pub(super) directives: Asked,
    /// Whether a scramble file's block is being read, not yet past its `End`.
    pub(super) in_block: bool,
    /// The fast path's view, start and names, where the one exact table sees states
    /// whole.
    pub(super) fast: Option<Fast>,
    /// The bytes of the lines the fast path took and has not yet settled, one after
    /// another: a chunk's, its memory kept for the next.
    pub(super) taken: Vec<u8>,
}

impl DefCases {
    pub(super) fn next_line<R: Read>(
        &mut self,
        input: &mut Input<R>,
    ) -> Option<crate::judge::Line> {
        self.pending.pop_front().or_else(|| input.line(MOST_LINE))
    }

    /// The position of `state`, asking what the directives in force ask.
    pub(super) fn position(&self, state: &State) -> Position {
        let mut position = Position::new(&self.puzzle, state);
        if !self.directives.is_plain() {
            position.asked = Some(Arc::new(self.directives.clone()));
        }
        position
    }

    /// A line's text (UTF-8, or else Latin-1, as ksolve+'s files' comments often
    /// are), or the error that it is too long.
    pub(super) fn text(line: &crate::judge::Line, case: usize) -> Result<Cow<'_, str>, Error> {
        if line.len > line.text.len() {
            let message = format!(
                "a line of {} bytes: a case line takes at most {MOST_LINE}",
                line.len
            );
            return Err(input_error(case, line.at, message));
        }
        Ok(match std::str::from_utf8(&line.text) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => Cow::Owned(line.text.iter().map(|&b| char::from(b)).collect()),
        })
    }

    /// One line's case: the start, a move sequence from it, or a KPattern object.
    pub(super) fn line_case(
        &self,
        line: &crate::judge::Line,
        case: usize,
    ) -> Result<Position, Error> {
        let text = Self::text(line, case)?;
        let at = |e: text::CaseError| Place {
            line: line.at.line + e.line,
            column: match e.line {
                0 => line.at.column + e.offset,
                _ => e.offset + 1,
            },
        };
        let state = match text.trim_start().starts_with('{') {
            true => text::pattern(&self.puzzle, &text),
            false => self.played(&self.puzzle.definition.start, &text),
        }
        .map_err(|e| input_error(case, at(e.clone()), e.message))?;
        Ok(self.position(&state))
    }
}

/// A line the fast path took, as [`Input::line`] would have given it: a carriage
/// return before its end left out.
fn taken_line(bytes: &[u8], at: Place) -> crate::judge::Line {
    let text = bytes.strip_suffix(b"\r").unwrap_or(bytes).to_vec();
    crate::judge::Line {
        len: text.len(),
        text,
        at,
    }
}

impl DefCases {
    /// How the input gives its cases, by its first line that is not blank: a ksolve+
    /// scramble file where it is a comment or a scramble-file command. The lines read
    /// are kept for the cases (a blank line is a case of the start, where cases are
    /// lines).
    fn decide_mode<R: Read>(&mut self, input: &mut Input<R>) -> Mode {
        // Past this many blank lines, cases are lines (each blank one the start).
        const MOST_BLANK: usize = 1000;
        while self.pending.len() < MOST_BLANK {
            let Some(line) = input.line(MOST_LINE) else {
                break;
            };
            let text = String::from_utf8_lossy(&line.text).into_owned();
            self.pending.push_back(line);
            if text.trim().is_empty() {
                continue;
            }
            let word = text::words(&text).first().map(|(_, w)| *w);
            let ksolve =
                text.trim_start().starts_with('#') || word.is_some_and(|w| COMMANDS.contains(&w));
            return if ksolve { Mode::Ksolve } else { Mode::Lines };
        }
        Mode::Lines
    }
}

impl CaseReader for DefCases {
    type Case = Position;

    fn case_text(&self, case: &Position) -> String {
        let view = self.fast.as_ref().map(|fast| &*fast.view);
        kpattern(&self.puzzle, &case.state(&self.puzzle, view))
    }

    fn read_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Position>, Error> {
        if self.mode.is_none() {
            self.mode = Some(self.decide_mode(input));
        }
        match self.mode {
            Some(Mode::Ksolve) => self.block_case(input, case),
            _ => match self.next_line(input) {
                None => Ok(None),
                Some(line) => {
                    let line = self.whole_pattern(input, line);
                    self.line_case(&line, case).map(Some)
                }
            },
        }
    }
}

impl FastPath for DefCases {
    /// The short lines that follow, where the one exact table sees states whole:
    /// taken as their bytes, copied at once, to be read through by the threads that
    /// answer ([`DefCases::settle`]).
    fn take_usual<R: Read>(
        &mut self,
        input: &mut Input<R>,
        first: usize,
        room: usize,
        cases: &mut Vec<(usize, Position)>,
    ) -> usize {
        if self.mode != Some(Mode::Lines) || !self.pending.is_empty() || self.fast.is_none() {
            return 0;
        }
        let at = input.place();
        let Some(lines) = input.peek_lines() else {
            return 0;
        };
        let (mut taken, mut len) = (0, 0);
        for end in memchr::memchr_iter(b'\n', lines) {
            // A pattern that goes on over the lines after it is read as a case is.
            if taken == room || end - len > MOST_TAKEN || opens_pattern(&lines[len..end]) {
                break;
            }
            let start = (self.taken.len() + len) as u32;
            let line = Place {
                line: at.line + taken,
                column: if taken == 0 { at.column } else { 1 },
            };
            let at = At::Line {
                start,
                len: (end - len) as u8,
                at: line,
            };
            cases.push((first + taken, Position { at, asked: None }));
            (taken, len) = (taken + 1, end + 1);
        }
        self.taken.extend_from_slice(&lines[..len]);
        input.skip_lines(len, taken);
        taken
    }

    const SETTLES: bool = true;

    /// The lines taken: turns one space apart (or nothing, the start) straight into
    /// turn numbers, then played from the start's rank side by side; anything else
    /// read as [`CaseReader::read_case`] reads a line.
    fn settle(&self, cases: &mut [(usize, Position)]) -> Vec<(usize, Error)> {
        let mut malformed = Vec::new();
        let Some(fast) = &self.fast else {
            return malformed;
        };
        // Every line's turns one after another, where each line's end, and its case.
        let (mut turns, mut ends) = (Vec::new(), Vec::with_capacity(cases.len()));
        let mut turned = Vec::with_capacity(cases.len());
        for (i, (number, case)) in cases.iter_mut().enumerate() {
            let At::Line { start, len, at } = case.at else {
                continue;
            };
            let bytes = &self.taken[start as usize..][..usize::from(len)];
            match fast.turns.read(bytes, &mut turns) {
                true => {
                    ends.push(turns.len());
                    turned.push(i);
                }
                false => match self.line_case(&taken_line(bytes, at), *number) {
                    Ok(position) => case.at = position.at,
                    Err(error) => malformed.push((i, error)),
                },
            }
        }
        let ranks = fast.ranks(turns, &ends);
        for (i, rank) in turned.into_iter().zip(ranks) {
            cases[i].1.at = At::Rank(rank);
        }
        malformed
    }

    /// Every line taken is read through: the next chunk's bytes go where these were.
    fn settled(&mut self) {
        self.taken.clear();
    }
}

impl DefCases {
    /// `line`, and where it opens a KPattern object that it does not close (a pattern
    /// written over many lines, as twips's and cubing.js's samples are), the lines
    /// after it up to the one that closes it: one case. At most [`MOST_LINE`] bytes in
    /// all; where the next line would pass them, or at the end of the input, what was
    /// read is the case (and its error says what is missing).
    fn whole_pattern<R: Read>(
        &mut self,
        input: &mut Input<R>,
        mut line: crate::judge::Line,
    ) -> crate::judge::Line {
        if line.len > line.text.len() || !opens_pattern(&line.text) {
            return line;
        }
        let mut brackets = Brackets::default();
        brackets.read(&line.text);
        while brackets.open > 0 {
            let Some(next) = self.next_line(input) else {
                break;
            };
            if line.len + 1 + next.len > MOST_LINE {
                // Past the most a case takes: the case ends here, short of its end.
                self.pending.push_front(next);
                break;
            }
            brackets.read(&next.text);
            line.text.push(b'\n');
            line.text.extend_from_slice(&next.text);
            line.len += 1 + next.len;
        }
        line
    }
}

/// Whether `line` opens a KPattern object and leaves it open.
fn opens_pattern(line: &[u8]) -> bool {
    if line.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return false;
    }
    let mut brackets = Brackets::default();
    brackets.read(line);
    brackets.open > 0
}

/// The JSON brackets open so far, read a piece at a time (strings passed over).
#[derive(Default)]
struct Brackets {
    open: usize,
    in_string: bool,
    escaped: bool,
}

impl Brackets {
    fn read(&mut self, bytes: &[u8]) {
        for &b in bytes {
            match (self.in_string, self.escaped, b) {
                (true, true, _) => self.escaped = false,
                (true, false, b'\\') => self.escaped = true,
                (true, false, b'"') => self.in_string = false,
                (true, false, _) => {}
                (false, _, b'"') => self.in_string = true,
                (false, _, b'{' | b'[') => self.open += 1,
                (false, _, b'}' | b']') => self.open = self.open.saturating_sub(1),
                _ => {}
            }
        }
    }
}
