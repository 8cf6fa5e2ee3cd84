//! How a request's body is read: [`Body`], a JSON body whose every failure is an
//! [`ApiError`]. The shapes it is read into, and the puzzle inside, are the library's
//! (`cagey::service`).

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;

use crate::connections::BodyWatch;
use crate::error::ApiError;

/// The largest request body: a megabyte holds any single puzzle many times over (a 32x32 in
/// JSON with full candidates is about 60 kB), and keeps a careless or hostile client from
/// making the server hold much.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// A JSON body read by serde, whose every failure (not sent as JSON, not JSON, a missing
/// field, a body over the size limit or slower than the body timeout) is an [`ApiError`]
/// with the reason, not axum's plain-text rejection.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        json_content_type(request.headers())?;
        let too_large = || {
            ApiError::TooLarge(format!(
                "the request body is larger than the limit of {MAX_BODY_BYTES} bytes"
            ))
        };
        // A body announced as too large is refused before a byte of it is read.
        let announced = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
        if announced.is_some_and(|length| length > MAX_BODY_BYTES as u64) {
            return Err(too_large());
        }
        // On a real connection (not a router called in process) the body has a time limit,
        // and the connection is told when it has arrived.
        let watch = request.extensions().get::<BodyWatch>().cloned();
        let read = Bytes::from_request(request, state);
        let read = match &watch {
            Some(watch) => tokio::time::timeout(watch.timeout, read)
                .await
                .map_err(|_| {
                    ApiError::Timeout(format!(
                        "the request body did not arrive within {} s",
                        watch.timeout.as_secs_f64()
                    ))
                })?,
            None => read.await,
        };
        let bytes = read.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                too_large()
            } else {
                ApiError::bad(format!("cannot read the request body: {rejection}"))
            }
        })?;
        if let Some(watch) = watch {
            watch.arrived();
        }
        serde_json::from_slice(&bytes).map(Body).map_err(|error| {
            ApiError::bad(format!("the request is not the JSON expected: {error}"))
        })
    }
}

/// Refuses, with 415, a body not sent as `application/json` (a parameter such as
/// `; charset=utf-8` may follow). JSON sent as `text/plain` would be read the same, but
/// requiring the JSON type is what keeps other sites' pages out: a page may send a
/// `text/plain`, form or multipart body to any server without asking, while a JSON one makes
/// the browser ask first (a CORS preflight), which this server never grants.
fn json_content_type(headers: &HeaderMap) -> Result<(), ApiError> {
    let sent = headers
        .get(header::CONTENT_TYPE)
        .map(|value| value.to_str().unwrap_or("?"));
    let media_type = sent.map(|text| text.split(';').next().unwrap_or("").trim());
    match media_type {
        Some(media_type) if media_type.eq_ignore_ascii_case("application/json") => Ok(()),
        _ => Err(ApiError::UnsupportedMediaType(format!(
            "the request body must be JSON sent with Content-Type: application/json, not {}",
            sent.map_or("without a Content-Type".to_string(), |sent| format!(
                "as {sent:?}"
            ))
        ))),
    }
}
