//! Any bytes as Rotation Game judge input: answered or refused, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tablesolve::judge::{self, BadCases, Method, Output, Wanted};
use tablesolve::Rotation;
use tablesolve::table::exact_in_memory;
use tablesolve::rotation;

static JUDGE: OnceLock<Rotation<Vec<u8>>> = OnceLock::new();

fuzz_target!(|input: &[u8]| {
    let judge = JUDGE.get_or_init(|| {
        let space = rotation::Space;
        let table = exact_in_memory(&space).expect("a consistent table");
        Rotation { table }
    });
    let _ = judge::answer_each(judge, input, std::io::sink(), BadCases::Skip(&mut |_| {}), Wanted::Smallest(Method::Tables), Output::Judge);
    let _ = judge::answer_each(judge, input, std::io::sink(), BadCases::Stop, Wanted::Smallest(Method::Tables), Output::Json);
});
