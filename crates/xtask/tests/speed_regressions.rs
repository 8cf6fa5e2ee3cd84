//! Regression checks on the production solver's *effort*, never its time: search nodes and
//! guesses on corpus puzzles, which depend only on the algorithm, not on the machine. A
//! change that weakens propagation or branching shows here first. (Times are measured by
//! `cargo bench` and `cargo xtask bench`, not by tests.)
//!
//! The bounds leave some room above today's counts (given in each test) so that a
//! harmless change of order does not fail them, while losing a rule does.

use std::path::Path;
use std::time::Duration;

use cagey::solve;
use xtask::bench::{self, Case, Options, Sample};

fn cases(relative: &str) -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(relative);
    let text = std::fs::read_to_string(&path).unwrap();
    bench::read_cases(relative, &text).unwrap()
}

/// Solves every case once, verifying the answers; returns each puzzle's effort.
fn effort(cases: &[Case]) -> Vec<Sample> {
    let options = Options {
        repeat: 1,
        timeout: Duration::from_secs(60).into(),
        threads: 1,
    };
    let report = bench::run(solve::default_solver(), cases, &options);
    assert_eq!(report.failures, []);
    report.samples
}

fn total_nodes(samples: &[Sample]) -> u64 {
    samples.iter().map(|s| s.nodes).sum()
}

/// Guards the cage-in-a-line, line-in-a-cage and line-sum rules: with them, Keen's easy and
/// normal 9x9 puzzles all solve without a single guess (the cell-by-cell rules alone need
/// guesses on most).
#[test]
fn keen_easy_and_normal_9x9_need_no_guess() {
    for file in ["keen/keen_9de.kk", "keen/keen_9dn.kk"] {
        for (case, sample) in cases(file).iter().zip(effort(&cases(file))) {
            assert_eq!(sample.guesses, 0, "{} needed guesses", case.place());
        }
    }
}

/// Guards the strength of propagation and branching on Keen's hardest: 402 nodes in all
/// today for the hundred 9x9 unreasonable puzzles (most take one: no guess at all).
#[test]
fn keen_unreasonable_9x9_takes_few_nodes() {
    let nodes = total_nodes(&effort(&cases("keen/keen_9du.kk")));
    assert!(nodes <= 800, "{nodes} nodes");
}

/// Today 1,762 nodes for the hundred random unique 9x9 puzzles.
#[test]
fn random_unique_9x9_takes_few_nodes() {
    let nodes = total_nodes(&effort(&cases("random/unique-9x9.kk")));
    assert!(nodes <= 3_500, "{nodes} nodes");
}

/// Counting every solution and proving there is none stay as cheap as a uniqueness check:
/// today 359 nodes for the 25 puzzles with several solutions, 72 for the ten with none.
#[test]
fn counting_takes_few_nodes() {
    let several = total_nodes(&effort(&cases("random/several-5x5.kk")));
    assert!(several <= 700, "{several} nodes");
    let none = total_nodes(&effort(&cases("random/none-6x6.kk")));
    assert!(none <= 150, "{none} nodes");
}

/// The hardest of the random 9x9 puzzles with big cages that still takes only a fraction of
/// a second: 351 nodes today (line 8 of the file).
#[test]
fn a_hard_big_cage_puzzle_takes_few_nodes() {
    let all = cases("random/hard-9x9-big-cages.kk");
    let first = all.iter().find(|c| c.line == 8).unwrap().clone();
    let nodes = total_nodes(&effort(&[first]));
    assert!(nodes <= 600, "{nodes} nodes");
}
