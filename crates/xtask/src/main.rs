//! `cargo xtask`: developer tools of the cagey workspace (see docs/benchmarking.md).
//!
//! `cargo xtask bench FILES` times a solver over corpus files and verifies every answer;
//! `--rounds` and `--against` compare two builds side by side. The alias in
//! `.cargo/config.toml` builds this binary with the release profile; it is a workspace
//! member of its own, so `cargo install --path crates/cagey-cli` leaves it out.
//!
//! Exit codes as the `cagey` command's: 0 success, 1 a failed result (a wrong answer, a
//! puzzle given up on), 2 bad input or usage. A closed pipe ends the program quietly.

mod report;

use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use cagey::model::Options;
use cagey::solve::{self, Solver};
use clap::{Parser, Subcommand};

/// Developer tools of the cagey workspace.
#[derive(Parser)]
#[command(name = "xtask", about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Bench(report::Args),
}

/// How a run ended, from best to worst; the exit code is that of the worst puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything asked for was done.
    Ok = 0,
    /// A result was negative: a wrong answer, a puzzle given up on or declined.
    Failed = 1,
    /// Some input could not be read.
    BadInput = 2,
}

/// Rules put in force for every puzzle read, for corpora written before a kk directive.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct RuleArgs {
    /// Allow `-` and `%` cages over more than two cells (the largest digit minus, or divided
    /// by, the others) and `0-`, as a kk block's `# multi-cell` line does.
    #[arg(long)]
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

/// Parses a count that must be 1 or more, saying so when it is not.
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

/// The solver `--method NAME` names, or an error listing the methods.
pub fn method(name: &str) -> anyhow::Result<&'static dyn Solver> {
    solve::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = solve::registry().iter().map(|s| s.name()).collect();
        anyhow::anyhow!(
            "no method called {name:?}; the methods are {}",
            names.join(", ")
        )
    })
}

/// The time budget `--timeout SECS` asks for: `None` for 0, an error unless finite and not
/// negative.
pub fn timeout(seconds: f64) -> anyhow::Result<Option<Duration>> {
    if !(seconds >= 0.0 && seconds.is_finite()) {
        bail!("--timeout must be a number of seconds, 0 or more (found {seconds})");
    }
    Ok((seconds > 0.0).then(|| Duration::from_secs_f64(seconds)))
}

/// Refuses a directory given where a corpus file is expected.
pub fn refuse_directory(path: &Path) -> anyhow::Result<()> {
    if path.is_dir() {
        bail!("`{}` is a directory, not a puzzle file", path.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Bench(args) => report::run(&args),
    };
    match result {
        Ok(status) => ExitCode::from(status as u8),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error:#}");
            ExitCode::from(Status::BadInput as u8)
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
