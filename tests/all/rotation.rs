//! The Rotation Game's table against an independent IDA* search and the board itself.

use proptest::prelude::*;
use rayon::prelude::*;

use crate::common::{exact, random_board, rng, table};
use tablesolve::rotation::{self, mask, Board, Move};
use tablesolve::search::greedy_walk;
use tablesolve::search::UNREACHABLE;
use tablesolve::table::{walk_moves, ExactTable};

#[test]
fn table_agrees_with_ida_star_on_1000_random_boards() {
    let table = exact(&rotation::Space);
    let mut rng = rng(1343);
    let boards: Vec<Board> = (0..1000).map(|_| random_board(&mut rng)).collect();
    boards.par_iter().enumerate().for_each(|(case, board)| {
        let expected = rotation::ida(board);
        assert_eq!(
            rotation::solve(&table, board).unwrap(),
            expected,
            "case {case}: {board:?}"
        );
    });
}

#[test]
fn recorded_walks_are_the_greedy_walks_of_every_mask() {
    let table = exact(&rotation::Space);
    (0..mask::MASKS as u32).into_par_iter().for_each(|rank| {
        let cells = mask::unrank(rank);
        let (walked, _) = greedy_walk(cells, table.distance(rank), &Move::ALL, |&cells, m| {
            let next = mask::apply(cells, m);
            Some((next, table.distance(mask::rank(next))))
        })
        .unwrap();
        let recorded: Vec<_> = walk_moves(table.walk(rank), &Move::ALL).collect();
        assert_eq!(recorded, walked, "mask {cells:024b}");
    });
}

#[test]
fn answers_from_recorded_walks_equal_the_walk_over_three_digits() {
    let table = exact(&rotation::Space);
    let mut rng = rng(1667);
    let boards: Vec<Board> = (0..200_000).map(|_| random_board(&mut rng)).collect();
    boards.par_iter().for_each(|board| {
        let walked = rotation::solve_by_walk(&table.distances, board).unwrap();
        assert_eq!(rotation::solve(&table, board).unwrap(), walked, "{board:?}");
    });
}

#[test]
fn bfs_reaches_every_mask_with_exact_distances() {
    let table = table(&rotation::Space);
    let header = table.header();
    assert_eq!(header.unreachable, 0);
    assert_eq!(header.depth_counts.iter().sum::<u64>(), mask::MASKS as u64);
    assert!(table.depth_counts_match());
    // Exact distances are the only labelling where the goal alone is 0, no move changes
    // a distance by more than one, and every other mask has a move one closer.
    for rank in 0..mask::MASKS as u32 {
        let cells = mask::unrank(rank);
        let d = table.distance(rank);
        assert_ne!(d, UNREACHABLE);
        assert_eq!(d == 0, cells == mask::GOAL, "mask {cells:024b}");
        let around: Vec<u8> = Move::ALL
            .iter()
            .map(|&m| table.distance(mask::rank(mask::apply(cells, m))))
            .collect();
        assert!(
            around.iter().all(|&n| n.abs_diff(d) <= 1),
            "mask {cells:024b}"
        );
        assert!(d == 0 || around.contains(&(d - 1)), "mask {cells:024b}");
    }
}

fn any_board() -> impl Strategy<Value = Board> {
    let cells: Vec<u8> = (0..24).map(|c| c / 8 + 1).collect();
    Just(cells)
        .prop_shuffle()
        .prop_map(|cells| Board::new(cells.try_into().unwrap()).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn answer_solves_the_board_in_the_table_distance(board in any_board()) {
        static TABLE: std::sync::OnceLock<ExactTable<Vec<u8>>> = std::sync::OnceLock::new();
        let table = TABLE.get_or_init(|| exact(&rotation::Space));
        let answer = rotation::solve(table, &board).unwrap();
        let mut end = board;
        for &m in &answer.moves {
            end.apply(m);
        }
        prop_assert_eq!(end.centre_digit(), Some(answer.digit));
        let nearest = (1..=3).map(|d| table.distance(mask::rank(board.mask(d)))).min().unwrap();
        prop_assert_eq!(answer.moves.len(), usize::from(nearest));
    }

    #[test]
    fn masks_follow_the_board_under_every_move(board in any_board(), m in 0..8usize) {
        let m = Move::ALL[m];
        let mut moved = board;
        moved.apply(m);
        for d in 1..=3 {
            prop_assert_eq!(mask::apply(board.mask(d), m), moved.mask(d));
        }
        moved.apply(m.inverse());
        prop_assert_eq!(moved, board);
    }
}
