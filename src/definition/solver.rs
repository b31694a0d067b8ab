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

use super::databases::{self, Bounds, Build, Databases};
use super::plan::{plan, Plan};
use super::puzzle::{Puzzle, PuzzleError, Turn};
use super::restricted::{self, Asked, Listing};
use super::space::ViewSpace;
pub use super::space::Viewed;
use super::view::View;
use super::{Definition, Goal, Powers, State};
use crate::error::Error;
use crate::search::{every_walk, Limits, Outcome, Reason, Report, Settings, UNREACHABLE};
use crate::table::{
    memory, Entry, Mapped, Source, Table, TableDir, TableError, TableId, WalkSource,
};
use std::collections::HashMap;
use std::sync::Mutex;

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
    /// What every case asks beyond its shortest answer, unless a scramble file's
    /// directives say otherwise (the command's `--min-depth`, `--max-depth`).
    pub asked: Asked,
}

impl std::fmt::Debug for DefOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DefOptions")
            .field("moves", &self.moves)
            .field("powers", &self.powers)
            .field("limits", &self.limits)
            .field("most_exact", &self.most_exact)
            .field("most_database", &self.most_database)
            .field("asked", &self.asked)
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
pub enum How<D> {
    /// From exact tables: the least distance over them is the distance to the nearest
    /// goal; with one small table, every rank's walk beside it, so that an answer is
    /// one lookup.
    Exact(Vec<Viewed<D>>, Option<Table<D>>),
    /// By IDA*: for each goal, databases whose largest value bounds the distance to it,
    /// larger ones built when a search needs them.
    Search(Databases<D>),
}

/// A defined puzzle, opened: [`Def::solve`] answers a state.
#[derive(Clone)]
pub struct Def<D = Mapped> {
    puzzle: Arc<Puzzle>,
    how: Arc<How<D>>,
    limits: Limits,
    progress: Option<Progress>,
    stopped: Arc<AtomicUsize>,
    /// What opened it, to open it again towards a case's own goal.
    opener: Option<Arc<Opener>>,
    /// What every case asks unless its scramble file says otherwise.
    asked: Arc<Asked>,
}

/// The most goals of cases one opened puzzle keeps opened towards (each its tables
/// mapped): past it, the ones kept are let go.
const MOST_TOWARDS: usize = 16;

/// What opened a puzzle, kept to open it again towards the goals cases ask for.
struct Opener {
    tables: TableDir,
    definition: Definition,
    options: DefOptions,
    towards: Mutex<HashMap<Vec<Goal>, Def<Mapped>>>,
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
        let opener = Opener {
            tables: tables.clone(),
            definition: definition.clone(),
            options: DefOptions {
                limits: Limits::default(),
                ..options.clone()
            },
            towards: Mutex::default(),
        };
        let puzzle = Puzzle::new(definition, options.moves.as_deref(), options.powers).map_err(
            |e| match e {
                PuzzleError::Moves(_) => Error::Option(Box::new(e)),
                PuzzleError::Puzzle(_) => Error::Case(Box::new(e)),
            },
        )?;
        let puzzle = Arc::new(puzzle);
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
            Plan::Search(_) => {
                let sizes = match options.most_database {
                    Some(most) => vec![most],
                    None => databases::SIZES.to_vec(),
                };
                How::Search(sized_databases(tables, &puzzle, most, &sizes)?)
            }
        };
        Ok(Def {
            puzzle,
            how: Arc::new(how),
            limits: options.limits,
            progress: None,
            stopped: Arc::new(AtomicUsize::new(0)),
            opener: Some(Arc::new(opener)),
            asked: Arc::new(options.asked),
        })
    }
}

/// Each goal's databases as planned: each a view and the fingerprint that names it.
type Planned = Vec<Vec<(View, u64)>>;

/// The databases of `puzzle` (whose states are too many for exact tables of `most`
/// states), of each of `sizes` that can be planned (the most entries of one, smallest
/// first): the largest whose tables are all on disk already built and mapped, else the
/// smallest; the others built when a search needs them.
fn sized_databases(
    tables: &TableDir,
    puzzle: &Arc<Puzzle>,
    most: u64,
    sizes: &[u64],
) -> Result<Databases<Mapped>, Error> {
    let mut planned: Vec<(u64, Planned)> = Vec::new();
    let mut why = String::new();
    for &size in sizes {
        match plan(puzzle, most, size) {
            Ok(Plan::Search(goals)) => planned.push((size, goals)),
            Ok(Plan::Exact(_)) => unreachable!("exact tables are planned before databases"),
            Err(e) => why = e,
        }
    }
    if planned.is_empty() {
        return Err(Error::Case(why.into()));
    }
    let on_disk = |goals: &Planned| {
        (goals.iter().flatten()).all(|(view, fingerprint)| {
            let space = ViewSpace::new(puzzle, view, *fingerprint, Entry::Bound);
            tables.path(&space).exists()
        })
    };
    let first = planned
        .iter()
        .rposition(|(_, goals)| on_disk(goals))
        .unwrap_or(0);
    let entries: Vec<(u64, u64)> = (planned.iter())
        .map(|(size, goals)| (*size, goals.iter().flatten().map(|(v, _)| v.size()).sum()))
        .collect();
    let goals = std::mem::take(&mut planned[first].1);
    let bounds = load_bounds(tables, puzzle, goals)?;
    let (tables, puzzle) = (tables.clone(), Arc::clone(puzzle));
    let build: Build<Mapped> = Box::new(move |size| match plan(&puzzle, most, size) {
        Ok(Plan::Search(goals)) => load_bounds(&tables, &puzzle, goals),
        Ok(Plan::Exact(_)) => unreachable!("exact tables are planned before databases"),
        Err(e) => Err(Error::Case(e.into())),
    });
    Ok(Databases::new(&entries, (first, bounds), build))
}

/// Maps (and first builds, if missing) each goal's databases.
fn load_bounds(
    tables: &TableDir,
    puzzle: &Puzzle,
    goals: Planned,
) -> Result<Bounds<Mapped>, Error> {
    let counts: Vec<usize> = goals.iter().map(Vec::len).collect();
    let all: Vec<(View, u64)> = goals.into_iter().flatten().collect();
    let mut loaded = load(tables, puzzle, all, Entry::Bound)?.into_iter();
    // Read at every node of the search: the small parts' turns looked up.
    for viewed in loaded.clone() {
        viewed.view.tabulate(MOST_SEARCH_TABLED, false);
    }
    Ok(counts
        .iter()
        .map(|&n| loaded.by_ref().take(n).collect())
        .collect())
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

    /// What every case asks unless a scramble file's directives say otherwise.
    pub fn asked(&self) -> &Asked {
        &self.asked
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
            How::Search(databases) => databases.current().iter().flatten().collect(),
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
        if self.is_restricted() {
            return Ok(match self.restricted(cells, &Asked::default()) {
                Outcome::Solved(mut listing) => Outcome::Solved(crate::search::Found {
                    moves: listing.answers.swap_remove(0).1,
                    nodes: listing.nodes,
                }),
                Outcome::Unreachable { nodes } => Outcome::Unreachable { nodes },
                Outcome::Stopped(stopped) => Outcome::Stopped(stopped),
            });
        }
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
            How::Search(databases) => self.grown(databases, |bounds, settings| {
                super::search::search(&self.puzzle, bounds, cells, settings)
            }),
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
            How::Search(databases) => self.grown(databases, |bounds, settings| {
                super::search::every(&self.puzzle, bounds, &cells, settings, list)
            }),
        }
    }

    /// The same puzzle, towards `goals` (opened once, its tables built if missing),
    /// with this one's limits and progress.
    fn towards(&self, goals: &[Goal]) -> Result<Def<Mapped>, Error> {
        let opener = self
            .opener
            .as_ref()
            .expect("a puzzle opened from its tables");
        let mut towards = crate::parallel::lock(&opener.towards);
        let def = match towards.get(goals) {
            Some(def) => def.clone(),
            None => {
                let mut definition = opener.definition.clone();
                definition.goals = goals.to_vec();
                let def = Def::open(&opener.tables, definition, opener.options.clone())?;
                if towards.len() == MOST_TOWARDS {
                    towards.clear();
                }
                towards.insert(goals.to_vec(), def.clone());
                def
            }
        };
        let mut def = def.with_limits(self.limits.clone());
        def.progress = self.progress.clone();
        Ok(def)
    }

    /// The answers of `state` as `asked`: towards the case's own goal if it has one,
    /// under the puzzle's restrictions and the case's, listed where a slack is asked.
    pub fn answers(&self, state: &State, asked: &Asked) -> Result<Outcome<Listing>, Error> {
        self.answers_of_cells(&self.puzzle.flat(state), asked)
    }

    /// [`Def::answers`] of a state as a flat array ([`Puzzle::flat`]).
    pub fn answers_of_cells(&self, cells: &[u8], asked: &Asked) -> Result<Outcome<Listing>, Error> {
        match &asked.goals {
            Some(goals) => {
                let rest = Asked {
                    goals: None,
                    ..asked.clone()
                };
                self.towards(goals)?.answers_of_cells(cells, &rest)
            }
            None if asked.is_plain() => Ok(match self.outcome_of_cells(cells)? {
                Outcome::Solved(found) => Outcome::Solved(Listing {
                    answers: vec![(found.moves.len() as u32, found.moves)],
                    count: 1,
                    nodes: found.nodes,
                }),
                Outcome::Unreachable { nodes } => Outcome::Unreachable { nodes },
                Outcome::Stopped(stopped) => Outcome::Stopped(stopped),
            }),
            None => Ok(self.restricted(cells, asked)),
        }
    }

    /// `search` run on the databases; where it runs through their budget of nodes, the
    /// next size built and `search` run again, the limits counting what each run took.
    fn grown<T>(
        &self,
        databases: &Databases<D>,
        search: impl Fn(&Bounds<D>, &Settings) -> Outcome<T>,
    ) -> Result<Outcome<T>, Error> {
        let started = std::time::Instant::now();
        let mut spent = 0u64;
        loop {
            let mut settings = self.settings();
            let limits = &mut settings.limits;
            let elapsed = started.elapsed();
            limits.nodes = limits.nodes.map(|n| n.saturating_sub(spent));
            limits.time = limits.time.map(|t| t.saturating_sub(elapsed));
            limits.wall_time = limits.wall_time.map(|t| t.saturating_sub(elapsed));
            let asked = limits.nodes;
            let budget = databases.budget();
            if let Some(budget) = budget {
                limits.nodes = Some(asked.map_or(budget, |n| n.min(budget)));
            }
            let outcome = search(databases.current(), &settings);
            let outgrown = match (&outcome, budget) {
                (Outcome::Stopped(stopped), Some(budget)) => {
                    stopped.reason == Reason::Nodes && asked.is_none_or(|n| budget < n)
                }
                _ => false,
            };
            if !outgrown {
                return Ok(outcome);
            }
            if let Outcome::Stopped(stopped) = outcome {
                spent += stopped.nodes;
            }
            databases.grow()?;
        }
    }

    /// Whether the puzzle's turns are restricted (blocks, forbidden pairs, move
    /// limits), so that its answers are searched under its tables, never walked.
    pub fn is_restricted(&self) -> bool {
        self.puzzle.restricted.restricts() || !self.puzzle.definition.restrictions.limits.is_empty()
    }

    /// A lower bound on the turns from `cells` to the nearest goal: exact from exact
    /// tables (`u32::MAX` where no goal can be reached).
    pub fn lower_bound(&self, cells: &[u8]) -> u32 {
        match &*self.how {
            How::Exact(tables, _) => {
                let ranks: Vec<Option<u64>> = tables.iter().map(|t| t.view.rank(cells)).collect();
                exact_distance(tables, &ranks).map_or(u32::MAX, u32::from)
            }
            How::Search(databases) => {
                super::search::bound(&self.puzzle, databases.current(), cells)
            }
        }
    }

    /// The answers of `cells` as `asked`, searched under the tables' bound.
    fn restricted(&self, cells: &[u8], asked: &Asked) -> Outcome<Listing> {
        let progress = self
            .progress
            .as_ref()
            .map(|p| &**p as &(dyn Fn(Report) + Sync));
        let bound = |cells: &[u8]| self.lower_bound(cells);
        restricted::answers(&self.puzzle, &bound, cells, asked, &self.limits, progress)
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
