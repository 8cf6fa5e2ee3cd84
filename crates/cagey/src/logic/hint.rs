//! Hints: the next step from a player's progress, after checking it against the solution:
//! mistakes (a wrong digit, the solution's digit removed) come first.

use super::bridge::{from_progress, geometry, search_step, unique_solution};
use super::engine::run;
use super::level::Level;
use super::limits::{LogicError, LogicLimits};
use super::rule::{Ctx, End};
use super::rules::ladder;
use super::step::{Found, Step};
use crate::model::{Cell, CellState, Progress, Puzzle};

/// What a player did wrong, by cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A digit placed that the solution does not hold there.
    WrongDigit {
        /// Where.
        cell: Cell,
    },
    /// The solution's digit removed from the cell's candidates.
    RemovedSolution {
        /// Where.
        cell: Cell,
    },
}

impl Mistake {
    /// The cell.
    pub fn cell(self) -> Cell {
        match self {
            Mistake::WrongDigit { cell } | Mistake::RemovedSolution { cell } => cell,
        }
    }

    /// The mistake in words, without the digit (a hint must not give the answer away):
    /// `r1c2 holds a digit the solution does not`.
    pub fn describe(self, size: usize) -> String {
        match self {
            Mistake::WrongDigit { cell } => {
                format!("{} holds a digit the solution does not", cell.name(size))
            }
            Mistake::RemovedSolution { cell } => format!(
                "{} has lost the digit the solution puts there",
                cell.name(size)
            ),
        }
    }
}

/// The answer to a hint request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The progress contradicts the solution in these cells; fix them first.
    Mistakes(Vec<Mistake>),
    /// The next step.
    Step(Step),
    /// Nothing left to do.
    Solved,
    /// No rule applies and the puzzle has several solutions from here.
    Stuck,
}

/// The next step from a player's `progress`. Mistakes (a digit placed or a candidate removed
/// that the solution contradicts) come first, by cell, instead of a step.
pub fn hint(
    puzzle: &Puzzle,
    progress: &Progress,
    limits: &LogicLimits,
) -> Result<Hint, LogicError> {
    let mut ctx = Ctx::new(limits);
    let geometry = geometry(puzzle, &ctx)?;
    let mut state = from_progress(&geometry, progress)?;
    let solution = match unique_solution(puzzle, &ctx) {
        Ok(grid) => Some(grid),
        Err(LogicError::NotUnique) => None,
        Err(other) => return Err(other),
    };
    if let Some(grid) = &solution {
        let mistakes: Vec<Mistake> = puzzle
            .cells()
            .filter_map(|cell| match progress.get(cell) {
                CellState::Solved(d) if d != grid.get(cell) => Some(Mistake::WrongDigit { cell }),
                CellState::Candidates(set) if !set.contains(grid.get(cell)) => {
                    Some(Mistake::RemovedSolution { cell })
                }
                _ => None,
            })
            .collect();
        if !mistakes.is_empty() {
            return Ok(Hint::Mistakes(mistakes));
        }
    }
    if state.solved() && state.contradiction().is_none() {
        return Ok(Hint::Solved);
    }
    let mut first = None;
    ctx.stop_after_one = true;
    let end = run(
        &mut state,
        ladder(puzzle),
        Level::Unreasonable,
        &mut ctx,
        &mut |step: &Found| {
            if first.is_none() {
                first = Some(step.step(&geometry, puzzle))
            }
        },
    )?;
    if let Some(step) = first {
        return Ok(Hint::Step(step));
    }
    match (end, solution) {
        (End::Solved, _) => Ok(Hint::Solved),
        (End::Contradiction(..), _) => Err(LogicError::NoSolution),
        (End::Stuck, Some(grid)) => Ok(Hint::Step(
            search_step(&state, &grid).step(&geometry, puzzle),
        )),
        (End::Stuck, None) => Ok(Hint::Stuck),
    }
}
