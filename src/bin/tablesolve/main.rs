//! The `tablesolve` command: judge input in, judge output out, answered from tables;
//! plus the tools around the tables (verify, check, generate, stats).

mod stats;
mod verify;

use clap::{Parser, Subcommand, ValueEnum};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tablesolve::judge::{self, BadCases, Eight, Eight2, Judge, Method, Output, Rotation};
use tablesolve::tables::{BuildNote, TableDir};
use tablesolve::Error;

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

/// Which judge problem.
#[derive(Clone, Copy, ValueEnum)]
enum Puzzle {
    /// The Rotation Game (UVA 1343)
    Rotation,
    /// The 8-puzzle to 12345678x (HDU 1043)
    Eight,
    /// The 8-puzzle between any two grids (HDU 3567)
    Eight2,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// Exactly as the judge prints
    Judge,
    /// One JSON object a case
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum How {
    /// The greedy walk down the distance tables
    Tables,
    /// The independent IDA* search (slow; for comparison)
    Ida,
}

#[derive(Subcommand)]
enum Command {
    /// The Rotation Game (UVA 1343): 24 values a case, a line `0` ends the input
    Rotation(Answer),
    /// The 8-puzzle to 12345678x (HDU 1043): nine characters a case, `unsolvable` if so
    Eight(Answer),
    /// The 8-puzzle, any start and target (HDU 3567): T, then T start/target pairs
    Eight2(Answer),
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

#[derive(clap::Args)]
struct Answer {
    /// Judge input; standard input if absent
    file: Option<PathBuf>,
    /// How to write the answers
    #[arg(long, value_enum, default_value_t = Format::Judge)]
    format: Format,
    /// How to find the answers
    #[arg(long, value_enum, default_value_t = How::Tables)]
    method: How,
    /// Report every malformed case and answer every good one, instead of stopping at
    /// the first malformed case
    #[arg(long)]
    keep_going: bool,
}

/// A failure the command reports with its exit status.
enum Failure {
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

impl From<tablesolve::table::TableError> for Failure {
    fn from(error: tablesolve::table::TableError) -> Self {
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
                eprintln!("tablesolve: {error}");
            }
            ExitCode::from(match error {
                Error::Input { .. } => 1,
                Error::Table(_) | Error::Inconsistent { .. } => 3,
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

/// A command that works with any judge.
trait Task {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure>;
}

/// Opens the tables of `puzzle` and runs `task` on its judge.
fn with_judge(tables: &TableDir, puzzle: Puzzle, task: impl Task) -> Result<(), Failure> {
    match puzzle {
        Puzzle::Rotation => task.run(&Rotation::open(tables)?),
        Puzzle::Eight => task.run(&Eight::open(tables)?),
        Puzzle::Eight2 => task.run(&Eight2::open(tables)?),
    }
}

fn run(cli: &Cli) -> Result<(), Failure> {
    let tables = table_dir(cli);
    match &cli.command {
        Command::Rotation(answer) => with_judge(&tables, Puzzle::Rotation, answer),
        Command::Eight(answer) => with_judge(&tables, Puzzle::Eight, answer),
        Command::Eight2(answer) => with_judge(&tables, Puzzle::Eight2, answer),
        Command::Verify {
            puzzle,
            count,
            seed,
        } => with_judge(
            &tables,
            *puzzle,
            verify::Verify {
                count: *count,
                seed: *seed,
            },
        ),
        Command::Check {
            puzzle,
            input,
            answers,
        } => with_judge(&tables, *puzzle, Check { input, answers }),
        Command::Generate {
            puzzle,
            length,
            count,
            seed,
        } => with_judge(
            &tables,
            *puzzle,
            Generate {
                length: *length,
                count: *count,
                seed: *seed,
            },
        ),
        Command::Show { puzzle, file } => with_judge(&tables, *puzzle, Show { file }),
        Command::Stats { puzzle, all_boards } => stats::run(&tables, *puzzle, *all_boards),
    }
}

impl Task for &Answer {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let format = match self.format {
            Format::Judge => Output::Judge,
            Format::Json => Output::Json,
        };
        let method = match self.method {
            How::Tables => Method::Tables,
            How::Ida => Method::Search,
        };
        let mut report = |error: &Error| eprintln!("tablesolve: {error}");
        let bad_cases = if self.keep_going {
            BadCases::Skip(&mut report)
        } else {
            BadCases::Stop
        };
        let answered = judge::solve_all(
            judge,
            open_input(&self.file)?,
            stdout(),
            bad_cases,
            method,
            format,
        )?;
        if answered.skipped > 0 {
            eprintln!(
                "tablesolve: {} malformed cases skipped, {} answered",
                answered.skipped, answered.cases
            );
            return Err(Failure::Verdict);
        }
        Ok(())
    }
}

struct Show<'a> {
    file: &'a Option<PathBuf>,
}

impl Task for Show<'_> {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let input = open_input(self.file)?;
        judge::solve_all(
            judge,
            input,
            stdout(),
            BadCases::Stop,
            Method::Tables,
            Output::Show,
        )?;
        Ok(())
    }
}

struct Check<'a> {
    input: &'a Path,
    answers: &'a Path,
}

impl Task for Check<'_> {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let mut out = stdout();
        let mut written = Ok(());
        let summary = judge::check_all(
            judge,
            open(self.input)?,
            open(self.answers)?,
            |case, verdict, expected| {
                if written.is_ok() {
                    written = writeln!(out, "case {case}: {verdict}; expected {expected}");
                }
            },
        )?;
        written
            .and_then(|()| writeln!(out, "{summary}"))
            .and_then(|()| out.flush())
            .map_err(Error::Output)?;
        if summary.all_correct() {
            Ok(())
        } else {
            Err(Failure::Verdict)
        }
    }
}

struct Generate {
    length: Option<usize>,
    count: usize,
    seed: u64,
}

impl Task for Generate {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let cases: Vec<J::Case> = match self.length {
            None => (0..self.count)
                .map(|_| judge.random_case(&mut rng))
                .collect(),
            Some(length) => {
                let sample = judge
                    .cases_at(length)
                    .map_err(|e| Failure::Usage(e.to_string()))?;
                (0..self.count).map(|_| sample(&mut rng)).collect()
            }
        };
        let mut out = stdout();
        J::write_cases(&cases, &mut out)
            .and_then(|()| out.flush())
            .map_err(Error::Output)?;
        Ok(())
    }
}
