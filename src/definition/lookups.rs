//! Where a search looks its databases up besides at the position itself: at the
//! position's inverse (the dual lookup) and at its images under the puzzle's
//! symmetries. Each is exactly as far from solved as the position, so each lookup is
//! a bound of it too, and the largest holds. A database sees other pieces at an
//! image (six of the cube's edges at the position are six others at its mirror
//! image), but not always: the whole corner set looks the same from every image, so
//! only the databases whose values differ somewhere on a sample of states are
//! looked up again.

use rand::{rngs::StdRng, Rng, SeedableRng};

use super::located::Located;
use super::model::MOST_CELLS;
use super::space::Viewed;
use super::symmetry::{symmetries, CellMap};
use super::Model;
use crate::search::UNREACHABLE;

/// The states sampled to tell which databases see something new at an image.
const SAMPLES: usize = 256;

/// The turns of each sampled scramble: as deep as searches go where they cost.
const SAMPLE_TURNS: usize = 14;

/// The most images looked up: each costs its databases' lookups again at every
/// child the bound does not prune, so past a few they cost more than they save
/// (the 3x3x3: dual and two mirror images 1.8x faster than none on a 14-turn
/// scramble, all 48 images slower than none).
const MOST_IMAGES: usize = 3;

/// The images a search looks up, each with the databases worth looking up there.
pub struct Lookups {
    images: Vec<(Image, Vec<usize>)>,
}

/// An image of a position.
enum Image {
    /// Its inverse: the piece at each position's home, at the position that piece's
    /// home is, its orientation negated.
    Inverse,
    /// Its image under a symmetry.
    Symmetry(CellMap),
}

impl Lookups {
    /// No images: the position looked up only.
    pub(crate) const fn none() -> Lookups {
        Lookups { images: Vec::new() }
    }

    /// The lookups for `puzzle`'s search over `goals`' databases: none but where it
    /// has one goal and no restrictions (blocks, forbidden pairs and move limits need
    /// not be symmetric).
    pub(crate) fn new<D: AsRef<[u8]>>(puzzle: &Model, goals: &[Vec<Viewed<D>>]) -> Lookups {
        let [databases] = goals else {
            return Lookups::none();
        };
        if puzzle.goals().len() != 1 || !puzzle.definition.restrictions.is_empty() {
            return Lookups::none();
        }
        let mut candidates = Vec::new();
        if inverse_is_as_far(puzzle) {
            candidates.push(Image::Inverse);
        }
        let found = symmetries(puzzle).found;
        let maps = found
            .iter()
            .skip(1)
            .map(|symmetry| CellMap::new(puzzle, symmetry));
        candidates.extend(maps.map(Image::Symmetry));
        let samples = samples(puzzle);
        let bound = |cells: &[u8]| {
            let distances = databases.iter().map(|db| db.distance_of(cells));
            distances.map(u32::from).max().unwrap_or(0)
        };
        // Each sample's bound so far, and each candidate's bounds at the samples.
        let mut best: Vec<u32> = samples.iter().map(|cells| bound(cells)).collect();
        let mut image = vec![0; puzzle.width];
        let mut at: Vec<Vec<u32>> = (candidates.iter())
            .map(|mapping| {
                let at = |cells: &Vec<u8>| {
                    mapping.apply(puzzle, cells, &mut image);
                    bound(&image)
                };
                samples.iter().map(at).collect()
            })
            .collect();
        let mut images = Vec::new();
        while images.len() < MOST_IMAGES {
            let gain = |bounds: &Vec<u32>| -> u32 {
                (bounds.iter().zip(&best))
                    .map(|(&b, &so_far)| b.saturating_sub(so_far))
                    .sum()
            };
            let Some(pick) = (0..at.len())
                .filter(|&c| gain(&at[c]) > 0)
                .max_by_key(|&c| (gain(&at[c]), usize::MAX - c))
            else {
                break;
            };
            let bounds = at.swap_remove(pick);
            let mapping = candidates.swap_remove(pick);
            for (so_far, b) in best.iter_mut().zip(bounds) {
                *so_far = (*so_far).max(b);
            }
            images.push(mapping);
        }
        let images = (images.into_iter())
            .map(|mapping| {
                let mut differ = |db: &Viewed<D>| {
                    samples.iter().any(|cells| {
                        mapping.apply(puzzle, cells, &mut image);
                        db.distance_of(&image) != db.distance_of(cells)
                    })
                };
                let seeing = (0..databases.len())
                    .filter(|&d| differ(&databases[d]))
                    .collect();
                (mapping, seeing)
            })
            .collect();
        Lookups { images }
    }

    /// Whether there is any image to look up.
    pub(crate) fn any(&self) -> bool {
        !self.images.is_empty()
    }

    /// The largest of `bound` and the databases' distances at each image of `cells`,
    /// stopping once past `room`.
    pub(crate) fn refine<D: AsRef<[u8]>>(
        &self,
        puzzle: &Model,
        databases: &[Viewed<D>],
        cells: &[u8],
        bound: u32,
        room: u32,
    ) -> u32 {
        let mut most = bound;
        let mut image = [0u8; MOST_CELLS];
        let image = &mut image[..cells.len()];
        for (mapping, seeing) in &self.images {
            mapping.apply(puzzle, cells, image);
            let located = Located::new(&puzzle.locator, image);
            for &d in seeing {
                let distance = databases[d].distance_located(&located);
                if distance == UNREACHABLE {
                    return u32::MAX;
                }
                most = most.max(u32::from(distance));
                if most > room {
                    return most;
                }
            }
        }
        most
    }
}

impl Image {
    fn apply(&self, puzzle: &Model, cells: &[u8], image: &mut [u8]) {
        match self {
            Image::Symmetry(map) => map.apply(cells, image),
            Image::Inverse => {
                for (s, set) in puzzle.sets().iter().enumerate() {
                    let (at, o) = (puzzle.offsets[s], set.orientations);
                    for i in 0..set.pieces {
                        let home = usize::from(cells[at + i]);
                        image[at + home] = i as u8;
                        image[at + set.pieces + home] = (o - cells[at + set.pieces + i]) % o;
                    }
                }
            }
        }
    }
}

/// Whether a state's inverse is exactly as far from solved: where the one goal is the
/// start, every piece told apart and in its home (label `i` at position `i`, no
/// twist), a state is one element of the turns' group, and where every turn's inverse
/// is a turn, an answer's turns undone in reverse answer the inverse.
fn inverse_is_as_far(puzzle: &Model) -> bool {
    let start = &puzzle.definition.start;
    let home = (start.pieces.iter()).all(|pieces| (0..).zip(pieces).all(|(i, &p)| i == p))
        && start.orientation.iter().flatten().all(|&k| k == 0);
    let goal = &puzzle.goals()[0];
    let whole = (goal.pieces.iter().zip(&start.pieces))
        .all(|(goal, start)| goal.iter().zip(start).all(|(g, s)| *g == Some(*s)))
        && goal.orientation.iter().flatten().all(|k| *k == Some(0));
    let sets = puzzle.sets();
    let actions: Vec<_> = puzzle.turns.iter().map(|turn| &turn.action).collect();
    let undone = actions
        .iter()
        .all(|action| actions.contains(&&action.inverse(sets)));
    home && whole && undone
}

/// Scrambled states to compare databases' values on.
fn samples(puzzle: &Model) -> Vec<Vec<u8>> {
    let mut rng = StdRng::seed_from_u64(1);
    let start = puzzle.flat(&puzzle.definition.start);
    let mut next = vec![0; puzzle.width];
    (0..SAMPLES)
        .map(|_| {
            let mut cells = start.clone();
            for _ in 0..SAMPLE_TURNS {
                puzzle.play(&cells, rng.random_range(0..puzzle.turns.len()), &mut next);
                std::mem::swap(&mut cells, &mut next);
            }
            cells
        })
        .collect()
}
