//! The search's state and its lower bound: a position keeps, in every frame, each
//! pattern's placement (the two parts of its database index) and value, and the sum of
//! each split; a slide updates only the patterns holding the tile it moves.

use super::frame::Frame;
use super::{symmetries, MAX_FRAMES, MAX_PATTERNS, MAX_PATTERNS_ANY};
use crate::rank::placement;
use crate::search::{ida_star, Found};
use crate::sliding::detours::{Detours, Route};
use crate::sliding::pattern::PatternDb;
use crate::sliding::{Board, Slide, BLANK, MAX_CELLS};

/// A position with every pattern's placement and value, in every frame, for `P`
/// patterns, `L` sums (a split's in a frame) and tiles in at most `M` patterns each.
#[derive(Clone, Copy, Debug)]
pub struct GuidedBoard<
    const W: usize,
    const H: usize,
    const P: usize = MAX_PATTERNS,
    const L: usize = MAX_FRAMES,
    const M: usize = 1,
> {
    board: Board<W, H>,
    blank: u8,
    /// Where the slides played stand in the detours ([`Detours`]).
    route: Route,
    /// The tile the last slide moved (none at the start: [`BLANK`]).
    moved: u8,
    /// `covered[f][p]`: the cells (in frame `f`) of pattern `p`'s tiles.
    covered: [[u32; P]; MAX_FRAMES],
    /// `order[f][p]`: the order of pattern `p`'s tiles on them.
    order: [[u16; P]; MAX_FRAMES],
    /// `value[f][p]`: pattern `p`'s database value in frame `f`.
    value: [[u8; P]; MAX_FRAMES],
    /// `sum[l]`: the values' sum of split `l % splits` in frame `l / splits`.
    sum: [u16; L],
    /// Between a slide and its lookups: in each frame, the new database index of each
    /// pattern holding the moved tile ([`Frame::held`] order).
    index: [[u64; M]; MAX_FRAMES],
}

/// The sums a pattern's value counts in, in one frame.
#[derive(Clone, Copy, Debug)]
struct Lanes<const L: usize> {
    len: u8,
    lane: [u8; L],
}

impl<const L: usize> Lanes<L> {
    #[inline(always)]
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.lane[..usize::from(self.len)]
            .iter()
            .map(|&l| usize::from(l))
    }
}

/// IDA* towards one target, guided by the databases of a partition or a catalogue,
/// shaped as [`GuidedBoard`] says (the defaults: one partition).
pub struct Guide<
    'a,
    D,
    const W: usize,
    const H: usize,
    const P: usize = MAX_PATTERNS,
    const L: usize = MAX_FRAMES,
    const M: usize = 1,
> {
    databases: &'a [PatternDb<D, W, H>],
    frames: Vec<Frame<M>>,
    /// The sums kept: each split's in each frame.
    sums: usize,
    /// `lanes[f][p]`: the sums pattern `p`'s value in frame `f` counts in.
    lanes: [[Lanes<L>; P]; MAX_FRAMES],
    /// The paths dropped: those holding a detour.
    detours: Detours<W, H>,
    /// `to[blank][s]`: the cell slide `s` (in letter order) takes the blank to from
    /// `blank`, where it stays on the board.
    to: [[u8; Slide::ALL.len()]; MAX_CELLS],
    /// The number of tiles of each pattern.
    tiles: [usize; MAX_PATTERNS_ANY],
    /// Whether to ask for the children's entries ahead of their bounds.
    ask_ahead: bool,
}

/// A guide with databases of this many entries or more asks ahead for the entries its
/// children will look up ([`Problem::ask_ahead`]). Set by measurement, one run each:
/// 7-8 (a 519 M-entry database, nearly every lookup a miss to main memory) searched the
/// 80-move boards 1.25x faster with it on one thread; 6-6-6-6 (four of 128 M, whose
/// entries in use mostly stay cached) searched Korf's 24-puzzle instance 40 1.1x
/// slower on two, and 6-6-3 (12 M in all) Korf's first 40 1.04x slower on one: there
/// the subtrees side by side cost more than the waits they save. A catalogue's
/// databases count together, since each child reads several of them.
const ASK_AHEAD_FROM: u64 = 256 << 20;

/// Why databases cannot guide a search towards a target in a guide's shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GuideError {
    /// No database was given.
    #[error("no databases")]
    NoDatabases,
    /// More patterns than the shape keeps.
    #[error("{given} patterns, and this guide's shape keeps {most}")]
    TooManyPatterns {
        /// The patterns given.
        given: usize,
        /// The most the shape keeps.
        most: usize,
    },
    /// The databases lead to goals with their blanks on different cells.
    #[error("the databases' goals have their blanks on different cells")]
    GoalBlanks,
    /// A tile is in more patterns than the shape keeps.
    #[error("a tile is in {given} patterns, and this guide's shape keeps {most}")]
    TooManyMemberships {
        /// The patterns holding it.
        given: usize,
        /// The most the shape keeps.
        most: usize,
    },
    /// A split names a pattern that is not among the databases.
    #[error("a split names pattern {0}, which is not among the databases")]
    NoSuchPattern(usize),
    /// A split leaves a tile of the goal out, or holds it twice.
    #[error("a split does not hold each tile of the goal once")]
    NotASplit,
    /// No symmetry carries the target's blank to the databases' goal blank.
    #[error("no symmetry of the board carries the target's blank to the databases' goal blank")]
    NoFrame,
    /// More sums than the shape keeps, or several splits where it keeps one.
    #[error("{splits} splits in {frames} frames, and this guide's shape keeps {most} sums")]
    TooManySums {
        /// The splits given.
        splits: usize,
        /// The frames they are looked up in.
        frames: usize,
        /// The most sums the shape keeps.
        most: usize,
    },
}

impl<'a, D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Guide<'a, D, W, H> {
    /// A guide towards `target` from the databases of one partition, which must split
    /// the tiles of the goal with their blank cell, and whose goal blank some symmetry
    /// carries the target's blank to; the error says how they do not fit.
    pub fn new(
        databases: &'a [PatternDb<D, W, H>],
        target: &Board<W, H>,
    ) -> Result<Self, GuideError> {
        Guide::catalogue(databases, &[(0..databases.len()).collect()], target)
    }
}

impl<
        'a,
        D: AsRef<[u8]> + Sync,
        const W: usize,
        const H: usize,
        const P: usize,
        const L: usize,
        const M: usize,
    > Guide<'a, D, W, H, P, L, M>
{
    /// A guide towards `target` whose bound is the largest of the sums of `splits`
    /// (each the places in `databases` of patterns that split the tiles of the goal),
    /// in every frame; the error says how they do not fit the target or the shape.
    pub fn catalogue(
        databases: &'a [PatternDb<D, W, H>],
        splits: &[Vec<usize>],
        target: &Board<W, H>,
    ) -> Result<Self, GuideError> {
        Self::dropping(databases, splits, target, Detours::<W, H>::LENGTH)
    }

    /// [`Guide::catalogue`], dropping detours of up to `longest` slides ([`Detours`]);
    /// [`Detours::INVERSE_SLIDES`] searches every shortest path, not only the
    /// lexicographically smallest.
    pub fn dropping(
        databases: &'a [PatternDb<D, W, H>],
        splits: &[Vec<usize>],
        target: &Board<W, H>,
        longest: usize,
    ) -> Result<Self, GuideError> {
        let first = databases.first().ok_or(GuideError::NoDatabases)?;
        let goal_blank = first.pattern.goal_blank();
        if databases.len() > P {
            let (given, most) = (databases.len(), P);
            return Err(GuideError::TooManyPatterns { given, most });
        }
        if databases
            .iter()
            .any(|db| db.pattern.goal_blank() != goal_blank)
        {
            return Err(GuideError::GoalBlanks);
        }
        let mut tiles = [0; MAX_PATTERNS_ANY];
        // The patterns holding each database home cell, and the tile's place in each.
        let mut held_at: [Vec<(u8, u8)>; MAX_CELLS] = std::array::from_fn(|_| Vec::new());
        for (p, db) in databases.iter().enumerate() {
            tiles[p] = db.pattern.cells().len();
            for (i, &home) in db.pattern.cells().iter().enumerate() {
                held_at[usize::from(home)].push((p as u8, i as u8));
            }
        }
        if let Some(held) = held_at.iter().find(|held| held.len() > M) {
            let (given, most) = (held.len(), M);
            return Err(GuideError::TooManyMemberships { given, most });
        }
        Self::check_splits(databases, splits, goal_blank)?;
        let homes = target.homes();
        let frames: Vec<Frame<M>> = symmetries::<W, H>()
            .into_iter()
            .filter(|map| usize::from(map[usize::from(homes[0])]) == goal_blank)
            .take(MAX_FRAMES)
            .map(|cell| {
                let tile = std::array::from_fn(|t| match t {
                    0 => Vec::new(),
                    t if t < W * H => held_at[usize::from(cell[usize::from(homes[t])])].clone(),
                    _ => Vec::new(),
                });
                Frame::new::<W, H>(cell, &tile, &tiles)
            })
            .collect();
        if frames.is_empty() {
            return Err(GuideError::NoFrame);
        }
        // The shape of one pattern a tile takes one split ([`Guide::add`]).
        if frames.len() * splits.len() > L || (M == 1 && splits.len() != 1) {
            let (splits, frames) = (splits.len(), frames.len());
            let most = if M == 1 { frames } else { L };
            return Err(GuideError::TooManySums {
                splits,
                frames,
                most,
            });
        }
        let mut to = [[0; Slide::ALL.len()]; MAX_CELLS];
        for (blank, to) in to[..W * H].iter_mut().enumerate() {
            for step in Slide::ALL {
                to[step.index()] = step.target(blank, W, H).unwrap_or(blank) as u8;
            }
        }
        let sums = frames.len() * splits.len();
        let entries: u64 = databases.iter().map(|db| db.pattern.placements()).sum();
        let largest = databases.iter().map(|db| db.pattern.placements()).max();
        Ok(Guide {
            databases,
            lanes: Self::lanes(frames.len(), splits),
            frames,
            sums,
            detours: Detours::up_to(longest),
            to,
            tiles,
            ask_ahead: largest >= Some(ASK_AHEAD_FROM)
                || (splits.len() > 1 && entries >= ASK_AHEAD_FROM),
        })
    }

    /// Refuses a split that is not one: each tile's home in exactly one of its patterns.
    fn check_splits(
        databases: &[PatternDb<D, W, H>],
        splits: &[Vec<usize>],
        goal_blank: usize,
    ) -> Result<(), GuideError> {
        for split in splits {
            let mut homes = vec![0; W * H];
            for &p in split {
                let db = databases.get(p).ok_or(GuideError::NoSuchPattern(p))?;
                for &home in db.pattern.cells() {
                    homes[usize::from(home)] += 1;
                }
            }
            if homes
                .iter()
                .enumerate()
                .any(|(c, &n)| n != usize::from(c != goal_blank))
            {
                return Err(GuideError::NotASplit);
            }
        }
        Ok(())
    }

    /// Each frame's lanes for each pattern: the sums (one a frame and split) a
    /// pattern's lookup adds to.
    fn lanes(frames: usize, splits: &[Vec<usize>]) -> [[Lanes<L>; P]; MAX_FRAMES] {
        let mut lanes = [[Lanes {
            len: 0,
            lane: [0; L],
        }; P]; MAX_FRAMES];
        for f in 0..frames {
            for (s, split) in splits.iter().enumerate() {
                for &p in split {
                    let lanes = &mut lanes[f][p];
                    lanes.lane[usize::from(lanes.len)] = (f * splits.len() + s) as u8;
                    lanes.len += 1;
                }
            }
        }
        lanes
    }

    /// The position of `board`, every pattern looked up.
    pub fn position(&self, board: &Board<W, H>) -> GuidedBoard<W, H, P, L, M> {
        let mut position = GuidedBoard {
            board: *board,
            blank: board.blank() as u8,
            route: self.detours.start(board.blank()),
            moved: BLANK,
            covered: [[0; P]; MAX_FRAMES],
            order: [[0; P]; MAX_FRAMES],
            value: [[0; P]; MAX_FRAMES],
            sum: [0; L],
            index: [[0; M]; MAX_FRAMES],
        };
        for (f, frame) in self.frames.iter().enumerate() {
            // The cells (in the frame) of each pattern's tiles, in pattern order.
            let mut place = [[0; placement::MAX_TILES]; MAX_PATTERNS_ANY];
            for (cell, &tile) in board.cells().iter().enumerate() {
                if tile == BLANK {
                    continue;
                }
                for &(p, i) in frame.held(tile) {
                    place[usize::from(p)][usize::from(i)] = frame.cell[cell];
                }
            }
            for p in 0..self.databases.len() {
                let cells = &place[p][..self.tiles[p]];
                position.covered[f][p] = cells.iter().fold(0, |mask, &c| mask | 1 << c);
                position.order[f][p] = placement::order_rank(cells) as u16;
                let (covered, order) = (position.covered[f][p], position.order[f][p]);
                let blank = usize::from(frame.cell[board.blank()]);
                let index = self.databases[p].index_of(covered, order.into(), blank);
                position.value[f][p] = self.databases[p].value_at(index);
                let value = position.value[f][p];
                self.add(&mut position, (f, p), value.into());
            }
        }
        position
    }

    /// The largest of the sums: over the splits, in every frame.
    #[inline]
    fn bound(&self, position: &GuidedBoard<W, H, P, L, M>) -> u32 {
        position.sum[..self.sums]
            .iter()
            .copied()
            .max()
            .map_or(0, u32::from)
    }

    /// Adds `change` (wrapping) to the sums pattern `p`'s value counts in, in frame
    /// `f`: with one split (the shape of one pattern a tile), the frame's own sum.
    #[inline(always)]
    fn add(&self, position: &mut GuidedBoard<W, H, P, L, M>, (f, p): (usize, usize), change: u16) {
        if M == 1 {
            position.sum[f] = position.sum[f].wrapping_add(change);
        } else {
            for lane in self.lanes[f][p].iter() {
                position.sum[lane] = position.sum[lane].wrapping_add(change);
            }
        }
    }

    /// The `j`th pattern holding `tile` in frame `f`, and that pattern's cells and
    /// order once the tile slid onto the blank's cell by slide `step` (in letter order)
    /// from `blank`. `position` is the one before the slide (the cells the tile passes
    /// are neither the blank's nor its own).
    #[inline(always)]
    fn after_slide(
        &self,
        position: &GuidedBoard<W, H, P, L, M>,
        (f, frame): (usize, &Frame<M>),
        (tile, j): (u8, usize),
        (blank, step): (usize, usize),
    ) -> (usize, u32, u16) {
        let pattern = usize::from(frame.held(tile)[j].0);
        let what = &frame.slide[blank][step];
        let covered = position.covered[f][pattern] ^ what.flip;
        // The pattern's tiles passed change places with the slid one. Every slot is
        // read and added, whatever lies there: whether a passed tile is the pattern's
        // is anyone's guess, and a branch on it was a third of the search's mispredicted
        // branches.
        let pass = &frame.pass[usize::from(tile)][j];
        let mut delta = 0;
        for &cell in &what.passed[..W - 1] {
            delta += i32::from(pass[usize::from(position.board.tile(cell.into()))]);
        }
        let order = (i32::from(position.order[f][pattern]) + what.sign * delta) as u16;
        (pattern, covered, order)
    }

    /// The lower bound of `board`: the largest of its sums.
    pub fn lower_bound(&self, board: &Board<W, H>) -> u32 {
        self.bound(&self.position(board))
    }

    /// The shortest, lexicographically smallest slides from `start` to the target, and
    /// the nodes it took. The two must reach each other.
    pub fn solve(&self, start: &Board<W, H>) -> Option<Found<Slide>> {
        ida_star(self, &self.position(start))
    }
}

mod problem;

#[cfg(test)]
mod tests;
