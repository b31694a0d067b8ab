//! Any bytes as 15-puzzle input, numbered or not: read or refused, never a panic, and
//! never more cases than lines that hold something (a case keeps to its lines).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablesolve::fifteen::default_goal;
use tablesolve::judge::{answer_all, BadCases, FifteenCases, Output};

fuzz_target!(|input: &[u8]| {
    let Some((&first, input)) = input.split_first() else {
        return;
    };
    let mut reader = FifteenCases::new(default_goal(), first & 1 == 1);
    let skip = BadCases::Skip(&mut |_| {});
    let read = answer_all(&mut reader, input, std::io::sink(), skip, Output::Json, 7, |cases, out| {
        out.extend(cases.iter().map(|_| b'\n'));
        Ok(())
    });
    if let Ok(read) = read {
        let lines = input
            .split(|&b| b == b'\n')
            .filter(|line| line.iter().any(|b| !b.is_ascii_whitespace()))
            .count();
        assert!(read.cases + read.malformed <= lines, "{read:?} from {lines} lines");
    }
});
