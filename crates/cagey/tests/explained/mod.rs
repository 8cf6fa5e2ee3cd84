//! What the logic tests share: corpus samples with their known solutions, the soundness
//! check of an explanation, and the golden explanations of the built-in examples.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::path::{Path, PathBuf};

use cagey::formats::kk;
use cagey::logic::{self, LogicLimits, Verdict};
use cagey::model::Progress;
use cagey::{examples, Grid, Puzzle};

/// The repository's corpora.
pub fn corpora() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpora")
}

/// Every `step`-th puzzle of a corpus file, with its known solution if the file gives one.
pub fn sample(relative: &str, step: usize) -> Vec<(String, Puzzle, Option<Grid>)> {
    let text = std::fs::read_to_string(corpora().join(relative)).expect("corpus file");
    kk::parse_all(&text)
        .into_iter()
        .step_by(step)
        .map(|entry| {
            let entry = entry.expect("corpus puzzles parse");
            let size = entry.puzzle.size();
            let solution = entry
                .meta("solution")
                .and_then(|text| kk::parse_solution(size, text.split_whitespace().next()?));
            (
                format!("{relative} line {}", entry.line),
                entry.puzzle,
                solution,
            )
        })
        .collect()
}

/// Explains `puzzle` and checks that no step removes a digit of `solution` or places
/// another, and that the explanation ends with that solution.
pub fn assert_sound(place: &str, puzzle: &Puzzle, solution: &Grid) -> logic::Explanation {
    let explanation = logic::explain(
        puzzle,
        &Progress::unknown(puzzle.size()),
        &LogicLimits::default(),
    )
    .unwrap_or_else(|e| panic!("{place}: {e}"));
    for (index, step) in explanation.steps.iter().enumerate() {
        for &(cell, d) in &step.eliminated {
            assert_ne!(
                solution.get(cell),
                d,
                "{place}: step {} ({}) removes the solution's {d} from {cell}: {}",
                index + 1,
                step.rule,
                step.text
            );
        }
        for &(cell, d) in &step.placed {
            assert_eq!(
                solution.get(cell),
                d,
                "{place}: step {} ({}) places a wrong digit",
                index + 1,
                step.rule
            );
        }
    }
    assert_eq!(
        explanation.verdict,
        Verdict::Solved(solution.clone()),
        "{place}"
    );
    explanation
}

/// The explanation of the built-in example `name`, as `cagey explain --example NAME`
/// prints it (steps, then the verdict), against `tests/golden/explain-NAME.txt`.
/// `UPDATE_GOLDEN=1` rewrites the file after a deliberate change; the diff is then reviewed
/// like code.
pub fn assert_golden_explanation(name: &str) {
    let example = examples::by_name(name).unwrap();
    let puzzle = example.puzzle();
    let explanation = assert_sound(name, &puzzle, &example.solution());
    let mut text = String::new();
    for (index, step) in explanation.steps.iter().enumerate() {
        text.push_str(&format!(
            "{:>3}. {}, {}\n",
            index + 1,
            step.level,
            step.describe(puzzle.size())
        ));
    }
    text.push_str(&format!(
        "solved: {}, score {}\n{}",
        explanation.level,
        explanation.score,
        example.solution()
    ));
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("explain-{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    assert_eq!(text, golden, "explanation of {name} changed");
}
