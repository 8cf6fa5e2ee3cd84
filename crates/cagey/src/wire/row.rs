//! A dataset row: one puzzle as a model is shown it (its prompt, its text without comments)
//! with its proven answer, its grade and, if asked, the steps a person takes to solve it.
//! The Python package's `Puzzle.record()` and `cagey.records()` write these, one call each,
//! so that a row reads the same however many are built and on how many threads.
//!
//! The steps are whole [`StepRecord`]s ([`StepForm::Full`]: rule, level, words, cells) or
//! their one-line form ([`StepForm::Compact`], see [`super::compact`]): a 9x9's 40 to 80
//! whole steps are most of a row's 50 KB, and most of the time it takes to hand it over.

use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use super::{compact, StepRecord};
use crate::answer::{self, AnswerError};
use crate::formats::{self, prompt, Entry, Format, WriteError, WriteOptions};
use crate::logic::{self, Level, LogicError, LogicLimits};
use crate::model::Progress;

/// How a row holds its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepForm {
    /// Each step's whole record.
    #[default]
    Full,
    /// Each step in one line ([`StepRecord::compact`]).
    Compact,
}

impl FromStr for StepForm {
    type Err = String;
    /// `full` or `compact`.
    fn from_str(text: &str) -> Result<StepForm, String> {
        match text {
            "full" => Ok(StepForm::Full),
            "compact" => Ok(StepForm::Compact),
            _ => Err(format!(
                "steps {text:?}: choose full (each step a record) or compact (each step a line)"
            )),
        }
    }
}

/// What a row holds beyond the puzzle and its answer.
#[derive(Clone, Debug, Default)]
pub struct RowOptions {
    /// Whether the row holds the explanation's steps.
    pub explain: bool,
    /// How it holds them.
    pub steps: StepForm,
    /// The limits of the grade and the explanation.
    pub limits: LogicLimits,
}

/// A row's steps, in the form asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RowSteps {
    /// Whole records.
    Full(Vec<StepRecord>),
    /// One line each.
    Compact(Vec<String>),
}

/// One puzzle of a dataset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowRecord {
    /// The puzzle as text for a person or a model ([`prompt::write`]): no answer in it.
    pub prompt: String,
    /// The puzzle in the kk format, without comments (so without its answer).
    pub kk: String,
    /// The puzzle in the JSON format, without comments.
    pub json: String,
    /// The side of the grid.
    pub size: usize,
    /// The kind, as the command names it: `KenKen`, `Killer Sudoku`, ...
    pub kind: String,
    /// The one solution, proven by the production solver, row by row.
    pub solution: Vec<Vec<u8>>,
    /// The level of the hardest rule a person needs.
    pub level: Level,
    /// The sum of the steps' weights.
    pub score: u32,
    /// A generated puzzle's `SEED/INDEX` (its `# seed=` comment), else none.
    pub seed: Option<String>,
    /// The steps from the empty grid to the solution, when the row was asked to explain.
    pub steps: Option<RowSteps>,
}

/// Why a puzzle makes no row.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum RowError {
    /// It has no answer to publish: no solution, several, or one not proven in time.
    #[error("{0}")]
    Answer(#[from] AnswerError),
    /// Grading or explaining it failed (a limit ran out, or it was cancelled).
    #[error("{0}")]
    Logic(#[from] LogicError),
    /// A format cannot hold it.
    #[error("{0}")]
    Write(#[from] WriteError),
}

impl RowRecord {
    /// The row of `entry`: its answer proven, its grade, and with `options.explain` its
    /// explanation from the empty grid. With the explanation the grade is its level and
    /// score: both walk the same rules in the same order (`logic::grade` only leaves out the
    /// words), so grading again would double the work for the same numbers.
    ///
    /// ```
    /// use cagey::formats::Entry;
    /// use cagey::wire::{RowOptions, RowRecord, RowSteps, StepForm};
    ///
    /// let kk0 = cagey::examples::by_name("kk0").unwrap().puzzle();
    /// let options = RowOptions { explain: true, steps: StepForm::Compact, ..RowOptions::default() };
    /// let row = RowRecord::new(&Entry::new(kk0), &options)?;
    /// assert_eq!(row.solution[0], [1, 2, 4, 3]);
    /// let Some(RowSteps::Compact(steps)) = &row.steps else { unreachable!() };
    /// assert!(steps[0].contains("r1c1=1"), "{}", steps[0]);
    /// # Ok::<(), cagey::wire::RowError>(())
    /// ```
    pub fn new(entry: &Entry, options: &RowOptions) -> Result<RowRecord, RowError> {
        let puzzle = &entry.puzzle;
        let n = puzzle.size();
        let solution = answer::answer(entry)?;
        let (level, score, steps) = if options.explain {
            let explanation = logic::explain(puzzle, &Progress::unknown(n), &options.limits)?;
            let steps = explanation.steps.iter();
            let steps = match options.steps {
                StepForm::Full => RowSteps::Full(steps.map(|s| StepRecord::new(s, n)).collect()),
                StepForm::Compact => {
                    RowSteps::Compact(steps.map(|s| compact::line(s, n)).collect())
                }
            };
            match explanation.verdict {
                logic::Verdict::Solved(_) => (explanation.level, explanation.score, Some(steps)),
                // The answer was proven unique, so logic cannot end otherwise; were it to,
                // the grade says why in its own words.
                _ => {
                    let grade = logic::grade(puzzle, &options.limits)?;
                    (grade.level, grade.score, Some(steps))
                }
            }
        } else {
            let grade = logic::grade(puzzle, &options.limits)?;
            (grade.level, grade.score, None)
        };
        let bare = WriteOptions { comments: false };
        let text = |format| formats::write_all_with(format, std::slice::from_ref(entry), bare);
        Ok(RowRecord {
            prompt: prompt::write(puzzle),
            kk: text(Format::Kk)?,
            json: text(Format::Json)?,
            size: n,
            kind: puzzle.kind().to_string(),
            solution: solution.rows().map(<[u8]>::to_vec).collect(),
            level,
            score,
            seed: entry.meta("seed").map(String::from),
            steps,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The explanation's level and score, which a row takes, are the grade's.
    #[test]
    fn a_row_with_steps_has_the_grade_of_one_without() {
        for name in ["kk1", "killer", "jigsaw", "multi"] {
            let entry = Entry::new(crate::examples::by_name(name).unwrap().puzzle());
            let bare = RowRecord::new(&entry, &RowOptions::default()).unwrap();
            let explained = RowOptions {
                explain: true,
                ..RowOptions::default()
            };
            let full = RowRecord::new(&entry, &explained).unwrap();
            let grade = logic::grade(&entry.puzzle, &LogicLimits::default()).unwrap();
            assert_eq!(
                (bare.level, bare.score),
                (grade.level, grade.score),
                "{name}"
            );
            assert_eq!(
                (full.level, full.score),
                (grade.level, grade.score),
                "{name}"
            );
            assert_eq!(bare.steps, None);
            let Some(RowSteps::Full(steps)) = &full.steps else {
                panic!("{name}: no steps")
            };
            assert_eq!(steps.len(), grade.steps, "{name}");
            assert_eq!(
                RowRecord {
                    steps: None,
                    ..full
                },
                bare,
                "{name}"
            );
        }
    }

    #[test]
    fn a_row_holds_no_comment_and_refuses_a_puzzle_without_one_answer() {
        let mut entry = Entry::new(crate::examples::by_name("kk0").unwrap().puzzle());
        entry.comments.push("seed=7/3".into());
        let row = RowRecord::new(&entry, &RowOptions::default()).unwrap();
        assert_eq!(row.seed.as_deref(), Some("7/3"));
        assert!(!row.kk.contains('#'), "{}", row.kk);
        let several = Entry::new(crate::formats::kk::parse("6+,0 1 2 3\n").unwrap());
        let error = RowRecord::new(&several, &RowOptions::default()).unwrap_err();
        assert_eq!(error, RowError::Answer(AnswerError::Several));
    }
}
