#![warn(missing_docs)]
#![deny(unsafe_code)]
//! Answers classic puzzle-search problems instantly from precomputed distance tables.
//!
//! An offline reverse breadth-first search from each goal records the distance of every
//! state ([`search`]); the tables are stored in one file format and memory mapped on
//! use ([`table`]). With an exact distance for every state, a shortest and
//! lexicographically smallest answer is a greedy walk, with no search at all.
//!
//! The crate, by concept:
//! - [`moves`], [`rank`], [`search`], [`table`]: what every puzzle shares (move
//!   letters, dense ranks, reverse search, walks and IDA*, table files);
//! - [`parallel`]: many items answered on every core, in input order, in bounded memory;
//! - [`error`], [`sample`]: the one error type, and drawing cases at a given length;
//! - [`sliding`]: sliding-tile boards of any size from 2x2 to 5x5, and IDA* over pattern
//!   databases for each ([`sliding::guided`]);
//! - [`definition`]: permutation puzzles their users define in ksolve+ or KPuzzle form;
//! - [`rotation`], [`eight`], [`fifteen`]: the puzzles;
//! - [`judge`]: the judges' text formats, batches, checking and drawing;
//! - [`catalogue`]: the list of puzzles, which the command and `build-tables` read, and
//!   how each opens its judge for any task and builds its tables.
//!
//! ```
//! use tablesolve::rotation::Board;
//! use tablesolve::{Eight2, Rotation, TableDir};
//!
//! # let dir = tempfile::tempdir()?;
//! # let dir = dir.path();
//! // The table directory; missing tables are built there on first use.
//! let tables = TableDir::new(dir).build_missing(|_| {});
//!
//! // The Rotation Game: open its table once, then answer any number of boards.
//! let rotation = Rotation::open(&tables)?;
//! let mut board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
//! let answer = rotation.solve(&board)?;
//! assert_eq!((answer.letters().as_str(), answer.digit), ("AC", 2));
//! board.apply_all(&answer.moves);
//! assert_eq!(board.centre_digit(), Some(2));
//!
//! // The 8-puzzle between any two grids.
//! let eight2 = Eight2::open(&tables)?;
//! let moves = eight2.solve_pair(&"12X453786".parse()?, &"12345678X".parse()?)?;
//! assert_eq!(moves.map(|m| m.len()), Some(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every puzzle has the same shape: `open` (the 15-puzzle with [`FifteenOptions`], a
//! defined puzzle with its [`definition::Definition`]) and `solve` giving a `Result`;
//! the Rotation Game, the 8-puzzle and sliding boards add `solve_many`, which answers an
//! iterator of boards on every core, in their order ([`Fifteen::solve`] shows it), and
//! where tables are exact, `distance`.
//! Opened tables are `Send + Sync`: one [`Rotation`], [`Eight2`] or [`Fifteen`] serves
//! many threads.
//! Nothing here panics on bad input; every failure is an [`Error`] (or the
//! [`rotation::BoardError`] / [`eight::GridError`] of parsing) that says what failed.

pub mod catalogue;
pub mod definition;
pub mod eight;
pub mod error;
pub mod fifteen;
pub mod judge;
pub mod moves;
pub mod parallel;
pub mod rank;
pub mod rotation;
pub mod sample;
pub mod search;
pub mod sliding;
pub mod table;

pub use catalogue::Puzzle;
pub use error::Error;

/// The library guide's Rust example (doc/library.md), compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../doc/library.md")]
pub struct ReadmeExample;
pub use eight::{Eight, Eight2};
pub use fifteen::{Fifteen, FifteenOptions};
pub use rotation::Rotation;
pub use sliding::{Sliding, SlidingOptions};
pub use table::TableDir;
