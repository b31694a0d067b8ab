//! Permutation puzzles their users define: a ksolve+ definition file or a cubing.js
//! KPuzzle JSON file, read into one [`Definition`], and answered as every puzzle of the
//! tool is, the shortest answer and the smallest of the shortest.
//!
//! A puzzle is sets of positions (a cube's corners, its edges); each holds a piece
//! with an orientation. A move is a permutation of each set's positions with a twist:
//! after it, position `i` holds the piece that was at `from[i]`, its orientation plus
//! `twist[i]` modulo the set's orientations ([`Action`]; both formats are turned into
//! this, ksolve+ listing each twist at the piece's source position, KPuzzle at its
//! destination). Every move brings its powers, each one turn long
//! ([`Powers`] says which, and how they are named), and the answer compares turns move
//! by move, moves in the definition's order, each move's powers in increasing power.
//!
//! - [`ksolve`](mod@ksolve), [`kpuzzle`](mod@kpuzzle): the two readers, each naming the
//!   file, line and column of what it refuses; [`json`] the JSON they read KPuzzle
//!   files with, and [`alg`] the move sequences of KPuzzle's derived moves and of
//!   scrambles;
//! - [`model`]: the definition compiled ([`Model`]): its turns, the orbits its pieces keep to,
//!   what its moves leave unchanged; [`group`] the number of states its moves reach,
//!   however many; [`symmetry`] the maps of its positions that carry turns onto turns
//!   and goals onto goals;
//! - [`view`]: a puzzle seen in part (pieces made alike, sets or orientations left out),
//!   each state a dense rank: the whole puzzle's table where it fits, pattern databases
//!   where it does not;
//! - [`solver`]: the answers, walked down exact tables or searched by IDA* over the
//!   views' databases ([`search`]); [`tasks`] one case's search cut into tasks for
//!   other processes;
//! - [`text`]: cases as the command reads them (scrambles, positions).

pub mod alg;
pub mod databases;
mod exact;
pub mod group;
pub mod json;
pub mod kpuzzle;
pub mod ksolve;
mod located;
mod lookups;
pub mod model;
pub mod parity;
mod plan;
pub mod restricted;
pub mod restrictions;
pub mod search;
pub mod solver;
mod space;
pub mod symmetry;
mod tables;
pub mod tasks;
pub mod text;
mod turn;
mod twist;
pub mod view;

pub use model::{Model, Turn};
pub use restricted::{Asked, Listing};
pub use solver::{DatabaseSize, Def, DefOptions, ExactTables};
pub use tasks::TaskError;

use std::fmt;
use std::path::Path;

/// How a move's powers are turns of their own: the puzzle's metric.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Powers {
    /// Every power is one turn (ksolve+'s HTM, twips' default): `U`, `U2`, `U'`.
    #[default]
    All,
    /// The least turn either way is one turn, and a power is that many (ksolve+'s QTM):
    /// `U`, `U'`.
    Quarter,
    /// Each move is one turn and only itself; a power is that many turns (the Rotation
    /// Game, whose eight moves are four lines shifted either way).
    None,
}

impl Powers {
    /// Its name in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Powers::All => "all",
            Powers::Quarter => "quarter",
            Powers::None => "none",
        }
    }

    /// The powers named `name`, if any.
    pub fn from_name(name: &str) -> Option<Powers> {
        [Powers::All, Powers::Quarter, Powers::None]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

impl std::str::FromStr for Powers {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Powers::from_name(text).ok_or_else(|| format!("{text:?}: give all, quarter or none"))
    }
}

/// One set of positions: a kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    /// Its name in the file.
    pub name: String,
    /// Its positions (and pieces).
    pub pieces: usize,
    /// The orientations a piece takes (1: none to speak of).
    pub orientations: u8,
}

/// What a move (or any sequence of moves) does: for each set, after it position `i`
/// holds the piece that was at `from[i]`, its orientation plus `twist[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// Each set's sources.
    pub from: Vec<Vec<u8>>,
    /// Each set's twists, by destination.
    pub twist: Vec<Vec<u8>>,
}

impl Action {
    /// The action that moves nothing.
    pub fn identity(sets: &[Set]) -> Action {
        Action {
            from: sets.iter().map(|s| (0..s.pieces as u8).collect()).collect(),
            twist: sets.iter().map(|s| vec![0; s.pieces]).collect(),
        }
    }

    /// This action, then `next`.
    pub fn then(&self, next: &Action, sets: &[Set]) -> Action {
        let mut done = self.clone();
        for (s, set) in sets.iter().enumerate() {
            let o = set.orientations;
            for i in 0..set.pieces {
                let mid = usize::from(next.from[s][i]);
                done.from[s][i] = self.from[s][mid];
                done.twist[s][i] = add_turns(self.twist[s][mid], next.twist[s][i], o);
            }
        }
        done
    }

    /// The action that undoes this one.
    pub fn inverse(&self, sets: &[Set]) -> Action {
        let mut undo = self.clone();
        for (s, set) in sets.iter().enumerate() {
            let o = set.orientations;
            for i in 0..set.pieces {
                let source = usize::from(self.from[s][i]);
                undo.from[s][source] = i as u8;
                undo.twist[s][source] = (o - self.twist[s][i]) % o;
            }
        }
        undo
    }

    /// Whether it moves and twists nothing.
    pub fn is_identity(&self) -> bool {
        let still = self
            .from
            .iter()
            .all(|f| f.iter().enumerate().all(|(i, &p)| usize::from(p) == i));
        still && self.twist.iter().flatten().all(|&t| t == 0)
    }

    /// This action done `times` times (at least once).
    pub fn power(&self, times: usize, sets: &[Set]) -> Action {
        (1..times).fold(self.clone(), |done, _| done.then(self, sets))
    }
}

/// `a + b` modulo `modulus` (at most 255 orientations, so the sum is taken wider than
/// a byte: 129 + 129 is 258, not 2).
#[inline]
pub(crate) fn add_turns(a: u8, b: u8, modulus: u8) -> u8 {
    ((u16::from(a) + u16::from(b)) % u16::from(modulus)) as u8
}

/// A state: each set's pieces (labels from 0; equal labels are pieces alike) and their
/// orientations, by position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each set's pieces.
    pub pieces: Vec<Vec<u8>>,
    /// Each set's orientations.
    pub orientation: Vec<Vec<u8>>,
}

impl State {
    /// The state after `action`.
    pub fn after(&self, action: &Action, sets: &[Set]) -> State {
        let mut next = self.clone();
        for (s, set) in sets.iter().enumerate() {
            for i in 0..set.pieces {
                let from = usize::from(action.from[s][i]);
                next.pieces[s][i] = self.pieces[s][from];
                next.orientation[s][i] = add_turns(
                    self.orientation[s][from],
                    action.twist[s][i],
                    set.orientations,
                );
            }
        }
        next
    }
}

/// A solved state: each set's piece and orientation at every position, or `None` where
/// it does not care (ksolve+'s `Ignore`, KPuzzle's `orientationMod` 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Goal {
    /// Each set's pieces.
    pub pieces: Vec<Vec<Option<u8>>>,
    /// Each set's orientations.
    pub orientation: Vec<Vec<Option<u8>>>,
}

impl Goal {
    /// Whether `state` is one of the states this goal accepts.
    pub fn accepts(&self, state: &State) -> bool {
        let agree = |wanted: &Vec<Vec<Option<u8>>>, held: &Vec<Vec<u8>>| {
            wanted.iter().zip(held).all(|(wanted, held)| {
                wanted
                    .iter()
                    .zip(held)
                    .all(|(w, h)| w.is_none_or(|w| w == *h))
            })
        };
        agree(&self.pieces, &state.pieces) && agree(&self.orientation, &state.orientation)
    }
}

/// A move of the definition, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedAction {
    /// Its name.
    pub name: String,
    /// What it does.
    pub action: Action,
}

/// A puzzle as its definition file gives it, in either format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// Its name (ksolve+'s `Name`, KPuzzle's `name`; else the file's).
    pub name: String,
    /// Its sets, in the file's order.
    pub sets: Vec<Set>,
    /// Its moves, in the file's order: the turns an answer may use unless told
    /// otherwise.
    pub moves: Vec<NamedAction>,
    /// Moves made of others (KPuzzle's `derivedMoves`), which scrambles and `--moves`
    /// may name.
    pub derived: Vec<NamedAction>,
    /// The state scrambles start from: the first solved state, each position's piece.
    pub start: State,
    /// The solved states: an answer reaches the nearest.
    pub goals: Vec<Goal>,
    /// How the moves' powers are turns.
    pub powers: Powers,
    /// What answers may not do: ksolve+'s blocks, forbidden pairs and move limits.
    pub restrictions: restrictions::Restrictions,
}

impl Definition {
    /// Reads the definition in `text`, a ksolve+ file or a KPuzzle JSON file, told apart
    /// by its first character (`{` for JSON); `file` names it in messages (and is its
    /// name where it has none).
    pub fn parse(text: &str, file: &str) -> Result<Definition, DefinitionError> {
        match text
            .trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with('{')
        {
            true => kpuzzle::read(text, file),
            false => ksolve::read(text, file),
        }
    }

    /// Reads the definition file at `path`.
    pub fn read(path: &Path) -> Result<Definition, DefinitionError> {
        let file = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| DefinitionError {
            file: file.clone(),
            at: None,
            message: format!("cannot read it: {e}"),
        })?;
        Definition::parse_bytes(&bytes, &file)
    }

    /// Reads the definition in `bytes`: a KPuzzle JSON file is UTF-8 text; a ksolve+
    /// file is read as ksolve+ reads it, its names and numbers ASCII and anything else
    /// (a comment's `Kåre` in Latin-1 above all) any bytes; a byte-order mark is
    /// skipped.
    pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Definition, DefinitionError> {
        let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
        let json = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(e) if json => {
                let at = line_and_column(&bytes[..e.valid_up_to()]);
                return Err(DefinitionError::at(
                    file,
                    at,
                    "not UTF-8 text (a KPuzzle file is JSON)",
                ));
            }
            // Latin-1: each byte the character of its number.
            Err(_) => std::borrow::Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
        };
        Definition::parse(&text, file)
    }

    /// The move or derived move named `name`.
    pub fn action(&self, name: &str) -> Option<&Action> {
        self.moves
            .iter()
            .chain(&self.derived)
            .find(|m| m.name == name)
            .map(|m| &m.action)
    }
}

/// The line and column (from 1, the column in bytes) just after `text`.
pub(crate) fn line_and_column(text: &[u8]) -> (usize, usize) {
    let line = 1 + text.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + text.iter().rev().take_while(|&&b| b != b'\n').count();
    (line, column)
}

/// Why a definition cannot be read: the file, where in it, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DefinitionError {
    /// The file.
    pub file: String,
    /// The line and column (from 1), where the fault has a place.
    pub at: Option<(usize, usize)>,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl DefinitionError {
    pub(crate) fn at(file: &str, at: (usize, usize), message: impl Into<String>) -> Self {
        DefinitionError {
            file: file.to_owned(),
            at: Some(at),
            message: message.into(),
        }
    }

    pub(crate) fn whole(file: &str, message: impl Into<String>) -> Self {
        DefinitionError {
            file: file.to_owned(),
            at: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, column)) => write!(
                f,
                "{}, line {line}, column {column}: {}",
                self.file, self.message
            ),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

crate::error::case_errors!(DefinitionError);
