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
use crate::judge::{input_error, CaseReader, Input, Place};

use super::fast::Fast;
use super::kpattern;

/// The cells of a position, on the heap: a batch's chunk holds many cases, most of
/// them lines its fast path took, which a case as large as the most cells would make
/// megabytes to fill and free.
pub(super) type Cells = Box<[u8]>;

/// A position of a defined puzzle: a case, and a state along an answer.
#[derive(Clone)]
pub struct Position {
    pub(super) at: At,
    /// What the case asks beyond its shortest answer, if anything (a scramble file's
    /// directives in force at it, its `?`).
    pub(super) asked: Option<Arc<Asked>>,
}

/// Where a position is: its cells, or its rank in the view of the one exact table of a
/// puzzle that sees each state whole (what a batch's fast path reads lines of turns
/// into, on the threads that answer). Each holds its puzzle once: a batch's chunk
/// holds many, each a reference counted.
#[derive(Clone)]
pub(super) enum At {
    Cells(Arc<Model>, Cells),
    /// A line as a batch's fast path took it: where its bytes lie among those the
    /// reader keeps ([`DefCases::taken`]), and where it starts in the input. Read
    /// through by [`DefCases::settle`] before the case is used, so that the reading
    /// thread counts no reference, and a case stays small while a chunk is read.
    Line {
        start: u32,
        len: u8,
        at: Place,
    },
    /// The rank the turns of a line take the start to.
    Rank(Arc<Fast>, u64),
}

/// The longest line a batch's fast path takes as it is (a scramble of 20 cube turns
/// is under 60 bytes), to be read through by the threads that answer; a longer one is
/// read at once.
const MOST_TAKEN: usize = 64;

const UNSETTLED: &str = "a line the fast path took is settled before use";

impl At {
    /// The rank of a position in the view of its table, where it has one.
    pub(super) fn rank(&self) -> Option<(&View, u64)> {
        match self {
            At::Cells(..) => None,
            At::Line { .. } => unreachable!("{UNSETTLED}"),
            At::Rank(fast, rank) => Some((&fast.view, *rank)),
        }
    }
}

impl Position {
    /// `state` of `puzzle`.
    pub fn new(puzzle: Arc<Model>, state: &State) -> Position {
        let cells = puzzle.flat(state).into_iter().collect();
        Position::of_cells(puzzle, cells)
    }

    /// The position whose flat array ([`Model::flat`]) is `cells`.
    pub(super) fn of_cells(puzzle: Arc<Model>, cells: Cells) -> Position {
        Position {
            at: At::Cells(puzzle, cells),
            asked: None,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Arc<Model> {
        match &self.at {
            At::Cells(puzzle, _) => puzzle,
            At::Line { .. } => unreachable!("{UNSETTLED}"),
            At::Rank(fast, _) => &fast.puzzle,
        }
    }

    /// The state.
    pub fn state(&self) -> State {
        match (&self.at, self.at.rank()) {
            (_, Some((view, rank))) => view.state_of(self.puzzle(), rank),
            (At::Cells(puzzle, cells), None) => puzzle.state(cells),
            _ => unreachable!("only cells have no rank"),
        }
    }

    /// The state as a flat array ([`Model::flat`]).
    pub fn cells(&self) -> Vec<u8> {
        match &self.at {
            At::Cells(_, cells) => cells.to_vec(),
            _ => self.puzzle().flat(&self.state()),
        }
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.cells() == other.cells()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            At::Line { at, .. } => write!(f, "a line at {at}, not yet read through"),
            _ => write!(f, "{}", kpattern(self.puzzle(), &self.state())),
        }
    }
}

impl fmt::Display for Position {
    /// Each set as two rows: its pieces (from 1, as ksolve+ numbers them) and their
    /// orientations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.state();
        let sets = self.puzzle().sets();
        let name_width = sets.iter().map(|s| s.name.len()).max().unwrap_or(0);
        for (s, set) in sets.iter().enumerate() {
            let width = set.pieces.to_string().len();
            let row = |values: &mut dyn Iterator<Item = u8>| -> String {
                values
                    .map(|v| format!("{v:>width$}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            if s > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "{:name_width$}  {}",
                set.name,
                row(&mut state.pieces[s].iter().map(|p| p + 1))
            )?;
            if set.orientations > 1 {
                write!(
                    f,
                    "\n{:name_width$}  {}",
                    "",
                    row(&mut state.orientation[s].iter().copied())
                )?;
            }
        }
        Ok(())
    }
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
    pub(super) fast: Option<Arc<Fast>>,
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
        let mut position = Position::new(self.puzzle.clone(), state);
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
        // The cases' own copy: one counter per task, not one that every thread bumps.
        let fast = Arc::new(Fast::clone(fast));
        for (i, rank) in turned.into_iter().zip(ranks) {
            // Known a line, which holds nothing to drop: no drop asked for.
            let at = &mut cases[i].1.at;
            if let At::Line { .. } = at {
                *at = At::Rank(Arc::clone(&fast), rank);
            }
        }
        malformed
    }

    /// Every line taken is read through: the next chunk's bytes go where these were.
    fn settled(&mut self) {
        self.taken.clear();
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
