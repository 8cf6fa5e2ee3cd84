//! Input that is slow to read must not stall the server (#41): a few clients posting text
//! whose format takes long to detect, and everyone else is still answered at once.
//!
//! Before, the puzzle was read on the server's event loop, outside the slots of heavy work:
//! four clients posting bad links made `GET /api/examples` take seconds instead of a
//! millisecond. Now reading happens in a slot on the blocking pool, so the event loop stays
//! free and the extra requests wait for a slot (or are answered 503) like any heavy work.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

/// Clients posting slow input at once: as many as in the report, twice the slots.
const CLIENTS: usize = 4;

/// The most a small request may take while they do: a request that takes no slot is
/// answered in about a millisecond; the margin is for a machine shared with builds.
const MAX_SMALL_LATENCY: Duration = Duration::from_millis(300);

/// Sends one HTTP/1.1 request and reads the answer's status.
fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> u16 {
    let mut stream = TcpStream::connect(address).expect("the server takes connections");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// 300 kB of printable garbage: no format reads it, and finding that out tries every
/// format in turn (over a second in the test profile, before the library stopped early).
fn garbage() -> String {
    (0..300_000)
        .map(|i| char::from(b'!' + (i * 13 % 90) as u8))
        .collect()
}

#[test]
fn slow_input_does_not_stall_other_requests() {
    let server = Server::start(cagey_web::Config {
        heavy_slots: 2,
        ..cagey_web::Config::default()
    });
    let address = server.address;
    let body = json!({ "puzzle": garbage() }).to_string();
    let posters: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let body = body.clone();
            std::thread::spawn(move || request(address, "POST", "/api/parse", &body))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    let mut slowest = Duration::ZERO;
    while posters.iter().any(|p| !p.is_finished()) {
        let started = Instant::now();
        assert_eq!(request(address, "GET", "/api/examples", ""), 200);
        slowest = slowest.max(started.elapsed());
        std::thread::sleep(Duration::from_millis(20));
    }
    for poster in posters {
        let status = poster.join().unwrap();
        // Garbage is a bad request; a poster that found both slots taken too long is busy.
        assert!(status == 400 || status == 503, "answered {status}");
    }
    println!("GET /api/examples took {slowest:?} at most while {CLIENTS} clients posted garbage");
    assert!(
        slowest < MAX_SMALL_LATENCY,
        "GET /api/examples took {slowest:?} while {CLIENTS} clients posted slow input"
    );
}
