//! KPatterns: each orbit's `pieces`, `orientation` and `orientationMod`, read as a
//! state and a goal (a solved pattern may leave pieces `null`), and the lists of
//! numbers patterns and moves are written in.

use super::super::json::{Kind, Value};
use super::super::{DefinitionError, Goal, Set, State};

/// `count` whole numbers below `below` from the array `value`, `null` allowed as
/// `None` where `nulls` says.
pub(super) fn numbers(
    value: &Value,
    count: usize,
    below: u64,
    nulls: bool,
    what: &str,
    file: &str,
) -> Result<Vec<Option<u8>>, DefinitionError> {
    let error = |value: &Value, message: String| DefinitionError::at(file, value.at, message);
    items(value, count, what, file)?
        .iter()
        .map(|item| match (&item.kind, item.as_u64()) {
            (Kind::Null, _) if nulls => Ok(None),
            (_, Some(n)) if n < below => Ok(Some(n as u8)),
            _ => Err(error(
                item,
                format!(
                    "{what}: {} is not a whole number from 0 to {}",
                    shown(item),
                    below - 1
                ),
            )),
        })
        .collect()
}

/// The `count` orientation deltas of the array `value`, any whole numbers, each taken
/// modulo `orientations` as cubing.js adds them (its clock turns by -1).
pub(super) fn deltas(
    value: &Value,
    count: usize,
    orientations: u8,
    what: &str,
    file: &str,
) -> Result<Vec<u8>, DefinitionError> {
    items(value, count, what, file)?
        .iter()
        .map(|item| {
            match &item.kind {
                Kind::Number(text) => text.parse::<i64>().ok(),
                _ => None,
            }
            .map(|n| n.rem_euclid(i64::from(orientations)) as u8)
            .ok_or_else(|| {
                let message = format!("{what}: {} is not a whole number", shown(item));
                DefinitionError::at(file, item.at, message)
            })
        })
        .collect()
}

/// The items of the array `value`, which must have `count` of them.
fn items<'a>(
    value: &'a Value,
    count: usize,
    what: &str,
    file: &str,
) -> Result<&'a [Value], DefinitionError> {
    let error = |message: String| DefinitionError::at(file, value.at, message);
    let Kind::Array(items) = &value.kind else {
        return Err(error(format!("{what} is an array of {count} numbers")));
    };
    if items.len() != count {
        let message = format!("{what} has {} values, for {count} positions", items.len());
        return Err(error(message));
    }
    Ok(items)
}

/// A value as a message quotes it.
fn shown(value: &Value) -> String {
    match &value.kind {
        Kind::Number(text) => text.clone(),
        Kind::String(text) => format!("\"{text}\""),
        _ => value.describe().to_owned(),
    }
}

/// A pattern's state and goal: each orbit's `pieces`, `orientation` and
/// `orientationMod` (1: the orientation there does not count). Orbits left out are
/// every piece in its place, unturned; `nulls` lets pieces be `null` (any piece).
pub fn pattern(
    value: &Value,
    sets: &[Set],
    file: &str,
    nulls: bool,
) -> Result<(Goal, Goal), DefinitionError> {
    let error = |value: &Value, message: String| DefinitionError::at(file, value.at, message);
    let Kind::Object(members) = &value.kind else {
        return Err(error(
            value,
            "a pattern is an object of orbits by name".into(),
        ));
    };
    if let Some((name, v)) = members
        .iter()
        .find(|(k, _)| !sets.iter().any(|s| &s.name == k))
    {
        return Err(error(v, format!("{name} is no orbit of the definition")));
    }
    let mut pieces = Vec::new();
    let mut orientation = Vec::new();
    let mut counted = Vec::new();
    for set in sets {
        let Some(orbit) = value.get(&set.name) else {
            pieces.push((0..set.pieces as u8).map(Some).collect());
            orientation.push(vec![Some(0); set.pieces]);
            counted.push(vec![Some(0); set.pieces]);
            continue;
        };
        let field = |key: &str| orbit.get(key);
        let what = |key: &str| format!("orbit {}'s \"{key}\"", set.name);
        let listed = field("pieces")
            .ok_or_else(|| error(orbit, format!("orbit {} has no \"pieces\"", set.name)))?;
        pieces.push(numbers(
            listed,
            set.pieces,
            set.pieces as u64,
            nulls,
            &what("pieces"),
            file,
        )?);
        let turned = match field("orientation") {
            Some(v) => numbers(
                v,
                set.pieces,
                u64::from(set.orientations),
                false,
                &what("orientation"),
                file,
            )?,
            None => vec![Some(0); set.pieces],
        };
        let modulus = match field("orientationMod") {
            Some(v) => numbers(v, set.pieces, 256, false, &what("orientationMod"), file)?,
            None => vec![Some(0); set.pieces],
        };
        let mut kept = turned.clone();
        for (i, m) in modulus.iter().enumerate() {
            match m.unwrap_or(0) {
                0 => {}
                1 => kept[i] = None,
                m if m == set.orientations => {}
                m => {
                    let v = field("orientationMod").unwrap_or(orbit);
                    return Err(error(v, format!(
                        "orbit {}'s \"orientationMod\" {m}: only 1 (the orientation does not count) is read",
                        set.name
                    )));
                }
            }
        }
        orientation.push(turned);
        counted.push(kept);
    }
    let state = Goal {
        pieces: pieces.clone(),
        orientation,
    };
    let goal = Goal {
        pieces,
        orientation: counted,
    };
    Ok((state, goal))
}

/// A state from a pattern with every piece given.
pub(super) fn concrete(pattern: &Goal, sets: &[Set]) -> State {
    let fill = |v: &Vec<Vec<Option<u8>>>| -> Vec<Vec<u8>> {
        v.iter()
            .map(|s| s.iter().map(|x| x.unwrap_or(0)).collect())
            .collect()
    };
    let _ = sets;
    State {
        pieces: fill(&pattern.pieces),
        orientation: fill(&pattern.orientation),
    }
}

/// Whether `goal` gives each orbit no pieces but the start's (`Err`: the orbit's name).
pub(super) fn holds_the_same_pieces(
    goal: &Goal,
    start: &State,
    sets: &[Set],
) -> Result<(), String> {
    for (s, set) in sets.iter().enumerate() {
        let mut left: Vec<usize> = vec![0; set.pieces];
        for &p in &start.pieces[s] {
            left[usize::from(p)] += 1;
        }
        for p in goal.pieces[s].iter().flatten() {
            let count = &mut left[usize::from(*p)];
            if *count == 0 {
                return Err(set.name.clone());
            }
            *count -= 1;
        }
    }
    Ok(())
}
