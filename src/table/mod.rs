//! Table files, one format for every puzzle: a fixed prefix, a header that describes
//! the table, and one entry per rank (a byte of distance or bound, or eight bytes of
//! packed walk: [`Entry`]), used in place from a memory map.
//!
//! | bytes | content |
//! |---|---|
//! | `0..8` | magic `TBLSOLVE` |
//! | `8..12` | format version, `u32` little-endian |
//! | `12..16` | header length in bytes, `u32` little-endian |
//! | `16..` | [`Header`], bincode 2 with fixed-width little-endian integers |
//! | `payload_offset..` | one entry per rank: a distance or a bound byte (`0xFF` where unreachable), or a walk's 8 bytes |
//!
//! The payload starts at the first multiple of 64 after the header, and the file ends
//! where the payload does. Any change to this layout or to the header bumps
//! [`FORMAT_VERSION`]; a reader refuses every version but its own.
//!
//! - [`format`](mod@format): encoding, and the validated zero-copy [`Table`] over any bytes;
//! - [`map`]: opening a file as a memory-mapped table (the crate's one `unsafe` line);
//! - [`dir`]: a directory of tables, missing ones built on demand and written
//!   atomically; [`cost`] what building them costs, said before; `partial` a build's
//!   distances so far, kept so that a build stopped part-way resumes;

pub mod cost;
pub mod dir;
pub mod exact;
mod file;
pub mod format;
pub mod map;
pub mod memory;
mod partial;
mod write;

pub use crate::search::{TooLarge, Work};
pub use cost::Cost;
pub use dir::{BuildNote, Building, TableDir};
pub use exact::{exact_in_memory, walk_moves, ExactTable, WalkSource};
pub use file::Table;
pub use format::{
    encode, encode_header, file_len_bound, histogram, Entry, Header, FORMAT_VERSION, MAGIC,
};
pub use map::{Mapped, MappedTable};
pub use write::{remove_abandoned, write_atomic};

use std::borrow::Cow;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Which table a file holds: the puzzle (or pattern) and which of its goals the
/// distances lead to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableId {
    /// The puzzle's name, as on the command line, or a pattern's name.
    pub puzzle: Cow<'static, str>,
    /// The goal within the puzzle (for sliding boards, the blank's cell).
    pub goal: u32,
    /// What each rank's entry holds.
    pub entry: Entry,
}

impl TableId {
    /// The table of distances of `puzzle` towards `goal`.
    pub const fn new(puzzle: &'static str, goal: u32) -> Self {
        TableId {
            puzzle: Cow::Borrowed(puzzle),
            goal,
            entry: Entry::Distance,
        }
    }

    /// The table of distances of a puzzle or pattern whose name is made at run time.
    pub fn owned(puzzle: String, goal: u32) -> Self {
        TableId {
            puzzle: Cow::Owned(puzzle),
            goal,
            entry: Entry::Distance,
        }
    }

    /// The same table holding lower bounds: a pattern database.
    pub fn bounds(self) -> Self {
        TableId {
            entry: Entry::Bound,
            ..self
        }
    }

    /// The table of walks (answers) of the same puzzle and goal, `move_bits` a move.
    pub fn walks(&self, move_bits: u8) -> Self {
        TableId {
            entry: Entry::Walk { move_bits },
            ..self.clone()
        }
    }

    /// The file the table lives in, inside a table directory.
    pub fn file_name(&self) -> String {
        match self.entry {
            Entry::Distance | Entry::Bound => format!("{}-{}.tbl", self.puzzle, self.goal),
            Entry::Walk { .. } => format!("{}-{}.walks.tbl", self.puzzle, self.goal),
        }
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} goal {}", self.puzzle, self.goal)?;
        match self.entry {
            Entry::Distance => Ok(()),
            Entry::Bound => write!(f, " bounds"),
            Entry::Walk { .. } => write!(f, " walks"),
        }
    }
}

/// What a table is and how to compute it: what a [`TableDir`] needs to find, check
/// and build it.
pub trait Source: Sync {
    /// Which table this is.
    fn id(&self) -> TableId;
    /// The number of ranks, and so of entries.
    fn entries(&self) -> u64;
    /// The steps of work [`Source::compute`] reports as it goes.
    fn work(&self) -> u64 {
        self.entries()
    }
    /// The bytes of memory [`Source::compute`] takes: by default its payload's.
    fn memory(&self) -> u64 {
        format::file_len_bound(self.entries(), self.id().entry)
    }
    /// One core's time a step of work takes, in nanoseconds: what the time said before
    /// a build is reckoned from (by default, a figure measured on one machine).
    fn step_nanos(&self) -> u64 {
        100
    }
    /// The payload: one entry ([`TableId::entry`]) per rank. Tells `work` the steps
    /// done (of [`Source::work`]) as it goes, from any thread, and returns early, with
    /// entries that mean nothing, once it is cancelled.
    fn compute(&self, work: &Work) -> Result<Vec<u8>, TooLarge>;
}

/// The table of `source`, computed and validated in memory (for tests, benchmarks and
/// tools that need no file).
pub fn in_memory<S: Source>(source: &S) -> Result<Table<Vec<u8>>, TooLarge> {
    let id = source.id();
    let payload = source.compute(&Work::quiet())?;
    Ok(
        Table::from_bytes(encode(&id, &payload), id, source.entries())
            .expect("a freshly encoded table is valid"),
    )
}

/// Why a header is not what the file needs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderFault {
    /// Longer than any header this format writes.
    #[error("length {len} exceeds {max}")]
    TooLong {
        /// The stated length.
        len: usize,
        /// The longest allowed.
        max: usize,
    },
    /// The bytes do not decode as a header.
    #[error("{0}")]
    Undecodable(String),
    /// The header decodes from fewer bytes than its stated length.
    #[error("{used} bytes decoded of {len}")]
    Trailing {
        /// Bytes the header took.
        used: usize,
        /// Its stated length.
        len: usize,
    },
    /// The payload offset is not where the format puts it.
    #[error("payload offset {found} should be {expected}")]
    PayloadOffset {
        /// The offset the header states.
        found: u64,
        /// Where the payload lies.
        expected: u64,
    },
    /// The depth counts and the unreachable count do not add up to the states.
    #[error("depth counts do not add up to the states")]
    Counts,
    /// A recount of the payload disagrees with the depth counts.
    #[error("the payload's recount disagrees with the header's depth counts")]
    Recount,
}

/// Why a file is not the table it should be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The file ends before something it must hold.
    #[error("truncated: {len} bytes, expected {expected}")]
    Truncated {
        /// The file's length.
        len: usize,
        /// The length it needs at least.
        expected: usize,
    },
    /// The file is longer than its header says.
    #[error("{len} bytes, expected {expected}")]
    Oversized {
        /// The file's length.
        len: usize,
        /// The length its header implies.
        expected: usize,
    },
    /// Not a table file at all.
    #[error("not a tablesolve table (bad magic bytes)")]
    Magic,
    /// A table written by another version of the format.
    #[error("format version {found}, this build reads version {expected}")]
    Version {
        /// The file's format version.
        found: u32,
        /// [`FORMAT_VERSION`].
        expected: u32,
    },
    /// The header cannot be decoded or contradicts itself.
    #[error("damaged header: {0}")]
    Header(#[from] HeaderFault),
    /// A valid table of another kind: a pattern database where exact distances are
    /// expected, or the other way round.
    #[error("holds {}, expected {}", found.describe(), expected.describe())]
    Kind {
        /// What the file's entries hold.
        found: Entry,
        /// What was asked for.
        expected: Entry,
    },
    /// A valid table of another puzzle or goal.
    #[error("holds the {found} table, expected {expected}")]
    Identity {
        /// The table the file holds.
        found: String,
        /// The table that was asked for.
        expected: String,
    },
    /// A valid table of another size.
    #[error("has {found} states, expected {expected}")]
    States {
        /// The file's number of states.
        found: u64,
        /// The puzzle's.
        expected: u64,
    },
    /// The file is not what was written.
    #[error("checksum {found:016x} does not match the header's {expected:016x}")]
    Checksum {
        /// The checksum of the bytes as they are.
        found: u64,
        /// The checksum the header records.
        expected: u64,
    },
}

/// A table file that cannot be used, and why. The messages state the fault; what to
/// do about it depends on the program (see the `tablesolve` command's advice).
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file is not there and building it was not allowed.
    #[error("table {} is missing{} (building {} would take {cost})", path.display(),
        match others { 0 => String::new(), n => format!(", and {n} more") },
        if *others == 0 { "it" } else { "them" })]
    Missing {
        /// Where the table should be.
        path: PathBuf,
        /// How many more of the tables asked for are missing.
        others: usize,
        /// What building all of them would cost.
        cost: Cost,
    },
    /// The file is there but is not a valid table of the expected kind.
    #[error("table {} is unusable: {fault}", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        fault: Fault,
    },
    /// The table would not fit in memory, or holds more than its entries can say.
    #[error("table {} cannot be built: {reason}", path.display())]
    TooLarge {
        /// Where the table was to be written.
        path: PathBuf,
        /// What exceeds what.
        reason: TooLarge,
    },
    /// A table built in memory exceeds what this build or machine holds.
    #[error("table {table} cannot be built: {reason}")]
    TooLargeInMemory {
        /// The table.
        table: TableId,
        /// What exceeds what.
        reason: TooLarge,
    },
    /// A table passed its checks yet has a state with no move one step closer.
    #[error("the {table} table contradicts itself")]
    Inconsistent {
        /// The table at fault.
        table: TableId,
    },
    /// The table directory has too little free space for the tables to build.
    #[error(
        "tables directory {} has {available} bytes free, and the tables to build need {needed}",
        dir.display()
    )]
    NoRoom {
        /// The directory.
        dir: PathBuf,
        /// Bytes the new tables take.
        needed: u64,
        /// Bytes free there.
        available: u64,
    },
    /// The tables to build need more memory than this process may take.
    #[error(
        "building table {} needs {} of memory, and this process may take {} (what the \
         machine has free, less its limits and other builds under way)",
        path.display(), memory::size(*needed), memory::size(*available)
    )]
    NoMemory {
        /// The first table to build.
        path: PathBuf,
        /// The bytes the builds need together.
        needed: u64,
        /// The bytes the process may take.
        available: u64,
    },
    /// No table can be written in the table directory.
    #[error("cannot write tables in directory {}: {source}", dir.display())]
    Unwritable {
        /// The directory.
        dir: PathBuf,
        /// Why a file cannot be created there.
        source: io::Error,
    },
    /// The table directory is not a directory.
    #[error("tables directory {} is not a directory", path.display())]
    NotADirectory {
        /// What was given as the directory.
        path: PathBuf,
    },
    /// The table's build was given up, its handle cancelled
    /// ([`TableDir::cancelled_by`]): nothing was written for it.
    #[error("building table {} was cancelled", path.display())]
    Cancelled {
        /// The table not built.
        path: PathBuf,
    },
    /// The file cannot be opened or mapped.
    #[error("cannot read table {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why it cannot be read.
        source: io::Error,
    },
    /// A table could not be written.
    #[error("cannot write table {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why it cannot be written.
        source: io::Error,
    },
}
