//! The rule loop: rules tried cheapest first, restarting at the cheapest after any step,
//! until the puzzle is solved, stuck or contradictory. The list of rules is an argument
//! (Tatham's `latin_solver_main(..., usersolvers)`), so the loop knows no rule by name and
//! the rule files, trial included, sit below it; the list itself is in `rules.rs`.

use super::level::Level;
use super::limits::LogicError;
use super::rule::{Ctx, End, Rule};
use super::state::State;
use super::step::Found;
use crate::budget::Budget;

/// Applies the `rules` up to `max`, cheapest first (their order in the list), restarting
/// after each step, until the puzzle is solved, stuck or contradictory. Each step is passed
/// to `record`. The list is noted in `ctx` for the rules that run the rules again (trial).
pub(super) fn run(
    state: &mut State,
    rules: &'static [Rule],
    max: Level,
    ctx: &mut Ctx,
    record: &mut dyn FnMut(&Found),
) -> Result<End, LogicError> {
    ctx.rules = rules;
    let mut taken = 0usize;
    let lazy = ctx.lazy_checks && ctx.depth == 0;
    // The step just applied: after the first full check, only its cells can have brought a
    // contradiction (no rule's search changes a candidate).
    let mut last: Option<Found> = None;
    loop {
        if !lazy {
            let check = match &last {
                None => state.contradiction(),
                Some(step) => state.contradiction_after(
                    step.eliminated
                        .iter()
                        .chain(&step.placed)
                        .map(|&(cell, _)| cell),
                ),
            };
            if let Some((reason, cells)) = check {
                return Ok(End::Contradiction(reason, cells));
            }
        }
        if state.solved() {
            return Ok(settle(state, lazy, End::Solved));
        }
        if ctx.out_of_budget() {
            return if ctx.depth == 0 {
                Err(LogicError::Limit(
                    ctx.exhausted.unwrap_or(Budget::Cancelled),
                ))
            } else {
                Ok(End::Stuck)
            };
        }
        if ctx.depth == 0 && taken >= ctx.limits.max_steps {
            return Err(LogicError::Limit(Budget::Steps(ctx.limits.max_steps)));
        }
        if ctx.depth > 0 && taken >= ctx.max_inner_steps {
            return Ok(End::Stuck);
        }
        let mut found = None;
        for rule in rules.iter().take_while(|r| r.level <= max) {
            if let Some(mut step) = (rule.find)(state, ctx) {
                // The list places the rule: a rule shared by two ladders finds its step
                // at the level and weight of the ladder being run.
                step.level = rule.level;
                step.weight = rule.weight;
                found = Some(step);
                break;
            }
            if ctx.exhausted.is_some() {
                break;
            }
        }
        let Some(step) = found else {
            if ctx.depth == 0 {
                if let Some(budget) = ctx.exhausted {
                    return Err(LogicError::Limit(budget));
                }
            }
            return Ok(settle(state, lazy, End::Stuck));
        };
        apply(state, &step);
        record(&step);
        last = Some(step);
        taken += 1;
        if ctx.stop_after_one && ctx.depth == 0 {
            return Ok(End::Stuck);
        }
    }
}

/// How a run ends: `end`, unless checks were left to the end and the state has a
/// contradiction.
pub(super) fn settle(state: &mut State, lazy: bool, end: End) -> End {
    match lazy.then(|| state.contradiction()).flatten() {
        Some((reason, cells)) => End::Contradiction(reason, cells),
        None => end,
    }
}

/// Applies a step's placements and eliminations.
pub(super) fn apply(state: &mut State, step: &Found) {
    for &(cell, d) in &step.eliminated {
        state.remove(cell, d);
    }
    for &(cell, d) in &step.placed {
        state.place(cell, d);
    }
}
