//! Korf's 50 random 24-puzzle instances as shipped (`samples/korf50.in`, towards Korf's
//! goal `0 1 ... 24`, numbered as published) with their published optimal lengths
//! (`samples/korf50.lengths`), checked here without the library: each instance is an
//! arrangement of 0..24 that reaches the goal, and each length is at least the
//! instance's Manhattan distance and of the same parity (every slide changes that
//! distance by one), which a length paired with the wrong instance fails half the time.

use std::collections::BTreeMap;
use std::path::Path;

/// The lines of a sample file, as numbers.
fn numbers(name: &str) -> Vec<Vec<usize>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn korf_50_instances_reach_the_goal_within_their_published_lengths() {
    let lengths: BTreeMap<usize, usize> = numbers("korf50.lengths")
        .iter()
        .map(|row| (row[0], row[1]))
        .collect();
    let instances = numbers("korf50.in");
    assert_eq!((instances.len(), lengths.len()), (50, 50));
    let mut shortest = usize::MAX;
    for (n, row) in instances.iter().enumerate() {
        assert_eq!(row[0], n + 1, "labels run 1..=50");
        let board = &row[1..];
        let mut sorted = board.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..25).collect::<Vec<_>>(), "instance {}", n + 1);
        // Reaches `0 1 ... 24` exactly when the inversions (blank included) and the
        // blank's taxicab distance from cell 0 have equal parity.
        let inversions = (0..25)
            .flat_map(|i| (0..i).map(move |j| (j, i)))
            .filter(|&(j, i)| board[j] > board[i])
            .count();
        let blank = board.iter().position(|&t| t == 0).unwrap();
        assert_eq!(
            inversions % 2,
            (blank / 5 + blank % 5) % 2,
            "instance {}",
            n + 1
        );
        let manhattan: usize = board
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != 0)
            .map(|(cell, &tile)| (cell / 5).abs_diff(tile / 5) + (cell % 5).abs_diff(tile % 5))
            .sum();
        let length = lengths[&(n + 1)];
        assert!(
            manhattan <= length && (length - manhattan).is_multiple_of(2),
            "instance {}: Manhattan {manhattan}, length {length}",
            n + 1
        );
        shortest = shortest.min(length);
    }
    assert_eq!(shortest, 81, "the published lengths run from 81");
}
