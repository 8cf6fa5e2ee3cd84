//! `--time-limit SECS`, the one flag by which every command that searches (`solve`,
//! `explain`, `grade`, `hint`, `unique`, `generate`, `serve`) bounds the wall-clock time of
//! one puzzle. `--timeout`, the name `solve` once used, stays as a hidden alias. A command
//! whose limit runs out says that it gave up on that puzzle (exit status 1), and goes on with
//! the next.

use std::time::Duration;

use cagey::logic::{self, LogicLimits};

/// The limit of the commands that explain (`explain`, `grade`, `hint`).
#[derive(clap::Args, Debug, Clone)]
pub struct LogicArgs {
    /// Give up on a puzzle after this many seconds (0: no time limit).
    #[arg(long, alias = "timeout", value_name = "SECS",
          default_value_t = logic::DEFAULT_TIME_LIMIT.as_secs_f64(), help_heading = "Limits")]
    time_limit: f64,
}

impl LogicArgs {
    /// The logic's limits under this time limit.
    pub fn limits(&self) -> anyhow::Result<LogicLimits> {
        Ok(LogicLimits {
            time_limit: parse(self.time_limit)?.unwrap_or(Duration::MAX),
            ..LogicLimits::default()
        })
    }
}

/// The time `--time-limit SECS` asks for: `None` for 0 (no limit), an error unless finite
/// and not negative.
pub fn parse(seconds: f64) -> anyhow::Result<Option<Duration>> {
    cagey_args::time_limit("--time-limit", seconds)
}
