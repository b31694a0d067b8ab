//! One board's search as tasks for other processes ([`crate::search::cut`]): the
//! iterations' bounds, each iteration cut into subtrees, and each subtree searched
//! wherever the same databases are open, for a search spread over a cluster.

use super::{guided, Board, Slide, Sliding};
use crate::search::{Cut, Limits, Settings, TaskOutcome};

/// Why a search's task cannot be given or searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TaskError {
    /// The board is answered from its exact table, without a search to cut.
    #[error("boards of up to 12 cells are answered from their exact table, not by a search: give a partition to search them")]
    NotSearched,
    /// The start cannot reach the goal: there is no search to cut.
    #[error("the board cannot reach the goal (its parity differs)")]
    Unreachable,
    /// The task's moves are not slides the search plays from the start.
    #[error("`{0}` is not a sequence of slides the search plays from this board")]
    NotAPrefix(String),
}

impl<D: AsRef<[u8]> + Sync, const W: usize, const H: usize> Sliding<D, W, H> {
    /// The databases of a search from `start`, or why there is none.
    fn searched(&self, start: &Board<W, H>) -> Result<(), TaskError> {
        if self.exact.is_some() {
            return Err(TaskError::NotSearched);
        }
        match start.reaches(&self.target) {
            true => Ok(()),
            false => Err(TaskError::Unreachable),
        }
    }

    /// The bound of the search's first iteration from `start`; `None` when the
    /// parities differ.
    pub fn first_bound(&self, start: &Board<W, H>) -> Result<Option<u32>, TaskError> {
        match self.searched(start) {
            Err(TaskError::Unreachable) => Ok(None),
            Err(error) => Err(error),
            Ok(()) => Ok(Some(guided::lower_bound(
                &self.databases,
                &self.splits,
                start,
                &self.target,
            ))),
        }
    }

    /// The iteration at `bound` from `start` cut into at least `tasks` tasks (fewer
    /// where the states within the bound are fewer), in letter order, the largest
    /// expected split first: expected from the tasks `before`, the iteration before's
    /// with their nodes (empty: by depth; see [`crate::search::cut`]).
    pub fn cut(
        &self,
        start: &Board<W, H>,
        bound: u32,
        tasks: usize,
        before: &[(Vec<Slide>, u64)],
    ) -> Result<Cut<Slide>, TaskError> {
        self.searched(start)?;
        let (databases, splits, target) = (&self.databases, &self.splits, &self.target);
        Ok(guided::cut(
            databases, splits, start, target, bound, tasks, before,
        ))
    }

    /// Searches one task of [`Sliding::cut`], the subtree under `prefix` at `bound`,
    /// within `limits` and on every core: its first solution in letter order, if it has
    /// one, its nodes and the least cost it pruned.
    pub fn search_task(
        &self,
        start: &Board<W, H>,
        bound: u32,
        prefix: &[Slide],
        limits: &Limits,
    ) -> Result<TaskOutcome<Slide>, TaskError> {
        self.searched(start)?;
        let settings = Settings {
            limits: limits.clone(),
            ..Settings::new()
        };
        let (databases, splits, target) = (&self.databases, &self.splits, &self.target);
        guided::search_task(databases, splits, start, target, bound, prefix, &settings)
            .ok_or_else(|| TaskError::NotAPrefix(crate::moves::letters(prefix)))
    }
}
