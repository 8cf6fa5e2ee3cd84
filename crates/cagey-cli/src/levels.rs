//! Levels for `cagey generate`: Keen's levels as the logic grader measures them.

use anyhow::bail;
use cagey::generate::{level_of, Grader, LogicGrader, Target};
use cagey::logic::Level;

/// The grader that measures levels.
pub fn grader() -> Option<Box<dyn Grader + Send>> {
    Some(Box::new(LogicGrader::new()))
}

/// The level's name for a rank.
pub fn name(rank: usize) -> &'static str {
    level_of(rank).map_or("beyond", Level::name)
}

/// `--difficulty any`: no level asked for; the puzzle is graded and written with the level
/// it falls at.
pub const ANY: &str = cagey::generate::ANY_LEVEL;

/// The level made when `--difficulty` is not given ([`cagey::generate::default_level`]).
pub fn default_for(size: usize) -> &'static str {
    cagey::generate::default_level(size).map_or(ANY, Level::name)
}

/// The target for `--difficulty NAME` and `--score`.
pub fn target(name: &str, score: Option<(u32, u32)>) -> anyhow::Result<Target> {
    let level: Level = match name.parse() {
        Ok(level) => level,
        Err(error) => bail!("{error}"),
    };
    Ok(Target::level(level, score))
}

/// The target for `--score` alone, which needs a level to be measured within.
pub fn score_only(_score: (u32, u32)) -> anyhow::Result<Target> {
    bail!("--score needs a level (--difficulty other than any): a score orders puzzles within a level")
}
