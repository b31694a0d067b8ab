//! Batches as the command line reads and answers them: the usual case read in one scan
//! against the same case read token by token, and answers from the recorded walks in
//! passes ([`Format::write_answers`]) against the same cases answered one at a time and
//! against the independent IDA* search.

use rand::Rng;

use crate::common::{exact, random_board, random_grid, random_grid_like, rng, table};
use std::path::Path;
use tablesolve::definition::{Def, DefOptions, Definition};
use tablesolve::eight::{self, Grid, GOALS, STANDARD_GOAL};
use tablesolve::judge::{
    answer_each, BadCases, CaseReader, CrossCheck, EightCases, EightPairs, EveryShortest, FastPath,
    Format, Input, Method, Output, Replay, RotationCases, Wanted,
};
use tablesolve::table::{encode, ExactTable, Source, Table, TableError};
use tablesolve::{rotation, Eight, Eight2, Error, Rotation, TableDir};

/// The cases numbered as a batch with skipped cases numbers them: not one after another.
fn numbered<C>(cases: Vec<C>) -> Vec<(usize, C)> {
    cases
        .into_iter()
        .enumerate()
        .map(|(i, case)| (3 * i + 2, case))
        .collect()
}

/// What [`Format::write_answers`] writes, and what answering one case at a time writes.
fn both_ways<J: Format>(judge: &J, cases: &[(usize, J::Case)]) -> (String, String) {
    let mut in_passes = Vec::new();
    judge.write_answers(cases, &mut in_passes).unwrap();
    let mut one_at_a_time = Vec::new();
    for (number, case) in cases {
        judge.write_answer(*number, &judge.solve(case).unwrap(), &mut one_at_a_time);
    }
    let text = |bytes| String::from_utf8(bytes).unwrap();
    (text(in_passes), text(one_at_a_time))
}

/// What the command line writes for `cases` by the tables and by IDA*.
fn tables_and_search<J: EveryShortest + Replay + CrossCheck>(
    judge: &J,
    cases: Vec<J::Case>,
) -> (String, String) {
    let mut input = Vec::new();
    let count = cases.len();
    (judge
        .reader()
        .write_cases(cases.into_iter(), count, &mut input))
    .unwrap();
    let answer = |method| {
        let mut output = Vec::new();
        let wanted = Wanted::Smallest(method);
        answer_each(
            judge,
            &input[..],
            &mut output,
            BadCases::Stop,
            wanted,
            Output::Judge,
        )
        .unwrap();
        String::from_utf8(output).unwrap()
    };
    (answer(Method::Tables), answer(Method::Search))
}

/// `cases` answered in passes and one at a time, and `searched` (solvable ones) by the
/// tables and by IDA*, must agree; the answers must include `shown`.
fn assert_answers_agree<J: EveryShortest + Replay + CrossCheck>(
    judge: &J,
    cases: Vec<J::Case>,
    searched: Vec<J::Case>,
    shown: &str,
) {
    let (in_passes, one_at_a_time) = both_ways(judge, &numbered(cases));
    assert_eq!(in_passes, one_at_a_time);
    assert!(in_passes.contains(shown), "no {shown:?}");
    let (tables, search) = tables_and_search(judge, searched);
    assert_eq!(tables, search);
}

fn rotation_judge() -> Rotation<Vec<u8>> {
    Rotation {
        table: exact(&rotation::Space),
    }
}

fn eight2_judge() -> Eight2<Vec<u8>> {
    Eight2 {
        tables: (0..GOALS)
            .map(|blank| exact(&eight::Space::new(blank)))
            .collect(),
    }
}

fn eight_judge() -> Eight<Vec<u8>> {
    Eight {
        table: exact(&eight::Space::new(STANDARD_GOAL)),
    }
}

#[test]
fn rotation_answers_in_passes_are_the_answers_one_at_a_time_and_ida_stars() {
    let judge = rotation_judge();
    let mut rng = rng(1343);
    let mut boards: Vec<_> = (0..20_000).map(|_| random_board(&mut rng)).collect();
    // A solved board, which needs no moves: the first one, after its answer.
    let mut solved = boards[0];
    solved.apply_all(&judge.solve(&solved).unwrap().moves);
    boards.push(solved);
    let searched = boards[..150].to_vec();
    assert_answers_agree(&judge, boards, searched, "No moves needed\n");
}

#[test]
fn eight_answers_in_passes_are_the_answers_one_at_a_time_and_ida_stars() {
    let judge = eight_judge();
    let mut rng = rng(1043);
    // Half of them unsolvable.
    let grids: Vec<Grid> = (0..20_000).map(|_| random_grid(&mut rng)).collect();
    let searched = grids[..400].to_vec();
    assert_answers_agree(&judge, grids, searched, "unsolvable\n");
}

#[test]
fn eight2_answers_in_passes_are_the_answers_one_at_a_time_and_ida_stars() {
    let judge = eight2_judge();
    let mut rng = rng(3567);
    let pairs: Vec<(Grid, Grid)> = (0..20_000)
        .map(|_| {
            let target = random_grid(&mut rng);
            match rng.random_bool(0.5) {
                true => (random_grid_like(&mut rng, &target), target),
                false => (random_grid(&mut rng), target),
            }
        })
        .collect();
    let solvable: Vec<_> = pairs
        .iter()
        .filter(|(s, t)| s.reaches(t))
        .copied()
        .collect();
    assert_answers_agree(&judge, pairs, solvable[..400].to_vec(), ": unsolvable\n\n");
}

#[test]
fn a_walk_table_without_walks_gives_no_answer_either_way() {
    // Distances as built, walks all missing: every solvable case must be refused.
    let space = eight::Space::new(STANDARD_GOAL);
    let distances = table(&space);
    let id = space.id().walks(2);
    let states = distances.header().states;
    let zeros = encode(&id, &vec![0; 8 * states as usize]);
    let walks = Table::from_bytes(zeros, id, states).unwrap();
    let judge = Eight {
        table: ExactTable { distances, walks },
    };
    let solvable: Grid = "12345678x".parse().unwrap();
    let unsolvable: Grid = "21345678x".parse().unwrap();
    let mut out = Vec::new();
    let refused = judge.write_answers(&[(1, unsolvable), (2, solvable)], &mut out);
    assert!(
        matches!(refused, Err(Error::Table(TableError::Inconsistent { .. }))),
        "{refused:?}"
    );
    assert!(matches!(
        judge.solve(&solvable),
        Err(Error::Table(TableError::Inconsistent { .. }))
    ));
    assert_eq!(judge.solve(&unsolvable).unwrap(), None);
    let mut out = Vec::new();
    judge.write_answers(&[(1, unsolvable)], &mut out).unwrap();
    assert_eq!(out, b"unsolvable\n");
}

/// Every case of `text` read by `read_case` alone, and by `take_usual` where it takes
/// cases (then settled, as a batch reads), with the number of cases `take_usual` took.
fn read_both_ways<C: FastPath>(
    reader: impl Fn() -> C,
    text: &[u8],
) -> (Vec<String>, Vec<String>, usize) {
    let (mut general, mut usual) = (Vec::new(), Vec::new());
    let (mut reader_alone, mut input) = (reader(), Input::new(text));
    while let Some(case) = reader_alone
        .read_case(&mut input, general.len() + 1)
        .unwrap()
    {
        general.push(case);
    }
    let (mut reader, mut input, mut taken) = (reader(), Input::new(text), 0);
    let mut numbered = Vec::new();
    loop {
        let number = numbered.len() + 1;
        // Room for a few at a time: taking stops where the room ends, too.
        let took = reader.take_usual(&mut input, number, 7, &mut numbered);
        assert!(took <= 7 && numbered.len() == number - 1 + took);
        if took > 0 {
            taken += took;
        } else if let Some(case) = reader.read_case(&mut input, number).unwrap() {
            numbered.push((number, case));
        } else {
            break;
        }
    }
    assert!((numbered.iter().map(|(n, _)| *n)).eq(1..=numbered.len()));
    if C::SETTLES {
        let malformed = reader.settle(&mut numbered);
        assert!(malformed.is_empty(), "{:?}", malformed);
    }
    usual.extend(numbered.into_iter().map(|(_, case)| case));
    // Compared as the reader writes them back: a case read through its fast path may
    // be held otherwise (a defined puzzle's as a rank) than the same case read alone.
    let texts = |cases: Vec<C::Case>| cases.iter().map(|c| reader.case_text(c)).collect();
    (texts(general), texts(usual), taken)
}

#[test]
fn the_usual_case_in_one_scan_is_the_case_read_token_by_token() {
    let mut rng = rng(9);
    let boards: Vec<_> = (0..2000).map(|_| random_board(&mut rng)).collect();
    let mut text = Vec::new();
    let count = boards.len();
    (RotationCases::default().write_cases(boards.into_iter(), count, &mut text)).unwrap();
    let (general, usual, taken) = read_both_ways(RotationCases::default, &text);
    // 96 KB: the one board across the 64 KiB buffer's edge is read token by token.
    assert_eq!((general.len(), taken), (2000, 1999));
    assert_eq!(general, usual);

    let grids: Vec<Grid> = (0..2000).map(|_| random_grid(&mut rng)).collect();
    let mut text = Vec::new();
    let count = grids.len();
    (EightCases.write_cases(grids.into_iter(), count, &mut text)).unwrap();
    // Some written otherwise: run together, or split over lines.
    text.extend_from_slice(b"12345678x\n1 2 3\n4 5 6 7 8 x\n");
    let (general, usual, taken) = read_both_ways(|| EightCases, &text);
    assert_eq!((general.len(), taken), (2002, 2000));
    assert_eq!(general, usual);

    let pairs: Vec<(Grid, Grid)> = (0..2000)
        .map(|_| (random_grid(&mut rng), random_grid(&mut rng)))
        .collect();
    let mut text = Vec::new();
    let count = pairs.len();
    (EightPairs::default().write_cases(pairs.into_iter(), count, &mut text)).unwrap();
    let (general, usual, taken) = read_both_ways(EightPairs::default, &text);
    // The first pair is read with the count before it, token by token.
    assert_eq!((general.len(), taken), (2000, 1999));
    assert_eq!(general, usual);

    // A defined puzzle's lines, taken whole and read through later: turns, and lines
    // the fast path passes on (spaces doubled, a carriage return, a space at the end,
    // powers it does not name, over 64 bytes, a KPattern), every one the position the
    // line read alone gives.
    let judge = Def::open(
        &TableDir::new(crate::common::tables()).build_missing(|_| {}),
        Definition::read(&definitions().join("2x2x2.def")).unwrap(),
        DefOptions::default(),
    )
    .unwrap();
    let mut text = String::new();
    for i in 0..2000 {
        let turns: Vec<&str> = (0..rng.random_range(0..=30))
            .map(|_| CUBE_TURNS[rng.random_range(0..CUBE_TURNS.len())])
            .collect();
        let line = match i % 7 {
            0 => turns.join("  "),
            1 => turns.join(" ") + "\r",
            3 => turns.join(" ") + " R3 U2' ",
            2 if i % 3 == 0 => r#"{"CORNERS": {"pieces": [1, 0, 2, 3, 4, 5, 6]}}"#.to_owned(),
            _ => turns.join(" "),
        };
        text.push_str(&line);
        text.push('\n');
    }
    let (general, usual, taken) = read_both_ways(|| judge.reader(), text.as_bytes());
    assert_eq!(general.len(), 2000);
    assert!(taken > 1500, "{taken} lines taken whole");
    assert_eq!(general, usual);
}

/// The 2x2x2's turns, as its definition names them.
const CUBE_TURNS: [&str; 9] = ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"];

fn definitions() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions")
}

/// A defined puzzle's lines are read through on the answering threads: malformed ones
/// among thousands keep their place, each refused with the words it gets alone, and
/// with `--keep-going` every other line answered as without them.
#[test]
fn malformed_lines_read_on_the_answering_threads_keep_their_place() {
    use crate::common::{stdout, tables, tablesolve};
    let path = definitions().join("2x2x2.def");
    let def = ["def", path.to_str().unwrap()];
    let mut rng = rng(13);
    let mut lines: Vec<String> = (0..3000)
        .map(|_| {
            let turns: Vec<&str> = (0..rng.random_range(0..=20))
                .map(|_| CUBE_TURNS[rng.random_range(0..CUBE_TURNS.len())])
                .collect();
            turns.join(" ")
        })
        .collect();
    let good = lines.join("\n") + "\n";
    let good: Vec<String> = stdout(&tablesolve(tables(), &def, good.as_bytes()))
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(good.len(), 3000);
    // Bad lines in different tasks of the reading: an unknown turn, a power after a
    // prime, a stray character, a KPattern without pieces.
    let bad = [
        (4, "R X U"),
        (1500, "R U'2"),
        (2101, "R U R U2 F F' *"),
        (2999, r#"{"CORNERS": 3}"#),
    ];
    for &(i, line) in &bad {
        lines[i] = line.to_owned();
    }
    let input = lines.join("\n") + "\n";
    // What each says alone, as case 1 on line 1.
    let alone: Vec<String> = (bad.iter())
        .map(|(_, line)| {
            let output = tablesolve(tables(), &def, format!("{line}\n").as_bytes());
            let err = String::from_utf8_lossy(&output.stderr).into_owned();
            let said = err.lines().next().unwrap();
            said.strip_prefix("tablesolve: case 1, line 1, ")
                .unwrap()
                .to_owned()
        })
        .collect();

    let kept = tablesolve(tables(), &["def", def[1], "--keep-going"], input.as_bytes());
    assert_eq!(kept.status.code(), Some(1));
    let out = String::from_utf8_lossy(&kept.stdout);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), 3000);
    for (i, answer) in answers.iter().enumerate() {
        match bad.iter().any(|&(b, _)| b == i) {
            true => assert_eq!(*answer, "error", "line {}", i + 1),
            false => assert_eq!(*answer, good[i], "line {}", i + 1),
        }
    }
    let err = String::from_utf8_lossy(&kept.stderr);
    let said: Vec<&str> = err.lines().take(bad.len()).collect();
    for ((&(i, _), alone), said) in bad.iter().zip(&alone).zip(said) {
        let n = i + 1;
        assert_eq!(said, format!("tablesolve: case {n}, line {n}, {alone}"));
    }

    let stopped = tablesolve(tables(), &def, input.as_bytes());
    assert_eq!(stopped.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&stopped.stdout),
        good[..4].join("\n") + "\n"
    );
    let err = String::from_utf8_lossy(&stopped.stderr);
    assert_eq!(
        err.lines().next(),
        Some(&*format!("tablesolve: case 5, line 5, {}", alone[0]))
    );
}

/// A writer whose reader went away after the first write, as `| head -1` does.
struct ClosedAfterFirst {
    writes: usize,
}

impl std::io::Write for ClosedAfterFirst {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.writes += 1;
        match self.writes {
            1 => Ok(bytes.len()),
            _ => Err(std::io::ErrorKind::BrokenPipe.into()),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_output_stops_the_work() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    // 2,000 cases of a millisecond each, one a task: seconds of work, if all were done.
    let input = "1 2 3 4 5 6 7 8 x\n".repeat(2000);
    let answered = AtomicUsize::new(0);
    let ran = tablesolve::judge::answer_all(
        &mut EightCases,
        input.as_bytes(),
        ClosedAfterFirst { writes: 0 },
        BadCases::Stop,
        Output::Judge,
        1,
        |cases, text| {
            answered.fetch_add(cases.len(), Ordering::Relaxed);
            std::thread::sleep(std::time::Duration::from_millis(1));
            text.extend_from_slice(b"\n");
            Ok(())
        },
    );
    assert!(matches!(ran, Err(Error::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe));
    // Those under way when the pipe closed, and a few more: nowhere near all 2,000.
    let answered = answered.into_inner();
    assert!(
        answered < 100,
        "{answered} cases answered after the output closed"
    );
}
