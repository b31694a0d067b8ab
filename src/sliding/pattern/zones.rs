//! Zones: the connected regions of the cells a pattern's tiles leave free, where the
//! blank roams at no cost in the pattern's abstract space. Numbered for the builder's
//! blocks: the largest first (a zero-aware database's first entry of a placement is
//! that zone's; the blank is seldom walled off from it), then the rest in order of
//! their lowest cell.

/// The cells of a board as bits, for finding zones by flood fill.
#[derive(Clone, Copy, Debug)]
pub(super) struct Grid {
    width: usize,
    pub board: u32,
    /// Every cell but those of the first column: where a step right may land.
    not_first_column: u32,
    /// Every cell but those of the last column: where a step left may land.
    not_last_column: u32,
}

/// The most zones a map has: no more than its free cells.
const MAX_ZONES: usize = 32;

/// A map's zones, by their cells: the largest (the one of lowest cell among equals)
/// first, then the rest in order of their lowest cell.
pub(super) struct Zones {
    pub cells: [u32; MAX_ZONES],
    pub count: usize,
}

impl Zones {
    /// The number of the zone holding `cell`.
    pub fn of(&self, cell: u32) -> usize {
        self.cells[..self.count]
            .iter()
            .position(|zone| zone >> cell & 1 == 1)
            .expect("the cell is free")
    }
}

impl Grid {
    pub fn new(width: usize, height: usize) -> Self {
        let cells = width * height;
        let board = if cells == 32 { !0 } else { (1u32 << cells) - 1 };
        let first_column = (0..height).fold(0u32, |m, row| m | 1 << (row * width));
        Grid {
            width,
            board,
            not_first_column: board & !first_column,
            not_last_column: board & !(first_column << (width - 1)),
        }
    }

    /// `cells` and every cell next to one of them.
    #[inline]
    pub fn grow(&self, cells: u32) -> u32 {
        let sideways = (cells << 1) & self.not_first_column | (cells >> 1) & self.not_last_column;
        (cells | sideways | cells << self.width | cells >> self.width) & self.board
    }

    /// The cells next to `cell`.
    pub fn neighbours(&self, cell: u32) -> u32 {
        self.grow(1 << cell) & !(1 << cell)
    }

    /// The connected regions of `free`.
    pub fn zones(&self, free: u32) -> Zones {
        let mut zones = Zones {
            cells: [0; MAX_ZONES],
            count: 0,
        };
        let mut rest = free;
        while rest != 0 {
            let zone = self.fill(free, rest.trailing_zeros());
            zones.cells[zones.count] = zone;
            zones.count += 1;
            rest &= !zone;
        }
        let mut largest = 0;
        for (place, zone) in zones.cells[..zones.count].iter().enumerate() {
            if zone.count_ones() > zones.cells[largest].count_ones() {
                largest = place;
            }
        }
        zones.cells[..=largest].rotate_right(1);
        zones
    }

    /// The cells of `free` connected to `cell` (one of them).
    #[inline]
    pub fn fill(&self, free: u32, cell: u32) -> u32 {
        let mut zone = 1 << cell;
        loop {
            let grown = self.grow(zone) & free;
            if grown == zone {
                return zone;
            }
            zone = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_are_the_connected_free_regions() {
        // 4x4, tiles on 1, 4, 5: cell 0 is cut off from the rest.
        let grid = Grid::new(4, 4);
        let covered = 1 << 1 | 1 << 4 | 1 << 5;
        let zones = grid.zones(grid.board & !covered);
        assert_eq!(zones.count, 2);
        // The largest first.
        assert_eq!(zones.cells[0], grid.board & !covered & !1);
        assert_eq!(zones.cells[1], 1);
        assert_eq!((zones.of(0), zones.of(15)), (1, 0));
        // Two zones of equal size: the one of lowest cell first.
        let grid = Grid::new(3, 1);
        let zones = grid.zones(0b101);
        assert_eq!((zones.cells[0], zones.cells[1]), (0b001, 0b100));
        // Three zones, the largest last by lowest cell: first, the others in order.
        let grid = Grid::new(7, 1);
        let zones = grid.zones(0b1110101);
        assert_eq!(&zones.cells[..3], &[0b1110000, 0b0000001, 0b0000100]);
        // Rows do not wrap: on 5x5, cells 4 and 5 are not neighbours.
        let grid = Grid::new(5, 5);
        assert_eq!(grid.neighbours(4), 1 << 3 | 1 << 9);
        assert_eq!(grid.neighbours(5), 1 << 0 | 1 << 6 | 1 << 10);
        assert_eq!(grid.neighbours(24), 1 << 19 | 1 << 23);
    }
}
