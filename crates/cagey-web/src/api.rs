//! The JSON API under `/api/`: its route table, and the OpenAPI description that documents
//! it. A puzzle travels as `{"puzzle": "<text>"}` in any of the library's formats, detected
//! unless `"format"` names one; progress travels inside the text, as the formats carry it
//! (SudokuWiki strings and JSON). The handlers live in `routes.rs`, each one call into the
//! library's `cagey::service`; `openapi.json` beside this file is served at
//! `/api/openapi.json` and documents
//! every route, and a test checks that the two agree.

use std::sync::Arc;

use axum::http::{header, Method, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use crate::error::ApiError;
use crate::routes as handlers;

pub use crate::state::State;
pub use cagey::service::{DEFAULT_COUNT, MAX_COUNT, MAX_GENERATE_SIZE, MAX_PICTURE_PX};

/// The OpenAPI description of this API.
pub const OPENAPI: &str = include_str!("openapi.json");

/// Every route of the API, relative to `/api`.
pub fn routes(state: State) -> Router {
    Router::new()
        .route("/openapi.json", get(openapi))
        .route("/examples", get(handlers::examples))
        .route("/parse", post(handlers::parse))
        .route("/render", post(handlers::render))
        .route("/solve", post(handlers::solve))
        .route("/count", post(handlers::count))
        .route("/check", post(handlers::check))
        .route("/convert", post(handlers::convert))
        .route("/grade", post(handlers::grade))
        .route("/hint", post(handlers::hint))
        .route("/explain", post(handlers::explain))
        .route("/generate", post(handlers::generate))
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

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}
