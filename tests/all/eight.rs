//! The 8-puzzle's tables against a brute-force BFS on strings, the parity rule and an
//! independent IDA* search.

use rayon::prelude::*;
use std::collections::{HashMap, VecDeque};

use crate::common::{exact, random_grid, random_grid_like, rng, table};
use tablesolve::eight::{self, Grid, Move, GOALS, STANDARD_GOAL};
use tablesolve::moves::letters;
use tablesolve::search::greedy_walk;
use tablesolve::search::UNREACHABLE;
use tablesolve::sliding::manhattan_ida;
use tablesolve::table::{walk_moves, ExactTable};

fn all_tables() -> Vec<ExactTable<Vec<u8>>> {
    (0..GOALS)
        .into_par_iter()
        .map(|blank| exact(&eight::Space { blank }))
        .collect()
}

/// Distances to `goal` by breadth-first search over 9-character strings, written
/// without any of the library's grids, moves or ranks.
fn brute_force_distances(goal: &str) -> HashMap<String, u8> {
    let mut distance = HashMap::from([(goal.to_owned(), 0u8)]);
    let mut queue = VecDeque::from([goal.to_owned()]);
    while let Some(state) = queue.pop_front() {
        let d = distance[&state];
        let blank = state.find('x').unwrap();
        let (row, col) = (blank / 3, blank % 3);
        let targets = [
            (row > 0).then(|| blank - 3),
            (row < 2).then(|| blank + 3),
            (col > 0).then(|| blank - 1),
            (col < 2).then(|| blank + 1),
        ];
        for to in targets.into_iter().flatten() {
            let mut bytes = state.clone().into_bytes();
            bytes.swap(blank, to);
            let next = String::from_utf8(bytes).unwrap();
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

#[test]
fn standard_goal_table_matches_brute_force_bfs_everywhere() {
    let table = table(&eight::Space {
        blank: STANDARD_GOAL,
    });
    let header = table.header();
    assert_eq!(header.max_depth(), 31);
    assert_eq!(header.depth_counts.iter().sum::<u64>(), 181_440);
    assert!(table.depth_counts_match());
    let brute = brute_force_distances("12345678x");
    assert_eq!(brute.len(), 181_440);
    for rank in 0..eight::ARRANGEMENTS as u32 {
        let text = crate::common::grid_text(&eight::unrank(rank));
        let expected = brute.get(&text).copied().unwrap_or(UNREACHABLE);
        assert_eq!(table.distance(rank), expected, "{text}");
    }
}

#[test]
fn unreachable_exactly_where_parity_differs_in_every_table() {
    for (blank, table) in all_tables().iter().enumerate() {
        let goal_odd = Grid::canonical(blank).parity();
        assert_eq!(table.distances.header().unreachable, 181_440);
        for rank in 0..eight::ARRANGEMENTS as u32 {
            let grid = eight::unrank(rank);
            let reachable = table.distance(rank) != UNREACHABLE;
            assert_eq!(
                reachable,
                grid.parity() == goal_odd,
                "goal {blank}, {grid:?}"
            );
        }
    }
}

#[test]
fn tables_agree_with_ida_star_on_1000_random_pairs() {
    let tables = all_tables();
    let mut rng = rng(3567);
    let pairs: Vec<(Grid, Grid)> = (0..1000)
        .map(|_| {
            let target = random_grid(&mut rng);
            (random_grid_like(&mut rng, &target), target)
        })
        .collect();
    pairs
        .par_iter()
        .enumerate()
        .for_each(|(case, (start, target))| {
            let expected = manhattan_ida(start, target);
            assert!(expected.is_some());
            let answer = eight::solve(&tables[target.blank()], start, target).unwrap();
            assert_eq!(answer, expected, "case {case}: {start:?} -> {target:?}");
        });
}

#[test]
fn answers_replay_to_the_target_and_unsolvable_pairs_are_named() {
    let tables = all_tables();
    let mut rng = rng(1043);
    for _ in 0..2000 {
        let (start, target) = (random_grid(&mut rng), random_grid(&mut rng));
        let answer = eight::solve(&tables[target.blank()], &start, &target).unwrap();
        match answer {
            None => assert_ne!(start.parity(), target.parity()),
            Some(moves) => {
                let end = moves
                    .iter()
                    .try_fold(start, |grid, &m| grid.apply(m))
                    .unwrap();
                assert_eq!(end, target);
                assert!(moves.windows(2).all(|w| w[1] != w[0].inverse()));
                let letters: String = letters(&moves);
                assert_eq!(
                    letters
                        .chars()
                        .filter_map(Move::from_letter)
                        .collect::<Vec<_>>(),
                    moves
                );
            }
        }
    }
}

#[test]
fn recorded_walks_are_the_greedy_walks_of_every_rank_of_every_table() {
    for (blank, table) in all_tables().iter().enumerate() {
        (0..eight::ARRANGEMENTS as u32)
            .into_par_iter()
            .for_each(|rank| {
                let distance = table.distance(rank);
                if distance == UNREACHABLE {
                    assert_eq!(table.walk(rank), 0);
                    return;
                }
                let (walked, _) =
                    greedy_walk(eight::unrank(rank), distance, &Move::ALL, |grid, m| {
                        let next = grid.apply(m)?;
                        Some((next, table.distance(eight::rank(&next))))
                    })
                    .unwrap();
                let recorded: Vec<_> = walk_moves(table.walk(rank), &Move::ALL).collect();
                assert_eq!(recorded, walked, "goal {blank}, rank {rank}");
            });
    }
}
