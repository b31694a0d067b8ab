//! Any text as `--moves` (the service's `moves=`) on the shipped 3x3x3 and Pyraminx
//! definitions: a puzzle of those moves, or an error that names the bad one; never a
//! panic, and never a turn whose name is not a move's or a power's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tablesolve::definition::{Definition, Model};

static DEFINITIONS: OnceLock<Vec<Definition>> = OnceLock::new();

fuzz_target!(|bytes: &[u8]| {
    let definitions = DEFINITIONS.get_or_init(|| {
        [
            ("3x3x3.def", include_str!("../../definitions/3x3x3.def")),
            ("pyraminx.def", include_str!("../../definitions/pyraminx.def")),
        ]
        .into_iter()
        .map(|(name, text)| Definition::parse(text, name).expect("a shipped definition"))
        .collect()
    });
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    let names: Vec<String> = text.split(',').map(str::to_owned).collect();
    for definition in definitions {
        if let Ok(puzzle) = Model::new(definition.clone(), Some(&names), None) {
            for turn in puzzle.turn_list() {
                assert!(!turn.name.contains(char::is_whitespace), "{:?}", turn.name);
            }
        }
    }
});
