//! A KPuzzle move's transformation: each orbit's `permutation` and `orientationDelta`,
//! read as cubing.js applies them, orbits the definition lacks passed over as it passes
//! them, misspelt ones refused.

use super::super::json::{Kind, Value};
use super::super::{Action, DefinitionError, Set};
use super::pattern::{deltas, numbers};

/// The orbit of `sets` that `orbit`, no orbit of theirs, is all but spelt as: the same
/// but for letter case and an edit (a letter added, dropped, changed or two swapped)
/// every four letters (none that changes a one-letter name), and numbered alike. An
/// orbit a definition dropped is no such near miss (twips's kilominx keeps EDGES and
/// CENTERS beside CORNERS; CENTERS2 is another orbit than CENTERS).
fn misspelt<'s>(orbit: &str, sets: &'s [Set]) -> Option<&'s str> {
    // The digits a name ends with.
    let number =
        |name: &str| name[name.trim_end_matches(|c: char| c.is_ascii_digit()).len()..].to_owned();
    let (orbit, numbered) = (orbit.to_lowercase(), number(orbit));
    sets.iter().map(|set| set.name.as_str()).find(|name| {
        if number(name) != numbered {
            return false;
        }
        let lengths = [orbit.chars().count(), name.chars().count()];
        let edits = strsim::osa_distance(&orbit, &name.to_lowercase());
        edits <= (lengths[0].max(lengths[1]) / 4).max(1) && edits < lengths[0].min(lengths[1])
    })
}

/// A move's transformation: each orbit's `permutation` and `orientationDelta`, as
/// cubing.js applies them (position `i` gets the piece from `permutation[i]`, its
/// orientation plus `orientationDelta[i]`); orbits left out do not move, and orbits the
/// definition does not have are passed over, as cubing.js passes them (twips's kilominx
/// is its Megaminx with the edges' and centres' orbits dropped, not its moves' entries),
/// unless the move names none of its orbits, or one all but spelt as one of them: a
/// misspelt name most likely.
pub(super) fn transformation(
    value: &Value,
    sets: &[Set],
    file: &str,
    name: &str,
) -> Result<Action, DefinitionError> {
    let error = |value: &Value, message: String| DefinitionError::at(file, value.at, message);
    let Kind::Object(members) = &value.kind else {
        return Err(error(
            value,
            format!("move {name} is an object of orbits by name"),
        ));
    };
    let known = |orbit: &String| sets.iter().any(|s| &s.name == orbit);
    if let Some((orbit, v)) = members
        .first()
        .filter(|_| !members.iter().any(|(k, _)| known(k)))
    {
        return Err(error(
            v,
            format!(
                "move {name} names none of the definition's orbits ({orbit} is no orbit of it)"
            ),
        ));
    }
    if let Some((orbit, v, set)) = (members.iter())
        .filter(|(orbit, _)| !known(orbit))
        .find_map(|(orbit, v)| Some((orbit, v, misspelt(orbit, sets)?)))
    {
        return Err(error(
            v,
            format!("move {name}'s {orbit} is no orbit of the definition; {set}?"),
        ));
    }
    let mut action = Action::identity(sets);
    for (s, set) in sets.iter().enumerate() {
        let Some(orbit) = value.get(&set.name) else {
            continue;
        };
        let what = |key: &str| format!("move {name}'s orbit {} \"{key}\"", set.name);
        let listed = orbit.get("permutation").ok_or_else(|| {
            error(
                orbit,
                format!("move {name}'s orbit {} has no \"permutation\"", set.name),
            )
        })?;
        let from: Vec<u8> = numbers(
            listed,
            set.pieces,
            set.pieces as u64,
            false,
            &what("permutation"),
            file,
        )?
        .into_iter()
        .flatten()
        .collect();
        let mut seen = vec![false; set.pieces];
        if let Some(twice) = from
            .iter()
            .find(|&&p| std::mem::replace(&mut seen[usize::from(p)], true))
        {
            return Err(error(
                listed,
                format!(
                    "{} is not a permutation: {twice} appears twice (each of 0 to {} once)",
                    what("permutation"),
                    set.pieces - 1
                ),
            ));
        }
        let twist = match orbit.get("orientationDelta").or(orbit.get("orientation")) {
            Some(v) => deltas(
                v,
                set.pieces,
                set.orientations,
                &what("orientationDelta"),
                file,
            )?,
            None => vec![0; set.pieces],
        };
        action.from[s] = from;
        action.twist[s] = twist;
    }
    Ok(action)
}
