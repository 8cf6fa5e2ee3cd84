//! Criterion benchmarks of the generator: one KenKen puzzle of 4x4, 6x6 and 9x9 at each of
//! Keen's five levels, with Keen's cage style and every operation, as `cagey generate --size
//! N --difficulty LEVEL --jobs 1` makes them. Each iteration makes the next puzzle of a run
//! from seed 1 (puzzle 0, 1, 2, ...), so the time is a mean over many puzzles, as a run's
//! is; the seeds are fixed, so two builds are timed on the same puzzles.
//!
//! ```text
//! cargo bench -p cagey --bench generate              # every size and level, a few minutes
//! cargo bench -p cagey --bench generate -- 6x6       # one size
//! ```
//!
//! These are the generator rows of issue #46's table in `docs/performance.md`, where the
//! same work is timed as whole processes against Keen's generator.

use std::time::Duration;

use cagey::generate::{self, Settings, Target};
use cagey::logic::Level;
use criterion::{criterion_group, criterion_main, Criterion};

fn generate_each_level(c: &mut Criterion) {
    for size in [4, 6, 9] {
        let mut group = c.benchmark_group(format!("generate {size}x{size}"));
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(if size == 9 { 15 } else { 5 }));
        for level in Level::ALL {
            let mut settings = Settings::kenken(size);
            settings.target = Target::from(level);
            let mut index = 0;
            group.bench_function(level.name(), |b| {
                b.iter(|| {
                    let mut rng = settings.rng(1, index);
                    index += 1;
                    generate::generate(&settings, &mut rng)
                        .unwrap_or_else(|e| panic!("{size}x{size} {}: {e}", level.name()))
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, generate_each_level);
criterion_main!(benches);
