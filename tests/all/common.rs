//! Helpers shared by the integration tests: in-memory tables, seeded randomness and the
//! command line.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;

use tablesolve::eight::Grid;
use tablesolve::fifteen::{self, Partition};
pub use tablesolve::rotation::sample::random_board;
pub use tablesolve::sliding::{random_board as random_grid, random_board_like as random_grid_like};
pub use tablesolve::table::in_memory;
use tablesolve::{Fifteen, FifteenOptions};

/// The table of `source`, built in memory.
pub fn table<S: tablesolve::table::Source>(source: &S) -> tablesolve::table::Table<Vec<u8>> {
    in_memory(source).unwrap()
}

/// The distances and walks of `space`, built in memory.
pub fn exact<S: tablesolve::search::Walks + tablesolve::table::Source>(
    space: &S,
) -> tablesolve::table::ExactTable<Vec<u8>> {
    tablesolve::table::exact_in_memory(space).unwrap()
}
use tablesolve::{Eight2, Rotation, TableDir};

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The nine characters of `grid`, `x` for the blank.
pub fn grid_text(grid: &Grid) -> String {
    grid.text('x')
}

/// Starts `tablesolve --tables DIR ARGS...` with its input and outputs piped.
pub fn start(tables: &Path, args: &[&str]) -> Child {
    start_with(tables, args, &[])
}

/// [`start`] with these variables set in its environment.
pub fn start_with(tables: &Path, args: &[&str], env: &[(&str, &str)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tablesolve"))
        .arg("--tables")
        .arg(tables)
        .args(args)
        .env_remove("TABLESOLVE_TABLES")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs `tablesolve --tables DIR ARGS...` with `stdin` as its input.
pub fn tablesolve(tables: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = start(tables, args);
    // A run refused before reading its input closes the pipe early; that is no failure.
    let written = child.stdin.take().unwrap().write_all(stdin);
    assert!(written.is_ok() || written.unwrap_err().kind() == std::io::ErrorKind::BrokenPipe);
    child.wait_with_output().unwrap()
}

/// The standard output of a run that must succeed.
pub fn stdout(output: &Output) -> &str {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::str::from_utf8(&output.stdout).unwrap()
}

/// A file shipped in `samples/`.
pub fn sample(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(name),
    )
    .unwrap()
}

/// A table directory holding every table of every puzzle (the 15-puzzle's quick
/// partition for the default goal), built once for the whole test binary.
pub fn tables() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let tables = TableDir::new(dir.path()).build_missing(|_| {});
        Rotation::open(&tables).unwrap();
        Eight2::open(&tables).unwrap();
        Fifteen::open(&tables, quick(fifteen::default_goal())).unwrap();
        dir
    })
    .path()
}

/// The 15-puzzle towards `goal` from the quick partition's databases in [`tables`].
pub fn fifteen(goal: fifteen::Board) -> Fifteen<tablesolve::table::Mapped> {
    Fifteen::open(&TableDir::new(tables()), quick(goal)).unwrap()
}

/// The 15-puzzle towards `goal` with the quick partition, 6-6-3.
pub fn quick(goal: fifteen::Board) -> FifteenOptions {
    FifteenOptions {
        goal,
        partition: Some(Partition::SixSixThree),
        ..FifteenOptions::default()
    }
}
