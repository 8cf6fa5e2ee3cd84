//! Plain Python values from the library's records: the `wire` records are serialised to
//! JSON values and those become dicts, lists, strings and numbers, so that `to_dict()` holds
//! exactly what `cagey explain --output jsonl` and the server write, fields added later
//! included.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde::Serialize;
use serde_json::Value;

/// `value` as plain Python data (`None`, `bool`, `int`, `float`, `str`, `list`, `dict`).
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|item| to_py(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// A serialisable record as plain Python data.
pub fn record<'py>(py: Python<'py>, record: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(record).map_err(crate::errors::value_error)?;
    to_py(py, &value)
}

/// A grid of digits as a list of rows, each a list of ints.
pub fn grid<'py>(py: Python<'py>, grid: &cagey::Grid) -> PyResult<Bound<'py, PyList>> {
    let rows = grid
        .rows()
        .map(|row| PyList::new(py, row.iter().copied()))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, rows)
}

/// Cells as `(row, col)` tuples, from 0.
pub fn places<'py>(
    py: Python<'py>,
    places: impl IntoIterator<Item = (usize, usize)>,
) -> PyResult<Bound<'py, PyList>> {
    let tuples = places
        .into_iter()
        .map(|(r, c)| PyTuple::new(py, [r, c]))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, tuples)
}

/// Digits at cells as `(row, col, digit)` tuples.
pub fn marks<'py>(
    py: Python<'py>,
    marks: impl IntoIterator<Item = (usize, usize, u8)>,
) -> PyResult<Bound<'py, PyList>> {
    let tuples = marks
        .into_iter()
        .map(|(r, c, d)| (r, c, d).into_pyobject(py))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, tuples)
}
