//! The judges as data: every `tests/data/PUZZLE/NAME.in` is run through
//! `tablesolve PUZZLE NAME.in` with the options in `NAME.args`, if there is one (before
//! `PUZZLE`, unless they name it themselves). Its standard output must equal `NAME.out`; where
//! `NAME.err` exists, its standard error must equal that file and its exit status be 1
//! (bad input, after the answers of every case before it); otherwise it must succeed
//! and say nothing on standard error.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::tables;

/// Every `.in` file under `tests/data/`, with its puzzle, in name order.
fn cases() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut cases = Vec::new();
    for puzzle in fs::read_dir(&root).unwrap() {
        let puzzle = puzzle.unwrap().path();
        let name = puzzle.file_name().unwrap().to_str().unwrap().to_owned();
        for file in fs::read_dir(&puzzle).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "in") {
                cases.push((name.clone(), file));
            }
        }
    }
    cases.sort();
    cases
}

/// What is wrong with the run of one case, if anything.
fn run(puzzle: &str, input: &Path) -> Option<String> {
    let expected = |ext| fs::read_to_string(input.with_extension(ext)).ok();
    let options = expected("args").unwrap_or_default();
    let output = Command::new(env!("CARGO_BIN_EXE_tablesolve"))
        .args(["--no-build", "--tables"])
        .arg(tables())
        .args(options.split_whitespace())
        .args(
            options
                .split_whitespace()
                .all(|o| o != puzzle)
                .then_some(puzzle),
        )
        .arg(input)
        .env_remove("TABLESOLVE_TABLES")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    let want_out = expected("out").unwrap_or_else(|| panic!("{} has no .out", input.display()));
    let want_err = expected("err");
    let want_code = if want_err.is_some() { 1 } else { 0 };
    let mut wrong = Vec::new();
    if output.status.code() != Some(want_code) {
        wrong.push(format!(
            "exit {:?}, expected {want_code}",
            output.status.code()
        ));
    }
    if out != want_out {
        wrong.push(format!("stdout {out:?}, expected {want_out:?}"));
    }
    if err != want_err.clone().unwrap_or_default() {
        wrong.push(format!("stderr {err:?}, expected {want_err:?}"));
    }
    (!wrong.is_empty()).then(|| format!("{}: {}", input.display(), wrong.join("; ")))
}

#[test]
fn every_data_case_gives_its_expected_output() {
    let cases = cases();
    assert!(cases.len() >= 21, "only {} data cases found", cases.len());
    // Every directory names a puzzle of the catalogue; every puzzle whose tables the
    // tests build has data.
    for (name, _) in &cases {
        assert!(
            tablesolve::Puzzle::named(name).is_some(),
            "tests/data/{name} is no puzzle"
        );
    }
    for puzzle in ["rotation", "eight", "eight2", "fifteen"] {
        assert!(
            cases.iter().any(|(p, _)| p == puzzle),
            "no data for {puzzle}"
        );
    }
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(p, input)| run(p, input))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
