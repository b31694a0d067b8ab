//! The Schreier-Sims chains of the last few groups counted, kept: the views of one
//! puzzle's databases share their orbits and turns, and making the chain is most of
//! what counting a view's reach costs.

use std::sync::{Arc, Mutex};

use super::{Chain, Uncounted};
use crate::definition::{Action, Set};

/// The chains made last, each with the sets and actions it was made of (counting the
/// reach of a gigaminx's databases took seconds more, each making its own).
static MADE: Mutex<Vec<Made>> = Mutex::new(Vec::new());

/// A chain made, and what it was made of.
type Made = (Vec<Set>, Vec<Action>, Arc<Chain>);

/// The most chains [`MADE`] keeps.
const MOST_MADE: usize = 8;

/// The most points of a chain [`MADE`] keeps: a chain holds up to two permutations of
/// its points for each pair of them, so a kept one takes at most some 30 MB.
const MOST_MADE_POINTS: usize = 256;

/// The chain of the group `actions` generate on `sets`, made once for the last few.
pub(super) fn made(sets: &[Set], actions: &[&Action]) -> Result<Arc<Chain>, Uncounted> {
    let same = |(s, a, _): &&Made| s == sets && a.iter().eq(actions.iter().copied());
    if let Some((.., chain)) = crate::parallel::lock(&MADE).iter().find(same) {
        return Ok(Arc::clone(chain));
    }
    let chain = Arc::new(Chain::of(sets, actions)?);
    let mut made = crate::parallel::lock(&MADE);
    // Another thread may have made the same chain meanwhile.
    if super::points(sets) <= MOST_MADE_POINTS && !made.iter().any(|m| same(&m)) {
        if made.len() == MOST_MADE {
            made.remove(0);
        }
        let actions = actions.iter().map(|&a| a.clone()).collect();
        made.push((sets.to_vec(), actions, Arc::clone(&chain)));
    }
    Ok(chain)
}
