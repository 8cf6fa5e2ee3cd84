//! Unreasonable: trial. Suppose a cell holds one of its candidates and apply every rule up to
//! extreme; when that ends in a contradiction (a cell or a cage with nothing left), the
//! candidate was wrong. The step's text shows the chain of deductions that led there.
//!
//! Cells with fewest candidates are tried first, as a person would. A trial inside a trial is
//! allowed up to [`LogicLimits::max_trial_depth`](super::limits::LogicLimits) levels deep.
//!
//! An assumption that ended without a contradiction is remembered with where its run ended
//! ([`Settled`](super::settled::Settled)), and the next sweeps pass over it while the state
//! still lies between the two, which saves running the rules again for an answer known in
//! advance.

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
    // Only runs without trials inside are remembered: a trial's own budget of assumptions
    // could end a run short of where the rules alone would take it.
    let remember = ctx.depth == 0 && inner == Level::Extreme;
    let found = sweep(state, ctx, order, inner, &mut budget, remember);
    ctx.max_inner_steps = steps;
    found
}

/// Runs the rules up to `inner` inside a trial; how the run ended, and whether that is
/// where the rules alone end (not a budget or the step limit).
fn run_inner(
    state: &mut State,
    ctx: &mut Ctx,
    inner: Level,
    record: &mut dyn FnMut(&Found),
) -> (Option<End>, bool) {
    let mut taken = 0;
    ctx.depth += 1;
    let end = run(state, ctx.rules, inner, ctx, &mut |step: &Found| {
        taken += 1;
        record(step);
    });
    ctx.depth -= 1;
    let whole = taken < ctx.max_inner_steps && ctx.exhausted.is_none();
    (end.ok(), whole)
}

fn sweep(
    state: &mut State,
    ctx: &mut Ctx,
    order: Vec<usize>,
    inner: Level,
    budget: &mut usize,
    remember: bool,
) -> Option<Found> {
    let mut sweep_start = None;
    for i in order {
        let cell = Cell(i as u16);
        for d in state.cand[i].iter() {
            if ctx.out_of_budget() || *budget == 0 {
                return None;
            }
            *budget -= 1;
            if remember && ctx.settled.knows(i, d, &state.cand) {
                continue;
            }
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
            let (end, whole) = run_inner(&mut copy, ctx, inner, &mut |step: &Found| {
                if chain.len() <= SHOWN_STEPS {
                    chain.push(step.clone());
                }
            });
            let end = match end {
                Some(End::Contradiction(end, _)) => end,
                Some(End::Stuck | End::Solved) if remember && whole => {
                    ctx.settled
                        .note(i, d, &state.cand, copy.cand, &mut sweep_start);
                    continue;
                }
                _ => continue,
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
