//! Why a [`Puzzle`](super::Puzzle) could not be built: [`PuzzleError`], one variant per
//! invariant that `Puzzle::new` checks, with messages that name cells `r1c1` and cages as
//! every message names them, by clue and first cell (`12+ at r1c1`). Each error about one
//! cage also holds its position in the list passed in ([`PuzzleError::cage`]), so that a
//! parser can point back at the line it came from and name it its own way
//! ([`PuzzleError::detail`]).

use thiserror::Error;

use super::{Cell, Operation, MAX_SIZE};

/// Why a [`Puzzle`] could not be built. Messages name a cage by its clue and first cell
/// (`cage 12+ at r1c1: …`); the position in the list given to [`Puzzle::new`] is kept beside
/// it, counted from 0, for parsers, and never printed (a 0-based number named no cell a
/// player could find).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The grid side is outside `1..=MAX_SIZE`.
    #[error("a grid of side {size} is not supported: sizes run from 1 to {MAX_SIZE}")]
    Size {
        /// The side asked for.
        size: usize,
    },
    /// The puzzle has no cage at all.
    #[error("a cage puzzle needs at least one cage, and this one has none")]
    NoCages,
    /// A cage has no cells.
    #[error("cage {name} has no cells")]
    EmptyCage {
        /// Position of the cage.
        cage: usize,
        /// The cage as messages name it: its clue (it has no first cell).
        name: String,
    },
    /// A cage names a cell outside the grid.
    #[error("cage {name}: cell {cell} is outside the {size}x{size} grid (cells run from 0 to {last})", last = size * size - 1)]
    CellOutOfRange {
        /// Position of the cage.
        cage: usize,
        /// The cage as messages name it: its clue (its cells are not all in the grid).
        name: String,
        /// The offending cell.
        cell: Cell,
        /// The grid side.
        size: usize,
    },
    /// A cage lists a cell twice.
    #[error("cage {name}: it lists {} twice", cell.name(*size))]
    RepeatedCell {
        /// Position of the cage.
        cage: usize,
        /// The cage as messages name it, `12+ at r1c1`.
        name: String,
        /// The repeated cell.
        cell: Cell,
        /// The grid side, to name the cell `r1c1`.
        size: usize,
    },
    /// Two cages share a cell.
    #[error("{} is in cage {} and again in cage {}", cell.name(*size), names[0], names[1])]
    Overlap {
        /// The shared cell.
        cell: Cell,
        /// The earlier cage.
        first: usize,
        /// The later cage.
        second: usize,
        /// The grid side, to name the cell `r1c1`.
        size: usize,
        /// The two cages as people name them, by label and first cell (`3+ at r1c1`): the
        /// error is made before the puzzle that would name them exists. (Boxed: held in
        /// place, they made every parse error half as large again.)
        names: Box<[String; 2]>,
    },
    /// Some cells are in no cage.
    #[error("{} in no cage: {}", if cells.len() == 1 { "cell is" } else { "cells are" }, list_cells(cells, *size))]
    Uncovered {
        /// The uncovered cells, ascending.
        cells: Vec<Cell>,
        /// The grid side, to name the cells `r1c1`.
        size: usize,
    },
    /// A cage's cells are not 4-connected.
    #[error("cage {name}: its cells are not connected (each cell must share a side with another)")]
    NotConnected {
        /// Position of the cage.
        cage: usize,
        /// The cage as messages name it, `12+ at r1c1`.
        name: String,
    },
    /// A cage has a number of cells its operation does not allow.
    #[error("cage {name}: a {operation} cage {expected}, but this one has {cells}")]
    Arity {
        /// Position of the cage.
        cage: usize,
        /// The cage as messages name it, `12+ at r1c1`.
        name: String,
        /// Its operation.
        operation: Operation,
        /// Its number of cells.
        cells: usize,
        /// What the rules allow, in words.
        expected: &'static str,
    },
    /// A target is zero.
    #[error("cage {name}: the target must be positive, found 0")]
    ZeroTarget {
        /// Position of the cage.
        cage: usize,
        /// The cage as messages name it, `0+ at r1c1`.
        name: String,
    },
    /// Boxes that do not tile the grid.
    #[error("boxes of {rows}x{cols} cells do not tile a {size}x{size} grid (rows x columns must be {size})")]
    BoxShape {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
        /// The grid side.
        size: usize,
    },
    /// Jigsaw regions that are not `size` connected regions of `size` cells.
    #[error("jigsaw regions: {reason}")]
    Jigsaw {
        /// What is wrong.
        reason: String,
    },
    /// A given outside the cages that is not a digit of a cell of the grid.
    #[error(
        "given {digit} in {}: a given is a digit from 1 to {size} in a cell of the grid",
        cell.name(*size)
    )]
    BadGiven {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The grid side.
        size: usize,
    },
    /// A killer cage that is not a sum.
    #[error("killer cages are sums, and {name} is not one")]
    KillerOperation {
        /// Position of the cage.
        cage: usize,
        /// The cage as people name it, by signed label and first cell (`12× at r1c1`).
        name: String,
    },
    /// A given is not a digit of the grid.
    #[error("cage {name}: a given must be a digit from 1 to {size}, found {target}")]
    GivenOutOfRange {
        /// Position of the cage.
        cage: usize,
        /// The cage as messages name it, `7 at r1c1`.
        name: String,
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
            PuzzleError::EmptyCage { cage, .. }
            | PuzzleError::CellOutOfRange { cage, .. }
            | PuzzleError::RepeatedCell { cage, .. }
            | PuzzleError::NotConnected { cage, .. }
            | PuzzleError::Arity { cage, .. }
            | PuzzleError::ZeroTarget { cage, .. }
            | PuzzleError::GivenOutOfRange { cage, .. }
            | PuzzleError::KillerOperation { cage, .. } => Some(cage),
            PuzzleError::Overlap { second, .. } => Some(second),
            PuzzleError::Size { .. }
            | PuzzleError::NoCages
            | PuzzleError::Uncovered { .. }
            | PuzzleError::BoxShape { .. }
            | PuzzleError::Jigsaw { .. }
            | PuzzleError::BadGiven { .. } => None,
        }
    }
}

impl PuzzleError {
    /// The cage the error is about as its message names it (`12+ at r1c1`), if it is about
    /// one cage.
    pub fn cage_name(&self) -> Option<&str> {
        match self {
            PuzzleError::EmptyCage { name, .. }
            | PuzzleError::CellOutOfRange { name, .. }
            | PuzzleError::RepeatedCell { name, .. }
            | PuzzleError::NotConnected { name, .. }
            | PuzzleError::Arity { name, .. }
            | PuzzleError::ZeroTarget { name, .. }
            | PuzzleError::GivenOutOfRange { name, .. }
            | PuzzleError::KillerOperation { name, .. } => Some(name),
            PuzzleError::Overlap { names, .. } => Some(&names[1]),
            PuzzleError::Size { .. }
            | PuzzleError::NoCages
            | PuzzleError::Uncovered { .. }
            | PuzzleError::BoxShape { .. }
            | PuzzleError::Jigsaw { .. }
            | PuzzleError::BadGiven { .. } => None,
        }
    }

    /// The message without its leading `cage 12+ at r1c1: `, for callers that name the cage
    /// their own way (by line, by label or by letter).
    pub fn detail(&self) -> String {
        let message = self.to_string();
        match (self.cage_name(), message.split_once(": ")) {
            (Some(name), Some((head, rest))) if head == format!("cage {name}") => rest.to_string(),
            _ => message,
        }
    }
}

/// At most this many cells are listed in an error message; the rest are counted.
const LISTED_CELLS: usize = 12;

fn list_cells(cells: &[Cell], size: usize) -> String {
    let mut text: Vec<String> = cells
        .iter()
        .take(LISTED_CELLS)
        .map(|c| c.name(size))
        .collect();
    if cells.len() > LISTED_CELLS {
        text.push(format!("and {} more", cells.len() - LISTED_CELLS));
    }
    text.join(" ")
}
