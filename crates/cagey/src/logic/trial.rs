//! Unreasonable: trial. Suppose a cell holds one of its candidates and apply every rule up to
//! extreme; when that ends in a contradiction (a cell or a cage with nothing left), the
//! candidate was wrong. The step's text shows the chain of deductions that led there.
//!
//! Cells with fewest candidates are tried first, as a person would. A trial inside a trial is
//! allowed up to [`LogicLimits::max_trial_depth`](super::limits::LogicLimits) levels deep.

use super::engine::{apply, run};
use super::level::Level;
use super::rule::{Ctx, End, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::Cell;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "trial",
    level: Level::Unreasonable,
    weight: 1000,
    summary: "assume a candidate, apply the rules until a contradiction, remove it",
    find,
};

/// How many of the trial's steps the text lists before eliding the rest: enough to follow,
/// short enough to read.
const SHOWN_STEPS: usize = 12;

/// Assumptions one trial step tries at most, per cell of the grid: a contradiction, when
/// there is one, is nearly always among the two-candidate cells tried first; past this the
/// step gives up and the search step settles the cell (bounded work on large random grids,
/// where a full sweep took seconds per step).
const TRIALS_PER_CELL: usize = 2;

/// Steps one assumption may run, per cell of the grid, before it counts as inconclusive.
const STEPS_PER_CELL: usize = 2;

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    if ctx.depth >= ctx.limits.max_trial_depth {
        return None;
    }
    let g = state.g;
    let mut order: Vec<usize> = (0..g.n * g.n)
        .filter(|&i| !state.placed[i] && state.cand[i].len() >= 2)
        .collect();
    order.sort_by_key(|&i| state.cand[i].len());
    let inner = if ctx.depth + 1 >= ctx.limits.max_trial_depth {
        Level::Extreme
    } else {
        Level::Unreasonable
    };
    let mut budget = TRIALS_PER_CELL * g.n * g.n;
    let steps = ctx.max_inner_steps;
    ctx.max_inner_steps = STEPS_PER_CELL * g.n * g.n;
    let found = sweep(state, ctx, order, inner, &mut budget);
    ctx.max_inner_steps = steps;
    found
}

fn sweep(
    state: &mut State,
    ctx: &mut Ctx,
    order: Vec<usize>,
    inner: Level,
    budget: &mut usize,
) -> Option<Found> {
    for i in order {
        let cell = Cell(i as u16);
        for d in state.cand[i].iter() {
            if ctx.out_of_budget() || *budget == 0 {
                return None;
            }
            *budget -= 1;
            let mut copy = state.clone();
            let eliminated = copy.placing(cell, d);
            let assume = Found::new(
                &RULE,
                Reason::Assume { cell },
                vec![cell],
                vec![(cell, d)],
                eliminated,
            );
            apply(&mut copy, &assume);
            let mut chain: Vec<Found> = Vec::new();
            ctx.depth += 1;
            let end = run(&mut copy, ctx.rules, inner, ctx, &mut |step: &Found| {
                if chain.len() <= SHOWN_STEPS {
                    chain.push(step.clone());
                }
            });
            ctx.depth -= 1;
            let Ok(End::Contradiction(end, _)) = end else {
                continue;
            };
            let elided = chain.len() > SHOWN_STEPS;
            chain.truncate(SHOWN_STEPS);
            let reason = Reason::Trial {
                cell,
                d,
                chain,
                elided,
                end,
            };
            return Some(Found::new(
                &RULE,
                reason,
                vec![cell],
                Vec::new(),
                vec![(cell, d)],
            ));
        }
    }
    None
}
