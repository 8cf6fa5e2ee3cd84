//! Criterion benchmarks of what a batch does besides solving: reading puzzles in the J
//! essay's format and writing solutions, over Keen's corpus (2,252 puzzles, 3x3 to 9x9). On
//! puzzles this small, reading and writing had been a third of a batch's instructions
//! (see docs/cli.md, batch solving); these benchmarks keep an eye on them.
//!
//! ```text
//! cargo bench -p cagey --bench io
//! ```

use std::path::Path;

use cagey::formats::kk;
use cagey::model::Grid;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Every Keen corpus file, one after the other, as one text.
fn keen_corpus() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora/keen");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "kk"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            std::fs::read_to_string(path)
                .unwrap_or_else(|error| panic!("{}: {error}", path.display()))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn io(c: &mut Criterion) {
    let text = keen_corpus();
    let entries: Vec<_> = kk::parse_all(&text)
        .into_iter()
        .map(|entry| entry.expect("every corpus puzzle reads"))
        .collect();
    let solutions: Vec<Grid> = entries
        .iter()
        .map(|entry| {
            let digits = entry
                .meta("solution")
                .expect("every Keen puzzle has its solution");
            kk::parse_solution(entry.puzzle.size(), digits).expect("a solution of the grid")
        })
        .collect();

    let mut group = c.benchmark_group("keen corpus");
    group.throughput(Throughput::Elements(entries.len() as u64));
    group.bench_function("read", |b| {
        b.iter(|| std::hint::black_box(kk::parse_all(&text).len()))
    });
    group.bench_function("print solutions", |b| {
        b.iter(|| {
            let printed: usize = solutions.iter().map(|grid| grid.to_string().len()).sum();
            std::hint::black_box(printed)
        })
    });
    group.bench_function("solution rows", |b| {
        b.iter(|| {
            let rows: usize = solutions
                .iter()
                .map(|grid| {
                    (0..grid.size())
                        .map(|row| grid.row_text(row).len())
                        .sum::<usize>()
                })
                .sum();
            std::hint::black_box(rows)
        })
    });
    group.finish();
}

criterion_group!(benches, io);
criterion_main!(benches);
