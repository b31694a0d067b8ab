//! The 8-puzzle's tables against a brute-force BFS on strings, the parity rule and an
//! independent IDA* search.

use rayon::prelude::*;
use std::collections::{HashMap, VecDeque};

use crate::common::{exact, random_grid, random_grid_like, rng, table};
use tablesolve::eight::{self, Grid, Move, GOALS, STANDARD_GOAL};
use tablesolve::moves::letters;
use tablesolve::rank::permutation;
use tablesolve::search::greedy_walk;
use tablesolve::search::UNREACHABLE;
use tablesolve::sliding::manhattan_ida;
use tablesolve::table::{walk_moves, ExactTable};

fn all_tables() -> Vec<ExactTable<Vec<u8>>> {
    (0..GOALS)
        .into_par_iter()
        .map(|blank| exact(&eight::Space::new(blank)))
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

/// All 9! arrangements, each once.
fn every_grid() -> impl Iterator<Item = Grid> {
    (0..permutation::count(9, 9)).map(|r| Grid::new(&permutation::unrank(r, 9, 9)[..9]).unwrap())
}

#[test]
fn standard_goal_table_matches_brute_force_bfs_everywhere() {
    let space = eight::Space::new(STANDARD_GOAL);
    let table = table(&space);
    let header = table.header();
    assert_eq!(header.max_depth(), 31);
    assert_eq!(header.depth_counts.iter().sum::<u64>(), 181_440);
    assert!(table.depth_counts_match());
    let brute = brute_force_distances("12345678x");
    assert_eq!(brute.len(), 181_440);
    for grid in every_grid() {
        let text = crate::common::grid_text(&grid);
        let found = space.rank_reaching(&grid).map(|r| table.distance(r as u32));
        assert_eq!(found, brute.get(&text).copied(), "{text}");
    }
}

#[test]
fn every_table_ranks_the_half_of_its_goals_parity_and_reaches_all_of_it() {
    for (blank, table) in all_tables().iter().enumerate() {
        let header = table.distances.header();
        assert_eq!((header.states, header.unreachable), (181_440, 0));
        let space = eight::Space::new(blank);
        let goal = Grid::canonical(blank);
        for grid in every_grid().step_by(11) {
            let rank = space.rank_reaching(&grid);
            assert_eq!(
                rank.is_some(),
                grid.reaches(&goal),
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
        let space = eight::Space::new(blank);
        (0..181_440u32).into_par_iter().for_each(|rank| {
            let distance = table.distance(rank);
            assert_ne!(distance, UNREACHABLE);
            let (walked, _) =
                greedy_walk(space.board(rank.into()), distance, &Move::ALL, |grid, m| {
                    let next = grid.apply(m)?;
                    Some((next, table.distance(space.rank(&next) as u32)))
                })
                .unwrap();
            let recorded: Vec<_> = walk_moves(table.walk(rank), &Move::ALL).collect();
            assert_eq!(recorded, walked, "goal {blank}, rank {rank}");
        });
    }
}
