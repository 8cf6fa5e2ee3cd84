//! Puzzles from the J wiki's KenKen essay and other published sources, and one of each variant (KenDoku, Killer
//! Sudoku, Killer Jigsaw, hidden operations, multi-cell subtraction and division), built in
//! so that every command can try them (`--example NAME`) and tests can lean on them. Each has
//! exactly one solution (`tests/examples.rs` proves it with the production solver).

use crate::formats::kk;
use crate::model::{Grid, Puzzle};

/// A built-in puzzle with its solution (the one its source printed, where it printed one).
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// The name used on the command line.
    pub name: &'static str,
    /// What it is and where it comes from, in one line.
    pub source: &'static str,
    /// The puzzle in the kk format.
    pub text: &'static str,
    /// The solution as printed in the source, rows of digits.
    pub solution: &'static str,
}

impl Example {
    /// The puzzle.
    pub fn puzzle(&self) -> Puzzle {
        kk::parse(self.text).expect("built-in examples are valid")
    }

    /// The solution printed in the source.
    pub fn solution(&self) -> Grid {
        let digits: Vec<u8> = self
            .solution
            .split_whitespace()
            .map(|d| d.parse().expect("built-in solutions are digits"))
            .collect();
        let size = digits.len().isqrt();
        Grid::from_digits(size, digits).expect("built-in solutions are square")
    }
}

/// Every built-in example.
pub const EXAMPLES: [Example; 10] = [
    Example {
        name: "kk0",
        source: "the 4x4 example of the J essay on KenKen",
        text: include_str!("../puzzles/kk0.kk"),
        solution: "1 2 4 3  4 3 2 1  2 1 3 4  3 4 1 2",
    },
    Example {
        name: "kk1",
        source: "the 6x6 example of the J essay on KenKen",
        text: include_str!("../puzzles/kk1.kk"),
        solution: "3 2 6 1 4 5  6 5 1 4 2 3  2 3 5 6 1 4  5 1 4 2 3 6  4 6 2 3 5 1  1 4 3 5 6 2",
    },
    Example {
        name: "kk2",
        source: "the first 8x8 puzzle of the J essay",
        text: include_str!("../puzzles/kk2.kk"),
        solution: "2 6 3 5 8 4 1 7  8 3 2 6 7 1 5 4  5 8 1 2 3 7 4 6  7 5 6 3 4 8 2 1  \
                   3 7 5 4 1 2 6 8  1 4 8 7 6 5 3 2  6 1 4 8 2 3 7 5  4 2 7 1 5 6 8 3",
    },
    Example {
        name: "kk3",
        source: "the second 8x8 puzzle of the J essay",
        text: include_str!("../puzzles/kk3.kk"),
        solution: "6 5 3 2 8 1 7 4  4 2 8 5 6 7 1 3  7 6 2 3 1 5 4 8  8 1 6 7 2 4 3 5  \
                   1 3 4 6 5 2 8 7  2 4 1 8 7 3 5 6  3 7 5 1 4 8 6 2  5 8 7 4 3 6 2 1",
    },
    Example {
        name: "p4",
        source: "a 6x6 newspaper puzzle (New York Times, 2016-05-11)",
        text: include_str!("../puzzles/p4.kk"),
        solution: "6 1 5 2 4 3  2 6 1 3 5 4  1 4 6 5 3 2  3 2 4 6 1 5  5 3 2 4 6 1  4 5 3 1 2 6",
    },
    Example {
        name: "kendoku",
        source: "p4's cages redrawn over a grid with 2x3 boxes",
        text: include_str!("../puzzles/kendoku.kk"),
        solution: "2 3 5 4 1 6  4 1 6 2 3 5  3 5 2 1 6 4  1 6 4 3 5 2  5 2 3 6 4 1  6 4 1 5 2 3",
    },
    Example {
        name: "killer",
        source: "SudokuWiki's 'gentle' example: sums, no digit twice in a cage",
        text: include_str!("../puzzles/killer.kk"),
        solution: "7 5 1 3 8 9 2 6 4  3 9 2 1 4 6 8 5 7  6 8 4 7 5 2 9 3 1  \
                   8 3 9 4 1 7 6 2 5  2 4 7 5 6 8 3 1 9  1 6 5 2 9 3 7 4 8  \
                   5 7 6 9 3 1 4 8 2  4 2 8 6 7 5 1 9 3  9 1 3 8 2 4 5 7 6",
    },
    Example {
        name: "jigsaw",
        source: "Tim Tang's: irregular regions instead of boxes",
        text: include_str!("../puzzles/jigsaw.kk"),
        solution: "9 5 7 2 6 4 3 1 8  8 1 9 3 2 7 5 6 4  7 2 1 6 4 9 8 3 5  \
                   3 6 4 8 5 1 2 7 9  5 4 8 9 1 3 7 2 6  1 3 2 4 8 6 9 5 7  \
                   2 8 6 7 9 5 1 4 3  4 9 3 5 7 2 6 8 1  6 7 5 1 3 8 4 9 2",
    },
    Example {
        name: "noop",
        source: "hidden operations: p4 with every sign taken off (`12?`)",
        text: include_str!("../puzzles/noop.kk"),
        solution: "6 1 5 2 4 3  2 6 1 3 5 4  1 4 6 5 3 2  3 2 4 6 1 5  5 3 2 4 6 1  4 5 3 1 2 6",
    },
    Example {
        name: "multi",
        source: "multi-cell: % and - over three cells, largest against the rest",
        text: include_str!("../puzzles/multi.kk"),
        solution: "1 2 4 3  4 3 2 1  2 1 3 4  3 4 1 2",
    },
];

/// The example called `name`.
pub fn by_name(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_parses_and_its_solution_checks() {
        for example in &EXAMPLES {
            let puzzle = example.puzzle();
            let solution = example.solution();
            assert_eq!(crate::check(&puzzle, &solution), Ok(()), "{}", example.name);
        }
    }
}
