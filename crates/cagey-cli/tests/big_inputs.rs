//! Big inputs are refused in bounded memory (issue #41): each test runs `cagey solve` with
//! its address space capped at 256 MiB, which the inputs below each exceeded before (one
//! 200 MB line took 1.87 GB; a 48 MB JSON puzzle of side 1000 took 1.15 GB and 16.6 s before
//! its size was refused), and expects a clear error naming the line or field, exit status 2,
//! within seconds.

#![cfg(unix)]

mod common;

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The address space each run may use.
const ADDRESS_SPACE: libc::rlim_t = 256 << 20;

/// Runs `cagey solve -` on `input`, streamed to it by another thread, with the address space
/// capped; its exit code, standard error and time.
fn solve_capped(input: impl FnOnce(&mut dyn Write) + Send + 'static) -> (i32, String, Duration) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cagey"));
    command
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing else.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE,
                rlim_max: ADDRESS_SPACE,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The command stops reading at the error: the rest of the input meets a closed pipe,
    // which is its answer, not the test's failure.
    let feeder = std::thread::spawn(move || input(&mut stdin));
    let output = child.wait_with_output().unwrap();
    let elapsed = started.elapsed();
    feeder.join().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed,
    )
}

/// Writes `count` copies of `chunk`, stopping quietly when the reader has gone.
fn write_repeated(out: &mut dyn Write, chunk: &[u8], count: usize) {
    for _ in 0..count {
        if out.write_all(chunk).is_err() {
            return;
        }
    }
}

#[test]
fn a_200_mb_line_is_refused_without_being_held() {
    let (code, said, elapsed) = solve_capped(|out| {
        write_repeated(out, &[b'1'; 1 << 20], 200);
        let _ = out.write_all(b"\n3+,0 1\n1,2\n2,3\n");
    });
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("line 1: the line is 209715200 bytes long, more than the 2097152"),
        "{said}"
    );
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}

#[test]
fn a_48_mb_json_puzzle_of_side_1000_is_refused_by_its_size() {
    let (code, said, elapsed) = solve_capped(|out| {
        let _ = out.write_all(b"{\"cages\": [");
        let cage = b"{\"op\": \"=\", \"target\": 1, \"cells\": [[999, 999]]},";
        write_repeated(out, cage, 1_000_000);
        let _ = out
            .write_all(b"{\"op\": \"=\", \"target\": 1, \"cells\": [[0, 0]]}], \"size\": 1000}\n");
    });
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("size: 1000 is not a grid side from 1 to 32"),
        "{said}"
    );
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}

#[test]
fn a_negative_number_in_json_names_its_field() {
    let (code, said, _) = solve_capped(|out| {
        let _ = out.write_all(
            b"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": [[0, 0], [0, 1]]},\n {\"op\": \"+\", \"target\": -3, \"cells\": [[1, 0], [1, 1]]}]}\n",
        );
    });
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("cages[1].target: invalid value: integer `-3`"),
        "{said}"
    );
}

#[test]
fn endless_comment_lines_are_refused_not_held() {
    let (code, said, elapsed) = solve_capped(|out| {
        let line = format!("# {}\n", "x".repeat(98));
        write_repeated(out, line.as_bytes(), 2 << 20);
    });
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("more than 1048576 bytes of comment and blank lines in a row"),
        "{said}"
    );
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}
