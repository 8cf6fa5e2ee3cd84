//! What a person asks the generator for: a [`Request`], every setting optional, read once
//! by each front end (the command's flags, the server's and the page's JSON, the Python
//! package's keyword arguments) and turned here, in one place, into validated
//! [`Settings`] and a seed. The defaults that depend on other settings (the side by the
//! kind, the cage sizes by the style and operations, the level by the side) are applied in
//! [`Request::settings`] and nowhere else.

use std::str::FromStr;

use serde::{Deserialize, Deserializer};

use super::{CageSizes, CageStyle, GenKind, GenerateError, OperationSet, Settings, Target};
use crate::budget::TimeLimit;

/// A request for puzzles: what to make, and the seed to make it from. Fields left `None`
/// (or `false`, `0`) take the defaults of `cagey generate`.
///
/// As JSON (the server's `/api/generate`, the browser engine), every field is optional and
/// named as below, the words as the command takes them: `{"size": 6, "difficulty": "hard",
/// "ops": "+*", "kind": "kenken", "seed": 7}`; `null` is refused, as is an unknown field.
/// The time limit is the host's to set, not the request's.
///
/// ```
/// use cagey::generate::{Request, Target};
/// use cagey::logic::Level;
///
/// let request: Request = serde_json::from_str(r#"{"size": 5, "difficulty": "hard"}"#)?;
/// let settings = request.settings()?;
/// assert_eq!(settings.size, 5);
/// assert_eq!(settings.target, Target::from(Level::Hard));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The kind [default: KenKen].
    #[serde(default, deserialize_with = "parsed")]
    pub kind: Option<GenKind>,
    /// The side of the grid [default: 9 for the killer kinds, 6 otherwise].
    #[serde(default, deserialize_with = "present")]
    pub size: Option<usize>,
    /// The operations cages may have [default: all four, sums only for the killer kinds].
    #[serde(default, rename = "ops", deserialize_with = "parsed")]
    pub operations: Option<OperationSet>,
    /// The style of the cages [default: Keen's].
    #[serde(default, deserialize_with = "parsed")]
    pub style: Option<CageStyle>,
    /// The cage sizes [default: the style's for the size and operations].
    #[serde(default, rename = "cage_size", deserialize_with = "parsed")]
    pub cage_sizes: Option<CageSizes>,
    /// Hide every operation.
    #[serde(default, rename = "hidden_ops")]
    pub hidden_operations: bool,
    /// Subtraction and division over more than two cells.
    #[serde(default)]
    pub multi_cell: bool,
    /// The diagonal rule (Killer X): every digit once on each long diagonal too.
    #[serde(default)]
    pub diagonals: bool,
    /// One-cell givens to place (0: the generator's choice, see
    /// [`Settings::placed_givens`]).
    #[serde(default)]
    pub givens: usize,
    /// Cells to leave in no cage (killer kinds only).
    #[serde(default)]
    pub uncaged: usize,
    /// The level [default: [`Target::default_for`] the size].
    #[serde(default, deserialize_with = "present")]
    pub difficulty: Option<Target>,
    /// An inclusive range the grader's score must fall in (needs a level).
    #[serde(default, deserialize_with = "present")]
    pub score: Option<(u32, u32)>,
    /// The time one puzzle may take [default: [`super::DEFAULT_TIME_LIMIT`]]. Not read
    /// from JSON: a server or page sets its own.
    #[serde(skip)]
    pub time_limit: Option<TimeLimit>,
    /// The seed [default: a fresh one, [`fresh_seed`]].
    #[serde(default, deserialize_with = "present")]
    pub seed: Option<u64>,
}

impl Request {
    /// The side of the grid asked for, or the kind's default.
    pub fn size(&self) -> usize {
        self.size.unwrap_or(match self.kind {
            Some(kind) if kind.killer() => 9,
            _ => 6,
        })
    }

    /// The settings the request asks for, checked ([`Settings::validate`]): the error says
    /// what to change.
    pub fn settings(&self) -> Result<Settings, GenerateError> {
        let size = self.size();
        let mut settings = Settings::of_kind(self.kind.unwrap_or(GenKind::KenKen), size);
        if let Some(operations) = self.operations {
            settings.operations = operations;
        }
        // After the operations: Keen's style draws its sizes only where there are − or ÷.
        settings.set_style(self.style.unwrap_or_default());
        if let Some(sizes) = &self.cage_sizes {
            settings.cage_sizes = sizes.clone();
        }
        settings.hidden_operations = self.hidden_operations;
        settings.multi_cell = self.multi_cell;
        settings.diagonals = self.diagonals;
        settings.givens = self.givens;
        settings.uncaged = self.uncaged;
        settings.target = self
            .difficulty
            .unwrap_or_else(|| Target::default_for(size))
            .with_score(self.score)
            .map_err(GenerateError::Settings)?;
        if let Some(limit) = self.time_limit {
            settings.time_limit = limit;
        }
        settings.validate()?;
        Ok(settings)
    }

    /// The seed asked for, or a fresh one.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(fresh_seed)
    }
}

/// A seed for a run that names none: from the system's random source, so that runs started
/// at the same moment, or on machines whose clocks agree, differ. Each puzzle carries its
/// seed, so any one can be made again. In WebAssembly, which has no system source here,
/// and should the source fail, from the clock to the nanosecond.
pub fn fresh_seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    if let Ok(seed) = getrandom::u64() {
        return seed;
    }
    clock_seed()
}

/// A seed from the clock: seconds and nanoseconds mixed by an odd multiplier, so that
/// neither part is lost (a seed of whole seconds once gave six runs in a row the same
/// puzzles).
fn clock_seed() -> u64 {
    let now = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs()
        .wrapping_mul(1_000_000_007)
        .wrapping_add(u64::from(now.subsec_nanos()))
}

/// Reads an optional field that is present: `null` is refused rather than read as left
/// out (one rule for every field of a request, and a client sending `null` more likely
/// made a mistake than meant the default).
pub(crate) fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// Reads an optional field written as the words a person types (`"+*"`, `"killer"`,
/// `"2=50,3=50"`), parsed as the command parses its flags; an empty text is the default,
/// as a form's empty field.
fn parsed<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: std::fmt::Display,
{
    let text = String::deserialize(deserializer)?;
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(serde::de::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Level;

    #[test]
    fn defaults_follow_the_kind_and_size() {
        let settings = Request::default().settings().unwrap();
        assert_eq!((settings.size, settings.kind), (6, GenKind::KenKen));
        assert_eq!(settings.target, Target::from(Level::Normal));
        let killer = Request {
            kind: Some(GenKind::Killer),
            ..Request::default()
        };
        let settings = killer.settings().unwrap();
        assert_eq!((settings.size, settings.operations), (9, OperationSet::ADD));
        // Sides 1 and 2 have no normal puzzles: any level there.
        let tiny = Request {
            size: Some(2),
            ..Request::default()
        };
        assert_eq!(tiny.settings().unwrap().target, Target::Any);
    }

    #[test]
    fn the_style_follows_the_operations() {
        // Keen's style makes dominoes for − and ÷; with + and × alone it makes bigger cages,
        // whichever order the fields were set in.
        let request = Request {
            operations: Some("+*".parse().unwrap()),
            ..Request::default()
        };
        let settings = request.settings().unwrap();
        let keen = CageSizes::of_style(CageStyle::Keen, 6, "+*".parse().unwrap());
        assert_eq!(settings.cage_sizes, keen);
    }

    #[test]
    fn json_requests_are_read_strictly() {
        let request: Request =
            serde_json::from_str(r#"{"size": 4, "ops": "+-", "kind": "kendoku", "seed": 9}"#)
                .unwrap();
        assert_eq!(request.seed(), 9);
        assert_eq!(request.kind, Some(GenKind::KenDoku));
        for bad in [
            r#"{"size": null}"#,
            r#"{"sizes": 4}"#,
            r#"{"ops": "+^"}"#,
            r#"{"kind": "sudoku"}"#,
        ] {
            assert!(serde_json::from_str::<Request>(bad).is_err(), "{bad}");
        }
        let any_with_score = Request {
            difficulty: Some(Target::Any),
            score: Some((1, 5)),
            ..Request::default()
        };
        assert!(any_with_score.settings().is_err());
    }

    #[test]
    fn fresh_seeds_differ_within_a_second() {
        let seeds: std::collections::HashSet<u64> = (0..5)
            .map(|_| {
                std::thread::sleep(std::time::Duration::from_micros(50));
                fresh_seed()
            })
            .collect();
        assert!(seeds.len() > 1);
    }
}
