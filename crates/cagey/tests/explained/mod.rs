//! What the logic tests share: corpus samples with their known solutions, the soundness
//! check of an explanation, the golden explanations of the built-in examples, and the
//! rated forum killers.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cagey::formats::{kk, long_killer};
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

/// One rated forum killer of `tests/fixtures/forum-killers.txt`: its `# key=value` comments and the puzzle.
pub struct Rated {
    pub name: String,
    pub line: usize,
    pub meta: BTreeMap<String, String>,
    pub puzzle: Puzzle,
}

impl Rated {
    /// The forum's rating, as a number on the forums' scale (`1.25`).
    pub fn rating(&self) -> f64 {
        let text = &self.meta["rating"];
        text.parse()
            .unwrap_or_else(|_| panic!("{}: rating {text:?} is no number", self.name))
    }

    /// The solution the forum published, else the one cagey found when the set was made.
    pub fn solution(&self) -> Grid {
        let text = self
            .meta
            .get("solution")
            .or_else(|| self.meta.get("computed_solution"))
            .unwrap_or_else(|| panic!("{}: no solution comment", self.name));
        kk::parse_solution(9, text).unwrap_or_else(|| panic!("{}: bad solution", self.name))
    }
}

/// Every puzzle of `tests/fixtures/forum-killers.txt`, in file order. A block is its comment lines, then one
/// forum string; the comments before a string belong to it.
pub fn rated() -> Vec<Rated> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/forum-killers.txt");
    let text = std::fs::read_to_string(path).expect("the fixture");
    let mut meta = BTreeMap::new();
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some((key, value)) = comment.trim().split_once('=') {
                meta.insert(key.trim().to_string(), value.trim().to_string());
            }
        } else if !line.is_empty() {
            let entry = long_killer::parse(line)
                .unwrap_or_else(|e| panic!("forum-killers.txt line {}: {e}", index + 1));
            let meta = std::mem::take(&mut meta);
            found.push(Rated {
                name: meta.get("name").cloned().unwrap_or_default(),
                line: index + 1,
                meta,
                puzzle: entry.puzzle,
            });
        }
    }
    found
}
