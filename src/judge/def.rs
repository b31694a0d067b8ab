//! Defined puzzles' format ([`crate::definition`]): cases as
//! [`crate::definition::text`] reads them (move sequences or KPattern lines, or a
//! ksolve+ scramble file's blocks), one line an answer, the turns separated by single
//! spaces. The puzzles are answered by [`Def`].

use arrayvec::ArrayVec;
use rand::{Rng, RngCore};
use rustc_hash::FxHashMap;
use std::fmt;
use std::io::Read;
use std::sync::Arc;

use super::searched::{searched, Searched};
use super::{
    input_error, CaseReader, CasesAt, CrossCheck, EveryShortest, Format, Input, Place, Replay,
    Sample, SampleAt, Shortest, Solver, Tables, Written,
};
use crate::definition::puzzle::{Puzzle, MOST_CELLS};
use crate::definition::solver::{How, Viewed};
use crate::definition::text::{self, Names, BLOCKS};
use crate::definition::view::View;
use crate::definition::{search, Def, State, Turn};
use crate::error::Error;
use crate::sample::{NoSuchLength, RanksAt};
use crate::search::{Found, Outcome};
use crate::table::{Table, TableId};

/// The cells of a position, kept inline: a batch holds many cases, each its own.
type Cells = ArrayVec<u8, MOST_CELLS>;

/// A position of a defined puzzle: a case, and a state along an answer.
#[derive(Clone)]
pub struct Position {
    puzzle: Arc<Puzzle>,
    at: At,
}

/// Where a position is: its cells, or the turns that take the start there in the view
/// of the one exact table of a puzzle that sees each state whole (what a batch's fast
/// path reads cases into, the turning left to the threads that answer).
#[derive(Clone)]
enum At {
    Cells(Cells),
    /// The turns as read, to be played where the case is answered.
    Turns(Arc<Fast>, ArrayVec<u16, MOST_READ_TURNS>),
}

/// The most turns a case the fast path reads keeps to play later.
const MOST_READ_TURNS: usize = 64;

/// What the fast path needs: the view of the one exact table, the start's rank in it,
/// and the turns by name.
struct Fast {
    view: Arc<View>,
    start: u64,
    turns: TurnNames,
}

impl Fast {
    /// The ranks of the positions `lists` of turns take the start to, turned side by
    /// side so that their table reads overlap.
    fn ranks<'a>(&self, lists: impl Iterator<Item = &'a [u16]>) -> Vec<u64> {
        let view = &self.view;
        let lists: Vec<&[u16]> = lists.collect();
        let mut values = vec![view.values(self.start); lists.len()];
        let longest = lists.iter().map(|l| l.len()).max().unwrap_or(0);
        for i in 0..longest {
            for (values, list) in values.iter_mut().zip(&lists) {
                if let Some(&t) = list.get(i) {
                    view.turn_values(values, usize::from(t));
                }
            }
        }
        values.iter().map(|v| view.rank_of_values(v)).collect()
    }
}

/// Where the first space of `bytes` is.
#[inline]
fn memchr_space(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b' ')
}

impl At {
    /// The rank of a position in the view of its table, where it has one.
    fn rank(&self) -> Option<(&View, u64)> {
        match self {
            At::Cells(_) => None,
            At::Turns(fast, turns) => {
                let rank = fast.ranks(std::iter::once(&turns[..])).pop()?;
                Some((&fast.view, rank))
            }
        }
    }
}

impl Position {
    /// `state` of `puzzle`.
    pub fn new(puzzle: Arc<Puzzle>, state: &State) -> Position {
        let cells = puzzle.flat(state).into_iter().collect();
        Position {
            puzzle,
            at: At::Cells(cells),
        }
    }

    /// The state.
    pub fn state(&self) -> State {
        match (&self.at, self.at.rank()) {
            (_, Some((view, rank))) => view.state_of(&self.puzzle, rank),
            (At::Cells(cells), None) => self.puzzle.state(cells),
            _ => unreachable!("only cells have no rank"),
        }
    }

    /// The state as a flat array ([`Puzzle::flat`]).
    pub fn cells(&self) -> Vec<u8> {
        match &self.at {
            At::Cells(cells) => cells.to_vec(),
            _ => self.puzzle.flat(&self.state()),
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
        write!(f, "{}", kpattern(&self.puzzle, &self.state()))
    }
}

impl fmt::Display for Position {
    /// Each set as two rows: its pieces (from 1, as ksolve+ numbers them) and their
    /// orientations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.state();
        let sets = self.puzzle.sets();
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

/// A state as a KPattern JSON object on one line, the orbits in the definition's
/// order: how cases of positions are written.
pub fn kpattern(puzzle: &Puzzle, state: &State) -> String {
    let list = |values: &[u8]| -> String {
        let values: Vec<String> = values.iter().map(u8::to_string).collect();
        values.join(", ")
    };
    let orbits: Vec<String> = (puzzle.sets().iter().enumerate())
        .map(|(s, set)| {
            format!(
                "{}: {{\"pieces\": [{}], \"orientation\": [{}]}}",
                serde_json::Value::from(set.name.as_str()),
                list(&state.pieces[s]),
                list(&state.orientation[s])
            )
        })
        .collect();
    format!("{{{}}}", orbits.join(", "))
}

/// A defined puzzle's answer and the work it took.
pub type DefAnswer = Searched<Turn>;

/// The turns as an answer writes them: separated by single spaces.
pub fn turns_text(turns: &[Turn]) -> String {
    let names: Vec<&str> = turns.iter().map(|t| t.name).collect();
    names.join(" ")
}

/// The longest line a case may take.
const MOST_LINE: usize = 1 << 20;

/// The most lines one ksolve+ block may take.
const MOST_BLOCK_LINES: usize = 100_000;

/// How an input gives its cases, decided by its first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// One case a line.
    Lines,
    /// A ksolve+ scramble file.
    Ksolve,
}

/// The turns by name, for the fast path: names of one or two bytes straight from a
/// table (a cube's `U`, `U2`, `U'`), longer ones hashed.
struct TurnNames {
    short: Vec<u16>,
    long: FxHashMap<Box<[u8]>, u16>,
}

impl TurnNames {
    /// No turn.
    const NONE: u16 = u16::MAX;

    fn new(puzzle: &Puzzle) -> TurnNames {
        let mut names = TurnNames {
            short: vec![Self::NONE; 1 << 16],
            long: FxHashMap::default(),
        };
        for t in &puzzle.turns {
            match t.turn.name.as_bytes() {
                &[a] => names.short[usize::from(a) << 8] = t.turn.index,
                &[a, b] => names.short[usize::from(a) << 8 | usize::from(b)] = t.turn.index,
                long => {
                    names.long.insert(long.into(), t.turn.index);
                }
            }
        }
        names
    }

    #[inline]
    fn get(&self, name: &[u8]) -> Option<u16> {
        let t = match *name {
            [a] => self.short[usize::from(a) << 8],
            [a, b] if b != 0 => self.short[usize::from(a) << 8 | usize::from(b)],
            _ => *self.long.get(name)?,
        };
        (t != Self::NONE).then_some(t)
    }
}

/// Reads a defined puzzle's cases.
pub struct DefCases {
    puzzle: Arc<Puzzle>,
    names: Arc<Names>,
    mode: Option<Mode>,
    /// A line read to decide the mode, not yet taken as a case's.
    pending: Option<crate::judge::Line>,
    /// The fast path's view, start and names, where the one exact table sees states
    /// whole.
    fast: Option<Arc<Fast>>,
}

impl DefCases {
    fn next_line<R: Read>(&mut self, input: &mut Input<R>) -> Option<crate::judge::Line> {
        self.pending.take().or_else(|| input.line(MOST_LINE))
    }

    fn position(&self, state: &State) -> Position {
        Position::new(self.puzzle.clone(), state)
    }

    /// A line's text, or the error that it is too long or not UTF-8.
    fn text(line: &crate::judge::Line, case: usize) -> Result<&str, Error> {
        if line.len > line.text.len() {
            let message = format!(
                "a line of {} bytes: a case line takes at most {MOST_LINE}",
                line.len
            );
            return Err(input_error(case, line.at, message));
        }
        std::str::from_utf8(&line.text).map_err(|e| {
            let at = Place {
                line: line.at.line,
                column: line.at.column + e.valid_up_to(),
            };
            input_error(case, at, "not UTF-8 text")
        })
    }

    /// One line's case: the start, a move sequence from it, or a KPattern object.
    fn line_case(&self, line: &crate::judge::Line, case: usize) -> Result<Position, Error> {
        let text = Self::text(line, case)?;
        let at = |e: text::CaseError| Place {
            line: line.at.line + e.line,
            column: match e.line {
                0 => line.at.column + e.offset,
                _ => e.offset + 1,
            },
        };
        let state = text::case(&self.puzzle, &self.names, text)
            .map_err(|e| input_error(case, at(e.clone()), e.message))?;
        Ok(self.position(&state))
    }

    /// The next block of a ksolve+ scramble file as a case, `None` at the end.
    fn block_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Position>, Error> {
        // The block's first line: a keyword, after blank and comment lines.
        let (line, keyword_at, keyword) = loop {
            let Some(line) = self.next_line(input) else {
                return Ok(None);
            };
            let text = Self::text(&line, case)?.to_owned();
            if let Some(&(offset, word)) = text::words(&text).first() {
                let at = Place {
                    line: line.at.line,
                    column: line.at.column + offset,
                };
                break (line, at, word.to_owned());
            }
        };
        let _ = line;
        match BLOCKS.iter().find(|(k, _)| *k == keyword) {
            Some((_, true)) => {}
            Some((_, false)) => {
                if keyword == "RandomScramble" || keyword == "MoveLimits" {
                    self.skip_block(input);
                }
                return Err(input_error(
                    case,
                    keyword_at,
                    text::refused_command(&keyword),
                ));
            }
            None => {
                let message = format!(
                    "`{keyword}` is no scramble-file command: a case is a `Scramble` or `ScrambleAlg` block"
                );
                return Err(input_error(case, keyword_at, message));
            }
        }
        // The block's words up to its `End`, each with its place.
        let mut words: Vec<(Place, String)> = Vec::new();
        let mut lines = 0;
        loop {
            let Some(line) = self.next_line(input) else {
                let message = format!(
                    "the input ends inside the `{keyword}` block begun on line {}: it needs its `End`",
                    keyword_at.line
                );
                return Err(input_error(case, keyword_at, message));
            };
            lines += 1;
            let text = Self::text(&line, case)?.to_owned();
            let found = text::words(&text);
            if found.first().is_some_and(|(_, w)| *w == "End") {
                break;
            }
            if lines > MOST_BLOCK_LINES {
                let message = format!("a block of more than {MOST_BLOCK_LINES} lines");
                return Err(input_error(case, keyword_at, message));
            }
            for (offset, word) in found {
                let at = Place {
                    line: line.at.line,
                    column: line.at.column + offset,
                };
                words.push((at, word.to_owned()));
            }
        }
        let state = match keyword.as_str() {
            "ScrambleAlg" => {
                let text: Vec<&str> = words.iter().map(|(_, w)| w.as_str()).collect();
                let joined = text.join(" ");
                let sets = self.puzzle.sets();
                let action = self.names.sequence(&joined, sets).map_err(|e| {
                    // The word the offset falls in.
                    let mut start = 0;
                    let at = (words.iter())
                        .find(|(_, w)| {
                            let found = e.offset < start + w.len() + 1;
                            start += w.len() + 1;
                            found
                        })
                        .map_or(keyword_at, |(at, _)| *at);
                    input_error(case, at, e.message)
                })?;
                self.puzzle.definition.start.after(&action, sets)
            }
            _ => self.scramble(&words, keyword_at, case)?,
        };
        Ok(Some(self.position(&state)))
    }

    /// A `Scramble` block's position from its words.
    fn scramble(&self, words: &[(Place, String)], at: Place, case: usize) -> Result<State, Error> {
        let sets = self.puzzle.sets();
        let mut state = self.puzzle.definition.start.clone();
        let mut given = vec![false; sets.len()];
        let mut i = 0;
        while i < words.len() {
            let (place, name) = &words[i];
            let Some(s) = sets.iter().position(|set| &set.name == name) else {
                let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
                let message = format!("`{name}` is no set of the puzzle ({})", names.join(", "));
                return Err(input_error(case, *place, message));
            };
            if std::mem::replace(&mut given[s], true) {
                return Err(input_error(
                    case,
                    *place,
                    format!("set {name} is given twice"),
                ));
            }
            let end = (i + 1..words.len())
                .find(|&j| sets.iter().any(|set| set.name == words[j].1))
                .unwrap_or(words.len());
            let values: Vec<&str> = words[i + 1..end].iter().map(|(_, w)| w.as_str()).collect();
            let (pieces, orientation) =
                text::scramble_set(&sets[s], &values).map_err(|(k, message)| {
                    let place = words.get(i + 1 + k).map_or(*place, |(p, _)| *p);
                    input_error(case, place, message)
                })?;
            state.pieces[s] = pieces;
            state.orientation[s] = orientation;
            i = end;
        }
        text::same_pieces(&self.puzzle, &state)
            .map_err(|message| input_error(case, at, message))?;
        Ok(state)
    }

    /// Reads past the `End` of a block not read.
    fn skip_block<R: Read>(&mut self, input: &mut Input<R>) {
        while let Some(line) = self.next_line(input) {
            let text = String::from_utf8_lossy(&line.text).into_owned();
            if text::words(&text).first().is_some_and(|(_, w)| *w == "End") {
                return;
            }
        }
    }
}

impl CaseReader for DefCases {
    type Case = Position;

    /// A line of turns one space apart (or an empty line), where the one exact table
    /// sees states whole: kept as read, its turns looked up and played by the thread
    /// that answers it.
    #[inline]
    fn read_usual<R: Read>(&mut self, input: &mut Input<R>, _: usize) -> Option<Position> {
        if self.mode != Some(Mode::Lines) || self.pending.is_some() {
            return None;
        }
        let fast = self.fast.as_ref()?;
        let line = input.peek_line()?;
        // Only turns, one space apart: else the line is read the long way.
        let mut kept = ArrayVec::new();
        let mut start = 0;
        while start < line.len() {
            let end = memchr_space(&line[start..]).map_or(line.len(), |n| start + n);
            kept.try_push(fast.turns.get(&line[start..end])?).ok()?;
            start = end + 1;
        }
        if line.last() == Some(&b' ') {
            return None;
        }
        let at = At::Turns(Arc::clone(fast), kept);
        input.skip_line();
        Some(Position {
            puzzle: Arc::clone(&self.puzzle),
            at,
        })
    }

    fn read_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Position>, Error> {
        if self.mode.is_none() {
            let Some(first) = input.line(MOST_LINE) else {
                return Ok(None);
            };
            let text = String::from_utf8_lossy(&first.text).into_owned();
            let word = text::words(&text).first().map(|(_, w)| *w);
            let ksolve = text.trim_start().starts_with('#')
                || word.is_some_and(|w| BLOCKS.iter().any(|(k, _)| *k == w));
            self.mode = Some(if ksolve { Mode::Ksolve } else { Mode::Lines });
            self.pending = Some(first);
        }
        match self.mode {
            Some(Mode::Ksolve) => self.block_case(input, case),
            _ => match self.next_line(input) {
                None => Ok(None),
                Some(line) => self.line_case(&line, case).map(Some),
            },
        }
    }
}

impl<D: AsRef<[u8]> + Send + Sync> Solver for Def<D> {
    type Case = Position;
    type Answer = DefAnswer;

    /// A table's answers take microseconds, a search's may take seconds.
    fn cases_per_task(&self) -> usize {
        match self.searches() {
            true => 1,
            false => Self::CASES_PER_TASK,
        }
    }

    fn solve(&self, case: &Position) -> Result<DefAnswer, Error> {
        let answer = match (&case.at, case.at.rank()) {
            (_, Some((_, rank))) => searched(None, false, || self.outcome_of_rank(rank))?,
            (At::Cells(cells), None) => {
                searched(None, self.searches(), || self.outcome_of_cells(cells))?
            }
            _ => unreachable!("only cells have no rank"),
        };
        if answer.stopped.is_some() {
            self.count_stopped();
        }
        Ok(answer)
    }
}

impl<D: AsRef<[u8]> + Send + Sync> Replay for Def<D> {
    type State = Position;
    const ILLEGAL: &'static str = "cannot be played";

    fn start(case: &Position) -> Position {
        case.clone()
    }

    fn play(position: &Position, m: Turn) -> Option<Position> {
        let cells = position.cells();
        let mut next = cells.clone();
        position
            .puzzle
            .play(&cells, usize::from(m.index), &mut next);
        Some(Position {
            puzzle: Arc::clone(&position.puzzle),
            at: At::Cells(next.into_iter().collect()),
        })
    }

    fn solved(_: &Position, position: &Position) -> bool {
        let state = position.state();
        position.puzzle.goals().iter().any(|g| g.accepts(&state))
    }

    fn target(_: &Position) -> Option<Position> {
        None
    }

    fn headline(answer: &DefAnswer) -> String {
        match (&answer.moves, answer.stopped) {
            (Some(moves), _) => format!("{} turns {}", moves.len(), turns_text(moves)),
            (None, Some(stopped)) => format!(
                "not answered ({}): at least {} turns",
                stopped.reason, stopped.lower_bound
            ),
            (None, None) => "unsolvable: no solved state can be reached".to_owned(),
        }
    }
}

impl<D: AsRef<[u8]> + Send + Sync> Format for Def<D> {
    type Reader = DefCases;
    const ANSWER_LINES: usize = 1;

    fn reader(&self) -> DefCases {
        let puzzle = self.shared_puzzle();
        let fast = match self.how() {
            How::Exact(tables, _)
                if tables.len() == 1
                    && tables[0].view.is_whole()
                    && tables[0].view.turns_tabled() =>
            {
                let view = &tables[0].view;
                let start = view.rank(&puzzle.flat(&puzzle.definition.start));
                start.map(|start| {
                    Arc::new(Fast {
                        view: Arc::clone(view),
                        start,
                        turns: TurnNames::new(&puzzle),
                    })
                })
            }
            _ => None,
        };
        DefCases {
            names: Arc::new(Names::new(&puzzle)),
            fast,
            puzzle,
            mode: None,
            pending: None,
        }
    }

    /// From the one table's walks, the walks of a task's cases asked for together
    /// first, so that their reads (a random one each, in a table larger than the
    /// caches) overlap.
    fn write_answers(&self, cases: &[(usize, Position)], out: &mut Vec<u8>) -> Result<(), Error> {
        let How::Exact(_, Some(walks)) = self.how() else {
            for (number, case) in cases {
                Self::write_answer(*number, &Solver::solve(self, case)?, out);
            }
            return Ok(());
        };
        // The lines of turns turned side by side; anything else on its own.
        let fast = cases.iter().find_map(|(_, case)| match &case.at {
            At::Turns(fast, _) => Some(fast),
            At::Cells(_) => None,
        });
        let lists = cases.iter().filter_map(|(_, case)| match &case.at {
            At::Turns(_, turns) => Some(&turns[..]),
            At::Cells(_) => None,
        });
        let mut ranks = fast
            .map_or_else(Vec::new, |fast| fast.ranks(lists))
            .into_iter();
        let ranks: Vec<Option<u64>> = cases
            .iter()
            .map(|(_, case)| match &case.at {
                At::Turns(..) => ranks.next(),
                At::Cells(_) => None,
            })
            .collect();
        for &rank in ranks.iter().flatten() {
            walks.prefetch_walk(rank as u32);
        }
        for ((number, case), rank) in cases.iter().zip(ranks) {
            let answer = match rank {
                Some(rank) => searched(None, false, || self.outcome_of_rank(rank))?,
                None => Solver::solve(self, case)?,
            };
            Self::write_answer(*number, &answer, out);
        }
        Ok(())
    }

    fn write_answer(_: usize, answer: &DefAnswer, out: &mut Vec<u8>) {
        match (&answer.moves, answer.stopped) {
            (Some(moves), _) => {
                for (i, turn) in moves.iter().enumerate() {
                    if i > 0 {
                        out.push(b' ');
                    }
                    out.extend_from_slice(turn.name.as_bytes());
                }
            }
            (None, Some(stopped)) => {
                out.extend_from_slice(format!("limit {}", stopped.lower_bound).as_bytes())
            }
            (None, None) => out.extend_from_slice(b"unsolvable"),
        }
        out.push(b'\n');
    }

    fn read_answer(&self, _: usize, lines: &[&str]) -> Result<Written<DefAnswer>, String> {
        let moves = match lines[0].trim() {
            "unsolvable" => None,
            text => Some(
                text.split_ascii_whitespace()
                    .map(|word| {
                        (self.puzzle().turns.iter().find(|t| t.turn.name == word))
                            .map(|t| t.turn)
                            .ok_or_else(|| format!("`{word}` is no turn of this puzzle"))
                    })
                    .collect::<Result<Vec<Turn>, String>>()?,
            ),
        };
        Ok(Written {
            answer: DefAnswer::written(moves),
            stated_length: None,
        })
    }

    fn json_answer(number: usize, answer: &DefAnswer) -> serde_json::Value {
        let mut json = serde_json::json!({ "case": number });
        if let Some(stopped) = answer.stopped {
            json["status"] = "limit".into();
            json["lower_bound"] = stopped.lower_bound.into();
        } else {
            json["solvable"] = answer.moves.is_some().into();
        }
        if let Some(moves) = &answer.moves {
            json["moves"] = turns_text(moves).into();
            json["length"] = moves.len().into();
        }
        json["nodes"] = answer.nodes.into();
        json["seconds"] = answer.seconds.into();
        json
    }

    fn case_text(case: &Position) -> String {
        kpattern(&case.puzzle, &case.state())
    }
}

impl<D: AsRef<[u8]> + Send + Sync> EveryShortest for Def<D> {
    fn every_shortest(&self, case: &Position, list: bool) -> Result<Shortest, Error> {
        Ok(match Def::every_shortest(self, &case.state(), list)? {
            Outcome::Solved(every) => Shortest::Found {
                length: every.length,
                count: every.count,
                lines: every.answers.iter().map(|m| turns_text(m)).collect(),
            },
            Outcome::Stopped(stopped) => {
                self.count_stopped();
                Shortest::Stopped(stopped)
            }
            Outcome::Unreachable { .. } => Shortest::Unsolvable,
        })
    }
}

/// Random turns from the start, as many as `turns`.
fn random_walk(puzzle: &Arc<Puzzle>, rng: &mut dyn RngCore, turns: usize) -> Position {
    let mut cells = puzzle.flat(&puzzle.definition.start);
    let mut next = cells.clone();
    for _ in 0..turns {
        let t = rng.random_range(0..puzzle.turns.len());
        puzzle.play(&cells, t, &mut next);
        std::mem::swap(&mut cells, &mut next);
    }
    Position {
        puzzle: Arc::clone(puzzle),
        at: At::Cells(cells.into_iter().collect()),
    }
}

/// The one exact table whose view leaves no state out of its ranks, if the puzzle is
/// answered from such.
fn sampled<D>(how: &How<D>) -> Option<&Viewed<D>> {
    match how {
        How::Exact(tables, _) if tables.len() == 1 => tables.first(),
        _ => None,
    }
}

impl<D: AsRef<[u8]> + Send + Sync> CrossCheck for Def<D> {
    fn search(&self, case: &Position) -> DefAnswer {
        let found = search::independent(self.puzzle(), &case.cells());
        let outcome = match found {
            Some(moves) => Outcome::Solved(Found { moves, nodes: 0 }),
            None => Outcome::Unreachable { nodes: 0 },
        };
        searched(None, false, || Ok::<_, std::convert::Infallible>(outcome))
            .unwrap_or_else(|never| match never {})
    }

    /// Up to eight random turns from the start: short enough for the independent
    /// search to answer in moments.
    fn checkable_case(&self, rng: &mut dyn RngCore) -> Position {
        let turns = rng.random_range(0..=8);
        random_walk(&self.shared_puzzle(), rng, turns)
    }
}

impl<D: AsRef<[u8]> + Send + Sync> Sample for Def<D> {
    /// Uniform over the states of the one exact table, where the puzzle has it; else
    /// a walk of a thousand random turns.
    fn random_case(&self, rng: &mut dyn RngCore) -> Position {
        let puzzle = self.shared_puzzle();
        match sampled(self.how()) {
            Some(table) => loop {
                let rank = rng.random_range(0..table.view.size());
                if table.table.entry_byte(rank) != crate::search::UNREACHABLE {
                    let state = table.view.state_of(&puzzle, rank);
                    return Position::new(puzzle, &state);
                }
            },
            None => random_walk(&puzzle, rng, 1000),
        }
    }
}

/// The longest answer drawn by random walks confirmed by answering.
const LONGEST_WALK: usize = 30;

impl<D: AsRef<[u8]> + Send + Sync> SampleAt for Def<D> {
    /// From the one exact table, uniformly among its states at `length`; else random
    /// walks of `length` turns, kept when answering confirms the length (not uniform).
    fn cases_at(&self, length: usize) -> Result<CasesAt<'_, Position>, NoSuchLength> {
        let puzzle_name = crate::definition::puzzle::kept_name(&self.puzzle().definition.name);
        let puzzle = self.shared_puzzle();
        if let Some(table) = sampled(self.how()) {
            let ranks = RanksAt::new(&table.table, length).ok_or(NoSuchLength {
                puzzle: puzzle_name,
                length,
                longest: table.table.header().max_depth(),
                by_walks: false,
            })?;
            return Ok(Box::new(move |rng| {
                let state = table.view.state_of(&puzzle, ranks.sample(rng));
                Ok(Position::new(puzzle.clone(), &state))
            }));
        }
        if length > LONGEST_WALK {
            return Err(NoSuchLength {
                puzzle: puzzle_name,
                length,
                longest: LONGEST_WALK,
                by_walks: true,
            });
        }
        Ok(Box::new(move |rng| loop {
            let start = random_walk(&puzzle, rng, length);
            let found = Solver::solve(self, &start)?;
            if let Some(stopped) = found.stopped {
                return Err(Error::Stopped(stopped));
            }
            if found.moves.as_ref().map(Vec::len) == Some(length) {
                return Ok(start);
            }
        }))
    }
}

impl<D: AsRef<[u8]> + Send + Sync> Tables for Def<D> {
    type Bytes = D;

    fn tables(&self) -> Vec<(TableId, &Table<D>)> {
        Def::tables(self)
    }

    fn describe_rank(&self, index: usize, rank: u64) -> String {
        let viewed: Vec<&Viewed<D>> = match self.how() {
            How::Exact(tables, _) => tables.iter().collect(),
            How::Search(goals) => goals.iter().flatten().collect(),
        };
        let puzzle = self.shared_puzzle();
        let state = viewed[index].view.state_of(&puzzle, rank);
        let position = Position::new(puzzle, &state);
        format!("\n{position}")
    }
}
