//! Telling a puzzle that repeats an earlier one of a run or a book: the same solution, or
//! the same cage layout (the same cells caged together, whatever the clues say). Keyed
//! generators ([`Settings::rng`](super::Settings::rng)) make repeats rare; this catches the
//! rest, and small grids, where they cannot be rare (a 4x4 has 576 solutions).

use std::collections::HashMap;
use std::fmt;

use crate::model::{Grid, Puzzle};

/// What an earlier puzzle shares with a new one, and that puzzle's number (from 1, in the
/// order they were added).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// The same solution.
    Solution(usize),
    /// The same cells caged together.
    Layout(usize),
}

impl fmt::Display for Repeat {
    /// `the same solution as puzzle 2`, `the same cage layout as puzzle 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repeat::Solution(number) => write!(f, "the same solution as puzzle {number}"),
            Repeat::Layout(number) => write!(f, "the same cage layout as puzzle {number}"),
        }
    }
}

/// The solutions and cage layouts seen so far, each with the number of the first puzzle
/// that had it.
#[derive(Debug, Default)]
pub struct Distinct {
    solutions: HashMap<Vec<u8>, usize>,
    layouts: HashMap<Vec<u32>, usize>,
    added: usize,
}

impl Distinct {
    /// No puzzle seen yet.
    pub fn new() -> Distinct {
        Distinct::default()
    }

    /// No puzzle seen yet, the first to be numbered `first` (a book that goes on from an
    /// earlier run's numbers).
    pub fn starting_at(first: usize) -> Distinct {
        Distinct {
            added: first.saturating_sub(1),
            ..Distinct::default()
        }
    }

    /// Counts `puzzle` with its `solution` as the next puzzle, and says which earlier one it
    /// repeats, if any (its solution first). A repeat is counted all the same, so that the
    /// numbers stay those of the book.
    pub fn add(&mut self, puzzle: &Puzzle, solution: &Grid) -> Option<Repeat> {
        let layout = layout(puzzle);
        let repeat = self.repeat(solution, &layout);
        self.remember(solution, layout);
        repeat
    }

    /// Like [`Distinct::add`], but a puzzle that repeats one is not counted: for a run that
    /// leaves repeats out and makes others in their place.
    pub fn admit(&mut self, puzzle: &Puzzle, solution: &Grid) -> Option<Repeat> {
        let layout = layout(puzzle);
        let repeat = self.repeat(solution, &layout);
        if repeat.is_none() {
            self.remember(solution, layout);
        }
        repeat
    }

    /// The earlier puzzle with this solution, or else with this layout.
    fn repeat(&self, solution: &Grid, layout: &[u32]) -> Option<Repeat> {
        let by_solution = self.solutions.get(solution.digits()).copied();
        by_solution
            .map(Repeat::Solution)
            .or_else(|| self.layouts.get(layout).copied().map(Repeat::Layout))
    }

    /// Counts the next puzzle, keeping the first number of each solution and layout.
    fn remember(&mut self, solution: &Grid, layout: Vec<u32>) {
        self.added += 1;
        let number = self.added;
        self.solutions
            .entry(solution.digits().to_vec())
            .or_insert(number);
        self.layouts.entry(layout).or_insert(number);
    }
}

/// The cage layout: for each cell, row by row, the first cell of its cage (`u32::MAX` for a
/// cell in no cage), so that two puzzles with the same cells caged together have the same
/// layout whatever their clues.
fn layout(puzzle: &Puzzle) -> Vec<u32> {
    let mut first = vec![u32::MAX; puzzle.size() * puzzle.size()];
    for cage in puzzle.cages() {
        let head = cage.cells().iter().map(|cell| cell.index()).min();
        for cell in cage.cells() {
            first[cell.index()] = head.map_or(u32::MAX, |head| head as u32);
        }
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    fn solved(text: &str) -> (Puzzle, Grid) {
        let puzzle = kk::parse(text).unwrap();
        let outcome = crate::solve::default_solver()
            .solve(&puzzle, &crate::solve::Limits::uniqueness())
            .unwrap()
            .outcome;
        let grid = outcome.solutions()[0].clone();
        (puzzle, grid)
    }

    #[test]
    fn a_repeat_names_the_earlier_puzzle_by_solution_then_layout() {
        let (puzzle, grid) = solved(KK0);
        // The same cages with another clue: still the same layout.
        let relabelled = kk::parse(&KK0.replace("2%", "1-")).unwrap();
        let mut book = Distinct::new();
        assert_eq!(book.add(&puzzle, &grid), None);
        assert_eq!(book.add(&puzzle, &grid), Some(Repeat::Solution(1)));
        assert_eq!(
            book.add(&relabelled, &Grid::empty(4)),
            Some(Repeat::Layout(1))
        );
        assert_eq!(
            Repeat::Layout(1).to_string(),
            "the same cage layout as puzzle 1"
        );
    }

    #[test]
    fn admit_leaves_repeats_out_of_the_count() {
        let (puzzle, grid) = solved(KK0);
        let mut run = Distinct::new();
        assert_eq!(run.admit(&puzzle, &grid), None);
        assert_eq!(run.admit(&puzzle, &grid), Some(Repeat::Solution(1)));
        assert_eq!(run.added, 1);
    }
}
