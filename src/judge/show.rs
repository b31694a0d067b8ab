//! Drawing a case and every position along its answer, for a person.

use super::{Replay, Solution};
use crate::moves::Named;

/// Case `number`, its answer's headline, and each position the answer passes through.
pub fn show<J: Replay>(judge: &J, number: usize, case: &J::Case, answer: &J::Answer) -> String {
    let mut state = judge.start(case);
    let mut text = format!(
        "case {number}: {}\n\nstart\n{}",
        judge.headline(answer),
        judge.draw(&state)
    );
    let Some(moves) = answer.moves() else {
        if let Some(target) = judge.target(case) {
            text += &format!("\ntarget\n{}", judge.draw(&target));
        }
        return text + "\n";
    };
    for (i, &m) in moves.iter().enumerate() {
        let step = format!("\n{} ({} of {})", m.name(), i + 1, moves.len());
        let Some(next) = judge.play(&state, m) else {
            return text + &format!("{step} {}\n", J::ILLEGAL);
        };
        state = next;
        text += &format!("{step}\n{}", judge.draw(&state));
    }
    text + "\n"
}
