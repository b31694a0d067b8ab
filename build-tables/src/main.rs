//! Builds every tablesolve distance table by reverse breadth-first search, and reports
//! each table's depth histogram and build time.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use tablesolve::table::dir::build;
use tablesolve::table::{Source, TableDir, TableError};
use tablesolve::{eight, rotation};

#[derive(Parser)]
#[command(name = "build-tables", version)]
/// Builds every table (the Rotation Game's, the 8-puzzle's nine) into a directory,
/// replacing any already there.
struct Args {
    /// Directory to write the tables to
    #[arg(
        long,
        value_name = "DIR",
        env = "TABLESOLVE_TABLES",
        default_value = "tables"
    )]
    out: PathBuf,
}

fn report<S: Source>(dir: &TableDir, space: &S) -> Result<f64, TableError> {
    let path = dir.path(space);
    let started = Instant::now();
    let header = build(space, &path)?;
    let took = started.elapsed().as_secs_f64();
    let bytes = header.payload_offset + header.states;
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

fn main() -> ExitCode {
    let args = Args::parse();
    let dir = TableDir::new(&args.out);
    let built = std::iter::once(report(&dir, &rotation::Space))
        .chain((0..eight::GOALS).map(|blank| report(&dir, &eight::Space { blank })))
        .collect::<Result<Vec<f64>, _>>();
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
