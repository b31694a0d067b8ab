//! The foresight of an iteration's time, on the counter.

use std::time::Duration;

use super::*;
use crate::search::limit::FORESEEN_FROM;

/// A foresight stops the search once two iterations have nodes enough to foresee the
/// next, whose bound it proves: at once where nothing may take any time, never where
/// the next iterations are foreseen within it.
#[test]
fn a_foresight_stops_before_an_iteration_foreseen_past_it() {
    // A weak bound: the iterations grow about threefold.
    let weak = Counter {
        divisor: 1000,
        ahead: false,
    };
    let start = 45;
    let foresight = |time| Settings {
        limits: Limits {
            foresight: Some(time),
            ..Limits::default()
        },
        split_from: u64::MAX,
        ..Settings::new()
    };
    // The first iteration that follows one of as many nodes as a foresight needs, the
    // two measured as the search counts them.
    let (mut bound, mut before) = (weak.lower_bound(&start), 0);
    let proved = loop {
        let (nodes, next) = whole_iteration(&weak, start, 0, bound);
        if before >= FORESEEN_FROM && nodes >= FORESEEN_FROM {
            break next;
        }
        (bound, before) = (next, nodes);
    };
    let Outcome::Stopped(stopped) = search(&weak, &start, &foresight(Duration::ZERO)) else {
        panic!("not stopped");
    };
    assert!(matches!(stopped.reason, Reason::Foreseen(_)), "{stopped:?}");
    assert_eq!(stopped.lower_bound, proved);
    let hour = foresight(Duration::from_secs(3600));
    let found = search(&weak, &start, &hour).solved().expect("found");
    assert_eq!(letters(&found.moves), "a".repeat(15));
}
