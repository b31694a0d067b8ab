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

use super::puzzle::Puzzle;
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
    fn at(offset: usize, message: impl Into<String>) -> Self {
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
    pub fn new(puzzle: &Puzzle) -> Names {
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
pub fn case(puzzle: &Puzzle, names: &Names, text: &str) -> Result<State, CaseError> {
    if text.trim_start().starts_with('{') {
        return pattern(puzzle, text);
    }
    let sets = puzzle.sets();
    let action = names.sequence(text, sets)?;
    Ok(puzzle.definition.start.after(&action, sets))
}

/// The state of a KPattern JSON object in `text`.
pub fn pattern(puzzle: &Puzzle, text: &str) -> Result<State, CaseError> {
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
    same_pieces(puzzle, &state).map_err(|m| CaseError::at(0, m))?;
    Ok(state)
}

/// Whether `state` holds the puzzle's pieces, each set as many of each as the start;
/// the error says which set does not.
pub fn same_pieces(puzzle: &Puzzle, state: &State) -> Result<(), String> {
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
                    format!("{has} of piece {} (the puzzle has {wants})", p + 1)
                })
                .collect();
            return Err(format!("set {} holds {}", set.name, odd.join(" and ")));
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

/// The block keywords of a ksolve+ scramble file, and whether this tool reads them.
pub const BLOCKS: &[(&str, bool)] = &[
    ("Scramble", true),
    ("ScrambleAlg", true),
    ("RandomScramble", false),
    ("MaxDepth", false),
    ("Slack", false),
    ("QTM", false),
    ("HTM", false),
    ("MoveLimits", false),
];

/// Why a ksolve+ scramble-file command is not read.
pub fn refused_command(word: &str) -> String {
    match word {
        "RandomScramble" => "`RandomScramble` is not read: draw random cases with \
                             `tablesolve generate def DEFINITION`"
            .to_owned(),
        "QTM" | "HTM" => format!(
            "`{word}` is not read: the metric is the definition's `Powers` (or --powers \
             quarter for ksolve+'s QTM)"
        ),
        _ => format!(
            "`{word}` is not read: answers are always the shortest (limit a search with \
             --timeout or --max-nodes)"
        ),
    }
}

/// One set's vectors of a `Scramble` block, from its words (numbers from 1; `?`
/// refused): the pieces, and the orientations if given. The error names the word at
/// fault by its place in `words` (the last where there are too few or too many).
pub fn scramble_set(set: &Set, words: &[&str]) -> Result<(Vec<u8>, Vec<u8>), (usize, String)> {
    let value = |i: usize, below: usize, from: usize| -> Result<u8, (usize, String)> {
        let word = words[i];
        if word.starts_with('?') {
            let message = "`?` (a piece left out) is not read: give every piece and orientation";
            return Err((i, message.to_owned()));
        }
        match word.parse::<usize>() {
            Ok(n) if n >= from && n < below + from => Ok((n - from) as u8),
            _ => Err((
                i,
                format!(
                    "`{word}` is not a number from {from} to {}",
                    below + from - 1
                ),
            )),
        }
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
    let pieces = (0..n).map(|i| value(i, n, 1)).collect::<Result<_, _>>()?;
    let orientation = match words.len() > n {
        true => (n..2 * n)
            .map(|i| value(i, usize::from(set.orientations), 0))
            .collect::<Result<_, _>>()?,
        false => vec![0; n],
    };
    Ok((pieces, orientation))
}
