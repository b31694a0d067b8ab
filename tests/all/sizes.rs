//! Sliding boards of every size from 2x2 to 5x5, towards both goals, answered from the
//! exact table (up to 12 cells) and by IDA* over pattern databases of tile groups (the
//! search the 15-puzzle uses, sizes as data): on boards up to 9 cells both against a
//! breadth-first search of the whole space written here (every distance, and the
//! smallest answer by a walk down them); up to 12 cells, the search against the exact
//! table on random boards; from 10 cells on, against the table-free Manhattan IDA*,
//! move for move.

use rand::Rng;
use std::collections::{HashMap, VecDeque};

use crate::common::{rng, table};
use tablesolve::moves::letters;
use tablesolve::search::{Outcome, Settings, StateSpace};
use tablesolve::sliding::exact::{ExactBoards, Space};
use tablesolve::sliding::guided::{search, tile_patterns};
use tablesolve::sliding::pattern::PatternDb;
use tablesolve::sliding::{manhattan_ida, published_diameter, random_board, random_walk, Board};

/// The cells the blank reaches from `blank` on a `width` x `height` board, in letter
/// order `d`, `l`, `r`, `u`, with their letters.
fn slides(blank: usize, width: usize, height: usize) -> Vec<(char, usize)> {
    let (row, col) = (blank / width, blank % width);
    let mut next = Vec::new();
    if row + 1 < height {
        next.push(('d', blank + width));
    }
    if col > 0 {
        next.push(('l', blank - 1));
    }
    if col + 1 < width {
        next.push(('r', blank + 1));
    }
    if row > 0 {
        next.push(('u', blank - width));
    }
    next
}

/// Every arrangement's distance to `goal`, by breadth-first search from it.
pub(crate) fn distances(goal: &[u8], width: usize, height: usize) -> HashMap<Vec<u8>, usize> {
    let mut seen = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(cells) = queue.pop_front() {
        let d = seen[&cells];
        let blank = cells.iter().position(|&t| t == 0).unwrap();
        for (_, to) in slides(blank, width, height) {
            let mut next = cells.clone();
            next.swap(blank, to);
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    seen
}

/// The smallest shortest answer from `cells`: at each step the first letter whose
/// slide comes one step nearer; `None` when the goal is out of reach.
pub(crate) fn smallest(
    cells: &[u8],
    far: &HashMap<Vec<u8>, usize>,
    width: usize,
    height: usize,
) -> Option<String> {
    let mut cells = cells.to_vec();
    let mut answer = String::new();
    while far.get(&cells)? > &0 {
        let blank = cells.iter().position(|&t| t == 0).unwrap();
        let (letter, to) = slides(blank, width, height)
            .into_iter()
            .find(|&(_, to)| {
                let mut next = cells.clone();
                next.swap(blank, to);
                far[&next] + 1 == far[&cells]
            })
            .unwrap();
        cells.swap(blank, to);
        answer.push(letter);
    }
    Some(answer)
}

/// The tiles `1..cells` in reading order, in as few groups of at most six (five on
/// boards of more than 16 cells, whose databases build in moments) as can be, of sizes
/// as even as can be.
fn groups(cells: usize) -> Vec<Vec<u8>> {
    let tiles: Vec<u8> = (1..cells as u8).collect();
    let count = tiles.len().div_ceil(if cells > 16 { 5 } else { 6 });
    let size = tiles.len().div_ceil(count);
    tiles.chunks(size).map(<[u8]>::to_vec).collect()
}

/// Checks `W` x `H` boards towards both goals, the blank first and last: every board
/// up to 9 cells; random walks of `walks` slides from 10 cells on; up to 10 cells,
/// the exact table too.
fn check_size<const W: usize, const H: usize>(seed: u64, walks: std::ops::RangeInclusive<usize>) {
    check_goals::<W, H>(seed, walks, &[W * H - 1, 0], W * H <= 10);
}

/// As [`check_size`] towards the goals whose blanks are `goals`, with the exact table
/// where `exact` says (and up to 9 cells, always).
fn check_goals<const W: usize, const H: usize>(
    seed: u64,
    walks: std::ops::RangeInclusive<usize>,
    goals: &[usize],
    exact: bool,
) {
    let n = W * H;
    let mut rng = rng(seed);
    for goal in goals.iter().map(|&blank| Board::<W, H>::canonical(blank)) {
        let databases: Vec<PatternDb<Vec<u8>, W, H>> = tile_patterns(&groups(n), &goal)
            .into_iter()
            .map(|pattern| PatternDb::new(pattern.clone(), table(&pattern)))
            .collect();
        let split = [(0..databases.len()).collect()];
        let solve = |start: &Board<W, H>| match search(
            &databases,
            &split,
            start,
            &goal,
            &Settings::new(),
        ) {
            Outcome::Solved(found) => Some(letters(&found.moves)),
            Outcome::Unreachable { .. } => None,
            Outcome::Stopped(stopped) => panic!("{stopped:?}"),
        };
        let name = format!("{W}x{H} towards {goal}");
        let exact = (exact || n <= 9).then(|| {
            let exact = ExactBoards::new(table(&Space::<W, H>::towards(&goal)), goal);
            let published = published_diameter(W, H).unwrap();
            assert_eq!(exact.table.header().max_depth(), published, "{name}");
            exact
        });
        let answer = |start: &Board<W, H>| {
            let exact = exact.as_ref().unwrap().solve(start).unwrap();
            exact.map(|moves| letters(&moves))
        };
        if n <= 9 {
            let far = distances(goal.cells(), W, H);
            assert_eq!(far.len(), (1..=n).product::<usize>() / 2, "{name}");
            let space = Space::<W, H>::towards(&goal);
            let table = &exact.as_ref().unwrap().table;
            assert_eq!(space.states() as usize, far.len(), "{name}");
            for (cells, &d) in &far {
                let rank = space.rank(&Board::new(cells).unwrap());
                assert_eq!(usize::from(table.entry_byte(rank)), d, "{name}: {cells:?}");
            }
            for _ in 0..200 {
                let start = random_board::<W, H>(&mut rng);
                let expected = smallest(start.cells(), &far, W, H);
                assert_eq!(answer(&start), expected, "{name} from {start}");
                assert_eq!(solve(&start), expected, "{name} from {start}");
            }
            continue;
        }
        if exact.is_some() {
            for _ in 0..25 {
                let start = random_board::<W, H>(&mut rng);
                assert_eq!(solve(&start), answer(&start), "{name} from {start}");
            }
        }
        for _ in 0..12 {
            let length = rng.random_range(walks.clone());
            let start = random_walk(&mut rng, &goal, length);
            let expected = manhattan_ida(&start, &goal).map(|moves| letters(&moves));
            assert_eq!(solve(&start), expected, "{name} from {start}");
        }
    }
}

#[test]
fn boards_up_to_nine_cells_answer_as_a_search_of_the_whole_space() {
    // Walks are not drawn on these boards: every board is drawn.
    check_size::<2, 2>(1, 0..=0);
    check_size::<2, 3>(2, 0..=0);
    check_size::<3, 2>(3, 0..=0);
    check_size::<2, 4>(4, 0..=0);
    check_size::<4, 2>(5, 0..=0);
    check_size::<3, 3>(6, 0..=0);
}

#[test]
fn boards_of_ten_to_sixteen_cells_answer_as_the_manhattan_search() {
    check_size::<2, 5>(7, 10..=32);
    check_size::<5, 2>(8, 10..=32);
    // Their exact tables take half a minute each to build: checked by the ignored test
    // below, which `.ci/run` runs.
    check_size::<3, 4>(9, 10..=32);
    check_size::<4, 3>(10, 10..=32);
    check_size::<3, 5>(11, 10..=32);
    check_size::<5, 3>(12, 10..=32);
}

/// The 12-cell boards' exact tables (239,500,800 boards each) against the search on
/// random boards, and their diameter against the published 53 slides.
#[test]
#[ignore = "builds two tables of 240 MB, half a minute or more each: run by .ci/run"]
fn boards_of_twelve_cells_answer_as_their_exact_tables() {
    check_goals::<3, 4>(16, 10..=32, &[11], true);
    check_goals::<4, 3>(17, 10..=32, &[0], true);
}

#[test]
fn boards_of_twenty_and_twenty_five_cells_answer_as_the_manhattan_search() {
    check_size::<4, 5>(13, 30..=50);
    check_size::<5, 4>(14, 30..=50);
    check_size::<5, 5>(15, 30..=50);
}
