//! The symmetries found from definitions: their number against each puzzle's known
//! group, each map checked point by point against the turns, and the distances of a
//! state and its images read from breadth-first tables.

use std::path::Path;

use rand::{rngs::StdRng, SeedableRng};
use tablesolve::definition::databases::LOOKUPS_AFTER;
use tablesolve::definition::symmetry::{symmetries, Symmetry};
use tablesolve::definition::{Def, DefOptions, Definition, Model, State};
use tablesolve::TableDir;

fn model(name: &str, moves: Option<&[&str]>) -> Model {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(name);
    let moves: Option<Vec<String>> = moves.map(|m| m.iter().map(|s| s.to_string()).collect());
    Model::new(Definition::read(&path).unwrap(), moves.as_deref(), None).unwrap()
}

/// The orders of the groups each puzzle's shape has: the cube's 48 (rotations and
/// mirrors), the tetrahedron's 24, a square's 8; those of them that keep the 2x2x2's
/// fixed corner (6), keep the U-D axis that corner and edge orientations are measured
/// on (16, Kociemba's phase one), or keep the faces `--moves` names (U and R: 4, one
/// pair of the 12 pairs of adjacent faces; U, R and F: 6, fixing their corner).
#[test]
fn each_shipped_definition_has_the_symmetries_of_its_shape() {
    let cases: [(&str, Option<&[&str]>, usize); 10] = [
        ("3x3x3.def", None, 48),
        ("3x3x3.kpuzzle.json", None, 48),
        ("3x3x3.def", Some(&["U", "R"]), 4),
        ("3x3x3.def", Some(&["U", "R", "F"]), 6),
        ("2x2x2.def", None, 6),
        ("2x2x2.kpuzzle.json", None, 6),
        ("pyraminx.def", None, 24),
        ("cube-squares.def", None, 48),
        ("cube-orientations.def", None, 16),
        ("rotation.def", None, 8),
    ];
    for (name, moves, order) in cases {
        let found = symmetries(&model(name, moves));
        assert!(found.complete, "{name} {moves:?}: searched through");
        assert_eq!(found.found.len(), order, "{name} {moves:?}");
        assert!(found.found[0].is_identity(), "{name}: the identity first");
    }
    // The cube's quarter turns one class and its half turns another; with the U-D axis
    // kept, U and D apart from the other four faces.
    let sizes = |name: &str| -> Vec<usize> {
        let classes = symmetries(&model(name, None)).turn_classes();
        classes.iter().map(Vec::len).collect()
    };
    assert_eq!(sizes("3x3x3.def"), [12, 6]);
    assert_eq!(sizes("cube-orientations.def"), [4, 2, 8, 4]);
    assert_eq!(sizes("rotation.def"), [8]);
}

/// Each symmetry `σ` and turn `t`: `σ(t(x)) = u(σ(x))` at every point `x` (position and
/// orientation), `u` the turn it names as `t`'s image, read from the turns' actions.
#[test]
fn each_symmetry_carries_every_turn_onto_the_turn_it_names() {
    for name in [
        "3x3x3.def",
        "pyraminx.def",
        "2x2x2.def",
        "cube-orientations.def",
    ] {
        let puzzle = model(name, None);
        let found = symmetries(&puzzle).found;
        for symmetry in &found {
            let mut images: Vec<u16> = symmetry.turns.clone();
            images.sort_unstable();
            images.dedup();
            assert_eq!(
                images.len(),
                puzzle.turns.len(),
                "{name}: turns onto turns, one to one"
            );
            for (t, turn) in puzzle.turns.iter().enumerate() {
                let onto = &puzzle.turns[usize::from(symmetry.turns[t])].action;
                for (s, set) in puzzle.sets().iter().enumerate() {
                    let o = usize::from(set.orientations);
                    let point = |action: &tablesolve::definition::Action, p: usize, k: usize| {
                        let i = action.from[s]
                            .iter()
                            .position(|&f| usize::from(f) == p)
                            .unwrap();
                        (i, (k + usize::from(action.twist[s][i])) % o)
                    };
                    let map = |p: usize, k: usize| {
                        let image = symmetry.positions[s][p];
                        let k = usize::from(image.shift) + usize::from(image.sign) * k;
                        (usize::from(image.to), k % o)
                    };
                    for p in 0..set.pieces {
                        for k in 0..o {
                            let (turned, twisted) = point(&turn.action, p, k);
                            let (q, j) = map(p, k);
                            assert_eq!(
                                map(turned, twisted),
                                point(onto, q, j),
                                "{name}: {} onto {}",
                                turn.turn,
                                puzzle.turns[usize::from(symmetry.turns[t])].turn
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A random state and its image under every symmetry are as far from solved, by the
/// puzzle's breadth-first table; the solved state's images are solved; and two
/// symmetries one after the other act on states as one of them does.
#[test]
fn a_state_and_its_images_are_as_far_from_solved() {
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    for name in ["pyraminx.def", "2x2x2.def"] {
        let puzzle = model(name, None);
        let found = symmetries(&puzzle).found;
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("definitions")
            .join(name);
        let def = Def::open(
            &tables,
            Definition::read(&path).unwrap(),
            DefOptions::default(),
        )
        .unwrap();
        let draw = def.draw().unwrap();
        let mut rng = StdRng::seed_from_u64(7);
        let states: Vec<State> = (0..200).map(|_| draw.state(&mut rng)).collect();
        let start = &puzzle.definition.start;
        for symmetry in &found {
            let image = symmetry.state(&puzzle, start);
            assert_eq!(def.distance(&image), Some(0), "{name}: solved onto solved");
            for state in &states {
                let image = symmetry.state(&puzzle, state);
                assert_eq!(
                    def.distance(&image),
                    def.distance(state),
                    "{name}: {state:?}"
                );
            }
        }
        for first in &found {
            for then in &found {
                let both = |state: &State| then.state(&puzzle, &first.state(&puzzle, state));
                let one = found.iter().find(|one: &&Symmetry| {
                    states[..5]
                        .iter()
                        .all(|state| one.state(&puzzle, state) == both(state))
                });
                assert!(one.is_some(), "{name}: the symmetries are closed");
            }
        }
    }
}

/// Searches that look their databases up at a position's inverse and symmetric images
/// too answer exactly as those that look at the position only, in fewer nodes: the
/// 2x2x2 (random states) and the 3x3x3 (scrambles of 7 random turns) over small
/// databases. (The Pyraminx's small databases see its whole edge set, which looks the
/// same from every image: none is looked up there.)
#[test]
fn lookups_at_images_answer_the_same_in_fewer_nodes() {
    use rand::Rng;
    use tablesolve::search::Outcome;
    for (name, scramble) in [("2x2x2.def", None), ("3x3x3.def", Some(7))] {
        let dir = tempfile::tempdir().unwrap();
        let tables = TableDir::new(dir.path()).build_missing(|_| {});
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("definitions")
            .join(name);
        let open = |position_only| {
            let options = DefOptions {
                most_exact: Some(1000),
                most_database: Some(50_000),
                position_only,
                ..DefOptions::default()
            };
            Def::open(&tables, Definition::read(&path).unwrap(), options).unwrap()
        };
        let (images, position) = (open(false), open(true));
        assert!(images.searches(), "{name}: searched, not walked");
        let puzzle = images.puzzle();
        let mut rng = StdRng::seed_from_u64(11);
        let states: Vec<_> = (0..30)
            .map(|_| match scramble {
                None => images.draw().unwrap().state(&mut rng),
                Some(turns) => (0..turns).fold(puzzle.definition.start.clone(), |state, _| {
                    let turn = &puzzle.turns[rng.random_range(0..puzzle.turns.len())];
                    state.after(&turn.action, puzzle.sets())
                }),
            })
            .collect();
        // The images are chosen once the searches have run through LOOKUPS_AFTER
        // nodes together: the cases are searched until then first.
        let mut warming = 0;
        while warming < 2 * LOOKUPS_AFTER {
            for state in &states {
                let Outcome::Solved(found) = images.outcome(state).unwrap() else {
                    panic!("{name}: every state answered");
                };
                warming += found.nodes;
            }
        }
        let (mut with, mut without) = (0, 0);
        for state in &states {
            let state = state.clone();
            let (Outcome::Solved(a), Outcome::Solved(b)) = (
                images.outcome(&state).unwrap(),
                position.outcome(&state).unwrap(),
            ) else {
                panic!("{name}: every state answered");
            };
            assert_eq!(a.moves, b.moves, "{name}: {state:?}");
            (with, without) = (with + a.nodes, without + b.nodes);
        }
        assert!(
            with < without,
            "{name}: {with} nodes with images, {without} without"
        );
    }
}
