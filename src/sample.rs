//! What drawing random cases at a given length needs from any exact table.

use crate::table::Table;

/// No case of the asked length can be drawn: none has a shortest solution that long
/// (from an exact table), or random walks do not reach it (a search's puzzles).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct NoSuchLength {
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// The length asked for.
    pub length: usize,
    /// The largest length any case has, or that random walks draw.
    pub longest: usize,
    /// Whether `longest` is a limit of drawing by random walks rather than of the
    /// puzzle.
    pub by_walks: bool,
}

impl NoSuchLength {
    fn message(&self) -> String {
        let (puzzle, length, longest) = (self.puzzle, self.length, self.longest);
        match self.by_walks {
            false => format!(
                "no {puzzle} case needs exactly {length} moves; the largest possible length is {longest}"
            ),
            true => format!(
                "{puzzle} cases of {length} moves are not drawn: random walks find cases up to {longest} moves"
            ),
        }
    }
}

/// The ranks of `table` at exactly `length`.
pub(crate) fn ranks_at<D: AsRef<[u8]>>(table: &Table<D>, length: usize) -> Vec<u32> {
    let wanted = u8::try_from(length).ok();
    (0..table.distances().len() as u32)
        .filter(|&r| Some(table.distance(r)) == wanted)
        .collect()
}
