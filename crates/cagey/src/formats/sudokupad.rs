//! SudokuPad links: `https://sudokupad.app/<prefix><D>`.
//!
//! The prefix says what `<D>` holds (SudokuPad's `puzzleloader`; learnt from it):
//!
//! | prefix | alias | `<D>` |
//! |---|---|---|
//! | `fpuzzles` | `fpuz` | an f-puzzles payload ([`fpuzzles`](super::fpuzzles)) |
//! | `scl` | `ctc` | lz-string base64 of SudokuPad's own JSON, plain or "zipped" ([`zipped_json`](super::zipped_json)) |
//! | `scf` | | a classic sudoku of givens only: no cages, refused |
//! | none | | a short id of a puzzle stored on SudokuPad's server: refused, it cannot be read offline |
//!
//! SudokuPad's own JSON, as far as cagey reads it:
//!
//! ```text
//!   {"cells": [[{}, {"value": 5}, …], …],            cells[row][col]; a value is a given
//!    "regions": [[[0, 0], [0, 1], …], …],             each region's cells, 0-based [row, col]
//!    "cages": [{"cells": [[0, 0], [1, 0]], "value": "9", "unique": true}, …],
//!    "lines": [{"wayPoints": [[0, 0], [9, 9]], …}, …],   a line corner to corner: a diagonal
//!    "metadata": {"title": …, "author": …, "rules": …, "solution": …}}
//! ```
//!
//! A cage with cells and a number is a Killer cage, or with `"unique": false` on every such
//! cage a sum whose digits may repeat (a puzzle mixing the two is refused: cagey's killer
//! rule is the puzzle's); a cage labelled with an operation (`12+`, `6×`) an arithmetic one,
//! and then a bare number is a hidden operation. A cage without cells whose value reads
//! `key: value` is metadata, as in older puzzles: `title`, `author`, `rules` and `solution`
//! become the entry's comments, others (`msgcorrect: …`) are passed over; a cage without a
//! value is a drawing. A given in a cell of no cage is a one-cell given cage. SudokuPad's lines, arrows and shapes carry
//! no rule of their own (their meaning is in the rules text), so they are passed over, but
//! for the lines along both long diagonals: SudokuPad has no diagonal constraint, and draws
//! f-puzzles' `diagonal+` and `diagonal-` as such lines, so a line from corner to corner
//! (or from the centre of a corner cell to the opposite one) each way is the diagonal rule
//! (Killer X, [`Options::diagonals`]); one such line alone is refused, as cagey's rule is
//! both diagonals.
//!
//! cagey writes SudokuPad links two ways. `sudokupad` writes
//! `https://sudokupad.app/fpuzzles<D>` with the f-puzzles payload, which SudokuPad opens as
//! it opens f-puzzles' own: one writer for both sites. `sudokupad-scl` writes
//! `https://sudokupad.app/scl<D>` with SudokuPad's own JSON, plain (`to_json` says what
//! goes where): the shape this reader reads, so that what is written reads back the same.

use serde_json::Value;
use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::fpuzzles::{self, FpuzzlesError};
use super::lines::excerpt;
use super::link_text::{self, parse_cage_label, LinkLimit};
use super::write_error::WriteError;
use super::zipped_json;
use crate::model::{Cage, Cell, Diagonal, Operation, Options, Puzzle, PuzzleError, MAX_SIZE};

/// The hosts SudokuPad answers on; the path after them is the puzzle id.
const HOSTS: [&str; 5] = [
    "sudokupad.app/",
    "sudokupad.svencodes.com/",
    "app.crackingthecryptic.com/",
    "crackingthecryptic.com/",
    "svencodes.com/",
];

/// The prefixes of puzzle ids, longest first so that `fpuzzles` is not read as `fpuz`.
const PREFIXES: [(&str, Prefix); 5] = [
    ("fpuzzles", Prefix::Fpuzzles),
    ("fpuz", Prefix::Fpuzzles),
    ("scl", Prefix::Scl),
    ("ctc", Prefix::Scl),
    ("scf", Prefix::Scf),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prefix {
    Fpuzzles,
    Scl,
    Scf,
}

/// What is wrong with a SudokuPad link.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SudokuPadError {
    /// No link at all.
    #[error("no SudokuPad link found")]
    Empty,
    /// A short id of a puzzle on SudokuPad's server.
    #[error("{id:?} is a short SudokuPad id: the puzzle is stored on SudokuPad's server and cannot be read offline; in SudokuPad, use the share button's long link (one starting sudokupad.app/scl, /ctc or /fpuzzles)")]
    ShortId {
        /// The id as written.
        id: String,
    },
    /// A classic-sudoku link.
    #[error(
        "an scf link holds a classic sudoku (givens only, no cages), which is not a cage puzzle"
    )]
    ClassicOnly,
    /// An `fpuzzles` link whose payload is wrong.
    #[error("fpuzzles link: {0}")]
    Fpuzzles(FpuzzlesError),
    /// An `scl` payload that does not unpack.
    #[error("the scl payload ({length} characters, starting {start:?}) does not unpack to SudokuPad JSON: it is not lz-string base64 text, or it was cut short")]
    Unpack {
        /// Characters in the payload.
        length: usize,
        /// Its first characters.
        start: String,
    },
    /// The payload is too long, or unpacks to too much.
    #[error("{0}")]
    Limit(LinkLimit),
    /// The JSON is not a SudokuPad puzzle.
    #[error("{field}: {reason}")]
    Shape {
        /// Where: `cells`, `regions[3]`, `cage at r2c3`, …
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// The cages do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

fn shape(field: impl Into<String>, reason: impl Into<String>) -> SudokuPadError {
    SudokuPadError::Shape {
        field: field.into(),
        reason: reason.into(),
    }
}

/// Whether `line` looks like a SudokuPad link, or a bare id with a SudokuPad prefix and a
/// packed payload (`sclN4Ig…`, `fpuzzlesN4Ig…`).
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    HOSTS.iter().any(|host| line.contains(host))
        || PREFIXES.iter().any(|(prefix, _)| {
            line.strip_prefix(prefix)
                .is_some_and(|rest| rest.starts_with("N4Ig"))
        })
}

/// The format as the line-by-line readers see it: one link per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = SudokuPadError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, SudokuPadError> {
        parse_with(line, options)
    }

    fn empty() -> SudokuPadError {
        SudokuPadError::Empty
    }
}

/// Parses one SudokuPad link or id.
pub fn parse(link: &str) -> Result<Entry, SudokuPadError> {
    parse_with(link, Options::default())
}

/// The puzzle id of a link: the path after the host (less `puzzle/` or `sudoku/`), or the
/// `puzzleid=` parameter, without the settings that follow a `?`.
fn puzzle_id(link: &str) -> &str {
    if let Some(id) = link_text::query_value(link, "puzzleid") {
        return id;
    }
    let after_host = HOSTS
        .iter()
        .find_map(|host| link.find(host).map(|at| &link[at + host.len()..]))
        .unwrap_or(link);
    let id = after_host
        .strip_prefix("puzzle/")
        .or_else(|| after_host.strip_prefix("sudoku/"))
        .unwrap_or(after_host);
    id.split(['?', '#']).next().unwrap_or(id)
}

fn parse_with(link: &str, options: Options) -> Result<Entry, SudokuPadError> {
    let link = link.trim();
    if link.is_empty() {
        return Err(SudokuPadError::Empty);
    }
    let id = puzzle_id(link);
    let Some((prefix, payload)) = PREFIXES
        .iter()
        .find_map(|(name, prefix)| Some((*prefix, id.strip_prefix(name)?)))
        .filter(|(_, payload)| !payload.is_empty())
    else {
        return Err(SudokuPadError::ShortId { id: excerpt(id) });
    };
    match prefix {
        Prefix::Scf => Err(SudokuPadError::ClassicOnly),
        Prefix::Fpuzzles => fpuzzles::unpack(payload)
            .and_then(|value| fpuzzles::from_json(&value, options))
            .map_err(SudokuPadError::Fpuzzles),
        Prefix::Scl => {
            let payload = link_text::clean_payload(payload);
            let text = link_text::lz_unpack_with(&payload, |text| read_json(text).is_some())
                .map_err(SudokuPadError::Limit)?
                .ok_or_else(|| SudokuPadError::Unpack {
                    length: payload.chars().count(),
                    start: payload.chars().take(12).collect(),
                })?;
            let value = read_json(&text).ok_or_else(|| shape("payload", "not JSON"))?;
            from_json(&value, options)
        }
    }
}

/// SudokuPad's JSON, plain first, then zipped (as SudokuPad tries them); an object only.
fn read_json(text: &str) -> Option<Value> {
    serde_json::from_str::<Value>(text)
        .ok()
        .or_else(|| zipped_json::parse(text).ok())
        .filter(Value::is_object)
}

/// A `[row, col]` pair as a cell of a grid of side `n`.
fn cell_of(pair: &Value, n: usize) -> Option<Cell> {
    let pair = pair.as_array().filter(|p| p.len() == 2)?;
    let row = usize::try_from(pair[0].as_u64()?).ok()?;
    let col = usize::try_from(pair[1].as_u64()?).ok()?;
    (row < n && col < n).then(|| Cell::at(row, col, n))
}

/// A cage's cells, `[[r, c], …]`.
fn cells_of(cage: &Value, n: usize, place: &str) -> Result<Vec<Cell>, SudokuPadError> {
    let Some(pairs) = cage.get("cells").and_then(Value::as_array) else {
        return Ok(Vec::new());
    };
    pairs
        .iter()
        .map(|pair| {
            cell_of(pair, n).ok_or_else(|| {
                shape(
                    place,
                    format!(
                        "{} is not a [row, col] of a {n}x{n} grid",
                        excerpt(&pair.to_string())
                    ),
                )
            })
        })
        .collect()
}

/// The long diagonal a SudokuPad line runs along, if it runs the whole of one: every way
/// point on it, the ends at the grid's corners or in the corner cells (way points are
/// `[row, col]` in cells, the grid's corners `[0, 0]` to `[n, n]`).
fn diagonal_line(line: &Value, n: usize) -> Option<Diagonal> {
    let points: Vec<(f64, f64)> = line
        .get("wayPoints")?
        .as_array()?
        .iter()
        .map(|point| {
            let pair = point.as_array().filter(|p| p.len() == 2)?;
            Some((pair[0].as_f64()?, pair[1].as_f64()?))
        })
        .collect::<Option<_>>()?;
    let (first, last) = (*points.first()?, *points.last()?);
    let side = n as f64;
    let in_corner = |row: f64, end: f64| (row - end).abs() <= 0.5;
    let spans = in_corner(first.0.min(last.0), 0.0) && in_corner(first.0.max(last.0), side);
    if !spans {
        return None;
    }
    let on = |distance: fn(f64, f64, f64) -> f64| {
        points
            .iter()
            .all(|&(row, col)| distance(row, col, side).abs() < 1e-6)
    };
    if on(|row, col, _| row - col) {
        Some(Diagonal::Down)
    } else if on(|row, col, side| row + col - side) {
        Some(Diagonal::Up)
    } else {
        None
    }
}

/// Whether SudokuPad's `lines` state the diagonal rule: lines along both long diagonals;
/// along one alone, refused naming it.
fn diagonal_rule(value: &Value, n: usize) -> Result<bool, SudokuPadError> {
    let lines = value
        .get("lines")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let found: Vec<Diagonal> = lines.iter().filter_map(|l| diagonal_line(l, n)).collect();
    let has = |diagonal| found.contains(&diagonal);
    match (has(Diagonal::Down), has(Diagonal::Up)) {
        (true, true) => Ok(true),
        (false, false) => Ok(false),
        (down, _) => {
            let (one, other) = match down {
                true => (Diagonal::Down, Diagonal::Up),
                false => (Diagonal::Up, Diagonal::Down),
            };
            Err(shape(
                "lines",
                format!(
                    "a line runs along {} but none along {}: cagey's diagonal rule (Killer X) is both long diagonals, and it cannot hold one alone",
                    one.name(n),
                    other.name(n)
                ),
            ))
        }
    }
}

/// A puzzle from SudokuPad's JSON.
fn from_json(value: &Value, options: Options) -> Result<Entry, SudokuPadError> {
    let rows = value
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| shape("cells", "expected an array of rows of cells"))?;
    let n = rows.len();
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(shape(
            "cells",
            format!("{n} rows: cagey reads grids of 1 to {MAX_SIZE}"),
        ));
    }
    let mut givens = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .filter(|cells| cells.len() == n)
            .ok_or_else(|| {
                shape(
                    format!("cells row {}", r + 1),
                    format!("expected {n} cells (the grid must be square)"),
                )
            })?;
        for (c, cell) in cells.iter().enumerate() {
            let Some(text) = fpuzzles::value_text(cell.get("value")).filter(|t| !t.is_empty())
            else {
                continue;
            };
            let digit = text.trim().parse::<u8>().map_err(|_| {
                shape(
                    format!("cell r{}c{}", r + 1, c + 1),
                    format!("value {:?} is not a digit", excerpt(&text)),
                )
            })?;
            givens.push((Cell::at(r, c, n), digit));
        }
    }
    let mut region = vec![None; n * n];
    if let Some(regions) = value.get("regions").and_then(Value::as_array) {
        for (k, cells) in regions.iter().enumerate() {
            for pair in cells.as_array().map(Vec::as_slice).unwrap_or_default() {
                let cell = cell_of(pair, n).ok_or_else(|| {
                    shape(
                        format!("regions[{k}]"),
                        format!(
                            "{} is not a [row, col] of a {n}x{n} grid",
                            excerpt(&pair.to_string())
                        ),
                    )
                })?;
                region[cell.index()] = Some(k as u64);
            }
        }
    }
    let regions =
        fpuzzles::regions_from_cells(&region, n).map_err(|reason| shape("regions", reason))?;
    let diagonals = diagonal_rule(value, n)?;

    let mut metadata = Vec::new();
    let mut labelled = Vec::new();
    for (k, cage) in value
        .get("cages")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let place = format!("cages[{k}]");
        let cells = cells_of(cage, n, &place)?;
        let label = fpuzzles::value_text(cage.get("value")).filter(|t| !t.trim().is_empty());
        let unique = cage.get("unique").and_then(Value::as_bool);
        match (cells.is_empty(), label) {
            (true, Some(text)) => {
                if let Some((key, rest)) = link_text::meta_tag(&text) {
                    metadata.push((key.to_string(), rest.to_string()));
                }
            }
            (true, None) => {}
            (false, None) if unique == Some(true) => {
                return Err(shape(
                    format!("cage at {}", cells[0].name(n)),
                    "the cage has no sum; cagey needs the sum of every cage",
                ));
            }
            (false, None) => {} // a drawn outline
            (false, Some(text)) => {
                let (operation, target) = parse_cage_label(&text, cells.len()).ok_or_else(|| {
                    shape(
                        format!("cage at {}", cells[0].name(n)),
                        format!("the label {:?} is not a sum, nor a target with an operation (12+, 6×)", excerpt(&text)),
                    )
                })?;
                labelled.push((operation, target, cells, unique));
            }
        }
    }
    // Without any operation sign, numbers are sums: Killer cages, unless every cage says
    // `unique: false`, SudokuPad's cage whose digits may repeat (a sum cage of KenDoku's
    // kind). cagey's rule is the puzzle's, not a cage's, so a mix is refused.
    let arithmetic = labelled
        .iter()
        .any(|(operation, _, _, _)| !matches!(operation, Operation::Given | Operation::Unknown));
    let sums: Vec<&(Operation, u64, Vec<Cell>, Option<bool>)> = labelled
        .iter()
        .filter(|(_, _, cells, _)| cells.len() > 1)
        .collect();
    let repeating = sums.iter().filter(|cage| cage.3 == Some(false)).count();
    if !arithmetic && repeating > 0 && repeating < sums.len() {
        let first = |repeats: bool| {
            sums.iter()
                .find(|cage| (cage.3 == Some(false)) == repeats)
                .map(|cage| format!("{} at {}", cage.1, cage.2[0].name(n)))
                .unwrap_or_default()
        };
        return Err(shape(
            "cages",
            format!(
                "some cages say unique: false, their digits may repeat (the cage {}), and others are Killer cages of different digits (the cage {}); cagey holds puzzles whose cages are all of one kind or the other",
                first(true),
                first(false)
            ),
        ));
    }
    let killer = !arithmetic && !labelled.is_empty() && (repeating == 0 || sums.is_empty());
    if !arithmetic && repeating > 0 {
        // Sums whose digits may repeat are cagey's cages without the killer rule, which
        // must cover the grid as KenKen's do.
        let mut covered = vec![false; n * n];
        for (_, _, cells, _) in &labelled {
            for cell in cells {
                covered[cell.index()] = true;
            }
        }
        if let Some(free) = covered.iter().position(|&c| !c) {
            return Err(shape(
                "cages",
                format!(
                    "the cages say unique: false, their digits may repeat, and cagey holds such cages only when they cover the grid, as KenKen's do ({} is in no cage)",
                    Cell(free as u16).name(n)
                ),
            ));
        }
    }
    let cages: Vec<Cage> = labelled
        .into_iter()
        .map(|(operation, target, cells, _)| {
            let operation = match operation {
                Operation::Unknown if !arithmetic => Operation::Add,
                other => other,
            };
            Cage::new(operation, target, cells)
        })
        .collect();
    let builder = Puzzle::builder(n)
        .corners_allowed(true)
        .regions(regions)
        .options(options.union(Options {
            killer,
            diagonals,
            ..Options::default()
        }));
    let puzzle = fpuzzles::with_givens(builder, cages, givens, n)
        .build()
        .map_err(SudokuPadError::Puzzle)?;
    let mut entry = Entry::new(puzzle);
    if let Some(object) = value.get("metadata").and_then(Value::as_object) {
        for key in link_text::META_KEYS {
            if let Some(text) =
                fpuzzles::value_text(object.get(key)).filter(|t| !t.trim().is_empty())
            {
                metadata.insert(0, (key.to_string(), text));
            }
        }
    }
    fpuzzles::add_metadata(&mut entry, &metadata, n);
    Ok(entry)
}

/// Writes a SudokuPad link a player clicks to play the puzzle there:
/// `https://sudokupad.app/fpuzzles…` with the f-puzzles payload.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    write_entry(&Entry::new(puzzle.clone()))
}

/// [`write`] with the entry's title, author, rules and solution, which SudokuPad shows
/// beside the grid and checks the answer against (f-puzzles' keys for them).
pub fn write_entry(entry: &Entry) -> Result<String, WriteError> {
    fpuzzles::payload(entry)
        .map(|payload| format!("https://sudokupad.app/fpuzzles{payload}"))
        .map_err(|reason| WriteError {
            format: Format::SudokuPad,
            reason: reason.replace("it has", "SudokuPad's f-puzzles import has"),
        })
}

/// The colour and thickness of the diagonal lines cagey writes: those SudokuPad draws
/// f-puzzles' `diagonal+` and `diagonal-` with, so that a Killer X looks alike from either
/// link.
const DIAGONAL_COLOUR: &str = "#34BBE6";
const DIAGONAL_THICKNESS: u64 = 2;

/// SudokuPad's own JSON for `entry`, or why it cannot hold it (the shape the module docs
/// draw; what the reader reads back is what is written):
///
/// - `cells[row][col]`: `{"value": d}` for a given, `{}` otherwise; a one-cell given cage
///   is a given in its cell, as f-puzzles' payload draws it ([`fpuzzles::given_digits`]);
/// - `regions`: each region's cells as `[row, col]`, the boxes too (SudokuPad's JSON has
///   no default regions); left out of a grid without regions;
/// - `cages`: a Killer cage's sum as its `value`, with `"unique": true` (its digits
///   differ); an arithmetic cage labelled `12+`, `6×`, `2−`, `3÷` (a hidden operation its
///   target alone) with `"unique": false`, as KenKen's digits may repeat in a cage;
/// - `lines`: the diagonal rule as a line along each long diagonal, corner to corner;
/// - the entry's title, author, rules and solution as metadata cages, cells `[]` and
///   `value` `"title: …"` (as SudokuPad's older puzzles carry them; its reader takes these
///   as it takes the newer `metadata` object), the solution as one digit a cell, so up to
///   9x9.
///
/// Refused: a size f-puzzles' payload cannot hold either (SudokuPad links keep to one set
/// of sizes whichever payload they carry), the multi-cell rule, and cages that would read
/// back as Killer sums: without the killer rule, cages that show no operation (givens,
/// hidden operations) and none that does, since SudokuPad's JSON has no killer rule but
/// its cages' labels.
pub(crate) fn to_json(entry: &Entry) -> Result<Value, String> {
    use serde_json::{json, Map};

    let puzzle = &entry.puzzle;
    let n = puzzle.size();
    if !fpuzzles::FPUZZLES_SIZES.contains(&n) {
        return Err(format!(
            "SudokuPad links are written for grids {} to {} cells wide, not {n}",
            fpuzzles::FPUZZLES_SIZES.start(),
            fpuzzles::FPUZZLES_SIZES.end()
        ));
    }
    if puzzle.options().multi_cell {
        return Err("SudokuPad's JSON has no way to state the multi-cell rule".into());
    }
    let killer = puzzle.options().killer;
    let shows_operation = |cage: &&Cage| {
        matches!(
            cage.operation(),
            Operation::Add | Operation::Subtract | Operation::Multiply | Operation::Divide
        )
    };
    if !killer && !puzzle.cages().iter().any(|cage| shows_operation(&cage)) {
        return Err(format!(
            "this {} has no killer rule and no cage that shows its operation (its cages are givens or hide their operation), and SudokuPad's JSON, which has no word for the killer rule, reads such cages back as Killer sums; write sudokupad (f-puzzles' payload keeps them apart)",
            puzzle.kind()
        ));
    }
    let (digits, givens_as_digits) = fpuzzles::given_digits(puzzle);
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match digits[Cell::at(r, c, n).index()] {
                    Some(digit) => json!({ "value": digit }),
                    None => json!({}),
                })
                .collect()
        })
        .collect();
    let pair = |cell: Cell| json!([cell.row(n), cell.col(n)]);
    let mut object = Map::new();
    object.insert("cells".into(), Value::Array(rows));
    let regions = puzzle.regions().houses(n);
    if !regions.is_empty() {
        let regions: Vec<Value> = regions
            .iter()
            .map(|cells| cells.iter().map(|&cell| pair(cell)).collect())
            .collect();
        object.insert("regions".into(), Value::Array(regions));
    }
    let mut cages: Vec<Value> = puzzle
        .cages()
        .iter()
        .filter(|cage| !(givens_as_digits && cage.operation() == Operation::Given))
        .map(|cage| {
            let cells: Vec<Value> = cage.cells().iter().map(|&cell| pair(cell)).collect();
            let label = match killer {
                true => cage.target().to_string(),
                false => link_text::cage_label(cage.operation(), cage.target()),
            };
            json!({"cells": cells, "value": label, "unique": killer})
        })
        .collect();
    for key in ["title", "author", "rules"] {
        if let Some(text) = entry.meta(key).filter(|t| !t.is_empty()) {
            let value = format!("{key}: {}", link_text::meta_value(text));
            cages.push(json!({"cells": [], "value": value}));
        }
    }
    if let Some(solution) = fpuzzles::solution_digits(entry, n).filter(|_| n <= 9) {
        let digits: String = solution.iter().map(u8::to_string).collect();
        cages.push(json!({"cells": [], "value": format!("solution: {digits}")}));
    }
    object.insert("cages".into(), Value::Array(cages));
    if puzzle.options().diagonals {
        let lines: Vec<Value> = [[[0, 0], [n, n]], [[0, n], [n, 0]]]
            .iter()
            .map(|ends| {
                json!({
                    "wayPoints": ends,
                    "color": DIAGONAL_COLOUR,
                    "thickness": DIAGONAL_THICKNESS
                })
            })
            .collect();
        object.insert("lines".into(), Value::Array(lines));
    }
    Ok(Value::Object(object))
}

/// Writes a SudokuPad link in SudokuPad's own JSON, `https://sudokupad.app/scl…`: the
/// JSON of `to_json`, plain, packed with lz-string (the `sudokupad-scl` format).
///
/// Plain, not zipped as SudokuPad's own share links are: SudokuPad and cagey's reader try
/// plain JSON first, and plain JSON is what any JSON tool reads once lz-string has unpacked
/// it. It costs length: the built-in killer's link is 1,066 characters, against 759 with
/// f-puzzles' payload, whose cells are `R1C1` and whose boxes go without saying.
pub fn write_scl(puzzle: &Puzzle) -> Result<String, WriteError> {
    write_scl_entry(&Entry::new(puzzle.clone()))
}

/// [`write_scl`] with the entry's title, author, rules and solution as SudokuPad's metadata.
pub fn write_scl_entry(entry: &Entry) -> Result<String, WriteError> {
    to_json(entry)
        .map(|json| {
            format!(
                "https://sudokupad.app/scl{}",
                link_text::lz_pack(&json.to_string())
            )
        })
        .map_err(|reason| WriteError {
            format: Format::SudokuPadScl,
            reason,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Regions;

    /// A 4x4 Killer in SudokuPad's own JSON, zipped as SudokuPad zips it.
    const ZIPPED: &str = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],ca:[{ce:[[0,0],[0,1]],v:3,unique:t},{ce:[[3,2],[3,3]],v:7,unique:t},{v:'title: Four'}]}";

    #[test]
    fn zipped_scl_reads() {
        let link = format!("https://sudokupad.app/scl{}", link_text::lz_pack(ZIPPED));
        let entry = parse(&link).unwrap();
        assert!(entry.puzzle.options().killer);
        assert_eq!(entry.puzzle.regions(), &Regions::Boxes { rows: 2, cols: 2 });
        assert_eq!(entry.puzzle.given(Cell(0)), Some(1));
        assert_eq!(entry.puzzle.cages().len(), 2);
        assert_eq!(entry.meta("title"), Some("Four"));
        // ctc is scl's alias, and a `+` turned space is put back.
        let alias =
            format!("https://sudokupad.app/ctc{}", link_text::lz_pack(ZIPPED)).replace('+', " ");
        assert_eq!(parse(&alias).unwrap().puzzle, entry.puzzle);
    }

    #[test]
    fn plain_scl_json_reads_with_its_metadata_and_labelled_cages() {
        // A 4x4 KenKen as plain SudokuPad JSON: no regions, cages labelled with operations.
        let json = r#"{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "cages":[{"cells":[[0,0],[1,0]],"value":"4+"},{"cells":[[0,1],[0,2]],"value":"6×"},
            {"cells":[[0,3],[1,3]],"value":"2÷"},{"cells":[[1,1],[1,2]],"value":"3−"},
            {"cells":[[2,0],[3,0]],"value":"2/"},{"cells":[[2,1],[3,1]],"value":"2-"},
            {"cells":[[2,2],[2,3],[3,3]],"value":"8+"},{"cells":[[3,2]],"value":"2"}],
            "metadata":{"title":"Essay","author":"cagey","solution":"1234341221434321"}}"#;
        let entry = parse(&format!(
            "https://sudokupad.app/ctc{}",
            link_text::lz_pack(json)
        ))
        .unwrap();
        let text = "4+,0 4\n6*,1 2\n2%,3 7\n3-,5 6\n2%,8 12\n2-,9 13\n8+,10 11 15\n2,14\n";
        assert_eq!(entry.puzzle, crate::formats::kk::parse(text).unwrap());
        assert_eq!(entry.meta("title"), Some("Essay"));
        assert_eq!(entry.meta("solution"), Some("1234341221434321"));
    }

    /// A 4x4 of SudokuPad's own JSON with boxes and `cages`, as an scl link.
    fn scl(cages: &str) -> String {
        let json = format!(
            r#"{{"cells":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],
            "regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],
            "cages":[{cages}]}}"#
        );
        format!("https://sudokupad.app/scl{}", link_text::lz_pack(&json))
    }

    /// Guards #45: `unique: false` is SudokuPad's cage whose digits may repeat; it was read
    /// as a Killer cage. Every such cage: sums without the killer rule; a mix: refused.
    #[test]
    fn unique_false_cages_are_sums_whose_digits_may_repeat() {
        let pairs: Vec<String> = (0..4)
            .flat_map(|r| {
                [0, 2].map(|c| {
                    format!(
                        r#"{{"cells":[[{r},{c}],[{r},{}]],"value":"{}","unique":false}}"#,
                        c + 1,
                        3 + r
                    )
                })
            })
            .collect();
        let entry = parse(&scl(&pairs.join(","))).unwrap();
        assert!(!entry.puzzle.options().killer);
        assert_eq!(entry.puzzle.kind(), crate::model::Kind::KenDoku);
        assert!(entry
            .puzzle
            .cages()
            .iter()
            .all(|c| c.operation() == Operation::Add));
        let error = parse(&scl(
            r#"{"cells":[[0,0],[1,0]],"value":"4","unique":false},{"cells":[[0,1],[0,2]],"value":"5","unique":true}"#,
        ))
        .unwrap_err()
        .to_string();
        assert!(error.contains("unique: false"), "{error}");
        assert!(
            error.contains("4 at r1c1") && error.contains("5 at r1c2"),
            "{error}"
        );
        // Sums that may repeat leaving cells in no cage: refused, naming a free cell.
        let error = parse(&scl(&pairs[..7].join(","))).unwrap_err().to_string();
        assert!(error.contains("only when they cover the grid"), "{error}");
        assert!(error.contains("(r4c3 is in no cage)"), "{error}");
        // Without `unique`, as older puzzles write them, numbers are Killer sums.
        let entry = parse(&scl(r#"{"cells":[[0,0],[1,0]],"value":"4"}"#)).unwrap();
        assert!(entry.puzzle.options().killer);
    }

    /// Guards #45: SudokuPad's metadata cages (`msgcorrect:`, `rules:`) read as metadata,
    /// and a given in no cage is a one-cell given cage.
    #[test]
    fn metadata_cages_and_givens_read() {
        let entry = parse(&scl(
            r#"{"cells":[[0,0],[1,0]],"value":"4","unique":true},{"value":"msgcorrect: Well done!"},
            {"cells":[],"value":"rules: Cages sum."},{"cells":[],"value":"author: Someone"}"#,
        ))
        .unwrap();
        assert_eq!(entry.meta("rules"), Some("Cages sum."));
        assert_eq!(entry.meta("author"), Some("Someone"));
        assert_eq!(entry.comments.len(), 2);
        let link = scl(r#"{"cells":[[0,0],[1,0]],"value":"4","unique":true}"#);
        let json = r#"[{},{},{},{"value":2}]"#;
        let unpacked = link_text::lz_unpack_with(link.split("scl").nth(1).unwrap(), |_| true)
            .unwrap()
            .unwrap()
            .replacen("[{},{},{},{}]", json, 1);
        let entry = parse(&format!(
            "https://sudokupad.app/scl{}",
            link_text::lz_pack(&unpacked)
        ))
        .unwrap();
        assert_eq!(entry.puzzle.cages().len(), 2);
        assert_eq!(entry.puzzle.given(Cell(3)), None);
        assert_eq!(entry.puzzle.cages()[1].operation(), Operation::Given);
    }

    /// Guards #41: the crafted payload of 40,000 self-extending lz-string codes is refused
    /// at once behind either prefix.
    #[test]
    fn a_payload_unpacking_past_the_cap_is_refused_at_once() {
        let payload = super::super::lz_string::self_extending(40_000);
        let started = std::time::Instant::now();
        assert_eq!(
            parse(&format!("https://sudokupad.app/fpuzzles{payload}")).unwrap_err(),
            SudokuPadError::Fpuzzles(FpuzzlesError::Limit(LinkLimit::Unpacked))
        );
        assert_eq!(
            parse(&format!("https://sudokupad.app/scl{payload}")).unwrap_err(),
            SudokuPadError::Limit(LinkLimit::Unpacked)
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    /// A short id of a megabyte is quoted by its first characters.
    #[test]
    fn long_ids_are_quoted_briefly() {
        let id = "q".repeat(1 << 20);
        let error = parse(&format!("https://sudokupad.app/{id}")).unwrap_err();
        assert!(error.to_string().len() < 400, "{error}");
        assert!(error.to_string().contains("qqq…\""), "{error}");
    }

    #[test]
    fn short_ids_are_refused_offline() {
        let error = parse("https://sudokupad.app/jrvd4uv0kl").unwrap_err();
        assert_eq!(
            error,
            SudokuPadError::ShortId {
                id: "jrvd4uv0kl".into()
            }
        );
        assert!(error.to_string().contains("cannot be read offline"));
        assert_eq!(
            parse("https://sudokupad.app/sclN4Ig!!")
                .unwrap_err()
                .to_string()
                .split(' ')
                .next(),
            Some("the")
        );
    }

    /// Issue #45: lines along both long diagonals, as SudokuPad draws f-puzzles'
    /// `diagonal+` and `diagonal-` (corner to corner) or as a setter draws them (centre of
    /// a corner cell to the opposite one), are the diagonal rule; one alone is refused;
    /// a line elsewhere is a drawing. The links cagey writes carry the rule.
    #[test]
    fn lines_along_both_diagonals_are_the_diagonal_rule() {
        let cage = r#"{"cells":[[0,0],[0,1]],"value":"3"}"#;
        let with_lines = |lines: &str| {
            let link = scl(cage);
            let json = link_text::lz_unpack_with(link.split("scl").nth(1).unwrap(), |_| true)
                .unwrap()
                .unwrap();
            let json = format!(
                "{},\"lines\":[{lines}]}}",
                json.trim_end().trim_end_matches('}')
            );
            parse(&format!(
                "https://sudokupad.app/scl{}",
                link_text::lz_pack(&json)
            ))
        };
        let down = r##"{"wayPoints":[[0,0],[4,4]],"color":"#34BBE6","thickness":2}"##;
        let up = r##"{"wayPoints":[[0,4],[4,0]],"color":"#34BBE6","thickness":2}"##;
        let centres = r#"{"wayPoints":[[3.5,0.5],[2,2],[0.5,3.5]]}"#;
        let elsewhere = r#"{"wayPoints":[[0.5,0.5],[0.5,3.5]]}"#;
        assert!(
            with_lines(&format!("{down},{up}"))
                .unwrap()
                .puzzle
                .options()
                .diagonals
        );
        assert!(
            with_lines(&format!("{down},{centres}"))
                .unwrap()
                .puzzle
                .options()
                .diagonals
        );
        assert!(!with_lines(elsewhere).unwrap().puzzle.options().diagonals);
        assert_eq!(
            with_lines(up).unwrap_err().to_string(),
            "lines: a line runs along the diagonal r1c4-r4c1 but none along the diagonal r1c1-r4c4: cagey's diagonal rule (Killer X) is both long diagonals, and it cannot hold one alone"
        );
        // Written as f-puzzles' keys, which SudokuPad draws as these lines.
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = crate::formats::kk::parse(text).unwrap();
        let link = write(&puzzle).unwrap();
        assert_eq!(parse(&link).unwrap().puzzle, puzzle);
        let f_puzzles = parse(&format!(
            "https://sudokupad.app/fpuzzles{}",
            link_text::lz_pack(
                r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"diagonal-":true}"#
            )
        ));
        assert!(f_puzzles
            .unwrap_err()
            .to_string()
            .contains("diagonal- (the diagonal r1c1-r4c4) without diagonal+"));
    }

    #[test]
    fn written_links_open_the_fpuzzles_payload() {
        let text = "3+,0 1\n7+,2 3\n3+,4 5\n7+,6 7\n7+,8 9\n3+,10 11\n7+,12 13\n3+,14 15\n";
        let puzzle = crate::formats::kk::parse(text).unwrap();
        let link = write(&puzzle).unwrap();
        assert!(link.starts_with("https://sudokupad.app/fpuzzlesN4Ig"));
        assert_eq!(parse(&link).unwrap().puzzle, puzzle);
        let fpuz = link.replace("/fpuzzles", "/fpuz");
        assert_eq!(parse(&fpuz).unwrap().puzzle, puzzle);
    }

    /// The JSON an scl link packs.
    fn scl_json(link: &str) -> Value {
        let payload = link.strip_prefix("https://sudokupad.app/scl").unwrap();
        let text = link_text::lz_unpack_with(payload, |_| true)
            .unwrap()
            .unwrap();
        serde_json::from_str(&text).unwrap()
    }

    /// An example puzzle by name.
    fn example(name: &str) -> Puzzle {
        crate::examples::by_name(name).unwrap().puzzle()
    }

    /// Issue #45: SudokuPad's own JSON is written (`sudokupad-scl`) for every kind cagey
    /// puts in a SudokuPad link, and reads back as the same puzzle: a Killer, a Killer X, a
    /// Killer Jigsaw, a KenKen (labelled cages, no regions), a KenDoku (boxes) and a
    /// puzzle with hidden operations beside shown ones.
    #[test]
    fn scl_links_read_back_as_the_puzzle_written() {
        let killer_x = crate::formats::kk::parse(include_str!("../../tests/fixtures/killer-x.kk"));
        let mixed = crate::formats::kk::parse(
            "3?,0 1\n3+,2 3\n3?,4 5\n7+,6 7\n7?,8 9\n3+,10 11\n7+,12 13\n3+,14 15\n",
        );
        let puzzles = [
            example("killer"),
            killer_x.unwrap(),
            example("jigsaw"),
            example("kk0"),
            example("p4"),
            example("kendoku"),
            mixed.unwrap(),
        ];
        for puzzle in puzzles {
            let link = write_scl(&puzzle).unwrap();
            assert!(link.starts_with("https://sudokupad.app/sclN4Ig"), "{link}");
            let back = parse(&link).unwrap_or_else(|e| panic!("{e}: {link}"));
            assert_eq!(back.puzzle, puzzle, "{link}");
            assert!(back.comments.is_empty());
        }
    }

    /// What the JSON says, in SudokuPad's words: givens in their cells, every region's
    /// cells, Killer sums with `"unique": true`, a KenKen's labels with `"unique": false`,
    /// the diagonals as lines corner to corner.
    #[test]
    fn scl_json_is_sudokupads_shape() {
        let killer = example("killer");
        let json = scl_json(&write_scl(&killer).unwrap());
        assert_eq!(json["regions"].as_array().unwrap().len(), 9);
        assert_eq!(json["regions"][1][0], serde_json::json!([0, 3]));
        assert_eq!(
            json["cages"][0]["cells"],
            serde_json::json!([[0, 0], [0, 1], [1, 0], [1, 1]])
        );
        assert_eq!(json["cages"][0]["value"], "24");
        assert_eq!(json["cages"][0]["unique"], true);
        // The killer's one-cell cage `2` at r1c7 is a given in its cell.
        assert_eq!(json["cells"][0][6], serde_json::json!({"value": 2}));
        assert_eq!(json["cells"][0][0], serde_json::json!({}));
        assert!(json.get("lines").is_none());

        let kk0 = example("kk0");
        let json = scl_json(&write_scl(&kk0).unwrap());
        assert!(json.get("regions").is_none());
        let labels: Vec<&str> = json["cages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|cage| cage["value"].as_str().unwrap())
            .collect();
        assert_eq!(labels, ["11+", "4+", "8×", "1−", "7+", "2÷"]);
        assert!(json["cages"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["unique"] == false));
        assert_eq!(json["cells"][0][0], serde_json::json!({"value": 1}));

        let killer_x =
            crate::formats::kk::parse(include_str!("../../tests/fixtures/killer-x.kk")).unwrap();
        let json = scl_json(&write_scl(&killer_x).unwrap());
        let ends: Vec<&Value> = json["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| &line["wayPoints"])
            .collect();
        assert_eq!(
            ends,
            [
                &serde_json::json!([[0, 0], [9, 9]]),
                &serde_json::json!([[0, 9], [9, 0]])
            ]
        );
    }

    /// Issue #45: the title, author, rules (two lines) and solution go in as SudokuPad's
    /// metadata cages and read back as the entry's comments; a given inside a cage is a
    /// digit in its cell and reads back fixed there.
    #[test]
    fn scl_links_keep_metadata_and_givens() {
        let text = "# killer\n# boxes 2x2\n3+,0 1\n7+,2 3\n3+,4 5\n7+,6 7\n7+,8 9\n3+,10 11\n7+,12 13\n3+,14 15\n";
        let puzzle = crate::formats::kk::parse(text).unwrap();
        let mut given = Puzzle::builder(4)
            .regions(puzzle.regions().clone())
            .options(puzzle.options())
            .cages(puzzle.cages().to_vec());
        given = given.given(Cell(0), 1);
        let mut entry = Entry::new(given.build().unwrap());
        entry.comments = vec![
            "title=Four".into(),
            "author=cagey".into(),
            "rules=Cages sum.\\nNo digit twice in a cage.".into(),
            "solution=1243341221344321".into(),
        ];
        let link = write_scl_entry(&entry).unwrap();
        let json = scl_json(&link);
        let metadata: Vec<&str> = json["cages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|cage| cage["cells"] == serde_json::json!([]))
            .map(|cage| cage["value"].as_str().unwrap())
            .collect();
        assert_eq!(
            metadata,
            [
                "title: Four",
                "author: cagey",
                "rules: Cages sum.\nNo digit twice in a cage.",
                "solution: 1243341221344321"
            ]
        );
        assert_eq!(json["cells"][0][0], serde_json::json!({"value": 1}));
        let back = parse(&link).unwrap();
        assert_eq!(back.puzzle, entry.puzzle);
        assert_eq!(back.puzzle.given(Cell(0)), Some(1));
        assert_eq!(back.comments, entry.comments);
        // Through the dispatch by name, as every front end asks for it.
        let by_name = crate::formats::write("sudokupad-scl".parse().unwrap(), &entry).unwrap();
        assert_eq!(by_name, link);
    }

    /// What SudokuPad's JSON cannot say is refused by name, as a write error of
    /// `sudokupad-scl`: the multi-cell rule; a size outside SudokuPad links' sizes; and a
    /// KenKen whose every cage hides its operation, which would read back as Killer sums.
    #[test]
    fn scl_refuses_what_it_cannot_say() {
        let error = write_scl(&example("multi")).unwrap_err();
        assert_eq!(error.format, Format::SudokuPadScl);
        assert_eq!(
            error.to_string(),
            "cannot write this puzzle as sudokupad-scl: SudokuPad's JSON has no way to state the multi-cell rule"
        );
        let error = write_scl(&example("noop")).unwrap_err().to_string();
        assert!(
            error.starts_with("cannot write this puzzle as sudokupad-scl: this "),
            "{error}"
        );
        assert!(
            error.contains("no cage that shows its operation"),
            "{error}"
        );
        assert!(
            error.contains("write sudokupad (f-puzzles' payload"),
            "{error}"
        );
        // The f-puzzles payload keeps it.
        let noop = example("noop");
        assert_eq!(parse(&write(&noop).unwrap()).unwrap().puzzle, noop);
        let tiny = crate::formats::kk::parse("2+,0 1\n2+,2 3\n").unwrap();
        let error = write_scl(&tiny).unwrap_err().to_string();
        assert!(
            error.ends_with("grids 3 to 16 cells wide, not 2"),
            "{error}"
        );
    }

    /// SudokuPad's own JSON as SudokuPad zips it (the 4x4 above) and plain (the KenKen
    /// above, with its metadata object): read, written as scl, read back, the same puzzle
    /// and metadata.
    #[test]
    fn sudokupads_own_json_reads_writes_and_reads_back() {
        let zipped = format!("https://sudokupad.app/scl{}", link_text::lz_pack(ZIPPED));
        let first = parse(&zipped).unwrap();
        let again = parse(&write_scl_entry(&first).unwrap()).unwrap();
        assert_eq!(again.puzzle, first.puzzle);
        assert_eq!(again.comments, first.comments);
        assert_eq!(again.meta("title"), Some("Four"));
    }
}
