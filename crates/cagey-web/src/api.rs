//! The JSON API under `/api/`: each handler reads its request, calls the library, and
//! answers JSON (or a picture). A puzzle travels as `{"puzzle": "<text>"}` in any of the
//! library's formats, detected unless `"format"` names one; progress travels inside the text,
//! as the formats carry it (SudokuWiki strings and JSON). The OpenAPI description,
//! `openapi.json` beside this file, is served at `/api/openapi.json` and documents every
//! route; a test checks that the two agree.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State as Extract};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use cagey::formats::{self, Entry, Format};
use cagey::model::{CellState, Operation};
use cagey::render::{self, Contents};
use cagey::solve::{self, Budget, Cancel, End, Limits, Outcome};
use cagey::{DigitSet, Grid, Puzzle};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::heavy::Slots;
use crate::{ApiError, Config};

/// The OpenAPI description of this API.
pub const OPENAPI: &str = include_str!("openapi.json");

/// The most solutions `/api/count` counts: beyond a hundred thousand the exact number
/// tells a setter nothing more than "far too many", and the count stays within the time
/// limit on any grid.
pub const MAX_COUNT: u64 = 100_000;

/// What `/api/count` counts up to when the request does not say.
pub const DEFAULT_COUNT: u64 = 1000;

/// The largest picture the server draws: enough for any screen or page (2048 pixels is 7
/// inches at 300 dpi), while the library's own limit (8192) would take a quarter of a
/// gigabyte and seconds per PNG, which a local page has no use for.
pub const MAX_PICTURE_PX: u32 = 2048;

/// What every handler shares: the heavy-request slots and the time bound.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) slots: Slots,
    pub(crate) time_limit: Duration,
}

impl State {
    /// The state for `config`.
    pub fn new(config: &Config) -> State {
        State {
            slots: Slots::new(config.heavy_slots, config.time_limit, config.slot_wait),
            time_limit: config.time_limit,
        }
    }
}

type Shared = Extract<Arc<State>>;

/// Every route of the API, relative to `/api`.
pub fn routes(state: State) -> Router {
    Router::new()
        .route("/openapi.json", get(openapi))
        .route("/examples", get(examples))
        .route("/parse", post(parse))
        .route("/render", post(render_picture))
        .route("/solve", post(solve_puzzle))
        .route("/count", post(count))
        .route("/check", post(check))
        .route("/convert", post(convert))
        .route("/grade", post(crate::teach::grade))
        .route("/hint", post(crate::teach::hint))
        .route("/explain", post(crate::teach::explain))
        .route("/generate", post(crate::make::generate))
        .fallback(|| async { ApiError::NotFound })
        .method_not_allowed_fallback(|method: Method, uri: Uri| async move {
            ApiError::MethodNotAllowed {
                method: method.to_string(),
                // These routes are nested under `/api` (see `crate::router`), which the
                // nested router's `Uri` no longer shows.
                path: format!("/api{}", uri.path()),
            }
        })
        .with_state(Arc::new(state))
}

/// A JSON body read by serde, whose every failure (not JSON, a missing field, a body over
/// the size limit) is an [`ApiError`] with the reason, not axum's plain-text rejection.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::TooLarge(format!(
                        "the request body is larger than the limit of {} bytes",
                        crate::MAX_BODY_BYTES
                    ))
                } else {
                    ApiError::bad(format!("cannot read the request body: {rejection}"))
                }
            })?;
        serde_json::from_slice(&bytes).map(Body).map_err(|error| {
            ApiError::bad(format!("the request is not the JSON expected: {error}"))
        })
    }
}

/// A puzzle as every request carries it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PuzzleRequest {
    /// The text, in any format.
    pub(crate) puzzle: String,
    /// The format's name, if the text's should not be detected.
    #[serde(default)]
    pub(crate) format: Option<String>,
}

/// Reads the one puzzle of `text`, in `format` or the detected one.
pub(crate) fn read(text: &str, format: Option<&str>) -> Result<(Format, Entry), ApiError> {
    let format = match format {
        Some(name) => Format::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            ApiError::bad(format!(
                "unknown format {name:?}; the formats are {}",
                names.join(", ")
            ))
        })?,
        None => formats::detect(text),
    };
    let results = formats::parse_all(format, text);
    let count = results.len();
    match results.into_iter().next() {
        Some(Err(error)) => Err(ApiError::BadRequest {
            line: error.line(),
            message: error.to_string(),
        }),
        Some(Ok(_)) if count > 1 => Err(ApiError::bad(format!(
            "the text holds {count} puzzles ({format} format); give one at a time"
        ))),
        Some(Ok(entry)) => Ok((format, entry)),
        None => Err(ApiError::bad("the text holds no puzzle")),
    }
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

/// `GET /api/examples`: the built-in puzzles.
async fn examples() -> Json<Value> {
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

/// A cell's state as JSON: `0`, a digit, or an array of candidates.
fn cell_json(state: CellState) -> Value {
    match state {
        CellState::Unknown => json!(0),
        CellState::Solved(digit) => json!(digit),
        CellState::Candidates(set) => json!(set.iter().collect::<Vec<u8>>()),
    }
}

/// `POST /api/parse`: the puzzle read, with what the page needs to draw and play it.
async fn parse(Body(request): Body<PuzzleRequest>) -> Result<Json<Value>, ApiError> {
    let (format, entry) = read(&request.puzzle, request.format.as_deref())?;
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
    let progress = entry
        .progress
        .as_ref()
        .map(|p| p.cells().iter().copied().map(cell_json).collect::<Vec<_>>());
    let svg = render::svg::render(puzzle, Contents::NONE, &render::svg::Options::default())
        .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
    let side = n as f64 * render::svg::CELL;
    let json_text = formats::json::write(puzzle, None)
        .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
    Ok(Json(json!({
        "format": format.name(),
        "kind": puzzle.kind().to_string(),
        "summary": puzzle.to_string(),
        "size": n,
        "cages": cages,
        "givens": givens,
        "regions": regions,
        "killer": puzzle.options().killer,
        "progress": progress,
        "comments": entry.comments,
        "json": json_text,
        "svg": svg,
        "geometry": {"cell": render::svg::CELL, "grid": side},
    })))
}

/// The request of `/api/render`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RenderRequest {
    puzzle: String,
    #[serde(default)]
    format: Option<String>,
    /// `svg` (the default) or `png`.
    #[serde(default)]
    image: Option<String>,
    /// The picture's side in pixels.
    #[serde(default)]
    size: Option<u32>,
    /// Draw the solution rather than the progress the text carries.
    #[serde(default)]
    solution: bool,
}

/// The solved digits and candidates of an entry's progress, ready to draw.
fn progress_contents(entry: &Entry) -> (Option<Grid>, Option<Vec<DigitSet>>) {
    let Some(progress) = &entry.progress else {
        return (None, None);
    };
    let candidates = progress
        .cells()
        .iter()
        .map(|state| match state {
            CellState::Candidates(set) => *set,
            _ => DigitSet::EMPTY,
        })
        .collect();
    (Some(progress.solved()), Some(candidates))
}

/// `POST /api/render`: the puzzle as an SVG or PNG picture, with its progress or solution.
async fn render_picture(
    Extract(state): Shared,
    Body(request): Body<RenderRequest>,
) -> Result<Response, ApiError> {
    let (_, entry) = read(&request.puzzle, request.format.as_deref())?;
    let png = match request.image.as_deref() {
        None | Some("svg") => false,
        Some("png") => true,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "unknown image {other:?}; the images are svg and png"
            )))
        }
    };
    if let Some(size) = request.size.filter(|&size| size > MAX_PICTURE_PX) {
        return Err(ApiError::bad(format!(
            "a picture of {size} pixels is not drawn here: sizes run up to {MAX_PICTURE_PX} (cagey render draws larger ones)"
        )));
    }
    let options = render::svg::Options { size: request.size };
    let time_limit = state.time_limit;
    state
        .slots
        .run(move |cancel| {
            let (grid, candidates) = if request.solution {
                let report = solve_within(&entry.puzzle, Limits::solutions(1), time_limit, cancel)?;
                match report.solutions().first() {
                    Some(grid) => (Some(grid.clone()), None),
                    None => return Err(ApiError::Unprocessable(no_solution(&report))),
                }
            } else {
                progress_contents(&entry)
            };
            let contents = Contents {
                grid: grid.as_ref(),
                candidates: candidates.as_deref(),
            };
            let picture = |error: render::RenderError| ApiError::bad(error.to_string());
            Ok(if png {
                let bytes =
                    render::png::render(&entry.puzzle, contents, &options).map_err(picture)?;
                ([(header::CONTENT_TYPE, "image/png")], bytes).into_response()
            } else {
                let text =
                    render::svg::render(&entry.puzzle, contents, &options).map_err(picture)?;
                ([(header::CONTENT_TYPE, "image/svg+xml")], text).into_response()
            })
        })
        .await
}

/// Runs the production solver on `puzzle` within `limits`, the time bound and `cancel`.
fn solve_within(
    puzzle: &Puzzle,
    mut limits: Limits,
    time: Duration,
    cancel: Cancel,
) -> Result<Outcome, ApiError> {
    limits.time_limit = Some(time);
    limits.cancel = Some(cancel);
    solve::default_solver()
        .solve(puzzle, &limits)
        .map(|report| report.outcome)
        .map_err(|error| ApiError::Unprocessable(error.to_string()))
}

/// Why an outcome holds no solution, in words.
fn no_solution(outcome: &Outcome) -> String {
    match outcome {
        Outcome::GaveUp { budget, .. } => gave_up(*budget),
        _ => "the puzzle has no solution".to_string(),
    }
}

/// The message of a search that ran out of budget.
fn gave_up(budget: Budget) -> String {
    match budget {
        Budget::Time(time) => format!(
            "the search stopped at the time limit of {:.1} s without settling the question",
            time.as_secs_f64()
        ),
        Budget::Nodes(nodes) => {
            format!("the search stopped after {nodes} nodes without settling the question")
        }
        Budget::Cancelled => "the search was cancelled".to_string(),
    }
}

/// `POST /api/solve`: the solution, and whether it is the only one.
async fn solve_puzzle(
    Extract(state): Shared,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    let (_, entry) = read(&request.puzzle, request.format.as_deref())?;
    let time_limit = state.time_limit;
    state
        .slots
        .run(move |cancel| {
            let start = Instant::now();
            let outcome = solve_within(&entry.puzzle, Limits::uniqueness(), time_limit, cancel)?;
            let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
            let solutions: Vec<&[u8]> = outcome.solutions().iter().map(Grid::digits).collect();
            let (verdict, message) = match &outcome {
                Outcome::Unique(_) => ("unique", "the puzzle has exactly one solution".to_string()),
                Outcome::Unsolvable => ("none", "the puzzle has no solution".to_string()),
                Outcome::GaveUp { budget, .. } => ("gave_up", gave_up(*budget)),
                Outcome::Multiple { .. } | Outcome::AtLeastOne(_) => (
                    "several",
                    "the puzzle has more than one solution; two are given".to_string(),
                ),
            };
            Ok(Json(json!({
                "outcome": verdict,
                "message": message,
                "solution": solutions.first(),
                "solutions": solutions,
                "elapsed_ms": elapsed_ms,
            })))
        })
        .await
}

/// The request of `/api/count`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountRequest {
    puzzle: String,
    #[serde(default)]
    format: Option<String>,
    /// Stop counting at this many.
    #[serde(default)]
    limit: Option<u64>,
}

/// `POST /api/count`: how many solutions, up to a limit.
async fn count(
    Extract(state): Shared,
    Body(request): Body<CountRequest>,
) -> Result<Json<Value>, ApiError> {
    let (_, entry) = read(&request.puzzle, request.format.as_deref())?;
    let limit = request.limit.unwrap_or(DEFAULT_COUNT);
    if !(1..=MAX_COUNT).contains(&limit) {
        return Err(ApiError::bad(format!(
            "limit {limit} is out of range: counts run from 1 to {MAX_COUNT}"
        )));
    }
    let time_limit = state.time_limit;
    state
        .slots
        .run(move |cancel| {
            let mut limits = Limits::solutions(limit);
            limits.time_limit = Some(time_limit);
            limits.cancel = Some(cancel);
            let search = solve::default_solver()
                .search(&entry.puzzle, &limits, &mut |_| {})
                .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
            let (complete, message) = match search.end {
                End::Exhausted => (true, format!("exactly {} solutions", search.count)),
                End::SolutionLimit => (
                    false,
                    format!(
                        "at least {} solutions (the count stops there)",
                        search.count
                    ),
                ),
                End::OutOfBudget(budget) => (
                    false,
                    format!("at least {} solutions: {}", search.count, gave_up(budget)),
                ),
            };
            Ok(Json(json!({
                "count": search.count,
                "complete": complete,
                "message": message,
            })))
        })
        .await
}

/// `POST /api/check`: whether the digits the text's progress places solve the puzzle.
async fn check(Body(request): Body<PuzzleRequest>) -> Result<Json<Value>, ApiError> {
    let (_, entry) = read(&request.puzzle, request.format.as_deref())?;
    let grid = entry
        .progress
        .as_ref()
        .map_or_else(|| Grid::empty(entry.puzzle.size()), |p| p.solved());
    Ok(Json(match cagey::check(&entry.puzzle, &grid) {
        Ok(()) => json!({"solved": true, "message": "solved"}),
        // The library's wording, the same `cagey check` prints: cells `r1c1`, cages by label.
        Err(violation) => {
            json!({"solved": false, "message": violation.describe(&entry.puzzle, &grid)})
        }
    }))
}

/// The request of `/api/convert`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConvertRequest {
    puzzle: String,
    #[serde(default)]
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
async fn convert(Body(request): Body<ConvertRequest>) -> Result<Json<Value>, ApiError> {
    let (from, mut entry) = read(&request.puzzle, request.format.as_deref())?;
    let to = Format::from_name(&request.to).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        ApiError::bad(format!(
            "unknown format {:?}; the formats are {}",
            request.to,
            names.join(", ")
        ))
    })?;
    if !request.progress {
        entry.progress = None;
    }
    let text =
        formats::write(to, &entry).map_err(|error| ApiError::Unprocessable(error.to_string()))?;
    Ok(Json(
        json!({"from": from.name(), "to": to.name(), "text": text}),
    ))
}
