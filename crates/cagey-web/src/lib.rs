//! cagey's local web page: a small HTTP server that turns requests into calls of the `cagey`
//! library, and the page that uses it.
//!
//! The server holds no puzzle logic and no state beyond the request: [`api`] parses each
//! request's puzzle with the library's format detection, calls the library (solve, render,
//! convert, ...) and answers JSON; [`assets`] serves the page (plain HTML, CSS and ES-module
//! JavaScript embedded in the binary, nothing fetched from outside). Heavy requests (solving,
//! counting, pictures, hints, explanations) run on the blocking pool, at most one per core at
//! a time ([`heavy`]), each bounded in time by [`Config::time_limit`] and cancelled when its
//! client goes away.
//!
//! ```no_run
//! # async fn start() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! cagey_web::serve(listener, cagey_web::Config::default()).await
//! # }
//! ```

#![deny(missing_docs)]

pub mod api;
pub mod assets;
mod error;
pub mod heavy;
mod make;
mod teach;

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::Router;

pub use error::ApiError;

/// The largest request body: a megabyte holds any single puzzle many times over (a 32x32 in
/// JSON with full candidates is about 60 kB), and keeps a careless or hostile client from
/// making the server hold much.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// How long one solve, count, explanation or generation may run by default: a person
/// waiting at the page gives up on a few seconds; every real puzzle up to 9x9 solves in
/// milliseconds and 16x16 ones in well under a second.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(5);

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// The time bound of each heavy request.
    pub time_limit: Duration,
    /// How many heavy requests may run at once; more wait up to `slot_wait` for a slot, then
    /// are answered 503.
    pub heavy_slots: usize,
    /// How long a heavy request waits for a free slot: [`heavy::SLOT_WAIT`] by default.
    pub slot_wait: Duration,
}

impl Default for Config {
    /// [`DEFAULT_TIME_LIMIT`], one heavy request per core, and [`heavy::SLOT_WAIT`].
    fn default() -> Config {
        Config {
            time_limit: DEFAULT_TIME_LIMIT,
            heavy_slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
            slot_wait: heavy::SLOT_WAIT,
        }
    }
}

/// The whole application: the page and the API.
pub fn router(config: Config) -> Router {
    let state = api::State::new(&config);
    Router::new()
        .merge(assets::routes())
        .nest("/api", api::routes(state))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// Serves the application on `listener` until the process is stopped (Ctrl-C ends it
/// cleanly).
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(async {
            // Without a signal handler (a failure here) the server runs until killed.
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
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
