//! Drawing a case and every position along its answer, for a person.

use super::{Replay, Solution};
use crate::moves::Named;

/// Case `number`, its answer's headline, and each position the answer passes through.
pub fn show<J: Replay>(number: usize, case: &J::Case, answer: &J::Answer) -> String {
    let mut state = J::start(case);
    let mut text = format!(
        "case {number}: {}\n\nstart\n{}",
        J::headline(answer),
        J::draw(&state)
    );
    let Some(moves) = answer.moves() else {
        if let Some(target) = J::target(case) {
            text += &format!("\ntarget\n{}", J::draw(&target));
        }
        return text + "\n";
    };
    for (i, &m) in moves.iter().enumerate() {
        let step = format!("\n{} ({} of {})", m.name(), i + 1, moves.len());
        let Some(next) = J::play(&state, m) else {
            return text + &format!("{step} {}\n", J::ILLEGAL);
        };
        state = next;
        text += &format!("{step}\n{}", J::draw(&state));
    }
    text + "\n"
}
