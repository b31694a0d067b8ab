//! Any bytes as HDU 3567 judge input: answered or refused, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tablesolve::eight;
use tablesolve::judge::{self, BadCases, Method, Output, Wanted};
use tablesolve::Eight2;
use tablesolve::table::exact_in_memory;

static JUDGE: OnceLock<Eight2<Vec<u8>>> = OnceLock::new();

fuzz_target!(|input: &[u8]| {
    let judge = JUDGE.get_or_init(|| {
        let tables = (0..eight::GOALS)
            .map(|blank| {
                let space = eight::Space::new(blank);
                exact_in_memory(&space).expect("a consistent table")
            })
            .collect();
        Eight2 { tables }
    });
    let _ = judge::answer_each(judge, input, std::io::sink(), BadCases::Skip(&mut |_| {}), Wanted::Smallest(Method::Tables), Output::Judge);
    let _ = judge::answer_each(judge, input, std::io::sink(), BadCases::Stop, Wanted::Smallest(Method::Tables), Output::Json);
});
