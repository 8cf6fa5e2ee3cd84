//! `Progress`: what a solver (person or program) knows so far about each cell.
//!
//! Some formats carry a partial state beside the puzzle: SudokuWiki strings store, per cell,
//! either nothing, a solved digit, or a set of candidates. A `Progress` keeps exactly that,
//! so that reading and writing such a string loses nothing.

use super::{Cell, DigitSet, Grid};

/// What is known about one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellState {
    /// Nothing is noted.
    Unknown,
    /// The cell is solved with this digit.
    Solved(u8),
    /// The digits still possible (one candidate is not the same as solved).
    Candidates(DigitSet),
}

/// A partial state: one [`CellState`] per cell, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Progress {
    size: usize,
    cells: Vec<CellState>,
}

impl Progress {
    /// A state with nothing known.
    pub fn unknown(size: usize) -> Progress {
        Progress {
            size,
            cells: vec![CellState::Unknown; size * size],
        }
    }

    /// A state with every cell solved as in `grid` (empty cells stay unknown).
    pub fn from_grid(grid: &Grid) -> Progress {
        let cells = grid
            .digits()
            .iter()
            .map(|&d| match d {
                0 => CellState::Unknown,
                d => CellState::Solved(d),
            })
            .collect();
        Progress {
            size: grid.size(),
            cells,
        }
    }

    /// A state from one entry per cell, or `None` if the count is not `size * size` or a
    /// digit lies outside `1..=size`.
    pub fn from_cells(size: usize, cells: Vec<CellState>) -> Option<Progress> {
        let full = DigitSet::full(size.max(1));
        let fits = cells.len() == size * size
            && cells.iter().all(|state| match *state {
                CellState::Unknown => true,
                CellState::Solved(d) => (1..=size).contains(&usize::from(d)),
                CellState::Candidates(set) => (set & !full).is_empty(),
            });
        fits.then_some(Progress { size, cells })
    }

    /// The side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The state of `cell`.
    pub fn get(&self, cell: Cell) -> CellState {
        self.cells[cell.index()]
    }

    /// Every cell's state, row-major.
    pub fn cells(&self) -> &[CellState] {
        &self.cells
    }

    /// Whether nothing at all is noted.
    pub fn is_blank(&self) -> bool {
        self.cells.iter().all(|s| *s == CellState::Unknown)
    }

    /// The progress after a step that places `placed` and removes `eliminated` (a
    /// `logic::Step`'s fields of those names): each removal takes the digit from the cell's
    /// candidates (an unknown cell starts from every digit), then each placement solves its
    /// cell. A solved cell keeps its digit whatever is removed from it.
    ///
    /// The model depends on nothing else in the crate, so this takes the step's two lists
    /// rather than the `Step` itself: `progress.apply(&step.placed, &step.eliminated)`.
    pub fn apply(&mut self, placed: &[(Cell, u8)], eliminated: &[(Cell, u8)]) {
        for &(cell, digit) in eliminated {
            let state = &mut self.cells[cell.index()];
            match state {
                CellState::Unknown => {
                    let mut set = DigitSet::full(self.size);
                    set.remove(digit);
                    *state = CellState::Candidates(set);
                }
                CellState::Candidates(set) => set.remove(digit),
                CellState::Solved(_) => {}
            }
        }
        for &(cell, digit) in placed {
            self.cells[cell.index()] = CellState::Solved(digit);
        }
    }

    /// Every cell's candidates: all digits for an unknown cell, its digit alone for a solved
    /// one.
    pub fn candidates(&self) -> Vec<DigitSet> {
        self.cells
            .iter()
            .map(|state| match *state {
                CellState::Unknown => DigitSet::full(self.size),
                CellState::Solved(digit) => DigitSet::single(digit),
                CellState::Candidates(set) => set,
            })
            .collect()
    }

    /// The solved digits as a grid (0 where not solved).
    pub fn solved(&self) -> Grid {
        let digits = self
            .cells
            .iter()
            .map(|state| match state {
                CellState::Solved(d) => *d,
                _ => 0,
            })
            .collect();
        Grid::from_digits(self.size, digits).expect("progress digits fit the grid")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_removes_candidates_then_places_digits() {
        let mut progress = Progress::unknown(4);
        // r1c1 loses 2 and 3; r1c2 is placed 4 after losing 1 (the clean-up of a placement).
        progress.apply(&[(Cell(1), 4)], &[(Cell(0), 2), (Cell(0), 3), (Cell(1), 1)]);
        let expected: DigitSet = [1, 4].into_iter().collect();
        assert_eq!(progress.get(Cell(0)), CellState::Candidates(expected));
        assert_eq!(progress.get(Cell(1)), CellState::Solved(4));
        assert_eq!(progress.get(Cell(2)), CellState::Unknown);
        // A solved cell keeps its digit; its candidates are that digit alone.
        progress.apply(&[], &[(Cell(1), 4)]);
        assert_eq!(progress.get(Cell(1)), CellState::Solved(4));
        assert_eq!(progress.candidates()[1], DigitSet::single(4));
        assert_eq!(progress.candidates()[2], DigitSet::full(4));
        assert_eq!(progress.solved().digits()[..2], [0, 4]);
    }
}
