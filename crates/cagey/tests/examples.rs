//! The built-in examples: one of every kind, each with exactly one solution, the one it
//! records, as the production solver proves.

use cagey::examples::EXAMPLES;
use cagey::model::Kind;
use cagey::solve::{self, Limits, Outcome};

#[test]
fn every_example_has_exactly_its_recorded_solution() {
    for example in &EXAMPLES {
        let puzzle = example.puzzle();
        let report = solve::default_solver()
            .solve(&puzzle, &Limits::uniqueness())
            .unwrap();
        assert_eq!(
            report.outcome,
            Outcome::Unique(example.solution()),
            "{}",
            example.name
        );
    }
}

#[test]
fn the_examples_cover_every_kind_and_rule() {
    let puzzles: Vec<_> = EXAMPLES.iter().map(|e| (e.name, e.puzzle())).collect();
    for kind in [
        Kind::KenKen,
        Kind::KenDoku,
        Kind::KillerSudoku,
        Kind::KillerJigsaw,
    ] {
        assert!(
            puzzles.iter().any(|(_, p)| p.kind() == kind),
            "no {kind:?} example"
        );
    }
    let hidden = |p: &cagey::Puzzle| {
        p.cages()
            .iter()
            .any(|c| c.operation() == cagey::Operation::Unknown)
    };
    assert!(puzzles.iter().any(|(_, p)| hidden(p)), "no no-op example");
    let long = |p: &cagey::Puzzle, op| {
        p.options().multi_cell
            && p.cages()
                .iter()
                .any(|c| c.operation() == op && c.cells().len() > 2)
    };
    assert!(puzzles
        .iter()
        .any(|(_, p)| long(p, cagey::Operation::Subtract) && long(p, cagey::Operation::Divide)));
    // One line each, under 100 columns with its name and kind.
    for example in &EXAMPLES {
        assert!(
            !example.source.contains('\n') && example.source.len() < 80,
            "{}",
            example.name
        );
    }
}
