//! f-puzzles links: `https://f-puzzles.com/?load=<D>`, or the bare payload `<D>`.
//!
//! `<D>` is lz-string's base64 packing ([`link_text`](super::link_text)) of a JSON object:
//!
//! ```text
//!   {"size": 9, "title": "…", "author": "…", "solution": [5, 3, …],
//!    "grid": [[{"value": 5, "given": true, "region": 0}, {}, …], …],   grid[row][col]
//!    "killercage": [{"cells": ["R1C1", "R2C1"], "value": "9"}, …],     a Killer cage, its sum
//!    "cage": [{"cells": ["R3C4", "R3C5"], "value": "12×"}, …],        a cage with a label
//!    "diagonal+": true, "diagonal-": true}                             the diagonal rule
//! ```
//!
//! - `region` is a 0-based region index; a cell without it is in its standard box (for a
//!   prime side, which has no boxes, in its row, as SudokuPad reads it), and `null` means
//!   no region: a grid of `null`s is a Latin square (KenKen). Regions that are
//!   not boxes make a jigsaw.
//! - A `killercage` is a Killer cage: distinct digits adding up to its `value` (a one-cell
//!   cage is a given). f-puzzles allows a cage without a sum; cagey needs every sum and says
//!   which cage has none.
//! - A `cage` is f-puzzles' generic cage: a label and no rule. Neither f-puzzles nor
//!   SudokuPad checks arithmetic, so cagey writes KenKen, KenDoku and their kin as generic
//!   cages labelled with the target and the operation (`12+`, `6×`, `2−`, `3÷`) and reads them
//!   back so; an unlabelled generic cage is a drawing and is passed over.
//! - `diagonal+` (the rising diagonal, r9c1 to r1c9) and `diagonal-` (the falling one, r1c1
//!   to r9c9) each make one long diagonal a house, as SudokuPad and f-puzzles' solver read
//!   them. Both together are cagey's diagonal rule (Killer X, [`Options::diagonals`]) and are
//!   written for it; one alone is refused by name, since cagey's rule is both diagonals.
//! - Every other constraint f-puzzles has (thermometers, arrows, …) is refused by
//!   name: cagey would solve a different puzzle without it. Drawings (`text`, `line`,
//!   `rectangle`, `circle`) are passed over.
//!
//! A short link (`?id=…`) names a puzzle stored on f-puzzles' server: it cannot be read
//! without asking the server, which cagey does not do.

use serde_json::{json, Map, Value};
use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::lines::excerpt;
use super::link_text::{self, cage_label, parse_cage_label, LinkLimit};
use super::write_error::WriteError;
use crate::model::{Cage, Cell, Diagonal, Operation, Options, Puzzle, PuzzleError, Regions};

/// The grid sides f-puzzles offers.
pub const FPUZZLES_SIZES: std::ops::RangeInclusive<usize> = 3..=16;

/// Keys of an f-puzzles object that change nothing about the solution: metadata, settings
/// and drawings. f-puzzles and its solver's extension save settings of their own in every
/// export (`highlightConflicts`; the solver's `disabledlogic` and `truecandidatesoptions`,
/// the logic it may use and how it shows candidates; `successMessage`, shown on solving).
const HARMLESS_KEYS: [&str; 17] = [
    "size",
    // Newer f-puzzles lists the names of the constraints the puzzle has; each has its own key.
    "activeConstraints",
    "title",
    "author",
    "ruleset",
    "solution",
    "grid",
    "killercage",
    "cage",
    "text",
    "line",
    "rectangle",
    "circle",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "successMessage",
];

/// The most constraints an error names one by one: a real puzzle has a few.
const MAX_NAMED: usize = 8;

/// What is wrong with an f-puzzles link.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FpuzzlesError {
    /// No link at all.
    #[error("no f-puzzles link found")]
    Empty,
    /// A short link to f-puzzles' server.
    #[error("{id:?} is a short f-puzzles link: the puzzle is stored on f-puzzles' server, which cagey does not ask; open it in f-puzzles and copy the long link (Export > Get Link, the one with ?load=)")]
    ShortLink {
        /// The id as written.
        id: String,
    },
    /// An f-puzzles address without a `load=` parameter.
    #[error("the address has no load= parameter holding the puzzle")]
    NoLoad,
    /// The payload does not unpack.
    #[error("the payload ({length} characters, starting {start:?}) does not unpack to f-puzzles JSON: it is not lz-string base64 text, or it was cut short")]
    Unpack {
        /// Characters in the payload.
        length: usize,
        /// Its first characters.
        start: String,
    },
    /// The payload is too long, or unpacks to too much.
    #[error("{0}")]
    Limit(LinkLimit),
    /// The JSON is not an f-puzzles object.
    #[error("{field}: {reason}")]
    Shape {
        /// Where: `size`, `grid[2][3]`, `killercage 4`, …
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// Constraints cagey cannot hold.
    #[error("the puzzle has {}, which cagey cannot solve (it reads Killer cages, labelled arithmetic cages, regions and givens)", names.join(", "))]
    Unsupported {
        /// The f-puzzles names of the constraints.
        names: Vec<String>,
    },
    /// One diagonal constraint without the other.
    #[error("the puzzle has {key} ({diagonal}) without {other}: cagey's diagonal rule (Killer X) is both long diagonals, and it cannot hold one alone")]
    OneDiagonal {
        /// The key the puzzle has, `diagonal+` or `diagonal-`.
        key: &'static str,
        /// That diagonal by its end cells, `the diagonal r9c1-r1c9`.
        diagonal: String,
        /// The key it lacks.
        other: &'static str,
    },
    /// The cages do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

/// f-puzzles' keys of the two diagonal constraints: the rising one (`diagonal+`, r9c1 to
/// r1c9: cagey's [`Diagonal::Up`] read from its other end) and the falling one.
const DIAGONAL_KEYS: [(&str, Diagonal); 2] =
    [("diagonal+", Diagonal::Up), ("diagonal-", Diagonal::Down)];

impl FpuzzlesError {
    fn shape(field: impl Into<String>, reason: impl Into<String>) -> FpuzzlesError {
        FpuzzlesError::Shape {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

/// Whether `line` looks like an f-puzzles link or payload: an f-puzzles address, or the
/// packing of a JSON object (lz-string packs `{"` as `N4Ig`).
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    line.contains("f-puzzles.com") || (line.starts_with("N4Ig") && !line.contains(' '))
}

/// The format as the line-by-line readers see it: one link per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = FpuzzlesError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, FpuzzlesError> {
        parse_with(line, options)
    }

    fn empty() -> FpuzzlesError {
        FpuzzlesError::Empty
    }
}

/// Parses one f-puzzles link or bare payload.
///
/// ```
/// use cagey::formats::fpuzzles;
///
/// // A 4x4 Killer written by cagey, read back.
/// let text = "3+,0 1\n7+,2 3\n3+,4 5\n7+,6 7\n7+,8 9\n3+,10 11\n7+,12 13\n3+,14 15\n";
/// let puzzle = cagey::formats::kk::parse(text).unwrap();
/// let link = fpuzzles::write(&puzzle)?;
/// assert!(link.starts_with("https://f-puzzles.com/?load=N4Ig"));
/// assert_eq!(fpuzzles::parse(&link).unwrap().puzzle, puzzle);
/// # Ok::<(), cagey::formats::WriteError>(())
/// ```
pub fn parse(link: &str) -> Result<Entry, FpuzzlesError> {
    parse_with(link, Options::default())
}

fn parse_with(link: &str, options: Options) -> Result<Entry, FpuzzlesError> {
    let link = link.trim();
    if link.is_empty() {
        return Err(FpuzzlesError::Empty);
    }
    let payload = if link.contains("f-puzzles.com") {
        match link_text::query_value(link, "load") {
            Some(payload) => payload,
            None => {
                return Err(match link_text::query_value(link, "id") {
                    Some(id) => FpuzzlesError::ShortLink { id: excerpt(id) },
                    None => FpuzzlesError::NoLoad,
                })
            }
        }
    } else {
        link
    };
    let value = unpack(payload)?;
    from_json(&value, options)
}

/// Unpacks an f-puzzles payload into its JSON object.
pub(crate) fn unpack(payload: &str) -> Result<Value, FpuzzlesError> {
    let payload = link_text::clean_payload(payload);
    let accept = |text: &str| serde_json::from_str::<Value>(text).is_ok_and(|v| v.is_object());
    link_text::lz_unpack_with(&payload, accept)
        .map_err(FpuzzlesError::Limit)?
        .and_then(|text| serde_json::from_str(&text).ok())
        .ok_or_else(|| FpuzzlesError::Unpack {
            length: payload.chars().count(),
            start: payload.chars().take(12).collect(),
        })
}

/// A cell name `R3C12` (1-based) as a cell of a grid of side `n`.
fn parse_cell_name(name: &str, n: usize) -> Option<Cell> {
    let rest = name.trim().strip_prefix(['R', 'r'])?;
    let (row, col) = rest.split_once(['C', 'c'])?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=n).contains(&row) && (1..=n).contains(&col)).then(|| Cell::at(row - 1, col - 1, n))
}

/// A cell's f-puzzles name, `R3C12`.
fn cell_name(cell: Cell, n: usize) -> String {
    format!("R{}C{}", cell.row(n) + 1, cell.col(n) + 1)
}

/// The text or number of a JSON `value` field, as text.
pub(crate) fn value_text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// The regions of a grid from each cell's region (`None` for no region): none, boxes, or a
/// jigsaw, renumbered in reading order of first appearance.
pub(crate) fn regions_from_cells(region: &[Option<u64>], n: usize) -> Result<Regions, String> {
    if region.iter().all(Option::is_none) {
        return Ok(Regions::None);
    }
    if region.iter().any(Option::is_none) {
        return Err("some cells are in a region and some in none; cagey reads a grid whose every cell is in a region, or none is".into());
    }
    // Regions that are the rows (a prime grid whose regions are left out) add nothing to
    // the rows: no regions.
    let mut row_regions: Vec<Option<u64>> = (0..n).map(|r| region[r * n]).collect();
    row_regions.sort_unstable();
    row_regions.dedup();
    if row_regions.len() == n && (0..n * n).all(|i| region[i] == region[(i / n) * n]) {
        return Ok(Regions::None);
    }
    // Region numbers 0..n are kept as written, so that a puzzle written and read back is the
    // same puzzle; any other numbering is renumbered in order of first appearance.
    let numbered: Vec<u8> = if region.iter().all(|r| r.is_some_and(|r| r < n as u64)) {
        region.iter().map(|r| r.unwrap_or_default() as u8).collect()
    } else {
        let mut names: Vec<u64> = Vec::new();
        region
            .iter()
            .map(|r| {
                let r = r.unwrap_or_default();
                let index = names.iter().position(|&x| x == r).unwrap_or_else(|| {
                    names.push(r);
                    names.len() - 1
                });
                u8::try_from(index).unwrap_or(u8::MAX)
            })
            .collect()
    };
    // Boxes of any shape are boxes, not a jigsaw: a 6x6 of 3x2 boxes reads back as written.
    for rows in (1..=n).filter(|r| n % r == 0 && *r > 1 && *r < n) {
        let boxes = Regions::Boxes {
            rows,
            cols: n / rows,
        };
        let mut first_seen: Vec<usize> = Vec::new();
        let same = (0..n * n).all(|i| {
            let b = boxes.region_of(Cell(i as u16), n).unwrap_or_default();
            let index = first_seen.iter().position(|&x| x == b).unwrap_or_else(|| {
                first_seen.push(b);
                first_seen.len() - 1
            });
            index == usize::from(numbered[i])
        });
        if same {
            return Ok(boxes);
        }
    }
    Ok(Regions::Jigsaw(numbered))
}

/// The region of the cell at `row`, `col` when its `region` is left out, as SudokuPad reads
/// f-puzzles' grids: the number of its standard box, and for a prime side, which has no
/// boxes, its row (SudokuPad's regions are then one row high and the grid wide). A grid
/// that leaves every region out is thus boxes, or for a prime side its rows, which add
/// nothing to the rows and read as no regions ([`regions_from_cells`]); an irregular prime
/// grid lists only the cells whose region is not their row.
fn default_region(row: usize, col: usize, n: usize) -> u64 {
    let cell = Cell::at(row, col, n);
    let region = match Regions::standard_boxes(n) {
        Some(boxes) => boxes.region_of(cell, n).unwrap_or(row),
        None => row,
    };
    region as u64
}

/// A puzzle from f-puzzles' JSON object (shared with SudokuPad's `fpuzzles` links).
pub(crate) fn from_json(value: &Value, options: Options) -> Result<Entry, FpuzzlesError> {
    let Value::Object(object) = value else {
        return Err(FpuzzlesError::shape("payload", "expected a JSON object"));
    };
    let is_diagonal_key = |key: &str| DIAGONAL_KEYS.iter().any(|&(k, _)| k == key);
    let unsupported: Vec<&String> = object
        .iter()
        .filter(|(key, value)| {
            !HARMLESS_KEYS.contains(&key.as_str()) && !is_diagonal_key(key) && is_set(value)
        })
        .map(|(key, _)| key)
        .collect();
    if !unsupported.is_empty() {
        // A few names say what the puzzle is; a payload of a thousand made-up keys is named
        // by its first few and a count, not all of them.
        let mut names: Vec<String> = unsupported
            .iter()
            .take(MAX_NAMED)
            .map(|key| excerpt(key))
            .collect();
        if unsupported.len() > MAX_NAMED {
            names.push(format!("{} others", unsupported.len() - MAX_NAMED));
        }
        return Err(FpuzzlesError::Unsupported { names });
    }
    let n = match object.get("size") {
        None => 9,
        Some(size) => size
            .as_u64()
            .and_then(|s| usize::try_from(s).ok())
            .filter(|s| (1..=crate::model::MAX_SIZE).contains(s))
            .ok_or_else(|| {
                FpuzzlesError::shape(
                    "size",
                    format!(
                        "expected a grid side 1..={}, found {}",
                        crate::model::MAX_SIZE,
                        excerpt(&size.to_string())
                    ),
                )
            })?,
    };
    let diagonals = diagonal_rule(object, n)?;
    let mut region = vec![None; n * n];
    let mut givens = Vec::new();
    let rows = object
        .get("grid")
        .and_then(Value::as_array)
        .ok_or_else(|| FpuzzlesError::shape("grid", "expected an array of rows of cells"))?;
    if rows.len() != n {
        return Err(FpuzzlesError::shape(
            "grid",
            format!("{} rows for a size-{n} puzzle", rows.len()),
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .filter(|cells| cells.len() == n)
            .ok_or_else(|| {
                FpuzzlesError::shape(format!("grid row {}", r + 1), format!("expected {n} cells"))
            })?;
        for (c, cell) in cells.iter().enumerate() {
            let index = r * n + c;
            let place = || format!("grid cell R{}C{}", r + 1, c + 1);
            let default = Some(default_region(r, c, n));
            region[index] = match cell.get("region") {
                None => default,
                Some(Value::Null) => None,
                Some(value) => Some(value.as_u64().ok_or_else(|| {
                    FpuzzlesError::shape(
                        place(),
                        format!(
                            "region {} is not a region number",
                            excerpt(&value.to_string())
                        ),
                    )
                })?),
            };
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                if let Some(digit) = cell.get("value").filter(|v| !v.is_null()) {
                    let digit = digit
                        .as_u64()
                        .and_then(|d| u8::try_from(d).ok())
                        .ok_or_else(|| {
                            FpuzzlesError::shape(
                                place(),
                                format!("given {} is not a digit", excerpt(&digit.to_string())),
                            )
                        })?;
                    givens.push((Cell(index as u16), digit));
                }
            }
        }
    }
    let regions =
        regions_from_cells(&region, n).map_err(|reason| FpuzzlesError::shape("grid", reason))?;

    let mut cages = Vec::new();
    let killer_cages = list(object, "killercage")?;
    for (k, cage) in killer_cages.iter().enumerate() {
        let cells = cage_cells(cage, n, &format!("killercage {}", k + 1))?;
        let name = format!("killer cage at {}", cell_name(cells[0], n));
        let sum = value_text(cage.get("value"))
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| {
                FpuzzlesError::shape(
                    name.clone(),
                    "the cage has no sum; cagey needs the sum of every cage",
                )
            })?;
        let sum: u64 = sum.trim().parse().map_err(|_| {
            FpuzzlesError::shape(
                name.clone(),
                format!("the sum {:?} is not a number", excerpt(&sum)),
            )
        })?;
        cages.push(Cage::clued(Operation::Add, sum, cells));
    }
    let mut metadata = Vec::new();
    let labelled = labelled_cages(&list(object, "cage")?, n, &mut metadata)?;
    cages.extend(labelled);

    let builder = Puzzle::builder(n)
        .corners_allowed(true)
        .regions(regions)
        .options(options.union(Options {
            killer: !killer_cages.is_empty(),
            diagonals,
            ..Options::default()
        }));
    let puzzle = with_givens(builder, cages, givens, n)
        .build()
        .map_err(FpuzzlesError::Puzzle)?;
    let mut entry = Entry::new(puzzle);
    // The keys first, then SudokuPad's metadata cages for what they leave out.
    for (key, field) in [
        ("title", "title"),
        ("author", "author"),
        ("rules", "ruleset"),
    ] {
        if let Some(text) = object
            .get(field)
            .and_then(Value::as_str)
            .filter(|t| !t.trim().is_empty())
        {
            entry.comments.push(link_text::meta_comment(key, text));
        }
    }
    if let Some(solution) = solution_text(object.get("solution"), n) {
        entry.comments.push(format!("solution={solution}"));
    }
    add_metadata(&mut entry, &metadata, n);
    Ok(entry)
}

/// Whether `object` states the diagonal rule: both diagonal keys set; neither is no rule,
/// and one alone is refused, naming the diagonal it has.
fn diagonal_rule(object: &Map<String, Value>, n: usize) -> Result<bool, FpuzzlesError> {
    let set = DIAGONAL_KEYS.map(|(key, _)| object.get(key).is_some_and(is_set));
    match set {
        [true, true] => Ok(true),
        [false, false] => Ok(false),
        _ => {
            let (has, lacks) = if set[0] { (0, 1) } else { (1, 0) };
            let (key, diagonal) = DIAGONAL_KEYS[has];
            // Named from its lower end for `diagonal+`, as f-puzzles draws it rising.
            let mut ends = diagonal.cells(n);
            if diagonal == Diagonal::Up {
                ends.reverse();
            }
            Err(FpuzzlesError::OneDiagonal {
                key,
                diagonal: format!("the diagonal {}-{}", ends[0].name(n), ends[n - 1].name(n)),
                other: DIAGONAL_KEYS[lacks].0,
            })
        }
    }
}

/// Adds to `entry` the `key: value` metadata of SudokuPad's cages that it does not have yet,
/// of the keys an entry keeps ([`link_text::META_KEYS`]); a solution only when it is one.
pub(crate) fn add_metadata(entry: &mut Entry, metadata: &[(String, String)], n: usize) {
    for (key, value) in metadata {
        if !link_text::META_KEYS.contains(&key.as_str()) || entry.meta(key).is_some() {
            continue;
        }
        if key == "solution" {
            if let Some(solution) = solution_text(Some(&Value::String(value.clone())), n) {
                entry.comments.push(format!("solution={solution}"));
            }
        } else {
            entry.comments.push(link_text::meta_comment(key, value));
        }
    }
}

/// The puzzle of `builder` with `cages` and the given digits `givens`, as both sites draw
/// them: a given in a cell of no cage is a one-cell given cage (a cage puzzle's given, as
/// the writer draws one: [`to_json`]), a given inside a cage a digit fixed there. Without
/// any other cage, givens stay givens: a grid of givens alone is no cage puzzle, and is
/// refused as one.
pub(crate) fn with_givens(
    builder: crate::model::PuzzleBuilder,
    mut cages: Vec<Cage>,
    givens: Vec<(Cell, u8)>,
    n: usize,
) -> crate::model::PuzzleBuilder {
    let mut covered = vec![false; n * n];
    for cell in cages.iter().flat_map(|cage| cage.cells()) {
        if let Some(slot) = covered.get_mut(cell.index()) {
            *slot = true;
        }
    }
    let has_cages = !cages.is_empty();
    let mut inside = Vec::new();
    for (cell, digit) in givens {
        // A digit that is none of the grid's stays a given, which the model refuses naming
        // its cell (as a cage, a 0 would read as a clue of 0).
        if has_cages && !covered[cell.index()] && (1..=n).contains(&usize::from(digit)) {
            cages.push(Cage::given(cell, digit));
        } else {
            inside.push((cell, digit));
        }
    }
    let mut builder = builder.cages(cages);
    for (cell, digit) in inside {
        builder = builder.given(cell, digit);
    }
    builder
}

/// Whether a JSON value states anything: not null, false, empty or zero.
fn is_set(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
        Value::String(text) => !text.is_empty(),
        Value::Number(_) => true,
    }
}

/// The array `key` of `object`, empty when absent.
fn list<'a>(object: &'a Map<String, Value>, key: &str) -> Result<Vec<&'a Value>, FpuzzlesError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => Ok(items.iter().collect()),
        Some(_) => Err(FpuzzlesError::shape(key, "expected an array of cages")),
    }
}

/// The cells of an f-puzzles cage, `["R1C1", …]`.
fn cage_cells(cage: &Value, n: usize, place: &str) -> Result<Vec<Cell>, FpuzzlesError> {
    let names = cage
        .get("cells")
        .and_then(Value::as_array)
        .filter(|cells| !cells.is_empty())
        .ok_or_else(|| FpuzzlesError::shape(place, "expected a non-empty array of cells"))?;
    names
        .iter()
        .map(|name| {
            name.as_str()
                .and_then(|text| parse_cell_name(text, n))
                .ok_or_else(|| {
                    FpuzzlesError::shape(
                        place,
                        format!(
                            "{} is not a cell of a {n}x{n} grid (R1C1 to R{n}C{n})",
                            excerpt(&name.to_string())
                        ),
                    )
                })
        })
        .collect()
}

/// f-puzzles' generic cages as arithmetic cages: those with a label, read by
/// [`parse_cage_label`] (a bare number is a given on one cell and a hidden operation on
/// more, as cagey writes them; Killer cages are `killercage`s, never generic ones).
///
/// A cage whose label is `key: value` and that has no cells, or no colour to draw it in, is
/// SudokuPad's metadata (`title: …`, `rules: …`, `msgcorrect: …`, as SudokuPad reads such
/// cages): it goes to `metadata`, not into the puzzle.
fn labelled_cages(
    cages: &[&Value],
    n: usize,
    metadata: &mut Vec<(String, String)>,
) -> Result<Vec<Cage>, FpuzzlesError> {
    let mut out = Vec::new();
    for (k, cage) in cages.iter().enumerate() {
        let Some(label) = value_text(cage.get("value")).filter(|t| !t.trim().is_empty()) else {
            continue; // an unlabelled cage is a drawing
        };
        if let Some((key, value)) = link_text::meta_tag(&label) {
            let no_cells = cage
                .get("cells")
                .and_then(Value::as_array)
                .is_none_or(Vec::is_empty);
            let transparent = |field: &str| {
                cage.get(field)
                    .and_then(Value::as_str)
                    .is_none_or(is_transparent)
            };
            if no_cells || (transparent("fontC") && transparent("outlineC")) {
                metadata.push((key.to_string(), value.to_string()));
                continue;
            }
        }
        let cells = cage_cells(cage, n, &format!("cage {}", k + 1))?;
        let (operation, target) = parse_cage_label(&label, cells.len()).ok_or_else(|| {
            FpuzzlesError::shape(
                format!("cage at {}", cell_name(cells[0], n)),
                format!(
                    "the label {:?} is not a target with an operation (12+, 6×, 2−, 3÷)",
                    excerpt(&label)
                ),
            )
        })?;
        out.push(Cage::new(operation, target, cells));
    }
    Ok(out)
}

/// Whether a colour `#rgba` or `#rrggbbaa` is fully transparent (its alpha 0), as a
/// metadata cage's colours are.
fn is_transparent(colour: &str) -> bool {
    let hex = colour.trim().strip_prefix('#').unwrap_or_default();
    hex.chars().all(|c| c.is_ascii_hexdigit())
        && ((hex.len() == 4 && hex.ends_with('0')) || (hex.len() == 8 && hex.ends_with("00")))
}

/// A full solution as a `# solution=` value: digits, comma-separated past 9.
pub(crate) fn solution_text(solution: Option<&Value>, n: usize) -> Option<String> {
    let digits: Vec<u64> = match solution? {
        Value::Array(items) => items
            .iter()
            .map(|d| d.as_u64().or_else(|| d.as_str()?.trim().parse().ok()))
            .collect::<Option<_>>()?,
        Value::String(text) if n <= 9 => text
            .chars()
            .map(|c| c.to_digit(10).map(u64::from))
            .collect::<Option<_>>()?,
        _ => return None,
    };
    if digits.len() != n * n || digits.iter().any(|&d| d == 0 || d > n as u64) {
        return None;
    }
    let parts: Vec<String> = digits.iter().map(u64::to_string).collect();
    Some(if n <= 9 {
        parts.concat()
    } else {
        parts.join(",")
    })
}

/// The f-puzzles JSON object of `entry`'s puzzle, or why f-puzzles cannot hold it.
///
/// A one-cell given cage is drawn as f-puzzles draws a given, a digit in its cell, not as a
/// cage of one cell with its digit for a clue (SudokuPad then shows it as a given); as long
/// as another cage is left, since a grid of givens alone would read back as no cage puzzle.
/// The entry's `title=`, `author=`, `rules=` and `solution=` comments go to f-puzzles' own
/// keys (`title`, `author`, `ruleset`, `solution`), which SudokuPad shows beside the grid
/// and checks a finished grid against.
pub(crate) fn to_json(entry: &Entry) -> Result<Value, String> {
    let puzzle = &entry.puzzle;
    let n = puzzle.size();
    if !FPUZZLES_SIZES.contains(&n) {
        return Err(format!(
            "f-puzzles grids are {} to {} cells wide, not {n}",
            FPUZZLES_SIZES.start(),
            FPUZZLES_SIZES.end()
        ));
    }
    if puzzle.options().multi_cell {
        return Err("it has no way to state the multi-cell rule".into());
    }
    let (digits, givens_as_digits) = given_digits(puzzle);
    let regions = puzzle.regions();
    let standard = Regions::standard_boxes(n);
    let explicit = Some(regions) != standard.as_ref();
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let cell = Cell::at(r, c, n);
                        let mut object = Map::new();
                        if let Some(digit) = digits[cell.index()] {
                            object.insert("value".into(), json!(digit));
                            object.insert("given".into(), json!(true));
                        }
                        if explicit {
                            let region = regions.region_of(cell, n);
                            object.insert("region".into(), json!(region));
                        }
                        Value::Object(object)
                    })
                    .collect(),
            )
        })
        .collect();
    let cells_of = |cage: &Cage| -> Vec<String> {
        cage.cells()
            .iter()
            .map(|&cell| cell_name(cell, n))
            .collect()
    };
    let mut object = Map::new();
    object.insert("size".into(), json!(n));
    for (key, field) in [
        ("title", "title"),
        ("author", "author"),
        ("rules", "ruleset"),
    ] {
        if let Some(text) = entry.meta(key).filter(|t| !t.is_empty()) {
            object.insert(field.into(), json!(link_text::meta_value(text)));
        }
    }
    if let Some(solution) = solution_digits(entry, n) {
        object.insert("solution".into(), json!(solution));
    }
    object.insert("grid".into(), Value::Array(grid));
    let cages: Vec<Value> = puzzle
        .cages()
        .iter()
        .filter(|cage| !(givens_as_digits && cage.operation() == Operation::Given))
        .map(|cage| {
            let label = if puzzle.options().killer {
                cage.target().to_string()
            } else {
                cage_label(cage.operation(), cage.target())
            };
            json!({"cells": cells_of(cage), "value": label})
        })
        .collect();
    let key = if puzzle.options().killer {
        "killercage"
    } else {
        "cage"
    };
    object.insert(key.into(), Value::Array(cages));
    if puzzle.options().diagonals {
        for (key, _) in DIAGONAL_KEYS {
            object.insert(key.into(), json!(true));
        }
    }
    Ok(Value::Object(object))
}

/// The digit each cell shows as a given when the puzzle is drawn on f-puzzles or SudokuPad,
/// in reading order, and whether the one-cell given cages are among them: they are, drawn
/// as the sites draw a given, as long as another cage is left (a grid of givens alone would
/// read back as no cage puzzle, so then they stay cages). See [`to_json`].
pub(crate) fn given_digits(puzzle: &Puzzle) -> (Vec<Option<u8>>, bool) {
    let is_given_cage = |cage: &Cage| cage.operation() == Operation::Given;
    let givens_as_digits = puzzle.cages().iter().any(|cage| !is_given_cage(cage));
    let mut digits: Vec<Option<u8>> = puzzle.cells().map(|cell| puzzle.given(cell)).collect();
    if givens_as_digits {
        for cage in puzzle.cages().iter().filter(|cage| is_given_cage(cage)) {
            let digit = u8::try_from(cage.target()).ok();
            digits[cage.cells()[0].index()] = digit;
        }
    }
    (digits, givens_as_digits)
}

/// The entry's `solution=` comment as f-puzzles' `solution`, the digits in reading order;
/// `None` without one, or with one that is not a full grid of the puzzle's digits.
pub(crate) fn solution_digits(entry: &Entry, n: usize) -> Option<Vec<u8>> {
    let grid = super::digits::parse_solution(n, entry.meta("solution")?).ok()?;
    let digits: Vec<u8> = entry.puzzle.cells().map(|cell| grid.get(cell)).collect();
    digits
        .iter()
        .all(|&d| (1..=n).contains(&usize::from(d)))
        .then_some(digits)
}

/// The packed payload of `entry` (no address), or why f-puzzles cannot hold it.
pub(crate) fn payload(entry: &Entry) -> Result<String, String> {
    Ok(link_text::lz_pack(&to_json(entry)?.to_string()))
}

/// Writes an f-puzzles link, `https://f-puzzles.com/?load=…`: Killer cages as `killercage`,
/// arithmetic cages as generic cages labelled `12+` (see the module docs).
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    write_entry(&Entry::new(puzzle.clone()))
}

/// [`write`] with what the entry carries besides its puzzle: its title, author, rules and
/// solution comments (see [`to_json`]).
pub fn write_entry(entry: &Entry) -> Result<String, WriteError> {
    payload(entry)
        .map(|payload| format!("https://f-puzzles.com/?load={payload}"))
        .map_err(|reason| WriteError {
            format: Format::Fpuzzles,
            reason,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(json: &str) -> String {
        link_text::lz_pack(json)
    }

    /// Guards #41: a payload of 40,000 lz-string codes that each name the entry about to be
    /// made (96 KB; the old decoder asked for gigabytes) is refused at once, as a link and
    /// bare.
    #[test]
    fn a_payload_unpacking_past_the_cap_is_refused_at_once() {
        let payload = super::super::lz_string::self_extending(40_000);
        for text in [
            format!("https://www.f-puzzles.com/?load={payload}"),
            payload.clone(),
        ] {
            let started = std::time::Instant::now();
            let error = parse(&text).unwrap_err();
            assert!(started.elapsed() < std::time::Duration::from_secs(1));
            assert_eq!(error, FpuzzlesError::Limit(LinkLimit::Unpacked));
            assert!(
                error
                    .to_string()
                    .starts_with("the payload unpacks to more than 1048576"),
                "{error}"
            );
        }
    }

    #[test]
    fn a_killer_reads_with_its_sums_regions_and_givens() {
        let json = r#"{"size":4,"title":"Tiny","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R2C1","R2C2"],"value":"7"}]}"#;
        let entry = parse(&format!("https://f-puzzles.com/?load={}", pack(json))).unwrap();
        assert_eq!(entry.puzzle.size(), 4);
        assert!(entry.puzzle.options().killer);
        assert_eq!(entry.puzzle.regions(), &Regions::Boxes { rows: 2, cols: 2 });
        assert_eq!(entry.puzzle.given(Cell(0)), Some(1));
        assert_eq!(entry.puzzle.cages().len(), 2);
        assert_eq!(entry.meta("title"), Some("Tiny"));
    }

    /// Issue #45: `diagonal+` and `diagonal-` together are the diagonal rule, read and
    /// written; one alone is refused naming it; `false` is no rule.
    #[test]
    fn both_diagonal_keys_are_the_diagonal_rule_and_one_alone_is_refused() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = super::super::kk::parse(text).unwrap();
        let link = write(&puzzle).unwrap();
        let json = to_json(&Entry::new(puzzle.clone())).unwrap().to_string();
        assert!(
            json.contains(r#""diagonal+":true"#) && json.contains(r#""diagonal-":true"#),
            "{json}"
        );
        let read = parse(&link).unwrap().puzzle;
        assert!(read.options().diagonals);
        assert_eq!(read, puzzle);

        let grid = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
        let cages = r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#;
        let with = |keys: &str| pack(&format!(r#"{{"size":4,"grid":{grid},{cages}{keys}}}"#));
        assert!(!parse(&with("")).unwrap().puzzle.options().diagonals);
        let off = r#","diagonal+":false,"diagonal-":false"#;
        assert!(!parse(&with(off)).unwrap().puzzle.options().diagonals);
        assert_eq!(
            parse(&with(r#","diagonal+":true"#)).unwrap_err().to_string(),
            "the puzzle has diagonal+ (the diagonal r4c1-r1c4) without diagonal-: cagey's diagonal rule (Killer X) is both long diagonals, and it cannot hold one alone"
        );
        assert_eq!(
            parse(&with(r#","diagonal-":true"#)).unwrap_err().to_string(),
            "the puzzle has diagonal- (the diagonal r1c1-r4c4) without diagonal+: cagey's diagonal rule (Killer X) is both long diagonals, and it cannot hold one alone"
        );
    }

    #[test]
    fn a_cage_without_a_sum_is_named() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "killercage":[{"cells":["R2C3","R2C4"]}]}"#;
        let error = parse(&pack(json)).unwrap_err().to_string();
        assert_eq!(
            error,
            "killer cage at R2C3: the cage has no sum; cagey needs the sum of every cage"
        );
    }

    /// Guards #41: a payload of many made-up constraints, one named by a megabyte, is
    /// refused in a message of a few lines.
    #[test]
    fn made_up_constraints_are_named_briefly() {
        let mut object = serde_json::Map::new();
        object.insert("size".into(), json!(4));
        for k in 0..20 {
            object.insert(format!("rule{k:02}"), json!(true));
        }
        object.insert("z".repeat(1 << 20), json!(true));
        let error = from_json(&Value::Object(object), Options::default()).unwrap_err();
        let FpuzzlesError::Unsupported { names } = &error else {
            panic!("{error}");
        };
        assert_eq!(names.len(), MAX_NAMED + 1);
        assert_eq!(names[MAX_NAMED], "13 others");
        assert!(error.to_string().len() < 400, "{error}");
    }

    #[test]
    fn other_constraints_are_refused_by_name() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "thermometer":[{"lines":[["R1C1","R1C2"]]}],"antiking":true,"antiknight":false}"#;
        let error = parse(&pack(json)).unwrap_err();
        assert_eq!(
            error,
            FpuzzlesError::Unsupported {
                names: vec!["antiking".into(), "thermometer".into()]
            }
        );
    }

    #[test]
    fn short_links_and_garbage_are_refused() {
        assert!(matches!(
            parse("https://f-puzzles.com/?id=yxkh5n2w"),
            Err(FpuzzlesError::ShortLink { .. })
        ));
        assert!(matches!(
            parse("N4Igzg!!"),
            Err(FpuzzlesError::Unpack { .. })
        ));
        assert!(matches!(
            parse("https://f-puzzles.com/"),
            Err(FpuzzlesError::NoLoad)
        ));
    }

    /// An empty grid of side `n` as f-puzzles' JSON rows, each cell `cell(r, c)`.
    fn grid(n: usize, cell: impl Fn(usize, usize) -> String) -> String {
        let rows: Vec<String> = (0..n)
            .map(|r| {
                format!(
                    "[{}]",
                    (0..n).map(|c| cell(r, c)).collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        format!("[{}]", rows.join(","))
    }

    /// Guards #45: real exports carry the solver's settings (`truecandidatesoptions`,
    /// `disabledlogic`) and a `successMessage`; none is a constraint.
    #[test]
    fn solver_settings_in_real_exports_are_not_constraints() {
        let json = format!(
            r#"{{"size":4,"grid":{},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}],
            "truecandidatesoptions":["colored","logical"],"disabledlogic":["tuples"],
            "successMessage":"Well done!","highlightConflicts":true}}"#,
            grid(4, |_, _| "{}".into())
        );
        let entry = parse(&pack(&json)).unwrap();
        assert_eq!(entry.puzzle.cages().len(), 1);
    }

    /// Guards #45: f-puzzles leaves out the `region` of a cell in its default region, which
    /// for a prime side (no boxes) SudokuPad takes to be its row. An irregular 5x5 lists only
    /// the cells whose region is not their row; a 7x7 that lists none has no regions.
    #[test]
    fn a_prime_grid_fills_in_its_regions_as_sudokupad_does() {
        // Regions 0-4; cells in their row's region leave `region` out.
        let regions = [
            [0, 0, 0, 0, 1],
            [0, 1, 1, 1, 1],
            [2, 2, 2, 2, 2],
            [3, 3, 3, 3, 4],
            [3, 4, 4, 4, 4],
        ];
        let cells = grid(5, |r, c| {
            if regions[r][c] == r {
                "{}".into()
            } else {
                format!(r#"{{"region":{}}}"#, regions[r][c])
            }
        });
        let json = format!(
            r#"{{"size":5,"grid":{cells},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}]}}"#
        );
        let entry = parse(&pack(&json)).unwrap();
        let expected: Vec<u8> = regions.iter().flatten().map(|&r| r as u8).collect();
        assert_eq!(entry.puzzle.regions(), &Regions::Jigsaw(expected));
        assert_eq!(entry.puzzle.kind(), crate::model::Kind::KillerJigsaw);
        // The jigsaw writes and reads back (every region then written out).
        assert_eq!(
            parse(&write(&entry.puzzle).unwrap()).unwrap().puzzle,
            entry.puzzle
        );

        let json = format!(
            r#"{{"size":7,"grid":{},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}]}}"#,
            grid(7, |_, _| "{}".into())
        );
        let entry = parse(&pack(&json)).unwrap();
        assert_eq!(entry.puzzle.regions(), &Regions::None);
        assert_eq!(entry.puzzle.kind(), crate::model::Kind::KillerLatin);
    }

    /// Guards #45: SudokuPad's metadata cages in f-puzzles' `cage` list (no cells, or no
    /// colour) broke the read as cages without cells; they are the entry's metadata, and a
    /// key cagey does not keep (`msgcorrect`) is passed over.
    #[test]
    fn sudokupad_metadata_cages_are_metadata() {
        let json = format!(
            r##"{{"size":4,"grid":{},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}],
            "cage":[{{"cells":[],"value":"title: Four"}},{{"value":"author: Someone"}},
            {{"cells":["R4C4"],"value":"rules: Cages sum.\nNo repeats.","fontC":"#00000000","outlineC":"#0000"}},
            {{"cells":[],"value":"msgcorrect: Well done"}},
            {{"cells":[],"value":"solution: 1234341221434321"}}]}}"##,
            grid(4, |_, _| "{}".into())
        );
        let entry = parse(&pack(&json)).unwrap();
        assert_eq!(entry.meta("title"), Some("Four"));
        assert_eq!(entry.meta("author"), Some("Someone"));
        assert_eq!(entry.meta("rules"), Some("Cages sum.\\nNo repeats."));
        assert_eq!(entry.meta("solution"), Some("1234341221434321"));
        assert_eq!(entry.meta("msgcorrect"), None);
        assert_eq!(entry.puzzle.cages().len(), 1);
        // A visible cage labelled so is no metadata, and its label is refused.
        let json = format!(
            r##"{{"size":4,"grid":{},"cage":[{{"cells":["R1C1"],"value":"title: x","outlineC":"#000000"}}]}}"##,
            grid(4, |_, _| "{}".into())
        );
        assert!(parse(&pack(&json))
            .unwrap_err()
            .to_string()
            .contains("\"title: x\""));
    }

    /// Guards #45: written links kept no title, author, rules or solution, and wrote a
    /// one-cell given cage as a cage; both read back as written.
    #[test]
    fn written_links_keep_metadata_and_write_givens_as_givens() {
        let text = "3+,0 1\n7+,2 3\n3+,4 5\n7+,6 7\n7+,8 9\n3+,10 11\n7+,12 13\n1,14\n2,15\n";
        let puzzle = crate::formats::kk::parse(text).unwrap();
        let puzzle = puzzle
            .with_options(Options {
                killer: true,
                ..Options::default()
            })
            .unwrap();
        let mut entry = Entry::new(puzzle);
        entry.comments = vec![
            "title=Tiny".into(),
            "author=cagey".into(),
            "rules=Cages sum.\\nNo repeats.".into(),
            "solution=1234341221434312".into(),
        ];
        let json = to_json(&entry).unwrap();
        assert_eq!(json["title"], "Tiny");
        assert_eq!(json["ruleset"], "Cages sum.\nNo repeats.");
        assert_eq!(json["solution"][15], 2);
        assert_eq!(json["grid"][3][2]["value"], 1);
        assert_eq!(json["grid"][3][2]["given"], true);
        assert_eq!(json["killercage"].as_array().unwrap().len(), 7);
        let back = parse(&write_entry(&entry).unwrap()).unwrap();
        assert_eq!(back.puzzle, entry.puzzle);
        assert_eq!(back.comments, entry.comments);
    }

    /// A given in no cage is a one-cell given cage; one that is no digit of the grid stays
    /// a given, refused naming its cell.
    #[test]
    fn a_given_in_no_cage_is_a_given_cage_and_a_bad_one_is_named() {
        let json = |digit: u8| {
            format!(
                r#"{{"size":4,"grid":{},"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}]}}"#,
                grid(4, |r, c| if (r, c) == (3, 3) {
                    format!(r#"{{"value":{digit},"given":true}}"#)
                } else {
                    "{}".into()
                })
            )
        };
        let entry = parse(&pack(&json(4))).unwrap();
        assert_eq!(entry.puzzle.cages().len(), 2);
        assert_eq!(entry.puzzle.cages()[1].operation(), Operation::Given);
        assert_eq!(entry.puzzle.given(Cell(15)), None);
        for digit in [0, 7] {
            let error = parse(&pack(&json(digit))).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("given {digit} in r4c4")),
                "{error}"
            );
        }
    }

    #[test]
    fn a_kenken_writes_as_labelled_cages_and_reads_back() {
        let text = "4+,0 4\n6*,1 2\n2%,3 7\n3-,5 6\n2%,8 12\n2-,9 13\n8+,10 11 15\n2,14\n";
        let puzzle = crate::formats::kk::parse(text).unwrap();
        let link = write(&puzzle).unwrap();
        assert_eq!(parse(&link).unwrap().puzzle, puzzle);
    }
}
