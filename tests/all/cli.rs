//! The `tablesolve` command as a judge sees it: input text in, output text out.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::{grid_text, random_grid, rng, sample, stdout, tablesolve};
use tablesolve::eight::{Grid, STANDARD_GOAL};
use tablesolve::moves::letters;
use tablesolve::sliding::manhattan_ida;

#[test]
fn judge_samples_byte_for_byte() {
    let tables = tempfile::tempdir().unwrap();
    for puzzle in ["rotation", "eight2"] {
        let output = tablesolve(tables.path(), &[puzzle], &sample(&format!("{puzzle}.in")));
        assert_eq!(
            stdout(&output).as_bytes(),
            sample(&format!("{puzzle}.out")),
            "{puzzle}"
        );
    }
}

#[test]
fn missing_tables_are_built_once_with_a_note() {
    let tables = tempfile::tempdir().unwrap();
    let first = tablesolve(tables.path(), &["rotation"], &sample("rotation.in"));
    let note = String::from_utf8_lossy(&first.stderr);
    // The distances first, then the walks derived from them.
    let lines: Vec<&str> = note.lines().collect();
    assert_eq!(lines.len(), 2, "{note}");
    assert!(lines[0].contains("building missing tables") && lines[0].ends_with(" s"));
    assert!(lines[0].contains("rotation-0.tbl") && lines[1].contains("rotation-0.walks.tbl"));
    // What each build costs, said before it starts: 735,471 entries of a byte.
    assert!(
        lines[0].contains("(723 kB on disk, 723 kB of memory, under a second on "),
        "{note}"
    );
    assert!(tables.path().join("rotation-0.tbl").is_file());
    let second = tablesolve(tables.path(), &["rotation"], &sample("rotation.in"));
    assert_eq!(second.stderr, b"");
    assert_eq!(first.stdout, second.stdout);
}

/// Standard error closed (`2>&1 | head -1` closes it after a line): the notes of the
/// builds go nowhere, and the answers are written all the same.
#[test]
fn answers_are_written_with_standard_error_closed() {
    let tables = tempfile::tempdir().unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablesolve"))
        .arg("--tables")
        .arg(tables.path())
        .arg("rotation")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(writer)
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&sample("rotation.in"))
        .unwrap();
    let done = child.wait_with_output().unwrap();
    assert!(done.status.success(), "{:?}", done.status);
    assert_eq!(done.stdout, sample("rotation.out"));
}

#[test]
fn eight_answers_match_ida_star_and_name_unsolvable_cases() {
    let tables = tempfile::tempdir().unwrap();
    let goal = Grid::canonical(STANDARD_GOAL);
    let mut rng = rng(43);
    let mut input = String::from_utf8(sample("eight.in")).unwrap();
    let mut starts = vec![Grid::parse(b"23415x768").unwrap()];
    for i in 0..300 {
        let grid = if i == 0 { goal } else { random_grid(&mut rng) };
        // Mix the layouts the judge allows: spaced, packed, split over lines, upper case.
        let text = grid_text(&grid);
        input += &match i % 3 {
            0 => text.chars().map(|c| format!("{c} ")).collect::<String>() + "\n",
            1 => text.to_uppercase() + "\n",
            _ => format!("{}\n  {}\n", &text[..4], &text[4..]),
        };
        starts.push(grid);
    }
    let expected: String = starts
        .iter()
        .map(|start| match manhattan_ida(start, &goal) {
            Some(moves) => letters(&moves) + "\n",
            None => "unsolvable\n".to_owned(),
        })
        .collect();
    assert!(expected.contains("unsolvable") && expected.contains("\n\n"));
    let output = tablesolve(tables.path(), &["eight"], input.as_bytes());
    assert_eq!(stdout(&output), expected);
}

#[test]
fn options_go_before_or_after_the_subcommand_and_in_the_environment() {
    let tables = tempfile::tempdir().unwrap();
    let dir = tables.path().to_str().unwrap();
    let input = sample("eight2.in");
    let after = tablesolve(tables.path(), &["eight2", "--tables", dir], &input);
    assert_eq!(stdout(&after).as_bytes(), sample("eight2.out"));
    let from_env = Command::new(env!("CARGO_BIN_EXE_tablesolve"))
        .args(["eight2", "--no-build"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/eight2.in"))
        .env("TABLESOLVE_TABLES", dir)
        .output()
        .unwrap();
    assert_eq!(stdout(&from_env).as_bytes(), sample("eight2.out"));
}

/// A tool's options may stand between its files, as `def`'s do: `check def D --moves
/// U,R IN ANSWERS` judges as `check def D IN ANSWERS --moves U,R` does.
#[test]
fn options_go_between_a_tools_files() {
    let tables = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let path = tables.path().join(name);
        fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let (input, answers) = (file("in", "R U\n"), file("answers", "U' R'\n"));
    let definition = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/2x2x2.def");
    let definition = definition.to_str().unwrap();
    for args in [
        [
            "check", "def", definition, "--moves", "U,R", &input, &answers,
        ],
        [
            "check", "def", definition, &input, "--moves", "U,R", &answers,
        ],
        [
            "check", "def", definition, &input, &answers, "--moves", "U,R",
        ],
    ] {
        let output = tablesolve(tables.path(), &args, b"");
        assert_eq!(stdout(&output), "1 correct\n", "{args:?}");
    }
    let extra = [
        "check", "def", definition, &input, "--moves", "U,R", &answers, &answers,
    ];
    let output = tablesolve(tables.path(), &extra, b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("too many files"));
}

/// The sliding boards' options are theirs: offered by their subcommands and by the tools,
/// also taken before any subcommand (a later one overriding), refused by the others.
#[test]
fn sliding_options_belong_to_the_sliding_subcommands() {
    let tables = crate::common::tables();
    let help = |puzzle: &str| stdout(&tablesolve(tables, &[puzzle, "--help"], b"")).to_owned();
    for option in [
        "--goal",
        "--partition",
        "--numbered",
        "--timeout",
        "--max-nodes",
    ] {
        assert!(help("fifteen").contains(option), "fifteen: {option}");
        assert!(help("sliding").contains(option), "sliding: {option}");
        assert!(!help("eight").contains(option), "eight: {option}");
        assert!(!help("rotation").contains(option), "rotation: {option}");
    }
    assert!(help("sliding").contains("--size") && !help("fifteen").contains("--size"));
    // Each subcommand is described as its puzzle, in its help, the command's and the
    // manual page, not by the options it was given.
    let listed = stdout(&tablesolve(tables, &["--help"], b"")).to_owned();
    for (puzzle, about) in [
        ("rotation", "The Rotation Game (UVA 1343): 24 values"),
        ("fifteen", "The 15-puzzle: 16 values a case"),
        ("twentyfour", "The 24-puzzle"),
        ("sliding", "A sliding board of --size WxH"),
    ] {
        assert!(
            help(puzzle).starts_with(about),
            "{puzzle}: {}",
            help(puzzle)
        );
        let line = listed.lines().find(|l| l.trim_start().starts_with(puzzle));
        assert!(
            line.is_some_and(|l| l.contains(about)),
            "{puzzle} in {listed}"
        );
        let manual = stdout(&tablesolve(tables, &["man", puzzle], b"")).to_owned();
        assert!(!manual.contains("Limits on each"), "{puzzle}'s manual page");
    }

    // Korf's goal on 2x3, one slide away: answered alike wherever the options go.
    let board = b"1 0 2 3 4 5\n";
    let korf = ["--size", "2x3", "--goal", "korf"];
    let before = tablesolve(tables, &[&korf[..], &["sliding"]].concat(), board);
    let after = tablesolve(tables, &[&["sliding"], &korf[..]].concat(), board);
    assert_eq!(stdout(&before).len(), 2, "{}", stdout(&before));
    assert_eq!(stdout(&before), stdout(&after));
    let default = tablesolve(tables, &["sliding", "--size", "2x3"], board);
    let overridden = [
        "--goal", "korf", "sliding", "--size", "2x3", "--goal", "default",
    ];
    let output = tablesolve(tables, &overridden, board);
    assert_ne!(stdout(&default), stdout(&before));
    assert_eq!(
        stdout(&output),
        stdout(&default),
        "the goal after the subcommand counts"
    );
    let verify = [
        "verify", "sliding", "--size", "2x3", "--goal", "korf", "--count", "5",
    ];
    assert_eq!(tablesolve(tables, &verify, b"").status.code(), Some(0));

    for (args, message) in [
        (
            &["eight", "--goal", "korf"][..],
            "--goal is for fifteen, twentyfour and sliding, not eight",
        ),
        (
            &["fifteen", "--size", "4x4"][..],
            "--size is for sliding, not fifteen",
        ),
        (
            &["rotation", "--timeout", "1"][..],
            "--timeout or --max-nodes is for fifteen, twentyfour, sliding and def, not rotation",
        ),
        (
            &["fifteen", "--timeout", "-1"][..],
            "--timeout -1: a negative number is no value here",
        ),
        (&["eight", "--bogus"][..], "unexpected argument '--bogus'"),
        (
            &["--goal", "korf", "eight"][..],
            "--goal is for fifteen, twentyfour and sliding, not eight",
        ),
        (
            &["stats", "eight", "--numbered"][..],
            "--numbered is for fifteen, twentyfour and sliding, not eight",
        ),
        // Options of the puzzle, before its name.
        (
            &["--timeout", "5", "def", "x.def"][..],
            "--timeout is an option of def: give it after `def`",
        ),
        (
            &["--moves", "U,R", "def", "x.def"][..],
            "--moves is an option of def: give it after `def`",
        ),
        // An option of the puzzle that its tool does not take.
        (
            &["stats", "def", "x.def", "--timeout", "5"][..],
            "--timeout is no option of stats",
        ),
        (
            &["verify", "fifteen", "--max-nodes", "5"][..],
            "--max-nodes is no option of verify",
        ),
    ] {
        let output = tablesolve(tables, args, b"");
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        // No tip to pass it after `--`, which would make it a file name.
        assert!(!err.contains("'-- "), "{args:?}: {err}");
    }
}

#[test]
fn no_build_refuses_a_missing_table_and_says_how_to_build_it() {
    let tables = tempfile::tempdir().unwrap();
    let output = tablesolve(
        tables.path(),
        &["--no-build", "rotation"],
        &sample("rotation.in"),
    );
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(output.stdout, b"");
    let message = String::from_utf8_lossy(&output.stderr);
    // What building it would cost, as a build says it before it starts.
    let cost = "is missing (building it would take 723 kB on disk, 723 kB of memory, under";
    assert!(message.contains(cost), "{message}");
    assert!(
        message.contains("run again without --no-build to build it"),
        "{message}"
    );
}

#[test]
fn damaged_tables_are_refused_never_used() {
    let tables = tempfile::tempdir().unwrap();
    let path = tables.path().join("rotation-0.tbl");
    let input = sample("rotation.in");
    stdout(&tablesolve(tables.path(), &["rotation"], &input));
    let good = fs::read(&path).unwrap();

    let mut flipped = good.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let mut version = good.clone();
    version[8] = 9;
    let damages: [(&str, Vec<u8>); 5] = [
        ("truncated", good[..good.len() - 100].to_vec()),
        ("checksum", flipped),
        ("not a tablesolve table", b"hello".repeat(20)),
        ("format version 9", version),
        ("truncated: 0 bytes", Vec::new()),
    ];
    for (expected, bytes) in damages {
        fs::write(&path, bytes).unwrap();
        let output = tablesolve(tables.path(), &["--no-build", "rotation"], &input);
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(3), "{expected}: {message}");
        assert_eq!(output.stdout, b"", "{expected}");
        assert!(
            message.contains(expected) && message.contains("rotation-0.tbl"),
            "{message}"
        );
        assert!(message.contains("delete it (`rm "), "{message}");
    }

    // A valid table of another puzzle in the rotation table's place.
    stdout(&tablesolve(tables.path(), &["eight"], b"12345678x"));
    fs::copy(tables.path().join("sliding3x3-8.tbl"), &path).unwrap();
    let output = tablesolve(tables.path(), &["rotation"], &input);
    assert_eq!(output.status.code(), Some(3));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("holds the sliding3x3 goal 8 table, expected rotation goal 0"),
        "{message}"
    );
}

/// A table an older build wrote (an earlier format version) is out of date, not
/// damaged: rebuilt on use where building is allowed, and the answers as before;
/// refused with `--no-build`; a later version, a newer build's, is never overwritten.
#[test]
fn tables_of_an_earlier_format_are_rebuilt_on_use() {
    let tables = tempfile::tempdir().unwrap();
    let path = tables.path().join("rotation-0.tbl");
    let input = sample("rotation.in");
    let answers = stdout(&tablesolve(tables.path(), &["rotation"], &input)).to_owned();
    let good = fs::read(&path).unwrap();
    let version = u32::from_le_bytes(good[8..12].try_into().unwrap());
    let with_version = |v: u32| {
        let mut bytes = good.clone();
        bytes[8..12].copy_from_slice(&v.to_le_bytes());
        bytes
    };

    fs::write(&path, with_version(version - 1)).unwrap();
    let output = tablesolve(tables.path(), &["--no-build", "rotation"], &input);
    assert_eq!(output.status.code(), Some(3));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains(&format!("format version {}", version - 1)),
        "{message}"
    );

    let output = tablesolve(tables.path(), &["rotation"], &input);
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("building missing tables"), "{message}");
    assert_eq!(stdout(&output), answers);
    assert_eq!(
        fs::read(&path).unwrap(),
        good,
        "rebuilt in this build's format"
    );

    fs::write(&path, with_version(version + 1)).unwrap();
    let output = tablesolve(tables.path(), &["rotation"], &input);
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(fs::read(&path).unwrap(), with_version(version + 1));
}

/// `--partition` takes groups of tiles; a grouping that is a built-in partition's uses
/// that partition's database files (nothing is built with `--no-build`), and a bad one
/// is refused naming the option.
#[test]
fn a_partition_of_tiles_shares_the_files_of_the_same_groups() {
    let tables = crate::common::tables();
    let groups = "1 2 5 6 9 13 / 3 4 7 8 11 12 / 10 14 15";
    let case = b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n";
    let output = tablesolve(
        tables,
        &["--no-build", "--partition", groups, "fifteen"],
        case,
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert_eq!(stdout(&output), "r\nunsolvable\n");

    let output = tablesolve(tables, &["--partition", "1 2 3 / 4 5", "fifteen"], case);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        err.contains("--partition") && err.contains("tile 6 is in no group"),
        "{err}"
    );
}

/// `sliding --size 3x3` (IDA* over a pattern database of all eight tiles) answers as
/// `eight` (the exact table and its walk) on random boards of both parities.
#[test]
fn sliding_3x3_answers_as_the_8_puzzle_table() {
    let tables = crate::common::tables();
    let mut rng = rng(33);
    let grids: Vec<Grid> = (0..300).map(|_| random_grid(&mut rng)).collect();
    let values: Vec<String> = grids.iter().map(|g| g.values_text()).collect();
    let texts: Vec<String> = grids.iter().map(grid_text).collect();
    let eight = tablesolve(
        tables,
        &["--no-build", "eight"],
        texts.join("\n").as_bytes(),
    );
    let sliding = tablesolve(
        tables,
        &["--size", "3x3", "sliding"],
        values.join("\n").as_bytes(),
    );
    assert_eq!(
        sliding.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&sliding.stderr)
    );
    assert_eq!(stdout(&sliding), stdout(&eight));
    assert!(stdout(&eight).contains("unsolvable"));
}

/// `sliding --size 4x4` is `fifteen`; sizes, partitions and puzzles that do not go
/// together are refused naming the option.
#[test]
fn sliding_sizes_and_their_options() {
    let tables = crate::common::tables();
    let korf = sample("korf100.in");
    let first: Vec<&str> = std::str::from_utf8(&korf)
        .unwrap()
        .lines()
        .take(3)
        .collect();
    let input = first.join("\n");
    let args = [
        "--no-build",
        "--goal",
        "korf",
        "--numbered",
        "--partition",
        "6-6-3",
    ];
    let run = |extra: &[&str], stdin: &[u8]| {
        let mut all = args.to_vec();
        all.extend_from_slice(extra);
        tablesolve(tables, &all, stdin)
    };
    let fifteen = run(&["fifteen"], input.as_bytes());
    let sliding = run(&["--size", "4x4", "sliding"], input.as_bytes());
    assert_eq!(stdout(&sliding), stdout(&fifteen));
    assert_eq!(stdout(&fifteen).lines().count(), 3);

    for (args, message) in [
        (&["sliding"][..], "sliding needs --size WxH"),
        (&["--size", "6x2", "sliding"][..], "\"6x2\" is not WxH"),
        (&["--size", "1x3", "sliding"][..], "\"1x3\" is not WxH"),
        (
            &["--size", "3x3", "eight"][..],
            "--size is for sliding, not eight",
        ),
        (
            &["--size", "3x3", "--partition", "7-8", "sliding"][..],
            "7-8 is a partition of a board of 16 cells, not of 9",
        ),
        (
            &["--size", "3x3", "--partition", "1 2 3 / 4 5 6", "sliding"][..],
            "tile 7 is in no group",
        ),
        (
            &["--size", "3x3", "--goal", "1 2 3", "sliding"][..],
            "--goal: goal \"1 2 3\" is neither",
        ),
    ] {
        let output = tablesolve(tables, args, b"");
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }

    // Rows of W values on H lines, as the 15-puzzle's rows are read.
    let rows = b"1 2 3 4 5\n6 7 8 0 9\n";
    let output = tablesolve(tables, &["--size", "5x2", "sliding"], rows);
    assert_eq!(stdout(&output), "r\n");
}

/// Sliding cases drawn at a length, up to the board's diameter, are that far by the
/// 8-puzzle's own table; past it, the length is refused, and boards answered by search
/// are drawn by random walks as far as they reach.
#[test]
fn sliding_cases_drawn_at_a_length_are_that_far() {
    let tables = crate::common::tables();
    for length in ["24", "31"] {
        let generated = tablesolve(
            tables,
            &[
                "--size", "3x3", "generate", "sliding", "--length", length, "--count", "5",
            ],
            b"",
        );
        let grids: Vec<String> = stdout(&generated)
            .lines()
            .map(|line| line.replace('0', "x").replace(' ', ""))
            .collect();
        assert_eq!(grids.len(), 5);
        let eight = tablesolve(
            tables,
            &["--no-build", "eight"],
            grids.join("\n").as_bytes(),
        );
        let lengths: Vec<String> = stdout(&eight)
            .lines()
            .map(|moves| moves.len().to_string())
            .collect();
        assert_eq!(lengths, [length; 5], "{}", stdout(&eight));
    }
    let too_long = ["--size", "3x3", "generate", "sliding", "--length", "32"];
    let output = tablesolve(tables, &too_long, b"");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("no sliding case needs exactly 32 moves; the largest possible length is 31"),
        "{err}"
    );
    // Boards answered by search are drawn by random walks, as far as they reach.
    let quick = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14";
    let walked = [
        "--size",
        "3x5",
        "--partition",
        quick,
        "generate",
        "sliding",
        "--length",
        "51",
    ];
    let output = tablesolve(tables, &walked, b"");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("random walks find cases up to 50 moves"),
        "{err}"
    );
}

/// `twentyfour` is `sliding --size 5x5`: random walks from Korf's goal answered with a
/// quick partition of five groups agree with the table-free Manhattan IDA*, and the
/// 15-puzzle's partitions are refused on its board.
#[test]
fn twentyfour_answers_as_the_manhattan_search() {
    use rand::Rng;
    use tablesolve::sliding::{random_walk, Board};
    let tables = crate::common::tables();
    let goal = Board::<5, 5>::canonical(0);
    let mut rng = rng(25);
    let starts: Vec<Board<5, 5>> = (0..6)
        .map(|_| {
            let length = rng.random_range(30..=45);
            random_walk(&mut rng, &goal, length)
        })
        .collect();
    let input: String = starts.iter().map(|b| b.values_text() + "\n").collect();
    let quick = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24";
    let args = ["--goal", "korf", "--partition", quick];
    let twentyfour = tablesolve(
        tables,
        &[&args[..], &["twentyfour"]].concat(),
        input.as_bytes(),
    );
    let sliding = tablesolve(
        tables,
        &[&args[..], &["--size", "5x5", "sliding"]].concat(),
        input.as_bytes(),
    );
    assert_eq!(stdout(&twentyfour), stdout(&sliding));
    let expected: Vec<String> = starts
        .iter()
        .map(|start| letters(&manhattan_ida(start, &goal).unwrap()))
        .collect();
    let answers: Vec<&str> = stdout(&twentyfour).lines().collect();
    assert_eq!(answers, expected);

    let output = tablesolve(tables, &["--partition", "7-8", "twentyfour"], b"");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("7-8 is a partition of a board of 16 cells, not of 25"),
        "{err}"
    );
}
