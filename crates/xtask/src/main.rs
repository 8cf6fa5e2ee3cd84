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

use std::process::ExitCode;

use cagey::solve::Solver;
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

pub use cagey_args::{at_least_one, refuse_directory, RuleArgs, Status};

/// The solver `--method NAME` names among the search solvers, or an error listing them.
pub fn method(name: &str) -> anyhow::Result<&'static dyn Solver> {
    Ok(cagey::solvers::named(name)?)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Bench(args) => report::run(&args),
    };
    cagey_args::exit("xtask", result)
}
