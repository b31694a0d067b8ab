//! A directory of table files: finds each table, builds the missing ones when allowed,
//! and maps them.

use memmap2::Mmap;
use rayon::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::space::{reverse_bfs, StateSpace};
use crate::table::{self, Header, Table, TableError};

/// What [`TableDir`] tells its user about a build it starts on its own.
#[derive(Debug)]
pub enum BuildNote<'a> {
    /// These missing tables are being built.
    Started(&'a [PathBuf]),
    /// They were built, in this time.
    Finished(Duration),
}

/// Where tables live, and whether missing ones may be built there.
pub struct TableDir {
    dir: PathBuf,
    build_missing: bool,
    note: Box<dyn Fn(BuildNote<'_>) + Send + Sync>,
}

impl std::fmt::Debug for TableDir {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableDir")
            .field("dir", &self.dir)
            .field("build_missing", &self.build_missing)
            .finish()
    }
}

impl TableDir {
    /// The tables in `dir`; a missing one is an error unless [`TableDir::build_missing`].
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        TableDir {
            dir: dir.into(),
            build_missing: false,
            note: Box::new(|_| {}),
        }
    }

    /// Builds missing tables when asked for them, telling `note` when it starts and ends.
    pub fn build_missing(mut self, note: impl Fn(BuildNote<'_>) + Send + Sync + 'static) -> Self {
        self.build_missing = true;
        self.note = Box::new(note);
        self
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of the table `space` fills.
    pub fn path<S: StateSpace>(&self, space: &S) -> PathBuf {
        self.dir.join(space.id().file_name())
    }

    /// Maps and validates the tables of `spaces`, first building those that are missing
    /// (all at once, in parallel) if allowed.
    pub fn load<S: StateSpace>(&self, spaces: &[S]) -> Result<Vec<Table<Mmap>>, TableError> {
        let missing: Vec<(&S, PathBuf)> = spaces
            .iter()
            .map(|space| (space, self.path(space)))
            .filter(|(_, path)| fs::symlink_metadata(path).is_err())
            .collect();
        if let Some((_, path)) = missing.first() {
            if !self.build_missing {
                return Err(TableError::Missing { path: path.clone() });
            }
            let paths: Vec<PathBuf> = missing.iter().map(|(_, path)| path.clone()).collect();
            (self.note)(BuildNote::Started(&paths));
            let started = Instant::now();
            missing
                .par_iter()
                .try_for_each(|(space, path)| build(*space, path).map(drop))?;
            (self.note)(BuildNote::Finished(started.elapsed()));
        }
        spaces
            .iter()
            .map(|space| Table::open(&self.path(space), space.id(), space.states()))
            .collect()
    }
}

/// Computes the table of `space` and writes it to `path` atomically, creating the
/// directory if needed. Returns the header written.
pub fn build<S: StateSpace>(space: &S, path: &Path) -> Result<Header, TableError> {
    let write_error = |source| TableError::Write {
        path: path.to_owned(),
        source,
    };
    let bytes = table::encode(space.id(), &reverse_bfs(space));
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(write_error)?;
    }
    table::write_atomic(path, &bytes).map_err(write_error)?;
    let table = Table::from_bytes(bytes, space.id(), space.states())
        .expect("a freshly encoded table is valid");
    Ok(table.header().clone())
}
