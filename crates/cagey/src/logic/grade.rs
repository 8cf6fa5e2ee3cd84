//! Grading: the hardest level a puzzle's explanation needs and its score, counted step by
//! step as the engine runs every rule; the production solver is asked (once) only when
//! the rules get stuck, for the search step.

use super::bridge::{geometry, search_step, unique_solution, SEARCH_RULE};
use super::engine::{apply, run};
use super::level::Level;
use super::limits::{LogicError, LogicLimits};
use super::rule::{Ctx, End};
use super::rules::ladder;
use super::state::State;
use super::step::Found;
use crate::model::{Grid, Puzzle};

/// A puzzle's grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The hardest level needed.
    pub level: Level,
    /// The sum of the weights of the steps taken: orders puzzles within a level.
    pub score: u32,
    /// How many steps each rule took, by rule name, in the order of the puzzle's ladder ([`ladder`](super::ladder)).
    pub rules: Vec<(&'static str, u32)>,
    /// Steps in all.
    pub steps: usize,
}

/// Grades `puzzle`: the hardest level its explanation needs and its score.
///
/// Fails with [`LogicError::NoSolution`] or [`LogicError::NotUnique`] when the puzzle does not
/// have exactly one solution, and [`LogicError::Limit`] when a limit ran out.
pub fn grade(puzzle: &Puzzle, limits: &LogicLimits) -> Result<Grade, LogicError> {
    let mut ctx = Ctx::new(limits);
    let geometry = geometry(puzzle, &ctx)?;
    let mut state = State::new(&geometry);
    let rules = ladder(puzzle);
    let mut counts = vec![0u32; rules.len() + 1];
    let mut level = Level::Easy;
    let mut score = 0u32;
    let mut steps = 0usize;
    let mut note = |step: &Found| {
        level = level.max(step.level);
        score = score.saturating_add(step.weight);
        steps += 1;
        let slot = rules
            .iter()
            .position(|r| r.name == step.rule)
            .unwrap_or(rules.len());
        counts[slot] += 1;
    };
    let mut solution: Option<Grid> = None;
    loop {
        match run(&mut state, rules, Level::Unreasonable, &mut ctx, &mut note)? {
            End::Solved => break,
            End::Contradiction(..) => return Err(LogicError::NoSolution),
            End::Stuck => {
                if solution.is_none() {
                    solution = Some(unique_solution(puzzle, &ctx)?);
                }
                let step = search_step(&state, solution.as_ref().expect("set above"));
                apply(&mut state, &step);
                note(&step);
            }
        }
    }
    let mut used: Vec<(&'static str, u32)> = rules
        .iter()
        .zip(counts.iter().copied())
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| (r.name, n))
        .collect();
    if counts[rules.len()] > 0 {
        used.push((SEARCH_RULE, counts[rules.len()]));
    }
    Ok(Grade {
        level,
        score,
        rules: used,
        steps,
    })
}
