use super::*;
use crate::search::{Cancel, Limits};

mod foresight;

/// A counter to bring to zero by steps of -3 (`a`), -2 (`b`) or +1 (`c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Step(i32);

impl Move for Step {
    const ALL: &'static [Step] = &[Step(-3), Step(-2), Step(1)];
    fn letter(self) -> char {
        match self.0 {
            -3 => 'a',
            -2 => 'b',
            _ => 'c',
        }
    }
    fn inverse(self) -> Step {
        // No move undoes another here.
        Step(100)
    }
}

/// The counter after `step`, which must not go below zero.
fn count(&n: &i32, step: Step) -> Option<i32> {
    (n + step.0 >= 0).then_some(n + step.0)
}

/// The counter to bring to zero, bounded by its value over `divisor`, rounded up
/// (over 3, the longest step: exact enough); with `ahead`, the bound is given only
/// in [`Problem::bound_children`] (until then a child's bound reads 0, a goal's),
/// and the subtrees are searched side by side.
struct Counter {
    divisor: u32,
    ahead: bool,
}

/// The counter under its best bound.
const COUNTER: Counter = Counter {
    divisor: 3,
    ahead: false,
};
/// The counter under a weaker bound, so that its iterations are wide, searched side
/// by side.
const AHEAD: Counter = Counter {
    divisor: 6,
    ahead: true,
};

impl Problem for Counter {
    type State = i32;
    type Move = Step;
    fn lower_bound(&self, &n: &i32) -> u32 {
        (n as u32).div_ceil(self.divisor)
    }
    fn expand(&self, n: &i32, last: Option<Step>, children: &mut Children<i32, Step>) {
        let bound = |n: &i32| if self.ahead { 0 } else { self.lower_bound(n) };
        expand_each(n, last, children, count, bound);
    }
    fn bound_children(&self, children: &mut Children<i32, Step>) {
        if self.ahead {
            for child in children {
                child.bound = self.lower_bound(&child.state);
            }
        }
    }
    fn asks_ahead(&self) -> bool {
        self.ahead
    }
}

fn letters(moves: &[Step]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

#[test]
fn finds_the_smallest_of_the_shortest() {
    // 7 = 3 + 2 + 2 in three moves; in letter order "abb" comes first.
    let found = ida_star(&COUNTER, &7).unwrap();
    assert_eq!(letters(&found.moves), "abb");
    assert!(found.nodes > 0);
    assert_eq!(ida_star(&COUNTER, &0).unwrap().moves, vec![]);
    // 1 needs +1 first: "cb" (1 -> 2 -> 0).
    assert_eq!(letters(&ida_star(&COUNTER, &1).unwrap().moves), "cb");
}

/// Searches side by side are told apart in their reports: each its own number, the
/// case it was started for, and a last report that says it ended.
#[test]
fn reports_name_their_search_and_case_and_end_once() {
    let heard = std::sync::Mutex::new(Vec::new());
    let progress = |report: Report| heard.lock().unwrap().push(report);
    let settings = Settings {
        progress: Some(&progress),
        ..Settings::new()
    };
    let (a, b) = rayon::join(
        || crate::search::for_case(7, || search(&AHEAD, &40, &settings)),
        || crate::search::for_case(9, || search(&AHEAD, &41, &settings)),
    );
    assert!(a.solved().is_some() && b.solved().is_some());
    let unlabelled = search(&COUNTER, &5, &settings);
    assert!(unlabelled.solved().is_some());
    let heard = heard.into_inner().unwrap();
    let mut searches = std::collections::BTreeMap::new();
    for report in &heard {
        searches
            .entry(report.search)
            .or_insert_with(Vec::new)
            .push(*report);
    }
    let cases: Vec<Option<usize>> = searches.values().map(|r| r[0].case).collect();
    assert_eq!(searches.len(), 3, "{cases:?}");
    let mut sorted = cases.clone();
    sorted.sort();
    assert_eq!(sorted, [None, Some(7), Some(9)]);
    for reports in searches.values() {
        assert!(reports.iter().all(|r| r.case == reports[0].case));
        let ends = reports.iter().filter(|r| r.finished).count();
        assert_eq!(ends, 1, "{reports:?}");
        assert!(reports.last().unwrap().finished, "{reports:?}");
        assert!(reports.last().unwrap().nodes > 0);
    }
}

#[test]
fn split_searches_answer_as_one_thread_does() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let split = Settings {
        split_from: 0,
        ..Settings::new()
    };
    for n in 0..40 {
        let alone = ida_star(&COUNTER, &n).unwrap().moves;
        let together = pool
            .install(|| search(&COUNTER, &n, &split))
            .solved()
            .unwrap();
        assert_eq!(together.moves, alone, "from {n}");
    }
}

#[test]
fn subtrees_side_by_side_answer_as_one_alone() {
    let split = Settings {
        split_from: 0,
        ..Settings::new()
    };
    for threads in [1, 3] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for n in 0..40 {
            let alone = ida_star(&COUNTER, &n).unwrap().moves;
            let side_by_side = pool.install(|| search(&AHEAD, &n, &split)).solved();
            assert_eq!(
                side_by_side.unwrap().moves,
                alone,
                "from {n}, {threads} threads"
            );
            let every = |problem: &dyn Fn() -> Outcome<Every<Step>>| problem().solved().unwrap();
            let listed = every(&|| every_shortest(&COUNTER, &n, &Settings::new(), true));
            let together = every(&|| pool.install(|| every_shortest(&AHEAD, &n, &split, true)));
            assert_eq!(
                together.answers, listed.answers,
                "from {n}, {threads} threads"
            );
            assert_eq!(together.count, listed.count);
        }
    }
}

/// Iterations under either of two bounds, whichever each takes, whole or split:
/// the answer of the stronger bound alone.
#[test]
fn iterations_under_either_bound_answer_as_one_bound_does() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    for choice in [
        Choice::Faster,
        Choice::Strong,
        Choice::Cheap,
        Choice::Alternate,
    ] {
        for split_from in [0, SPLIT_FROM] {
            let settings = Settings {
                choice,
                split_from,
                ..Settings::new()
            };
            for n in 0..40 {
                let alone = ida_star(&COUNTER, &n).unwrap().moves;
                let either =
                    pool.install(|| search_either((&AHEAD, &n), (&COUNTER, &n), &settings));
                let either = either.solved().unwrap().moves;
                assert_eq!(
                    either, alone,
                    "from {n}, {choice:?}, split from {split_from}"
                );
            }
        }
    }
}

#[test]
fn every_shortest_solution_is_counted_and_listed_in_order() {
    // 4 in two moves: "bb" only; 5 in two: "ab", "ba".
    let every = every_shortest(&COUNTER, &5, &Settings::new(), true)
        .solved()
        .unwrap();
    let listed: Vec<String> = every.answers.iter().map(|m| letters(m)).collect();
    assert_eq!((every.length, every.count), (2, 2));
    assert_eq!(listed, ["ab", "ba"]);
    let every = every_shortest(&COUNTER, &4, &Settings::new(), false)
        .solved()
        .unwrap();
    assert_eq!((every.length, every.count, every.answers.len()), (2, 1, 0));
}

#[test]
fn limits_stop_with_a_proven_bound() {
    let settings = Settings {
        limits: Limits {
            nodes: Some(10),
            ..Limits::default()
        },
        ..Settings::new()
    };
    // 3000 needs 1000 moves; the first bound is already 1000, and proven.
    let Outcome::Stopped(stopped) = search(&COUNTER, &3000, &settings) else {
        panic!("not stopped");
    };
    assert_eq!((stopped.reason, stopped.lower_bound), (Reason::Nodes, 1000));
    assert!((10..=13).contains(&stopped.nodes), "{}", stopped.nodes);
    let cancel = Cancel::new();
    cancel.cancel();
    let settings = Settings {
        limits: Limits {
            cancel: Some(cancel),
            ..Limits::default()
        },
        ..Settings::new()
    };
    let outcome = search(&COUNTER, &10_000, &settings);
    assert!(matches!(outcome, Outcome::Stopped(s) if s.reason == Reason::Cancelled));
}

/// One iteration at `bound` under `state`, `depth` moves from the start, searched to
/// its end by plain recursion: the nodes it generates and the least cost it prunes.
/// The reference a cut's tasks must add up to.
fn whole_iteration(problem: &Counter, state: i32, depth: u32, bound: u32) -> (u64, u32) {
    let (mut nodes, mut next_bound) = (0, u32::MAX);
    let mut children = Children::new();
    children_of(problem, &state, None, &mut children);
    nodes += children.len() as u64;
    for child in children {
        let cost = depth + 1 + child.bound;
        if cost > bound {
            next_bound = next_bound.min(cost);
        } else {
            assert_ne!(child.bound, 0, "an iteration without a solution");
            let (below, pruned) = whole_iteration(problem, child.state, depth + 1, bound);
            nodes += below;
            next_bound = next_bound.min(pruned);
        }
    }
    (nodes, next_bound)
}

/// `cut`'s tasks, split by the sizes `before`, each searched on its own, in reverse
/// order (a cluster runs them in any order).
fn tasks_of(
    problem: &Counter,
    n: i32,
    (bound, tasks): (u32, usize),
    before: &[(Vec<Step>, u64)],
) -> (Cut<Step>, Vec<TaskFound<Step>>) {
    let cut = cut(problem, &n, bound, tasks, before);
    let mut searched: Vec<_> = cut
        .tasks
        .iter()
        .rev()
        .map(
            |prefix| match search_task(problem, &n, bound, prefix, &Settings::new()) {
                Some(TaskOutcome::Searched(searched)) => searched,
                other => panic!("task {prefix:?} from {n}: {other:?}"),
            },
        )
        .collect();
    searched.reverse();
    (cut, searched)
}

/// The tasks of a cut with the nodes searching each took.
fn sizes(cut: &Cut<Step>, searched: &[TaskFound<Step>]) -> Vec<(Vec<Step>, u64)> {
    let nodes = searched.iter().map(|s| s.nodes);
    cut.tasks.iter().cloned().zip(nodes).collect()
}

const WIDE: Counter = Counter {
    // The weak bound makes wide iterations without a solution below the last.
    divisor: 6,
    ahead: false,
};

#[test]
fn tasks_of_an_iteration_cover_it_exactly() {
    for (n, bound) in [(40, 8), (40, 12), (59, 15), (100, 19)] {
        let (nodes, next_bound) = whole_iteration(&WIDE, n, 0, bound);
        for tasks in [1, 2, 7, 50, 1000] {
            // Cut by depth, by the sizes of the iteration before, and by sizes that
            // have nothing to do with this iteration: each covers it exactly.
            let (by_depth, searched) = tasks_of(&WIDE, n, (bound, tasks), &[]);
            let before = tasks_of(&WIDE, n, (bound - 1, 40), &[]);
            let unrelated = [(vec![Step(1); 3], 5), (vec![Step(-2)], 1 << 40)];
            let cuts = [
                (by_depth, searched),
                tasks_of(&WIDE, n, (bound, tasks), &sizes(&before.0, &before.1)),
                tasks_of(&WIDE, n, (bound, tasks), &unrelated),
            ];
            for (cut, searched) in cuts {
                let all = cut.nodes + searched.iter().map(|s| s.nodes).sum::<u64>();
                assert_eq!(all, nodes, "from {n} at {bound}, {tasks} tasks");
                assert_eq!(cut.combine(&searched), Iteration::Deeper(next_bound));
                // As many tasks as asked for, or none: every state within the bound
                // lies above the cut.
                let count = cut.tasks.len();
                assert!(count >= tasks || count == 0, "{count} tasks of {tasks}");
                assert_eq!(cut.expected.len(), count);
                assert!(cut.tasks.windows(2).all(|w| w[0] < w[1]), "letter order");
            }
        }
    }
}

#[test]
fn a_cut_splits_where_the_nodes_were() {
    let (n, bound) = (100, 23);
    let (first, searched) = tasks_of(&WIDE, n, (bound, 8), &[]);
    let mut before = sizes(&first, &searched);
    // The sizes of one task, a small one with a subtree to split, made to dwarf the
    // rest.
    let smallest = before.iter().filter(|(_, nodes)| *nodes >= 50);
    let (heavy, _) = smallest.min_by_key(|(_, nodes)| *nodes).unwrap().clone();
    for (task, nodes) in &mut before {
        *nodes = if *task == heavy { 1 << 30 } else { 1 };
    }
    let split = cut(&WIDE, &n, bound, before.len() + 4, &before);
    // What the heavy task held is expected of the tasks under it (less the shares of
    // states with nothing under them), and each task kept whole keeps its size.
    let expected = |task: &Vec<Step>| split.expected[split.tasks.binary_search(task).unwrap()];
    let under_heavy: u64 = split
        .tasks
        .iter()
        .filter(|t| t.starts_with(&heavy))
        .map(expected)
        .sum();
    assert!(
        under_heavy <= 1 << 30 && under_heavy > 1 << 29,
        "{under_heavy}"
    );
    for (task, nodes) in before.iter().filter(|(task, _)| split.tasks.contains(task)) {
        assert_eq!(expected(task), *nodes);
    }
    let split = split.tasks;
    // The heavy task is split into most of the cut; the others stay as they were or
    // are joined into the states above them.
    let under = split.iter().filter(|t| t.starts_with(&heavy)).count();
    assert!(!split.contains(&heavy));
    assert!(
        under >= 5 && 2 * under > split.len(),
        "{under} of {split:?}"
    );
    for task in split.iter().filter(|t| !t.starts_with(&heavy)) {
        assert!(!heavy.starts_with(task), "{task:?} holds the heavy task");
        assert!(
            before.iter().any(|(old, _)| old.starts_with(task)),
            "{task:?}"
        );
    }
}

#[test]
fn tasks_combined_answer_as_one_thread_does() {
    for problem in [&COUNTER, &AHEAD] {
        for n in 0..40 {
            let alone = ida_star(&COUNTER, &n).unwrap().moves;
            for tasks in [1, 3, 40] {
                let mut bound = problem.lower_bound(&n);
                let mut before = Vec::new();
                let answer = loop {
                    // Each iteration cut by the sizes of the one before, as a
                    // cluster's driver does.
                    let (cut, searched) = tasks_of(problem, n, (bound, tasks), &before);
                    match cut.combine(&searched) {
                        Iteration::Solved(moves) => break moves,
                        Iteration::Deeper(next) => bound = next,
                        Iteration::Exhausted => panic!("{n} is reachable"),
                    }
                    before = sizes(&cut, &searched);
                };
                assert_eq!(answer, alone, "from {n}, {tasks} tasks");
            }
        }
    }
}

#[test]
fn a_task_is_searched_within_limits_and_checked() {
    let tight = Settings {
        limits: Limits {
            nodes: Some(10),
            ..Limits::default()
        },
        ..Settings::new()
    };
    let stopped = search_task(&COUNTER, &3000, 1000, &[Step(-3)], &tight);
    assert!(matches!(stopped, Some(TaskOutcome::Stopped(s)) if s.reason == Reason::Nodes));
    // From 1, -3 goes below zero: not a move the search plays.
    assert_eq!(
        search_task(&COUNTER, &1, 2, &[Step(-3)], &Settings::new()),
        None
    );
    // A prefix past the bound is pruned where it stands.
    let pruned = search_task(&COUNTER, &9, 3, &[Step(1), Step(1)], &Settings::new());
    let Some(TaskOutcome::Searched(pruned)) = pruned else {
        panic!("{pruned:?}")
    };
    assert_eq!(
        (pruned.first, pruned.nodes, pruned.next_bound),
        (None, 0, 2 + 4)
    );
}

/// An iteration cut into as many subtrees as a large one before it asks for, up to
/// the most, finds what it finds whole: the same first solution, or the same next
/// bound and nodes where it has none.
#[test]
fn an_iteration_cut_finely_finds_what_it_finds_whole() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let settings = Settings::new();
    for n in [25, 40] {
        let length = ida_star(&WIDE, &n).unwrap().moves.len() as u32;
        for bound in [length - 2, length] {
            let search = |split| {
                let account = Account::new(&settings.limits, settings.progress);
                let root = Item::root(&n, WIDE.lower_bound(&n));
                let pass = iteration(&WIDE, &account, Want::First, bound, root, split).unwrap();
                (pass.first, pass.next_bound, account.nodes())
            };
            let whole = search(None);
            for before in [0, 1 << 20, u64::MAX] {
                let (first, next_bound, nodes) = pool.install(|| search(Some(before)));
                let at = format!("from {n} at {bound}, after {before} nodes");
                assert_eq!(first, whole.0, "{at}");
                if first.is_none() {
                    assert_eq!((next_bound, nodes), (whole.1, whole.2), "{at}");
                }
            }
        }
    }
    assert_eq!(split::subtrees(8, 0), 8 * worker::SUBTREES_PER_LANE);
    assert!(split::subtrees(8, 1 << 30) > split::subtrees(8, 1 << 24));
    assert_eq!(split::subtrees(8, u64::MAX), split::subtrees(8, 1 << 60));
}
