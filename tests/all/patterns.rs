//! The pattern-database builder against plain searches of the abstract spaces, written
//! here with none of the library's search code, on boards from 2x3 to 5x5; and the
//! quick partition's histograms as the previous builder (a 0-1 search over every
//! (placement, blank cell)) recorded them.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::common::{fifteen, table};
use tablesolve::fifteen::default_goal;
use tablesolve::sliding::pattern::{Pattern, PatternDb};
use tablesolve::table::Source;

/// For every placement of the tiles homed at `homes` (as a list of cells in the order
/// of `homes`), the fewest slides of those tiles that bring them home with the blank
/// on `goal_blank`, any other tile sliding for free: a 0-1 search with a deque over
/// (tiles' cells, blank cell), then the least over the blank's cells.
fn plain_database(
    width: usize,
    height: usize,
    homes: &[u8],
    goal_blank: u8,
) -> HashMap<Vec<u8>, u8> {
    let mut least: HashMap<Vec<u8>, u8> = HashMap::new();
    for ((tiles, _), d) in plain_distances(width, height, homes, goal_blank) {
        let entry = least.entry(tiles).or_insert(d);
        *entry = (*entry).min(d);
    }
    least
}

/// The 0-1 search of [`plain_database`]: the distance of every (tiles' cells, blank
/// cell) it reaches.
fn plain_distances(
    width: usize,
    height: usize,
    homes: &[u8],
    goal_blank: u8,
) -> HashMap<(Vec<u8>, u8), u8> {
    let neighbours = |cell: u8| {
        let (row, col) = (usize::from(cell) / width, usize::from(cell) % width);
        let mut next = Vec::new();
        if row + 1 < height {
            next.push(cell + width as u8);
        }
        if col > 0 {
            next.push(cell - 1);
        }
        if col + 1 < width {
            next.push(cell + 1);
        }
        if row > 0 {
            next.push(cell - width as u8);
        }
        next
    };
    let mut distance: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
    let mut deque = VecDeque::from([(homes.to_vec(), goal_blank, 0u8)]);
    while let Some((tiles, blank, d)) = deque.pop_front() {
        if distance
            .get(&(tiles.clone(), blank))
            .is_some_and(|&seen| seen <= d)
        {
            continue;
        }
        distance.insert((tiles.clone(), blank), d);
        for to in neighbours(blank) {
            match tiles.iter().position(|&t| t == to) {
                Some(i) => {
                    let mut moved = tiles.clone();
                    moved[i] = blank;
                    deque.push_back((moved, to, d + 1));
                }
                None => deque.push_front((tiles.clone(), to, d)),
            }
        }
    }
    distance
}

/// The database of `pattern` equals the plain search's, entry for entry, and every
/// placement the plain search reaches is one entry.
fn assert_plain<const W: usize, const H: usize>(pattern: Pattern<W, H>) {
    let plain = plain_database(W, H, pattern.cells(), pattern.goal_blank() as u8);
    let database = table(&pattern);
    let name = format!("{W}x{H} tiles {:?}", pattern.cells());
    let mut reached = 0;
    for index in 0..pattern.placements() {
        let positions = pattern.positions(index);
        let value = database.entry_byte(index);
        match plain.get(&positions) {
            Some(&d) => {
                assert_eq!(value, d, "{name} at {positions:?}");
                reached += 1;
            }
            None => assert_eq!(value, u8::MAX, "{name} at {positions:?}"),
        }
        assert_eq!(pattern.index(&positions), index, "{name}");
    }
    assert_eq!(
        reached,
        plain.len(),
        "{name}: every placement has its entry"
    );
}

/// The zero-aware database of `pattern` gives, for every (tiles' cells, blank cell) the
/// plain search reaches, its distance; and it has no more reached entries than the
/// search has zones (the blank's cells of one zone share one entry).
fn assert_zero_aware<const W: usize, const H: usize>(pattern: Pattern<W, H>) {
    let plain = plain_distances(W, H, pattern.cells(), pattern.goal_blank() as u8);
    let pattern = pattern.zero_aware();
    let database = PatternDb::new(pattern.clone(), table(&pattern));
    let name = format!("{W}x{H} tiles {:?}, zero-aware", pattern.cells());
    let mut zones = HashSet::new();
    for (n, ((positions, blank), &d)) in plain.iter().enumerate() {
        let covered = positions.iter().fold(0u32, |mask, &c| mask | 1 << c);
        let order = tablesolve::rank::placement::order_rank(positions);
        let entry = database.index_of(covered, order, usize::from(*blank));
        assert_eq!(
            database.value_at(entry),
            d,
            "{name} at {positions:?}, blank {blank}"
        );
        if n % 101 == 0 {
            let (at, lowest) = pattern.entry_state(entry);
            assert_eq!(&at, positions, "{name}");
            assert!(lowest.is_some_and(|cell| cell <= *blank), "{name}");
        }
        zones.insert(entry);
    }
    let reached = (0..pattern.entries())
        .filter(|&e| database.value_at(e) != u8::MAX)
        .count();
    assert_eq!(
        reached,
        zones.len(),
        "{name}: an entry for each zone reached"
    );
}

#[test]
fn zero_aware_databases_equal_a_plain_search_zone_by_zone() {
    assert_zero_aware(Pattern::<3, 2>::new(&[0, 1, 2, 3], 5));
    assert_zero_aware(Pattern::<3, 3>::new(&[1, 3, 5, 7], 4));
    assert_zero_aware(Pattern::<3, 3>::new(&[0, 1, 3], 8));
    assert_zero_aware(Pattern::<4, 4>::new(&[0, 1, 4, 5], 15));
    assert_zero_aware(Pattern::<4, 4>::new(&[2, 7, 8, 13], 10));
    assert_zero_aware(Pattern::<5, 5>::new(&[0, 6, 12], 24));
    assert_zero_aware(Pattern::<5, 5>::new(&[1, 5, 6], 0));
}

#[test]
fn databases_equal_a_plain_search_of_their_abstract_space() {
    assert_plain(Pattern::<3, 2>::new(&[0, 1, 2, 3], 5));
    assert_plain(Pattern::<2, 3>::new(&[1, 2, 3, 4, 5], 0));
    assert_plain(Pattern::<3, 3>::new(&[0, 1, 2, 3], 8));
    assert_plain(Pattern::<3, 3>::new(&[1, 3, 5, 7], 4));
    assert_plain(Pattern::<4, 4>::new(&[9, 13, 14], 15));
    assert_plain(Pattern::<4, 4>::new(&[0, 1, 4, 5], 15));
    assert_plain(Pattern::<4, 4>::new(&[2, 7, 8, 13], 10));
    assert_plain(Pattern::<5, 5>::new(&[0, 6, 12], 24));
    assert_plain(Pattern::<5, 5>::new(&[7, 11, 13], 12));
    assert_plain(Pattern::<5, 5>::new(&[1, 2, 5], 0));
}

#[test]
fn a_pattern_of_every_tile_but_one_reaches_half_its_placements() {
    // Seven tiles and the blank on 2x4: one free cell, so the parity of the tiles'
    // arrangement never changes.
    let pattern = Pattern::<4, 2>::new(&[0, 1, 2, 3, 4, 5, 6], 7);
    assert_plain(pattern.clone());
    let header = table(&pattern).header().clone();
    assert_eq!(header.unreachable, pattern.placements() / 2);
}

#[test]
fn the_quick_partition_keeps_its_histograms() {
    // Depth counts of the 6-6-3 databases for the default goal, as the previous
    // builder wrote them (`tablesolve stats fifteen`).
    let expected: [(&str, &[u64]); 3] = [
        (
            "pattern4x4-0.1.4.5.8.12",
            &[
                1, 5, 18, 60, 173, 484, 1341, 3571, 8937, 20229, 43503, 84096, 153735, 251917,
                388486, 536310, 690471, 781524, 807109, 713733, 563673, 368607, 209336, 93249,
                34574, 8807, 1683, 128,
            ],
        ),
        (
            "pattern4x4-2.3.6.7.10.11",
            &[
                1, 5, 19, 75, 259, 765, 2083, 5201, 12685, 28404, 60214, 115423, 208055, 336460,
                508892, 680101, 829094, 862068, 791892, 601359, 394276, 204052, 88509, 27786, 6959,
                1015, 102, 6,
            ],
        ),
        (
            "pattern4x4-9.13.14",
            &[1, 6, 22, 71, 173, 360, 574, 685, 630, 452, 252, 101, 28, 5],
        ),
    ];
    let fifteen = fifteen(default_goal());
    assert_eq!(fifteen.databases.len(), 3);
    for (db, (name, counts)) in fifteen.databases.iter().zip(expected) {
        assert_eq!(db.pattern.id().puzzle, name);
        let header = db.table.header();
        assert_eq!(header.depth_counts, counts, "{name}");
        assert_eq!(header.unreachable, 0, "{name}");
        assert!(
            db.table.depth_counts_match(),
            "{name}: the payload recounts"
        );
    }
}
