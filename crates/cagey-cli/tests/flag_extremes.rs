//! No flag value takes the command down: every subcommand is run with extreme values of
//! every numeric flag (zero, negative, past `u32`, `u64` and `u128`, `1e19`, `1e300`,
//! infinity, NaN, a tiny fraction), and each run must end in an answer or a clear usage
//! error, never a panic. The flags are read from each subcommand's own `--help`, so a flag
//! added later is covered without changing this file; a flag whose value name this file
//! does not know, or a subcommand it has no input for, fails the test until it is
//! classified here.
//!
//! Written for issue #41: `--time-limit 1e19` panicked in six subcommands ("overflow when
//! adding duration to instant"), `2e19` with "cannot convert float seconds to Duration",
//! and `generate --jobs 4294967296` asked for four billion threads.

mod common;

use std::fs::File;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::scratch;

/// The values tried on every numeric flag.
const EXTREMES: [&str; 13] = [
    "0",
    "-1",
    "-0",
    "0.0000001",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "1e19",
    "2e19",
    "1e300",
    "inf",
    "nan",
];

/// Value names of flags that take a number.
const NUMERIC: [&str; 10] = [
    "N", "SECS", "PX", "MM", "COLUMNS", "PORT", "INDEX", "SEED", "MIN..MAX", "VERSION",
];

/// Value names of flags that take something else (names, paths, words).
const OTHER: [&str; 18] = [
    "keen|stars|NAMES",
    "SUBTITLE",
    "AUTHOR",
    "standard|none|FILE",
    "NAME",
    "FORMAT",
    "WHEN",
    "OUT",
    "PAPER",
    "TITLE",
    "end|none|FILE.pdf",
    "KIND",
    "OPS",
    "STYLE",
    "SIZES",
    "LEVEL",
    "DIR",
    "ADDRESS",
];

/// How long one run may take before it is stopped: any run still going then has hung.
const PATIENCE: Duration = Duration::from_secs(20);

/// How long a run asked for endless work ([`may_run_on`]) is watched before it is stopped:
/// long enough to start the work and write the first answers.
const WATCH: Duration = Duration::from_secs(3);

/// The flags (with their values) each subcommand is run with besides the one tried: a small
/// input and quick settings. `{dir}` is the run's scratch directory.
fn base(subcommand: &str) -> Option<Vec<(&'static str, &'static str)>> {
    let example = vec![("--example", "kk0")];
    Some(match subcommand {
        "solve" | "check" | "convert" | "init" | "mcounts" | "show" | "unique" | "grade"
        | "explain" | "hint" => {
            let mut args = example;
            if subcommand == "convert" {
                args.push(("--to", "json"));
            }
            args
        }
        "render" => vec![("--example", "kk0"), ("--output", "{dir}/picture.png")],
        "print" => vec![("--example", "kk0"), ("--output", "{dir}/book.pdf")],
        "generate" => vec![("--size", "4"), ("--count", "1"), ("--time-limit", "5")],
        "serve" => vec![("--port", "0")],
        "examples" | "rules" | "completions" | "man" => vec![],
        _ => return None,
    })
}

/// Whether a run of `subcommand` with `flag` may still be going at [`PATIENCE`]: a server
/// that started serves until stopped, and four billion puzzles take a while.
fn may_run_on(subcommand: &str, flag: &str) -> bool {
    subcommand == "serve" || (subcommand, flag) == ("generate", "--count")
}

/// The help text `cagey ARGS --help` prints.
fn help(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_cagey"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success(), "cagey {args:?} --help");
    String::from_utf8(output.stdout).unwrap()
}

/// The subcommands `cagey --help` lists, `help` aside.
fn subcommands() -> Vec<String> {
    let text = help(&[]);
    let commands = text
        .split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("Options:").next())
        .expect("cagey --help lists its commands");
    commands
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The flags of `subcommand` that take a value, with the value's name: `--size <PX>`.
fn value_flags(subcommand: &str) -> Vec<(String, String)> {
    help(&[subcommand])
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with('-'))
        .filter_map(|line| {
            let long = line
                .split_whitespace()
                .find(|word| word.starts_with("--"))?;
            let (flag, rest) = line[line.find(long)?..].split_once(' ')?;
            let value = rest.strip_prefix('<')?.split('>').next()?;
            Some((flag.trim_end_matches(',').to_string(), value.to_string()))
        })
        .collect()
}

/// One run: the command, its process, when it started, where its standard error goes.
struct Run {
    words: Vec<String>,
    child: Child,
    started: Instant,
    stderr: std::path::PathBuf,
    may_run_on: bool,
}

fn start(subcommand: &str, flag: &str, value: &str, index: usize) -> Run {
    let dir = scratch(&format!("flag-extremes-{index}"));
    let dir_text = dir.to_string_lossy().into_owned();
    let mut words = vec![subcommand.to_string()];
    for (name, arg) in base(subcommand).unwrap() {
        if name != flag {
            words.push(name.to_string());
            words.push(arg.replace("{dir}", &dir_text));
        }
    }
    words.push(format!("{flag}={value}"));
    let stderr = dir.join("stderr");
    let child = Command::new(env!("CARGO_BIN_EXE_cagey"))
        .args(&words)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    Run {
        words,
        child,
        started: Instant::now(),
        stderr,
        may_run_on: may_run_on(subcommand, flag),
    }
}

/// Waits for `run` to end (or stops it at [`PATIENCE`]); what went wrong, if anything.
fn finish(mut run: Run) -> Option<String> {
    let status = loop {
        if let Some(status) = run.child.try_wait().unwrap() {
            break Some(status);
        }
        let patience = if run.may_run_on { WATCH } else { PATIENCE };
        if run.started.elapsed() > patience {
            run.child.kill().unwrap();
            run.child.wait().unwrap();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let said = std::fs::read_to_string(&run.stderr).unwrap_or_default();
    let command = format!("cagey {}", run.words.join(" "));
    if said.contains("panicked") || said.contains("memory allocation") {
        return Some(format!("{command}: {said}"));
    }
    match status {
        None if run.may_run_on => None,
        None => Some(format!("{command}: still running after {PATIENCE:?}")),
        // 0 done, 1 a negative result, 2 bad input or usage; anything else (101 a panic, a
        // signal) is a crash.
        Some(status) if matches!(status.code(), Some(0..=2)) => None,
        Some(status) => Some(format!("{command}: {status}: {said}")),
    }
}

#[test]
fn no_numeric_flag_value_panics_any_subcommand() {
    let mut cases = Vec::new();
    for subcommand in subcommands() {
        assert!(
            base(&subcommand).is_some(),
            "`cagey {subcommand}` is new: give it an input in base()"
        );
        for (flag, value_name) in value_flags(&subcommand) {
            let numeric = NUMERIC.contains(&value_name.as_str());
            assert!(
                numeric || OTHER.contains(&value_name.as_str()),
                "cagey {subcommand} {flag} <{value_name}>: say in NUMERIC or OTHER what it takes"
            );
            if numeric {
                for value in EXTREMES {
                    cases.push((subcommand.clone(), flag.clone(), value));
                }
            }
        }
    }
    // Every subcommand that searches has --time-limit, and each must be among the cases.
    for subcommand in [
        "solve", "explain", "grade", "hint", "unique", "generate", "serve",
    ] {
        assert!(
            cases
                .iter()
                .any(|(s, f, _)| s == subcommand && f == "--time-limit"),
            "{subcommand} --time-limit is tried"
        );
    }
    // Two runs at a time: one per core of the machines the tests run on.
    let mut failures = Vec::new();
    for (index, pair) in cases.chunks(2).enumerate() {
        let runs: Vec<Run> = pair
            .iter()
            .enumerate()
            .map(|(k, (s, f, v))| start(s, f, v, 2 * index + k))
            .collect();
        failures.extend(runs.into_iter().filter_map(finish));
    }
    assert!(
        failures.is_empty(),
        "{} of {} runs failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A completion script or manual page written where it cannot go is an error with a
/// message, and one whose reader has gone (`| head -c1`) ends quietly: clap_complete
/// panicked on both.
#[test]
fn completions_and_manual_pages_report_failed_writes() {
    for args in [
        &["completions", "bash"][..],
        &["completions", "fish"],
        &["man"],
    ] {
        let full = Command::new(env!("CARGO_BIN_EXE_cagey"))
            .args(args)
            .stdout(File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&full.stderr);
        assert_eq!(full.status.code(), Some(2), "{args:?} > /dev/full: {said}");
        assert!(said.contains("cannot write"), "{args:?}: {said}");
        assert!(!said.contains("panicked"), "{args:?}: {said}");

        // The reader closes its end before anything is written.
        let mut child = Command::new(env!("CARGO_BIN_EXE_cagey"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let closed = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&closed.stderr);
        assert_eq!(closed.status.code(), Some(0), "{args:?} | head -c0: {said}");
        assert!(said.is_empty(), "{args:?}: {said}");
    }
}
