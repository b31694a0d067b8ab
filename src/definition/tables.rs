//! A defined puzzle's tables as its plan names them: mapped, and first built where
//! missing (the exact tables with their walks; the databases size by size, the
//! largest already on disk or else the smallest, larger ones when a search needs
//! them).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::databases::{self, Bounds, Build, Databases, Estimate, Sizing};
use super::model::Model;
use super::plan::{plan, Plan};
use super::space::{strongest_first, ViewSpace, Viewed};
use super::view::View;
use crate::error::Error;
use crate::table::{Cost, Entry, Mapped, Source, Table, TableDir, TableId, WalkSource};

/// How a puzzle is answered.
pub enum How<D> {
    /// From exact tables: the least distance over them is the distance to the nearest
    /// goal; with one small table, every rank's walk beside it, so that an answer is
    /// one lookup.
    Exact(Vec<Viewed<D>>, Option<Table<D>>),
    /// By IDA*: for each goal, databases whose largest value bounds the distance to it,
    /// larger ones built when a search needs them (and, where the whole space fits,
    /// its exact tables once the cases' searches have run through as many nodes).
    Search(Databases<D>),
}

/// A database's parts have their turns tabled for the search up to this many entries.
const MOST_SEARCH_TABLED: u64 = 1 << 22;

/// Exact tables of at most this many states are built at once, whenever they are
/// asked for: a few milliseconds.
pub const FIRST_EXACT: u64 = 1 << 14;

/// Exact tables of more states than this are built only when asked for at once
/// ([`ExactTables::AtOnce`], as `build-tables` does): built as a search's last stage
/// they would take minutes that the cases' searches rarely need.
pub const MOST_GROWN_EXACT: u64 = 1 << 27;

/// When a defined puzzle's exact tables are built, where its whole space fits them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExactTables {
    /// When opened, whatever they cost: what a judge of large batches, God's
    /// algorithm and the sampling of cases at a distance need.
    #[default]
    AtOnce,
    /// When on disk or small (at most 2^14 states); else the cases are searched over
    /// small databases, and the exact tables built once the searches have spent a
    /// quarter as many nodes as they have states (at most 2^27; larger ones never): a
    /// first use costs what the work asked for costs.
    WhenNeeded,
}

/// What opening a puzzle maps first, as [`how`] builds it and [`missing`] lists it.
enum Opening {
    /// The exact tables of these views (with the walks beside one small one).
    Exact(Vec<(View, u64)>),
    /// Databases of each size planned, the one at `first` mapped at once; `grown` the
    /// exact tables a search grows into.
    Databases {
        planned: Vec<(u64, Planned)>,
        first: usize,
        grown: Option<Vec<(View, u64)>>,
    },
}

/// How large a defined puzzle's tables may be.
#[derive(Clone, Copy, Debug)]
pub(super) struct Room {
    /// The most states of an exact table.
    pub exact: u64,
    /// The most entries of a database, where one size is asked for (whatever the
    /// memory budget).
    pub database: Option<u64>,
    /// The most bytes of one size's databases together, a byte an entry: the sizes
    /// [`databases::SIZES`] grow through stop below it.
    pub memory: u64,
    /// The most time a case may take (`--timeout`, else its foresight): databases that
    /// should take longer to build are not built; the cases search without them.
    pub time: Option<Duration>,
}

impl Room {
    /// The sizes of database the search may grow through, and the most bytes each
    /// may take together (`None`: one size asked for, whatever it takes).
    fn sizes(&self) -> (Vec<u64>, Option<u64>) {
        match self.database {
            Some(most) => (vec![most], None),
            None => (databases::SIZES.to_vec(), Some(self.memory)),
        }
    }
}

/// What `plan` opens first from `tables`, exact tables as `exact` says, in `room`.
fn opening(
    tables: &TableDir,
    puzzle: &Model,
    plan: Plan,
    room: Room,
    exact: ExactTables,
) -> Result<Opening, Error> {
    let (sizes, memory) = room.sizes();
    let most = room.exact;
    match plan {
        Plan::Exact(views) if searched_first(tables, puzzle, &views, exact) => {
            // Databases planned as if no exact table fitted, then grown into these;
            // where none can be planned, the exact tables at once.
            let Ok((mut planned, mut first)) = planned_sizes(tables, puzzle, 0, &sizes, memory)
            else {
                return Ok(Opening::Exact(views));
            };
            none_first_if_slow(tables, puzzle, &mut planned, &mut first, room.time);
            let states = states(&views);
            let grown = (states <= MOST_GROWN_EXACT).then_some(views);
            Ok(Opening::Databases {
                planned,
                first,
                grown,
            })
        }
        Plan::Exact(views) => Ok(Opening::Exact(views)),
        Plan::Search(_) => {
            let (mut planned, mut first) = planned_sizes(tables, puzzle, most, &sizes, memory)?;
            none_first_if_slow(tables, puzzle, &mut planned, &mut first, room.time);
            Ok(Opening::Databases {
                planned,
                first,
                grown: None,
            })
        }
    }
}

/// The tables of `plan` for `puzzle` in `room`, mapped from `tables` (built there first
/// where missing, exact ones as `exact` says).
pub(super) fn how(
    tables: &TableDir,
    puzzle: &Arc<Model>,
    plan: Plan,
    room: Room,
    exact: ExactTables,
) -> Result<How<Mapped>, Error> {
    match opening(tables, puzzle, plan, room, exact)? {
        Opening::Exact(views) => {
            let (exact, walks) = exact_tables(tables, puzzle, views)?;
            Ok(How::Exact(exact, walks))
        }
        Opening::Databases {
            planned,
            first,
            grown,
        } => {
            let databases = sized_databases(tables, puzzle, planned, first)?;
            let Some(views) = grown else {
                return Ok(How::Search(databases));
            };
            let states = states(&views);
            let cost: Cost = (missing_exact(tables, puzzle, &views).into_iter())
                .map(|(_, cost)| cost)
                .sum();
            let seconds = cost.seconds(rayon::current_num_threads());
            let (tables, puzzle) = (tables.clone(), Arc::clone(puzzle));
            let build = Box::new(move || exact_tables(&tables, &puzzle, views.clone()));
            Ok(How::Search(databases.with_exact(states, seconds, build)))
        }
    }
}

/// Whether the exact tables of `views` wait for a search to need them: asked so, not on
/// disk, and more than [`FIRST_EXACT`] states.
fn searched_first(
    tables: &TableDir,
    puzzle: &Model,
    views: &[(View, u64)],
    exact: ExactTables,
) -> bool {
    let on_disk = || {
        views.iter().all(|(view, fingerprint)| {
            let space = ViewSpace::new(puzzle, view, *fingerprint, Entry::Distance);
            tables.path(&space).exists()
        })
    };
    exact == ExactTables::WhenNeeded && states(views) > FIRST_EXACT && !on_disk()
}

/// The states of `views` together.
fn states(views: &[(View, u64)]) -> u64 {
    views.iter().map(|(view, _)| view.size()).sum()
}

/// The tables [`how`] would build from `plan` before answering: each missing file,
/// and what building it costs.
pub(super) fn missing(
    tables: &TableDir,
    puzzle: &Model,
    plan: Plan,
    room: Room,
    exact: ExactTables,
) -> Vec<(PathBuf, Cost)> {
    match opening(tables, puzzle, plan, room, exact) {
        Ok(Opening::Exact(views)) => missing_exact(tables, puzzle, &views),
        Ok(Opening::Databases {
            mut planned, first, ..
        }) => {
            let first = std::mem::take(&mut planned[first].1);
            let missing = missing_spaces(tables, puzzle, &first);
            (missing.iter())
                .map(|space| (tables.path(space), Cost::of(space)))
                .collect()
        }
        Err(_) => Vec::new(),
    }
}

/// The exact tables of `views` not on disk, and the walks beside the one table where
/// it is small, each with what building it costs.
fn missing_exact(tables: &TableDir, puzzle: &Model, views: &[(View, u64)]) -> Vec<(PathBuf, Cost)> {
    let spaces: Vec<ViewSpace<'_>> = (views.iter())
        .map(|(view, fingerprint)| ViewSpace::new(puzzle, view, *fingerprint, Entry::Distance))
        .collect();
    let mut missing: Vec<(PathBuf, Cost)> = (spaces.iter())
        .map(|space| (tables.path(space), space))
        .filter(|(path, _)| !path.exists())
        .map(|(path, space)| (path, Cost::of(space)))
        .collect();
    if let [one] = &spaces[..] {
        let walks = WalkSource::planned(one);
        if one.view.size() <= MOST_WALKED && !tables.path(&walks).exists() {
            missing.push((tables.path(&walks), Cost::of(&walks)));
        }
    }
    missing
}

/// One size of a searched puzzle's pattern databases, as opening plans them.
#[derive(Clone, Debug)]
pub struct DatabaseSize {
    /// The most entries of one of them.
    pub most: u64,
    /// How many there are, over every goal.
    pub count: usize,
    /// Their entries together: the bytes they take.
    pub entries: u64,
    /// How many are not on disk.
    pub missing: usize,
    /// What building those costs.
    pub cost: Cost,
}

/// The sizes of pattern databases a search of `plan` grows through in `room`, smallest
/// first: none where exact tables answer at once.
pub(super) fn database_sizes(
    tables: &TableDir,
    puzzle: &Model,
    plan: Plan,
    room: Room,
    exact: ExactTables,
) -> Result<Vec<DatabaseSize>, Error> {
    let Opening::Databases { planned, .. } = opening(tables, puzzle, plan, room, exact)? else {
        return Ok(Vec::new());
    };
    Ok((planned.into_iter())
        .map(|(most, goals)| {
            let (missing, cost) = missing_cost(tables, puzzle, &goals);
            DatabaseSize {
                most,
                count: goals.iter().map(Vec::len).sum(),
                entries: entries(&goals),
                missing,
                cost,
            }
        })
        .collect())
}

/// How many of `goals`' databases are not on disk, and what building them costs.
fn missing_cost(tables: &TableDir, puzzle: &Model, goals: &Planned) -> (usize, Cost) {
    let missing = missing_spaces(tables, puzzle, goals);
    (missing.len(), missing.iter().map(Cost::of).sum())
}

/// `goals`' databases that are not on disk.
fn missing_spaces<'a>(tables: &TableDir, puzzle: &Model, goals: &'a Planned) -> Vec<ViewSpace<'a>> {
    (goals.iter().flatten())
        .map(|(view, fingerprint)| ViewSpace::new(puzzle, view, *fingerprint, Entry::Bound))
        .filter(|space| !tables.path(space).exists())
        .collect()
}

/// The exact tables of `views`, and the walks beside the one table where it is small.
fn exact_tables(
    tables: &TableDir,
    puzzle: &Model,
    views: Vec<(View, u64)>,
) -> Result<databases::Exact<Mapped>, Error> {
    let exact = load(tables, puzzle, views, Entry::Distance)?;
    let walks = match &exact[..] {
        [one] if one.view.size() <= MOST_WALKED => walks(tables, puzzle, one)?,
        _ => None,
    };
    // Cases read as ranks turn them part by part: the small parts tabled.
    if let [one] = &exact[..] {
        one.view.tabulate(MOST_SEARCH_TABLED, false);
    }
    Ok((exact, walks))
}

/// Each goal's databases as planned: each a view and the fingerprint that names it.
type Planned = Vec<Vec<(View, u64)>>;

/// The databases of `puzzle` of each size `planned` (smallest first): those at `first`
/// mapped (and built first if missing), the others built when a search needs them.
fn sized_databases(
    tables: &TableDir,
    puzzle: &Arc<Model>,
    mut planned: Vec<(u64, Planned)>,
    first: usize,
) -> Result<Databases<Mapped>, Error> {
    let sizing: Vec<Sizing> = (planned.iter())
        .map(|(most, goals)| Sizing {
            most: *most,
            entries: entries(goals),
        })
        .collect();
    let goals = std::mem::take(&mut planned[first].1);
    let bounds = load_bounds(tables, puzzle, goals)?;
    let planned = Arc::new(planned);
    let at = |planned: &[(u64, Planned)], size| {
        let found = planned.iter().find(|(most, _)| *most == size);
        let goals = found.map(|(_, goals)| goals.clone());
        goals.expect("a size of the databases' own, built from this plan")
    };
    let threads = rayon::current_num_threads();
    // Timing and counting what a size's views reach takes seconds on the largest
    // puzzles: done only for a case with a time limit, once a size.
    let estimate: Estimate = {
        let (tables, puzzle, planned) = (tables.clone(), Arc::clone(puzzle), Arc::clone(&planned));
        Box::new(move |size| {
            missing_cost(&tables, &puzzle, &at(&planned, size))
                .1
                .seconds(threads)
        })
    };
    let (tables, puzzle) = (tables.clone(), Arc::clone(puzzle));
    let build: Build<Mapped> =
        Box::new(move |size| load_bounds(&tables, &puzzle, at(&planned, size)));
    Ok(Databases::new(&sizing, (first, bounds), build, estimate))
}

/// Each of `sizes` that can be planned within `memory` bytes (a byte an entry; `None`:
/// any), with its databases, and which of them opening maps first: the largest whose
/// tables are all on disk, else the smallest. A size that plans the same databases as
/// the one before it is left out.
fn planned_sizes(
    tables: &TableDir,
    puzzle: &Model,
    most: u64,
    sizes: &[u64],
    memory: Option<u64>,
) -> Result<(Vec<(u64, Planned)>, usize), Error> {
    let mut planned: Vec<(u64, Planned)> = Vec::new();
    let mut why = String::new();
    for &size in sizes {
        let goals = match plan(puzzle, most, size) {
            Ok(Plan::Search(goals)) => goals,
            Ok(Plan::Exact(_)) => unreachable!("exact tables are planned before databases"),
            Err(e) => {
                why = e;
                continue;
            }
        };
        let bytes = entries(&goals);
        if memory.is_some_and(|memory| bytes > memory) {
            if planned.is_empty() {
                let memory = crate::table::memory::size(memory.unwrap_or_default());
                let message = format!(
                    "this puzzle's smallest pattern databases take {}, more than the {memory} \
                     they may (--memory)",
                    crate::table::memory::size(bytes)
                );
                return Err(Error::Option(message.into()));
            }
            break;
        }
        if planned
            .last()
            .is_none_or(|(_, last)| entries(last) != bytes)
        {
            planned.push((size, goals));
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
    let first = (planned.iter())
        .rposition(|(_, goals)| on_disk(goals))
        .unwrap_or(0);
    Ok((planned, first))
}

/// Where the databases opening would map first should take longer to build than a
/// case may take (`time`), and are to be built (not refused as missing), none first
/// instead: the cases search without databases, to their limits.
fn none_first_if_slow(
    tables: &TableDir,
    puzzle: &Model,
    planned: &mut Vec<(u64, Planned)>,
    first: &mut usize,
    time: Option<Duration>,
) {
    let Some(time) = time.filter(|_| tables.builds_missing()) else {
        return;
    };
    let goals = &planned[*first].1;
    let missing = missing_spaces(tables, puzzle, goals);
    let cost: Cost = missing.iter().map(Cost::of).sum();
    if cost.seconds(rayon::current_num_threads()) > time.as_secs_f64() {
        tables.defer(&missing, time);
        let none = vec![Vec::new(); goals.len()];
        planned.insert(0, (0, none));
        *first = 0;
    }
}

/// The entries of every goal's databases together.
fn entries(goals: &Planned) -> u64 {
    goals.iter().flatten().map(|(view, _)| view.size()).sum()
}

/// Maps (and first builds, if missing) each goal's databases.
fn load_bounds(tables: &TableDir, puzzle: &Model, goals: Planned) -> Result<Bounds<Mapped>, Error> {
    let counts: Vec<usize> = goals.iter().map(Vec::len).collect();
    let all: Vec<(View, u64)> = goals.into_iter().flatten().collect();
    let mut loaded = load(tables, puzzle, all, Entry::Bound)?.into_iter();
    // Read at every node of the search: the small parts' turns looked up.
    for viewed in loaded.clone() {
        viewed.view.tabulate(MOST_SEARCH_TABLED, false);
    }
    Ok(counts
        .iter()
        .map(|&n| strongest_first(loaded.by_ref().take(n).collect()))
        .collect())
}

/// The most states an exact table has for its walks to be kept beside it (eight
/// bytes a state).
pub const MOST_WALKED: u64 = 1 << 26;

/// The walks table of `exact`, the one exact table (built from it when missing), if
/// its longest walk fits 64 bits.
fn walks(
    tables: &TableDir,
    puzzle: &Model,
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
    puzzle: &Model,
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
