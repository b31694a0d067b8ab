//! Writing a table file whole: through a temporary file in the same directory, renamed
//! into place; and removing the temporaries a killed build left behind.
//!
//! A temporary is locked (an advisory `flock`) by the process writing it, from its
//! creation to its rename. The kernel drops the lock when that process dies, however it
//! dies, so a temporary found unlocked is one no live process owns: a later run removes
//! it, and never one another process is still writing.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The names of temporaries: no table's file name starts with this...
pub(super) const PREFIX: &str = ".tablesolve-";
/// ... or ends with this (a table's part-written file) ...
const SUFFIX: &str = ".tmp";
/// ... or this (the lock of a table's build).
const LOCK: &str = ".lock";

/// A new temporary file in `dir`, locked, removed when dropped (or, after a kill, left
/// unlocked under a name no table has, for [`remove_abandoned`]).
pub(super) fn temporary(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(PREFIX).suffix(SUFFIX);
    // Tables are shared read-only data, not private temporaries.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    loop {
        let file = builder.tempfile_in(dir)?;
        file.as_file().lock()?;
        // Between its creation and the lock, another run may have found it unlocked
        // and removed it: then make another.
        if is_at(file.as_file(), file.path()) {
            return Ok(file);
        }
    }
}

/// The lock of the build of the table at `path`, held until dropped: an empty file
/// beside the table, locked (waiting while another thread or process holds it), so
/// that a table is built once however many ask for it at a time. Dropped, it is
/// removed before it is unlocked, so that no lock file outlives its build; one a
/// killed build left behind is removed as its temporaries are.
pub(super) struct BuildLock {
    /// Open, so locked, until the lock is dropped.
    _held: File,
    path: PathBuf,
}

///
/// Where `wait` is false and another holds it, `None` at once: a build started on a
/// thread of a rayon pool (by a search) must not block, as the holder may be waiting
/// for work that thread has taken on; it builds the table beside the other, each
/// renaming a whole file.
pub(super) fn build_lock(path: &Path, wait: bool) -> io::Result<Option<BuildLock>> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let path = dir.join(format!("{PREFIX}{name}{LOCK}"));
    loop {
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)?;
        match wait {
            true => file.lock()?,
            false => match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Ok(None),
                Err(fs::TryLockError::Error(e)) => return Err(e),
            },
        }
        // The holder before removed it as it let go: lock the one there now.
        if is_at(&file, &path) {
            return Ok(Some(BuildLock { _held: file, path }));
        }
    }
}

impl Drop for BuildLock {
    fn drop(&mut self) {
        // Removed while still locked; the lock goes as the file closes, after this.
        let _ = fs::remove_file(&self.path);
    }
}

/// Writes `parts` in turn to `path` so that readers see the old file or the whole new
/// one, never part of it: into a temporary file in the same directory, flushed to
/// disk, then renamed over `path`. A build stopped before the rename (Ctrl-C, a kill)
/// leaves no table, and the next run builds it again. Concurrent writers of the same
/// table each rename a whole file.
pub fn write_atomic(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut file = temporary(dir)?;
    for part in parts {
        file.write_all(part)?;
    }
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Removes the temporaries in `dir` that no live process owns: those a build killed
/// while writing left behind (up to a database's size each), and its build locks. One that is locked is
/// being written, and is left alone. Quietly does nothing where it cannot (a
/// directory that is not there, or not writable).
pub fn remove_abandoned(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(PREFIX) && (name.ends_with(SUFFIX) || name.ends_with(LOCK))) {
            continue;
        }
        let path = entry.path();
        let Ok(file) = File::open(&path) else {
            continue;
        };
        // Held until `file` closes, so that its writer, had it just created it, waits
        // and then sees it gone.
        if file.try_lock().is_ok() && is_at(&file, &path) {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Whether `path` still names the file `file` is open on.
fn is_at(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::symlink_metadata(path)) {
            (Ok(open), Ok(named)) => (open.dev(), open.ino()) == (named.dev(), named.ino()),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}
