//! Helpers shared by the integration tests: in-memory tables and seeded random cases.
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use tablesolve::eight::{self, Grid};
use tablesolve::rotation::{self, Board};
use tablesolve::space::{reverse_bfs, StateSpace};
use tablesolve::table::{encode, Table};

/// The table of `space`, built and validated in memory.
pub fn table<S: StateSpace>(space: &S) -> Table<Vec<u8>> {
    Table::from_bytes(
        encode(space.id(), &reverse_bfs(space)),
        space.id(),
        space.states(),
    )
    .unwrap()
}

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A board drawn uniformly from all arrangements of eight 1s, 2s and 3s.
pub fn random_board(rng: &mut ChaCha8Rng) -> Board {
    let mut cells: [u8; rotation::CELLS] = std::array::from_fn(|c| (c / 8) as u8 + 1);
    cells.shuffle(rng);
    Board::new(cells).unwrap()
}

/// A grid drawn uniformly from all 9! arrangements.
pub fn random_grid(rng: &mut ChaCha8Rng) -> Grid {
    let mut cells: [u8; eight::cantor::CELLS] = std::array::from_fn(|c| c as u8);
    cells.shuffle(rng);
    Grid::new(cells).unwrap()
}

/// A grid of the same parity as `other`, drawn uniformly among those.
pub fn random_grid_like(rng: &mut ChaCha8Rng, other: &Grid) -> Grid {
    loop {
        let grid = random_grid(rng);
        if grid.odd() == other.odd() {
            return grid;
        }
    }
}

/// The text of `board`: its 24 values on one line.
pub fn board_line(board: &Board) -> String {
    let values: Vec<String> = board.cells().iter().map(u8::to_string).collect();
    values.join(" ")
}

/// The nine characters of `grid`, `x` for the blank.
pub fn grid_text(grid: &Grid) -> String {
    grid.cells()
        .iter()
        .map(|&t| {
            if t == eight::BLANK {
                'x'
            } else {
                char::from(b'0' + t)
            }
        })
        .collect()
}
