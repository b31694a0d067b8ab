//! Cases as the command reads them, one of two ways for a whole input, told by its first
//! line: a ksolve+ scramble file (its first line a `Scramble`, `ScrambleAlg` or other
//! block keyword, or a `#` comment), whose `Scramble` blocks give positions and
//! `ScrambleAlg` blocks move sequences, each block a case; or one case a line, a line
//! being a move sequence applied to the start (empty for the start itself), or a
//! position as a KPattern JSON object (a line starting with `{`).
//!
//! A move sequence names the puzzle's turns (`R U2 F'`), any power of its moves or
//! derived moves by the same names, or, where a word is none of these, reads as
//! cubing.js alg notation ([`super::alg`]) as a whole.

use std::collections::HashMap;

use super::model::Model;
use super::turn::power_name;
use super::{alg, json, kpuzzle, Action, Set, State};

/// Why a case cannot be read: where in its line (a byte offset from 0) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseError {
    /// The offset in the line.
    pub offset: usize,
    /// The line, counted from the line the error's text starts on (0 for it).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl CaseError {
    pub(crate) fn at(offset: usize, message: impl Into<String>) -> Self {
        CaseError {
            offset,
            line: 0,
            message: message.into(),
        }
    }
}

/// What the names of a move sequence stand for: every turn, and every power of every
/// move and derived move, by name.
pub struct Names {
    actions: HashMap<String, Action>,
}

impl Names {
    /// The names of `puzzle`.
    pub fn new(puzzle: &Model) -> Names {
        let sets = puzzle.sets();
        let mut actions = HashMap::new();
        let all = puzzle
            .definition
            .moves
            .iter()
            .chain(&puzzle.definition.derived);
        for named in all {
            let mut power = named.action.clone();
            let mut k = 1;
            // Every power up to the move's order, each by its ksolve+ name; a move's own
            // name first, so a derived move of a name never hides a move's power.
            let mut powers = vec![named.action.clone()];
            while !power.then(&named.action, sets).is_identity() && k < 255 {
                power = power.then(&named.action, sets);
                powers.push(power.clone());
                k += 1;
            }
            let order = powers.len() + 1;
            for (i, action) in powers.into_iter().enumerate() {
                actions
                    .entry(power_name(&named.name, i + 1, order))
                    .or_insert(action);
            }
        }
        for turn in &puzzle.turns {
            actions.insert(turn.turn.name.to_owned(), turn.action.clone());
        }
        Names { actions }
    }

    /// The action of the move sequence `text`.
    pub fn sequence(&self, text: &str, sets: &[Set]) -> Result<Action, CaseError> {
        let words: Vec<(usize, &str)> = text
            .split_ascii_whitespace()
            .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
            .collect();
        if words.iter().all(|(_, w)| self.actions.contains_key(*w)) {
            let mut done = Action::identity(sets);
            for (_, word) in words {
                done = done.then(&self.actions[word], sets);
            }
            return Ok(done);
        }
        let named = |name: &str| self.actions.get(name);
        alg::action(text, sets, &named).map_err(|e| {
            let hint = match words.first().map(|(_, w)| *w) {
                Some("Scramble" | "ScrambleAlg" | "RandomScramble") => {
                    " (a ksolve+ scramble file begins with its first block or a `#` comment)"
                }
                _ => "",
            };
            CaseError::at(e.offset, format!("{}{hint}", e.message))
        })
    }
}

/// The state of one case line: a KPattern JSON object (it starts with `{`), else a
/// move sequence applied to the start (empty: the start).
pub fn case(puzzle: &Model, names: &Names, text: &str) -> Result<State, CaseError> {
    if text.trim_start().starts_with('{') {
        return pattern(puzzle, text);
    }
    let sets = puzzle.sets();
    let action = names.sequence(text, sets)?;
    Ok(puzzle.definition.start.after(&action, sets))
}

/// The state of a KPattern JSON object in `text`.
pub fn pattern(puzzle: &Model, text: &str) -> Result<State, CaseError> {
    let sets = puzzle.sets();
    let from_json = |e: super::DefinitionError| {
        let (line, column) = e.at.unwrap_or((1, 1));
        CaseError {
            offset: column - 1,
            line: line - 1,
            message: e.message,
        }
    };
    let value = json::parse(text, "").map_err(from_json)?;
    let (given, _) = kpuzzle::pattern(&value, sets, "", false).map_err(from_json)?;
    let state = State {
        pieces: given
            .pieces
            .iter()
            .map(|p| p.iter().map(|x| x.unwrap_or(0)).collect())
            .collect(),
        orientation: (given.orientation.iter())
            .map(|o| o.iter().map(|x| x.unwrap_or(0)).collect())
            .collect(),
    };
    same_pieces(puzzle, &state, Numbering::Json).map_err(|m| CaseError::at(0, m))?;
    Ok(state)
}

/// How a format numbers the pieces: KPattern JSON from 0, ksolve+ text from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// KPattern JSON's, from 0.
    Json,
    /// ksolve+'s, from 1.
    Ksolve,
}

impl Numbering {
    /// The first piece's number.
    pub fn first(self) -> u8 {
        match self {
            Numbering::Json => 0,
            Numbering::Ksolve => 1,
        }
    }

    /// Which numbering this is, said where a message names a piece.
    pub fn says(self) -> &'static str {
        match self {
            Numbering::Json => "pieces numbered from 0, as KPattern JSON numbers them",
            Numbering::Ksolve => "pieces numbered from 1, as ksolve+ numbers them",
        }
    }
}

/// Whether `state` holds the puzzle's pieces, each set as many of each as the start;
/// the error says which set does not, its pieces numbered as `numbering` says.
pub fn same_pieces(puzzle: &Model, state: &State, numbering: Numbering) -> Result<(), String> {
    for (s, set) in puzzle.sets().iter().enumerate() {
        let mut held = state.pieces[s].clone();
        let mut wanted = puzzle.definition.start.pieces[s].clone();
        held.sort_unstable();
        wanted.sort_unstable();
        if held != wanted {
            let count = |v: &[u8], p: u8| v.iter().filter(|&&x| x == p).count();
            let odd: Vec<String> = (0..set.pieces as u8)
                .filter(|&p| count(&held, p) != count(&wanted, p))
                .take(2)
                .map(|p| {
                    let (has, wants) = (count(&held, p), count(&wanted, p));
                    let piece = p + numbering.first();
                    format!("{has} of piece {piece} (the puzzle has {wants})")
                })
                .collect();
            let (name, odd, says) = (&set.name, odd.join(" and "), numbering.says());
            return Err(format!("set {name} holds {odd}; {says}"));
        }
    }
    Ok(())
}

/// The words of a ksolve+ scramble file's line, with their offsets; a word starting
/// with `#` ends the line.
pub fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    for word in line.split_ascii_whitespace() {
        if word.starts_with('#') {
            break;
        }
        out.push((word.as_ptr() as usize - line.as_ptr() as usize, word));
    }
    out
}

/// The commands of a ksolve+ scramble file: blocks that are cases (`Scramble`,
/// `ScrambleAlg`, `RandomScramble`), and directives in force for the cases after them
/// (`Slack`, `MaxDepth`, `QTM`, `HTM`, `MoveLimits`).
pub const COMMANDS: &[&str] = &[
    "Scramble",
    "ScrambleAlg",
    "RandomScramble",
    "MaxDepth",
    "Slack",
    "QTM",
    "HTM",
    "MoveLimits",
];

/// One value of a `Scramble` block: a number, or `?` (the position left out of the
/// case's goal) with the number it holds if stated (`?3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Given {
    /// The number (pieces from 0), if stated.
    pub value: Option<u8>,
    /// Whether the case's goal leaves the position out.
    pub left_out: bool,
}

/// One set's vectors of a `Scramble` block, from its words (numbers from 1 for pieces;
/// orientations taken modulo the set's, as ksolve+ takes them; `?` or `?N` where the
/// case leaves a position out): the pieces, and the orientations (all 0 if not given).
/// The error names the word at fault by its place in `words` (the last where there are
/// too few or too many).
pub fn scramble_set(
    set: &Set,
    words: &[&str],
) -> Result<(Vec<Given>, Vec<Given>), (usize, String)> {
    let value = |i: usize, piece: bool| -> Result<Given, (usize, String)> {
        let word = words[i];
        let (left_out, digits) = match word.strip_prefix('?') {
            Some(rest) => (true, rest),
            None => (false, word),
        };
        if left_out && digits.is_empty() {
            return Ok(Given {
                value: None,
                left_out,
            });
        }
        let what = if piece { "piece" } else { "orientation" };
        let n = digits.parse::<i64>().map_err(|_| {
            (
                i,
                format!(
                    "set {}, its {what}s: `{word}` is not a number, nor `?` or `?N`",
                    set.name
                ),
            )
        })?;
        let value = match piece {
            true if (1..=set.pieces as i64).contains(&n) => (n - 1) as u8,
            true => {
                return Err((
                    i,
                    format!(
                        "set {}, its pieces: `{word}` is not a piece from 1 to {}",
                        set.name, set.pieces
                    ),
                ))
            }
            // Any whole number, taken modulo the orientations, as ksolve+ takes it.
            false => n.rem_euclid(i64::from(set.orientations)) as u8,
        };
        Ok(Given {
            value: Some(value),
            left_out,
        })
    };
    let n = set.pieces;
    if words.len() != n && words.len() != 2 * n {
        let message = format!(
            "set {} has {} values: give its {n} pieces, then its {n} orientations if it has any",
            set.name,
            words.len()
        );
        return Err((words.len().saturating_sub(1), message));
    }
    let pieces = (0..n).map(|i| value(i, true)).collect::<Result<_, _>>()?;
    let unturned = Given {
        value: Some(0),
        left_out: false,
    };
    let orientation = match words.len() > n {
        true => (n..2 * n)
            .map(|i| value(i, false))
            .collect::<Result<_, _>>()?,
        false => vec![unturned; n],
    };
    Ok((pieces, orientation))
}
