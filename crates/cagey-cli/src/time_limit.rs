//! `--time-limit SECS`, the one flag by which every command that searches (`solve`,
//! `explain`, `grade`, `hint`, `unique`, `generate`, `serve`) bounds the wall-clock time of
//! one puzzle, read by the library's one parser ([`TimeLimit`]: 0 is no limit, and so is a
//! century or more). `--timeout`, the name `solve` once used, stays as a hidden alias. A
//! command whose limit runs out says that it gave up on that puzzle (exit status 1), and
//! goes on with the next.

use cagey::budget::TimeLimit;
use cagey::logic::{self, LogicLimits};

/// The limit of the commands that explain (`explain`, `grade`, `hint`).
#[derive(clap::Args, Debug, Clone)]
pub struct LogicArgs {
    /// Give up on a puzzle after this many seconds (0: no time limit).
    #[arg(long, alias = "timeout", value_name = "SECS",
          default_value_t = logic::DEFAULT_TIME_LIMIT, help_heading = "Limits")]
    time_limit: TimeLimit,
}

impl LogicArgs {
    /// The logic's limits under this time limit.
    pub fn limits(&self) -> LogicLimits {
        LogicLimits {
            time_limit: self.time_limit,
            ..LogicLimits::default()
        }
    }
}
