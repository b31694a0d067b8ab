//! What every puzzle's moves have in common: a letter each, an order (the letters'),
//! and an inverse. Answers are written and read as strings of these letters.

use std::fmt::Debug;

/// A move of some puzzle, named by one letter and ordered by it.
pub trait Move: Copy + Eq + Ord + Debug + Send + Sync + 'static {
    /// Every move, in letter order: the order searches and walks try them in.
    const ALL: &'static [Self];

    /// The move's letter.
    fn letter(self) -> char;

    /// The move that undoes this one.
    fn inverse(self) -> Self;

    /// The move named by `letter`, if any (letters are case-sensitive).
    fn from_letter(letter: char) -> Option<Self> {
        Self::ALL.iter().copied().find(|m| m.letter() == letter)
    }
}

/// A move as answers name it: one letter, or a defined puzzle's turn (`U2`, `R'`).
pub trait Named: Copy + Eq + Debug + Send + Sync + 'static {
    /// Its name.
    fn name(&self) -> std::borrow::Cow<'static, str>;
}

impl<M: Move> Named for M {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        self.letter().to_string().into()
    }
}

/// The moves as their letters, e.g. `"AC"` or `"urrulldr"`.
pub fn letters<M: Move>(moves: &[M]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// The moves a string of letters names, or `None` if a letter names no move.
pub fn parse_letters<M: Move>(text: &str) -> Option<Vec<M>> {
    text.chars().map(M::from_letter).collect()
}

/// Appends the moves' letters to `out`, as bytes (every letter is ASCII).
pub fn write_letters<M: Move>(moves: impl IntoIterator<Item = M>, out: &mut Vec<u8>) {
    out.extend(moves.into_iter().map(|m| m.letter() as u8));
}
