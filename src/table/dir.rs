//! A directory of table files: finds each table, builds the missing ones when allowed,
//! and maps them. Files are only ever replaced whole, by an atomic rename.

use rayon::prelude::*;
use std::fs;
use std::io::Read;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::format::{version_of, VERSION_END};
use super::map::MappedTable;
use super::memory;
use super::partial::Partial;
use super::write::{build_lock, remove_abandoned, temporary, write_atomic};
use super::Cost;
use super::{encode_header, file_len_bound, Header, Source, Table, TableError, FORMAT_VERSION};
use crate::search::{Cancel, Work};

/// What [`TableDir`] tells its user about a build it starts on its own.
#[derive(Debug)]
pub enum BuildNote<'a> {
    /// These missing tables are being built, in this many steps of work.
    Started {
        /// The tables' files.
        paths: &'a [PathBuf],
        /// Steps of work in all ([`Source::work`]).
        work: u64,
        /// What building them costs.
        cost: Cost,
    },
    /// This many more steps are done (told from any thread, many times a second).
    Advanced(u64),
    /// This many steps were done by an earlier build of theirs, stopped part-way and
    /// taken up now (told as each resumes).
    Resumed(u64),
    /// These missing tables (`paths`) are not built: building them (`cost`) should take
    /// longer than a case may take (`within`), so the cases go on without them.
    #[allow(missing_docs)]
    Deferred {
        paths: &'a [PathBuf],
        cost: Cost,
        within: Duration,
    },
    /// They were built, in this time.
    Finished(Duration),
    /// Building them failed; the error follows.
    Failed,
}

/// Where tables live, and whether missing ones may be built there. A clone is the
/// same directory, telling the same notes and counting the same builds (what a
/// defined puzzle keeps to build the tables of a case's own goal).
#[derive(Clone)]
pub struct TableDir {
    dir: PathBuf,
    build_missing: bool,
    note: Arc<dyn Fn(BuildNote<'_>) + Send + Sync>,
    under_way: Arc<UnderWay>,
    /// How many builds may run at once (`None`: any number), and how many do.
    slots: Option<Arc<Slots>>,
    /// Builds stop once this is cancelled (a service's, when no request waits).
    cancel: Option<Cancel>,
}

/// Build slots: a build waits for one, so that a service asked for many tables at
/// once builds a few at a time, each on every core, rather than all at once.
struct Slots {
    most: usize,
    taken: Mutex<usize>,
    freed: std::sync::Condvar,
}

/// A build slot, given back when dropped.
struct Slot<'a>(&'a Slots);

impl Slots {
    fn take(&self) -> Slot<'_> {
        let mut taken = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        while *taken >= self.most {
            taken = self.freed.wait(taken).unwrap_or_else(|e| e.into_inner());
        }
        *taken += 1;
        Slot(self)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *self.0.taken.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        self.0.freed.notify_one();
    }
}

/// The builds under way in a directory, as [`TableDir::building`] tells them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Building {
    /// The tables' files.
    pub paths: Vec<PathBuf>,
    /// Steps of work in all ([`Source::work`]).
    pub work: u64,
    /// Steps done.
    pub done: u64,
    /// Since the first of them started.
    pub elapsed: Duration,
}

/// The builds under way, summed over the threads that started them, so that another
/// thread (a service's request waiting for its tables) can tell how far they are. The
/// sums are kept until the last ends, so that the fraction done never falls.
#[derive(Default)]
struct UnderWay {
    started: Mutex<Started>,
    done: AtomicU64,
}

#[derive(Default)]
struct Started {
    builds: usize,
    paths: Vec<PathBuf>,
    work: u64,
    since: Option<Instant>,
}

/// One build counted in [`UnderWay`] until dropped, however it ends.
struct Counted<'a>(&'a UnderWay);

impl UnderWay {
    fn lock(&self) -> std::sync::MutexGuard<'_, Started> {
        self.started.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn start(&self, paths: &[PathBuf], work: u64) -> Counted<'_> {
        let mut started = self.lock();
        started.builds += 1;
        started.paths.extend_from_slice(paths);
        started.work += work;
        started.since.get_or_insert_with(Instant::now);
        Counted(self)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        let mut started = self.0.lock();
        started.builds -= 1;
        if started.builds == 0 {
            *started = Started::default();
            self.0.done.store(0, Ordering::Relaxed);
        }
    }
}

impl std::fmt::Debug for TableDir {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableDir")
            .field("dir", &self.dir)
            .field("build_missing", &self.build_missing)
            .finish()
    }
}

impl Default for TableDir {
    /// The tables where the `tablesolve` command keeps them
    /// ([`TableDir::default_location`]), missing ones built there, silently.
    fn default() -> Self {
        TableDir::new(TableDir::default_location()).build_missing(|_| {})
    }
}

impl TableDir {
    /// The tables in `dir`; a missing one is an error unless [`TableDir::build_missing`].
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        TableDir {
            dir: dir.into(),
            build_missing: false,
            note: Arc::new(|_| {}),
            under_way: Arc::default(),
            slots: None,
            cancel: None,
        }
    }

    /// The same directory, whose builds stop once `cancel` is cancelled: each table
    /// finished before is kept, the one under way is not written, and the load fails
    /// with [`TableError::Cancelled`].
    pub fn cancelled_by(mut self, cancel: Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// Runs at most `most` builds at a time (at least one), across every clone of
    /// this directory: a build past them waits for one to end.
    pub fn builds_at_once(mut self, most: usize) -> Self {
        self.slots = Some(Arc::new(Slots {
            most: most.max(1),
            taken: Mutex::new(0),
            freed: std::sync::Condvar::new(),
        }));
        self
    }

    /// Builds missing tables when asked for them, telling `note` when it starts and ends.
    pub fn build_missing(mut self, note: impl Fn(BuildNote<'_>) + Send + Sync + 'static) -> Self {
        self.build_missing = true;
        self.note = Arc::new(note);
        self
    }

    /// Where tables are unless the user says otherwise: `TABLESOLVE_TABLES` if set and
    /// not empty, else the user's cache directory (`$XDG_CACHE_HOME/tablesolve` or
    /// `~/.cache/tablesolve` on Linux, `~/Library/Caches/tablesolve` on macOS,
    /// `%LOCALAPPDATA%\tablesolve\cache` on Windows), else `./tables`.
    pub fn default_location() -> PathBuf {
        if let Some(dir) = std::env::var_os("TABLESOLVE_TABLES").filter(|d| !d.is_empty()) {
            return dir.into();
        }
        cache_dir().unwrap_or_else(|| PathBuf::from("tables"))
    }

    /// The tables this directory is building for any thread, and how far they are;
    /// `None` when it builds none.
    pub fn building(&self) -> Option<Building> {
        let started = self.under_way.lock();
        Some(Building {
            paths: started.paths.clone(),
            work: started.work,
            done: self
                .under_way
                .done
                .load(Ordering::Relaxed)
                .min(started.work),
            elapsed: started.since?.elapsed(),
        })
    }

    /// Whether missing tables are built ([`TableDir::build_missing`]), not refused.
    pub fn builds_missing(&self) -> bool {
        self.build_missing
    }

    /// Tells whoever follows this directory's builds that the tables of `sources` are
    /// not built, as [`BuildNote::Deferred`] says.
    pub fn defer<S: Source>(&self, sources: &[S], within: Duration) {
        let paths: Vec<PathBuf> = sources.iter().map(|source| self.path(source)).collect();
        let cost = sources.iter().map(Cost::of).sum();
        (self.note)(BuildNote::Deferred {
            paths: &paths,
            cost,
            within,
        });
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
    /// missing (all at once, in parallel) if allowed. A table an older build wrote in an
    /// earlier format counts as missing then: out of date, not damaged.
    pub fn load<S: Source>(&self, sources: &[S]) -> Result<Vec<MappedTable>, TableError> {
        if fs::metadata(&self.dir).is_ok_and(|m| !m.is_dir()) {
            let path = self.dir.clone();
            return Err(TableError::NotADirectory { path });
        }
        remove_abandoned(&self.dir);
        let missing_now = || -> Vec<(&S, PathBuf)> {
            (sources.iter())
                .map(|source| (source, self.path(source)))
                .filter(|(_, path)| {
                    fs::symlink_metadata(path).is_err() || self.build_missing && outdated(path)
                })
                .collect()
        };
        let mut missing = missing_now();
        if let Some((_, path)) = missing.first() {
            if !self.build_missing {
                return Err(TableError::Missing {
                    path: path.clone(),
                    others: missing.len() - 1,
                    cost: missing.iter().map(|(source, _)| Cost::of(*source)).sum(),
                });
            }
        }
        // A build slot, where builds are limited: not on a thread of a rayon pool (a
        // build a search starts), which may hold one already further down its stack.
        let _slot = match (&self.slots, rayon::current_thread_index()) {
            (Some(slots), None) if !missing.is_empty() => {
                let slot = slots.take();
                // Another may have built some of them while this waited.
                missing = missing_now();
                Some(slot)
            }
            _ => None,
        };
        if let (Some((_, path)), true) = (missing.first(), self.is_cancelled()) {
            return Err(TableError::Cancelled { path: path.clone() });
        }
        if !missing.is_empty() {
            self.check_room(&missing)?;
            let paths: Vec<PathBuf> = missing.iter().map(|(_, path)| path.clone()).collect();
            let work = missing.iter().map(|(source, _)| source.work()).sum();
            let cost = missing.iter().map(|(source, _)| Cost::of(*source)).sum();
            (self.note)(BuildNote::Started {
                paths: &paths,
                work,
                cost,
            });
            let _counted = self.under_way.start(&paths, work);
            let started = Instant::now();
            let told = |note: fn(u64) -> BuildNote<'static>| {
                move |steps| {
                    self.under_way.done.fetch_add(steps, Ordering::Relaxed);
                    (self.note)(note(steps))
                }
            };
            let (advance, resumed) = (told(BuildNote::Advanced), told(BuildNote::Resumed));
            let work = Work::new(&advance)
                .until(self.cancel.as_ref())
                .telling_resumed(&resumed);
            // Wait for another's build of the same table only off the rayon pools.
            let wait = rayon::current_thread_index().is_none();
            let built = in_turns(&mut missing).try_for_each(|turn| {
                let _memory = claim_memory(turn)?;
                (turn.par_iter())
                    .try_for_each(|(source, path)| self.build_once(*source, path, &work, wait))
            });
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

impl TableDir {
    /// Builds the table of `source` at `path` unless another thread or process, holding
    /// its lock first, built it meanwhile (waited for where `wait`).
    fn build_once<S: Source>(
        &self,
        source: &S,
        path: &Path,
        work: &Work,
        wait: bool,
    ) -> Result<(), TableError> {
        let _lock = build_lock(path, wait).map_err(|e| TableError::Unwritable {
            dir: self.dir.clone(),
            source: e,
        })?;
        if fs::symlink_metadata(path).is_ok() && !outdated(path) {
            // Another build made it; what one stopped beside it kept is of no use now.
            Partial::beside(path, &source.id()).remove();
            work.advance(source.work());
            return Ok(());
        }
        build(source, path, work).map(drop)
    }

    fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
    }

    /// Fails before any work unless the directory exists or can be made, takes a new
    /// file, and has room for every table of `missing`.
    fn check_room<S: Source>(&self, missing: &[(&S, PathBuf)]) -> Result<(), TableError> {
        let unwritable = |source| TableError::Unwritable {
            dir: self.dir.clone(),
            source,
        };
        fs::create_dir_all(&self.dir).map_err(unwritable)?;
        temporary(&self.dir).map_err(unwritable)?;
        let needed = missing
            .iter()
            .map(|(source, _)| file_len_bound(source.entries(), source.id().entry))
            .fold(0u64, u64::saturating_add);
        // Where the free space cannot be told, the write itself reports a full disk.
        match fs4::available_space(&self.dir) {
            Ok(available) if available < needed => Err(TableError::NoRoom {
                dir: self.dir.clone(),
                needed,
                available,
            }),
            _ => Ok(()),
        }
    }
}

/// Tables of fewer entries than this are built side by side, each too small to keep
/// every core busy alone.
const SIDE_BY_SIDE: u64 = 1 << 22;

/// The turns `missing` is built in, smallest tables first: the small ones together,
/// then each large one alone on every core, so that a build stopped part-way keeps
/// every table finished before it (and the next run builds only the rest), and the
/// memory taken at once is one large table's.
fn in_turns<'m, 's, S: Source>(
    missing: &'m mut [(&'s S, PathBuf)],
) -> impl Iterator<Item = &'m [(&'s S, PathBuf)]> {
    missing.sort_by_key(|(source, _)| source.entries());
    let small = missing.partition_point(|(source, _)| source.entries() < SIDE_BY_SIDE);
    let (small, large) = missing.split_at(small);
    let small = (!small.is_empty()).then_some(small);
    small.into_iter().chain(large.chunks(1))
}

/// Claims the memory that building every table of `missing` at once takes, or says
/// why it cannot be had, before any is allocated.
fn claim_memory<S: Source>(missing: &[(&S, PathBuf)]) -> Result<memory::Claim, TableError> {
    let needed = (missing.iter())
        .map(|(source, _)| source.memory())
        .fold(0u64, u64::saturating_add);
    memory::claim(needed).map_err(|short| TableError::NoMemory {
        path: missing[0].1.clone(),
        needed: short.needed,
        available: short.available,
    })
}

/// Whether `path` holds a table in a format before this build's: its magic, then a
/// lower version.
fn outdated(path: &Path) -> bool {
    let mut prefix = [0u8; VERSION_END];
    let read = fs::File::open(path).and_then(|mut file| file.read_exact(&mut prefix));
    read.is_ok() && version_of(&prefix).is_some_and(|version| version < FORMAT_VERSION)
}

/// Computes the table of `source` and writes it to `path` atomically, creating the
/// directory if needed; `work` hears of the work as it is done, and writes nothing
/// once cancelled. A search's distances are kept beside `path` as it goes, so that
/// a build stopped part-way resumes from them, and removed once it ends otherwise.
/// Returns the header written.
pub fn build<S: Source>(source: &S, path: &Path, work: &Work) -> Result<Header, TableError> {
    let write_error = |source| TableError::Write {
        path: path.to_owned(),
        source,
    };
    let cancelled = || TableError::Cancelled {
        path: path.to_owned(),
    };
    if work.cancelled() {
        return Err(cancelled());
    }
    let kept = Partial::beside(path, &source.id());
    let computed = source.compute(&work.keeping(&kept));
    if work.cancelled() {
        return Err(cancelled());
    }
    // Done with, however the search ended: a failed one would fail again from it, and
    // a finished one's table needs the room on disk.
    kept.remove();
    let payload = computed.map_err(|reason| TableError::TooLarge {
        path: path.to_owned(),
        reason,
    })?;
    let (header, prefix) = encode_header(&source.id(), &payload);
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(write_error)?;
    }
    write_atomic(path, &[&prefix, &payload]).map_err(write_error)?;
    Ok(header)
}

/// The platform's cache directory for tablesolve, where the platform says where that is.
fn cache_dir() -> Option<PathBuf> {
    let home = || absolute_var("HOME");
    if cfg!(windows) {
        Some(
            absolute_var("LOCALAPPDATA")?
                .join("tablesolve")
                .join("cache"),
        )
    } else if cfg!(target_os = "macos") {
        Some(home()?.join("Library/Caches/tablesolve"))
    } else {
        let cache = absolute_var("XDG_CACHE_HOME").or_else(|| Some(home()?.join(".cache")));
        Some(cache?.join("tablesolve"))
    }
}

/// An environment variable naming an absolute path (the XDG rule: others are ignored).
fn absolute_var(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var_os(name)?);
    path.is_absolute().then_some(path)
}
