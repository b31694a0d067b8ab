//! Any bytes as a table file: refused, or accepted only when they are consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablesolve::table::{Table, TableId};

/// The identity of the seed corpus's table (`fuzz/seeds/table_loader/`).
const ID: TableId = TableId::new("fuzz", 1);
const STATES: usize = 40;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(table) = Table::from_bytes(bytes, ID, STATES) {
        assert_eq!(table.distances().len(), STATES);
        assert!(table.depth_counts_match(), "a table whose checksum matches has its stated counts");
    }
});
