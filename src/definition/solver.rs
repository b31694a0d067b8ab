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

use std::sync::Arc;

use super::databases::Databases;
use super::exact;
use super::group::{Draw, Uncounted};
use super::lookups::Lookups;
use super::model::{Model, PuzzleError, Turn};
use super::plan::{self, Plan};
pub use super::plan::{MOST_DATABASE, MOST_EXACT};
use super::restricted::{self, Asked, Listing};
pub use super::space::Viewed;
use super::tables::Room;
pub use super::tables::{DatabaseSize, ExactTables, How};
use super::{Definition, Goal, Powers, State};
use crate::error::Error;
use crate::search::{Budget, Limits, Outcome, Settings, UNREACHABLE};
use crate::table::{Cost, Mapped, Table, TableDir, TableId};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// How to open a defined puzzle.
#[derive(Clone, Debug, Default)]
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
    /// The most entries of one pattern database, one size asked for; `None`: sizes
    /// from the smallest up, each built when a search needs it, within `memory`.
    pub most_database: Option<u64>,
    /// The most bytes one size of pattern databases may take together (a byte an
    /// entry); `None`: half of what this process may take.
    pub memory: Option<u64>,
    /// When the exact tables are built, where the puzzle fits them.
    pub exact: ExactTables,
    /// What every case asks beyond its shortest answer, unless a scramble file's
    /// directives say otherwise (the command's `--min-depth`, `--max-depth`).
    pub asked: Asked,
    /// Whether searches look the databases up at the position only, not also at its
    /// inverse and its symmetric images (the same answers, more nodes; for
    /// comparison).
    pub position_only: bool,
}

pub use crate::search::Progress;

/// What answers a case now.
pub(super) enum Now<'a, D> {
    /// Exact tables to walk (opened, or grown into), and the walks beside the one table
    /// if kept.
    Walked(&'a [Viewed<D>], Option<&'a Table<D>>),
    /// A search over the databases.
    Searched(&'a Databases<D>),
}

/// A defined puzzle, opened: [`Def::solve`] answers a state.
///
/// A clone shares the tables and the limits, and counts its own stopped cases from
/// zero ([`Budget`]).
#[derive(Clone)]
pub struct Def<D = Mapped> {
    puzzle: Arc<Model>,
    how: Arc<How<D>>,
    /// Each case's limits and listener, and the cases they stopped.
    budget: Budget,
    /// What opened it, to open it again towards a case's own goal.
    opener: Option<Arc<Opener>>,
    /// What every case asks unless its scramble file says otherwise.
    asked: Arc<Asked>,
    /// Its random states' draws, made when first asked for.
    draw: Arc<OnceLock<Result<Draw, Uncounted>>>,
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
            // A case's own goal opens its tables within the time a case has.
            options: DefOptions {
                limits: Limits {
                    time: options.limits.allowance(),
                    ..Limits::default()
                },
                ..options.clone()
            },
            towards: Mutex::default(),
        };
        let (puzzle, plan, room) = compiled(definition, &options)?;
        let puzzle = Arc::new(puzzle);
        let how = super::tables::how(tables, &puzzle, plan, room, options.exact)?;
        Ok(Def {
            puzzle,
            how: Arc::new(how),
            budget: Budget::new(options.limits),
            opener: Some(Arc::new(opener)),
            asked: Arc::new(options.asked),
            draw: Arc::default(),
        })
    }

    /// The tables [`Def::open`] would build in `tables` before answering, as `options`
    /// say: each missing table's file and what building it costs (none where all are
    /// on disk).
    pub fn missing_tables(
        tables: &TableDir,
        definition: Definition,
        options: &DefOptions,
    ) -> Result<Vec<(PathBuf, Cost)>, Error> {
        let (puzzle, plan, room) = compiled(definition, options)?;
        let missing = super::tables::missing(tables, &puzzle, plan, room, options.exact);
        Ok(missing)
    }

    /// The sizes of databases a search of `definition` grows through in `tables`, as
    /// `options` say, smallest first (none where exact tables answer it).
    pub fn database_sizes(
        tables: &TableDir,
        definition: Definition,
        options: &DefOptions,
    ) -> Result<Vec<DatabaseSize>, Error> {
        let (puzzle, plan, room) = compiled(definition, options)?;
        super::tables::database_sizes(tables, &puzzle, plan, room, options.exact)
    }
}

/// The puzzle `definition` compiles to as `options` say, the plan of its tables, and
/// the room they have.
fn compiled(definition: Definition, options: &DefOptions) -> Result<(Model, Plan, Room), Error> {
    let puzzle =
        Model::new(definition, options.moves.as_deref(), options.powers).map_err(|e| match e {
            PuzzleError::Moves(_) => Error::Option(Box::new(e)),
            PuzzleError::Beyond(_) => Error::Case(Box::new(e)),
        })?;
    let (plan, most) = plan::planned(&puzzle, options.most_exact, options.most_database)?;
    let room = Room {
        exact: most,
        database: options.most_database,
        memory: plan::database_memory(options.memory),
        time: options.limits.allowance(),
    };
    Ok((puzzle, plan, room))
}

impl<D: AsRef<[u8]> + Sync> Def<D> {
    /// The puzzle.
    pub fn puzzle(&self) -> &Model {
        &self.puzzle
    }

    /// What every case asks unless a scramble file's directives say otherwise.
    pub fn asked(&self) -> &Asked {
        &self.asked
    }

    /// The puzzle, shared.
    pub fn shared_puzzle(&self) -> Arc<Model> {
        Arc::clone(&self.puzzle)
    }

    /// Uniformly random reachable states, drawn from its moves' group ([`Draw`]).
    pub fn draw(&self) -> Result<&Draw, Uncounted> {
        let draw = self.draw.get_or_init(|| Draw::new(&self.puzzle));
        draw.as_ref().map_err(Clone::clone)
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
        self.budget = self.budget.with_limits(limits);
        self
    }

    /// The same, its searches telling `progress` where they stand.
    pub fn with_progress(mut self, progress: Progress) -> Self {
        self.budget = self.budget.with_progress(progress);
        self
    }

    /// The limits each case's search keeps to.
    pub fn limits(&self) -> &Limits {
        self.budget.limits()
    }

    /// How many cases a limit stopped (since opening, or since the clone this is was
    /// made).
    pub fn stopped_cases(&self) -> usize {
        self.budget.stopped_cases()
    }

    /// Each case's limits and listener, and the count of cases they stopped.
    pub(crate) fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The images a search looks `bounds` up at besides the position, unless the
    /// options say the position only.
    pub(super) fn lookups(&self, bounds: &super::databases::Bounds<D>) -> Lookups
    where
        D: AsRef<[u8]>,
    {
        match self
            .opener
            .as_ref()
            .is_some_and(|o| o.options.position_only)
        {
            true => Lookups::none(),
            false => Lookups::new(&self.puzzle, bounds),
        }
    }

    /// A search's settings: this puzzle's limits and progress.
    fn settings(&self) -> Settings<'_> {
        self.budget.settings()
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
        let Now::Walked(tables, _) = self.now() else {
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
            None => exact::walk(&self.puzzle, tables, vec![Some(rank)])?,
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

    /// [`Def::outcome`] of a state as a flat array ([`Model::flat`]).
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
        let databases = match self.now() {
            Now::Searched(databases) => databases,
            Now::Walked(tables, walks) => {
                let walked = match walks {
                    Some(walks) => (tables[0].view.rank(cells))
                        .and_then(|rank| self.walk_of_rank(walks, rank))
                        .map(Iterator::collect),
                    None => exact::walk(&self.puzzle, tables, exact::ranks(tables, cells))?,
                };
                return Ok(match walked {
                    Some(moves) => Outcome::Solved(crate::search::Found { moves, nodes: 0 }),
                    None => Outcome::Unreachable { nodes: 0 },
                });
            }
        };
        databases.searched(
            || self.settings(),
            |found: &mut crate::search::Found<Turn>| &mut found.nodes,
            |bounds| self.lookups(bounds),
            |bounds, lookups, settings| {
                super::search::search(&self.puzzle, (bounds, lookups), cells, settings)
            },
        )
    }

    /// What answers a case now: the exact tables opened, or those a search's cases
    /// have grown into, else the databases.
    pub(super) fn now(&self) -> Now<'_, D> {
        match &*self.how {
            How::Exact(tables, walks) => Now::Walked(tables, walks.as_ref()),
            How::Search(databases) => match databases.exact() {
                Some((tables, walks)) => Now::Walked(tables, walks.as_ref()),
                None => Now::Searched(databases),
            },
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
        let databases = match self.now() {
            Now::Searched(databases) => databases,
            Now::Walked(tables, _) => return exact::every(&self.puzzle, tables, &cells, list),
        };
        databases.searched(
            || self.settings(),
            |every: &mut crate::search::Every<Turn>| &mut every.nodes,
            |bounds| self.lookups(bounds),
            |bounds, lookups, settings| {
                super::search::every(&self.puzzle, (bounds, lookups), &cells, settings, list)
            },
        )
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
        Ok(Def {
            budget: self.budget.clone(),
            ..def
        })
    }

    /// The answers of `state` as `asked`: towards the case's own goal if it has one,
    /// under the puzzle's restrictions and the case's, listed where a slack is asked.
    pub fn answers(&self, state: &State, asked: &Asked) -> Result<Outcome<Listing>, Error> {
        self.answers_of_cells(&self.puzzle.flat(state), asked)
    }

    /// [`Def::answers`] of a state as a flat array ([`Model::flat`]).
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

    /// Whether the puzzle's turns are restricted (blocks, forbidden pairs, move
    /// limits), so that its answers are searched under its tables, never walked.
    pub fn is_restricted(&self) -> bool {
        self.puzzle.restricted.restricts() || !self.puzzle.definition.restrictions.limits.is_empty()
    }

    /// A lower bound on the turns from `cells` to the nearest goal: exact from exact
    /// tables (`u32::MAX` where no goal can be reached).
    pub fn lower_bound(&self, cells: &[u8]) -> u32 {
        match self.now() {
            Now::Searched(databases) => {
                super::search::bound(&self.puzzle, databases.current(), cells)
            }
            Now::Walked(tables, _) => {
                let ranks = exact::ranks(tables, cells);
                exact::distance(tables, &ranks).map_or(u32::MAX, u32::from)
            }
        }
    }

    /// The answers of `cells` as `asked`, searched under the tables' bound.
    fn restricted(&self, cells: &[u8], asked: &Asked) -> Outcome<Listing> {
        let bound = |cells: &[u8]| self.lower_bound(cells);
        restricted::answers(&self.puzzle, &bound, cells, asked, &self.settings())
    }
}
