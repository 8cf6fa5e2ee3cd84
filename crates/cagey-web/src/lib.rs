//! cagey's local web page: a small HTTP server that turns requests into calls of the `cagey`
//! library, and the page that uses it.
//!
//! The server holds no puzzle logic and no state beyond the request. It stands in floors,
//! each room using only those below it:
//!
//! ```text
//! lib.rs          the application: the page's routes and the API's, served
//! access.rs       who may use the server: each request's Host and Origin checked
//! api.rs          the API's route table and its OpenAPI description
//! routes/         the handlers, by purpose: solve.rs (solve, count, render, check),
//!                 formats.rs (examples, parse, convert), teach.rs (hint, explain, grade),
//!                 make.rs (generate)
//! state.rs        what handlers share, and the one way a heavy request runs
//! config.rs       the server's settings
//! request.rs      a request's JSON body and the puzzle it carries, read
//! heavy.rs        the slots heavy requests run in
//! connections.rs  the accept loop: each connection served by hyper and watched, slow and
//!                 idle ones closed, the number open capped
//! error.rs        every failure as a JSON answer
//! assets.rs       the page itself (plain HTML, CSS and ES-module JavaScript embedded in the
//!                 binary, nothing fetched from outside)
//! ```
//!
//! Each handler parses its request's puzzle with the library's format detection, calls the
//! library and answers JSON; the shapes and words of steps, hints, verdicts and grades are
//! the library's (`cagey::wire`). Every request that reads a puzzle (the reading included)
//! and every generation runs on the blocking pool, at most one per core at a time
//! ([`heavy`]), each bounded in time by [`Config::time_limit`] and cancelled when its client
//! goes away.
//!
//! ```no_run
//! # async fn start() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! cagey_web::serve(listener, cagey_web::Config::default()).await
//! # }
//! ```

#![deny(missing_docs)]

mod access;
pub mod api;
pub mod assets;
mod config;
pub mod connections;
mod error;
pub mod heavy;
mod request;
mod routes;
mod state;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::Router;

pub use config::{Access, Config, DEFAULT_TIME_LIMIT};
pub use connections::ConnectionLimits;
pub use error::ApiError;
pub use request::MAX_BODY_BYTES;

/// The whole application: the page and the API, each request checked against
/// [`Config::access`] first.
pub fn router(config: Config) -> Router {
    let state = state::State::new(&config);
    let access = Arc::new(config.access);
    Router::new()
        .merge(assets::routes())
        .nest("/api", api::routes(state))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(access, access::guard))
}

/// Serves the application on `listener` until the process is stopped (Ctrl-C ends it
/// cleanly).
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    serve_until(listener, config, async {
        // Without a signal handler (a failure here) the server runs until killed.
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Serves the application on `listener` until `shutdown` completes, then lets the requests
/// under way be answered and returns once every connection has closed. Connections are
/// held within [`Config::connections`] (see [`connections`]).
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = config.connections;
    connections::serve(listener, router(config), limits, shutdown).await
}

/// Binds `address` and serves on a runtime of its own, for callers without one (the
/// command line). `ready` is called with the bound address (its port filled in when 0 was
/// asked for) before the first request is taken.
pub fn serve_blocking(
    address: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address).await?;
        ready(listener.local_addr()?);
        serve(listener, config).await
    })
}
