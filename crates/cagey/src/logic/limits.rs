//! The bounds of one run of the rules ([`LogicLimits`], with a named default for each) and
//! why a puzzle could not be graded, explained or hinted ([`LogicError`]). Ground floor:
//! callers set these, the engine and the bridge to the solver honour and report them.

use std::time::Duration;

use crate::budget::{Budget, TimeLimit};

use thiserror::Error;

use crate::solve::{Cancel, SolveError};

/// Steps an explanation may take at most by default: a 9x9 needs a few hundred (one per
/// placement and a few per cage), so this stops only a runaway.
pub const DEFAULT_MAX_STEPS: usize = 10_000;

/// How deep a trial may nest inside another by default. One level settles every puzzle of
/// Keen's corpus; the search step takes over beyond.
pub const DEFAULT_MAX_TRIAL_DEPTH: usize = 1;

/// Rule applications allowed in all, trials' inner steps included, by default: a 9x9 graded
/// unreasonable takes a few tens of thousands; ten million stop a pathological grid.
pub const DEFAULT_MAX_WORK: u64 = 10_000_000;

/// Wall-clock time one run may take by default: far above the milliseconds a 9x9 takes, and
/// what a person waits for an answer before giving up on it.
pub const DEFAULT_TIME_LIMIT: TimeLimit = TimeLimit::new(Duration::from_secs(10));

/// Bounds on one run of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicLimits {
    /// Steps in the explanation at most.
    pub max_steps: usize,
    /// How deep trials nest (0 turns trial off: the search step settles what rules cannot).
    pub max_trial_depth: usize,
    /// Rule applications in all, inside trials too.
    pub max_work: u64,
    /// Wall-clock time, for everything the run does: the rules, the search that proves the
    /// solution, building the cages' tables.
    pub time_limit: TimeLimit,
    /// Stop as soon as this is cancelled, if set (a server's client has gone).
    pub cancel: Option<Cancel>,
}

impl Default for LogicLimits {
    fn default() -> LogicLimits {
        LogicLimits {
            max_steps: DEFAULT_MAX_STEPS,
            max_trial_depth: DEFAULT_MAX_TRIAL_DEPTH,
            max_work: DEFAULT_MAX_WORK,
            time_limit: DEFAULT_TIME_LIMIT,
            cancel: None,
        }
    }
}

/// Why a puzzle could not be graded, explained or hinted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LogicError {
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has several solutions.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// A limit of [`LogicLimits`] ran out, or the run was cancelled.
    #[error("gave up: {}", .0.ran_out())]
    Limit(Budget),
    /// The progress does not fit the puzzle.
    #[error("the progress is for a {found}x{found} grid, the puzzle is {size}x{size}")]
    ProgressSize {
        /// The puzzle's side.
        size: usize,
        /// The progress's side.
        found: usize,
    },
    /// The production solver could not take the puzzle.
    #[error(transparent)]
    Solve(#[from] SolveError),
}
