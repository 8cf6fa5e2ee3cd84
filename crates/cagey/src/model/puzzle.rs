//! `Puzzle`: a grid size and its cages, with every invariant checked once, here.
//!
//! Solvers, writers and renderers trust a `Puzzle`: every cell lies in exactly one cage, every
//! cage is connected, has the number of cells its operation allows and a positive target, and
//! a given fits the grid. A puzzle that breaks one of these cannot be built; the error says
//! which cage (by its position in the list passed in) and what is wrong.

use std::fmt;

use thiserror::Error;

use super::{Cage, CageId, Cell, Operation, MAX_SIZE};

/// A cage puzzle: a Latin square of side `size` with cages.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: usize,
    cages: Vec<Cage>,
    cage_of: Vec<CageId>,
}

impl Puzzle {
    /// Builds a puzzle, checking every invariant.
    ///
    /// Cages may come in any order; the puzzle keeps them ordered by their smallest cell, so
    /// [`CageId`]s are stable whatever the input order. Errors name cages by their position in
    /// `cages` as passed in.
    pub fn new(size: usize, cages: Vec<Cage>) -> Result<Puzzle, PuzzleError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::Size { size });
        }
        let cell_count = size * size;
        let mut owner: Vec<Option<usize>> = vec![None; cell_count];
        for (index, cage) in cages.iter().enumerate() {
            check_cage(index, cage, size)?;
            for &cell in cage.cells() {
                match owner[cell.index()] {
                    Some(first) if first == index => {
                        return Err(PuzzleError::RepeatedCell { cage: index, cell })
                    }
                    Some(first) => {
                        return Err(PuzzleError::Overlap {
                            cell,
                            first,
                            second: index,
                        })
                    }
                    None => owner[cell.index()] = Some(index),
                }
            }
            if !is_connected(cage.cells(), size) {
                return Err(PuzzleError::NotConnected { cage: index });
            }
        }
        let missing: Vec<Cell> = (0..cell_count)
            .filter(|&i| owner[i].is_none())
            .map(|i| Cell(i as u16))
            .collect();
        if !missing.is_empty() {
            return Err(PuzzleError::Uncovered { cells: missing });
        }

        let mut cages = cages;
        cages.sort_by_key(|cage| cage.anchor());
        let mut cage_of = vec![CageId(0); cell_count];
        for (id, cage) in cages.iter().enumerate() {
            for &cell in cage.cells() {
                cage_of[cell.index()] = CageId(id as u16);
            }
        }
        Ok(Puzzle {
            size,
            cages,
            cage_of,
        })
    }

    /// The side of the grid: digits run from 1 to `size`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, `size * size`.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The cages, ordered by their smallest cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage with the given id.
    pub fn cage(&self, id: CageId) -> &Cage {
        &self.cages[id.index()]
    }

    /// The id of the cage holding `cell`.
    pub fn cage_of(&self, cell: Cell) -> CageId {
        self.cage_of[cell.index()]
    }

    /// Every cell, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.cell_count() as u16).map(Cell)
    }
}

impl fmt::Display for Puzzle {
    /// A one-line summary: `4x4, 7 cages`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{n}x{n}, {} cages", self.cages.len(), n = self.size)
    }
}

/// Why a [`Puzzle`] could not be built. Cages are named by their position in the list given
/// to [`Puzzle::new`], so that a parser can point back at the line they came from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The grid side is outside `1..=MAX_SIZE`.
    #[error("a grid of side {size} is not supported: sizes run from 1 to {MAX_SIZE}")]
    Size {
        /// The side asked for.
        size: usize,
    },
    /// A cage has no cells.
    #[error("cage {cage} has no cells")]
    EmptyCage {
        /// Position of the cage.
        cage: usize,
    },
    /// A cage names a cell outside the grid.
    #[error("cage {cage}: cell {cell} is outside the {size}x{size} grid (cells run from 0 to {last})", last = size * size - 1)]
    CellOutOfRange {
        /// Position of the cage.
        cage: usize,
        /// The offending cell.
        cell: Cell,
        /// The grid side.
        size: usize,
    },
    /// A cage lists a cell twice.
    #[error("cage {cage} lists cell {cell} twice")]
    RepeatedCell {
        /// Position of the cage.
        cage: usize,
        /// The repeated cell.
        cell: Cell,
    },
    /// Two cages share a cell.
    #[error("cell {cell} is in cage {first} and again in cage {second}")]
    Overlap {
        /// The shared cell.
        cell: Cell,
        /// The earlier cage.
        first: usize,
        /// The later cage.
        second: usize,
    },
    /// Some cells are in no cage.
    #[error("{} in no cage: {}", if cells.len() == 1 { "cell is" } else { "cells are" }, list_cells(cells))]
    Uncovered {
        /// The uncovered cells, ascending.
        cells: Vec<Cell>,
    },
    /// A cage's cells are not 4-connected.
    #[error("cage {cage}: its cells are not connected (each cell must share a side with another)")]
    NotConnected {
        /// Position of the cage.
        cage: usize,
    },
    /// A cage has a number of cells its operation does not allow.
    #[error("cage {cage}: a {operation} cage {expected}, but this one has {cells}")]
    Arity {
        /// Position of the cage.
        cage: usize,
        /// Its operation.
        operation: Operation,
        /// Its number of cells.
        cells: usize,
        /// What the rules allow, in words.
        expected: &'static str,
    },
    /// A target is zero.
    #[error("cage {cage}: the target must be positive, found 0")]
    ZeroTarget {
        /// Position of the cage.
        cage: usize,
    },
    /// A given is not a digit of the grid.
    #[error("cage {cage}: a given must be a digit from 1 to {size}, found {target}")]
    GivenOutOfRange {
        /// Position of the cage.
        cage: usize,
        /// The given's target.
        target: u64,
        /// The grid side.
        size: usize,
    },
}

impl PuzzleError {
    /// The position of the cage the error is about, if it is about one cage.
    pub fn cage(&self) -> Option<usize> {
        match *self {
            PuzzleError::EmptyCage { cage }
            | PuzzleError::CellOutOfRange { cage, .. }
            | PuzzleError::RepeatedCell { cage, .. }
            | PuzzleError::NotConnected { cage }
            | PuzzleError::Arity { cage, .. }
            | PuzzleError::ZeroTarget { cage }
            | PuzzleError::GivenOutOfRange { cage, .. } => Some(cage),
            PuzzleError::Overlap { second, .. } => Some(second),
            PuzzleError::Size { .. } | PuzzleError::Uncovered { .. } => None,
        }
    }
}

impl PuzzleError {
    /// The message without its leading `cage N: `, for callers that name the cage their own
    /// way (by line, by label or by letter).
    pub fn detail(&self) -> String {
        let message = self.to_string();
        match (self.cage(), message.split_once(": ")) {
            (Some(cage), Some((head, rest))) if head == format!("cage {cage}") => rest.to_string(),
            _ => message,
        }
    }
}

/// At most this many cells are listed in an error message; the rest are counted.
const LISTED_CELLS: usize = 12;

fn list_cells(cells: &[Cell]) -> String {
    let mut text: Vec<String> = cells
        .iter()
        .take(LISTED_CELLS)
        .map(|c| c.to_string())
        .collect();
    if cells.len() > LISTED_CELLS {
        text.push(format!("and {} more", cells.len() - LISTED_CELLS));
    }
    text.join(" ")
}

fn check_cage(index: usize, cage: &Cage, size: usize) -> Result<(), PuzzleError> {
    let cells = cage.cells();
    if cells.is_empty() {
        return Err(PuzzleError::EmptyCage { cage: index });
    }
    if let Some(&cell) = cells.iter().find(|c| c.index() >= size * size) {
        return Err(PuzzleError::CellOutOfRange {
            cage: index,
            cell,
            size,
        });
    }
    if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(PuzzleError::RepeatedCell {
            cage: index,
            cell: pair[0],
        });
    }
    let operation = cage.operation();
    let (least, most) = operation.arity();
    if cells.len() < least || most.is_some_and(|most| cells.len() > most) {
        let expected = match operation {
            Operation::Given => "(no operator) must have exactly one cell",
            Operation::Subtract | Operation::Divide => "must have exactly two cells",
            Operation::Add | Operation::Multiply => "must have at least one cell",
        };
        return Err(PuzzleError::Arity {
            cage: index,
            operation,
            cells: cells.len(),
            expected,
        });
    }
    if cage.target() == 0 {
        return Err(PuzzleError::ZeroTarget { cage: index });
    }
    if operation == Operation::Given && cage.target() > size as u64 {
        return Err(PuzzleError::GivenOutOfRange {
            cage: index,
            target: cage.target(),
            size,
        });
    }
    Ok(())
}

/// Whether sorted, distinct, in-range `cells` form one 4-connected group.
fn is_connected(cells: &[Cell], size: usize) -> bool {
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    let mut count = 1;
    while let Some(i) = stack.pop() {
        let (row, col) = (cells[i].row(size), cells[i].col(size));
        for (j, other) in cells.iter().enumerate() {
            if reached[j] {
                continue;
            }
            let (r, c) = (other.row(size), other.col(size));
            if row.abs_diff(r) + col.abs_diff(c) == 1 {
                reached[j] = true;
                count += 1;
                stack.push(j);
            }
        }
    }
    count == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(op: Operation, target: u64, cells: &[u16]) -> Cage {
        Cage::new(op, target, cells.iter().map(|&c| Cell(c)).collect())
    }

    fn two_by_two(cages: Vec<Cage>) -> Result<Puzzle, PuzzleError> {
        Puzzle::new(2, cages)
    }

    #[test]
    fn builds_and_orders_cages_by_smallest_cell() {
        let puzzle = two_by_two(vec![
            cage(Operation::Add, 3, &[3, 2]),
            cage(Operation::Subtract, 1, &[0, 1]),
        ])
        .unwrap();
        assert_eq!(puzzle.cages()[0].operation(), Operation::Subtract);
        assert_eq!(puzzle.cages()[1].cells(), [Cell(2), Cell(3)]);
        assert_eq!(puzzle.cage_of(Cell(3)), CageId(1));
    }

    #[test]
    fn rejects_each_broken_invariant() {
        use Operation::*;
        let cases = [
            (
                vec![cage(Add, 3, &[0, 1]), cage(Add, 3, &[1, 2, 3])],
                "cell 1 is in cage 0 and again in cage 1",
            ),
            (vec![cage(Add, 3, &[0, 1])], "cells are in no cage: 2 3"),
            (
                vec![cage(Add, 3, &[0, 3]), cage(Add, 3, &[1, 2])],
                "cage 0: its cells are not connected",
            ),
            (
                vec![cage(Subtract, 1, &[0, 1, 2]), cage(Given, 1, &[3])],
                "cage 0: a subtraction cage must have exactly two cells, but this one has 3",
            ),
            (
                vec![cage(Given, 1, &[0, 1]), cage(Add, 3, &[2, 3])],
                "cage 0: a given cage (no operator) must have exactly one cell",
            ),
            (
                vec![cage(Add, 0, &[0, 1]), cage(Add, 3, &[2, 3])],
                "cage 0: the target must be positive",
            ),
            (
                vec![cage(Add, 3, &[0, 1]), cage(Add, 3, &[2, 4])],
                "cage 1: cell 4 is outside the 2x2 grid",
            ),
            (
                vec![cage(Given, 3, &[0]), cage(Add, 3, &[1, 2, 3])],
                "cage 0: a given must be a digit from 1 to 2, found 3",
            ),
            (
                vec![cage(Add, 3, &[]), cage(Add, 3, &[0, 1, 2, 3])],
                "cage 0 has no cells",
            ),
        ];
        for (cages, message) in cases {
            let error = two_by_two(cages).unwrap_err().to_string();
            assert!(
                error.starts_with(message),
                "{error:?} should start with {message:?}"
            );
        }
        assert!(Puzzle::new(0, vec![]).is_err());
        assert!(Puzzle::new(MAX_SIZE + 1, vec![]).is_err());
    }

    #[test]
    fn a_cage_may_wind_around() {
        // An L of three cells in a 3x3 grid: 0 1 4 (right, then down).
        let puzzle = Puzzle::new(
            3,
            vec![
                cage(Operation::Add, 6, &[0, 1, 4]),
                cage(Operation::Add, 6, &[2, 5, 8]),
                cage(Operation::Add, 6, &[3, 6, 7]),
            ],
        );
        assert!(puzzle.is_ok());
    }
}
