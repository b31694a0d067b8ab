//! The pattern databases a defined puzzle's search is bounded by, in sizes: the
//! smallest built at once (a second or so, where ksolve+ answers its scrambles in
//! one), larger ones only when a search shows it needs them, having run through as
//! many nodes as the next size has entries, or when they are on disk already (built
//! before, or ahead by `build-tables`). A first use then costs what the work asked for
//! costs: five short scrambles of a 3x3x3 never wait for the databases of its hardest
//! positions.

use std::sync::{Mutex, OnceLock};

use super::space::Viewed;
use crate::error::Error;

/// The database sizes, each the most entries of one database: small ones, built in
/// a second or two, and the large ones, minutes for the largest puzzles.
pub const SIZES: [u64; 2] = [1 << 20, 1 << 27];

/// A search runs through at least this many nodes before larger databases are built:
/// a few seconds of search on two cores, which the small ones answer most cases in.
pub const LEAST_BUDGET: u64 = 20_000_000;

/// Each goal's databases of one size.
pub type Bounds<D> = Vec<Vec<Viewed<D>>>;

/// How the databases of a size are made: planned, built if missing, mapped.
pub type Build<D> = Box<dyn Fn(u64) -> Result<Bounds<D>, Error> + Send + Sync>;

/// One size of databases.
struct Size<D> {
    /// The most entries of one database.
    most: u64,
    /// The entries of all of them together.
    entries: u64,
    built: OnceLock<Bounds<D>>,
}

/// A search's databases, size by size.
pub struct Databases<D> {
    sizes: Vec<Size<D>>,
    build: Build<D>,
    growing: Mutex<()>,
}

impl<D> Databases<D> {
    /// Databases of the sizes `sizes` (each its most entries a database and their
    /// entries together, smallest first), the `first` of them built (the largest whose
    /// tables are all on disk, else the smallest), the others built by `build` when a
    /// search needs them.
    pub fn new(sizes: &[(u64, u64)], first: (usize, Bounds<D>), build: Build<D>) -> Self {
        let sizes: Vec<Size<D>> = (sizes.iter())
            .map(|&(most, entries)| Size {
                most,
                entries,
                built: OnceLock::new(),
            })
            .collect();
        let (at, bounds) = first;
        let _ = sizes[at].built.set(bounds);
        Databases {
            sizes,
            build,
            growing: Mutex::new(()),
        }
    }

    /// The largest databases built.
    pub fn current(&self) -> &Bounds<D> {
        (self.sizes.iter().rev())
            .find_map(|size| size.built.get())
            .expect("one size is built from the start")
    }

    /// The nodes a search may run through on the current databases before the next
    /// size is worth building (`None` where the largest is built).
    pub fn budget(&self) -> Option<u64> {
        let at = self.sizes.iter().rposition(|s| s.built.get().is_some())?;
        let next = self.sizes.get(at + 1)?;
        // Building a database takes longer an entry than a search takes a node, and
        // the larger databases prune exponentially more: half as many nodes as they
        // have entries.
        Some((next.entries / 2).max(LEAST_BUDGET))
    }

    /// Builds the next size of databases (unless another search just did).
    pub fn grow(&self) -> Result<(), Error> {
        let _one_at_a_time = crate::parallel::lock(&self.growing);
        let Some(at) = self.sizes.iter().rposition(|s| s.built.get().is_some()) else {
            return Ok(());
        };
        if let Some(next) = self.sizes.get(at + 1) {
            let bounds = (self.build)(next.most)?;
            let _ = next.built.set(bounds);
        }
        Ok(())
    }
}
