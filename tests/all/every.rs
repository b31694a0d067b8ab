//! Every shortest answer (`--count`, `--all`) against brute-force enumeration: every
//! move sequence of the shortest length, tried one by one.

use rand::Rng;

use crate::common::{rng, tables, tablesolve};
use tablesolve::eight::Grid;
use tablesolve::judge::{EveryShortest, Shortest};
use tablesolve::moves::letters;
use tablesolve::rotation::{Board, Move};
use tablesolve::sliding::{random_walk, Slide};
use tablesolve::{Eight, Eight2, Rotation, TableDir};

/// Every sequence of `length` moves from `M::ALL`, in letter order.
fn sequences<M: tablesolve::moves::Move>(length: usize) -> Vec<Vec<M>> {
    (0..length).fold(vec![vec![]], |shorter, _| {
        shorter
            .iter()
            .flat_map(|s| {
                M::ALL.iter().map(move |&m| {
                    let mut longer = s.clone();
                    longer.push(m);
                    longer
                })
            })
            .collect()
    })
}

/// The lines `--all` writes after the count, found by trying every sequence of each
/// length until some reach the goal.
fn brute_force<M: tablesolve::moves::Move>(
    longest: usize,
    line: impl Fn(&[M]) -> Option<String>,
) -> Vec<String> {
    (0..=longest)
        .map(|length| {
            let mut lines: Vec<String> = sequences::<M>(length)
                .iter()
                .filter_map(|s| line(s))
                .collect();
            lines.sort();
            lines
        })
        .find(|lines| !lines.is_empty())
        .expect("an answer within the longest length")
}

fn found(shortest: Shortest) -> (u128, Vec<String>) {
    match shortest {
        Shortest::Found { count, lines, .. } => (count, lines),
        other => panic!("{other:?}"),
    }
}

fn dir() -> TableDir {
    TableDir::new(tables()).build_missing(|_| {})
}

#[test]
fn rotation_answers_of_every_digit_equal_every_sequence_tried() {
    let rotation = Rotation::open(&dir()).unwrap();
    let mut rng = rng(31);
    let goal: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        .parse()
        .unwrap();
    for _ in 0..25 {
        // Boards a few moves from some solved board have short answers to enumerate.
        let mut board = goal;
        board.apply_all(&rotation.solve(&goal).unwrap().moves);
        for _ in 0..rng.random_range(0..=4) {
            board.apply(Move::ALL[rng.random_range(0..8)]);
        }
        let expected = brute_force::<Move>(4, |moves| {
            let mut end = board;
            end.apply_all(moves);
            let digit = end.centre_digit()?;
            Some(match moves.is_empty() {
                true => digit.to_string(),
                false => format!("{digit} {}", letters(moves)),
            })
        });
        let (count, lines) = found(rotation.every_shortest(&board, true).unwrap());
        assert_eq!(lines, expected, "{board:?}");
        assert_eq!(count, expected.len() as u128);
        let (count, lines) = found(rotation.every_shortest(&board, false).unwrap());
        assert_eq!((count, lines.len()), (expected.len() as u128, 0));
    }
}

#[test]
fn eight_puzzle_answers_equal_every_sequence_tried() {
    let tables = dir();
    let (eight, eight2) = (
        Eight::open(&tables).unwrap(),
        Eight2::open(&tables).unwrap(),
    );
    let goal: Grid = "12345678x".parse().unwrap();
    let mut rng = rng(32);
    let mut several = 0;
    for _ in 0..40 {
        let length = rng.random_range(0..=9);
        let start = random_walk(&mut rng, &goal, length);
        let expected = brute_force::<Slide>(9, |moves| {
            let end = moves.iter().try_fold(start, |g, &m| g.apply(m))?;
            (end == goal).then(|| letters(moves))
        });
        let (count, lines) = found(eight.every_shortest(&start, true).unwrap());
        assert_eq!(lines, expected, "{start}");
        assert_eq!(count, expected.len() as u128);
        // The same pair through Eight II's tables, towards a renamed target.
        let (count, lines) = found(eight2.every_shortest(&(start, goal), true).unwrap());
        assert_eq!((count, lines), (expected.len() as u128, expected.clone()));
        several += usize::from(expected.len() > 1);
    }
    assert!(several >= 2, "only {several} cases with several answers");
    let unsolvable: Grid = "21345678x".parse().unwrap();
    assert_eq!(
        eight.every_shortest(&unsolvable, true).unwrap(),
        Shortest::Unsolvable
    );
}

#[test]
fn sliding_exact_table_answers_equal_every_sequence_tried() {
    use tablesolve::sliding::Board;
    use tablesolve::{Sliding, SlidingOptions};
    // A goal that is not canonical: boards are renamed into the table's goal.
    let goal = Board::<3, 3>::new(&[3, 1, 0, 7, 2, 6, 5, 4, 8]).unwrap();
    let options = SlidingOptions {
        goal,
        ..Default::default()
    };
    let board = Sliding::open(&dir(), options).unwrap();
    assert!(board.exact.is_some() && board.databases.is_empty());
    let mut rng = rng(33);
    let mut several = 0;
    for _ in 0..40 {
        let length = rng.random_range(6..=9);
        let start = random_walk(&mut rng, &goal, length);
        let expected = brute_force::<Slide>(9, |moves| {
            let end = moves.iter().try_fold(start, |b, &m| b.apply(m))?;
            (end == goal).then(|| letters(moves))
        });
        let case = tablesolve::judge::SlidingCase {
            label: None,
            start,
            target: goal,
        };
        let (count, lines) = found(EveryShortest::every_shortest(&board, &case, true).unwrap());
        assert_eq!(
            (count, &lines),
            (expected.len() as u128, &expected),
            "{start}"
        );
        let smallest = board.solve(&start).unwrap().map(|moves| letters(&moves));
        assert_eq!(smallest.as_ref(), expected.first(), "{start}");
        several += usize::from(expected.len() > 1);
    }
    assert!(several >= 2, "only {several} cases with several answers");
}

#[test]
fn the_command_line_writes_the_count_then_every_answer() {
    // The HDU 1043 sample needs 19 moves; the judge's answer is the first listed.
    let output = tablesolve(tables(), &["eight", "--all"], b"2 3 4 1 5 x 7 6 8\n");
    let text = crate::common::stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let count: usize = lines[0].parse().unwrap();
    assert_eq!(lines.len(), count + 1);
    assert_eq!(lines[1], "dlurullddrurdllurdr");
    assert!(lines[1..]
        .windows(2)
        .all(|w| w[0] < w[1] && w[0].len() == 19));
    let counted = tablesolve(tables(), &["eight", "--count"], b"2 3 4 1 5 x 7 6 8\n");
    assert_eq!(crate::common::stdout(&counted), format!("{count}\n"));
    let json = tablesolve(
        tables(),
        &["eight", "--count", "--format", "json"],
        b"12345678x\n",
    );
    assert_eq!(
        crate::common::stdout(&json),
        "{\"case\":1,\"count\":1,\"length\":0}\n"
    );
}
