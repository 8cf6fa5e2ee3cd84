//! Fault tests on a real socket: clients that go away mid-request, many times over, must not
//! leave the server stuck. Their heavy work is cancelled, so a small request right after is
//! answered at once, and every route still answers as documented.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{Server, KK0};
use serde_json::{json, Value};

/// Sends one HTTP/1.1 request and reads the whole answer: the status and the body.
fn request(address: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("the server takes connections");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let body = body.unwrap_or("");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Starts a heavy request and goes away: after the whole request when `whole`, else halfway
/// through its body.
fn abandon(address: SocketAddr, path: &str, body: &str, whole: bool) {
    let mut stream = TcpStream::connect(address).expect("the server takes connections");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let sent = if whole { body.len() } else { body.len() / 2 };
    stream.write_all(&body.as_bytes()[..sent]).unwrap();
    std::thread::sleep(Duration::from_millis(60));
    drop(stream);
}

#[test]
fn abandoned_heavy_requests_are_cancelled_and_every_route_still_answers() {
    // A time limit far longer than the test waits: only cancellation frees the slots.
    let server = Server::start(cagey_web::Config {
        time_limit: Duration::from_secs(20),
        heavy_slots: 2,
        ..cagey_web::Config::default()
    });
    let address = server.address;
    let slow = json!({"puzzle": common::slow_32x32()}).to_string();
    let cells: Vec<String> = (0..81).map(|c| c.to_string()).collect();
    let count =
        json!({"puzzle": format!("405+,{}\n", cells.join(" ")), "limit": 100000}).to_string();
    for round in 0..12 {
        let (path, body) = match round % 4 {
            0 => ("/api/hint", &slow),
            1 => ("/api/grade", &slow),
            2 => ("/api/explain", &slow),
            _ => ("/api/count", &count),
        };
        abandon(address, path, body, round % 5 != 4);
    }
    // Both slots were taken by the last abandoned requests; cancelled, they free them within
    // milliseconds, well inside the wait a request gives a slot.
    let started = Instant::now();
    let (status, body) = request(
        address,
        "POST",
        "/api/solve",
        Some(&json!({"puzzle": KK0}).to_string()),
    );
    let took = started.elapsed();
    assert_eq!(status, 200, "{body}");
    assert!(
        took < Duration::from_secs(2),
        "the small request took {took:?}"
    );

    let puzzle = json!({"puzzle": KK0}).to_string();
    let routes: Vec<(&str, &str, Option<String>)> = vec![
        ("GET", "/", None),
        ("GET", "/api/examples", None),
        ("GET", "/api/openapi.json", None),
        ("POST", "/api/parse", Some(puzzle.clone())),
        ("POST", "/api/solve", Some(puzzle.clone())),
        ("POST", "/api/count", Some(puzzle.clone())),
        ("POST", "/api/check", Some(puzzle.clone())),
        (
            "POST",
            "/api/convert",
            Some(json!({"puzzle": KK0, "to": "keen"}).to_string()),
        ),
        ("POST", "/api/render", Some(puzzle.clone())),
        ("POST", "/api/hint", Some(puzzle.clone())),
        ("POST", "/api/explain", Some(puzzle.clone())),
        ("POST", "/api/grade", Some(puzzle.clone())),
        (
            "POST",
            "/api/generate",
            Some(json!({"size": 4, "seed": 1}).to_string()),
        ),
    ];
    for (method, path, body) in routes {
        let (status, answer) = request(address, method, path, body.as_deref());
        assert_eq!(status, 200, "{method} {path}: {answer}");
    }
    // Errors are still the documented JSON.
    let (status, answer) = request(address, "GET", "/api/solve", None);
    assert_eq!(status, 405);
    let answer: Value = serde_json::from_str(&answer).unwrap();
    assert!(answer["error"].as_str().unwrap().contains("/api/solve"));
}

/// Guards #33: the page's background solve must not keep the player's requests waiting. A
/// background solve holds one of the two slots; two counts of the player, each holding a
/// slot for seconds (longer than a request waits for one), are both answered: the second
/// takes the background solve's slot, and the background solve is answered 503, set aside.
/// Before, the second count waited its two seconds and was answered 503.
#[test]
fn a_background_solve_gives_its_slot_to_the_players_requests() {
    let server = Server::start(cagey_web::Config {
        time_limit: Duration::from_secs(4),
        heavy_slots: 2,
        ..cagey_web::Config::default()
    });
    let address = server.address;
    // On a free server a background solve is an ordinary solve.
    let (status, answer) = request(
        address,
        "POST",
        "/api/solve",
        Some(&json!({"puzzle": KK0, "background": true}).to_string()),
    );
    assert_eq!(status, 200, "{answer}");
    let slow = common::slow_32x32();
    let background = {
        let body = json!({"puzzle": slow, "background": true}).to_string();
        std::thread::spawn(move || request(address, "POST", "/api/solve", Some(&body)))
    };
    std::thread::sleep(Duration::from_millis(300));
    let counts: Vec<_> = (0..2)
        .map(|i| {
            let body = json!({"puzzle": slow, "limit": 2}).to_string();
            std::thread::sleep(Duration::from_millis(100 * i));
            std::thread::spawn(move || request(address, "POST", "/api/count", Some(&body)))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    // Both slots are the player's now: more background work is refused at once.
    let started = Instant::now();
    let (status, answer) = request(
        address,
        "POST",
        "/api/solve",
        Some(&json!({"puzzle": KK0, "background": true}).to_string()),
    );
    assert_eq!(status, 503, "{answer}");
    assert!(started.elapsed() < Duration::from_secs(1));
    let (status, answer) = background.join().unwrap();
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer.contains("set aside for the player's request"),
        "{answer}"
    );
    for count in counts {
        let (status, answer) = count.join().unwrap();
        assert_eq!(status, 200, "{answer}");
    }
}
