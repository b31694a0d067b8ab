//! The temporaries tables are written through: one a killed build left behind is
//! removed by the next run, and one another live process is writing never is; the
//! levels a stopped build kept are used only whole, and go once their table is written.

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;

use crate::common::{start, stdout, tablesolve};

/// A 15-puzzle board one slide from the goal, and its answer.
const BOARD: &[u8] = b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n";
const ANSWER: &str = "r\n";

/// The temporaries in `dir`, with their sizes.
fn temporaries(dir: &Path) -> Vec<(String, u64)> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|entry| {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    let temporary = name.starts_with(".tablesolve-") && name.ends_with(".tmp");
                    let len = entry.metadata().map_or(0, |m| m.len());
                    temporary.then_some((name, len))
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_build_killed_while_writing_leaves_a_temporary_the_next_run_removes() {
    // The kill must land while a database is being written, after the build: try
    // until one does.
    for _ in 0..40 {
        let dir = tempfile::tempdir().unwrap();
        let mut build = start(dir.path(), &["--partition", "6-6-3", "stats", "fifteen"]);
        let caught = loop {
            if temporaries(dir.path()).iter().any(|&(_, len)| len > 0) {
                build.kill().unwrap();
                break true;
            }
            if build.try_wait().unwrap().is_some() {
                break false;
            }
        };
        build.wait().unwrap();
        let left = temporaries(dir.path());
        if !caught || left.is_empty() {
            continue;
        }
        let output = tablesolve(dir.path(), &["--partition", "6-6-3", "fifteen"], BOARD);
        assert_eq!(stdout(&output), ANSWER);
        assert_eq!(temporaries(dir.path()), [], "left by the kill: {left:?}");
        return;
    }
    panic!("no build was killed while writing in 40 tries");
}

#[test]
fn a_temporary_a_live_process_holds_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    // This test's process is alive and holds its temporary's lock, as a writer does.
    let live = dir.path().join(".tablesolve-live.tmp");
    let held = File::create(&live).unwrap();
    held.lock().unwrap();
    // No process holds this one's: its writer is gone.
    let dead = dir.path().join(".tablesolve-dead.tmp");
    fs::write(&dead, b"part of a table").unwrap();
    // Nor is this a temporary of ours.
    let other = dir.path().join("notes.tmp");
    fs::write(&other, b"kept").unwrap();

    let output = tablesolve(dir.path(), &["--partition", "6-6-3", "fifteen"], BOARD);
    assert_eq!(stdout(&output), ANSWER);
    assert!(live.exists(), "a temporary still being written was removed");
    assert!(!dead.exists(), "an abandoned temporary was kept");
    assert!(other.exists());
    drop(held);
}

#[test]
fn two_processes_building_the_same_tables_at_once_both_answer() {
    for _ in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let runs: Vec<_> = (0..2)
            .map(|_| start(dir.path(), &["--partition", "6-6-3", "fifteen"]))
            .collect();
        for mut run in runs {
            run.stdin.take().unwrap().write_all(BOARD).unwrap();
            let output = run.wait_with_output().unwrap();
            assert_eq!(stdout(&output), ANSWER);
        }
        assert_eq!(temporaries(dir.path()), []);
    }
}

/// A table whose every build is counted, and slow enough that builds asked for at
/// once overlap unless something keeps them apart.
struct Counted(std::sync::atomic::AtomicUsize);

impl tablesolve::table::Source for Counted {
    fn id(&self) -> tablesolve::table::TableId {
        tablesolve::table::TableId::new("counted", 0)
    }
    fn entries(&self) -> u64 {
        1000
    }
    fn compute(&self, _: &tablesolve::table::Work) -> Result<Vec<u8>, tablesolve::table::TooLarge> {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        std::thread::sleep(std::time::Duration::from_millis(300));
        Ok(vec![0; 1000])
    }
}

#[test]
fn a_table_asked_for_by_many_at_once_is_built_once() {
    let dir = tempfile::tempdir().unwrap();
    let source = Counted(Default::default());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            // Each its own directory handle, as separate openings or processes have.
            let tables = tablesolve::TableDir::new(dir.path()).build_missing(|_| {});
            let source = &source;
            scope.spawn(move || tables.load(std::slice::from_ref(source)).unwrap());
        }
    });
    assert_eq!(source.0.into_inner(), 1, "built more than once");
    assert_eq!(temporaries(dir.path()), []);
}

/// A table built at once, or (`cancels`) one that waits for the other's file and then
/// cancels the build, as a service does when the last request waiting for it leaves.
struct Cancelling {
    name: &'static str,
    cancels: Option<(tablesolve::search::Cancel, std::path::PathBuf)>,
    builds: std::sync::atomic::AtomicUsize,
}

impl tablesolve::table::Source for Cancelling {
    fn id(&self) -> tablesolve::table::TableId {
        tablesolve::table::TableId::new(self.name, 0)
    }
    fn entries(&self) -> u64 {
        1000
    }
    fn compute(&self, _: &tablesolve::table::Work) -> Result<Vec<u8>, tablesolve::table::TooLarge> {
        self.builds
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if let Some((cancel, other)) = &self.cancels {
            let waited = std::time::Instant::now();
            while !other.exists() && waited.elapsed().as_secs() < 10 {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            cancel.cancel();
        }
        Ok(vec![0; 1000])
    }
}

#[test]
fn a_cancelled_build_writes_nothing_and_keeps_the_tables_finished_before() {
    use tablesolve::table::{TableDir, TableError};
    let dir = tempfile::tempdir().unwrap();
    let cancel = tablesolve::search::Cancel::new();
    let finished = dir.path().join("finished-0.tbl");
    let source = |name, cancels| Cancelling {
        name,
        cancels,
        builds: Default::default(),
    };
    let sources = [
        source("finished", None),
        source("cancelled", Some((cancel.clone(), finished.clone()))),
    ];
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let loaded = tables.clone().cancelled_by(cancel).load(&sources);
    let cancelled = dir.path().join("cancelled-0.tbl");
    assert!(
        matches!(&loaded, Err(TableError::Cancelled { path }) if *path == cancelled),
        "{loaded:?}"
    );
    assert!(finished.exists() && !cancelled.exists());
    assert_eq!(temporaries(dir.path()), []);
    // Asked again, only the one cancelled is built.
    tables.load(&sources).unwrap();
    let builds = sources.map(|source| source.builds.into_inner());
    assert_eq!(builds, [1, 2]);
}

/// A large table that takes a while (`slow`), or one that cancels its build as it starts.
struct Large {
    name: &'static str,
    entries: u64,
    slow: bool,
    cancel: tablesolve::search::Cancel,
}

impl tablesolve::table::Source for Large {
    fn id(&self) -> tablesolve::table::TableId {
        tablesolve::table::TableId::new(self.name, 0)
    }
    fn entries(&self) -> u64 {
        self.entries
    }
    fn compute(&self, _: &tablesolve::table::Work) -> Result<Vec<u8>, tablesolve::table::TooLarge> {
        match self.slow {
            true => std::thread::sleep(std::time::Duration::from_millis(500)),
            false => self.cancel.cancel(),
        }
        Ok(vec![0; self.entries as usize])
    }
}

/// Large tables are built one at a time, smallest first: a build stopped at the second
/// keeps the first (built side by side, the stop would have come while the first was
/// under way, and neither would be kept).
#[test]
fn a_build_stopped_part_way_keeps_each_large_table_finished_before() {
    use tablesolve::table::{TableDir, TableError};
    let dir = tempfile::tempdir().unwrap();
    let cancel = tablesolve::search::Cancel::new();
    let sources = [
        Large {
            name: "second",
            entries: 5 << 20,
            slow: false,
            cancel: cancel.clone(),
        },
        Large {
            name: "first",
            entries: 4 << 20,
            slow: true,
            cancel: cancel.clone(),
        },
    ];
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let loaded = tables.cancelled_by(cancel).load(&sources);
    assert!(
        matches!(&loaded, Err(TableError::Cancelled { .. })),
        "{loaded:?}"
    );
    assert!(dir.path().join("first-0.tbl").exists());
    assert!(!dir.path().join("second-0.tbl").exists());
    assert_eq!(temporaries(dir.path()), []);
}

/// Levels kept beside a table (`.tablesolve-NAME.partial`) that fail their checks are
/// not used: the table is built from its goals, whole and right (the 2x2x2's published
/// distances), and the file is gone once it is written. (What whole levels resume is
/// tested where they are read and where the search takes them up.)
#[test]
fn levels_kept_that_fail_their_checks_are_not_used_and_go_with_the_build() {
    let definition = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/2x2x2.def");
    let first = tempfile::tempdir().unwrap();
    stdout(&tablesolve(
        first.path(),
        &["stats", "def", definition],
        b"",
    ));
    let mut tables: Vec<String> = (fs::read_dir(first.path()).unwrap().flatten())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    tables.sort();
    assert_eq!(tables.len(), 2, "a table and its walks: {tables:?}");

    let dir = tempfile::tempdir().unwrap();
    let kept = |table: &String| dir.path().join(format!(".tablesolve-{table}.partial"));
    for (table, bytes) in tables
        .iter()
        .zip([&b"TBLSPART not levels"[..], &[0xff; 4096]])
    {
        fs::write(kept(table), bytes).unwrap();
    }
    let output = tablesolve(dir.path(), &["stats", "def", definition], b"");
    let distances = [
        1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
    ];
    let rows = (distances.iter().enumerate()).map(|(d, n)| format!("{d:>10}  {n}\n"));
    assert!(stdout(&output).contains(&rows.collect::<String>()));
    for table in &tables {
        assert!(!kept(table).exists(), "{table}'s levels left");
    }
}
