//! What a request carries and how it is read: [`Body`], a JSON body whose every failure is
//! an [`ApiError`]; [`PuzzleRequest`], the puzzle as every route takes it; and [`read`], which
//! turns its text into the one puzzle it holds, in the format named or the one detected.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use cagey::formats::{self, Entry, Format};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

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

/// Reads an optional field of a request, as `#[serde(default, deserialize_with =
/// "present")]`: left out it is `None`, and present it must be of its type. Serde alone
/// reads `null` as left out, which `openapi.json` does not allow (its optional fields are
/// typed without null); a client sending `null` more likely made a mistake than meant the
/// default, and one rule for every field is simpler to document than a nullable list.
pub(crate) fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// A puzzle as every request carries it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PuzzleRequest {
    /// The text, in any format.
    pub(crate) puzzle: String,
    /// The format's name, if the text's should not be detected.
    #[serde(default, deserialize_with = "present")]
    pub(crate) format: Option<String>,
}

impl PuzzleRequest {
    /// The one puzzle the request carries, and its format (see [`read`]).
    pub(crate) fn read(&self) -> Result<(Format, Entry), ApiError> {
        read(&self.puzzle, self.format.as_deref())
    }
}

/// The format named `name`, or a 400 answer that lists the formats.
pub(crate) fn format_named(name: &str) -> Result<Format, ApiError> {
    name.parse::<Format>()
        .map_err(|error| ApiError::bad(error.to_string()))
}

/// Reads the one puzzle of `text`, in `format` or the detected one (or, when that reads
/// nothing, the first format that does; failing all, the answer says why each refused it).
pub(crate) fn read(text: &str, format: Option<&str>) -> Result<(Format, Entry), ApiError> {
    let (format, results) = match format {
        Some(name) => {
            let format = format_named(name)?;
            (format, formats::parse_all(format, text))
        }
        None => formats::parse_detected(text).map_err(|unreadable| ApiError::BadRequest {
            line: unreadable.detected().line(),
            message: unreadable.to_string(),
        })?,
    };
    let count = results.len();
    match results.into_iter().next() {
        Some(Err(error)) => Err(ApiError::BadRequest {
            line: error.line(),
            message: error.to_string(),
        }),
        Some(Ok(_)) if count > 1 => Err(ApiError::bad(format!(
            "the text holds {count} puzzles ({format} format); give one at a time"
        ))),
        Some(Ok(entry)) => Ok((format, entry)),
        None => Err(ApiError::bad("the text holds no puzzle")),
    }
}
