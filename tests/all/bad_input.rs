//! Bad input and damaged tables: a clear message naming the case and line (or the file
//! and the cure), the right exit status, every good answer before it, and no panic.

use std::fs;
use std::process::{Command, Stdio};

use crate::common::{sample, stdout, tablesolve};

const BOARD: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

/// Runs one puzzle on `input`: (exit code, stdout, stderr).
fn run(puzzle: &str, extra: &[&str], input: &[u8]) -> (i32, String, String) {
    let tables = tempfile::tempdir().unwrap();
    let mut args = vec![puzzle];
    args.extend_from_slice(extra);
    let output = tablesolve(tables.path(), &args, input);
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code().unwrap(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

/// Asserts a run stopped at a bad case: exit 1, `answers` written, the message on stderr.
fn assert_stops(puzzle: &str, input: &[u8], answers: &str, message: &str) {
    let (code, out, err) = run(puzzle, &[], input);
    assert_eq!(
        code,
        1,
        "{puzzle} {:?}: {err}",
        String::from_utf8_lossy(input)
    );
    assert_eq!(out, answers, "{puzzle}");
    assert!(
        err.contains(message),
        "{puzzle}: expected {message:?} in {err:?}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

/// The other malformed cases of every judge are data: `tests/data/` and `data.rs`.
#[test]
fn a_huge_token_is_quoted_short() {
    let input = format!("{BOARD}\n1 1 {} 3\n", "7".repeat(1 << 20));
    assert_stops(
        "rotation",
        input.as_bytes(),
        "AC\n2\n",
        "case 2, line 2, column 5: value `777777777777777777777777...` (1048576 bytes) at position 3",
    );
}

#[test]
fn keep_going_answers_every_good_case_and_reports_every_bad_one() {
    let input = format!("{BOARD}\n1 1 4 {}\n{BOARD}\n1 2\n", &BOARD[6..]);
    let (code, out, err) = run("rotation", &["--keep-going"], input.as_bytes());
    assert_eq!(code, 1);
    // Each malformed case holds its place with one line, in place of the two.
    assert_eq!(out, "AC\n2\nerror\nAC\n2\nerror\n");
    assert!(
        err.contains("case 2, line 2, column 5: value `4`")
            && err.contains("case 4, line 4, column 1: input ends"),
        "{err}"
    );
    assert!(
        err.contains("2 malformed cases (answered `error`), 2 answered"),
        "{err}"
    );

    let input = "3\n12X453786 12345678X\n12X45378 12345678X\n564178X23 7568X4123\n";
    let (code, out, err) = run(
        "eight2",
        &["--keep-going", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(code, 1);
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let cases: Vec<u64> = answers
        .iter()
        .map(|a| a["case"].as_u64().unwrap())
        .collect();
    assert_eq!(cases, [1, 2, 3]);
    assert_eq!(answers[1]["error"], "case 2, line 3, column 1: start `12X45378`: expected 9 characters (tiles 1-8 and x), found 8");
    assert!(answers[0].get("error").is_none() && answers[2]["moves"] == "urrulldr");
    assert!(err.contains("case 2, line 3, column 1"), "{err}");
}

/// `../shared/SPEC.md` section 10: one bad line does not shift the cases after it, and
/// with `--keep-going` answer K (text or JSON) belongs to case K.
#[test]
fn a_bad_fifteen_line_is_one_case_and_keeps_its_place() {
    let good = [
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
        "1 2 3 4 5 6 7 8 9 10 11 0 13 14 15 12",
    ];
    let input = [
        good[0],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0",
        good[1],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 3",
        good[0],
        "1 2 3 4 5 6 7 8 9 10 11 12 1e 14 0 15",
        good[1],
    ]
    .join("\n");
    let run = |extra: &[&str]| {
        let mut args = vec!["--no-build", "fifteen"];
        args.extend_from_slice(extra);
        let output = tablesolve(crate::common::tables(), &args, input.as_bytes());
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        (
            output.status.code().unwrap(),
            text(&output.stdout),
            text(&output.stderr),
        )
    };
    let (code, out, err) = run(&[]);
    assert_eq!((code, out.as_str()), (1, "r\n"), "{err}");
    assert!(
        err.contains("case 2, line 2, column 1: line 2 has 15 values"),
        "{err}"
    );

    let (code, out, err) = run(&["--keep-going"]);
    assert_eq!(
        (code, out.as_str()),
        (1, "r\nerror\nd\nerror\nr\nerror\nd\n"),
        "{err}"
    );
    for message in [
        "case 2, line 2, column 1: line 2 has 15 values",
        "case 4, line 4, column 39: line 4 has more than 16 values",
        "case 6, line 6, column 28: value `1e` at position 13",
    ] {
        assert!(err.contains(message), "{message} not in {err}");
    }

    let (code, out, _) = run(&["--keep-going", "--format", "json"]);
    assert_eq!(code, 1);
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 7);
    for (k, answer) in answers.iter().enumerate() {
        assert_eq!(answer["case"], k + 1);
        let malformed = answer.get("error").is_some();
        assert_eq!(malformed, k % 2 == 1, "{answer}");
        if !malformed {
            assert_eq!(answer["moves"], ["r", "d"][k / 2 % 2], "{answer}");
        }
    }
    assert!(answers[3]["error"]
        .as_str()
        .unwrap()
        .starts_with("case 4, line 4, column 39: "));
}

#[test]
fn missing_input_file_is_named() {
    let (code, out, err) = run("eight", &["/nonexistent/cases.txt"], b"");
    assert_eq!((code, out.as_str()), (4, ""));
    assert!(
        err.contains("cannot open input /nonexistent/cases.txt"),
        "{err}"
    );
}

#[test]
fn check_reports_bad_input_with_case_and_line() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("in"),
        "2\n12X453786 12345678X\n12X4537869 12345678X\n",
    )
    .unwrap();
    fs::write(dir.path().join("out"), sample("eight2.out")).unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let output = tablesolve(
        &dir.path().join("t"),
        &["check", "eight2", &path("in"), &path("out")],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("case 2, line 3, column 1: start `12X4537869`"),
        "{err}"
    );
}

/// Runs the Rotation Game sample against the table directory `tables`.
fn rotation_with(tables: &std::path::Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = extra.to_vec();
    args.push("rotation");
    let output = tablesolve(tables, &args, &sample("rotation.in"));
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code().unwrap(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

#[test]
fn unusable_table_files_are_refused_with_the_cure() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rotation-0.tbl");
    // A directory where the file should be.
    fs::create_dir(&path).unwrap();
    let (code, out, err) = rotation_with(dir.path(), &[]);
    assert_eq!((code, out.as_str()), (3, ""));
    assert!(
        err.contains("cannot read table")
            && err.contains("rotation-0.tbl")
            && err.contains("not a regular file"),
        "{err}"
    );
    assert!(
        err.contains("and run again: missing tables are rebuilt"),
        "{err}"
    );
    fs::remove_dir(&path).unwrap();
    // A link to nowhere: unreadable, whoever runs it.
    std::os::unix::fs::symlink(dir.path().join("gone"), &path).unwrap();
    let (code, _, err) = rotation_with(dir.path(), &[]);
    assert_eq!(code, 3);
    assert!(
        err.contains("cannot read table") && err.contains("No such file"),
        "{err}"
    );
}

#[test]
fn an_unwritable_table_directory_is_named_before_any_build() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    fs::write(&blocker, "not a directory").unwrap();
    let tables = blocker.join("tables");
    let (code, out, err) = rotation_with(&tables, &[]);
    assert_eq!((code, out.as_str()), (3, ""));
    let named = format!("cannot write tables in directory {}", tables.display());
    assert!(
        err.contains(&named) && err.contains("--tables DIR"),
        "{err}"
    );
    assert!(!err.contains("building"), "refused before any work: {err}");
}

#[test]
fn a_table_directory_without_room_is_named_before_any_build() {
    // A file system of 1 MiB, too small for the 6-6-3 databases' 11.5 MB. Mounting
    // needs root where the tests run; elsewhere there is nothing to check.
    let dir = tempfile::tempdir().unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
        .arg(dir.path())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !mounted {
        eprintln!("skipped: cannot mount a small file system here");
        return;
    }
    let board = b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    let output = tablesolve(dir.path(), &["--partition", "6-6-3", "fifteen"], board);
    let entries = fs::read_dir(dir.path()).unwrap().count();
    Command::new("umount").arg(dir.path()).status().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{err}");
    let named = format!("tables directory {} has ", dir.path().display());
    assert!(
        err.contains(&named) && err.contains("free some space"),
        "{err}"
    );
    assert!(!err.contains("building"), "refused before any work: {err}");
    assert_eq!(entries, 0, "nothing written");
}

#[test]
fn a_build_killed_midway_leaves_no_table_and_the_next_run_builds_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--partition", "6-6-3", "fifteen"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablesolve"))
        .arg("--tables")
        .arg(dir.path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The build takes about a second; kill it (SIGKILL: no clean-up runs) well before.
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    // Whatever is there is a whole table: every file but temporaries validates.
    for entry in fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        // (A lock file is empty: no table.)
        let kept = [".tbl", ".tmp", ".lock"];
        assert!(kept.iter().any(|end| name.ends_with(end)), "{name}");
    }
    let board = b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    let output = tablesolve(dir.path(), &args, board);
    assert_eq!(stdout(&output), "r\n");
    let checked = tablesolve(
        dir.path(),
        &["--partition", "6-6-3", "--no-build", "stats", "fifteen"],
        b"",
    );
    assert!(stdout(&checked).contains("(recount agrees)"));
}

#[test]
fn concurrent_builders_both_answer_and_leave_one_valid_table() {
    for round in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let spawn = || {
            Command::new(env!("CARGO_BIN_EXE_tablesolve"))
                .args([
                    "--tables",
                    dir.path().to_str().unwrap(),
                    "rotation",
                    "samples/rotation.in",
                ])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn(), spawn());
        for child in [a, b] {
            let output = child.wait_with_output().unwrap();
            assert_eq!(
                stdout(&output).as_bytes(),
                sample("rotation.out"),
                "round {round}"
            );
        }
        let mut files: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        let tables = ["rotation-0.tbl", "rotation-0.walks.tbl"];
        assert_eq!(files, tables, "round {round}");
        let (code, out, _) = rotation_with(dir.path(), &["--no-build"]);
        assert_eq!((code, out.into_bytes()), (0, sample("rotation.out")));
    }
}

#[test]
fn a_table_that_contradicts_itself_gives_no_answer() {
    // Well-formed and intact, but no mask is ever at distance 0: the walk cannot end.
    let dir = tempfile::tempdir().unwrap();
    let id = tablesolve::rotation::TABLE;
    let distances = vec![1u8; tablesolve::rotation::mask::MASKS];
    fs::write(
        dir.path().join(id.file_name()),
        tablesolve::table::encode(&id, &distances),
    )
    .unwrap();
    // The walks derived from it are built; they cannot match it.
    let (code, out, err) = rotation_with(dir.path(), &[]);
    assert_eq!((code, out.as_str()), (3, ""));
    assert!(
        err.contains("the rotation goal 0 table contradicts itself")
            && err.contains("delete the tables in"),
        "{err}"
    );
}

#[test]
fn a_definition_file_that_cannot_be_read_is_an_unreadable_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.def");
    let output = tablesolve(dir.path(), &["def", missing.to_str().unwrap()], b"R\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(4), "{stderr}");
    assert!(stderr.contains("cannot open definition"), "{stderr}");
}

#[test]
fn stats_says_how_many_states_are_reachable_when_some_ranks_are_not() {
    // Four pieces, the one move swapping two pairs: 2 states reachable of the ranks
    // the table keeps (4: the view knows the parity of a permutation, not the rest).
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("swap.def");
    let text = "Set X 4 1\nSolved\nX\n1 2 3 4\nEnd\nMove M\nX\n2 1 4 3\nEnd\n";
    std::fs::write(&file, text).unwrap();
    let output = tablesolve(dir.path(), &["stats", "def", file.to_str().unwrap()], b"");
    let text = stdout(&output);
    assert!(text.contains(": 2 states reachable, "), "{text}");
    assert!(
        text.contains(" 2 of its 4 ranks unreachable, maximum distance 1"),
        "{text}"
    );
    assert!(
        text.contains("at the maximum distance, 1: 1 state (the"),
        "{text}"
    );
}
