//! What level to make: a [`Target`], any level or one of Keen's (a [`Level`]) with an
//! optional score range. It is read once from the word a person gives (`any`, `hard`, `h`)
//! by the command's `--difficulty`, the server's `"difficulty"` and the Python package's
//! `difficulty=`, takes its score range and the default of its size here, and reaches the
//! steering (`steer.rs`) and the grader (`grader.rs`) in that form.

use std::str::FromStr;

use serde::{Deserialize, Deserializer};

use super::error::SettingError;
use super::grader::FULL_GRADE_MAX_SIZE;
use crate::logic::Level;

/// The word for [`Target::Any`].
const ANY: &str = "any";

/// The level a puzzle is made at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Whatever level the puzzle falls at: it is made without steering, then graded, and
    /// carries the level it has (`--difficulty any`).
    Any,
    /// One of Keen's levels, as the logic grader measures it.
    Level {
        /// The level.
        level: Level,
        /// An inclusive range the grader's score must fall in, if any.
        score: Option<(u32, u32)>,
    },
}

impl Target {
    /// The target when none is asked for: normal, Keen's default, so that a booklet of
    /// puzzles made without one is of one level. Grids of side 1 and 2 have no normal
    /// puzzles (every one is easy or has several solutions), and above
    /// `FULL_GRADE_MAX_SIZE` a level takes longer than the time limit (docs/generate.md):
    /// any level there.
    pub fn default_for(size: usize) -> Target {
        if (3..=FULL_GRADE_MAX_SIZE).contains(&size) {
            Target::from(Level::Normal)
        } else {
            Target::Any
        }
    }

    /// The target with a score range, if one is given. A score orders puzzles within a
    /// level, so any level with a score is refused, in words for the person who asked.
    pub fn with_score(self, score: Option<(u32, u32)>) -> Result<Target, String> {
        match (self, score) {
            (target, None) => Ok(target),
            (Target::Level { level, .. }, score) => Ok(Target::Level { level, score }),
            (Target::Any, Some(_)) => Err(
                "score needs a difficulty other than any: a score orders puzzles within a level"
                    .to_string(),
            ),
        }
    }

    /// The level asked for; `None` for any.
    pub fn level(self) -> Option<Level> {
        match self {
            Target::Any => None,
            Target::Level { level, .. } => Some(level),
        }
    }
}

impl From<Level> for Target {
    /// The level, at any score.
    fn from(level: Level) -> Target {
        Target::Level { level, score: None }
    }
}

impl FromStr for Target {
    type Err = SettingError;
    /// `any`, or a level as [`Level`] reads it (`hard`, `HARD`, `h`); the score comes apart
    /// ([`Target::with_score`]).
    fn from_str(text: &str) -> Result<Target, SettingError> {
        let parsed = || -> Result<Target, String> {
            if text.eq_ignore_ascii_case(ANY) {
                return Ok(Target::Any);
            }
            text.parse::<Level>().map(Target::from).map_err(|_| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                let (last, rest) = names.split_last().expect("there are levels");
                format!(
                    "unknown level `{text}` (expected {ANY}, {} or {last})",
                    rest.join(", ")
                )
            })
        };
        parsed().map_err(SettingError)
    }
}

impl<'de> Deserialize<'de> for Target {
    /// From its word, as [`FromStr`] reads it: a request's `"difficulty": "hard"`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Target, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_from_any_or_a_level() {
        assert_eq!("any".parse(), Ok(Target::Any));
        assert_eq!("ANY".parse(), Ok(Target::Any));
        assert_eq!("hard".parse(), Ok(Target::from(Level::Hard)));
        assert_eq!("x".parse(), Ok(Target::from(Level::Extreme)));
        let error = "fiendish".parse::<Target>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown level `fiendish` (expected any, easy, normal, hard, extreme or unreasonable)"
        );
    }

    #[test]
    fn a_score_needs_a_level() {
        let hard = Target::from(Level::Hard);
        assert_eq!(
            hard.with_score(Some((20, 60))),
            Ok(Target::Level {
                level: Level::Hard,
                score: Some((20, 60))
            })
        );
        assert_eq!(Target::Any.with_score(None), Ok(Target::Any));
        assert!(Target::Any.with_score(Some((20, 60))).is_err());
    }

    #[test]
    fn the_default_is_normal_where_normal_puzzles_are_made_in_time() {
        assert_eq!(Target::default_for(2), Target::Any);
        assert_eq!(Target::default_for(3), Target::from(Level::Normal));
        assert_eq!(Target::default_for(16), Target::from(Level::Normal));
        assert_eq!(Target::default_for(17), Target::Any);
    }
}
