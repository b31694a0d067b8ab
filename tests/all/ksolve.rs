//! ksolve+'s commands against ksolve+'s own answers (tests/data/ksolve, with the
//! command that made them), and `Slack` against an enumeration of every turn sequence:
//! blocks, forbidden groups, move limits, slack, depth limits, the quarter-turn metric,
//! positions with `?`, and files as ksolve+'s users have them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tablesolve::definition::{Definition, Model};

use crate::common::tablesolve;

/// One scramble as ksolve+ answered it: its answers, depth by depth (the depth each
/// was printed under), and whether it gave up at its `MaxDepth`.
#[derive(Debug, Default)]
struct Solved {
    name: String,
    answers: Vec<(u32, String)>,
    gave_up: bool,
}

/// ksolve+'s output, scramble by scramble.
fn ksolve_answers(out: &str) -> Vec<Solved> {
    let mut solved: Vec<Solved> = Vec::new();
    let mut depth = 0;
    for line in out.lines().map(|l| l.trim_end_matches('\r')) {
        if let Some(name) = line.strip_prefix("Solving ") {
            solved.push(Solved {
                name: name.to_owned(),
                ..Solved::default()
            });
        } else if let Some(d) = line.strip_prefix("Depth ") {
            depth = d.trim().parse().unwrap();
        } else if line.contains("Max depth reached") {
            solved.last_mut().unwrap().gave_up = true;
        } else if line.starts_with(' ') {
            let answer = line.split_whitespace().collect::<Vec<_>>().join(" ");
            solved.last_mut().unwrap().answers.push((depth, answer));
        }
    }
    solved
}

/// Our answer of one case: its lines (one; or, for a list, the count, then each).
#[derive(Debug)]
enum Ours {
    One(String),
    Listed(Vec<String>),
}

fn our_answers(out: &str) -> Vec<Ours> {
    let mut lines = out.lines();
    let mut answers = Vec::new();
    while let Some(line) = lines.next() {
        match line.parse::<usize>() {
            Ok(n) => answers.push(Ours::Listed(
                (0..n).map(|_| lines.next().unwrap().to_owned()).collect(),
            )),
            Err(_) => answers.push(Ours::One(line.to_owned())),
        }
    }
    answers
}

/// An answer's turns, sorted: the same for two answers that differ only in the order
/// of commuting turns (ksolve+ writes the later of two commuting moves first).
fn bag(answer: &str) -> Vec<&str> {
    let mut turns: Vec<&str> = answer.split_whitespace().collect();
    turns.sort_unstable();
    turns
}

fn data(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ksolve")
        .join(case)
}

/// Every case ksolve+ answered: our answers as long as its (or as costly, in its
/// quarter-turn metric), each the smallest in our order where ksolve+'s first may not
/// be (two commuting turns in the other order), a limit where it gave up, and, where a
/// slack asks for every answer, the same answers.
#[test]
fn ksolve_commands_answer_as_ksolve_does() {
    let dir = tempfile::tempdir().unwrap();
    let cases =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ksolve")).unwrap();
    let mut checked = 0;
    for entry in cases {
        let case = entry.unwrap().path();
        if !case.is_dir() {
            continue;
        }
        let rc = std::fs::read_to_string(case.join("ksolve.rc")).unwrap();
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let def = case.join("puzzle.def");
        let output = tablesolve(
            dir.path(),
            &[
                "def",
                "--keep-going",
                def.to_str().unwrap(),
                case.join("scramble.txt").to_str().unwrap(),
            ],
            b"",
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        let ours = our_answers(&String::from_utf8_lossy(&output.stdout));
        if rc.trim() != "0" {
            // ksolve+ cannot read it; this tool reads it and answers every case.
            assert!(output.status.success(), "{name}: {stderr}");
            assert!(!ours.is_empty(), "{name}");
            continue;
        }
        let puzzle = Model::new(Definition::read(&def).unwrap(), None, None).unwrap();
        let rank = |answer: &str| -> Vec<usize> {
            (answer.split_whitespace())
                .map(|w| puzzle.turns.iter().position(|t| t.turn.name == w).unwrap())
                .collect()
        };
        let theirs = ksolve_answers(&std::fs::read_to_string(case.join("ksolve.out")).unwrap());
        assert_eq!(ours.len(), theirs.len(), "{name}: {stderr}");
        for (ours, theirs) in ours.iter().zip(&theirs) {
            let what = format!("{name}, {}", theirs.name);
            match ours {
                // ksolve+ takes `F2*` and limits nothing by it, and a piece `-1` as one
                // no solved state holds (searching until its MaxDepth): this tool
                // refuses both.
                Ours::One(line) if line == "error" => {
                    let refused = ["`F2*`: F2 is no move", "`-1` is not a piece"];
                    assert!(
                        refused.iter().any(|r| stderr.contains(r)),
                        "{what}: {stderr}"
                    );
                }
                Ours::One(line) if theirs.answers.is_empty() => {
                    assert!(
                        theirs.gave_up && line.starts_with("limit "),
                        "{what}: {line}"
                    );
                }
                Ours::One(line) => {
                    let (least, first) = &theirs.answers[0];
                    let of_least: Vec<Vec<&str>> = (theirs.answers.iter())
                        .filter(|(d, _)| d == least)
                        .map(|(_, a)| bag(a))
                        .collect();
                    assert!(
                        of_least.contains(&bag(line)),
                        "{what}: {line} against {first}"
                    );
                    assert!(rank(line) <= rank(first), "{what}: {line} after {first}");
                }
                Ours::Listed(lines) => {
                    let mut ours: Vec<Vec<&str>> = lines.iter().map(|l| bag(l)).collect();
                    let mut theirs: Vec<Vec<&str>> =
                        theirs.answers.iter().map(|(_, a)| bag(a)).collect();
                    ours.sort();
                    theirs.sort();
                    assert_eq!(ours, theirs, "{what}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} scrambles checked");
}

/// The turns of a definition, each as a map of its flat state (each set's pieces,
/// then orientations), composed here, with the move it is a power of: what an
/// enumeration of every sequence plays.
struct Turns {
    /// The definition's start, flat.
    start: Vec<u8>,
    names: Vec<String>,
    classes: Vec<usize>,
    maps: Vec<(Vec<usize>, Vec<u16>)>,
    moduli: Vec<u16>,
}

impl Turns {
    fn new(definition: &Definition) -> Turns {
        let puzzle = Model::new(definition.clone(), None, None).unwrap();
        let mut moduli = Vec::new();
        for set in &definition.sets {
            moduli.extend(std::iter::repeat_n(0, set.pieces));
            moduli.extend(std::iter::repeat_n(u16::from(set.orientations), set.pieces));
        }
        let (mut names, mut classes, mut maps) = (Vec::new(), Vec::new(), Vec::new());
        for turn in &puzzle.turns {
            // The turn as the definition's move composed with itself, here.
            let base = &definition.moves[turn.class].action;
            let mut from: Vec<usize> = (0..moduli.len()).collect();
            let mut add = vec![0u16; moduli.len()];
            for _ in 0..turn.power {
                let mut at = 0;
                let (mut next_from, mut next_add) = (from.clone(), add.clone());
                for (s, set) in definition.sets.iter().enumerate() {
                    for i in 0..set.pieces {
                        let source = usize::from(base.from[s][i]);
                        next_from[at + i] = from[at + source];
                        next_from[at + set.pieces + i] = from[at + set.pieces + source];
                        next_add[at + set.pieces + i] = (add[at + set.pieces + source]
                            + u16::from(base.twist[s][i]))
                            % u16::from(set.orientations);
                    }
                    at += 2 * set.pieces;
                }
                (from, add) = (next_from, next_add);
            }
            names.push(turn.turn.name.to_owned());
            classes.push(turn.class);
            maps.push((from, add));
        }
        let start = (definition.start.pieces.iter())
            .zip(&definition.start.orientation)
            .flat_map(|(p, o)| p.iter().chain(o).copied())
            .collect();
        Turns {
            start,
            names,
            classes,
            maps,
            moduli,
        }
    }

    /// The start turned by `scramble`, turn names apart.
    fn scrambled(&self, scramble: &str) -> Vec<u8> {
        scramble
            .split_whitespace()
            .fold(self.start.clone(), |state, word| {
                self.play(&state, self.names.iter().position(|n| n == word).unwrap())
            })
    }

    fn play(&self, state: &[u8], t: usize) -> Vec<u8> {
        let (from, add) = &self.maps[t];
        (0..state.len())
            .map(|i| match self.moduli[i] {
                0 => state[from[i]],
                m => ((u16::from(state[from[i]]) + add[i]) % m) as u8,
            })
            .collect()
    }
}

/// Every sequence of up to `most` turns from `start` that ends at `goal`, never two
/// turns of one move in a row nor two commuting moves out of answer order: by length,
/// then in answer order, found by trying every sequence.
fn every_sequence(turns: &Turns, start: &[u8], goal: &[u8], most: usize) -> Vec<String> {
    let n = turns.names.len();
    let commute = |a: usize, b: usize| {
        let ab = turns.play(&turns.play(goal, a), b);
        let ba = turns.play(&turns.play(goal, b), a);
        // Tried on a state whose pieces are all told apart: the goal of these puzzles.
        turns.classes[a] != turns.classes[b] && ab == ba
    };
    let mut found: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut stack: Vec<(Vec<u8>, Vec<usize>)> = vec![(start.to_vec(), Vec::new())];
    // Depth first, children in reverse so that sequences come off in answer order.
    while let Some((state, path)) = stack.pop() {
        if state == goal {
            let names: Vec<&str> = path.iter().map(|&t| turns.names[t].as_str()).collect();
            found.entry(path.len()).or_default().push(names.join(" "));
        }
        if path.len() == most {
            continue;
        }
        for t in (0..n).rev() {
            if let Some(&last) = path.last() {
                let (a, b) = (turns.classes[last], turns.classes[t]);
                if a == b || (b < a && commute(last, t)) {
                    continue;
                }
            }
            let mut next = path.clone();
            next.push(t);
            stack.push((turns.play(&state, t), next));
        }
    }
    found.into_values().flatten().collect()
}

/// `Slack` lists every answer up to the shortest's length plus the slack, by length,
/// then in answer order: against every sequence tried, on a 2x2x2 (no move commutes
/// with another) and on a puzzle of commuting moves.
#[test]
fn slack_lists_what_trying_every_sequence_finds() {
    let dir = tempfile::tempdir().unwrap();
    for (case, scramble, slack) in [
        ("qtm_htm_2x2x2", "R U", 3),
        ("parallel_moves", "A C B", 2),
        ("parallel_moves", "A2 B", 3),
    ] {
        let def = data(case).join("puzzle.def");
        let definition = Definition::read(&def).unwrap();
        let turns = Turns::new(&definition);
        let (goal, start) = (&turns.start, turns.scrambled(scramble));
        let shortest = (0..)
            .find(|&l| !every_sequence(&turns, &start, goal, l).is_empty())
            .unwrap();
        let expected = every_sequence(&turns, &start, goal, shortest + slack);
        let input = format!("Slack {slack}\nScrambleAlg s\n{scramble}\nEnd\n");
        let output = tablesolve(
            dir.path(),
            &["def", def.to_str().unwrap()],
            input.as_bytes(),
        );
        let listed: Vec<String> = crate::common::stdout(&output)
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(listed[0], expected.len().to_string(), "{case} {scramble}");
        assert_eq!(&listed[1..], &expected[..], "{case} {scramble}");
    }
}

/// A `Scramble` block's `?` leaves positions out of the case's goal: answers as long as
/// a breadth-first search from the position finds a state the goal takes, and each
/// plays to one. On the 2x2x2 turned by U and R (29,160 positions).
#[test]
fn positions_left_out_are_answered_as_a_breadth_first_search_finds() {
    use rand::Rng;
    use std::collections::{HashSet, VecDeque};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/2x2x2.def");
    let mut definition = Definition::read(&path).unwrap();
    definition.moves.truncate(2);
    let turns = Turns::new(&definition);
    let start = turns.start.clone();
    let mut rng = crate::common::rng(11);
    let (mut file, mut cases) = (String::new(), Vec::new());
    for case in 0..40 {
        let mut state = start.clone();
        for _ in 0..rng.random_range(3..20) {
            state = turns.play(&state, rng.random_range(0..turns.names.len()));
        }
        // Each position left out with a probability of one in three: its piece, its
        // orientation, or both.
        let left_out: Vec<bool> = (0..state.len())
            .map(|_| rng.random_range(0..3) == 0)
            .collect();
        let value = |i: usize, v: u8| match left_out[i] {
            true => format!("?{v}"),
            false => v.to_string(),
        };
        let pieces: Vec<String> = (0..7).map(|i| value(i, state[i] + 1)).collect();
        let turned: Vec<String> = (7..14).map(|i| value(i, state[i])).collect();
        file += &format!(
            "Scramble {case}\nCORNERS\n{}\n{}\nEnd\n",
            pieces.join(" "),
            turned.join(" ")
        );
        cases.push((state, left_out));
    }
    let dir = tempfile::tempdir().unwrap();
    let output = tablesolve(
        dir.path(),
        &["def", path.to_str().unwrap(), "--moves", "U,R"],
        file.as_bytes(),
    );
    let answers: Vec<String> = crate::common::stdout(&output)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(answers.len(), cases.len());
    for ((state, left_out), answer) in cases.iter().zip(&answers) {
        let accepted = |s: &[u8]| (0..s.len()).all(|i| left_out[i] || s[i] == start[i]);
        // The breadth-first search's length.
        let mut seen = HashSet::from([state.clone()]);
        let mut queue = VecDeque::from([(state.clone(), 0usize)]);
        let shortest = loop {
            let (here, d) = queue.pop_front().expect("a goal is reached");
            if accepted(&here) {
                break d;
            }
            for t in 0..turns.names.len() {
                let next = turns.play(&here, t);
                if seen.insert(next.clone()) {
                    queue.push_back((next, d + 1));
                }
            }
        };
        let played = (answer.split_whitespace()).fold(state.clone(), |s, w| {
            turns.play(&s, turns.names.iter().position(|n| n == w).unwrap())
        });
        assert!(
            accepted(&played),
            "{answer} reaches no state the goal takes"
        );
        assert_eq!(answer.split_whitespace().count(), shortest, "{answer}");
    }
}

/// `--min-depth` answers the first sequence at least that long, `--count` counts those
/// of its length, and `--max-depth` answers nothing longer: against every sequence
/// tried, on a 2x2x2.
#[test]
fn depths_answer_what_trying_every_sequence_finds() {
    let dir = tempfile::tempdir().unwrap();
    let def = data("qtm_htm_2x2x2").join("puzzle.def");
    let definition = Definition::read(&def).unwrap();
    let turns = Turns::new(&definition);
    let (goal, start) = (turns.start.clone(), turns.scrambled("R U"));
    let every = every_sequence(&turns, &start, &goal, 7);
    let def = def.to_str().unwrap();
    for least in 0..=5 {
        let first = every
            .iter()
            .find(|s| s.split(' ').count() >= least)
            .unwrap();
        let length = first.split(' ').count();
        let same = every.iter().filter(|s| s.split(' ').count() == length);
        let least = least.to_string();
        let args = ["def", def, "--min-depth", &least];
        let output = tablesolve(dir.path(), &args, b"R U\n");
        assert_eq!(
            crate::common::stdout(&output),
            format!("{first}\n"),
            "{least}"
        );
        let output = tablesolve(dir.path(), &[&args[..], &["--count"]].concat(), b"R U\n");
        let counted = crate::common::stdout(&output).trim().to_owned();
        assert_eq!(counted, same.count().to_string(), "{least}");
    }
    let output = tablesolve(dir.path(), &["def", def, "--max-depth", "1"], b"R U\n");
    assert_eq!(output.status.code(), Some(5));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "limit 2\n");
    let output = tablesolve(dir.path(), &["def", def, "--max-depth", "2"], b"R U\n");
    assert_eq!(crate::common::stdout(&output), format!("{}\n", every[0]));
}
