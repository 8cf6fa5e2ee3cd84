//! `cagey serve`: the local web page (the `cagey-web` crate), on loopback unless told
//! otherwise.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};

use anyhow::Context;
use cagey::budget::TimeLimit;

use crate::Status;

/// The port the page is served on unless --port says otherwise.
const DEFAULT_PORT: u16 = 8080;

/// Serve cagey's web page: paste or pick a puzzle, play it with pencil marks, get hints,
/// solve, generate and share. The page and its API run on this machine only (127.0.0.1), for
/// its own page and local programs: requests addressed to other names or sent by other
/// sites' pages are refused. Nothing is fetched from outside.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey serve                  http://127.0.0.1:8080/
  cagey serve --port 0 --open  any free port, opened in the browser
  cagey serve --bind 0.0.0.0 --allow-remote
                               the page for every machine of a network you trust

The API is described at /api/openapi.json; see docs/web.md.")]
pub struct Args {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,

    /// Open the page in the default browser once the server is up.
    #[arg(long)]
    open: bool,

    /// Listen on this address instead of 127.0.0.1. Anyone who can reach it can use the
    /// server (which has no accounts and no TLS): give another address only on a network
    /// you trust. Requests must still name this address or a loopback one (not a host name)
    /// unless --allow-remote is given.
    #[arg(long, value_name = "ADDRESS")]
    bind: Option<IpAddr>,

    /// Serve requests addressed to any name (a LAN host name, 0.0.0.0's addresses), not
    /// only to this machine's loopback names and the --bind address; a page must still be
    /// the server's own (its Origin matching the request's Host). This also lets a page of
    /// another site that makes its name point at the server (DNS rebinding) use it: only on
    /// a network you trust.
    #[arg(long)]
    allow_remote: bool,

    /// How long one request (a solve, count, hint, explanation, grade or generation) may
    /// run, in seconds; the server always has a limit, so 0 is refused.
    #[arg(long, alias = "timeout", value_name = "SECS", default_value_t = TimeLimit::new(cagey_web::DEFAULT_TIME_LIMIT))]
    time_limit: TimeLimit,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let ip = args.bind.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    if !ip.is_loopback() {
        note!(
            "cagey: warning: serving on {ip}, not loopback: anyone who can reach this address can use the server"
        );
    }
    let access = if args.allow_remote {
        note!(
            "cagey: warning: --allow-remote: requests addressed to any name are served, so a web page that makes its name point at this server can use it too"
        );
        cagey_web::Access::Remote
    } else {
        if ip.is_unspecified() {
            note!(
                "cagey: warning: serving on {ip} without --allow-remote: only requests addressed to localhost, 127.0.0.1 or [::1] are answered"
            );
        }
        cagey_web::Access::bound_to(ip)
    };
    // A limit of a century or more is none: the server keeps every request bounded.
    let time_limit = args
        .time_limit
        .duration()
        .filter(|t| !t.is_zero())
        .context("--time-limit must be more than 0 and less than a century: every request the server runs is bounded")?;
    let config = cagey_web::Config {
        time_limit,
        access,
        ..cagey_web::Config::default()
    };
    let open = args.open;
    cagey_web::serve_blocking(SocketAddr::new(ip, args.port), config, |address| {
        let url = format!("http://{address}/");
        println!("cagey: serving {url} (Ctrl-C stops)");
        if open {
            open_browser(&url);
        }
    })
    .with_context(|| format!("cannot serve on {ip} port {}", args.port))?;
    Ok(Status::Ok)
}

/// Opens `url` with the desktop's opener, saying so when there is none.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let started = Command::new(opener)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    if started.is_err() {
        note!("cagey: cannot start {opener}; open {url} yourself");
    }
}
