//! Any bytes as an answer file to check against fixed inputs: a verdict, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tablesolve::eight;
use tablesolve::judge;
use tablesolve::{Eight2, Rotation};
use tablesolve::rotation;
use tablesolve::table::exact_in_memory;

static JUDGES: OnceLock<(Rotation<Vec<u8>>, Eight2<Vec<u8>>)> = OnceLock::new();

const ROTATION: &[u8] = b"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";
const EIGHT2: &[u8] = b"3\n12X453786 12345678X\n564178X23 7568X4123\n21345678X 12345678X\n";

fuzz_target!(|answers: &[u8]| {
    let (rotation, eight2) = JUDGES.get_or_init(|| {
        let tables = (0..eight::GOALS).map(|blank| exact_in_memory(&eight::Space::new(blank)).expect("a consistent table")).collect();
        (Rotation { table: exact_in_memory(&rotation::Space).expect("a consistent table") }, Eight2 { tables })
    });
    let _ = judge::check_all(rotation, ROTATION, answers, |_, _, _| {});
    let _ = judge::check_all(eight2, EIGHT2, answers, |_, _, _| {});
});
