//! ksolve+ definition files, read as ksolve+ reads them: `Name`, `Set`, `Solved`,
//! `Move`, `Ignore`, `Block`, `ForbiddenPairs`, `ForbiddenGroups` and `MoveLimits`,
//! the deprecated `Multiplicators` and `ParallelMoves` passed over, `#` comments; a
//! command a function here. Two commands of this tool's own: several `Solved` blocks
//! (every one a solved state; ksolve+ keeps the last) and `Powers all|quarter|none`
//! (how a move's powers are turns).
//!
//! Permutations list, for each position, the piece (from 1) that comes to it: in a
//! solved state, the piece there (numbers repeated for pieces alike; `?2` for piece 2
//! at a position no solved state asks about, as a scramble file writes it); in a move,
//! the position it comes from. A move's orientation vector gives, for each position,
//! the twist a piece coming *from* it gets, modulo the set's orientations, as ksolve+
//! applies it. `Ignore` says which positions a scramble file's positions may leave out
//! with `?`: ksolve+ builds its tables for that, and so it changes no solved state
//! (this tool builds tables for each case's own goal, so it takes `?` anywhere).

use super::restrictions::Restrictions;
use super::{Definition, DefinitionError, NamedAction, Powers};
use super::{Set, State};
use words::{Word, Words};

mod restrictions;
mod vectors;
mod words;

pub(crate) use restrictions::{check_limit, read_limits};
use vectors::{block, move_action, solved_state};

/// One set's vectors in a block: the first (pieces, sources or ignore flags) and the
/// second, if given (orientations, twists or flags).
type Vectors = (Vec<Value>, Option<Vec<Value>>);

/// One set's vectors in a `Move`: the sources (from 0), and the orientation deltas as
/// written, if given.
type MoveVectors = (Vec<u8>, Option<Vec<i64>>);

/// The number of a bare `?`: no number stated.
pub(crate) const UNSTATED: u32 = u32::MAX;

/// A number of a block, `?` before it where a solved state leaves the position out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    /// The number (as written, less one for pieces and sources).
    pub number: u32,
    /// Whether it was written `?N` (or `?`, number 0, for an orientation).
    pub unknown: bool,
}

/// Reads a ksolve+ definition; `file` names it in messages.
pub fn read(text: &str, file: &str) -> Result<Definition, DefinitionError> {
    let mut reader = Reader {
        words: Words::new(text, file),
        name: None,
        sets: Vec::new(),
        moves: Vec::new(),
        solved: Vec::new(),
        restrictions: Restrictions::default(),
        powers: None,
    };
    while let Some(command) = reader.words.next() {
        reader.command(command)?;
    }
    let file_name = || {
        let stem = std::path::Path::new(file).file_stem();
        stem.map_or(file.to_owned(), |s| s.to_string_lossy().into_owned())
    };
    let name = (reader.name.take())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(file_name);
    reader.finish(name)
}

/// A ksolve+ file being read: what its commands gave so far.
struct Reader<'a> {
    words: Words<'a>,
    name: Option<String>,
    sets: Vec<Set>,
    moves: Vec<NamedAction>,
    solved: Vec<(Word<'a>, Vec<Option<Vectors>>)>,
    restrictions: Restrictions,
    powers: Option<Powers>,
}

impl<'a> Reader<'a> {
    /// Reads the command `command` begins.
    fn command(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        let needs_sets = [
            "Solved",
            "Move",
            "Ignore",
            "Block",
            "ForbiddenPairs",
            "ForbiddenGroups",
            "MoveLimits",
        ];
        if needs_sets.contains(&command.text) && self.sets.is_empty() {
            return Err(self.words.error(
                Some(command),
                format!(
                    "`{}` before any `Set`: every `Set` comes first",
                    command.text
                ),
            ));
        }
        match command.text {
            "Name" => self.name = Some(self.words.rest_of_line(command)),
            "Set" => self.set(command)?,
            "Solved" => self.solved(command)?,
            "Move" => self.a_move(command)?,
            "Ignore" => self.ignore(command)?,
            "Block" => self.block(command)?,
            "ForbiddenPairs" => self.forbidden_pairs(command)?,
            "ForbiddenGroups" => self.forbidden_groups(command)?,
            "MoveLimits" => {
                let limits = read_limits(&mut self.words, command)?;
                self.restrictions.limits = limits;
            }
            "Powers" => self.powers()?,
            // Deprecated in ksolve+, which reads past them: powers and parallel moves
            // are found from the moves.
            "Multiplicators" | "ParallelMoves" => self.words.skip_block(),
            refused => return Err(self.words.error(Some(command), refusal(refused))),
        }
        Ok(())
    }

    fn set(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        let words = &mut self.words;
        let set_name = words.expect("the set's name")?;
        if !(self.moves.is_empty() && self.solved.is_empty()) {
            return Err(words.error(
                Some(command),
                "every `Set` comes before the solved state and the moves",
            ));
        }
        if self.sets.iter().any(|s| s.name == set_name.text) {
            return Err(words.error(
                Some(set_name),
                format!("set {} is defined twice", set_name.text),
            ));
        }
        if set_name.text.parse::<u64>().is_ok() || set_name.text == "End" {
            return Err(words.error(
                Some(set_name),
                format!("`{}` cannot name a set", set_name.text),
            ));
        }
        // A word that is no number on a later line (the next command): the `Set` line
        // lacks the number, and is the place to say so.
        let not_a = |words: &Words<'_>, word: Word<'_>, what: &str, range: &str| match word.at.0
            == command.at.0
        {
            true => words.error(
                Some(word),
                format!("`{}` is not a number of {what} from {range}", word.text),
            ),
            false => words.error(
                Some(command),
                format!(
                    "`Set {}` gives no number of {what} (a set is `Set NAME PIECES \
                         ORIENTATIONS`)",
                    words.rest_of_line_at(command)
                ),
            ),
        };
        let size = words.expect("the set's number of pieces")?;
        let pieces = match size.text.parse::<usize>() {
            Ok(n) if (1..=255).contains(&n) => n,
            _ => return Err(not_a(words, size, "pieces", "1 to 255")),
        };
        let turns = words.expect("the set's number of orientations")?;
        let orientations = match turns.text.parse::<u8>() {
            // ksolve+ takes 0 for pieces that have none, as 1.
            Ok(n) => n.max(1),
            _ => return Err(not_a(words, turns, "orientations", "0 to 255")),
        };
        self.sets.push(Set {
            name: set_name.text.to_owned(),
            pieces,
            orientations,
        });
        Ok(())
    }

    fn solved(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        let mut read = |words: &mut Words<'_>, set: &Set, name: &str| {
            let what = format!("the solved state's set {name}");
            let pieces = words.values(
                set.pieces,
                1,
                set.pieces,
                true,
                &format!("{what}, its pieces"),
            )?;
            if let Some(i) = pieces.iter().position(|v| v.number == UNSTATED) {
                return Err(words.error(
                    None,
                    format!(
                        "{what}, its pieces: `?` at position {} needs the piece it holds, \
                         `?N` (the solved state asks nothing of the position)",
                        i + 1
                    ),
                ));
            }
            let twists = match words.number_next() {
                true => Some(words.values(
                    set.pieces,
                    0,
                    usize::from(set.orientations) - 1,
                    true,
                    &format!("{what}, its orientations"),
                )?),
                false => None,
            };
            // A bare `?` orientation: the piece unturned, the goal asking nothing.
            let twists = twists.map(|t| {
                (t.into_iter())
                    .map(|v| match v.number {
                        UNSTATED => Value { number: 0, ..v },
                        _ => v,
                    })
                    .collect()
            });
            Ok((pieces, twists))
        };
        let given = block(&mut self.words, &self.sets, command, &mut read)?;
        self.solved.push((command, given));
        Ok(())
    }

    fn a_move(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        let move_name = self.words.expect("the move's name")?;
        if self.moves.iter().any(|m| m.name == move_name.text) {
            return Err(self.words.error(
                Some(move_name),
                format!("move {} is defined twice", move_name.text),
            ));
        }
        let mut read = |words: &mut Words<'_>, set: &Set, name: &str| {
            let what = format!("move {}'s set {name}", move_name.text);
            let at = words.peek();
            let from =
                words.numbers(set.pieces, set.pieces, &format!("{what}, its permutation"))?;
            let mut seen = vec![false; set.pieces];
            if let Some(twice) = from
                .iter()
                .find(|&&p| std::mem::replace(&mut seen[usize::from(p)], true))
            {
                return Err(words.error(
                    at,
                    format!(
                        "{what} is not a permutation: {} appears twice (each of 1 to {} once)",
                        twice + 1,
                        set.pieces
                    ),
                ));
            }
            // Any whole number, taken modulo the orientations as ksolve+ takes it.
            let twists = match words.number_next() {
                true => Some(words.deltas(set.pieces, &format!("{what}, its orientation deltas"))?),
                false => None,
            };
            Ok((from, twists))
        };
        let given = block(&mut self.words, &self.sets, command, &mut read)?;
        let (action, twisted) = move_action(&self.sets, given);
        self.restrictions
            .twisted
            .push((move_name.text.to_owned(), twisted));
        self.moves.push(NamedAction {
            name: move_name.text.to_owned(),
            action,
        });
        Ok(())
    }

    /// `Ignore`: read and checked, a licence for scramble files' `?` (the module's
    /// comment).
    fn ignore(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        let mut read = |words: &mut Words<'_>, set: &Set, name: &str| {
            let what = format!("`Ignore`'s set {name}");
            let pieces = words.values(set.pieces, 0, 1, false, &format!("{what}, its pieces"))?;
            let twists = match words.number_next() {
                true => Some(words.values(
                    set.pieces,
                    0,
                    1,
                    false,
                    &format!("{what}, its orientations"),
                )?),
                false => None,
            };
            Ok((pieces, twists))
        };
        block(&mut self.words, &self.sets, command, &mut read)?;
        Ok(())
    }

    fn powers(&mut self) -> Result<(), DefinitionError> {
        let value = self.words.expect("all, quarter or none")?;
        self.powers = Some(Powers::from_name(value.text).ok_or_else(|| {
            self.words.error(
                Some(value),
                format!(
                    "`Powers {}`: give all (each power one turn), quarter (the least \
                     turn either way) or none (each move only itself)",
                    value.text
                ),
            )
        })?);
        Ok(())
    }

    /// The set `word` names.
    fn set_named(&self, word: Word<'_>) -> Result<usize, DefinitionError> {
        self.sets
            .iter()
            .position(|set| set.name == word.text)
            .ok_or_else(|| {
                let names: Vec<&str> = self.sets.iter().map(|s| s.name.as_str()).collect();
                self.words.error(
                    Some(word),
                    format!(
                        "`{}` is no set (the sets are {}), nor the block's `End`",
                        word.text,
                        names.join(", ")
                    ),
                )
            })
    }

    /// The definition from what was read, checked as a whole.
    fn finish(self, name: String) -> Result<Definition, DefinitionError> {
        let words = &self.words;
        let sets = self.sets;
        if sets.is_empty() {
            return Err(words.error(
                None,
                "no `Set`: a definition needs at least one set of pieces",
            ));
        }
        if self.moves.is_empty() {
            return Err(words.error(None, "no `Move`: a definition needs at least one move"));
        }
        // Where no `Solved` is given, every piece in its place, as ksolve+ does.
        let states: Vec<(Option<Word<'_>>, Vec<Option<Vectors>>)> = match self.solved.is_empty() {
            true => vec![(None, vec![None; sets.len()])],
            false => (self.solved.into_iter())
                .map(|(at, given)| (Some(at), given))
                .collect(),
        };
        let mut goals = Vec::new();
        let mut start: Option<State> = None;
        for (at, given) in states {
            let (state, goal) = solved_state(&sets, given);
            let first = start.get_or_insert_with(|| state.clone());
            for (s, set) in sets.iter().enumerate() {
                let mut mine = state.pieces[s].clone();
                let mut firsts = first.pieces[s].clone();
                mine.sort_unstable();
                firsts.sort_unstable();
                if mine != firsts {
                    return Err(words.error(
                        at,
                        format!(
                            "this solved state's set {} holds other pieces than the first's: \
                             every solved state holds the same pieces, arranged otherwise",
                            set.name
                        ),
                    ));
                }
            }
            goals.push(goal);
        }
        if let Some(m) = self.moves.iter().find(|m| m.action.is_identity()) {
            return Err(DefinitionError::whole(
                words.file,
                format!("move {} moves and twists nothing: remove it", m.name),
            ));
        }
        for limit in &self.restrictions.limits {
            check_limit(&self.moves, &sets, limit)
                .map_err(|m| DefinitionError::whole(words.file, m))?;
        }
        Ok(Definition {
            name,
            sets,
            moves: self.moves,
            derived: Vec::new(),
            start: start.expect("one solved state at least"),
            goals,
            powers: self.powers.unwrap_or_default(),
            restrictions: self.restrictions,
        })
    }
}

/// Why the command `word` is not read.
fn refusal(word: &str) -> String {
    match word {
        "Scramble" | "ScrambleAlg" | "RandomScramble" | "Slack" | "MaxDepth" | "QTM" | "HTM" => {
            format!("`{word}` belongs in a scramble file, the cases, not in the definition")
        }
        "End" => "`End` without a block to end".to_owned(),
        _ => format!(
            "`{word}` is not a command (Name, Set, Solved, Move, Ignore, Block, \
             ForbiddenPairs, ForbiddenGroups, MoveLimits, Powers; comments start with #)"
        ),
    }
}
