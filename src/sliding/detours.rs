//! Detours: slide sequences that another sequence does better, recognised as a search
//! plays them (Taylor and Korf's finite-state machine, made to keep our tie-break).
//!
//! Two sequences of slides from one blank cell are twins when they leave every board
//! alike: the same blank cell and the same permutation of the cells (which tiles lie
//! where does not matter, so a board of distinct tiles tells). A sequence with a twin
//! that is shorter, or as long and earlier in letter order, is a *detour*, and a path
//! holding one is never the answer: putting the twin in the detour's place gives a
//! shorter path to the same board, or one as long and earlier in letter order. The
//! shortest, lexicographically smallest answer holds no detour, so a search may drop
//! every path that ends in one and still find it; and the first twin-free prefix of a
//! dropped path was searched, so the next iteration's bound is never raised past the
//! answer.
//!
//! Inverse slides (a twin of length 0) are the shortest detours; the next are six
//! slides round a 2x2 block, twins with six the other way round, and longer ones
//! prune more of the tree. The detours up to a length are found by a breadth-first
//! search from every cell in letter order (the first sequence to reach a board is the
//! one with no better twin), and recognised by an automaton over the blank's cells
//! (Aho and Corasick's): one table read a slide, the state kept in the position.

use std::collections::HashMap;

use rustc_hash::FxHashSet;
use std::sync::{Arc, Mutex, OnceLock};

use arrayvec::ArrayVec;
use rayon::prelude::*;

use super::{Board, Slide};
use crate::parallel::lock;

/// A state of the automaton: the longest run of slides, last played, that some detour
/// begins with (as cells, so it ends on the blank's). The state of a path of no slides
/// is its blank's cell.
pub type Route = u32;

/// The longest detours [`Detours::up_to`] finds, less one.
const MAX_LENGTH: usize = 24;

/// A sequence of slides as its blank's cells, the first where it starts.
type Path = ArrayVec<u8, MAX_LENGTH>;

/// A sequence of slides packed into a word: 2 bits a slide in letter order, the first
/// lowest, then the start cell at bit 48 and the length at bit 56. The breadth-first
/// search keeps millions, so they are kept small.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Slides(u64);

impl Slides {
    fn new(start: usize) -> Self {
        Slides((start as u64) << 48)
    }

    fn len(self) -> usize {
        (self.0 >> 56) as usize
    }

    fn start(self) -> usize {
        (self.0 >> 48 & 0xFF) as usize
    }

    /// The `i`th slide's index in letter order.
    fn slide(self, i: usize) -> usize {
        (self.0 >> (2 * i) & 3) as usize
    }

    /// These slides and then slide `s`.
    fn then(self, s: usize) -> Self {
        let len = self.len() as u64;
        Slides((self.0 | (s as u64) << (2 * len)) + (1 << 56))
    }

    /// The slides from the `i`th on, which start at `cell`.
    fn from(self, i: usize, cell: usize) -> Self {
        let slides = (self.0 & ((1 << 48) - 1)) >> (2 * i);
        Slides(slides | (cell as u64) << 48 | ((self.len() - i) as u64) << 56)
    }

    /// The blank's cells, the start's first, on a board `W` cells wide.
    fn cells<const W: usize, const H: usize>(self) -> Path {
        let mut cell = self.start();
        let mut path = Path::from_iter([cell as u8]);
        for i in 0..self.len() {
            cell = Slide::ALL[self.slide(i)]
                .target(cell, W, H)
                .expect("slides on the board");
            path.push(cell as u8);
        }
        path
    }
}

/// The row entry of a slide that leaves the board or ends a detour.
const DROPPED: Route = Route::MAX;

/// The automaton that tells a search which slides end a detour.
#[derive(Clone, Debug)]
pub struct Detours<const W: usize, const H: usize> {
    /// `next[route][s]`: the route after slide `s` (in letter order), or [`DROPPED`].
    next: Arc<Vec<[Route; 4]>>,
}

impl<const W: usize, const H: usize> Detours<W, H> {
    /// The longest detours a search drops. Longer ones drop more of the tree but take
    /// longer to find (once a process, at its first search) and make a larger
    /// automaton, read at every slide: on the 15-puzzle, up to 10 slides (3 ms to find)
    /// took Korf's 100 with 7-8 from 3.94 M nodes to 3.00 M, and 12 (11 ms) to 2.87 M
    /// but 1.1x the wall time; on the 24-puzzle, 12 (65 ms) took instance 38 from
    /// 52.4 M to 34.7 M, and 14 (0.38 s) to 32.1 M but 1.1x the time
    /// (doc/pattern-databases.md).
    pub const LENGTH: usize = if W * H <= 16 { 10 } else { 12 };

    /// The length that drops inverse slides only, keeping every shortest path: what a
    /// search for every shortest answer drops, since the twins of a shortest answer
    /// are shortest answers too.
    pub const INVERSE_SLIDES: usize = 2;

    /// The automaton of the detours of up to `length` slides, built once a process for
    /// each board size and length.
    ///
    /// # Panics
    /// If `length` is 24 or more.
    pub fn up_to(length: usize) -> Self {
        type Built = HashMap<(usize, usize, usize), Arc<Vec<[Route; 4]>>>;
        static BUILT: OnceLock<Mutex<Built>> = OnceLock::new();
        let built = BUILT.get_or_init(Default::default);
        let key = (W, H, length);
        if let Some(next) = lock(built).get(&key) {
            return Detours { next: next.clone() };
        }
        // Found with the lock released: finding runs on rayon's threads, and a thread
        // that held the lock while it waited there could take up another search's
        // work that asks for the lock (a deadlock on one thread), or leave every
        // thread of the pool waiting for the lock while it waits for them. Searches
        // that start together may each find it; the first kept serves every later one.
        let found = Detours::<W, H>::find(length).next;
        let next = lock(built).entry(key).or_insert(found).clone();
        Detours { next }
    }

    /// [`Detours::up_to`] found afresh, not kept for the process: what its first call
    /// costs.
    ///
    /// # Panics
    /// If `length` is 24 or more.
    pub fn find(length: usize) -> Self {
        Detours {
            next: Arc::new(automaton::<W, H>(&detours::<W, H>(length))),
        }
    }

    /// The route of a path of no slides from `blank`.
    #[inline]
    pub fn start(&self, blank: usize) -> Route {
        blank as Route
    }

    /// The route after slide `s` (in letter order) from `route`; `None` where the slide
    /// leaves the board or ends a detour.
    #[inline]
    pub fn next(&self, route: Route, s: usize) -> Option<Route> {
        let next = self.next[route as usize][s];
        (next != DROPPED).then_some(next)
    }

    /// The number of routes.
    pub fn routes(&self) -> usize {
        self.next.len()
    }
}

/// Every detour of up to `length` slides none of whose shorter parts is one: each as
/// its blank's cells, the first where it starts. Breadth-first from every cell at
/// once, a length at a time, so that the detours shorter than a sequence are known
/// before it; in letter order, so that the first sequence to reach a board is the one
/// with no better twin, and only those go on. A sequence that goes on holds no detour,
/// so a new detour holds a shorter one only at its end (an inverse slide's, the most
/// common, is not even tried).
fn detours<const W: usize, const H: usize>(length: usize) -> Vec<Path> {
    assert!(
        length < MAX_LENGTH,
        "detours of fewer than {MAX_LENGTH} slides"
    );
    let cells = Board::<W, H>::CELLS;
    // A board as 5 bits a cell, the blank 0 and cell c's own tile c + 1 at the start.
    let start = |c: usize| -> u128 {
        (0..cells)
            .filter(|&cell| cell != c)
            .fold(0, |board, cell| board | (cell as u128 + 1) << (5 * cell))
    };
    let mut seen: Vec<FxHashSet<u128>> = (0..cells)
        .map(|c| FxHashSet::from_iter([start(c)]))
        .collect();
    // The sequences of the length reached that go on, each with its board and blank.
    let mut ends: Vec<Vec<(u128, Slides, u8)>> = (0..cells)
        .map(|c| vec![(start(c), Slides::new(c), c as u8)])
        .collect();
    // Inverse slides: detours of two slides, twins of none.
    let mut found: FxHashSet<Slides> = FxHashSet::default();
    for c in (0..cells).filter(|_| length >= 2) {
        for step in Slide::ALL {
            if step.target(c, W, H).is_some() {
                let there = Slides::new(c).then(step.index());
                found.insert(there.then(step.inverse().index()));
            }
        }
    }
    for _ in 0..length {
        // Each cell's sequences apart, on every core: a length's new detours are
        // checked against the shorter ones only.
        let new: Vec<Vec<Slides>> = seen
            .par_iter_mut()
            .zip(ends.par_iter_mut())
            .map(|(seen, ends)| {
                let mut new = Vec::new();
                let mut longer = Vec::with_capacity(ends.len() * 5 / 2);
                seen.reserve(ends.len() * 5 / 2);
                for &(board, slides, blank) in ends.iter() {
                    let blank = usize::from(blank);
                    let back = (slides.len().checked_sub(1))
                        .map(|last| Slide::ALL[slides.slide(last)].inverse());
                    for step in Slide::ALL {
                        let Some(to) = step.target(blank, W, H) else {
                            continue;
                        };
                        if back == Some(step) {
                            continue;
                        }
                        let tile = board >> (5 * to) & 31;
                        let board = board & !(31 << (5 * to)) | tile << (5 * blank);
                        let slides = slides.then(step.index());
                        if seen.insert(board) {
                            longer.push((board, slides, to as u8));
                        } else if ends_in_no_detour::<W, H>(slides, &found) {
                            new.push(slides);
                        }
                    }
                }
                *ends = longer;
                new
            })
            .collect();
        found.extend(new.into_iter().flatten());
    }
    found.iter().map(|detour| detour.cells::<W, H>()).collect()
}

/// Whether none of the proper suffixes of `slides` of two slides or more is in `found`.
fn ends_in_no_detour<const W: usize, const H: usize>(
    slides: Slides,
    found: &FxHashSet<Slides>,
) -> bool {
    let mut cell = slides.start();
    for i in 1..slides.len() - 1 {
        cell = Slide::ALL[slides.slide(i - 1)]
            .target(cell, W, H)
            .expect("slides on the board");
        if found.contains(&slides.from(i, cell)) {
            return false;
        }
    }
    true
}

/// The automaton recognising `detours` (as [`detours`] gives them) in the blank's
/// cells as they are played: a trie of the detours whose first level is every cell,
/// each node's missing slides led where its longest suffix in the trie leads.
fn automaton<const W: usize, const H: usize>(detours: &[Path]) -> Vec<[Route; 4]> {
    let cells = Board::<W, H>::CELLS;
    // Nodes 0..cells are the paths of one cell; `child` and `ends` grow with the trie.
    let mut child: Vec<[Route; 4]> = vec![[DROPPED; 4]; cells];
    let mut last: Vec<u8> = (0..cells as u8).collect();
    let mut ends = vec![false; cells];
    for detour in detours {
        let mut node = usize::from(detour[0]);
        for pair in detour.windows(2) {
            let s = slide_between::<W>(pair[0], pair[1]);
            if child[node][s] == DROPPED {
                child[node][s] = child.len() as Route;
                child.push([DROPPED; 4]);
                last.push(pair[1]);
                ends.push(false);
            }
            node = child[node][s] as usize;
        }
        ends[node] = true;
    }
    // Breadth first, so that a node's longest proper suffix in the trie (`fail`,
    // shorter) has its row before the node's.
    let mut next = vec![[DROPPED; 4]; child.len()];
    let mut fail: Vec<Option<usize>> = vec![None; child.len()];
    let mut queue: std::collections::VecDeque<usize> = (0..cells).collect();
    while let Some(node) = queue.pop_front() {
        let blank = usize::from(last[node]);
        for step in Slide::ALL {
            let Some(to) = step.target(blank, W, H) else {
                continue;
            };
            let s = step.index();
            let on = match fail[node] {
                None => to,
                Some(suffix) => next[suffix][s] as usize,
            };
            next[node][s] = match child[node][s] {
                DROPPED => on as Route,
                grown => {
                    let grown = grown as usize;
                    fail[grown] = Some(on);
                    ends[grown] |= ends[on];
                    queue.push_back(grown);
                    grown as Route
                }
            };
        }
    }
    // Only now is every node's `ends` final: a slide into an end is dropped.
    for row in &mut next {
        for route in row.iter_mut().filter(|route| **route != DROPPED) {
            if ends[*route as usize] {
                *route = DROPPED;
            }
        }
    }
    next
}

/// The index of the slide that takes the blank from cell `from` to its neighbour `to`
/// on a board `W` cells wide.
fn slide_between<const W: usize>(from: u8, to: u8) -> usize {
    let (from, to) = (usize::from(from), usize::from(to));
    Slide::ALL
        .iter()
        .position(|step| step.target(from, W, usize::MAX) == Some(to))
        .expect("neighbouring cells")
}

#[cfg(test)]
mod tests;
