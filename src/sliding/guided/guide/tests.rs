use super::super::{MAX_MEMBERSHIPS, MAX_SUM_PATTERNS, WIDE_SUMS};
use super::*;
use crate::search::{Children, Problem};
use crate::sliding::pattern::Pattern;
use crate::sliding::random_walk;
use crate::table::in_memory;
use rand::SeedableRng;

/// The databases of `groups` (home cells) on the 3x3 board, goal blank on the last
/// cell.
fn databases(groups: &[&[u8]]) -> Vec<PatternDb<Vec<u8>, 3, 3>> {
    databases_of(groups, false)
}

/// [`databases`], zero-aware if asked.
fn databases_of(groups: &[&[u8]], zero_aware: bool) -> Vec<PatternDb<Vec<u8>, 3, 3>> {
    groups
        .iter()
        .map(|cells| {
            let pattern = Pattern::<3, 3>::new(cells, 8);
            let pattern = if zero_aware {
                pattern.zero_aware()
            } else {
                pattern
            };
            let table = in_memory(&pattern).unwrap();
            PatternDb::new(pattern, table)
        })
        .collect()
}

/// Every child of boards along random walks, updated slide by slide, equals the
/// position of its board computed afresh.
fn children_match_fresh_positions<const P: usize, const L: usize, const M: usize>(
    guide: &Guide<'_, Vec<u8>, 3, 3, P, L, M>,
) {
    let goal = Board::<3, 3>::canonical(8);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    for length in 0..300 {
        let board = random_walk(&mut rng, &goal, length % 40);
        let parent = guide.position(&board);
        let mut children = Children::new();
        guide.expand(&parent, None, &mut children);
        guide.bound_children(&mut children);
        for child in &children {
            let fresh = guide.position(&child.state.board);
            for f in 0..guide.frames.len() {
                assert_eq!(child.state.covered[f], fresh.covered[f], "{board} {length}");
                assert_eq!(child.state.order[f], fresh.order[f], "{board} {length}");
                assert_eq!(child.state.value[f], fresh.value[f], "{board} {length}");
            }
            assert_eq!(child.state.sum, fresh.sum, "{board} {length}");
            assert_eq!(child.bound, guide.bound(&fresh));
        }
    }
}

#[test]
fn every_childs_lookups_equal_a_fresh_ranking() {
    // 3x3, goal blank on the last cell, three patterns: every frame and pattern
    // serves.
    let goal = Board::<3, 3>::canonical(8);
    for zero_aware in [false, true] {
        let databases = databases_of(&[&[0, 1, 3], &[2, 4, 5], &[6, 7]], zero_aware);
        let guide = Guide::new(&databases, &goal).unwrap();
        assert_eq!(
            guide.frames.len(),
            2,
            "the identity and the diagonal's reflection"
        );
        children_match_fresh_positions(&guide);
    }
}

#[test]
fn a_catalogues_children_equal_a_fresh_ranking() {
    // Three splits sharing groups; a tile in up to three patterns.
    let goal = Board::<3, 3>::canonical(8);
    let groups: [&[u8]; 7] = [
        &[0, 1, 3],
        &[2, 4, 5],
        &[6, 7],
        &[0, 1, 2],
        &[3, 4, 5, 6, 7],
        &[0, 3, 6],
        &[1, 2, 4, 5, 7],
    ];
    let databases = databases(&groups);
    let splits = [vec![0, 1, 2], vec![3, 4], vec![5, 6]];
    let guide = Guide::<_, 3, 3, MAX_SUM_PATTERNS, WIDE_SUMS, MAX_MEMBERSHIPS>::catalogue(
        &databases, &splits, &goal,
    )
    .unwrap();
    children_match_fresh_positions(&guide);
    // And the bound is the largest split's sum, looked up apart.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..200 {
        let board = random_walk(&mut rng, &goal, 30);
        let largest = splits
            .iter()
            .map(|split| {
                let groups: Vec<&[u8]> = split.iter().map(|&p| groups[p]).collect();
                let databases = super::tests::databases(&groups);
                Guide::new(&databases, &goal).unwrap().lower_bound(&board)
            })
            .max();
        assert_eq!(Some(guide.lower_bound(&board)), largest, "{board}");
    }
}

#[test]
fn a_position_is_small_enough_to_be_copied_inline() {
    // Each child is a copy of its parent; past 128 bytes the copy becomes a call.
    // Arrays hold MAX_CELLS cells whatever the board, so every size is as large.
    let sizes = [
        std::mem::size_of::<GuidedBoard<4, 4>>(),
        std::mem::size_of::<GuidedBoard<5, 5>>(),
    ];
    assert_eq!(sizes, [128, 128]);
    assert!(sizes.iter().all(|&size| size <= 128));
}

#[test]
fn dropping_detours_keeps_every_answer_and_searches_less() {
    let databases = databases(&[&[0, 1, 2, 3], &[4, 5, 6, 7]]);
    let goal = Board::<3, 3>::canonical(8);
    let guide = Guide::new(&databases, &goal).unwrap();
    let every_path = Guide::<_, 3, 3>::dropping(
        &databases,
        &[vec![0, 1]],
        &goal,
        Detours::<3, 3>::INVERSE_SLIDES,
    )
    .unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let (mut dropping, mut keeping) = (0, 0);
    for length in 0..200 {
        let board = random_walk(&mut rng, &goal, length);
        let (with, without) = (guide.solve(&board), every_path.solve(&board));
        let (with, without) = (with.unwrap(), without.unwrap());
        assert_eq!(with.moves, without.moves, "{board}");
        (dropping, keeping) = (dropping + with.nodes, keeping + without.nodes);
    }
    // Short searches on a small board: detours of up to 10 slides drop 6% of nodes.
    assert!(
        dropping * 100 < keeping * 97,
        "{dropping} nodes against {keeping}"
    );
}

#[test]
fn databases_that_do_not_fit_say_how() {
    let goal = Board::<3, 3>::canonical(8);
    let none: [PatternDb<Vec<u8>, 3, 3>; 0] = [];
    assert_eq!(
        Guide::new(&none, &goal).err(),
        Some(GuideError::NoDatabases)
    );
    let short = databases(&[&[0, 1, 3], &[2, 4, 5]]);
    assert_eq!(Guide::new(&short, &goal).err(), Some(GuideError::NotASplit));
    let split = databases(&[&[0, 1, 3], &[2, 4, 5], &[6, 7], &[0, 1, 2]]);
    let twice = [vec![0, 1, 2], vec![3, 1, 2]];
    assert_eq!(
        Guide::<_, 3, 3>::catalogue(&split, &twice, &goal).err(),
        Some(GuideError::TooManyMemberships { given: 2, most: 1 })
    );
    let named = [vec![0, 1, 7]];
    assert_eq!(
        Guide::<_, 3, 3>::catalogue(&split[..3], &named, &goal).err(),
        Some(GuideError::NoSuchPattern(7))
    );
    // The catalogue's shape takes what one partition's does not.
    let wide = Guide::<_, 3, 3, MAX_SUM_PATTERNS, WIDE_SUMS, MAX_MEMBERSHIPS>::catalogue(
        &split[..3],
        &[vec![0, 1, 2], vec![0, 1, 2]],
        &goal,
    );
    assert!(wide.is_ok());
    let narrow = Guide::<_, 3, 3>::catalogue(&split[..3], &[vec![0, 1, 2], vec![0, 1, 2]], &goal);
    assert!(
        matches!(
            narrow.err(),
            Some(GuideError::TooManySums { splits: 2, .. })
        ),
        "two splits in one partition's shape"
    );
}
