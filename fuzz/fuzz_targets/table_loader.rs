//! Any bytes as a table file: refused, or accepted with every size and count in its
//! header consistent. libFuzzer can forge the checksum (it sees the comparison), so a
//! payload that disagrees with its depth counts may pass the open; only the slower
//! recount, `depth_counts_match`, catches that (see tests/regressions/).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablesolve::table::{Table, TableId};

/// The identity of the seed corpus's table (`fuzz/seeds/table_loader/`).
const ID: TableId = TableId::new("fuzz", 1);
const STATES: u64 = 40;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(table) = Table::from_bytes(bytes, ID, STATES) {
        let header = table.header();
        assert_eq!(table.distances().len() as u64, STATES);
        assert_eq!(header.depth_counts.iter().sum::<u64>() + header.unreachable, STATES);
        for rank in 0..STATES as u32 {
            let _ = table.distance(rank);
        }
        let _ = table.depth_counts_match();
    }
});
