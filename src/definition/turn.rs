//! A defined puzzle's turns as answers write them: a place in the answer order and a
//! name, kept once for the process, as ksolve+ names a move's powers.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// A turn of a puzzle, as answers write it: its place in the answer order, and its
/// name. Turns compare by their place.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    /// Its place among the puzzle's turns.
    pub index: u16,
    /// Its name: the move's name and the power's (`U`, `U2`, `U'`, `U2'`).
    pub name: &'static str,
}

impl std::fmt::Debug for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl crate::moves::Named for Turn {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        self.name.into()
    }
}

/// A name kept for the process: turns are `Copy` and carry their names, so each
/// distinct name is stored once, however many times definitions are opened.
pub(crate) fn kept_name(name: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = crate::parallel::lock(NAMES.get_or_init(Default::default));
    if let Some(&name) = names.get(name) {
        return name;
    }
    let name: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(name);
    name
}

/// The name ksolve+ gives power `k` of a move `name` of order `n`: `M` for 1, `Mk`
/// while `k - 1 < n / 2`, else `M(n-k)'` (the number left out when it is 1).
pub fn power_name(name: &str, k: usize, n: usize) -> String {
    match k {
        1 => name.to_owned(),
        _ if k - 1 < n / 2 => format!("{name}{k}"),
        _ if n - k == 1 => format!("{name}'"),
        _ => format!("{name}{}'", n - k),
    }
}

/// One turn of the puzzle.
#[derive(Clone, Debug)]
pub struct TurnInfo {
    /// The turn.
    pub turn: Turn,
    /// The chosen move it is a power of (its place among them).
    pub class: usize,
    /// The power.
    pub power: usize,
    /// The order of the move it is a power of.
    pub order: usize,
    /// What it does.
    pub action: super::Action,
}

impl TurnInfo {
    /// Its quarter turns (ksolve+'s QTM): the least power either way that it is.
    pub fn quarter_turns(&self) -> u32 {
        self.power.min(self.order - self.power) as u32
    }
}
