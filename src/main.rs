//! The `tablesolve` command: judge input in, judge output out, answered from tables.

use clap::{Parser, Subcommand};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use tablesolve::eight::{self, Grid, STANDARD_GOAL};
use tablesolve::judge::{self, EightCases, EightPairs, RotationCases};
use tablesolve::rotation;
use tablesolve::tables::{BuildNote, TableDir};
use tablesolve::Error;

const EXIT_CODES: &str = "\
Exit status:
  0  every case answered
  1  bad input: the answers of every case before it were written
  2  bad command line
  3  a table is missing (with --no-build), damaged or cannot be written
  4  the input cannot be read or the output cannot be written";

#[derive(Parser)]
#[command(name = "tablesolve", version, after_help = EXIT_CODES)]
/// Answers the Rotation Game and 8-puzzle judges from precomputed distance tables:
/// the shortest solution, and the lexicographically smallest among the shortest.
struct Cli {
    /// Directory of the table files; missing tables are built there
    #[arg(
        long,
        global = true,
        value_name = "DIR",
        env = "TABLESOLVE_TABLES",
        default_value = "tables"
    )]
    tables: PathBuf,

    /// Fail when a table is missing instead of building it
    #[arg(long, global = true)]
    no_build: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The Rotation Game (UVA 1343): 24 values a case, a line `0` ends the input
    Rotation {
        /// Judge input; standard input if absent
        file: Option<PathBuf>,
    },
    /// The 8-puzzle to 12345678x (HDU 1043): nine characters a case, `unsolvable` if so
    Eight {
        /// Judge input; standard input if absent
        file: Option<PathBuf>,
    },
    /// The 8-puzzle, any start and target (HDU 3567): T, then T start/target pairs
    Eight2 {
        /// Judge input; standard input if absent
        file: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tablesolve: {error}");
            ExitCode::from(match error {
                Error::Input { .. } | Error::Inconsistent { .. } => 1,
                Error::Table(_) => 3,
                Error::Open { .. } | Error::Io(_) | Error::Output(_) => 4,
            })
        }
    }
}

fn table_dir(cli: &Cli) -> TableDir {
    let dir = TableDir::new(&cli.tables);
    if cli.no_build {
        return dir;
    }
    dir.build_missing(|note| match note {
        BuildNote::Started(paths) => {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            eprint!(
                "tablesolve: building missing tables {} ... ",
                names.join(", ")
            );
        }
        BuildNote::Finished(took) => eprintln!("done in {:.2} s", took.as_secs_f64()),
    })
}

fn open_input(file: &Option<PathBuf>) -> Result<Box<dyn BufRead>, Error> {
    Ok(match file {
        None => Box::new(io::stdin().lock()),
        Some(path) => {
            let file = File::open(path).map_err(|source| Error::Open {
                path: path.clone(),
                source,
            })?;
            Box::new(BufReader::with_capacity(1 << 16, file))
        }
    })
}

fn run(cli: &Cli) -> Result<(), Error> {
    let tables = table_dir(cli);
    let output = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match &cli.command {
        Command::Rotation { file } => {
            let table = &tables.load(&[rotation::Space])?[0];
            judge::answer_all(
                &mut RotationCases,
                open_input(file)?,
                output,
                |_, board, out| {
                    judge::write_rotation(&rotation::solve(table, board)?, out);
                    Ok(())
                },
            )?;
        }
        Command::Eight { file } => {
            let table = &tables.load(&[eight::Space {
                blank: STANDARD_GOAL,
            }])?[0];
            let goal = Grid::canonical(STANDARD_GOAL);
            judge::answer_all(
                &mut EightCases,
                open_input(file)?,
                output,
                |_, start, out| {
                    judge::write_eight(eight::solve(table, start, &goal)?.as_deref(), out);
                    Ok(())
                },
            )?;
        }
        Command::Eight2 { file } => {
            let spaces: Vec<eight::Space> = (0..eight::GOALS)
                .map(|blank| eight::Space { blank })
                .collect();
            let goals = tables.load(&spaces)?;
            let mut pairs = EightPairs::default();
            judge::answer_all(
                &mut pairs,
                open_input(file)?,
                output,
                |case, (start, target), out| {
                    let moves = eight::solve(&goals[target.blank()], start, target)?;
                    judge::write_eight2(case, moves.as_deref(), out);
                    Ok(())
                },
            )?;
        }
    }
    io::stdout().flush().map_err(Error::Output)
}
