//! Catalogues of partitions (`--partition "A / B ; C / D"`): the bound is the largest of
//! the splits' sums, each looked up apart here; it never exceeds the distance found by
//! a breadth-first search of the whole space; and the answers are those of one split
//! alone, byte for byte, in fewer nodes.

use tablesolve::fifteen::{korf_goal, Partition};
use tablesolve::moves::letters;
use tablesolve::search::{Choice, Outcome, Report, Settings, COMPARE_FROM};
use tablesolve::sliding::guided::{search, Guide};
use tablesolve::sliding::pattern::PatternDb;
use tablesolve::sliding::Board;
use tablesolve::table::Mapped;
use tablesolve::{Fifteen, FifteenOptions, TableDir};

use crate::common::{table, tables};
use crate::sizes::{distances, smallest};

/// The databases of `partition`'s distinct patterns towards `goal`, in memory, and the
/// patterns each split adds up.
fn databases_of<const W: usize, const H: usize>(
    partition: &Partition,
    goal: &Board<W, H>,
) -> (Vec<PatternDb<Vec<u8>, W, H>>, Vec<Vec<usize>>) {
    let (patterns, splits) = partition.sums(goal);
    let databases = patterns
        .into_iter()
        .map(|pattern| PatternDb::new(pattern.clone(), table(&pattern)))
        .collect();
    (databases, splits)
}

/// On every board of a `W` x `H` board towards `goal`: the catalogue's bound is the
/// largest split's, never above the distance; and the answers of a sample are the
/// smallest shortest ones.
fn check_every_board<const W: usize, const H: usize>(catalogue: &str, goal: Board<W, H>) {
    let catalogue: Partition = catalogue.parse().unwrap();
    let (databases, splits) = databases_of(&catalogue, &goal);
    assert!(splits.len() > 1);
    let whole = Guide::<_, W, H, 24, 32, 8>::catalogue(&databases, &splits, &goal).unwrap();
    let name = catalogue.name();
    let (zero_aware, splits_text) = match name.strip_prefix("zero-aware") {
        Some(plain) => ("zero-aware", plain),
        None => ("", &name[..]),
    };
    let alone: Vec<Vec<PatternDb<Vec<u8>, W, H>>> = splits_text
        .split(';')
        .map(|split| {
            let split: Partition = format!("{zero_aware} {split}").parse().unwrap();
            databases_of(&split, &goal).0
        })
        .collect();
    let guides: Vec<_> = alone
        .iter()
        .map(|databases| Guide::new(databases, &goal).unwrap())
        .collect();
    let goal_cells = goal.cells().to_vec();
    let far = distances(&goal_cells, W, H);
    let mut tighter = 0;
    for (n, (cells, &distance)) in far.iter().enumerate() {
        let board = Board::<W, H>::new(cells).unwrap();
        let bounds: Vec<u32> = guides.iter().map(|g| g.lower_bound(&board)).collect();
        let bound = whole.lower_bound(&board);
        assert_eq!(Some(bound), bounds.iter().copied().max(), "{board}");
        assert!(bound as usize <= distance, "{board}: {bound} > {distance}");
        tighter += usize::from(bounds.iter().any(|&b| b < bound));
        if n % 97 == 0 {
            let found = match search(&databases, &splits, &board, &goal, &Settings::new()) {
                Outcome::Solved(found) => letters(&found.moves),
                other => panic!("{board}: {other:?}"),
            };
            assert_eq!(Some(found), smallest(cells, &far, W, H), "{board}");
        }
    }
    assert!(
        tighter > far.len() / 10,
        "{catalogue}: the splits disagree often: {tighter}"
    );
}

#[test]
fn a_catalogues_bound_is_the_largest_splits_and_admissible_on_every_board() {
    check_every_board(
        "1 2 3 / 4 5 6 / 7 8 ; 1 4 7 / 2 5 8 / 3 6 ; 1 2 4 5 / 3 6 / 7 8",
        Board::<3, 3>::canonical(8),
    );
    check_every_board(
        "1 2 3 / 4 5 6 / 7 8 ; 1 4 7 / 2 5 8 / 3 6",
        Board::<3, 3>::canonical(0),
    );
    check_every_board(
        "1 2 3 4 / 5 6 7 ; 1 2 5 6 / 3 4 7",
        Board::<4, 2>::canonical(7),
    );
    // Zero-aware databases, whose lookups follow the blank's zone slide by slide.
    check_every_board(
        "zero-aware 1 2 3 / 4 5 6 / 7 8 ; 1 4 7 / 2 5 8 / 3 6 ; 1 2 4 5 / 3 6 / 7 8",
        Board::<3, 3>::canonical(8),
    );
    check_every_board(
        "zero-aware 1 2 / 3 4 / 5 6 7 ; 1 5 / 2 6 / 3 4 7",
        Board::<4, 2>::canonical(0),
    );
}

/// 6-6-3 alone, and a catalogue of 6-6-3 and two 5-5-5 splits of its own, towards
/// Korf's goal.
fn six_six_three_and_a_catalogue() -> (Fifteen<Mapped>, Fifteen<Mapped>) {
    let open = |partition: &str| {
        let options = FifteenOptions {
            goal: korf_goal(),
            partition: Some(partition.parse().unwrap()),
            ..Default::default()
        };
        Fifteen::open(&TableDir::new(tables()).build_missing(|_| {}), options).unwrap()
    };
    let six_six_three = "1 2 5 6 9 13 / 3 4 7 8 11 12 / 10 14 15";
    let alone = open(six_six_three);
    let catalogue = open(&format!(
        "{six_six_three} ; 1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 ; \
         1 5 9 13 2 / 6 10 14 3 7 / 11 15 4 8 12"
    ));
    assert_eq!(catalogue.splits.len(), 3);
    (alone, catalogue)
}

/// Korf's instances up to 50 moves, with 6-6-3 and two 5-5-5 splits of their own, the
/// catalogue bounding every iteration: the answers 6-6-3 alone gives, byte for byte,
/// in fewer nodes in all.
#[test]
fn a_catalogue_answers_as_its_first_split_alone_in_fewer_nodes() {
    let korf = crate::fifteen::korf();
    let easy: Vec<_> = korf.iter().filter(|(_, _, length)| *length <= 50).collect();
    assert!(easy.len() >= 20);
    let (alone, catalogue) = six_six_three_and_a_catalogue();
    let strong = Settings {
        choice: Choice::Strong,
        ..Settings::new()
    };
    let (mut nodes_alone, mut nodes_catalogue) = (0, 0);
    for (label, board, length) in easy {
        let one = alone.outcome(board).unwrap().solved().unwrap();
        let (databases, splits) = (&catalogue.databases, &catalogue.splits);
        let all = search(databases, splits, board, &korf_goal(), &strong);
        let all = all.solved().unwrap();
        assert_eq!(letters(&all.moves), letters(&one.moves), "instance {label}");
        assert_eq!(all.moves.len(), *length, "instance {label}");
        nodes_alone += one.nodes;
        nodes_catalogue += all.nodes;
    }
    assert!(
        nodes_catalogue < nodes_alone,
        "{nodes_catalogue} nodes against {nodes_alone}"
    );
}

/// A catalogue's iterations may each take the catalogue or its first split alone
/// (`Choice`): on all of Korf's 100, with a switch every iteration, and with the faster
/// bound measured on samples (the instances whose iterations grow past
/// `COMPARE_FROM` nodes compare them), the answers are those of 6-6-3 alone, byte for
/// byte, at the published lengths.
#[test]
fn iterations_under_either_bound_answer_as_one_bound_does() {
    let (alone, catalogue) = six_six_three_and_a_catalogue();
    let (databases, splits) = (&catalogue.databases, &catalogue.splits);
    let mut compared = 0;
    for (label, board, length) in crate::fifteen::korf() {
        let one = alone.outcome(&board).unwrap().solved().unwrap();
        assert_eq!(one.moves.len(), length, "instance {label}");
        // The nodes when each iteration began: the bounds are compared before an
        // iteration that follows one of COMPARE_FROM nodes.
        let begun = std::sync::Mutex::new(Vec::new());
        let progress = |report: Report| {
            let mut begun = begun.lock().unwrap();
            if begun.last().is_none_or(|&(bound, _)| bound != report.bound) {
                begun.push((report.bound, report.nodes));
            }
        };
        for choice in [Choice::Alternate, Choice::Faster] {
            let settings = Settings {
                choice,
                progress: Some(&progress),
                ..Settings::new()
            };
            begun.lock().unwrap().clear();
            let either = search(databases, splits, &board, &korf_goal(), &settings);
            let either = either.solved().unwrap();
            let (got, expected) = (letters(&either.moves), letters(&one.moves));
            assert_eq!(got, expected, "instance {label}, {choice:?}");
        }
        let begun = begun.into_inner().unwrap();
        let iterations = begun.windows(2).map(|pair| pair[1].1 - pair[0].1);
        compared += usize::from(iterations.into_iter().any(|nodes| nodes >= COMPARE_FROM));
    }
    assert!(
        compared >= 2,
        "{compared} instances large enough to compare"
    );
}

/// The same on the 24-puzzle: a catalogue of the quick partition's rows and of columns
/// (groups of 5 and 4), with a switch every iteration, with the faster bound taken on
/// samples, and under the catalogue throughout, answers random walks from Korf's goal
/// as its first split alone does and as the table-free Manhattan IDA* does, byte for
/// byte.
#[test]
fn iterations_under_either_bound_answer_the_24_puzzle_as_one_bound_does() {
    use rand::Rng;
    use tablesolve::sliding::{manhattan_ida, random_walk};
    let goal = Board::<5, 5>::canonical(0);
    let rows = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24";
    let columns = "5 10 15 20 / 1 6 11 16 21 / 2 7 12 17 22 / 3 8 13 18 23 / 4 9 14 19 24";
    let catalogue: Partition = format!("{rows} ; {columns}").parse().unwrap();
    let (databases, splits) = databases_of(&catalogue, &goal);
    assert_eq!(splits.len(), 2);
    let first: Vec<_> = splits[0].iter().map(|&p| databases[p].borrowed()).collect();
    let first_split = [(0..first.len()).collect()];
    let mut rng = crate::common::rng(57);
    let mut switched = 0;
    for walk in 0..8 {
        let length = rng.random_range(30..=50);
        let start = random_walk(&mut rng, &goal, length);
        let expected = letters(&manhattan_ida(&start, &goal).unwrap());
        let alone = search(&first, &first_split, &start, &goal, &Settings::new());
        let alone = alone.solved().unwrap();
        assert_eq!(
            letters(&alone.moves),
            expected,
            "walk {walk}, the first split"
        );
        // The bounds of the iterations searched: with a switch every iteration, three
        // take the first split, then the catalogue, then the first split again.
        let bounds = std::sync::Mutex::new(std::collections::BTreeSet::new());
        let progress = |report: Report| {
            bounds.lock().unwrap().insert(report.bound);
        };
        for choice in [Choice::Alternate, Choice::Faster, Choice::Strong] {
            let settings = Settings {
                choice,
                progress: Some(&progress),
                ..Settings::new()
            };
            bounds.lock().unwrap().clear();
            let either = search(&databases, &splits, &start, &goal, &settings);
            let either = either.solved().unwrap();
            assert_eq!(letters(&either.moves), expected, "walk {walk}, {choice:?}");
            if choice == Choice::Alternate {
                switched += usize::from(bounds.lock().unwrap().len() >= 3);
            }
        }
    }
    assert!(
        switched >= 4,
        "{switched} walks searched in three iterations or more"
    );
}
