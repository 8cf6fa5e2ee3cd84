//! Small value types that must not be mixed up: a cell index, a digit, a cage id.
//!
//! Cells are numbered row-major from the top-left, as in the kk format:
//!
//! ```text
//!         col 0  col 1  col 2  col 3
//! row 0     0      1      2      3
//! row 1     4      5      6      7
//! row 2     8      9     10     11
//! row 3    12     13     14     15
//! ```
//!
//! `Cell(i)` is at row `i / n`, column `i % n` of an `n`x`n` grid.

use std::fmt;

/// The index of a cell in row-major order, `row * size + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u16);

impl Cell {
    /// The cell at `row`, `col` of a grid of side `size`.
    pub fn at(row: usize, col: usize, size: usize) -> Cell {
        debug_assert!(row < size && col < size);
        Cell((row * size + col) as u16)
    }

    /// The row-major index, usable to index per-cell arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The row of this cell in a grid of side `size`, counted from 0 at the top.
    pub fn row(self, size: usize) -> usize {
        self.index() / size
    }

    /// The column of this cell in a grid of side `size`, counted from 0 at the left.
    pub fn col(self, size: usize) -> usize {
        self.index() % size
    }

    /// The cell as people name it in a grid of side `size`: `r3c4`, rows and columns counted
    /// from 1. Every message a person reads names cells this way; the 0-based index (what
    /// [`Display`](fmt::Display) prints) is for formats and JSON, which count from 0.
    ///
    /// ```
    /// use cagey::Cell;
    /// assert_eq!(Cell(0).name(4), "r1c1");
    /// assert_eq!(Cell(6).name(4), "r2c3");
    /// ```
    pub fn name(self, size: usize) -> String {
        format!("r{}c{}", self.row(size) + 1, self.col(size) + 1)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The position of a cage in a [`Puzzle`](crate::Puzzle): cages are ordered by their smallest
/// cell, so `CageId(0)` is the cage holding cell 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CageId(pub u16);

impl CageId {
    /// The position, usable to index per-cage arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for CageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
