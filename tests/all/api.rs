//! The library as an embedding program sees it.

use tablesolve::eight::{Grid, GridError};
use tablesolve::rotation::{Board, BoardError};
use tablesolve::{Eight, Eight2, Error, Rotation, TableDir};

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn opened_tables_serve_many_threads() {
    assert_send_sync::<Rotation<tablesolve::table::Mapped>>();
    assert_send_sync::<Eight<tablesolve::table::Mapped>>();
    assert_send_sync::<Eight2<tablesolve::table::Mapped>>();
    assert_send_sync::<TableDir>();
    assert_send_sync::<Error>();

    let dir = tempfile::tempdir().unwrap();
    let rotation = Rotation::open(&TableDir::new(dir.path()).build_missing(|_| {})).unwrap();
    let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        .parse()
        .unwrap();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| rotation.solve(&board).unwrap().letters()))
            .collect();
        for handle in handles {
            assert_eq!(handle.join().unwrap(), "AC");
        }
    });
}

#[test]
fn parsing_errors_are_typed() {
    assert_eq!("1 2 3".parse::<Board>(), Err(BoardError::Length(3)));
    let text = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 x";
    assert_eq!(
        text.parse::<Board>(),
        Err(BoardError::Text {
            position: 23,
            text: "x".into()
        })
    );
    let text = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 0";
    assert_eq!(
        text.parse::<Board>(),
        Err(BoardError::Value {
            position: 23,
            value: 0
        })
    );
    assert_eq!("1 2 3 4 5 6 7 8".parse::<Grid>(), Err(GridError::Length(8)));
    assert_eq!("1 2 3 4 5 6 7 8 x".parse::<Grid>(), Ok(Grid::canonical(8)));
}

#[test]
fn a_missing_table_is_an_error_unless_building_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let error = Eight::open(&TableDir::new(dir.path())).unwrap_err();
    assert!(
        error.to_string().contains("sliding3x3-8.tbl is missing"),
        "{error}"
    );
    let eight = Eight::open(&TableDir::new(dir.path()).build_missing(|_| {})).unwrap();
    let start: Grid = "23415x768".parse().unwrap();
    let moves = eight.solve(&start).unwrap().unwrap();
    assert_eq!(Some(moves.len() as u8), eight.distance(&start));
    let end = moves.iter().try_fold(start, |g, &m| g.apply(m));
    assert_eq!(end, Some(Grid::canonical(8)));
}

#[test]
fn show_draws_every_state_along_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tablesolve"))
        .args([
            "--tables",
            dir.path().to_str().unwrap(),
            "show",
            "eight2",
            "samples/eight2.in",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("case 1: 2 moves dd\n\nstart\n1 2 x\n4 5 3\n7 8 6\n"),
        "{text}"
    );
    assert!(text.contains("d (2 of 2)\n1 2 3\n4 5 6\n7 8 x\n"), "{text}");
    // The second case ends on its target.
    assert!(
        text.ends_with("r (8 of 8)\n7 5 6\n8 x 4\n1 2 3\n\n"),
        "{text}"
    );
}

/// `solve_many` gives each board's `solve`, in input order, past a chunk's end.
#[test]
fn solve_many_answers_in_order_as_solve_does() {
    use rand::Rng;
    let eight = Eight::open(&TableDir::new(crate::common::tables())).unwrap();
    let mut rng = crate::common::rng(24);
    let starts: Vec<Grid> = (0..40_000)
        .map(|_| tablesolve::sliding::random_board(&mut rng))
        .collect();
    let one_by_one: Vec<_> = starts.iter().map(|s| eight.solve(s).unwrap()).collect();
    let many: Vec<_> = eight
        .solve_many(starts.clone())
        .map(Result::unwrap)
        .collect();
    assert_eq!(many.len(), starts.len());
    assert!(many == one_by_one, "solve_many differs from solve");
    assert!(many.iter().any(Option::is_none) && many.iter().any(Option::is_some));

    let fifteen = crate::common::fifteen(tablesolve::fifteen::korf_goal());
    let boards: Vec<_> = (0..60)
        .map(|_| {
            let length = rng.random_range(0..=30);
            tablesolve::sliding::random_walk(&mut rng, fifteen.target(), length)
        })
        .collect();
    let many: Vec<_> = fifteen
        .solve_many(boards.clone())
        .map(Result::unwrap)
        .collect();
    for (board, moves) in boards.iter().zip(many) {
        assert_eq!(moves, fifteen.solve(board).unwrap());
    }
}

/// A limit stops the 15-puzzle's `solve` with a typed error and a sound bound; the
/// boards after it are still answered.
#[test]
fn a_limit_is_an_error_with_the_bound_it_proved() {
    let options = tablesolve::FifteenOptions {
        limits: tablesolve::search::Limits {
            nodes: Some(1000),
            ..Default::default()
        },
        ..crate::common::quick(tablesolve::fifteen::korf_goal())
    };
    let fifteen =
        tablesolve::Fifteen::open(&TableDir::new(crate::common::tables()), options).unwrap();
    // Korf's first instance: 57 moves.
    let hard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
    let near = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15".parse().unwrap();
    let answers: Vec<_> = fifteen.solve_many([hard, near]).collect();
    match &answers[0] {
        Err(Error::Stopped(stopped)) => assert!(stopped.lower_bound <= 57, "{stopped:?}"),
        other => panic!("{other:?}"),
    }
    let moves = answers[1].as_ref().unwrap().as_ref().unwrap();
    assert_eq!(tablesolve::moves::letters(moves), "l");
    let message = fifteen.solve(&hard).unwrap_err().to_string();
    assert!(
        message.starts_with("node limit reached: every answer has at least "),
        "{message}"
    );
}
