//! The `tablesolve` command: judge input in, judge output out, answered from tables;
//! plus the tools around the tables (verify, check, show, generate, stats).
//!
//! The library states what failed; this layer adds what to do about it, in terms of
//! this command's own options.

#[macro_use]
mod say;

mod answer;
mod catalogue;
mod check;
mod generate;
mod manual;
mod messages;
mod options;
mod progress;
#[cfg(feature = "serve")]
mod serve;
mod show;
mod stats;
mod verify;

use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tablesolve::definition::ExactTables;
use tablesolve::table::{TableDir, TableError};
use tablesolve::Error;

use catalogue::Puzzle;
use options::{AfterPuzzle, SlidingArgs, ToolArgs};

const AFTER_HELP: &str = "\
Tables live in the directory given by --tables, else by the environment variable
TABLESOLVE_TABLES, else in the user's cache directory (on Linux
~/.cache/tablesolve). Missing tables are built there on first use: in under a
second, but for the 15-puzzle's default 7-8 databases (about 80 s on two cores) and
the 24-puzzle's default catalogue, compound (2.5-5 minutes, 2.4 GB on disk; its
quick 6-6-6-6, 30-50 s).

FILE arguments may be `-` for standard input. Output that stops being read (as by
`| head`) ends the run quietly, with status 0.

Exit status:
  0  success: every case answered, checked correct, or verified
  1  bad input: the answers of every case before it were written (with --keep-going,
     of every good case, and `error` for each bad one); or a wrong answer found by `check`, or a disagreement found
     by `verify`
  2  bad command line
  3  a table is missing (with --no-build), damaged, contradicts itself, or cannot be
     written
  4  a file cannot be read or the output cannot be written
  5  every case was answered but some, which reached --timeout or --max-nodes, or,
     given neither, a defined case whose search was foreseen to end past 10 minutes";

#[derive(Parser)]
#[command(name = "tablesolve", version, after_help = AFTER_HELP)]
/// Answers the Rotation Game, the 8-, 15- and 24-puzzle, other sliding boards and
/// permutation puzzles defined in ksolve+ or KPuzzle files from precomputed tables: the
/// shortest solution, and the lexicographically smallest among the shortest.
struct Cli {
    /// Directory of the table files; missing tables are built there [default:
    /// $TABLESOLVE_TABLES, else the user's cache directory]
    #[arg(long, global = true, value_name = "DIR")]
    tables: Option<PathBuf>,

    /// Fail when a table is missing instead of building it
    #[arg(long, global = true)]
    no_build: bool,

    /// The sliding boards' options, given before the subcommand
    #[command(flatten)]
    before: SlidingArgs,

    #[command(subcommand)]
    command: Command,
}

/// A puzzle's own subcommand (one per entry of the catalogue), or a tool.
enum Command {
    Answer(Puzzle, answer::Answer, Box<AfterPuzzle>),
    // Boxed: a tool's options are many, a puzzle's subcommand holds few.
    Tool(Box<Tool>),
}

#[derive(Subcommand)]
enum Tool {
    /// Answers random cases with the tables and with an independent IDA* search, and
    /// compares them
    Verify {
        puzzle: Puzzle,
        /// def's definition file (ksolve+ or KPuzzle JSON)
        definition: Option<PathBuf>,
        /// Cases to draw, at most a billion
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(..=verify::MOST_CASES))]
        count: u64,
        #[command(flatten)]
        seed: Seed,
        #[command(flatten)]
        options: ToolArgs,
    },
    /// Judges an answer file written by anyone against the shortest, smallest answers
    Check {
        puzzle: Puzzle,
        /// def's definition file, then the judge input, then the answers to judge, in
        /// the judge's output format (either file may be `-`, standard input)
        #[arg(value_name = "[DEFINITION] INPUT ANSWERS", num_args = 1..=3, required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        options: ToolArgs,
    },
    /// Draws each case and every state along its answer, one step per move
    Show {
        puzzle: Puzzle,
        /// def's definition file, then the judge input (standard input if absent or `-`)
        #[arg(value_name = "[DEFINITION] [FILE]", num_args = 0..=2)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        options: ToolArgs,
    },
    /// Writes a judge input of random cases, optionally all of one shortest length
    Generate {
        puzzle: Puzzle,
        /// def's definition file (ksolve+ or KPuzzle JSON)
        definition: Option<PathBuf>,
        /// Every case's shortest solution has exactly this many moves (default: any)
        #[arg(long)]
        length: Option<usize>,
        /// Cases to write (any number: they are written as they are drawn)
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// def only: write each drawn position as a scramble, the turns that reach it
        /// from the solved state, not as a KPattern (words of the moves' group, not the
        /// shortest: the 3x3x3's made in 0.06 s, about 110 turns; cubing.js's Megaminx's
        /// in about 15 s, over 1,000)
        #[arg(long, conflicts_with = "length")]
        scramble: bool,
        #[command(flatten)]
        seed: Seed,
        #[command(flatten)]
        options: ToolArgs,
    },
    /// Counts the states at each distance in each table of a puzzle (for a defined
    /// puzzle answered from one table, God's algorithm)
    Stats {
        puzzle: Puzzle,
        /// def's definition file (ksolve+ or KPuzzle JSON)
        definition: Option<PathBuf>,
        /// Rotation Game only: count all 9,465,511,770 boards by shortest solution length
        #[arg(long)]
        all_boards: bool,
        #[command(flatten)]
        options: ToolArgs,
    },
    /// Answers over HTTP (the command's answers under /v1/) and serves a page at / that
    /// draws a board and plays its answer; Ctrl-C or SIGTERM stops it gracefully
    #[cfg(feature = "serve")]
    Serve(serve::Serve),
    /// Prints a completion script for SHELL to standard output
    Completions { shell: clap_complete::Shell },
    /// Prints the manual page (roff) to standard output: the command's, or one
    /// subcommand's with all its options; or writes every page into a directory
    Man {
        /// The subcommand whose page to print, e.g. `fifteen` (page tablesolve-fifteen(1))
        subcommand: Option<String>,
        /// Write tablesolve.1 and a tablesolve-SUBCOMMAND.1 for every subcommand into DIR,
        /// e.g. ~/.local/share/man/man1
        #[arg(long, value_name = "DIR", conflicts_with = "subcommand")]
        dir: Option<PathBuf>,
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
                Box::new(AfterPuzzle::from_matches(puzzle, args)?),
            )),
            _ => Ok(Command::Tool(Box::new(Tool::from_arg_matches(matches)?))),
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
            let sub = clap::Command::new(puzzle.name());
            let sub = AfterPuzzle::augment(puzzle, answer::Answer::augment_args(sub));
            // Last: an options struct's doc comment, added above, would be its about.
            cmd.subcommand(sub.about(puzzle.about()).long_about(None))
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
    /// Every case answered but this many, which reached a limit (`limit L`).
    Limited(usize),
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        match error {
            Error::Option(error) => Failure::Usage(error.to_string()),
            error => Failure::Error(error),
        }
    }
}

impl From<TableError> for Failure {
    fn from(error: TableError) -> Self {
        Failure::Error(error.into())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return messages::refused(error),
    };
    let tables = cli.tables_dir();
    match run(&cli, &tables) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Verdict) => ExitCode::from(1),
        Err(Failure::Limited(cases)) => {
            let cases = match cases {
                1 => "1 case".to_owned(),
                n => format!("{n} cases"),
            };
            say!("tablesolve: {cases} reached the limit on a search and went unanswered");
            ExitCode::from(5)
        }
        Err(Failure::Usage(message)) => {
            say!("tablesolve: {message}");
            ExitCode::from(2)
        }
        // A reader that stops early (`| head`) got what it wanted: end as a filter does.
        Err(Failure::Error(Error::Output(e))) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(Failure::Error(error)) => {
            say!("tablesolve: {error}{}", messages::advice(&error, &tables));
            ExitCode::from(match error {
                Error::Input { .. } | Error::Case(_) => 1,
                Error::Table(_) => 3,
                Error::Stopped(_) => 5,
                Error::Option(_) => 2,
                Error::Open { .. } | Error::Io(_) | Error::Answers(_) | Error::Output(_) => 4,
            })
        }
    }
}

impl Cli {
    /// Where the tables are: `--tables`, else [`TableDir::default_location`].
    fn tables_dir(&self) -> PathBuf {
        self.tables
            .clone()
            .unwrap_or_else(TableDir::default_location)
    }
}

fn table_dir(cli: &Cli, dir: &Path) -> TableDir {
    let dir = TableDir::new(dir);
    match cli.no_build {
        true => dir,
        false => progress::builds_shown(dir),
    }
}

/// Opens `path` (`-`: standard input) for reading; `what` names it in messages.
fn open(path: &Path, what: &'static str) -> Result<Box<dyn BufRead + Send>, Error> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())));
    }
    let error = |source| Error::Open {
        what,
        path: path.to_owned(),
        source,
    };
    let file = File::open(path).map_err(error)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(error(io::Error::other("it is a directory")));
    }
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}

fn open_input(file: &Option<PathBuf>) -> Result<Box<dyn BufRead + Send>, Error> {
    open(file.as_deref().unwrap_or(Path::new("-")), "input")
}

/// Standard output, buffered, written above the search lines at a terminal.
fn stdout() -> BufWriter<progress::AboveSearches<io::StdoutLock<'static>>> {
    BufWriter::with_capacity(1 << 16, progress::above_searches(io::stdout().lock()))
}

/// The seed of random cases.
#[derive(clap::Args, Clone, Copy, Debug)]
struct Seed {
    /// Seed of the random cases, to draw the same ones again (default: a fresh one,
    /// written to standard error)
    #[arg(long)]
    seed: Option<u64>,
}

impl Seed {
    /// The seed given, or a fresh one, said on standard error so that a run can be
    /// repeated.
    fn or_fresh(self) -> u64 {
        self.seed.unwrap_or_else(|| {
            let seed = rand::random_range(1..=u64::from(u32::MAX));
            say!("tablesolve: seed {seed} (--seed {seed} draws these cases again)");
            seed
        })
    }
}

/// A tool's files given after the puzzle, at most `rest` of its own: for `def`, its
/// definition first. The definition (if any) and the rest.
pub(crate) fn definition_first(
    puzzle: Puzzle,
    files: &[PathBuf],
    rest: usize,
) -> Result<(Option<&PathBuf>, &[PathBuf]), Failure> {
    let (definition, rest_given) = match (puzzle == Puzzle::Def, files.split_first()) {
        (true, Some((definition, others))) => (Some(definition), others),
        (true, None) => return Err(Failure::Usage(
            "def needs its DEFINITION file first, e.g. `tablesolve show def definitions/2x2x2.def`"
                .into(),
        )),
        (false, _) => (None, files),
    };
    if rest_given.len() > rest {
        let message = match puzzle == Puzzle::Def {
            true => "too many files".to_owned(),
            false => format!("{} takes no DEFINITION: only def does", puzzle.name()),
        };
        return Err(Failure::Usage(message));
    }
    Ok((definition, rest_given))
}

fn run(cli: &Cli, dir: &Path) -> Result<(), Failure> {
    let tables = table_dir(cli, dir);
    match &cli.command {
        Command::Answer(puzzle, answer, after) => {
            let def = (&after.def, after.definition.as_ref());
            let mut options =
                options::merge(&cli.before, &after.board, after.limits.limits(*puzzle), def);
            // A first use builds what its cases need, not the whole space at once.
            options.exact_tables = ExactTables::WhenNeeded;
            catalogue::run(*puzzle, &tables, options, answer)
        }
        Command::Tool(tool) => run_tool(cli, tool, tables, dir),
    }
}

/// Runs a tool (every subcommand but a puzzle's own).
fn run_tool(cli: &Cli, tool: &Tool, tables: TableDir, dir: &Path) -> Result<(), Failure> {
    let options = |after: &ToolArgs, definition: Option<&PathBuf>| {
        options::merge(&cli.before, &after.board, None, (&after.def, definition))
    };
    match tool {
        Tool::Verify {
            puzzle,
            definition,
            count,
            seed,
            options: after,
        } => catalogue::run(
            *puzzle,
            &tables,
            options(after, definition.as_ref()),
            verify::Verify {
                count: *count,
                seed: seed.or_fresh(),
            },
        ),
        Tool::Check {
            puzzle,
            files,
            options: after,
        } => {
            let (definition, [input, answers]) = check::files(*puzzle, files)?;
            catalogue::run(
                *puzzle,
                &tables,
                options(after, definition),
                check::Check { input, answers },
            )
        }
        Tool::Generate {
            puzzle,
            definition,
            length,
            count,
            scramble,
            seed,
            options: after,
        } => {
            if *scramble && *puzzle != Puzzle::Def {
                let message = format!("--scramble is def's: {} writes its boards", puzzle.name());
                return Err(Failure::Usage(message));
            }
            let generate = generate::Generate {
                length: *length,
                count: *count,
                scramble: *scramble,
                seed: seed.or_fresh(),
            };
            let options = options(after, definition.as_ref());
            match generate.without_tables(*puzzle, &options) {
                Some(done) => done,
                None => catalogue::run(*puzzle, &tables, options, generate),
            }
        }
        Tool::Show {
            puzzle,
            files,
            options: after,
        } => {
            let (definition, files) = definition_first(*puzzle, files, 1)?;
            let file = files.first().cloned();
            let options = options(after, definition);
            catalogue::run(*puzzle, &tables, options, show::Show { file: &file })
        }
        Tool::Stats {
            puzzle,
            definition,
            all_boards,
            options: after,
        } => {
            let options = options(after, definition.as_ref());
            stats::run(*puzzle, options, &tables, *all_boards)
        }
        #[cfg(feature = "serve")]
        Tool::Serve(serve) => serve::run(serve, tables, TableDir::new(dir)),
        Tool::Completions { shell } => manual::shell_file(*shell),
        Tool::Man { subcommand, dir } => manual::manual(subcommand.as_deref(), dir.as_deref()),
    }
}
