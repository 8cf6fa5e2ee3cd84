//! The exceptions the package raises, and the one place that turns the library's errors into
//! them. Every message is the library's own `Display`, the words `cagey` prints after
//! `cagey: `, so that a notebook and a terminal say the same thing.

use cagey::formats::{ParseError, ReadError};
use cagey::logic::LogicError;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    cagey,
    FormatError,
    PyValueError,
    "A text that is not a puzzle of its format. `line` and `column` (from 1) say where, \
     when the format knows; `format` names the format that refused it."
);
create_exception!(
    cagey,
    LimitError,
    PyRuntimeError,
    "A limit ran out (time, steps, work) before the answer was settled: the puzzle may be \
     fine, only too hard for the limit given."
);
create_exception!(
    cagey,
    SolutionError,
    PyValueError,
    "The puzzle does not have exactly one solution, and the call needs it to (grade, \
     explain, hint, an answer key). `verdict` is \"none\" or \"several\"."
);

/// A parse error as a `FormatError` whose message is `message` (the command's words, which
/// may name the file), carrying the error's line, column and format.
pub fn format_error(py: Python<'_>, message: String, error: Option<&ParseError>) -> PyErr {
    let err = FormatError::new_err(message);
    let value = err.value(py);
    let line = error.and_then(ParseError::line);
    let column = error.and_then(column);
    let format = error.map(|e| e.format().name());
    // Setting attributes on a fresh exception instance cannot fail in practice; if it did,
    // the exception would still carry its message.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("format", format);
    err
}

/// A read error (one puzzle of a stream) as a `FormatError`, prefixed with its source as the
/// command prefixes it (`puzzles.kk: line 3: ...`) when there is one.
pub fn read_error(py: Python<'_>, source: Option<&str>, error: &ReadError) -> PyErr {
    let message = match source {
        Some(source) => format!("{source}: {error}"),
        None => error.to_string(),
    };
    format_error(py, message, error.parse_error())
}

/// The column of a parse error, for the formats that say one. Formats added later answer
/// `None` until they are listed here; the message still names the place.
fn column(error: &ParseError) -> Option<usize> {
    match error {
        ParseError::Kk(e) => e.column,
        ParseError::A1(e) => e.column,
        ParseError::Json(e) => e.column,
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// A logic error (grade, explain, hint): `LimitError` for a limit, `SolutionError` for a
/// puzzle without one solution, `ValueError` otherwise.
pub fn logic_error(py: Python<'_>, error: LogicError) -> PyErr {
    let message = error.to_string();
    logic_error_worded(py, &error, message)
}

/// A logic error as `logic_error` raises it, worded `message` (the error's own words after
/// the puzzle's number, for one of many).
pub fn logic_error_worded(py: Python<'_>, error: &LogicError, message: String) -> PyErr {
    match error {
        LogicError::Limit(_) => LimitError::new_err(message),
        LogicError::NoSolution => solution_error(py, message, "none"),
        LogicError::NotUnique => solution_error(py, message, "several"),
        _ => PyValueError::new_err(message),
    }
}

/// A `SolutionError` with its verdict.
pub fn solution_error(py: Python<'_>, message: String, verdict: &str) -> PyErr {
    let err = SolutionError::new_err(message);
    let _ = err.value(py).setattr("verdict", verdict);
    err
}

/// Any other library error, by its message, as a `ValueError`.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
