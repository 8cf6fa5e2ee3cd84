//! The wire of the step check ([`logic::judge`]): a board as rows of entries
//! ([`BoardEntry`], read once into a [`Progress`] by [`board`], each bad entry named by its
//! cell), and the judged move as a record ([`JudgementRecord`]) with its verdict, the
//! rule, level and reason, and the reward, as the Python package and its gym read it.
//!
//! The reward is the verdict's ([`MoveVerdict::reward`]): `1.0` for a move that follows
//! from the board by the rules, `0.0` for one that is only consistent with the solution (a
//! right guess), `-1.0` for a wrong one.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{rule_name, Mark, Name, StepRecord};
use crate::logic::{Judgement, Level, Move, MoveVerdict};
use crate::model::{Cell, CellState, DigitSet, Progress};

/// One entry of a board as a caller writes it: `0` for an empty cell, a digit, or the
/// cell's candidates as a list (`[1, 2]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BoardEntry {
    /// `0` for nothing noted, or the cell's digit.
    Digit(i64),
    /// The cell's candidates.
    Candidates(Vec<i64>),
}

/// A board that does not fit its puzzle, named by row or cell.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The wrong number of rows.
    #[error("the board has {found} rows: the puzzle is {size}x{size}")]
    Rows {
        /// Rows given.
        found: usize,
        /// The puzzle's side.
        size: usize,
    },
    /// A row of the wrong length.
    #[error("row {row} of the board has {found} cells: the puzzle is {size}x{size}")]
    Row {
        /// The row, from 1.
        row: usize,
        /// Cells given.
        found: usize,
        /// The puzzle's side.
        size: usize,
    },
    /// A digit outside `0..=size` (or a candidate outside `1..=size`).
    #[error("{cell} holds {digit}, outside {low}..={size}")]
    Digit {
        /// The cell, `r1c1`.
        cell: String,
        /// The digit.
        digit: i64,
        /// The least digit allowed there (0 for a cell's digit, 1 for a candidate).
        low: u8,
        /// The puzzle's side.
        size: usize,
    },
}

/// The board of `rows` (row-major, one [`BoardEntry`] a cell) on a grid of side `size`.
pub fn board(size: usize, rows: &[Vec<BoardEntry>]) -> Result<Progress, BoardError> {
    if rows.len() != size {
        return Err(BoardError::Rows {
            found: rows.len(),
            size,
        });
    }
    let mut cells = Vec::with_capacity(size * size);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != size {
            return Err(BoardError::Row {
                row: r + 1,
                found: row.len(),
                size,
            });
        }
        for (c, entry) in row.iter().enumerate() {
            let cell = Cell((r * size + c) as u16).name(size);
            let bad = |digit: i64, low: u8| BoardError::Digit {
                cell: cell.clone(),
                digit,
                low,
                size,
            };
            cells.push(match entry {
                BoardEntry::Digit(0) => CellState::Unknown,
                BoardEntry::Digit(d) if (1..=size as i64).contains(d) => {
                    CellState::Solved(*d as u8)
                }
                BoardEntry::Digit(d) => return Err(bad(*d, 0)),
                BoardEntry::Candidates(digits) => {
                    let mut set = DigitSet::EMPTY;
                    for &d in digits {
                        if !(1..=size as i64).contains(&d) {
                            return Err(bad(d, 1));
                        }
                        set.insert(d as u8);
                    }
                    CellState::Candidates(set)
                }
            });
        }
    }
    Ok(Progress::from_cells(size, cells).expect("every entry was checked to fit"))
}

/// A judged move: `verdict` (`follows`, `consistent` or `wrong`), its `reward`, and for a
/// move that follows the `rule` of the step that derived it, the hardest `level` on the way
/// and that `step`; `reason` in words for every verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JudgementRecord {
    /// What was judged: `place`, `erase` or `eliminate`.
    pub action: String,
    /// Where and which digit, `[row, col, digit]` from 0 (digit 0 for an erase).
    #[serde(rename = "move")]
    pub at: Mark,
    /// `follows`, `consistent` or `wrong`.
    pub verdict: MoveVerdict,
    /// The verdict's reward: 1.0, 0.0 or -1.0.
    pub reward: f64,
    /// For a move that follows: the deriving step's rule.
    #[serde(deserialize_with = "optional_rule")]
    pub rule: Option<Name>,
    /// For a move that follows: the hardest level of the steps that derived it.
    pub level: Option<Level>,
    /// Why, cells named `r1c1`.
    pub reason: String,
    /// For a move that follows: the steps the engine took from the board, the deriving one
    /// included (1 when the move is the engine's own next step).
    pub steps: usize,
    /// For a move that follows: the deriving step.
    pub step: Option<StepRecord>,
}

fn optional_rule<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Name>, D::Error> {
    #[derive(Deserialize)]
    struct Named(#[serde(deserialize_with = "rule_name")] Name);
    Ok(Option::<Named>::deserialize(deserializer)?.map(|named| named.0))
}

impl JudgementRecord {
    /// The record of `judgement` on a grid of side `size`.
    pub fn new(judgement: &Judgement, size: usize) -> JudgementRecord {
        let mv: Move = judgement.mv;
        JudgementRecord {
            action: mv.action().to_string(),
            at: Mark::of((mv.cell(), mv.digit().unwrap_or(0)), size),
            verdict: judgement.verdict,
            reward: judgement.verdict.reward(),
            rule: judgement.rule(),
            level: judgement.level,
            reason: judgement.reason.clone(),
            steps: judgement.steps,
            step: judgement
                .step
                .as_ref()
                .map(|step| StepRecord::new(step, size)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{judge, JudgeLimits};

    #[test]
    fn a_board_reads_and_its_bad_cells_are_named() {
        let rows =
            |entries: Vec<BoardEntry>| entries.chunks(2).map(<[_]>::to_vec).collect::<Vec<_>>();
        let read = board(
            2,
            &rows(vec![
                BoardEntry::Digit(0),
                BoardEntry::Digit(2),
                BoardEntry::Candidates(vec![1, 2]),
                BoardEntry::Digit(0),
            ]),
        )
        .unwrap();
        assert_eq!(read.get(Cell(1)), CellState::Solved(2));
        assert_eq!(
            read.get(Cell(2)),
            CellState::Candidates([1, 2].into_iter().collect())
        );
        let error = board(2, &rows(vec![BoardEntry::Digit(0), BoardEntry::Digit(3)])).unwrap_err();
        assert_eq!(error.to_string(), "the board has 1 rows: the puzzle is 2x2");
        let error = board(
            2,
            &rows(vec![
                BoardEntry::Digit(0),
                BoardEntry::Digit(0),
                BoardEntry::Digit(0),
                BoardEntry::Candidates(vec![3]),
            ]),
        )
        .unwrap_err();
        assert_eq!(error.to_string(), "r2c2 holds 3, outside 1..=2");
    }

    /// The record reads back from its JSON, equal to itself (the Python package pickles it
    /// so), with the reward of its verdict.
    #[test]
    fn a_judgement_reads_back_from_its_json() {
        let puzzle = crate::examples::by_name("kk0").unwrap().puzzle();
        let blank = Progress::unknown(4);
        for (digit, verdict, reward) in [(1, "follows", 1.0), (2, "wrong", -1.0)] {
            let mv = Move::parse("place", 1, 1, Some(digit), 4).unwrap();
            let judged = judge(&puzzle, &blank, mv, &JudgeLimits::default()).unwrap();
            let record = JudgementRecord::new(&judged, 4);
            let json = serde_json::to_value(&record).unwrap();
            assert_eq!(json["verdict"], verdict);
            assert_eq!(json["reward"], reward);
            assert_eq!(json["move"], serde_json::json!([0, 0, digit]));
            let back: JudgementRecord = serde_json::from_value(json).unwrap();
            assert_eq!(back, record);
        }
    }
}
