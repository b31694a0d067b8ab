//! Builds every tablesolve table by reverse breadth-first search, and reports each
//! table's depth histogram and build time.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use tablesolve::fifteen::Partition;
use tablesolve::search::Walks;
use tablesolve::table::dir::build;
use tablesolve::table::{Source, Table, TableDir, TableError, WalkSource};
use tablesolve::{eight, rotation};

#[derive(Parser)]
#[command(name = "build-tables", version)]
/// Builds every table (the Rotation Game's and the 8-puzzle's nine, each with its
/// walks, and the 15-puzzle's pattern databases for goals with a corner blank) into a
/// directory, replacing any already there.
struct Args {
    /// Directory to write the tables to
    #[arg(
        long,
        value_name = "DIR",
        env = "TABLESOLVE_TABLES",
        default_value = "tables"
    )]
    out: PathBuf,

    /// The 15-puzzle's partitions to build: 6-6-3 (about 1 s), 7-8 (about 80 s on two
    /// cores, 1 GB of memory while building, 577 MB on disk)
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

fn main() -> ExitCode {
    let args = Args::parse();
    let dir = TableDir::new(&args.out);
    let goal = tablesolve::fifteen::default_goal();
    let patterns = args.partition.iter().flat_map(|p| p.patterns(&goal));
    let built = std::iter::once(exact(&dir, &rotation::Space))
        .chain((0..eight::GOALS).map(|blank| exact(&dir, &eight::Space { blank })))
        .chain(patterns.map(|pattern| report(&dir, &pattern).map(|took| vec![took])))
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
