//! cagey's engine for browsers and JavaScript: the library compiled to WebAssembly, with one
//! entry point, [`call`], that answers any of the page's questions (`cagey::service`) with
//! JSON in and JSON out. The page runs it in a Web Worker (`static/engine.js`), so a long
//! generation or explanation never freezes the page and is cancelled by ending the worker;
//! the npm package (`scripts/build-npm.sh`) wraps it in typed functions.
//!
//! One JSON entry point rather than a binding per function: the answers are the same
//! serde types the server sends, so the page reads them the same way from either, and
//! nothing here can drift from the library (docs/wasm.md says why in full).

#![deny(missing_docs)]

use cagey::budget::TimeLimit;
use cagey::service::{self, Job};
use wasm_bindgen::prelude::*;

/// Answers the question `name` (`parse`, `solve`, `generate`, ...: `cagey::service::QUESTIONS`)
/// with `body`, its request as JSON, within `time_limit` seconds (0: the service's default,
/// 5 s). Returns the answer as JSON; throws the error body as JSON
/// (`{"error": "...", "status": 400, "line": 3}`), as the server would answer it.
#[wasm_bindgen]
pub fn call(name: &str, body: &str, time_limit: f64) -> Result<String, JsValue> {
    answer(name, body, time_limit).map_err(|error| JsValue::from_str(&error))
}

/// The version of the engine, as the library's.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// [`call`] without JavaScript's types, for native tests.
pub fn answer(name: &str, body: &str, time_limit: f64) -> Result<String, String> {
    let time_limit = if time_limit == 0.0 {
        service::DEFAULT_TIME_LIMIT
    } else {
        match TimeLimit::from_secs(time_limit) {
            Ok(limit) => limit,
            Err(error) => {
                return Err(error_json(&service::ServiceError::bad(error.to_string())));
            }
        }
    };
    let job = Job {
        time_limit,
        cancel: None,
    };
    service::call(name, body, &job).map_err(|error| error_json(&error))
}

fn error_json(error: &service::ServiceError) -> String {
    serde_json::to_string(&error.body()).unwrap_or_else(|_| {
        r#"{"error":"the error could not be written","status":500}"#.to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_errors_are_json() {
        let refused = answer("parse", r#"{"puzzle": "a 3x3 puzzle, please"}"#, 0.0);
        let error: serde_json::Value = serde_json::from_str(&refused.unwrap_err()).unwrap();
        assert_eq!(error["status"], 400);
        let made = answer("generate", r#"{"size": 4, "seed": 5}"#, 0.0).unwrap();
        let made: serde_json::Value = serde_json::from_str(&made).unwrap();
        let puzzle = made["puzzle"].as_str().unwrap();
        let body = serde_json::json!({ "puzzle": puzzle }).to_string();
        let solved: serde_json::Value =
            serde_json::from_str(&answer("solve", &body, 0.0).unwrap()).unwrap();
        assert_eq!(solved["outcome"], "unique");
        let bad_limit = answer("examples", "", -1.0).unwrap_err();
        assert!(bad_limit.contains("time limit"), "{bad_limit}");
        assert!(answer("launch", "{}", 0.0)
            .unwrap_err()
            .contains("no question"));
    }
}
