//! A build's distances so far, kept beside its table (`.tablesolve-NAME.partial`) with
//! where its search stood, so that a build stopped part-way resumes inside the table
//! rather than from its goals.
//!
//! The file is written whole and renamed into place, like a table (but not synced: the
//! build waits for the write), and read back only where its layout, its table's format
//! and name and its number of states match and its checksum holds: anything else is
//! removed and the build starts over. It is removed once its build ends
//! other than stopped, or another build has made its table.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::format::FORMAT_VERSION;
use super::write::{temporary, PREFIX};
use super::TableId;
use crate::search::{Checkpoint, Checkpoints};

const MAGIC: [u8; 8] = *b"TBLSPART";
/// This file's layout, and the way the search it resumes goes through a level: any
/// change to either changes the number (2: levels searched inwards, which a level
/// begun outwards must not be finished).
const LAYOUT: u32 = 2;
/// The distances are kept at most this often...
const KEEP_EVERY: Duration = Duration::from_secs(30);
/// ... and no sooner than this many times the last write took, so that keeping them
/// takes at most a tenth of a build's time.
const KEEP_AFTER_WRITES: u32 = 10;
const CHUNK: usize = 1 << 20;

/// The checkpoints of one table's build, kept in a file beside the table.
pub(super) struct Partial {
    path: PathBuf,
    /// What the file must say it holds: its layout, the table's format and identity.
    key: Vec<u8>,
    every: Duration,
    /// When the distances are next due to be kept.
    next: Mutex<Instant>,
}

impl Partial {
    /// The checkpoints of the build of `id`, whose table is at `table`.
    pub(super) fn beside(table: &Path, id: &TableId) -> Partial {
        let name = table.file_name().unwrap_or_default().to_string_lossy();
        let key = format!(
            "{LAYOUT}\n{FORMAT_VERSION}\n{}\n{}\n{:?}",
            id.puzzle, id.goal, id.entry
        );
        Partial {
            path: table.with_file_name(format!("{PREFIX}{name}.partial")),
            key: key.into_bytes(),
            every: KEEP_EVERY,
            next: Mutex::new(Instant::now() + KEEP_EVERY),
        }
    }

    /// The same, due at once (tests).
    #[cfg(test)]
    pub(super) fn due_at_once(self) -> Partial {
        Partial {
            every: Duration::ZERO,
            next: Mutex::new(Instant::now()),
            ..self
        }
    }

    /// Removes the file: its build has ended other than stopped, or it cannot be used.
    pub(super) fn remove(&self) {
        let _ = fs::remove_file(&self.path);
    }

    fn write(&self, distance: &[AtomicU8], at: Checkpoint) -> io::Result<()> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let mut file = temporary(dir)?;
        {
            let mut out = Hashed::new(BufWriter::new(file.as_file_mut()));
            out.write_all(&MAGIC)?;
            out.write_all(&(self.key.len() as u64).to_le_bytes())?;
            out.write_all(&self.key)?;
            out.write_all(&(distance.len() as u64).to_le_bytes())?;
            out.write_all(&[at.depth])?;
            out.write_all(&at.from.to_le_bytes())?;
            let mut bytes = Vec::with_capacity(CHUNK);
            for chunk in distance.chunks(CHUNK) {
                bytes.clear();
                bytes.extend(chunk.iter().map(|byte| byte.load(Relaxed)));
                out.write_all(&bytes)?;
            }
            let Hashed { mut inner, hasher } = out;
            inner.write_all(&hasher.digest().to_le_bytes())?;
            inner.flush()?;
        }
        // Not synced to disk: a file a crash cut short fails its checksum, and the
        // build goes on meanwhile.
        file.persist(&self.path).map_err(|e| e.error)?;
        Ok(())
    }

    /// The distances the file holds for `states` states and where their search stood,
    /// where it holds them whole.
    fn read(&self, states: u64) -> io::Result<Option<(Vec<AtomicU8>, Checkpoint)>> {
        let mut input = Hashed::new(BufReader::new(File::open(&self.path)?));
        let mut magic = [0; 8];
        input.read_exact(&mut magic)?;
        let key_len = read_u64(&mut input)?;
        if magic != MAGIC || key_len != self.key.len() as u64 {
            return Ok(None);
        }
        let mut key = vec![0; self.key.len()];
        input.read_exact(&mut key)?;
        if key != self.key || read_u64(&mut input)? != states {
            return Ok(None);
        }
        let mut depth = [0];
        input.read_exact(&mut depth)?;
        let at = Checkpoint {
            depth: depth[0],
            from: read_u64(&mut input)?,
        };
        let Ok(states) = usize::try_from(states) else {
            return Ok(None);
        };
        let mut distance = Vec::new();
        if distance.try_reserve_exact(states).is_err() {
            return Err(io::ErrorKind::OutOfMemory.into());
        }
        let mut bytes = vec![0; CHUNK];
        while distance.len() < states {
            let bytes = &mut bytes[..CHUNK.min(states - distance.len())];
            input.read_exact(bytes)?;
            distance.extend(bytes.iter().map(|&byte| AtomicU8::new(byte)));
        }
        let Hashed { mut inner, hasher } = input;
        let digest = read_u64(&mut inner)?;
        let ends = inner.read(&mut [0])? == 0;
        Ok((digest == hasher.digest() && ends).then_some((distance, at)))
    }
}

impl Checkpoints for Partial {
    /// The distances kept, or none: the file is removed where it is stale or damaged,
    /// and left for a later build where it cannot be read now (memory, permissions).
    fn restore(&self, states: u64) -> Option<(Vec<AtomicU8>, Checkpoint)> {
        match self.read(states) {
            Ok(Some(kept)) => return Some(kept),
            Ok(None) => self.remove(),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => self.remove(),
            Err(_) => {}
        }
        None
    }

    fn due(&self) -> bool {
        Instant::now() >= *self.next.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps the distances where it can: a build goes on without them (a full disk).
    fn keep(&self, distance: &[AtomicU8], at: Checkpoint) {
        let started = Instant::now();
        if self.write(distance, at).is_err() {
            self.remove();
        }
        let wait = self.every.max(started.elapsed() * KEEP_AFTER_WRITES);
        *self.next.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now() + wait;
    }
}

fn read_u64(input: &mut impl Read) -> io::Result<u64> {
    let mut bytes = [0; 8];
    input.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

/// A reader or writer that hashes (XXH3-64) the bytes passing through it.
struct Hashed<T> {
    inner: T,
    hasher: xxhash_rust::xxh3::Xxh3,
}

impl<T> Hashed<T> {
    fn new(inner: T) -> Self {
        Hashed {
            inner,
            hasher: xxhash_rust::xxh3::Xxh3::new(),
        }
    }
}

impl<T: Write> Write for Hashed<T> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.hasher.update(&bytes[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<T: Read> Read for Hashed<T> {
    fn read(&mut self, bytes: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(bytes)?;
        self.hasher.update(&bytes[..read]);
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distances(bytes: &[u8]) -> Vec<AtomicU8> {
        bytes.iter().map(|&byte| AtomicU8::new(byte)).collect()
    }

    fn plain(distance: &[AtomicU8]) -> Vec<u8> {
        distance.iter().map(|byte| byte.load(Relaxed)).collect()
    }

    #[test]
    fn distances_kept_come_back_only_to_the_same_build_and_whole() {
        let dir = tempfile::tempdir().unwrap();
        let table = dir.path().join("t.tbl");
        let id = TableId::new("demo", 3);
        let partial = Partial::beside(&table, &id).due_at_once();
        assert!(partial.restore(5).is_none(), "nothing kept yet");
        assert!(partial.due());
        let kept: Vec<u8> = (0..3_000_000u32).map(|i| (i % 7) as u8).collect();
        let at = Checkpoint {
            depth: 6,
            from: 1 << 21,
        };
        partial.keep(&distances(&kept), at);
        let states = kept.len() as u64;
        let (restored, restored_at) = partial.restore(states).unwrap();
        assert_eq!((plain(&restored), restored_at), (kept.clone(), at));

        // Another table's build at the same file (an earlier format's), or another
        // size, does not take them: they are stale, and removed.
        let other = Partial::beside(&table, &TableId::new("demo", 4));
        assert!(other.restore(states).is_none());
        assert!(!partial.path.exists());
        partial.keep(&distances(&kept), at);
        assert!(partial.restore(states - 1).is_none());
        assert!(!partial.path.exists());

        // A byte changed anywhere, or the file cut short, and they are refused, and gone.
        for damage in [0, 20, 80, 1_000_000, kept.len() + 90] {
            partial.keep(&distances(&kept), at);
            let mut bytes = fs::read(&partial.path).unwrap();
            let at = damage.min(bytes.len() - 1);
            bytes[at] ^= 1;
            fs::write(&partial.path, &bytes).unwrap();
            assert!(partial.restore(states).is_none(), "byte {at} changed");
            assert!(!partial.path.exists());
        }
        partial.keep(&distances(&kept), at);
        let bytes = fs::read(&partial.path).unwrap();
        fs::write(&partial.path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(partial.restore(states).is_none(), "cut short");
        assert!(!partial.path.exists());
    }

    #[test]
    fn distances_are_kept_at_most_every_so_often() {
        let dir = tempfile::tempdir().unwrap();
        let partial = Partial::beside(&dir.path().join("t.tbl"), &TableId::new("demo", 0));
        assert!(!partial.due(), "not at once");
        assert!(partial.due_at_once().due());
    }
}
