#![warn(missing_docs)]
//! Answers classic puzzle-search problems instantly from precomputed distance tables.
//!
//! An offline reverse breadth-first search from each goal records the distance of every
//! state ([`space`]); the tables are stored in one file format ([`table`]) and memory
//! mapped on use ([`tables`]). With an exact distance for every state, a shortest and
//! lexicographically smallest answer is a greedy walk, with no search at all.
//!
//! ```
//! use tablesolve::rotation::{self, Board};
//! use tablesolve::tables::TableDir;
//!
//! # let dir = tempfile::tempdir()?;
//! // The Rotation Game's table, built on first use.
//! let tables = TableDir::new(dir.path()).build_missing(|_| {});
//! let table = &tables.load(&[rotation::Space])?[0];
//!
//! let board = Board::new([1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3])?;
//! let answer = rotation::solve(table, &board)?;
//! let moves: String = answer.moves.iter().map(|m| m.letter()).collect();
//! assert_eq!((moves.as_str(), answer.digit), ("AC", 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
pub mod eight;
pub mod error;
pub mod generate;
pub mod judge;
pub mod rotation;
pub mod search;
pub mod space;
pub mod table;
pub mod tables;

pub use error::Error;
