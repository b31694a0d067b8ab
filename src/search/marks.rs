//! Two bits a state for a breadth-first search over a space too large to list its
//! frontiers: each state is unseen, new (found by this level), current (to expand in
//! this level) or done. A level finds its states by scanning the marks, so the search
//! needs a quarter of a byte a state and nothing else.
//!
//! Marking is lock-free: a state turns from unseen to new by one `fetch_or`, and only
//! after a plain load has seen it unseen, so the states met again and again (most of
//! them, late in a search) cost a load.

use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

const NEW: u64 = 0b01;
const CURRENT: u64 = 0b10;
/// The low bit of every state in a word.
const LOW: u64 = 0x5555_5555_5555_5555;
const STATES_PER_WORD: u64 = 32;

/// The marks of `states` states, all unseen.
pub struct Marks {
    words: Vec<AtomicU64>,
}

impl Marks {
    /// `states` unseen states, or `None` if their marks would not fit in memory.
    pub fn new(states: u64) -> Option<Self> {
        let words = usize::try_from(states.div_ceil(STATES_PER_WORD)).ok()?;
        let mut marks = Vec::new();
        marks.try_reserve_exact(words).ok()?;
        marks.resize_with(words, || AtomicU64::new(0));
        Some(Marks { words: marks })
    }

    /// Makes `state` one to expand in the first level.
    pub fn start(&mut self, state: u64) {
        let (word, shift) = place(state);
        *self.words[word].get_mut() |= CURRENT << shift;
    }

    /// Marks `state` new if it is unseen; `true` if this call did so.
    #[inline]
    pub fn discover(&self, state: u64) -> bool {
        let (word, shift) = place(state);
        let word = &self.words[word];
        if word.load(Relaxed) >> shift & 0b11 != 0 {
            return false;
        }
        word.fetch_or(NEW << shift, Relaxed) >> shift & 0b11 == 0
    }

    /// Calls `visit` with every current state in `range`, in increasing order.
    #[inline]
    pub fn for_each_current(&self, range: Range<u64>, mut visit: impl FnMut(u64)) {
        if range.is_empty() {
            return;
        }
        let first = range.start / STATES_PER_WORD;
        let last = (range.end - 1) / STATES_PER_WORD;
        for w in first..=last {
            let word = self.words[w as usize].load(Relaxed);
            // The high bit set and the low bit clear: current.
            let mut current = word & !LOW & !(word << 1);
            if current == 0 {
                continue;
            }
            let base = w * STATES_PER_WORD;
            if w == first {
                current &= !0 << (2 * (range.start - base));
            }
            if w == last && range.end - base < STATES_PER_WORD {
                current &= (1 << (2 * (range.end - base))) - 1;
            }
            while current != 0 {
                visit(base + u64::from(current.trailing_zeros() / 2));
                current &= current - 1;
            }
        }
    }

    /// Ends a level: the new states become current, the current ones done.
    pub fn next_level(&mut self) {
        self.words.par_iter_mut().for_each(|word| {
            let marks = word.get_mut();
            let (high, low) = (*marks & !LOW, *marks & LOW);
            // new 01 -> current 10, current 10 -> done 11, done stays, unseen stays.
            *marks = high | low << 1 | high >> 1;
        });
    }
}

#[inline]
fn place(state: u64) -> (usize, u64) {
    (
        (state / STATES_PER_WORD) as usize,
        2 * (state % STATES_PER_WORD),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn current(marks: &Marks, range: Range<u64>) -> Vec<u64> {
        let mut seen = Vec::new();
        marks.for_each_current(range, |s| seen.push(s));
        seen
    }

    #[test]
    fn states_pass_from_unseen_to_new_to_current_to_done() {
        let mut marks = Marks::new(100).unwrap();
        marks.start(40);
        assert_eq!(current(&marks, 0..100), vec![40]);
        assert!(marks.discover(3) && marks.discover(63) && marks.discover(64));
        assert!(!marks.discover(3), "found once only");
        assert!(!marks.discover(40), "a current state is not new");
        assert_eq!(current(&marks, 0..100), vec![40], "new states wait a level");
        marks.next_level();
        assert_eq!(current(&marks, 0..100), vec![3, 63, 64]);
        assert!(!marks.discover(40), "a done state is not new");
        marks.next_level();
        assert_eq!(current(&marks, 0..100), Vec::<u64>::new());
    }

    #[test]
    fn ranges_cut_words_exactly() {
        let mut marks = Marks::new(200).unwrap();
        for s in (0..200).step_by(3) {
            marks.discover(s);
        }
        marks.next_level();
        for (start, end) in [
            (0, 200),
            (1, 31),
            (31, 33),
            (32, 64),
            (64, 65),
            (199, 200),
            (5, 5),
        ] {
            let expected: Vec<u64> = (start..end).filter(|s| s % 3 == 0).collect();
            assert_eq!(current(&marks, start..end), expected, "{start}..{end}");
        }
    }
}
