//! The catalogue: the tables `build_tables` builds for each puzzle are those its judge
//! opens (with nothing left to build), as a breadth-first search counts them; options
//! that do not fit a puzzle are refused by name.

use tablesolve::catalogue::{Judge, OptionError, OptionName, Options, Task};
use tablesolve::fifteen::Partition;
use tablesolve::{Error, Puzzle, TableDir};

/// The depth histogram of each of a judge's tables.
struct Histograms;

impl Task for Histograms {
    type Output = Vec<Vec<u64>>;

    fn run<J: Judge>(self, judge: &J) -> Vec<Vec<u64>> {
        let tables = judge.tables();
        tables
            .iter()
            .map(|(_, table)| table.header().depth_counts.clone())
            .collect()
    }
}

fn sized(w: usize, h: usize) -> Options {
    Options {
        size: Some((w, h)),
        ..Options::default()
    }
}

#[test]
fn every_puzzle_opens_from_the_tables_built_for_it_without_building() {
    // The 24-puzzle's default databases take a minute and 500 MB: the benchmarks build
    // them.
    // Nor a definition's: the definitions' tests open those.
    let small =
        (Puzzle::ALL.into_iter()).filter(|p| !matches!(p, Puzzle::Twentyfour | Puzzle::Def));
    for puzzle in small {
        let dir = tempfile::tempdir().unwrap();
        let mut built = Vec::new();
        puzzle
            .build_tables(
                &TableDir::new(dir.path()),
                Some((3, 2)),
                &[Partition::SixSixThree],
                &mut |b| built.push(b.path),
            )
            .unwrap();
        assert!(!built.is_empty(), "{}", puzzle.name());
        // Not allowed to build: every table it reads must be there.
        let options = match puzzle {
            Puzzle::Sliding => sized(3, 2),
            _ => Options::default(),
        };
        let histograms = puzzle
            .open(&TableDir::new(dir.path()), &options, Histograms)
            .unwrap_or_else(|e| panic!("{}: {e}", puzzle.name()));
        assert!(!histograms.is_empty(), "{}", puzzle.name());
    }
}

#[test]
fn a_small_boards_exact_table_counts_as_a_breadth_first_search() {
    for (w, h) in [(2, 2), (3, 2), (2, 3), (2, 4)] {
        let dir = tempfile::tempdir().unwrap();
        let tables = TableDir::new(dir.path());
        Puzzle::Sliding
            .build_tables(&tables, Some((w, h)), &[], &mut |_| {})
            .unwrap();
        let histograms = Puzzle::Sliding
            .open(&tables, &sized(w, h), Histograms)
            .unwrap();
        let goal: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
        let mut counted = Vec::new();
        for depth in crate::sizes::distances(&goal, w, h).into_values() {
            counted.resize(counted.len().max(depth + 1), 0);
            counted[depth] += 1;
        }
        assert_eq!(histograms, [counted], "{w}x{h}");
    }
}

#[test]
fn options_that_do_not_fit_the_puzzle_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let tables = TableDir::new(dir.path()).build_missing(|_| {});
    let refused =
        |puzzle: Puzzle, options: Options| match puzzle.open(&tables, &options, Histograms) {
            Err(Error::Option(error)) => *error.downcast::<OptionError>().unwrap(),
            other => panic!("{} {options:?}: {other:?}", puzzle.name()),
        };
    let numbered = Options {
        numbered: true,
        ..Options::default()
    };
    assert_eq!(
        refused(Puzzle::Eight, numbered),
        OptionError::NotTaken {
            option: OptionName::Numbered,
            puzzle: Puzzle::Eight
        }
    );
    assert_eq!(
        refused(Puzzle::Fifteen, sized(4, 4)),
        OptionError::SizeNotFor(Puzzle::Fifteen)
    );
    assert_eq!(
        refused(Puzzle::Rotation, sized(2, 2)),
        OptionError::SizeNotFor(Puzzle::Rotation)
    );
    assert_eq!(
        refused(Puzzle::Sliding, Options::default()),
        OptionError::NoSize
    );
    assert_eq!(
        refused(Puzzle::Sliding, sized(6, 2)),
        OptionError::Size(6, 2)
    );
    let goal = Options {
        goal: Some("1 2 3".into()),
        ..sized(2, 3)
    };
    assert!(matches!(
        refused(Puzzle::Sliding, goal),
        OptionError::Goal(_)
    ));
    let partition = Options {
        partition: Some(Partition::SevenEight),
        ..sized(2, 3)
    };
    assert!(matches!(
        refused(Puzzle::Sliding, partition),
        OptionError::Partition(Partition::SevenEight, _)
    ));
    // Progress is not an option a puzzle refuses.
    let heard = Options {
        progress: Some(std::sync::Arc::new(|_| {})),
        ..Options::default()
    };
    assert!(Puzzle::Eight.open(&tables, &heard, Histograms).is_ok());
}
