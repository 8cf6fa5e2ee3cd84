//! cagey from Python: the `cagey._cagey` extension module behind the `cagey` package.
//!
//! Thin over the library, as the command and the server are: each function and method calls
//! the library as the matching subcommand does and keeps its words (`errors` turns the
//! library's errors into Python exceptions with the command's messages). `puzzle` holds
//! `Puzzle` and its questions, `results` what they answer, `batch` the calls over many
//! puzzles (`solve_many`, `generate`, `print_pdf`, `read`), `answer` the proven solution an
//! answer key publishes, `values` plain Python data from the library's records, `args` the
//! whole-number arguments read with their names, `html` what a notebook shows of a result. The Python
//! side (`python/cagey/__init__.py`) only re-exports these names, with the type stubs.

mod answer;
mod args;
mod batch;
mod errors;
mod html;
mod interrupt;
mod puzzle;
mod results;
mod values;

use pyo3::prelude::*;

/// The extension module: every class, function and exception of the package.
#[pymodule]
fn _cagey(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<puzzle::Cage>()?;
    m.add_class::<results::SolveResult>()?;
    m.add_class::<results::Count>()?;
    m.add_class::<results::Check>()?;
    m.add_class::<results::Violation>()?;
    m.add_class::<results::Grade>()?;
    m.add_class::<results::Step>()?;
    m.add_class::<results::Explanation>()?;
    m.add_class::<results::Hint>()?;
    m.add_class::<results::Verification>()?;
    m.add_class::<results::Judgement>()?;
    m.add_class::<batch::Generator>()?;
    m.add_function(wrap_pyfunction!(puzzle::_restore, m)?)?;
    m.add_function(wrap_pyfunction!(results::_unpickle, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::records, m)?)?;
    m.add_function(wrap_pyfunction!(batch::generate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::print_pdf, m)?)?;
    m.add_function(wrap_pyfunction!(batch::read, m)?)?;
    m.add_function(wrap_pyfunction!(batch::parse_all, m)?)?;
    m.add_function(wrap_pyfunction!(batch::formats, m)?)?;
    m.add_function(wrap_pyfunction!(batch::parse_answer, m)?)?;
    m.add_function(wrap_pyfunction!(batch::methods, m)?)?;
    m.add_function(wrap_pyfunction!(batch::examples, m)?)?;
    m.add_function(wrap_pyfunction!(batch::levels, m)?)?;
    m.add_function(wrap_pyfunction!(batch::kinds, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_panic_for_test, m)?)?;
    m.add("FormatError", py.get_type::<errors::FormatError>())?;
    m.add("LimitError", py.get_type::<errors::LimitError>())?;
    m.add("SolutionError", py.get_type::<errors::SolutionError>())?;
    Ok(())
}
