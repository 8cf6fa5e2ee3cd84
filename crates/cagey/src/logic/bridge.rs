//! The bridge to the production solver ([`solve`](crate::solve)) and the model: what the
//! rules cannot settle by themselves. Building a puzzle's geometry (its cages' layouts,
//! within the run's limits), a state from a player's progress, asking the solver once for the
//! puzzle's solutions, and the search step that takes a digit from the solution where no
//! rule applies.
//!
//! The solver is asked at most once per run: its answer ([`Solutions`]) holds the only
//! solution, or two of several, and each caller reads what it needs from it.

use super::level::Level;
use super::limits::LogicError;
use super::rule::Ctx;
use super::state::{Geometry, State};
use super::step::{Found, Reason};
use crate::model::{Cell, CellState, Grid, Progress, Puzzle};
use crate::solve::{self, Outcome, SolveError};

/// The name and level of the step taken when no rule and no trial applies to a puzzle with
/// one solution: the digit of a most constrained cell is taken from the solution the search
/// found. Rare (no Keen puzzle needs it); it keeps every explanation finite.
pub const SEARCH_RULE: &str = "search";

/// The weight of a search step.
pub const SEARCH_WEIGHT: u32 = 10_000;

/// Builds what every run of the puzzle shares: houses and every cage's layouts.
pub(super) fn geometry(puzzle: &Puzzle, ctx: &Ctx) -> Result<Geometry, LogicError> {
    let tables =
        solve::tables::cage_tables(puzzle, &ctx.solve_limits()).map_err(|error| match error {
            SolveError::OutOfBudget { budget, .. } => ctx.gave_up(budget),
            other => LogicError::Solve(other),
        })?;
    Ok(Geometry::new(puzzle, tables))
}

/// A state from a player's progress: solved cells are placed, noted candidates kept, and
/// cells with nothing noted hold every digit.
pub(super) fn from_progress<'g>(
    g: &'g Geometry,
    progress: &Progress,
) -> Result<State<'g>, LogicError> {
    if progress.size() != g.n {
        return Err(LogicError::ProgressSize {
            size: g.n,
            found: progress.size(),
        });
    }
    let mut state = State::new(g);
    for (i, cell_state) in progress.cells().iter().enumerate() {
        let cell = Cell(i as u16);
        match *cell_state {
            CellState::Unknown => {}
            CellState::Solved(d) => {
                state.place(cell, d);
            }
            CellState::Candidates(set) => {
                for d in state.cand[i].iter() {
                    if !set.contains(d) {
                        state.remove(cell, d);
                    }
                }
            }
        }
    }
    Ok(state)
}

/// What the production solver found for the whole puzzle.
pub(super) enum Solutions {
    /// Exactly this one.
    One(Grid),
    /// More than one: those it kept (two, as a uniqueness check keeps; fewer only if it
    /// stopped early).
    Several(Vec<Grid>),
}

/// Asks the production solver for the puzzle's solutions, within what is left of the run's
/// limits: [`LogicError::NoSolution`] when there is none.
pub(super) fn solutions(puzzle: &Puzzle, ctx: &Ctx) -> Result<Solutions, LogicError> {
    let report = solve::default_solver().solve(puzzle, &ctx.solve_limits())?;
    match report.outcome {
        Outcome::Unique(grid) => Ok(Solutions::One(grid)),
        Outcome::Unsolvable => Err(LogicError::NoSolution),
        Outcome::Multiple { solutions, .. } => Ok(Solutions::Several(solutions)),
        Outcome::AtLeastOne(grid) => Ok(Solutions::Several(vec![grid])),
        Outcome::GaveUp { budget, .. } => Err(ctx.gave_up(budget)),
    }
}

/// The solution, when the puzzle has exactly one: [`LogicError::NotUnique`] otherwise.
pub(super) fn unique_solution(puzzle: &Puzzle, ctx: &Ctx) -> Result<Grid, LogicError> {
    match solutions(puzzle, ctx)? {
        Solutions::One(grid) => Ok(grid),
        Solutions::Several(_) => Err(LogicError::NotUnique),
    }
}

/// Two of a puzzle's several solutions and the cells where they differ.
pub(super) fn two_solutions(
    puzzle: &Puzzle,
    found: &[Grid],
) -> Result<([Grid; 2], Vec<Cell>), LogicError> {
    let [a, b, ..] = found else {
        // Several solutions were reported but fewer than two kept: still not unique.
        return Err(LogicError::NotUnique);
    };
    let differ = puzzle.cells().filter(|&c| a.get(c) != b.get(c)).collect();
    Ok(([a.clone(), b.clone()], differ))
}

/// The step taken when nothing else applies: the solution's digit in a most constrained cell.
pub(super) fn search_step(state: &State, solution: &Grid) -> Found {
    let g = state.g;
    let cell = (0..g.n * g.n)
        .filter(|&i| !state.placed[i])
        .min_by_key(|&i| state.cand[i].len())
        .map(|i| Cell(i as u16))
        .expect("a stuck state has an open cell");
    let d = solution.get(cell);
    let eliminated = state.placing(cell, d);
    Found {
        rule: SEARCH_RULE,
        level: Level::Unreasonable,
        weight: SEARCH_WEIGHT,
        reason: Reason::Search { cell, d },
        cells: vec![cell],
        placed: vec![(cell, d)],
        eliminated,
    }
}

/// The grid of a solved state.
pub(super) fn solved_grid(state: &State) -> Grid {
    let digits = state
        .cand
        .iter()
        .map(|s| s.single_digit().unwrap_or(0))
        .collect();
    Grid::from_digits(state.g.n, digits).expect("digits fit the grid")
}
