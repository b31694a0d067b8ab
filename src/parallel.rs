//! Answering many items on every core, in input order and in bounded memory: the one
//! parallel map the puzzles' `solve_many` and the judges' batches share.

use rayon::prelude::*;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Items taken, answered and given back together; bounds memory whatever the number
/// of items.
pub const CHUNK: usize = 1 << 16;

/// Answers `items` with `solve` on every core and gives the answers in input order, a
/// chunk at a time, so that memory stays bounded however many items come. The library's
/// `solve_many` of each puzzle.
pub fn in_parallel<'a, T: Send + 'a, A: Send + 'a>(
    items: impl IntoIterator<Item = T> + 'a,
    solve: impl Fn(T) -> A + Sync + 'a,
) -> impl Iterator<Item = A> + 'a {
    let mut items = items.into_iter();
    std::iter::from_fn(move || {
        let chunk: Vec<T> = items.by_ref().take(CHUNK).collect();
        (!chunk.is_empty()).then(|| chunk.into_par_iter().map(&solve).collect::<Vec<A>>())
    })
    .flatten()
}

/// A value handed from one thread to another once.
pub type Slot<T> = Mutex<Option<T>>;

/// The value behind `mutex`: its holders never panic while holding it.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_in_input_order_across_chunks() {
        let items = 0..(2 * CHUNK as u64 + 7);
        let answers: Vec<u64> = in_parallel(items.clone(), |n| n * n).collect();
        let expected: Vec<u64> = items.map(|n| n * n).collect();
        assert_eq!(answers, expected);
    }
}
