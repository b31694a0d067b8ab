//! A defined puzzle's search cut into tasks ([`Def::cut`], [`Def::search_task`]): the
//! tasks searched one by one in task order and combined by the library's rule answer
//! as the search does, iteration by iteration.

use std::path::Path;

use tablesolve::definition::text::{self, Names};
use tablesolve::definition::{Def, DefOptions, Definition, TaskError};
use tablesolve::search::{Iteration, Limits, TaskOutcome};
use tablesolve::table::TableDir;

fn open(name: &str, options: DefOptions) -> (Def, tempfile::TempDir) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(name);
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let def = Def::open(&tables, Definition::read(&path).unwrap(), options).unwrap();
    (def, dir)
}

#[test]
fn tasks_combined_answer_as_the_search() {
    // The smallest databases: iterations of thousands of nodes, cut into many tasks,
    // the last too (looked up at the position only: the images, which a cut reads
    // too, leave few states within the last iteration's bound).
    let smallest = DefOptions {
        most_database: Some(1 << 16),
        position_only: true,
        ..DefOptions::default()
    };
    let long = ["R U F' D2 L B'", "F2 D R' U B2 L' D'", "U R2 F' L D2 B' R"];
    // A corner or an edge a database: more than a goal's first run of databases.
    let mut pieces = DefOptions::default();
    (pieces.most_exact, pieces.most_database) = (Some(1), Some(24));
    let short = ["R U F' D2", "B L2 U'"];
    for (options, scrambles) in [(smallest, &long[..]), (pieces, &short[..])] {
        cut_tasks_answer_as_the_search(options, scrambles);
    }
}

/// Each of `scrambles` and two short ones searched iteration by iteration in tasks
/// of a cut, the tasks' answers combined: the search's answer.
fn cut_tasks_answer_as_the_search(options: DefOptions, scrambles: &[&str]) {
    let (def, _dir) = open("3x3x3.def", options);
    let names = Names::new(def.puzzle());
    for &scramble in scrambles.iter().chain(&["", "F"]) {
        let state = text::case(def.puzzle(), &names, scramble).unwrap();
        let mut bound = def.first_bound(&state).unwrap().expect("solvable");
        let (answer, tasks) = loop {
            let cut = def.cut(&state, bound, 24, &[]).unwrap();
            assert_eq!(cut.bound, bound);
            let mut searched = Vec::new();
            for task in &cut.tasks {
                let outcome = def.search_task(&state, bound, task, &Limits::default());
                let TaskOutcome::Searched(found) = outcome.unwrap() else {
                    panic!("no limit to stop it");
                };
                let solved = found.first.is_some();
                searched.push(found);
                if solved {
                    break;
                }
            }
            match cut.combine(&searched) {
                Iteration::Solved(moves) => break (moves, cut.tasks.len()),
                Iteration::Deeper(next) => bound = next,
                Iteration::Exhausted => panic!("{scramble}: a solvable case exhausted"),
            }
        };
        let expected = def.solve(&state).unwrap().expect("solvable");
        assert_eq!(answer, expected, "{scramble}");
        assert!(answer.len() <= scramble.split_whitespace().count());
        if answer.len() >= 6 {
            assert!(tasks > 1, "{scramble}: the last iteration was not cut");
        }
    }
}

#[test]
fn a_task_off_the_search_or_a_puzzle_not_searched_is_refused() {
    let options = DefOptions {
        most_database: Some(1 << 16),
        ..DefOptions::default()
    };
    let (cube, _dir) = open("3x3x3.def", options);
    let names = Names::new(cube.puzzle());
    let state = text::case(cube.puzzle(), &names, "R U").unwrap();
    let turns = cube.puzzle().turn_list();
    // The same face twice running is a turn the search never plays.
    let twice = [turns[0], turns[0]];
    let refused = cube.search_task(&state, 2, &twice, &Limits::default());
    assert!(
        matches!(refused, Err(TaskError::NotAPrefix(_))),
        "{refused:?}"
    );
    let (exact, _dir) = open("2x2x2.def", DefOptions::default());
    let solved = text::case(exact.puzzle(), &Names::new(exact.puzzle()), "").unwrap();
    let refused = exact.first_bound(&solved);
    assert!(
        matches!(refused, Err(TaskError::NotSearched(_))),
        "{refused:?}"
    );
}
