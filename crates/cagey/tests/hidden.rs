//! No-op KenKen: cages whose operation is hidden (`?`). Formats read and write them, the
//! checker accepts any operation that reaches the target, and every solver finds the same
//! solutions.

use cagey::formats::{self, kk, Format};
use cagey::solve::{self, Limits};
use cagey::{check, examples, Operation};

/// kk0 with every operation hidden.
fn hidden_kk0() -> cagey::Puzzle {
    let text = examples::by_name("kk0").unwrap().text;
    let hidden: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let (label, cells) = line.split_once(',').unwrap();
            let target = label.trim_end_matches(['+', '-', '*', '%']);
            let sign = if target == label { "" } else { "?" };
            format!("{target}{sign},{cells}\n")
        })
        .collect();
    kk::parse(&hidden).unwrap()
}

#[test]
fn formats_keep_hidden_operations() {
    let puzzle = hidden_kk0();
    assert!(puzzle
        .cages()
        .iter()
        .any(|c| c.operation() == Operation::Unknown));
    for format in [Format::Kk, Format::A1, Format::Json, Format::Grid] {
        let entry = formats::Entry::new(puzzle.clone());
        let text = formats::write(format, &entry).unwrap();
        assert_eq!(
            formats::parse_all(format, &text).remove(0).unwrap().puzzle,
            puzzle,
            "{format}"
        );
    }
    for format in [Format::Keen, Format::SudokuWiki] {
        let error = formats::write(format, &formats::Entry::new(puzzle.clone())).unwrap_err();
        assert!(error.to_string().contains("hides its operation"), "{error}");
    }
}

#[test]
fn every_solver_solves_hidden_operations_alike() {
    let puzzle = hidden_kk0();
    let solution = examples::by_name("kk0").unwrap().solution();
    assert_eq!(check(&puzzle, &solution), Ok(()));
    let mut limits = Limits::solutions(1000);
    limits.keep = 1000;
    let report = cagey::solvers::by_name("eliminate")
        .unwrap()
        .solve(&puzzle, &limits)
        .unwrap();
    let found = report.outcome.solutions();
    // Hiding the operations can only add solutions: kk0's is among them, and each passes.
    assert!(found.contains(&solution));
    for grid in found {
        assert_eq!(check(&puzzle, grid), Ok(()));
    }
    let merged = cagey::solvers::by_name("merge")
        .unwrap()
        .solve(&puzzle, &limits)
        .unwrap();
    assert_eq!(merged.outcome.count(), report.outcome.count());
    let production = solve::default_solver().solve(&puzzle, &limits).unwrap();
    let mut expected = found.to_vec();
    let mut got = production.outcome.solutions().to_vec();
    expected.sort();
    got.sort();
    assert_eq!(got, expected);
}
