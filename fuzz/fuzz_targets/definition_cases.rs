//! Any bytes as the cases of the shipped 2x2x2 definition, a line a case or a ksolve+
//! scramble file: answers and errors naming their places, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tablesolve::definition::{Def, DefOptions, Definition};
use tablesolve::judge::{self, BadCases, Method, Output, Wanted};
use tablesolve::table::TableDir;

static DEF: OnceLock<Def> = OnceLock::new();

fuzz_target!(|input: &[u8]| {
    let def = DEF.get_or_init(|| {
        let text = include_str!("../../definitions/2x2x2.def");
        let definition = Definition::parse(text, "2x2x2.def").expect("the shipped definition");
        let dir = std::env::temp_dir().join("tablesolve-fuzz-tables");
        let tables = TableDir::new(dir).build_missing(|_| {});
        Def::open(&tables, definition, DefOptions::default()).expect("its tables")
    });
    let mut skip = |_: &tablesolve::Error| {};
    let mut out = Vec::new();
    let _ = judge::answer_each(def, input, &mut out, BadCases::Skip(&mut skip), Wanted::Smallest(Method::Tables), Output::Judge);
});
