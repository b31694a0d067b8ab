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

/// A puzzle of `n` sets of two pieces, each swapped by a move of its own: every set
/// swapped takes `n` moves in any order, `n!` shortest answers.
fn swaps(n: usize, dir: &std::path::Path) -> std::path::PathBuf {
    let sets: String = (0..n).map(|i| format!("Set S{i} 2 1\n")).collect();
    let solved: String = (0..n).map(|i| format!("S{i}\n1 2\n")).collect();
    let moves: String = (0..n)
        .map(|i| format!("Move M{i}\nS{i}\n2 1\nEnd\n"))
        .collect();
    let path = dir.join(format!("swaps{n}.def"));
    let text = format!("Name swaps{n}\n{sets}Solved\n{solved}End\n{moves}");
    std::fs::write(&path, text).unwrap();
    path
}

/// Every order of `0..n`, in lexicographic order.
fn orders(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for first in 0..n {
        for rest in orders(n - 1) {
            let mut order = vec![first];
            order.extend(rest.into_iter().map(|k| k + usize::from(k >= first)));
            all.push(order);
        }
    }
    all
}

/// `--all` lists every one of 8! orders; past a million it counts them (`--count`) but
/// refuses to list them, in bounded memory, after the answers of the cases before.
#[test]
fn a_listing_past_a_million_answers_is_refused_the_count_given() {
    let dir = tempfile::tempdir().unwrap();
    let eight = swaps(8, dir.path());
    let all = (0..8)
        .map(|i| format!("M{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    let output = tablesolve(
        tables(),
        &["def", eight.to_str().unwrap(), "--all"],
        format!("{all}\n").as_bytes(),
    );
    let expected: Vec<String> = (orders(8).iter())
        .map(|order| {
            order
                .iter()
                .map(|i| format!("M{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let text = crate::common::stdout(&output);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("40320"));
    assert!(lines.eq(expected.iter().map(String::as_str)));

    let ten = swaps(10, dir.path());
    let all = (0..10)
        .map(|i| format!("M{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    let input = format!("M0 M1\n{all}\nM2\n");
    let counted = tablesolve(
        tables(),
        &["def", ten.to_str().unwrap(), "--count"],
        input.as_bytes(),
    );
    assert_eq!(crate::common::stdout(&counted), "2\n3628800\n1\n");
    let listed = tablesolve(
        tables(),
        &["def", ten.to_str().unwrap(), "--all"],
        input.as_bytes(),
    );
    assert_eq!(listed.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&listed.stdout), "2\nM0 M1\nM1 M0\n");
    let err = String::from_utf8_lossy(&listed.stderr);
    assert!(
        err.contains(
            "case 2: 3628800 shortest answers of 10 moves, more than `--all` lists (1000000)"
        ),
        "{err}"
    );
}
