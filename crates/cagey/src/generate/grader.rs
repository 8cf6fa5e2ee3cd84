//! The generator's grader: the logic rules' grade and probe ([`logic::grade`],
//! [`logic::probe_with`]) under the generator's limits, and what they answer ([`Graded`],
//! [`Probed`]). The pipeline (`mod.rs`) and the steering (`steer.rs`) call these functions
//! with the [`Level`] of their [`Target`](super::Target); a level stays a `Level` here, and
//! levels are compared by their order, easiest first.
//!
//! There was a `Grader` trait here, with the logic grader its one implementation, and
//! `generate` took an optional grader: a level asked for without one was an error that no
//! caller could make, and levels crossed it as numbers. The logic rules are the one measure
//! of a level (docs/rules.md), so they are called directly.

use crate::budget::TimeLimit;
use crate::logic::{self, Level, LogicError, LogicLimits, Probe, ProbeCache};
use crate::model::{Cell, Puzzle};

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

/// A puzzle's level and score, as the logic grader measures them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graded {
    /// The level.
    pub level: Level,
    /// The score.
    pub score: u32,
}

impl From<logic::Grade> for Graded {
    fn from(grade: logic::Grade) -> Graded {
        Graded {
            level: grade.level,
            score: grade.score,
        }
    }
}

/// What [`probe`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Probed {
    /// Solved by the rules up to the level: unique, with this grade.
    Solved(Graded),
    /// Not solved: the cells left open and the candidates they still hold in all.
    Stuck {
        /// The open cells.
        open: Vec<Cell>,
        /// Their candidates, in all.
        candidates: u32,
    },
}

/// The generator's limits on the rules, with trials only when `up_to` is unreasonable (or
/// not given). Aiming below unreasonable, trials are left out: a puzzle that needs one is
/// unreasonable either way (the search step stands in for it), and one that does not is
/// graded and scored exactly as with them. Trials were most of the grading time of 9x9
/// candidates, a few taking seconds.
fn limits(up_to: Option<Level>) -> LogicLimits {
    let limits = LogicLimits {
        max_work: GRADE_MAX_WORK,
        time_limit: GRADE_TIME_LIMIT,
        ..LogicLimits::default()
    };
    match up_to {
        Some(level) if level < Level::Unreasonable => LogicLimits {
            max_trial_depth: 0,
            ..limits
        },
        _ => limits,
    }
}

/// The level and score of a puzzle known to be unique, within the generator's limits, or
/// `None` when a limit ran out: such a puzzle is treated as off target. `aim` is the level
/// being steered to, if any: below unreasonable no trials are made (see [`limits`]), which
/// leaves exact the grade of every puzzle that meets it.
pub(crate) fn grade(puzzle: &Puzzle, aim: Option<Level>) -> Option<Graded> {
    let limits = limits(aim);
    logic::grade(puzzle, &limits).ok().map(Graded::from)
}

/// The grade of a finished puzzle made without a level, written in its `# level=` comment:
/// unlike [`grade`], which steering calls on many candidates and so caps, this takes no cap
/// on the rule applications and what is `left` of the generation's own limit (a 16x16 takes
/// up to a few million applications, far past `GRADE_MAX_WORK`, but it is graded once,
/// not once per candidate). Above `FULL_GRADE_MAX_SIZE`, the capped [`grade`].
/// `Err` says which limit ran out.
pub(crate) fn grade_finished(puzzle: &Puzzle, left: TimeLimit) -> Result<Graded, LogicError> {
    let limits = if puzzle.size() > FULL_GRADE_MAX_SIZE {
        limits(None)
    } else {
        LogicLimits {
            max_work: u64::MAX,
            time_limit: left,
            ..limits(None)
        }
    };
    logic::grade(puzzle, &limits).map(Graded::from)
}

/// How far the rules up to `level` get on `puzzle`, which may have several solutions:
/// solved (then it is unique, and graded as [`grade`] would), or stuck with cells open.
/// `None` when a limit ran out or the rules met a contradiction: the generator then proves
/// uniqueness with the solver and grades in full. `cache` keeps what one probe built for
/// the next.
pub(crate) fn probe(puzzle: &Puzzle, level: Level, cache: &mut ProbeCache) -> Option<Probed> {
    let limits = limits(Some(level));
    match logic::probe_with(puzzle, level, &limits, cache).ok()? {
        Probe::Solved { level, score } => Some(Probed::Solved(Graded { level, score })),
        Probe::Stuck { open, candidates } => Some(Probed::Stuck { open, candidates }),
        Probe::Contradiction => None,
    }
}
