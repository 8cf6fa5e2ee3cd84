//! Fuzzes format detection and every command's path through it: detect, parse, solve with a
//! small budget, check what the solver returns.

#![no_main]

use cagey::formats;
use cagey::solve::{self, Limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let format = formats::detect(text);
        for entry in formats::parse_all(format, text).into_iter().flatten() {
            let mut limits = Limits::solutions(2);
            limits.max_nodes = 10_000;
            if let Ok(report) = solve::default_solver().solve(&entry.puzzle, &limits) {
                for grid in report.outcome.solutions() {
                    assert_eq!(cagey::check(&entry.puzzle, grid), Ok(()));
                }
            }
        }
    }
});
