//! Unreasonable: trial. Suppose a cell holds one of its candidates and apply every rule up to
//! extreme; when that ends in a contradiction (a cell or a cage with nothing left), the
//! candidate was wrong. The step's text shows the chain of deductions that led there.
//!
//! Cells with fewest candidates are tried first, as a person would. A trial inside a trial is
//! allowed up to [`LogicLimits::max_trial_depth`](super::limits::LogicLimits) levels deep.
//!
//! An assumption that ended without a contradiction is remembered with where its run ended
//! ([`Settled`]), and the next sweeps pass over it while the state still lies between the
//! two, which saves running the rules again for an answer known in advance.

use super::engine::{apply, run};
use super::level::Level;
use super::rule::{Ctx, End, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet, MAX_SIZE};

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

/// The assumptions of the outermost trials that ended without a contradiction, each with
/// the candidates its run ended on and those of the state it was tried on.
///
/// Every rule only removes candidates, and a removal a rule can make stays one it can make
/// after further removals, so the rules take a state to one end whatever the order of their
/// steps, and a smaller state to a smaller end. An assumption tried again on a later state
/// that holds no candidate the earlier state lacked, and every candidate the earlier run
/// ended with, therefore ends where it ended before: it still leads to no contradiction,
/// and the sweep passes over it without running the rules (a twelfth of the assumptions
/// of a 9x9 "unreasonable" grade; docs/rules.md, "What a grade costs").
#[derive(Debug, Default)]
pub(crate) struct Settled {
    /// The candidates of the states trials were tried on, once per sweep that noted one.
    starts: Vec<Vec<DigitSet>>,
    /// Per cell and digit (slot `cell * (MAX_SIZE + 1) + digit`), the latest run that ended
    /// without a contradiction: the index of its start in `starts`, and its end.
    ends: Vec<Option<(usize, Vec<DigitSet>)>>,
}

impl Settled {
    fn slot(i: usize, d: u8) -> usize {
        i * (MAX_SIZE + 1) + d as usize
    }

    /// Whether assuming `d` in cell `i` is known to end without a contradiction from a
    /// state with candidates `now`.
    fn knows(&self, i: usize, d: u8, now: &[DigitSet]) -> bool {
        let Some(Some((start, end))) = self.ends.get(Self::slot(i, d)) else {
            return false;
        };
        now.iter()
            .zip(&self.starts[*start])
            .zip(end)
            .all(|((&now, &start), &end)| (now & !start).is_empty() && (end & !now).is_empty())
    }

    /// Notes that assuming `d` in cell `i` on the state with candidates `start` ended
    /// without a contradiction at `end`. `sweep_start` is this sweep's entry in `starts`,
    /// made at its first note.
    fn note(
        &mut self,
        i: usize,
        d: u8,
        start: &[DigitSet],
        end: Vec<DigitSet>,
        sweep_start: &mut Option<usize>,
    ) {
        let at = *sweep_start.get_or_insert_with(|| {
            self.starts.push(start.to_vec());
            self.starts.len() - 1
        });
        let slot = Self::slot(i, d);
        if self.ends.len() <= slot {
            self.ends.resize(Self::slot(start.len(), 0), None);
        }
        self.ends[slot] = Some((at, end));
    }
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

#[cfg(test)]
mod tests {
    use super::Settled;
    use crate::model::DigitSet;

    fn sets(cells: &[&[u8]]) -> Vec<DigitSet> {
        cells
            .iter()
            .map(|digits| {
                digits
                    .iter()
                    .fold(DigitSet::EMPTY, |set, &d| set | DigitSet::single(d))
            })
            .collect()
    }

    #[test]
    fn an_assumption_is_known_only_between_its_start_and_its_end() {
        let mut settled = Settled::default();
        let start = sets(&[&[1, 2, 3], &[1, 2, 3], &[2, 3]]);
        let end = sets(&[&[1], &[2, 3], &[2, 3]]);
        let mut sweep = None;
        settled.note(0, 1, &start, end, &mut sweep);
        // The start itself, and a state between the two.
        assert!(settled.knows(0, 1, &start));
        assert!(settled.knows(0, 1, &sets(&[&[1, 2], &[2, 3], &[2, 3]])));
        // A state that lost a candidate the end kept: the run may end elsewhere now.
        assert!(!settled.knows(0, 1, &sets(&[&[1, 2], &[2], &[2, 3]])));
        // A state holding a candidate the start lacked is from another run.
        assert!(!settled.knows(0, 1, &sets(&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]])));
        // Another assumption is not known.
        assert!(!settled.knows(0, 2, &start));
        assert!(!settled.knows(1, 1, &start));
        assert_eq!(sweep, Some(0));
    }
}
