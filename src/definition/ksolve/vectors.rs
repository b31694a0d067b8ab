//! The blocks of `Solved`, `Move` and `Ignore`: a set's name and its numbers a line,
//! set by set up to `End`, and what they make: a solved state with its goal, a move's
//! action.

use super::words::{Word, Words};
use super::{MoveVectors, Value, Vectors};
use crate::definition::{Action, DefinitionError, Goal, Set, State};

/// The vectors of a `Solved`, `Move` or `Ignore` block up to its `End` (or the end of
/// the file, as ksolve+'s last block may have none), by set; sets left out are `None`.
pub(super) fn block<'a, T: Clone>(
    words: &mut Words<'a>,
    sets: &[Set],
    opened: Word<'_>,
    read: &mut dyn FnMut(&mut Words<'a>, &Set, &str) -> Result<T, DefinitionError>,
) -> Result<Vec<Option<T>>, DefinitionError> {
    let mut given: Vec<Option<T>> = vec![None; sets.len()];
    loop {
        let Some(word) = words.next() else {
            return match given.iter().any(Option::is_some) {
                true => Ok(given),
                false => Err(words.error(
                    None,
                    format!(
                        "the file ends inside the `{}` block begun on line {}: it needs its `End`",
                        opened.text, opened.at.0
                    ),
                )),
            };
        };
        if word.text == "End" {
            return Ok(given);
        }
        let Some(s) = sets.iter().position(|set| set.name == word.text) else {
            let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
            return Err(words.error(
                Some(word),
                format!(
                    "`{}` is no set (the sets are {}), nor the block's `End`",
                    word.text,
                    names.join(", ")
                ),
            ));
        };
        if given[s].is_some() {
            return Err(words.error(
                Some(word),
                format!("set {} is given twice in this block", word.text),
            ));
        }
        given[s] = Some(read(words, &sets[s], word.text)?);
    }
}

/// A move's action from its vectors, each set's sources and deltas (sets left out stay
/// as they are), and where its deltas as written are not 0.
pub(super) fn move_action(
    sets: &[Set],
    given: Vec<Option<MoveVectors>>,
) -> (Action, Vec<Vec<bool>>) {
    let mut action = Action::identity(sets);
    let mut twisted: Vec<Vec<bool>> = sets.iter().map(|s| vec![false; s.pieces]).collect();
    for (s, vectors) in given.into_iter().enumerate() {
        let Some((from, twists)) = vectors else {
            continue;
        };
        let o = i64::from(sets[s].orientations);
        // ksolve+ lists each twist at the piece's source position.
        let twist: Vec<u8> = match &twists {
            Some(twists) => (from.iter())
                .map(|&f| twists[usize::from(f)].rem_euclid(o) as u8)
                .collect(),
            None => vec![0; from.len()],
        };
        if let Some(twists) = twists {
            twisted[s] = twists.iter().map(|&t| t != 0).collect();
        }
        action.from[s] = from;
        action.twist[s] = twist;
    }
    (action, twisted)
}

/// A solved state from its block (sets left out in their order, unturned), and its
/// goal: every position as it holds, but those written `?N`.
pub(super) fn solved_state(sets: &[Set], given: Vec<Option<Vectors>>) -> (State, Goal) {
    let mut state = State {
        pieces: sets.iter().map(|s| (0..s.pieces as u8).collect()).collect(),
        orientation: sets.iter().map(|s| vec![0; s.pieces]).collect(),
    };
    let mut goal = Goal {
        pieces: sets
            .iter()
            .map(|s| (0..s.pieces as u8).map(Some).collect())
            .collect(),
        orientation: sets.iter().map(|s| vec![Some(0); s.pieces]).collect(),
    };
    for (s, vectors) in given.into_iter().enumerate() {
        let Some((pieces, orientation)) = vectors else {
            continue;
        };
        let wanted = |v: &Value| (!v.unknown).then_some(v.number as u8);
        goal.pieces[s] = pieces.iter().map(wanted).collect();
        state.pieces[s] = pieces.iter().map(|v| v.number as u8).collect();
        if let Some(orientation) = orientation {
            goal.orientation[s] = orientation.iter().map(wanted).collect();
            state.orientation[s] = orientation.iter().map(|v| v.number as u8).collect();
        }
    }
    (state, goal)
}
