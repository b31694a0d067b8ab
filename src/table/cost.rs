//! What building tables costs, said before it is paid: their size on disk, the memory
//! the build takes, and the time it should take on this machine's cores.

use std::fmt;
use std::iter::Sum;
use std::ops::Add;

use super::{format, memory, Source};

/// The cost of building one table or several.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cost {
    /// Bytes their files take.
    pub disk: u64,
    /// Bytes of memory their build takes.
    pub memory: u64,
    /// Seconds of one core's time: reckoned from [`Source::step_nanos`], within a
    /// factor of about three of what a build takes.
    pub core_seconds: f64,
}

impl Cost {
    /// What building the table of `source` costs.
    pub fn of<S: Source + ?Sized>(source: &S) -> Self {
        Cost {
            disk: format::file_len_bound(source.entries(), source.id().entry),
            memory: source.memory(),
            core_seconds: source.work() as f64 * source.step_nanos() as f64 * 1e-9,
        }
    }

    /// The seconds it should take on `threads` cores.
    pub fn seconds(&self, threads: usize) -> f64 {
        self.core_seconds / threads.max(1) as f64
    }
}

impl Add for Cost {
    type Output = Cost;

    fn add(self, other: Cost) -> Cost {
        Cost {
            disk: self.disk.saturating_add(other.disk),
            memory: self.memory.saturating_add(other.memory),
            core_seconds: self.core_seconds + other.core_seconds,
        }
    }
}

impl Sum for Cost {
    fn sum<I: Iterator<Item = Cost>>(costs: I) -> Cost {
        costs.fold(Cost::default(), Add::add)
    }
}

/// `seconds` for a person: `under a second`, `about 40 s`, `about 3 min`, `about 2 h`,
/// `about 5 days`, `about 300 years`.
pub fn duration(seconds: f64) -> String {
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    match seconds {
        s if s < 1.0 => "under a second".to_owned(),
        s if s < 90.0 => format!("about {} s", s.round()),
        s if s < 90.0 * 60.0 => format!("about {} min", (s / 60.0).round()),
        s if s < 48.0 * HOUR => format!("about {} h", (s / HOUR).round()),
        s if s < 2.0 * YEAR => format!("about {} days", (s / DAY).round()),
        s if s < 1e6 * YEAR => format!("about {} years", (s / YEAR).round()),
        _ => "more than a million years".to_owned(),
    }
}

/// As said before a build: `173 MB on disk, 350 MB of memory, about 2 min on 2 cores`
/// (the time on the cores of this process's thread pool).
impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let threads = rayon::current_num_threads();
        write!(
            f,
            "{} on disk, {} of memory, {} on {threads} core{}",
            memory::size(self.disk),
            memory::size(self.memory),
            duration(self.seconds(threads)),
            if threads == 1 { "" } else { "s" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration(0.4), "under a second");
        assert_eq!(duration(41.6), "about 42 s");
        assert_eq!(duration(150.0), "about 3 min");
        assert_eq!(duration(7200.0), "about 2 h");
        assert_eq!(duration(5.0 * 86400.0), "about 5 days");
        assert_eq!(duration(3e9), "about 95 years");
        assert_eq!(duration(1e20), "more than a million years");
    }

    #[test]
    fn costs_add_up() {
        let one = Cost {
            disk: 1 << 20,
            memory: 2 << 20,
            core_seconds: 3.0,
        };
        let two: Cost = [one, one].into_iter().sum();
        assert_eq!(
            (two.disk, two.memory, two.core_seconds),
            (2 << 20, 4 << 20, 6.0)
        );
        assert_eq!(two.seconds(2), 3.0);
    }
}
