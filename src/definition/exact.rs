//! Answers walked down a defined puzzle's exact tables. Each table is a view's distances
//! towards a goal; the least over them is the distance to the nearest goal, and the
//! walk takes at every step the first turn in answer order that lowers it
//! ([`greedy_walk`]), so the answer is the shortest and the smallest of the shortest.

use super::model::{Model, Turn};
use super::space::Viewed;
use crate::error::Error;
use crate::search::{every_walk, greedy_walk, Every, Outcome, UNREACHABLE};
use crate::table::{TableError, TableId};

/// Each table's rank of `cells` (`None` where its view has no such state).
pub(super) fn ranks<D>(tables: &[Viewed<D>], cells: &[u8]) -> Vec<Option<u64>> {
    tables.iter().map(|t| t.view.rank(cells)).collect()
}

/// The least distance over `tables` of the ranks given (`None` where no view has the
/// state, or no goal is reachable from it).
pub(super) fn distance<D: AsRef<[u8]>>(tables: &[Viewed<D>], ranks: &[Option<u64>]) -> Option<u8> {
    let d = (tables.iter().zip(ranks))
        .filter_map(|(t, r)| r.map(|r| t.table.entry_byte(r)))
        .min()?;
    (d != UNREACHABLE).then_some(d)
}

/// The ranks after `turn`, and their distance.
fn step<D: AsRef<[u8]>>(
    tables: &[Viewed<D>],
    ranks: &[Option<u64>],
    turn: Turn,
) -> Option<(Vec<Option<u64>>, u8)> {
    let next: Vec<Option<u64>> = (tables.iter().zip(ranks))
        .map(|(table, r)| r.map(|r| table.view.step(r, usize::from(turn.index), true)))
        .collect();
    let d = distance(tables, &next)?;
    Some((next, d))
}

/// The shortest, smallest turns from `ranks` to the nearest goal (`None`: none is
/// reachable).
pub(super) fn walk<D: AsRef<[u8]>>(
    puzzle: &Model,
    tables: &[Viewed<D>],
    ranks: Vec<Option<u64>>,
) -> Result<Option<Vec<Turn>>, Error> {
    let Some(d) = distance(tables, &ranks) else {
        return Ok(None);
    };
    let step = |ranks: &Vec<Option<u64>>, turn| step(tables, ranks, turn);
    match greedy_walk(ranks, d, puzzle.turn_list(), step) {
        Some((turns, _)) => Ok(Some(turns)),
        None => Err(inconsistent(tables)),
    }
}

/// Every shortest answer from `cells` (counted; listed, in answer order, if `list` and
/// they are at most [`crate::search::MOST_LISTED`]).
pub(super) fn every<D: AsRef<[u8]>>(
    puzzle: &Model,
    tables: &[Viewed<D>],
    cells: &[u8],
    list: bool,
) -> Result<Outcome<Every<Turn>>, Error> {
    let start = ranks(tables, cells);
    let Some(d) = distance(tables, &start) else {
        return Ok(Outcome::Unreachable { nodes: 0 });
    };
    let step = |ranks: &Vec<Option<u64>>, turn| step(tables, ranks, turn);
    let (count, answers) =
        every_walk(start, d, puzzle.turn_list(), step, list).ok_or_else(|| inconsistent(tables))?;
    Ok(Outcome::Solved(Every {
        length: usize::from(d),
        count,
        answers,
        nodes: 0,
    }))
}

/// The error of tables that contradict themselves: a state with no turn one closer.
fn inconsistent<D: AsRef<[u8]>>(tables: &[Viewed<D>]) -> Error {
    let h = tables[0].table.header();
    Error::Table(TableError::Inconsistent {
        table: TableId::owned(h.puzzle.clone(), h.goal),
    })
}
