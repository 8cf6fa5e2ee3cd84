//! The page's questions and their answers, as data: each request a serde type read from
//! JSON, each answer one serialised back, each question one function. The local server
//! (`cagey serve`, which adds HTTP, slots and its time bound) and the engine in the browser
//! (`cagey-wasm`, which adds a Web Worker) both answer through here, so the page gets the
//! same answer, word for word, from either; `docs/web.md` documents the shapes, and the
//! server's `/api/openapi.json` describes them.
//!
//! ```text
//! mod.rs     the shared parts: a request's puzzle read (PuzzleRequest), the bounds a
//!            question runs in (Job), what can go wrong (ServiceError), and call(), which
//!            answers a question named by its route with JSON in and out
//! puzzle.rs  examples, parse (the puzzle as the page draws and plays it), convert
//! solve.rs   solve, count, render, check
//! teach.rs   hint, explain, grade
//! make.rs    generate
//! ```
//!
//! ```
//! use cagey::service::{self, Job};
//!
//! let answer = service::call("solve", r#"{"puzzle": "3x3 puzzle, please"}"#, &Job::default());
//! assert_eq!(answer.unwrap_err().status(), 400); // no format reads it: the error says why
//! let answer = service::call("examples", "", &Job::default())?;
//! assert!(answer.starts_with('['));
//! # Ok::<(), cagey::service::ServiceError>(())
//! ```

mod make;
mod puzzle;
mod solve;
mod teach;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::budget::TimeLimit;
use crate::formats::{self, Entry, Format};
use crate::logic::LogicLimits;
use crate::solve::{Cancel, Limits};

pub use make::{generate, GenerateAnswer, MAX_GENERATE_SIZE};
pub use puzzle::{
    convert, examples, parse, ConvertAnswer, ConvertRequest, ExampleRecord, ParseAnswer,
};
pub use solve::{
    check, count, render, solve, CountAnswer, CountRequest, Picture, RenderRequest, SolveAnswer,
    SolveRequest, DEFAULT_COUNT, MAX_COUNT, MAX_PICTURE_PX,
};
pub use teach::{explain, grade, hint, ExplainAnswer, HintAnswer};

pub(crate) use crate::generate::present;

/// The time a question may take when its host sets none (the server's default too): a
/// person waiting at the page gives up after a few seconds, while every real puzzle up to
/// 9x9 solves in milliseconds and 16x16 ones in well under a second.
pub const DEFAULT_TIME_LIMIT: TimeLimit = TimeLimit::new(std::time::Duration::from_secs(5));

/// A question that could not be answered, and why: the request's fault (a server answers
/// 400) or the puzzle's and the limits' (422).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ServiceError {
    /// The request is malformed, or its puzzle cannot be read.
    #[error("{message}")]
    BadRequest {
        /// What is wrong, as the parser or the library says it.
        message: String,
        /// The line of the puzzle's text the error is on, counted from 1, if known.
        line: Option<usize>,
    },
    /// The request is well formed, but what it asks cannot be done within its limits, or
    /// the puzzle does not allow it (no solution to draw, say).
    #[error("{0}")]
    Unprocessable(String),
}

impl ServiceError {
    /// A request's fault, without a line.
    pub fn bad(message: impl Into<String>) -> ServiceError {
        ServiceError::BadRequest {
            message: message.into(),
            line: None,
        }
    }

    /// The HTTP status a server answers this error with: 400 or 422.
    pub fn status(&self) -> u16 {
        match self {
            ServiceError::BadRequest { .. } => 400,
            ServiceError::Unprocessable(_) => 422,
        }
    }

    /// The line of the puzzle's text the error is on, if known.
    pub fn line(&self) -> Option<usize> {
        match self {
            ServiceError::BadRequest { line, .. } => *line,
            ServiceError::Unprocessable(_) => None,
        }
    }

    /// The error as the page reads it: `{"error": "...", "line": 3, "status": 400}` (no
    /// `line` when none is known), the body of a server's error answer.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.to_string(),
            line: self.line(),
            status: self.status(),
        }
    }
}

/// The JSON of an error answer; see [`ServiceError::body`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    /// What went wrong, in words.
    pub error: String,
    /// The line of the puzzle's text, if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The HTTP status.
    pub status: u16,
}

/// What a question runs under: its time bound and a flag that stops it (a server raises
/// it when the client goes; a page, when the player asks something else).
#[derive(Clone, Debug)]
pub struct Job {
    /// The time bound.
    pub time_limit: TimeLimit,
    /// Stops the work when raised.
    pub cancel: Option<Cancel>,
}

impl Default for Job {
    /// [`DEFAULT_TIME_LIMIT`], no flag.
    fn default() -> Job {
        Job {
            time_limit: DEFAULT_TIME_LIMIT,
            cancel: None,
        }
    }
}

impl Job {
    /// `limits` bounded by the job's time and stopped by its flag.
    pub fn limits(&self, mut limits: Limits) -> Limits {
        limits.time_limit = self.time_limit;
        limits.cancel = self.cancel.clone();
        limits
    }

    /// The logic's default limits, bounded by the job's time and stopped by its flag.
    pub fn logic_limits(&self) -> LogicLimits {
        LogicLimits {
            time_limit: self.time_limit,
            cancel: self.cancel.clone(),
            ..LogicLimits::default()
        }
    }
}

/// A puzzle as every request carries it: `{"puzzle": "...", "format": "kk"}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    /// The text, in any format.
    pub puzzle: String,
    /// The format's name, if the text's should not be detected.
    #[serde(default, deserialize_with = "present")]
    pub format: Option<String>,
}

impl PuzzleRequest {
    /// The one puzzle the request carries, and its format (see [`read`]).
    pub fn read(&self) -> Result<(Format, Entry), ServiceError> {
        read(&self.puzzle, self.format.as_deref())
    }
}

/// The format named `name`, or an error that lists the formats.
pub fn format_named(name: &str) -> Result<Format, ServiceError> {
    name.parse::<Format>()
        .map_err(|error| ServiceError::bad(error.to_string()))
}

/// Reads the one puzzle of `text`, in `format` or the detected one (or, when that reads
/// nothing, the first format that does; failing all, the error says why each refused it).
pub fn read(text: &str, format: Option<&str>) -> Result<(Format, Entry), ServiceError> {
    let (format, results) = match format {
        Some(name) => {
            let format = format_named(name)?;
            (format, formats::parse_all(format, text))
        }
        None => formats::parse_detected(text).map_err(|unreadable| ServiceError::BadRequest {
            line: unreadable.detected().line(),
            message: unreadable.to_string(),
        })?,
    };
    let count = results.len();
    match results.into_iter().next() {
        Some(Err(error)) => Err(ServiceError::BadRequest {
            line: error.line(),
            message: error.to_string(),
        }),
        Some(Ok(_)) if count > 1 => Err(ServiceError::bad(format!(
            "the text holds {count} puzzles ({format} format); give one at a time"
        ))),
        Some(Ok(entry)) => Ok((format, entry)),
        None => Err(ServiceError::bad("the text holds no puzzle")),
    }
}

/// The questions [`call`] answers, by the name of their route (`/api/NAME` on a server).
pub const QUESTIONS: [&str; 12] = [
    "examples", "parse", "convert", "solve", "count", "render", "check", "hint", "explain",
    "grade", "generate", "version",
];

/// Answers the question `name` (one of [`QUESTIONS`]) with its request as JSON, and its
/// answer as JSON: the whole service behind one function, for a host that passes text (the
/// browser engine's worker). `examples` and `version` take no request (any body is
/// ignored); a `render` answer is `{"type": "image/svg+xml", "text": "<svg..."}`.
pub fn call(name: &str, body: &str, job: &Job) -> Result<String, ServiceError> {
    fn request<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, ServiceError> {
        serde_json::from_str(body).map_err(|error| {
            ServiceError::bad(format!("the request is not the JSON expected: {error}"))
        })
    }
    fn json<T: Serialize>(answer: T) -> Result<String, ServiceError> {
        serde_json::to_string(&answer)
            .map_err(|error| ServiceError::Unprocessable(error.to_string()))
    }
    match name {
        "examples" => json(examples()),
        "version" => json(serde_json::json!({"version": env!("CARGO_PKG_VERSION")})),
        "parse" => json(parse(&request(body)?)?),
        "convert" => json(convert(&request(body)?)?),
        "solve" => json(solve(&request(body)?, job)?),
        "count" => json(count(&request(body)?, job)?),
        "render" => {
            let picture = render(&request(body)?, job)?;
            let text = String::from_utf8(picture.bytes)
                .map_err(|_| ServiceError::bad("a PNG is not text: ask for an svg image here"))?;
            json(serde_json::json!({"type": picture.media_type, "text": text}))
        }
        "check" => json(check(&request(body)?)?),
        "hint" => json(hint(&request(body)?, job)?),
        "explain" => json(explain(&request(body)?, job)?),
        "grade" => json(grade(&request(body)?, job)?),
        "generate" => json(generate(&request(body)?, job)?),
        other => Err(ServiceError::bad(format!(
            "no question {other:?}; the questions are {}",
            QUESTIONS.join(", ")
        ))),
    }
}
