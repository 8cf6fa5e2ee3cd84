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
use crate::model::{and_list, Cell, CellState, Progress, Puzzle};

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

/// How many of the steps before a hint's digit its last level names one by one: the last
/// steps that took candidates from the cells the digit's step reads. The rest are counted by
/// rule on one line. A hard 9x9 Killer's first hint, from an empty grid, came after 29
/// steps, all said in one paragraph of about 4,000 characters; SudokuWiki and HoDoKu give
/// the few steps that make the digit. There two steps make it (the cage 4+ that left the
/// cell 1 and 3, a pointing that took the 1); through that puzzle's solve, nearly every
/// hint of a player without marks has more such steps than three, and names the last three.
const NAMED_BEFORE: usize = 3;

/// The last level of a hint with steps before it, one step a line: when there are more than
/// [`NAMED_BEFORE`] steps before, first a line that counts those it does not name, by rule
/// (`26 steps that only remove candidates come first: cage combinations (13), ...`), then the
/// named ones and the step, each line after the first starting `then`.
fn chain_text(step: &Step, before: &[Step], size: usize) -> String {
    let named = if before.len() <= NAMED_BEFORE {
        (0..before.len()).collect()
    } else {
        leading(step, before)
    };
    let mut lines = Vec::new();
    let unnamed: Vec<&Step> = (0..before.len())
        .filter(|i| !named.contains(i))
        .map(|i| &before[i])
        .collect();
    if !unnamed.is_empty() {
        // Rules in the order the steps first used them.
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for step in &unnamed {
            match counts.iter_mut().find(|(rule, _)| *rule == step.rule) {
                Some((_, count)) => *count += 1,
                None => counts.push((step.rule, 1)),
            }
        }
        let rules: Vec<String> = counts
            .iter()
            .map(|(rule, count)| format!("{rule} ({count})"))
            .collect();
        let steps = if unnamed.len() == 1 {
            "1 step that only removes candidates comes".to_string()
        } else {
            format!("{} steps that only remove candidates come", unnamed.len())
        };
        lines.push(format!("{steps} first: {}", and_list(&rules)));
    }
    for said in named.iter().map(|&i| &before[i]).chain([step]) {
        let text = said.describe(size);
        lines.push(if lines.is_empty() {
            text
        } else {
            format!("then {text}")
        });
    }
    lines.join("\n")
}

/// The indices of the steps of `before` that lead to `step`'s digit, the last
/// [`NAMED_BEFORE`] of them in order: those that took from a cell `step` places a candidate,
/// or from one of its cells (a hidden single's house, a cage) a digit it places. Failing
/// any, those that took any candidate from its cells.
fn leading(step: &Step, before: &[Step]) -> Vec<usize> {
    let places = |cell: Cell| step.placed.iter().any(|&(c, _)| c == cell);
    let digit = |d: u8| step.placed.iter().any(|&(_, p)| p == d);
    let reads = |cell: Cell| step.cells.contains(&cell);
    let pick = |takes: &dyn Fn(Cell, u8) -> bool| -> Vec<usize> {
        let mut picked: Vec<usize> = (0..before.len())
            .filter(|&i| before[i].eliminated.iter().any(|&(c, d)| takes(c, d)))
            .collect();
        picked.drain(..picked.len().saturating_sub(NAMED_BEFORE));
        picked
    };
    let direct = pick(&|c, d| places(c) || (reads(c) && digit(d)));
    if direct.is_empty() {
        pick(&|c, _| places(c) || reads(c))
    } else {
        direct
    }
}

impl Hint {
    /// The hint in words at `reveal` (1: the rule and where to look; 2: with the cells;
    /// 3: the step itself, after the steps that lead to it, one a line: see
    /// [`NAMED_BEFORE`] for how many are named).
    pub fn text(&self, reveal: u8, size: usize) -> String {
        match self {
            Hint::Step { step, before } if reveal >= 3 && !before.is_empty() => {
                chain_text(step, before, size)
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
