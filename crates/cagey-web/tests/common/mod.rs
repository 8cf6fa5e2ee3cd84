//! What the web tests share: a server on a free loopback port, run on a runtime of its own so
//! that every test (async or not) can use it.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// A server running on a thread of its own until the test process ends.
pub struct Server {
    /// Where it listens.
    pub address: SocketAddr,
    /// For a static host ([`Server::site`]): raised, it answers nothing but 503, as a host
    /// out of reach.
    pub offline: Arc<AtomicBool>,
    /// For a static host: every path asked of it, in order.
    pub asked: Arc<std::sync::Mutex<Vec<String>>>,
}

impl Server {
    /// Starts a server with `config` on 127.0.0.1 and a free port.
    pub fn start(config: cagey_web::Config) -> Server {
        Server::run(move |listener| async move {
            cagey_web::serve_until(listener, config, std::future::pending())
                .await
                .expect("the server runs");
        })
    }

    /// Starts a plain static host for the files of `folder` (the static site of
    /// scripts/build-site.sh): no API, each file with its content type, `/` its index.
    pub fn site(folder: PathBuf) -> Server {
        let offline = Arc::new(AtomicBool::new(false));
        let asked: Arc<std::sync::Mutex<Vec<String>>> = Arc::default();
        let (gone, log) = (offline.clone(), asked.clone());
        let serve = move |uri: axum::http::Uri| {
            let (folder, gone) = (folder.clone(), gone.clone());
            log.lock().unwrap().push(uri.path().to_string());
            async move {
                use axum::http::{header, StatusCode};
                use axum::response::IntoResponse;
                if gone.load(Ordering::Relaxed) {
                    return StatusCode::SERVICE_UNAVAILABLE.into_response();
                }
                let path = match uri.path().trim_start_matches('/') {
                    "" => "index.html",
                    path if path.contains("..") => return StatusCode::FORBIDDEN.into_response(),
                    path => path,
                };
                let kind = match path.rsplit('.').next() {
                    Some("html") => "text/html; charset=utf-8",
                    Some("js") => "text/javascript; charset=utf-8",
                    Some("css") => "text/css; charset=utf-8",
                    Some("wasm") => "application/wasm",
                    Some("svg") => "image/svg+xml",
                    Some("png") => "image/png",
                    Some("json") => "application/json",
                    Some("webmanifest") => "application/manifest+json",
                    _ => "application/octet-stream",
                };
                match std::fs::read(folder.join(path)) {
                    Ok(bytes) => ([(header::CONTENT_TYPE, kind)], bytes).into_response(),
                    Err(_) => StatusCode::NOT_FOUND.into_response(),
                }
            }
        };
        let mut server = Server::run(move |listener| async move {
            let app = axum::Router::new().fallback(serve);
            axum::serve(listener, app)
                .await
                .expect("the static host runs");
        });
        server.offline = offline;
        server.asked = asked;
        server
    }

    /// Runs `serve` on a listener bound to 127.0.0.1 and a free port, on a thread and
    /// runtime of its own.
    fn run<F, Fut>(serve: F) -> Server
    where
        F: FnOnce(tokio::net::TcpListener) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = ()>,
    {
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime for the server");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("a free loopback port");
                sender.send(listener.local_addr().unwrap()).unwrap();
                serve(listener).await;
            });
        });
        let address = receiver
            .recv_timeout(Duration::from_secs(10))
            .expect("the server starts");
        Server {
            address,
            offline: Arc::default(),
            asked: Arc::default(),
        }
    }

    /// The page's address, with `rest` after the slash.
    pub fn url(&self, rest: &str) -> String {
        format!("http://{}/{rest}", self.address)
    }
}

/// The J essay's 4x4 example, kk0.
pub const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

/// kk0's solution, row-major.
pub const KK0_SOLUTION: [u8; 16] = [1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2];

/// A 32x32 from the cyclic Latin square `(r + c) mod 32 + 1`, cut into 512 two-cell `−`
/// cages along the rows: no cheap rule applies, so a hint, grade or explanation searches
/// until its time limit (it ran for minutes before the limits held inside the rules).
pub fn slow_32x32() -> String {
    let n = 32;
    let digit = |r: usize, c: usize| (r + c) % n + 1;
    let mut text = String::new();
    for r in 0..n {
        for c in (0..n).step_by(2) {
            let cell = r * n + c;
            let target = digit(r, c).abs_diff(digit(r, c + 1));
            text += &format!("{target}-,{cell} {}\n", cell + 1);
        }
    }
    text
}
pub mod browser;
