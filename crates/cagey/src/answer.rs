//! The answer a puzzle publishes: `cagey print`'s answer key, `render --solution` and `show
//! --solution`'s solved grid, the `# solution=` comment `convert` passes on, and the Python
//! package's answer keys.
//!
//! A puzzle's answer is its one solution, proven by the production solver; a `# solution=`
//! comment is never taken on trust. A comment once stood in for the proof in `print`, and
//! it only had to fit the cages: a puzzle with six solutions was printed with one of them as
//! "the" answer. Now the comment must fit the cages and be the proven solution, or it is an
//! error; a puzzle with several solutions, none, or one the solver could not prove in its
//! budget has no answer to publish.

use std::time::Duration;

use thiserror::Error;

use crate::budget::TimeLimit;
use crate::formats::{digits, Entry};
use crate::solve::{self, Budget, Limits, Outcome};
use crate::{Grid, Puzzle};

/// The time the solver may take to prove one puzzle unique. Puzzles made for people are
/// proven in milliseconds, so this stops only a pathological input, and short enough that a
/// run never seems hung; the node budget of [`Limits::uniqueness`] stops most such searches
/// sooner.
pub const PROOF_TIME_LIMIT: Duration = Duration::from_secs(60);

/// Why a puzzle has no answer to publish. The words follow "cannot publish the puzzle:"
/// or the like, so they start in lower case.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum AnswerError {
    /// The `# solution=` comment is not a grid of digits of the puzzle's size.
    #[error("its `# solution=` comment is not a {size}x{size} grid of digits ({reason})")]
    CommentUnreadable {
        /// The puzzle's side.
        size: usize,
        /// What the digit reader said.
        reason: String,
    },
    /// The `# solution=` comment breaks one of the puzzle's rules.
    #[error("its `# solution=` comment is wrong: {0}")]
    CommentWrong(String),
    /// The `# solution=` comment fits the cages but is not the proven solution.
    #[error("its `# solution=` comment is not the solution the solver proved unique")]
    CommentNotProven,
    /// The puzzle has no solution.
    #[error("it has no solution")]
    NoSolution,
    /// The puzzle has more than one solution.
    #[error("it has more than one solution, so it has no single answer to publish")]
    Several,
    /// The solver ran out of its budget before settling the question.
    #[error("the solver gave up (the {0} ran out) before proving it has one solution")]
    GaveUp(Budget),
    /// The solver refused the puzzle (too large for its tables, say).
    #[error("{0}")]
    Solver(String),
}

impl AnswerError {
    /// The verdict the error stands for, in the words of the wire records: `none`,
    /// `several` or `gave_up`; `None` for a comment that is wrong or a solver's refusal.
    pub fn verdict(&self) -> Option<&'static str> {
        match self {
            AnswerError::NoSolution => Some("none"),
            AnswerError::Several => Some("several"),
            AnswerError::GaveUp(_) => Some("gave_up"),
            _ => None,
        }
    }
}

/// The puzzle's `# solution=` comment, read and checked against its cages: `Ok(None)`
/// without one, or why it is wrong. A solution of the puzzle, not necessarily its only one.
pub fn comment(entry: &Entry) -> Result<Option<Grid>, AnswerError> {
    let Some(text) = entry.meta("solution") else {
        return Ok(None);
    };
    let size = entry.puzzle.size();
    let grid =
        digits::parse_solution(size, text).map_err(|error| AnswerError::CommentUnreadable {
            size,
            reason: error.to_string(),
        })?;
    crate::check(&entry.puzzle, &grid)
        .map_err(|violation| AnswerError::CommentWrong(violation.describe(&entry.puzzle, &grid)))?;
    Ok(Some(grid))
}

/// The puzzle's one solution, proven by the production solver within
/// [`PROOF_TIME_LIMIT`], or why there is none to publish.
pub fn proven(puzzle: &Puzzle) -> Result<Grid, AnswerError> {
    let limits = Limits {
        time_limit: TimeLimit::new(PROOF_TIME_LIMIT),
        ..Limits::uniqueness()
    };
    let report = solve::default_solver()
        .solve(puzzle, &limits)
        .map_err(|error| AnswerError::Solver(error.to_string()))?;
    match report.outcome {
        Outcome::Unique(grid) => Ok(grid),
        Outcome::Unsolvable => Err(AnswerError::NoSolution),
        Outcome::Multiple { .. } | Outcome::AtLeastOne(_) => Err(AnswerError::Several),
        Outcome::GaveUp { budget, .. } => Err(AnswerError::GaveUp(budget)),
    }
}

/// The puzzle's answer: its proven solution, which a `# solution=` comment, if any, must
/// equal.
pub fn answer(entry: &Entry) -> Result<Grid, AnswerError> {
    // The comment first: a wrong one is named as such, whatever the puzzle's count.
    let written = comment(entry)?;
    let grid = proven(&entry.puzzle)?;
    match written {
        // A comment that fits the cages of a puzzle with one solution is that solution;
        // this guards against the checker and the solver ever disagreeing.
        Some(written) if written != grid => Err(AnswerError::CommentNotProven),
        _ => Ok(grid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    fn entry(comment: Option<&str>) -> Entry {
        let mut entry = Entry::new(kk::parse(KK0).unwrap());
        if let Some(text) = comment {
            entry.comments.push(format!("solution={text}"));
        }
        entry
    }

    #[test]
    fn the_answer_is_the_proven_solution_and_a_comment_must_be_it() {
        let grid = answer(&entry(None)).unwrap();
        assert_eq!(
            grid.digits(),
            [1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2]
        );
        assert_eq!(
            answer(&entry(Some("1243432121343412"))).unwrap(),
            grid,
            "a right comment is accepted"
        );
        let wrong = answer(&entry(Some("1111111111111111"))).unwrap_err();
        assert!(
            matches!(wrong, AnswerError::CommentWrong(_)),
            "a comment breaking the rules is named: {wrong}"
        );
        let short = answer(&entry(Some("12"))).unwrap_err();
        assert!(short
            .to_string()
            .starts_with("its `# solution=` comment is not a 4x4 grid"));
        assert_eq!(short.verdict(), None);
    }

    #[test]
    fn a_puzzle_with_several_solutions_has_no_answer() {
        // Two 2-cell cages of a 2x2 Latin square: both layouts fit.
        let several = Entry::new(kk::parse("3+,0 1\n3+,2 3\n").unwrap());
        let error = answer(&several).unwrap_err();
        assert_eq!(error, AnswerError::Several);
        assert_eq!(error.verdict(), Some("several"));
    }
}
