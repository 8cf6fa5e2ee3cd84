//! The server's connections: accepted one by one, served by hyper, and watched, so that no
//! client holds what the server has by sending slowly, sending nothing, or opening many.
//!
//! `axum::serve` keeps a connection as long as its client likes: a client that trickles a
//! request's head, announces a body and never sends it, or opens connections and leaves
//! them idle, holds the connection, and with it an open file, forever; 1,100 of them under
//! `ulimit -n 1024` stopped the server accepting anyone. Here each connection is in one of
//! four phases, and a watchdog beside it closes it when its phase has lasted too long:
//!
//! ```text
//!       first byte of a head      head read            body read              answer handed over
//! Idle ─────────────────────▶ Head ──────────▶ Body ─────────────▶ Working ─────────────────────▶ Idle
//! closed after                closed after     answered 408 after  not limited here: the job
//! idle_timeout                header_timeout   body_timeout        has the server's time limit
//! ```
//!
//! A request without a body goes from Head straight to Working. hyper's own header timeout
//! is not used: it starts when hyper begins waiting for a request, so it cannot tell a
//! connection kept alive between requests from one sending its head slowly, and one limit
//! for both is either too short for the first or too long for the second.
//!
//! At most [`ConnectionLimits::max_open`] connections are open: one more closes the one that
//! has waited longest for a request (since it was opened or last answered, idle or sending a
//! head or a body slowly). A connection whose request is being worked on is never closed.
//! When the system refuses a new connection (no file descriptor left), the server closes one
//! the same way and tries again a moment later ([`ACCEPT_BACKOFF`]), instead of spinning or
//! stopping. (Closing idle connections before slow ones, whatever their age, was tried and
//! dropped: a client's new connection is idle until its request's first byte arrives, so
//! while slow ones filled the server, each new connection was the first to go.)

use std::future::{pending, Future};
use std::io;
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::HttpBody;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::time::Instant;
use tower_service::Service;

/// How long a request's head may take to arrive from its first byte: a browser or `curl`
/// sends the whole head in one write, which arrives within a round trip (microseconds on
/// loopback, milliseconds on a LAN); ten seconds leave room for a congested network, and
/// cut off a client that trickles its headers (a "slow loris") well before many of them
/// add up.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request's body may take to arrive after its head: the largest body the
/// server takes ([`MAX_BODY_BYTES`](crate::MAX_BODY_BYTES), 1 MB) arrives in about a
/// second at 10 Mbit/s, and the page's bodies are a few kilobytes; a body announced and not
/// sent is answered 408 after ten seconds, not waited on forever.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a connection may wait for its next request: the page's requests come a
/// player's move apart, seconds at most within a sitting, so half a minute keeps one
/// connection for a burst of them; a browser opens a new one, in well under a millisecond on
/// loopback, when the server has closed it. (Browsers keep idle connections for minutes;
/// the server need not.)
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How many connections may be open at once: a browser opens at most six to one server, so
/// a person with many tabs and a few scripts stays far below; 256 stays well under the
/// usual limit of open files per process (1024 on Linux), with room for the server's own.
/// Where the limit is lower (macOS's default 256), the system's refusal to open one more is
/// met the same way: the connection waiting longest is closed.
pub const MAX_OPEN: usize = 256;

/// How long the server waits before accepting again when the system refused a connection
/// (no file descriptor or memory left): time for the connection closed to make room to go
/// (its task runs within microseconds), and at most a thousand tries a second, never a busy
/// loop. Each connection waiting in the system's queue costs one such wait, so a longer one
/// (10 ms was tried) made a new client behind 900 queued connections wait 9 s.
pub const ACCEPT_BACKOFF: Duration = Duration::from_millis(1);

/// How long a connection may wait on its client, and how many may be open at once: a
/// client that sends slowly, or holds connections it does not use, ties up what the server
/// has (open files above all) and is cut off. Each default is a constant of
/// this module, where its reasons are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// How long a request's head (its line and headers) may take to arrive, from its first
    /// byte.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive, from the end of its head; the request
    /// is then answered 408 and its connection closed.
    pub body_timeout: Duration,
    /// How long a connection may wait for its next request (kept alive after an answer, or
    /// new) before it is closed.
    pub idle_timeout: Duration,
    /// How many connections may be open at once: one more closes the one that has waited
    /// longest for a request (idle, or sending one slowly).
    pub max_open: usize,
}

impl Default for ConnectionLimits {
    /// [`HEADER_TIMEOUT`], [`BODY_TIMEOUT`],
    /// [`IDLE_TIMEOUT`] and [`MAX_OPEN`].
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
            max_open: MAX_OPEN,
        }
    }
}

/// What a connection is doing, for its watchdog and for choosing which to close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Waiting for a request: nothing of one has arrived since the last answer (or since
    /// the connection was opened).
    Idle,
    /// Part of a request's head has arrived.
    Head,
    /// A request's head has been read and its body is arriving.
    Body,
    /// A request is in hand and its handler is working on it.
    Working,
}

/// What a connection is doing: its phase, since when, and since when it has waited for its
/// request (opened or last answered; the head's first byte does not reset it).
#[derive(Clone, Copy)]
struct State {
    phase: Phase,
    since: Instant,
    waiting_since: Instant,
}

/// One open connection: what it is doing, and the flag that closes it.
struct Connection {
    id: u64,
    state: Mutex<State>,
    /// Wakes the watchdog when the phase changes.
    changed: Notify,
    /// Raised to close the connection (its place is needed), with `closing` set.
    close: Notify,
    closing: AtomicBool,
}

impl Connection {
    fn state(&self) -> State {
        *self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Moves to `phase` (from any phase, or only from `from` when given), waking the
    /// watchdog.
    fn enter(&self, phase: Phase, from: Option<Phase>) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if from.is_some_and(|from| state.phase != from) || state.phase == phase {
            return;
        }
        let now = Instant::now();
        state.phase = phase;
        state.since = now;
        if phase == Phase::Idle {
            state.waiting_since = now;
        }
        drop(state);
        self.changed.notify_one();
    }

    /// When the watchdog closes the connection if its phase has not changed by then.
    fn deadline(&self, limits: &ConnectionLimits) -> Option<Instant> {
        let State { phase, since, .. } = self.state();
        match phase {
            Phase::Idle => Some(since + limits.idle_timeout),
            Phase::Head => Some(since + limits.header_timeout),
            // The body reader answers 408 at the body timeout; this is its backstop, for a
            // request whose handler does not read its body.
            Phase::Body => Some(since + limits.body_timeout * 2),
            Phase::Working => None,
        }
    }
}

/// Marks, in a request's extensions, how long its body may take and the connection to tell
/// once it has arrived (see `request::Body`).
#[derive(Clone)]
pub(crate) struct BodyWatch {
    connection: Arc<Connection>,
    /// How long the body may take.
    pub(crate) timeout: Duration,
}

impl BodyWatch {
    /// The body has arrived: the request is being worked on.
    pub(crate) fn arrived(&self) {
        self.connection.enter(Phase::Working, Some(Phase::Body));
    }
}

/// The open connections.
#[derive(Default)]
struct Registry {
    open: Mutex<Vec<Arc<Connection>>>,
    next_id: AtomicU64,
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Connection>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new connection, idle since now.
    fn open(&self) -> Arc<Connection> {
        let now = Instant::now();
        let connection = Arc::new(Connection {
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
            state: Mutex::new(State {
                phase: Phase::Idle,
                since: now,
                waiting_since: now,
            }),
            changed: Notify::new(),
            close: Notify::new(),
            closing: AtomicBool::new(false),
        });
        self.lock().push(connection.clone());
        connection
    }

    /// How many connections are open, not counting those being closed.
    fn count(&self) -> usize {
        self.lock()
            .iter()
            .filter(|c| !c.closing.load(Ordering::Relaxed))
            .count()
    }

    /// Closes the connection that has waited longest for a request (idle, or sending a head
    /// or a body), not one whose request is being worked on. Returns whether there was one.
    fn close_one(&self) -> bool {
        let open = self.lock();
        let chosen = open
            .iter()
            .filter(|c| !c.closing.load(Ordering::Relaxed))
            .map(|c| (c, c.state()))
            .filter(|(_, state)| state.phase != Phase::Working)
            .min_by_key(|(_, state)| state.waiting_since);
        let Some((connection, _)) = chosen else {
            return false;
        };
        connection.closing.store(true, Ordering::Relaxed);
        connection.close.notify_one();
        true
    }

    fn remove(&self, id: u64) {
        self.lock().retain(|c| c.id != id);
    }
}

/// Takes a connection off the registry when its task ends, however it ends.
struct Unregister {
    registry: Arc<Registry>,
    id: u64,
}

impl Drop for Unregister {
    fn drop(&mut self) {
        self.registry.remove(self.id);
    }
}

/// Marks a request answered (or dropped) when its future ends: the connection is idle.
struct Answered(Arc<Connection>);

impl Drop for Answered {
    fn drop(&mut self) {
        self.0.enter(Phase::Idle, None);
    }
}

/// A connection's socket, which notes the first byte of each request's head.
struct Watched {
    stream: TcpStream,
    connection: Arc<Connection>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.connection.enter(Phase::Head, Some(Phase::Idle));
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Whether an error of `accept` concerns only the connection being accepted (it went
/// away first), rather than the server's resources.
fn only_that_connection(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    )
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes; then stops
/// accepting, lets the requests under way be answered, and returns once every connection
/// has closed.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send,
) -> io::Result<()> {
    let registry = Arc::new(Registry::default());
    // Every connection holds a receiver: `true` asks it to finish, and the sender's
    // `closed` tells when the last one has gone.
    let (stop, stopping) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(error) if only_that_connection(&error) => continue,
            Err(_) => {
                // Out of file descriptors (or memory): make room and try again shortly.
                registry.close_one();
                tokio::select! {
                    () = tokio::time::sleep(ACCEPT_BACKOFF) => continue,
                    () = &mut shutdown => break,
                }
            }
        };
        if registry.count() >= limits.max_open {
            registry.close_one();
        }
        let connection = registry.open();
        let unregister = Unregister {
            registry: registry.clone(),
            id: connection.id,
        };
        tokio::spawn(serve_connection(
            stream,
            connection,
            app.clone(),
            limits,
            stopping.clone(),
            unregister,
        ));
    }
    drop(listener);
    drop(stopping);
    let _ = stop.send(true);
    stop.closed().await;
    Ok(())
}

/// Serves one connection, closing it when its phase outlasts its limit, when its place is
/// needed, or, on shutdown, once its request under way is answered.
async fn serve_connection(
    stream: TcpStream,
    connection: Arc<Connection>,
    app: Router,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<bool>,
    _unregister: Unregister,
) {
    // Answers go out as soon as they are written, not held for more (Nagle's algorithm).
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Watched {
        stream,
        connection: connection.clone(),
    });
    let for_requests = connection.clone();
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let connection = for_requests.clone();
        let mut app = app.clone();
        async move {
            let phase = if request.body().is_end_stream() {
                Phase::Working
            } else {
                Phase::Body
            };
            connection.enter(phase, None);
            let answered = Answered(connection.clone());
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(BodyWatch {
                connection,
                timeout: limits.body_timeout,
            });
            let response = app.call(request).await;
            drop(answered);
            response
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    // The watchdog below keeps the time instead (see the module's description).
    builder.header_read_timeout(None);
    let mut served = pin!(builder.serve_connection(io, service));
    let mut finishing = false;
    loop {
        let deadline = connection.deadline(&limits);
        let expired = async {
            match deadline {
                Some(deadline) => tokio::time::sleep_until(deadline).await,
                None => pending().await,
            }
        };
        tokio::select! {
            // Closed by the client, or done after an answer that closes it.
            _ = served.as_mut() => return,
            // Its place is needed: dropping the connection closes it.
            () = connection.close.notified() => return,
            () = connection.changed.notified() => {}
            () = expired => {
                if connection.deadline(&limits).is_some_and(|d| d <= Instant::now()) {
                    return;
                }
            }
            _ = stopping.changed(), if !finishing => {
                finishing = true;
                served.as_mut().graceful_shutdown();
            }
        }
    }
}
