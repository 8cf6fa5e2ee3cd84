//! `/api/generate`: a new puzzle from the library's generator (`cagey::generate`), at the
//! level asked for (a `generate::Target`, read as the command reads `--difficulty`), within
//! the server's time bound. The answer is the puzzle as kk text, with the seed that makes it again.

use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use axum::extract::State as Extract;
use axum::Json;
use cagey::formats::kk;
use cagey::generate::{self, GenKind, OperationSet, Settings, Target};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::request::{present, Body};
use crate::state::State;

/// The largest grid the page makes: a 9x9 takes well under a second, and larger grids at
/// a level may take longer than anyone waits at a page (`cagey generate` makes them).
pub const MAX_SIZE: usize = 9;

/// The request of `/api/generate`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GenerateRequest {
    size: usize,
    /// A level name: easy, normal, hard, extreme, unreasonable; `any` for whatever level
    /// the puzzle falls at. Normal when absent, as `cagey generate` (any for sides 1 and 2,
    /// which have no normal puzzles).
    #[serde(default, deserialize_with = "present")]
    difficulty: Option<Target>,
    /// The operations, any of `+-*/`.
    #[serde(default, deserialize_with = "present")]
    ops: Option<String>,
    /// kenken, kendoku, killer or killer-jigsaw.
    #[serde(default, deserialize_with = "present")]
    kind: Option<String>,
    /// The seed; a fresh one when absent.
    #[serde(default, deserialize_with = "present")]
    seed: Option<u64>,
}

/// `POST /api/generate`: a new puzzle with exactly one solution.
pub(crate) async fn generate(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<GenerateRequest>,
) -> Result<Json<Value>, ApiError> {
    if !(1..=MAX_SIZE).contains(&request.size) {
        return Err(ApiError::bad(format!(
            "size {} is out of range: the page makes grids from 1 to {MAX_SIZE} (cagey generate makes larger ones)",
            request.size
        )));
    }
    let kind = match request.kind.as_deref() {
        None | Some("") => GenKind::KenKen,
        Some(name) => name.parse().map_err(ApiError::bad)?,
    };
    let mut settings = Settings::of_kind(kind, request.size);
    if let Some(ops) = request.ops.as_deref().filter(|o| !o.is_empty()) {
        settings.operations = ops.parse::<OperationSet>().map_err(ApiError::bad)?;
        // Keen's cage sizes only where there are − or ÷, as `cagey generate`.
        settings.set_style(settings.style);
    }
    settings.target = request
        .difficulty
        .unwrap_or_else(|| Target::default_for(request.size));
    settings.time_limit = state.time_limit().into();
    settings
        .validate()
        .map_err(|error| ApiError::bad(error.to_string()))?;
    let seed = request.seed.unwrap_or_else(fresh_seed);
    state
        .run(move |job| {
            settings.cancel = Some(job.cancel);
            let started = Instant::now();
            let made = generate::generate(&settings, &mut generate::rng_for(seed, 0))
                .map_err(|error| ApiError::Unprocessable(error.to_string()))?;
            let level = made.graded.map(|g| g.level.name());
            let summary = made.puzzle.to_string();
            Ok(Json(json!({
                "puzzle": kk::write(&made.puzzle),
                "format": "kk",
                "seed": seed,
                "level": level,
                "score": made.graded.map(|g| g.score),
                "message": match level {
                    Some(level) => format!("a new {summary}, level {level}, seed {seed}"),
                    None => format!("a new {summary}, seed {seed}"),
                },
                "elapsed_ms": started.elapsed().as_secs_f64() * 1000.0,
            })))
        })
        .await
}

/// A seed from the clock: a new puzzle each time, reproducible from the seed the answer
/// gives back.
fn fresh_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs()
        .wrapping_mul(1_000_000_007)
        .wrapping_add(u64::from(now.subsec_nanos()))
}
