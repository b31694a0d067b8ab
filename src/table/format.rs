//! The layout of a table file: prefix, header and payload, and their encoding.

use super::TableId;
use crate::search::{walk_length, UNREACHABLE};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"TBLSOLVE";
/// The layout this build reads and writes.
pub const FORMAT_VERSION: u32 = 4;

pub(super) const PREFIX_LEN: usize = 16;
/// The bytes that say a file's format: the magic, then the version.
pub(super) const VERSION_END: usize = 12;
const PAYLOAD_ALIGN: usize = 64;
pub(super) const MAX_HEADER_LEN: usize = 4096;

/// The format version a table file's first bytes state, where they begin with the
/// magic; `None` where they do not (or are too few).
pub(super) fn version_of(bytes: &[u8]) -> Option<u32> {
    let (magic, version) = bytes.get(..VERSION_END)?.split_at(MAGIC.len());
    (magic == MAGIC).then(|| u32::from_le_bytes(version.try_into().expect("four bytes")))
}

pub(super) fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard()
        .with_little_endian()
        .with_fixed_int_encoding()
        .with_limit::<MAX_HEADER_LEN>()
}

/// What each rank's entry in a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Entry {
    /// One byte: the rank's distance to the goal, [`UNREACHABLE`] if there is no way.
    Distance,
    /// Eight bytes, little-endian: the rank's greedy walk to the goal packed
    /// `move_bits` a move behind a marker bit ([`crate::search::pack_walk`]); 0 if
    /// there is no way.
    Walk {
        /// Bits of one move.
        move_bits: u8,
    },
    /// One byte: a lower bound on the rank's distance, [`UNREACHABLE`] if there is no
    /// way (a pattern database, indexed by the placement of its tiles). Last, so that
    /// the encodings of the others stay as they were.
    Bound,
}

impl Entry {
    /// Bytes of one entry.
    pub const fn width(self) -> usize {
        match self {
            Entry::Distance | Entry::Bound => 1,
            Entry::Walk { .. } => 8,
        }
    }

    /// What the entries hold, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Entry::Distance => "exact distances",
            Entry::Bound => "a pattern database's bounds",
            Entry::Walk { .. } => "walks",
        }
    }

    /// The length of each entry's way to the goal, [`UNREACHABLE`] where there is none.
    pub(super) fn lengths(self, payload: &[u8]) -> impl Iterator<Item = u8> + '_ {
        payload
            .chunks_exact(self.width())
            .map(move |entry| match self {
                Entry::Distance | Entry::Bound => entry[0],
                Entry::Walk { move_bits } => {
                    let packed = u64::from_le_bytes(entry.try_into().expect("eight bytes"));
                    walk_length(packed, move_bits).unwrap_or(UNREACHABLE)
                }
            })
    }
}

/// What a table says about itself, so that it can be checked before it is trusted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`TableId::puzzle`].
    pub puzzle: String,
    /// [`TableId::goal`].
    pub goal: u32,
    /// [`TableId::entry`].
    pub entry: Entry,
    /// The number of ranks, and so of entries.
    pub states: u64,
    /// Where the payload starts.
    pub payload_offset: u64,
    /// `depth_counts[d]` is the number of ranks at distance `d` (for walks, whose walk
    /// has `d` moves); the last is the maximum.
    pub depth_counts: Vec<u64>,
    /// The number of ranks the goal cannot be reached from.
    pub unreachable: u64,
    /// XXH3-64 of the whole file but these eight bytes, the header's last.
    pub checksum: u64,
}

impl Header {
    fn describe(payload: &[u8], id: &TableId, payload_offset: usize) -> Header {
        let (depth_counts, unreachable) = count_lengths(id.entry.lengths(payload));
        Header {
            puzzle: id.puzzle.to_string(),
            goal: id.goal,
            entry: id.entry,
            states: (payload.len() / id.entry.width()) as u64,
            payload_offset: payload_offset as u64,
            depth_counts,
            unreachable,
            checksum: 0,
        }
    }

    /// The largest distance of a reachable rank.
    pub fn max_depth(&self) -> usize {
        self.depth_counts.len().saturating_sub(1)
    }

    /// The mean distance of the reachable ranks (0 where there are none).
    pub fn mean_depth(&self) -> f64 {
        let reached: u64 = self.depth_counts.iter().sum();
        let sum: u64 = (self.depth_counts.iter().enumerate())
            .map(|(d, &count)| d as u64 * count)
            .sum();
        sum as f64 / reached.max(1) as f64
    }
}

/// Counts of ranks at each distance (up to the largest present), and of unreachable ones.
pub fn histogram(distances: &[u8]) -> (Vec<u64>, u64) {
    count_lengths(distances.iter().copied())
}

pub(super) fn count_lengths(lengths: impl Iterator<Item = u8>) -> (Vec<u64>, u64) {
    let mut counts = [0u64; 256];
    for d in lengths {
        counts[usize::from(d)] += 1;
    }
    let unreachable = counts[usize::from(UNREACHABLE)];
    let reached = &counts[..usize::from(UNREACHABLE)];
    let depths = reached.iter().rposition(|&c| c > 0).map_or(0, |d| d + 1);
    (reached[..depths].to_vec(), unreachable)
}

/// The bytes of a table file holding `payload` (one [`TableId::entry`] a rank) as the
/// table `id`.
pub fn encode(id: &TableId, payload: &[u8]) -> Vec<u8> {
    let (_, mut bytes) = encode_header(id, payload);
    bytes.extend_from_slice(payload);
    bytes
}

/// The header of the table `id` holding `payload`, and the bytes of the file up to
/// the payload (prefix, header, padding), its checksum over the payload too: what a
/// writer puts before the payload, which it need not copy.
pub fn encode_header(id: &TableId, payload: &[u8]) -> (Header, Vec<u8>) {
    // The header's size does not depend on the offset it records, so measure it once.
    let measure = Header::describe(payload, id, 0);
    let header_len = bincode::serde::encode_to_vec(&measure, bincode_config())
        .expect("a header fits its limit")
        .len();
    let payload_offset = payload_offset(header_len);
    let mut header = Header {
        payload_offset: payload_offset as u64,
        ..measure
    };
    let header_bytes =
        bincode::serde::encode_to_vec(&header, bincode_config()).expect("a header fits its limit");
    let mut bytes = Vec::with_capacity(payload_offset);
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(header_bytes.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&header_bytes);
    bytes.resize(payload_offset, 0);
    let at = checksum_at(header_bytes.len());
    header.checksum = checksum(&[&bytes[..at], &bytes[at + 8..]], payload);
    bytes[at..at + 8].copy_from_slice(&header.checksum.to_le_bytes());
    (header, bytes)
}

/// The most bytes a file of `entries` entries of `entry` takes.
pub fn file_len_bound(entries: u64, entry: Entry) -> u64 {
    let header = payload_offset(MAX_HEADER_LEN) as u64;
    entries
        .saturating_mul(entry.width() as u64)
        .saturating_add(header)
}

/// Where the checksum lies: the header's last field, a fixed-width `u64`.
pub(super) fn checksum_at(header_len: usize) -> usize {
    PREFIX_LEN + header_len - 8
}

/// Bytes of a payload hashed apart, so that a large table's check runs on every core.
pub const CHECKSUM_BLOCK: usize = 1 << 20;

/// A table file's checksum: XXH3-64 of the bytes before its payload (`before`, in
/// turn: all but the eight where the checksum itself is kept), then of the XXH3-64 of
/// each [`CHECKSUM_BLOCK`] bytes of `payload` in order (little-endian), those hashed
/// side by side. Prefix, header, padding and payload are all covered.
pub(super) fn checksum(before: &[&[u8]], payload: &[u8]) -> u64 {
    let blocks: Vec<u64> = (payload.par_chunks(CHECKSUM_BLOCK))
        .map(xxhash_rust::xxh3::xxh3_64)
        .collect();
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for part in before {
        hasher.update(part);
    }
    for block in blocks {
        hasher.update(&block.to_le_bytes());
    }
    hasher.digest()
}

pub(super) fn payload_offset(header_len: usize) -> usize {
    (PREFIX_LEN + header_len).div_ceil(PAYLOAD_ALIGN) * PAYLOAD_ALIGN
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mean distance weighs each distance by its ranks and leaves out the
    /// unreachable ones; a table of none reached has 0.
    #[test]
    fn the_mean_depth_is_over_the_reachable_ranks() {
        let header = |depth_counts: Vec<u64>, unreachable| Header {
            puzzle: "p".into(),
            goal: 0,
            entry: Entry::Bound,
            states: depth_counts.iter().sum::<u64>() + unreachable,
            payload_offset: 0,
            depth_counts,
            unreachable,
            checksum: 0,
        };
        assert_eq!(header(vec![1, 2, 1], 0).mean_depth(), 1.0);
        assert_eq!(header(vec![1, 0, 3], 100).mean_depth(), 1.5);
        assert_eq!(header(vec![], 5).mean_depth(), 0.0);
    }
}
