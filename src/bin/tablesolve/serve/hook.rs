//! A test's way to make the service panic where it must not, so that a test can check
//! that a panic becomes a 500 (or a stream's last `error:` line) and that the service
//! goes on serving: `TABLESOLVE_TEST_PANIC=opening` panics while a judge opens,
//! `TABLESOLVE_TEST_PANIC=answer:K` as a batch writes its `K`th answer line (after
//! handing on the lines before it). Read in debug builds only: a release build has no
//! such hook.

/// Panics if the hook names `place`.
#[cfg(debug_assertions)]
pub fn panic_at(place: &str) {
    if std::env::var("TABLESOLVE_TEST_PANIC").is_ok_and(|asked| asked == place) {
        panic!("TABLESOLVE_TEST_PANIC={place}");
    }
}

/// The answer line at which a batch panics, if the hook names one.
#[cfg(debug_assertions)]
pub fn panic_at_answer() -> Option<usize> {
    let asked = std::env::var("TABLESOLVE_TEST_PANIC").ok()?;
    asked.strip_prefix("answer:")?.parse().ok()
}

#[cfg(not(debug_assertions))]
pub fn panic_at(_: &str) {}

#[cfg(not(debug_assertions))]
pub fn panic_at_answer() -> Option<usize> {
    None
}
