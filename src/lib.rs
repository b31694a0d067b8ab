#![warn(missing_docs)]
//! Answers classic puzzle-search problems instantly from precomputed distance tables.
//!
//! An offline reverse breadth-first search from each goal records the distance of every
//! state ([`space`]); the tables are stored in one file format ([`table`]) and memory
//! mapped on use ([`tables`]). With an exact distance for every state, a shortest and
//! lexicographically smallest answer is a greedy walk, with no search at all.
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
//! Opened tables are `Send + Sync`: one [`Rotation`] or [`Eight2`] serves many threads.
//! Nothing here panics on bad input; every failure is an [`Error`] (or the
//! [`rotation::BoardError`] / [`eight::GridError`] of parsing) that says what to do.

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
pub use judge::{Eight, Eight2, Rotation};
pub use tables::TableDir;
