//! `Grid`: a square of digits, filled or partly filled; a solution is a full grid.

use std::fmt;

use super::{Cell, MAX_SIZE};

/// A `size`x`size` square of digits, row-major; 0 marks an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    size: usize,
    digits: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(size: usize) -> Grid {
        assert!(size <= MAX_SIZE, "grid side {size} exceeds {MAX_SIZE}");
        Grid {
            size,
            digits: vec![0; size * size],
        }
    }

    /// A grid from row-major digits (0 for empty), or `None` if there are not `size * size`
    /// of them or one is larger than `size`.
    pub fn from_digits(size: usize, digits: Vec<u8>) -> Option<Grid> {
        let fits = size <= MAX_SIZE
            && digits.len() == size * size
            && digits.iter().all(|&d| usize::from(d) <= size);
        fits.then_some(Grid { size, digits })
    }

    /// The side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The digit in `cell`, 0 if empty.
    pub fn get(&self, cell: Cell) -> u8 {
        self.digits[cell.index()]
    }

    /// Puts `digit` (0 to empty it) in `cell`.
    pub fn set(&mut self, cell: Cell, digit: u8) {
        debug_assert!(usize::from(digit) <= self.size);
        self.digits[cell.index()] = digit;
    }

    /// The digits, row-major.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.digits.chunks(self.size.max(1))
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.digits.iter().all(|&d| d != 0)
    }
}

impl fmt::Display for Grid {
    /// Rows of digits separated by spaces, as the J essay prints a solution; for grids past
    /// 9x9 every digit takes two columns, right-aligned. Empty cells print as `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = if self.size > 9 { 2 } else { 1 };
        for row in self.rows() {
            for (col, &digit) in row.iter().enumerate() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                if digit == 0 {
                    write!(f, "{:>width$}", ".")?;
                } else {
                    write!(f, "{digit:>width$}")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
