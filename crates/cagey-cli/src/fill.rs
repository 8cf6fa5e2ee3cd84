//! What to draw in the cells, for `show` and `render`: the solution (proven unique:
//! [`cagey::answer`]), each cell's candidates from its cage, or the partial state the input
//! carried, as [`crate::flags::FillArgs`] asks.

use cagey::answer;
use cagey::formats::Entry;
use cagey::model::CellState;
use cagey::render::Contents;
use cagey::solve::{tables, Limits};
use cagey::{DigitSet, Grid, Puzzle};

use crate::flags::FillArgs;
use crate::Status;

/// What to draw in the cells, owned: the solution or the cages' candidates when asked for,
/// otherwise the partial state the input carried (a SudokuWiki string's progress), if any.
#[derive(Debug, Default)]
pub struct Fill {
    /// Placed digits.
    pub grid: Option<Grid>,
    /// Candidates per cell.
    pub candidates: Option<Vec<DigitSet>>,
}

impl Fill {
    /// The fill for `entry`, and how the run fares (status 1 if a solution was asked for and
    /// the puzzle has not exactly one).
    pub fn new(entry: &Entry, args: &FillArgs, place: &str) -> (Fill, Status) {
        let puzzle = &entry.puzzle;
        if args.blank {
            return (Fill::default(), Status::Ok);
        }
        if args.solution {
            // Drawing one of several solutions as "the" solution would publish a wrong
            // answer (it once did, with a note on standard error that was easy to miss).
            let (grid, status) = match answer::answer(entry) {
                Ok(grid) => (Some(grid), Status::Ok),
                Err(reason) => {
                    note!("cagey: {place}: {reason}");
                    (None, Status::Failed)
                }
            };
            return (
                Fill {
                    grid,
                    candidates: None,
                },
                status,
            );
        }
        if args.candidates {
            let fill = Fill {
                grid: None,
                candidates: Some(cage_candidates(puzzle)),
            };
            return (fill, Status::Ok);
        }
        let fill = entry
            .progress
            .as_ref()
            .map_or_else(Fill::default, |progress| Fill {
                grid: Some(progress.solved()),
                candidates: Some(
                    progress
                        .cells()
                        .iter()
                        .map(|state| match *state {
                            CellState::Candidates(set) => set,
                            CellState::Unknown | CellState::Solved(_) => DigitSet::EMPTY,
                        })
                        .collect(),
                ),
            });
        (fill, Status::Ok)
    }

    /// The library's view of it.
    pub fn contents(&self) -> Contents<'_> {
        Contents {
            grid: self.grid.as_ref(),
            candidates: self.candidates.as_deref(),
        }
    }
}

/// Each cell's candidates from its cage alone: the digits that some arrangement of the cage
/// meeting its target puts there. Every digit, where the cage has too many arrangements to
/// list.
fn cage_candidates(puzzle: &Puzzle) -> Vec<DigitSet> {
    let all = DigitSet::full(puzzle.size());
    let Ok(tables) = tables::cage_tables(puzzle, &Limits::uniqueness()) else {
        return vec![all; puzzle.cell_count()];
    };
    let mut sets = vec![DigitSet::EMPTY; puzzle.cell_count()];
    for table in &tables {
        for row in table.rows() {
            for (cell, &digit) in table.cells().iter().zip(row) {
                sets[cell.index()].insert(digit);
            }
        }
    }
    sets
}
