//! What the web tests share: a server on a free loopback port, run on a runtime of its own so
//! that every test (async or not) can use it.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::mpsc;
use std::time::Duration;

/// A server running on a thread of its own until the test process ends.
pub struct Server {
    /// Where it listens.
    pub address: SocketAddr,
}

impl Server {
    /// Starts a server with `config` on 127.0.0.1 and a free port.
    pub fn start(config: cagey_web::Config) -> Server {
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
                cagey_web::serve_until(listener, config, std::future::pending())
                    .await
                    .expect("the server runs");
            });
        });
        let address = receiver
            .recv_timeout(Duration::from_secs(10))
            .expect("the server starts");
        Server { address }
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
