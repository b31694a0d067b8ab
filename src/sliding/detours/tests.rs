use super::*;
use std::collections::HashSet;

/// Every slide sequence of up to `length` slides from every cell, by brute force in
/// order of length, then letters: the automaton plays exactly those that are the
/// first to reach their board, the sequences with no better twin.
fn plays_exactly_the_first_paths_to_each_board<const W: usize, const H: usize>(length: usize) {
    let detours = Detours::<W, H>::up_to(length);
    for c in 0..W * H {
        let mut first = HashSet::from([Board::<W, H>::canonical(c)]);
        let mut level = vec![(
            Board::<W, H>::canonical(c),
            c,
            Vec::new(),
            Some(detours.start(c)),
        )];
        for _ in 0..length {
            let mut longer = Vec::new();
            for (board, blank, slides, route) in &level {
                for step in Slide::ALL {
                    let Some(to) = step.target(*blank, W, H) else {
                        continue;
                    };
                    let mut board = *board;
                    board.slide(*blank, to);
                    let mut slides = slides.clone();
                    slides.push(step.letter());
                    let played = route.and_then(|route| detours.next(route, step.index()));
                    let first_there = first.insert(board);
                    let path: String = slides.iter().collect();
                    assert_eq!(played.is_some(), first_there, "{W}x{H} from {c}: {path}");
                    longer.push((board, to, slides, played));
                }
            }
            level = longer;
        }
    }
}

#[test]
fn detours_are_the_paths_with_a_better_twin() {
    plays_exactly_the_first_paths_to_each_board::<3, 3>(10);
    plays_exactly_the_first_paths_to_each_board::<4, 4>(8);
    plays_exactly_the_first_paths_to_each_board::<2, 3>(12);
    plays_exactly_the_first_paths_to_each_board::<5, 2>(9);
    // The board of 25 cells fills 125 of a board word's 128 bits.
    plays_exactly_the_first_paths_to_each_board::<5, 5>(8);
}

#[test]
fn two_slides_drop_the_inverse_slides_only() {
    let detours = Detours::<4, 4>::up_to(Detours::<4, 4>::INVERSE_SLIDES);
    for blank in 0..16 {
        for step in Slide::ALL {
            let Some(to) = step.target(blank, 4, 4) else {
                assert_eq!(detours.next(detours.start(blank), step.index()), None);
                continue;
            };
            let route = detours.next(detours.start(blank), step.index()).unwrap();
            for back in Slide::ALL {
                let kept = detours.next(route, back.index()).is_some();
                let legal = back.target(to, 4, 4).is_some();
                assert_eq!(
                    kept,
                    legal && back != step.inverse(),
                    "{blank} {step:?} {back:?}"
                );
            }
        }
    }
}
