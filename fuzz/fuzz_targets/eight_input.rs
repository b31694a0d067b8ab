//! Any bytes as HDU 1043 judge input: answered or refused, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tablesolve::eight;
use tablesolve::judge::{self, BadCases, Method, Output, Wanted};
use tablesolve::Eight;
use tablesolve::table::exact_in_memory;

static JUDGE: OnceLock<Eight<Vec<u8>>> = OnceLock::new();

fuzz_target!(|input: &[u8]| {
    let judge = JUDGE.get_or_init(|| {
        let space = eight::Space::new(eight::STANDARD_GOAL);
        let table = exact_in_memory(&space).expect("a consistent table");
        Eight { table }
    });
    let _ = judge::answer_each(judge, input, std::io::sink(), BadCases::Skip(&mut |_| {}), Wanted::Smallest(Method::Tables), Output::Judge);
    let _ = judge::answer_each(judge, input, std::io::sink(), BadCases::Stop, Wanted::Smallest(Method::Tables), Output::Json);
});
