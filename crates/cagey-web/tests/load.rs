//! A bounded load test on loopback: clients send a mix of good and bad requests as fast as
//! they can for a few seconds, then stop. Nothing may fail that should not (good requests
//! answer 200, bad ones 400, or either 503 when every slot is taken), and the server's
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
            // Counted as they come, in memory that does not grow with the number of
            // requests, so that the reading of resident memory is the server's.
            let mut tally = Tally::default();
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
                tally.note(path, status, *expected, started.elapsed());
            }
            tally
        }));
    }
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if baseline.is_none() && Instant::now() >= warm {
            baseline = Some(resident_kb());
        }
    }
    let mut tally = Tally::default();
    for task in tasks {
        tally.add(task.await.unwrap());
    }
    let end = resident_kb();
    println!(
        "{} requests in {seconds} s ({:.0}/s) from {CLIENTS} clients: {} answered 503 (busy); latency p50 {} ms, p99 {} ms, max {:?}; resident memory {} kB after 1 s, {} kB at the end",
        tally.count,
        tally.count as f64 / seconds as f64,
        tally.busy,
        tally.quantile_ms(0.5),
        tally.quantile_ms(0.99),
        tally.max,
        baseline.unwrap_or(0),
        end
    );
    assert!(
        tally.wrong.is_empty(),
        "unexpected answers: {:?}",
        tally.wrong
    );
    assert!(tally.count > 100, "only {} requests answered", tally.count);
    if let Some(baseline) = baseline {
        assert!(
            end <= baseline + MAX_GROWTH_KB,
            "resident memory grew from {baseline} kB to {end} kB"
        );
    }
}

/// Width of one latency bucket, in microseconds.
const BUCKET_US: u128 = 100;

/// Latency buckets: 100 µs each up to 100 ms, and one for everything slower.
const BUCKETS: usize = 1001;

/// What the clients saw, in a fixed amount of memory.
struct Tally {
    count: u64,
    busy: u64,
    /// The first few answers that should not have been (path, status, expected).
    wrong: Vec<(&'static str, u16, u16)>,
    buckets: Vec<u64>,
    max: Duration,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            count: 0,
            busy: 0,
            wrong: Vec::new(),
            buckets: vec![0; BUCKETS],
            max: Duration::ZERO,
        }
    }
}

impl Tally {
    fn note(&mut self, path: &'static str, status: u16, expected: u16, took: Duration) {
        self.count += 1;
        // Every request that reads a puzzle, a bad one too, may find the slots taken.
        if status == 503 && !path.is_empty() {
            self.busy += 1;
        } else if status != expected && self.wrong.len() < 10 {
            self.wrong.push((path, status, expected));
        }
        let bucket = (took.as_micros() / BUCKET_US).min(BUCKETS as u128 - 1) as usize;
        self.buckets[bucket] += 1;
        self.max = self.max.max(took);
    }

    fn add(&mut self, other: Tally) {
        self.count += other.count;
        self.busy += other.busy;
        self.wrong.extend(other.wrong);
        for (mine, theirs) in self.buckets.iter_mut().zip(other.buckets) {
            *mine += theirs;
        }
        self.max = self.max.max(other.max);
    }

    /// The upper edge of the bucket holding quantile `q`, in milliseconds.
    fn quantile_ms(&self, q: f64) -> f64 {
        let rank = (self.count as f64 * q).ceil() as u64;
        let mut seen = 0;
        for (index, count) in self.buckets.iter().enumerate() {
            seen += count;
            if seen >= rank {
                return (index as u128 + 1) as f64 * BUCKET_US as f64 / 1000.0;
            }
        }
        f64::INFINITY
    }
}
