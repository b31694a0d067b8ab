//! Builds every tablesolve table by reverse breadth-first search, and reports each
//! table's depth histogram and build time.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use tablesolve::fifteen::Partition;
use tablesolve::search::Walks;
use tablesolve::sliding::Board;
use tablesolve::table::dir::build;
use tablesolve::table::{Source, Table, TableDir, TableError, WalkSource};
use tablesolve::{eight, rotation, Puzzle};

#[derive(Parser)]
#[command(name = "build-tables", version)]
/// Builds the tables of the puzzles named (by default the Rotation Game's and the
/// 8-puzzle's nine, each with its walks, and the 15-puzzle's pattern databases for
/// goals with a corner blank) into a directory, replacing any already there.
struct Args {
    /// Directory to write the tables to
    #[arg(
        long,
        value_name = "DIR",
        env = "TABLESOLVE_TABLES",
        default_value = "tables"
    )]
    out: PathBuf,

    /// The puzzles whose tables to build: rotation; eight and eight2 (the same
    /// tables); fifteen and twentyfour (their partitions' pattern databases)
    #[arg(
        long,
        value_name = "NAME",
        default_value = "rotation,eight,eight2,fifteen",
        value_delimiter = ','
    )]
    puzzle: Vec<Puzzle>,

    /// The partitions to build for fifteen and twentyfour, each for the boards it
    /// fits: 6-6-3 (about 1 s), 7-8 (about 80 s on two cores, 1 GB of memory while
    /// building, 577 MB on disk), 6-6-6-6 (twentyfour's; the one it gets when none
    /// given fits it)
    #[arg(
        long,
        value_name = "NAME",
        default_value = "6-6-3,7-8",
        value_delimiter = ','
    )]
    partition: Vec<Partition>,
}

fn report<S: Source>(dir: &TableDir, source: &S) -> Result<f64, TableError> {
    let path = dir.path(source);
    let started = Instant::now();
    let header = build(source, &path, &|_| {})?;
    let took = started.elapsed().as_secs_f64();
    let bytes = header.payload_offset + header.states * header.entry.width() as u64;
    println!(
        "{}: {} states, {} unreachable, {bytes} bytes, built in {took:.3} s",
        path.display(),
        header.states,
        header.unreachable
    );
    let depths: Vec<String> = header
        .depth_counts
        .iter()
        .enumerate()
        .map(|(d, count)| format!("{d}:{count}"))
        .collect();
    println!("  depth:count  {}", depths.join(" "));
    Ok(took)
}

/// Builds the distances of `space`, then the walks down them.
fn exact<S: Walks + Source>(dir: &TableDir, space: &S) -> Result<Vec<f64>, TableError> {
    let distances = report(dir, space)?;
    let table = Table::open(&dir.path(space), space.id(), space.entries())?;
    let walks = report(dir, &WalkSource::new(space, &table))?;
    Ok(vec![distances, walks])
}

/// Builds the tables `puzzle` answers from.
fn tables_of(dir: &TableDir, puzzle: Puzzle, partitions: &[Partition]) -> Result<Vec<f64>, String> {
    let built = match (puzzle, puzzle.board_size()) {
        (Puzzle::Rotation, _) => exact(dir, &rotation::Space),
        (Puzzle::Eight, _) => (0..eight::GOALS)
            .map(|blank| exact(dir, &eight::Space { blank }))
            .collect::<Result<Vec<_>, _>>()
            .map(|times| times.concat()),
        (_, Some((4, 4))) => patterns::<4, 4>(dir, partitions),
        (_, Some((5, 5))) => patterns::<5, 5>(dir, partitions),
        _ => {
            return Err(format!(
                "{}: its tables are built on first use, size by size \
                 (tablesolve --size WxH sliding); name fifteen or twentyfour here",
                puzzle.name()
            ))
        }
    };
    built.map_err(|error| error.to_string())
}

/// Builds the pattern databases of a `W` x `H` board, for the goal with the blank on
/// the last cell (and every goal whose blank a symmetry carries there), of each of
/// `partitions` that fits the board, or of its default partition if none does.
fn patterns<const W: usize, const H: usize>(
    dir: &TableDir,
    partitions: &[Partition],
) -> Result<Vec<f64>, TableError> {
    let goal = Board::<W, H>::canonical(W * H - 1);
    let mut fitting: Vec<Partition> = partitions
        .iter()
        .filter(|p| p.check(W * H).is_ok())
        .cloned()
        .collect();
    if fitting.is_empty() {
        fitting.push(Partition::default_for(W * H));
    }
    fitting
        .iter()
        .flat_map(|p| p.patterns(&goal))
        .map(|pattern| report(dir, &pattern))
        .collect()
}

fn main() -> ExitCode {
    let args = Args::parse();
    let dir = TableDir::new(&args.out);
    // Each puzzle once, the 8-puzzle's two judges sharing their tables.
    let mut puzzles = Vec::new();
    for &puzzle in &args.puzzle {
        let puzzle = match puzzle {
            Puzzle::Eight2 => Puzzle::Eight,
            puzzle => puzzle,
        };
        if !puzzles.contains(&puzzle) {
            puzzles.push(puzzle);
        }
    }
    let built = puzzles
        .into_iter()
        .map(|puzzle| tables_of(&dir, puzzle, &args.partition))
        .collect::<Result<Vec<Vec<f64>>, _>>()
        .map(|times| times.concat());
    match built {
        Ok(times) => {
            println!(
                "{} tables built in {:.3} s",
                times.len(),
                times.iter().sum::<f64>()
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("build-tables: {error}");
            ExitCode::FAILURE
        }
    }
}
