//! Links crafted to unpack to gigabytes, given to `cagey solve` under a 256 MiB limit on its
//! address space (#41): each is refused as bad input (exit status 2) with a message naming
//! the cap, within a second. Before the library's own lz-string decoder, the 96 KB
//! f-puzzles link of `crates/cagey/tests/fixtures/` aborted with `memory allocation of …
//! bytes failed` under that limit, and without one took 5 GB and half a minute.

#![cfg(unix)]

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The address space `cagey` is given: far more than reading any real link takes, far less
/// than the crafted ones asked for.
const ADDRESS_SPACE: u64 = 256 << 20;

/// How long a refusal may take, start to exit.
const DEADLINE: Duration = Duration::from_secs(1);

/// A crafted link of the library's fixtures.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cagey/tests/fixtures")
        .join(name)
}

/// Runs `cagey` with `args` under [`ADDRESS_SPACE`], and how long it took.
fn cagey_limited(args: &[&Path]) -> (Output, Duration) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cagey"));
    command
        .arg("solve")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: the closure runs in the child between fork and exec, where it may only make
    // async-signal-safe calls; setrlimit is one, and nothing is allocated.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE as libc::rlim_t,
                rlim_max: ADDRESS_SPACE as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let started = Instant::now();
    let output = command.output().expect("cagey runs");
    (output, started.elapsed())
}

/// The payload of the crafted f-puzzles link, to wrap as SudokuPad links.
fn payload() -> String {
    let link = std::fs::read_to_string(fixture("lz-bomb-fpuzzles.txt")).unwrap();
    let (_, payload) = link.trim().split_once("?load=").unwrap();
    payload.to_string()
}

/// Asserts that `cagey solve` refuses `file` as input that unpacks past the cap.
fn assert_refused(file: &Path) {
    let (output, took) = cagey_limited(&[file]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{file:?}: {stderr}");
    assert!(
        stderr.contains("unpacks to more than 1048576 characters"),
        "{file:?}: {stderr}"
    );
    assert!(took < DEADLINE, "{file:?} took {took:?}");
    // The message quotes no payload: it is a line, not the link again.
    assert!(stderr.len() < 600, "{} bytes: {stderr}", stderr.len());
}

/// Guards #41: the crafted f-puzzles links (96 KB and 149 KB) are refused quickly in little
/// memory.
#[test]
fn crafted_fpuzzles_links_are_refused_quickly_in_little_memory() {
    assert_refused(&fixture("lz-bomb-fpuzzles.txt"));
    assert_refused(&fixture("lz-bomb-fpuzzles-149k.txt"));
}

/// Guards #41: the same payload behind SudokuPad's two prefixes.
#[test]
fn crafted_sudokupad_links_are_refused_quickly_in_little_memory() {
    let folder = tempfile::tempdir().unwrap();
    let payload = payload();
    for (name, link) in [
        (
            "fpuzzles.txt",
            format!("https://sudokupad.app/fpuzzles{payload}"),
        ),
        ("scl.txt", format!("https://sudokupad.app/scl{payload}")),
    ] {
        let file = folder.path().join(name);
        std::fs::write(&file, link + "\n").unwrap();
        assert_refused(&file);
    }
}

/// The limit leaves room for real work: a real f-puzzles link reads and solves under it.
#[test]
fn a_real_link_solves_under_the_same_limit() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cagey/tests/links/fpuzzles_dclamage_killer.txt");
    let (output, _) = cagey_limited(&[&file]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}
