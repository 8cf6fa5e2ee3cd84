//! The questions about a puzzle's text: the built-in examples, the puzzle read with what
//! the page needs to draw and play it, and the puzzle written in another format.

use serde::{Deserialize, Serialize};

use super::{format_named, present, PuzzleRequest, ServiceError};
use crate::formats::{self, Entry, Format};
use crate::model::Operation;
use crate::render::{self, Contents};
use crate::wire::CellRecord;
use crate::Puzzle;

/// A built-in puzzle: `{"name": "kk1", "source": "...", "puzzle": "..."}`.
#[derive(Clone, Debug, Serialize)]
pub struct ExampleRecord {
    /// The name `--example` takes.
    pub name: &'static str,
    /// What it is and where it comes from.
    pub source: &'static str,
    /// The puzzle, in the kk format.
    pub puzzle: &'static str,
}

/// The built-in puzzles.
pub fn examples() -> Vec<ExampleRecord> {
    crate::examples::EXAMPLES
        .iter()
        .map(|example| ExampleRecord {
            name: example.name,
            source: example.source,
            puzzle: example.text,
        })
        .collect()
}

/// One cage as the page needs it: its cells (numbered row by row from 0), its label, its
/// operation as the JSON format names it, and its target.
#[derive(Clone, Debug, Serialize)]
pub struct CageView {
    /// Its cells.
    pub cells: Vec<u16>,
    /// The label it shows: `11+`, `2÷`, a bare sum under the killer rule, a bare given.
    pub label: String,
    /// `+ - * / = ?`, as the JSON format.
    pub op: &'static str,
    /// Its target.
    pub target: u64,
}

/// The size of the page's drawing: a cell's side and the grid's, in SVG units.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Geometry {
    /// A cell's side.
    pub cell: f64,
    /// The grid's side.
    pub grid: f64,
}

/// A puzzle read, with what the page needs to draw and play it.
#[derive(Clone, Debug, Serialize)]
pub struct ParseAnswer {
    /// The format it was read in, by its command-line name (`sudokuwiki`).
    pub format: &'static str,
    /// The same format as a person reads its name (`SudokuWiki`), for a front end to show.
    pub format_name: &'static str,
    /// Its kind, in words (`KenKen`, `Killer Sudoku`, ...).
    pub kind: String,
    /// One line about it: kind, size, cages.
    pub summary: String,
    /// The side of the grid.
    pub size: usize,
    /// Its cages.
    pub cages: Vec<CageView>,
    /// Each cell's given digit, 0 for none, row by row.
    pub givens: Vec<u8>,
    /// Each cell's region (box or jigsaw piece), or `null` for a grid without them.
    pub regions: Option<Vec<usize>>,
    /// Whether the killer rule holds (no digit repeated in a cage).
    pub killer: bool,
    /// Whether − and ÷ may span more than two cells (largest minus, or divided by, the
    /// others), as the cage arithmetic of the page must know.
    pub multi_cell: bool,
    /// Whether the diagonal rule holds (Killer X): each long diagonal holds every digit
    /// once, as the page's conflict display must know.
    pub diagonals: bool,
    /// The progress the text carried, if any.
    pub progress: Option<Vec<CellRecord>>,
    /// The text's comments.
    pub comments: Vec<String>,
    /// The puzzle in the JSON format.
    pub json: String,
    /// The empty grid, drawn.
    pub svg: String,
    /// The drawing's size.
    pub geometry: Geometry,
}

/// The label a cage shows: `11+`, `2÷`, a bare sum under the killer rule, a bare given.
fn label(puzzle: &Puzzle, operation: Operation, target: u64) -> String {
    match operation.sign() {
        Some(_) if puzzle.options().killer && operation == Operation::Add => target.to_string(),
        Some(sign) => format!("{target}{sign}"),
        None => target.to_string(),
    }
}

/// The puzzle `request` carries, read, with what the page needs to draw and play it.
pub fn parse(request: &PuzzleRequest) -> Result<ParseAnswer, ServiceError> {
    let (format, entry) = request.read()?;
    describe(format, &entry)
}

/// What [`parse`] answers about `entry`, read in `format`.
fn describe(format: Format, entry: &Entry) -> Result<ParseAnswer, ServiceError> {
    let puzzle = &entry.puzzle;
    let n = puzzle.size();
    let unprocessable =
        |error: &dyn std::fmt::Display| ServiceError::Unprocessable(error.to_string());
    let cages = puzzle
        .cages()
        .iter()
        .map(|cage| CageView {
            cells: cage.cells().iter().map(|c| c.0).collect(),
            label: label(puzzle, cage.operation(), cage.target()),
            op: formats::json::op_name(cage.operation()),
            target: cage.target(),
        })
        .collect();
    let svg = render::svg::render(puzzle, Contents::NONE, &render::svg::Options::default())
        .map_err(|error| unprocessable(&error))?;
    let json = formats::json::write(puzzle, None).map_err(|error| unprocessable(&error))?;
    Ok(ParseAnswer {
        format: format.name(),
        format_name: format.display_name(),
        kind: puzzle.kind().to_string(),
        summary: puzzle.to_string(),
        size: n,
        cages,
        givens: puzzle
            .cells()
            .map(|cell| puzzle.given(cell).unwrap_or(0))
            .collect(),
        regions: puzzle
            .cells()
            .map(|cell| puzzle.regions().region_of(cell, n))
            .collect(),
        killer: puzzle.options().killer,
        multi_cell: puzzle.options().multi_cell,
        diagonals: puzzle.options().diagonals,
        progress: entry.progress.as_ref().map(crate::wire::progress_cells),
        comments: entry.comments.clone(),
        json,
        svg,
        geometry: Geometry {
            cell: render::svg::CELL,
            grid: n as f64 * render::svg::CELL,
        },
    })
}

/// A request to write a puzzle in another format.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvertRequest {
    /// The text, in any format.
    pub puzzle: String,
    /// The format's name, if the text's should not be detected.
    #[serde(default, deserialize_with = "present")]
    pub format: Option<String>,
    /// The format to write.
    pub to: String,
    /// Keep the text's progress where the format has a place for it (default true).
    #[serde(default = "yes")]
    pub progress: bool,
}

fn yes() -> bool {
    true
}

/// A puzzle written in another format.
#[derive(Clone, Debug, Serialize)]
pub struct ConvertAnswer {
    /// The format it was read in.
    pub from: &'static str,
    /// The format it is written in.
    pub to: &'static str,
    /// The text.
    pub text: String,
}

/// The puzzle `request` carries, written in the format it names.
pub fn convert(request: &ConvertRequest) -> Result<ConvertAnswer, ServiceError> {
    let to = format_named(&request.to)?;
    let (from, mut entry) = super::read(&request.puzzle, request.format.as_deref())?;
    if !request.progress {
        entry.progress = None;
    }
    let text = formats::write(to, &entry)
        .map_err(|error| ServiceError::Unprocessable(error.to_string()))?;
    Ok(ConvertAnswer {
        from: from.name(),
        to: to.name(),
        text,
    })
}
