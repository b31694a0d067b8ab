//! `tablesolve verify`: the tables against the independent IDA* search on random cases.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use tablesolve::judge;
use tablesolve::Error;

use crate::catalogue::{Judge, Task};
use crate::{progress, stdout, Failure};

pub struct Verify {
    pub count: usize,
    pub seed: u64,
}

/// One case answered both ways.
struct Outcome<A> {
    table: A,
    search: A,
    table_time: Duration,
    search_time: Duration,
}

/// The mean and the slowest (time, case index) of one method.
fn timing<A>(
    outcomes: &[Outcome<A>],
    time: impl Fn(&Outcome<A>) -> Duration,
) -> (Duration, (Duration, usize)) {
    let total: Duration = outcomes.iter().map(&time).sum();
    let slowest = outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| (time(o), i))
        .max()
        .unwrap_or_default();
    (total / outcomes.len().max(1) as u32, slowest)
}

impl Task for Verify {
    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let cases: Vec<J::Case> = (0..self.count)
            .map(|_| judge.checkable_case(&mut rng))
            .collect();
        let done = AtomicUsize::new(0);
        let started = Instant::now();
        let outcomes = cases
            .par_iter()
            .map(|case| {
                let clock = Instant::now();
                let table = judge.solve(case)?;
                let table_time = clock.elapsed();
                let clock = Instant::now();
                let search = judge.search(case);
                let search_time = clock.elapsed();
                let n = done.fetch_add(1, Relaxed) + 1;
                if n % 100 == 0 {
                    progress(format_args!("verifying: {n} of {} cases", self.count));
                }
                Ok(Outcome {
                    table,
                    search,
                    table_time,
                    search_time,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        progress(format_args!(""));
        let mut out = stdout();
        let mut report = || -> std::io::Result<bool> {
            let mut agree = true;
            for (i, (case, o)) in cases.iter().zip(&outcomes).enumerate() {
                if o.table != o.search {
                    agree = false;
                    writeln!(out, "case {}: {}", i + 1, J::case_text(case))?;
                    writeln!(
                        out,
                        "  tables: {}",
                        judge::quoted_answer::<J>(i + 1, &o.table)
                    )?;
                    writeln!(
                        out,
                        "  IDA*:   {}",
                        judge::quoted_answer::<J>(i + 1, &o.search)
                    )?;
                }
            }
            let differ = outcomes.iter().filter(|o| o.table != o.search).count();
            writeln!(
                out,
                "{} cases (seed {}) in {:.1} s: {}",
                self.count,
                self.seed,
                started.elapsed().as_secs_f64(),
                if agree {
                    "tables and IDA* agree on every one".to_owned()
                } else {
                    format!("{differ} DISAGREE")
                }
            )?;
            for (name, time) in [
                (
                    "tables",
                    &(|o: &Outcome<J::Answer>| o.table_time)
                        as &dyn Fn(&Outcome<J::Answer>) -> Duration,
                ),
                ("IDA*", &|o: &Outcome<J::Answer>| o.search_time),
            ] {
                let (mean, (slowest, at)) = timing(&outcomes, time);
                writeln!(
                    out,
                    "{name:>7}: mean {mean:.2?} a case; slowest {slowest:.2?}, case {}: {}",
                    at + 1,
                    cases.get(at).map(J::case_text).unwrap_or_default()
                )?;
            }
            out.flush()?;
            Ok(agree)
        };
        match report().map_err(Error::Output)? {
            true => Ok(()),
            false => Err(Failure::Verdict),
        }
    }
}
