//! The handlers of the API: each reads its request ([`Body`], the library's request type),
//! runs in a slot ([`State::run`]) and makes one call into the library's service
//! (`cagey::service`), whose answer it sends as JSON (or a picture). The service reads the
//! request's puzzle inside the slot, so reading is bounded like the rest of the work.

use std::sync::Arc;

use axum::extract::State as Extract;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cagey::generate::Request as GenerateRequest;
use cagey::service::{
    self, ConvertAnswer, ConvertRequest, CountAnswer, CountRequest, ExampleRecord, ExplainAnswer,
    GenerateAnswer, HintAnswer, ParseAnswer, PuzzleRequest, RenderRequest, SolveAnswer,
    SolveRequest,
};
use cagey::wire::{CheckRecord, GradeRecord};

use crate::error::ApiError;
use crate::request::Body;
use crate::state::State;

/// `GET /api/examples`: the built-in puzzles.
pub(crate) async fn examples() -> Json<Vec<ExampleRecord>> {
    Json(service::examples())
}

/// `POST /api/parse`: the puzzle read, with what the page needs to draw and play it.
pub(crate) async fn parse(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<ParseAnswer>, ApiError> {
    state
        .run(move |_| Ok(service::parse(&request)?))
        .await
        .map(Json)
}

/// `POST /api/convert`: the puzzle written in another format.
pub(crate) async fn convert(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<ConvertRequest>,
) -> Result<Json<ConvertAnswer>, ApiError> {
    // A format that does not exist is refused before a slot is taken.
    service::format_named(&request.to)?;
    state
        .run(move |_| Ok(service::convert(&request)?))
        .await
        .map(Json)
}

/// `POST /api/solve`: the solution, and whether it is the only one. The page's own
/// background work (`"background": true`) runs only in a slot free now, and gives it up to
/// a player's request.
pub(crate) async fn solve(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<SolveRequest>,
) -> Result<Json<SolveAnswer>, ApiError> {
    let background = request.background;
    let job = move |job| Ok(service::solve(&request, &job)?);
    if background {
        state.run_background(job).await.map(Json)
    } else {
        state.run(job).await.map(Json)
    }
}

/// `POST /api/count`: how many solutions, up to a limit.
pub(crate) async fn count(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<CountRequest>,
) -> Result<Json<CountAnswer>, ApiError> {
    state
        .run(move |job| Ok(service::count(&request, &job)?))
        .await
        .map(Json)
}

/// `POST /api/render`: the puzzle as an SVG or PNG picture, with its progress or solution.
pub(crate) async fn render(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<RenderRequest>,
) -> Result<Response, ApiError> {
    let picture = state
        .run(move |job| Ok(service::render(&request, &job)?))
        .await?;
    Ok(([(header::CONTENT_TYPE, picture.media_type)], picture.bytes).into_response())
}

/// `POST /api/check`: whether the digits placed solve the puzzle, and every rule they break.
pub(crate) async fn check(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<CheckRecord>, ApiError> {
    state
        .run(move |_| Ok(service::check(&request)?))
        .await
        .map(Json)
}

/// `POST /api/hint`: the next step from the progress the text carries.
pub(crate) async fn hint(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<HintAnswer>, ApiError> {
    state
        .run(move |job| Ok(service::hint(&request, &job)?))
        .await
        .map(Json)
}

/// `POST /api/explain`: every step to the solution, or as far as logic goes.
pub(crate) async fn explain(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<ExplainAnswer>, ApiError> {
    state
        .run(move |job| Ok(service::explain(&request, &job)?))
        .await
        .map(Json)
}

/// `POST /api/grade`: the hardest level the puzzle's explanation needs, and its score.
pub(crate) async fn grade(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<PuzzleRequest>,
) -> Result<Json<GradeRecord>, ApiError> {
    state
        .run(move |job| Ok(service::grade(&request, &job)?))
        .await
        .map(Json)
}

/// `POST /api/generate`: a new puzzle with exactly one solution.
pub(crate) async fn generate(
    Extract(state): Extract<Arc<State>>,
    Body(request): Body<GenerateRequest>,
) -> Result<Json<GenerateAnswer>, ApiError> {
    state
        .run(move |job| Ok(service::generate(&request, &job)?))
        .await
        .map(Json)
}
