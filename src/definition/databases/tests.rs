//! The sizes' growth, the images' choice and the limits of a case searched again,
//! on stand-in searches.

use std::sync::{Arc, Barrier, Mutex};
use std::time::Duration;

use super::*;
use crate::search::{Limits, Stopped};

/// A search's answer beside its nodes (to which `searched` adds those of the runs
/// before).
type Answer = (u64, u64);

fn nodes_of(found: &mut Answer) -> &mut u64 {
    &mut found.1
}

/// The answer `searched` gave, if any.
fn answer(outcome: Result<Outcome<Answer>, Error>) -> Option<u64> {
    outcome.expect("searched").solved().map(|found| found.0)
}

/// Three sizes' most entries of one database and entries in all.
const SIZES: [(u64, u64); 3] = [(1 << 16, 1 << 16), (1 << 20, 1 << 24), (1 << 27, 1 << 28)];

/// Databases of [`SIZES`] whose builds build nothing, each `estimate` long, and the
/// sizes built, by their most entries, in order.
fn three_sizes(estimate: Estimate) -> (Databases<Vec<u8>>, Arc<Mutex<Vec<u64>>>) {
    let built = Arc::new(Mutex::new(Vec::new()));
    let record = Arc::clone(&built);
    let build: Build<Vec<u8>> = Box::new(move |most| {
        record.lock().unwrap().push(most);
        Ok(Vec::new())
    });
    let sizing = SIZES.map(|(most, entries)| Sizing { most, entries });
    let databases = Databases::new(&sizing, (0, Vec::new()), build, estimate);
    (databases, built)
}

/// Searches that outgrow one size together build the next size once, and not the
/// one after it: the second to stop finds the size it outgrew outgrown already.
#[test]
fn searches_outgrowing_a_size_together_build_only_the_next() {
    let (databases, built) = three_sizes(Box::new(|_| 1.0));
    let sizes = SIZES;
    // Both searches run out of their budget on the smallest size before either
    // stops, then the next size answers them.
    let both_started = Barrier::new(2);
    let search = |_: &Bounds<Vec<u8>>, _: &Lookups, settings: &Settings| {
        let budget = settings
            .limits
            .nodes
            .expect("a budget below the largest size");
        if budget == sizes[2].1 / 2 {
            return Outcome::Solved((budget, 0));
        }
        both_started.wait();
        Outcome::Stopped(Stopped {
            lower_bound: 1,
            nodes: budget,
            reason: Reason::Nodes,
        })
    };
    let searched =
        || answer(databases.searched(Settings::new, nodes_of, |_| Lookups::none(), search));
    let answers: Vec<Option<u64>> = std::thread::scope(|scope| {
        let both = [scope.spawn(searched), scope.spawn(searched)];
        both.map(|search| search.join().unwrap()).to_vec()
    });
    assert_eq!(answers, vec![Some(sizes[2].1 / 2); 2]);
    assert_eq!(*built.lock().unwrap(), vec![sizes[1].0]);
}

/// A case foreseen too long on a size goes on to the next where its build fits the
/// case's foresight, and stops where it does not: its nodes those of both runs, its
/// bound the larger.
#[test]
fn a_case_foreseen_too_long_grows_into_the_sizes_its_foresight_has_time_to_build() {
    // The second size builds in a second, the third in an hour.
    let sizes = SIZES;
    let estimate = Box::new(move |most| if most == sizes[2].0 { 3600.0 } else { 1.0 });
    let (databases, built) = three_sizes(estimate);
    let settings = || Settings {
        limits: Limits {
            foresight: Some(Duration::from_secs(600)),
            ..Limits::default()
        },
        ..Settings::new()
    };
    // Each run is told apart by its budget; it stops at once, foreseen too long.
    let runs = Mutex::new(Vec::new());
    let search = |_: &Bounds<Vec<u8>>, _: &Lookups, settings: &Settings| {
        let mut runs = runs.lock().unwrap();
        runs.push(settings.limits.nodes);
        Outcome::Stopped(Stopped {
            lower_bound: [7, 5][runs.len() - 1],
            nodes: 10,
            reason: Reason::Foreseen(Duration::from_secs(3000)),
        })
    };
    let outcome = databases.searched(settings, nodes_of, |_| Lookups::none(), search);
    let Outcome::Stopped(stopped) = outcome.expect("searched") else {
        panic!("not stopped");
    };
    assert_eq!((stopped.lower_bound, stopped.nodes), (7, 20));
    // Foreseen from the case's start: no sooner than the last run foresaw.
    assert!(matches!(stopped.reason, Reason::Foreseen(end) if end >= Duration::from_secs(3000)));
    // The first run is cut where the images are chosen, the second by its budget.
    let cuts = [
        Some(LOOKUPS_AFTER),
        Some((sizes[2].1 / 2).max(LEAST_BUDGET)),
    ];
    assert_eq!(*runs.lock().unwrap(), cuts);
    assert_eq!(*built.lock().unwrap(), vec![sizes[1].0]);
}

/// A case foreseen too long on a size another case has outgrown meanwhile goes on to
/// the next, though its build would not have fitted the case's foresight.
#[test]
fn a_case_foreseen_too_long_goes_on_to_a_size_another_case_built() {
    let (databases, built) = three_sizes(Box::new(|_| 3600.0));
    let settings = || Settings {
        limits: Limits {
            foresight: Some(Duration::from_secs(600)),
            ..Limits::default()
        },
        ..Settings::new()
    };
    let runs = Mutex::new(0);
    let search = |_: &Bounds<Vec<u8>>, _: &Lookups, _: &Settings| {
        let mut runs = runs.lock().unwrap();
        if *runs == 0 {
            // Another case outgrows the size while this one searches it.
            databases.grow(0).expect("grown");
        }
        *runs += 1;
        Outcome::<Answer>::Stopped(Stopped {
            lower_bound: 4,
            nodes: 10,
            reason: Reason::Foreseen(Duration::from_secs(3000)),
        })
    };
    let outcome = databases.searched(settings, nodes_of, |_| Lookups::none(), search);
    let foreseen = |s: &Stopped| matches!(s.reason, Reason::Foreseen(_));
    assert!(matches!(outcome, Ok(Outcome::Stopped(s)) if s.nodes == 20 && foreseen(&s)));
    assert_eq!(*runs.lock().unwrap(), 2);
    assert_eq!(*built.lock().unwrap(), vec![SIZES[1].0]);
}

/// A short search never has the images chosen; one that runs through
/// [`LOOKUPS_AFTER`] nodes has them chosen once and is searched again with them,
/// and every search after it has them from the start.
#[test]
fn images_are_chosen_once_searches_have_run_long_enough() {
    let build: Build<Vec<u8>> = Box::new(|_| Ok(Vec::new()));
    let sizing = [Sizing {
        most: 1 << 16,
        entries: 1 << 16,
    }];
    let databases = Databases::new(&sizing, (0, Vec::new()), build, Box::new(|_| 1.0));
    let chosen = Mutex::new(0);
    let choose = |_: &Bounds<Vec<u8>>| {
        *chosen.lock().unwrap() += 1;
        Lookups::none()
    };
    // Each search needs `needs` nodes; each run is recorded with its node limit and
    // whether it was given the images chosen (no budget: the one size is the
    // largest).
    let runs = Mutex::new(Vec::new());
    let search_needing = |needs: u64| {
        let (runs, databases) = (&runs, &databases);
        move |_: &Bounds<Vec<u8>>, lookups: &Lookups, settings: &Settings| {
            let limit = settings.limits.nodes;
            let given = databases.sizes[0].lookups.get();
            let with_images = given.is_some_and(|chosen| std::ptr::eq(chosen, lookups));
            runs.lock().unwrap().push((limit, with_images));
            match limit {
                Some(limit) if limit < needs => Outcome::Stopped(Stopped {
                    lower_bound: 1,
                    nodes: limit,
                    reason: Reason::Nodes,
                }),
                _ => Outcome::Solved(needs),
            }
        }
    };
    let searched = |needs| {
        (databases.searched(Settings::new, |n| n, choose, search_needing(needs)))
            .expect("searched")
            .solved()
    };
    assert_eq!(searched(10), Some(10));
    assert_eq!(*chosen.lock().unwrap(), 0);
    // Cut short once the size's searches together reach the cut: the nodes of both
    // runs are the case's.
    let left = LOOKUPS_AFTER - 10;
    assert_eq!(searched(LOOKUPS_AFTER * 3), Some(LOOKUPS_AFTER * 3 + left));
    assert_eq!(*chosen.lock().unwrap(), 1);
    assert_eq!(searched(10), Some(10));
    assert_eq!(*chosen.lock().unwrap(), 1);
    let runs = runs.lock().unwrap();
    let expected = [
        (Some(LOOKUPS_AFTER), false),
        (Some(left), false),
        (None, true),
        (None, true),
    ];
    assert_eq!(*runs, expected);
}

/// A case cut short to choose the images, then stopped by its own node limit, says
/// the nodes of both runs and the larger bound either proved.
#[test]
fn a_case_searched_again_counts_every_run_and_keeps_the_bound_proved() {
    let build: Build<Vec<u8>> = Box::new(|_| Ok(Vec::new()));
    let sizing = [Sizing {
        most: 1 << 16,
        entries: 1 << 16,
    }];
    let databases = Databases::new(&sizing, (0, Vec::new()), build, Box::new(|_| 1.0));
    let settings = || {
        let mut settings = Settings::new();
        settings.limits.nodes = Some(LOOKUPS_AFTER + 10);
        settings
    };
    // The run cut at the images' cut proves 9; the run after it, stopped within
    // its ten nodes, has proved only 7.
    let search = |_: &Bounds<Vec<u8>>, _: &Lookups, settings: &Settings| {
        let nodes = settings.limits.nodes.expect("a node limit");
        Outcome::<u64>::Stopped(Stopped {
            lower_bound: if nodes == LOOKUPS_AFTER { 9 } else { 7 },
            nodes,
            reason: Reason::Nodes,
        })
    };
    let outcome = databases.searched(settings, |n| n, |_| Lookups::none(), search);
    let Ok(Outcome::Stopped(stopped)) = outcome else {
        panic!("stopped by its limit");
    };
    assert_eq!(
        (stopped.lower_bound, stopped.nodes),
        (9, LOOKUPS_AFTER + 10)
    );
}

/// A case answered within its budget never waits for the next size's estimate;
/// one that runs through it has the estimate made, and the time it took is the
/// case's: the search after it is given what is left.
#[test]
fn the_estimate_is_made_once_a_budget_is_run_through_and_counts_against_the_case() {
    let build: Build<Vec<u8>> = Box::new(|_| Ok(Vec::new()));
    let estimates = Arc::new(Mutex::new(0));
    let counted = Arc::clone(&estimates);
    let estimate: Estimate = Box::new(move |_| {
        *counted.lock().unwrap() += 1;
        std::thread::sleep(Duration::from_millis(300));
        1.0
    });
    let sizing = [1 << 16, 1 << 20].map(|entries| Sizing {
        most: entries,
        entries,
    });
    let databases = Databases::new(&sizing, (0, Vec::new()), build, estimate);
    let settings = || {
        let mut settings = Settings::new();
        settings.limits.time = Some(Duration::from_secs(2));
        settings
    };
    let solved = |_: &Bounds<Vec<u8>>, _: &Lookups, _: &Settings| Outcome::Solved((0, 0));
    let outcome = databases.searched(settings, nodes_of, |_| Lookups::none(), solved);
    assert_eq!(answer(outcome), Some(0));
    assert_eq!(*estimates.lock().unwrap(), 0);
    // Each run given more nodes than the images' cut runs through them: the first,
    // its budget (the images of size 0 chosen already); the run on size 1 is cut
    // to choose that size's images, and answers within the cut.
    let given = Mutex::new(None);
    let search = |_: &Bounds<Vec<u8>>, _: &Lookups, settings: &Settings| {
        *given.lock().unwrap() = settings.limits.time;
        match settings.limits.nodes {
            Some(nodes) if nodes > LOOKUPS_AFTER => Outcome::Stopped(Stopped {
                lower_bound: 1,
                nodes,
                reason: Reason::Nodes,
            }),
            _ => Outcome::Solved((0, 0)),
        }
    };
    let settings_past_images = || {
        let mut settings = settings();
        settings.limits.nodes = Some(u64::MAX);
        settings
    };
    databases.sizes[0]
        .unchosen
        .store(LOOKUPS_AFTER, Ordering::Relaxed);
    let outcome = databases.searched(settings_past_images, nodes_of, |_| Lookups::none(), search);
    assert_eq!(answer(outcome), Some(0));
    assert_eq!(*estimates.lock().unwrap(), 1);
    assert_eq!(databases.current_at(), 1, "the next size built");
    let given = given.lock().unwrap().expect("a time limit");
    assert!(given <= Duration::from_millis(1700), "{given:?}");
}

/// A case whose time left is shorter than the next size's build goes on searching
/// the databases it has, past their budget, and builds nothing; with no time
/// limit the same case has the next size built (and is answered on it).
#[test]
fn a_size_longer_to_build_than_the_case_has_left_is_not_built_for_it() {
    for (time, built_for_it) in [(Some(Duration::from_secs(60)), false), (None, true)] {
        let built = Arc::new(Mutex::new(0));
        let counted = Arc::clone(&built);
        let build: Build<Vec<u8>> = Box::new(move |_| {
            *counted.lock().unwrap() += 1;
            Ok(Vec::new())
        });
        let sizing = [1 << 16, 1 << 30].map(|entries| Sizing {
            most: entries,
            entries,
        });
        let estimate: Estimate = Box::new(|most| if most > 1 << 16 { 3600.0 } else { 0.0 });
        let databases = Databases::new(&sizing, (0, Vec::new()), build, estimate);
        // The images of the first size chosen already: every cut is the budget's.
        databases.sizes[0]
            .unchosen
            .store(LOOKUPS_AFTER, Ordering::Relaxed);
        let settings = || {
            let mut settings = Settings::new();
            settings.limits.time = time;
            settings
        };
        // Every search with a node limit runs through it; each run's limit is kept.
        let runs = Mutex::new(Vec::new());
        let search = |_: &Bounds<Vec<u8>>, _: &Lookups, settings: &Settings| {
            runs.lock().unwrap().push(settings.limits.nodes);
            match settings.limits.nodes {
                Some(nodes) => Outcome::Stopped(Stopped {
                    lower_bound: 1,
                    nodes,
                    reason: Reason::Nodes,
                }),
                None => Outcome::Solved((0, 0)),
            }
        };
        // Two cases, each answered in no nodes of its last run: their nodes are those
        // of the runs before it.
        let nodes = || {
            let outcome = databases.searched(settings, nodes_of, |_| Lookups::none(), search);
            outcome.expect("searched").solved().map(|found| found.1)
        };
        let (first, second) = (nodes(), nodes());
        assert_eq!(
            *built.lock().unwrap(),
            usize::from(built_for_it),
            "{time:?}"
        );
        let budget = (1 << 30) / 2;
        let runs = runs.lock().unwrap();
        match built_for_it {
            // A case weighs the size once its budget is run through, and goes on
            // without one; the next case knows the size too long from the start.
            false => {
                assert_eq!(*runs, [Some(budget), None, None], "{time:?}");
                assert_eq!((first, second), (Some(budget), Some(0)));
            }
            // The size built, the first case is answered on it after a cut to choose
            // its images; the second, with them at once.
            true => {
                let cut = Some(LOOKUPS_AFTER);
                assert_eq!(*runs, [Some(budget), cut, None, None], "{time:?}");
                assert_eq!((first, second), (Some(budget + LOOKUPS_AFTER), Some(0)));
            }
        }
    }
}
