//! One board's search cut into tasks, each searched on its own as another process
//! would, and combined in task order: the answer is the command's, byte for byte, at
//! the published length, and malformed tasks are refused by name.

use tablesolve::fifteen::{korf_goal, Board};
use tablesolve::moves::letters;
use tablesolve::search::{Iteration, Limits, Reason, TaskFound, TaskOutcome};
use tablesolve::sliding::{Slide, TaskError};
use tablesolve::{Fifteen, TableDir};

use crate::common::fifteen;
use crate::fifteen::korf;

/// The answer from `start` by tasks: each iteration cut into at least `tasks` by the
/// sizes of the iteration before's, searched last first (a cluster runs them in any
/// order), combined in task order.
fn by_tasks(
    fifteen: &Fifteen<tablesolve::table::Mapped>,
    start: &Board,
    tasks: usize,
) -> (Vec<Slide>, u32) {
    let mut bound = fifteen.first_bound(start).unwrap().expect("reachable");
    let (mut iterations, mut before) = (0, Vec::new());
    loop {
        iterations += 1;
        let cut = fifteen.cut(start, bound, tasks, &before).unwrap();
        let mut searched: Vec<TaskFound<Slide>> = cut
            .tasks
            .iter()
            .rev()
            .map(
                |prefix| match fifteen.search_task(start, bound, prefix, &Limits::default()) {
                    Ok(TaskOutcome::Searched(searched)) => searched,
                    other => panic!("task {}: {other:?}", letters(prefix)),
                },
            )
            .collect();
        searched.reverse();
        match cut.combine(&searched) {
            Iteration::Solved(moves) => return (moves, iterations),
            Iteration::Deeper(next) => bound = next,
            Iteration::Exhausted => panic!("a reachable board exhausted"),
        }
        let nodes = searched.iter().map(|s| s.nodes);
        before = cut.tasks.into_iter().zip(nodes).collect();
    }
}

#[test]
fn korf_instances_by_tasks_answer_as_the_command() {
    let fifteen = fifteen(korf_goal());
    // The easiest of Korf's 100, to keep the test short.
    let mut instances = korf();
    instances.sort_by_key(|&(_, _, length)| length);
    for (label, board, length) in &instances[..6] {
        let command = fifteen.solve(board).unwrap().unwrap();
        assert_eq!(command.len(), *length, "instance {label}");
        for tasks in [1, 16, 300] {
            let (moves, iterations) = by_tasks(&fifteen, board, tasks);
            assert_eq!(
                letters(&moves),
                letters(&command),
                "instance {label}, {tasks} tasks"
            );
            assert!(iterations > 1, "instance {label}");
        }
    }
}

#[test]
fn tasks_refuse_what_they_cannot_search() {
    let fifteen = fifteen(korf_goal());
    let right = Slide::from_letter('r').unwrap();
    // The blank in the top row: it cannot go up.
    let start = korf_goal().apply(right).unwrap();
    let bound = fifteen.first_bound(&start).unwrap().unwrap();
    let up = [Slide::from_letter('u').unwrap()];
    assert_eq!(start.apply(up[0]), None);
    let refused = fifteen.search_task(&start, bound, &up, &Limits::default());
    assert_eq!(refused, Err(TaskError::NotAPrefix("u".into())));
    let d = Slide::from_letter('d').unwrap();
    let undoing = [d, d.inverse()];
    let refused = fifteen.search_task(&start, bound, &undoing, &Limits::default());
    assert_eq!(refused, Err(TaskError::NotAPrefix("du".into())));
    // The other parity: no search to cut.
    let mut cells = korf_goal().cells().to_vec();
    cells.swap(1, 2);
    let other = Board::new(&cells).unwrap();
    assert_eq!(fifteen.first_bound(&other), Ok(None));
    assert_eq!(fifteen.cut(&other, 10, 4, &[]), Err(TaskError::Unreachable));
    // A node limit stops a task with the bound it was searching.
    let start = korf()[0].1;
    let limits = Limits {
        nodes: Some(1000),
        ..Limits::default()
    };
    let cut = fifteen.cut(&start, 60, 4, &[]).unwrap();
    match fifteen.search_task(&start, 60, &cut.tasks[0], &limits) {
        Ok(TaskOutcome::Stopped(stopped)) => {
            assert_eq!((stopped.reason, stopped.lower_bound), (Reason::Nodes, 60))
        }
        other => panic!("{other:?}"),
    }
    // A board answered from its exact table has no search.
    let dir = tempfile::tempdir().unwrap();
    let small = TableDir::new(dir.path()).build_missing(|_| {});
    let small = tablesolve::Sliding::<_, 3, 2>::open(&small, Default::default()).unwrap();
    let start = tablesolve::sliding::Board::<3, 2>::canonical(5);
    assert_eq!(small.cut(&start, 0, 1, &[]), Err(TaskError::NotSearched));
}
