//! The options only sliding boards take, and where they may be given: after the
//! subcommand of a sliding board (`fifteen`, `twentyfour`, `sliding`) or of a tool, or
//! before any subcommand, as scripts written for the earlier command give them. The
//! other puzzles' subcommands do not offer them.

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgMatches, Args, FromArgMatches};
use tablesolve::catalogue::Options;
use tablesolve::definition::ExactTables;
use tablesolve::fifteen::Partition;
use tablesolve::search::Limits;
use tablesolve::Puzzle;

/// A sliding board's goal, partition and input labels.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Sliding boards")]
pub struct BoardArgs {
    /// The goal: `default` (1 2 ... 15 0 on 4x4), `korf` (0 1 ... 15) or the board's
    /// values in quotes
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,

    /// The pattern databases; for fifteen `7-8` (fastest answers; builds in about 80 s
    /// on two cores with 1 GB of memory, 577 MB on disk) or `6-6-3` (builds in about
    /// 1 s, 11.5 MB; answers about 20x slower); for twentyfour `compound` (a catalogue
    /// of 14 splits into four groups of 6; builds in 2.5-5 minutes on two cores with
    /// 2.5 GB of memory, 2.4 GB on disk; 3-10x fewer nodes at a quarter of the node
    /// rate, so each iteration takes it or its first split, 6-6-6-6, whichever a sample
    /// shows faster) or `6-6-6-6` (Korf and Felner's; 30-50 s, 510 MB on disk); for any
    /// size, groups of the tiles separated by `/` ("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14
    /// 15"; at most 5 groups of at most 8), or several such splits separated by `;`,
    /// whose bound is the largest of their sums (each iteration under it or the first
    /// split alone, as for compound); default: the best one present, else 7-8 and compound (other
    /// sizes: the tiles in reading order, in as few groups as keep each database under
    /// 600 M entries)
    #[arg(long, value_name = "NAME|GROUPS[;GROUPS...]")]
    pub partition: Option<Partition>,

    /// Every case starts with a label, as in Korf's instance files
    #[arg(long)]
    pub numbered: bool,
}

/// `sliding`'s board size.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Sliding boards")]
pub struct SizeArg {
    /// `sliding`'s board size, W columns by H rows, each 2 to 5 (`3x4`); `fifteen` is
    /// `--size 4x4`, `twentyfour` is `--size 5x5`
    #[arg(long, value_name = "WxH", value_parser = tablesolve::sliding::parse_size)]
    pub size: Option<(usize, usize)>,
}

/// Both, for the tools and for the options given before the subcommand.
#[derive(Args, Clone, Debug, Default)]
pub struct SlidingArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub size: SizeArg,
}

/// A tool's options after its puzzle: a sliding board's and a defined puzzle's.
#[derive(Args, Clone, Debug, Default)]
pub struct ToolArgs {
    #[command(flatten)]
    pub board: SlidingArgs,
    #[command(flatten)]
    pub def: DefArgs,
}

/// A defined puzzle's moves and powers.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Defined puzzles")]
pub struct DefArgs {
    /// The moves an answer may use, in the order answers are compared, each with its
    /// powers (`U,R,F`; a move's name, a derived move's, or a power of one by its name,
    /// `R2`); default: the definition's moves, in its order
    #[arg(long, value_name = "MOVE,...", value_delimiter = ',')]
    pub moves: Option<Vec<String>>,

    /// How a move's powers are turns: `all` (each power one turn: U U2 U'), `quarter`
    /// (the least turn either way: U U'), `none` (each move only itself); default: the
    /// definition's `Powers`, else all
    #[arg(long, value_name = "all|quarter|none")]
    pub powers: Option<tablesolve::definition::Powers>,

    /// Every case's goal: a KPattern JSON file (pieces `null` where any will do,
    /// `orientationMod` 1 where the orientation does not count), in place of the
    /// definition's solved states (twips's --experimental-target-pattern)
    #[arg(long, value_name = "FILE")]
    pub target_pattern: Option<PathBuf>,

    /// No answer shorter than N turns (twips's --min-depth): a case's answer is the
    /// smallest of the shortest at least N long
    #[arg(long, value_name = "N")]
    pub min_depth: Option<u32>,

    /// No answer longer than N turns (ksolve+'s MaxDepth, twips's --max-depth): a case
    /// with none is `limit L`, L > N the fewest turns proved needed (exit status 5); a
    /// scramble file's `MaxDepth` overrides
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u32>,

    /// The most memory one size of pattern databases may take together (`8G`, `512M`;
    /// a byte an entry): a search grows through larger sizes, each built when it needs
    /// it, up to the largest that fits; default: half of what this machine has free
    #[arg(long, value_name = "SIZE", value_parser = tablesolve::table::memory::parse_size)]
    pub memory: Option<u64>,
}

/// Limits on each case's search.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Searches")]
pub struct LimitArgs {
    /// Stop a case's search after SECONDS of its share of the cores, counted on the
    /// threads' own clocks: wall-clock time alone on an idle machine; in a batch, where
    /// cases search side by side, or beside other programs, the search it would get
    /// alone. Its answer line is `limit L`, L the fewest moves it proved necessary
    /// (exit status 5). Given neither this nor --max-nodes, a `def` case's search
    /// stops the same way where it is foreseen to end past 10 minutes, and says so
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Stop a case's search after N nodes (positions generated), as --timeout does
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
}

/// How long the next length of a defined case's search, given no limit, may be
/// foreseen to take before the case is given up, its cost said: a user who asks for
/// a case out of reach (a 10-turn gigaminx) is told at once what it would take.
pub const FORESIGHT: Duration = Duration::from_secs(600);

impl LimitArgs {
    /// The limits of `puzzle`'s cases: those given, else for a defined puzzle's the
    /// [`FORESIGHT`].
    pub fn limits(&self, puzzle: Puzzle) -> Option<Limits> {
        let given = self.timeout.is_some() || self.max_nodes.is_some();
        let foresight = (!given && puzzle == Puzzle::Def).then_some(FORESIGHT);
        (given || foresight.is_some()).then_some(Limits {
            nodes: self.max_nodes,
            time: self.timeout,
            wall_time: None,
            cancel: None,
            foresight,
        })
    }
}

/// The options a puzzle's own subcommand takes after its name: a sliding board's, a
/// defined puzzle's (none for the other puzzles).
#[derive(Default)]
pub struct AfterPuzzle {
    pub board: SlidingArgs,
    pub limits: LimitArgs,
    pub def: DefArgs,
    /// `def`'s definition file.
    pub definition: Option<PathBuf>,
}

/// The definition's argument of `def`, first of its positional ones.
const DEFINITION: &str = "definition";

impl AfterPuzzle {
    /// Adds the options `puzzle`'s subcommand offers to `sub`.
    pub fn augment(puzzle: Puzzle, sub: clap::Command) -> clap::Command {
        match puzzle {
            Puzzle::Sliding => LimitArgs::augment_args(SlidingArgs::augment_args(sub)),
            _ if puzzle.is_sliding() => LimitArgs::augment_args(BoardArgs::augment_args(sub)),
            Puzzle::Def => {
                let definition = clap::Arg::new(DEFINITION)
                    .value_name("DEFINITION")
                    .help("The puzzle's definition: a ksolve+ file or a KPuzzle JSON file")
                    .required(true)
                    .index(1)
                    .value_parser(clap::value_parser!(PathBuf));
                let sub = sub.mut_arg("file", |file| file.index(2)).arg(definition);
                LimitArgs::augment_args(DefArgs::augment_args(sub))
            }
            _ => sub,
        }
    }

    /// The options given to `puzzle`'s subcommand, as [`AfterPuzzle::augment`] offered.
    pub fn from_matches(puzzle: Puzzle, matches: &ArgMatches) -> Result<Self, clap::Error> {
        let board = match puzzle {
            Puzzle::Sliding => SlidingArgs::from_arg_matches(matches)?,
            _ if puzzle.is_sliding() => SlidingArgs {
                board: BoardArgs::from_arg_matches(matches)?,
                size: SizeArg::default(),
            },
            Puzzle::Def => {
                return Ok(AfterPuzzle {
                    limits: LimitArgs::from_arg_matches(matches)?,
                    def: DefArgs::from_arg_matches(matches)?,
                    definition: matches.get_one::<PathBuf>(DEFINITION).cloned(),
                    ..AfterPuzzle::default()
                })
            }
            _ => return Ok(AfterPuzzle::default()),
        };
        let limits = LimitArgs::from_arg_matches(matches)?;
        Ok(AfterPuzzle {
            board,
            limits,
            ..AfterPuzzle::default()
        })
    }
}

/// The options given before the subcommand (`before`) and after it (`after`); an
/// option given in both places is taken from after, as a later option overrides. A
/// defined puzzle's are given after its name only.
pub fn merge(
    before: &SlidingArgs,
    after: &SlidingArgs,
    limits: Option<Limits>,
    def: (&DefArgs, Option<&PathBuf>),
) -> Options {
    let (b, a) = (&before.board, &after.board);
    Options {
        goal: a.goal.as_ref().or(b.goal.as_ref()).cloned(),
        size: after.size.size.or(before.size.size),
        partition: a.partition.as_ref().or(b.partition.as_ref()).cloned(),
        numbered: a.numbered || b.numbered,
        definition: def.1.cloned(),
        moves: def.0.moves.clone(),
        powers: def.0.powers,
        target_pattern: def.0.target_pattern.clone(),
        min_depth: def.0.min_depth,
        max_depth: def.0.max_depth,
        memory: def.0.memory,
        limits,
        progress: None,
        exact_tables: ExactTables::AtOnce,
    }
}

pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds < 1e9) {
        return Err(format!(
            "{text} seconds: give a positive number below a billion"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A defined puzzle's cases given no limit have the foresight, and only they.
    #[test]
    fn only_a_defined_case_given_no_limit_has_the_foresight() {
        let none = LimitArgs::default();
        let foresight = |limits: Option<Limits>| limits.and_then(|l| l.foresight);
        assert_eq!(foresight(none.limits(Puzzle::Def)), Some(FORESIGHT));
        assert!(none.limits(Puzzle::Fifteen).is_none());
        let timed = LimitArgs {
            timeout: Some(Duration::from_secs(5)),
            max_nodes: None,
        };
        let counted = LimitArgs {
            timeout: None,
            max_nodes: Some(100),
        };
        for given in [timed, counted] {
            let limits = given.limits(Puzzle::Def).expect("limits given");
            assert_eq!(limits.foresight, None);
            assert_eq!(
                (limits.time, limits.nodes),
                (given.timeout, given.max_nodes)
            );
        }
    }
}
