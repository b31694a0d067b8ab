//! The 15-puzzle: answers against a brute-force BFS and the table-free Manhattan IDA*,
//! Korf's published optimal lengths, and the 8-puzzle's exact table as a pattern
//! database.

use rand::Rng;
use std::collections::{HashMap, VecDeque};

use crate::common::{fifteen, rng, table};
use tablesolve::eight;
use tablesolve::fifteen::{default_goal, korf_goal, Board};
use tablesolve::judge::{Sample, SampleAt};
use tablesolve::moves::letters;
use tablesolve::rank::permutation;
use tablesolve::search::UNREACHABLE;
use tablesolve::sliding::guided::Guide;
use tablesolve::sliding::pattern::{Pattern, PatternDb};
use tablesolve::sliding::{manhattan_ida, random_walk};

/// The cells the blank reaches in one slide, in letter order `d, l, r, u`, written
/// here without the library's moves.
fn slides(blank: usize) -> Vec<(char, usize)> {
    let (row, col) = (blank / 4, blank % 4);
    let mut next = Vec::new();
    if row < 3 {
        next.push(('d', blank + 4));
    }
    if col > 0 {
        next.push(('l', blank - 1));
    }
    if col < 3 {
        next.push(('r', blank + 1));
    }
    if row > 0 {
        next.push(('u', blank - 4));
    }
    next
}

/// The lexicographically smallest shortest slides from `start` to `target` by
/// breadth-first search in letter order: the first time a state is reached, it is
/// reached by its smallest shortest path.
fn brute_force(start: [u8; 16], target: [u8; 16]) -> String {
    let mut parent: HashMap<[u8; 16], ([u8; 16], char)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    parent.insert(start, (start, ' '));
    while let Some(state) = queue.pop_front() {
        if state == target {
            let mut path = Vec::new();
            let mut at = state;
            while at != start {
                let (from, letter) = parent[&at];
                path.push(letter);
                at = from;
            }
            return path.iter().rev().collect();
        }
        let blank = state.iter().position(|&t| t == 0).unwrap();
        for (letter, to) in slides(blank) {
            let mut next = state;
            next.swap(blank, to);
            parent.entry(next).or_insert_with(|| {
                queue.push_back(next);
                (state, letter)
            });
        }
    }
    panic!("target unreachable");
}

fn cells(board: &Board) -> [u8; 16] {
    board.cells().try_into().unwrap()
}

#[test]
fn the_8_puzzle_table_is_a_pattern_database_of_all_eight_tiles() {
    let space = eight::Space::new(8);
    let exact = table(&space);
    let pattern = Pattern::<3, 3>::new(&[0, 1, 2, 3, 4, 5, 6, 7], 8);
    let database = PatternDb::new(pattern.clone(), table(&pattern));
    let mut reachable = 0;
    for rank in 0..permutation::count(9, 9) {
        let grid = eight::Grid::new(&permutation::unrank(rank, 9, 9)[..9]).unwrap();
        let homes = grid.homes();
        // Tile t is homed at cell t - 1 in the goal 12345678x.
        let positions: Vec<u8> = (1..=8).map(|tile| homes[tile]).collect();
        let value = database.value(&positions, usize::from(homes[0]));
        let exactly = space.rank_reaching(&grid).map(|r| exact.distance(r as u32));
        assert_eq!(value, exactly.unwrap_or(UNREACHABLE), "{grid:?}");
        reachable += usize::from(value != UNREACHABLE);
    }
    assert_eq!(reachable, 181_440);
}

#[test]
fn the_bound_is_admissible_and_only_the_moved_tiles_pattern_changes() {
    let fifteen = fifteen(default_goal());
    let goal = default_goal();
    let guide = Guide::new(&fifteen.databases, &goal).unwrap();
    // The value of each pattern, looked up by hand: tile t is homed at cell t - 1.
    let value = |db: &PatternDb<tablesolve::table::Mapped, 4, 4>, board: &Board| {
        let at = board.homes();
        let positions: Vec<u8> = db
            .pattern
            .cells()
            .iter()
            .map(|&c| at[usize::from(c) + 1])
            .collect();
        db.value(&positions, board.blank())
    };
    let mut rng = rng(15);
    for _ in 0..100 {
        let mut board = fifteen.random_case(&mut rng).start;
        for _ in 0..100 {
            let legal: Vec<Board> = tablesolve::sliding::Slide::ALL
                .iter()
                .filter_map(|&m| board.apply(m))
                .collect();
            let next = legal[rng.random_range(0..legal.len())];
            let moved = board.cells()[next.blank()];
            for db in &fifteen.databases {
                let homed_here = db.pattern.cells().contains(&(moved - 1));
                if !homed_here {
                    assert_eq!(value(db, &board), value(db, &next), "{board}");
                }
            }
            board = next;
        }
    }
    // Never above the distance on boards of known distance: short walks, solved by BFS.
    for _ in 0..100 {
        let length = rng.random_range(0..12);
        let board = random_walk(&mut rng, &goal, length);
        let shortest = brute_force(cells(&board), cells(&goal)).len() as u32;
        assert!(guide.lower_bound(&board) <= shortest, "{board}");
    }
}

#[test]
fn answers_equal_a_brute_force_search_on_short_walks() {
    let mut rng = rng(16);
    for goal in [default_goal(), korf_goal()] {
        let fifteen = fifteen(goal);
        for _ in 0..60 {
            let start = {
                let length = rng.random_range(0..=11);
                random_walk(&mut rng, &goal, length)
            };
            let found = fifteen
                .outcome(&start)
                .unwrap()
                .solved()
                .expect("a walk reaches back");
            assert_eq!(
                letters(&found.moves),
                brute_force(cells(&start), cells(&goal)),
                "{start}"
            );
        }
    }
}

#[test]
fn answers_equal_the_manhattan_ida_star_on_longer_walks() {
    let mut rng = rng(17);
    let goal = default_goal();
    let fifteen = fifteen(goal);
    for _ in 0..12 {
        let start = {
            let length = rng.random_range(30..=40);
            random_walk(&mut rng, &goal, length)
        };
        let found = fifteen.outcome(&start).unwrap().solved().unwrap();
        assert_eq!(Some(found.moves), manhattan_ida(&start, &goal), "{start}");
    }
}

#[test]
fn other_targets_are_renamed_and_use_their_blank_cells_databases() {
    // A target with its blank on an edge cell (14): its databases are built on
    // demand; answers still equal the brute force.
    let tables = tablesolve::TableDir::new(crate::common::tables()).build_missing(|_| {});
    let target: Board = "5 1 2 3 9 6 7 4 13 10 11 8 14 15 0 12".parse().unwrap();
    let fifteen = tablesolve::Fifteen::open(&tables, crate::common::quick(target)).unwrap();
    let mut rng = rng(18);
    for _ in 0..20 {
        let start = {
            let length = rng.random_range(0..=10);
            random_walk(&mut rng, &target, length)
        };
        let found = fifteen.outcome(&start).unwrap().solved().unwrap();
        assert_eq!(
            letters(&found.moves),
            brute_force(cells(&start), cells(&target))
        );
    }
    let unsolvable: Board = "1 5 2 3 9 6 7 4 13 10 11 8 14 15 0 12".parse().unwrap();
    assert!(matches!(
        fifteen.outcome(&unsolvable).unwrap(),
        tablesolve::search::Outcome::Unreachable { .. }
    ));
}

/// Korf's 100 instances (`samples/korf100.in`, towards `--goal korf`) with their
/// published optimal lengths (`samples/korf100.lengths`).
pub(crate) fn korf() -> Vec<(u32, Board, usize)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let instances = std::fs::read_to_string(root.join("korf100.in")).unwrap();
    let lengths = std::fs::read_to_string(root.join("korf100.lengths")).unwrap();
    instances
        .lines()
        .zip(lengths.lines())
        .map(|(instance, length)| {
            let (label, board) = instance.split_once(' ').unwrap();
            let (same, length) = length.split_once(' ').unwrap();
            assert_eq!(label, same);
            (
                label.parse().unwrap(),
                board.parse().unwrap(),
                length.parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn korf_instances_up_to_55_moves_take_their_published_lengths() {
    use rayon::prelude::*;
    let instances = korf();
    assert_eq!(instances.len(), 100);
    let fifteen = fifteen(korf_goal());
    let guide = Guide::new(&fifteen.databases, &korf_goal()).unwrap();
    for (label, board, length) in &instances {
        assert!(
            guide.lower_bound(board) as usize <= *length,
            "instance {label}"
        );
    }
    let easier: Vec<_> = instances.iter().filter(|(_, _, l)| *l <= 55).collect();
    assert!(easier.len() >= 60);
    easier.par_iter().for_each(|(label, board, length)| {
        let found = fifteen.outcome(board).unwrap().solved().unwrap();
        assert_eq!(found.moves.len(), *length, "instance {label}");
        let end = found.moves.iter().try_fold(*board, |b, &m| b.apply(m));
        assert_eq!(end, Some(korf_goal()), "instance {label}");
    });
}

#[test]
fn cases_at_a_length_are_that_far_by_the_manhattan_search() {
    let fifteen = fifteen(default_goal());
    let sample = fifteen.cases_at(20).unwrap();
    let mut rng = rng(19);
    for _ in 0..10 {
        let case = sample(&mut rng).unwrap();
        let moves = manhattan_ida(&case.start, &default_goal()).unwrap();
        assert_eq!(moves.len(), 20);
    }
    assert!(fifteen.cases_at(51).is_err());
    // A search past its limits stops the drawing, with the search's error.
    let limits = tablesolve::search::Limits {
        nodes: Some(1),
        ..Default::default()
    };
    let limited = fifteen.clone().with_limits(limits);
    let sample = limited.cases_at(40).unwrap();
    let stopped = sample(&mut rng).unwrap_err();
    assert!(
        matches!(stopped, tablesolve::Error::Stopped(_)),
        "{stopped}"
    );
}

/// A partition given as groups of tiles: the built-in 6-6-3 written as tiles names its
/// very databases; an uneven grouping of its own (5-5-5 in reading order) answers as the
/// table-free Manhattan IDA* does, towards both goals.
#[test]
fn partitions_given_as_tiles_answer_as_an_independent_search() {
    use tablesolve::fifteen::Partition;
    let six_six_three: Partition = "1 2 5 6 9 13 / 3 4 7 8 11 12 / 10 14 15".parse().unwrap();
    assert!(matches!(six_six_three, Partition::Tiles(_)));
    assert_eq!(
        six_six_three.patterns(&default_goal()),
        Partition::SixSixThree.patterns(&default_goal())
    );
    for goal in [default_goal(), korf_goal()] {
        let options = tablesolve::FifteenOptions {
            goal,
            partition: Some("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15".parse().unwrap()),
            ..Default::default()
        };
        let tables = tablesolve::TableDir::new(crate::common::tables()).build_missing(|_| {});
        let fifteen = tablesolve::Fifteen::open(&tables, options).unwrap();
        let mut rng = rng(25);
        for _ in 0..10 {
            let length = rng.random_range(20..=34);
            let start = random_walk(&mut rng, &goal, length);
            let moves = fifteen.solve(&start).unwrap();
            assert_eq!(moves, manhattan_ida(&start, &goal), "{start}");
        }
    }
}

#[test]
fn a_partition_that_is_no_partition_is_refused_by_name() {
    use tablesolve::fifteen::Partition;
    let seven_eight = "1 2 3 4 5 6 7 8 / 9 10 11 12 13 14 15";
    for (text, message) in [
        ("7-9", "no partition \"7-9\""),
        ("zero-aware 7-9", "no partition \"7-9\""),
        ("1 2 3 4 5 6 7", "tile 8 is in no group"),
        (
            "1 2 3 4 5 6 7 8 / 8 9 10 11 12 13 14 15",
            "tile 8 is in two groups",
        ),
        (
            "1 2 3 4 5 6 7 8 9 / 10 11 12 13 14 15",
            "a group of 9 tiles",
        ),
        (
            "0 1 2 3 4 5 6 7 / 8 9 10 11 12 13 14 15",
            "\"0\" is not a tile",
        ),
        (
            "1 2 3 4 5 6 7 8 / 9 10 11 12 13 14 15 16",
            "tile 16 is not on a board of 16 cells",
        ),
        (
            "1 2 3 4 5 6 7 8 / 9 10 11 12 13 14 15 25",
            "\"25\" is not a tile",
        ),
        ("1 2 3 4 5 6 7 8 / / 9 10 11 12 13 14 15", "an empty group"),
        (
            "1 2 / 3 4 5 / 6 7 8 / 9 10 11 / 12 13 / 14 15",
            "6 groups: at most 5",
        ),
    ] {
        // Refused as it is read, or when it meets the board's 16 cells.
        let error = match text.parse::<Partition>() {
            Ok(partition) => partition.check(16).unwrap_err().to_string(),
            Err(error) => error,
        };
        assert!(error.contains(message), "{text:?}: {error}");
    }
    let parsed: Partition = seven_eight.parse().unwrap();
    let error = parsed.check(9).unwrap_err().to_string();
    assert_eq!(error, "tile 9 is not on a board of 9 cells");
    let error = Partition::SevenEight.check(12).unwrap_err().to_string();
    assert!(error.starts_with("7-8 is a partition of a board of 16 cells, not of 12"));
    assert_eq!(parsed.name(), seven_eight);
    assert_eq!("7-8".parse::<Partition>(), Ok(Partition::SevenEight));
}

/// A checker whose search reaches its limit does not judge: the answers are neither
/// right nor wrong by a search that never ended, and the summary says that is all.
#[test]
fn a_check_whose_search_reaches_its_limit_judges_nothing() {
    let limits = tablesolve::search::Limits {
        nodes: Some(1000),
        ..Default::default()
    };
    let judge = fifteen(korf_goal()).with_limits(limits);
    let (input, answers) = ("1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15\n", "lll\n");
    let summary =
        tablesolve::judge::check_all(&judge, input.as_bytes(), answers.as_bytes(), |_, _, _| {})
            .unwrap();
    assert_eq!(summary.only_unjudged(), None, "{summary}");
    let hard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";
    let mut verdicts = Vec::new();
    let summary = tablesolve::judge::check_all(
        &judge,
        hard.as_bytes(),
        b"dd\n".as_slice(),
        |_, verdict, _| verdicts.push(verdict.to_string()),
    )
    .unwrap();
    assert_eq!(summary.only_unjudged(), Some(1), "{summary}");
    assert!(
        verdicts[0].starts_with("not judged: the search node limit reached"),
        "{verdicts:?}"
    );
}
