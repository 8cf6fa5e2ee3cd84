//! The questions about a puzzle's solutions: the solution and whether it is the only one,
//! how many there are (up to a limit), a picture with the progress or the solution, and
//! whether the digits placed solve it.

use serde::{Deserialize, Serialize};

use super::{present, Job, PuzzleRequest, ServiceError};
use crate::formats::Entry;
use crate::model::CellState;
use crate::render::{self, Contents};
use crate::solve::{self, End, Limits, Outcome};
use crate::wire::solve::Verdict;
use crate::wire::CheckRecord;
use crate::{DigitSet, Grid, Puzzle};

/// The most solutions [`count`] counts: beyond a hundred thousand the exact number tells a
/// setter nothing more than "far too many", and the count stays within the time limit on
/// any grid.
pub const MAX_COUNT: u64 = 100_000;

/// What [`count`] counts up to when the request does not say.
pub const DEFAULT_COUNT: u64 = 1000;

/// The largest picture [`render`] draws: enough for any screen or page (2048 pixels is 7
/// inches at 300 dpi), while the renderer's own limit (8192) would take a quarter of a
/// gigabyte and seconds per PNG, which a page has no use for.
pub const MAX_PICTURE_PX: u32 = 2048;

/// Runs the production solver on `puzzle` within `limits` and the job's bounds.
fn solve_within(puzzle: &Puzzle, limits: Limits, job: &Job) -> Result<Outcome, ServiceError> {
    solve::default_solver()
        .solve(puzzle, &job.limits(limits))
        .map(|report| report.outcome)
        .map_err(|error| ServiceError::Unprocessable(error.to_string()))
}

/// Why an outcome holds no solution, in words.
fn no_solution(outcome: &Outcome) -> String {
    match outcome {
        Outcome::GaveUp { .. } => outcome.describe(),
        _ => "the puzzle has no solution".to_string(),
    }
}

/// A request for the solution: `{"puzzle": "...", "format": "kk", "background": true}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The text, in any format.
    pub puzzle: String,
    /// The format's name, if the text's should not be detected.
    #[serde(default, deserialize_with = "present")]
    pub format: Option<String>,
    /// The page's own work, not the player's: a server runs it only in a slot free now,
    /// and gives the slot up to a player's request. The answer does not change.
    #[serde(default)]
    pub background: bool,
}

/// The solution, and whether it is the only one.
#[derive(Clone, Debug, Serialize)]
pub struct SolveAnswer {
    /// `unique`, `several`, `none` or `gave_up`: [`Verdict::name`].
    pub outcome: &'static str,
    /// The verdict in a sentence.
    pub message: String,
    /// The first solution found, its digits row by row; `null` when none was.
    pub solution: Option<Vec<u8>>,
    /// Every solution kept (two show that the puzzle is not unique).
    pub solutions: Vec<Vec<u8>>,
    /// The solver's time, in milliseconds.
    pub elapsed_ms: f64,
}

/// The solution of the puzzle `request` carries, and whether it is the only one.
pub fn solve(request: &SolveRequest, job: &Job) -> Result<SolveAnswer, ServiceError> {
    let (_, entry) = super::read(&request.puzzle, request.format.as_deref())?;
    let start = web_time::Instant::now();
    let outcome = solve_within(&entry.puzzle, Limits::uniqueness(), job)?;
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let solutions: Vec<Vec<u8>> = outcome
        .solutions()
        .iter()
        .map(|grid| grid.digits().to_vec())
        .collect();
    let message = match &outcome {
        Outcome::Unique(_) => "the puzzle has exactly one solution".to_string(),
        Outcome::Unsolvable => "the puzzle has no solution".to_string(),
        Outcome::GaveUp { .. } => outcome.describe(),
        Outcome::Multiple { .. } | Outcome::AtLeastOne(_) => {
            "the puzzle has more than one solution; two are given".to_string()
        }
    };
    Ok(SolveAnswer {
        outcome: Verdict::of(&outcome).name(),
        message,
        solution: solutions.first().cloned(),
        solutions,
        elapsed_ms,
    })
}

/// A request to count solutions: `{"puzzle": "...", "limit": 1000}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountRequest {
    /// The text, in any format.
    pub puzzle: String,
    /// The format's name, if the text's should not be detected.
    #[serde(default, deserialize_with = "present")]
    pub format: Option<String>,
    /// Stop counting at this many (1 to [`MAX_COUNT`]; [`DEFAULT_COUNT`] when absent).
    #[serde(default, deserialize_with = "present")]
    pub limit: Option<u64>,
}

/// How many solutions, up to a limit.
#[derive(Clone, Debug, Serialize)]
pub struct CountAnswer {
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is exact: the search went through everything.
    pub complete: bool,
    /// The count in a sentence: `exactly 2 solutions`, `at least 1000 solutions (the count
    /// stops there)`.
    pub message: String,
}

/// How many solutions the puzzle `request` carries has, up to its limit.
pub fn count(request: &CountRequest, job: &Job) -> Result<CountAnswer, ServiceError> {
    let limit = request.limit.unwrap_or(DEFAULT_COUNT);
    if !(1..=MAX_COUNT).contains(&limit) {
        return Err(ServiceError::bad(format!(
            "limit {limit} is out of range: counts run from 1 to {MAX_COUNT}"
        )));
    }
    let (_, entry) = super::read(&request.puzzle, request.format.as_deref())?;
    let search = solve::default_solver()
        .search(
            &entry.puzzle,
            &job.limits(Limits::solutions(limit)),
            &mut |_| {},
        )
        .map_err(|error| ServiceError::Unprocessable(error.to_string()))?;
    Ok(CountAnswer {
        count: search.count,
        complete: search.end == End::Exhausted,
        message: search.describe_solutions(),
    })
}

/// A request for a picture of a puzzle.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    /// The text, in any format.
    pub puzzle: String,
    /// The format's name, if the text's should not be detected.
    #[serde(default, deserialize_with = "present")]
    pub format: Option<String>,
    /// `svg` (the default) or `png`.
    #[serde(default, deserialize_with = "present")]
    pub image: Option<String>,
    /// The picture's side in pixels (up to [`MAX_PICTURE_PX`]).
    #[serde(default, deserialize_with = "present")]
    pub size: Option<u32>,
    /// Draw the solution rather than the progress the text carries.
    #[serde(default)]
    pub solution: bool,
}

/// A picture: its media type and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// `image/svg+xml` or `image/png`.
    pub media_type: &'static str,
    /// The picture.
    pub bytes: Vec<u8>,
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

/// The puzzle `request` carries as an SVG or PNG picture, with its progress or solution.
pub fn render(request: &RenderRequest, job: &Job) -> Result<Picture, ServiceError> {
    let png = match request.image.as_deref() {
        None | Some("svg") => false,
        Some("png") if cfg!(feature = "png") => true,
        Some("png") => return Err(ServiceError::bad("this build draws svg pictures only")),
        Some(other) => {
            return Err(ServiceError::bad(format!(
                "unknown image {other:?}; the images are svg and png"
            )))
        }
    };
    if let Some(size) = request.size.filter(|&size| size > MAX_PICTURE_PX) {
        return Err(ServiceError::bad(format!(
            "a picture of {size} pixels is not drawn here: sizes run up to {MAX_PICTURE_PX}"
        )));
    }
    let (_, entry) = super::read(&request.puzzle, request.format.as_deref())?;
    let (grid, candidates) = if request.solution {
        let outcome = solve_within(&entry.puzzle, Limits::solutions(1), job)?;
        match outcome.solutions().first() {
            Some(grid) => (Some(grid.clone()), None),
            None => return Err(ServiceError::Unprocessable(no_solution(&outcome))),
        }
    } else {
        progress_contents(&entry)
    };
    let contents = Contents {
        grid: grid.as_ref(),
        candidates: candidates.as_deref(),
    };
    let options = render::svg::Options { size: request.size };
    let refused = |error: render::RenderError| ServiceError::bad(error.to_string());
    if png {
        #[cfg(feature = "png")]
        return Ok(Picture {
            media_type: "image/png",
            bytes: render::png::render(&entry.puzzle, contents, &options).map_err(refused)?,
        });
    }
    Ok(Picture {
        media_type: "image/svg+xml",
        bytes: render::svg::render(&entry.puzzle, contents, &options)
            .map_err(refused)?
            .into_bytes(),
    })
}

/// Whether the digits the progress of `request`'s text places solve the puzzle, and every
/// rule they break (before the cells left empty), as the library records it.
pub fn check(request: &PuzzleRequest) -> Result<CheckRecord, ServiceError> {
    let (_, entry) = request.read()?;
    let grid = entry
        .progress
        .as_ref()
        .map_or_else(|| Grid::empty(entry.puzzle.size()), |p| p.solved());
    Ok(CheckRecord::new(&entry.puzzle, &grid))
}
