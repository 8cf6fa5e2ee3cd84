//! A bounded load test on loopback: clients send a mix of good and bad requests as fast as
//! they can for a few seconds, then stop. Nothing may fail that should not (good requests
//! answer 200 or, when every heavy slot is taken, 503; bad ones 400), and the server's
//! memory must stay flat.
//!
//! The suite runs it for `DEFAULT_SECONDS`; `CAGEY_LOAD_SECONDS=60 cargo test --release -p
//! cagey-web --test load -- --nocapture` runs it longer and prints the rates and latencies.

mod common;

use std::time::{Duration, Instant};

use common::{Server, KK0};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::json;

/// Long enough for thousands of requests and a steady memory reading, short enough for the
/// suite.
const DEFAULT_SECONDS: u64 = 3;

/// Concurrent clients: more than the heavy slots of any machine this runs on, so that some
/// heavy requests find them taken.
const CLIENTS: usize = 16;

/// How much the resident memory may grow between the end of the first second and the end:
/// allocator pools and thread stacks settle in the first second; a leak of even a few bytes
/// per request would pass this over thousands of requests.
const MAX_GROWTH_KB: u64 = 8 * 1024;

fn resident_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_requests_fails_nothing_and_memory_stays_flat() {
    let seconds = std::env::var("CAGEY_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_SECONDS);
    let server = Server::start(cagey_web::Config::default());
    let kk1 = cagey::examples::by_name("kk2").unwrap().text;
    // (path, body, what a good answer is: 200, or 400 for bad input)
    let requests: Vec<(&str, String, u16)> = vec![
        ("api/parse", json!({"puzzle": KK0}).to_string(), 200),
        ("api/solve", json!({"puzzle": kk1}).to_string(), 200),
        (
            "api/count",
            json!({"puzzle": KK0, "limit": 10}).to_string(),
            200,
        ),
        (
            "api/render",
            json!({"puzzle": KK0, "image": "png", "size": 120}).to_string(),
            200,
        ),
        (
            "api/convert",
            json!({"puzzle": kk1, "to": "sudokuwiki"}).to_string(),
            200,
        ),
        ("api/parse", json!({"puzzle": "11+,1 2 x"}).to_string(), 400),
        ("api/solve", "{not json".to_string(), 400),
        ("", String::new(), 200),
    ];
    let client: Client<_, Full<bytes::Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let warm = Instant::now() + Duration::from_secs(1);
    let mut baseline = None;
    let mut tasks = Vec::new();
    for worker in 0..CLIENTS {
        let client = client.clone();
        let requests = requests.clone();
        let base = server.url("");
        tasks.push(tokio::spawn(async move {
            let mut outcomes = Vec::new();
            let mut index = worker;
            while Instant::now() < deadline {
                let (path, body, expected) = &requests[index % requests.len()];
                index += 1;
                let uri: hyper::Uri = format!("{base}{path}").parse().unwrap();
                let request = if body.is_empty() {
                    hyper::Request::get(uri).body(Full::default())
                } else {
                    hyper::Request::post(uri)
                        .header("content-type", "application/json")
                        .body(Full::from(body.clone()))
                }
                .unwrap();
                let started = Instant::now();
                let response = client.request(request).await.expect("the server answers");
                let status = response.status().as_u16();
                response.into_body().collect().await.expect("a whole body");
                outcomes.push((*path, status, *expected, started.elapsed()));
            }
            outcomes
        }));
    }
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if baseline.is_none() && Instant::now() >= warm {
            baseline = Some(resident_kb());
        }
    }
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.extend(task.await.unwrap());
    }
    let end = resident_kb();
    let busy = outcomes.iter().filter(|o| o.1 == 503).count();
    let wrong: Vec<_> = outcomes
        .iter()
        .filter(|(_, status, expected, _)| {
            status != expected && !(*status == 503 && *expected == 200)
        })
        .collect();
    let mut latencies: Vec<Duration> = outcomes.iter().map(|o| o.3).collect();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{} requests in {seconds} s ({:.0}/s) from {CLIENTS} clients: {busy} answered 503 (busy); latency p50 {:?}, p99 {:?}, max {:?}; resident memory {} kB after 1 s, {} kB at the end",
        outcomes.len(),
        outcomes.len() as f64 / seconds as f64,
        at(0.5),
        at(0.99),
        at(1.0),
        baseline.unwrap_or(0),
        end
    );
    assert!(
        wrong.is_empty(),
        "unexpected answers: {:?}",
        &wrong[..wrong.len().min(10)]
    );
    assert!(
        outcomes.len() > 100,
        "only {} requests answered",
        outcomes.len()
    );
    if let Some(baseline) = baseline {
        assert!(
            end <= baseline + MAX_GROWTH_KB,
            "resident memory grew from {baseline} kB to {end} kB"
        );
    }
}
