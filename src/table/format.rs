//! The bytes of a table file: encoding, and validation without copying.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::{Fault, HeaderFault, TableId};
use crate::search::{walk_length, UNREACHABLE};

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"TBLSOLVE";
/// The layout this build reads and writes.
pub const FORMAT_VERSION: u32 = 3;

const PREFIX_LEN: usize = 16;
const PAYLOAD_ALIGN: usize = 64;
const MAX_HEADER_LEN: usize = 4096;

fn bincode_config() -> impl bincode::config::Config {
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
    fn lengths(self, payload: &[u8]) -> impl Iterator<Item = u8> + '_ {
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
}

/// Counts of ranks at each distance (up to the largest present), and of unreachable ones.
pub fn histogram(distances: &[u8]) -> (Vec<u64>, u64) {
    count_lengths(distances.iter().copied())
}

fn count_lengths(lengths: impl Iterator<Item = u8>) -> (Vec<u64>, u64) {
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
    header.checksum = checksum(&[&bytes[..at], &bytes[at + 8..], payload]);
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
fn checksum_at(header_len: usize) -> usize {
    PREFIX_LEN + header_len - 8
}

/// XXH3-64 of `parts` in turn: a table file's bytes but the eight where the checksum
/// itself is kept, so that prefix, header, padding and payload are all covered.
fn checksum(parts: &[&[u8]]) -> u64 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for part in parts {
        hasher.update(part);
    }
    hasher.digest()
}

fn payload_offset(header_len: usize) -> usize {
    (PREFIX_LEN + header_len).div_ceil(PAYLOAD_ALIGN) * PAYLOAD_ALIGN
}

/// A validated table over any bytes: a `Vec<u8>` in tests, a memory map in use.
pub struct Table<D = super::Mapped> {
    bytes: D,
    header: Header,
    offset: usize,
}

impl<D: AsRef<[u8]>> Table<D> {
    /// Checks that `bytes` hold the table `id` with `states` ranks, intact, and wraps
    /// them without copying. Never panics, whatever the bytes.
    pub fn from_bytes(bytes: D, id: TableId, states: u64) -> Result<Self, Fault> {
        let b = bytes.as_ref();
        let need = |expected: usize| {
            if b.len() < expected {
                Err(Fault::Truncated {
                    len: b.len(),
                    expected,
                })
            } else {
                Ok(())
            }
        };
        need(PREFIX_LEN)?;
        if b[..8] != MAGIC {
            return Err(Fault::Magic);
        }
        let word = |at: usize| u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
        let version = word(8);
        if version != FORMAT_VERSION {
            return Err(Fault::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let header_len = word(12) as usize;
        if header_len > MAX_HEADER_LEN {
            return Err(HeaderFault::TooLong {
                len: header_len,
                max: MAX_HEADER_LEN,
            }
            .into());
        }
        need(PREFIX_LEN + header_len)?;
        let (header, used): (Header, usize) = bincode::serde::decode_from_slice(
            &b[PREFIX_LEN..PREFIX_LEN + header_len],
            bincode_config(),
        )
        .map_err(|e| HeaderFault::Undecodable(e.to_string()))?;
        if used != header_len {
            return Err(HeaderFault::Trailing {
                used,
                len: header_len,
            }
            .into());
        }
        if header.entry != id.entry {
            return Err(Fault::Kind {
                found: header.entry,
                expected: id.entry,
            });
        }
        if header.puzzle != id.puzzle || header.goal != id.goal {
            let found = TableId {
                puzzle: header.puzzle.clone().into(),
                goal: header.goal,
                entry: header.entry,
            };
            return Err(Fault::Identity {
                found: found.to_string(),
                expected: id.to_string(),
            });
        }
        if header.states != states {
            return Err(Fault::States {
                found: header.states,
                expected: states,
            });
        }
        let Ok(states) = usize::try_from(states) else {
            return Err(Fault::Truncated {
                len: b.len(),
                expected: usize::MAX,
            });
        };
        let offset = payload_offset(header_len);
        if header.payload_offset != offset as u64 {
            return Err(HeaderFault::PayloadOffset {
                found: header.payload_offset,
                expected: offset as u64,
            }
            .into());
        }
        let counted = header
            .depth_counts
            .iter()
            .try_fold(header.unreachable, |sum, &c| sum.checked_add(c));
        if counted != Some(header.states) {
            return Err(HeaderFault::Counts.into());
        }
        let Some(end) = states
            .checked_mul(id.entry.width())
            .and_then(|len| offset.checked_add(len))
        else {
            return Err(Fault::Truncated {
                len: b.len(),
                expected: usize::MAX,
            });
        };
        need(end)?;
        if b.len() > end {
            return Err(Fault::Oversized {
                len: b.len(),
                expected: end,
            });
        }
        // A header decoded to its full length ends with its eight checksum bytes.
        let at = checksum_at(header_len);
        let found = checksum(&[&b[..at], &b[at + 8..]]);
        if found != header.checksum {
            return Err(Fault::Checksum {
                found,
                expected: header.checksum,
            });
        }
        Ok(Table {
            bytes,
            header,
            offset,
        })
    }

    /// The header, as validated.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The entries of every rank, [`Entry::width`] bytes each: for a table of
    /// distances, the distance byte of every rank.
    pub fn distances(&self) -> &[u8] {
        &self.bytes.as_ref()[self.offset..]
    }

    /// The packed walk of `rank` in a table of [`Entry::Walk`].
    #[inline]
    pub fn walk(&self, rank: u32) -> u64 {
        let at = self.offset + rank as usize * 8;
        let bytes = &self.bytes.as_ref()[at..at + 8];
        u64::from_le_bytes(bytes.try_into().expect("eight bytes"))
    }

    /// The distance of `rank` from the goal, [`UNREACHABLE`] if there is no way.
    #[inline]
    pub fn distance(&self, rank: u32) -> u8 {
        self.entry_byte(rank.into())
    }

    /// The byte of entry `index` in a table of one-byte entries, whatever their count.
    #[inline]
    pub fn entry_byte(&self, index: u64) -> u8 {
        self.bytes.as_ref()[self.offset + index as usize]
    }

    /// Hints that entry `index` of a table of one-byte entries will be read soon.
    #[inline]
    pub fn prefetch_byte(&self, index: u64) {
        super::map::prefetch(self.bytes.as_ref(), self.offset + index as usize);
    }

    /// Recounts the payload and compares with the header's depth counts: a slower,
    /// independent check on top of the checksum, for tools and tests.
    pub fn depth_counts_match(&self) -> bool {
        let counted = count_lengths(self.header.entry.lengths(self.distances()));
        counted == (self.header.depth_counts.clone(), self.header.unreachable)
    }

    /// [`Table::depth_counts_match`] as a fault.
    pub fn recount(&self) -> Result<(), Fault> {
        match self.depth_counts_match() {
            true => Ok(()),
            false => Err(HeaderFault::Recount.into()),
        }
    }
}

impl<D> fmt::Debug for Table<D> {
    /// The header: the payload is too long to print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("header", &self.header)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: TableId = TableId::new("test", 3);

    fn sample() -> Vec<u8> {
        let distances = [0, 1, 1, 2, UNREACHABLE, 2, 3];
        encode(&ID, &distances)
    }

    #[test]
    fn header_round_trips_and_payload_is_aligned() {
        let table = Table::from_bytes(sample(), ID, 7).unwrap();
        let h = table.header();
        assert_eq!((h.puzzle.as_str(), h.goal, h.states), ("test", 3, 7));
        assert_eq!(h.depth_counts, vec![1, 2, 2, 1]);
        assert_eq!((h.unreachable, h.max_depth()), (1, 3));
        assert_eq!(h.payload_offset % 64, 0);
        assert_eq!(table.distances(), &[0, 1, 1, 2, UNREACHABLE, 2, 3]);
        assert_eq!(table.distance(6), 3);
        assert!(table.depth_counts_match());
    }

    #[test]
    fn every_truncation_is_refused() {
        let bytes = sample();
        for len in 0..bytes.len() {
            let fault = Table::from_bytes(&bytes[..len], ID, 7).unwrap_err();
            assert!(
                matches!(fault, Fault::Truncated { .. } | Fault::Header(_)),
                "{len}: {fault}"
            );
        }
    }

    #[test]
    fn every_flipped_bit_is_refused() {
        let bytes = sample();
        let offset = Table::from_bytes(&bytes, ID, 7).unwrap().offset;
        assert!(
            16 + word(&bytes, 12) < offset,
            "the sample has padding to cover too"
        );
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[at] ^= 1 << bit;
                let accepted = Table::from_bytes(&damaged, ID, 7);
                assert!(accepted.is_err(), "flip at byte {at} bit {bit} accepted");
            }
        }
    }

    fn word(b: &[u8], at: usize) -> usize {
        u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize
    }

    #[test]
    fn wrong_magic_version_identity_and_size_are_named() {
        let mut bytes = sample();
        bytes[0] = b'X';
        assert_eq!(Table::from_bytes(&bytes, ID, 7).unwrap_err(), Fault::Magic);

        let mut bytes = sample();
        bytes[8..12].copy_from_slice(&(FORMAT_VERSION - 1).to_le_bytes());
        let fault = Table::from_bytes(&bytes, ID, 7).unwrap_err();
        assert_eq!(
            fault,
            Fault::Version {
                found: FORMAT_VERSION - 1,
                expected: FORMAT_VERSION
            }
        );

        let fault = Table::from_bytes(sample(), TableId::new("test", 4), 7).unwrap_err();
        assert!(
            fault
                .to_string()
                .contains("test goal 3 table, expected test goal 4"),
            "{fault}"
        );

        // A pattern database is not an exact table, nor the other way round.
        let bounds = encode(&ID.bounds(), &[0, 1, 1, 2, UNREACHABLE, 2, 3]);
        let fault = Table::from_bytes(&bounds[..], ID, 7).unwrap_err();
        assert_eq!(
            fault,
            Fault::Kind {
                found: Entry::Bound,
                expected: Entry::Distance
            }
        );
        assert_eq!(
            fault.to_string(),
            "holds a pattern database's bounds, expected exact distances"
        );
        assert!(Table::from_bytes(&bounds[..], ID.bounds(), 7).is_ok());
        let fault = Table::from_bytes(sample(), ID.bounds(), 7).unwrap_err();
        assert!(matches!(fault, Fault::Kind { .. }), "{fault}");

        let fault = Table::from_bytes(sample(), ID, 8).unwrap_err();
        assert_eq!(
            fault,
            Fault::States {
                found: 7,
                expected: 8
            }
        );

        let mut bytes = sample();
        bytes.push(0);
        assert!(matches!(
            Table::from_bytes(&bytes, ID, 7),
            Err(Fault::Oversized { .. })
        ));
    }
}
