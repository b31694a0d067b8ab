//! `tablesolve stats`: the whole state space, table by table, and the census of boards.

use memmap2::Mmap;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use super::{progress, stdout, Failure, Puzzle};
use tablesolve::eight::{self, cantor, Grid};
use tablesolve::judge::{Eight, Eight2, Judge, Rotation};
use tablesolve::rotation::{self, census, mask, CELLS};
use tablesolve::table::{Fault, Table, TableError};
use tablesolve::tables::TableDir;
use tablesolve::Error;

/// Prints one table's depth counts and an example state at its maximum, after
/// recounting the payload against the header: a table proves itself here.
fn describe(
    out: &mut impl Write,
    path: &Path,
    table: &Table<Mmap>,
    example: impl Fn(u32) -> String,
) -> Result<(), Failure> {
    if !table.depth_counts_match() {
        let fault =
            Fault::Header("the payload's recount disagrees with the header's depth counts".into());
        return Err(TableError::Damaged {
            path: path.to_owned(),
            fault,
        }
        .into());
    }
    let header = table.header();
    let max = header.max_depth();
    let rank = table
        .distances()
        .iter()
        .position(|&d| usize::from(d) == max)
        .unwrap_or(0);
    let mut print = || -> std::io::Result<()> {
        writeln!(
            out,
            "{}: {} states, {} unreachable, maximum distance {max} (recount agrees)",
            path.display(),
            header.states,
            header.unreachable
        )?;
        writeln!(out, "  distance  states")?;
        for (d, count) in header.depth_counts.iter().enumerate() {
            writeln!(out, "  {d:>8}  {count}")?;
        }
        writeln!(out, "  example at {max}: {}", example(rank as u32))
    };
    print().map_err(|e| Failure::Error(Error::Output(e)))
}

fn canonical_start(rank: u32) -> Grid {
    Grid::new(cantor::unrank(rank)).expect("unrank gives a permutation")
}

pub fn run(tables: &TableDir, puzzle: Puzzle, all_boards: bool) -> Result<(), Failure> {
    if all_boards && !matches!(puzzle, Puzzle::Rotation) {
        return Err(Failure::Usage(
            "--all-boards counts Rotation Game boards: use `stats rotation --all-boards`".into(),
        ));
    }
    let mut out = stdout();
    match puzzle {
        Puzzle::Rotation => {
            let judge = Rotation::open(tables)?;
            describe(
                &mut out,
                &tables.path(&rotation::Space),
                &judge.table,
                |rank| {
                    let cells = mask::unrank(rank);
                    let list: Vec<String> = (0..CELLS)
                        .filter(|c| cells >> c & 1 == 1)
                        .map(|c| c.to_string())
                        .collect();
                    format!("one digit on cells {}", list.join(" "))
                },
            )?;
            if all_boards {
                census_report(&mut out, &judge).map_err(|e| Failure::Error(Error::Output(e)))?;
            }
        }
        Puzzle::Eight => {
            let judge = Eight::open(tables)?;
            let path = tables.path(&eight::Space {
                blank: eight::STANDARD_GOAL,
            });
            describe(&mut out, &path, &judge.table, |rank| {
                Eight::<Mmap>::case_text(&canonical_start(rank))
            })?;
        }
        Puzzle::Eight2 => {
            let judge = Eight2::open(tables)?;
            for (blank, table) in judge.tables.iter().enumerate() {
                describe(
                    &mut out,
                    &tables.path(&eight::Space { blank }),
                    table,
                    |rank| {
                        Eight2::<Mmap>::case_text(&(canonical_start(rank), Grid::canonical(blank)))
                    },
                )?;
            }
        }
    }
    out.flush().map_err(|e| Failure::Error(Error::Output(e)))
}

/// Counts every board by its shortest solution, with progress on stderr.
fn census_report(out: &mut impl Write, judge: &Rotation<Mmap>) -> std::io::Result<()> {
    let done = AtomicUsize::new(0);
    let total = census::FIRST_MASKS;
    let started = Instant::now();
    let census = census::census(&judge.table, &|steps| {
        let before = done.fetch_add(steps, Relaxed);
        let (was, now) = (before * 100 / total, (before + steps) * 100 / total);
        if now > was {
            progress(format_args!(
                "counting all {} boards: {now}%",
                census::BOARDS
            ));
        }
    });
    progress(format_args!(""));
    let took = started.elapsed().as_secs_f64();
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
    writeln!(out, "{}", Rotation::<Mmap>::case_text(&census.hardest))?;
    write!(out, "{}", census.hardest)
}
