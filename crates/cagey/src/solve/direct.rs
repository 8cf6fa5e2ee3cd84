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
//!
//! # Variants
//!
//! Every variant is handled. The tables already hold only tuples that obey the killer rule,
//! the givens outside the cages, multi-cell `-` and `÷`, and boxes or regions within each
//! cage ([`cage_tables`](super::tables::cage_tables)); what remains is the rule between cages, which the Latin check extends to
//! boxes and jigsaw regions: a grid is kept when each of its houses, rows, columns and
//! regions alike, holds every digit.

use super::count::Count;
use super::tables::search_tables;
use super::tables::{self, Halt, Houses, Table};
use super::{End, Limits, Search, SolveError, Solver};
use crate::model::{Cell, Grid, Puzzle};

/// The essay's direct method (`--method direct`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Direct;

impl Solver for Direct {
    fn name(&self) -> &'static str {
        "direct"
    }

    fn summary(&self) -> &'static str {
        "the J essay's direct method: every combination of cage tuples, kept if valid (tiny puzzles)"
    }

    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError> {
        search_tables(puzzle, limits, |tables, meter, stats| {
            check_combinations(&tables::combinations(&tables), limits.max_combinations)
                .map_err(Halt::Refused)?;
            let houses = Houses::new(puzzle).cells();
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
                if fills_every_house(&houses, puzzle.size(), digits) {
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
            Ok((count, end))
        })
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

/// Whether a full grid, row-major, has every digit once in each house (the cells of each
/// row, column and region, as [`Houses::cells`] lists them).
fn fills_every_house(houses: &[Vec<Cell>], size: usize, digits: &[u8]) -> bool {
    // With one digit from 1 to n per cell, a house of n cells holds each digit once exactly
    // when the digits it holds, as a set, are all n of them.
    let full = u64::MAX >> (64 - size);
    houses.iter().all(|house| {
        let set = house
            .iter()
            .fold(0u64, |set, cell| set | 1 << (digits[cell.index()] - 1));
        set == full
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
    use crate::model::{Cage, Regions};
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

    /// The houses of a `size` grid with `regions`, as cells.
    fn houses(size: usize, regions: Regions) -> Vec<Vec<Cell>> {
        let cages = (0..(size * size) as u16)
            .map(|c| Cage::given(Cell(c), 1))
            .collect();
        let puzzle = Puzzle::builder(size)
            .cages(cages)
            .regions(regions)
            .build()
            .unwrap();
        Houses::new(&puzzle).cells()
    }

    #[test]
    fn checks_rows_and_columns() {
        let plain = houses(2, Regions::None);
        assert!(fills_every_house(&plain, 2, &[1, 2, 2, 1]));
        assert!(!fills_every_house(&plain, 2, &[1, 2, 1, 2]));
        assert!(!fills_every_house(&plain, 2, &[1, 1, 2, 2]));
    }

    #[test]
    fn checks_boxes_and_regions() {
        // Latin, with distinct 2x2 boxes; then with two columns swapped, Latin but not boxed.
        let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let swapped = [1, 3, 2, 4, 3, 1, 4, 2, 2, 4, 1, 3, 4, 2, 3, 1];
        let plain = houses(4, Regions::None);
        assert!(fills_every_house(&plain, 4, &good));
        assert!(fills_every_house(&plain, 4, &swapped));
        let boxed = houses(4, Regions::Boxes { rows: 2, cols: 2 });
        assert!(fills_every_house(&boxed, 4, &good));
        assert!(!fills_every_house(&boxed, 4, &swapped));
        let jigsaw = Regions::Jigsaw(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
        assert!(!fills_every_house(&houses(4, jigsaw), 4, &swapped));
    }

    #[test]
    fn solves_each_variant() {
        use crate::model::{Operation, Options};
        // Killer sums on dominoes of 1234/3412/2143/4321, drawn so that the 2x2 boxes are
        // not implied: 16 Latin squares meet them, 4 of which have distinct boxes.
        //
        //   a b b c      a: cells 0 4,  b: 1 2,  c: 3 7,  d: 5 6
        //   a d d c      e: 8 12, f: 9 10, g: 11 15, h: 13 14
        //   e f f g
        //   e h h g
        let square = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let dominoes = [
            [0, 4],
            [1, 2],
            [3, 7],
            [5, 6],
            [8, 12],
            [9, 10],
            [11, 15],
            [13, 14],
        ];
        let cages: Vec<Cage> = dominoes
            .iter()
            .map(|&pair| {
                let sum = pair.iter().map(|&c| u64::from(square[c])).sum();
                Cage::new(Operation::Add, sum, pair.map(|c| Cell(c as u16)).to_vec())
            })
            .collect();
        let killer = Options {
            killer: true,
            ..Options::default()
        };
        let build = |regions: Regions, given: Option<u8>| {
            let builder = Puzzle::builder(4)
                .cages(cages.clone())
                .regions(regions)
                .options(killer);
            match given {
                Some(digit) => builder.given(Cell(0), digit),
                None => builder,
            }
            .build()
            .unwrap()
        };
        let boxes = || Regions::Boxes { rows: 2, cols: 2 };
        let count = |puzzle: &Puzzle| {
            let report = Direct.solve(puzzle, &Limits::solutions(1000)).unwrap();
            for grid in report.outcome.solutions() {
                assert_eq!(crate::model::check(puzzle, grid), Ok(()), "{grid}");
            }
            report.outcome.count()
        };
        assert_eq!(count(&build(Regions::None, None)), 16);
        assert_eq!(count(&build(boxes(), None)), 4);
        // Each solution has one digit in cell 0: giving each digit in turn splits them.
        let by_given: Vec<u64> = (1..=4).map(|d| count(&build(boxes(), Some(d)))).collect();
        assert_eq!(by_given, [2, 0, 2, 0]);
        let expected = Grid::from_digits(4, square.to_vec()).unwrap();
        let report = Direct
            .solve(&build(boxes(), Some(1)), &Limits::solutions(100))
            .unwrap();
        assert!(report.outcome.solutions().contains(&expected));
    }
}
