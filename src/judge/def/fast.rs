//! The fast path of a batch's reader, for a puzzle answered from one exact table that
//! sees each state whole: a line of turn names read straight into turn numbers, played
//! later from the start's rank by the threads that answer.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::definition::model::Model;
use crate::definition::view::{Lists, View};
use crate::search::{move_bits, unpack_walk};

/// The most turns a case the fast path reads keeps to play later.
const MOST_READ_TURNS: usize = 64;

/// The longest line read a bit a byte: its spaces a 64-bit mask with one past its end.
const MOST_MASKED: usize = 63;

/// What the fast path needs: the view of the puzzle's one exact table, the start's
/// rank in it, and the turns by name.
pub(super) struct Fast {
    pub(super) view: Arc<View>,
    pub(super) start: u64,
    pub(super) turns: Arc<TurnNames>,
}

impl Fast {
    /// The ranks of the positions the lists of turns `turns` holds one after another
    /// take the start to, list `j` ending at `ends[j]`: turned side by side, so that
    /// their table reads overlap.
    pub(super) fn ranks(&self, turns: Vec<u8>, ends: &[usize]) -> Vec<u64> {
        let lists = Lists::new(turns, ends, self.turns.words.names.len());
        (self.view.ranks_after(self.start, &lists))
            .expect("the fast path is taken where every part's turns are tabled")
    }
}

/// The turns by name, for the fast path: names of one or two bytes straight from a
/// table (a cube's `U`, `U2`, `U'`), longer ones hashed; and each turn's name as it is
/// written.
pub(super) struct TurnNames {
    /// By a name's two bytes, a space after a name of one (no name holds a space).
    short: Vec<u8>,
    long: FxHashMap<Box<[u8]>, u8>,
    words: TurnWords,
}

/// Each turn's name as a walk's answer writes it: cheap to make (no table of names to
/// read by), so that writing answers needs no reader.
pub(super) struct TurnWords {
    /// By turn, in the order walks number them: its name and a space, as 4 bytes and
    /// how many of them count (0 for a name too long for that); and its name.
    spelled: Vec<([u8; 4], u8)>,
    names: Vec<&'static str>,
    /// The bits of a walk that number a turn.
    bits: u8,
}

impl TurnWords {
    /// The words of `puzzle`'s turns.
    pub(super) fn new(puzzle: &Model) -> TurnWords {
        TurnWords::of(puzzle.turn_list().iter().map(|t| t.name).collect())
    }

    fn of(names: Vec<&'static str>) -> TurnWords {
        TurnWords {
            spelled: names.iter().map(|name| spelled(name)).collect(),
            bits: move_bits(names.len()),
            names,
        }
    }

    /// The turns of a packed walk ([`crate::search::pack_walk`]) one space apart and a
    /// line end, each name and its space a word of 4 bytes put in a line on the stack
    /// and cut to its length (no branch on a name's length), the line written at once.
    #[inline]
    pub(super) fn write_walk(&self, packed: u64, out: &mut Vec<u8>) {
        // At most 63 turns of 4 bytes: a walk's 64 bits hold a marker and a bit a turn.
        let mut line = [0u8; 4 * 64];
        let mut at = 0;
        for m in unpack_walk(packed, self.bits) {
            let (word, len) = self.spelled[m];
            if len == 0 {
                return self.write_long_walk(packed, out);
            }
            line[at..at + 4].copy_from_slice(&word);
            at += usize::from(len);
        }
        match at {
            0 => out.push(b'\n'),
            _ => {
                line[at - 1] = b'\n';
                out.extend_from_slice(&line[..at]);
            }
        }
    }

    /// [`TurnWords::write_walk`] where a turn's name is too long for a word.
    fn write_long_walk(&self, packed: u64, out: &mut Vec<u8>) {
        let names: Vec<&str> = unpack_walk(packed, self.bits)
            .map(|m| self.names[m])
            .collect();
        out.extend_from_slice(names.join(" ").as_bytes());
        out.push(b'\n');
    }
}

impl TurnNames {
    /// No turn.
    const NONE: u8 = u8::MAX;

    /// The names of `puzzle`'s turns, where it has fewer than 255 (a byte a turn).
    pub(super) fn new(puzzle: &Model) -> Option<TurnNames> {
        TurnNames::of(puzzle.turn_list().iter().map(|t| t.name).collect())
    }

    /// The turns named `names`, numbered in their order.
    fn of(names: Vec<&'static str>) -> Option<TurnNames> {
        if names.len() >= usize::from(Self::NONE) {
            return None;
        }
        let mut turns = TurnNames {
            short: vec![Self::NONE; 1 << 16],
            long: FxHashMap::default(),
            words: TurnWords::of(names),
        };
        for (index, name) in turns.words.names.iter().enumerate() {
            let index = index as u8;
            match *name.as_bytes() {
                [a] => turns.short[short_key(a, b' ')] = index,
                [a, b] => turns.short[short_key(a, b)] = index,
                ref long => {
                    turns.long.insert(long.into(), index);
                }
            }
        }
        Some(turns)
    }

    /// Appends to `turns` those of `line`, names one space apart, if it is that and
    /// holds at most [`MOST_READ_TURNS`]: the reader's fast path. Leaves `turns` as
    /// it was where the line is not that.
    #[inline]
    pub(super) fn read(&self, line: &[u8], turns: &mut Vec<u8>) -> bool {
        let before = turns.len();
        let read = match line.len() {
            0..=MOST_MASKED => self.read_masked(line, turns),
            _ => line.split(|&b| b == b' ').try_for_each(|name| {
                turns.push(self.get(name)?);
                (turns.len() - before <= MOST_READ_TURNS).then_some(())
            }),
        };
        if read.is_none() {
            turns.truncate(before);
        }
        read.is_some()
    }

    /// [`TurnNames::read`] of a line short enough for a bit a byte: its spaces found
    /// at once. Where no name is longer than two bytes (a cube's scramble), each is a
    /// look-up of the two bytes where it starts, a space after a name of one, with no
    /// branch on a name's length; otherwise each name is measured first.
    #[inline]
    fn read_masked(&self, line: &[u8], turns: &mut Vec<u8>) -> Option<()> {
        let n = line.len();
        // Spaces past the end, so that every name ends at a space.
        let mut padded = [b' '; MOST_MASKED + 1];
        padded[..n].copy_from_slice(line);
        let spaces = (padded.chunks_exact(8).enumerate())
            .fold(0, |mask, (i, word)| mask | spaces_of(word) << (8 * i));
        let within = spaces & ((1 << n) - 1);
        // No empty name: no space first, last or after another.
        if within & (within >> 1 | 1 | 1 << n.saturating_sub(1)) != 0 {
            return None;
        }
        let named = !spaces;
        let mut starts = named & (spaces << 1 | 1);
        if named & named >> 1 & named >> 2 == 0 {
            // One name at most every other byte: at most `SLOTS`, each written to its
            // slot with no check of room.
            const SLOTS: usize = MOST_MASKED.div_ceil(2);
            let at = turns.len();
            turns.resize(at + SLOTS, 0);
            let slots = &mut turns[at..];
            let (mut count, mut missing) = (0, false);
            while starts != 0 {
                let start = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let turn = self.short[short_key(padded[start], padded[start + 1])];
                missing |= turn == Self::NONE;
                slots[count % SLOTS] = turn;
                count += 1;
            }
            turns.truncate(at + count);
            return (!missing).then_some(());
        }
        while starts != 0 {
            let start = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let len = (spaces >> start).trailing_zeros() as usize;
            turns.push(self.get(&line[start..start + len])?);
        }
        Some(())
    }

    /// The turn named `name`.
    #[inline]
    fn get(&self, name: &[u8]) -> Option<u8> {
        let t = match *name {
            [a] => self.short[short_key(a, b' ')],
            [a, b] if b != b' ' => self.short[short_key(a, b)],
            _ => *self.long.get(name)?,
        };
        (t != Self::NONE).then_some(t)
    }
}

/// Where a name of two bytes, or of one and a space, is in [`TurnNames::short`].
#[inline]
fn short_key(a: u8, b: u8) -> usize {
    // As the two bytes read as one little-endian number: no bytes swapped.
    usize::from(a) | usize::from(b) << 8
}

/// A turn's name and a space, as 4 bytes and how many of them count; 0 for a name too
/// long for that.
fn spelled(name: &str) -> ([u8; 4], u8) {
    let mut word = [b' '; 4];
    if name.len() >= word.len() {
        return (word, 0);
    }
    word[..name.len()].copy_from_slice(name.as_bytes());
    (word, name.len() as u8 + 1)
}

/// A bit for each space among 8 bytes, in their order: each byte made 0 where it was a
/// space, its top bit set where it is 0 (no carry crosses bytes), those bits gathered
/// into the top byte by one multiplication.
#[inline]
fn spaces_of(word: &[u8]) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let word = u64::from_le_bytes(word.try_into().expect("8 bytes")) ^ 0x2020_2020_2020_2020;
    let zero = !((word & LOW).wrapping_add(LOW) | word) & !LOW;
    (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pack_walk;
    use proptest::prelude::*;

    /// Names of one, two and four bytes, as a definition may have them.
    const NAMES: [&str; 5] = ["U", "U2", "U'", "Rw", "Rw2'"];

    fn names() -> TurnNames {
        TurnNames::of(NAMES.to_vec()).expect("five turns")
    }

    /// The fast path's reading of `line`, after turns already read.
    fn read(line: &[u8]) -> Option<Vec<u8>> {
        let mut turns = vec![7, 7];
        let read = names().read(line, &mut turns);
        let (before, after) = turns.split_at(2);
        assert_eq!(before, [7, 7], "turns read before are kept");
        assert!(read || after.is_empty(), "nothing kept of a line refused");
        read.then(|| after.to_vec())
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
            let read = read(&line);
            prop_assert_eq!(read, split(&line), "{:?}", String::from_utf8_lossy(&line));
        }

        #[test]
        fn turns_are_written_one_space_apart(
            picks in proptest::collection::vec(0..NAMES.len(), 0..20),
        ) {
            // The walk as it is, and without the name too long for a word.
            let short: Vec<usize> = picks.iter().copied().filter(|&i| NAMES[i].len() < 4).collect();
            for picks in [picks, short] {
                let words = names().words;
                // After an answer already written, as a task writes them.
                let mut out = b"U2\n".to_vec();
                words.write_walk(pack_walk(&picks, words.bits), &mut out);
                let words: Vec<&str> = picks.iter().map(|&i| NAMES[i]).collect();
                prop_assert_eq!(String::from_utf8(out).unwrap(), format!("U2\n{}\n", words.join(" ")));
            }
        }

        #[test]
        fn lines_of_names_are_read_whole(
            picks in proptest::collection::vec(0..NAMES.len(), 0..70),
        ) {
            let line = picks.iter().map(|&i| NAMES[i]).collect::<Vec<_>>().join(" ");
            let read = read(line.as_bytes());
            let expected = (picks.len() <= MOST_READ_TURNS).then(|| picks.iter().map(|&i| i as u8).collect());
            prop_assert_eq!(read, expected, "{}", line);
        }
    }
}
