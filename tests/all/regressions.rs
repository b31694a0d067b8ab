//! Inputs the fuzzers found, kept so that what they showed stays true.

use std::path::Path;

use tablesolve::table::{Table, TableId};

fn regression(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/regressions")
            .join(name),
    )
    .unwrap()
}

/// libFuzzer changed a payload byte and copied the resulting checksum into the header
/// (it traces the comparison). The open accepts such a forged file; the payload recount
/// that `tablesolve stats` runs refuses it.
#[test]
fn a_forged_checksum_is_caught_by_the_recount() {
    let bytes = regression("table_loader-forged-checksum.tbl");
    let table = Table::from_bytes(&bytes[..], TableId::new("fuzz", 1), 40).unwrap();
    assert_eq!(
        table.distance(21),
        9,
        "the forged byte, above the stated maximum of 4"
    );
    assert_eq!(table.header().max_depth(), 4);
    assert!(!table.depth_counts_match());
}
