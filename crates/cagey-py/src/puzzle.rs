//! `cagey.Puzzle` and `cagey.Cage`: a puzzle read from text (or made by `generate`), with
//! every question the command asks of one as a method. Each method calls the library as the
//! matching subcommand does (`crates/cagey-cli/src/*.rs`) and keeps its words.

use std::sync::OnceLock;

use cagey::budget::TimeLimit;

use cagey::formats::{self, digits, reply, Entry, Format, Reader, WriteOptions};
use cagey::logic::{self, LogicLimits};
use cagey::model::{self, Fingerprint, Progress};
use cagey::render::{png, svg, Contents};
use cagey::solve::{self, Budget, Cancel, End, Limits, Outcome, Report, Search, DEFAULT_MAX_NODES};
use cagey::wire::judge::{self as wire_judge, BoardEntry, JudgementRecord};
use cagey::wire::{CheckRecord, ExplanationRecord, GradeRecord, RowError, RowOptions, RowRecord};
use cagey::{Grid, Puzzle as Model};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyType};

use crate::args;
use crate::errors::{self, format_error, logic_error, read_error, value_error};
use crate::interrupt::{self, interruptible};
use crate::results::{
    Check, Count, Explanation, Grade, Hint, Judgement, SolveResult, Verification,
};
use crate::values;

// The time limits' defaults are written in the signatures as numbers, so that `help()`
// shows them: 60 s for `solve` and `count`, as `cagey solve --time-limit`; 10 s for `grade`,
// `explain` and `hint`, as theirs (`logic::DEFAULT_TIME_LIMIT`).

/// A cage puzzle: KenKen, KenDoku, Killer Sudoku and their kin, in any format cagey reads.
///
/// Make one with `Puzzle.parse(text)`, `cagey.read(path)` or `cagey.generate(...)`; it
/// never changes. `p.size`, `p.kind` and `p.cages` describe it; `solve`, `count`, `check`,
/// `grade`, `explain`, `hint`, `to`, `svg` and `png` answer as the `cagey` command does.
#[pyclass(module = "cagey", frozen)]
pub struct Puzzle {
    /// The puzzle with the comments, progress and line it was read with.
    pub entry: Entry,
    /// The format it was read from, if it was read.
    pub format: Option<Format>,
    /// Its one solution once proven ([`Puzzle::answer`]): `verify` is asked of the same
    /// puzzle again and again (every answer of a dataset's model), and proves it once.
    proven: OnceLock<Grid>,
    /// Its fingerprint once computed (`hash()` and `==` ask for it again and again).
    print: OnceLock<Fingerprint>,
}

/// One cage: its label as the puzzle writes it, its operation, target and cells.
#[pyclass(module = "cagey", frozen, get_all)]
pub struct Cage {
    /// The label as the kk format writes it: `11+`, `2%`, `3` for a given.
    pub label: String,
    /// The operation's name: addition, subtraction, multiplication, division, given or
    /// hidden operation.
    pub operation: String,
    /// The operation's sign (`+`, `−`, `×`, `÷`, `?`), or `None` for a given.
    pub sign: Option<String>,
    /// The number the cage's digits make.
    pub target: u64,
    /// The cells, `(row, col)` from 0, the first being where the label is drawn.
    pub cells: Vec<(usize, usize)>,
}

#[pymethods]
impl Cage {
    fn __repr__(&self) -> String {
        format!("Cage({:?}, cells={:?})", self.label, self.cells)
    }
}

/// The time limit `seconds` asks for, read by the library's one parser: no limit for
/// `None`, 0 or a century or more; an error for a negative number or NaN.
pub fn time_limit(seconds: Option<f64>) -> PyResult<TimeLimit> {
    seconds.map_or(Ok(TimeLimit::NONE), |seconds| {
        TimeLimit::from_secs(seconds)
            .map_err(|error| PyValueError::new_err(format!("time_limit: {error}")))
    })
}

/// The logic's limits under a time limit in seconds, as `--time-limit` sets them.
pub fn logic_limits(seconds: Option<f64>) -> PyResult<LogicLimits> {
    Ok(LogicLimits {
        time_limit: time_limit(seconds)?,
        ..LogicLimits::default()
    })
}

/// `limits` with a fresh cancel flag, and the flag: for a call Ctrl-C stops.
fn cancellable(limits: Limits) -> (Limits, Cancel) {
    let cancel = Cancel::new();
    let limits = Limits {
        cancel: Some(cancel.clone()),
        ..limits
    };
    (limits, cancel)
}

/// `limits` with a fresh cancel flag, and the flag: for a call Ctrl-C stops.
fn logic_cancellable(limits: LogicLimits) -> (LogicLimits, Cancel) {
    let cancel = Cancel::new();
    let limits = LogicLimits {
        cancel: Some(cancel.clone()),
        ..limits
    };
    (limits, cancel)
}

/// A dataset row's options, as `record` and `records` take them, with a fresh cancel flag
/// in its limits, and the flag.
pub fn row_options(
    time_limit: Option<f64>,
    explain: bool,
    steps: &str,
) -> PyResult<(RowOptions, Cancel)> {
    let (limits, cancel) = logic_cancellable(logic_limits(time_limit)?);
    let options = RowOptions {
        explain,
        steps: steps
            .parse()
            .map_err(|error: String| PyValueError::new_err(error))?,
        limits,
    };
    Ok((options, cancel))
}

/// Why a puzzle made no row, as the exception its question raises alone (`SolutionError`,
/// `LimitError`, ...), its message led by `puzzle N: ` when it is one of many.
pub fn row_error(py: Python<'_>, error: RowError, number: Option<usize>) -> PyErr {
    let message = match number {
        Some(number) => format!("puzzle {number}: {error}"),
        None => error.to_string(),
    };
    match error {
        RowError::Answer(error) => crate::answer::answer_error(py, &error, message),
        RowError::Logic(error) => errors::logic_error_worded(py, &error, message),
        RowError::Write(_) => value_error(message),
    }
}

/// The solver's limits for up to `max_solutions` solutions.
pub fn solve_limits(max_solutions: u64, seconds: Option<f64>, max_nodes: u64) -> PyResult<Limits> {
    Ok(Limits {
        time_limit: time_limit(seconds)?,
        max_nodes,
        ..Limits::solutions(max_solutions)
    })
}

/// A format named by the caller, refused in the library's words.
pub fn format_named(name: &str) -> PyResult<Format> {
    name.parse::<Format>().map_err(value_error)
}

/// Reads every puzzle of `text` as the command reads a file: the format detected (or
/// `format`), one puzzle at a time. The first puzzle that cannot be read raises.
pub fn read_all(
    py: Python<'_>,
    text: &[u8],
    format: Option<&str>,
    source: Option<&str>,
) -> PyResult<Vec<Puzzle>> {
    let format = format.map(format_named).transpose()?;
    let reader = match format {
        Some(format) => Reader::with_format(text, format),
        None => Reader::new(text),
    };
    let mut puzzles = Vec::new();
    let mut reader = reader;
    while let Some(entry) = reader.next() {
        let entry = entry.map_err(|error| read_error(py, source, &error))?;
        puzzles.push(Puzzle::new(entry, reader.format()));
    }
    Ok(puzzles)
}

/// A grid given by the caller: rows of ints (0 for an empty cell), or text of digits as
/// `cagey check` reads it.
pub fn grid_arg(size: usize, grid: &Bound<'_, PyAny>) -> PyResult<Grid> {
    if let Ok(text) = grid.extract::<String>() {
        return digits::parse_grid(size, &text).map_err(value_error);
    }
    let rows: Vec<Vec<u8>> = grid.extract().map_err(|_| {
        PyValueError::new_err("a grid is a list of rows of ints (0 for empty), or text of digits")
    })?;
    if rows.len() != size || rows.iter().any(|row| row.len() != size) {
        return Err(PyValueError::new_err(format!(
            "the grid is not {size}x{size}: the puzzle is {size}x{size}"
        )));
    }
    Grid::from_digits(size, rows.concat())
        .ok_or_else(|| PyValueError::new_err(format!("a digit of the grid is larger than {size}")))
}

/// An answer given by the caller: rows of ints (0 for an empty cell), or a reply's text
/// in which `parse_answer` finds the grid.
fn answer_arg(size: usize, answer: &Bound<'_, PyAny>) -> PyResult<Grid> {
    match answer.extract::<String>() {
        Ok(text) => reply::parse_answer(size, &text).map_err(value_error),
        Err(_) => grid_arg(size, answer),
    }
}

/// Where a player stands: `None` for the progress the puzzle was read with (or nothing),
/// else a grid of placed digits.
fn progress_arg(entry: &Entry, progress: Option<&Bound<'_, PyAny>>) -> PyResult<Progress> {
    match progress {
        None => Ok(entry.progress_or_empty()),
        Some(grid) => Ok(Progress::from_grid(&grid_arg(entry.puzzle.size(), grid)?)),
    }
}

/// A board given by the caller: rows whose entries are `0` (empty), a digit, or a list of
/// candidate digits; `None` for the progress the puzzle was read with (or nothing). Read
/// into the library's board once, which names a bad cell.
fn board_arg(entry: &Entry, board: Option<&Bound<'_, PyAny>>) -> PyResult<Progress> {
    let Some(board) = board else {
        return Ok(entry.progress_or_empty());
    };
    let shape = || {
        PyValueError::new_err(
            "a board is a list of rows, each entry 0 (empty), a digit, or a list of candidates",
        )
    };
    let rows: Vec<Vec<Bound<'_, PyAny>>> = board.extract().map_err(|_| shape())?;
    let rows = rows
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|item| match item.extract::<i64>() {
                    Ok(digit) => Ok(BoardEntry::Digit(digit)),
                    Err(_) => item
                        .extract::<Vec<i64>>()
                        .map(BoardEntry::Candidates)
                        .map_err(|_| shape()),
                })
                .collect::<PyResult<Vec<BoardEntry>>>()
        })
        .collect::<PyResult<Vec<Vec<BoardEntry>>>>()?;
    wire_judge::board(entry.puzzle.size(), &rows).map_err(value_error)
}

/// A move given by the caller: `(action, row, col, digit)` or `(action, row, col)` for an
/// erase, row and column from 1; read by the library, which names what is wrong.
fn move_arg(size: usize, mv: &Bound<'_, PyAny>) -> PyResult<logic::Move> {
    let shape = || {
        PyValueError::new_err(
            "a move is a tuple (\"place\" or \"eliminate\", row, col, digit) or (\"erase\", row, col), row and col from 1",
        )
    };
    let (action, row, col, digit): (String, i64, i64, Option<i64>) = match mv.extract() {
        Ok(four) => four,
        Err(_) => {
            let (action, row, col): (String, i64, i64) = mv.extract().map_err(|_| shape())?;
            (action, row, col, None)
        }
    };
    logic::Move::parse(&action, row, col, digit, size).map_err(value_error)
}

impl Puzzle {
    /// The library's puzzle.
    pub fn model(&self) -> &Model {
        &self.entry.puzzle
    }

    /// A puzzle of `entry`, read from `format`.
    pub fn new(entry: Entry, format: Option<Format>) -> Puzzle {
        Puzzle {
            entry,
            format,
            proven: OnceLock::new(),
            print: OnceLock::new(),
        }
    }

    /// The library's fingerprint of the puzzle, computed once.
    fn print(&self) -> Fingerprint {
        *self.print.get_or_init(|| model::fingerprint(self.model()))
    }

    /// A puzzle made from an entry the binding built (generated ones).
    pub fn from_entry(entry: Entry) -> Puzzle {
        Puzzle::new(entry, None)
    }

    /// The one solution, proven unique by the production solver, as `cagey render
    /// --solution` and `cagey print` publish it; proven on the first call only.
    pub fn answer(&self, py: Python<'_>) -> PyResult<Grid> {
        if let Some(grid) = self.proven.get() {
            return Ok(grid.clone());
        }
        let grid = crate::answer::answer(py, &self.entry)?;
        Ok(self.proven.get_or_init(|| grid).clone())
    }
}

#[pymethods]
impl Puzzle {
    /// Reads the one puzzle of `text`, in the format detected from it (kk, a1,
    /// sudokuwiki, keen, json, grid; see `cagey.formats()`), or in `format`.
    ///
    /// Raises `FormatError` (a `ValueError` with `line`, `column` and `format`) with the
    /// command's message when the text is not a puzzle, and `ValueError` when it holds
    /// several (read those with `cagey.parse_all` or `cagey.read`).
    #[classmethod]
    #[pyo3(signature = (text, format=None))]
    fn parse(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        text: &str,
        format: Option<&str>,
    ) -> PyResult<Puzzle> {
        let mut puzzles = read_all(py, text.as_bytes(), format, None)?;
        match puzzles.len() {
            1 => Ok(puzzles.remove(0)),
            0 => Err(format_error(py, "no puzzle found in the text".into(), None)),
            n => Err(PyValueError::new_err(format!(
                "the text holds {n} puzzles; Puzzle.parse takes one (see cagey.parse_all)"
            ))),
        }
    }

    /// A built-in puzzle, as `cagey --example NAME` names it (see `cagey.examples()`).
    #[classmethod]
    fn example(_cls: &Bound<'_, PyType>, name: &str) -> PyResult<Puzzle> {
        let Some(example) = cagey::examples::by_name(name) else {
            let names: Vec<&str> = cagey::examples::EXAMPLES.iter().map(|e| e.name).collect();
            return Err(PyValueError::new_err(format!(
                "no example called {name:?}; the examples are {}",
                names.join(", ")
            )));
        };
        Ok(Puzzle::new(Entry::new(example.puzzle()), Some(Format::Kk)))
    }

    /// The side of the grid (4 for a 4x4).
    #[getter]
    fn size(&self) -> usize {
        self.model().size()
    }

    /// The kind of puzzle, as the command names it: KenKen, KenDoku, Killer Sudoku, ...
    #[getter]
    fn kind(&self) -> String {
        self.model().kind().to_string()
    }

    /// Whether the puzzle has the diagonal rule (Killer X): each long diagonal holds every
    /// digit once. The kind (`Killer Sudoku`) does not say it; `repr` does.
    #[getter]
    fn diagonals(&self) -> bool {
        self.model().options().diagonals
    }

    /// The cages, in the puzzle's order (see `Cage`).
    #[getter]
    fn cages(&self) -> Vec<Cage> {
        let n = self.size();
        self.model()
            .cages()
            .iter()
            .map(|cage| Cage {
                label: cage.label().to_string(),
                operation: cage.operation().name().to_string(),
                sign: cage.operation().sign().map(String::from),
                target: cage.target(),
                cells: cage.cells().iter().map(|c| (c.row(n), c.col(n))).collect(),
            })
            .collect()
    }

    /// The format the puzzle was read from, or `None` for a generated puzzle.
    #[getter]
    fn format(&self) -> Option<&'static str> {
        self.format.map(Format::name)
    }

    /// The line of its text the puzzle starts on, counted from 1.
    #[getter]
    fn line(&self) -> usize {
        self.entry.line
    }

    /// The comment lines that came with it (`seed=7/0`, `level=hard`, ...), without `#`.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.entry.comments.clone()
    }

    /// The digits placed in the progress it carries (a SudokuWiki or JSON text with
    /// progress), rows of ints with 0 for empty; `None` when it carries none.
    #[getter]
    fn progress<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.entry
            .progress
            .as_ref()
            .map(|p| values::grid(py, &p.solved()))
            .transpose()
    }

    /// The solution of a generated puzzle (its `# solution=` comment), rows of ints;
    /// `None` when it carries none. The comment is not proven here: `solve()` proves.
    #[getter]
    fn solution<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let Some(text) = self.entry.meta("solution") else {
            return Ok(None);
        };
        let grid = digits::parse_solution(self.size(), text).map_err(value_error)?;
        values::grid(py, &grid).map(Some)
    }

    /// The level of a generated puzzle (its `# level=` comment: easy, normal, hard,
    /// extreme, unreasonable), or `None`. `grade()` measures it.
    #[getter]
    fn level(&self) -> Option<String> {
        self.entry.meta("level").map(String::from)
    }

    /// The score of a generated puzzle (its `# score=` comment), or `None`.
    #[getter]
    fn score(&self) -> Option<u32> {
        self.entry.meta("score").and_then(|s| s.parse().ok())
    }

    /// The seed of a generated puzzle, `"SEED/INDEX"` (its `# seed=` comment), or `None`.
    #[getter]
    fn seed(&self) -> Option<String> {
        self.entry.meta("seed").map(String::from)
    }

    /// The puzzle written in `format` (any of `cagey.formats()`), as `cagey convert --to`
    /// writes it, comments and progress kept where the format has a place for them.
    /// `comments=False` leaves the comments out (`# seed=`, `# level=`, `# score=` and
    /// `# solution=` of a generated puzzle): the text to show a person or a model without
    /// the answer. Raises `ValueError` when the format cannot hold the puzzle.
    #[pyo3(signature = (format="kk", comments=true))]
    pub fn to(&self, format: &str, comments: bool) -> PyResult<String> {
        let format = format_named(format)?;
        let options = WriteOptions { comments };
        formats::write_all_with(format, std::slice::from_ref(&self.entry), options)
            .map_err(value_error)
    }

    /// The puzzle as text for a person or a model to solve from: the rules of its kind in
    /// one paragraph, its boxes or regions, cages and givens by their cells (`r1c1`), and
    /// the answer form expected, which `parse_answer` reads. It holds no comment, so no
    /// solution, level or seed.
    fn prompt(&self) -> String {
        formats::prompt::write(self.model())
    }

    /// Solves the puzzle and says whether its solution is unique, as `cagey solve`.
    /// Returns a `SolveResult`: `verdict` is "unique", "several", "none" or "gave_up";
    /// `grid` the (first) solution as rows of ints. Running out of time or nodes is a
    /// verdict, not an error. `time_limit=0` sets no limit; `method` is one of
    /// `cagey.methods()`; `max_nodes` caps the search nodes (`None`: the solver's own
    /// budget, as `cagey solve` sets it); `threads` is how many threads a killer's search
    /// past 45,000 nodes may go on in (0: one per core), as `cagey solve --threads`.
    #[pyo3(signature = (time_limit=60.0, method="propagate", max_nodes=None, threads=1))]
    fn solve(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        method: &str,
        #[pyo3(from_py_with = args::max_nodes_or_none)] max_nodes: Option<u64>,
        #[pyo3(from_py_with = args::threads)] threads: usize,
    ) -> PyResult<SolveResult> {
        let solver = cagey::solvers::named(method).map_err(value_error)?;
        let max_nodes = max_nodes.unwrap_or(DEFAULT_MAX_NODES);
        let limits = Limits {
            threads: args::threads_or_cores(threads),
            ..solve_limits(2, time_limit, max_nodes)?
        };
        let (limits, cancel) = cancellable(limits);
        let model = self.model();
        let report = interrupt::search(
            py,
            &limits,
            &cancel,
            |l| solver.solve(model, l),
            |report| {
                matches!(
                    report,
                    Ok(Report {
                        outcome: Outcome::GaveUp {
                            budget: Budget::Time(_),
                            ..
                        },
                        ..
                    })
                )
            },
        )?
        .map_err(value_error)?;
        Ok(SolveResult::new(&report))
    }

    /// Counts the solutions, stopping at `limit`, as `cagey solve --count --limit`.
    /// Returns a `Count`: `count`, and `exact` (False when the search stopped at the limit
    /// or a budget, so that there are at least `count`); `str()` of it is the command's
    /// line. `int(c)` is the count.
    #[pyo3(signature = (limit=1_000_000, time_limit=60.0))]
    fn count(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = args::limit)] limit: u64,
        time_limit: Option<f64>,
    ) -> PyResult<Count> {
        if limit == 0 {
            return Err(PyValueError::new_err("limit must be at least 1"));
        }
        let (limits, cancel) = cancellable(solve_limits(limit, time_limit, DEFAULT_MAX_NODES)?);
        let model = self.model();
        let search = interrupt::search(
            py,
            &limits,
            &cancel,
            |limits| solve::default_solver().search(model, limits, &mut |_| {}),
            |search| {
                matches!(
                    search,
                    Ok(Search {
                        end: End::OutOfBudget(Budget::Time(_)),
                        ..
                    })
                )
            },
        )?
        .map_err(value_error)?;
        Ok(Count::new(&search))
    }

    /// Whether `grid` solves the puzzle and, if not, why, as `/api/check` answers: a
    /// `Check`, the list of every rule the grid breaks (then its empty cells), each a
    /// `Violation` with its `rule`, `cells` and `message` as `cagey check` prints it, and
    /// `solved`. `grid` is rows of ints (0 for empty) or text of digits.
    fn check(&self, grid: &Bound<'_, PyAny>) -> PyResult<Check> {
        let model = self.model();
        let grid = grid_arg(model.size(), grid)?;
        Ok(Check::new(CheckRecord::new(model, &grid)))
    }

    /// Whether `grid` is a solution: full, and breaking no rule (`check(grid).solved`).
    /// The independent checker decides, without solving the puzzle.
    fn is_solution(&self, grid: &Bound<'_, PyAny>) -> PyResult<bool> {
        let model = self.model();
        let grid = grid_arg(model.size(), grid)?;
        Ok(cagey::model::check(model, &grid).is_ok())
    }

    /// How `answer` stands against the puzzle's one solution: a `Verification` whose
    /// `verdict` is "solved", "wrong" (`wrong` names the filled cells that are not the
    /// solution's, `(row, col)` from 0; `empty` any left empty) or "incomplete" (every
    /// filled cell right, `empty` the rest). `answer` is rows of ints (0 for empty), or a
    /// reply's text, read as `parse_answer` reads it (`ValueError` when it holds no grid).
    /// The solution is proven unique on the first call (else `SolutionError`), then kept.
    fn verify(&self, py: Python<'_>, answer: &Bound<'_, PyAny>) -> PyResult<Verification> {
        let model = self.model();
        let answer = answer_arg(model.size(), answer)?;
        let solution = self.answer(py)?;
        let verification = cagey::model::verify(model, &solution, &answer)
            .map_err(|violation| value_error(violation.describe(model, &answer)))?;
        Ok(Verification::new(&verification, model.size()))
    }

    /// The grid answer in `text`, a reply in prose, a markdown table, a code block, a
    /// list of lists or bare digits, as rows of ints (0 for an empty cell): the last grid
    /// of the puzzle's size in it (see `cagey.parse_answer`). Raises `ValueError` saying
    /// what it looked for when there is none.
    fn parse_answer<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
        let grid = reply::parse_answer(self.size(), text).map_err(value_error)?;
        values::grid(py, &grid)
    }

    /// The puzzle's level and score, as `cagey grade`: the level of the hardest rule a
    /// person needs (easy, normal, hard, extreme, unreasonable), and a score that orders
    /// puzzles within a level. Raises `SolutionError` unless it has exactly one solution,
    /// `LimitError` when grading runs past the time limit.
    #[pyo3(signature = (time_limit=10.0))]
    fn grade(&self, py: Python<'_>, time_limit: Option<f64>) -> PyResult<Grade> {
        let (limits, cancel) = logic_cancellable(logic_limits(time_limit)?);
        let model = self.model();
        let grade = interruptible(py, &cancel, || logic::grade(model, &limits))?
            .map_err(|e| logic_error(py, e))?;
        Ok(Grade {
            record: GradeRecord::new(&grade),
        })
    }

    /// The steps a person takes to solve the puzzle, as `cagey explain`: an
    /// `Explanation`, a sequence of `Step` (rule, level, text, placed, eliminated, ...)
    /// with the `verdict` it ended on. `progress` (rows of ints) starts from a player's
    /// position instead of the puzzle's own. Raises `SolutionError` unless it has exactly
    /// one solution, `LimitError` past the time limit.
    #[pyo3(signature = (progress=None, time_limit=10.0))]
    fn explain(
        &self,
        py: Python<'_>,
        progress: Option<&Bound<'_, PyAny>>,
        time_limit: Option<f64>,
    ) -> PyResult<Explanation> {
        let (limits, cancel) = logic_cancellable(logic_limits(time_limit)?);
        let start = progress_arg(&self.entry, progress)?;
        let model = self.model();
        let explanation = interruptible(py, &cancel, || logic::explain(model, &start, &limits))?
            .map_err(|e| logic_error(py, e))?;
        Ok(Explanation::new(
            ExplanationRecord::new(&explanation, model),
            &explanation,
            model.size(),
        ))
    }

    /// The next step from `progress` (rows of ints; `None` for the puzzle's own), as
    /// `cagey hint --level`: 1 names the rule and where to look, 2 adds the cells, 3 gives
    /// the whole step. A `Hint`: `kind` is "step", "mistakes", "solved" or "stuck";
    /// `text` the command's words.
    #[pyo3(signature = (progress=None, level=1, time_limit=10.0))]
    fn hint(
        &self,
        py: Python<'_>,
        progress: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::level)] level: u8,
        time_limit: Option<f64>,
    ) -> PyResult<Hint> {
        if !(1..=3).contains(&level) {
            return Err(PyValueError::new_err("level must be 1, 2 or 3"));
        }
        let (limits, cancel) = logic_cancellable(logic_limits(time_limit)?);
        let progress = progress_arg(&self.entry, progress)?;
        let model = self.model();
        let hint = interruptible(py, &cancel, || logic::hint(model, &progress, &limits))?
            .map_err(|e| logic_error(py, e))?;
        Ok(Hint::new(&hint, &progress, level, model.size()))
    }

    /// The step check: judges one `move` on `board`, a process reward for a model that
    /// solves step by step. `board` is rows whose entries are 0 (empty), a digit, or a
    /// list of the cell's candidates (pencil marks; a cell without a list has the
    /// candidates the rules derive); `None` for the puzzle's own progress. `move` is
    /// `("place", row, col, digit)`, `("eliminate", row, col, digit)` (cross a candidate
    /// out) or `("erase", row, col)`, row and column from 1 as `r1c1` counts them.
    ///
    /// A `Judgement`: `verdict` is "follows" (the rules derive it from the board; `rule`
    /// and `level` say how, `reason` in the engine's words), "consistent" (it agrees with
    /// the solution, but the rules up to `max_level` do not derive it: a right guess) or
    /// "wrong" (no solution has it; `reason` says what breaks); `reward` 1.0, 0.0 or -1.0.
    /// A move the board cannot take (off the grid, a digit out of range, over a given or a
    /// placed digit, erasing an empty cell) raises `ValueError` naming the cell.
    /// `SolutionError` for a puzzle without a solution, `LimitError` past the time limit.
    #[pyo3(signature = (board, r#move, max_level="unreasonable", time_limit=10.0))]
    fn judge(
        &self,
        py: Python<'_>,
        board: Option<&Bound<'_, PyAny>>,
        r#move: &Bound<'_, PyAny>,
        max_level: &str,
        time_limit: Option<f64>,
    ) -> PyResult<Judgement> {
        let model = self.model();
        let board = board_arg(&self.entry, board)?;
        let mv = move_arg(model.size(), r#move)?;
        let max_level = max_level
            .parse::<logic::Level>()
            .map_err(|error| PyValueError::new_err(format!("max_level: {error}")))?;
        // The step check's own work limit, under the caller's time limit.
        let (logic, cancel) = logic_cancellable(LogicLimits {
            max_work: logic::DEFAULT_JUDGE_WORK,
            ..logic_limits(time_limit)?
        });
        let limits = logic::JudgeLimits { logic, max_level };
        let judged = interruptible(py, &cancel, || logic::judge(model, &board, mv, &limits))?
            .map_err(|error| match error {
                logic::JudgeError::Move(error) => value_error(error),
                logic::JudgeError::Logic(error) => logic_error(py, error),
            })?;
        Ok(Judgement {
            record: JudgementRecord::new(&judged, model.size()),
        })
    }

    /// The puzzle drawn as an SVG document, as `cagey render --to svg`; with
    /// `solution=True` its one solution is drawn in (proven unique first, else
    /// `SolutionError`). `size` is the side in pixels.
    #[pyo3(signature = (solution=false, size=None))]
    fn svg(
        &self,
        py: Python<'_>,
        solution: bool,
        #[pyo3(from_py_with = args::pixels_or_none)] size: Option<u32>,
    ) -> PyResult<String> {
        let grid = solution.then(|| self.answer(py)).transpose()?;
        let contents = grid.as_ref().map_or(Contents::NONE, Contents::grid);
        svg::render(self.model(), contents, &svg::Options { size }).map_err(value_error)
    }

    /// The puzzle drawn as PNG bytes, `size` pixels square, as `cagey render --to png`.
    #[pyo3(signature = (size=600, solution=false))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = args::pixels_or_none)] size: Option<u32>,
        solution: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let grid = solution.then(|| self.answer(py)).transpose()?;
        let contents = grid.as_ref().map_or(Contents::NONE, Contents::grid);
        let model = self.model();
        let bytes = py
            .detach(|| png::render(model, contents, &svg::Options { size }))
            .map_err(value_error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The picture a notebook shows: the puzzle as SVG.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py, false, None)
    }

    /// The dataset row of the puzzle (see docs/python.md), the library's `RowRecord`: a
    /// dict of `prompt` (see `prompt()`), `kk` and `json` (the puzzle without comments, so
    /// without its answer), `size`, `kind`, `solution` (proven unique), `level`, `score`,
    /// `seed` (a generated puzzle's `SEED/INDEX`, else `None`) and `steps`: with
    /// `explain=True` the steps from the empty grid, each step's `to_dict()` for
    /// `steps="full"` or one line such as `"hidden single: r3c4=7"` for `steps="compact"`
    /// (docs/python.md, "Compact steps"); `None` with `explain=False`. `cagey.records`
    /// builds many on every core. Raises as `grade` and `explain` do.
    #[pyo3(signature = (time_limit=10.0, explain=true, steps="full"))]
    fn record<'py>(
        &self,
        py: Python<'py>,
        time_limit: Option<f64>,
        explain: bool,
        steps: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (options, cancel) = row_options(time_limit, explain, steps)?;
        let entry = &self.entry;
        let row = interruptible(py, &cancel, || RowRecord::new(entry, &options))?
            .map_err(|error| row_error(py, error, None))?;
        values::row(py, &row)
    }

    /// `4x4 KenKen, 7 cages`, as the command describes a puzzle.
    fn __repr__(&self) -> String {
        format!("<cagey.Puzzle {}>", self.model())
    }

    /// The puzzle in the kk format.
    fn __str__(&self) -> PyResult<String> {
        self.to("kk", true)
    }

    /// The puzzle's fingerprint, 32 hex digits: the same for the puzzle turned a quarter,
    /// a half or three quarters, or mirrored (cages, givens, boxes and regions carried
    /// along), and whatever order its text lists the cages in; for a puzzle of givens
    /// alone (no cage doing arithmetic) also with its digits renamed. KenKen operations
    /// and killer sums fix the digits, so for them no renaming is allowed. Different
    /// puzzles have different fingerprints (a 128-bit hash: a collision is a 2^-128
    /// chance). The library's `model::fingerprint`, the same on every machine.
    fn fingerprint(&self) -> String {
        self.print().to_string()
    }

    /// Puzzles are equal when their fingerprints are: the same puzzle, however turned,
    /// mirrored or written. Comments, progress and format do not count.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Puzzle>()
            .is_ok_and(|other| other.get().print() == self.print())
    }

    /// The hash of the fingerprint, so that `set()` and `dict` keep one of each puzzle.
    fn __hash__(&self) -> isize {
        // -1 is CPython's error value for a hash; PyO3 passes it on as such.
        match self.print().0 as u64 as isize {
            -1 => -2,
            hash => hash,
        }
    }

    /// Pickling (for multiprocessing, Dask, Ray): the puzzle travels as its JSON text with
    /// its comments as kk would carry them; read back, it is the same puzzle.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Pickled)> {
        let this = slf.get();
        let json = this.to("json", true)?;
        let restore = slf.py().import("cagey")?.getattr("_restore")?;
        Ok((restore, (json, this.entry.comments.clone(), this.format())))
    }
}

/// What a pickled puzzle carries: its JSON text, its comments and the format it was read
/// from.
type Pickled = (String, Vec<String>, Option<&'static str>);

/// Rebuilds a pickled puzzle (the other half of `Puzzle.__reduce__`).
#[pyfunction]
#[pyo3(signature = (json, comments, format=None))]
pub fn _restore(
    py: Python<'_>,
    json: &str,
    comments: Vec<String>,
    format: Option<&str>,
) -> PyResult<Puzzle> {
    let mut puzzles = read_all(py, json.as_bytes(), Some("json"), None)?;
    let mut puzzle = puzzles
        .pop()
        .ok_or_else(|| errors::value_error("a pickled puzzle holds no puzzle"))?;
    puzzle.entry.comments = comments;
    puzzle.format = format.map(format_named).transpose()?;
    Ok(puzzle)
}
