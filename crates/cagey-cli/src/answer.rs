//! The answer a command publishes: `print`'s answer key, `render --solution` and
//! `show --solution`'s solved grid, and the `# solution=` comment `convert` passes on.
//!
//! A puzzle's answer is its one solution, proven by the production solver; a `# solution=`
//! comment is never taken on trust. A comment once stood in for the proof in `print`, and
//! it only had to fit the cages: a puzzle with six solutions was printed with one of them as
//! "the" answer. Now the comment must fit the cages and be the proven solution, or it is an
//! error; a puzzle with several solutions, none, or one the solver could not prove in its
//! budget has no answer to publish.

use std::time::Duration;

use cagey::formats::{digits, Entry};
use cagey::solve::{self, Limits, Outcome};
use cagey::{Grid, Puzzle};

/// The time the solver may take to prove one puzzle unique. Puzzles made for people are
/// proven in milliseconds, so this stops only a pathological input, and short enough that a
/// run never seems hung; the node budget of [`Limits::uniqueness`] stops most such searches
/// sooner.
pub const PROOF_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The puzzle's `# solution=` comment, read and checked against its cages: `Ok(None)`
/// without one, or why it is wrong. A solution of the puzzle, not necessarily its only one.
pub fn comment(entry: &Entry) -> Result<Option<Grid>, String> {
    let Some(text) = entry.meta("solution") else {
        return Ok(None);
    };
    let n = entry.puzzle.size();
    let grid = digits::parse_solution(n, text).map_err(|error| {
        format!("its `# solution=` comment is not a {n}x{n} grid of digits ({error})")
    })?;
    cagey::check(&entry.puzzle, &grid).map_err(|violation| {
        let words = violation.describe(&entry.puzzle, &grid);
        format!("its `# solution=` comment is wrong: {words}")
    })?;
    Ok(Some(grid))
}

/// The puzzle's one solution, proven by the production solver, or why there is none to
/// publish: no solution, several, or the solver gave up.
pub fn proven(puzzle: &Puzzle) -> Result<Grid, String> {
    let limits = Limits {
        time_limit: Some(PROOF_TIME_LIMIT),
        ..Limits::uniqueness()
    };
    let report = solve::default_solver()
        .solve(puzzle, &limits)
        .map_err(|error| error.to_string())?;
    match report.outcome {
        Outcome::Unique(grid) => Ok(grid),
        Outcome::Unsolvable => Err("it has no solution".to_string()),
        Outcome::Multiple { .. } | Outcome::AtLeastOne(_) => {
            Err("it has more than one solution, so it has no single answer to publish".to_string())
        }
        Outcome::GaveUp { budget, .. } => Err(format!(
            "the solver gave up (the {budget} ran out) before proving it has one solution"
        )),
    }
}

/// The puzzle's answer: its proven solution, which a `# solution=` comment, if any, must
/// equal.
pub fn answer(entry: &Entry) -> Result<Grid, String> {
    // The comment first: a wrong one is named as such, whatever the puzzle's count.
    let written = comment(entry)?;
    let grid = proven(&entry.puzzle)?;
    match written {
        // A comment that fits the cages of a puzzle with one solution is that solution;
        // this guards against the checker and the solver ever disagreeing.
        Some(written) if written != grid => Err(
            "its `# solution=` comment is not the solution the solver proved unique".to_string(),
        ),
        _ => Ok(grid),
    }
}
