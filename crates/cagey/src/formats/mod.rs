//! Text formats: one module per notation, each with a parser, a writer and its own error type.
//!
//! | name | module | what |
//! |---|---|---|
//! | `kk` | [`kk`] | the J essay's format: `11+,1 2 5 6` |
//! | `a1` | [`a1`] | one cage per line, operation first: `# 6`, `+ 11 A2 A3 B2 B3`, `! 1 A1` |
//! | `sudokuwiki` | [`sudokuwiki`] | SudokuWiki's packed strings `K6C…`, with progress |
//! | `keen` | [`keen`] | Simon Tatham's Keen game IDs `4:a_7a__a_aaba,d2s2m8…` |
//! | `json` | [`json`] | cagey's own JSON schema, for programs |
//! | `grid` | [`grid`] | a grid of cage letters and a legend, for people |
//!
//! [`digits`] reads the grids of digits they share: `# solution=` comments, Keen's `S`
//! strings, the grids `cagey check` reads.
//!
//! [`detect`] tells them apart; [`parse_all`] and [`write()`] dispatch on a [`Format`]. A
//! [`Reader`] reads the same puzzles one at a time from a stream, for inputs too large to
//! hold. Formats depend on the model only; they know nothing of solvers.
//!
//! Both can be given puzzle-wide [`Options`] that every puzzle is read under, on top of
//! what its text states ([`parse_all_with`], [`Reader::with_options`]): a corpus written
//! before kk's `# multi-cell` directive existed is read with `multi_cell` on, as if each of
//! its puzzles began with the directive. Every format can take them, since each builds its
//! puzzles through the model's checks; a format whose writer cannot hold an option (only kk
//! and JSON write `multi_cell`) refuses to write the puzzles read under it.

pub mod a1;
pub mod digits;
pub mod grid;
pub mod json;
pub mod keen;
pub mod kk;
mod reader;
pub mod sudokuwiki;

use std::fmt;

use thiserror::Error;

use crate::model::{Grid, Options, Progress, Puzzle, Regions};

pub use reader::{ReadError, Reader};

/// A notation for puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The J essay's format.
    Kk,
    /// Seed 003's human-readable lines with A1 cell names.
    A1,
    /// SudokuWiki's packed strings.
    SudokuWiki,
    /// Keen game IDs.
    Keen,
    /// cagey's JSON.
    Json,
    /// A grid of cage letters with a legend.
    Grid,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 6] = [
        Format::Kk,
        Format::A1,
        Format::SudokuWiki,
        Format::Keen,
        Format::Json,
        Format::Grid,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Kk => "kk",
            Format::A1 => "a1",
            Format::SudokuWiki => "sudokuwiki",
            Format::Keen => "keen",
            Format::Json => "json",
            Format::Grid => "grid",
        }
    }

    /// The format called `name`; `name.parse::<Format>()` says what is wrong instead of
    /// `None`.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A format name that names no format; its message lists the formats there are, so that
/// every front end (command line, web API) words the refusal alike.
///
/// ```
/// use cagey::formats::Format;
///
/// assert_eq!("keen".parse::<Format>(), Ok(Format::Keen));
/// let error = "yaml".parse::<Format>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unknown format \"yaml\"; the formats are kk, a1, sudokuwiki, keen, json, grid"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown format {name:?}; the formats are {}", format_names())]
pub struct UnknownFormat {
    /// The name as given.
    pub name: String,
}

/// The names of every format, in [`Format::ALL`]'s order, separated by commas.
fn format_names() -> String {
    let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    names.join(", ")
}

impl std::str::FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::from_name(name).ok_or_else(|| UnknownFormat {
            name: name.to_string(),
        })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One puzzle read from a text, with what surrounds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The partial state the text carried, if any.
    pub progress: Option<Progress>,
    /// The line the puzzle starts on, counted from 1.
    pub line: usize,
    /// Comment lines and metadata, without the `#` and surrounding spaces; `key=value`
    /// comments can be read with [`Entry::meta`].
    pub comments: Vec<String>,
}

impl Entry {
    /// An entry holding only `puzzle`, on line 1.
    pub fn new(puzzle: Puzzle) -> Entry {
        Entry {
            puzzle,
            progress: None,
            line: 1,
            comments: Vec::new(),
        }
    }

    /// The value of a `# key=value` comment, trimmed.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.comments.iter().find_map(|comment| {
            let (k, v) = comment.split_once('=')?;
            (k.trim() == key).then(|| v.trim())
        })
    }
}

/// A text that could not be read, in whichever format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The J essay's format.
    #[error("kk format, {0}")]
    Kk(#[from] kk::KkError),
    /// Seed 003's format.
    #[error("a1 format, {0}")]
    A1(#[from] a1::A1Error),
    /// A SudokuWiki string.
    #[error("sudokuwiki format, {0}")]
    SudokuWiki(#[from] sudokuwiki::SudokuWikiError),
    /// A Keen game ID.
    #[error("keen format, {0}")]
    Keen(#[from] keen::KeenError),
    /// cagey's JSON.
    #[error("json format, {0}")]
    Json(#[from] json::JsonError),
    /// The grid of letters.
    #[error("grid format, {0}")]
    Grid(#[from] grid::GridError),
}

impl ParseError {
    /// The line the error is on, counted from 1, if it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::Kk(e) => (e.line > 0).then_some(e.line),
            ParseError::A1(e) => (e.line > 0).then_some(e.line),
            ParseError::Grid(e) => (e.line > 0).then_some(e.line),
            ParseError::Json(e) => e.line,
            ParseError::SudokuWiki(_) | ParseError::Keen(_) => None,
        }
    }
}

/// Why a puzzle cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot write this puzzle as {format}: {reason}")]
pub struct WriteError {
    /// The target format.
    pub format: Format,
    /// What the format cannot hold.
    pub reason: String,
}

/// `line 4, column 7: `, `line 4: `, or nothing for line 0 (the whole input): how the text
/// formats' errors begin.
fn position(line: usize, column: Option<usize>) -> String {
    match (line, column) {
        (0, _) => String::new(),
        (line, None) => format!("line {line}: "),
        (line, Some(column)) => format!("line {line}, column {column}: "),
    }
}

/// The error of a format that holds plain KenKen only, naming what `puzzle` has beyond it.
fn plain_only(format: Format, puzzle: &Puzzle) -> WriteError {
    let mut beyond = Vec::new();
    match puzzle.regions() {
        Regions::None => {}
        Regions::Boxes { .. } => beyond.push("boxes"),
        Regions::Jigsaw(_) => beyond.push("jigsaw regions"),
    }
    if puzzle.options().killer {
        beyond.push("the killer rule");
    }
    if puzzle.cells().any(|cell| puzzle.given(cell).is_some()) {
        beyond.push("givens");
    }
    if puzzle.options().multi_cell {
        beyond.push("the multi-cell rule");
    }
    WriteError {
        format,
        reason: format!(
            "the format holds plain KenKen only, and this {} has {} (boxes, regions, givens and the killer rule go in kk, json or sudokuwiki; the multi-cell rule in kk or json)",
            puzzle.kind(),
            beyond.join(" and ")
        ),
    }
}

/// Guesses the format of `text` from its first meaningful line.
///
/// JSON starts with `{` (one puzzle) or `[` (an array of them); a SudokuWiki string is a
/// `K`/`D`/`L`/`M` header with a base-36 body or a pasted `sudokuwiki.org` address; a Keen ID
/// is `PARAMS:DESC` or `PARAMS#SEED`; a1 lines start with an operation sign and name
/// cells like `B3`; a grid of letters has a first line of letters only; anything else is
/// read as the J essay's format.
pub fn detect(text: &str) -> Format {
    text.lines()
        .map(str::trim)
        .find(|line| is_meaningful(line))
        .map_or(Format::Kk, detect_line)
}

/// Whether a trimmed line can tell the format: not blank, and not a comment (except seed
/// 003's `# N` size line, which is how that format begins).
fn is_meaningful(line: &str) -> bool {
    !line.is_empty() && (!line.starts_with('#') || a1::is_size_line(line))
}

/// The format whose text begins with `first`, the first meaningful line (see [`detect`]).
fn detect_line(first: &str) -> Format {
    if first.starts_with('{') || first.starts_with('[') {
        Format::Json
    } else if sudokuwiki::looks_like(first) {
        Format::SudokuWiki
    } else if keen::looks_like(first) {
        Format::Keen
    } else if a1::is_size_line(first) || a1::looks_like(first) {
        Format::A1
    } else if grid::looks_like(first) {
        Format::Grid
    } else {
        Format::Kk
    }
}

/// A format read line by line, holding one puzzle at a time: what [`parse_all`] and the
/// streaming [`Reader`] share, so that both split a text into the same puzzles.
pub(crate) trait LineParser: Default {
    /// The format's error.
    type Error: Into<ParseError>;

    /// Reads every puzzle that comes out from now on under `options` besides what its text
    /// states (see [`Options::union`]).
    fn set_options(&mut self, options: Options);

    /// Reads line `line_number` (counted from 1; its text without the `\n`, with any `\r`
    /// before it left for the format to take off) and returns the puzzle this line ends, if
    /// any, with the line that puzzle starts on.
    fn push(
        &mut self,
        line_number: usize,
        line: &str,
    ) -> Option<(usize, Result<Entry, Self::Error>)>;

    /// Ends the input: the puzzle still being read, or, when no puzzle came out at all, the
    /// format's error for an empty input (with line 0).
    fn finish(self) -> Option<(usize, Result<Entry, Self::Error>)>;
}

/// A format with one puzzle to a line (Keen game IDs, SudokuWiki strings): blank lines and
/// `#` comment lines between them are skipped.
pub(crate) trait OnePerLine {
    /// The format's error.
    type Error: Into<ParseError>;

    /// Parses the puzzle of one line, under `options` besides what the line states.
    fn parse_line(line: &str, options: Options) -> Result<Entry, Self::Error>;

    /// The error of an input that holds no puzzle.
    fn empty() -> Self::Error;
}

/// The [`LineParser`] of a [`OnePerLine`] format. Each result comes with its line (0 for
/// the error of an input with no puzzle).
pub(crate) struct PerLine<F> {
    /// Whether a puzzle (or its error) came out already: an input without one is an error.
    produced: bool,
    /// The options every puzzle is read under (see [`LineParser::set_options`]).
    options: Options,
    format: std::marker::PhantomData<F>,
}

impl<F> Default for PerLine<F> {
    fn default() -> Self {
        PerLine {
            produced: false,
            options: Options::default(),
            format: std::marker::PhantomData,
        }
    }
}

impl<F: OnePerLine> LineParser for PerLine<F> {
    type Error = F::Error;

    fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Reads line `line_number`: a puzzle unless it is blank or a comment.
    fn push(&mut self, line_number: usize, line: &str) -> Option<(usize, Result<Entry, F::Error>)> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        self.produced = true;
        let result = F::parse_line(trimmed, self.options).map(|mut entry| {
            entry.line = line_number;
            entry
        });
        Some((line_number, result))
    }

    fn finish(self) -> Option<(usize, Result<Entry, F::Error>)> {
        (!self.produced).then(|| (0, Err(F::empty())))
    }
}

/// Parses every puzzle of `text` with a [`LineParser`] under `options`, splitting lines at
/// `\n` only, as the [`Reader`] does.
pub(crate) fn parse_lines<P: LineParser>(
    text: &str,
    options: Options,
) -> Vec<Result<Entry, P::Error>> {
    parse_numbered_lines::<P>(text, options)
        .into_iter()
        .map(|(_, result)| result)
        .collect()
}

/// [`parse_lines`] with the line each puzzle starts on (0 for the error of an input that
/// holds no puzzle), which names a puzzle whose error concerns all of it.
pub(crate) fn parse_numbered_lines<P: LineParser>(
    text: &str,
    options: Options,
) -> Vec<(usize, Result<Entry, P::Error>)> {
    let mut parser = P::default();
    parser.set_options(options);
    let mut results: Vec<_> = text
        .split('\n')
        .enumerate()
        .filter_map(|(index, line)| parser.push(index + 1, line))
        .collect();
    results.extend(parser.finish());
    results
}

/// Parses every puzzle of `text` in `format`, in order; one bad puzzle does not hide the
/// next where the format has several puzzles to a text.
pub fn parse_all(format: Format, text: &str) -> Vec<Result<Entry, ParseError>> {
    parse_all_with(format, text, Options::default())
}

/// [`parse_all`], reading every puzzle under `options` on top of what its text states: a kk
/// puzzle as if its block began with `# killer` or `# multi-cell`, a JSON puzzle as if it
/// said `"killer": true` or `"multi_cell": true`, and a puzzle of the other formats, which
/// have no way to state an option, with the option on.
///
/// This is how a file written before a directive existed is read under its rules:
///
/// ```
/// use cagey::formats::{parse_all, parse_all_with, Format};
/// use cagey::model::Options;
///
/// // An L of three cells divides to 2: 2 / (1 * 1).
/// let text = "2%,0 1 3\n3,2\n3,4\n2,5\n3,6\n2,7\n1,8\n";
/// let error = parse_all(Format::Kk, text).remove(0).unwrap_err();
/// assert!(error.to_string().contains("a % cage must have exactly two cells"));
///
/// let multi_cell = Options { multi_cell: true, ..Options::default() };
/// let entry = parse_all_with(Format::Kk, text, multi_cell).remove(0).unwrap();
/// assert!(entry.puzzle.options().multi_cell);
/// ```
pub fn parse_all_with(
    format: Format,
    text: &str,
    options: Options,
) -> Vec<Result<Entry, ParseError>> {
    fn wrap<E: Into<ParseError>>(results: Vec<Result<Entry, E>>) -> Vec<Result<Entry, ParseError>> {
        results.into_iter().map(|r| r.map_err(Into::into)).collect()
    }
    match format {
        Format::Kk => wrap(parse_lines::<kk::Lines>(text, options)),
        Format::A1 => wrap(parse_lines::<a1::Lines>(text, options)),
        Format::SudokuWiki => wrap(parse_lines::<PerLine<sudokuwiki::Lines>>(text, options)),
        Format::Keen => wrap(parse_lines::<PerLine<keen::Lines>>(text, options)),
        Format::Json => wrap(json::parse_all_with(text, options)),
        Format::Grid => wrap(parse_lines::<grid::Lines>(text, options)),
    }
}

/// Parses a text holding exactly one puzzle, detecting its format.
pub fn parse(text: &str) -> Result<Entry, ParseError> {
    let format = detect(text);
    let mut results = parse_all(format, text).into_iter();
    results
        .next()
        .expect("every parser reports at least one result")
}

/// Writes several entries in `format` as one document (see [`join`]); fails on the first
/// entry the format cannot hold.
pub fn write_all(format: Format, entries: &[Entry]) -> Result<String, WriteError> {
    let written = entries
        .iter()
        .map(|entry| Ok((entry, write(format, entry)?)))
        .collect::<Result<Vec<_>, WriteError>>()?;
    Ok(join(format, &written))
}

/// Assembles entries already written in `format` into one document, each with its comments
/// where the format has a place for them: puzzles each followed by a blank line, one per
/// line for the string formats, and a JSON array for more than one JSON puzzle.
///
/// The blank line comes after the last puzzle too, so that two documents concatenate
/// (`cat a.kk b.kk`) into one holding the puzzles of both: a kk file without it, run into the
/// next, reads as one puzzle with its cages twice. (Writing the blank line only between
/// puzzles, as this once did, made every document a tidy file and every concatenation a
/// broken one.)
///
/// ```
/// use cagey::formats::{self, Entry, Format};
///
/// let entry = Entry::new(formats::kk::parse("3+,0 1\n3+,2 3\n").unwrap());
/// let text = formats::write_all(Format::Kk, &[entry])?;
/// assert_eq!(text, "3+,0 1\n3+,2 3\n\n");
/// let twice = formats::parse_all(Format::Kk, &text.repeat(2));
/// assert_eq!(twice.len(), 2);
/// # Ok::<(), formats::WriteError>(())
/// ```
pub fn join(format: Format, written: &[(&Entry, String)]) -> String {
    match format {
        Format::Kk | Format::A1 | Format::Grid => written
            .iter()
            .map(|(entry, text)| {
                let comments: String = entry.comments.iter().map(|c| format!("# {c}\n")).collect();
                format!("{comments}{text}\n")
            })
            .collect(),
        Format::SudokuWiki | Format::Keen => {
            written.iter().map(|(_, t)| format!("{t}\n")).collect()
        }
        Format::Json if written.len() == 1 => written[0].1.clone(),
        Format::Json => {
            let texts: Vec<&str> = written.iter().map(|(_, t)| t.as_str()).collect();
            format!("[\n{}]\n", texts.join(",\n"))
        }
    }
}

/// Writes `puzzle` solved as `grid`, for the formats that have a place for cell values: a
/// SudokuWiki string with every cell solved, JSON with a `progress` of digits, or Keen's
/// `S…` solution string.
pub fn write_solution(format: Format, puzzle: &Puzzle, grid: &Grid) -> Result<String, WriteError> {
    let progress = Progress::from_grid(grid);
    match format {
        Format::SudokuWiki => sudokuwiki::write(puzzle, Some(&progress)).map(|s| s + "\n"),
        Format::Json => json::write(puzzle, Some(&progress)),
        Format::Keen => keen::write_solution(grid).map(|s| s + "\n").ok_or_else(|| WriteError {
            format,
            reason: "Keen's solution strings hold one digit per cell, so grids up to 9x9".into(),
        }),
        Format::Kk | Format::A1 | Format::Grid => Err(WriteError {
            format,
            reason: "the format has no place for cell values; a solution can be written as sudokuwiki, json or keen".into(),
        }),
    }
}

/// Writes `entry` in `format`. Comments are kept where the format has them; progress is
/// kept where it has a place for it (SudokuWiki, JSON).
pub fn write(format: Format, entry: &Entry) -> Result<String, WriteError> {
    match format {
        Format::Kk => Ok(kk::write(&entry.puzzle)),
        Format::A1 => a1::write(&entry.puzzle),
        Format::SudokuWiki => sudokuwiki::write(&entry.puzzle, entry.progress.as_ref()),
        Format::Keen => keen::write(&entry.puzzle),
        Format::Json => json::write(&entry.puzzle, entry.progress.as_ref()),
        Format::Grid => grid::write(&entry.puzzle),
    }
}
