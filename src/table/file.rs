//! A table file's bytes, validated against the table they should hold: magic, version,
//! header, identity, size and checksum, then read entry by entry.

use std::fmt;

use super::format::{
    bincode_config, checksum, checksum_at, count_lengths, payload_offset, version_of, Header,
    FORMAT_VERSION, MAX_HEADER_LEN, PREFIX_LEN, VERSION_END,
};
use super::{Fault, HeaderFault, TableId};

/// A validated table over any bytes: a `Vec<u8>` in tests, a memory map in use.
#[derive(Clone)]
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
        let (header, header_len) = read_header(b)?;
        is_of(&header, &id, states)?;
        let too_long = Fault::Truncated {
            len: b.len(),
            expected: usize::MAX,
        };
        let Ok(states) = usize::try_from(states) else {
            return Err(too_long);
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
            return Err(too_long);
        };
        need(b, end)?;
        if b.len() > end {
            return Err(Fault::Oversized {
                len: b.len(),
                expected: end,
            });
        }
        // A header decoded to its full length ends with its eight checksum bytes.
        let at = checksum_at(header_len);
        let found = checksum(&[&b[..at], &b[at + 8..offset]], &b[offset..]);
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

    /// The same table over borrowed bytes: a view, copying nothing.
    pub fn borrowed(&self) -> Table<&[u8]> {
        Table {
            bytes: self.bytes.as_ref(),
            header: self.header.clone(),
            offset: self.offset,
        }
    }

    /// The entries of every rank, [`Entry::width`](super::Entry::width) bytes each: for a table of
    /// distances, the distance byte of every rank.
    pub fn distances(&self) -> &[u8] {
        &self.bytes.as_ref()[self.offset..]
    }

    /// The packed walk of `rank` in a table of [`Entry::Walk`](super::Entry::Walk).
    #[inline]
    pub fn walk(&self, rank: u32) -> u64 {
        let at = self.offset + rank as usize * 8;
        let bytes = &self.bytes.as_ref()[at..at + 8];
        u64::from_le_bytes(bytes.try_into().expect("eight bytes"))
    }

    /// The distance of `rank` from the goal, [`UNREACHABLE`](crate::search::UNREACHABLE) if there is no way.
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

    /// Hints that the packed walk of `rank` ([`Table::walk`]) will be read soon.
    #[inline]
    pub fn prefetch_walk(&self, rank: u32) {
        super::map::prefetch(self.bytes.as_ref(), self.offset + rank as usize * 8);
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

/// A fault unless `b` holds at least `expected` bytes.
fn need(b: &[u8], expected: usize) -> Result<(), Fault> {
    match b.len() < expected {
        true => Err(Fault::Truncated {
            len: b.len(),
            expected,
        }),
        false => Ok(()),
    }
}

/// The header of a table file of this format, and its length in bytes.
fn read_header(b: &[u8]) -> Result<(Header, usize), Fault> {
    need(b, PREFIX_LEN)?;
    let version = version_of(b).ok_or(Fault::Magic)?;
    if version != FORMAT_VERSION {
        return Err(Fault::Version {
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    let header_len =
        u32::from_le_bytes(b[VERSION_END..PREFIX_LEN].try_into().expect("4 bytes")) as usize;
    if header_len > MAX_HEADER_LEN {
        return Err(HeaderFault::TooLong {
            len: header_len,
            max: MAX_HEADER_LEN,
        }
        .into());
    }
    need(b, PREFIX_LEN + header_len)?;
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
    Ok((header, header_len))
}

/// A fault unless `header` is the table `id` of `states` ranks.
fn is_of(header: &Header, id: &TableId, states: u64) -> Result<(), Fault> {
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::UNREACHABLE;
    use crate::table::format::CHECKSUM_BLOCK;
    use crate::table::{encode, Entry};

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

    #[test]
    fn a_flipped_byte_in_any_block_of_a_large_payload_is_refused() {
        // Three blocks and a part, hashed side by side: damage in each is caught.
        let states = 3 * CHECKSUM_BLOCK + 1000;
        let payload: Vec<u8> = (0..states).map(|rank| (rank % 7) as u8).collect();
        let bytes = encode(&ID, &payload);
        let offset = bytes.len() - states;
        assert!(Table::from_bytes(&bytes[..], ID, states as u64).is_ok());
        for block in 0..4 {
            let mut damaged = bytes.clone();
            damaged[offset + block * CHECKSUM_BLOCK + 500] ^= 0x10;
            let fault = Table::from_bytes(&damaged[..], ID, states as u64).unwrap_err();
            assert!(
                matches!(fault, Fault::Checksum { .. }),
                "block {block}: {fault}"
            );
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
