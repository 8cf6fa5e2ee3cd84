//! Explaining: every step from a player's progress to the solution, or as far as logic goes,
//! and a [`Verdict`] on how it ends: solved, several solutions (two of them, where they
//! differ), or no solution (what has nothing left, and a minimal set of cages that cannot all
//! hold).

use super::bridge::{
    from_progress, geometry, search_step, solutions, solved_grid, two_solutions, Solutions,
};
use super::conflict;
use super::engine::{apply, run};
use super::level::Level;
use super::limits::{LogicError, LogicLimits};
use super::rule::{Ctx, End};
use super::rules::ladder;
use super::state::State;
use super::step::{Found, Step};
use crate::budget::Budget;
use crate::model::{CageId, Cell, CellState, Grid, Progress, Puzzle};

/// How an explanation ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solved: the only solution.
    Solved(Grid),
    /// Logic stopped; the puzzle has several solutions, two of which differ in `differ`.
    Multiple {
        /// Two solutions.
        solutions: [Grid; 2],
        /// The cells where they differ.
        differ: Vec<Cell>,
    },
    /// The puzzle has no solution.
    Unsolvable {
        /// What has nothing left (`r3c4 has no digit left`, `cage 12+ at r3c4 has no layout
        /// left`), or that the search found no solution.
        reason: String,
        /// The cells involved.
        cells: Vec<Cell>,
        /// A minimal set of cages that cannot all hold (empty if the search for it ran out).
        cages: Vec<CageId>,
    },
}

/// A whole explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Every cell before the first step: a digit where the starting progress solved it, its
    /// candidates otherwise (every digit where nothing was noted). Replaying each step's
    /// eliminations and placements from here gives the candidates before the next.
    pub start: Progress,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub verdict: Verdict,
    /// The hardest level of the steps (easy when there were none).
    pub level: Level,
    /// The sum of the steps' weights.
    pub score: u32,
}

/// Explains `puzzle` from `start` (use [`Progress::unknown`] for a fresh puzzle): every step
/// to the solution, or as far as logic goes and why it stops.
pub fn explain(
    puzzle: &Puzzle,
    start: &Progress,
    limits: &LogicLimits,
) -> Result<Explanation, LogicError> {
    let mut ctx = Ctx::new(limits);
    let geometry = geometry(puzzle, &ctx)?;
    let mut state = from_progress(&geometry, start)?;
    let start = candidates(&state);
    let mut steps = Vec::new();
    let mut solution: Option<Result<Solutions, LogicError>> = None;
    let verdict = loop {
        let end = run(
            &mut state,
            ladder(puzzle),
            Level::Unreasonable,
            &mut ctx,
            &mut |step: &Found| steps.push(step.step(&geometry, puzzle)),
        )?;
        match end {
            End::Solved => break Verdict::Solved(solved_grid(&state)),
            End::Contradiction(reason, cells) => {
                break Verdict::Unsolvable {
                    reason: reason.describe(&geometry, puzzle),
                    cells,
                    cages: conflict::minimal_cages(puzzle, &geometry, ctx.deadline),
                }
            }
            End::Stuck => {
                // The solver is asked once: its answer holds the solution, or two of several.
                let known = solution.get_or_insert_with(|| solutions(puzzle, &ctx));
                match known {
                    Ok(Solutions::One(grid)) => {
                        let step = search_step(&state, grid);
                        apply(&mut state, &step);
                        steps.push(step.step(&geometry, puzzle));
                        if steps.len() > limits.max_steps {
                            return Err(LogicError::Limit(Budget::Steps(limits.max_steps)));
                        }
                    }
                    Ok(Solutions::Several(found)) => {
                        let (solutions, differ) = two_solutions(puzzle, found)?;
                        break Verdict::Multiple { solutions, differ };
                    }
                    Err(LogicError::NoSolution) => {
                        break Verdict::Unsolvable {
                            reason: "no rule applies and the search finds no solution".into(),
                            cells: Vec::new(),
                            cages: conflict::minimal_cages(puzzle, &geometry, ctx.deadline),
                        }
                    }
                    Err(other) => return Err(other.clone()),
                }
            }
        }
    };
    let level = steps.iter().map(|s| s.level).max().unwrap_or(Level::Easy);
    let score = steps.iter().fold(0u32, |a, s| a.saturating_add(s.weight));
    Ok(Explanation {
        start,
        steps,
        verdict,
        level,
        score,
    })
}

/// The state's cells as progress: placed cells solved, every other cell its candidates.
fn candidates(state: &State) -> Progress {
    let cells = state
        .cand
        .iter()
        .zip(&state.placed)
        .map(|(&set, &placed)| match set.single_digit() {
            Some(d) if placed => CellState::Solved(d),
            _ => CellState::Candidates(set),
        })
        .collect();
    Progress::from_cells(state.g.n, cells).expect("a state's candidates fit its grid")
}
