//! One case's search as tasks for other processes ([`crate::search::cut`]): the
//! iterations' bounds, each iteration cut into subtrees, and each subtree searched
//! wherever the same definition is open, for a search spread over a cluster. The
//! databases are those opened (the largest size on disk): a search spread so never
//! grows them, so build them ahead (`build-tables --definition FILE --memory SIZE`).

use super::search::{tasks, Bounded};
use super::solver::{Def, Now};
use super::{State, Turn};
use crate::search::{Cut, Limits, Settings, TaskOutcome};

/// Why a case's search cannot be cut or a task searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TaskError {
    /// The puzzle is answered from exact tables, or its search is not one IDA*.
    #[error("this puzzle's cases are not searched as one IDA* to cut: {0}")]
    NotSearched(&'static str),
    /// The task's turns are not turns the search plays from the position.
    #[error("`{0}` is not a sequence of turns the search plays from this position")]
    NotAPrefix(String),
}

impl<D: AsRef<[u8]> + Sync> Def<D> {
    /// The flat state of `state` and the databases a search of it is bounded by, with
    /// the images they are looked up at too.
    fn task_search<T>(
        &self,
        state: &State,
        search: impl FnOnce(&[u8], Bounded<'_, D>) -> T,
    ) -> Result<T, TaskError> {
        if self.is_restricted() {
            return Err(TaskError::NotSearched("its moves are restricted"));
        }
        let Now::Searched(databases) = self.now() else {
            return Err(TaskError::NotSearched("it is answered from exact tables"));
        };
        let (bounds, lookups) = databases.current_lookups(|bounds| self.lookups(bounds));
        Ok(search(&self.puzzle().flat(state), (bounds, lookups)))
    }

    /// The bound of the search's first iteration from `state`, the start of
    /// [`Def::cut`]'s bounds; `None` when no goal can be reached.
    pub fn first_bound(&self, state: &State) -> Result<Option<u32>, TaskError> {
        self.task_search(state, |cells, bounded| {
            tasks::first_bound(self.puzzle(), bounded, cells)
        })
    }

    /// The iteration at `bound` from `state` cut into at least `tasks` tasks (fewer
    /// where the states within the bound are fewer), in answer order, the largest
    /// expected split first: expected from the tasks `before`, the iteration before's
    /// with their nodes (empty: by depth; see [`crate::search::cut`]).
    pub fn cut(
        &self,
        state: &State,
        bound: u32,
        tasks: usize,
        before: &[(Vec<Turn>, u64)],
    ) -> Result<Cut<Turn>, TaskError> {
        self.task_search(state, |cells, bounded| {
            tasks::cut(self.puzzle(), bounded, cells, (bound, tasks), before)
        })
    }

    /// Searches one task of [`Def::cut`], the subtree under `prefix` at `bound`,
    /// within `limits` and on every core: its first solution in answer order, if it
    /// has one, its nodes and the least cost it pruned.
    pub fn search_task(
        &self,
        state: &State,
        bound: u32,
        prefix: &[Turn],
        limits: &Limits,
    ) -> Result<TaskOutcome<Turn>, TaskError> {
        let settings = Settings {
            limits: limits.clone(),
            ..Settings::new()
        };
        let searched = self.task_search(state, |cells, bounded| {
            tasks::search_task(self.puzzle(), bounded, cells, (bound, prefix), &settings)
        })?;
        let names: Vec<&str> = prefix.iter().map(|turn| turn.name).collect();
        searched.ok_or_else(|| TaskError::NotAPrefix(names.join(" ")))
    }
}
