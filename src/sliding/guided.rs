//! IDA* over additive pattern databases: the optimal solver for boards too large for an
//! exact table.
//!
//! The bound of a position is the sum of its patterns' database values. The board's
//! symmetries give more bounds for free: a symmetry that carries the target's blank
//! cell to the databases' goal blank maps every sequence of slides to one of the same
//! length, so the databases looked up through it bound the position as well, and the
//! largest of these sums is still admissible (for a square board's corner, the
//! reflection about the diagonal through it).
//!
//! A move slides one tile, so only the pattern holding that tile needs a new lookup;
//! the position keeps every pattern's value up to date, and the two parts of its
//! database index ([`crate::rank::placement`]): the cells the tiles cover, and their
//! order, which a slide changes only when the tile passes others (a vertical slide in
//! the frame's cells), and then only by the tiles on the cells it passes. Nothing else
//! is kept, so that a child, a copy of its parent, stays small.

use super::pattern::{Pattern, PatternDb};
use super::{Board, Slide, BLANK, MAX_CELLS};
use crate::rank::placement;
use crate::search::{self, ida_star, Child, Children, Every, Found, Outcome, Problem, Settings};

/// The most lookups through symmetries a position keeps.
const MAX_FRAMES: usize = 2;
/// The most patterns in a partition.
pub const MAX_PATTERNS: usize = 5;

/// Every map of a `W` x `H` board onto itself that keeps neighbours neighbours: `map[c]`
/// is where cell `c` goes. The identity comes first.
pub fn symmetries<const W: usize, const H: usize>() -> Vec<[u8; MAX_CELLS]> {
    let mut maps = Vec::new();
    for transpose in [false, true] {
        if transpose && W != H {
            continue;
        }
        for (flip_rows, flip_cols) in [(false, false), (true, true), (true, false), (false, true)] {
            let mut map = [0; MAX_CELLS];
            for (cell, image) in map[..W * H].iter_mut().enumerate() {
                let (mut r, mut c) = (cell / W, cell % W);
                if transpose {
                    (r, c) = (c, r);
                }
                if flip_rows {
                    r = H - 1 - r;
                }
                if flip_cols {
                    c = W - 1 - c;
                }
                *image = (r * W + c) as u8;
            }
            maps.push(map);
        }
    }
    maps
}

/// The blank cell of the databases that serve goals with their blank on `blank`: the
/// largest cell a symmetry of the board carries it to. Goals whose blanks the
/// symmetries exchange (a square board's four corners, say) share one set of databases.
pub fn database_blank<const W: usize, const H: usize>(blank: usize) -> usize {
    symmetries::<W, H>()
        .iter()
        .map(|map| usize::from(map[blank]))
        .max()
        .unwrap_or(blank)
}

/// The patterns of `groups` of tiles, named as in `goal`, for the databases that guide
/// the search towards it: each tile's home carried by the first symmetry that takes
/// `goal`'s blank to its [`database_blank`] (the frame the search looks up first).
///
/// # Panics
/// If a group is empty, larger than [`crate::sliding::pattern::MAX_TILES`], or names
/// the blank or a tile twice.
pub fn tile_patterns<const W: usize, const H: usize>(
    groups: &[Vec<u8>],
    goal: &Board<W, H>,
) -> Vec<Pattern<W, H>> {
    let goal_blank = database_blank::<W, H>(goal.blank());
    let symmetry = symmetries::<W, H>()
        .into_iter()
        .find(|map| usize::from(map[goal.blank()]) == goal_blank)
        .expect("database_blank is a symmetry's image");
    let homes = goal.homes();
    groups
        .iter()
        .map(|tiles| {
            let cells: Vec<u8> = tiles
                .iter()
                .map(|&t| symmetry[usize::from(homes[usize::from(t)])])
                .collect();
            Pattern::new(&cells, goal_blank)
        })
        .collect()
}

/// The shortest, lexicographically smallest slides from `start` to `target`, by IDA*
/// over `databases` (a partition's patterns for `target`, as [`tile_patterns`] gives
/// them) within `settings`; [`Outcome::Unreachable`] when no slides join them.
///
/// # Panics
/// If the databases do not partition the tiles of the goal with the target's
/// [`database_blank`].
pub fn search<D: AsRef<[u8]> + Sync, const W: usize, const H: usize>(
    databases: &[PatternDb<D, W, H>],
    start: &Board<W, H>,
    target: &Board<W, H>,
    settings: &Settings,
) -> Outcome<Found<Slide>> {
    if !start.reaches(target) {
        return Outcome::Unreachable { nodes: 0 };
    }
    let guide = Guide::new(databases, target).expect("databases of the target's blank cell");
    search::search(&guide, &guide.position(start), settings)
}

/// Every shortest slide sequence from `start` to `target` (counted; listed in letter
/// order if `list`), as [`search()`] finds the first.
///
/// # Panics
/// As [`search()`].
pub fn every_shortest<D: AsRef<[u8]> + Sync, const W: usize, const H: usize>(
    databases: &[PatternDb<D, W, H>],
    start: &Board<W, H>,
    target: &Board<W, H>,
    settings: &Settings,
    list: bool,
) -> Outcome<Every<Slide>> {
    if !start.reaches(target) {
        return Outcome::Unreachable { nodes: 0 };
    }
    let guide = Guide::new(databases, target).expect("databases of the target's blank cell");
    search::every_shortest(&guide, &guide.position(start), settings, list)
}

/// One way of looking a position up: through a symmetry of the board.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Where each cell goes.
    cell: [u8; MAX_CELLS],
    /// The cell that goes to each cell.
    uncell: [u8; MAX_CELLS],
    /// Each tile's slot: its place among the patterns' tiles, in pattern order.
    slot: [u8; MAX_CELLS],
}

/// A position with every pattern's placement and value, in every frame.
#[derive(Clone, Copy, Debug)]
pub struct Position<const W: usize, const H: usize> {
    board: Board<W, H>,
    blank: u8,
    /// `covered[f][p]`: the cells (in frame `f`) of pattern `p`'s tiles.
    covered: [[u32; MAX_PATTERNS]; MAX_FRAMES],
    /// `order[f][p]`: the order of pattern `p`'s tiles on them.
    order: [[u16; MAX_PATTERNS]; MAX_FRAMES],
    /// `value[f][p]`: pattern `p`'s database value in frame `f`.
    value: [[u8; MAX_PATTERNS]; MAX_FRAMES],
    /// `sum[f]`: the values' sum in frame `f`.
    sum: [u16; MAX_FRAMES],
}

/// IDA* towards one target, guided by a partition's databases.
pub struct Guide<'a, D, const W: usize, const H: usize> {
    databases: &'a [PatternDb<D, W, H>],
    frames: Vec<Frame>,
    /// `first[p]..first[p + 1]`: the slots of pattern `p`.
    first: [usize; MAX_PATTERNS + 1],
    /// The pattern of each slot.
    pattern_of: [u8; MAX_CELLS],
}

impl<'a, D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Guide<'a, D, W, H> {
    /// A guide towards `target` from `databases`, which must partition the tiles of the
    /// goal with their blank cell, and whose goal blank some symmetry carries the
    /// target's blank to. `None` if they do not fit the target.
    pub fn new(databases: &'a [PatternDb<D, W, H>], target: &Board<W, H>) -> Option<Self> {
        let goal_blank = databases.first()?.pattern.goal_blank();
        if databases.len() > MAX_PATTERNS
            || databases
                .iter()
                .any(|db| db.pattern.goal_blank() != goal_blank)
        {
            return None;
        }
        let mut first = [0; MAX_PATTERNS + 1];
        let mut pattern_of = [u8::MAX; MAX_CELLS];
        // The slot of each database home cell.
        let mut slot_of_home = [u8::MAX; MAX_CELLS];
        let mut slots = 0;
        for (p, db) in databases.iter().enumerate() {
            first[p] = slots;
            for &home in db.pattern.cells() {
                if slot_of_home[usize::from(home)] != u8::MAX {
                    return None; // The patterns overlap.
                }
                slot_of_home[usize::from(home)] = slots as u8;
                pattern_of[slots] = p as u8;
                slots += 1;
            }
        }
        first[databases.len()..].fill(slots);
        if slots != W * H - 1 {
            return None; // Some tile is in no pattern.
        }
        let homes = target.homes();
        let frames: Vec<Frame> = symmetries::<W, H>()
            .into_iter()
            .filter(|map| usize::from(map[usize::from(homes[0])]) == goal_blank)
            .take(MAX_FRAMES)
            .map(|cell| {
                let mut slot = [u8::MAX; MAX_CELLS];
                for tile in 1..W * H {
                    let home = cell[usize::from(homes[tile])];
                    slot[tile] = slot_of_home[usize::from(home)];
                }
                let mut uncell = [0; MAX_CELLS];
                for (from, &to) in cell[..W * H].iter().enumerate() {
                    uncell[usize::from(to)] = from as u8;
                }
                Frame { cell, uncell, slot }
            })
            .collect();
        if frames.is_empty() {
            return None;
        }
        Some(Guide {
            databases,
            frames,
            first,
            pattern_of,
        })
    }

    /// The position of `board`, every pattern looked up.
    pub fn position(&self, board: &Board<W, H>) -> Position<W, H> {
        let mut position = Position {
            board: *board,
            blank: board.blank() as u8,
            covered: [[0; MAX_PATTERNS]; MAX_FRAMES],
            order: [[0; MAX_PATTERNS]; MAX_FRAMES],
            value: [[0; MAX_PATTERNS]; MAX_FRAMES],
            sum: [0; MAX_FRAMES],
        };
        for (f, frame) in self.frames.iter().enumerate() {
            // The cell (in the frame) of the tile in each slot.
            let mut place = [0; MAX_CELLS];
            for (cell, &tile) in board.cells().iter().enumerate() {
                if tile != BLANK {
                    place[usize::from(frame.slot[usize::from(tile)])] = frame.cell[cell];
                }
            }
            for p in 0..self.databases.len() {
                let cells = &place[self.first[p]..self.first[p + 1]];
                position.covered[f][p] = cells.iter().fold(0, |mask, &c| mask | 1 << c);
                position.order[f][p] = placement::order_rank(cells) as u16;
                position.value[f][p] = self.look_up(&position, f, p);
                position.sum[f] += u16::from(position.value[f][p]);
            }
        }
        position
    }

    #[inline]
    fn look_up(&self, position: &Position<W, H>, frame: usize, pattern: usize) -> u8 {
        let (covered, order) = (
            position.covered[frame][pattern],
            position.order[frame][pattern],
        );
        self.databases[pattern].value_of(covered, order.into())
    }

    /// The largest over the frames of the patterns' sum.
    #[inline]
    fn bound(&self, position: &Position<W, H>) -> u32 {
        position.sum[..self.frames.len()]
            .iter()
            .copied()
            .max()
            .map_or(0, u32::from)
    }

    /// The order of `pattern`'s tiles in `frame` after the tile in `slot` slid from
    /// frame cell `from` to `onto`, across a row of the frame, on `board` as it is
    /// after the slide: the tiles of the pattern on the cells between changed places
    /// with it.
    #[inline]
    fn order_after_slide(
        &self,
        board: &Board<W, H>,
        frame: &Frame,
        (pattern, order): (usize, u16),
        slot: usize,
        (from, onto): (u8, u8),
    ) -> u16 {
        let first = self.first[pattern];
        let cells = board.cells();
        let passed = (from.min(onto) + 1..from.max(onto)).filter_map(|between| {
            let tile = cells[usize::from(frame.uncell[usize::from(between)])];
            let other = usize::from(frame.slot[usize::from(tile)]);
            (usize::from(self.pattern_of[other]) == pattern).then(|| other - first)
        });
        let k = self.first[pattern + 1] - first;
        placement::order_after_pass(order, k, slot - first, passed, from < onto)
    }

    /// The lower bound of `board`: the largest over the frames of its patterns' sum.
    pub fn lower_bound(&self, board: &Board<W, H>) -> u32 {
        self.bound(&self.position(board))
    }

    /// The shortest, lexicographically smallest slides from `start` to the target, and
    /// the nodes it took. The two must reach each other.
    pub fn solve(&self, start: &Board<W, H>) -> Option<Found<Slide>> {
        ida_star(self, &self.position(start))
    }
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Problem for Guide<'_, D, W, H> {
    type State = Position<W, H>;
    type Move = Slide;

    #[inline]
    fn lower_bound(&self, position: &Position<W, H>) -> u32 {
        self.bound(position)
    }

    /// Every child is made first and looked up after, frame by frame, so that the
    /// lookups of one frame do not wait on each other and their cache misses overlap.
    /// A child whose bound already exceeds `enough` is not looked up in further frames.
    #[inline]
    fn expand(
        &self,
        position: &Position<W, H>,
        skip: Option<Slide>,
        enough: u32,
        children: &mut Children<Position<W, H>, Slide>,
    ) {
        let blank = usize::from(position.blank);
        // The tile each child slid, and the cell it left.
        let mut slid = [(0u8, 0usize); Slide::ALL.len()];
        for &step in &Slide::ALL {
            if Some(step) == skip {
                continue;
            }
            let Some(to) = step.target(blank, W, H) else {
                continue;
            };
            // Made in its place among the children: a position is copied once.
            children.push(Child {
                step,
                state: *position,
                bound: 0,
            });
            let c = children.len() - 1;
            let next = &mut children[c].state;
            slid[c] = (next.board.slide(blank, to), to);
            next.blank = to as u8;
        }
        let mut open = [true; Slide::ALL.len()];
        for (f, frame) in self.frames.iter().enumerate() {
            let mut moved_pattern = [0usize; Slide::ALL.len()];
            for (c, child) in children.iter_mut().enumerate() {
                if !open[c] {
                    continue;
                }
                let (tile, to) = slid[c];
                let next = &mut child.state;
                let slot = usize::from(frame.slot[usize::from(tile)]);
                let (from, onto) = (frame.cell[to], frame.cell[blank]);
                let pattern = usize::from(self.pattern_of[slot]);
                next.covered[f][pattern] ^= 1 << from | 1 << onto;
                if from.abs_diff(onto) != 1 {
                    let order = (pattern, next.order[f][pattern]);
                    next.order[f][pattern] =
                        self.order_after_slide(&next.board, frame, order, slot, (from, onto));
                }
                moved_pattern[c] = pattern;
            }
            for (c, child) in children.iter_mut().enumerate() {
                if !open[c] {
                    continue;
                }
                let next = &mut child.state;
                let pattern = moved_pattern[c];
                let value = self.look_up(next, f, pattern);
                let old = std::mem::replace(&mut next.value[f][pattern], value);
                next.sum[f] = next.sum[f] + u16::from(value) - u16::from(old);
                child.bound = child.bound.max(u32::from(next.sum[f]));
                open[c] = child.bound <= enough;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Position;

    #[test]
    fn a_position_is_small_enough_to_be_copied_inline() {
        // Each child is a copy of its parent; past 128 bytes the copy becomes a call.
        // Arrays hold MAX_CELLS cells whatever the board, so every size is as large.
        let sizes = [
            std::mem::size_of::<Position<4, 4>>(),
            std::mem::size_of::<Position<5, 5>>(),
        ];
        assert_eq!(sizes, [100, 100]);
        assert!(sizes.iter().all(|&size| size <= 128));
    }
}
