//! The command as an installed tool: any argument, any input size, pipes, where tables
//! go, shell integration, and messages that name the right thing.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};

use crate::common::{sample, stdout, tables, tablesolve};

const MAX: &str = "18446744073709551615";

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tablesolve"));
    command
        .args(args)
        .env_remove("TABLESOLVE_TABLES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Reads one line of a run's output, then closes the pipe as `| head -1` does.
fn first_line_then_close(mut child: Child) -> (String, Output) {
    drop(child.stdin.take());
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (line, child.wait_with_output().unwrap())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn extreme_arguments_end_in_an_exit_status_never_a_panic() {
    let dir = tables().to_str().unwrap();
    for puzzle in ["rotation", "eight", "eight2", "fifteen"] {
        // Any count streams: the first case comes at once, and a closed pipe is the end.
        let generate = [
            "--tables",
            dir,
            "--no-build",
            "generate",
            puzzle,
            "--count",
            MAX,
            "--seed",
            "1",
        ];
        let (line, output) = first_line_then_close(command(&generate).spawn().unwrap());
        assert!(!line.is_empty(), "{puzzle}");
        stdout(&output);
        assert_eq!(
            text(&output.stderr),
            "",
            "{puzzle}: a closed pipe is no news"
        );

        let runs: [(&[&str], i32); 6] = [
            (&["generate", puzzle, "--length", MAX], 2),
            (&["generate", puzzle, "--count", "1", "--seed", MAX], 0),
            (&["verify", puzzle, "--count", MAX], 2),
            (&["verify", puzzle, "--count", "-1"], 2),
            (
                &["generate", puzzle, "--count", "99999999999999999999999"],
                2,
            ),
            (&["show", puzzle], 0),
        ];
        for (args, code) in runs {
            let mut all = vec!["--tables", dir, "--no-build"];
            all.extend_from_slice(args);
            let output = command(&all).output().unwrap();
            let err = text(&output.stderr);
            assert_eq!(output.status.code(), Some(code), "{all:?}: {err}");
            assert!(!err.contains("panicked"), "{all:?}: {err}");
        }
    }
}

#[test]
fn verify_of_no_case_names_no_slowest_case() {
    let output = tablesolve(
        tables(),
        &[
            "--no-build",
            "verify",
            "eight",
            "--count",
            "0",
            "--seed",
            "1",
        ],
        b"",
    );
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    assert!(out.starts_with("0 cases (seed 1)"), "{out}");
    assert!(!out.contains("slowest"), "{out}");
}

#[test]
fn empty_input_is_zero_cases_for_every_puzzle() {
    for puzzle in ["rotation", "eight", "eight2", "fifteen"] {
        let generated = tablesolve(
            tables(),
            &["--no-build", "generate", puzzle, "--count", "0"],
            b"",
        );
        assert_eq!(generated.status.code(), Some(0));
        let output = tablesolve(tables(), &["--no-build", puzzle], &generated.stdout);
        assert_eq!(stdout(&output), "", "{puzzle}");
        assert_eq!(text(&output.stderr), "", "{puzzle}");
    }
}

/// The peak resident memory of a running process, in KiB.
fn peak_kib(pid: u32) -> u64 {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_single_line_of_a_hundred_megabytes_is_read_in_bounded_memory() {
    const CASES: usize = 10_000_000;
    let dir = tables().to_str().unwrap();
    let mut child = command(&["--tables", dir, "--no-build", "eight"])
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut answers = Vec::new();
        stdout.read_to_end(&mut answers).unwrap();
        answers
    });
    let mut stdin = child.stdin.take().unwrap();
    let chunk = "12345678x ".repeat(10_000);
    for _ in 0..CASES / 10_000 {
        stdin.write_all(chunk.as_bytes()).unwrap();
    }
    stdin.flush().unwrap();
    // Everything but the pipe's last few kilobytes has been read: the peak is known.
    let peak = peak_kib(child.id());
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let answers = reader.join().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        answers,
        vec![b'\n'; CASES],
        "every case is the goal: empty answers"
    );
    assert!(peak < 60 * 1024, "{peak} KiB resident for a 100 MB line");
}

#[test]
fn tables_default_to_the_cache_directory_not_the_working_one() {
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    for empty in [false, true] {
        let mut run = command(&["eight"]);
        run.current_dir(work.path())
            .env("HOME", home.path())
            .env_remove("XDG_CACHE_HOME");
        if empty {
            // Set but empty is not set: no error about an option nobody typed.
            run.env("TABLESOLVE_TABLES", "");
        }
        let mut child = run.spawn().unwrap();
        child.stdin.take().unwrap().write_all(b"12345678x").unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(output.stdout, b"\n");
    }
    assert!(home
        .path()
        .join(".cache/tablesolve/sliding3x3-8.tbl")
        .is_file());
    assert_eq!(fs::read_dir(work.path()).unwrap().count(), 0);
    let help = text(&command(&["--help"]).output().unwrap().stdout);
    assert!(help.contains("TABLESOLVE_TABLES") && help.contains("~/.cache/tablesolve"));
}

#[test]
fn messages_name_the_file_or_directory_at_fault() {
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("file");
    fs::write(&file, "not a directory").unwrap();
    let err = |output: Output| (output.status.code().unwrap(), text(&output.stderr));

    let (code, message) = err(tablesolve(&file, &["eight"], b"12345678x"));
    assert_eq!(code, 3);
    assert!(
        message.contains(&format!("{} is not a directory", file.display())),
        "{message}"
    );

    // A directory that cannot be made is refused before any table is built.
    let sub = file.join("sub");
    let (code, message) = err(tablesolve(&sub, &["eight"], b"12345678x"));
    assert_eq!(code, 3);
    let expected = format!("cannot write tables in directory {}", sub.display());
    assert!(
        message.starts_with(&format!("tablesolve: {expected}")),
        "{message}"
    );
    assert!(!message.contains("building"), "{message}");

    let dir = tables();
    let on_dir = ["--no-build", "eight", scratch.path().to_str().unwrap()];
    let (code, message) = err(tablesolve(dir, &on_dir, b""));
    assert_eq!(code, 4);
    let named = format!(
        "cannot open input {}: it is a directory",
        scratch.path().display()
    );
    assert!(message.contains(&named), "{message}");

    let missing = scratch.path().join("missing.out");
    let input = scratch.path().join("cases.in");
    fs::write(&input, "12345678x\n").unwrap();
    let args = [
        "--no-build",
        "check",
        "eight",
        input.to_str().unwrap(),
        missing.to_str().unwrap(),
    ];
    let (code, message) = err(tablesolve(dir, &args, b""));
    assert_eq!(code, 4);
    assert!(
        message.contains(&format!("cannot open answers {}", missing.display())),
        "{message}"
    );
}

#[test]
fn a_dash_is_standard_input_for_every_file() {
    let dir = tables();
    let cases = sample("eight2.in");
    let answers = tablesolve(dir, &["--no-build", "eight2", "-"], &cases);
    assert_eq!(answers.status.code(), Some(0));
    let scratch = tempfile::tempdir().unwrap();
    let input = scratch.path().join("cases.in");
    fs::write(&input, &cases).unwrap();
    let input = input.to_str().unwrap();
    let checked = tablesolve(
        dir,
        &["--no-build", "check", "eight2", input, "-"],
        &answers.stdout,
    );
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
    assert!(
        text(&checked.stdout).contains("2 correct"),
        "{}",
        text(&checked.stdout)
    );
    let both = tablesolve(dir, &["--no-build", "check", "eight2", "-", "-"], b"");
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn one_malformed_case_is_one_case() {
    let output = tablesolve(
        tables(),
        &["--no-build", "eight", "--keep-going"],
        b"12345678x 1234",
    );
    assert_eq!(output.status.code(), Some(1));
    let err = text(&output.stderr);
    assert!(
        err.ends_with("1 malformed case (answered `error`), 1 answered\n"),
        "{err}"
    );
}

#[test]
fn completions_and_the_manual_come_from_the_same_definitions() {
    for (args, mark) in [
        (&["completions", "bash"][..], "_tablesolve()"),
        (&["completions", "zsh"], "#compdef tablesolve"),
        (&["completions", "fish"], "complete -c tablesolve"),
        (&["man"], ".TH tablesolve"),
    ] {
        let output = command(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let out = text(&output.stdout);
        assert!(out.contains(mark), "{args:?}: {out:.200}");
        // Every puzzle of the catalogue and every tool is there.
        let puzzles = tablesolve::Puzzle::ALL.map(|p| p.name());
        for name in puzzles.into_iter().chain(["verify", "generate"]) {
            assert!(out.contains(name), "{args:?} lacks {name}");
        }
    }
}

/// The long options `--help` lists for `args`.
fn options_in_help(args: &[&str]) -> Vec<String> {
    let output = command(&[args, &["--help"]].concat()).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    text(&output.stdout)
        .split_whitespace()
        .filter_map(|word| word.strip_prefix("--"))
        .map(|option| option.trim_end_matches([',', '.', '`']))
        .filter(|option| {
            !option.is_empty() && option.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        })
        .map(|option| format!("--{option}"))
        .collect()
}

#[test]
fn every_option_of_every_subcommand_is_in_its_manual_page() {
    // A directory not made yet, as ~/.local/share/man/man1 often is: made.
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("share/man/man1");
    let written = command(&["man", "--dir", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    let mut subcommands = Vec::new();
    for entry in std::fs::read_dir(dir.as_path()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let sub = name
            .strip_prefix("tablesolve-")
            .and_then(|n| n.strip_suffix(".1"));
        subcommands.extend(sub.map(str::to_owned));
    }
    subcommands.sort();
    let expected = [
        "check",
        "completions",
        "def",
        "eight",
        "eight2",
        "fifteen",
        "generate",
        "man",
        "rotation",
        "serve",
        "show",
        "sliding",
        "stats",
        "twentyfour",
        "verify",
    ];
    assert_eq!(subcommands, expected);
    for sub in expected {
        let path = dir.as_path().join(format!("tablesolve-{sub}.1"));
        // roff writes a hyphen as `\-`.
        let page = std::fs::read_to_string(path).unwrap().replace("\\-", "-");
        // The same page, printed.
        let printed = command(&["man", sub]).output().unwrap();
        assert_eq!(text(&printed.stdout).replace("\\-", "-"), page, "{sub}");
        let options = options_in_help(&[sub]);
        assert!(
            options.contains(&"--tables".to_owned()),
            "{sub}: {options:?}"
        );
        for option in options {
            assert!(
                page.contains(&format!("\\fB{option}\\fR")),
                "{sub}: {option} missing"
            );
        }
    }
    let unknown = command(&["man", "nine"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("no subcommand \"nine\": choose one of rotation,"));
}
