//! Opening a table file as a memory map: the crate's only `unsafe` code.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::path::Path;

use super::{Table, TableError, TableId};

/// The bytes of a table file mapped into memory: the default bytes of a [`Table`],
/// so that a table opened from a file is named without naming the mapping crate.
pub type Mapped = memmap2::Mmap;

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
        Table::from_bytes(map, id, states).map_err(|fault| TableError::Damaged {
            path: path.to_owned(),
            fault,
        })
    }
}
