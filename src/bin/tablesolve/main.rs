//! The `tablesolve` command: judge input in, judge output out, answered from tables;
//! plus the tools around the tables (verify, check, show, generate, stats).
//!
//! The library states what failed; this layer adds what to do about it, in terms of
//! this command's own options.

mod answer;
mod catalogue;
mod check;
mod generate;
mod show;
mod stats;
mod verify;

use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tablesolve::table::{BuildNote, TableDir, TableError};
use tablesolve::Error;

use catalogue::{Options, Puzzle};
use tablesolve::fifteen::{Board, Partition};

fn parse_goal(text: &str) -> Result<Board, String> {
    Board::parse_goal(text).map_err(|e| e.to_string())
}

const EXIT_CODES: &str = "\
Exit status:
  0  success: every case answered, checked correct, or verified
  1  bad input: the answers of every case before it were written (with --keep-going,
     of every good case); or a wrong answer found by `check`, or a disagreement found
     by `verify`
  2  bad command line
  3  a table is missing (with --no-build), damaged, contradicts itself, or cannot be
     written
  4  a file cannot be read or the output cannot be written";

/// The command that rebuilds every table, quoted in advice.
const BUILD_COMMAND: &str = "cargo run --release -p build-tables -- --out";

#[derive(Parser)]
#[command(name = "tablesolve", version, after_help = EXIT_CODES)]
/// Answers the Rotation Game, 8-puzzle and 15-puzzle from precomputed tables: the
/// shortest solution, and the lexicographically smallest among the shortest.
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

    /// fifteen only: the goal, `default` (1 2 ... 15 0), `korf` (0 1 ... 15) or 16
    /// values in quotes
    #[arg(long, global = true, value_name = "GOAL", value_parser = parse_goal)]
    goal: Option<Board>,

    /// fifteen only: the pattern databases, `7-8` (fastest answers; half an hour, 10 GB
    /// of memory and 0.6 GB of disk to build) or `6-6-3` (about 20 s to build); default:
    /// the best one built
    #[arg(long, global = true, value_name = "NAME")]
    partition: Option<Partition>,

    /// fifteen only: every case starts with a label, as in Korf's instance files
    #[arg(long, global = true)]
    numbered: bool,

    #[command(subcommand)]
    command: Command,
}

/// A puzzle's own subcommand (one per entry of the catalogue), or a tool.
enum Command {
    Answer(Puzzle, answer::Answer),
    Tool(Tool),
}

#[derive(Subcommand)]
enum Tool {
    /// Answers random cases with the tables and with an independent IDA* search, and
    /// compares them
    Verify {
        puzzle: Puzzle,
        /// Cases to draw
        #[arg(long, default_value_t = 1000)]
        count: usize,
        /// Seed of the random cases
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Judges an answer file written by anyone against the shortest, smallest answers
    Check {
        puzzle: Puzzle,
        /// The judge input
        input: PathBuf,
        /// The answers to judge, in the judge's output format
        answers: PathBuf,
    },
    /// Draws each case and every state along its answer, one step per move
    Show {
        puzzle: Puzzle,
        /// Judge input; standard input if absent
        file: Option<PathBuf>,
    },
    /// Writes a judge input of random cases, optionally all of one shortest length
    Generate {
        puzzle: Puzzle,
        /// Every case's shortest solution has exactly this many moves (default: any)
        #[arg(long)]
        length: Option<usize>,
        /// Cases to write
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// Seed of the random cases
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Counts the states at each distance in each table of a puzzle
    Stats {
        puzzle: Puzzle,
        /// Rotation Game only: count all 9,465,511,770 boards by shortest solution length
        #[arg(long)]
        all_boards: bool,
    },
}

impl FromArgMatches for Command {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let puzzle = matches
            .subcommand_name()
            .and_then(|name| Puzzle::ALL.into_iter().find(|p| p.name() == name));
        match (puzzle, matches.subcommand()) {
            (Some(puzzle), Some((_, args))) => Ok(Command::Answer(
                puzzle,
                answer::Answer::from_arg_matches(args)?,
            )),
            _ => Ok(Command::Tool(Tool::from_arg_matches(matches)?)),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Command::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for Command {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        let cmd = Puzzle::ALL.into_iter().fold(cmd, |cmd, puzzle| {
            let sub = clap::Command::new(puzzle.name()).about(puzzle.about());
            cmd.subcommand(answer::Answer::augment_args(sub))
        });
        Tool::augment_subcommands(cmd)
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Command::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        Puzzle::ALL.iter().any(|p| p.name() == name) || Tool::has_subcommand(name)
    }
}

/// A failure the command reports with its exit status.
pub enum Failure {
    Error(Error),
    /// Work done, but the verdict is negative (check, verify): already reported.
    Verdict,
    /// Options that cannot be honoured together.
    Usage(String),
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure::Error(error)
    }
}

impl From<TableError> for Failure {
    fn from(error: TableError) -> Self {
        Failure::Error(error.into())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Verdict) => ExitCode::from(1),
        Err(Failure::Usage(message)) => {
            eprintln!("tablesolve: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Error(error)) => {
            // A reader that stops early (`| head`) is no news to the person who asked.
            let closed =
                matches!(&error, Error::Output(e) if e.kind() == io::ErrorKind::BrokenPipe);
            if !closed {
                eprintln!("tablesolve: {error}{}", advice(&error, &cli.tables));
            }
            ExitCode::from(match error {
                Error::Input { .. } => 1,
                Error::Table(_) | Error::Inconsistent { .. } => 3,
                Error::Open { .. } | Error::Io(_) | Error::Answers(_) | Error::Output(_) => 4,
            })
        }
    }
}

/// What the user can do about `error`, with this command's options.
fn advice(error: &Error, tables: &Path) -> String {
    let dir = |path: &Path| match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.display().to_string(),
        _ => ".".to_owned(),
    };
    match error {
        Error::Table(TableError::Missing { path }) => format!(
            "; run without --no-build to build it on the spot, or build every table with `{BUILD_COMMAND} {}`",
            dir(path)
        ),
        Error::Table(TableError::Damaged { path, .. }) => format!(
            "; delete it to have it rebuilt on next use, or rebuild every table with `{BUILD_COMMAND} {}`",
            dir(path)
        ),
        Error::Table(TableError::Read { path, .. }) => format!(
            "; check its permissions, or delete it and rebuild with `{BUILD_COMMAND} {}`",
            dir(path)
        ),
        Error::Table(TableError::Write { .. }) => {
            "; make its directory writable or choose another with --tables DIR".to_owned()
        }
        Error::Inconsistent { .. } => format!(
            "; rebuild every table with `{BUILD_COMMAND} {}`",
            tables.display()
        ),
        _ => String::new(),
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

fn open(path: &Path) -> Result<BufReader<File>, Error> {
    let file = File::open(path).map_err(|source| Error::Open {
        path: path.to_owned(),
        source,
    })?;
    Ok(BufReader::with_capacity(1 << 16, file))
}

fn open_input(file: &Option<PathBuf>) -> Result<Box<dyn BufRead + Send>, Error> {
    Ok(match file {
        None => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        Some(path) => Box::new(open(path)?),
    })
}

/// Rewrites one status line on stderr, when a person is watching it.
fn progress(status: std::fmt::Arguments) {
    if io::stderr().is_terminal() {
        eprint!("\r\x1b[K{status}");
    }
}

fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let tables = table_dir(cli);
    let options = Options {
        goal: cli.goal,
        partition: cli.partition,
        numbered: cli.numbered,
    };
    let tool = match &cli.command {
        Command::Answer(puzzle, answer) => return puzzle.run(&tables, &options, answer),
        Command::Tool(tool) => tool,
    };
    match tool {
        Tool::Verify {
            puzzle,
            count,
            seed,
        } => puzzle.run(
            &tables,
            &options,
            verify::Verify {
                count: *count,
                seed: *seed,
            },
        ),
        Tool::Check {
            puzzle,
            input,
            answers,
        } => puzzle.run(&tables, &options, check::Check { input, answers }),
        Tool::Generate {
            puzzle,
            length,
            count,
            seed,
        } => puzzle.run(
            &tables,
            &options,
            generate::Generate {
                length: *length,
                count: *count,
                seed: *seed,
            },
        ),
        Tool::Show { puzzle, file } => puzzle.run(&tables, &options, show::Show { file }),
        Tool::Stats { puzzle, all_boards } => {
            if *all_boards && *puzzle != Puzzle::Rotation {
                return Err(Failure::Usage(
                    "--all-boards counts Rotation Game boards: use `stats rotation --all-boards`"
                        .into(),
                ));
            }
            puzzle.run(&tables, &options, stats::Stats { tables: &tables })?;
            if *all_boards {
                stats::census(&tables)?;
            }
            Ok(())
        }
    }
}
