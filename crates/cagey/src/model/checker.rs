//! The independent checker: does a filled grid solve a puzzle?
//!
//! This is the referee for every solver, so it shares no code with them: it recomputes each
//! cage's arithmetic from the digits in the grid, in the plainest way, with checked
//! arithmetic, and checks the Latin rule row by row and column by column.

use std::fmt;

use super::{CageId, Cell, Grid, Operation, Puzzle};

/// The first rule a grid breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The grid has another side than the puzzle.
    WrongSize {
        /// The puzzle's side.
        expected: usize,
        /// The grid's side.
        found: usize,
    },
    /// A cell is empty.
    Empty(Cell),
    /// A digit appears twice in a row.
    RowRepeat {
        /// The row, from 0 at the top.
        row: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A digit appears twice in a column.
    ColumnRepeat {
        /// The column, from 0 at the left.
        col: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A cage's digits do not give its target.
    Cage(CageId),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::WrongSize { expected, found } => {
                write!(
                    f,
                    "the grid is {found}x{found}, the puzzle {expected}x{expected}"
                )
            }
            Violation::Empty(cell) => write!(f, "cell {cell} is empty"),
            Violation::RowRepeat { row, digit } => write!(f, "row {row} holds {digit} twice"),
            Violation::ColumnRepeat { col, digit } => {
                write!(f, "column {col} holds {digit} twice")
            }
            Violation::Cage(id) => write!(f, "cage {id} does not reach its target"),
        }
    }
}

/// Checks that `grid` is full, Latin, and meets every cage of `puzzle`.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let n = puzzle.size();
    if grid.size() != n {
        return Err(Violation::WrongSize {
            expected: n,
            found: grid.size(),
        });
    }
    if let Some(cell) = puzzle.cells().find(|&cell| grid.get(cell) == 0) {
        return Err(Violation::Empty(cell));
    }
    for line in 0..n {
        let mut in_row = vec![false; n + 1];
        let mut in_col = vec![false; n + 1];
        for k in 0..n {
            let digit = grid.get(Cell::at(line, k, n));
            if std::mem::replace(&mut in_row[usize::from(digit)], true) {
                return Err(Violation::RowRepeat { row: line, digit });
            }
            let digit = grid.get(Cell::at(k, line, n));
            if std::mem::replace(&mut in_col[usize::from(digit)], true) {
                return Err(Violation::ColumnRepeat { col: line, digit });
            }
        }
    }
    for (id, cage) in puzzle.cages().iter().enumerate() {
        let digits: Vec<u64> = cage
            .cells()
            .iter()
            .map(|&c| u64::from(grid.get(c)))
            .collect();
        let reached = match cage.operation() {
            Operation::Given => digits == [cage.target()],
            Operation::Add => digits.iter().sum::<u64>() == cage.target(),
            Operation::Multiply => {
                digits
                    .iter()
                    .try_fold(1u64, |product, &d| product.checked_mul(d))
                    == Some(cage.target())
            }
            Operation::Subtract => match digits[..] {
                [a, b] => a.max(b) - a.min(b) == cage.target(),
                _ => false,
            },
            Operation::Divide => match digits[..] {
                [a, b] => {
                    let (big, small) = (a.max(b), a.min(b));
                    big % small == 0 && big / small == cage.target()
                }
                _ => false,
            },
        };
        if !reached {
            return Err(Violation::Cage(CageId(id as u16)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;

    /// The 2x2 puzzle `3+` on the top row, `1-` on the bottom row.
    fn puzzle() -> Puzzle {
        Puzzle::new(
            2,
            vec![
                Cage::new(Operation::Add, 3, vec![Cell(0), Cell(1)]),
                Cage::new(Operation::Subtract, 1, vec![Cell(2), Cell(3)]),
            ],
        )
        .unwrap()
    }

    #[test]
    fn accepts_a_solution() {
        let grid = Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
        assert_eq!(check(&puzzle(), &grid), Ok(()));
    }

    #[test]
    fn names_the_broken_rule() {
        let grid = |digits: Vec<u8>| Grid::from_digits(2, digits).unwrap();
        assert_eq!(
            check(&puzzle(), &grid(vec![1, 2, 0, 1])),
            Err(Violation::Empty(Cell(2)))
        );
        assert_eq!(
            check(&puzzle(), &grid(vec![1, 1, 2, 2])),
            Err(Violation::RowRepeat { row: 0, digit: 1 })
        );
        assert_eq!(
            check(&puzzle(), &grid(vec![1, 2, 1, 2])),
            Err(Violation::ColumnRepeat { col: 0, digit: 1 })
        );
        assert_eq!(
            check(&puzzle(), &Grid::empty(3)),
            Err(Violation::WrongSize {
                expected: 2,
                found: 3
            })
        );
    }

    #[test]
    fn checks_each_operation() {
        let puzzle = Puzzle::new(
            2,
            vec![
                Cage::new(Operation::Divide, 2, vec![Cell(0), Cell(1)]),
                Cage::new(Operation::Multiply, 2, vec![Cell(2), Cell(3)]),
            ],
        )
        .unwrap();
        assert_eq!(
            check(&puzzle, &Grid::from_digits(2, vec![2, 1, 1, 2]).unwrap()),
            Ok(())
        );
        let wrong = Puzzle::new(
            2,
            vec![
                Cage::new(Operation::Divide, 3, vec![Cell(0), Cell(1)]),
                Cage::given(Cell(2), 1),
                Cage::given(Cell(3), 1),
            ],
        )
        .unwrap();
        assert_eq!(
            check(&wrong, &Grid::from_digits(2, vec![2, 1, 1, 2]).unwrap()),
            Err(Violation::Cage(CageId(0)))
        );
    }
}
