//! What drawing random cases at a given length needs from any exact table.

use crate::table::Table;

/// No case has a shortest solution of the asked length.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no {puzzle} case needs exactly {length} moves; the largest possible length is {longest}")]
pub struct NoSuchLength {
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// The length asked for.
    pub length: usize,
    /// The largest length any case has.
    pub longest: usize,
}

/// The ranks of `table` at exactly `length`.
pub(crate) fn ranks_at<D: AsRef<[u8]>>(table: &Table<D>, length: usize) -> Vec<u32> {
    let wanted = u8::try_from(length).ok();
    (0..table.distances().len() as u32)
        .filter(|&r| Some(table.distance(r)) == wanted)
        .collect()
}
