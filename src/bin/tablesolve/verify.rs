//! `tablesolve verify`: the tables against the independent IDA* search on random cases.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::io::Write;
use std::time::{Duration, Instant};

use tablesolve::judge::{self, CaseReader};
use tablesolve::Error;

use crate::catalogue::{Judge, Task};
use crate::{progress, stdout, Failure};

/// The most cases one run draws: far beyond any useful run, and still a number whose
/// sums of times cannot overflow.
pub const MOST_CASES: u64 = 1_000_000_000;

/// Cases drawn, answered both ways and reported together: memory stays bounded.
const CHUNK: usize = 4096;

pub struct Verify {
    pub count: u64,
    pub seed: u64,
}

/// The total time and the slowest case of one method.
#[derive(Default)]
struct Timing {
    total: Duration,
    /// The slowest case's time, number and text.
    slowest: Option<(Duration, u64, String)>,
}

impl Timing {
    fn add<C: CaseReader>(&mut self, format: &C, time: Duration, number: u64, case: &C::Case) {
        self.total += time;
        if self.slowest.as_ref().is_none_or(|(t, ..)| time > *t) {
            self.slowest = Some((time, number, format.case_text(case)));
        }
    }
}

impl Task for Verify {
    type Output = Result<(), Failure>;

    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let started = Instant::now();
        let mut out = stdout();
        let bar = progress::bar(self.count, "verifying".into());
        let (mut tables, mut search) = (Timing::default(), Timing::default());
        let (mut differ, mut done) = (0u64, 0u64);
        let format = judge.reader();
        while done < self.count {
            let size = (self.count - done).min(CHUNK as u64) as usize;
            let cases: Vec<J::Case> = (0..size).map(|_| judge.checkable_case(&mut rng)).collect();
            let outcomes = cases
                .par_iter()
                .map(|case| {
                    let clock = Instant::now();
                    let table = judge.solve(case)?;
                    let table_time = clock.elapsed();
                    let clock = Instant::now();
                    let found = judge.search(case);
                    bar.inc(1);
                    Ok((table, table_time, found, clock.elapsed()))
                })
                .collect::<Result<Vec<_>, Error>>()?;
            for (case, (table, table_time, found, search_time)) in cases.iter().zip(outcomes) {
                done += 1;
                tables.add(&format, table_time, done, case);
                search.add(&format, search_time, done, case);
                if table != found {
                    differ += 1;
                    let tables = judge::quoted_answer(judge, done as usize, &table);
                    let found = judge::quoted_answer(judge, done as usize, &found);
                    writeln!(out, "case {done}: {}", format.case_text(case))
                        .and_then(|()| writeln!(out, "  tables: {tables}"))
                        .and_then(|()| writeln!(out, "  IDA*:   {found}"))
                        .map_err(Error::Output)?;
                }
            }
        }
        bar.finish(format_args!(""));
        let verdict = match differ {
            0 => "tables and IDA* agree on every one".to_owned(),
            _ => format!("{differ} DISAGREE"),
        };
        let mut report = || -> std::io::Result<()> {
            writeln!(
                out,
                "{} cases (seed {}) in {}: {verdict}",
                self.count,
                self.seed,
                human(started.elapsed()),
            )?;
            for (name, timing) in [("tables", &tables), ("IDA*", &search)] {
                // No case, no slowest one to name.
                if let Some((slowest, number, text)) = &timing.slowest {
                    let mean = timing.total / self.count as u32;
                    writeln!(
                        out,
                        "{name:>7}: mean {} a case; slowest {}, case {number}: {text}",
                        human(mean),
                        human(*slowest),
                    )?;
                }
            }
            out.flush()
        };
        report().map_err(Error::Output)?;
        match differ {
            0 => Ok(()),
            _ => Err(Failure::Verdict),
        }
    }
}

/// A duration as people read it: three figures at most, in s, ms, µs or ns.
fn human(took: Duration) -> String {
    let seconds = took.as_secs_f64();
    let (value, unit) = match seconds {
        s if s >= 1.0 => (s, "s"),
        s if s >= 1e-3 => (s * 1e3, "ms"),
        s if s >= 1e-6 => (s * 1e6, "µs"),
        s => (s * 1e9, "ns"),
    };
    let decimals = match value {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{value:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(human(Duration::from_nanos(294)), "294 ns");
        assert_eq!(human(Duration::from_nanos(15_440)), "15.4 µs");
        assert_eq!(human(Duration::from_micros(1_500)), "1.50 ms");
        assert_eq!(human(Duration::from_millis(43)), "43.0 ms");
        assert_eq!(human(Duration::from_secs(2)), "2.00 s");
    }
}
