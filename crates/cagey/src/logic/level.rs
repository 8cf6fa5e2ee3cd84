//! Keen's five levels, cheapest first: the scale every rule is placed on and every grade is
//! given in. On the ground floor of `logic/`: it depends on nothing else here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Keen's levels, cheapest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Givens, singles, and the digits a cage can use at all.
    Easy,
    /// Which digits each cell of a cage can take.
    Normal,
    /// A cage's digit forced into a line, subsets in a line.
    Hard,
    /// Fish, forcing chains, line arithmetic.
    Extreme,
    /// Trial and error.
    Unreasonable,
}

impl Level {
    /// Every level, cheapest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Extreme,
        Level::Unreasonable,
    ];

    /// The lowercase name: `easy` ... `unreasonable`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Extreme => "extreme",
            Level::Unreasonable => "unreasonable",
        }
    }

    /// How many levels apart `self` and `other` are: 0 for the same, 4 from easy to
    /// unreasonable. The generator's steering measures how far a puzzle is from its target
    /// with it.
    pub fn distance(self, other: Level) -> usize {
        (self as usize).abs_diff(other as usize)
    }

    /// Keen's one-letter code, as in its corpus file names (`e n h x u`).
    pub fn letter(self) -> char {
        match self {
            Level::Easy => 'e',
            Level::Normal => 'n',
            Level::Hard => 'h',
            Level::Extreme => 'x',
            Level::Unreasonable => 'u',
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of the five.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level `{0}` (expected easy, normal, hard, extreme or unreasonable)")]
pub struct UnknownLevel(String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        let lower = text.to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower || lower.len() == 1 && lower.starts_with(l.letter()))
            .ok_or(UnknownLevel(text.to_string()))
    }
}
