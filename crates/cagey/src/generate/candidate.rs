//! One candidate puzzle as the generator works on it (a full grid, its regions, cages in
//! draft), and the production solver's verdict on whether it is unique, which both the
//! repair and the steering ask for.

use super::cages::Draft;
use super::settings::{Settings, CHECK_MAX_NODES};
use crate::budget::Deadline;
use crate::model::{Cage, Grid, Operation, Puzzle, Regions};
use crate::solve::{self, Limits, Outcome};

/// The working state of one candidate.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub regions: Regions,
    pub solution: Grid,
    pub cages: Vec<Draft>,
}

impl Candidate {
    /// The same grid and regions with other cages.
    pub fn with_cages(&self, cages: Vec<Draft>) -> Candidate {
        Candidate {
            regions: self.regions.clone(),
            solution: self.solution.clone(),
            cages,
        }
    }

    /// The puzzle the drafts describe (operations hidden if asked for).
    pub fn build(&self, settings: &Settings) -> Puzzle {
        let cages: Vec<Cage> = self
            .cages
            .iter()
            .map(|d| {
                let op = if settings.hidden_operations && d.operation != Operation::Given {
                    Operation::Unknown
                } else {
                    d.operation
                };
                Cage::new(op, d.target, d.cells.clone())
            })
            .collect();
        Puzzle::builder(self.solution.size())
            .cages(cages)
            .regions(self.regions.clone())
            .options(settings.options())
            .build()
            .expect("the generator builds only valid puzzles")
    }
}

/// The verdict of the production solver on a candidate.
pub(crate) enum Verdict {
    Unique,
    /// Another solution than the candidate's own.
    Other(Grid),
    /// The time ran out.
    OutOfTime,
}

/// Whether `puzzle` (solved by `solution`) is unique, within the deadline.
pub(crate) fn verdict(puzzle: &Puzzle, solution: &Grid, deadline: Deadline) -> Verdict {
    let mut limits = Limits::uniqueness();
    if deadline.passed() {
        return Verdict::OutOfTime;
    }
    limits.time_limit = deadline.left();
    limits.max_nodes = CHECK_MAX_NODES;
    match solve::default_solver().solve(puzzle, &limits) {
        Ok(report) => match report.outcome {
            Outcome::Unique(_) => Verdict::Unique,
            Outcome::Multiple { solutions, .. } => solutions
                .into_iter()
                .find(|g| g != solution)
                .map_or(Verdict::OutOfTime, Verdict::Other),
            _ => Verdict::OutOfTime,
        },
        Err(_) => Verdict::OutOfTime,
    }
}
