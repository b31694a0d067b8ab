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
//! A catalogue adds several partitions of the tiles: each is admissible, so the
//! largest of their sums, in every frame, is too. Its groups overlap across
//! partitions, and each distinct group is looked up once however many share it.
//!
//! Paths holding a detour (a slide sequence with a shorter twin, or one as long and
//! earlier in letter order: [`crate::sliding::detours`]) are never the answer and are
//! not searched; searches for every shortest answer drop inverse slides only.
//!
//! A move slides one tile, so only the patterns holding that tile need a new lookup
//! (one in a partition, a few in a catalogue); the position keeps every pattern's
//! value and every sum up to date, and the two parts of each database index
//! ([`crate::rank::placement`]): the cells the tiles cover, and their order, which a
//! slide changes only when the tile passes others (a vertical slide in the frame's
//! cells), and then only by the tiles on the cells it passes. Nothing else is kept, so
//! that a child, a copy of its parent, stays small (`guide.rs`; the symmetries' tables
//! in `frame.rs`).

mod frame;
mod guide;

pub use guide::{Guide, GuideError, GuidedBoard};

use super::detours::Detours;
use super::pattern::{Pattern, PatternDb};
use super::{Board, Slide, MAX_CELLS};
use crate::search::{self, Cut, Every, Found, Outcome, Settings, TaskOutcome};

/// The most lookups through symmetries a position keeps.
const MAX_FRAMES: usize = 2;
/// The most patterns in a partition.
pub const MAX_PATTERNS: usize = 5;
/// The most splits in a catalogue.
pub const MAX_SUMS: usize = 16;
/// The most distinct patterns in a catalogue.
pub const MAX_SUM_PATTERNS: usize = 24;
/// The most patterns of a catalogue that hold one tile.
pub const MAX_MEMBERSHIPS: usize = 8;
/// The most patterns a guide of any shape holds.
const MAX_PATTERNS_ANY: usize = MAX_SUM_PATTERNS;
/// The sums a catalogue's position keeps: each split's, in each frame.
const WIDE_SUMS: usize = MAX_SUMS * MAX_FRAMES;

/// Runs `$run` with `$guide` bound to the guide of `$splits` of `$databases` towards
/// `$target`, dropping detours of up to `$detours` slides (by default
/// [`Detours::LENGTH`]), in the shape that fits: one partition's (small positions, one
/// pattern a tile), or a catalogue's.
macro_rules! with_guide {
    ($databases:expr, $splits:expr, $target:expr, |$guide:ident| $run:expr) => {
        with_guide!(
            $databases,
            $splits,
            $target,
            Detours::<W, H>::LENGTH,
            |$guide| $run
        )
    };
    ($databases:expr, $splits:expr, $target:expr, $detours:expr, |$guide:ident| $run:expr) => {
        // The callers' contract (their `# Panics`) is that the databases fit.
        if let [_] = $splits {
            let $guide = Guide::<_, W, H>::dropping($databases, $splits, $target, $detours)
                .unwrap_or_else(|e| panic!("a partition's databases that do not fit: {e}"));
            $run
        } else {
            let $guide = Guide::<_, W, H, MAX_SUM_PATTERNS, WIDE_SUMS, MAX_MEMBERSHIPS>::dropping(
                $databases, $splits, $target, $detours,
            )
            .unwrap_or_else(|e| panic!("a catalogue's databases that do not fit: {e}"));
            $run
        }
    };
}

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
/// over `databases` (the patterns for `target`, as [`tile_patterns`] or
/// [`crate::sliding::Partition::sums`] gives them) within `settings`, bounded by the
/// largest sum of `splits` (each the places in `databases` of the patterns of one
/// partition); [`Outcome::Unreachable`] when no slides join them.
///
/// # Panics
/// If a split does not partition the tiles of the goal with the target's
/// [`database_blank`], or a catalogue exceeds [`MAX_SUMS`], [`MAX_SUM_PATTERNS`] or
/// [`MAX_MEMBERSHIPS`].
pub fn search<D: AsRef<[u8]> + Sync, const W: usize, const H: usize>(
    databases: &[PatternDb<D, W, H>],
    splits: &[Vec<usize>],
    start: &Board<W, H>,
    target: &Board<W, H>,
    settings: &Settings,
) -> Outcome<Found<Slide>> {
    if !start.reaches(target) {
        return Outcome::Unreachable { nodes: 0 };
    }
    if let [lead, _, ..] = splits {
        // A catalogue: each iteration under it or its first split alone, whichever
        // searches faster ([`search::search_either`]).
        let lead: Vec<_> = lead.iter().map(|&p| databases[p].borrowed()).collect();
        let cheap = Guide::<_, W, H>::new(&lead, target)
            .unwrap_or_else(|e| panic!("a catalogue's first split that does not fit: {e}"));
        return with_guide!(databases, splits, target, |strong| {
            let cheap = (&cheap, &cheap.position(start));
            search::search_either(cheap, (&strong, &strong.position(start)), settings)
        });
    }
    with_guide!(databases, splits, target, |guide| {
        search::search(&guide, &guide.position(start), settings)
    })
}

/// Every shortest slide sequence from `start` to `target` (counted; listed in letter
/// order if `list`), as [`search()`] finds the first.
///
/// # Panics
/// As [`search()`].
pub fn every_shortest<D: AsRef<[u8]> + Sync, const W: usize, const H: usize>(
    databases: &[PatternDb<D, W, H>],
    splits: &[Vec<usize>],
    start: &Board<W, H>,
    target: &Board<W, H>,
    settings: &Settings,
    list: bool,
) -> Outcome<Every<Slide>> {
    if !start.reaches(target) {
        return Outcome::Unreachable { nodes: 0 };
    }
    let detours = Detours::<W, H>::INVERSE_SLIDES;
    with_guide!(databases, splits, target, detours, |guide| {
        search::every_shortest(&guide, &guide.position(start), settings, list)
    })
}

/// The bound of `start`'s first iteration: the largest sum of `splits` of `databases`
/// (as [`search()`] takes them), looked up in every frame.
///
/// # Panics
/// As [`search()`].
pub fn lower_bound<D: AsRef<[u8]> + Sync, const W: usize, const H: usize>(
    databases: &[PatternDb<D, W, H>],
    splits: &[Vec<usize>],
    start: &Board<W, H>,
    target: &Board<W, H>,
) -> u32 {
    with_guide!(databases, splits, target, |guide| guide.lower_bound(start))
}

/// The iteration at `bound` from `start` towards `target` cut into at least `tasks`
/// tasks, split by the sizes of the tasks `before` ([`search::cut`]), under the bound
/// [`search()`] uses.
///
/// # Panics
/// As [`search()`].
pub fn cut<D: AsRef<[u8]> + Sync, const W: usize, const H: usize>(
    databases: &[PatternDb<D, W, H>],
    splits: &[Vec<usize>],
    start: &Board<W, H>,
    target: &Board<W, H>,
    bound: u32,
    tasks: usize,
    before: &[(Vec<Slide>, u64)],
) -> Cut<Slide> {
    with_guide!(databases, splits, target, |guide| {
        search::cut(&guide, &guide.position(start), bound, tasks, before)
    })
}

/// Searches one task of [`cut`]: the subtree under `prefix` at `bound`
/// ([`search::search_task`]); `None` when `prefix` is not slides the search plays.
///
/// # Panics
/// As [`search()`].
pub fn search_task<D: AsRef<[u8]> + Sync, const W: usize, const H: usize>(
    databases: &[PatternDb<D, W, H>],
    splits: &[Vec<usize>],
    start: &Board<W, H>,
    target: &Board<W, H>,
    bound: u32,
    prefix: &[Slide],
    settings: &Settings,
) -> Option<TaskOutcome<Slide>> {
    with_guide!(databases, splits, target, |guide| {
        search::search_task(&guide, &guide.position(start), bound, prefix, settings)
    })
}
