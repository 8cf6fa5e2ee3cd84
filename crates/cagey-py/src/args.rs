//! Whole-number arguments read with their names: a negative `limit` or a `jobs` past what
//! the argument holds is a `ValueError` that names the argument (`limit must be 0 or more,
//! not -1`), where PyO3's own conversion raised an `OverflowError` naming nothing. Each
//! function here is one argument's reader, for `#[pyo3(from_py_with = ...)]`, so that the
//! message carries the name Python callers write.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

/// `value` as a whole number of type `T`, for the argument `name`.
pub fn natural<T: TryFrom<u64>>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<T> {
    if !value.is_instance_of::<PyInt>() {
        // PyO3 puts `argument 'NAME': ` before a TypeError's message.
        let kind = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!("must be an int, not {kind}")));
    }
    if let Ok(number) = value.extract::<u64>() {
        return T::try_from(number).map_err(|_| {
            PyValueError::new_err(format!("{name} is {number}, more than it can hold"))
        });
    }
    Err(PyValueError::new_err(match value.extract::<i64>() {
        Ok(negative) => format!("{name} must be 0 or more, not {negative}"),
        Err(_) => format!("{name} is {value}, more than it can hold"),
    }))
}

/// Readers of named whole-number arguments: `name` reads a required one, `name_or_none`
/// an optional one.
macro_rules! readers {
    ($($name:ident: $t:ty),* $(,)?) => {
        $(
            #[doc = concat!("The argument `", stringify!($name), "`.")]
            pub fn $name(value: &Bound<'_, PyAny>) -> PyResult<$t> {
                natural(value, stringify!($name))
            }
        )*
    };
}

/// Readers of optional whole-number arguments (`None` passes).
macro_rules! optional_readers {
    ($($fn_name:ident => $name:ident: $t:ty),* $(,)?) => {
        $(
            #[doc = concat!("The argument `", stringify!($name), "`, or `None`.")]
            pub fn $fn_name(value: &Bound<'_, PyAny>) -> PyResult<Option<$t>> {
                if value.is_none() {
                    return Ok(None);
                }
                natural(value, stringify!($name)).map(Some)
            }
        )*
    };
}

readers! {
    limit: u64,
    level: u8,
    count: u64,
    first: u64,
    jobs: usize,
    threads: usize,
    givens: usize,
    uncaged: usize,
    size: usize,
}

optional_readers! {
    max_nodes_or_none => max_nodes: u64,
    size_or_none => size: usize,
    pixels_or_none => size: u32,
    seed_or_none => seed: u64,
    per_page_or_none => per_page: usize,
    first_number_or_none => first_number: usize,
    first_page_or_none => first_page: usize,
    created_or_none => created: u64,
}

/// The argument `score`, a `(min, max)` pair, or `None`.
pub fn score_or_none(value: &Bound<'_, PyAny>) -> PyResult<Option<(u32, u32)>> {
    if value.is_none() {
        return Ok(None);
    }
    let (low, high): (Bound<'_, PyAny>, Bound<'_, PyAny>) = value
        .extract()
        .map_err(|_| PyTypeError::new_err("must be a (min, max) pair of ints"))?;
    Ok(Some((natural(&low, "score")?, natural(&high, "score")?)))
}

/// The argument `shard`, an `(index, count)` pair, or `None`.
pub fn shard_or_none(value: &Bound<'_, PyAny>) -> PyResult<Option<(u64, u64)>> {
    if value.is_none() {
        return Ok(None);
    }
    let (index, count): (Bound<'_, PyAny>, Bound<'_, PyAny>) = value
        .extract()
        .map_err(|_| PyTypeError::new_err("must be an (index, count) pair of ints"))?;
    Ok(Some((natural(&index, "shard")?, natural(&count, "shard")?)))
}

/// Threads for an argument `jobs` or `threads`: 0 for one per core.
pub fn threads_or_cores(threads: usize) -> usize {
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}
