//! Building a pattern database: a breadth-first search of the pattern's abstract space
//! at two bits a state, with the blank's zone in place of its cell.
//!
//! In the abstract space only the pattern's tiles are told apart; a slide of any other
//! tile is free. So the blank roams the *zone* it lies in (the connected cells free of
//! pattern tiles) at no cost, and a state is a placement of the tiles and a zone. Every
//! move slides a pattern tile into an adjacent cell of the blank's zone and counts one:
//! the search is a plain breadth-first search, with no 0-1 rounds.
//!
//! States are numbered block by block. A *map* is the set of cells the tiles cover
//! ([`crate::rank::combination`]); a map has one block per zone (its largest first),
//! and a block one state per order of the tiles on the map's cells
//! ([`crate::rank::placement`]). Every map's largest zone has the block of the map's
//! own number, so its states are numbered as the placements are; the further zones
//! (where the tiles wall cells off) have the blocks after all maps, map by map
//! ([`Space::block`]). Zones depend on the map only, so they are found once per map
//! and move, never per state; a tile's move changes the map and, only when the
//! tile passes others (a vertical slide), the order; and a block's children lie in the
//! few blocks its moves lead to, kilobytes each, so the search runs in cache.
//!
//! Each level scans the marks ([`Marks`]) for its states instead of listing them, and
//! the database keeps, for each placement, the least distance over its zones: the
//! level at which the search first reaches one of them. A zero-aware database keeps
//! every state's own distance, numbered as the search numbers them, and is stored as
//! two entries a placement ([`Space::pairs`]).

use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::zones::Grid;
use crate::rank::{combination, permutation, placement};
use crate::search::{Marks, Work, UNREACHABLE};

/// A pattern's abstract space, numbered by blocks.
pub(super) struct Space {
    grid: Grid,
    cells: usize,
    /// The tiles' home cells, in increasing order.
    homes: Vec<u8>,
    goal_blank: usize,
    /// Orders of the tiles on a map: `k!`, the states of a block.
    orders: u64,
    /// For each map, the number of further zones (after the first) of the maps before
    /// it; the number of further zones of all maps last.
    further: Vec<u32>,
    /// For each map, the cells of its further zones.
    walled: Vec<u32>,
}

/// A move of one tile, found once for a block and played from each of its states.
struct Step {
    /// The tile's place among the map's cells, in increasing order.
    place: usize,
    /// The cell it moves to.
    to: u8,
    /// No tile lies between its cells (a horizontal slide): the order is unchanged.
    keeps_order: bool,
    /// The first state of the block the move leads to.
    block: u64,
    /// The first database entry of the map (or, zero-aware, the block) the move leads
    /// to.
    entries: u64,
}

impl Space {
    /// The space of the tiles homed at `homes` (increasing, at most
    /// [`placement::MAX_TILES`]) on a `width` x `height` board of at most 32 cells.
    pub fn new(width: usize, height: usize, homes: &[u8], goal_blank: usize) -> Self {
        let grid = Grid::new(width, height);
        let (cells, k) = (width * height, homes.len());
        let maps = combination::count(cells, k);
        let (counts, walled): (Vec<u32>, Vec<u32>) = (0..maps)
            .into_par_iter()
            .map(|map| {
                let covered = combination::unrank(map, cells, k);
                let zones = grid.zones(grid.board & !covered);
                let further = &zones.cells[1..zones.count];
                (
                    further.len() as u32,
                    further.iter().fold(0, |all, zone| all | zone),
                )
            })
            .unzip();
        let mut further = Vec::with_capacity(counts.len() + 1);
        let mut total = 0u32;
        for &count in &counts {
            further.push(total);
            total += count;
        }
        further.push(total);
        Space {
            grid,
            cells,
            homes: homes.to_vec(),
            goal_blank,
            orders: placement::orders(k),
            further,
            walled,
        }
    }

    /// The number of states: (placement, zone) pairs.
    pub fn states(&self) -> u64 {
        self.blocks() * self.orders
    }

    /// The number of blocks: one a map, and one for each further zone.
    fn blocks(&self) -> u64 {
        (self.maps() as u64) + u64::from(self.further[self.maps()])
    }

    /// The block of `map`'s zone `zone` (the state of order `o` in block `b` is
    /// `b * k! + o`).
    pub fn block(&self, map: usize, zone: usize) -> u64 {
        match zone {
            0 => map as u64,
            further => self.further_block(map, further as u64 - 1),
        }
    }

    /// The block of `map`'s further zone `nth` (from 0, in order of lowest cell), after
    /// every map's first block and the further zones of the maps before.
    fn further_block(&self, map: usize, nth: u64) -> u64 {
        (self.maps() + self.further[map] as usize) as u64 + nth
    }

    /// What a lookup needs to tell the blank's zone: for each map, the cells of its
    /// further zones.
    pub fn into_walled(self) -> Vec<u32> {
        self.walled
    }

    fn maps(&self) -> usize {
        self.further.len() - 1
    }

    /// The database: for every placement (two entries a placement if `zero_aware`,
    /// [`Space::pairs`]), the fewest moves of the pattern's tiles that bring them home,
    /// [`UNREACHABLE`] where none do.
    /// `work` hears of every state expanded, and once cancelled the build returns
    /// after its level. An error says what exceeds what this build holds.
    pub fn database(&self, zero_aware: bool, work: &Work) -> Result<Vec<u8>, String> {
        let placements = if zero_aware {
            self.states()
        } else {
            placement::count(self.cells, self.homes.len())
        };
        let mut marks = Marks::new(self.states())
            .ok_or_else(|| format!("{} search states do not fit in memory", self.states()))?;
        let mut database = Vec::new();
        let entries = usize::try_from(placements)
            .ok()
            .filter(|&entries| database.try_reserve_exact(entries).is_ok())
            .ok_or_else(|| format!("{placements} entries do not fit in memory"))?;
        database.resize_with(entries, || AtomicU8::new(UNREACHABLE));

        let covered = self.homes.iter().fold(0u32, |m, &c| m | 1 << c);
        let map = u64::from(combination::rank(covered));
        let zone = self
            .grid
            .zones(self.grid.board & !covered)
            .of(self.goal_blank as u32);
        // The homes are in increasing order: order 0.
        let start = self.block(map as usize, zone) * self.orders;
        marks.start(start);
        let entry = if zero_aware { start } else { map * self.orders };
        database[entry as usize] = AtomicU8::new(0);

        let places = self.places();
        let mut depth = 0u8;
        loop {
            let found: u64 = (0..self.maps())
                .into_par_iter()
                .map(|map| {
                    let to = (&marks, &database[..], zero_aware);
                    self.expand(map, depth, to, &places, work)
                })
                .sum();
            if found == 0 || work.cancelled() {
                break;
            }
            if depth + 1 == UNREACHABLE {
                return Err(format!("distances beyond {} do not fit a byte", depth));
            }
            marks.next_level();
            depth += 1;
        }
        let database: Vec<u8> = database.into_iter().map(AtomicU8::into_inner).collect();
        if zero_aware {
            drop(marks);
            return self.pairs(&database);
        }
        Ok(database)
    }

    /// A zero-aware database as it is stored, from every state's distance: two entries
    /// a placement, numbered as the placements are, the distance with the blank in the
    /// map's largest zone and the least over its further zones (the first again where
    /// it has none). A lookup picks one by the cells the map walls off, with no
    /// branch and no second read, where one entry a state would need the blank's zone
    /// found before its address is known; the least over several walled-off zones
    /// gives up a little, seldom (one map in a few has more than one).
    fn pairs(&self, states: &[u8]) -> Result<Vec<u8>, String> {
        let orders = self.orders as usize;
        let entries = 2 * self.maps() * orders;
        let mut pairs = Vec::new();
        pairs
            .try_reserve_exact(entries)
            .map_err(|_| format!("{entries} entries do not fit in memory"))?;
        pairs.resize(entries, UNREACHABLE);
        pairs
            .par_chunks_mut(2 * orders)
            .enumerate()
            .for_each(|(map, pairs)| {
                let further = u64::from(self.further[map + 1] - self.further[map]);
                let at = |block: u64, order: usize| states[block as usize * orders + order];
                for (order, pair) in pairs.chunks_exact_mut(2).enumerate() {
                    let first = at(map as u64, order);
                    let least = (0..further)
                        .map(|nth| at(self.further_block(map, nth), order))
                        .min()
                        .unwrap_or(first);
                    pair.copy_from_slice(&[first, least]);
                }
            });
        Ok(pairs)
    }

    /// For each order of the tiles, each tile's place among the map's cells.
    fn places(&self) -> Vec<[u8; placement::MAX_TILES]> {
        let k = self.homes.len();
        (0..self.orders)
            .map(|order| {
                let mut places = [0; placement::MAX_TILES];
                places[..k].copy_from_slice(&permutation::unrank(order, k, k)[..k]);
                places
            })
            .collect()
    }

    /// Expands the current states of `map`'s blocks; returns the states found.
    fn expand(
        &self,
        map: usize,
        depth: u8,
        (marks, database, zero_aware): (&Marks, &[AtomicU8], bool),
        places: &[[u8; placement::MAX_TILES]],
        work: &Work,
    ) -> u64 {
        if work.cancelled() {
            return 0;
        }
        let k = self.homes.len();
        let covered = combination::unrank(map as u32, self.cells, k);
        let cells = placement::cells(covered);
        let zones = self.grid.zones(self.grid.board & !covered);
        let (mut expanded, mut found) = (0, 0);
        for zone in 0..zones.count {
            let block = self.block(map, zone) * self.orders;
            let mut steps = None;
            marks.for_each_current(block..block + self.orders, |state| {
                let steps = steps.get_or_insert_with(|| {
                    self.steps(covered, &cells, zones.cells[zone], zero_aware)
                });
                let order = state - block;
                let places = &places[order as usize];
                let mut positions = [0u8; placement::MAX_TILES];
                let mut tile_at = [0u8; placement::MAX_TILES];
                for tile in 0..k {
                    let place = usize::from(places[tile]);
                    positions[tile] = cells[place];
                    tile_at[place] = tile as u8;
                }
                for step in steps.iter() {
                    let order = if step.keeps_order {
                        order
                    } else {
                        let mut moved = positions;
                        moved[usize::from(tile_at[step.place])] = step.to;
                        placement::order_rank(&moved[..k])
                    };
                    if marks.discover(step.block + order) {
                        found += 1;
                        let entry = &database[(step.entries + order) as usize];
                        if entry.load(Relaxed) == UNREACHABLE {
                            entry.store(depth + 1, Relaxed);
                        }
                    }
                }
                expanded += 1;
            });
        }
        if expanded > 0 {
            work.advance(expanded);
        }
        found
    }

    /// Every move of a tile on `cells` (the map `covered`) into the zone `zone`, with
    /// the database entries it leads to: its map's, or `zero_aware`, its block's.
    fn steps(&self, covered: u32, cells: &[u8], zone: u32, zero_aware: bool) -> Vec<Step> {
        let mut steps = Vec::new();
        for (place, &from) in cells[..self.homes.len()].iter().enumerate() {
            let from = u32::from(from);
            let mut targets = self.grid.neighbours(from) & zone;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let moved = covered & !(1 << from) | 1 << to;
                let map = combination::rank(moved) as usize;
                let zone = self.grid.zones(self.grid.board & !moved).of(from);
                let block = self.block(map, zone) * self.orders;
                steps.push(Step {
                    place,
                    to: to as u8,
                    keeps_order: from.abs_diff(to) == 1,
                    block,
                    entries: if zero_aware {
                        block
                    } else {
                        map as u64 * self.orders
                    },
                });
            }
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_count_every_zone_of_every_map() {
        // All eight tiles of 3x3: one free cell, one zone a map.
        let space = Space::new(3, 3, &[0, 1, 2, 3, 4, 5, 6, 7], 8);
        assert_eq!(space.states(), 362_880);
        // One tile on 2x2: the three free cells always connect.
        assert_eq!(Space::new(2, 2, &[0], 3).states(), 4);
    }
}
