//! Levels for `cagey generate`: the names on the command line and the grader that measures
//! them.

use anyhow::bail;
use cagey::generate::{Grader, Target};

/// The levels, easiest first, as the command line names them.
pub const NAMES: [&str; 5] = ["easy", "normal", "hard", "extreme", "unreasonable"];

/// The grader that measures levels, if this build has one.
pub fn grader() -> Option<Box<dyn Grader + Send>> {
    None
}

/// The level's name for a rank.
pub fn name(rank: usize) -> &'static str {
    NAMES.get(rank).copied().unwrap_or("beyond")
}

/// The target for `--difficulty NAME` and `--score`.
pub fn target(name: &str, score: Option<(u32, u32)>) -> anyhow::Result<Target> {
    let Some(rank) = NAMES.iter().position(|&n| n == name) else {
        bail!(
            "unknown level {name:?}; the levels are {}",
            NAMES.join(", ")
        );
    };
    if grader().is_none() {
        bail!("--difficulty needs the logic grader, which this build does not have");
    }
    Ok(Target { rank, score })
}

/// The target for `--score` alone: any level.
pub fn score_only(_score: (u32, u32)) -> anyhow::Result<Target> {
    bail!("--score needs --difficulty: a score is measured within a level")
}
