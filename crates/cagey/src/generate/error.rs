//! Why no puzzle was made: settings that cannot give one, the time limit, a cancel, or
//! every attempt spent.

use crate::budget::TimeLimit;

use thiserror::Error;

/// Words that name no setting (`--kind sudoku`, `"ops": "^"`): the message says what the
/// words may be.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SettingError(pub String);

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The settings cannot give any puzzle.
    #[error("{0}")]
    Settings(String),
    /// The time limit ran out.
    #[error("no puzzle of these settings was found within the time limit of {limit} ({attempts} attempts); allow more time, or ask for an easier combination")]
    TimeLimit {
        /// The limit.
        limit: TimeLimit,
        /// Attempts made.
        attempts: u32,
    },
    /// The settings' cancel flag was raised.
    #[error("the generation was cancelled")]
    Cancelled,
    /// The generator failed on this puzzle (a bug: please report it with the seed); the
    /// other puzzles of a run are not affected.
    #[error("internal error: the generator failed on this puzzle")]
    Internal,
    /// Every attempt failed.
    #[error("no puzzle of these settings was found in {attempts} attempts: this combination of size, kind, operations, cage sizes and level gives none or almost none")]
    Exhausted {
        /// Attempts made.
        attempts: u32,
    },
    /// A run with no repeats ([`DistinctStream`](super::DistinctStream)) spent its spare
    /// indices before making as many different puzzles as were asked for.
    #[error("{missing} of the puzzles asked for were not made: the others would repeat an earlier one ({repeats} repeats left out); these settings make too few different puzzles")]
    TooFewDistinct {
        /// Puzzles not made.
        missing: u64,
        /// Puzzles left out as repeats (or, in a shard, as another shard's).
        repeats: u64,
    },
}
