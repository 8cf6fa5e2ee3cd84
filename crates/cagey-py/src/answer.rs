//! The answer a puzzle publishes (an answer key, a drawing with its solution): the library's
//! [`cagey::answer`], as `cagey print` and `cagey render --solution` use it, with its errors
//! as Python exceptions.

use cagey::answer::AnswerError;
use cagey::formats::Entry;
use cagey::Grid;
use pyo3::prelude::*;

use crate::errors::{solution_error, value_error, LimitError};

/// The proven solution of `entry`, checked against its `# solution=` comment if it has one;
/// the proof runs without the GIL.
pub fn answer(py: Python<'_>, entry: &Entry) -> PyResult<Grid> {
    py.detach(|| cagey::answer::answer(entry))
        .map_err(|error| answer_error(py, &error, error.to_string()))
}

/// Why a puzzle has no answer to publish, worded `message`, as the Python exception for it:
/// `LimitError` when the solver gave up, `SolutionError` with its verdict when the puzzle
/// has no solution or several, else `ValueError`.
pub fn answer_error(py: Python<'_>, error: &AnswerError, message: String) -> PyErr {
    match (error, error.verdict()) {
        (AnswerError::GaveUp(_), _) => LimitError::new_err(message),
        (_, Some(verdict)) => solution_error(py, message, verdict),
        _ => value_error(message),
    }
}
