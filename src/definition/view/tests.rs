use super::*;

#[test]
fn arrangements_rank_densely_in_order() {
    for (counts, blanks) in [
        (vec![1u8, 1, 1, 1], 0u8),
        (vec![2, 1], 2),
        (vec![3], 3),
        (vec![1, 2, 1], 1),
    ] {
        let n = counts.iter().sum::<u8>() + blanks;
        let total = multinomial(&counts, blanks).unwrap() as u64;
        let mut last = None;
        for rank in 0..total {
            let mut classes = vec![0u8; usize::from(n)];
            arrangement_unrank(rank, &counts, blanks, &mut classes);
            assert_eq!(arrangement_rank(&classes, &counts, blanks), Some(rank));
            if let Some(last) = last {
                let key = |c: &Vec<u8>| {
                    c.iter()
                        .map(|&x| if x == BLANK { 254 } else { x })
                        .collect::<Vec<_>>()
                };
                assert!(key(&last) < key(&classes));
            }
            last = Some(classes);
        }
    }
    assert_eq!(arrangement_rank(&[0, 0], &[1, 1], 0), None);
}

#[test]
fn arrangements_of_two_kinds_rank_as_multisets_do() {
    // One class and blanks, and two classes with none: ranked and unranked as
    // combinations, against the multiset's rank and unrank with their divisions.
    for (counts, blanks) in [
        (vec![1u8], 0u8),
        (vec![0], 3),
        (vec![4], 20),
        (vec![3], 9),
        (vec![30], 34),
        (vec![8, 16], 0),
        (vec![0, 5], 0),
        (vec![40, 24], 0),
    ] {
        let n: usize = counts.iter().map(|&c| usize::from(c)).sum::<usize>() + usize::from(blanks);
        let total = multinomial(&counts, blanks).unwrap() as u64;
        for rank in (0..total).step_by((total / 997).max(1) as usize) {
            let (mut classes, mut divided) = (vec![0u8; n], vec![0u8; n]);
            arrangement_unrank(rank, &counts, blanks, &mut classes);
            multiset_unrank(rank, &counts, blanks, &mut divided);
            assert_eq!(classes, divided, "{counts:?} {blanks} rank {rank}");
            assert_eq!(multiset_rank(&classes, &counts, blanks), Some(rank));
            assert_eq!(arrangement_rank(&classes, &counts, blanks), Some(rank));
        }
    }
    // A piece too many, a class past the others, or one short: no arrangement.
    assert_eq!(combination_rank(&[0, 0, BLANK], 1, 2, BLANK), None);
    assert_eq!(combination_rank(&[0, 1, BLANK], 1, 2, BLANK), None);
    assert_eq!(combination_rank(&[0, BLANK], 1, 2, BLANK), None);
    assert_eq!(combination_rank(&[0, 1, 2], 1, 2, 1), None);
    assert_eq!(combination_rank(&[0, 0, 1], 1, 2, 1), None);
}

#[test]
fn placements_rank_as_multisets_of_single_pieces_do() {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for (pieces, blanks) in [(1usize, 1u8), (2, 3), (6, 6), (8, 12), (12, 12), (4, 20)] {
        let counts = vec![1u8; pieces];
        for _ in 0..300 {
            let mut classes: Vec<u8> = (0..pieces as u8).collect();
            classes.extend(std::iter::repeat_n(BLANK, usize::from(blanks)));
            classes.shuffle(&mut rng);
            let rank = multiset_rank(&classes, &counts, blanks);
            assert!(rank.is_some());
            assert_eq!(placed_rank(&classes, pieces, blanks), rank, "{classes:?}");
        }
    }
    // A piece twice, past the last, or a blank short: no arrangement.
    assert_eq!(placed_rank(&[0, 0, BLANK], 2, 1), None);
    assert_eq!(placed_rank(&[0, 2, BLANK], 2, 1), None);
    assert_eq!(placed_rank(&[0, 1], 2, 1), None);
}

#[test]
fn parities_pair_neighbouring_ranks() {
    let counts = [1u8; 5];
    for rank in (0..120u64).step_by(2) {
        let (mut a, mut b) = ([0u8; 5], [0u8; 5]);
        arrangement_unrank(rank, &counts, 0, &mut a);
        arrangement_unrank(rank + 1, &counts, 0, &mut b);
        assert_ne!(permutation_parity(&a), permutation_parity(&b));
    }
    assert_eq!(permutation_parity(&[1, 0, 2]), 1);
    assert_eq!(permutation_parity(&[1, 2, 0]), 0);
}

#[test]
fn permutations_rank_as_multisets_of_single_pieces_do() {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for n in [2usize, 7, 12, 20] {
        let counts = vec![1u8; n];
        for _ in 0..200 {
            let mut classes: Vec<u8> = (0..n as u8).collect();
            classes.shuffle(&mut rng);
            let rank = multiset_rank(&classes, &counts, 0);
            assert!(rank.is_some());
            assert_eq!(permutation_rank(&classes), rank, "{classes:?}");
        }
        // A piece twice, or a class past the last, is no permutation.
        let mut twice: Vec<u8> = (0..n as u8).collect();
        twice[n - 1] = 0;
        assert_eq!(permutation_rank(&twice), None);
        let mut past: Vec<u8> = (0..n as u8).collect();
        past[0] = n as u8;
        assert_eq!(permutation_rank(&past), None);
    }
}

/// Three sets whose two moves turn every piece: five parts (set C never twists), each
/// small beside the whole, so that every one is tabled.
const PARTS: &str = "Name parts
Set A 3 3
Set B 3 2
Set C 4 1
Solved
A
1 2 3
B
1 2 3
C
1 2 3 4
End
Move X
A
2 3 1
1 0 0
B
2 3 1
1 1 0
C
2 3 4 1
End
Move Y
A
2 1 3
0 2 0
B
2 1 3
0 1 1
C
2 1 3 4
End
";

#[test]
fn lists_played_side_by_side_reach_the_ranks_of_the_turns_played_on_cells() {
    use rand::{Rng, SeedableRng};
    let definition = crate::definition::Definition::parse(PARTS, "parts.def").unwrap();
    let puzzle = Model::new(definition, None, None).unwrap();
    let view = View::new(&puzzle, &Projection::whole(&puzzle), &[0]).unwrap();
    view.tabulate(u64::MAX, false);
    assert!(view.turns_tabled());
    assert_eq!(view.parts.len(), 5, "one group of four parts and one alone");
    let start = view.rank(&puzzle.flat(&puzzle.definition.start)).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let lists: Vec<Vec<u8>> = (0..300)
        .map(|_| {
            let len = rng.random_range(0..30);
            (0..len)
                .map(|_| rng.random_range(0..puzzle.turns.len()) as u8)
                .collect()
        })
        .collect();
    // Lists of many lengths, padded; and of one length, as they are.
    let cut: Vec<Vec<u8>> = (lists.iter())
        .filter(|list| list.len() >= 5)
        .map(|list| list[..5].to_vec())
        .collect();
    for lists in [lists, cut] {
        let ends: Vec<usize> = (lists.iter())
            .scan(0, |end, list| {
                *end += list.len();
                Some(*end)
            })
            .collect();
        let played = Lists::new(lists.concat(), &ends, puzzle.turns.len());
        let ranks = view.ranks_after(start, &played).unwrap();
        assert_eq!(ranks.len(), lists.len());
        // Against the turns played on the cells, ranked at the end: no turn table.
        for (list, rank) in lists.iter().zip(ranks) {
            let mut cells = puzzle.flat(&puzzle.definition.start);
            for &t in list {
                let mut next = cells.clone();
                puzzle.play(&cells, usize::from(t), &mut next);
                cells = next;
            }
            assert_eq!(Some(rank), view.rank(&cells), "{list:?}");
        }
    }
}

/// Views of the 3x3x3 whose parts are joint (arrangement with blanks and orientations
/// together; a corner group beside an edge group; pieces alike): each turn's rank from
/// the turns worked out once an arrangement, in runs of ranks that share one, across
/// jumps and views, and after asks stopped part-way, against each turn ranked anew
/// ([`View::step`]).
#[test]
fn joint_parts_turn_as_each_turn_ranked_anew() {
    use rand::{Rng, SeedableRng};
    let text = include_str!("../../../definitions/3x3x3.def");
    let definition = crate::definition::Definition::parse(text, "3x3x3.def").unwrap();
    let puzzle = Model::new(definition, None, None).unwrap();
    let classes = |kept: &[u8]| -> Vec<u8> {
        (0..12)
            .map(|i| kept.get(i).copied().unwrap_or(BLANK))
            .collect()
    };
    let kept = |class: Vec<u8>| Keep::Kept {
        class,
        orientation: true,
    };
    let projections = [
        vec![Keep::Dropped, kept(classes(&[0, 1, 2, 3, 4, 5, 6]))],
        vec![
            kept(classes(&[0, 1, 2, 3])[..8].to_vec()),
            kept(classes(&[0; 6])),
        ],
        vec![Keep::Dropped, kept(classes(&[0, 0, 1, 1, 2, 2]))],
    ];
    let views: Vec<View> = (projections.into_iter())
        .map(|sets| View::new(&puzzle, &Projection { sets }, &[0]).unwrap())
        .collect();
    for view in &views {
        assert!(view.parts.iter().all(|p| view.is_joint(p)), "{view:?}");
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..40 {
        for view in &views {
            let start = rng.random_range(0..view.size() - 300);
            // A run each way: its ranks but the first meet the arrangement met last.
            for forward in [true, false] {
                for rank in start..start + 300 {
                    let anew: Vec<u64> = (0..puzzle.turns.len())
                        .map(|t| view.step(rank, t, forward))
                        .collect();
                    // Stopped at a turn first (as an inward search's ask stops), so that
                    // the turns past it are worked out by the asks after.
                    let stop = rng.random_range(0..anew.len());
                    let mut turned = Vec::new();
                    let stopped = view.neighbours(rank, forward, |next| {
                        turned.push(next);
                        turned.len() > stop
                    });
                    assert!(stopped);
                    assert_eq!(turned, anew[..=stop], "rank {rank}, stopped at {stop}");
                    turned.clear();
                    view.neighbours(rank, forward, |next| {
                        turned.push(next);
                        false
                    });
                    assert_eq!(turned, anew, "rank {rank}, forward {forward}");
                }
            }
        }
    }
}

/// Arrangements of a few pieces among blanks ranked from the pieces' positions, run by
/// run ([`sparse`]), against the position-by-position rank, over every arrangement
/// of small orbits and a spread of a 64-position orbit's.
#[test]
fn arrangements_rank_from_their_pieces_positions() {
    for len in 1..=7usize {
        for pieces in 1..len {
            for alike in [false, true] {
                let counts = match alike {
                    true => vec![pieces as u8],
                    false => vec![1; pieces],
                };
                let blanks = (len - pieces) as u8;
                let total = multinomial(&counts, blanks).unwrap() as u64;
                for rank in 0..total {
                    assert_eq!(ranked_from_positions(rank, &counts, blanks, len), rank);
                }
            }
        }
    }
    for counts in [vec![1u8; 5], vec![6]] {
        let blanks = 64 - counts.iter().sum::<u8>();
        let total = multinomial(&counts, blanks).unwrap() as u64;
        for rank in (0..total).step_by((total / 4999) as usize) {
            assert_eq!(ranked_from_positions(rank, &counts, blanks, 64), rank);
        }
    }
}

/// The arrangement of `rank` unranked, then ranked again from its pieces' positions
/// (and position by position, which must agree).
fn ranked_from_positions(rank: u64, counts: &[u8], blanks: u8, len: usize) -> u64 {
    let mut classes = vec![0u8; len];
    arrangement_unrank(rank, counts, blanks, &mut classes);
    assert_eq!(arrangement_rank(&classes, counts, blanks), Some(rank));
    let places = (0..len as u8).zip(classes).filter(|&(_, c)| c != BLANK);
    let pieces = len - usize::from(blanks);
    match counts.len() {
        1 => sparse::alike_rank_at(places.map(|(q, _)| q), pieces, len),
        _ => sparse::placed_rank_at(places, pieces, len),
    }
}

/// Views that keep a few pieces of an orbit rank a state from where its pieces lie
/// ([`View::rank_located`]) as they do reading every position ([`View::rank`]): on
/// scrambled states, on states no turn reaches, on states with pieces not the
/// puzzle's, and where a set's labels are not each in one orbit.
#[test]
fn views_rank_located_pieces_as_read_position_by_position() {
    use crate::definition::located::Located;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for (text, sparse, sets) in located_views() {
        let definition = crate::definition::Definition::parse(&text, "case.def").unwrap();
        let puzzle = Model::new(definition, None, None).unwrap();
        let view = View::new(&puzzle, &Projection { sets }, &[0]).unwrap();
        assert_eq!(view.sparse.iter().any(Option::is_some), sparse, "{view:?}");
        let start = puzzle.flat(&puzzle.definition.start);
        let (mut ranked, mut unranked) = (0, 0);
        for i in 0..3000 {
            let mut cells = start.clone();
            for _ in 0..rng.random_range(0..25) {
                let before = cells.clone();
                puzzle.play(&before, rng.random_range(0..puzzle.turns.len()), &mut cells);
            }
            match i % 3 {
                // Reached by turns: its pieces are where the start has their labels.
                0 => {
                    let located = Located::new(&puzzle.locator, &cells);
                    assert!(located.positions().is_some(), "{cells:?}");
                }
                // Pieces and orientations shuffled within a set: often reached by none.
                1 => {
                    let (at, set) = (puzzle.offsets[1], &puzzle.sets()[1]);
                    for p in (1..set.pieces).rev() {
                        cells.swap(at + p, at + rng.random_range(0..=p));
                    }
                    let turned = &mut cells[at + set.pieces..at + 2 * set.pieces];
                    turned
                        .iter_mut()
                        .for_each(|t| *t = rng.random_range(0..set.orientations));
                }
                // Any label at any position of a set: one twice, one missing, or one
                // the start has not.
                _ => {
                    let s = rng.random_range(0..puzzle.sets().len());
                    let pieces = puzzle.sets()[s].pieces;
                    let at = puzzle.offsets[s] + rng.random_range(0..pieces);
                    cells[at] = rng.random_range(0..pieces as u8);
                }
            }
            let read = view.rank(&cells);
            let located = view.rank_located(&Located::new(&puzzle.locator, &cells));
            assert_eq!(located, read, "{cells:?}");
            match read {
                Some(_) => ranked += 1,
                None => unranked += 1,
            }
        }
        assert!(
            ranked >= 1000 && unranked > 10,
            "{ranked} ranked, {unranked} not"
        );
    }
}

/// The definitions and views of [`views_rank_located_pieces_as_read_position_by_position`],
/// each with whether an orbit of it is ranked from its pieces' positions.
fn located_views() -> Vec<(String, bool, Vec<Keep>)> {
    let cube = include_str!("../../../definitions/3x3x3.def").to_string();
    let squares = include_str!("../../../definitions/cube-squares.def").to_string();
    // One label in the M and E slices' orbits, another in the S slice's.
    let twinned = squares.replacen("1 2 3 4 5 6 7 8 9 10 11 12", "1 1 2 2 1 1 2 2 1 1 1 1", 1);
    // Corners alike two and four at a time: fewer buckets than slots before the
    // edges', and two of a label in an orbit with two blanks.
    let alike = squares.replacen("1 2 3 4 5 6 7 8\n", "1 2 2 3 2 3 1 2\n", 1);
    let kept = |kept: &[u8], len: usize, orientation: bool| Keep::Kept {
        class: (0..len)
            .map(|i| kept.get(i).copied().unwrap_or(BLANK))
            .collect(),
        orientation,
    };
    let (edges, all_corners) = (
        kept(&[0, 1, 2], 12, true),
        kept(&[0, 1, 2, 3, 4, 5, 6, 7], 8, true),
    );
    vec![
        (cube.clone(), true, vec![Keep::Dropped, edges.clone()]),
        // A whole orbit ranked position by position beside one ranked from its pieces.
        (cube.clone(), true, vec![all_corners, edges]),
        (
            cube.clone(),
            true,
            vec![Keep::Dropped, kept(&[0, 0, 0, 0], 12, true)],
        ),
        (
            cube,
            true,
            vec![kept(&[0, 1], 8, false), kept(&[3, 2, 1, 0, 4], 12, true)],
        ),
        (
            squares.clone(),
            true,
            vec![kept(&[1, 0], 8, false), kept(&[0, 1, 2], 12, false)],
        ),
        (squares, true, vec![Keep::Dropped, kept(&[0, 0], 12, false)]),
        (
            alike,
            true,
            vec![
                kept(&[BLANK, BLANK, 0], 8, false),
                kept(&[0, 1, 2], 12, false),
            ],
        ),
        (
            twinned,
            false,
            vec![Keep::Dropped, kept(&[BLANK, 0], 12, false)],
        ),
    ]
}

/// A view's neighbours of a few kept pieces, those pieces alone turned, are the ranks
/// its whole orbits turned give ([`View::step`]), after each turn and before it, and
/// so once its small parts' turns are tabled.
#[test]
fn kept_pieces_turned_alone_reach_the_ranks_whole_orbits_do() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    for (text, sparse, sets) in located_views().into_iter().filter(|(_, s, _)| *s) {
        let definition = crate::definition::Definition::parse(&text, "case.def").unwrap();
        let puzzle = Model::new(definition, None, None).unwrap();
        let view = View::new(&puzzle, &Projection { sets }, &[0]).unwrap();
        assert!(
            sparse && view.sparse.iter().any(Option::is_some),
            "{view:?}"
        );
        for i in 0..600 {
            if i == 300 {
                view.tabulate(u64::MAX, true);
            }
            let rank = rng.random_range(0..view.size());
            for forward in [true, false] {
                let mut reached = Vec::new();
                view.neighbours(rank, forward, |next| {
                    reached.push(next);
                    false
                });
                let whole: Vec<u64> = (0..view.turns)
                    .map(|t| view.step(rank, t, forward))
                    .collect();
                assert_eq!(reached, whole, "rank {rank}, forward {forward}, {view:?}");
            }
        }
    }
}
