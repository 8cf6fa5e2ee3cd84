//! The logic grader as the generator's [`Grader`]: levels are Keen's, measured by
//! [`logic::grade`](crate::logic::grade).

use super::grader::{Graded, Grader, Probed};
use super::settings::Target;
use crate::budget::TimeLimit;
use crate::logic::{self, Level, LogicLimits, Probe, ProbeCache};
use crate::model::Puzzle;

/// Rule applications one grading may take while generating: most 9x9 candidates take a
/// few thousand, but trials on some run far longer; a candidate past this is treated as off
/// target and changed or dropped, and, unlike a clock, the count is the same on every
/// machine. At 300,000, 12x12 candidates ran into the 2 s clock instead and unreasonable
/// 12x12s took a median of 2.2 s; at 60,000 they take 0.2 s, and the 12x12s without a
/// level stay the same 4 in 10 (docs/performance-generate.md).
pub const GRADE_MAX_WORK: u64 = 60_000;

/// Wall-clock time one grading may take while generating: 9x9 KenKen candidates take
/// milliseconds, but some 9x9 Killer Sudoku ones ran to the logic module's own 10 s limit.
/// A candidate past it is off target (or, without a target, written without a level).
pub const GRADE_TIME_LIMIT: TimeLimit = TimeLimit::new(std::time::Duration::from_secs(2));

/// The largest side graded in full when made without a level: a 16x16 takes up to a
/// second, but a 20x20's full grade ran past the 60 s limit, so larger grids get the capped
/// grade of the steering and carry a level only where it finishes.
pub const FULL_GRADE_MAX_SIZE: usize = 16;

/// The word for no level asked for (`generate --difficulty any`): the puzzle is graded and
/// carries the level it falls at.
pub const ANY_LEVEL: &str = "any";

/// The level made when none is asked for: normal, Keen's default, so that a booklet of
/// puzzles made without one is of one level. Grids of side 1 and 2 have no normal puzzles
/// (every one is easy or has several solutions), and above [`FULL_GRADE_MAX_SIZE`] a level
/// takes longer than the time limit (docs/generate.md): any level there (`None`).
pub fn default_level(size: usize) -> Option<Level> {
    (3..=FULL_GRADE_MAX_SIZE)
        .contains(&size)
        .then_some(Level::Normal)
}

/// The level a difficulty names: a level's name, [`ANY_LEVEL`] for none, or no name for
/// [`default_level`].
pub fn difficulty(name: Option<&str>, size: usize) -> Result<Option<Level>, String> {
    match name {
        None => Ok(default_level(size)),
        Some(ANY_LEVEL) => Ok(None),
        Some(name) => name.parse::<Level>().map(Some).map_err(|e| e.to_string()),
    }
}

/// Grades with [`logic::grade`].
#[derive(Clone, Debug)]
pub struct LogicGrader {
    limits: LogicLimits,
}

impl LogicGrader {
    /// The grader with the generator's limits.
    pub fn new() -> LogicGrader {
        LogicGrader {
            limits: LogicLimits {
                max_work: GRADE_MAX_WORK,
                time_limit: GRADE_TIME_LIMIT,
                ..LogicLimits::default()
            },
        }
    }
}

impl Default for LogicGrader {
    fn default() -> LogicGrader {
        LogicGrader::new()
    }
}

impl Grader for LogicGrader {
    /// Aiming below unreasonable, trials are left out: a puzzle that needs one is
    /// unreasonable either way (the search step stands in for it), and one that does not is
    /// graded and scored exactly as with them. Trials were most of the grading time of 9x9
    /// candidates, a few taking seconds.
    fn grade(&self, puzzle: &Puzzle, aim: Option<&Target>) -> Option<Graded> {
        let below_unreasonable = aim.is_some_and(|t| t.rank < rank(Level::Unreasonable));
        let limits = if below_unreasonable {
            LogicLimits {
                max_trial_depth: 0,
                ..self.limits.clone()
            }
        } else {
            self.limits.clone()
        };
        let grade = logic::grade(puzzle, &limits).ok()?;
        Some(Graded {
            rank: rank(grade.level),
            score: grade.score,
        })
    }

    /// [`logic::grade`] with no cap on the rule applications and the time left to
    /// the end of the generation's limit: a 16x16 made without a level takes up to a few million applications,
    /// far past [`GRADE_MAX_WORK`], but it is graded once, not once per candidate. Above
    /// [`FULL_GRADE_MAX_SIZE`], the capped [`Grader::grade`].
    fn grade_finished(&self, puzzle: &Puzzle, left: TimeLimit) -> Option<Graded> {
        if puzzle.size() > FULL_GRADE_MAX_SIZE {
            return self.grade(puzzle, None);
        }
        let limits = LogicLimits {
            max_work: u64::MAX,
            time_limit: left,
            ..self.limits.clone()
        };
        let grade = logic::grade(puzzle, &limits).ok()?;
        Some(Graded {
            rank: rank(grade.level),
            score: grade.score,
        })
    }

    /// [`logic::probe`] up to the level; below unreasonable without trials, as in
    /// [`LogicGrader::grade`].
    fn probe(&self, puzzle: &Puzzle, rank: usize, cache: &mut ProbeCache) -> Option<Probed> {
        let level = level_of(rank)?;
        let limits = if level < Level::Unreasonable {
            LogicLimits {
                max_trial_depth: 0,
                ..self.limits.clone()
            }
        } else {
            self.limits.clone()
        };
        match logic::probe_with(puzzle, level, &limits, cache).ok()? {
            Probe::Solved { level, score } => Some(Probed::Solved(Graded {
                rank: self::rank(level),
                score,
            })),
            Probe::Stuck { open, candidates } => Some(Probed::Stuck { open, candidates }),
            Probe::Contradiction => None,
        }
    }
}

/// The position of `level` among [`Level::ALL`], 0 for easy.
pub fn rank(level: Level) -> usize {
    Level::ALL
        .iter()
        .position(|&l| l == level)
        .expect("every level is in Level::ALL")
}

/// The level at `rank`, if any.
pub fn level_of(rank: usize) -> Option<Level> {
    Level::ALL.get(rank).copied()
}

impl Target {
    /// The target of a level, with an optional inclusive score range.
    pub fn level(level: Level, score: Option<(u32, u32)>) -> Target {
        Target {
            rank: rank(level),
            score,
        }
    }
}
