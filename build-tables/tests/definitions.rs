//! `build-tables --definition`: a defined puzzle's tables, those `tablesolve def` opens.

use std::path::Path;
use std::process::Command;

use tablesolve::definition::{Def, DefOptions, Definition};
use tablesolve::table::TableDir;

#[test]
fn a_definitions_tables_are_those_def_opens() {
    let dir = tempfile::tempdir().unwrap();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions/2x2x2.def");
    let built = Command::new(env!("CARGO_BIN_EXE_build-tables"))
        .arg("--out")
        .arg(dir.path())
        .arg("--definition")
        .arg(&file)
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&built.stdout);
    assert!(built.status.success(), "{printed}");
    // God's algorithm of the 2x2x2 with a corner fixed, as published.
    assert!(
        printed.contains(": 3674160 states, 0 unreachable"),
        "{printed}"
    );
    assert!(printed.contains(" 11:2644\n"), "{printed}");
    assert!(
        !printed.contains("rotation"),
        "only the definition's: {printed}"
    );
    // Opened where nothing may be built: every table it answers from is there.
    let definition = Definition::read(&file).unwrap();
    let def = Def::open(
        &TableDir::new(dir.path()),
        definition,
        DefOptions::default(),
    );
    assert!(def.is_ok(), "{:?}", def.err());
}
