//! `cagey serve`: starts on loopback, says where, answers the page and the API, and warns
//! when told to listen elsewhere.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `cagey serve`, stopped when dropped.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `cagey serve` with `args` and returns it with the address it printed.
fn serve(args: &[&str]) -> (Served, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagey"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cagey starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let served = Served(child);
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (served, url)
}

/// A plain HTTP/1.1 GET of `path` from `host:port`; the whole answer.
fn get(address: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serves_the_page_and_the_api_on_loopback() {
    let (_served, url) = serve(&["--port", "0"]);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    let page = get(address, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<title>cagey</title>"));
    let examples = get(address, "/api/examples");
    assert!(examples.contains("\"kk0\""), "{examples}");
}

#[test]
fn warns_when_bound_beyond_loopback() {
    let (mut served, url) = serve(&["--port", "0", "--bind", "0.0.0.0"]);
    assert!(url.starts_with("http://0.0.0.0:"), "{url}");
    let _ = served.0.kill();
    let mut stderr = String::new();
    served
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(stderr.contains("warning: serving on 0.0.0.0"), "{stderr}");
}

#[test]
fn a_bad_time_limit_is_a_usage_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_cagey"))
        .args(["serve", "--port", "0", "--time-limit", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--time-limit"));
}

/// The crafted f-puzzles link of issue #41 (`crates/cagey/tests/fixtures/`: an lz-string
/// stream of 40,000 codes, each the entry about to be made, so that the old decoder's copies
/// grew with the square of the codes) posted to a server whose address space is capped at
/// 256 MiB: it is refused within a second, and the server goes on answering. Before, a
/// 44.6 kB body took the server to 1.34 GB, and under a cap it aborted.
#[cfg(unix)]
#[test]
fn a_link_that_unpacks_without_end_is_refused_and_the_server_lives_on() {
    use std::os::unix::process::CommandExt;
    use std::time::Instant;

    let link = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cagey/tests/fixtures/lz-bomb-fpuzzles.txt"
    ))
    .unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_cagey"));
    command
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing else.
    unsafe {
        command.pre_exec(|| {
            let cap: libc::rlim_t = 256 << 20;
            let limit = libc::rlimit {
                rlim_cur: cap,
                rlim_max: cap,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command.spawn().expect("cagey starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _served = Served(child);
    let address = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_string();

    let body = serde_json::json!({ "puzzle": link.trim() }).to_string();
    let started = Instant::now();
    let mut stream = TcpStream::connect(&address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "POST /api/parse HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let took = started.elapsed();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("fpuzzles"), "{answer}");
    assert!(took < Duration::from_secs(1), "refused after {took:?}");
    // Still serving.
    assert!(get(&address, "/api/examples").contains("\"kk0\""));
}
