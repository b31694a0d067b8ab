//! Building ahead of use every table a puzzle answers from (what `build-tables` does),
//! replacing any already there; the tools build a missing table on first use instead.

use std::path::PathBuf;
use std::time::Instant;

use super::{OptionError, Puzzle};
use crate::error::Error;
use crate::search::Walks;
use crate::sliding::Partition;
use crate::sliding::{exact, Board};
use crate::table::dir::build;
use crate::table::{Header, Source, Table, TableDir, WalkSource, Work};
use crate::{eight, rotation};

/// A table just built: where it is, what it holds, how long it took.
#[derive(Debug)]
pub struct Built {
    /// The table file.
    pub path: PathBuf,
    /// Its header: states, depth histogram.
    pub header: Header,
    /// Seconds the build took.
    pub seconds: f64,
}

/// Where each table built is told.
type Told<'a> = &'a mut dyn FnMut(Built);

impl Puzzle {
    /// Builds into `dir` every table the puzzle answers from and tells `told` of each,
    /// replacing any already there: the Rotation Game's and the 8-puzzle's with their
    /// walks; for a sliding board (`sliding` of `size`, which the boards named for
    /// their size ignore) and the goal with the blank on
    /// its last cell, the pattern databases of each of `partitions` that fits it, else
    /// the table it is answered from by default (up to 12 cells the exact table, past
    /// that the default partition's databases).
    pub fn build_tables(
        self,
        dir: &TableDir,
        size: Option<(usize, usize)>,
        partitions: &[Partition],
        told: Told,
    ) -> Result<(), Error> {
        match self {
            Puzzle::Rotation => exact_with_walks(dir, &rotation::Space, told),
            Puzzle::Eight | Puzzle::Eight2 => (0..eight::GOALS)
                .try_for_each(|blank| exact_with_walks(dir, &eight::Space::new(blank), told)),
            Puzzle::Fifteen | Puzzle::Twentyfour | Puzzle::Sliding => {
                let (w, h) = self.sliding_size(size)?;
                crate::for_size!(
                    (w, h),
                    sliding_tables(dir, partitions, told),
                    Err(OptionError::Size(w, h).into())
                )
            }
            Puzzle::Def => Err(OptionError::DefTables.into()),
        }
    }

    /// The puzzle whose tables this one answers from: the 8-puzzle's two judges share
    /// theirs.
    pub fn table_owner(self) -> Puzzle {
        match self {
            Puzzle::Eight2 => Puzzle::Eight,
            puzzle => puzzle,
        }
    }
}

/// Builds the table of `source` and tells `told` of it.
fn build_one<S: Source>(dir: &TableDir, source: &S, told: Told) -> Result<(), Error> {
    let path = dir.path(source);
    let started = Instant::now();
    let header = build(source, &path, &Work::quiet())?;
    let seconds = started.elapsed().as_secs_f64();
    told(Built {
        path,
        header,
        seconds,
    });
    Ok(())
}

/// Builds the distances of `space`, then the walks down them.
fn exact_with_walks<S: Walks + Source>(dir: &TableDir, space: &S, told: Told) -> Result<(), Error> {
    build_one(dir, space, told)?;
    let table = Table::open(&dir.path(space), space.id(), space.entries())?;
    build_one(dir, &WalkSource::new(space, &table), told)
}

/// The tables of a `W` x `H` board towards the goal with the blank on its last cell
/// (and every goal whose blank a symmetry carries there), as
/// [`Puzzle::build_tables`] says.
fn sliding_tables<const W: usize, const H: usize>(
    dir: &TableDir,
    partitions: &[Partition],
    told: Told,
) -> Result<(), Error> {
    let goal = Board::<W, H>::canonical(W * H - 1);
    let mut fitting: Vec<Partition> = partitions
        .iter()
        .filter(|p| p.check(W * H).is_ok())
        .cloned()
        .collect();
    if fitting.is_empty() && W * H <= exact::MAX_CELLS {
        return build_one(dir, &exact::Space::towards(&goal), told);
    }
    if fitting.is_empty() {
        fitting.push(Partition::default_for(W * H));
    }
    fitting
        .iter()
        .flat_map(|p| p.patterns(&goal))
        .try_for_each(|pattern| build_one(dir, &pattern, told))
}
