//! A step in one short line, for datasets that hold thousands of explanations: the rule's
//! name, then what the step places and removes, cells named `r1c1` (row and column from 1).
//! A whole [`StepRecord`] is about 1 KB of JSON (its words three times over, as text,
//! description and hints); this is a few dozen bytes, and still enough to replay the
//! explanation from its start.
//!
//! ```text
//!   hidden single: r3c4=7                  places 7 in r3c4
//!   pointing: r1c4-3 r1c5-3                removes 3 from r1c4 and from r1c5
//!   naked subset: r2c1-1,5 r2c7-5          removes 1 and 5 from r2c1, 5 from r2c7
//!   naked single: r9c9=2 r9c8-2            places, then removes (a step may do both)
//! ```
//!
//! The rule's name, `: `, then the placements (`rRcC=D`) in the step's order, then the
//! eliminations (`rRcC-D,D,...`, the digits of one cell's consecutive eliminations
//! together), each token after one space. A step that changes nothing is its name and `:`.
//! Replaying, as for a whole record: a step's eliminations, then its placements.
//! [`CompactStep::parse`] reads a line back into the rule and the two lists, equal to the
//! record's.

use std::fmt::Write as _;

use thiserror::Error;

use super::{Mark, Name, StepRecord};
use crate::logic::{self, Step};

/// What [`CompactStep::parse`] read: the rule, the digits placed and the candidates removed,
/// as the step's record holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompactStep {
    /// The rule's name.
    pub rule: Name,
    /// The digits placed, `[row, col, digit]` from 0 (the digit from 1).
    pub placed: Vec<Mark>,
    /// The candidates removed.
    pub eliminated: Vec<Mark>,
}

/// A line that is not a compact step, and where it goes wrong.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{text:?} is not a compact step: {reason}")]
pub struct CompactError {
    /// The line.
    pub text: String,
    /// What is wrong, naming the token.
    pub reason: String,
}

impl StepRecord {
    /// The step in one line (see the module's documentation): `hidden single: r3c4=7`.
    pub fn compact(&self) -> String {
        write_line(
            self.rule,
            self.placed.iter().copied(),
            self.eliminated.iter().copied(),
        )
    }
}

/// The line of the logic's `step` in a grid of side `size`: what [`StepRecord::compact`]
/// writes of its record, without building the record's words (a row of compact steps
/// needs none of them, and they were half its time).
pub fn line(step: &Step, size: usize) -> String {
    write_line(
        step.rule,
        step.placed.iter().map(|&p| Mark::of(p, size)),
        step.eliminated.iter().map(|&p| Mark::of(p, size)),
    )
}

/// The line of a step that applies `rule`, places `placed` and removes `eliminated`.
fn write_line(
    rule: &str,
    placed: impl ExactSizeIterator<Item = Mark>,
    eliminated: impl Iterator<Item = Mark>,
) -> String {
    let mut line = String::with_capacity(rule.len() + 8 * (placed.len() + 2));
    line.push_str(rule);
    line.push(':');
    for mark in placed {
        let _ = write!(line, " r{}c{}={}", mark.0 + 1, mark.1 + 1, mark.2);
    }
    let mut last = None;
    for mark in eliminated {
        if last == Some((mark.0, mark.1)) {
            let _ = write!(line, ",{}", mark.2);
        } else {
            let _ = write!(line, " r{}c{}-{}", mark.0 + 1, mark.1 + 1, mark.2);
            last = Some((mark.0, mark.1));
        }
    }
    line
}

impl CompactStep {
    /// Reads a line [`StepRecord::compact`] wrote. The rule must be one of the library's;
    /// rows, columns and digits are numbers from 1.
    pub fn parse(text: &str) -> Result<CompactStep, CompactError> {
        let fail = |reason: String| CompactError {
            text: text.to_string(),
            reason,
        };
        let (rule, effects) = text
            .split_once(':')
            .ok_or_else(|| fail("it has no `:` after the rule's name".into()))?;
        let ladders = logic::RULES.iter().chain(logic::KILLER_RULES.iter());
        let rule = ladders
            .map(|rule| rule.name)
            .chain([logic::SEARCH_RULE])
            .find(|name| *name == rule)
            .ok_or_else(|| fail(format!("no rule is called {rule:?}")))?;
        let mut step = CompactStep {
            rule,
            placed: Vec::new(),
            eliminated: Vec::new(),
        };
        let number = |token: &str, digits: &str, what: &str| -> Result<usize, CompactError> {
            match digits.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(fail(format!(
                    "in {token:?}, {digits:?} is not a {what} (a number from 1)"
                ))),
            }
        };
        for token in effects.split(' ').filter(|t| !t.is_empty()) {
            let bad = || fail(format!("{token:?} is neither rRcC=D nor rRcC-D,D"));
            let rest = token.strip_prefix('r').ok_or_else(bad)?;
            let (row, rest) = rest.split_once('c').ok_or_else(bad)?;
            let at = rest.find(['=', '-']).ok_or_else(bad)?;
            let (col, sign, digits) = (&rest[..at], &rest[at..at + 1], &rest[at + 1..]);
            let row = number(token, row, "row")? - 1;
            let col = number(token, col, "column")? - 1;
            let digit = |d: &str| -> Result<u8, CompactError> {
                let n = number(token, d, "digit")?;
                u8::try_from(n).map_err(|_| fail(format!("in {token:?}, {n} is too large a digit")))
            };
            if sign == "=" {
                if !step.eliminated.is_empty() {
                    return Err(fail(format!(
                        "{token:?} places a digit after an elimination; placements come first"
                    )));
                }
                step.placed.push(Mark(row, col, digit(digits)?));
            } else {
                for d in digits.split(',') {
                    step.eliminated.push(Mark(row, col, digit(d)?));
                }
            }
        }
        Ok(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{self, LogicLimits};
    use crate::model::Progress;

    /// Guards #47: every step of every example's explanation reads back from its line as
    /// its record's rule, placements and eliminations.
    #[test]
    fn every_examples_steps_read_back_from_their_lines() {
        let mut lines = 0;
        for example in crate::examples::EXAMPLES {
            let puzzle = example.puzzle();
            let n = puzzle.size();
            let Ok(explanation) =
                logic::explain(&puzzle, &Progress::unknown(n), &LogicLimits::default())
            else {
                continue;
            };
            for step in &explanation.steps {
                let record = StepRecord::new(step, n);
                let line = record.compact();
                assert_eq!(super::line(step, n), line);
                let read = CompactStep::parse(&line).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(read.rule, record.rule, "{line}");
                assert_eq!(read.placed, record.placed, "{line}");
                assert_eq!(read.eliminated, record.eliminated, "{line}");
                lines += 1;
            }
        }
        assert!(lines > 100, "only {lines} steps were tried");
    }

    #[test]
    fn a_line_names_cells_from_one_and_groups_a_cells_eliminations() {
        let record = StepRecord {
            rule: "naked subset",
            level: logic::Level::Normal,
            weight: 0,
            house: String::new(),
            cells: Vec::new(),
            placed: vec![Mark(0, 1, 4)],
            eliminated: vec![Mark(1, 0, 1), Mark(1, 0, 5), Mark(1, 6, 5), Mark(1, 0, 7)],
            text: String::new(),
            description: String::new(),
            hints: Default::default(),
        };
        assert_eq!(
            record.compact(),
            "naked subset: r1c2=4 r2c1-1,5 r2c7-5 r2c1-7"
        );
        let nothing = StepRecord {
            placed: Vec::new(),
            eliminated: Vec::new(),
            ..record
        };
        assert_eq!(nothing.compact(), "naked subset:");
        assert_eq!(CompactStep::parse("naked subset:").unwrap().placed, []);
    }

    #[test]
    fn a_bad_line_says_which_token_is_wrong() {
        let cases = [
            ("hidden single r1c1=2", "no `:`"),
            ("no such rule: r1c1=2", "no rule is called \"no such rule\""),
            ("hidden single: r0c1=2", "\"0\" is not a row"),
            ("hidden single: r1c1=x", "\"x\" is not a digit"),
            ("hidden single: x1c1=2", "\"x1c1=2\" is neither"),
            ("pointing: r1c1-2 r1c2=3", "placements come first"),
        ];
        for (line, says) in cases {
            let error = CompactStep::parse(line).unwrap_err().to_string();
            assert!(error.contains(says), "{line}: {error}");
        }
    }
}
