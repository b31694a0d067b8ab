//! Rules the turns of a defined puzzle keep between sets, which a database of one set
//! cannot see: a position that breaks one is `unsolvable` at once, searched or not,
//! against a breadth-first search over the whole space.

use tablesolve::definition::{Def, DefOptions, Definition, State};
use tablesolve::TableDir;

use crate::definitions::{distances, key, Flat};

/// Every state of `states` (each set's pieces and orientations) answered by IDA* over
/// a database of each set alone, under a node limit, against a breadth-first search
/// from the start, which reaches `reachable` states: an unsolvable state that the
/// search did not know for one would reach the limit and fail.
fn searched_against_bfs(text: &str, reachable: usize, states: &[State]) {
    let definition = Definition::parse(text, "rules.def").unwrap();
    let flat = Flat::new(&definition);
    let far = distances(&flat, &flat.start(&definition));
    assert_eq!(far.len(), reachable);
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let options = DefOptions {
        most_exact: Some(1),
        most_database: Some(1000),
        limits: tablesolve::search::Limits {
            nodes: Some(1_000_000),
            ..Default::default()
        },
        ..DefOptions::default()
    };
    let def = Def::open(&tables, definition, options).unwrap();
    assert!(def.searches());
    for state in states {
        let cells: Vec<u8> = (state.pieces.iter().zip(&state.orientation))
            .flat_map(|(p, o)| p.iter().chain(o).copied())
            .collect();
        let answer = def
            .solve(state)
            .unwrap_or_else(|e| panic!("{state:?}: {e}"));
        match far.get(&key(&cells)) {
            Some(&d) => assert_eq!(answer.map(|t| t.len()), Some(usize::from(d))),
            None => assert!(answer.is_none(), "{state:?}: {answer:?}"),
        }
    }
}

/// The orders of three pieces.
const ORDERS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

#[test]
fn a_parity_that_holds_between_sets_is_unsolvable_at_once() {
    // X swaps two pieces of each set, Y and Z cycle one set's three: each set alone
    // takes every order, both together only the 18 of 36 whose parities agree.
    let text = "Name linked\nSet A 3 1\nSet B 3 1\nSolved\nA\n1 2 3\nB\n1 2 3\nEnd\n\
                Move X\nA\n2 1 3\nB\n2 1 3\nEnd\nMove Y\nA\n2 3 1\nB\n1 2 3\nEnd\n\
                Move Z\nA\n1 2 3\nB\n2 3 1\nEnd\n";
    let states: Vec<State> = (ORDERS.iter())
        .flat_map(|a| ORDERS.iter().map(move |b| (a, b)))
        .map(|(a, b)| State {
            pieces: vec![a.to_vec(), b.to_vec()],
            orientation: vec![vec![0; 3]; 2],
        })
        .collect();
    searched_against_bfs(text, 18, &states);
}

#[test]
fn an_orientation_sum_that_holds_between_sets_is_unsolvable_at_once() {
    // P and Q swap one set's two pieces; U and V twist one set's, by 1 and 2; T twists
    // a piece of each, A's by 1 and B's by 2. Each set alone takes every order and
    // twist (18 positions), both together only the 108 of 324 whose twists sum to 0
    // modulo 3.
    let text = "Name twisted\nSet A 2 3\nSet B 2 3\nSolved\nA\n1 2\nB\n1 2\nEnd\n\
                Move P\nA\n2 1\n0 0\nB\n1 2\n0 0\nEnd\nMove Q\nA\n1 2\n0 0\nB\n2 1\n0 0\nEnd\n\
                Move U\nA\n1 2\n1 2\nB\n1 2\n0 0\nEnd\nMove V\nA\n1 2\n0 0\nB\n1 2\n1 2\nEnd\n\
                Move T\nA\n1 2\n1 0\nB\n1 2\n2 0\nEnd\n";
    let mut states = Vec::new();
    for a in [[0, 1], [1, 0]] {
        for b in [[0, 1], [1, 0]] {
            for twists in 0..81u8 {
                let twist = |i: u32| twists / 3u8.pow(i) % 3;
                states.push(State {
                    pieces: vec![a.to_vec(), b.to_vec()],
                    orientation: vec![vec![twist(0), twist(1)], vec![twist(2), twist(3)]],
                });
            }
        }
    }
    searched_against_bfs(text, 108, &states);
}
