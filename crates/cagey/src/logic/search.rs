//! A search that guesses where no rule applies: the rules up to hard settle what they can,
//! then the most constrained cell is tried digit by digit. It counts solutions, so the
//! logic solver gives the same verdicts as every other solver, and it decides whether a set
//! of cages can all hold (see `conflict`).

use web_time::Instant;

use super::engine::{apply, run};
use super::level::Level;
use super::limits::LogicLimits;
use super::rule::{Ctx, End};
use super::rules::RULES;
use super::state::State;
use super::step::{Found, Reason};
use crate::model::{Cell, Grid};

/// Why a search stopped early.
pub(crate) enum Stop {
    /// Enough solutions were found.
    Enough,
    /// The node budget ran out.
    Budget,
    /// The time budget ran out.
    Time,
}

/// Counts solutions from `state` (rules up to `level` between guesses), calling `found` with
/// each, until `max` are found or `nodes` runs out.
pub(crate) fn search(
    state: &mut State,
    level: Level,
    max: u64,
    nodes: &mut u64,
    found: &mut dyn FnMut(&Grid),
    count: &mut u64,
    deadline: Option<Instant>,
) -> Result<(), Stop> {
    if *nodes == 0 {
        return Err(Stop::Budget);
    }
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(Stop::Time);
    }
    *nodes -= 1;
    let limits = LogicLimits {
        max_trial_depth: 0,
        ..LogicLimits::default()
    };
    let mut ctx = Ctx::new(&limits);
    if let Some(deadline) = deadline {
        ctx.deadline = Some(ctx.deadline.map_or(deadline, |d| d.min(deadline)));
    }
    match run(state, &RULES, level, &mut ctx, &mut |_: &Found| {}) {
        Err(_) if deadline.is_some_and(|d| Instant::now() >= d) => return Err(Stop::Time),
        Err(_) => return Err(Stop::Budget),
        Ok(End::Contradiction(..)) => return Ok(()),
        Ok(End::Solved) => {
            let digits = state
                .cand
                .iter()
                .map(|s| s.single_digit().unwrap_or(0))
                .collect();
            let grid = Grid::from_digits(state.g.n, digits).expect("digits fit the grid");
            *count += 1;
            found(&grid);
            return if *count >= max {
                Err(Stop::Enough)
            } else {
                Ok(())
            };
        }
        Ok(End::Stuck) => {}
    }
    let g = state.g;
    let i = (0..g.n * g.n)
        .filter(|&i| !state.placed[i])
        .min_by_key(|&i| state.cand[i].len())
        .expect("a stuck state has an open cell");
    let cell = Cell(i as u16);
    for d in state.cand[i].iter() {
        let mut copy = state.clone();
        let eliminated = copy.placing(cell, d);
        let guess = Found::new(
            &super::trial::RULE,
            Reason::Assume { cell },
            vec![cell],
            vec![(cell, d)],
            eliminated,
        );
        apply(&mut copy, &guess);
        search(&mut copy, level, max, nodes, found, count, deadline)?;
    }
    Ok(())
}
