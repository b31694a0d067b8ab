//! The nodes of each task of one board's search, every iteration cut into `TASKS` tasks
//! as `tablesolve.cluster` cuts them (the largest expected from the iteration before
//! split first): the measurements behind `bench/cluster.py`'s simulation of larger
//! clusters (doc/cluster.md).
//!
//! `cargo run --release --example task_nodes -- SIZE GOAL PARTITION TASKS BOARD`
//!
//! Writes one JSON line an iteration: its bound, the nodes above the cut, and each
//! task's moves and nodes, in task order (`null` for the tasks after the first with a
//! solution, which the search does not need). The tasks are searched on every core,
//! each on one thread, taken in task order as a cluster's workers take them.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use tablesolve::moves::letters;
use tablesolve::search::{Limits, TaskOutcome};
use tablesolve::sliding::{Board, Partition, Sliding, SlidingOptions};
use tablesolve::TableDir;

/// What one task's search found: its nodes, whether it holds a solution, and the
/// least cost it pruned.
type Found = Option<(u64, bool, u32)>;

fn run<const W: usize, const H: usize>(
    goal: &str,
    partition: &str,
    tasks: usize,
    board: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let goal = Board::<W, H>::parse_goal(goal)?;
    let start = Board::<W, H>::parse_values(board)?;
    let partition: Partition = partition.parse()?;
    let options = SlidingOptions {
        goal,
        partition: Some(partition),
        ..SlidingOptions::default()
    };
    let tables = TableDir::new(TableDir::default_location());
    let sliding = Sliding::open(&tables, options)?;
    let Some(mut bound) = sliding.first_bound(&start)? else {
        return Err("the board cannot reach the goal".into());
    };
    let clock = Instant::now();
    let mut before = Vec::new();
    loop {
        let cut = sliding.cut(&start, bound, tasks, &before)?;
        let found: Vec<Mutex<Found>> = cut.tasks.iter().map(|_| Mutex::new(None)).collect();
        let (next, earliest) = (AtomicUsize::new(0), AtomicUsize::new(usize::MAX));
        rayon::scope(|scope| {
            for _ in 0..rayon::current_num_threads() {
                scope.spawn(|_| loop {
                    let place = next.fetch_add(1, Ordering::Relaxed);
                    if place >= cut.tasks.len() || place > earliest.load(Ordering::Relaxed) {
                        return;
                    }
                    let outcome = sliding
                        .search_task(&start, bound, &cut.tasks[place], &Limits::default())
                        .expect("a task of the cut");
                    let TaskOutcome::Searched(searched) = outcome else {
                        unreachable!("no limits")
                    };
                    let solved = searched.first.is_some();
                    if solved {
                        earliest.fetch_min(place, Ordering::Relaxed);
                    }
                    let result = (searched.nodes, solved, searched.next_bound);
                    *found[place].lock().unwrap() = Some(result);
                });
            }
        });
        let found: Vec<Found> = found.into_iter().map(|f| f.into_inner().unwrap()).collect();
        let solved_at = found
            .iter()
            .position(|f| f.is_some_and(|(_, solved, _)| solved));
        let nodes: Vec<serde_json::Value> = found
            .iter()
            .enumerate()
            .map(|(place, f)| match (f, solved_at) {
                (Some(_), Some(at)) if place > at => serde_json::Value::Null,
                (Some((nodes, _, _)), _) => (*nodes).into(),
                (None, _) => serde_json::Value::Null,
            })
            .collect();
        let line = serde_json::json!({
            "bound": bound,
            "cut_nodes": cut.nodes,
            "moves": cut.tasks.iter().map(|t| letters(t)).collect::<Vec<_>>(),
            "nodes": nodes,
            "solved_at": solved_at,
            "seconds": clock.elapsed().as_secs_f64(),
        });
        writeln!(std::io::stdout(), "{line}")?;
        if solved_at.is_some() {
            return Ok(());
        }
        // Every task was searched: the next bound is the least pruned anywhere.
        let found: Vec<_> = found
            .iter()
            .map(|f| f.expect("every task searched"))
            .collect();
        bound = found.iter().map(|f| f.2).fold(cut.next_bound, u32::min);
        before = cut
            .tasks
            .into_iter()
            .zip(found.iter().map(|f| f.0))
            .collect();
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, goal, partition, tasks, board] = &args[..] else {
        eprintln!("usage: task_nodes SIZE GOAL PARTITION TASKS BOARD");
        return ExitCode::from(2);
    };
    let size = tablesolve::sliding::parse_size(size);
    let tasks: Result<usize, _> = tasks.parse();
    let (Ok(size), Ok(tasks)) = (size, tasks) else {
        eprintln!("task_nodes: SIZE is WxH, TASKS a number");
        return ExitCode::from(2);
    };
    let result = tablesolve::for_size!(
        size,
        run(goal, partition, tasks, board),
        unreachable!("parse_size keeps to 2-5")
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("task_nodes: {error}");
            ExitCode::FAILURE
        }
    }
}
