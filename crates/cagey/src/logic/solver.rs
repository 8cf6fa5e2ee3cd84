//! The logic solver as one of cagey's [`Solver`]s (`--method logic`): rules up to hard
//! between guesses, the most constrained cell guessed where no rule applies. It gives the same
//! verdicts as every other solver, so the corpus and brute-force tests cover the rules.

use web_time::Instant;

use super::level::Level;
use super::search::{search, Stop};
use super::state::{Geometry, State};
use crate::model::{Grid, Puzzle};
use crate::solve::{self, Budget, End, Limits, Search, SolveError, Solver, Stats};

/// The logic solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Logic;

impl Solver for Logic {
    fn name(&self) -> &'static str {
        "logic"
    }

    fn summary(&self) -> &'static str {
        "human rules (singles, cage layouts, subsets) between guesses"
    }

    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError> {
        let started = Instant::now();
        let tables = solve::tables::cage_tables(puzzle, limits)?;
        let geometry = Geometry::new(puzzle, tables);
        let mut state = State::new(&geometry);
        let mut nodes = limits.max_nodes;
        let mut count = 0;
        let result = search(
            &mut state,
            Level::Hard,
            limits.max_solutions.max(1),
            &mut nodes,
            found,
            &mut count,
            limits.time_limit.deadline(started),
        );
        let end = match result {
            Ok(()) => End::Exhausted,
            Err(Stop::Enough) => End::SolutionLimit,
            Err(Stop::Budget) => End::OutOfBudget(Budget::Nodes(limits.max_nodes)),
            Err(Stop::Time) => End::OutOfBudget(Budget::Time(
                limits.time_limit.duration().unwrap_or_default(),
            )),
        };
        Ok(Search {
            count,
            end,
            stats: Stats {
                nodes: limits.max_nodes - nodes,
                elapsed: started.elapsed(),
                ..Stats::default()
            },
        })
    }
}
