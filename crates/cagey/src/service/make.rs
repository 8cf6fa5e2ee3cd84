//! A new puzzle for the page, from the generator's one request ([`Request`]) within the
//! job's bounds: the puzzle as kk text, with the seed that makes it again.

use serde::Serialize;

use super::{Job, ServiceError};
use crate::formats::kk;
use crate::generate::{self, Request};

/// The largest grid the page makes: a 9x9 takes well under a second, and larger grids at
/// a level may take longer than anyone waits at a page (`cagey generate` makes them).
pub const MAX_GENERATE_SIZE: usize = 9;

/// A new puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct GenerateAnswer {
    /// The puzzle, in the kk format.
    pub puzzle: String,
    /// `kk`.
    pub format: &'static str,
    /// The seed that makes it again.
    pub seed: u64,
    /// Its level, as the grader measures it; `null` when it was not graded.
    pub level: Option<&'static str>,
    /// Its score; `null` when it was not graded.
    pub score: Option<u32>,
    /// What was made, in a sentence.
    pub message: String,
    /// The time it took, in milliseconds.
    pub elapsed_ms: f64,
}

/// A new puzzle with exactly one solution, as `request` asks, within the job's bounds (its
/// time limit replaces the request's, and its flag cancels).
pub fn generate(request: &Request, job: &Job) -> Result<GenerateAnswer, ServiceError> {
    let size = request.size();
    if !(1..=MAX_GENERATE_SIZE).contains(&size) {
        return Err(ServiceError::bad(format!(
            "size {size} is out of range: the page makes grids from 1 to {MAX_GENERATE_SIZE} (cagey generate makes larger ones)"
        )));
    }
    let request = Request {
        time_limit: Some(job.time_limit),
        ..request.clone()
    };
    let mut settings = request
        .settings()
        .map_err(|error| ServiceError::bad(error.to_string()))?;
    settings.cancel = job.cancel.clone();
    let seed = request.seed();
    let started = web_time::Instant::now();
    let made = generate::generate(&settings, &mut settings.rng(seed, 0))
        .map_err(|error| ServiceError::Unprocessable(error.to_string()))?;
    let level = made.graded.map(|graded| graded.level.name());
    let summary = made.puzzle.to_string();
    Ok(GenerateAnswer {
        puzzle: kk::write(&made.puzzle),
        format: "kk",
        seed,
        level,
        score: made.graded.map(|graded| graded.score),
        message: match level {
            Some(level) => format!("a new {summary}, level {level}, seed {seed}"),
            None => match made.ungraded() {
                Some(ungraded) => format!("a new {summary}, seed {seed}: {ungraded}"),
                None => format!("a new {summary}, seed {seed}"),
            },
        },
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}
