//! The questions that teach: the next step as a hint in three levels, the whole solve
//! step by step, and the puzzle's grade. Each answer is the library's record
//! ([`crate::wire`]), words included, cells as `[row, col]`; a hint's step carries the
//! player's progress after it, so the page applies a step without knowing how.

use serde::Serialize;

use super::{Job, PuzzleRequest, ServiceError};
use crate::logic::{self, LogicError};
use crate::wire::{ExplanationRecord, GradeRecord, HintRecord};

/// A logic error as an answer: every one is about the puzzle or a limit.
fn refused(error: LogicError) -> ServiceError {
    ServiceError::Unprocessable(error.to_string())
}

/// A hint: `{"hint": {...}}`.
#[derive(Clone, Debug, Serialize)]
pub struct HintAnswer {
    /// The hint.
    pub hint: HintRecord,
}

/// An explanation: `{"explanation": {...}}`.
#[derive(Clone, Debug, Serialize)]
pub struct ExplainAnswer {
    /// The explanation.
    pub explanation: ExplanationRecord,
}

/// The next step from the progress `request`'s text carries, or the player's mistakes
/// first.
pub fn hint(request: &PuzzleRequest, job: &Job) -> Result<HintAnswer, ServiceError> {
    let (_, entry) = request.read()?;
    let progress = entry.progress_or_empty();
    let hint = logic::hint(&entry.puzzle, &progress, &job.logic_limits()).map_err(refused)?;
    Ok(HintAnswer {
        hint: HintRecord::new(&hint, &progress),
    })
}

/// Every step from the progress `request`'s text carries (or from nothing) to the
/// solution, or as far as logic goes and why it stops.
pub fn explain(request: &PuzzleRequest, job: &Job) -> Result<ExplainAnswer, ServiceError> {
    let (_, entry) = request.read()?;
    let start = entry.progress_or_empty();
    let explanation =
        logic::explain(&entry.puzzle, &start, &job.logic_limits()).map_err(refused)?;
    Ok(ExplainAnswer {
        explanation: ExplanationRecord::new(&explanation, &entry.puzzle),
    })
}

/// The hardest level the puzzle's explanation needs, and its score.
pub fn grade(request: &PuzzleRequest, job: &Job) -> Result<GradeRecord, ServiceError> {
    let (_, entry) = request.read()?;
    let grade = logic::grade(&entry.puzzle, &job.logic_limits()).map_err(refused)?;
    Ok(GradeRecord::new(&grade))
}
