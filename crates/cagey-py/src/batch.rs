//! Many puzzles at once: `solve_many` and `records` on a thread pool with the GIL released, `generate`
//! as an iterator over a pool that works ahead of the reader, and `print_pdf`. Each follows
//! its subcommand (`solve --jobs`, `generate --jobs`, `print`): input order kept, puzzle
//! `i` of a generation made from `Settings::rng(seed, i)` so that any `jobs`, and any split of
//! the indices across machines, gives the same puzzles.

use std::sync::Mutex;

use cagey::booklet::{booklet, BookletEntry, BookletOptions, Key, Levels, Rules};
use cagey::formats::{Entry, Format};
use cagey::generate::{
    DistinctStream, GenKind, GenerateError, Made, Request, Shard, Stream, Target,
};
use cagey::logic::Level;
use cagey::render::pdf::{self, Paper, PdfX, PdfXVersion, PerPage};
use cagey::solve::{Cancel, Limits, DEFAULT_MAX_NODES};
use cagey::wire::RowRecord;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};
use rayon::prelude::*;

use crate::args;
use crate::errors::{value_error, LimitError};
use crate::interrupt::interruptible;
use crate::puzzle::{read_all, row_error, row_options, solve_limits, Puzzle};
use crate::results::SolveResult;
use crate::values;

/// A thread pool of `jobs` threads.
fn pool(jobs: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(args::threads_or_cores(jobs))
        .build()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The puzzles of a Python iterable of `Puzzle`s or texts (each text one puzzle), with the
/// comments they were read or made with; `what` names the function in messages.
fn entries_arg(py: Python<'_>, puzzles: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Entry>> {
    let mut out = Vec::new();
    for item in puzzles.try_iter()? {
        let item = item?;
        if let Ok(puzzle) = item.cast::<Puzzle>() {
            out.push(puzzle.get().entry.clone());
        } else if let Ok(text) = item.extract::<String>() {
            let mut read = read_all(py, text.as_bytes(), None, None)?;
            match read.len() {
                1 => out.push(read.remove(0).entry),
                n => {
                    return Err(PyValueError::new_err(format!(
                        "a text of {what} holds {n} puzzles; give one a text, or Puzzles"
                    )))
                }
            }
        } else {
            return Err(PyValueError::new_err(format!(
                "{what} takes Puzzles or texts of one puzzle each"
            )));
        }
    }
    Ok(out)
}

/// The puzzles of a Python iterable of `Puzzle`s or texts (each text one puzzle).
fn puzzles_arg(py: Python<'_>, puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<cagey::Puzzle>> {
    let entries = entries_arg(py, puzzles, "solve_many")?;
    Ok(entries.into_iter().map(|entry| entry.puzzle).collect())
}

/// Solves every puzzle (`Puzzle`s, or texts of one puzzle each) on `jobs` threads (0: one
/// per core) with the GIL released, as `cagey solve --jobs`; returns their `SolveResult`s
/// in input order.
#[pyfunction]
#[pyo3(signature = (puzzles, jobs=0, time_limit=60.0, method="propagate"))]
pub fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::jobs)] jobs: usize,
    time_limit: Option<f64>,
    method: &str,
) -> PyResult<Vec<SolveResult>> {
    let solver = cagey::solvers::named(method).map_err(value_error)?;
    let cancel = Cancel::new();
    let limits = Limits {
        cancel: Some(cancel.clone()),
        ..solve_limits(2, time_limit, DEFAULT_MAX_NODES)?
    };
    let puzzles = puzzles_arg(py, puzzles)?;
    let pool = pool(jobs)?;
    let reports = interruptible(py, &cancel, || {
        pool.install(|| {
            puzzles
                .par_iter()
                .map(|p| solver.solve(p, &limits))
                .collect::<Result<Vec<_>, _>>()
        })
    })?;
    Ok(reports
        .map_err(value_error)?
        .iter()
        .map(SolveResult::new)
        .collect())
}

/// The dataset rows of `puzzles` (`Puzzle`s, or texts of one puzzle each), built by the
/// library on `jobs` threads (0: one per core) with the GIL released, in input order: for
/// each, the dict `p.record(time_limit, explain, steps)` gives. The first puzzle that makes
/// no row raises its error (`SolutionError`, `LimitError`, ...), its message led by
/// `puzzle N: ` (from 1). Ctrl-C stops the work within a row's time.
#[pyfunction]
#[pyo3(signature = (puzzles, jobs=0, explain=true, steps="full", time_limit=10.0))]
pub fn records<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::jobs)] jobs: usize,
    explain: bool,
    steps: &str,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyList>> {
    let (options, cancel) = row_options(time_limit, explain, steps)?;
    let entries = entries_arg(py, puzzles, "records")?;
    let pool = pool(jobs)?;
    let rows = interruptible(py, &cancel, || {
        pool.install(|| {
            entries
                .par_iter()
                .map(|entry| match cancel.is_cancelled() {
                    // Interrupted: the rows not yet begun are not built.
                    true => None,
                    false => Some(RowRecord::new(entry, &options)),
                })
                .collect::<Vec<_>>()
        })
    })?;
    let list = PyList::empty(py);
    for (index, row) in rows.into_iter().enumerate() {
        match row {
            Some(Ok(row)) => list.append(values::row(py, &row)?)?,
            Some(Err(error)) => return Err(row_error(py, error, Some(index + 1))),
            None => return Err(PyRuntimeError::new_err("the rows were cancelled")),
        }
    }
    Ok(list)
}

/// The iterator `generate` returns: puzzles in index order, made ahead on a pool by the
/// library's ordered stream. Dropping it stops the work ahead. It may be shared between
/// threads: one at a time takes the next puzzle, others wait their turn with the GIL
/// released, and each puzzle is handed out once. (Frozen: no method borrows it mutably, so
/// PyO3's borrow checking never refuses a second thread.) Ctrl-C while it makes a puzzle
/// raises `KeyboardInterrupt` and ends the run: a plain run's work stops at once, a
/// distinct run's once the puzzle in hand is made (see [`generate`]).
#[pyclass(module = "cagey", frozen)]
pub struct Generator {
    stream: Mutex<Source>,
    /// The run's cancel flag, the settings' own: raised by an interrupt.
    cancel: Cancel,
}

/// Where a `Generator`'s puzzles come from: the library's plain run, or its run that leaves
/// out repeats (`distinct=True`).
enum Source {
    Plain(Stream),
    Distinct(Box<DistinctStream>),
}

impl Source {
    fn next(&mut self) -> Option<Made> {
        match self {
            Source::Plain(stream) => stream.next(),
            Source::Distinct(stream) => stream.next(),
        }
    }

    fn seed(&self) -> u64 {
        match self {
            Source::Plain(stream) => stream.seed(),
            Source::Distinct(stream) => stream.seed(),
        }
    }

    /// Puzzles left to hand out (for a distinct run, at most this many).
    fn len(&self) -> usize {
        match self {
            Source::Plain(stream) => stream.len(),
            Source::Distinct(stream) => stream.size_hint().1.unwrap_or(usize::MAX),
        }
    }
}

#[pymethods]
impl Generator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Puzzle>> {
        if self.cancel.is_cancelled() {
            // Interrupted before: the run is over.
            return Ok(None);
        }
        let (made, seed) = interruptible(py, &self.cancel, || {
            let mut stream = self.stream.lock().unwrap_or_else(|e| e.into_inner());
            (stream.next(), stream.seed())
        })?;
        let Some(made) = made else {
            return Ok(None);
        };
        match made.result {
            Ok(generated) => Ok(Some(Puzzle::from_entry(generated.entry(seed, made.index)))),
            // The run's end, not one puzzle's.
            Err(error @ GenerateError::TooFewDistinct { .. }) => {
                Err(LimitError::new_err(format!("seed {seed}: {error}")))
            }
            Err(error) => Err(LimitError::new_err(format!(
                "puzzle {seed}/{}: {error}",
                made.index
            ))),
        }
    }

    /// How many puzzles are left to hand out.
    fn __len__(&self) -> usize {
        if self.cancel.is_cancelled() {
            return 0;
        }
        let stream = self.stream.lock().unwrap_or_else(|e| e.into_inner());
        stream.len()
    }
}

/// Generate new puzzles, each proved unique, as `cagey generate`; an iterator of `Puzzle`s
/// in index order, each carrying `solution`, `level`, `score` and `seed` (and the same
/// `# seed=`, `# level=`, `# score=`, `# solution=` comments in `p.to("kk")`).
///
/// Arguments (the command's flags):
///   size        the side of the grid [default: 6, 9 for killer kinds]
///   difficulty  easy, normal, hard, extreme, unreasonable, or any (graded, any level)
///               [default: normal; any for sizes 1, 2 and above 16]
///   style       keen (as Keen's: mostly dominoes, the four operations about as frequent)
///               or big (bigger cages, + and × favoured) [default: keen]
///   count       how many puzzles [default: 1]
///   seed        the random seed [default: the time]; a seed gives the same puzzles with
///               any jobs, on any machine
///   kind        kenken, kendoku, killer or killer-jigsaw [default: kenken]
///   ops         the operations allowed, e.g. "+-*/" or "+*" [default: the kind's]
///   first       the index of the first puzzle: puzzle i of seed S is the same whatever
///               the first and count, so ranges of indices shard a run across machines
///   jobs        threads making puzzles ahead of the reader (0: one per core)
///   time_limit  seconds for each puzzle before giving up on it (0: no limit)
///   hidden_ops  hide the operations (labels like 12?)
///   multi_cell  allow - and / cages of more than two cells
///   diagonals   the diagonal rule: every digit once on each long diagonal too (Killer X)
///   cage_size   cage sizes, e.g. "2-4" or "1:1,2:4,3:3"
///   givens      digits given at the start (0: none up to 20x20, a tenth of the cells above)
///   uncaged     cells left out of every cage
///   score       (min, max) score within the difficulty
///   distinct    leave out every puzzle that repeats an earlier one of the run (by its
///               fingerprint: the same turned or mirrored) and make one of the next
///               indices in its place; `LimitError` at the end if the settings give too
///               few different puzzles
///   shard       (i, n): with distinct, shard i of n of a run split over machines (the
///               same seed and settings on each); shards never make the same puzzle
///               (docs/python.md, "Distinct puzzles")
///
/// A puzzle that cannot be made within the limits raises `LimitError` when its turn
/// comes (`puzzle SEED/INDEX: ...`); a bad setting raises `ValueError` at once.
///
/// Example:
///   for p in cagey.generate(size=9, difficulty="hard", count=100, seed=7):
///       print(p.to("kk"))
#[pyfunction]
#[pyo3(signature = (size=None, difficulty=None, count=1, seed=None, kind="kenken", ops=None,
                    first=0, jobs=0, time_limit=60.0, hidden_ops=false, multi_cell=false,
                    cage_size=None, givens=0, uncaged=0, score=None, style="keen",
                    distinct=false, shard=None, diagonals=false))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    #[pyo3(from_py_with = args::size_or_none)] size: Option<usize>,
    difficulty: Option<&str>,
    #[pyo3(from_py_with = args::count)] count: u64,
    #[pyo3(from_py_with = args::seed_or_none)] seed: Option<u64>,
    kind: &str,
    ops: Option<&str>,
    #[pyo3(from_py_with = args::first)] first: u64,
    #[pyo3(from_py_with = args::jobs)] jobs: usize,
    time_limit: f64,
    hidden_ops: bool,
    multi_cell: bool,
    cage_size: Option<&str>,
    #[pyo3(from_py_with = args::givens)] givens: usize,
    #[pyo3(from_py_with = args::uncaged)] uncaged: usize,
    #[pyo3(from_py_with = args::score_or_none)] score: Option<(u32, u32)>,
    style: &str,
    distinct: bool,
    #[pyo3(from_py_with = args::shard_or_none)] shard: Option<(u64, u64)>,
    diagonals: bool,
) -> PyResult<Generator> {
    fn parsed<T: std::str::FromStr>(name: &str, text: Option<&str>) -> PyResult<Option<T>>
    where
        T::Err: std::fmt::Display,
    {
        text.map(|text| {
            text.parse()
                .map_err(|error| PyValueError::new_err(format!("{name}: {error}")))
        })
        .transpose()
    }
    let request = Request {
        kind: parsed("kind", Some(kind))?,
        size,
        operations: parsed("ops", ops)?,
        style: parsed("style", Some(style))?,
        cage_sizes: parsed("cage_size", cage_size)?,
        hidden_operations: hidden_ops,
        multi_cell,
        diagonals,
        givens,
        uncaged,
        difficulty: parsed::<Target>("difficulty", difficulty)?,
        score,
        time_limit: Some(crate::puzzle::time_limit(Some(time_limit))?),
        seed,
    };
    let mut settings = request.settings().map_err(value_error)?;
    // A plain run's work stops as soon as its flag is raised. A distinct run starts a new
    // stream for each batch and drops the last, which raises its settings' flag: shared
    // with it, the flag would end the run at its second batch, so the interrupt ends it
    // once the puzzle in hand is made.
    let cancel = Cancel::new();
    if !distinct {
        settings.cancel = Some(cancel.clone());
    }
    let end = first.saturating_add(count);
    let source = match (distinct, shard) {
        (false, None) => Source::Plain(
            Stream::new(settings, request.seed(), first..end, jobs).map_err(value_error)?,
        ),
        (false, Some(_)) => {
            return Err(PyValueError::new_err(
                "shard splits a run with distinct=True; give distinct=True too",
            ))
        }
        (true, shard) => {
            settings.shard = shard
                .map(|(index, count)| Shard::new(index, count))
                .transpose()
                .map_err(|error| PyValueError::new_err(format!("shard: {error}")))?;
            Source::Distinct(Box::new(
                DistinctStream::new(settings, request.seed(), first..end, jobs)
                    .map_err(value_error)?,
            ))
        }
    };
    Ok(Generator {
        stream: Mutex::new(source),
        cancel,
    })
}

/// A print-ready PDF booklet of `puzzles`, as `cagey print`: `per_page` 1, 2, 4 or 6, the
/// most a page (default 4; each size gets as many as fit it with clues of 7 pt or more, up
/// to this); `title`, `subtitle` and `author` for a title page (`title_page=False` sets the
/// title as the first page's heading instead); `rules` "standard" (a page for each kind in
/// the book, with a worked example), "none", the text of the book's own rules (its first
/// line the heading), or a path to a file of them; `contents=True` a contents page;
/// `bleed` millimetres (0 to 10) around the trimmed page;
/// `answers` "end" (an answer key after the puzzles), "none", or a FILE.pdf for a separate
/// key; `paper` "a4" or "letter"; `grade=True` captions each puzzle with its measured
/// level (else a generated puzzle's `level`); `name` the puzzles' name in every caption
/// (default: each kind's name in no one's trademark, "Calcudoku", "Killer Sudoku");
/// `level_names` "keen", "stars", or five names separated by commas; `first_number` and
/// `first_page` to number on from an earlier booklet; `gutter` millimetres (0 to 20) of
/// binding margin; `crop_marks=True` crop marks at the trim's corners; `paper` also "a5", "6x9" or "WxH" in millimetres;
/// `pdfx="4"` PDF/X-4 for a press (an OutputIntent with a grey output profile, XMP
/// metadata, dates, a file ID), dated `created` (seconds since 1970, UTC; default
/// `SOURCE_DATE_EPOCH` if set, else now). Every puzzle must have exactly one solution,
/// which the solver proves (else `SolutionError`, and nothing is written). Writes `path`
/// and returns None, or returns the PDF's bytes when `path` is None.
#[pyfunction]
#[pyo3(signature = (puzzles, path=None, per_page=None, answers="end", paper="a4", title=None, grade=false, bleed=0.0, name=None, level_names="keen", first_number=None, first_page=None, gutter=0.0, crop_marks=false, subtitle=None, author=None, title_page=true, rules=None, contents=false, pdfx=None, created=None))]
#[allow(clippy::too_many_arguments)]
pub fn print_pdf<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    path: Option<std::path::PathBuf>,
    #[pyo3(from_py_with = args::per_page_or_none)] per_page: Option<usize>,
    answers: &str,
    paper: &str,
    title: Option<String>,
    grade: bool,
    bleed: f32,
    name: Option<String>,
    level_names: &str,
    #[pyo3(from_py_with = args::first_number_or_none)] first_number: Option<usize>,
    #[pyo3(from_py_with = args::first_page_or_none)] first_page: Option<usize>,
    gutter: f32,
    crop_marks: bool,
    subtitle: Option<String>,
    author: Option<String>,
    title_page: bool,
    rules: Option<&Bound<'py, PyAny>>,
    contents: bool,
    pdfx: Option<&str>,
    #[pyo3(from_py_with = args::created_or_none)] created: Option<u64>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let pdfx = match pdfx {
        Some(version) => Some(PdfX {
            version: version.parse::<PdfXVersion>().map_err(value_error)?,
            created: match created {
                Some(created) => created,
                None => pdf::creation_time().map_err(value_error)?,
            },
        }),
        None => None,
    };
    // A str is a keyword or the rules' own text; anything else a path to read them from.
    let rules = match rules {
        None => Rules::Standard,
        Some(rules) => match rules.extract::<String>() {
            Ok(text) => Rules::keyword(&text).unwrap_or(Rules::Own(text)),
            Err(_) => {
                let path: std::path::PathBuf = rules.extract()?;
                let text = std::fs::read_to_string(&path).map_err(|error| {
                    PyOSError::new_err(format!(
                        "cannot read the rules file {}: {error}",
                        path.display()
                    ))
                })?;
                Rules::Own(text)
            }
        },
    };
    let (key, key_file) = match answers {
        "end" => (Key::End, None),
        "none" => (Key::None, None),
        _ if answers.to_ascii_lowercase().ends_with(".pdf") => (Key::Separate, Some(answers)),
        _ => {
            return Err(PyValueError::new_err(format!(
                "{answers:?}: choose end, none, or a FILE.pdf"
            )))
        }
    };
    let options = BookletOptions {
        paper: paper.parse::<Paper>().map_err(value_error)?,
        per_page: per_page
            .map(PerPage::try_from)
            .transpose()
            .map_err(value_error)?,
        bleed_mm: bleed,
        title,
        subtitle,
        author,
        title_page,
        rules,
        contents,
        name,
        level_names: level_names.parse().map_err(value_error)?,
        first_number,
        first_page,
        gutter_mm: gutter,
        crop_marks,
        pdfx,
        key,
        levels: match grade {
            true => Levels::Graded,
            false => Levels::Comment,
        },
    };
    options.validate().map_err(value_error)?;
    let mut entries: Vec<Entry> = Vec::new();
    for item in puzzles.try_iter()? {
        let item = item?;
        let puzzle = item
            .cast::<Puzzle>()
            .map_err(|_| PyValueError::new_err("print_pdf takes Puzzles"))?;
        entries.push(puzzle.get().entry.clone());
    }
    let mut proven = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let entry = py
            .detach(|| BookletEntry::prove(entry, &options))
            .map_err(|error| {
                let message = format!("puzzle {}: {error}", index + 1);
                crate::answer::answer_error(py, &error, message)
            })?;
        proven.push(entry);
    }
    let made = py
        .detach(|| booklet(&proven, &options))
        .map_err(value_error)?;
    if let (Some(file), Some(key)) = (key_file, &made.key) {
        write_whole(std::path::Path::new(file), key)?;
    }
    match path {
        Some(path) => {
            write_whole(&path, &made.pdf)?;
            Ok(None)
        }
        None => Ok(Some(PyBytes::new(py, &made.pdf))),
    }
}

/// Every puzzle of the file at `path`, in order, in the format detected from it (or
/// `format`), as the command reads a file. Raises `FormatError` naming the file and line
/// of the first puzzle that cannot be read, `OSError` when the file cannot be.
#[pyfunction]
#[pyo3(signature = (path, format=None))]
pub fn read(
    py: Python<'_>,
    path: std::path::PathBuf,
    format: Option<&str>,
) -> PyResult<Vec<Puzzle>> {
    let bytes = std::fs::read(&path)?;
    let source = path.display().to_string();
    read_all(py, &bytes, format, Some(&source))
}

/// Every puzzle of `text`, in order, as `read` reads a file.
#[pyfunction]
#[pyo3(signature = (text, format=None))]
pub fn parse_all(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Vec<Puzzle>> {
    read_all(py, text.as_bytes(), format, None)
}

/// The names of every format cagey reads and writes: kk, a1, sudokuwiki, keen, json, grid.
#[pyfunction]
pub fn formats() -> Vec<&'static str> {
    Format::ALL.iter().map(|f| f.name()).collect()
}

/// The grid answer of side `size` in `text`, a reply in prose, a markdown table, a code
/// block, a list of lists or bare digits, as rows of ints (0 for an empty cell).
///
/// The last grid in the text is the answer (a reply often restates the puzzle or a draft
/// first): the last `size` lines of `size` cells each, one after another, or the last line
/// of all `size * size` cells. A line is a row when, once a label before its last `:` or
/// `[` (`Row 1:`) and a leading `r1` or `row 1` are dropped, it holds only cells and
/// separators (spaces, `|`, `,`, `;`, brackets, quotes, `*`, `` ` ``, `-`). A cell is a
/// number from 1 to `size`; `0`, `.` or `_` is an empty cell; up to 9x9 digits may stand
/// side by side (`1243`); above 9x9 a letter stands for a number from 10 (`A` 10, `B` 11,
/// ... `G` 16). Lines of separators only (a table's `|---|`, a code fence) and blank
/// lines are passed over; any other line ends a grid. Raises `ValueError` when no grid is
/// found, saying what was looked for and the most rows found together.
#[pyfunction]
pub fn parse_answer<'py>(
    py: Python<'py>,
    text: &str,
    #[pyo3(from_py_with = args::size)] size: usize,
) -> PyResult<Bound<'py, PyList>> {
    let grid = cagey::formats::reply::parse_answer(size, text).map_err(value_error)?;
    crate::values::grid(py, &grid)
}

/// The names of the solving methods `solve(method=...)` takes (`cagey solve --methods`).
#[pyfunction]
pub fn methods() -> Vec<&'static str> {
    cagey::solvers::registry()
        .iter()
        .map(|s| s.name())
        .collect()
}

/// The names of the built-in example puzzles (`Puzzle.example(name)`).
#[pyfunction]
pub fn examples() -> Vec<&'static str> {
    cagey::examples::EXAMPLES.iter().map(|e| e.name).collect()
}

/// The levels, easiest first: easy, normal, hard, extreme, unreasonable.
#[pyfunction]
pub fn levels() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.name()).collect()
}

/// The kinds `generate(kind=...)` makes: kenken, kendoku, killer, killer-jigsaw.
#[pyfunction]
pub fn kinds() -> Vec<&'static str> {
    GenKind::ALL.iter().map(|k| k.name()).collect()
}

/// Panics inside the library's call path, to test that a panic reaches Python as an
/// exception and never takes the interpreter down.
#[pyfunction]
pub fn _panic_for_test() {
    panic!("a panic raised on purpose by cagey._panic_for_test");
}

/// Writes `bytes` to `path` whole or not at all, as `cagey print` does: into a temporary
/// file in the same folder, flushed to disk, then renamed over `path`; on any failure the
/// temporary file is removed and `path` is left as it was.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> PyResult<()> {
    use std::io::Write;
    let fail = |e: std::io::Error| {
        PyRuntimeError::new_err(format!("cannot write {}: {e}", path.display()))
    };
    let name = path
        .file_name()
        .ok_or_else(|| PyValueError::new_err(format!("{} names no file", path.display())))?;
    let temporary = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = std::fs::remove_file(&temporary);
            Err(fail(error))
        }
    }
}
