//! What every case's search of one opened puzzle keeps to and tells: the same for each
//! puzzle answered by search (sliding boards past their exact tables, defined puzzles
//! over databases), so that they share one clone rule.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::{Limits, Reason, Report, Settings, Stopped};

/// Who hears where each search stands.
pub type Progress = Arc<dyn Fn(Report) + Send + Sync>;

/// The limits of each case's search, who hears its progress, and a count of the cases
/// a limit stopped.
///
/// A clone keeps the limits and the listener and counts its own stopped cases (and
/// those foreseen too long) from zero: each judge made for a request or a run
/// ([`crate::catalogue::Judge::within`]) counts only its own. Changing the limits or
/// the listener keeps the count.
#[derive(Default)]
pub struct Budget {
    limits: Limits,
    progress: Option<Progress>,
    stopped: AtomicUsize,
    /// Of those, the cases stopped as foreseen too long ([`Reason::Foreseen`]), and
    /// the longest time one was foreseen to take, in whole seconds.
    foreseen: AtomicUsize,
    longest_foreseen: AtomicU64,
}

impl Clone for Budget {
    fn clone(&self) -> Self {
        Budget {
            limits: self.limits.clone(),
            progress: self.progress.clone(),
            stopped: AtomicUsize::new(0),
            foreseen: AtomicUsize::new(0),
            longest_foreseen: AtomicU64::new(0),
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

    /// Counts a case a limit stopped, as `stopped` says.
    pub fn count_stopped(&self, stopped: &Stopped) {
        self.stopped.fetch_add(1, Ordering::Relaxed);
        if let Reason::Foreseen(time) = stopped.reason {
            self.foreseen.fetch_add(1, Ordering::Relaxed);
            self.longest_foreseen
                .fetch_max(time.as_secs(), Ordering::Relaxed);
        }
    }

    /// How many cases were stopped as foreseen to take longer than their foresight
    /// ([`Limits::foresight`]), and the longest time one was foreseen to take.
    pub fn foreseen(&self) -> Option<(usize, Duration)> {
        match self.foreseen.load(Ordering::Relaxed) {
            0 => None,
            cases => {
                let seconds = self.longest_foreseen.load(Ordering::Relaxed);
                Some((cases, Duration::from_secs(seconds)))
            }
        }
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

    /// A clone counts from zero and keeps the limits; new limits keep the count; the
    /// longest foreseen of the cases stopped so is kept.
    #[test]
    fn a_clone_counts_its_own_stopped_cases() {
        let limits = Limits {
            nodes: Some(5),
            ..Limits::default()
        };
        let budget = Budget::new(limits).with_progress(Arc::new(|_| {}));
        let stopped = |reason| Stopped {
            lower_bound: 7,
            nodes: 5,
            reason,
        };
        budget.count_stopped(&stopped(Reason::Nodes));
        assert_eq!(budget.foreseen(), None);
        for seconds in [900, 4000, 700] {
            let time = Duration::from_secs(seconds);
            budget.count_stopped(&stopped(Reason::Foreseen(time)));
        }
        let clone = budget.clone();
        assert_eq!((budget.stopped_cases(), clone.stopped_cases()), (4, 0));
        let foreseen = Some((3, Duration::from_secs(4000)));
        assert_eq!(budget.foreseen(), foreseen);
        assert_eq!(clone.foreseen(), None);
        assert_eq!(clone.limits().nodes, Some(5));
        assert!(clone.settings().progress.is_some());
        let relimited = budget.with_limits(Limits::default());
        assert_eq!(relimited.stopped_cases(), 4);
        assert_eq!(relimited.foreseen(), foreseen);
        assert_eq!(relimited.limits().nodes, None);
    }
}
