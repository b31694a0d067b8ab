//! The tools around the tables: check, generate, stats, verify and JSON answers.

use std::fs;

use crate::common::{exact, rng, sample, stdout, table, tablesolve};
use tablesolve::eight::{self, Grid, Move, STANDARD_GOAL};
use tablesolve::judge::{CaseReader, EightPairs, Format, Sample, SampleAt, Solver};
use tablesolve::moves::letters;
use tablesolve::rotation::{self, census, mask, Board};
use tablesolve::sliding::manhattan_ida;
use tablesolve::sliding::pattern::Pattern;
use tablesolve::table::Source;
use tablesolve::{Eight2, Rotation};

/// Checks `answers` for `input` through the command line: (exit code, stdout).
fn check(puzzle: &str, input: &[u8], answers: &[u8]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let (input_path, answers_path) = (dir.path().join("input"), dir.path().join("answers"));
    fs::write(&input_path, input).unwrap();
    fs::write(&answers_path, answers).unwrap();
    let args = [
        "check",
        puzzle,
        input_path.to_str().unwrap(),
        answers_path.to_str().unwrap(),
    ];
    let output = tablesolve(&dir.path().join("tables"), &args, b"");
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

#[test]
fn check_accepts_the_judge_samples_and_ida_star_answers() {
    for puzzle in ["rotation", "eight2"] {
        let (code, report) = check(
            puzzle,
            &sample(&format!("{puzzle}.in")),
            &sample(&format!("{puzzle}.out")),
        );
        assert_eq!((code, report.as_str()), (0, "2 correct\n"), "{puzzle}");
    }
    // HDU 1043 answers written by the independent search.
    let goal = Grid::canonical(STANDARD_GOAL);
    let mut input = String::new();
    let mut answers = String::new();
    let mut rng = rng(7);
    for _ in 0..50 {
        let start = crate::common::random_grid(&mut rng);
        input += &crate::common::grid_text(&start);
        input.push('\n');
        match manhattan_ida(&start, &goal) {
            Some(moves) => answers.extend(moves.iter().map(|m| m.letter())),
            None => answers += "unsolvable",
        }
        answers.push('\n');
    }
    let (code, report) = check("eight", input.as_bytes(), answers.as_bytes());
    assert_eq!((code, report.as_str()), (0, "50 correct\n"));
}

#[test]
fn check_names_every_kind_of_wrong_rotation_answer() {
    let input = sample("rotation.in");
    let cases = [
        (
            "AFAC\n2\nDDHH\n2\n",
            "case 1: not shortest: 4 moves, the shortest take 2",
        ),
        (
            "AC\n3\nDDHH\n2\n",
            "case 1: wrong digit: the moves gather 2, the answer says 3",
        ),
        ("AC\n2\nDDH\n2\n", "case 2: not solved"),
        ("AC\n2\nDDHZ\n2\n", "case 2: malformed"),
        ("AC\n2\n", "case 2: missing"),
        ("AC\n2\nDDHH\n2\nAB\n", "1 extra line"),
    ];
    for (answers, expected) in cases {
        let (code, report) = check("rotation", &input, answers.as_bytes());
        assert_eq!(code, 1, "{answers:?}");
        assert!(report.contains(expected), "{answers:?}: {report}");
        if !expected.contains("extra") {
            assert!(report.contains("expected \""), "{report}");
        }
    }
}

#[test]
fn check_names_every_kind_of_wrong_eight2_answer() {
    // Pick a pair with more than one shortest solution, and a shortest one that is not
    // the smallest: walk the table down, taking the last good move at the first step.
    let tables = Eight2 {
        tables: (0..9)
            .map(|blank| exact(&eight::Space::new(blank)))
            .collect(),
    };
    let mut rng = rng(11);
    let (case, later) = loop {
        let case = tables.random_case(&mut rng);
        let best = tables.solve(&case).unwrap().unwrap();
        let distance = |g: &Grid| {
            let rank = eight::Lookup::new(g, &case.1).rank.unwrap();
            tables.tables[case.1.blank()].distance(rank)
        };
        let firsts: Vec<(Move, Grid)> = Move::ALL
            .iter()
            .filter_map(|&m| case.0.apply(m).map(|g| (m, g)))
            .filter(|(_, g)| usize::from(distance(g)) + 1 == best.len())
            .collect();
        if firsts.len() > 1 {
            let (m, next) = firsts[firsts.len() - 1];
            let mut rest = manhattan_ida(&next, &case.1).unwrap();
            rest.insert(0, m);
            assert_eq!(rest.len(), best.len());
            break (case, rest);
        }
    };
    let input = format!("1\n{}\n", EightPairs::default().case_text(&case));
    let best = tables.solve(&case).unwrap().unwrap();
    let text = |moves: &[Move]| letters(moves);
    let n = best.len();
    // The blank can go up at most twice.
    let off_grid = "uuu";
    // A detour at the end: out of the target and back.
    let detour = Move::ALL
        .into_iter()
        .find(|&m| case.1.apply(m).is_some())
        .unwrap();
    let detour = format!("{}{}", detour.letter(), detour.inverse().letter());
    let cases = [
        (format!("Case 1: {n}\n{}\n", text(&best)), "1 correct"),
        (format!("Case 1: {n}\n{}\n", text(&later)), "not smallest"),
        (
            format!("Case 1: {}\n{}{detour}\n", n + 2, text(&best)),
            "not shortest",
        ),
        (
            format!("Case 1: {}\n{}\n", n + 1, text(&best)),
            "wrong length",
        ),
        (format!("Case 1: {n}\n{off_grid}\n"), "illegal move"),
        ("Case 1: unsolvable\n\n".to_owned(), "wrong solvability"),
        (format!("Case 2: {n}\n{}\n", text(&best)), "malformed"),
        (String::new(), "missing"),
    ];
    for (answers, expected) in cases {
        let (code, report) = check("eight2", input.as_bytes(), answers.as_bytes());
        assert_eq!(
            code,
            i32::from(expected != "1 correct"),
            "{answers:?}: {report}"
        );
        assert!(report.contains(expected), "{answers:?}: {report}");
    }
}

#[test]
fn generated_cases_need_exactly_the_asked_length() {
    let tables = tempfile::tempdir().unwrap();
    for (puzzle, lengths) in [
        ("rotation", &[0, 1, 5, 13][..]),
        ("eight", &[0, 7, 31]),
        ("eight2", &[0, 12, 31]),
    ] {
        for &length in lengths {
            let length_arg = length.to_string();
            let args = [
                "generate",
                puzzle,
                "--length",
                &length_arg,
                "--count",
                "20",
                "--seed",
                "5",
            ];
            let input = tablesolve(tables.path(), &args, b"");
            let json = tablesolve(
                tables.path(),
                &[puzzle, "--format", "json"],
                stdout(&input).as_bytes(),
            );
            let answers: Vec<serde_json::Value> = stdout(&json)
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(answers.len(), 20, "{puzzle} {length}");
            for (i, answer) in answers.iter().enumerate() {
                assert_eq!(answer["case"], i + 1);
                assert_eq!(answer["length"], length, "{puzzle}: {answer}");
                assert_eq!(answer["moves"].as_str().unwrap().len(), length);
            }
        }
    }
    let args = ["generate", "eight", "--length", "32"];
    let output = tablesolve(tables.path(), &args, b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("the largest possible length is 31"));
}

#[test]
fn generated_short_cases_agree_with_ida_star() {
    let judge = Rotation {
        table: exact(&rotation::Space),
    };
    let mut rng = rng(2);
    for length in 0..=9 {
        let sample = judge.cases_at(length).unwrap();
        for _ in 0..5 {
            let board = sample(&mut rng).unwrap();
            assert_eq!(rotation::ida(&board).moves.len(), length, "{board:?}");
        }
    }
    assert!(judge.cases_at(census::HARDEST + 1).is_err());
}

#[test]
fn stats_depth_counts_add_up_to_the_reachable_states() {
    let tables = tempfile::tempdir().unwrap();
    for (puzzle, tables_listed, reachable) in [
        ("rotation", 1, 735_471u64),
        ("eight", 1, 181_440),
        ("eight2", 9, 181_440),
    ] {
        let report = tablesolve(tables.path(), &["stats", puzzle], b"");
        let report = stdout(&report);
        let mut sums = Vec::new();
        for line in report.lines() {
            if line.contains(", maximum distance ") {
                sums.push(0u64);
            } else if let [depth, count] = line.split_whitespace().collect::<Vec<_>>()[..] {
                if let (Ok(_), Ok(count)) = (depth.parse::<u64>(), count.parse::<u64>()) {
                    *sums.last_mut().unwrap() += count;
                }
            }
        }
        assert_eq!(sums, vec![reachable; tables_listed], "{puzzle}");
    }
}

/// Each zero-aware database's example at its maximum is a placement, and a zone of the
/// blank, whose entry holds that maximum (the database built here apart).
#[test]
fn stats_examples_of_zero_aware_databases_are_at_their_maximum() {
    let tables = tempfile::tempdir().unwrap();
    let partition = "zero-aware 1 2 3 / 4 5 6 / 7 8 9 / 10 11 12 / 13 14 15";
    let report = tablesolve(
        tables.path(),
        &["--partition", partition, "stats", "fifteen"],
        b"",
    );
    let report = stdout(&report);
    // Each example: `  example at MAX:`, then the board drawn (indented), the pattern's
    // tiles where they stand, and where the blank is.
    let lines: Vec<&str> = report.lines().collect();
    let examples: Vec<(&str, &[&str])> = (lines.iter().enumerate())
        .filter_map(|(i, line)| {
            let max = line.strip_prefix("  example at ")?.strip_suffix(':')?;
            Some((max, &lines[i + 2..i + 7]))
        })
        .collect();
    assert_eq!(examples.len(), 5, "{report}");
    // Two entries a placement, not states of the puzzle: 16 * 15 * 14 placements of 3.
    let entries = report.matches(": 6720 entries, ").count();
    assert_eq!(entries, 5, "{report}");
    for (max, drawn) in examples {
        let example = drawn.join("\n");
        let (mut homes, mut positions) = (Vec::new(), Vec::new());
        let cells = drawn[..4].iter().flat_map(|row| row.split_whitespace());
        for (at, cell) in cells.enumerate() {
            if let Ok(tile) = cell.parse::<u8>() {
                // The default goal: tile t is homed at cell t - 1.
                homes.push(tile - 1);
                positions.push(at as u8);
            }
        }
        let blank = drawn[4].trim().strip_prefix("the blank ").unwrap();
        // Listed by home cell, as the pattern lists its tiles.
        let mut pairs: Vec<(u8, u8)> = homes.into_iter().zip(positions).collect();
        pairs.sort();
        let (homes, positions): (Vec<u8>, Vec<u8>) = pairs.into_iter().unzip();
        let pattern = Pattern::<4, 4>::new(&homes, 15).zero_aware();
        let database = table(&pattern);
        let walled_off = u64::from(blank.starts_with("walled off"));
        let entry = 2 * pattern.index(&positions) + walled_off;
        assert_eq!(database.entry_byte(entry).to_string(), max, "{example}");
    }
}

#[test]
fn census_of_some_first_masks_matches_solving_every_board() {
    let judge = Rotation {
        table: exact(&rotation::Space),
    };
    let firsts = census::first_masks();
    assert_eq!(firsts.len(), census::FIRST_MASKS);
    assert_eq!(census::FIRST_MASKS, 245_157);
    let mut rng = rng(3);
    for _ in 0..3 {
        let first = firsts[rand::Rng::random_range(&mut rng, 0..firsts.len())];
        // Every board with digit 1 on `first`: each partition twice (digits 2 and 3 swap).
        let free: Vec<u32> = (0..24).filter(|c| first >> c & 1 == 0).collect();
        let mut by_solving = [0u64; 20];
        for r in 0..12_870u32 {
            // The r-th 8-subset of the 16 free cells, by the library's own unranking of
            // 8-of-24 masks restricted to those below 16.
            let pick = mask::unrank(r);
            assert!(pick < 1 << 16);
            let mut cells = [1u8; 24];
            for (i, &c) in free.iter().enumerate() {
                cells[c as usize] = if pick >> i & 1 == 1 { 2 } else { 3 };
            }
            let board = Board::new(cells).unwrap();
            by_solving[judge.solve(&board).unwrap().moves.len()] += 1;
        }
        let counted = census::census_over(&judge.table.distances, &[first], &|_| {});
        for (length, &boards) in counted.boards_at.iter().enumerate() {
            assert_eq!(boards, by_solving[length] * 3, "length {length}");
        }
        assert_eq!(by_solving[counted.boards_at.len()..].iter().sum::<u64>(), 0);
    }
}

#[test]
fn census_counts_every_board_and_finds_the_hardest() {
    let tables = tempfile::tempdir().unwrap();
    let output = tablesolve(tables.path(), &["stats", "rotation", "--all-boards"], b"");
    let report = stdout(&output);
    let census_part = &report[report.find("all 9465511770 boards").expect(report)..];
    let counts: Vec<u64> = census_part
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with(' '))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), census::BOARDS);
    assert_eq!(counts.len(), census::HARDEST + 1);
    // The example hardest board really needs that many moves.
    let line = census_part
        .lines()
        .find(|l| l.split_whitespace().count() == 24)
        .unwrap();
    let output = tablesolve(
        tables.path(),
        &["rotation", "--format", "json"],
        line.as_bytes(),
    );
    let answer: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(answer["length"], census::HARDEST);
}

#[test]
fn verify_reports_agreement() {
    let tables = tempfile::tempdir().unwrap();
    for puzzle in ["rotation", "eight", "eight2"] {
        let output = tablesolve(
            tables.path(),
            &["verify", puzzle, "--count", "100", "--seed", "9"],
            b"",
        );
        let report = stdout(&output);
        assert!(
            report.contains("100 cases (seed 9)") && report.contains("agree on every one"),
            "{report}"
        );
        assert!(report.contains("IDA*: mean"), "{report}");
    }
}

#[test]
fn json_answers_carry_case_moves_length_and_digit() {
    let tables = tempfile::tempdir().unwrap();
    let output = tablesolve(
        tables.path(),
        &["rotation", "--format", "json"],
        &sample("rotation.in"),
    );
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[0],
        serde_json::json!({"case": 1, "moves": "AC", "length": 2, "digit": 2})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"case": 2, "moves": "DDHH", "length": 4, "digit": 2})
    );
    let output = tablesolve(
        tables.path(),
        &["eight", "--format", "json"],
        b"21345678x 12345678x",
    );
    let lines: Vec<&str> = stdout(&output).lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"case":1,"solvable":false}"#,
            r#"{"case":2,"length":0,"moves":"","solvable":true}"#
        ]
    );
}

#[test]
fn answers_of_many_chunks_keep_input_order() {
    use tablesolve::judge::{self, BadCases, Method, Output, Wanted};
    let judge = Eight2 {
        tables: (0..9)
            .map(|blank| exact(&eight::Space::new(blank)))
            .collect(),
    };
    let mut rng = rng(17);
    let cases: Vec<_> = (0..40_000).map(|_| judge.random_case(&mut rng)).collect();
    let mut input = Vec::new();
    (judge
        .reader()
        .write_cases(cases.iter().copied(), cases.len(), &mut input))
    .unwrap();
    let mut batched = Vec::new();
    let bad = BadCases::Stop;
    let wanted = Wanted::Smallest(Method::Tables);
    let answered = judge::answer_each(&judge, &input[..], &mut batched, bad, wanted, Output::Judge);
    let answered = answered.unwrap();
    assert_eq!(answered.cases, cases.len());
    let mut one_by_one = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        judge.write_answer(i + 1, &judge.solve(case).unwrap(), &mut one_by_one);
    }
    assert!(batched == one_by_one);
}

#[test]
fn verify_prints_each_disagreement_and_fails() {
    // A well-formed standard-goal table that holds another goal's distances: the walk
    // still ends somewhere, just not at 12345678x, so the answers disagree with IDA*.
    let tables = tempfile::tempdir().unwrap();
    // (Both goals are of one parity, so the other's table ranks the same grids.)
    let wrong =
        tablesolve::search::reverse_bfs(&eight::Space::new(0), &tablesolve::search::Work::quiet())
            .unwrap();
    let id = eight::Space::new(STANDARD_GOAL).id();
    let bytes = tablesolve::table::encode(&id, &wrong);
    fs::write(tables.path().join(id.file_name()), bytes).unwrap();
    let output = tablesolve(tables.path(), &["verify", "eight", "--count", "20"], b"");
    assert_eq!(output.status.code(), Some(1));
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("DISAGREE"), "{report}");
    assert!(
        report.contains("  tables: ") && report.contains("  IDA*:   "),
        "{report}"
    );
    assert!(report.lines().any(|l| l.starts_with("case ")), "{report}");
}

#[test]
fn random_sliding_boards_need_no_tables() {
    let tables = tempfile::tempdir().unwrap();
    let dir = tables.path().join("tables");
    let args = ["generate", "twentyfour", "--count", "50", "--seed", "3"];
    let output = tablesolve(&dir, &args, b"");
    assert!(output.status.success(), "{output:?}");
    // The 2.4 GB of the default databases are neither built nor opened.
    assert!(!dir.exists() || fs::read_dir(&dir).unwrap().next().is_none());
    let boards = stdout(&output);
    assert_eq!(boards.lines().count(), 50);
    for line in boards.lines() {
        let mut values: Vec<u32> = line.split(' ').map(|v| v.parse().unwrap()).collect();
        // On a board of odd width, a board reaches the goal (blank last) exactly when
        // its tiles, read in order without the blank, are an even permutation.
        let tiles: Vec<u32> = values.iter().copied().filter(|&v| v != 0).collect();
        let inversions: usize = (0..tiles.len())
            .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count())
            .sum();
        assert_eq!(inversions % 2, 0, "{line}");
        values.sort_unstable();
        assert_eq!(values, (0..25).collect::<Vec<_>>(), "{line}");
    }
    let again = tablesolve(&dir, &args, b"");
    assert_eq!(stdout(&again), boards, "the same seed");
    // Small boards, answered: each reaches the goal.
    let args = ["generate", "sliding", "--size", "2x3", "--count", "30"];
    let input = stdout(&tablesolve(&dir, &args, b"")).to_owned();
    let answered = tablesolve(&dir, &["sliding", "--size", "2x3"], input.as_bytes());
    assert!(answered.status.success(), "{answered:?}");
    let answers = stdout(&answered);
    assert_eq!(answers.lines().count(), 30);
    assert!(!answers.contains("unsolvable"), "{answers}");
}

/// The seed puzzles draw from all their boards without a table too: only `--length`
/// needs one. Without `--seed`, each run draws new cases and says its seed, which
/// draws them again.
#[test]
fn random_cases_need_no_tables_and_say_their_seed() {
    let tables = tempfile::tempdir().unwrap();
    let dir = tables.path().join("tables");
    for puzzle in ["rotation", "eight", "eight2"] {
        let args = ["generate", puzzle, "--count", "40"];
        let first = tablesolve(&dir, &args, b"");
        assert!(first.status.success(), "{first:?}");
        assert!(!dir.exists() || fs::read_dir(&dir).unwrap().next().is_none());
        let err = String::from_utf8_lossy(&first.stderr).into_owned();
        let seed = err
            .strip_prefix("tablesolve: seed ")
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("{puzzle}: {err}"));
        let second = tablesolve(&dir, &args, b"");
        assert_ne!(
            stdout(&first),
            stdout(&second),
            "{puzzle}: new cases each run"
        );
        let again = tablesolve(
            &dir,
            &["generate", puzzle, "--count", "40", "--seed", seed],
            b"",
        );
        assert_eq!(stdout(&first), stdout(&again), "{puzzle}: --seed {seed}");
        assert_eq!(again.stderr, b"", "{puzzle}: a seed given is not said");
        // Read back by the puzzle's own reader: valid cases.
        let answered = tablesolve(crate::common::tables(), &[puzzle], &again.stdout);
        assert!(answered.status.success(), "{puzzle}: {answered:?}");
    }
}

/// `show` draws the blank as the puzzle's input writes it: `0` on sliding boards, `x`
/// on the 8-puzzle.
#[test]
fn show_draws_the_blank_as_the_input_writes_it() {
    let board = b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n";
    let shown = tablesolve(
        crate::common::tables(),
        &["--partition", "6-6-3", "show", "fifteen"],
        board,
    );
    assert!(stdout(&shown).contains("\n13 14  0 15\n"), "{shown:?}");
    let shown = tablesolve(crate::common::tables(), &["show", "eight"], b"12345678x\n");
    assert!(stdout(&shown).contains("\n7 8 x\n"), "{shown:?}");
}
