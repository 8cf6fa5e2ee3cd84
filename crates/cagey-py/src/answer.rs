//! The answer a puzzle publishes (an answer key, a drawing with its solution): its one
//! solution, proven by the production solver, as `cagey print` and `cagey render
//! --solution` prove it (`crates/cagey-cli/src/answer.rs`, whose words these are). A
//! `# solution=` comment is checked against the proof, never trusted.

use std::time::Duration;

use cagey::formats::{digits, Entry};
use cagey::solve::{self, Limits, Outcome};
use cagey::Grid;
use pyo3::prelude::*;

use crate::errors::solution_error;

/// Seconds the proof may take, as the command allows.
const PROOF_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The proven solution of `entry`, checked against its `# solution=` comment if it has one.
pub fn answer(py: Python<'_>, entry: &Entry) -> PyResult<Grid> {
    let n = entry.puzzle.size();
    let written = match entry.meta("solution") {
        None => None,
        Some(text) => Some(digits::parse_solution(n, text).map_err(|error| {
            crate::errors::value_error(format!(
                "its `# solution=` comment is not a {n}x{n} grid of digits ({error})"
            ))
        })?),
    };
    let limits = Limits {
        time_limit: Some(PROOF_TIME_LIMIT),
        ..Limits::uniqueness()
    };
    let puzzle = &entry.puzzle;
    let report = py
        .detach(|| solve::default_solver().solve(puzzle, &limits))
        .map_err(crate::errors::value_error)?;
    let grid = match report.outcome {
        Outcome::Unique(grid) => grid,
        Outcome::Unsolvable => {
            return Err(solution_error(py, "it has no solution".into(), "none"));
        }
        Outcome::Multiple { .. } | Outcome::AtLeastOne(_) => {
            return Err(solution_error(
                py,
                "it has more than one solution, so it has no single answer to publish".into(),
                "several",
            ));
        }
        Outcome::GaveUp { budget, .. } => {
            return Err(crate::errors::LimitError::new_err(format!(
                "the solver gave up (the {budget} ran out) before proving it has one solution"
            )));
        }
    };
    match written {
        Some(written) if written != grid => Err(crate::errors::value_error(
            "its `# solution=` comment is not the solution the solver proved unique",
        )),
        _ => Ok(grid),
    }
}
