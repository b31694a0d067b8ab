//! `tablesolve stats`: the whole state space, table by table, and the census of boards.

use memmap2::Mmap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use super::{progress, stdout, Failure, Puzzle};
use tablesolve::eight::{self, cantor, Grid};
use tablesolve::judge::{Eight, Eight2, Judge, Rotation};
use tablesolve::rotation::{census, mask, CELLS};
use tablesolve::space::StateSpace;
use tablesolve::table::Table;
use tablesolve::tables::TableDir;
use tablesolve::Error;

/// Prints one table's depth counts and an example state at its maximum.
fn describe(
    out: &mut impl Write,
    name: &str,
    table: &Table<Mmap>,
    example: impl Fn(u32) -> String,
) -> std::io::Result<()> {
    let header = table.header();
    let max = header.max_depth();
    writeln!(
        out,
        "{name}: {} states, {} unreachable, maximum distance {max}",
        header.states, header.unreachable
    )?;
    writeln!(out, "  distance  states")?;
    for (d, count) in header.depth_counts.iter().enumerate() {
        writeln!(out, "  {d:>8}  {count}")?;
    }
    let rank = table
        .distances()
        .iter()
        .position(|&d| usize::from(d) == max)
        .expect("a state at the maximum");
    writeln!(out, "  example at {max}: {}", example(rank as u32))
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
    let written = match puzzle {
        Puzzle::Rotation => {
            let judge = Rotation::open(tables)?;
            let file = tablesolve::rotation::Space.id().file_name();
            describe(&mut out, &file, &judge.table, |rank| {
                let cells = mask::unrank(rank);
                let list: Vec<String> = (0..CELLS)
                    .filter(|c| cells >> c & 1 == 1)
                    .map(|c| c.to_string())
                    .collect();
                format!("one digit on cells {}", list.join(" "))
            })
            .and_then(|()| {
                if all_boards {
                    census_report(&mut out, &judge)
                } else {
                    Ok(())
                }
            })
        }
        Puzzle::Eight => {
            let judge = Eight::open(tables)?;
            let file = eight::table_id(eight::STANDARD_GOAL).file_name();
            describe(&mut out, &file, &judge.table, |rank| {
                Eight::<Mmap>::case_text(&canonical_start(rank))
            })
        }
        Puzzle::Eight2 => {
            let judge = Eight2::open(tables)?;
            judge
                .tables
                .iter()
                .enumerate()
                .try_for_each(|(blank, table)| {
                    let file = eight::table_id(blank).file_name();
                    describe(&mut out, &file, table, |rank| {
                        Eight2::<Mmap>::case_text(&(canonical_start(rank), Grid::canonical(blank)))
                    })
                })
        }
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Error(Error::Output(e)))
}

/// Counts every board by its shortest solution, with progress on stderr.
fn census_report(out: &mut impl Write, judge: &Rotation<Mmap>) -> std::io::Result<()> {
    let done = AtomicUsize::new(0);
    let total = census::first_masks().len();
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
