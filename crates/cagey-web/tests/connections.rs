//! Connections that hold the server (#41), on a real socket: a request head or body sent
//! slowly or never, a connection left idle, and more connections than the server keeps
//! open. Each is cut off within its limit (short ones here, through `Config`), and the
//! server goes on answering. Before, every one of them was held forever.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use cagey_web::ConnectionLimits;
use common::{Server, KK0};
use serde_json::{json, Value};

/// The limits of these tests: short, so that the tests are quick.
const LIMITS: ConnectionLimits = ConnectionLimits {
    header_timeout: Duration::from_millis(400),
    body_timeout: Duration::from_millis(400),
    idle_timeout: Duration::from_millis(600),
    max_open: 8,
};

/// How much later than its limit a connection may be closed: timers and a machine shared
/// with builds.
const SLACK: Duration = Duration::from_millis(700);

fn server(limits: ConnectionLimits) -> Server {
    Server::start(cagey_web::Config {
        connections: limits,
        ..cagey_web::Config::default()
    })
}

fn connect(address: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(address).expect("the server takes connections");
    stream
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    stream
}

/// Reads from `stream` until the server closes it, for at most `wait`: what arrived and
/// when the connection closed, or `None` if it was still open.
fn read_until_closed(stream: &mut TcpStream, wait: Duration) -> Option<(Duration, String)> {
    let started = Instant::now();
    let mut got = Vec::new();
    let mut buffer = [0; 4096];
    while started.elapsed() < wait {
        match stream.read(&mut buffer) {
            Ok(0) => return Some((started.elapsed(), String::from_utf8_lossy(&got).into())),
            Ok(n) => got.extend_from_slice(&buffer[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            // Reset by the server: closed all the same.
            Err(_) => return Some((started.elapsed(), String::from_utf8_lossy(&got).into())),
        }
    }
    None
}

/// Reads one whole answer (by its Content-Length) from a connection kept alive.
fn read_answer(stream: &mut TcpStream) -> (u16, String) {
    let mut got = Vec::new();
    let mut buffer = [0; 4096];
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        assert!(Instant::now() < deadline, "no whole answer");
        let text = String::from_utf8_lossy(&got).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap())
                })
                .expect("a Content-Length");
            if body.len() >= length {
                let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
                return (status, body.to_string());
            }
        }
        match stream.read(&mut buffer) {
            Ok(0) => panic!("closed before the whole answer: {text}"),
            Ok(n) => got.extend_from_slice(&buffer[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn a_head_sent_slowly_is_cut_off_at_the_header_timeout() {
    let server = server(LIMITS);
    let mut stream = connect(server.address);
    stream
        .write_all(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    // One more header line every 50 ms, the head never ending: a slow-loris client.
    let mut writer = stream.try_clone().unwrap();
    std::thread::spawn(move || {
        for i in 0..100 {
            std::thread::sleep(Duration::from_millis(50));
            if write!(writer, "X-Slow-{i}: 1\r\n").is_err() {
                break;
            }
        }
    });
    let closed = read_until_closed(&mut stream, LIMITS.header_timeout + SLACK);
    let (took, _) = closed.expect("a head trickled in is cut off at the header timeout");
    assert!(
        took >= LIMITS.header_timeout - Duration::from_millis(100),
        "{took:?}"
    );
    // The server still answers.
    let mut stream = connect(server.address);
    stream
        .write_all(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    assert_eq!(read_answer(&mut stream).0, 200);
}

#[test]
fn a_body_that_never_comes_is_answered_and_the_connection_closed() {
    let server = server(LIMITS);
    // Ten gigabytes announced, none sent: over the body limit, answered at once.
    let mut stream = connect(server.address);
    stream
        .write_all(
            b"POST /api/parse HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n",
        )
        .unwrap();
    let closed = read_until_closed(&mut stream, LIMITS.body_timeout + SLACK);
    let (_, answer) =
        closed.expect("a body announced at 10 GB is refused and the connection closed");
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    // A hundred bytes announced, ten sent: answered 408 at the body timeout.
    let mut stream = connect(server.address);
    stream
        .write_all(
            b"POST /api/parse HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"puzzle\":",
        )
        .unwrap();
    let closed = read_until_closed(&mut stream, LIMITS.body_timeout + SLACK);
    let (took, answer) = closed.expect("a body that stops coming is cut off at the body timeout");
    assert!(
        took >= LIMITS.body_timeout - Duration::from_millis(100),
        "{took:?}"
    );
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let body: Value = serde_json::from_str(answer.split_once("\r\n\r\n").unwrap().1).unwrap();
    assert_eq!(body["status"], 408);
    assert!(
        body["error"].as_str().unwrap().contains("did not arrive"),
        "{body}"
    );
}

#[test]
fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let server = server(LIMITS);
    // A connection that never sends anything.
    let mut silent = connect(server.address);
    // A connection kept alive after an answer.
    let mut kept = connect(server.address);
    let body = json!({"puzzle": KK0}).to_string();
    write!(
        kept,
        "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    assert_eq!(read_answer(&mut kept).0, 200);
    // A second request on it within the timeout is answered as usual.
    std::thread::sleep(LIMITS.idle_timeout / 3);
    kept.write_all(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    assert_eq!(read_answer(&mut kept).0, 200);
    let (took, _) = read_until_closed(&mut kept, LIMITS.idle_timeout + SLACK)
        .expect("a connection kept alive is closed after the idle timeout");
    assert!(
        took >= LIMITS.idle_timeout - Duration::from_millis(100),
        "{took:?}"
    );
    read_until_closed(&mut silent, SLACK).expect("a silent connection is closed too");
}

#[test]
fn more_connections_than_the_cap_still_get_answers_and_the_oldest_idle_go() {
    // Timeouts far longer than the test: only the cap closes connections here.
    let server = server(ConnectionLimits {
        header_timeout: Duration::from_secs(60),
        idle_timeout: Duration::from_secs(60),
        ..LIMITS
    });
    let held: Vec<TcpStream> = (0..20).map(|_| connect(server.address)).collect();
    // Time for the server to take them all, in order.
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let mut stream = connect(server.address);
    let body = json!({"puzzle": KK0}).to_string();
    write!(
        stream,
        "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let (_, answer) = read_until_closed(&mut stream, Duration::from_secs(5)).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    println!(
        "answered in {:?} with 20 connections held",
        started.elapsed()
    );
    // 21 connections for 8 places: the 13 oldest were closed, the newest kept.
    let mut held = held;
    let closed: Vec<bool> = held
        .iter_mut()
        .map(|stream| read_until_closed(stream, Duration::from_millis(200)).is_some())
        .collect();
    assert!(
        closed[..12].iter().all(|&c| c),
        "the oldest are closed: {closed:?}"
    );
    assert!(
        closed[15..].iter().all(|&c| !c),
        "the newest are open: {closed:?}"
    );
}

/// A client's new connection is idle until its request arrives; connections sending slowly
/// and opened before it must go first when the server is full, or a crowd of slow clients
/// would close every newcomer before it could ask anything.
#[test]
fn a_new_connection_outlasts_older_slow_ones_when_the_server_is_full() {
    let server = server(ConnectionLimits {
        header_timeout: Duration::from_secs(60),
        idle_timeout: Duration::from_secs(60),
        ..LIMITS
    });
    let slow = |address| {
        let mut stream = connect(address);
        stream
            .write_all(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\n")
            .unwrap();
        stream
    };
    let mut older: Vec<TcpStream> = (0..LIMITS.max_open).map(|_| slow(server.address)).collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut client = connect(server.address);
    std::thread::sleep(Duration::from_millis(100));
    // More slow clients arrive, each closing one connection to make room.
    let newer: Vec<TcpStream> = (0..4).map(|_| slow(server.address)).collect();
    std::thread::sleep(Duration::from_millis(200));
    client
        .write_all(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let (_, answer) = read_until_closed(&mut client, Duration::from_secs(5)).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.200}");
    let closed = older
        .iter_mut()
        .filter_map(|stream| read_until_closed(stream, Duration::from_millis(100)))
        .count();
    assert!(
        closed >= 4,
        "only {closed} of the older slow connections were closed"
    );
    drop(newer);
}

/// On shutdown (Ctrl-C for `cagey serve`) the server stops accepting, closes connections
/// kept alive at once rather than at their idle timeout, and returns.
#[test]
fn shutdown_closes_idle_connections_and_returns() {
    let (address_sender, address) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (done_sender, done) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            address_sender.send(listener.local_addr().unwrap()).unwrap();
            let config = cagey_web::Config {
                connections: ConnectionLimits {
                    idle_timeout: Duration::from_secs(60),
                    ..LIMITS
                },
                ..cagey_web::Config::default()
            };
            let served = cagey_web::serve_until(listener, config, async {
                let _ = stopped.await;
            });
            done_sender.send(served.await).unwrap();
        });
    });
    let address = address.recv_timeout(Duration::from_secs(10)).unwrap();
    let mut kept = connect(address);
    kept.write_all(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    assert_eq!(read_answer(&mut kept).0, 200);
    stop.send(()).unwrap();
    read_until_closed(&mut kept, SLACK).expect("a connection kept alive is closed on shutdown");
    let served = done
        .recv_timeout(SLACK)
        .expect("the server returns on shutdown");
    assert!(served.is_ok(), "{served:?}");
    assert!(TcpStream::connect(address).is_err(), "no longer accepting");
}
