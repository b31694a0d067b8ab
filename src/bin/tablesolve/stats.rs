//! `tablesolve stats`: a defined puzzle's reachable states, counted by its group; every
//! table of a puzzle, recounted against its header; and the census of all Rotation Game
//! boards.

use std::io::Write;
use std::time::Instant;

use tablesolve::catalogue::Options;
use tablesolve::definition::{self, group, symmetry, Def, Definition};
use tablesolve::judge::{CaseReader, RotationCases};
use tablesolve::rotation::census;
use tablesolve::table::{memory, Entry, Table, TableDir, TableError};
use tablesolve::{Error, Rotation};

use crate::catalogue::{self, Judge, Puzzle, Task};
use crate::{progress, stdout, Failure};

/// `stats PUZZLE`: a defined puzzle's reachable states, then each table recounted; with
/// `all_boards` (the Rotation Game's only), the census of every board.
pub fn run(
    puzzle: Puzzle,
    options: Options,
    tables: &TableDir,
    all_boards: bool,
) -> Result<(), Failure> {
    if all_boards && puzzle != Puzzle::Rotation {
        return Err(Failure::Usage(
            "--all-boards counts Rotation Game boards: use `stats rotation --all-boards`".into(),
        ));
    }
    reachable(&options)?;
    database_sizes(&options, tables)?;
    catalogue::run(puzzle, tables, options, Stats { tables })?;
    if all_boards {
        census(tables)?;
    }
    Ok(())
}

struct Stats<'a> {
    tables: &'a TableDir,
}

impl Task for Stats<'_> {
    type Output = Result<(), Failure>;

    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let mut out = stdout();
        for (index, (id, table)) in judge.tables().into_iter().enumerate() {
            let path = self.tables.dir().join(id.file_name());
            table.recount().map_err(|fault| TableError::Damaged {
                path: path.clone(),
                fault,
            })?;
            describe(&mut out, &path, table, |rank| {
                judge.describe_rank(index, rank)
            })
            .map_err(Error::Output)?;
        }
        out.flush().map_err(Error::Output)?;
        Ok(())
    }
}

/// A defined puzzle's reachable states, counted by its moves' group before any table
/// is opened or built: seconds, however large the puzzle. A definition that cannot be
/// read is left to the opening after, which says why.
fn reachable(options: &Options) -> Result<(), Failure> {
    let Some(path) = &options.definition else {
        return Ok(());
    };
    let Ok(definition) = Definition::read(path) else {
        return Ok(());
    };
    let Ok(puzzle) = definition::Model::new(definition, options.moves.as_deref(), options.powers)
    else {
        return Ok(());
    };
    let counted = match group::reachable(&puzzle) {
        Ok(counted) if counted.states == counted.group => {
            format!(
                "{} states reachable (the order of its moves' group)",
                counted.states
            )
        }
        Ok(counted) => format!(
            "{} states reachable (its moves' group has {} elements; pieces alike make \
             some of them one state)",
            counted.states, counted.group
        ),
        Err(why) => format!("reachable states not counted: {why}"),
    };
    let mut out = stdout();
    writeln!(out, "{}: {counted}", path.display()).map_err(Error::Output)?;
    writeln!(out, "{}: {}", path.display(), symmetries(&puzzle)).map_err(Error::Output)?;
    out.flush().map_err(Error::Output)?;
    Ok(())
}

/// The sizes of pattern databases a defined puzzle's searches grow through, a line
/// each, with what building each costs: what `--memory` chose, said before anything is
/// built. Nothing for a puzzle exact tables answer, or one that cannot be opened (the
/// opening after says why).
fn database_sizes(options: &Options, tables: &TableDir) -> Result<(), Failure> {
    let Ok((definition, def_options)) = options.read_definition() else {
        return Ok(());
    };
    let Ok(sizes) = Def::database_sizes(tables, definition, &def_options) else {
        return Ok(());
    };
    let Some(path) = &options.definition else {
        return Ok(());
    };
    let mut out = stdout();
    for size in sizes {
        let built = match size.missing {
            0 => "on disk".to_owned(),
            n if n == size.count => format!("building them: {}", size.cost),
            n => format!("building the {n} not on disk: {}", size.cost),
        };
        let line = format!(
            "{}: {} pattern databases of at most {} entries ({}); {built}",
            path.display(),
            size.count,
            size.most,
            memory::size(size.entries),
        );
        writeln!(out, "{line}").map_err(Error::Output)?;
    }
    Ok(())
}

/// The symmetries found of a defined puzzle, said in a line.
fn symmetries(puzzle: &definition::Model) -> String {
    let found = symmetry::symmetries(puzzle);
    let count = found.found.len();
    let what = "maps of its positions carrying its turns onto turns and its goals onto goals";
    let turns = puzzle.turn_list();
    let classes: Vec<String> = (found.turn_classes().iter())
        .map(|class| {
            let names: Vec<&str> = class.iter().map(|&t| turns[usize::from(t)].name).collect();
            names.join(" ")
        })
        .collect();
    let classes = format!("; the turns they exchange: {}", classes.join(" | "));
    match (found.complete, count) {
        (true, 1) => format!("1 symmetry, the identity (no other {what})"),
        (true, _) => format!("{count} symmetries ({what}){classes}"),
        (false, _) => format!(
            "at least {count} symmetries ({what}; the search stopped at its limit of {} maps \
             or {} choices){classes}",
            symmetry::MOST_SYMMETRIES,
            symmetry::MOST_CHOICES
        ),
    }
}

/// Prints one table's depth counts and an example state at its maximum.
fn describe<D: AsRef<[u8]>>(
    out: &mut impl Write,
    path: &std::path::Path,
    table: &Table<D>,
    example: impl Fn(u64) -> String,
) -> std::io::Result<()> {
    let header = table.header();
    let max = header.max_depth();
    let rank = table
        .distances()
        .iter()
        .position(|&d| usize::from(d) == max)
        .unwrap_or(0);
    // A pattern database's entries are placements (two a placement when zero-aware),
    // not states of the puzzle.
    let what = match header.entry {
        Entry::Bound => "entries",
        Entry::Distance | Entry::Walk { .. } => "states",
    };
    // Every rank is a state where none is unreachable; else say how many are reached.
    let counted = match header.unreachable {
        0 => plural(header.states, what),
        unreachable => format!(
            "{} reachable, {unreachable} of its {} ranks unreachable",
            plural(header.states - unreachable, what),
            header.states
        ),
    };
    writeln!(
        out,
        "{}: {counted}, maximum distance {max} (recount agrees)",
        path.display(),
    )?;
    writeln!(out, "  distance  {what}")?;
    for (d, count) in header.depth_counts.iter().enumerate() {
        writeln!(out, "  {d:>8}  {count}")?;
    }
    let farthest = header.depth_counts.last().copied().unwrap_or(0);
    writeln!(
        out,
        "  at the maximum distance, {max}: {} (the antipodes)",
        plural(farthest, what)
    )?;
    // A defined puzzle's state is shown as rows, one a set: each on a line of its own.
    let example = example(rank as u64);
    let example = example.trim_matches('\n');
    if example.contains('\n') {
        writeln!(out, "  example at {max}:")?;
        example
            .lines()
            .try_for_each(|line| writeln!(out, "    {line}"))
    } else {
        writeln!(out, "  example at {max}: {example}")
    }
}

/// Counts every Rotation Game board by its shortest solution, with progress on stderr.
fn census(tables: &TableDir) -> Result<(), Failure> {
    let judge = Rotation::open(tables)?;
    let bar = progress::bar(
        census::FIRST_MASKS as u64,
        format!("counting all {} boards", census::BOARDS),
    );
    let started = Instant::now();
    let census = census::census(&judge.table.distances, &|steps| bar.inc(steps as u64));
    bar.finish(format_args!(""));
    let took = started.elapsed().as_secs_f64();
    let mut out = stdout();
    let mut report = || -> std::io::Result<()> {
        let boards: u64 = census.boards_at.iter().sum();
        writeln!(
            out,
            "all {boards} boards by shortest solution length ({took:.1} s):"
        )?;
        writeln!(out, "    moves  boards")?;
        for (length, count) in census.boards_at.iter().enumerate() {
            writeln!(out, "  {length:>7}  {count}")?;
        }
        let hardest = census.boards_at.len() - 1;
        writeln!(
            out,
            "hardest: {hardest} moves, {} boards, for example",
            census.boards_at[hardest]
        )?;
        writeln!(
            out,
            "{}",
            RotationCases::default().case_text(&census.hardest)
        )?;
        write!(out, "{}", census.hardest)?;
        out.flush()
    };
    report().map_err(|e| Failure::Error(Error::Output(e)))
}

/// `count` `what`s (`what` a plural ending in `s`), singular for one.
fn plural(count: u64, what: &str) -> String {
    match count {
        1 => format!("1 {}", what.strip_suffix('s').unwrap_or(what)),
        _ => format!("{count} {what}"),
    }
}
