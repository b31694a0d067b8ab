//! The pattern-database builder against plain searches of the abstract spaces, written
//! here with none of the library's search code, on boards from 2x3 to 5x5; and the
//! quick partition's histograms as the previous builder (a 0-1 search over every
//! (placement, blank cell)) recorded them.

use std::collections::{HashMap, VecDeque};

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

/// The cells next to `cell` on a `width` x `height` board.
fn neighbours(width: usize, height: usize, cell: u8) -> Vec<u8> {
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
}

/// The connected regions of the cells `tiles` leave free, each in increasing order: the
/// largest first (of equals, the one of lowest cell), then by lowest cell.
fn zones(width: usize, height: usize, tiles: &[u8]) -> Vec<Vec<u8>> {
    let mut zones: Vec<Vec<u8>> = Vec::new();
    for start in (0..(width * height) as u8).filter(|c| !tiles.contains(c)) {
        if zones.iter().any(|zone| zone.contains(&start)) {
            continue;
        }
        let mut zone = vec![start];
        let mut next = 0;
        while next < zone.len() {
            for cell in neighbours(width, height, zone[next]) {
                if !tiles.contains(&cell) && !zone.contains(&cell) {
                    zone.push(cell);
                }
            }
            next += 1;
        }
        zone.sort_unstable();
        zones.push(zone);
    }
    let largest = (0..zones.len())
        .rev()
        .max_by_key(|&z| zones[z].len())
        .expect("a free cell");
    let first = zones.remove(largest);
    zones.insert(0, first);
    zones
}

/// The 0-1 search of [`plain_database`]: the distance of every (tiles' cells, blank
/// cell) it reaches.
fn plain_distances(
    width: usize,
    height: usize,
    homes: &[u8],
    goal_blank: u8,
) -> HashMap<(Vec<u8>, u8), u8> {
    let neighbours = |cell: u8| neighbours(width, height, cell);
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

/// The zero-aware database of `pattern` has two entries a placement: the plain
/// search's distance with the blank in the largest zone the tiles leave free, and the
/// least over the others, with the blank walled off (the first again where there are
/// none); looked up with any cell of a zone, it reads that zone's entry.
fn assert_zero_aware<const W: usize, const H: usize>(pattern: Pattern<W, H>) {
    let plain = plain_distances(W, H, pattern.cells(), pattern.goal_blank() as u8);
    let pattern = pattern.zero_aware();
    let database = PatternDb::new(pattern.clone(), table(&pattern));
    let name = format!("{W}x{H} tiles {:?}, zero-aware", pattern.cells());
    assert_eq!(pattern.entries(), 2 * pattern.placements(), "{name}");
    for index in 0..pattern.placements() {
        let positions = pattern.positions(index);
        let distance = |blank: u8| {
            let reached = plain.get(&(positions.clone(), blank));
            reached.copied().unwrap_or(u8::MAX)
        };
        let zones = zones(W, H, &positions);
        for zone in &zones {
            let d = distance(zone[0]);
            assert!(zone.iter().all(|&cell| distance(cell) == d), "{name}");
        }
        let first = distance(zones[0][0]);
        let walled = zones[1..].iter().map(|zone| distance(zone[0])).min();
        let at = format!("{name} at {positions:?}");
        assert_eq!(database.value_at(2 * index), first, "{at}");
        assert_eq!(
            database.value_at(2 * index + 1),
            walled.unwrap_or(first),
            "{at}"
        );
        let covered = positions.iter().fold(0u32, |mask, &c| mask | 1 << c);
        let order = tablesolve::rank::placement::order_rank(&positions);
        for (z, zone) in zones.iter().enumerate() {
            for &blank in zone {
                let entry = database.index_of(covered, order, usize::from(blank));
                assert_eq!(entry, 2 * index + u64::from(z > 0), "{at}, blank {blank}");
                let state = (positions.clone(), Some(z > 0));
                assert_eq!(pattern.entry_state(entry), state, "{at}");
            }
        }
    }
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
