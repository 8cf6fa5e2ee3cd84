//! Format tests over real data: every Keen ID of the corpus, SudokuWiki's test strings, the
//! JSON Schema, and round trips between every pair of formats on random puzzles.

mod random;

use std::path::Path;

use cagey::formats::{self, json, keen, kk, sudokuwiki, Entry, Format};
use cagey::model::CellState;
use proptest::prelude::*;
use random::{random_puzzle, Rng};

fn corpus(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

#[test]
fn every_keen_id_of_the_corpus_decodes_to_its_puzzle_and_back() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora/keen");
    let mut checked = 0;
    for file in std::fs::read_dir(dir).unwrap() {
        let path = file.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for entry in kk::parse_all(&text) {
            let entry = entry.unwrap();
            let id = entry.meta("id").expect("keen blocks carry their id");
            let decoded = keen::parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(decoded.puzzle, entry.puzzle, "{id}");
            assert_eq!(keen::write(&entry.puzzle).unwrap(), id);
            let solution = entry.meta("solution").unwrap();
            let grid = keen::parse_solution(&format!("S{solution}"), entry.puzzle.size()).unwrap();
            assert_eq!(cagey::check(&entry.puzzle, &grid), Ok(()));
            checked += 1;
        }
    }
    assert!(checked > 2000, "{checked}");
}

#[test]
fn sudokuwiki_test_strings_decode_and_encode_byte_for_byte() {
    let text = corpus("sudokuwiki-strings.txt");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        if !(line.starts_with('K') && sudokuwiki::looks_like(line)) {
            continue;
        }
        let entry = sudokuwiki::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(
            sudokuwiki::write(&entry.puzzle, entry.progress.as_ref()).unwrap(),
            *line,
            "re-encoding {line}"
        );
        // The 'every cell solved' strings hold a solution.
        if lines[i - 1].contains("every cell solved") {
            let progress = entry.progress.as_ref().unwrap();
            assert!(progress
                .cells()
                .iter()
                .all(|s| matches!(s, CellState::Solved(_))));
            assert_eq!(cagey::check(&entry.puzzle, &progress.solved()), Ok(()));
        }
        checked += 1;
    }
    assert_eq!(checked, 13);
}

#[test]
fn the_real_sudokuwiki_string_has_its_published_solution() {
    let text = corpus("sudokuwiki-strings.txt");
    let string = text.lines().find(|l| l.starts_with("K6C")).unwrap();
    let entry = sudokuwiki::parse(string).unwrap();
    let grid = kk::parse_solution(6, "645123124365362541413256251634536412").unwrap();
    assert_eq!(cagey::check(&entry.puzzle, &grid), Ok(()));
}

#[test]
fn written_json_validates_against_the_schema() {
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema/puzzle.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema is valid");
    let mut rng = Rng(7);
    for size in 1..=16 {
        let (puzzle, square) = random_puzzle(size, 4, &mut rng);
        let progress = cagey::model::Progress::from_grid(&square);
        for progress in [None, Some(&progress)] {
            let text = json::write(&puzzle, progress).unwrap();
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{errors:?}\n{text}");
        }
    }
    // And the schema rejects what the reader rejects.
    let bad: serde_json::Value =
        serde_json::json!({"size": 4, "cages": [{"op": "^", "target": 1, "cells": [[0, 0]]}]});
    assert!(!validator.is_valid(&bad));
}

/// Formats that can hold `entry`'s puzzle (the writer says when one cannot).
fn writable(entry: &Entry) -> Vec<(Format, String)> {
    Format::ALL
        .into_iter()
        .filter_map(|format| {
            formats::write(format, entry)
                .ok()
                .map(|text| (format, text))
        })
        .collect()
}

proptest! {
    #[test]
    fn every_pair_of_formats_round_trips(seed: u64, size in 1usize..=10, max_cage in 1usize..=5) {
        let (puzzle, _) = random_puzzle(size, max_cage, &mut Rng(seed));
        let entry = Entry::new(puzzle);
        let written = writable(&entry);
        prop_assert!(written.iter().any(|(f, _)| *f == Format::Json));
        for (from, text) in &written {
            prop_assert_eq!(formats::detect(text), from.reader(), "detecting {}", text);
            let read = formats::parse_all(*from, text).remove(0).unwrap();
            prop_assert_eq!(&read.puzzle, &entry.puzzle, "{} did not round-trip", from);
            for (to, _) in &written {
                let again = formats::write(*to, &read).unwrap();
                let back = formats::parse_all(*to, &again).remove(0).unwrap();
                prop_assert_eq!(&back.puzzle, &entry.puzzle, "{} -> {}", from, to);
            }
        }
    }

    #[test]
    fn progress_survives_sudokuwiki_and_json(seed: u64, size in 3usize..=9) {
        let mut rng = Rng(seed);
        let (puzzle, square) = random_puzzle(size, 4, &mut rng);
        let cells = square
            .digits()
            .iter()
            .map(|&d| match rng.below(3) {
                0 => CellState::Solved(d),
                // A non-empty set: `d` and some others.
                1 => CellState::Candidates((1..=size as u8).filter(|&c| c == d || rng.below(2) == 0).collect()),
                _ => CellState::Unknown,
            })
            .collect();
        let progress = cagey::model::Progress::from_cells(size, cells).unwrap();
        let entry = Entry { progress: Some(progress), ..Entry::new(puzzle) };
        for format in [Format::SudokuWiki, Format::Json] {
            // Big products do not fit a SudokuWiki string; the writer says so.
            let Ok(text) = formats::write(format, &entry) else {
                prop_assert_eq!(format, Format::SudokuWiki);
                continue;
            };
            let back = formats::parse_all(format, &text).remove(0).unwrap();
            prop_assert_eq!(&back.progress, &entry.progress, "{}", format);
        }
    }
}

/// The blocks of `killer-and-jigsaw.kk`: the raw string, the solution, the regions, and the
/// cages in the J essay's layout.
struct KillerCase {
    raw: String,
    solution: String,
    regions: String,
    cages: String,
}

fn killer_cases() -> Vec<KillerCase> {
    corpus("killer-and-jigsaw.kk")
        .split("\n\n")
        .filter_map(|block| {
            let value = |key: &str| {
                block
                    .lines()
                    .find_map(|l| l.strip_prefix(key))
                    .map(|v| v.trim().to_string())
            };
            let cages: String = block
                .lines()
                .filter(|l| !l.starts_with('#') && l.contains(','))
                .map(|l| format!("{l}\n"))
                .collect();
            Some(KillerCase {
                raw: value("# raw:")?,
                solution: value("# solution=")?,
                // Jigsaw regions as written, or the 3x3 boxes spelt out the same way.
                regions: value("# regions ").or_else(|| {
                    block.contains("# boxes 3x3").then(|| {
                        (0..81)
                            .map(|cell| char::from(b'0' + (cell / 27 * 3 + cell % 9 / 3) as u8))
                            .collect()
                    })
                })?,
                cages,
            })
        })
        .collect()
}

#[test]
fn killer_strings_decode_to_their_cages_regions_and_solutions() {
    let mut decoded = 0;
    for case in killer_cases() {
        let entry = match sudokuwiki::parse(&case.raw) {
            Ok(entry) => entry,
            // The interim May-2024 form (two base-32 halves) was never a documented format
            // and is not read; everything else must decode.
            Err(_) if case.raw.contains(',') && case.raw.len() != 81 + 1 + 162 => continue,
            Err(error) => panic!("{}: {error}", case.raw),
        };
        let puzzle = &entry.puzzle;
        assert!(puzzle.options().killer);
        let expected = kk::parse(&case.cages).unwrap();
        assert_eq!(puzzle.cages(), expected.cages(), "{}", case.raw);
        // Region numbers may start from 0 or 1 in the corpus; compare them from 0.
        let lowest = case.regions.bytes().min().unwrap();
        for (cell, region) in puzzle.cells().zip(case.regions.bytes()) {
            let found = puzzle.regions().region_of(cell, 9);
            assert_eq!(found, Some(usize::from(region - lowest)), "{}", case.raw);
        }
        let solution = kk::parse_solution(9, &case.solution).unwrap();
        assert_eq!(cagey::check(puzzle, &solution), Ok(()), "{}", case.raw);
        let report = cagey::solve::default_solver()
            .solve(puzzle, &cagey::solve::Limits::uniqueness())
            .unwrap();
        assert_eq!(
            report.outcome,
            cagey::solve::Outcome::Unique(solution),
            "{}",
            case.raw
        );
        if !case.raw.contains(',') {
            let written = sudokuwiki::write(puzzle, entry.progress.as_ref()).unwrap();
            assert_eq!(written, case.raw);
        }
        decoded += 1;
    }
    assert_eq!(decoded, 3);
}
