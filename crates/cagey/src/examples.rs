//! The sample puzzles of the source documents, built in so that every command can try them
//! (`--example NAME`) and tests can lean on them.

use crate::formats::kk;
use crate::model::{Grid, Puzzle};

/// A built-in puzzle with the solution its source printed.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// The name used on the command line.
    pub name: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// The puzzle in the J essay's format.
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
pub const EXAMPLES: [Example; 5] = [
    Example {
        name: "kk0",
        source: "the J essay's 4x4 example (seed 000)",
        text: include_str!("../puzzles/kk0.kk"),
        solution: "1 2 4 3  4 3 2 1  2 1 3 4  3 4 1 2",
    },
    Example {
        name: "kk1",
        source: "the J essay's 6x6 example (seed 000)",
        text: include_str!("../puzzles/kk1.kk"),
        solution: "3 2 6 1 4 5  6 5 1 4 2 3  2 3 5 6 1 4  5 1 4 2 3 6  4 6 2 3 5 1  1 4 3 5 6 2",
    },
    Example {
        name: "kk2",
        source: "the J essay's first 8x8 puzzle (seed 000)",
        text: include_str!("../puzzles/kk2.kk"),
        solution: "2 6 3 5 8 4 1 7  8 3 2 6 7 1 5 4  5 8 1 2 3 7 4 6  7 5 6 3 4 8 2 1  \
                   3 7 5 4 1 2 6 8  1 4 8 7 6 5 3 2  6 1 4 8 2 3 7 5  4 2 7 1 5 6 8 3",
    },
    Example {
        name: "kk3",
        source: "the J essay's second 8x8 puzzle (seed 000)",
        text: include_str!("../puzzles/kk3.kk"),
        solution: "6 5 3 2 8 1 7 4  4 2 8 5 6 7 1 3  7 6 2 3 1 5 4 8  8 1 6 7 2 4 3 5  \
                   1 3 4 6 5 2 8 7  2 4 1 8 7 3 5 6  3 7 5 1 4 8 6 2  5 8 7 4 3 6 2 1",
    },
    Example {
        name: "p4",
        source: "the 6x6 newspaper puzzle of seeds 002 and 004 (kk-p4)",
        text: include_str!("../puzzles/p4.kk"),
        solution: "6 1 5 2 4 3  2 6 1 3 5 4  1 4 6 5 3 2  3 2 4 6 1 5  5 3 2 4 6 1  4 5 3 1 2 6",
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
