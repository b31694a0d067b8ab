//! Builds every tablesolve table by reverse breadth-first search, and reports each
//! table's depth histogram and build time.

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use tablesolve::catalogue::Built;
use tablesolve::definition::{Def, DefOptions, Definition};
use tablesolve::fifteen::Partition;
use tablesolve::table::{Header, TableDir};
use tablesolve::{Error, Puzzle};

#[derive(Parser)]
#[command(name = "build-tables", version)]
/// Builds the tables of the puzzles named (by default the Rotation Game's and the
/// 8-puzzle's nine, each with its walks, and the 15-puzzle's pattern databases for
/// goals with a corner blank) and of the definitions given into a directory,
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

    /// The puzzles whose tables to build: rotation; eight and eight2 (the same
    /// tables); fifteen, twentyfour and sliding (their partitions' pattern databases,
    /// or a board's exact table up to 12 cells) [default: rotation,eight,eight2,fifteen,
    /// unless --definition is given]
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    puzzle: Vec<Puzzle>,

    /// A puzzle defined in FILE (ksolve+ or KPuzzle JSON): the tables `tablesolve def
    /// FILE` answers from, its whole-space table and walks or its pattern databases;
    /// may be given more than once
    #[arg(long, value_name = "FILE")]
    definition: Vec<PathBuf>,

    /// The moves a definition's answers use, as `tablesolve def --moves` names them
    #[arg(
        long,
        value_name = "A,B,...",
        value_delimiter = ',',
        requires = "definition"
    )]
    moves: Option<Vec<String>>,

    /// A searched definition's pattern databases: the largest size whose databases
    /// together take at most SIZE (`8G`, `600M`; a byte an entry), built ahead for the
    /// searches that would grow into them [default: the smallest size]
    #[arg(
        long,
        value_name = "SIZE",
        value_parser = tablesolve::table::memory::parse_size,
        requires = "definition"
    )]
    memory: Option<u64>,

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

/// Prints what was built: its file, states, size, build time (where it was built
/// alone) and depth histogram.
fn report(path: &Path, header: &Header, seconds: Option<f64>) {
    let bytes = header.payload_offset + header.states * header.entry.width() as u64;
    let took = seconds.map_or(String::new(), |s| format!(", built in {s:.3} s"));
    println!(
        "{}: {} states, {} unreachable, {bytes} bytes{took}",
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

/// Builds the tables `tablesolve def` answers `file` from, replacing those there: each
/// table's file and header, and the seconds they took together.
fn definition_tables(
    dir: &Path,
    file: &Path,
    moves: Option<&[String]>,
    memory: Option<u64>,
) -> Result<(Vec<(PathBuf, Header)>, f64), Error> {
    let definition = Definition::read(file)?;
    let mut options = DefOptions {
        moves: moves.map(<[String]>::to_vec),
        memory,
        ..DefOptions::default()
    };
    // With a budget, the largest size it holds, alone.
    if memory.is_some() {
        let sizes = Def::database_sizes(&TableDir::new(dir), definition.clone(), &options)?;
        options.most_database = sizes.last().map(|size| size.most);
    }
    let options = || options.clone();
    // The files of those present, opened without building, are removed first.
    if let Ok(present) = Def::open(&TableDir::new(dir), definition.clone(), options()) {
        for (id, _) in present.tables() {
            for name in [id.file_name(), id.file_name().replace(".tbl", ".walks.tbl")] {
                let _ = std::fs::remove_file(dir.join(name));
            }
        }
    }
    let started = Instant::now();
    let def = Def::open(
        &TableDir::new(dir).build_missing(|_| {}),
        definition,
        options(),
    )?;
    let seconds = started.elapsed().as_secs_f64();
    let tables = (def.tables().into_iter())
        .map(|(id, table)| (dir.join(id.file_name()), table.header().clone()))
        .collect();
    Ok((tables, seconds))
}

fn main() -> ExitCode {
    let mut args = Args::parse();
    if args.puzzle.is_empty() && args.definition.is_empty() {
        args.puzzle = vec![
            Puzzle::Rotation,
            Puzzle::Eight,
            Puzzle::Eight2,
            Puzzle::Fifteen,
        ];
    }
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
        report(&built.path, &built.header, Some(built.seconds));
    };
    let built = owners
        .into_iter()
        .try_for_each(|puzzle| puzzle.build_tables(&dir, args.size, &args.partition, &mut told))
        .and_then(|()| {
            args.definition.iter().try_for_each(|file| {
                let (built, took) =
                    definition_tables(&args.out, file, args.moves.as_deref(), args.memory)?;
                let count = match built.len() {
                    1 => "its table".to_owned(),
                    n => format!("its {n} tables"),
                };
                println!("{}: {count} built in {took:.3} s", file.display());
                for (path, header) in built {
                    report(&path, &header, None);
                    tables += 1;
                }
                seconds += took;
                Ok(())
            })
        });
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
