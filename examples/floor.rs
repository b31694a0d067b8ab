//! The floor of `tablesolve PUZZLE FILE`: the same readers and batch driver, parsing the
//! same input and writing one fixed answer line per case, without answering. What
//! `bench/throughput.sh` compares the real commands with.
//!
//! `cargo run --release --example floor -- rotation|eight|eight2 FILE`

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::ValueEnum;
use tablesolve::judge::{
    answer_all, BadCases, CaseReader, EightCases, EightPairs, Output, RotationCases,
};
use tablesolve::Puzzle;

/// Reads every case of `file` with `reader` and writes `answer` for each.
fn floor<C: CaseReader + Send>(
    mut reader: C,
    file: File,
    answer: &[u8],
) -> Result<(), tablesolve::Error> {
    let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let write = |cases: &[(usize, C::Case)], out: &mut Vec<u8>| {
        cases.iter().for_each(|_| out.extend_from_slice(answer));
        Ok(())
    };
    answer_all(
        &mut reader,
        file,
        out,
        BadCases::Stop,
        Output::Judge,
        512,
        write,
    )
    .map(drop)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [puzzle, path] = &args[..] else {
        eprintln!("usage: floor rotation|eight|eight2 FILE");
        return ExitCode::from(2);
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("floor: cannot open {path}: {error}");
            return ExitCode::from(4);
        }
    };
    let done = match Puzzle::from_str(puzzle, false) {
        Ok(Puzzle::Rotation) => floor(RotationCases::default(), file, b"AC\n2\n"),
        Ok(Puzzle::Eight) => floor(EightCases, file, b"dd\n"),
        Ok(Puzzle::Eight2) => floor(EightPairs::default(), file, b"Case 1: 2\ndd\n"),
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
