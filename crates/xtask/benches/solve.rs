//! Criterion benchmarks of the production solver over the committed corpora, one group per
//! corpus file, reporting the mean time per puzzle (each iteration solves the file's next
//! puzzle, round-robin) with the uniqueness check users run (two solutions asked for; one
//! more than the file says for puzzles with several).
//!
//! Before its group, every puzzle of the file is solved once and its answer verified
//! ([`xtask::bench`]), and the search effort printed: median and largest nodes and guesses.
//!
//! ```text
//! cargo bench -p xtask --bench solve                 # the quick corpora
//! cargo bench -p xtask --bench solve -- keen_9du     # one file
//! CAGEY_BENCH_HEAVY=1 cargo bench -p xtask --bench solve   # also hard 9x9, 12x12, 16x16
//! ```
//!
//! `cargo xtask bench FILES` gives medians and percentiles over the same files in one run; these
//! benchmarks give Criterion's statistics and comparisons between runs.

use std::path::Path;
use std::time::Duration;

use cagey::solve::{self, Limits, Solver};
use criterion::{criterion_group, criterion_main, Criterion};
use xtask::bench::{self, Case, Options};

/// The corpus files run by default: Keen's 3x3 and 4x4 at their extremes (searched without
/// the engine), Keen's 6x6 and 9x9 at every difficulty, the random unique puzzles up to
/// 9x9, and the counting corpora. Each takes a few seconds.
const QUICK: &[&str] = &[
    "keen/keen_3de.kk",
    "keen/keen_4du.kk",
    "keen/keen_6de.kk",
    "keen/keen_6dn.kk",
    "keen/keen_6dh.kk",
    "keen/keen_6dx.kk",
    "keen/keen_6du.kk",
    "keen/keen_9de.kk",
    "keen/keen_9dn.kk",
    "keen/keen_9dh.kk",
    "keen/keen_9dx.kk",
    "keen/keen_9du.kk",
    "random/unique-4x4.kk",
    "random/unique-6x6.kk",
    "random/unique-9x9.kk",
    "random/several-5x5.kk",
    "random/several-6x6.kk",
    "random/none-6x6.kk",
];

/// The corpus files run only with `CAGEY_BENCH_HEAVY` set: their puzzles take milliseconds
/// to seconds each, so a run takes minutes.
const HEAVY: &[&str] = &[
    "random/hard-9x9-big-cages.kk",
    "random/hard-9x9-sums-only.kk",
    "random/unique-12x12.kk",
    "random/unique-16x16.kk",
];

/// How long the answers of one puzzle may take to verify before the benchmark refuses to
/// time it: a benchmark over a puzzle the solver gives up on measures nothing.
const VERIFY_TIMEOUT: Duration = Duration::from_secs(60);

fn cases(relative: &str) -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    bench::read_cases(relative, &text).unwrap_or_else(|e| panic!("{e}"))
}

/// Solves every case once, checks the answers, and prints the effort.
fn verify(solver: &dyn Solver, file: &str, cases: &[Case]) {
    let options = Options {
        repeat: 1,
        timeout: VERIFY_TIMEOUT.into(),
        threads: 1,
    };
    let report = bench::run(solver, cases, &options);
    if let Some(failure) = report.failures.first() {
        panic!("{failure}");
    }
    let s = report.summary;
    let max_guesses = report.samples.iter().map(|x| x.guesses).max().unwrap_or(0);
    eprintln!(
        "{file}: {} puzzles; nodes median {} max {}; guesses median {} max {}; \
         one run: median {}, max {}",
        s.puzzles,
        s.median_nodes,
        s.max_nodes,
        s.median_guesses,
        max_guesses,
        bench::format_duration(s.median),
        bench::format_duration(s.max),
    );
}

fn bench_files(c: &mut Criterion, files: &[&str], heavy: bool) {
    let solver = solve::default_solver();
    for &file in files {
        let cases = cases(file);
        verify(solver, file, &cases);
        let name = Path::new(file)
            .file_stem()
            .map_or(file.into(), |s| s.to_string_lossy());
        let mut group = c.benchmark_group(name);
        if heavy {
            group.sample_size(10);
            group.measurement_time(Duration::from_secs(30));
        }
        let limits: Vec<Limits> = cases
            .iter()
            .map(|case| Limits::solutions(case.max_solutions()))
            .collect();
        let mut next = 0;
        group.bench_function("per puzzle", |b| {
            b.iter(|| {
                let i = next % cases.len();
                next += 1;
                let search = solver
                    .search(&cases[i].puzzle, &limits[i], &mut |_| {})
                    .expect("the production solver takes every corpus puzzle");
                std::hint::black_box(search.count)
            })
        });
        group.finish();
    }
}

fn corpora(c: &mut Criterion) {
    bench_files(c, QUICK, false);
    if std::env::var_os("CAGEY_BENCH_HEAVY").is_some() {
        bench_files(c, HEAVY, true);
    }
}

criterion_group!(benches, corpora);
criterion_main!(benches);
