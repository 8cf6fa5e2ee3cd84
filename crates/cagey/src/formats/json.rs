//! cagey's JSON format, for programs: the puzzle as an object, cells as `[row, col]` pairs.
//!
//! ```json
//! {
//!   "size": 4,
//!   "cages": [
//!     {"op": "=", "target": 1, "cells": [[0, 0]]},
//!     {"op": "+", "target": 11, "cells": [[0, 1], [0, 2], [1, 1], [1, 2]]}
//!   ],
//!   "progress": [[1, 0, [2, 3], 4], ...]
//! }
//! ```
//!
//! - `size`: the grid side, 1 to 32.
//! - `cages`: each with `op` (`+`, `-`, `*`, `/`, or `=` for a given), a positive `target`
//!   and its `cells` as 0-based `[row, col]` pairs, row 0 at the top.
//! - `boxes` (optional): `[rows, cols]` of one box; or `regions`: `size` rows of `size`
//!   region numbers from 0 (jigsaw).
//! - `killer`, `multi_cell` (optional, default false): the killer rule; subtraction and
//!   division over any number of cells. Only a killer puzzle may leave cells in no cage.
//! - `diagonals` (optional, default false): the diagonal rule (Killer X), each long diagonal
//!   holds every digit once.
//! - `givens` (optional): `[row, col, digit]` triples fixed outside the cages.
//! - `progress` (optional): `size` rows of `size` entries, each `0` (nothing known), a digit
//!   (solved) or an array of candidate digits.
//!
//! A text may hold one puzzle object or an array of them. `schema/puzzle.schema.json` in the
//! repository is the JSON Schema of this format; written files validate against it.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use thiserror::Error;

use super::entry::Entry;
use super::write_error::WriteError;
use crate::model::{
    Cage, Cell, CellState, Operation, Options, Progress, Puzzle, PuzzleError, Regions, MAX_SIZE,
};

/// What is wrong with a JSON text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{message}", self.line.map(|l| format!("line {l}, column {}: ", self.column.unwrap_or(0))).unwrap_or_default())]
pub struct JsonError {
    /// The line of a syntax error, counted from 1.
    pub line: Option<usize>,
    /// The column of a syntax error, counted from 1.
    pub column: Option<usize>,
    /// What is wrong, naming the field (`cages[3].cells[1]`) for errors of meaning.
    pub message: String,
}

impl JsonError {
    fn at(path: String, message: impl std::fmt::Display) -> JsonError {
        JsonError {
            line: None,
            column: None,
            message: format!("{path}: {message}"),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPuzzle {
    size: usize,
    cages: Vec<JsonCage>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxes: Option<[usize; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    regions: Option<Vec<Vec<u8>>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    killer: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    multi_cell: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    diagonals: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    givens: Vec<[usize; 3]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    progress: Option<Vec<Vec<JsonCell>>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonCage {
    op: String,
    target: u64,
    cells: Vec<[usize; 2]>,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum JsonCell {
    Digit(u8),
    Candidates(Vec<u8>),
}

/// Parses a text holding one puzzle object or an array of them.
pub fn parse_all(text: &str) -> Vec<Result<Entry, JsonError>> {
    parse_all_with(text, Options::default())
}

/// [`parse_all`] with `options` in force for every puzzle besides the `killer` and
/// `multi_cell` it states (see [`super::dispatch::parse_all_with`]).
pub(crate) fn parse_all_with(text: &str, options: Options) -> Vec<Result<Entry, JsonError>> {
    // The whole text is checked for syntax first, so that a syntax error keeps its line and
    // column, without building anything: each puzzle stays a slice of the text (a raw
    // value) until it is read on its own, so that one bad puzzle does not hide the others
    // and memory holds one puzzle at a time. (A `serde_json::Value` of the whole text, as
    // this once built, took 1.15 GB for a 48 MB file before its size was refused.)
    let syntax = |error: serde_json::Error| JsonError {
        line: Some(error.line()),
        column: Some(error.column()),
        message: error
            .to_string()
            .split(" at line")
            .next()
            .unwrap_or_default()
            .to_string(),
    };
    let whole: &RawValue = match serde_json::from_str(text) {
        Ok(whole) => whole,
        Err(error) => return vec![Err(syntax(error))],
    };
    let items: Vec<(String, &RawValue)> = if whole.get().starts_with('[') {
        match serde_json::from_str::<Vec<&RawValue>>(whole.get()) {
            Ok(items) => items
                .into_iter()
                .enumerate()
                .map(|(i, item)| (format!("[{i}]"), item))
                .collect(),
            Err(error) => return vec![Err(syntax(error))],
        }
    } else {
        vec![(String::new(), whole)]
    };
    items
        .into_iter()
        .map(|(prefix, item)| read_one(item.get(), &prefix, options))
        .collect()
}

/// The side a puzzle object states, read without building the rest of it.
#[derive(Deserialize)]
struct Side {
    #[serde(default)]
    size: Option<u64>,
}

/// Reads the puzzle object `text` (`prefix` names it in an array: `[3]`).
fn read_one(text: &str, prefix: &str, options: Options) -> Result<Entry, JsonError> {
    // The side is checked before the cages are built: a `"size": 1000` puzzle is refused
    // without reading its million cells.
    if let Ok(Side { size: Some(n) }) = serde_json::from_str::<Side>(text) {
        if !(1..=MAX_SIZE as u64).contains(&n) {
            return Err(bad_side(n, prefix));
        }
    }
    let mut reader = serde_json::Deserializer::from_str(text);
    let puzzle: JsonPuzzle = serde_path_to_error::deserialize(&mut reader).map_err(|error| {
        let path = error.path().to_string();
        // serde_json's position is within this puzzle's slice, not the text: left out.
        let inner = error.into_inner().to_string();
        let message = inner.split(" at line").next().unwrap_or_default();
        // An unknown field is wrong in the object that holds it, which the path ends before.
        let path = match message.starts_with("unknown field") {
            true => path.rfind(['.', '[']).map_or("", |at| &path[..at]),
            false => path.as_str(),
        };
        let place = match path {
            "" | "." if prefix.is_empty() => "the puzzle".to_string(),
            "" | "." => format!("puzzle {prefix}"),
            field => format!("{prefix}{field}"),
        };
        JsonError::at(place, message)
    })?;
    entry(puzzle, prefix, options)
}

/// The error of a puzzle whose side is `n`, not one from 1 to [`MAX_SIZE`].
fn bad_side(n: impl std::fmt::Display, prefix: &str) -> JsonError {
    JsonError::at(
        format!("{prefix}size"),
        format!("{n} is not a grid side from 1 to {MAX_SIZE}"),
    )
}

/// Builds the puzzle of one JSON object, under `options` besides those it states.
fn entry(json: JsonPuzzle, prefix: &str, options: Options) -> Result<Entry, JsonError> {
    let n = json.size;
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(bad_side(n, prefix));
    }
    let mut cages = Vec::with_capacity(json.cages.len());
    for (i, cage) in json.cages.iter().enumerate() {
        let path = format!("{prefix}cages[{i}]");
        let operation = match cage.op.as_str() {
            "+" => Operation::Add,
            "-" | "−" => Operation::Subtract,
            "*" | "x" | "×" => Operation::Multiply,
            "/" | "%" | "÷" => Operation::Divide,
            "=" | "" => Operation::Given,
            "?" => Operation::Unknown,
            other => {
                return Err(JsonError::at(
                    format!("{path}.op"),
                    format!("{other:?} is not one of + - * / ="),
                ))
            }
        };
        let mut cells = Vec::with_capacity(cage.cells.len());
        for (j, &[row, col]) in cage.cells.iter().enumerate() {
            if row >= n || col >= n {
                return Err(JsonError::at(
                    format!("{path}.cells[{j}]"),
                    format!("[{row}, {col}] is outside the {n}x{n} grid"),
                ));
            }
            cells.push(Cell::at(row, col, n));
        }
        cages.push(Cage::new(operation, cage.target, cells));
    }
    let options = Options {
        killer: json.killer,
        multi_cell: json.multi_cell,
        diagonals: json.diagonals,
        ..Options::default()
    }
    .union(options);
    let mut builder = Puzzle::builder(n).cages(cages).options(options);
    match (json.boxes, json.regions) {
        (Some(_), Some(_)) => {
            return Err(JsonError::at(
                format!("{prefix}boxes"),
                "a puzzle has boxes or regions, not both",
            ))
        }
        (Some([rows, cols]), None) => builder = builder.regions(Regions::Boxes { rows, cols }),
        (None, Some(rows)) => {
            if rows.len() != n || rows.iter().any(|row| row.len() != n) {
                return Err(JsonError::at(
                    format!("{prefix}regions"),
                    format!("expected {n} rows of {n} region numbers"),
                ));
            }
            builder = builder.regions(Regions::Jigsaw(rows.concat()));
        }
        (None, None) => {}
    }
    for (i, &[row, col, digit]) in json.givens.iter().enumerate() {
        if row >= n || col >= n || digit > MAX_SIZE {
            return Err(JsonError::at(
                format!("{prefix}givens[{i}]"),
                format!("[{row}, {col}, {digit}] is not a cell of the {n}x{n} grid and a digit"),
            ));
        }
        builder = builder.given(Cell::at(row, col, n), digit as u8);
    }
    let puzzle = builder.build().map_err(|error| describe(error, prefix))?;
    let progress = match json.progress {
        None => None,
        Some(rows) => Some(progress(rows, n, prefix)?),
    };
    Ok(Entry {
        puzzle,
        progress,
        line: 1,
        comments: Vec::new(),
    })
}

fn describe(error: PuzzleError, prefix: &str) -> JsonError {
    match (&error, error.cage()) {
        (_, Some(cage)) => JsonError::at(format!("{prefix}cages[{cage}]"), error.detail()),
        (PuzzleError::BoxShape { .. }, _) => JsonError::at(format!("{prefix}boxes"), error),
        (PuzzleError::Jigsaw { .. }, _) => JsonError::at(format!("{prefix}regions"), error),
        (PuzzleError::BadGiven { .. }, _) => JsonError::at(format!("{prefix}givens"), error),
        _ => JsonError::at(format!("{prefix}cages"), error),
    }
}

fn progress(rows: Vec<Vec<JsonCell>>, n: usize, prefix: &str) -> Result<Progress, JsonError> {
    if rows.len() != n || rows.iter().any(|row| row.len() != n) {
        return Err(JsonError::at(
            format!("{prefix}progress"),
            format!("expected {n} rows of {n} entries"),
        ));
    }
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in rows.into_iter().enumerate() {
        for (c, entry) in row.into_iter().enumerate() {
            let bad = |what: String| JsonError::at(format!("{prefix}progress[{r}][{c}]"), what);
            cells.push(match entry {
                JsonCell::Digit(0) => CellState::Unknown,
                JsonCell::Digit(d) if usize::from(d) <= n => CellState::Solved(d),
                JsonCell::Digit(d) => {
                    return Err(bad(format!("{d} is not a digit of a {n}x{n} grid")))
                }
                JsonCell::Candidates(digits) => {
                    if let Some(d) = digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                        return Err(bad(format!(
                            "candidate {d} is not a digit of a {n}x{n} grid"
                        )));
                    }
                    CellState::Candidates(digits.into_iter().collect())
                }
            });
        }
    }
    Ok(Progress::from_cells(n, cells).expect("checked above"))
}

/// The name of an operation in the format's `op` field: `+ - * /`, `=` for a given and `?`
/// for a hidden operation (reading also takes `x`, `×`, `÷` and the like).
pub fn op_name(operation: Operation) -> &'static str {
    match operation {
        Operation::Add => "+",
        Operation::Subtract => "-",
        Operation::Multiply => "*",
        Operation::Divide => "/",
        Operation::Given => "=",
        Operation::Unknown => "?",
    }
}

/// Writes a puzzle (and its progress) as one JSON object, a cage per line.
pub fn write(puzzle: &Puzzle, progress: Option<&Progress>) -> Result<String, WriteError> {
    let n = puzzle.size();
    let cages: Vec<String> = puzzle
        .cages()
        .iter()
        .map(|cage| {
            let json = JsonCage {
                op: op_name(cage.operation()).to_string(),
                target: cage.target(),
                cells: cage.cells().iter().map(|c| [c.row(n), c.col(n)]).collect(),
            };
            serde_json::to_string(&json).expect("cages serialise")
        })
        .collect();
    let mut out = format!(
        "{{\n  \"size\": {n},\n  \"cages\": [\n    {}\n  ]",
        cages.join(",\n    ")
    );
    match puzzle.regions() {
        Regions::None => {}
        Regions::Boxes { rows, cols } => out.push_str(&format!(",\n  \"boxes\": [{rows}, {cols}]")),
        Regions::Jigsaw(regions) => {
            let rows: Vec<String> = regions
                .chunks(n)
                .map(|row| serde_json::to_string(row).expect("regions serialise"))
                .collect();
            out.push_str(&format!(
                ",\n  \"regions\": [\n    {}\n  ]",
                rows.join(",\n    ")
            ));
        }
    }
    if puzzle.options().killer {
        out.push_str(",\n  \"killer\": true");
    }
    if puzzle.options().multi_cell {
        out.push_str(",\n  \"multi_cell\": true");
    }
    if puzzle.options().diagonals {
        out.push_str(",\n  \"diagonals\": true");
    }
    let givens: Vec<String> = puzzle
        .cells()
        .filter_map(|cell| {
            puzzle
                .given(cell)
                .map(|d| format!("[{}, {}, {d}]", cell.row(n), cell.col(n)))
        })
        .collect();
    if !givens.is_empty() {
        out.push_str(&format!(",\n  \"givens\": [{}]", givens.join(", ")));
    }
    if let Some(progress) = progress {
        let rows: Vec<String> = (0..n)
            .map(|r| {
                let row: Vec<JsonCell> = (0..n)
                    .map(|c| match progress.get(Cell::at(r, c, n)) {
                        CellState::Unknown => JsonCell::Digit(0),
                        CellState::Solved(d) => JsonCell::Digit(d),
                        CellState::Candidates(set) => JsonCell::Candidates(set.iter().collect()),
                    })
                    .collect();
                serde_json::to_string(&row).expect("progress serialises")
            })
            .collect();
        out.push_str(&format!(
            ",\n  \"progress\": [\n    {}\n  ]",
            rows.join(",\n    ")
        ));
    }
    out.push_str("\n}\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;
    use crate::model::DigitSet;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    #[test]
    fn round_trips_with_progress() {
        let puzzle = kk::parse(KK0).unwrap();
        let mut cells = vec![CellState::Unknown; 16];
        cells[0] = CellState::Solved(1);
        cells[1] = CellState::Candidates([2, 3].into_iter().collect::<DigitSet>());
        let progress = Progress::from_cells(4, cells).unwrap();
        let text = write(&puzzle, Some(&progress)).unwrap();
        assert!(
            text.contains("{\"op\":\"+\",\"target\":11,\"cells\":[[0,1],[0,2],[1,1],[1,2]]}"),
            "{text}"
        );
        let entry = parse_all(&text).remove(0).unwrap();
        assert_eq!(entry.puzzle, puzzle);
        assert_eq!(entry.progress, Some(progress));
    }

    #[test]
    fn round_trips_variants() {
        let text = "# boxes 2x2\n# killer\n# givens 5=3\n4+,0 4\n6+,1 2 3\n5+,5 6\n5+,7 11\n3+,8 12\n4+,9 13\n6+,10 14 15\n";
        let puzzle = kk::parse(text).unwrap();
        let json = write(&puzzle, None).unwrap();
        assert!(
            json.contains("\"boxes\": [2, 2],\n  \"killer\": true,\n  \"givens\": [[1, 1, 3]]"),
            "{json}"
        );
        assert_eq!(parse_all(&json).remove(0).unwrap().puzzle, puzzle);
        // A killer puzzle may leave cells in no cage.
        let sparse = kk::parse("# size 3\n# killer\n3+,0 1\n4+,4 5\n").unwrap();
        let json = write(&sparse, None).unwrap();
        assert_eq!(parse_all(&json).remove(0).unwrap().puzzle, sparse);
        let jigsaw = kk::parse("# regions 0011\n# multi-cell\n3+,0 1\n3+,2 3\n").unwrap();
        let json = write(&jigsaw, None).unwrap();
        assert!(
            json.contains("\"regions\": [\n    [0,0],\n    [1,1]\n  ],\n  \"multi_cell\": true"),
            "{json}"
        );
        assert_eq!(parse_all(&json).remove(0).unwrap().puzzle, jigsaw);
    }

    /// Issue #45: `"diagonals": true` is the diagonal rule, read and written; absent, false.
    #[test]
    fn the_diagonals_field_is_the_diagonal_rule() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = kk::parse(text).unwrap();
        let json = write(&puzzle, None).unwrap();
        assert!(
            json.contains("\"killer\": true,\n  \"diagonals\": true"),
            "{json}"
        );
        let read = parse_all(&json).remove(0).unwrap().puzzle;
        assert!(read.options().diagonals);
        assert_eq!(read, puzzle);
        let plain = json.replace(",\n  \"diagonals\": true", "");
        assert!(
            !parse_all(&plain)
                .remove(0)
                .unwrap()
                .puzzle
                .options()
                .diagonals
        );
    }

    #[test]
    fn reads_an_array_of_puzzles() {
        let one = write(&kk::parse(KK0).unwrap(), None).unwrap();
        let results = parse_all(&format!("[{one}, {{\"size\": 2, \"cages\": []}}]"));
        assert_eq!(results.len(), 2);
        assert!(results[0].is_ok());
        assert!(results[1]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("[1]cages: a cage puzzle needs at least one cage"));
    }

    #[test]
    fn names_the_field_in_errors() {
        let cases = [
            ("{\"size\": 2,", "line 1, column 11: EOF while parsing"),
            ("{\"size\": 40, \"cages\": []}", "size: 40 is not a grid side"),
            ("{\"size\": 2, \"cages\": [{\"op\": \"^\", \"target\": 3, \"cells\": [[0,0]]}]}", "cages[0].op: \"^\" is not one of"),
            ("{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": [[0,2]]}]}", "cages[0].cells[0]: [0, 2] is outside the 2x2 grid"),
            ("{\"size\": 2, \"cages\": [], \"colour\": 1}", "the puzzle: unknown field `colour`"),
            ("{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": [[0,0],[0,1]]}, {\"op\": \"+\", \"target\": 3, \"cells\": [[1,0],[1,1]]}], \"boxes\": [1, 3]}", "boxes: boxes of 1x3 cells"),
            ("{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": [[0,0],[0,1]]}, {\"op\": \"+\", \"target\": 3, \"cells\": [[1,0],[1,1]]}], \"givens\": [[0, 0, 7]]}", "givens: given 7 in r1c1"),
            ("{\"size\": 1, \"cages\": [{\"op\": \"=\", \"target\": 1, \"cells\": [[0,0]]}], \"progress\": [[3]]}", "progress[0][0]: 3 is not a digit"),
            // Numbers serde refuses name their field too (they named none before #41).
            ("{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": -3, \"cells\": [[0,0]]}]}", "cages[0].target: invalid value: integer `-3`"),
            ("{\"size\": -3, \"cages\": []}", "size: invalid value: integer `-3`"),
            ("[{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": [[0,-1]]}]}]", "[0]cages[0].cells[0][1]: invalid value: integer `-1`"),
            ("{\"size\": 1000, \"cages\": [{\"op\": 5}]}", "size: 1000 is not a grid side from 1 to 32"),
        ];
        for (text, expected) in cases {
            let message = parse_all(text).remove(0).unwrap_err().to_string();
            assert!(
                message.contains(expected),
                "{text:?} gave {message:?}, expected {expected:?}"
            );
        }
    }
}
