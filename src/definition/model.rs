//! A definition compiled for answering: its turns (each chosen move's powers, in answer
//! order, named as ksolve+ names them), the orbits its pieces keep to under those
//! turns, which turn may follow which on a shortest path, and its states as one flat
//! array of bytes, which a turn permutes and twists in one pass.

use super::located::Locator;
use super::parity::Parities;
use super::restrictions::Compiled;
pub(crate) use super::turn::kept_name;
pub use super::turn::{power_name, Turn, TurnInfo};
use super::twist::Twists;
use super::{Action, Definition, Goal, Powers, Set, State};

mod moves;
pub(crate) use moves::order;
use moves::{chosen_moves, turns_of};

/// The most bytes of a state (two a piece, its label and orientation).
pub const MOST_CELLS: usize = 512;

// A state's pieces are at most the 256 that a located piece's slot and position count
// (`Locator`).
const _: () = assert!(MOST_CELLS / 2 <= 256);

/// The most powers a move may bring as turns.
const MOST_POWERS: usize = 255;

/// What two turns played one after the other make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    /// Two turns.
    Apart,
    /// Nothing: each undoes the other.
    Gone,
    /// One turn, by its place.
    Turn(u16),
}

/// The most turns (moves and their powers) a puzzle answers with: which may follow
/// which is tabled for each pair when opening.
pub const MOST_TURNS: usize = 1024;

/// The most moves `--moves` may name: each pair of them is compared when opening.
pub const MOST_CHOSEN: usize = 256;

/// A definition compiled for answering: the puzzle as a search and a table see it
/// (its turns, their orbits and goals). Named apart from [`crate::Puzzle`], the
/// catalogue's list of puzzles the command answers.
#[derive(Clone, Debug)]
pub struct Model {
    /// The definition.
    pub definition: Definition,
    /// The moves an answer may use, in answer order (names, as chosen).
    pub classes: Vec<String>,
    /// Their turns, in answer order.
    pub turns: Vec<TurnInfo>,
    /// The same turns as answers write them.
    list: Vec<Turn>,
    /// Each set's orbits under the turns: the positions each piece keeps to.
    pub orbits: Vec<Vec<Vec<u8>>>,
    /// The flat layout of a state: where each set's pieces start (its orientations
    /// follow them).
    pub offsets: Vec<usize>,
    /// The bytes of a flat state.
    pub width: usize,
    /// For each turn, each flat slot's source slot, and what it adds (orientation slots
    /// only), modulo `modulus`.
    pub(crate) flat: Vec<FlatTurn>,
    /// Each slot's modulus: the set's orientations for orientation slots, 256 for
    /// pieces (which nothing is added to).
    pub(crate) modulus: Vec<u16>,
    /// `merges[a * turns + b]`: what turn `b` after `a` makes; one turn or none is
    /// never on a shortest path.
    merges: Vec<Merge>,
    /// `commutes[a * classes + b]`: the moves commute.
    commutes: Vec<bool>,
    /// The permutation parities the turns keep between sets.
    pub parities: Parities,
    /// The orientation sums the turns keep between orbits.
    twists: Twists,
    /// The definition's restrictions on the turns (ksolve+'s blocks and forbidden pairs).
    pub(crate) restricted: Compiled,
    /// Where a state's pieces are found by label.
    pub(crate) locator: Locator,
}

/// A turn on a flat state.
#[derive(Clone, Debug)]
pub(crate) struct FlatTurn {
    pub(crate) from: Vec<u16>,
    pub(crate) add: Vec<u8>,
    /// The slots it changes, each with its source and what is added: a turn of a
    /// large puzzle moves a few of its pieces, and the rest are copied as they are.
    moved: Vec<(u16, u16, u8)>,
}

/// Why a definition cannot be compiled for answering with the moves chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The moves chosen (`--moves`) are not moves of the definition: the user's
    /// option, not the file, is at fault.
    #[error("--moves: {0}")]
    Moves(String),
    /// The puzzle, with the moves and powers chosen, is past what this tool answers.
    #[error("{0}")]
    Beyond(String),
}

impl Model {
    /// The puzzle of `definition`, its answers using `moves` (names of its moves or
    /// derived moves, or powers of them by name, `R2`: each brings its powers;
    /// `None`: the definition's moves, in its order), their powers as `powers` says
    /// (`None`: as the definition says).
    pub fn new(
        definition: Definition,
        moves: Option<&[String]>,
        powers: Option<Powers>,
    ) -> Result<Model, PuzzleError> {
        let sets = definition.sets.clone();
        let powers = powers.unwrap_or(definition.powers);
        let chosen = chosen_moves(&definition, moves)?;
        let turns = turns_of(&chosen, &sets, powers, moves.is_some())?;
        if turns.len() > MOST_TURNS {
            return Err(PuzzleError::Beyond(format!(
                "{} turns (moves and their powers): more than the {MOST_TURNS} this tool \
                 answers with (choose fewer moves, or --powers quarter or none)",
                turns.len()
            )));
        }
        let orbits = orbits(&sets, &turns);
        let (offsets, width) = layout(&sets);
        if width > MOST_CELLS {
            return Err(PuzzleError::Beyond(format!(
                "{} pieces: this tool answers puzzles of at most {}",
                width / 2,
                MOST_CELLS / 2
            )));
        }
        let modulus = slot_moduli(&sets, &offsets, width);
        let flat = turns
            .iter()
            .map(|t| flatten(&t.action, &sets, &offsets, width))
            .collect();
        let restricted = Compiled::new(&definition.restrictions, &sets, &offsets, &chosen, &turns);
        let classes: Vec<String> = chosen.iter().map(|(n, _)| n.clone()).collect();
        let list = turns.iter().map(|t| t.turn).collect();
        let locator = Locator::new(&sets, &orbits, &definition.start, &offsets);
        let mut puzzle = Model {
            definition,
            classes,
            turns,
            list,
            orbits,
            offsets,
            width,
            flat,
            modulus,
            merges: Vec::new(),
            commutes: Vec::new(),
            parities: Parities::default(),
            twists: Twists::default(),
            restricted,
            locator,
        };
        puzzle.merges = puzzle.find_merges();
        puzzle.commutes = commuting(&chosen, &puzzle.definition.sets);
        puzzle.parities = Parities::new(
            puzzle.goals(),
            &puzzle.orbits,
            &puzzle.offsets,
            puzzle.width,
            puzzle.flat.iter().map(|turn| &turn.from[..]),
        );
        puzzle.twists = Twists::new(
            puzzle.goals(),
            puzzle.sets(),
            &puzzle.orbits,
            (&puzzle.offsets, puzzle.width),
            puzzle.flat.iter().map(|turn| &turn.add[..]),
        );
        Ok(puzzle)
    }

    /// Whether the flat state `cells` may reach a solved state, as far as the rules the
    /// turns keep between sets tell (permutation parities, orientation sums): false
    /// only where it surely cannot.
    pub fn may_be_solved(&self, cells: &[u8]) -> bool {
        self.parities.allow(cells) && self.twists.allow(cells)
    }

    /// The sets.
    pub fn sets(&self) -> &[Set] {
        &self.definition.sets
    }

    /// The turns, as answers write them.
    pub fn turn_list(&self) -> &[Turn] {
        &self.list
    }

    /// `state` as a flat array: each set's pieces, then their orientations.
    pub fn flat(&self, state: &State) -> Vec<u8> {
        let mut cells = vec![0; self.width];
        for (s, set) in self.sets().iter().enumerate() {
            let at = self.offsets[s];
            cells[at..at + set.pieces].copy_from_slice(&state.pieces[s]);
            cells[at + set.pieces..at + 2 * set.pieces].copy_from_slice(&state.orientation[s]);
        }
        cells
    }

    /// The state of a flat array.
    pub fn state(&self, cells: &[u8]) -> State {
        let sets = self.sets();
        let pieces = (sets.iter().enumerate())
            .map(|(s, set)| cells[self.offsets[s]..self.offsets[s] + set.pieces].to_vec())
            .collect();
        let orientation = (sets.iter().enumerate())
            .map(|(s, set)| {
                let at = self.offsets[s] + set.pieces;
                cells[at..at + set.pieces].to_vec()
            })
            .collect();
        State {
            pieces,
            orientation,
        }
    }

    /// Plays turn `t` on the flat state `cells`, into `next`.
    #[inline]
    pub fn play(&self, cells: &[u8], t: usize, next: &mut [u8]) {
        next[..self.width].copy_from_slice(&cells[..self.width]);
        for &(k, from, add) in &self.flat[t].moved {
            let (k, from) = (usize::from(k), usize::from(from));
            let sum = u16::from(cells[from]) + u16::from(add);
            let m = self.modulus[k];
            next[k] = (if sum >= m { sum - m } else { sum }) as u8;
        }
    }

    /// Whether turn `next` may follow turn `last` on a shortest path (it may not when
    /// the two make one turn or none), and, unless `every` shortest path is wanted, on
    /// the smallest (a move commuting with the last one and before it in answer order
    /// would have come first).
    #[inline]
    pub fn may_follow(&self, last: usize, next: usize, every: bool) -> bool {
        let n = self.turns.len();
        if self.merges[last * n + next] != Merge::Apart {
            return false;
        }
        if every {
            return true;
        }
        let (a, b) = (self.turns[last].class, self.turns[next].class);
        !(b < a && self.commutes[a * self.classes.len() + b])
    }

    /// The flat slots of each goal that the goal does not care about are any value; the
    /// goal states, as the definition gives them.
    pub fn goals(&self) -> &[Goal] {
        &self.definition.goals
    }

    /// What turn `b` after turn `a` makes, `merges()[a * turns + b]`.
    pub fn merges(&self) -> &[Merge] {
        &self.merges
    }

    fn find_merges(&self) -> Vec<Merge> {
        let sets = self.sets();
        let n = self.turns.len();
        let actions: Vec<&Action> = self.turns.iter().map(|t| &t.action).collect();
        let mut merges = vec![Merge::Apart; n * n];
        for a in 0..n {
            for b in 0..n {
                let both = actions[a].then(actions[b], sets);
                merges[a * n + b] = match actions.iter().position(|&action| *action == both) {
                    _ if both.is_identity() => Merge::Gone,
                    Some(t) => Merge::Turn(t as u16),
                    None => Merge::Apart,
                };
            }
        }
        merges
    }
}

/// Each set's orbits under the turns, each orbit's positions in order, orbits by their
/// first position.
fn orbits(sets: &[Set], turns: &[TurnInfo]) -> Vec<Vec<Vec<u8>>> {
    sets.iter()
        .enumerate()
        .map(|(s, set)| {
            let mut root: Vec<usize> = (0..set.pieces).collect();
            fn find(root: &mut [usize], i: usize) -> usize {
                let mut r = i;
                while root[r] != r {
                    r = root[r];
                }
                root[i] = r;
                r
            }
            for turn in turns {
                for (i, &from) in turn.action.from[s].iter().enumerate() {
                    let (a, b) = (find(&mut root, i), find(&mut root, usize::from(from)));
                    root[a.max(b)] = a.min(b);
                }
            }
            let mut orbits: Vec<Vec<u8>> = Vec::new();
            let mut of_root = vec![usize::MAX; set.pieces];
            for i in 0..set.pieces {
                let r = find(&mut root, i);
                if of_root[r] == usize::MAX {
                    of_root[r] = orbits.len();
                    orbits.push(Vec::new());
                }
                orbits[of_root[r]].push(i as u8);
            }
            orbits
        })
        .collect()
}

/// Where each set starts in a flat state, and the state's width.
fn layout(sets: &[Set]) -> (Vec<usize>, usize) {
    let mut offsets = Vec::new();
    let mut width = 0;
    for set in sets {
        offsets.push(width);
        width += 2 * set.pieces;
    }
    (offsets, width)
}

fn slot_moduli(sets: &[Set], offsets: &[usize], width: usize) -> Vec<u16> {
    let mut modulus = vec![256; width];
    for (s, set) in sets.iter().enumerate() {
        let at = offsets[s] + set.pieces;
        modulus[at..at + set.pieces].fill(u16::from(set.orientations));
    }
    modulus
}

/// `action` on a flat state.
fn flatten(action: &Action, sets: &[Set], offsets: &[usize], width: usize) -> FlatTurn {
    let mut from = vec![0u16; width];
    let mut add = vec![0u8; width];
    for (s, set) in sets.iter().enumerate() {
        let (pieces, turned) = (offsets[s], offsets[s] + set.pieces);
        for i in 0..set.pieces {
            let source = usize::from(action.from[s][i]);
            from[pieces + i] = (pieces + source) as u16;
            from[turned + i] = (turned + source) as u16;
            add[turned + i] = action.twist[s][i];
        }
    }
    let moved = (0..width)
        .filter(|&k| usize::from(from[k]) != k || add[k] != 0)
        .map(|k| (k as u16, from[k], add[k]))
        .collect();
    FlatTurn { from, add, moved }
}

/// `commutes[a * n + b]`: moves `a` and `b` give the same done in either order.
fn commuting(chosen: &[(String, Action)], sets: &[Set]) -> Vec<bool> {
    let n = chosen.len();
    let mut commutes = vec![false; n * n];
    for a in 0..n {
        for b in 0..n {
            let (x, y) = (&chosen[a].1, &chosen[b].1);
            commutes[a * n + b] = a != b && x.then(y, sets) == y.then(x, sets);
        }
    }
    commutes
}

#[cfg(test)]
mod tests;
