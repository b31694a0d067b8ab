//! The options only sliding boards take, and where they may be given: after the
//! subcommand of a sliding board (`fifteen`, `twentyfour`, `sliding`) or of a tool, or
//! before any subcommand, as scripts written for the earlier command give them. The
//! other puzzles' subcommands do not offer them.

use std::time::Duration;

use clap::Args;
use tablesolve::fifteen::Partition;
use tablesolve::search::Limits;

/// A sliding board's goal, partition and input labels.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Sliding boards")]
pub struct Board {
    /// The goal: `default` (1 2 ... 15 0 on 4x4), `korf` (0 1 ... 15) or the board's
    /// values in quotes
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,

    /// The pattern databases; for fifteen `7-8` (fastest answers; builds in about 80 s
    /// on two cores with 1 GB of memory, 577 MB on disk) or `6-6-3` (builds in about
    /// 1 s, 11.5 MB; answers about 20x slower); for twentyfour `6-6-6-6` (Korf and
    /// Felner's; about 50 s, 510 MB on disk); for any size, groups of the tiles
    /// separated by `/` ("1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15"; at most 5 groups of
    /// at most 8); default: the best one present, else 7-8 and 6-6-6-6 (other sizes:
    /// the tiles in reading order, in as few groups as keep each database under 600 M
    /// entries)
    #[arg(long, value_name = "NAME|GROUPS")]
    pub partition: Option<Partition>,

    /// Every case starts with a label, as in Korf's instance files
    #[arg(long)]
    pub numbered: bool,
}

/// `sliding`'s board size.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Sliding boards")]
pub struct Size {
    /// `sliding`'s board size, W columns by H rows, each 2 to 5 (`3x4`); `fifteen` is
    /// `--size 4x4`, `twentyfour` is `--size 5x5`
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(usize, usize)>,
}

/// Both, for the tools and for the options given before the subcommand.
#[derive(Args, Clone, Debug, Default)]
pub struct AnyBoard {
    #[command(flatten)]
    pub board: Board,
    #[command(flatten)]
    pub size: Size,
}

/// Limits on each case's search.
#[derive(Args, Clone, Debug, Default)]
#[command(next_help_heading = "Sliding boards")]
pub struct SearchLimits {
    /// Stop a case's search after SECONDS of wall-clock time; its answer line is
    /// `limit L`, L the fewest moves it proved necessary (exit status 5)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Stop a case's search after N nodes (positions generated), as --timeout does
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
}

impl SearchLimits {
    /// The limits, if any was given.
    pub fn limits(&self) -> Option<Limits> {
        (self.timeout.is_some() || self.max_nodes.is_some()).then_some(Limits {
            nodes: self.max_nodes,
            time: self.timeout,
            cancel: None,
        })
    }
}

/// The options that only some puzzles take, wherever they were given.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The goal as given, read for the board's size.
    pub goal: Option<String>,
    /// The board's width and height (`sliding`).
    pub size: Option<(usize, usize)>,
    pub partition: Option<Partition>,
    pub numbered: bool,
    /// Limits on each case's search.
    pub limits: Option<Limits>,
}

impl Options {
    /// The options given before the subcommand (`before`) and after it (`after`); an
    /// option given in both places is taken from after, as a later option overrides.
    pub fn merge(before: &AnyBoard, after: &AnyBoard, limits: Option<Limits>) -> Self {
        Options {
            goal: after.board.goal.clone().or(before.board.goal.clone()),
            size: after.size.size.or(before.size.size),
            partition: (after.board.partition.clone()).or(before.board.partition.clone()),
            numbered: after.board.numbered || before.board.numbered,
            limits,
        }
    }
}

/// `--size WxH`: W columns and H rows, each 2 to 5.
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{text:?} is not WxH with W and H each 2 to 5, e.g. 3x4");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (2..=5).contains(n))
    };
    Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
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
