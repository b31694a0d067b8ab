use super::*;
use crate::search::SPLIT_FROM;

/// A node that looks up a hundred databases has its iterations split after a
/// twenty-fifth of a sliding board's nodes; a few databases, as a sliding board;
/// splitting never, or always, stays so.
#[test]
fn iterations_split_sooner_the_more_databases_a_node_looks_up() {
    let split_after = |databases: usize, split_from: u64| {
        let settings = Settings {
            split_from,
            ..Settings::new()
        };
        weighed(&settings, databases).split_from
    };
    assert_eq!(split_after(100, SPLIT_FROM), SPLIT_FROM / 25);
    assert_eq!(split_after(3, SPLIT_FROM), SPLIT_FROM);
    assert_eq!(split_after(0, SPLIT_FROM), SPLIT_FROM);
    assert_eq!(split_after(100, u64::MAX), u64::MAX);
    assert_eq!(split_after(100, 0), 0);
}

/// A goal of more databases than a run (the 3x3x3 with a corner or an edge a
/// database: 20), opened with the largest distances on the whole first. In any order,
/// a child's bound from its first run is at most its whole bound and 0 only at a goal
/// (where the first run sees none of a turn's pieces, the rest are read at once);
/// refined with any room, it passes the room just where the whole bound does, and is
/// the whole bound where it does not.
#[test]
fn a_child_bounded_by_its_first_run_is_refined_to_its_whole_bound() {
    use crate::definition::{tables::How, Def, DefOptions, Definition};
    use crate::table::TableDir;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/3x3x3.def");
    let definition = Definition::parse(&std::fs::read_to_string(path).unwrap(), path).unwrap();
    let mut options = DefOptions::default();
    (options.most_exact, options.most_database) = (Some(1), Some(24));
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let cube = Def::open(&tables, definition.clone(), options).unwrap();
    let How::Search(databases) = cube.how() else {
        panic!("answered from exact tables");
    };
    let opened = &databases.current()[0];
    assert!(databases.current().len() == 1 && opened.len() > MOST_AHEAD);
    let mean = |viewed: &Viewed<_>| viewed.table.header().mean_depth();
    assert!(
        opened.windows(2).all(|w| mean(&w[0]) >= mean(&w[1])),
        "strongest first"
    );
    let (puzzle, lookups) = (cube.puzzle(), Lookups::none());
    let cells = puzzle.flat(&definition.start);
    // The weakest first, so that the first run often sees less than the rest; then
    // the twelve pieces the first turn leaves home first, so that its first run sees 0.
    let weakest: Vec<_> = opened.iter().rev().cloned().collect();
    let mut turned = vec![0; cells.len()];
    puzzle.play(&cells, 0, &mut turned);
    let mut untouched = opened.clone();
    untouched.sort_by_key(|db| db.distance_of(&turned));
    for (goals, zeros) in [([weakest], false), ([untouched], true)] {
        let (partial, zero) = children_bounded(puzzle, &goals, &lookups, &cells);
        assert!(partial > 0, "no first run saw less than its whole bound");
        assert!(zero > 0 || !zeros, "no first run saw 0 short of a goal");
    }
}

/// [`a_child_bounded_by_its_first_run_is_refined_to_its_whole_bound`] over `goals` on
/// a random walk from `cells` (back at the start every eight turns): the children
/// whose first run saw less than their whole bound, and of those, the ones it saw 0.
fn children_bounded<D: AsRef<[u8]> + Sync>(
    puzzle: &Model,
    goals: &[Vec<Viewed<D>>],
    lookups: &Lookups,
    cells: &[u8],
) -> (usize, usize) {
    by_width!(puzzle.width, |N| {
        let search = CaseSearch::<_, N>::new(puzzle, (goals, lookups), false);
        let (mut position, mut last) = (start::<N>(cells), None);
        let (mut seed, mut partial, mut zero) = (7u64, 0, 0);
        for step in 0..300 {
            if step % 8 == 0 {
                (position, last) = (start::<N>(cells), None);
            }
            let mut children = Children::new();
            search.expand(&position, last, &mut children);
            for child in &children {
                let cells = &child.state.cells[..puzzle.width];
                let whole = search.bound(cells);
                assert!(child.bound <= whole && (child.bound == 0) == (whole == 0));
                let located = Located::new(&puzzle.locator, cells);
                let first = largest(&goals[0][..MOST_AHEAD], &located, 0, u32::MAX);
                partial += usize::from(first < whole);
                zero += usize::from(first == 0 && whole > 0);
                for room in 0..=whole + 1 {
                    let refined = search.refine(&child.state, child.bound, room);
                    assert_eq!(refined > room, whole > room, "room {room}, whole {whole}");
                    assert!(refined > room || refined == whole);
                }
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let child = &children[(seed >> 33) as usize % children.len()];
            (position, last) = (child.state.clone(), Some(child.step));
        }
        (partial, zero)
    })
}
