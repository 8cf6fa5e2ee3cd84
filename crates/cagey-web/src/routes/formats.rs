//! The routes about a puzzle's text: `/api/examples` (the built-in puzzles, answered at
//! once), `/api/parse` (the puzzle read, with what the page needs to draw and play it) and
//! `/api/convert` (the puzzle written in another format). Reading a text is quick for a
//! puzzle but can take long for a large text that no format reads, so parse and convert run
//! in a slot like every other request that reads a puzzle ([`State::heavy`]).

use std::sync::Arc;

use axum::extract::State as Extract;
use axum::Json;
use cagey::formats::{self, Entry, Format};
use cagey::model::Operation;
use cagey::render::{self, Contents};
use cagey::Puzzle;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::request::{format_named, present, Body, PuzzleRequest};
use crate::state::State;

/// `GET /api/examples`: the built-in puzzles.
pub(crate) async fn examples() -> Json<Value> {
    let list: Vec<Value> = cagey::examples::EXAMPLES
        .iter()
        .map(|e| json!({"name": e.name, "source": e.source, "puzzle": e.text}))
        .collect();
    Json(Value::Array(list))
}

/// One cage as the page needs it: its cells and its label.
#[derive(Serialize)]
struct CageView {
    cells: Vec<u16>,
    label: String,
    op: &'static str,
    target: u64,
}

/// The label a cage shows: `11+`, `2÷`, a bare sum under the killer rule, a bare given.
fn label(puzzle: &Puzzle, operation: Operation, target: u64) -> String {
    match operation.sign() {
        Some(_) if puzzle.options().killer && operation == Operation::Add => target.to_string(),
        Some(sign) => format!("{target}{sign}"),
        None => target.to_string(),
    }
}

/// `POST /api/parse`: the puzzle read, with what the page needs to draw and play it.
pub(crate) async fn parse(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    state
        .run(move |_| {
            let (format, entry) = request.read()?;
            describe(format, &entry).map(Json)
        })
        .await
}

/// What `/api/parse` answers about `entry`, read in `format`.
fn describe(format: Format, entry: &Entry) -> Result<Value, ApiError> {
    let puzzle = &entry.puzzle;
    let n = puzzle.size();
    let cages: Vec<CageView> = puzzle
        .cages()
        .iter()
        .map(|cage| CageView {
            cells: cage.cells().iter().map(|c| c.0).collect(),
            label: label(puzzle, cage.operation(), cage.target()),
            op: formats::json::op_name(cage.operation()),
            target: cage.target(),
        })
        .collect();
    let givens: Vec<u8> = puzzle
        .cells()
        .map(|cell| puzzle.given(cell).unwrap_or(0))
        .collect();
    let regions: Option<Vec<usize>> = puzzle
        .cells()
        .map(|cell| puzzle.regions().region_of(cell, n))
        .collect();
    let progress = entry.progress.as_ref().map(cagey::wire::progress_cells);
    let svg = render::svg::render(puzzle, Contents::NONE, &render::svg::Options::default())
        .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
    let side = n as f64 * render::svg::CELL;
    let json_text = formats::json::write(puzzle, None)
        .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
    Ok(json!({
        "format": format.name(),
        "kind": puzzle.kind().to_string(),
        "summary": puzzle.to_string(),
        "size": n,
        "cages": cages,
        "givens": givens,
        "regions": regions,
        "killer": puzzle.options().killer,
        "multi_cell": puzzle.options().multi_cell,
        "progress": progress,
        "comments": entry.comments,
        "json": json_text,
        "svg": svg,
        "geometry": {"cell": render::svg::CELL, "grid": side},
    }))
}

/// The request of `/api/convert`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConvertRequest {
    puzzle: String,
    #[serde(default, deserialize_with = "present")]
    format: Option<String>,
    /// The format to write.
    to: String,
    /// Keep the text's progress where the format has a place for it (default true).
    #[serde(default = "yes")]
    progress: bool,
}

fn yes() -> bool {
    true
}

/// `POST /api/convert`: the puzzle written in another format.
pub(crate) async fn convert(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<ConvertRequest>,
) -> Result<Json<Value>, ApiError> {
    let ConvertRequest {
        puzzle,
        format,
        to,
        progress,
    } = request;
    let to: Format = format_named(&to)?;
    state
        .run(move |_| {
            let (from, mut entry) = PuzzleRequest { puzzle, format }.read()?;
            if !progress {
                entry.progress = None;
            }
            let text = formats::write(to, &entry)
                .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
            Ok(Json(
                json!({"from": from.name(), "to": to.name(), "text": text}),
            ))
        })
        .await
}
