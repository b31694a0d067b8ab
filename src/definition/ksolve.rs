//! ksolve+ definition files: `Name`, `Set`, `Solved`, `Move`, `Ignore`, as ksolve+
//! reads them, with two commands of this tool's own: several `Solved` blocks (every
//! one a solved state; ksolve+ keeps the last) and `Powers all|quarter|none` (how a
//! move's powers are turns). The commands ksolve+ has and this tool does not
//! (`Block`, `ForbiddenPairs`, `MoveLimits`, ...) are refused by name, never read as
//! something else.
//!
//! Permutations list, for each position, the piece (from 1) that comes to it: in a
//! solved state, the piece there (numbers repeated for pieces alike); in a move, the
//! position it comes from. A move's orientation vector gives, for each position, the
//! twist a piece coming *from* it gets, as ksolve+ applies it.

use super::{Action, Definition, DefinitionError, Goal, NamedAction, Powers};
use super::{Set, State};
use words::{Word, Words};

mod words;

/// One set's vectors in a block: the first (pieces, sources or ignore flags) and the
/// second, if given (orientations, twists or flags).
type Vectors = (Vec<u8>, Option<Vec<u8>>);

/// The vectors of a `Solved`, `Move` or `Ignore` block up to its `End`, by set; sets
/// left out are `None`.
fn block(
    words: &mut Words<'_>,
    sets: &[Set],
    opened: Word<'_>,
    read: &mut dyn FnMut(&mut Words<'_>, &Set, &str) -> Result<Vectors, DefinitionError>,
) -> Result<Vec<Option<Vectors>>, DefinitionError> {
    let mut given: Vec<Option<Vectors>> = vec![None; sets.len()];
    loop {
        let Some(word) = words.next() else {
            return Err(words.error(
                None,
                format!(
                    "the file ends inside the `{}` block begun on line {}: it needs its `End`",
                    opened.text, opened.at.0
                ),
            ));
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

/// Reads a ksolve+ definition; `file` names it in messages.
pub fn read(text: &str, file: &str) -> Result<Definition, DefinitionError> {
    let mut words = Words::new(text, file);
    let mut name = None;
    let mut sets: Vec<Set> = Vec::new();
    let mut moves: Vec<NamedAction> = Vec::new();
    let mut solved: Vec<(Word<'_>, Vec<Option<Vectors>>)> = Vec::new();
    let mut ignore: Option<Vec<Option<Vectors>>> = None;
    let mut powers = None;
    while let Some(command) = words.next() {
        if ["Solved", "Move", "Ignore"].contains(&command.text) && sets.is_empty() {
            return Err(words.error(
                Some(command),
                format!(
                    "`{}` before any `Set`: every `Set` comes first",
                    command.text
                ),
            ));
        }
        match command.text {
            "Name" => name = Some(words.rest_of_line(command)),
            "Set" => {
                let set_name = words.expect("the set's name")?;
                if !(moves.is_empty() && solved.is_empty() && ignore.is_none()) {
                    return Err(words.error(
                        Some(command),
                        "every `Set` comes before the solved state, the moves and `Ignore`",
                    ));
                }
                if sets.iter().any(|s| s.name == set_name.text) {
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
                let size = words.expect("the set's number of pieces")?;
                let pieces = match size.text.parse::<usize>() {
                    Ok(n) if (1..=255).contains(&n) => n,
                    _ => {
                        return Err(words.error(
                            Some(size),
                            format!("`{}` is not a number of pieces from 1 to 255", size.text),
                        ))
                    }
                };
                let turns = words.expect("the set's number of orientations")?;
                let orientations = match turns.text.parse::<u8>() {
                    // ksolve+ takes 0 for pieces that have none, as 1.
                    Ok(n) => n.max(1),
                    _ => {
                        return Err(words.error(
                            Some(turns),
                            format!(
                                "`{}` is not a number of orientations from 0 to 255",
                                turns.text
                            ),
                        ))
                    }
                };
                sets.push(Set {
                    name: set_name.text.to_owned(),
                    pieces,
                    orientations,
                });
            }
            "Solved" => {
                let mut read = |words: &mut Words<'_>, set: &Set, name: &str| {
                    let what = format!("the solved state's set {name}");
                    let pieces = words.numbers(set.pieces, set.pieces, &what)?;
                    let twists = match words.number_next() {
                        true => Some(words.below(set.pieces, set.orientations, &what)?),
                        false => None,
                    };
                    Ok((pieces, twists))
                };
                solved.push((command, block(&mut words, &sets, command, &mut read)?));
            }
            "Move" => {
                let move_name = words.expect("the move's name")?;
                if moves.iter().any(|m| m.name == move_name.text) {
                    return Err(words.error(
                        Some(move_name),
                        format!("move {} is defined twice", move_name.text),
                    ));
                }
                let mut read = |words: &mut Words<'_>, set: &Set, name: &str| {
                    let what = format!("move {}'s set {name}", move_name.text);
                    let at = words.peek();
                    let from = words.numbers(set.pieces, set.pieces, &what)?;
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
                    let twists = match words.number_next() {
                        true => Some(words.below(set.pieces, set.orientations, &what)?),
                        false => None,
                    };
                    Ok((from, twists))
                };
                let given = block(&mut words, &sets, command, &mut read)?;
                moves.push(NamedAction {
                    name: move_name.text.to_owned(),
                    action: move_action(&sets, given),
                });
            }
            "Ignore" => {
                if ignore.is_some() {
                    return Err(words.error(Some(command), "`Ignore` is given twice"));
                }
                let mut read = |words: &mut Words<'_>, set: &Set, name: &str| {
                    let what = format!("`Ignore`'s set {name}");
                    let pieces = words.below(set.pieces, 2, &what)?;
                    let twists = match words.number_next() {
                        true => Some(words.below(set.pieces, 2, &what)?),
                        false => None,
                    };
                    Ok((pieces, twists))
                };
                ignore = Some(block(&mut words, &sets, command, &mut read)?);
            }
            "Powers" => {
                let value = words.expect("all, quarter or none")?;
                powers = Some(Powers::from_name(value.text).ok_or_else(|| {
                    words.error(
                        Some(value),
                        format!(
                            "`Powers {}`: give all (each power one turn), quarter (the least \
                             turn either way) or none (each move only itself)",
                            value.text
                        ),
                    )
                })?);
            }
            refused => return Err(words.error(Some(command), refusal(refused))),
        }
    }
    let file_name = || {
        let stem = std::path::Path::new(file).file_stem();
        stem.map_or(file.to_owned(), |s| s.to_string_lossy().into_owned())
    };
    let name = name.filter(|n| !n.is_empty()).unwrap_or_else(file_name);
    finish(name, sets, moves, solved, ignore, powers, &words)
}

/// Why the command `word` is not read.
fn refusal(word: &str) -> String {
    let unsupported = |what: &str| {
        format!("`{word}` ({what}) is a ksolve+ command this tool does not support: remove it")
    };
    match word {
        "Block" => unsupported("pieces bandaged together"),
        "ForbiddenPairs" | "ForbiddenGroups" => unsupported("move pairs forbidden"),
        "MoveLimits" => unsupported("limits on a move's uses"),
        "Multiplicators" | "ParallelMoves" => format!(
            "`{word}` is deprecated in ksolve+ and not needed (powers and parallel moves \
             are found from the moves): remove it"
        ),
        "Scramble" | "ScrambleAlg" | "RandomScramble" => {
            format!("`{word}` belongs in a scramble file, the cases, not in the definition")
        }
        "End" => "`End` without a block to end".to_owned(),
        _ => format!(
            "`{word}` is not a command (Name, Set, Solved, Move, Ignore, Powers; \
             comments start with #)"
        ),
    }
}

/// A move's action from its vectors (sets left out stay as they are).
fn move_action(sets: &[Set], given: Vec<Option<Vectors>>) -> Action {
    let mut action = Action::identity(sets);
    for (s, vectors) in given.into_iter().enumerate() {
        let Some((from, twists)) = vectors else {
            continue;
        };
        // ksolve+ lists each twist at the piece's source position.
        let twist: Vec<u8> = match twists {
            Some(twists) => from.iter().map(|&f| twists[usize::from(f)]).collect(),
            None => vec![0; from.len()],
        };
        action.from[s] = from;
        action.twist[s] = twist;
    }
    action
}

/// The definition from what was read, checked as a whole.
fn finish(
    name: String,
    sets: Vec<Set>,
    moves: Vec<NamedAction>,
    solved: Vec<(Word<'_>, Vec<Option<Vectors>>)>,
    ignore: Option<Vec<Option<Vectors>>>,
    powers: Option<Powers>,
    words: &Words<'_>,
) -> Result<Definition, DefinitionError> {
    if sets.is_empty() {
        return Err(words.error(
            None,
            "no `Set`: a definition needs at least one set of pieces",
        ));
    }
    if moves.is_empty() {
        return Err(words.error(None, "no `Move`: a definition needs at least one move"));
    }
    // Where no `Solved` is given, every piece in its place, as ksolve+ does.
    let states: Vec<(Option<Word<'_>>, State)> = match solved.is_empty() {
        true => vec![(None, solved_state(&sets, vec![None; sets.len()]))],
        false => solved
            .into_iter()
            .map(|(at, given)| (Some(at), solved_state(&sets, given)))
            .collect(),
    };
    let start = states[0].1.clone();
    let mut goals = Vec::new();
    for (at, state) in states {
        for (s, set) in sets.iter().enumerate() {
            let mut mine = state.pieces[s].clone();
            let mut first = start.pieces[s].clone();
            mine.sort_unstable();
            first.sort_unstable();
            if mine != first {
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
        goals.push(goal(&sets, &state, ignore.as_deref()));
    }
    if let Some(m) = moves.iter().find(|m| m.action.is_identity()) {
        return Err(DefinitionError::whole(
            words.file,
            format!("move {} moves and twists nothing: remove it", m.name),
        ));
    }
    Ok(Definition {
        name,
        sets,
        moves,
        derived: Vec::new(),
        start,
        goals,
        powers: powers.unwrap_or_default(),
    })
}

/// A solved state from its block (sets left out in their order, unturned).
fn solved_state(sets: &[Set], given: Vec<Option<Vectors>>) -> State {
    let mut state = State {
        pieces: sets.iter().map(|s| (0..s.pieces as u8).collect()).collect(),
        orientation: sets.iter().map(|s| vec![0; s.pieces]).collect(),
    };
    for (s, vectors) in given.into_iter().enumerate() {
        if let Some((pieces, orientation)) = vectors {
            state.orientation[s] = orientation.unwrap_or_else(|| vec![0; pieces.len()]);
            state.pieces[s] = pieces;
        }
    }
    state
}

/// The goal of a solved state, what `ignore` flags left out.
fn goal(sets: &[Set], state: &State, ignore: Option<&[Option<Vectors>]>) -> Goal {
    let mut goal = Goal {
        pieces: state
            .pieces
            .iter()
            .map(|p| p.iter().map(|&v| Some(v)).collect())
            .collect(),
        orientation: (state.orientation.iter())
            .map(|o| o.iter().map(|&v| Some(v)).collect())
            .collect(),
    };
    for (s, flags) in ignore.unwrap_or(&[]).iter().enumerate().take(sets.len()) {
        let Some((pieces, orientation)) = flags else {
            continue;
        };
        for (i, &flag) in pieces.iter().enumerate() {
            if flag == 1 {
                goal.pieces[s][i] = None;
            }
        }
        for (i, &flag) in orientation.iter().flatten().enumerate() {
            if flag == 1 {
                goal.orientation[s][i] = None;
            }
        }
    }
    goal
}
