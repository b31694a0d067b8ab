//! A directory of table files: finds each table, builds the missing ones when allowed,
//! and maps them. Files are only ever replaced whole, by an atomic rename.

use rayon::prelude::*;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::map::MappedTable;
use super::{encode, Header, Source, Table, TableError};

/// What [`TableDir`] tells its user about a build it starts on its own.
#[derive(Debug)]
pub enum BuildNote<'a> {
    /// These missing tables are being built.
    Started(&'a [PathBuf]),
    /// They were built, in this time.
    Finished(Duration),
    /// Building them failed; the error follows.
    Failed,
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

    /// The file of the table `source` computes.
    pub fn path<S: Source>(&self, source: &S) -> PathBuf {
        self.dir.join(source.id().file_name())
    }

    /// Maps and validates the tables of `sources`, first building those that are
    /// missing (all at once, in parallel) if allowed.
    pub fn load<S: Source>(&self, sources: &[S]) -> Result<Vec<MappedTable>, TableError> {
        if fs::metadata(&self.dir).is_ok_and(|m| !m.is_dir()) {
            let path = self.dir.clone();
            return Err(TableError::NotADirectory { path });
        }
        let missing: Vec<(&S, PathBuf)> = sources
            .iter()
            .map(|source| (source, self.path(source)))
            .filter(|(_, path)| fs::symlink_metadata(path).is_err())
            .collect();
        if let Some((_, path)) = missing.first() {
            if !self.build_missing {
                return Err(TableError::Missing { path: path.clone() });
            }
            let paths: Vec<PathBuf> = missing.iter().map(|(_, path)| path.clone()).collect();
            (self.note)(BuildNote::Started(&paths));
            let started = Instant::now();
            let built = missing
                .par_iter()
                .try_for_each(|(source, path)| build(*source, path).map(drop));
            match built {
                Ok(()) => (self.note)(BuildNote::Finished(started.elapsed())),
                Err(error) => {
                    (self.note)(BuildNote::Failed);
                    return Err(error);
                }
            }
        }
        sources
            .iter()
            .map(|source| Table::open(&self.path(source), source.id(), source.entries()))
            .collect()
    }
}

/// Computes the table of `source` and writes it to `path` atomically, creating the
/// directory if needed. Returns the header written.
pub fn build<S: Source>(source: &S, path: &Path) -> Result<Header, TableError> {
    let write_error = |source| TableError::Write {
        path: path.to_owned(),
        source,
    };
    let bytes = encode(&source.id(), &source.compute());
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(write_error)?;
    }
    write_atomic(path, &bytes).map_err(write_error)?;
    let table = Table::from_bytes(bytes, source.id(), source.entries())
        .expect("a freshly encoded table is valid");
    Ok(table.header().clone())
}

/// Writes `bytes` to `path` so that readers see the old file or the whole new one,
/// never part of it: into a temporary file in the same directory, flushed to disk, then
/// renamed over `path`. Concurrent writers of the same table each rename a whole file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tablesolve-").suffix(".tmp");
    // Tables are shared read-only data, not private temporaries.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut file = builder.tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
