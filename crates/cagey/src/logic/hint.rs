//! Hints: the next step from a player's progress, after checking it against the solution:
//! mistakes (a wrong digit, the solution's digit removed) come first.

use super::bridge::{from_progress, geometry, search_step, unique_solution};
use super::engine::{apply, run};
use super::level::Level;
use super::limits::{LogicError, LogicLimits};
use super::rule::{Ctx, End};
use super::rules::ladder;
use super::state::State;
use super::step::{Found, Step};
use crate::budget::Budget;
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
    /// The next step. When the next step would change nothing the player sees (it places
    /// no new digit and removes no candidate they noted: a player who keeps no pencil marks
    /// saw nothing happen, issue #43), the hint is the next step that places a new digit,
    /// with the steps that lead to it.
    Step {
        /// The step to take: the next, or the next that places a new digit.
        step: Step,
        /// The steps before `step` that lead to it, in order; empty when `step` is the next.
        before: Vec<Step>,
    },
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
    ctx.stop_after_one = true;
    // The next step from where the state stands, applied to it: a rule's, or where no rule
    // applies and the puzzle has one solution, the search's; `Err` says how the run ended
    // without one.
    let mut next_step = |state: &mut State| -> Result<Result<Step, End>, LogicError> {
        let mut first = None;
        let end = run(
            state,
            ladder(puzzle),
            Level::Unreasonable,
            &mut ctx,
            &mut |step: &Found| {
                if first.is_none() {
                    first = Some(step.step(&geometry, puzzle))
                }
            },
        )?;
        Ok(match (first, end, &solution) {
            (Some(step), _, _) => Ok(step),
            (None, End::Stuck, Some(grid)) => {
                let found = search_step(state, grid);
                apply(state, &found);
                Ok(found.step(&geometry, puzzle))
            }
            (None, end, _) => Err(end),
        })
    };
    let step = match next_step(&mut state)? {
        Ok(step) => step,
        Err(End::Contradiction(..)) => return Err(LogicError::NoSolution),
        Err(End::Stuck) => return Ok(Hint::Stuck),
        Err(_) => return Ok(Hint::Solved),
    };
    // A digit the player has not placed yet, or a candidate they noted taken out.
    let places_new = |step: &Step| {
        step.placed
            .iter()
            .any(|&(cell, digit)| progress.get(cell) != CellState::Solved(digit))
    };
    let shows = places_new(&step)
        || step.eliminated.iter().any(|&(cell, digit)| {
            matches!(progress.get(cell), CellState::Candidates(set) if set.contains(digit))
        });
    if shows {
        return Ok(Hint::Step {
            step,
            before: Vec::new(),
        });
    }
    // On to the next new digit, each step from where the last left the state; the hint is
    // that digit's step, with the steps before it.
    let mut chain = vec![step];
    while !chain.last().is_some_and(places_new) {
        if chain.len() > limits.max_steps {
            return Err(LogicError::Limit(Budget::Steps(limits.max_steps)));
        }
        match next_step(&mut state)? {
            Ok(step) => chain.push(step),
            // Solved with no new digit left to place, or stuck among several solutions: the
            // first step is the hint.
            Err(_) => {
                chain.truncate(1);
                break;
            }
        }
    }
    let step = chain.pop().expect("the chain holds the first step");
    Ok(Hint::Step {
        step,
        before: chain,
    })
}

impl Hint {
    /// The hint in words at `reveal` (1: the rule and where to look; 2: with the cells;
    /// 3: the step itself, after the steps that lead to it).
    pub fn text(&self, reveal: u8, size: usize) -> String {
        match self {
            Hint::Step { step, before } if reveal >= 3 && !before.is_empty() => {
                let steps: Vec<String> = before
                    .iter()
                    .chain([step])
                    .map(|step| step.hint_text(reveal, size))
                    .collect();
                steps.join("; then ")
            }
            Hint::Step { step, .. } => step.hint_text(reveal, size),
            Hint::Mistakes(mistakes) => mistakes
                .iter()
                .map(|mistake| format!("mistake: {}", mistake.describe(size)))
                .collect::<Vec<_>>()
                .join("\n"),
            Hint::Solved => "the puzzle is solved".to_string(),
            Hint::Stuck => {
                "no rule applies, and the puzzle has several solutions from here".to_string()
            }
        }
    }
}
