//! The routes that teach: `/api/hint`, `/api/explain` and `/api/grade`, each a call of the
//! library's logic module (`cagey::logic`) with the time bound of the server. Their answers
//! are the library's records (`cagey::wire`), words included, cells as `[row, col]`: a grade
//! is its record; a hint and an explanation carry theirs under `hint` and `explanation`. A
//! hint's step carries the player's progress after it, so the page applies a step without
//! knowing how.

use std::sync::Arc;

use axum::extract::State as Extract;
use axum::Json;
use cagey::logic::{self, LogicError};
use cagey::wire::{ExplanationRecord, GradeRecord, HintRecord};
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::request::{Body, PuzzleRequest};
use crate::state::State;

/// A logic error as an answer: every one is about the puzzle or a limit, so 422.
fn refused(error: LogicError) -> ApiError {
    ApiError::Unprocessable(error.to_string())
}

/// `POST /api/hint`: the next step from the progress the text carries, or the player's
/// mistakes first.
pub(crate) async fn hint(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    state
        .heavy(request, |entry, job| {
            let puzzle = &entry.puzzle;
            let progress = entry.progress_or_empty();
            let hint = logic::hint(puzzle, &progress, &job.logic_limits()).map_err(refused)?;
            Ok(Json(json!({"hint": HintRecord::new(&hint, &progress)})))
        })
        .await
}

/// `POST /api/explain`: every step from the progress the text carries (or from nothing) to
/// the solution, or as far as logic goes and why it stops.
pub(crate) async fn explain(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    state
        .heavy(request, |entry, job| {
            let puzzle = &entry.puzzle;
            let start = entry.progress_or_empty();
            let explanation =
                logic::explain(puzzle, &start, &job.logic_limits()).map_err(refused)?;
            let record = ExplanationRecord::new(&explanation, puzzle);
            Ok(Json(json!({"explanation": record})))
        })
        .await
}

/// `POST /api/grade`: the hardest level a puzzle's explanation needs, and its score.
pub(crate) async fn grade(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<GradeRecord>, ApiError> {
    state
        .heavy(request, |entry, job| {
            let grade = logic::grade(&entry.puzzle, &job.logic_limits()).map_err(refused)?;
            Ok(Json(GradeRecord::new(&grade)))
        })
        .await
}
