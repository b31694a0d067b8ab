//! A defined puzzle opened for answering: from exact tables where its states fit them,
//! by IDA* over pattern databases where they do not.
//!
//! The plan, decided when opening: the view every goal sees (the labels no goal asks
//! for made one class) if its table fits; else one view a goal, each towards its own
//! goal, if every one fits (the distance to the nearest goal is then the least of
//! theirs, and the walk takes the first turn that lowers it, as the Rotation Game's);
//! else, for each goal, databases of smaller views (a set alone; a set's pieces in
//! groups, the rest blank), whose largest value bounds the distance to that goal, and
//! the least over the goals bounds the distance to the nearest: IDA* over that bound
//! ([`super::search`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::plan::{plan, Plan};
use super::puzzle::{Puzzle, PuzzleError, Turn};
use super::space::ViewSpace;
pub use super::space::Viewed;
use super::view::View;
use super::{Definition, Powers, State};
use crate::error::Error;
use crate::search::{every_walk, Limits, Outcome, Report, Settings, UNREACHABLE};
use crate::table::{
    memory, Entry, Mapped, Source, Table, TableDir, TableError, TableId, WalkSource,
};

/// How to open a defined puzzle.
#[derive(Clone, Default)]
pub struct DefOptions {
    /// The moves an answer may use, in answer order (each brings its powers); `None`:
    /// the definition's.
    pub moves: Option<Vec<String>>,
    /// How the moves' powers are turns; `None`: as the definition says.
    pub powers: Option<Powers>,
    /// The bounds on each case's search.
    pub limits: Limits,
    /// The most states a table of the whole puzzle (or of its view towards one goal)
    /// may have; past it, pattern databases. `None`: what this machine's memory holds,
    /// at most [`MOST_EXACT`].
    pub most_exact: Option<u64>,
    /// The most entries of one pattern database; `None`: [`MOST_DATABASE`].
    pub most_database: Option<u64>,
}

impl std::fmt::Debug for DefOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DefOptions")
            .field("moves", &self.moves)
            .field("powers", &self.powers)
            .field("limits", &self.limits)
            .field("most_exact", &self.most_exact)
            .field("most_database", &self.most_database)
            .finish()
    }
}

/// The most states of an exact table by default.
pub const MOST_EXACT: u64 = 1 << 32;

/// A database's parts have their turns tabled for the search up to this many entries.
const MOST_SEARCH_TABLED: u64 = 1 << 22;

/// The most entries of one pattern database.
pub const MOST_DATABASE: u64 = 1 << 27;

/// Told where each long search stands.
pub type Progress = Arc<dyn Fn(Report) + Send + Sync>;

/// How a puzzle is answered.
#[derive(Clone)]
pub enum How<D> {
    /// From exact tables: the least distance over them is the distance to the nearest
    /// goal; with one small table, every rank's walk beside it, so that an answer is
    /// one lookup.
    Exact(Vec<Viewed<D>>, Option<Table<D>>),
    /// By IDA*: for each goal, databases whose largest value bounds the distance to it.
    Search(Vec<Vec<Viewed<D>>>),
}

/// A defined puzzle, opened: [`Def::solve`] answers a state.
#[derive(Clone)]
pub struct Def<D = Mapped> {
    puzzle: Arc<Puzzle>,
    how: Arc<How<D>>,
    limits: Limits,
    progress: Option<Progress>,
    stopped: Arc<AtomicUsize>,
}

impl<D> std::fmt::Debug for Def<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Def")
            .field("puzzle", &self.puzzle.definition.name)
            .field("searches", &matches!(*self.how, How::Search(_)))
            .finish_non_exhaustive()
    }
}

impl Def<Mapped> {
    /// Opens `definition` as `options` say, its tables in `tables` (built there when
    /// missing, if allowed).
    pub fn open(
        tables: &TableDir,
        definition: Definition,
        options: DefOptions,
    ) -> Result<Self, Error> {
        let puzzle = Puzzle::new(definition, options.moves.as_deref(), options.powers).map_err(
            |e| match e {
                PuzzleError::Moves(_) => Error::Option(Box::new(e)),
                PuzzleError::Puzzle(_) => Error::Case(Box::new(e)),
            },
        )?;
        let most = options.most_exact.unwrap_or_else(|| {
            // A byte a state, built in memory: most of what this process may take (its
            // limits and other builds counted), at most MOST_EXACT.
            memory::available().map_or(MOST_EXACT, |free| (free / 5 * 4).min(MOST_EXACT))
        });
        let database = options.most_database.unwrap_or(MOST_DATABASE);
        let plan = plan(&puzzle, most, database).map_err(|e| Error::Case(e.into()))?;
        let how = match plan {
            Plan::Exact(views) => {
                let exact = load(tables, &puzzle, views, Entry::Distance)?;
                let walks = match &exact[..] {
                    [one] if one.view.size() <= MOST_WALKED => walks(tables, &puzzle, one)?,
                    _ => None,
                };
                // Cases read as ranks turn them part by part: the small parts tabled.
                if let [one] = &exact[..] {
                    one.view.tabulate(MOST_SEARCH_TABLED, false);
                }
                How::Exact(exact, walks)
            }
            Plan::Search(goals) => {
                let counts: Vec<usize> = goals.iter().map(Vec::len).collect();
                let all: Vec<(View, u64)> = goals.into_iter().flatten().collect();
                let mut loaded = load(tables, &puzzle, all, Entry::Bound)?.into_iter();
                // Read at every node of the search: the small parts' turns looked up.
                for viewed in loaded.clone() {
                    viewed.view.tabulate(MOST_SEARCH_TABLED, false);
                }
                let goals = counts
                    .iter()
                    .map(|&n| loaded.by_ref().take(n).collect())
                    .collect();
                How::Search(goals)
            }
        };
        Ok(Def {
            puzzle: Arc::new(puzzle),
            how: Arc::new(how),
            limits: options.limits,
            progress: None,
            stopped: Arc::new(AtomicUsize::new(0)),
        })
    }
}

/// The most states an exact table has for its walks to be kept beside it (eight
/// bytes a state).
pub const MOST_WALKED: u64 = 1 << 26;

/// The walks table of `exact`, the one exact table (built from it when missing), if
/// its longest walk fits 64 bits.
fn walks(
    tables: &TableDir,
    puzzle: &Puzzle,
    exact: &Viewed<Mapped>,
) -> Result<Option<Table<Mapped>>, Error> {
    let bits = crate::search::move_bits(puzzle.turns.len());
    if exact.table.header().max_depth() * usize::from(bits) >= 64 {
        return Ok(None);
    }
    let space = ViewSpace::with_id(&exact.view, exact.id.clone(), puzzle.turns.len());
    let source = WalkSource::new(&space, &exact.table);
    if !tables.path(&source).exists() {
        exact.view.tabulate(u64::MAX, false);
    }
    Ok(tables.load(&[source])?.pop())
}

/// Maps (and first builds, if missing) the tables of `views`.
fn load(
    tables: &TableDir,
    puzzle: &Puzzle,
    views: Vec<(View, u64)>,
    entry: Entry,
) -> Result<Vec<Viewed<Mapped>>, Error> {
    let spaces: Vec<ViewSpace<'_>> = views
        .iter()
        .map(|(view, fingerprint)| ViewSpace::new(puzzle, view, *fingerprint, entry))
        .collect();
    for space in spaces.iter().filter(|s| !tables.path(*s).exists()) {
        space.view.tabulate(u64::MAX, true);
    }
    let loaded = tables.load(&spaces)?;
    let ids: Vec<TableId> = spaces.iter().map(|s| s.id()).collect();
    drop(spaces);
    Ok((views.into_iter().zip(loaded).zip(ids))
        .map(|(((view, _), table), id)| Viewed {
            view: Arc::new(view),
            table,
            id,
        })
        .collect())
}

impl<D: AsRef<[u8]> + Sync> Def<D> {
    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The puzzle, shared.
    pub fn shared_puzzle(&self) -> Arc<Puzzle> {
        Arc::clone(&self.puzzle)
    }

    /// How it is answered.
    pub fn how(&self) -> &How<D> {
        &self.how
    }

    /// Whether cases are answered by a search (not from exact tables).
    pub fn searches(&self) -> bool {
        matches!(*self.how, How::Search(_))
    }

    /// The same puzzle, sharing its tables, whose searches keep within `limits`.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self.stopped = Arc::new(AtomicUsize::new(0));
        self
    }

    /// The same, its searches telling `progress` where they stand.
    pub fn with_progress(mut self, progress: Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The limits each case's search keeps to.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// How many cases a limit stopped since opening (or since [`Def::with_limits`]).
    pub fn stopped_cases(&self) -> usize {
        self.stopped.load(Ordering::Relaxed)
    }

    pub(crate) fn count_stopped(&self) {
        self.stopped.fetch_add(1, Ordering::Relaxed);
    }

    /// A search's settings: this puzzle's limits and progress.
    fn settings(&self) -> Settings<'_> {
        Settings {
            limits: self.limits.clone(),
            progress: self
                .progress
                .as_ref()
                .map(|p| &**p as &(dyn Fn(Report) + Sync)),
            ..Settings::new()
        }
    }

    /// The tables, each with its id.
    pub fn tables(&self) -> Vec<(TableId, &Table<D>)> {
        let viewed: Vec<&Viewed<D>> = match &*self.how {
            How::Exact(tables, _) => tables.iter().collect(),
            How::Search(goals) => goals.iter().flatten().collect(),
        };
        viewed
            .into_iter()
            .map(|v| (v.id.clone(), &v.table))
            .collect()
    }

    /// The exact distance of `state` to the nearest goal, from the tables (`None`:
    /// unreachable); `None` too where the puzzle is searched.
    pub fn distance(&self, state: &State) -> Option<u8> {
        let How::Exact(tables, _) = &*self.how else {
            return None;
        };
        let cells = self.puzzle.flat(state);
        let d = tables.iter().map(|t| t.distance_of(&cells)).min()?;
        (d != UNREACHABLE).then_some(d)
    }

    /// The shortest, smallest turns from `state` to the nearest goal, `None` when no
    /// goal is reachable; [`Error::Stopped`] when a limit stopped the search.
    pub fn solve(&self, state: &State) -> Result<Option<Vec<Turn>>, Error> {
        match self.outcome(state)? {
            Outcome::Solved(found) => Ok(Some(found.moves)),
            Outcome::Unreachable { .. } => Ok(None),
            Outcome::Stopped(stopped) => Err(Error::Stopped(stopped)),
        }
    }

    /// The whole outcome of answering `state`.
    pub fn outcome(&self, state: &State) -> Result<Outcome<crate::search::Found<Turn>>, Error> {
        self.outcome_of_cells(&self.puzzle.flat(state))
    }

    /// [`Def::outcome`] of the state of `rank` in the one exact table.
    ///
    /// # Panics
    /// Where the puzzle is not answered from one exact table.
    pub fn outcome_of_rank(&self, rank: u64) -> Result<Outcome<crate::search::Found<Turn>>, Error> {
        let How::Exact(tables, walks) = &*self.how else {
            panic!("a rank of the one exact table, where there is none");
        };
        let turns = match walks {
            Some(walks) => self.walk_of_rank(walks, rank).map(Iterator::collect),
            None => self.walk_ranks(tables, vec![Some(rank)])?,
        };
        Ok(match turns {
            Some(moves) => Outcome::Solved(crate::search::Found { moves, nodes: 0 }),
            None => Outcome::Unreachable { nodes: 0 },
        })
    }

    /// The turns of the walk that `walks`, beside the one exact table, holds for
    /// `rank`; `None` where the rank reaches no goal.
    pub fn walk_of_rank<'a>(
        &'a self,
        walks: &Table<D>,
        rank: u64,
    ) -> Option<impl ExactSizeIterator<Item = Turn> + 'a> {
        match walks.walk(rank as u32) {
            0 => None,
            packed => Some(crate::table::walk_moves(packed, self.puzzle.turn_list())),
        }
    }

    /// [`Def::outcome`] of a state as a flat array ([`Puzzle::flat`]).
    pub fn outcome_of_cells(
        &self,
        cells: &[u8],
    ) -> Result<Outcome<crate::search::Found<Turn>>, Error> {
        match &*self.how {
            How::Exact(tables, walks) => {
                let walked = match walks {
                    Some(walks) => self.looked_up(&tables[0], walks, cells)?,
                    None => self.walk(tables, cells)?,
                };
                Ok(match walked {
                    Some(moves) => Outcome::Solved(crate::search::Found { moves, nodes: 0 }),
                    None => Outcome::Unreachable { nodes: 0 },
                })
            }
            How::Search(goals) => Ok(super::search::search(
                &self.puzzle,
                goals,
                cells,
                &self.settings(),
            )),
        }
    }

    /// Every shortest answer of `state` (counted; listed, in answer order, if `list`
    /// and they are at most [`crate::search::MOST_LISTED`]).
    pub fn every_shortest(
        &self,
        state: &State,
        list: bool,
    ) -> Result<Outcome<crate::search::Every<Turn>>, Error> {
        let cells = self.puzzle.flat(state);
        match &*self.how {
            How::Exact(tables, _) => {
                let start: Vec<Option<u64>> = tables.iter().map(|t| t.view.rank(&cells)).collect();
                let Some(d) = exact_distance(tables, &start) else {
                    return Ok(Outcome::Unreachable { nodes: 0 });
                };
                let turns = self.puzzle.turn_list();
                let step = |ranks: &Vec<Option<u64>>, t: Turn| {
                    let next = step_ranks(tables, ranks, usize::from(t.index));
                    let d = exact_distance(tables, &next)?;
                    Some((next, d))
                };
                let (count, answers) = every_walk(start, d, turns, step, list)
                    .ok_or_else(|| self.inconsistent(tables))?;
                Ok(Outcome::Solved(crate::search::Every {
                    length: usize::from(d),
                    count,
                    answers,
                    nodes: 0,
                }))
            }
            How::Search(goals) => Ok(super::search::every(
                &self.puzzle,
                goals,
                &cells,
                &self.settings(),
                list,
            )),
        }
    }

    fn inconsistent(&self, tables: &[Viewed<D>]) -> Error {
        let h = tables[0].table.header();
        Error::Table(TableError::Inconsistent {
            table: TableId::owned(h.puzzle.clone(), h.goal),
        })
    }

    /// The walk of `cells` from the one exact table's walks.
    fn looked_up(
        &self,
        exact: &Viewed<D>,
        walks: &Table<D>,
        cells: &[u8],
    ) -> Result<Option<Vec<Turn>>, Error> {
        let Some(rank) = exact.view.rank(cells) else {
            return Ok(None);
        };
        let packed = walks.walk(rank as u32);
        if packed == 0 {
            return Ok(None);
        }
        let turns = self.puzzle.turn_list();
        Ok(Some(crate::table::walk_moves(packed, turns).collect()))
    }

    /// The greedy walk down the least of `tables`' distances from `cells`.
    fn walk(&self, tables: &[Viewed<D>], cells: &[u8]) -> Result<Option<Vec<Turn>>, Error> {
        let ranks: Vec<Option<u64>> = tables.iter().map(|t| t.view.rank(cells)).collect();
        self.walk_ranks(tables, ranks)
    }

    /// The greedy walk down the least of `tables`' distances from their `ranks`.
    fn walk_ranks(
        &self,
        tables: &[Viewed<D>],
        mut ranks: Vec<Option<u64>>,
    ) -> Result<Option<Vec<Turn>>, Error> {
        let Some(mut d) = exact_distance(tables, &ranks) else {
            return Ok(None);
        };
        let mut moves = Vec::with_capacity(usize::from(d));
        while d > 0 {
            let next = (0..self.puzzle.turns.len()).find_map(|t| {
                let next = step_ranks(tables, &ranks, t);
                (exact_distance(tables, &next) == Some(d - 1)).then_some((t, next))
            });
            let Some((t, next)) = next else {
                return Err(self.inconsistent(tables));
            };
            moves.push(self.puzzle.turns[t].turn);
            ranks = next;
            d -= 1;
        }
        Ok(Some(moves))
    }
}

/// The least distance over tables of the ranks given (`None` where a view has no
/// state, or every one is unreachable).
fn exact_distance<D: AsRef<[u8]>>(tables: &[Viewed<D>], ranks: &[Option<u64>]) -> Option<u8> {
    let d = tables
        .iter()
        .zip(ranks)
        .filter_map(|(t, r)| r.map(|r| t.table.entry_byte(r)))
        .min()?;
    (d != UNREACHABLE).then_some(d)
}

/// Each table's rank after turn `t`.
fn step_ranks<D>(tables: &[Viewed<D>], ranks: &[Option<u64>], t: usize) -> Vec<Option<u64>> {
    tables
        .iter()
        .zip(ranks)
        .map(|(table, r)| r.map(|r| table.view.step(r, t, true)))
        .collect()
}
