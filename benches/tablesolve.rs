//! Criterion benchmarks: one case answered, one table built or opened, and whole batches
//! answered end to end (parse, answer, write) from memory.
//!
//! Run with `cargo bench --bench tablesolve`; `bench/throughput.sh` times the command
//! line on million-case files instead.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::io;

use tablesolve::eight;
use tablesolve::judge::{self, BadCases, EveryShortest, Method, Output, Sample, Wanted};
use tablesolve::judge::{CaseReader, CrossCheck, Replay};
use tablesolve::rotation;
use tablesolve::search::{reverse_bfs, Work};
use tablesolve::sliding::detours::Detours;
use tablesolve::sliding::pattern::Pattern;
use tablesolve::table::{encode, exact_in_memory, Source, Table};
use tablesolve::{Eight, Eight2, Rotation};

/// Answers one case after another from a fixed set of random cases.
fn per_case<J: Sample>(c: &mut Criterion, name: &str, judge: &J) {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let cases: Vec<J::Case> = (0..4096).map(|_| judge.random_case(&mut rng)).collect();
    let mut next = cases.iter().cycle();
    c.bench_function(&format!("answer one case/{name}"), |b| {
        b.iter(|| judge.solve(black_box(next.next().unwrap())).unwrap())
    });
}

/// Parses, answers and writes a whole judge input held in memory.
fn batch<J: EveryShortest + Replay + CrossCheck + Sample>(
    c: &mut Criterion,
    name: &str,
    judge: &J,
    cases: usize,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let drawn: Vec<J::Case> = (0..cases).map(|_| judge.random_case(&mut rng)).collect();
    let mut input = Vec::new();
    let count = drawn.len();
    (judge
        .reader()
        .write_cases(drawn.into_iter(), count, &mut input))
    .unwrap();
    let mut group = c.benchmark_group("batch end to end");
    group.throughput(Throughput::Elements(cases as u64));
    group.sample_size(20);
    group.bench_function(name, |b| {
        b.iter(|| {
            let wanted = Wanted::Smallest(Method::Tables);
            judge::answer_each(
                judge,
                &input[..],
                io::sink(),
                BadCases::Stop,
                wanted,
                Output::Judge,
            )
            .unwrap()
        })
    });
    group.finish();
}

fn answers(c: &mut Criterion) {
    let exact = |space: eight::Space| exact_in_memory(&space).expect("a consistent table");
    let rotation = Rotation {
        table: exact_in_memory(&rotation::Space).expect("a consistent table"),
    };
    let eight = Eight {
        table: exact(eight::Space::new(eight::STANDARD_GOAL)),
    };
    let eight2 = Eight2 {
        tables: (0..eight::GOALS)
            .map(|blank| exact(eight::Space::new(blank)))
            .collect(),
    };
    per_case(c, "rotation", &rotation);
    per_case(c, "eight", &eight);
    per_case(c, "eight2", &eight2);
    batch(c, "rotation", &rotation, 100_000);
    batch(c, "eight2", &eight2, 100_000);
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("build table");
    group.sample_size(10);
    group.bench_function("rotation", |b| {
        b.iter(|| reverse_bfs(&rotation::Space, &Work::quiet()))
    });
    group.bench_function("eight, one goal", |b| {
        b.iter(|| reverse_bfs(&eight::Space::new(8), &Work::quiet()))
    });
    // The 6-6-3 partition's first database: 5.8 M placements, 7.5 M search states.
    let pattern = Pattern::<4, 4>::new(&[0, 1, 4, 5, 8, 12], 15);
    group.bench_function("fifteen, a 6-tile pattern database", |b| {
        b.iter(|| pattern.compute(&Work::quiet()))
    });
    // The detours each search drops, found at a process's first search.
    group.bench_function("fifteen, detours", |b| {
        b.iter(|| Detours::<4, 4>::find(Detours::<4, 4>::LENGTH).routes())
    });
    group.bench_function("twentyfour, detours", |b| {
        b.iter(|| Detours::<5, 5>::find(Detours::<5, 5>::LENGTH).routes())
    });
    group.finish();

    let space = rotation::Space;
    let bytes = encode(
        &space.id(),
        &reverse_bfs(&space, &Work::quiet()).expect("fits"),
    );
    c.bench_function("open and validate table/rotation", |b| {
        b.iter_batched_ref(
            || bytes.clone(),
            |bytes| {
                Table::from_bytes(&bytes[..], space.id(), space.entries())
                    .unwrap()
                    .header()
                    .states
            },
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, answers, tables);
criterion_main!(benches);
