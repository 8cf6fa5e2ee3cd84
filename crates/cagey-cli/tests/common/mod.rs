//! What the command-line tests share: running the built binary, reading its output, and
//! finding the project's data.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `cagey` with `args`, `input` on standard input and `env` added to its environment.
pub fn cagey_with(args: &[&str], input: Option<&str>, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cagey"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("cagey runs");
    let mut stdin = child.stdin.take().unwrap();
    if let Some(input) = input {
        // A command that stops at a bad puzzle may exit before reading all its input: the
        // pipe then breaks, which is its answer, not the test's failure.
        match stdin.write_all(input.as_bytes()) {
            Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
            result => result.unwrap(),
        }
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A golden drawing of the library's tests.
pub fn golden(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cagey/tests/golden")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// The path of a file of the project's corpora.
pub fn corpus(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(relative);
    path.to_string_lossy().into_owned()
}

/// A fresh, empty directory in the target directory for one test's files.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
