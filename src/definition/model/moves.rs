//! The moves an answer may use and their powers as turns: named by the user or the
//! definition's own, each power named as ksolve+ names it, its order found from its
//! cycles.

use std::collections::HashSet;

use super::{kept_name, power_name, PuzzleError, Turn, TurnInfo, MOST_CHOSEN, MOST_POWERS};
use crate::definition::{alg, Action, Definition, Powers, Set};

/// The moves an answer may use, each with what it does: `names` (each a move, a
/// derived move, or a power of one by its name, `R2`, `R'`, `R2'`; white space around
/// a name is no part of it), or the definition's moves where `None`.
pub(super) fn chosen_moves(
    definition: &Definition,
    names: Option<&[String]>,
) -> Result<Vec<(String, Action)>, PuzzleError> {
    let Some(names) = names else {
        return Ok((definition.moves.iter())
            .map(|m| (m.name.clone(), m.action.clone()))
            .collect());
    };
    if names.is_empty() {
        return Err(PuzzleError::Moves("no move named".into()));
    }
    if names.len() > MOST_CHOSEN {
        return Err(PuzzleError::Moves(format!(
            "{} moves named, more than the {MOST_CHOSEN} an answer may choose from",
            names.len()
        )));
    }
    let sets = &definition.sets;
    let named = |word: &str| definition.action(word);
    names
        .iter()
        .map(|name| {
            let name = name.trim();
            let action = match definition.action(name) {
                Some(action) => action.clone(),
                None if is_power(definition, name) => alg::action(name, sets, &named)
                    .map_err(|e| PuzzleError::Moves(format!("`{name}`: {}", e.message)))?,
                None => {
                    let moves: Vec<&str> = (definition.moves.iter())
                        .chain(&definition.derived)
                        .map(|m| m.name.as_str())
                        .take(12)
                        .collect();
                    return Err(PuzzleError::Moves(format!(
                        "`{name}` is no move of the definition ({}{}), nor a power of one \
                         (`R2`, `R'`, `R2'`); separate names by commas",
                        moves.join(", "),
                        if moves.len() == 12 { ", ..." } else { "" }
                    )));
                }
            };
            Ok((name.to_owned(), action))
        })
        .collect()
}

/// Whether `name` is a power of a move or derived move of `definition`, named as
/// ksolve+ names powers (`R2`, `R'`, `R2'`): a definition has finitely many, so that
/// no choice of moves names turns without end (each name is kept for the process).
fn is_power(definition: &Definition, name: &str) -> bool {
    (definition.moves.iter())
        .chain(&definition.derived)
        .filter(|m| name.starts_with(m.name.as_str()))
        .any(|m| {
            let order = order(&m.action, &definition.sets);
            (2..order.min(MOST_POWERS + 1)).any(|k| power_name(&m.name, k, order) == name)
        })
}

/// The order of `action`: the fewest times it is done to move and twist nothing. Each
/// cycle of a set comes back after its length, turned by the sum of its twists.
pub(crate) fn order(action: &Action, sets: &[Set]) -> usize {
    let mut order = 1usize;
    for (s, set) in sets.iter().enumerate() {
        let mut seen = vec![false; set.pieces];
        for start in 0..set.pieces {
            let (mut length, mut twist, mut at) = (0usize, 0usize, start);
            while !seen[at] {
                seen[at] = true;
                twist += usize::from(action.twist[s][at]);
                at = usize::from(action.from[s][at]);
                length += 1;
            }
            if length > 0 {
                let o = usize::from(set.orientations);
                let cycle = length * (o / gcd(twist % o, o));
                order = lcm(order, cycle).min(1 << 40);
            }
        }
    }
    order
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: usize, b: usize) -> usize {
    a / gcd(a, b) * b
}

/// Each chosen move's powers as turns, in answer order: the error names a move the user
/// chose (`by_user`) as an option's fault.
pub(super) fn turns_of(
    chosen: &[(String, Action)],
    sets: &[Set],
    powers: Powers,
    by_user: bool,
) -> Result<Vec<TurnInfo>, PuzzleError> {
    let mut turns = Vec::new();
    let mut names = HashSet::new();
    for (class, (name, action)) in chosen.iter().enumerate() {
        if action.is_identity() {
            let message = format!("move {name} moves and twists nothing");
            return Err(match by_user {
                true => PuzzleError::Moves(message),
                false => PuzzleError::Beyond(message),
            });
        }
        let order = order(action, sets);
        if powers == Powers::All && order - 1 > MOST_POWERS {
            return Err(PuzzleError::Beyond(format!(
                "move {name} has order {order}: more than {MOST_POWERS} powers to turn \
                 (choose --powers quarter or none)"
            )));
        }
        let chosen_powers: Vec<usize> = match powers {
            Powers::All => (1..order).collect(),
            Powers::Quarter if order > 2 => vec![1, order - 1],
            Powers::Quarter | Powers::None => vec![1],
        };
        for k in chosen_powers {
            let turn_name = power_name(name, k, order);
            if !names.insert(turn_name.clone()) {
                return Err(PuzzleError::Beyond(format!(
                    "two turns would be named {turn_name}: name the moves apart"
                )));
            }
            let action = match k == order - 1 && k > 1 {
                true => action.inverse(sets),
                false => action.power(k, sets),
            };
            turns.push(TurnInfo {
                turn: Turn {
                    index: turns.len() as u16,
                    name: kept_name(&turn_name),
                },
                class,
                power: k,
                order,
                action,
            });
        }
    }
    Ok(turns)
}
