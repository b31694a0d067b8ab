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

/// The most tiles a slide passes in a frame's reading order: a slide across the
/// frame's rows passes the rest of a row, at most 4 on a board 5 cells wide.
const MAX_PASSED: usize = 4;

/// What one slide does in one frame, worked out once for every blank cell.
#[derive(Clone, Copy, Debug, Default)]
struct FrameSlide {
    /// The frame cells the slid tile leaves and takes: its pattern's mask changes by
    /// both.
    flip: u32,
    /// 1 if the tile goes to a higher frame cell, -1 if to a lower one.
    sign: i32,
    /// The board cells of the tiles it passes in the frame's reading order: the rest of
    /// a row, `W - 1` cells, for a slide across the frame's rows. A slide along them
    /// passes none, and its slots, like any unused one, name the cell the tile leaves,
    /// which holds the blank once it slid: the blank changes no order
    /// ([`placement::PASS`]), so every slide reads `W - 1` slots.
    passed: [u8; MAX_PASSED],
}

/// One way of looking a position up: through a symmetry of the board.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Where each cell goes.
    cell: [u8; MAX_CELLS],
    /// Each tile's pattern, and its place among that pattern's tiles.
    tile: [(u8, u8); MAX_CELLS],
    /// `pass[t][u]`: what tile `t` going to a higher frame cell past tile `u` adds to
    /// the order of `t`'s pattern ([`placement::PASS`]): nothing unless that pattern
    /// holds `u` too (and `u` is not `t`), so that a slide reads every slot it has
    /// without asking whose tile, or the blank, lies there.
    pass: [[i16; MAX_CELLS]; MAX_CELLS],
    /// `slide[blank][s]`: what slide `s` (in letter order) does from `blank`.
    slide: [[FrameSlide; Slide::ALL.len()]; MAX_CELLS],
}

impl Frame {
    /// The frame of the symmetry `cell`, `tile` placing each tile in its pattern of
    /// `tiles[p]` tiles.
    fn new<const W: usize, const H: usize>(
        cell: [u8; MAX_CELLS],
        tile: [(u8, u8); MAX_CELLS],
        tiles: &[usize; MAX_PATTERNS],
    ) -> Self {
        let mut uncell = [0; MAX_CELLS];
        for (from, &to) in cell[..W * H].iter().enumerate() {
            uncell[usize::from(to)] = from as u8;
        }
        let mut slide = [[FrameSlide::default(); Slide::ALL.len()]; MAX_CELLS];
        for (blank, slides) in slide[..W * H].iter_mut().enumerate() {
            for (step, what) in Slide::ALL.iter().zip(slides) {
                let Some(to) = step.target(blank, W, H) else {
                    continue;
                };
                // The tile on `to` slides onto the blank's cell.
                let (from, onto) = (cell[to], cell[blank]);
                let between = from.min(onto) + 1..from.max(onto);
                what.flip = 1 << from | 1 << onto;
                what.sign = if from < onto { 1 } else { -1 };
                debug_assert!(
                    between.is_empty() || between.len() == W - 1,
                    "a slide passes no tile or the rest of a row"
                );
                what.passed = [to as u8; MAX_PASSED];
                for (passed, frame_cell) in what.passed.iter_mut().zip(between) {
                    *passed = uncell[usize::from(frame_cell)];
                }
            }
        }
        let mut pass = [[0; MAX_CELLS]; MAX_CELLS];
        for t in 1..W * H {
            let (pattern, moved) = tile[t];
            let k = tiles[usize::from(pattern)];
            for u in (1..W * H).filter(|&u| u != t && tile[u].0 == pattern) {
                let weight = placement::PASS[k][usize::from(moved)][usize::from(tile[u].1)];
                pass[t][u] = weight as i16; // At most 7!, and 5040 fits.
            }
        }
        Frame {
            cell,
            tile,
            pass,
            slide,
        }
    }
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
    /// Between a slide and its lookups: the pattern it moved in each frame, and that
    /// pattern's new database index.
    moved: [u8; MAX_FRAMES],
    index: [u64; MAX_FRAMES],
}

/// IDA* towards one target, guided by a partition's databases.
pub struct Guide<'a, D, const W: usize, const H: usize> {
    databases: &'a [PatternDb<D, W, H>],
    frames: Vec<Frame>,
    /// `steps[blank][skip]`: the slides from `blank` but the one `skip` is the index
    /// of ([`Slide::ALL.len()`] for none).
    steps: [[Steps; Slide::ALL.len() + 1]; MAX_CELLS],
    /// The number of tiles of each pattern.
    tiles: [usize; MAX_PATTERNS],
    /// Whether to ask for the children's entries ahead of their bounds.
    ask_ahead: bool,
}

/// The slides that may follow one, from one blank cell, in letter order.
#[derive(Clone, Copy, Debug)]
struct Steps {
    len: u8,
    /// Each slide, and the cell it takes the blank to.
    step: [(Slide, u8); Slide::ALL.len()],
}

impl Steps {
    const NONE: Steps = Steps {
        len: 0,
        step: [(Slide::ALL[0], 0); Slide::ALL.len()],
    };

    fn iter(&self) -> impl Iterator<Item = (Slide, usize)> + '_ {
        self.step[..usize::from(self.len)]
            .iter()
            .map(|&(step, to)| (step, usize::from(to)))
    }
}

/// A partition with a database of this many entries or more asks ahead for the entries
/// its children will look up ([`Problem::ask_ahead`]). Set by measurement, one run each:
/// 7-8 (a 519 M-entry database, nearly every lookup a miss to main memory) searched the
/// 80-move boards 1.25x faster with it on one thread; 6-6-6-6 (four of 128 M, whose
/// entries in use mostly stay cached) searched Korf's 24-puzzle instance 40 1.1x
/// slower on two, and 6-6-3 (12 M in all) Korf's first 40 1.04x slower on one: there
/// the subtrees side by side cost more than the waits they save.
const ASK_AHEAD_FROM: u64 = 256 << 20;

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
        let mut tiles = [0; MAX_PATTERNS];
        // The pattern of each database home cell, and the tile's place in it.
        let mut place_of_home = [None; MAX_CELLS];
        for (p, db) in databases.iter().enumerate() {
            tiles[p] = db.pattern.cells().len();
            for (i, &home) in db.pattern.cells().iter().enumerate() {
                if place_of_home[usize::from(home)]
                    .replace((p as u8, i as u8))
                    .is_some()
                {
                    return None; // The patterns overlap.
                }
            }
        }
        if tiles.iter().sum::<usize>() != W * H - 1 {
            return None; // Some tile is in no pattern.
        }
        let homes = target.homes();
        let frames: Vec<Frame> = symmetries::<W, H>()
            .into_iter()
            .filter(|map| usize::from(map[usize::from(homes[0])]) == goal_blank)
            .take(MAX_FRAMES)
            .map(|cell| {
                let mut tile = [(0, 0); MAX_CELLS];
                for (t, place) in tile.iter_mut().enumerate().take(W * H).skip(1) {
                    let home = cell[usize::from(homes[t])];
                    *place = place_of_home[usize::from(home)].expect("every tile placed");
                }
                Frame::new::<W, H>(cell, tile, &tiles)
            })
            .collect();
        if frames.is_empty() {
            return None;
        }
        let mut steps = [[Steps::NONE; Slide::ALL.len() + 1]; MAX_CELLS];
        for (blank, by_skip) in steps[..W * H].iter_mut().enumerate() {
            for (skip, steps) in by_skip.iter_mut().enumerate() {
                for step in Slide::ALL {
                    if let (Some(to), false) = (step.target(blank, W, H), step.index() == skip) {
                        steps.step[usize::from(steps.len)] = (step, to as u8);
                        steps.len += 1;
                    }
                }
            }
        }
        let largest = databases.iter().map(|db| db.pattern.placements()).max();
        Some(Guide {
            databases,
            frames,
            steps,
            tiles,
            ask_ahead: largest >= Some(ASK_AHEAD_FROM),
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
            moved: [0; MAX_FRAMES],
            index: [0; MAX_FRAMES],
        };
        for (f, frame) in self.frames.iter().enumerate() {
            // The cells (in the frame) of each pattern's tiles, in pattern order.
            let mut place = [[0; placement::MAX_TILES]; MAX_PATTERNS];
            for (cell, &tile) in board.cells().iter().enumerate() {
                if tile != BLANK {
                    let (p, i) = frame.tile[usize::from(tile)];
                    place[usize::from(p)][usize::from(i)] = frame.cell[cell];
                }
            }
            for p in 0..self.databases.len() {
                let cells = &place[p][..self.tiles[p]];
                position.covered[f][p] = cells.iter().fold(0, |mask, &c| mask | 1 << c);
                position.order[f][p] = placement::order_rank(cells) as u16;
                let index =
                    self.databases[p].index_of(position.covered[f][p], position.order[f][p].into());
                position.value[f][p] = self.databases[p].value_at(index);
                position.sum[f] += u16::from(position.value[f][p]);
            }
        }
        position
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

    /// The pattern of `tile` in frame `f`, and that pattern's cells and order once the
    /// tile slid onto the blank's cell by slide `step` (in letter order) from `blank`.
    /// `position` holds the board after the slide and the pattern as it was before.
    #[inline(always)]
    fn after_slide(
        &self,
        position: &Position<W, H>,
        (f, frame): (usize, &Frame),
        tile: u8,
        (blank, step): (usize, usize),
    ) -> (usize, u32, u16) {
        let pattern = usize::from(frame.tile[usize::from(tile)].0);
        let what = &frame.slide[blank][step];
        let covered = position.covered[f][pattern] ^ what.flip;
        // The pattern's tiles passed change places with the slid one. Every slot is
        // read and added, whatever lies there: whether a passed tile is the pattern's
        // is anyone's guess, and a branch on it was a third of the search's mispredicted
        // branches.
        let pass = &frame.pass[usize::from(tile)];
        let mut delta = 0;
        for &cell in &what.passed[..W - 1] {
            delta += i32::from(pass[usize::from(position.board.tile(cell.into()))]);
        }
        let order = (i32::from(position.order[f][pattern]) + what.sign * delta) as u16;
        (pattern, covered, order)
    }

    /// The slides from `blank` but `skip`.
    #[inline]
    fn steps(&self, blank: usize, skip: Option<Slide>) -> &Steps {
        &self.steps[blank][skip.map_or(Slide::ALL.len(), Slide::index)]
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

    /// Each child's moved pattern gets its new index in every frame; its entries are
    /// asked for ahead where that pays, and read by [`Problem::bound_children`].
    #[inline]
    fn expand(
        &self,
        position: &Position<W, H>,
        skip: Option<Slide>,
        children: &mut Children<Position<W, H>, Slide>,
    ) {
        let blank = usize::from(position.blank);
        for (step, to) in self.steps(blank, skip).iter() {
            // Made in its place among the children: a position is copied once.
            children.push(Child {
                step,
                state: *position,
                bound: 0,
            });
            let next = &mut children.last_mut().expect("just pushed").state;
            let tile = next.board.slide(blank, to);
            next.blank = to as u8;
            for (f, frame) in self.frames.iter().enumerate() {
                let (pattern, covered, order) =
                    self.after_slide(next, (f, frame), tile, (blank, step.index()));
                next.covered[f][pattern] = covered;
                next.order[f][pattern] = order;
                next.moved[f] = pattern as u8;
                next.index[f] = self.databases[pattern].index_of(covered, order.into());
            }
        }
    }

    /// Every child is looked up in every frame, even one the first frame already
    /// prunes: whether it does is the search's least predictable branch, and taken
    /// before the reflected lookup it cost more than that lookup (the lookups of one
    /// node do not wait on each other; a mispredicted branch on a value waits on its
    /// load).
    #[inline]
    fn bound_children(&self, children: &mut Children<Position<W, H>, Slide>) {
        for child in children {
            let next = &mut child.state;
            for f in 0..self.frames.len() {
                let pattern = usize::from(next.moved[f]);
                let value = self.databases[pattern].value_at(next.index[f]);
                let old = std::mem::replace(&mut next.value[f][pattern], value);
                next.sum[f] = next.sum[f] + u16::from(value) - u16::from(old);
                child.bound = child.bound.max(u32::from(next.sum[f]));
            }
        }
    }

    #[inline]
    fn ask_ahead(&self, children: &Children<Position<W, H>, Slide>) {
        for child in children {
            for f in 0..self.frames.len() {
                let pattern = usize::from(child.state.moved[f]);
                self.databases[pattern].prefetch(child.state.index[f]);
            }
        }
    }

    fn asks_ahead(&self) -> bool {
        self.ask_ahead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::pattern::Pattern;
    use crate::sliding::random_walk;
    use crate::table::in_memory;
    use rand::SeedableRng;

    #[test]
    fn every_childs_lookups_equal_a_fresh_ranking() {
        // 3x3, goal blank on the last cell, three patterns: every frame and pattern
        // serves.
        let goal = Board::<3, 3>::canonical(8);
        let databases: Vec<_> = [&[0u8, 1, 3][..], &[2, 4, 5], &[6, 7]]
            .iter()
            .map(|cells| {
                let pattern = Pattern::<3, 3>::new(cells, 8);
                let table = in_memory(&pattern).unwrap();
                PatternDb { pattern, table }
            })
            .collect();
        let guide = Guide::new(&databases, &goal).unwrap();
        assert_eq!(
            guide.frames.len(),
            2,
            "the identity and the diagonal's reflection"
        );
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        for length in 0..300 {
            let board = random_walk(&mut rng, &goal, length % 40);
            let parent = guide.position(&board);
            let mut children = Children::new();
            guide.expand(&parent, None, &mut children);
            guide.bound_children(&mut children);
            for child in &children {
                // Computed afresh: what the incremental updates must equal.
                let fresh = guide.position(&child.state.board);
                for f in 0..guide.frames.len() {
                    assert_eq!(child.state.covered[f], fresh.covered[f], "{board} {length}");
                    assert_eq!(child.state.order[f], fresh.order[f], "{board} {length}");
                    assert_eq!(child.state.value[f], fresh.value[f], "{board} {length}");
                    assert_eq!(child.state.sum[f], fresh.sum[f], "{board} {length}");
                }
                assert_eq!(child.bound, guide.bound(&fresh));
            }
        }
    }

    #[test]
    fn a_position_is_small_enough_to_be_copied_inline() {
        // Each child is a copy of its parent; past 128 bytes the copy becomes a call.
        // Arrays hold MAX_CELLS cells whatever the board, so every size is as large.
        let sizes = [
            std::mem::size_of::<Position<4, 4>>(),
            std::mem::size_of::<Position<5, 5>>(),
        ];
        assert_eq!(sizes, [120, 120]);
        assert!(sizes.iter().all(|&size| size <= 128));
    }
}
