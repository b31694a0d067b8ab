//! What every case's search of one opened puzzle keeps to and tells: the same for each
//! puzzle answered by search (sliding boards past their exact tables, defined puzzles
//! over databases), so that they share one clone rule.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::{Limits, Report, Settings};

/// Who hears where each search stands.
pub type Progress = Arc<dyn Fn(Report) + Send + Sync>;

/// The limits of each case's search, who hears its progress, and a count of the cases
/// a limit stopped.
///
/// A clone keeps the limits and the listener and counts its own stopped cases from
/// zero: each judge made for a request or a run ([`crate::catalogue::Judge::within`])
/// counts only its own. Changing the limits or the listener keeps the count.
#[derive(Default)]
pub struct Budget {
    limits: Limits,
    progress: Option<Progress>,
    stopped: AtomicUsize,
}

impl Clone for Budget {
    fn clone(&self) -> Self {
        Budget {
            limits: self.limits.clone(),
            progress: self.progress.clone(),
            stopped: AtomicUsize::new(0),
        }
    }
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("limits", &self.limits)
            .field("progress", &self.progress.is_some())
            .field("stopped", &self.stopped_cases())
            .finish()
    }
}

impl Budget {
    /// Searches within `limits`, heard by no one.
    pub fn new(limits: Limits) -> Self {
        Budget {
            limits,
            ..Budget::default()
        }
    }

    /// The limits each case's search keeps to.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The same, each search within `limits`.
    pub fn with_limits(self, limits: Limits) -> Self {
        Budget { limits, ..self }
    }

    /// The same, each search telling `progress` where it stands.
    pub fn with_progress(self, progress: Progress) -> Self {
        Budget {
            progress: Some(progress),
            ..self
        }
    }

    /// How many cases a limit stopped.
    pub fn stopped_cases(&self) -> usize {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Counts a case a limit stopped.
    pub fn count_stopped(&self) {
        self.stopped.fetch_add(1, Ordering::Relaxed);
    }

    /// One search's settings: these limits and this listener.
    pub fn settings(&self) -> Settings<'_> {
        Settings {
            limits: self.limits.clone(),
            progress: self
                .progress
                .as_deref()
                .map(|p| p as &(dyn Fn(Report) + Sync)),
            ..Settings::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clone counts from zero and keeps the limits; new limits keep the count.
    #[test]
    fn a_clone_counts_its_own_stopped_cases() {
        let limits = Limits {
            nodes: Some(5),
            ..Limits::default()
        };
        let budget = Budget::new(limits).with_progress(Arc::new(|_| {}));
        budget.count_stopped();
        budget.count_stopped();
        let clone = budget.clone();
        assert_eq!((budget.stopped_cases(), clone.stopped_cases()), (2, 0));
        assert_eq!(clone.limits().nodes, Some(5));
        assert!(clone.settings().progress.is_some());
        let relimited = budget.with_limits(Limits::default());
        assert_eq!(relimited.stopped_cases(), 2);
        assert_eq!(relimited.limits().nodes, None);
    }
}
