//! Replays every input that once crashed a fuzz target (`fuzz/regressions/TARGET/*`), and the
//! fuzzers' seeds (`fuzz/seeds/TARGET/*`), through the same checks as the targets, so that a
//! fixed crash stays fixed. The fuzzers themselves run outside the test suite (`fuzz/run.sh`).

use std::path::Path;

use cagey::formats::{self, Format};
use cagey::solve::{self, Limits};

/// What every format target checks: parsing never panics, and what was read writes back
/// (where the format can hold it) and reads again as the same puzzle; what `sudokupad`
/// reads, with both of SudokuPad's payloads (`sudokupad`, `sudokupad-scl`).
fn round_trip(format: Format, text: &str) {
    let writers = match format {
        Format::SudokuPad => vec![Format::SudokuPad, Format::SudokuPadScl],
        other => vec![other],
    };
    for entry in formats::parse_all(format, text).into_iter().flatten() {
        for &to in &writers {
            if let Ok(written) = formats::write(to, &entry) {
                let again = formats::parse_all(format, &written)
                    .into_iter()
                    .next()
                    .unwrap();
                let again = again.unwrap_or_else(|e| panic!("{to}: {e}\n{written}"));
                assert_eq!(again.puzzle, entry.puzzle, "{to}: {written}");
            }
        }
    }
}

/// What the `detect` target checks: detection, parsing and a budgeted solve never panic,
/// and every solution passes the checker.
fn detect_and_solve(text: &str) {
    for entry in formats::parse_all(formats::detect(text), text)
        .into_iter()
        .flatten()
    {
        let mut limits = Limits::solutions(2);
        limits.max_nodes = 10_000;
        if let Ok(report) = solve::default_solver().solve(&entry.puzzle, &limits) {
            for grid in report.outcome.solutions() {
                assert_eq!(cagey::check(&entry.puzzle, grid), Ok(()));
            }
        }
    }
}

#[test]
fn every_saved_crash_input_is_handled() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut replayed = 0;
    for target in [
        "kk",
        "a1",
        "sudokuwiki",
        "keen",
        "json",
        "grid",
        "fpuzzles",
        "sudokupad",
        "penpa",
        "short_killer",
        "long_killer",
        "solo",
        "factors",
        "detect",
    ] {
        let folders = [
            fuzz.join("regressions").join(target),
            fuzz.join("seeds").join(target),
        ];
        let files = folders
            .iter()
            .filter_map(|folder| std::fs::read_dir(folder).ok())
            .flatten();
        for file in files {
            let path = file.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            let Ok(text) = std::str::from_utf8(&bytes) else {
                continue;
            };
            match Format::from_name(&target.replace('_', "-")) {
                Some(format) => round_trip(format, text),
                None => detect_and_solve(text),
            }
            replayed += 1;
        }
    }
    assert!(replayed >= 60, "only {replayed} saved inputs were found");
}
