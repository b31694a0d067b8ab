//! The memory budget of a searched definition's pattern databases (`--memory`): the
//! sizes a search grows through stop at the largest it holds, a budget below the
//! smallest is refused by name, and the answers do not depend on it.

use std::path::{Path, PathBuf};

use tablesolve::definition::{Def, DefOptions, Definition};
use tablesolve::table::TableDir;
use tablesolve::Error;

fn cube() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/3x3x3.def")
}

/// The entries of each size of the 3x3x3's databases within `memory` bytes.
fn entries(memory: u64) -> Result<Vec<u64>, Error> {
    let dir = tempfile::tempdir().unwrap();
    let options = DefOptions {
        memory: Some(memory),
        ..DefOptions::default()
    };
    let definition = Definition::read(&cube()).unwrap();
    let sizes = Def::database_sizes(&TableDir::new(dir.path()), definition, &options)?;
    assert!(sizes.iter().all(|size| size.missing == size.count));
    Ok(sizes.iter().map(|size| size.entries).collect())
}

#[test]
fn the_sizes_grow_to_the_largest_the_budget_holds() {
    // Counted here from the pieces: the corners (8! 3^7), and the edges in groups of
    // six (12!/6! 2^6 each), of seven and five (12!/5! 2^7 and 12!/7! 2^5) or of eight
    // and four (12!/4! 2^8 and 12!/8! 2^4).
    let corners: u64 = 40_320 * 2_187;
    let six = 479_001_600 / 720 * 64;
    let (seven, five) = (479_001_600 / 120 * 128, 479_001_600 / 5_040 * 32);
    let (eight, four) = (479_001_600 / 24 * 256, 479_001_600 / 40_320 * 16);
    let large = corners + 2 * six;
    let larger = corners + seven + five;
    let largest = corners + eight + four;
    assert_eq!(
        (large, larger, largest),
        (173_335_680, 602_156_160, 5_197_720_320)
    );
    let all = entries(1 << 40).unwrap();
    assert_eq!(
        all.len(),
        5,
        "{all:?}: the size of 2^31 plans what 2^29 does"
    );
    assert!(all[0] < all[1] && all[1] < 1 << 20, "{all:?}");
    assert_eq!(all[2..], [large, larger, largest]);
    assert_eq!(entries(largest).unwrap(), all);
    assert_eq!(entries(largest - 1).unwrap(), all[..4]);
    assert_eq!(entries(larger).unwrap(), all[..4]);
    assert_eq!(entries(larger - 1).unwrap(), all[..3]);
    assert_eq!(entries(large - 1).unwrap(), all[..2]);
    assert_eq!(entries(all[0]).unwrap(), all[..1]);
    let refused = entries(all[0] - 1).unwrap_err();
    assert!(
        matches!(refused, Error::Option(_)) && refused.to_string().contains("--memory"),
        "{refused}"
    );
}

#[test]
fn the_command_says_each_size_and_refuses_a_budget_too_small() {
    let dir = tempfile::tempdir().unwrap();
    let cube = cube();
    let cube = cube.to_str().unwrap();
    let args = ["stats", "def", cube, "--memory", "200M"];
    let output = crate::common::tablesolve(dir.path(), &args, b"");
    let report = crate::common::stdout(&output);
    let sizes: Vec<&str> = (report.lines())
        .filter(|line| line.contains("pattern databases of at most"))
        .collect();
    assert_eq!(sizes.len(), 3, "{report}");
    // The time it says depends on the cores.
    assert!(
        sizes[2].contains(
            "3 pattern databases of at most 134217728 entries (165 MB); building them: \
             165 MB on disk, 165 MB of memory, about "
        ),
        "{report}"
    );
    for (budget, why) in [
        (
            "1K",
            "smallest pattern databases take 60 kB, more than the 1 kB they may (--memory)",
        ),
        ("8Q", "\"8Q\" is not a size"),
    ] {
        let args = ["def", cube, "--memory", budget];
        let output = crate::common::tablesolve(dir.path(), &args, b"R U F\n");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn answers_do_not_depend_on_the_budget() {
    let dir = tempfile::tempdir().unwrap();
    let cube = cube();
    let cube = cube.to_str().unwrap();
    let scrambles = b"R U F D' L2 B\nF2 D R' U B2 L'\nU R2 F' L D2 B'\n";
    let answers: Vec<String> = ["65536", "1M"]
        .iter()
        .map(|budget| {
            let args = ["def", cube, "--memory", budget];
            let output = crate::common::tablesolve(dir.path(), &args, scrambles);
            crate::common::stdout(&output).to_owned()
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0].lines().count(), 3, "{}", answers[0]);
    // No answer longer than the scramble's inverse.
    assert!(answers[0].lines().all(|line| line.split(' ').count() <= 6));
}
