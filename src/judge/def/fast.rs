//! The fast path of a batch's reader, for a puzzle answered from one exact table that
//! sees each state whole: a line of turn names read straight into turn numbers, played
//! later from the start's rank by the threads that answer.

use std::sync::Arc;

use arrayvec::ArrayVec;
use rustc_hash::FxHashMap;

use crate::definition::puzzle::Puzzle;
use crate::definition::view::View;

/// The most turns a case the fast path reads keeps to play later.
pub(super) const MOST_READ_TURNS: usize = 64;

/// What the fast path needs: the view of the one exact table, the start's rank in it,
/// and the turns by name.
pub(super) struct Fast {
    pub(super) view: Arc<View>,
    pub(super) start: u64,
    pub(super) turns: TurnNames,
}

impl Fast {
    /// The ranks of the positions `lists` of turns take the start to, turned side by
    /// side so that their table reads overlap.
    pub(super) fn ranks<'a>(&self, lists: impl Iterator<Item = &'a [u8]>) -> Vec<u64> {
        let lists: Vec<&[u8]> = lists.collect();
        (self.view.ranks_after(self.start, &lists))
            .expect("the fast path is taken where every part's turns are tabled")
    }
}

/// The turns by name, for the fast path: names of one or two bytes straight from a
/// table (a cube's `U`, `U2`, `U'`), longer ones hashed.
pub(super) struct TurnNames {
    pub(super) short: Vec<u8>,
    pub(super) long: FxHashMap<Box<[u8]>, u8>,
}

impl TurnNames {
    /// No turn.
    const NONE: u8 = u8::MAX;

    /// The names of `puzzle`'s turns, where it has fewer than 255 (a byte a turn).
    pub(super) fn new(puzzle: &Puzzle) -> Option<TurnNames> {
        let mut names = TurnNames {
            short: vec![Self::NONE; 1 << 16],
            long: FxHashMap::default(),
        };
        for t in &puzzle.turns {
            let index = u8::try_from(t.turn.index)
                .ok()
                .filter(|&i| i != Self::NONE)?;
            match t.turn.name.as_bytes() {
                &[a] => names.short[usize::from(a) << 8] = index,
                &[a, b] => names.short[usize::from(a) << 8 | usize::from(b)] = index,
                long => {
                    names.long.insert(long.into(), index);
                }
            }
        }
        Some(names)
    }

    /// The turns of `line`, names one space apart, if it is that and holds at most
    /// [`MOST_READ_TURNS`]: the reader's fast path, a byte or two a name looked up
    /// without a search for the space.
    #[inline]
    pub(super) fn read(&self, line: &[u8]) -> Option<ArrayVec<u8, MOST_READ_TURNS>> {
        let mut kept = ArrayVec::new();
        let mut start = 0;
        while start < line.len() {
            let at = |i: usize| line.get(i).copied().unwrap_or(b' ');
            let (a, b) = (line[start], at(start + 1));
            let (t, end) = match (b, at(start + 2)) {
                (b' ', _) => (self.short[usize::from(a) << 8], start + 1),
                (_, b' ') if b != 0 => {
                    (self.short[usize::from(a) << 8 | usize::from(b)], start + 2)
                }
                _ => {
                    let space = memchr::memchr(b' ', &line[start..]);
                    let end = space.map_or(line.len(), |n| start + n);
                    (self.get(&line[start..end])?, end)
                }
            };
            if t == Self::NONE {
                return None;
            }
            kept.try_push(t).ok()?;
            start = end + 1;
        }
        (line.last() != Some(&b' ')).then_some(kept)
    }

    #[inline]
    pub(super) fn get(&self, name: &[u8]) -> Option<u8> {
        let t = match *name {
            [a] => self.short[usize::from(a) << 8],
            [a, b] if b != 0 => self.short[usize::from(a) << 8 | usize::from(b)],
            _ => *self.long.get(name)?,
        };
        (t != Self::NONE).then_some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Names of one, two and four bytes, as a definition may have them.
    const NAMES: [&str; 5] = ["U", "U2", "U'", "Rw", "Rw2'"];

    fn names() -> TurnNames {
        let mut names = TurnNames {
            short: vec![TurnNames::NONE; 1 << 16],
            long: FxHashMap::default(),
        };
        for (index, name) in NAMES.iter().enumerate() {
            match *name.as_bytes() {
                [a] => names.short[usize::from(a) << 8] = index as u8,
                [a, b] => names.short[usize::from(a) << 8 | usize::from(b)] = index as u8,
                ref long => {
                    names.long.insert(long.into(), index as u8);
                }
            }
        }
        names
    }

    /// The fast path's reading, the slow way: split at each space, each word a name.
    fn split(line: &[u8]) -> Option<Vec<u8>> {
        if line.is_empty() {
            return Some(Vec::new());
        }
        let words = line.split(|&b| b == b' ');
        let turns: Option<Vec<u8>> = words
            .map(|word| {
                NAMES
                    .iter()
                    .position(|n| n.as_bytes() == word)
                    .map(|i| i as u8)
            })
            .collect();
        turns.filter(|t| t.len() <= MOST_READ_TURNS)
    }

    proptest! {
        #[test]
        fn a_line_of_turns_is_read_as_split_words_are(
            words in proptest::collection::vec(prop::sample::select(vec![
                "U", "U2", "U'", "Rw", "Rw2'", "", "R", "w", "U\0", "U2'", "Rw2", "U\r", "x",
            ]), 0..8),
        ) {
            // Mostly names, with near misses: a name cut short or run on, an empty word.
            let line = words.join(" ").into_bytes();
            let read = names().read(&line).map(|turns| turns.to_vec());
            prop_assert_eq!(read, split(&line), "{:?}", String::from_utf8_lossy(&line));
        }

        #[test]
        fn lines_of_names_are_read_whole(
            picks in proptest::collection::vec(0..NAMES.len(), 0..70),
        ) {
            let line = picks.iter().map(|&i| NAMES[i]).collect::<Vec<_>>().join(" ");
            let read = names().read(line.as_bytes()).map(|turns| turns.to_vec());
            let expected = (picks.len() <= MOST_READ_TURNS).then(|| picks.iter().map(|&i| i as u8).collect());
            prop_assert_eq!(read, expected, "{}", line);
        }
    }
}
