//! A grid of cage letters with a legend: a format people can read and write in a text editor.
//!
//! ```text
//! # kk0
//! abbc
//! dbbc
//! ddef
//! gghh
//! a 1
//! b 11+
//! c 4+
//! d 8*
//! e 1-
//! f 2/
//! g 7+
//! h 2/
//! ```
//!
//! - **Rows**: n lines of n cage names, the top row first. When every name is one character
//!   the names may be written side by side (`abbc`); otherwise they are separated by spaces
//!   (`aa ab ab ac`). The first row fixes n.
//! - **Legend**: then one line per cage, `NAME LABEL`, with the label as in the kk format's
//!   format (`11+`, `2/`, `3` for a given; signs `+ - * /` and their synonyms `% x × ÷ −`).
//!   Every name of the grid has exactly one legend line; the cells of one name form one
//!   connected cage.
//! - Lines starting with `#` are comments; a blank line after a legend ends the puzzle, so a
//!   file may hold several.
//!
//! The writer names cages `a`..`z`, then `A`..`Z`, in order of their first cell; past 52
//! cages it uses two-letter names (`aa`, `ab`, …) separated by spaces.

use std::collections::HashMap;

use thiserror::Error;

use super::entry::Entry;
use super::lines::excerpt;
use super::write_error::WriteError;
use crate::model::{Cage, Cell, Operation, Options, Puzzle, PuzzleError, MAX_SIZE};

/// A parse error: the line (and column where it helps), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", if *line > 0 { format!("line {line}: ") } else { String::new() })]
pub struct GridError {
    /// The line, counted from 1; 0 for the whole input.
    pub line: usize,
    /// What is wrong.
    pub kind: GridErrorKind,
}

/// What is wrong with a grid of letters.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridErrorKind {
    /// No puzzle.
    #[error("no puzzle found: expected rows of cage names, then a legend line per cage")]
    Empty,
    /// A grid wider than the model holds.
    #[error("the first row has {0} names; grids run up to {MAX_SIZE}")]
    TooWide(usize),
    /// A row of the wrong length.
    #[error("row {row} has {found} names, expected {expected} like the first row")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Names found.
        found: usize,
        /// Names expected.
        expected: usize,
    },
    /// The grid stops before n rows: what a line of words that is not a grid gives.
    #[error(
        "not a square grid of cage names: the first row has {expected} names, so {expected} rows and then a legend line per cage (`a 11+`) should follow, and the text has {found} {}",
        if *found == 1 { "row" } else { "rows" }
    )]
    MissingRows {
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// A legend line that is not `NAME LABEL`.
    #[error("expected a legend line `NAME LABEL` such as `a 11+`, found {0:?}")]
    BadLegend(String),
    /// A label that is not a target and sign.
    #[error("label {0:?} is not a positive number with an optional sign + - * /")]
    BadLabel(String),
    /// A legend for a name not in the grid.
    #[error("the legend names {0:?}, which is not in the grid")]
    UnknownName(String),
    /// Two legend lines for one name.
    #[error("{name:?} already has a legend on line {first}")]
    DuplicateLegend {
        /// The name.
        name: String,
        /// The line of the first legend.
        first: usize,
    },
    /// A name of the grid without a legend.
    #[error("cage {0:?} has no legend line")]
    MissingLegend(String),
    /// The cages do not make a valid puzzle.
    #[error("cage {name:?}: {}", error.detail())]
    Puzzle {
        /// The cage's name.
        name: String,
        /// What is wrong.
        error: PuzzleError,
    },
}

/// Whether `line` could be the first row of a grid: names only, no commas or colons.
pub fn looks_like(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_alphanumeric() || c.is_whitespace())
        && line.chars().any(char::is_alphabetic)
}

/// Parses every puzzle of a text.
pub fn parse_all(text: &str) -> Vec<Result<Entry, GridError>> {
    super::lines::parse_lines::<Lines>(text, Options::default())
}

/// The line-by-line reader behind [`parse_all`] and the streaming
/// [`Reader`](super::Reader): it holds the lines of one puzzle at a time. Each result comes
/// with the line its puzzle starts on (0 for the error of an input with no puzzle).
#[derive(Default)]
pub(crate) struct Lines {
    /// Comments before the next puzzle.
    comments: Vec<String>,
    /// The trimmed lines of the puzzle being read, from its first row on.
    block: Vec<(usize, String)>,
    /// The number of names in its first row: the grid side.
    width: usize,
    /// Whether a legend line has been read: a blank line then ends the puzzle.
    seen_legend: bool,
    /// Whether a puzzle (or its error) came out already: an input without one is an error.
    produced: bool,
    /// The options every puzzle is read under, which the format has no way to state.
    options: Options,
}

impl super::lines::LineParser for Lines {
    type Error = GridError;

    fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Reads line `line_number` (its text without the line end); returns the puzzle it
    /// ends, if it ends one.
    fn push(&mut self, line_number: usize, raw: &str) -> Option<(usize, Result<Entry, GridError>)> {
        let line = raw.trim();
        if self.block.is_empty() {
            if let Some(comment) = line.strip_prefix('#') {
                self.comments.push(comment.trim().to_string());
            } else if !line.is_empty() {
                self.width = names(line).len();
                self.seen_legend = false;
                self.block.push((line_number, line.to_string()));
            }
            return None;
        }
        if line.is_empty() && self.seen_legend {
            return Some(self.take_block());
        }
        // Lines past the first `width` (counting blank and comment lines, as the rows are
        // counted) that are neither blank nor comments are the legend.
        if self.block.len() >= self.width && !line.is_empty() && !line.starts_with('#') {
            self.seen_legend = true;
        }
        self.block.push((line_number, line.to_string()));
        None
    }

    /// Ends the input: the last puzzle, or the error of an input that held none.
    fn finish(mut self) -> Option<(usize, Result<Entry, GridError>)> {
        if !self.block.is_empty() {
            return Some(self.take_block());
        }
        (!self.produced).then(|| {
            let error = GridError {
                line: 0,
                kind: GridErrorKind::Empty,
            };
            (0, Err(error))
        })
    }
}

impl Lines {
    fn take_block(&mut self) -> (usize, Result<Entry, GridError>) {
        self.produced = true;
        let block = std::mem::take(&mut self.block);
        let lines: Vec<(usize, &str)> = block.iter().map(|(n, l)| (*n, l.as_str())).collect();
        let comments = std::mem::take(&mut self.comments);
        let (result, _) = parse_one(&lines, 0, comments, self.options);
        (block[0].0, result)
    }
}

/// Splits a row into names.
fn names(line: &str) -> Vec<String> {
    if line.contains(char::is_whitespace) {
        line.split_whitespace().map(String::from).collect()
    } else {
        line.chars().map(String::from).collect()
    }
}

/// Parses the puzzle starting at `lines[start]` under `options`; returns it and the index
/// after it.
fn parse_one(
    lines: &[(usize, &str)],
    start: usize,
    comments: Vec<String>,
    options: Options,
) -> (Result<Entry, GridError>, usize) {
    let first_line = lines[start].0;
    let width = names(lines[start].1).len();
    let fail = |line, kind| Err(GridError { line, kind });
    // Skip to the end of this puzzle whatever happens, so the next one can be read.
    let mut end = start;
    let mut seen_legend = false;
    while end < lines.len() {
        let line = lines[end].1;
        if line.is_empty() && seen_legend {
            break;
        }
        if end >= start + width && !line.is_empty() && !line.starts_with('#') {
            seen_legend = true;
        }
        end += 1;
    }
    if width > MAX_SIZE {
        return (fail(first_line, GridErrorKind::TooWide(width)), end);
    }
    let body: Vec<(usize, &str)> = lines[start..end]
        .iter()
        .copied()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if body.len() < width {
        return (
            fail(
                first_line,
                GridErrorKind::MissingRows {
                    found: body.len(),
                    expected: width,
                },
            ),
            end,
        );
    }
    let mut grid = Vec::with_capacity(width * width);
    for (row, &(line, text)) in body[..width].iter().enumerate() {
        let row_names = names(text);
        if row_names.len() != width {
            let kind = GridErrorKind::RowLength {
                row: row + 1,
                found: row_names.len(),
                expected: width,
            };
            return (fail(line, kind), end);
        }
        grid.extend(row_names);
    }
    let mut legend: HashMap<String, (usize, Operation, u64)> = HashMap::new();
    for &(line, text) in &body[width..] {
        let mut words = text.split_whitespace();
        let (Some(name), Some(label), None) = (words.next(), words.next(), words.next()) else {
            return (fail(line, GridErrorKind::BadLegend(excerpt(text))), end);
        };
        let Some((operation, target)) = parse_label(label, options) else {
            return (fail(line, GridErrorKind::BadLabel(excerpt(label))), end);
        };
        if !grid.iter().any(|n| n == name) {
            return (fail(line, GridErrorKind::UnknownName(excerpt(name))), end);
        }
        if let Some(&(first, _, _)) = legend.get(name) {
            let kind = GridErrorKind::DuplicateLegend {
                name: excerpt(name),
                first,
            };
            return (fail(line, kind), end);
        }
        legend.insert(name.to_string(), (line, operation, target));
    }
    // Cages in order of first appearance in the grid.
    let mut order: Vec<&String> = Vec::new();
    for name in &grid {
        if !order.contains(&name) {
            order.push(name);
        }
    }
    let mut cages = Vec::with_capacity(order.len());
    for name in &order {
        let Some(&(_, operation, target)) = legend.get(*name) else {
            return (
                fail(first_line, GridErrorKind::MissingLegend(excerpt(name))),
                end,
            );
        };
        let cells = grid
            .iter()
            .enumerate()
            .filter(|(_, n)| n == name)
            .map(|(i, _)| Cell(i as u16))
            .collect();
        cages.push(Cage::new(operation, target, cells));
    }
    let result = Puzzle::builder(width)
        .cages(cages)
        .options(options)
        .build()
        .map(|puzzle| Entry {
            puzzle,
            progress: None,
            line: first_line,
            comments,
        })
        .map_err(|error| {
            let name = error.cage().map_or_else(String::new, |c| order[c].clone());
            let line = legend.get(&name).map_or(first_line, |&(line, _, _)| line);
            GridError {
                line,
                kind: GridErrorKind::Puzzle {
                    name: excerpt(&name),
                    error,
                },
            }
        });
    (result, end)
}

/// Reads a legend label: a target and an optional sign. The target is positive, except that
/// under the multi-cell rules a 0 is left for the model to judge (it allows `0-`).
fn parse_label(label: &str, options: Options) -> Option<(Operation, u64)> {
    let digits = label
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(label.len());
    let target: u64 = label[..digits]
        .parse()
        .ok()
        .filter(|&t| t > 0 || options.multi_cell)?;
    let operation = match &label[digits..] {
        "" => Operation::Given,
        "+" => Operation::Add,
        "-" | "−" | "–" => Operation::Subtract,
        "*" | "x" | "X" | "×" => Operation::Multiply,
        "/" | "%" | "÷" => Operation::Divide,
        "?" => Operation::Unknown,
        _ => return None,
    };
    Some((operation, target))
}

/// The name of the `index`-th cage: `a`..`z`, `A`..`Z`, then `aa`, `ab`, ….
fn cage_name(index: usize, count: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if count <= LETTERS.len() {
        (LETTERS[index] as char).to_string()
    } else {
        let (high, low) = (index / LETTERS.len(), index % LETTERS.len());
        format!("{}{}", LETTERS[high] as char, LETTERS[low] as char)
    }
}

/// Writes a puzzle as a grid of names and a legend.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    if !puzzle.is_plain() {
        return Err(super::write_error::plain_only(
            super::format::Format::Grid,
            puzzle,
        ));
    }
    let n = puzzle.size();
    let count = puzzle.cages().len();
    let names: Vec<String> = (0..count).map(|i| cage_name(i, count)).collect();
    let separator = if count > 52 { " " } else { "" };
    let mut out = String::new();
    for row in 0..n {
        let line: Vec<&str> = (0..n)
            .map(|col| {
                // Plain puzzles put every cell in a cage; `.` would mark one that is not.
                puzzle
                    .cage_of(Cell::at(row, col, n))
                    .map_or(".", |id| names[id.index()].as_str())
            })
            .collect();
        out.push_str(&line.join(separator));
        out.push('\n');
    }
    for (cage, name) in puzzle.cages().iter().zip(&names) {
        let sign = match cage.operation() {
            Operation::Add => "+",
            Operation::Subtract => "-",
            Operation::Multiply => "*",
            Operation::Divide => "/",
            Operation::Given => "",
            Operation::Unknown => "?",
        };
        out.push_str(&format!("{name} {}{sign}\n", cage.target()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
    const GRID: &str = "abbc\ndbbc\nddef\ngghh\na 1\nb 11+\nc 4+\nd 8*\ne 1-\nf 1-\ng 7+\nh 2/\n";

    #[test]
    fn writes_and_reads_kk0() {
        let puzzle = kk::parse(KK0).unwrap();
        let text = write(&puzzle).unwrap();
        assert_eq!(
            text,
            "abbc\ndbbc\nddee\nffgg\na 1\nb 11+\nc 4+\nd 8*\ne 1-\nf 7+\ng 2/\n"
        );
        assert_eq!(parse_all(&text).remove(0).unwrap().puzzle, puzzle);
    }

    #[test]
    fn reads_spaced_names_and_several_puzzles() {
        let text = "# one\nx y\nx y\nx 3+\ny 3+\n\n# two\nab cd\nab cd\nab 3+\ncd 3+\n";
        let results = parse_all(text);
        assert_eq!(results.len(), 2);
        assert_eq!(results[1].as_ref().unwrap().comments, ["two"]);
        assert_eq!(results[1].as_ref().unwrap().line, 8);
    }

    #[test]
    fn names_each_error() {
        let cases = [
            ("", "no puzzle found"),
            ("ab\nabc\n", "line 2: row 2 has 3 names, expected 2"),
            ("ab\n", "line 1: not a square grid of cage names: the first row has 2 names, so 2 rows and then a legend line per cage (`a 11+`) should follow, and the text has 1 row"),
            ("hello world\n", "line 1: not a square grid of cage names: the first row has 2 names"),
            ("ab\nab\na 3+ x\n", "line 3: expected a legend line"),
            (
                "ab\nab\na 3^\n",
                "line 3: label \"3^\" is not a positive number",
            ),
            ("ab\nab\na 3+\nc 3+\n", "line 4: the legend names \"c\""),
            (
                "ab\nab\na 3+\na 3+\n",
                "line 4: \"a\" already has a legend on line 3",
            ),
            ("ab\nab\na 3+\n", "line 1: cage \"b\" has no legend line"),
            (
                "ab\nba\na 3+\nb 3+\n",
                "line 3: cage \"a\": its cells are not connected",
            ),
        ];
        for (text, expected) in cases {
            let message = parse_all(text).remove(0).unwrap_err().to_string();
            assert!(
                message.starts_with(expected),
                "{text:?} gave {message:?}, expected {expected:?}"
            );
        }
        let _ = GRID;
    }

    #[test]
    fn uses_two_letter_names_past_52_cages() {
        let cages = (0..64)
            .map(|c| Cage::given(Cell(c), ((c / 8 + c % 8) % 8 + 1) as u8))
            .collect();
        let puzzle = Puzzle::new(8, cages).unwrap();
        let text = write(&puzzle).unwrap();
        assert!(text.starts_with("aa ab ac"), "{text}");
        assert_eq!(parse_all(&text).remove(0).unwrap().puzzle, puzzle);
    }
}
