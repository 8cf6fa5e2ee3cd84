//! The routes that answer questions about one puzzle's solutions: `/api/solve` (the
//! solution, and whether it is the only one), `/api/count` (how many, up to a limit),
//! `/api/render` (a picture, with its progress or solution) and `/api/check` (whether the
//! digits placed solve it, and every rule they break).

use std::sync::Arc;
use std::time::Instant;

use axum::extract::State as Extract;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cagey::formats::Entry;
use cagey::model::CellState;
use cagey::render::{self, Contents};
use cagey::solve::{self, Budget, End, Limits, Outcome};
use cagey::wire::CheckRecord;
use cagey::{DigitSet, Grid, Puzzle};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::request::{present, Body, PuzzleRequest};
use crate::state::{Job, State};

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

/// Runs the production solver on `puzzle` within `limits` and the job's bounds.
fn solve_within(puzzle: &Puzzle, limits: Limits, job: &Job) -> Result<Outcome, ApiError> {
    solve::default_solver()
        .solve(puzzle, &job.limits(limits))
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
            "the search stopped at the time limit of {} without settling the question",
            solve::seconds(time)
        ),
        Budget::Nodes(nodes) => {
            format!("the search stopped after {nodes} nodes without settling the question")
        }
        Budget::Cancelled => "the search was cancelled".to_string(),
    }
}

/// The request of `/api/solve`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SolveRequest {
    puzzle: String,
    #[serde(default, deserialize_with = "present")]
    format: Option<String>,
    /// The page's own work, not the player's: it never waits for a slot and gives its slot
    /// up to a player's request.
    #[serde(default)]
    background: bool,
}

/// `POST /api/solve`: the solution, and whether it is the only one.
pub(crate) async fn solve_puzzle(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<SolveRequest>,
) -> Result<Json<Value>, ApiError> {
    let background = request.background;
    let request = PuzzleRequest {
        puzzle: request.puzzle,
        format: request.format,
    };
    state
        .heavy_as(request, background, |entry, job| {
            let start = Instant::now();
            let outcome = solve_within(&entry.puzzle, Limits::uniqueness(), &job)?;
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
pub(crate) struct CountRequest {
    puzzle: String,
    #[serde(default, deserialize_with = "present")]
    format: Option<String>,
    /// Stop counting at this many.
    #[serde(default, deserialize_with = "present")]
    limit: Option<u64>,
}

/// `POST /api/count`: how many solutions, up to a limit.
pub(crate) async fn count(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<CountRequest>,
) -> Result<Json<Value>, ApiError> {
    let limit = request.limit.unwrap_or(DEFAULT_COUNT);
    if !(1..=MAX_COUNT).contains(&limit) {
        return Err(ApiError::bad(format!(
            "limit {limit} is out of range: counts run from 1 to {MAX_COUNT}"
        )));
    }
    let request = PuzzleRequest {
        puzzle: request.puzzle,
        format: request.format,
    };
    state
        .heavy(request, move |entry, job| {
            let search = solve::default_solver()
                .search(
                    &entry.puzzle,
                    &job.limits(Limits::solutions(limit)),
                    &mut |_| {},
                )
                .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
            let (complete, message) = match search.end {
                End::Exhausted => (true, format!("exactly {}", solve::solutions(search.count))),
                End::SolutionLimit => (
                    false,
                    format!(
                        "at least {} (the count stops there)",
                        solve::solutions(search.count)
                    ),
                ),
                End::OutOfBudget(budget) => (
                    false,
                    format!(
                        "at least {}: {}",
                        solve::solutions(search.count),
                        gave_up(budget)
                    ),
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

/// The request of `/api/render`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RenderRequest {
    puzzle: String,
    #[serde(default, deserialize_with = "present")]
    format: Option<String>,
    /// `svg` (the default) or `png`.
    #[serde(default, deserialize_with = "present")]
    image: Option<String>,
    /// The picture's side in pixels.
    #[serde(default, deserialize_with = "present")]
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
pub(crate) async fn render_picture(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<RenderRequest>,
) -> Result<Response, ApiError> {
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
    let solution = request.solution;
    let request = PuzzleRequest {
        puzzle: request.puzzle,
        format: request.format,
    };
    state
        .heavy(request, move |entry, job| {
            let (grid, candidates) = if solution {
                let report = solve_within(&entry.puzzle, Limits::solutions(1), &job)?;
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

/// `POST /api/check`: whether the digits the text's progress places solve the puzzle, and
/// every rule they break before the cells left empty, as the library records it.
pub(crate) async fn check(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<CheckRecord>, ApiError> {
    state
        .heavy(request, |entry, _| {
            let grid = entry
                .progress
                .as_ref()
                .map_or_else(|| Grid::empty(entry.puzzle.size()), |p| p.solved());
            Ok(Json(CheckRecord::new(&entry.puzzle, &grid)))
        })
        .await
}
