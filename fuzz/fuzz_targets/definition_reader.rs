//! Any text as a definition, in either format: a definition or an error naming its
//! place, never a panic; a definition read compiles to turns, or says why not, and its
//! views are sized without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablesolve::definition::view::{Projection, View};
use tablesolve::definition::{kpuzzle, ksolve, Definition, Model};

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    for read in [ksolve::read, kpuzzle::read] {
        let Ok(definition) = read(text, "fuzz") else { continue };
        let _ = Definition::parse(text, "fuzz");
        let Ok(puzzle) = Model::new(definition, None, None) else { continue };
        let goals: Vec<usize> = (0..puzzle.goals().len()).collect();
        let all: Vec<_> = puzzle.goals().iter().collect();
        for projection in [Projection::whole(&puzzle), Projection::seen_by(&puzzle, &all)] {
            if View::size_of(&puzzle, &projection, &goals).is_ok_and(|size| size <= 1 << 12) {
                let _ = View::new(&puzzle, &projection, &goals);
            }
        }
    }
});
