//! Definitions at the edges of what the tool takes: orientations past 128, a puzzle
//! of one turn, states of up to 512 bytes, derived moves nested past the limit, a
//! goal that leaves billions of states free, a table larger than the process may
//! take, and `--moves` that names no move. Each is answered right or refused with a
//! sentence; none panics or aborts.

use tablesolve::definition::{search, Def, DefOptions, Definition, State};
use tablesolve::TableDir;

use crate::common::{stdout, tablesolve};
use crate::definitions::{by_bfs, distances, Flat};

fn open(text: &str, options: DefOptions) -> Def {
    let definition = Definition::parse(text, "edge.def").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    Def::open(&tables, definition, options).unwrap()
}

/// Every state the BFS reaches answered by the exact table and by IDA* over databases
/// as the BFS answers it (the smallest shortest answer), for `text`.
fn every_state_as_the_bfs(text: &str) {
    let definition = Definition::parse(text, "edge.def").unwrap();
    let flat = Flat::new(&definition);
    let start = flat.start(&definition);
    let far = distances(&flat, &start);
    let searched = DefOptions {
        most_exact: Some(1),
        ..DefOptions::default()
    };
    let defs = [open(text, DefOptions::default()), open(text, searched)];
    assert!(!defs[0].searches() && defs[1].searches());
    let mut states: Vec<Vec<u8>> = vec![start.clone()];
    // A few hundred states at every distance the BFS found, walked from the start.
    let mut rng = crate::common::rng(3);
    use rand::Rng;
    for _ in 0..300 {
        let mut state = start.clone();
        for _ in 0..rng.random_range(1..6) {
            state = flat.play(&state, rng.random_range(0..flat.turns()));
        }
        states.push(state);
    }
    for cells in states {
        let (expected, _) = by_bfs(&flat, &far, &cells);
        let state = as_state(&definition, &cells);
        for def in &defs {
            let answer = def.solve(&state).unwrap().unwrap();
            let answer: Vec<&str> = answer.iter().map(|t| t.name).collect();
            assert_eq!(answer.join(" "), expected, "{cells:?}");
        }
    }
}

/// The state of a flat array (each set's pieces, then its orientations).
fn as_state(definition: &Definition, cells: &[u8]) -> State {
    let mut at = 0;
    let mut state = State {
        pieces: Vec::new(),
        orientation: Vec::new(),
    };
    for set in &definition.sets {
        state.pieces.push(cells[at..at + set.pieces].to_vec());
        state
            .orientation
            .push(cells[at + set.pieces..at + 2 * set.pieces].to_vec());
        at += 2 * set.pieces;
    }
    state
}

#[test]
fn orientations_past_128_add_up_as_numbers_do() {
    // One piece twisted by 129 of 130: M3 would be the wrapped sum's answer.
    let def = open(
        "Set X 1 130\nMove M\nX\n1\n129\nEnd\n",
        DefOptions::default(),
    );
    let sets = def.puzzle().sets().to_vec();
    let m = &def.puzzle().definition.moves[0].action;
    for (scramble, answer) in [(1, "M'"), (2, "M2'")] {
        let state = def
            .puzzle()
            .definition
            .start
            .after(&m.power(scramble, &sets), &sets);
        let found = def.solve(&state).unwrap().unwrap();
        let names: Vec<&str> = found.iter().map(|t| t.name).collect();
        assert_eq!(names.join(" "), answer, "M{scramble}");
    }
    // Two pieces swapped (M) and twisted by n - 1 (N), for 129, 200 and 255
    // orientations: every answer the breadth-first search's.
    for n in [129, 200, 255] {
        let text = format!(
            "Set X 2 {n}\nMove M\nX\n2 1\nEnd\nMove N\nX\n1 2\n{} 0\nEnd\n",
            n - 1
        );
        every_state_as_the_bfs(&text);
    }
}

#[test]
fn a_puzzle_of_one_turn_is_answered() {
    let swap = open("Set X 2 1\nMove M\nX\n2 1\nEnd\n", DefOptions::default());
    let sets = swap.puzzle().sets().to_vec();
    let moved =
        (swap.puzzle().definition.start).after(&swap.puzzle().definition.moves[0].action, &sets);
    let names: Vec<&str> = swap
        .solve(&moved)
        .unwrap()
        .unwrap()
        .iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(names, ["M"]);
    let dir = tempfile::tempdir().unwrap();
    let two = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/2x2x2.def");
    let output = tablesolve(dir.path(), &["def", two, "--moves", "R2"], b"R2\n\nR2 R2\n");
    assert_eq!(stdout(&output), "R2\n\n\n");
    let cycle = dir.path().join("cycle.def");
    std::fs::write(&cycle, "Set X 3 1\nMove M\nX\n2 3 1\nEnd\n").unwrap();
    let output = tablesolve(
        dir.path(),
        &["def", cycle.to_str().unwrap(), "--powers", "none"],
        b"M\nM M\n",
    );
    assert_eq!(stdout(&output), "M M\nM\n");
}

/// `sets` sets of `pieces` each, a move turning three pieces of the first and one
/// swapping two of the second (the others never move): a state of `2 * sets * pieces`
/// bytes.
fn wide(sets: usize, pieces: usize) -> String {
    let line = |first: &[usize]| -> String {
        let rest = first.len() + 1..=pieces;
        let all: Vec<String> = first
            .iter()
            .copied()
            .chain(rest)
            .map(|p| p.to_string())
            .collect();
        all.join(" ")
    };
    let declared: String = (0..sets)
        .map(|s| format!("Set S{s} {pieces} 1\n"))
        .collect();
    format!(
        "{declared}Move M\nS0\n{}\nEnd\nMove N\nS1\n{}\nEnd\n",
        line(&[2, 3, 1]),
        line(&[2, 1])
    )
}

#[test]
fn states_of_every_width_up_to_512_bytes_are_searched() {
    // 132 bytes, 264 and 512: each of the widths a search's states come in past 128.
    for (sets, pieces) in [(2, 33), (4, 33), (8, 32)] {
        let text = wide(sets, pieces);
        let definition = Definition::parse(&text, "wide.def").unwrap();
        let puzzle = tablesolve::definition::Model::new(definition.clone(), None, None).unwrap();
        assert_eq!(puzzle.width, 2 * sets * pieces);
        let names = tablesolve::definition::text::Names::new(&puzzle);
        let action = names.sequence("M N", puzzle.sets()).unwrap();
        let state = definition.start.after(&action, puzzle.sets());
        let answer = search::independent(&puzzle, &puzzle.flat(&state)).unwrap();
        let answer: Vec<&str> = answer.iter().map(|t| t.name).collect();
        assert_eq!(answer, ["M'", "N"], "{sets} sets of {pieces}");
        // Searched over databases, as the independent search answers.
        let options = DefOptions {
            most_exact: Some(1),
            ..DefOptions::default()
        };
        let searched = open(&text, options);
        assert!(searched.searches(), "{sets} sets of {pieces}");
        let found = searched.solve(&state).unwrap().expect("solvable");
        let found: Vec<&str> = found.iter().map(|t| t.name).collect();
        assert_eq!(found, answer, "{sets} sets of {pieces}");
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("wide.def");
        std::fs::write(&file, &text).unwrap();
        let file = file.to_str().unwrap();
        let output = tablesolve(dir.path(), &["verify", "def", file], b"M N\nN M2\n");
        assert!(
            output.status.success(),
            "{sets} sets of {pieces}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    // 516 bytes: refused, by its count.
    let Err(refused) = tablesolve::definition::Model::new(
        Definition::parse(&wide(2, 129), "wide.def").unwrap(),
        None,
        None,
    ) else {
        panic!("258 pieces taken");
    };
    let refused = refused.to_string();
    assert!(
        refused.contains("258 pieces: this tool answers puzzles of at most 256"),
        "{refused}"
    );
}

#[test]
fn derived_moves_nested_past_the_limit_are_refused() {
    // Names of letters alone (a digit after a name is an amount): D, then Dba, Dbb...
    let name = |i: usize| -> String {
        let letters: String = format!("{i:04}")
            .bytes()
            .map(|d| (b'a' + d - b'0') as char)
            .collect();
        format!("D{letters}")
    };
    let mut derived = vec![format!(r#""{}": "R""#, name(0))];
    for i in 1..20_000 {
        derived.push(format!(r#""{}": "{}""#, name(i), name(i - 1)));
    }
    let text = format!(
        r#"{{"name": "chain", "orbits": [{{"orbitName": "X", "numPieces": 2, "numOrientations": 1}}],
        "defaultPattern": {{"X": {{"pieces": [0, 1], "orientation": [0, 0]}}}},
        "moves": {{"R": {{"X": {{"permutation": [1, 0], "orientationDelta": [0, 0]}}}}}},
        "derivedMoves": {{{}}}}}"#,
        derived.join(", ")
    );
    let Err(error) = Definition::parse(&text, "chain.json") else {
        panic!("a chain of 20,000 taken");
    };
    assert!(
        error.message.contains("nested more than 32 deep"),
        "{error}"
    );
    // The chain the other way round, each made of the next: refused alike.
    let reversed = text.replace(&derived.join(", "), &{
        let mut links: Vec<String> = (0..20_000 - 1)
            .map(|i| format!(r#""{}": "{}""#, name(i), name(i + 1)))
            .collect();
        links.push(format!(r#""{}": "R""#, name(20_000 - 1)));
        links.join(", ")
    });
    let Err(error) = Definition::parse(&reversed, "chain.json") else {
        panic!("a chain of 20,000 taken");
    };
    assert!(
        error.message.contains("nested more than 32 deep"),
        "{error}"
    );
    // 32 deep is taken.
    let text = text.replace(&format!(", {}", derived[32..].join(", ")), "");
    let definition = Definition::parse(&text, "chain.json").unwrap();
    assert_eq!(definition.derived.len(), 32);
}

#[test]
fn a_goal_that_leaves_millions_of_states_free_is_counted_before_they_are_made() {
    // The second solved pattern names no piece and no orientation: 7! arrangements
    // times 3^7 twists, 11,022,480 states a table would start from, 1.5 GB as a list.
    // Counted first, the goal is refused for the table of both goals, and each goal
    // gets its own (the second's of one state), all within 1 GB.
    let text = r#"{"name": "free", "orbits": [{"orbitName": "X", "numPieces": 7, "numOrientations": 3}],
        "defaultPattern": {"X": {"pieces": [0, 1, 2, 3, 4, 5, 6], "orientation": [0, 0, 0, 0, 0, 0, 0]}},
        "moves": {"R": {"X": {"permutation": [1, 2, 3, 4, 5, 6, 0], "orientationDelta": [1, 0, 0, 0, 0, 0, 0]}},
                  "U": {"X": {"permutation": [1, 0, 2, 3, 4, 5, 6], "orientationDelta": [0, 0, 0, 0, 0, 0, 0]}}},
        "tablesolveSolvedPatterns": [
            {"X": {"pieces": [0, 1, 2, 3, 4, 5, 6], "orientation": [0, 0, 0, 0, 0, 0, 0]}},
            {"X": {"pieces": [null, null, null, null, null, null, null], "orientation": [0, 0, 0, 0, 0, 0, 0], "orientationMod": [1, 1, 1, 1, 1, 1, 1]}}
        ]}"#;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("free.json");
    std::fs::write(&file, text).unwrap();
    let output = limited(
        dir.path(),
        1 << 20,
        &["def", file.to_str().unwrap()],
        b"R\n",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.code().is_some(),
        "killed by a signal: {stderr}"
    );
    // Every state is solved: the second goal takes any.
    assert_eq!(stdout(&output), "\n", "{stderr}");
}

/// Runs `tablesolve --tables DIR ARGS...` on `stdin` with its address space limited to
/// `kilobytes`.
fn limited(
    tables: &std::path::Path,
    kilobytes: u64,
    args: &[&str],
    stdin: &[u8],
) -> std::process::Output {
    let script = format!(
        "ulimit -v {kilobytes} && exec {} --tables {} \"$@\"",
        env!("CARGO_BIN_EXE_tablesolve"),
        tables.display(),
    );
    let mut child = std::process::Command::new("sh")
        .args(["-c", &script, "tablesolve"])
        .args(args)
        .env_remove("TABLESOLVE_TABLES")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_table_past_the_address_space_limit_is_not_built() {
    // Three sets of six pieces, each cycled and swapped: 720^3 = 373,248,000 states, an
    // exact table of 356 MB, which a 384 MB address space cannot hold beside the
    // program. The tool answers from a database of each set instead (720 entries).
    let mut text = String::new();
    for set in ["A", "B", "C"] {
        text += &format!("Set {set} 6 1\n");
    }
    for set in ["A", "B", "C"] {
        text += &format!(
            "Move M{set}\n{set}\n2 3 4 5 6 1\nEnd\nMove N{set}\n{set}\n2 1 3 4 5 6\nEnd\n"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.def");
    std::fs::write(&file, &text).unwrap();
    let output = limited(
        dir.path(),
        393_216,
        &["def", file.to_str().unwrap()],
        b"MA NB\n",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.code().is_some(),
        "killed by a signal: {stderr}"
    );
    assert_eq!(stdout(&output), "MA' NB\n", "{stderr}");
}

#[test]
fn moves_named_are_moves_trimmed_or_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let two = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/2x2x2.def");
    let output = tablesolve(dir.path(), &["def", two, "--moves", " U, R "], b"R U\n");
    assert_eq!(stdout(&output), "U' R'\n");
    // `R5` and `R7` name no power ksolve+ names (the 2x2x2's `R` has `R2` and `R'`):
    // were they taken, any number of names could be made, each kept for good.
    for moves in ["R U,F", "U,X", "U,", "U,R3x", "U,R5", "U,R7"] {
        let output = tablesolve(dir.path(), &["def", two, "--moves", moves], b"R\n");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{moves}: {stderr}");
        assert!(stderr.contains("--moves"), "{moves}: {stderr}");
    }
    // A move with an amount is a move of its own.
    let output = tablesolve(dir.path(), &["def", two, "--moves", "U2,R2"], b"U2 R2\n");
    assert_eq!(stdout(&output), "R2 U2\n");
}

#[test]
fn a_length_past_the_diameter_is_refused_not_sought_for_ever() {
    // One 14-cycle: every state is one turn from solved, none two.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cycle.def");
    let cycle: Vec<String> = (2..=14).chain([1]).map(|n| n.to_string()).collect();
    let text = format!(
        "Set X 14 1\nSolved\nX\n{}\nEnd\nMove M\nX\n{}\nEnd\n",
        (1..=14)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        cycle.join(" ")
    );
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let output = tablesolve(dir.path(), &["generate", "def", file, "--length", "2"], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("no position 2 turns from solved"),
        "{stderr}"
    );
    let output = tablesolve(dir.path(), &["generate", "def", file, "--length", "1"], b"");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn json_is_read_in_one_pass_however_long_its_line() {
    // Four megabytes on one line, a million values and a hundred thousand keys: were
    // each value's place found by rereading the line, or each key checked against
    // every other, this would take hours; it takes a fraction of a second.
    let values = vec!["7"; 1_000_000].join(",");
    let keys: Vec<String> = (0..100_000).map(|k| format!("\"k{k}\":0")).collect();
    let text = format!("{{\"values\":[{values}],\"keys\":{{{}}}}}", keys.join(","));
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        send.send(tablesolve::definition::json::parse(&text, "long").is_ok())
    });
    let read = receive.recv_timeout(std::time::Duration::from_secs(60));
    assert_eq!(read, Ok(true), "not read within a minute");
    // A key twice is still found, and placed.
    let error = tablesolve::definition::json::parse("{\"a\":1,\n \"b\":2, \"a\":3}", "twice")
        .unwrap_err()
        .to_string();
    assert!(error.contains("twice, line 2, column 9"), "{error}");
}

#[test]
fn a_scramble_block_of_megabytes_is_read_in_bounded_memory() {
    // 24 MB of one `ScrambleAlg` block, played line by line (once kept word by word
    // until `End`, over a gigabyte), under a 400 MB address space; then a spelled-out
    // position with a line past the longest taken, refused by its place; the case
    // after it still answered.
    let dir = tempfile::tempdir().unwrap();
    let two = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/2x2x2.def");
    let line = "R U R' U' ".repeat(12) + "\n";
    let huge = format!("ScrambleAlg long\n{}R\nEnd\n", line.repeat(200_000));
    let file = dir.path().join("long.txt");
    std::fs::write(&file, huge).unwrap();
    let file = file.to_str().unwrap();
    let output = limited(dir.path(), 409_600, &["def", two, file], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stdout(&output), "R'\n", "{stderr}");

    let wide = format!(
        "Scramble wide\nCORNERS\n{}\nEnd\nScrambleAlg next\nU\nEnd\n",
        "1 2 3 4 5 6 7 8 ".repeat(100_000)
    );
    let file = dir.path().join("wide.txt");
    std::fs::write(&file, wide).unwrap();
    let file = file.to_str().unwrap();
    let output = limited(
        dir.path(),
        409_600,
        &["def", two, "--keep-going", file],
        b"",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "error\nU'\n",
        "{stderr}"
    );
    assert!(stderr.contains("case 1, line 3"), "{stderr}");
}
