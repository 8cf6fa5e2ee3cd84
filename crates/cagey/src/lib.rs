//! cagey: cage puzzles as a library: KenKen (also sold as Calcudoku, Mathdoku and Keen),
//! KenDoku, Killer Sudoku and Killer Jigsaw.
//!
//! The crate is layered: [`model`] says what a puzzle is; [`formats`] reads and writes it;
//! [`solve`] finds its solutions behind one [`Solver`](solve::Solver) trait; [`render`]
//! draws it. Formats, solvers and drawing depend on the model, never on each other.
//! [`logic`] solves as a person does, step by step with reasons, and grades puzzles by the
//! hardest rule they need; [`generate`] makes new puzzles with the production solver and
//! the grader; [`solvers`] lists every solver, those of `solve` and `logic` alike; [`wire`]
//! gives the logic's answers (steps, hints, verdicts, grades) the one JSON shape that the
//! command line and the web server both write; `booklet` (with the default `pdf` feature)
//! makes a print-ready PDF of proven puzzles, the one request every front end's printing
//! makes.
//!
//! ```
//! use cagey::solve::{self, Limits, Outcome};
//!
//! // kk0, the first example of the J wiki's KenKen essay, in its kk format.
//! let text = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
//! let puzzle = cagey::formats::kk::parse(text)?;
//! let report = solve::default_solver().solve(&puzzle, &Limits::uniqueness())?;
//! let Outcome::Unique(grid) = report.outcome else { panic!("kk0 has one solution") };
//! assert_eq!(grid.to_string(), "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n");
//! assert!(cagey::check(&puzzle, &grid).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
// `a % d == 0` stays as written: in the tuple listing and the search, `is_multiple_of` would
// add a test of a divisor that is never zero there.
#![allow(clippy::manual_is_multiple_of)]

pub mod answer;
#[cfg(feature = "pdf")]
pub mod booklet;
pub mod budget;
pub mod examples;
pub mod formats;
pub mod generate;
pub mod logic;
pub mod model;
pub mod render;
pub mod service;
pub mod solve;
pub mod solvers;
pub mod wire;

pub use model::{check, Cage, CageId, Cell, DigitSet, Grid, Operation, Puzzle, PuzzleError};
