//! Puzzles from definitions, against methods written here: God's algorithm of the
//! 2x2x2 and the Pyraminx as published, and every answer against a breadth-first
//! search over the whole space.

use std::path::Path;

use tablesolve::definition::{Def, DefOptions, Definition, ExactTables};
use tablesolve::TableDir;

fn definition(name: &str) -> Definition {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(name);
    Definition::read(&path).unwrap()
}

/// The depth counts of the one exact table of `name`.
fn gods_algorithm(name: &str) -> (Vec<u64>, u64) {
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let def = Def::open(&tables, definition(name), DefOptions::default()).unwrap();
    let tables = def.tables();
    assert_eq!(tables.len(), 1, "{name}: one table");
    let header = tables[0].1.header();
    (header.depth_counts.clone(), header.unreachable)
}

#[test]
fn gods_algorithm_of_the_2x2x2_and_the_pyraminx_as_published() {
    let two = [
        1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
    ];
    let pyraminx = [
        1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32,
    ];
    for format in ["def", "kpuzzle.json"] {
        let (counts, _) = gods_algorithm(&format!("2x2x2.{format}"));
        assert_eq!(counts, two, "2x2x2.{format}");
        assert_eq!(counts.iter().sum::<u64>(), 3_674_160);
        let (counts, _) = gods_algorithm(&format!("pyraminx.{format}"));
        assert_eq!(counts, pyraminx, "pyraminx.{format}");
        assert_eq!(counts.iter().sum::<u64>(), 933_120);
    }
}

/// The states the moves' group counts (Schreier-Sims): the breadth-first count of each
/// exact table, the 3x3x3's published order, and none where pieces are alike.
#[test]
fn the_moves_group_counts_what_breadth_first_search_and_publications_do() {
    use tablesolve::definition::group;
    use tablesolve::definition::Model;
    let reachable =
        |name: &str| group::reachable(&Model::new(definition(name), None, None).unwrap());
    for name in [
        "2x2x2.def",
        "2x2x2.kpuzzle.json",
        "pyraminx.def",
        "pyraminx.kpuzzle.json",
        "cube-squares.def",
        "cube-squares.kpuzzle.json",
    ] {
        let (counts, _) = gods_algorithm(name);
        let searched: u64 = counts.iter().sum();
        let order = reachable(name).unwrap().states.to_string();
        assert_eq!(
            order.replace(',', ""),
            searched.to_string(),
            "{name}: {order}"
        );
    }
    for name in ["3x3x3.def", "3x3x3.kpuzzle.json"] {
        let order = reachable(name).unwrap().states;
        assert_eq!(order.to_string(), "43,252,003,274,489,856,000", "{name}");
    }
    // Pieces alike: the Rotation Game's 24!/(8!)^3 arrangements of three digits,
    // Kociemba's first phase (3^7 corner twists, 2^11 edge flips, C(12, 4) places of the
    // slice's edges).
    for (name, states) in [
        ("rotation.def", "9,465,511,770"),
        ("cube-orientations.def", "2,217,093,120"),
        ("cube-orientations.kpuzzle.json", "2,217,093,120"),
    ] {
        let counted = reachable(name).unwrap();
        assert_eq!(counted.states.to_string(), states, "{name}");
        assert_ne!(counted.states, counted.group, "{name}");
    }
}

/// `stats def` prints God's algorithm: the published counts, the antipodes, and one of
/// them as rows of the sets.
#[test]
fn stats_prints_gods_algorithm_of_a_definition() {
    let dir = tempfile::tempdir().unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/pyraminx.def");
    let output =
        crate::common::tablesolve(dir.path(), &["stats", "def", path.to_str().unwrap()], b"");
    let report = crate::common::stdout(&output);
    let counts: Vec<u64> = (report.lines())
        .filter_map(
            |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
                [depth, count] if depth.parse::<u64>().is_ok() => count.parse().ok(),
                _ => None,
            },
        )
        .collect();
    assert_eq!(
        counts,
        [1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32]
    );
    assert!(report.contains("  at the maximum distance, 11: 32 states (the antipodes)\n"));
    let first = report.lines().next().unwrap();
    assert!(
        first.ends_with("pyraminx.def: 933,120 states reachable (the order of its moves' group)"),
        "{report}"
    );
    assert!(
        report.contains("pyraminx.def: 24 symmetries ("),
        "the tetrahedron's: {report}"
    );
    let example: Vec<&str> = report
        .lines()
        .skip_while(|l| *l != "  example at 11:")
        .collect();
    assert!(example.len() > 2, "{report}");
    assert!(
        example[1..].iter().all(|l| l.starts_with("    ")),
        "{report}"
    );
    assert!(report.ends_with('\n'));
}

/// A definition's turns as this test makes them: each move's powers, composed here
/// (position `i` takes the piece from `from[i]`, its orientation plus `twist[i]`),
/// named as ksolve+ names them, in answer order; each as (name, from, twist) over the
/// flat state (each set's pieces, then its orientations).
pub(crate) struct Flat {
    width: usize,
    moduli: Vec<u8>,
    turns: Vec<(String, Vec<usize>, Vec<u8>)>,
}

impl Flat {
    pub(crate) fn new(def: &Definition) -> Flat {
        let mut moduli = Vec::new();
        let mut at = Vec::new();
        for set in &def.sets {
            at.push(moduli.len());
            moduli.extend(std::iter::repeat_n(0, set.pieces));
            moduli.extend(std::iter::repeat_n(set.orientations, set.pieces));
        }
        let width = moduli.len();
        let mut turns = Vec::new();
        for m in &def.moves {
            // The move once, on the flat state.
            let mut from = vec![0; width];
            let mut twist = vec![0u8; width];
            for (s, set) in def.sets.iter().enumerate() {
                for i in 0..set.pieces {
                    let source = usize::from(m.action.from[s][i]);
                    from[at[s] + i] = at[s] + source;
                    from[at[s] + set.pieces + i] = at[s] + set.pieces + source;
                    twist[at[s] + set.pieces + i] = m.action.twist[s][i];
                }
            }
            let once = (from, twist);
            let mut powers = vec![once.clone()];
            loop {
                let last = powers.last().unwrap();
                let next = compose(last, &once, &moduli);
                if next.0.iter().enumerate().all(|(i, &f)| f == i) && next.1.iter().all(|&t| t == 0)
                {
                    break;
                }
                powers.push(next);
            }
            let order = powers.len() + 1;
            for (k, (from, twist)) in powers.into_iter().enumerate() {
                let k = k + 1;
                let name = match k {
                    1 => m.name.clone(),
                    _ if k - 1 < order / 2 => format!("{}{k}", m.name),
                    _ if order - k == 1 => format!("{}'", m.name),
                    _ => format!("{}{}'", m.name, order - k),
                };
                turns.push((name, from, twist));
            }
        }
        Flat {
            width,
            moduli,
            turns,
        }
    }

    pub(crate) fn play(&self, state: &[u8], t: usize) -> Vec<u8> {
        let (_, from, twist) = &self.turns[t];
        (0..self.width)
            .map(|i| match self.moduli[i] {
                0 => state[from[i]],
                m => ((u16::from(state[from[i]]) + u16::from(twist[i])) % u16::from(m)) as u8,
            })
            .collect()
    }

    /// How many turns there are.
    pub(crate) fn turns(&self) -> usize {
        self.turns.len()
    }

    pub(crate) fn start(&self, def: &Definition) -> Vec<u8> {
        def.start
            .pieces
            .iter()
            .zip(&def.start.orientation)
            .flat_map(|(p, o)| p.iter().chain(o).copied())
            .collect()
    }
}

/// `a` then `b`, flat.
fn compose(
    a: &(Vec<usize>, Vec<u8>),
    b: &(Vec<usize>, Vec<u8>),
    moduli: &[u8],
) -> (Vec<usize>, Vec<u8>) {
    let from = (0..moduli.len()).map(|i| a.0[b.0[i]]).collect();
    let twist = (0..moduli.len())
        .map(|i| match moduli[i] {
            0 => 0,
            m => ((u16::from(a.1[b.0[i]]) + u16::from(b.1[i])) % u16::from(m)) as u8,
        })
        .collect();
    (from, twist)
}

/// A state as one number: a byte a value where eight values fit, else three bits (every
/// value below 8, as in the shipped puzzles).
pub(crate) fn key(state: &[u8]) -> u64 {
    let bits = if state.len() <= 8 { 8 } else { 3 };
    assert!(bits == 8 || state.iter().all(|&v| v < 8), "{state:?}");
    state.iter().fold(0, |k, &v| k << bits | u64::from(v))
}

/// Every state's distance to the start, by breadth-first search over the whole space
/// (the turns are closed under inverse: every power is a turn).
pub(crate) fn distances(flat: &Flat, start: &[u8]) -> std::collections::HashMap<u64, u8> {
    let mut seen = std::collections::HashMap::from([(key(start), 0u8)]);
    let mut level = vec![start.to_vec()];
    let mut d = 0;
    while !level.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for state in &level {
            for t in 0..flat.turns.len() {
                let after = flat.play(state, t);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(&after)) {
                    e.insert(d);
                    next.push(after);
                }
            }
        }
        level = next;
    }
    seen
}

/// The smallest shortest answer by the breadth-first distances, and how many shortest
/// answers there are.
pub(crate) fn by_bfs(
    flat: &Flat,
    far: &std::collections::HashMap<u64, u8>,
    state: &[u8],
) -> (String, u128) {
    let mut moves = Vec::new();
    let mut here = state.to_vec();
    while far[&key(&here)] > 0 {
        let d = far[&key(&here)];
        let t = (0..flat.turns.len())
            .find(|&t| far[&key(&flat.play(&here, t))] == d - 1)
            .unwrap();
        moves.push(flat.turns[t].0.clone());
        here = flat.play(&here, t);
    }
    fn count(
        flat: &Flat,
        far: &std::collections::HashMap<u64, u8>,
        state: &[u8],
        memo: &mut std::collections::HashMap<u64, u128>,
    ) -> u128 {
        let d = far[&key(state)];
        if d == 0 {
            return 1;
        }
        if let Some(&c) = memo.get(&key(state)) {
            return c;
        }
        let c = (0..flat.turns.len())
            .map(|t| flat.play(state, t))
            .filter(|after| far[&key(after)] == d - 1)
            .map(|after| count(flat, far, &after, memo))
            .sum();
        memo.insert(key(state), c);
        c
    }
    (
        moves.join(" "),
        count(flat, far, state, &mut Default::default()),
    )
}

/// Random scrambles of `definition`: the answers of the tables (and, with small
/// databases, of the search), in both formats, against the breadth-first search.
fn answers_against_bfs(stem: &str, scrambles: usize, database: u64) {
    use rand::Rng;
    use tablesolve::definition::text::Names;
    let ksolve = definition(&format!("{stem}.def"));
    let flat = Flat::new(&ksolve);
    let start = flat.start(&ksolve);
    let far = distances(&flat, &start);
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let searched = DefOptions {
        most_exact: Some(1000),
        most_database: Some(database),
        ..DefOptions::default()
    };
    let first_dir = tempfile::tempdir().unwrap();
    let first_use = TableDir::new(first_dir.path()).build_missing(|_| {});
    let when_needed = DefOptions {
        exact: ExactTables::WhenNeeded,
        ..DefOptions::default()
    };
    let defs = [
        Def::open(&tables, ksolve.clone(), DefOptions::default()).unwrap(),
        Def::open(
            &tables,
            definition(&format!("{stem}.kpuzzle.json")),
            DefOptions::default(),
        )
        .unwrap(),
        Def::open(&tables, ksolve.clone(), searched).unwrap(),
        // A first use: small databases searched, the whole table not built yet.
        Def::open(&first_use, ksolve.clone(), when_needed).unwrap(),
    ];
    assert!(
        !defs[0].searches() && defs[2].searches() && defs[3].searches(),
        "{stem}: tables, then a search, then a first use's search"
    );
    let mut rng = crate::common::rng(7);
    for _ in 0..scrambles {
        let turns: Vec<&str> = (0..rng.random_range(0..=25))
            .map(|_| flat.turns[rng.random_range(0..flat.turns.len())].0.as_str())
            .collect();
        let mut state = start.clone();
        for name in &turns {
            let t = flat.turns.iter().position(|(n, ..)| n == name).unwrap();
            state = flat.play(&state, t);
        }
        let (expected, count) = by_bfs(&flat, &far, &state);
        for def in &defs {
            let names = Names::new(def.puzzle());
            let action = names
                .sequence(&turns.join(" "), def.puzzle().sets())
                .unwrap();
            let scrambled = def
                .puzzle()
                .definition
                .start
                .after(&action, def.puzzle().sets());
            let answer = def.solve(&scrambled).unwrap().unwrap();
            let answer: Vec<&str> = answer.iter().map(|t| t.name).collect();
            assert_eq!(answer.join(" "), expected, "{stem}: {turns:?}");
            let every = def
                .every_shortest(&scrambled, false)
                .unwrap()
                .solved()
                .unwrap();
            assert_eq!(every.count, count, "{stem}: {turns:?}");
        }
    }
}

#[test]
fn answers_of_the_2x2x2_are_the_breadth_first_searchs() {
    answers_against_bfs("2x2x2", 300, 100_000);
}

#[test]
fn answers_of_the_pyraminx_are_the_breadth_first_searchs() {
    answers_against_bfs("pyraminx", 300, 20_000);
}

/// A first use of a puzzle whose whole space fits a table searches small databases,
/// and builds the table once its cases' searches have run through as many nodes as the
/// table has states; answers before and after are the whole table's.
#[test]
fn a_first_use_searches_then_grows_into_the_whole_table() {
    use rand::Rng;
    // A 3-cycle and a 9-cycle: the 181,440 even permutations of nine pieces.
    let text = "Name A9\nSet P 9 1\nMove C\nP\n2 3 1 4 5 6 7 8 9\nEnd\n\
                Move N\nP\n2 3 4 5 6 7 8 9 1\nEnd\n";
    let definition = Definition::parse(text, "a9.def").unwrap();
    let (first_dir, whole_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let when_needed = DefOptions {
        exact: ExactTables::WhenNeeded,
        ..DefOptions::default()
    };
    let first = TableDir::new(first_dir.path()).build_missing(|_| {});
    let first = Def::open(&first, definition.clone(), when_needed).unwrap();
    let whole = TableDir::new(whole_dir.path()).build_missing(|_| {});
    let whole = Def::open(&whole, definition, DefOptions::default()).unwrap();
    let start = first.puzzle().definition.start.clone();
    assert!(first.searches() && first.distance(&start).is_none());
    assert!(!whole.searches() && whole.distance(&start) == Some(0));
    let puzzle = first.puzzle();
    let turns = puzzle.turn_list().len();
    let mut rng = crate::common::rng(11);
    let mut grown_after = None;
    for case in 0..20_000 {
        let mut cells = puzzle.flat(&start);
        for _ in 0..40 {
            let mut next = cells.clone();
            puzzle.play(&cells, rng.random_range(0..turns), &mut next);
            cells = next;
        }
        let state = puzzle.state(&cells);
        assert_eq!(first.solve(&state).unwrap(), whole.solve(&state).unwrap());
        if first.distance(&state).is_some() {
            grown_after.get_or_insert(case);
            assert_eq!(first.distance(&state), whole.distance(&state));
        }
        if grown_after.is_some_and(|grown| case > grown + 50) {
            break;
        }
    }
    let grown = grown_after.expect("the whole table built within 20,000 cases");
    assert!(grown > 0, "searched first, not built at once");
}

/// A case may take less time than the 3x3x3's first databases should take to build
/// (a `--timeout` shorter than any build): they are not built, the command says so, and
/// the cases are searched without them, to the answers the databases give.
#[test]
fn databases_longer_to_build_than_a_case_may_take_are_not_built_for_it() {
    let def = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/3x3x3.def");
    let def = def.to_str().unwrap();
    let cases = b"R U\nR U F\n";
    let (short, long) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let limited =
        crate::common::tablesolve(short.path(), &["def", def, "--timeout", "1e-9"], cases);
    let unlimited = crate::common::tablesolve(long.path(), &["def", def], cases);
    assert_eq!(crate::common::stdout(&limited), "U' R'\nF' U' R'\n");
    assert_eq!(crate::common::stdout(&unlimited), "U' R'\nF' U' R'\n");
    let said = String::from_utf8_lossy(&limited.stderr);
    assert!(said.contains("not building tables"), "{said}");
    assert!(
        said.contains("(0.000000001 s: its --timeout, else"),
        "{said}"
    );
    let written = |dir: &Path| std::fs::read_dir(dir).unwrap().count();
    assert_eq!(written(short.path()), 0);
    assert!(written(long.path()) > 0);
}

/// The Rotation Game written as a definition (several solved states, the cells off the
/// centre ignored, each move only itself) answers as `tablesolve rotation`: its
/// samples and random boards, given as a ksolve+ scramble file and as KPattern lines.
#[test]
fn the_rotation_game_as_a_definition_answers_as_rotation() {
    use crate::common::{sample, stdout, tables, tablesolve};
    let generated = tablesolve(
        tables(),
        &["generate", "rotation", "--count", "200", "--seed", "5"],
        b"",
    );
    let mut text = String::from_utf8(sample("rotation.in")).unwrap();
    text = text.trim_end().trim_end_matches('0').to_owned();
    text.push_str(stdout(&generated));
    let boards: Vec<Vec<u8>> = text
        .split_whitespace()
        .map(|v| v.parse::<u8>().unwrap())
        .collect::<Vec<_>>()
        .chunks(24)
        .filter(|b| b.len() == 24)
        .map(<[u8]>::to_vec)
        .collect();
    let input: String = boards
        .iter()
        .flat_map(|b| b.iter().map(|v| format!("{v} ")))
        .collect::<String>()
        + "0\n";
    let expected: Vec<String> = stdout(&tablesolve(tables(), &["rotation"], input.as_bytes()))
        .lines()
        .step_by(2)
        .map(|moves| match moves {
            "No moves needed" => String::new(),
            letters => letters
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect();
    assert_eq!(expected.len(), boards.len());
    let scrambles: String = (boards.iter().enumerate())
        .map(|(i, b)| {
            let cells: Vec<String> = b.iter().map(u8::to_string).collect();
            format!("Scramble board{i}\nCELLS\n{}\nEnd\n\n", cells.join(" "))
        })
        .collect();
    let patterns: String = boards
        .iter()
        .map(|b| {
            let pieces: Vec<String> = b.iter().map(|v| (v - 1).to_string()).collect();
            format!("{{\"CELLS\": {{\"pieces\": [{}]}}}}\n", pieces.join(", "))
        })
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    for (file, input) in [
        ("rotation.def", &scrambles),
        ("rotation.kpuzzle.json", &patterns),
    ] {
        let path = root.join(file);
        let answered = tablesolve(tables(), &["def", path.to_str().unwrap()], input.as_bytes());
        let answers: Vec<&str> = stdout(&answered).lines().collect();
        assert_eq!(answers, expected, "{file}");
    }
}

/// Every fault of a ksolve+ definition is refused with its file, line and column, and
/// a sentence that says what is wrong; nothing is built from it.
#[test]
fn a_faulty_definition_is_refused_where_it_goes_wrong() {
    let sets = "Set C 3 3\nSet E 2 2\n";
    let ksolve = [
        (
            format!("{sets}Move M\nC\n1 1 2\nEnd\n"),
            (5, 1),
            "not a permutation: 1 appears twice",
        ),
        (
            format!("{sets}Move M\nC\n2 3 1\n0 0 x\nEnd\n"),
            (6, 5),
            "move M's set C, its orientation deltas: `x` is not a whole number",
        ),
        (
            format!("{sets}Set C 4 1\n"),
            (3, 5),
            "set C is defined twice",
        ),
        (
            format!("{sets}Set D 7 # no orientations\n\nSolved\nC\n1 2 3\nEnd\n"),
            (3, 1),
            "`Set D 7` gives no number of orientations (a set is `Set NAME PIECES ORIENTATIONS`)",
        ),
        (
            format!("{sets}Set D 7 x\n"),
            (3, 9),
            "`x` is not a number of orientations from 0 to 255",
        ),
        (
            format!("{sets}Move M\nX\n1 2\nEnd\n"),
            (4, 1),
            "`X` is no set (the sets are C, E)",
        ),
        (
            format!("{sets}Move M\n"),
            (4, 1),
            "the file ends inside the `Move` block begun on line 3: it needs its `End`",
        ),
        (
            format!("{sets}Block\nC 1 4\nEnd\n"),
            (4, 5),
            "`Block`'s set C: `4` is not a piece from 1 to 3",
        ),
        (
            format!("{sets}Move M\nC\n2 3 1\nEnd\nForbiddenPairs\nM N\nEnd\n"),
            (8, 3),
            "`N` is no move defined above, nor a power of one",
        ),
        (
            format!("Move M\nC\n2 3 1\nEnd\n{sets}"),
            (1, 1),
            "`Move` before any `Set`: every `Set` comes first",
        ),
        (
            format!("{sets}Move M\nC\n2 3 1\nEnd\nPowers some\n"),
            (7, 8),
            "give all",
        ),
        (
            format!("{sets}Solved\nC\n1 2 4\nEnd\n"),
            (5, 5),
            "`4` is not a number from 1 to 3",
        ),
        (
            format!("{sets}Move M\nC\n1 2 3\nEnd\n"),
            (1, 1),
            "moves and twists nothing",
        ),
    ];
    for (text, (line, column), says) in &ksolve {
        let error = Definition::parse(text, "bad.def").unwrap_err();
        let shown = error.to_string();
        assert!(shown.contains(says), "{text}: {shown}");
        if error.at.is_some() {
            assert_eq!(error.at, Some((*line, *column)), "{text}: {shown}");
            assert!(
                shown.starts_with(&format!("bad.def, line {line}, column {column}: ")),
                "{shown}"
            );
        }
    }
}

/// Every fault of a KPuzzle definition is refused with its file, line and column, and
/// a pattern given in a definition's place is told apart.
#[test]
fn a_faulty_kpuzzle_definition_is_refused_where_it_goes_wrong() {
    let orbits = r#""orbits": [{"orbitName": "C", "numPieces": 3, "numOrientations": 3}], "defaultPattern": {"C": {"pieces": [0, 1, 2]}}"#;
    let kpuzzle = [
        (format!(r#"{{{orbits}, "moves": {{"M": {{"C": {{"permutation": [0, 0, 1]}}}}}}}}"#), "not a permutation: 0 appears twice"),
        (format!(r#"{{{orbits}, "moves": {{"M": {{"C": {{"permutation": [1, 2, 0], "orientationDelta": [0, 1.5, 0]}}}}}}}}"#), "1.5 is not a whole number"),
        (format!(r#"{{{orbits}, "moves": {{"M": {{"X": {{"permutation": [1, 0]}}}}}}}}"#), "M names none of the definition's orbits (X is no orbit of it)"),
        (format!(r#"{{{orbits}, "moves": {{"M": {{"C": {{"permutation": [1, 2, 0]}}}}}}, "derivedMoves": {{"N": "M Q"}}}}"#), "`Q` is no move"),
        (format!(r#"{{{orbits}, "moves": {{"M": {{"C": {{"permutation": [1, 2]}}}}}}}}"#), "has 2 values, for 3 positions"),
        (r#"{"orbits": [{"orbitName": "C", "numPieces": 3, "numOrientations": 3}, {"orbitName": "C", "numPieces": 2, "numOrientations": 1}]}"#.to_owned(), "orbit C is defined twice"),
        (format!(r#"{{{orbits}, "moves": {{"M": {{"C": {{"permutation": [1, 2, 0]}}}}}}, "extra": 1}}"#), "\"extra\" is not read"),
        (format!(r#"{{{orbits}, "moves": {{"M": {{"C": {{"permutation": [1, 2, 0]"#), "the text ends"),
    ];
    for (text, says) in &kpuzzle {
        let error = Definition::parse(text, "bad.json").unwrap_err();
        let shown = error.to_string();
        assert!(shown.contains(says), "{text}: {shown}");
        assert!(shown.starts_with("bad.json, line 1, column "), "{shown}");
    }
    // A pattern is a case, not a puzzle: said so, not "no orbits".
    let pattern = r#"{"C": {"pieces": [1, 0, 2], "orientation": [0, 0, 0]}}"#;
    let shown = Definition::parse(pattern, "pattern.json")
        .unwrap_err()
        .to_string();
    assert!(shown.contains("this is a pattern"), "{shown}");
    assert!(shown.contains("not a puzzle"), "{shown}");
}

#[test]
fn keys_cubing_js_writes_beside_a_definition_are_passed_over() {
    // As cubing.js and twips write them (twips's fto-UL.def.json has the first).
    let text = r#"{"name": "three", "experimentalPuzzleDescription": {"shape": "c", "cuts": []},
        "experimentalIsPatternSolved": null,
        "orbits": [{"orbitName": "C", "numPieces": 3, "numOrientations": 1}],
        "defaultPattern": {"C": {"pieces": [0, 1, 2], "orientation": [0, 0, 0]}},
        "moves": {"M": {"C": {"permutation": [1, 2, 0], "orientationDelta": [0, 0, 0]}}}}"#;
    let definition = Definition::parse(text, "three.json").unwrap();
    assert_eq!(definition.moves.len(), 1);
}

/// cubing.js applies a move to the definition's orbits only: twips's kilominx is its
/// Megaminx with orbits dropped and its moves left as they were.
#[test]
fn orbits_a_move_names_beyond_the_definition_are_passed_over() {
    let with = |extra: &str| {
        let text = format!(
            r#"{{"orbits": [{{"orbitName": "CORNERS", "numPieces": 3, "numOrientations": 1}}],
                "defaultPattern": {{"CORNERS": {{"pieces": [0, 1, 2], "orientation": [0, 0, 0]}}}},
                "moves": {{"M": {{{extra}"CORNERS": {{"permutation": [1, 2, 0], "orientationDelta": [0, 0, 0]}}}}}}}}"#
        );
        Definition::parse(&text, "d.json")
    };
    let orbit = |name: &str| {
        format!(r#""{name}": {{"permutation": [1, 0], "orientationDelta": [0, 1]}}, "#)
    };
    for dropped in ["EDGES", "CENTERS", "C", "CORNERS2"] {
        assert_eq!(
            with(&orbit(dropped)).unwrap(),
            with("").unwrap(),
            "{dropped}"
        );
    }
    // A name all but one of the definition's is a misspelling, not an orbit dropped.
    for misspelt in ["CORNRES", "corners", "CORNER", "CORNERSS"] {
        let error = with(&orbit(misspelt)).unwrap_err().to_string();
        let says = format!("move M's {misspelt} is no orbit of the definition; CORNERS?");
        assert!(error.ends_with(&says), "{error}");
    }
}

/// cubing.js adds orientation deltas modulo the orientations (its clock turns by -1):
/// of three, -1 and 5 read as 2 does.
#[test]
fn orientation_deltas_are_taken_modulo_the_orientations() {
    let with = |delta: &str| {
        let text = format!(
            r#"{{"orbits": [{{"orbitName": "C", "numPieces": 3, "numOrientations": 3}}],
                "defaultPattern": {{"C": {{"pieces": [0, 1, 2], "orientation": [0, 0, 0]}}}},
                "moves": {{"M": {{"C": {{"permutation": [1, 2, 0], "orientationDelta": [{delta}, 0, 0]}}}}}}}}"#
        );
        Definition::parse(&text, "d.json").unwrap()
    };
    assert_eq!(with("-1"), with("2"));
    assert_eq!(with("5"), with("2"));
    assert_ne!(with("1"), with("2"));
}

/// A case that cannot be read names its case, line and column; the cases before it are
/// answered.
#[test]
fn a_faulty_case_is_refused_where_it_goes_wrong() {
    use crate::common::{tables, tablesolve};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/2x2x2.def");
    let path = path.to_str().unwrap();
    for (input, answered, says) in [
        ("R U\nR X2 U\n", "U' R'\n", "case 2, line 2, column 3: `X` is no move of this puzzle"),
        ("U\n{\"CORNERS\": {\"pieces\": [0, 1, 2]}}\n", "U'\n", "case 2, line 2, column 24: orbit CORNERS's \"pieces\" has 3 values, for 7 positions"),
        ("{\"CORNERS\": {\"pieces\": [0, 1, 2, 3, 4, 5, 5]}}\n", "", "case 1, line 1, column 1: set CORNERS holds 2 of piece 5 (the puzzle has 1) and 0 of piece 6 (the puzzle has 1); pieces numbered from 0, as KPattern JSON numbers them"),
        ("Scramble one\nCORNERS\n1 2 3 4 5 6 6\nEnd\n", "", "case 1, line 1, column 1: set CORNERS holds 2 of piece 6 (the puzzle has 1) and 0 of piece 7 (the puzzle has 1); pieces numbered from 1, as ksolve+ numbers them"),
        ("Scramble one\nCORNERS\n1 2 3 4 5 6 7\nEnd\nScramble two\nCORNERS\n1 2 3 x 5 6 7\nEnd\n", "\n", "case 2, line 7, column 7: set CORNERS, its pieces: `x` is not a number, nor `?` or `?N`"),
        ("ScrambleAlg x\nR U\n", "", "case 1, line 1, column 1: the input ends inside the `ScrambleAlg` block begun on line 1"),
        ("# a scramble file\nSlack x\nScrambleAlg a\nR\nEnd\n", "", "case 1, line 2, column 7: `Slack x`: `x` is not a whole number"),
    ] {
        let output = tablesolve(tables(), &["def", path], input.as_bytes());
        assert_eq!(output.status.code(), Some(1), "{input}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), answered, "{input}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(says), "{input}: {err}");
    }
}

/// Definitions with random edits (bytes changed, lines cut or repeated) read to a
/// definition or an error, and compile or say why: never a panic (the fuzz targets
/// `definition_reader` and `definition_cases` push further).
#[test]
fn edited_definitions_never_panic() {
    use rand::Rng;
    use tablesolve::definition::view::{Projection, View};
    use tablesolve::definition::Model;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut rng = crate::common::rng(11);
    let alphabet = b" \n0123456789{}[]:,\"'-#?nulltrue2UREndMoveSetSolved";
    for name in [
        "2x2x2.def",
        "pyraminx.kpuzzle.json",
        "rotation.def",
        "rotation.kpuzzle.json",
    ] {
        let text = std::fs::read(root.join(name)).unwrap();
        for _ in 0..400 {
            let mut bytes = text.clone();
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..bytes.len());
                match rng.random_range(0..3) {
                    0 => bytes[at] = alphabet[rng.random_range(0..alphabet.len())],
                    1 => {
                        let end = (at + rng.random_range(1..40)).min(bytes.len());
                        bytes.drain(at..end);
                    }
                    _ => {
                        let end = (at + rng.random_range(1..40)).min(bytes.len());
                        let copy = bytes[at..end].to_vec();
                        bytes.splice(at..at, copy);
                    }
                }
                if bytes.is_empty() {
                    break;
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            let Ok(definition) = Definition::parse(&text, name) else {
                continue;
            };
            let Ok(puzzle) = Model::new(definition, None, None) else {
                continue;
            };
            let goals: Vec<usize> = (0..puzzle.goals().len()).collect();
            let projection = Projection::whole(&puzzle);
            if View::size_of(&puzzle, &projection, &goals).is_ok_and(|size| size <= 5000) {
                let _ = View::new(&puzzle, &projection, &goals);
            }
        }
    }
}

/// A KPattern case written over many lines (as twips's and cubing.js's samples are) is
/// one case, answered as the same pattern on one line; its errors name their line.
#[test]
fn patterns_over_many_lines_are_one_case_each() {
    let dir = tempfile::tempdir().unwrap();
    let two = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/2x2x2.def");
    let generated = crate::common::tablesolve(
        dir.path(),
        &["generate", "def", two, "--count", "20", "--seed", "4"],
        b"",
    );
    let lines = crate::common::stdout(&generated).to_owned();
    let pretty: String = lines
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            serde_json::to_string_pretty(&value).unwrap() + "\n"
        })
        .collect();
    assert!(pretty.lines().count() > 100);
    let answer = |input: &str| {
        let output = crate::common::tablesolve(dir.path(), &["def", two], input.as_bytes());
        crate::common::stdout(&output).to_owned()
    };
    let expected = answer(&lines);
    assert_eq!(expected.lines().count(), 20);
    assert_eq!(answer(&pretty), expected);
    // One-line and many-line patterns and algs mixed: each its own case.
    let first = pretty.split_inclusive("}\n}\n").next().unwrap();
    let mixed = format!("{first}R U\n{}", lines.lines().next().unwrap());
    let first_answer = expected.lines().next().unwrap();
    assert_eq!(
        answer(&mixed),
        format!("{first_answer}\nU' R'\n{first_answer}\n")
    );
    // An error inside one names its own line: here the array's end, line 12 of the
    // case's (a piece per line from line 4).
    let bad = pretty.replacen("\"pieces\": [", "\"pieces\": [9, ", 1);
    let output = crate::common::tablesolve(dir.path(), &["def", two], bad.as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("case 1, line 12, "), "{stderr}");
    assert!(stderr.contains("has 8 values, for 7 positions"), "{stderr}");
}

/// The 2x2x2's upper layer, as a target pattern: its four corners placed and turned,
/// the other three any piece, any way.
const UPPER_LAYER: &str = r#"{"CORNERS": {
    "pieces": [0, 1, 2, 3, null, null, null],
    "orientation": [0, 0, 0, 0, 0, 0, 0],
    "orientationMod": [0, 0, 0, 0, 1, 1, 1]
}}"#;

/// `--target-pattern`: each answer is the first sequence, by length and then in answer
/// order, that an enumeration of every sequence finds reaching the pattern.
#[test]
fn a_target_pattern_is_reached_as_an_enumeration_of_every_sequence_finds() {
    use tablesolve::definition::{Model, State};
    let definition = definition("2x2x2.def");
    let goal = definition.target(UPPER_LAYER, "upper.json").unwrap();
    let puzzle = Model::new(definition.clone(), None, None).unwrap();
    let turns = &puzzle.turns;
    let sets = &definition.sets;
    let play = |state: &State, sequence: &[usize]| {
        (sequence.iter()).fold(state.clone(), |s, &t| s.after(&turns[t].action, sets))
    };
    let first_reaching = |state: &State| -> Vec<usize> {
        for length in 0..=6u32 {
            for number in 0..turns.len().pow(length) {
                let sequence: Vec<usize> = (0..length)
                    .rev()
                    .map(|place| number / turns.len().pow(place) % turns.len())
                    .collect();
                if goal.accepts(&play(state, &sequence)) {
                    return sequence;
                }
            }
        }
        panic!("no sequence of 6 turns or fewer reaches the upper layer");
    };
    let named = |name: &str| turns.iter().position(|t| t.turn.name == name).unwrap();
    let scrambles = ["R U R' U'", "R", "F R2 U'", "U2 F' R U", "R F U R2 F'", ""];
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("upper.json");
    std::fs::write(&target, UPPER_LAYER).unwrap();
    let input = scrambles.join("\n") + "\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/2x2x2.def");
    let args = [
        "def",
        path.to_str().unwrap(),
        "--target-pattern",
        target.to_str().unwrap(),
    ];
    let output = crate::common::tablesolve(dir.path(), &args, input.as_bytes());
    let answers = crate::common::stdout(&output);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), scrambles.len(), "{answers:?}");
    for (scramble, answer) in scrambles.iter().zip(answers) {
        let moves: Vec<usize> = scramble.split_whitespace().map(named).collect();
        let state = play(&definition.start, &moves);
        let expected: Vec<&str> = (first_reaching(&state).iter())
            .map(|&t| turns[t].turn.name)
            .collect();
        // A case already at its goal is answered with an empty line.
        assert_eq!(answer, expected.join(" "), "{scramble}");
    }
}

/// Random states drawn from the moves' group (`generate def` past one table): each is
/// reachable, and each reachable state is drawn as often as any other, within a
/// chi-squared bound; pieces alike included.
#[test]
fn states_drawn_from_the_moves_group_are_reachable_and_uniform() {
    use rand::SeedableRng;
    use std::collections::{HashMap, HashSet};
    use tablesolve::definition::group::Draw;
    use tablesolve::definition::{Model, State};
    // Four pieces, two orientations: a 4-cycle that twists one piece, and a swap.
    let text = |solved: &str| {
        format!(
            "Set A 4 2\nSolved\nA\n{solved}\nEnd\nMove C\nA\n2 3 4 1\n1 0 0 0\nEnd\n\
             Move S\nA\n2 1 3 4\nEnd\n"
        )
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for solved in ["1 2 3 4", "1 1 2 2"] {
        let definition = Definition::parse(&text(solved), "draw.def").unwrap();
        let puzzle = Model::new(definition.clone(), None, None).unwrap();
        let sets = &definition.sets;
        // Every reachable state, by a breadth-first search.
        let mut reachable = HashSet::from([definition.start.clone()]);
        let mut frontier = vec![definition.start.clone()];
        while let Some(state) = frontier.pop() {
            for turn in &puzzle.turns {
                let next: State = state.after(&turn.action, sets);
                if reachable.insert(next.clone()) {
                    frontier.push(next);
                }
            }
        }
        let draw = Draw::new(&puzzle).unwrap();
        let draws = 200 * reachable.len();
        let mut seen: HashMap<State, usize> = HashMap::new();
        for _ in 0..draws {
            let state = draw.state(&mut rng);
            assert!(reachable.contains(&state), "{solved}: {state:?}");
            *seen.entry(state).or_default() += 1;
        }
        assert_eq!(seen.len(), reachable.len(), "{solved}");
        let expected = 200.0;
        let chi: f64 = (seen.values())
            .map(|&n| (n as f64 - expected).powi(2) / expected)
            .sum();
        // The 99.9th percentile of chi-squared for k - 1 degrees of freedom, bounded
        // above by the Wilson-Hilferty approximation plus a margin.
        let k = reachable.len() as f64 - 1.0;
        let bound = k * (1.0 - 2.0 / (9.0 * k) + 3.09 * (2.0 / (9.0 * k)).sqrt()).powi(3) + 5.0;
        assert!(
            chi < bound,
            "{solved}: chi-squared {chi:.1} past {bound:.1} ({k} degrees)"
        );
    }
}

/// A search bounded by more databases a goal than it reads ahead (the 3x3x3 with a
/// corner or an edge a database: 20) answers as a search of every sequence does: the
/// shortest, and of those the first in turn order; and counts as many shortest.
#[test]
fn a_goal_of_many_small_databases_answers_as_every_sequence_does() {
    use tablesolve::definition::text::{self, Names};
    // The first sequence of turns, shortest first and then in turn order, that takes
    // `state` to `goal`: no tables, no bound.
    fn first_sequence(flat: &Flat, state: &[u8], goal: &[u8]) -> Vec<String> {
        fn down(
            flat: &Flat,
            state: &[u8],
            goal: &[u8],
            left: usize,
            path: &mut Vec<usize>,
        ) -> bool {
            if left == 0 {
                return state == goal;
            }
            for t in 0..flat.turns.len() {
                path.push(t);
                if down(flat, &flat.play(state, t), goal, left - 1, path) {
                    return true;
                }
                path.pop();
            }
            false
        }
        let mut path = Vec::new();
        let length = (0..)
            .find(|&l| down(flat, state, goal, l, &mut path))
            .unwrap();
        assert_eq!(path.len(), length);
        path.iter().map(|&t| flat.turns[t].0.clone()).collect()
    }
    let ksolve = definition("3x3x3.def");
    let flat = Flat::new(&ksolve);
    let start = flat.start(&ksolve);
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    // Databases of 24 entries: a corner or an edge each, with its orientation.
    let options = DefOptions {
        most_exact: Some(1),
        most_database: Some(24),
        ..DefOptions::default()
    };
    let sizes = Def::database_sizes(&tables, ksolve.clone(), &options).unwrap();
    assert!(
        !sizes.is_empty() && sizes.iter().all(|size| size.count == 20),
        "{sizes:?}"
    );
    let cube = Def::open(&tables, ksolve.clone(), options).unwrap();
    let names = Names::new(cube.puzzle());
    for scramble in [
        "R",
        "U2 F'",
        "R U F'",
        "L' D2 B R",
        "F R' U2 L B'",
        "B2 U' R D F2",
    ] {
        let mut state = start.clone();
        for name in scramble.split_whitespace() {
            let t = flat.turns.iter().position(|(n, ..)| n == name).unwrap();
            state = flat.play(&state, t);
        }
        let case = text::case(cube.puzzle(), &names, scramble).unwrap();
        let answer = cube.solve(&case).unwrap().expect("solvable");
        let answer: Vec<&str> = answer.iter().map(|t| t.name).collect();
        assert_eq!(answer, first_sequence(&flat, &state, &start), "{scramble}");
        // Every shortest answer: each sequence of that length that solves it.
        if answer.len() <= 4 {
            let every = cube.every_shortest(&case, false).unwrap().solved().unwrap();
            let sequences = solving(&flat, &state, &start, answer.len());
            assert_eq!(every.count, sequences, "{scramble}");
        }
    }
}

/// The sequences of `left` turns that take `state` to `goal`.
fn solving(flat: &Flat, state: &[u8], goal: &[u8], left: usize) -> u128 {
    match left {
        0 => u128::from(state == goal),
        _ => (0..flat.turns.len())
            .map(|t| solving(flat, &flat.play(state, t), goal, left - 1))
            .sum(),
    }
}

/// `generate def --scramble` writes the positions it draws as scrambles: answered, each
/// is the position the same seed writes as a KPattern (the scramble played by the
/// case reader, the words made by the group's chain); a puzzle whose group is not its
/// states, and a seed puzzle, are refused.
#[test]
fn scrambles_of_drawn_positions_are_the_positions_drawn() {
    let dir = tempfile::tempdir().unwrap();
    for file in ["2x2x2.def", "pyraminx.def"] {
        let path = format!("{}/definitions/{file}", env!("CARGO_MANIFEST_DIR"));
        let run = |args: &[&str], input: &[u8]| {
            let output = crate::common::tablesolve(dir.path(), args, input);
            assert!(output.status.success(), "{output:?}");
            crate::common::stdout(&output).to_owned()
        };
        let drawn = ["generate", "def", &path, "--count", "40", "--seed", "6"];
        let patterns = run(&drawn, b"");
        let scrambles = run(&[&drawn[..], &["--scramble"]].concat(), b"");
        assert_eq!(scrambles.lines().count(), 40);
        assert!(
            scrambles.lines().all(|line| !line.starts_with('{')),
            "{scrambles}"
        );
        let answers = run(&["def", &path], patterns.as_bytes());
        assert_eq!(
            run(&["def", &path], scrambles.as_bytes()),
            answers,
            "{file}"
        );
    }
    let bicube = "Name b\nSet A 3 1\nBlock\nA\n1 2\nEnd\nMove M\nA\n2 3 1\nEnd\n";
    let bicube_path = dir.path().join("b.def");
    std::fs::write(&bicube_path, bicube).unwrap();
    let refused = crate::common::tablesolve(
        dir.path(),
        &[
            "generate",
            "def",
            bicube_path.to_str().unwrap(),
            "--scramble",
        ],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("--scramble") && stderr.contains("Block"),
        "{stderr}"
    );
    let refused = crate::common::tablesolve(dir.path(), &["generate", "eight", "--scramble"], b"");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
}
