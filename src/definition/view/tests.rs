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
