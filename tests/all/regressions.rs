//! What the fuzzers found, kept so that it stays true.

use tablesolve::table::{encode, Table, TableId};

/// libFuzzer changed a payload byte and copied the resulting checksum into the header
/// (it traces the comparison). The open accepts such a forged file; the payload recount
/// that `tablesolve stats` runs refuses it. The file is forged here the same way.
#[test]
fn a_forged_checksum_is_caught_by_the_recount() {
    let id = TableId::new("fuzz", 1);
    let distances: Vec<u8> = (0..40).map(|rank| (rank % 5) as u8).collect();
    let mut bytes = encode(&id, &distances);
    let payload = bytes.len() - distances.len();
    bytes[payload + 21] = 9;
    // The checksum is the header's last eight bytes: XXH3-64 of the others before the
    // payload, then of the payload's block hashes (one block, so small a payload).
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let at = 16 + header_len - 8;
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(&bytes[..at]);
    hasher.update(&bytes[at + 8..payload]);
    hasher.update(&xxhash_rust::xxh3::xxh3_64(&bytes[payload..]).to_le_bytes());
    bytes[at..at + 8].copy_from_slice(&hasher.digest().to_le_bytes());

    let table = Table::from_bytes(&bytes[..], id, 40).unwrap();
    assert_eq!(
        table.distance(21),
        9,
        "the forged byte, above the stated maximum of 4"
    );
    assert_eq!(table.header().max_depth(), 4);
    assert!(!table.depth_counts_match());
}
