//! cubing.js KPuzzle definitions (JSON): `orbits`, `defaultPattern`, `moves` (each an
//! orbit's `permutation` and `orientationDelta`, applied as cubing.js applies them) and
//! `derivedMoves` (algs of other moves, [`super::alg`]). Pieces of a pattern that share
//! a number are alike; `orientationMod` 1 makes a position's orientation not count.
//!
//! Two keys of this tool's own: `"tablesolvePowers"` (`"all"`, `"quarter"` or `"none"`:
//! how a move's powers are turns) and `"tablesolveSolvedPatterns"` (the solved states,
//! each a pattern whose pieces may be `null` where any piece will do; without it, the
//! default pattern is the one solved state).

use super::json::{self, Kind, Value};
use super::restrictions::Restrictions;
use super::{alg, line_and_column, Action, Definition, DefinitionError, Goal, NamedAction};
use super::{Powers, Set, State};
pub use pattern::pattern;
use pattern::{concrete, holds_the_same_pieces};
use std::collections::HashMap;
use transformation::transformation;

/// How deep derived moves may be made of derived moves (doc/definitions.md): each level
/// is a frame of the reader's stack.
pub const MOST_DERIVED_DEPTH: usize = 32;

mod pattern;
mod transformation;

/// The keys a KPuzzle definition may have.
const KEYS: &[&str] = &[
    "$schema",
    "name",
    "orbits",
    "defaultPattern",
    "moves",
    "derivedMoves",
    "experimentalDerivedMoves",
    "tablesolvePowers",
    "tablesolveSolvedPatterns",
];

/// Reads a KPuzzle definition; `file` names it in messages.
pub fn read(text: &str, file: &str) -> Result<Definition, DefinitionError> {
    let root = json::parse(text, file)?;
    keys_read(&root, file)?;
    let name = name(&root, file)?;
    let whole = |message: &str| DefinitionError::whole(file, message);
    let sets = orbits(
        root.get("orbits").ok_or_else(|| whole("no \"orbits\""))?,
        file,
    )?;
    let start_value = root
        .get("defaultPattern")
        .ok_or_else(|| whole("no \"defaultPattern\""))?;
    let (start, default_goal) = pattern(start_value, &sets, file, false)?;
    let start = concrete(&start, &sets);
    let moves = named_moves(
        root.get("moves").ok_or_else(|| whole("no \"moves\""))?,
        &sets,
        file,
    )?;
    let derived = match root
        .get("derivedMoves")
        .or(root.get("experimentalDerivedMoves"))
    {
        Some(value) => derived_moves(value, &sets, &moves, file)?,
        None => Vec::new(),
    };
    let powers = match root.get("tablesolvePowers") {
        None => Powers::default(),
        Some(value) => value.as_str().and_then(Powers::from_name).ok_or_else(|| {
            DefinitionError::at(
                file,
                value.at,
                "\"tablesolvePowers\" is \"all\", \"quarter\" or \"none\"",
            )
        })?,
    };
    let goals = match root.get("tablesolveSolvedPatterns") {
        None => vec![default_goal],
        Some(value) => solved_patterns(value, &start, &sets, file)?,
    };
    Ok(Definition {
        name,
        sets,
        moves,
        derived,
        start,
        goals,
        powers,
        restrictions: Restrictions::default(),
    })
}

/// Refuses what is not a definition: another JSON value, a pattern given in its place,
/// or a key this reader would pass over unread.
fn keys_read(root: &Value, file: &str) -> Result<(), DefinitionError> {
    let Kind::Object(members) = &root.kind else {
        return Err(DefinitionError::at(
            file,
            root.at,
            format!(
                "a KPuzzle definition is a JSON object, not {}",
                root.describe()
            ),
        ));
    };
    let is_orbit = |v: &Value| matches!(&v.kind, Kind::Object(_)) && v.get("pieces").is_some();
    if root.get("orbits").is_none()
        && !members.is_empty()
        && members.iter().all(|(_, v)| is_orbit(v))
    {
        return Err(DefinitionError::whole(
            file,
            "this is a pattern (a KPattern: a position, each orbit's pieces and \
             orientation), not a puzzle: give it as a case of a definition \
             (`tablesolve def DEFINITION FILE`)",
        ));
    }
    // cubing.js writes keys of its own beside a definition's (its puzzle's
    // description, experimental features): none changes the puzzle, so they are passed
    // over; any other key is refused, a misspelt one most likely.
    let read = |k: &str| KEYS.contains(&k) || k.starts_with("experimental");
    match members.iter().find(|(k, _)| !read(k)) {
        Some((key, value)) => Err(DefinitionError::at(
            file,
            value.at,
            format!(
                "\"{key}\" is not read by this tool (it reads {}, and passes over \
                 cubing.js's `experimental...` keys): remove it",
                KEYS[1..].join(", ")
            ),
        )),
        None => Ok(()),
    }
}

/// The puzzle's `name`, or without one the file's name without its extension.
fn name(root: &Value, file: &str) -> Result<String, DefinitionError> {
    match root.get("name") {
        Some(value) => value
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| DefinitionError::at(file, value.at, "\"name\" is a string")),
        None => {
            let stem = std::path::Path::new(file).file_stem();
            Ok(stem.map_or(file.to_owned(), |s| s.to_string_lossy().into_owned()))
        }
    }
}

/// The `moves` object: each a transformation that changes something.
fn named_moves(
    value: &Value,
    sets: &[Set],
    file: &str,
) -> Result<Vec<NamedAction>, DefinitionError> {
    let error = |value: &Value, message: String| DefinitionError::at(file, value.at, message);
    let Kind::Object(listed) = &value.kind else {
        return Err(error(
            value,
            "\"moves\" is an object of moves by name".into(),
        ));
    };
    let mut moves = Vec::new();
    for (name, move_value) in listed {
        let action = transformation(move_value, sets, file, name)?;
        if action.is_identity() {
            return Err(error(
                move_value,
                format!("move {name} moves and twists nothing: remove it"),
            ));
        }
        moves.push(NamedAction {
            name: name.clone(),
            action,
        });
    }
    if moves.is_empty() {
        return Err(error(
            value,
            "no moves: a definition needs at least one".into(),
        ));
    }
    Ok(moves)
}

/// `tablesolveSolvedPatterns`: the solved states, each holding the start's pieces.
fn solved_patterns(
    value: &Value,
    start: &State,
    sets: &[Set],
    file: &str,
) -> Result<Vec<Goal>, DefinitionError> {
    let error = |value: &Value, message: &str| DefinitionError::at(file, value.at, message);
    let Kind::Array(patterns) = &value.kind else {
        return Err(error(
            value,
            "\"tablesolveSolvedPatterns\" is an array of patterns",
        ));
    };
    if patterns.is_empty() {
        return Err(error(
            value,
            "\"tablesolveSolvedPatterns\" lists no pattern",
        ));
    }
    let mut goals = Vec::new();
    for p in patterns {
        let (_, goal) = pattern(p, sets, file, true)?;
        holds_the_same_pieces(&goal, start, sets).map_err(|set| {
            DefinitionError::at(
                file,
                p.at,
                format!("this pattern's orbit {set} holds other pieces than the default pattern's"),
            )
        })?;
        goals.push(goal);
    }
    Ok(goals)
}

impl Definition {
    /// The goal a target pattern makes, given apart from the definition (twips's
    /// `--experimental-target-pattern`): a KPattern object of orbits by name, `text`
    /// read from `file`, pieces `null` where any piece will do and `orientationMod` 1
    /// where the orientation does not count (a cross, a first layer).
    pub fn target(&self, text: &str, file: &str) -> Result<Goal, DefinitionError> {
        let value = json::parse(text, file)?;
        let (_, goal) = pattern(&value, &self.sets, file, true)?;
        holds_the_same_pieces(&goal, &self.start, &self.sets).map_err(|set| {
            let message = format!("orbit {set} holds other pieces than the solved state's");
            DefinitionError::at(file, value.at, message)
        })?;
        Ok(goal)
    }
}

/// The sets of `"orbits"`: an array of `{orbitName, numPieces, numOrientations}` (or,
/// as older files have it, an object of `{numPieces, numOrientations}` by name).
fn orbits(value: &Value, file: &str) -> Result<Vec<Set>, DefinitionError> {
    let error = |value: &Value, message: String| DefinitionError::at(file, value.at, message);
    let entries: Vec<(String, &Value)> = match &value.kind {
        Kind::Array(items) => items
            .iter()
            .map(|item| {
                let name = item
                    .get("orbitName")
                    .and_then(Value::as_str)
                    .ok_or_else(|| {
                        error(
                            item,
                            "an orbit is {\"orbitName\", \"numPieces\", \"numOrientations\"}"
                                .into(),
                        )
                    })?;
                Ok((name.to_owned(), item))
            })
            .collect::<Result<_, DefinitionError>>()?,
        Kind::Object(members) => members.iter().map(|(k, v)| (k.clone(), v)).collect(),
        _ => return Err(error(value, "\"orbits\" is an array of orbits".into())),
    };
    let mut sets: Vec<Set> = Vec::new();
    for (name, item) in entries {
        if sets.iter().any(|s| s.name == name) {
            return Err(error(item, format!("orbit {name} is defined twice")));
        }
        let number = |key: &str, least: u64| {
            let v = item
                .get(key)
                .ok_or_else(|| error(item, format!("orbit {name} has no \"{key}\"")))?;
            match v.as_u64() {
                Some(n) if (least..=255).contains(&n) => Ok(n as u8),
                _ => Err(error(
                    v,
                    format!("orbit {name}'s \"{key}\" is a whole number from {least} to 255"),
                )),
            }
        };
        let pieces = usize::from(number("numPieces", 1)?);
        let orientations = number("numOrientations", 1)?;
        sets.push(Set {
            name,
            pieces,
            orientations,
        });
    }
    if sets.is_empty() {
        return Err(error(
            value,
            "no orbits: a definition needs at least one".into(),
        ));
    }
    Ok(sets)
}

/// The derived moves, each the action of its alg (which may name moves and other
/// derived moves, in any order, but not itself through others).
fn derived_moves(
    value: &Value,
    sets: &[Set],
    moves: &[NamedAction],
    file: &str,
) -> Result<Vec<NamedAction>, DefinitionError> {
    let Kind::Object(members) = &value.kind else {
        return Err(DefinitionError::at(
            file,
            value.at,
            "\"derivedMoves\" is an object of algs by name",
        ));
    };
    let index: HashMap<&str, usize> = (members.iter().enumerate())
        .map(|(i, (name, _))| (name.as_str(), i))
        .collect();
    let mut derivation = Derivation {
        members,
        index,
        sets,
        moves,
        file,
        done: vec![None; members.len()],
        busy: vec![false; members.len()],
    };
    for i in 0..members.len() {
        derivation.derive(i, 0)?;
    }
    let done = derivation
        .done
        .into_iter()
        .map(|d| d.map(|(action, _)| action));
    let derived = members
        .iter()
        .zip(done)
        .map(|((name, _), action)| NamedAction {
            name: name.clone(),
            action: action.expect("every derived move is done"),
        })
        .collect();
    Ok(derived)
}

/// The derived moves being done, each at most once.
struct Derivation<'a> {
    members: &'a [(String, Value)],
    /// Each derived move's place among them, by name.
    index: HashMap<&'a str, usize>,
    sets: &'a [Set],
    moves: &'a [NamedAction],
    file: &'a str,
    /// Each derived move done: its action, and how deep derived moves nest in it (1
    /// for one made of moves alone).
    done: Vec<Option<(Action, usize)>>,
    busy: Vec<bool>,
}

impl Derivation<'_> {
    /// Derived move `i`'s action, the derived moves it names first: at most
    /// [`MOST_DERIVED_DEPTH`] nested, so that neither this reader's stack nor a
    /// user's patience runs out on a long chain.
    /// `within` derived moves are being done around this one (the reader's own stack).
    fn derive(&mut self, i: usize, within: usize) -> Result<usize, DefinitionError> {
        if let Some((_, depth)) = &self.done[i] {
            return Ok(*depth);
        }
        let (name, value) = &self.members[i];
        let error = |message: String| DefinitionError::at(self.file, value.at, message);
        if self.moves.iter().any(|m| &m.name == name) {
            return Err(error(format!("derived move {name} has the name of a move")));
        }
        let text = value
            .as_str()
            .ok_or_else(|| error(format!("derived move {name} is an alg, a string")))?;
        if std::mem::replace(&mut self.busy[i], true) {
            return Err(error(format!(
                "derived move {name} is made of itself, through others"
            )));
        }
        // The derived moves the alg names, done first (a name that is none is left for
        // the alg's own message).
        let mut depth = 1;
        for word in text.split(|c: char| !(c.is_ascii_alphabetic() || c == '_')) {
            if let Some(&j) = self.index.get(word) {
                depth = match within < MOST_DERIVED_DEPTH {
                    true => depth.max(1 + self.derive(j, within + 1)?),
                    false => usize::MAX,
                };
                if depth > MOST_DERIVED_DEPTH {
                    return Err(error(format!(
                        "derived move {name} is made of derived moves nested more than \
                         {MOST_DERIVED_DEPTH} deep"
                    )));
                }
            }
        }
        let named = |word: &str| -> Option<&Action> {
            let own = self
                .moves
                .iter()
                .find(|m| m.name == word)
                .map(|m| &m.action);
            own.or_else(|| self.done[*self.index.get(word)?].as_ref().map(|(a, _)| a))
        };
        let action = alg::action(text, self.sets, &named).map_err(|e| {
            // The alg's offset, counted from the string's opening quote.
            let (line, column) = value.at;
            let inside = line_and_column(&text.as_bytes()[..e.offset.min(text.len())]);
            let at = match inside.0 {
                1 => (line, column + inside.1),
                l => (line + l - 1, inside.1),
            };
            DefinitionError::at(self.file, at, format!("derived move {name}: {}", e.message))
        })?;
        self.busy[i] = false;
        self.done[i] = Some((action, depth));
        Ok(depth)
    }
}
