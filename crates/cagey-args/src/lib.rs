//! Command-line plumbing shared by the two binaries of the workspace, the `cagey` command
//! and `cargo xtask`: the exit [`Status`], the [`RuleArgs`] flags that read old corpora,
//! the checks of a count, a time budget and a puzzle path, and the ending of a run
//! ([`exit`]). They were once copied into xtask; they hold clap and anyhow, which the
//! library keeps out of its API, so they live in this crate of their own rather than in
//! `cagey`.

#![deny(missing_docs)]

use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use cagey::model::Options;

/// How a run ended, from best to worst; the exit code is that of the worst puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything asked for was done.
    Ok = 0,
    /// A result was negative: no solution, not unique when uniqueness was required, a
    /// wrong answer or a puzzle given up on.
    Failed = 1,
    /// Some input could not be read.
    BadInput = 2,
}

/// Rules put in force for every puzzle read, for files that do not state them: shared by
/// the subcommands that read puzzles (`bench` included).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct RuleArgs {
    /// Allow `-` and `%` cages over more than two cells (the largest digit minus, or divided
    /// by, the others) and `0-`, as a kk block's `# multi-cell` line does.
    #[arg(long, help_heading = "Input")]
    pub multi_cell: bool,
}

impl RuleArgs {
    /// The puzzle-wide options the flags put in force.
    pub fn options(self) -> Options {
        Options {
            multi_cell: self.multi_cell,
            ..Options::default()
        }
    }
}

/// Parses a count given on the command line that must be 1 or more (`--jobs`, `--limit`,
/// `--size`...), with a message that says so: clap's own range check names the type's
/// largest value (`0 is not in 1..18446744073709551615`).
pub fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
{
    match text.trim().parse::<T>() {
        Ok(number) if number >= T::from(1) => Ok(number),
        Ok(_) => Err("must be at least 1".to_string()),
        Err(_) => Err(format!("{text:?} is not a whole number (1 or more)")),
    }
}

/// The time `--time-limit SECS` asks for: `None` for 0 (no limit), an error unless finite
/// and not negative. `flag` names the flag in the error (xtask's is `--timeout`).
pub fn time_limit(flag: &str, seconds: f64) -> anyhow::Result<Option<Duration>> {
    if !(seconds >= 0.0 && seconds.is_finite()) {
        bail!("{flag} must be a number of seconds, 0 or more (found {seconds})");
    }
    Ok((seconds > 0.0).then(|| Duration::from_secs_f64(seconds)))
}

/// Refuses a directory given where a puzzle file is expected: opening one succeeds and
/// reading it fails with the system's bare `Is a directory`, which does not say which
/// argument is wrong.
pub fn refuse_directory(path: &Path) -> anyhow::Result<()> {
    if path.is_dir() {
        bail!("`{}` is a directory, not a puzzle file", path.display());
    }
    Ok(())
}

/// The exit code of a run that ended with `result`: the status's own, 0 after a closed
/// pipe (a reader such as `head` that stopped reading is no failure), or 2 after printing
/// the error as `program: error`.
pub fn exit(program: &str, result: anyhow::Result<Status>) -> ExitCode {
    match result {
        Ok(status) => ExitCode::from(status as u8),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{program}: {error:#}");
            ExitCode::from(Status::BadInput as u8)
        }
    }
}

/// Whether the error is, anywhere in its chain, a write to a closed pipe.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_must_be_one_or_more() {
        assert_eq!(at_least_one::<u64>(" 3 "), Ok(3));
        assert_eq!(
            at_least_one::<u64>("0"),
            Err("must be at least 1".to_string())
        );
        assert!(at_least_one::<u64>("x")
            .unwrap_err()
            .contains("not a whole number"));
    }

    #[test]
    fn timeouts_are_finite_and_not_negative() {
        assert_eq!(time_limit("--time-limit", 0.0).unwrap(), None);
        assert_eq!(
            time_limit("--time-limit", 1.5).unwrap(),
            Some(Duration::from_millis(1500))
        );
        assert!(time_limit("--time-limit", -1.0).is_err());
        assert!(time_limit("--time-limit", f64::NAN).is_err());
    }
}
