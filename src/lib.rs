//! Answers classic puzzle-search problems instantly from precomputed distance tables.
//!
//! An offline reverse breadth-first search from each goal records the distance of every
//! state ([`space`]); the tables are stored in one file format ([`table`]) and memory
//! mapped on use ([`tables`]). With an exact distance for every state, a shortest and
//! lexicographically smallest answer is a greedy walk, with no search at all.

pub mod eight;
pub mod error;
pub mod judge;
pub mod rotation;
pub mod search;
pub mod space;
pub mod table;
pub mod tables;

pub use error::Error;
