//! Plain Python values from the library's records: the `wire` records are serialised to
//! JSON values and those become dicts, lists, strings and numbers, so that `to_dict()` holds
//! exactly what `cagey explain --output jsonl` and the server write, fields added later
//! included. Dataset rows (`row`, `step`), built by the thousand, are made directly from
//! the records instead, with the same keys and values.

use cagey::wire::{Mark, Place, RowRecord, RowSteps, StepRecord};
use pyo3::intern;
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

/// A step record as the dict its JSON makes (`Step.to_dict()`: the same keys, in the same
/// sorted order, and values), built directly: going through a JSON value was a third of a
/// 9x9 row's time.
pub fn step<'py>(py: Python<'py>, step: &StepRecord) -> PyResult<Bound<'py, PyDict>> {
    let pairs = |places: &[Place]| -> PyResult<Bound<'py, PyList>> {
        let items = places
            .iter()
            .map(|p| PyList::new(py, [p.0, p.1]))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    };
    let triples = |marks: &[Mark]| -> PyResult<Bound<'py, PyList>> {
        let items = marks
            .iter()
            .map(|m| PyList::new(py, [m.0, m.1, usize::from(m.2)]))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    };
    let dict = PyDict::new(py);
    dict.set_item(intern!(py, "cells"), pairs(&step.cells)?)?;
    dict.set_item(intern!(py, "description"), &step.description)?;
    dict.set_item(intern!(py, "eliminated"), triples(&step.eliminated)?)?;
    dict.set_item(intern!(py, "hints"), PyList::new(py, &step.hints)?)?;
    dict.set_item(intern!(py, "house"), &step.house)?;
    dict.set_item(intern!(py, "level"), step.level.name())?;
    dict.set_item(intern!(py, "placed"), triples(&step.placed)?)?;
    dict.set_item(intern!(py, "rule"), step.rule)?;
    dict.set_item(intern!(py, "text"), &step.text)?;
    dict.set_item(intern!(py, "weight"), step.weight)?;
    Ok(dict)
}

/// A dataset row as a dict, its fields in the record's order: prompt, kk, json, size, kind,
/// solution, level, score, seed, steps (`None` without the explanation; each step's dict,
/// or its line).
pub fn row<'py>(py: Python<'py>, row: &RowRecord) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item(intern!(py, "prompt"), &row.prompt)?;
    dict.set_item(intern!(py, "kk"), &row.kk)?;
    dict.set_item(intern!(py, "json"), &row.json)?;
    dict.set_item(intern!(py, "size"), row.size)?;
    dict.set_item(intern!(py, "kind"), &row.kind)?;
    let rows = row
        .solution
        .iter()
        .map(|r| PyList::new(py, r))
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item(intern!(py, "solution"), PyList::new(py, rows)?)?;
    dict.set_item(intern!(py, "level"), row.level.name())?;
    dict.set_item(intern!(py, "score"), row.score)?;
    dict.set_item(intern!(py, "seed"), &row.seed)?;
    let steps = match &row.steps {
        None => py.None().into_bound(py),
        Some(RowSteps::Full(steps)) => {
            let items = steps
                .iter()
                .map(|s| step(py, s))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Some(RowSteps::Compact(lines)) => PyList::new(py, lines)?.into_any(),
    };
    dict.set_item(intern!(py, "steps"), steps)?;
    Ok(dict)
}
