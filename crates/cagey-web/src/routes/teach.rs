//! The routes that teach: `/api/hint`, `/api/explain` and `/api/grade`, each a call of the
//! library's logic module (`cagey::logic`) with the time bound of the server, its answer
//! turned into JSON for the page. The words of hints and steps are the library's.

use std::sync::Arc;

use axum::extract::State as Extract;
use axum::Json;
use cagey::logic::{self, Explanation, Hint, LogicError, Step, Verdict};
use cagey::model::Progress;
use cagey::Cell;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::request::{Body, PuzzleRequest};
use crate::state::State;

/// A logic error as an answer: every one is about the puzzle or a limit, so 422.
fn refused(error: LogicError) -> ApiError {
    ApiError::Unprocessable(error.to_string())
}

fn cells(cells: &[Cell]) -> Vec<u16> {
    cells.iter().map(|c| c.0).collect()
}

fn pairs(pairs: &[(Cell, u8)]) -> Vec<(u16, u8)> {
    pairs.iter().map(|&(c, d)| (c.0, d)).collect()
}

/// A step as JSON: the rule, its level, where it looks, the cells that cause it, what it
/// places and removes, and its words at each level of a hint (rule and house; with the
/// cells; the whole step).
fn step_json(step: &Step, size: usize) -> Value {
    json!({
        "rule": step.rule,
        "level": step.level.name(),
        "house": step.house,
        "cells": cells(&step.cells),
        "placed": pairs(&step.placed),
        "eliminated": pairs(&step.eliminated),
        "text": step.text,
        "description": step.describe(size),
        "hints": [step.hint_text(1, size), step.hint_text(2, size), step.hint_text(3, size)],
    })
}

/// `POST /api/hint`: the next step from the progress the text carries, or the player's
/// mistakes first.
pub(crate) async fn hint(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    state
        .heavy(&request, |entry, job| {
            let limits = job.logic_limits();
            let puzzle = &entry.puzzle;
            let size = puzzle.size();
            let progress = entry
                .progress
                .clone()
                .unwrap_or_else(|| Progress::unknown(size));
            let answer = match logic::hint(puzzle, &progress, &limits).map_err(refused)? {
                Hint::Step(step) => json!({
                    "kind": "step",
                    "message": step.hint_text(1, size),
                    "step": step_json(&step, size),
                }),
                Hint::Mistakes(mistakes) => {
                    let wrong: Vec<u16> = mistakes.iter().map(|m| m.cell().0).collect();
                    let noun = if wrong.len() == 1 { "cell contradicts" } else { "cells contradict" };
                    json!({
                        "kind": "mistakes",
                        "message": format!("{} {noun} the solution (marked): fix them first", wrong.len()),
                        "cells": wrong,
                    })
                }
                Hint::Solved => json!({"kind": "solved", "message": "the puzzle is solved"}),
                Hint::Stuck => json!({
                    "kind": "stuck",
                    "message": "no rule applies, and the puzzle has several solutions from here",
                }),
            };
            Ok(Json(answer))
        })
        .await
}

/// How an explanation ends, in words, with the cells it concerns.
fn verdict_json(explanation: &Explanation) -> (String, &'static str, Vec<u16>) {
    let count = explanation.steps.len();
    match &explanation.verdict {
        Verdict::Solved(_) => (
            format!(
                "solved in {count} steps; the hardest is {}, the score {}",
                explanation.level, explanation.score
            ),
            "solved",
            Vec::new(),
        ),
        Verdict::Multiple { differ, .. } => (
            format!(
                "logic stops after {count} steps: the puzzle has more than one solution, and two of them differ in the cells marked"
            ),
            "several",
            cells(differ),
        ),
        Verdict::Unsolvable { reason, cells: at, .. } => (
            format!("after {count} steps the puzzle has no solution: {reason}"),
            "none",
            cells(at),
        ),
    }
}

/// `POST /api/explain`: every step from the progress the text carries (or from nothing) to
/// the solution, or as far as logic goes and why it stops.
pub(crate) async fn explain(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    state
        .heavy(&request, |entry, job| {
            let limits = job.logic_limits();
            let puzzle = &entry.puzzle;
            let size = puzzle.size();
            let start = entry
                .progress
                .clone()
                .unwrap_or_else(|| Progress::unknown(size));
            let explanation = logic::explain(puzzle, &start, &limits).map_err(refused)?;
            let (message, verdict, at) = verdict_json(&explanation);
            let steps: Vec<Value> = explanation
                .steps
                .iter()
                .map(|step| step_json(step, size))
                .collect();
            Ok(Json(json!({
                "verdict": verdict,
                "message": message,
                "cells": at,
                "level": explanation.level.name(),
                "score": explanation.score,
                "steps": steps,
            })))
        })
        .await
}

/// `POST /api/grade`: the hardest level a puzzle's explanation needs, and its score.
pub(crate) async fn grade(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<Value>, ApiError> {
    state
        .heavy(&request, |entry, job| {
            let limits = job.logic_limits();
            let grade = logic::grade(&entry.puzzle, &limits).map_err(refused)?;
            let rules: Vec<Value> = grade
                .rules
                .iter()
                .map(|(rule, count)| json!({"rule": rule, "count": count}))
                .collect();
            Ok(Json(json!({
                "level": grade.level.name(),
                "score": grade.score,
                "steps": grade.steps,
                "rules": rules,
            })))
        })
        .await
}
