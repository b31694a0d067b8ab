//! Builds every tablesolve table by reverse breadth-first search, and reports each
//! table's depth histogram and build time.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;

use tablesolve::catalogue::Built;
use tablesolve::fifteen::Partition;
use tablesolve::table::TableDir;
use tablesolve::{Error, Puzzle};

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
    /// tables); fifteen, twentyfour and sliding (their partitions' pattern databases,
    /// or a board's exact table up to 12 cells)
    #[arg(
        long,
        value_name = "NAME",
        default_value = "rotation,eight,eight2,fifteen",
        value_delimiter = ','
    )]
    puzzle: Vec<Puzzle>,

    /// The partitions to build for fifteen, twentyfour and sliding, each for the boards it
    /// fits: 6-6-3 (about 1 s), 7-8 (about 80 s on two cores, 1 GB of memory while
    /// building, 577 MB on disk), compound (twentyfour's default, the one it gets when
    /// none given fits it: 2.5-5 minutes, 2.4 GB on disk), 6-6-6-6 (30-50 s)
    #[arg(
        long,
        value_name = "NAME",
        default_value = "6-6-3,7-8",
        value_delimiter = ','
    )]
    partition: Vec<Partition>,

    /// The board size of `sliding`, W columns by H rows, each 2 to 5 (`3x4`); up to
    /// 12 cells its exact table is built unless a partition given fits it
    #[arg(long, value_name = "WxH", value_parser = tablesolve::sliding::parse_size)]
    size: Option<(usize, usize)>,
}

/// Prints what was built: its file, states, size, build time and depth histogram.
fn report(built: Built) {
    let Built {
        path,
        header,
        seconds,
    } = built;
    let bytes = header.payload_offset + header.states * header.entry.width() as u64;
    println!(
        "{}: {} states, {} unreachable, {bytes} bytes, built in {seconds:.3} s",
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
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.size.is_some() && !args.puzzle.contains(&Puzzle::Sliding) {
        eprintln!("build-tables: --size is for sliding: add it to --puzzle");
        return ExitCode::from(2);
    }
    let dir = TableDir::new(&args.out);
    // Each puzzle's tables once, whichever judges share them.
    let mut owners = Vec::new();
    for puzzle in args.puzzle.iter().map(|p| p.table_owner()) {
        if !owners.contains(&puzzle) {
            owners.push(puzzle);
        }
    }
    let (mut tables, mut seconds) = (0, 0.0);
    let mut told = |built: Built| {
        tables += 1;
        seconds += built.seconds;
        report(built);
    };
    let built = owners
        .into_iter()
        .try_for_each(|puzzle| puzzle.build_tables(&dir, args.size, &args.partition, &mut told));
    match built {
        Ok(()) => {
            println!("{tables} tables built in {seconds:.3} s");
            ExitCode::SUCCESS
        }
        Err(Error::Option(error)) => {
            eprintln!("build-tables: {error}");
            ExitCode::from(2)
        }
        Err(error) => {
            eprintln!("build-tables: {error}");
            ExitCode::FAILURE
        }
    }
}
