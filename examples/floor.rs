//! The floor of `tablesolve PUZZLE FILE`: the same readers and batch driver, parsing the
//! same input and writing one fixed answer line per case, without answering. What
//! `bench/throughput.sh` and `bench/batches.sh` compare the real commands with.
//!
//! `cargo run --release --example floor -- rotation|eight|eight2 FILE [probe]`
//!
//! With `probe` (rotation and eight), the parse-and-probe floor instead: each case is
//! also ranked and one table entry loaded at its rank (digit 1's mask, or the grid
//! towards `12345678x`), and nothing is written but a sum of the entries at the end
//! (so that the loads are not left out), on standard error.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use std::sync::atomic::{AtomicU64, Ordering};

use tablesolve::judge::{
    answer_all, BadCases, EightCases, EightPairs, FastPath, Output, RotationCases,
};
use tablesolve::{eight, rotation, Eight, Puzzle, Rotation, TableDir};

/// Reads every case of `file` with `reader` and writes `answer` for each.
fn floor<C: FastPath + Send + Sync>(
    mut reader: C,
    file: File,
    answer: &[u8],
) -> Result<(), tablesolve::Error> {
    let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let write = |cases: &[(usize, C::Case)], out: &mut Vec<u8>| {
        cases.iter().for_each(|_| out.extend_from_slice(answer));
        Ok(())
    };
    read_all(&mut reader, file, out, write)
}

/// Reads every case of `file` with `reader` as a batch does, in tasks of 512 cases,
/// each handed to `write`, stopping at the first bad case.
fn read_all<C: FastPath + Send + Sync>(
    reader: &mut C,
    file: File,
    out: impl Write,
    write: impl Fn(&[(usize, C::Case)], &mut Vec<u8>) -> Result<(), tablesolve::Error> + Sync,
) -> Result<(), tablesolve::Error> {
    answer_all(reader, file, out, BadCases::Stop, Output::Judge, 512, write).map(drop)
}

/// Reads every case of `file` with `reader`, loads the table entry `probe` gives for
/// it, and writes nothing but the entries' sum, at the end.
fn probe<C: FastPath + Send + Sync>(
    mut reader: C,
    file: File,
    probe: impl Fn(&C::Case) -> u64 + Sync,
) -> Result<(), tablesolve::Error> {
    let sum = AtomicU64::new(0);
    let write = |cases: &[(usize, C::Case)], _: &mut Vec<u8>| {
        let entries = cases.iter().map(|(_, case)| probe(case));
        sum.fetch_add(entries.fold(0, u64::wrapping_add), Ordering::Relaxed);
        Ok(())
    };
    read_all(&mut reader, file, io::sink(), write)?;
    eprintln!("sum of the entries: {}", sum.into_inner());
    Ok(())
}

/// The parse-and-probe floor of `puzzle`'s batch over `file`.
fn probe_floor(puzzle: Puzzle, file: File) -> Result<(), tablesolve::Error> {
    let tables = TableDir::default();
    match puzzle {
        Puzzle::Rotation => {
            let table = Rotation::open(&tables)?.table;
            let look_up = |board: &rotation::Board| table.walk(rotation::ranks(board)[0]);
            probe(RotationCases::default(), file, look_up)
        }
        _ => {
            let table = Eight::open(&tables)?.table;
            let towards = eight::Lookup::towards(&Eight::<tablesolve::table::Mapped>::goal());
            probe(EightCases, file, |grid| {
                towards(grid).walk(&table).unwrap_or(0)
            })
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (puzzle, path, probing) = match &args[..] {
        [puzzle, path] => (puzzle, path, false),
        [puzzle, path, probe] if probe == "probe" && puzzle != "eight2" => (puzzle, path, true),
        _ => {
            eprintln!(
                "usage: floor rotation|eight|eight2 FILE, or floor rotation|eight FILE probe"
            );
            return ExitCode::from(2);
        }
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("floor: cannot open {path}: {error}");
            return ExitCode::from(4);
        }
    };
    let done = match Puzzle::named(puzzle) {
        Some(puzzle) if probing => probe_floor(puzzle, file),
        Some(Puzzle::Rotation) => floor(RotationCases::default(), file, b"AC\n2\n"),
        Some(Puzzle::Eight) => floor(EightCases, file, b"dd\n"),
        Some(Puzzle::Eight2) => floor(EightPairs::default(), file, b"Case 1: 2\ndd\n"),
        _ => {
            eprintln!("floor: {puzzle:?} is not rotation, eight or eight2");
            return ExitCode::from(2);
        }
    };
    match done.and_then(|()| io::stdout().flush().map_err(tablesolve::Error::Output)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("floor: {error}");
            ExitCode::from(1)
        }
    }
}
