//! Command-line plumbing shared by the two binaries of the workspace, the `cagey` command
//! and `cargo xtask`: the exit [`Status`], the [`RuleArgs`] flags that read old corpora,
//! the checks of a count and a puzzle path, and the ending of a run
//! ([`exit`]). They were once copied into xtask; they hold clap and anyhow, which the
//! library keeps out of its API, so they live in this crate of their own rather than in
//! `cagey`.

#![deny(missing_docs)]

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

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

/// The most threads `--jobs` may ask for: far more than any machine has cores, while a
/// mistyped `--jobs 4294967296` is refused instead of asking the system for four billion
/// threads (which stalled `generate` until it was killed).
pub const MAX_JOBS: usize = 1024;

/// Parses `--jobs N`: a whole number from 1 to [`MAX_JOBS`].
pub fn jobs(text: &str) -> Result<usize, String> {
    let jobs: usize = at_least_one(text)?;
    if jobs > MAX_JOBS {
        return Err(format!(
            "{jobs} threads is more than the {MAX_JOBS} allowed"
        ));
    }
    Ok(jobs)
}

/// The threads a command runs on: `asked` (by `--jobs`), or one per core.
pub fn jobs_or_cores(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
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
            // Never a panic on a closed standard error: the status says it all.
            let _ = writeln!(std::io::stderr(), "{program}: {error:#}");
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
        assert_eq!(jobs("2"), Ok(2));
        assert_eq!(jobs("1024"), Ok(MAX_JOBS));
        assert!(jobs("1025").unwrap_err().contains("more than the 1024"));
        assert!(jobs("4294967296").is_err());
        assert!(jobs("0").is_err());
        assert!(jobs_or_cores(None) >= 1);
        assert_eq!(jobs_or_cores(Some(3)), 3);
    }
}
