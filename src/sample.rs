//! What drawing random cases at a given length needs from any exact table.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

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

/// Draws ranks of one exact table uniformly among those at one distance, in bounded
/// memory: a common distance by drawing any rank until one is at it (at most
/// [`RanksAt::LISTED_BELOW`] draws expected), a rare one from the list of its ranks.
pub(crate) struct RanksAt<'a, D> {
    table: &'a Table<D>,
    distance: u8,
    listed: Vec<u32>,
}

impl<'a, D: AsRef<[u8]>> RanksAt<'a, D> {
    /// Distances held by fewer than one rank in this many are listed.
    const LISTED_BELOW: u64 = 64;

    /// A sampler of `table`'s ranks at `length`; `None` when none is that far.
    pub fn new(table: &'a Table<D>, length: usize) -> Option<Self> {
        let header = table.header();
        let count = *header.depth_counts.get(length).filter(|&&c| c > 0)?;
        let listed = match count * Self::LISTED_BELOW < header.states {
            true => ranks_at(table, length),
            false => Vec::new(),
        };
        Some(RanksAt {
            table,
            distance: length as u8,
            listed,
        })
    }

    /// How many ranks are at the length.
    pub fn count(&self) -> u64 {
        self.table.header().depth_counts[usize::from(self.distance)]
    }

    /// One rank, uniformly among those at the length.
    pub fn sample(&self, rng: &mut dyn RngCore) -> u64 {
        if let Some(&rank) = self.listed.choose(rng) {
            return rank.into();
        }
        let states = self.table.header().states;
        loop {
            let rank = rng.random_range(0..states);
            if self.table.entry_byte(rank) == self.distance {
                return rank;
            }
        }
    }
}
