//! The floor of `tablesolve PUZZLE FILE`: the same readers and batch driver, parsing the
//! same input and writing one fixed answer line per case, without answering. What
//! `bench/throughput.sh` compares the real commands with.
//!
//! `cargo run --release --example floor -- rotation|eight|eight2 FILE`

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use tablesolve::judge::{
    answer_all, BadCases, CaseReader, EightCases, EightPairs, Output, RotationCases,
};

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
    let done = match puzzle.as_str() {
        "rotation" => floor(RotationCases::default(), file, b"AC\n2\n"),
        "eight" => floor(EightCases, file, b"dd\n"),
        "eight2" => floor(EightPairs::default(), file, b"Case 1: 2\ndd\n"),
        _ => {
            eprintln!("floor: no puzzle {puzzle:?}");
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
