//! The API's errors: every failure is a JSON object `{"error": "..."}` with a 4xx or 5xx
//! status, and, for a puzzle that cannot be read, the line the parser names.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A request that could not be answered, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or its puzzle cannot be read (400).
    #[error("{message}")]
    BadRequest {
        /// What is wrong, as the parser or the library says it.
        message: String,
        /// The line of the puzzle's text the error is on, counted from 1, if known.
        line: Option<usize>,
    },
    /// The request is well formed, but the library could not do what it asks within its
    /// limits, or the puzzle does not allow it (422).
    #[error("{0}")]
    Unprocessable(String),
    /// The request is not this server's to answer (403): addressed to a name that is not
    /// the server's, or sent by another site's page (see `Access`).
    #[error("{0}")]
    Forbidden(String),
    /// The body is not sent as `application/json` (415).
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// No such route under `/api/` (404).
    #[error("no such API route; the routes are listed at /api/openapi.json")]
    NotFound,
    /// The route exists but not with this method (405), `GET` on `/api/solve` say.
    #[error("{method} is not allowed on {path}; /api/openapi.json gives each route's method")]
    MethodNotAllowed {
        /// The method asked for.
        method: String,
        /// The route's path.
        path: String,
    },
    /// The body did not arrive within the body timeout (408); the connection is closed.
    #[error("{0}")]
    Timeout(String),
    /// The body is larger than [`MAX_BODY_BYTES`](crate::MAX_BODY_BYTES) (413).
    #[error("{0}")]
    TooLarge(String),
    /// Every slot for heavy requests is taken (503, with `Retry-After`).
    #[error("{0}")]
    Busy(String),
    /// Something that should not happen (500): a worker thread failed.
    #[error("{0}")]
    Internal(String),
}

impl From<cagey::service::ServiceError> for ApiError {
    fn from(error: cagey::service::ServiceError) -> ApiError {
        match error {
            cagey::service::ServiceError::BadRequest { message, line } => {
                ApiError::BadRequest { message, line }
            }
            cagey::service::ServiceError::Unprocessable(message) => {
                ApiError::Unprocessable(message)
            }
        }
    }
}

impl ApiError {
    /// A 400 answer without a line.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            message: message.into(),
            line: None,
        }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let line = match &self {
            ApiError::BadRequest { line, .. } => *line,
            _ => None,
        };
        // The same body as the library's errors in the browser engine.
        let body = cagey::service::ErrorBody {
            error: self.to_string(),
            line,
            status: status.as_u16(),
        };
        let mut response = (status, Json(body)).into_response();
        let headers = response.headers_mut();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        // The rest of a body not read (too large, too slow) would have to be read before the
        // connection could carry another request: close it instead.
        if matches!(
            status,
            StatusCode::REQUEST_TIMEOUT | StatusCode::PAYLOAD_TOO_LARGE
        ) {
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}
