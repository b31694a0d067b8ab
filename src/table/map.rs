//! Opening a table file as a memory map, and asking for an entry's bytes ahead of use:
//! the crate's only `unsafe` code.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::path::Path;
use std::sync::Arc;

use super::{Table, TableError, TableId};

/// The bytes of a table file mapped into memory: the default bytes of a [`Table`],
/// so that a table opened from a file is named without naming the mapping crate.
/// Clones share one mapping, so a judge opened once can be handed to many requests,
/// each with its own limits.
#[derive(Clone, Debug)]
pub struct Mapped(Arc<memmap2::Mmap>);

impl AsRef<[u8]> for Mapped {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// A table used in place from its file.
pub type MappedTable = Table<Mapped>;

impl Table<Mapped> {
    /// Maps the file at `path` and validates it as the table `id` with `states` ranks.
    pub fn open(path: &Path, id: TableId, states: u64) -> Result<Self, TableError> {
        let read_error = |source| TableError::Read {
            path: path.to_owned(),
            source,
        };
        let file = File::open(path).map_err(read_error)?;
        let meta = file.metadata().map_err(read_error)?;
        if !meta.is_file() {
            return Err(read_error(io::Error::other("not a regular file")));
        }
        // SAFETY: the map is read-only and the file is never modified in place: tables
        // are only ever replaced whole by an atomic rename, which leaves this mapping on
        // the old file. A process truncating it by hand could still fault the map.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(read_error)?;
        Table::from_bytes(Mapped(Arc::new(map)), id, states).map_err(|fault| TableError::Damaged {
            path: path.to_owned(),
            fault,
        })
    }
}

/// Asks the processor to bring the cache line of `bytes[at]` in without waiting for it,
/// so that a search which will read that entry soon overlaps the memory's latency with
/// other work. Only a hint: nothing is read, and an `at` out of range does nothing.
#[inline(always)]
pub(crate) fn prefetch(bytes: &[u8], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if at < bytes.len() {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: the address lies in the slice, and a prefetch neither faults nor
        // changes memory; SSE, which provides it, is part of every x86_64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(bytes.as_ptr().add(at).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bytes, at);
}
