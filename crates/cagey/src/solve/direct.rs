//! The J essay's direct method (`KenKenD`): every combination of one tuple per cage, kept if
//! the grid it fills is a Latin square.
//!
//! The [initial possibilities](super::init) already hold every answer: each solution takes
//! one tuple from each cage's table. So the most direct solver picks one row from every table
//! in every possible way, writes the digits into the grid, and keeps the grids whose rows and
//! columns hold each digit once. Nothing is pruned on the way, which is the point: it shows
//! how much work the cleverer methods save.
//!
//! ```text
//!   tables    1 | 12 | 2 | 6 | 6 | 2 | 4      tuples per cage (kk0)
//!   combos    1 * 12 * 2 * 6 * 6 * 2 * 4  =  6912 grids to look at; one is Latin
//! ```
//!
//! The combinations are walked like an odometer, the last cage turning fastest, which is the
//! order of J's catalogue `{` that the essay uses; only the cages whose tuple changed are
//! rewritten in the grid. The essay builds all 6,912 grids as one array first; walking them
//! one at a time finds the same solutions in the same order in constant memory.
//!
//! The method is only practical for tiny puzzles: kk1, a 6x6, already has 38,817,792,000,000
//! combinations. So before enumerating, the exact number of combinations is computed (as a
//! [`Count`], which cannot overflow) and the puzzle is refused with
//! [`SolveError::TooManyCombinations`] when it passes [`Limits::max_combinations`].
//!
//! Effort: `combinations` counts the grids examined; `nodes` counts those plus the digits
//! placed while listing the tuples; `peak_table` is the largest cage table.

use std::time::Instant;

use super::init::{self, Count, Halt, Table};
use super::{require_plain, End, Limits, Meter, Search, SolveError, Solver, Stats};
use crate::model::{Grid, Puzzle};

/// The essay's direct method (`--method direct`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Direct;

impl Solver for Direct {
    fn name(&self) -> &'static str {
        "direct"
    }

    fn summary(&self) -> &'static str {
        "the J essay's direct method: every combination of cage tuples, kept if Latin (tiny puzzles)"
    }

    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError> {
        require_plain(self.name(), puzzle)?;
        let start = Instant::now();
        let mut meter = Meter::new(limits);
        let mut stats = Stats::default();
        let tables = match init::tabulate_all(puzzle, limits, &mut meter) {
            Ok(tables) => tables,
            Err(Halt::Refused(error)) => return Err(error),
            Err(Halt::Budget(budget)) => {
                stats.nodes = meter.nodes;
                stats.elapsed = start.elapsed();
                return Ok(Search {
                    count: 0,
                    end: End::OutOfBudget(budget),
                    stats,
                });
            }
        };
        check_combinations(&init::combinations(&tables), limits.max_combinations)?;
        stats.peak_table = tables.iter().map(Table::cell_count).max().unwrap_or(0);

        let mut walk = Odometer::new(puzzle.size(), &tables);
        let max_solutions = limits.max_solutions.max(1);
        let mut count = 0;
        let end = loop {
            let Some(digits) = walk.current() else {
                break End::Exhausted;
            };
            if let Err(budget) = meter.tick() {
                break End::OutOfBudget(budget);
            }
            stats.combinations += 1;
            if is_latin(puzzle.size(), digits) {
                let grid = Grid::from_digits(puzzle.size(), digits.to_vec())
                    .expect("every tuple holds digits of the grid");
                count += 1;
                found(&grid);
                if count >= max_solutions {
                    // Stop at once, as the limit asks, even when this was the last one.
                    break End::SolutionLimit;
                }
            }
            walk.advance();
        };
        stats.nodes = meter.nodes;
        stats.elapsed = start.elapsed();
        Ok(Search { count, end, stats })
    }
}

/// Refuses a number of combinations past `limit`, naming both.
fn check_combinations(combinations: &Count, limit: u128) -> Result<(), SolveError> {
    match combinations.to_u128() {
        Some(combinations) if combinations <= limit => Ok(()),
        Some(combinations) => Err(SolveError::TooManyCombinations {
            combinations,
            limit,
        }),
        None => Err(SolveError::CombinationsOverflow {
            combinations: combinations.to_string(),
            limit,
        }),
    }
}

/// Whether a full grid, row-major, has every digit once in each row and each column.
fn is_latin(size: usize, digits: &[u8]) -> bool {
    // With one digit from 1 to n per cell, a line holds each digit once exactly when the
    // digits it holds, as a set, are all n of them.
    let full = u64::MAX >> (64 - size);
    (0..size).all(|line| {
        let (mut row, mut col) = (0u64, 0u64);
        for k in 0..size {
            row |= 1 << (digits[line * size + k] - 1);
            col |= 1 << (digits[k * size + line] - 1);
        }
        row == full && col == full
    })
}

/// The walk over every combination: one row index per table, the last turning fastest, and
/// the grid those rows fill.
struct Odometer<'t> {
    tables: &'t [Table],
    /// The row taken from each table.
    rows: Vec<usize>,
    /// The digits of the current combination, row-major.
    digits: Vec<u8>,
    /// Whether every combination has been seen (or there are none: an empty table).
    done: bool,
}

impl<'t> Odometer<'t> {
    fn new(size: usize, tables: &'t [Table]) -> Odometer<'t> {
        let mut odometer = Odometer {
            tables,
            rows: vec![0; tables.len()],
            digits: vec![0; size * size],
            done: tables.iter().any(Table::is_empty),
        };
        if !odometer.done {
            for cage in 0..tables.len() {
                odometer.write(cage);
            }
        }
        odometer
    }

    /// The grid of the current combination, or `None` once all have been seen.
    fn current(&self) -> Option<&[u8]> {
        (!self.done).then_some(&self.digits[..])
    }

    /// Moves to the next combination.
    fn advance(&mut self) {
        for cage in (0..self.tables.len()).rev() {
            self.rows[cage] += 1;
            if self.rows[cage] < self.tables[cage].len() {
                self.write(cage);
                return;
            }
            self.rows[cage] = 0;
            self.write(cage);
        }
        self.done = true;
    }

    /// Writes the current tuple of `cage` into the grid.
    fn write(&mut self, cage: usize) {
        let table = &self.tables[cage];
        for (cell, &digit) in table.cells().iter().zip(table.row(self.rows[cage])) {
            self.digits[cell.index()] = digit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;
    use crate::solve::Outcome;

    #[test]
    fn solves_kk0_after_examining_every_combination() {
        let example = examples::by_name("kk0").unwrap();
        let report = Direct
            .solve(&example.puzzle(), &Limits::solutions(2))
            .unwrap();
        assert_eq!(report.outcome, Outcome::Unique(example.solution()));
        assert_eq!(report.stats.combinations, 6912);
    }

    #[test]
    fn refuses_kk1_naming_the_exact_count() {
        let puzzle = examples::by_name("kk1").unwrap().puzzle();
        let error = Direct.solve(&puzzle, &Limits::default()).unwrap_err();
        assert_eq!(
            error,
            SolveError::TooManyCombinations {
                combinations: 38_817_792_000_000,
                limit: crate::solve::DEFAULT_MAX_COMBINATIONS,
            }
        );
        let mut huge = Count::from(u64::MAX);
        huge.scale(u64::MAX);
        huge.scale(2);
        let error = check_combinations(&huge, 10).unwrap_err();
        assert!(error.to_string().contains(&huge.to_string()));
    }

    #[test]
    fn checks_rows_and_columns() {
        assert!(is_latin(2, &[1, 2, 2, 1]));
        assert!(!is_latin(2, &[1, 2, 1, 2]));
        assert!(!is_latin(2, &[1, 1, 2, 2]));
    }
}
