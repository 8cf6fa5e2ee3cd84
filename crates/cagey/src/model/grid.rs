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

    /// Row `row` (from 0 at the top) as its digits separated by single spaces, `.` for an
    /// empty cell: `"1 2 4 3"`, `"10 2 . 12"`.
    pub fn row_text(&self, row: usize) -> String {
        let mut text = String::with_capacity(3 * self.size);
        self.write_row(row, false, &mut text);
        text
    }

    /// Appends row `row` to `out`, digits separated by spaces; with `align`, each takes two
    /// columns, right-aligned, on grids past 9x9. Written a character at a time rather than
    /// through `fmt` and its padding, which had cost over 300 instructions a digit. Callgrind
    /// over `cagey solve --jobs 1` on Keen's 2,252 puzzles: printing their solutions took
    /// 36.5 million instructions, now 5.3 million; with `--output jsonl` (a string per
    /// digit, joined), 34.6 million, now 6.1 million.
    fn write_row(&self, row: usize, align: bool, out: &mut String) {
        let width = if align && self.size > 9 { 2 } else { 1 };
        let cells = &self.digits[row * self.size..(row + 1) * self.size];
        for (col, &digit) in cells.iter().enumerate() {
            if col > 0 {
                out.push(' ');
            }
            // Digits run up to 32: two decimal places at most.
            let places = if digit >= 10 { 2 } else { 1 };
            for _ in places..width {
                out.push(' ');
            }
            match digit {
                0 => out.push('.'),
                10.. => {
                    out.push(char::from(b'0' + digit / 10));
                    out.push(char::from(b'0' + digit % 10));
                }
                _ => out.push(char::from(b'0' + digit)),
            }
        }
    }
}

impl fmt::Display for Grid {
    /// Rows of digits separated by spaces, as the kk format's tools print a solution; for grids past
    /// 9x9 every digit takes two columns, right-aligned. Empty cells print as `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(3 * self.size * self.size + self.size);
        for row in 0..self.size {
            self.write_row(row, true, &mut text);
            text.push('\n');
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_print_as_the_essay_prints_them() {
        let mut grid = Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
        assert_eq!(grid.to_string(), "1 2\n2 1\n");
        grid.set(Cell(1), 0);
        assert_eq!(grid.to_string(), "1 .\n2 1\n");
        assert_eq!(grid.row_text(0), "1 .");
    }

    #[test]
    fn past_nine_digits_line_up_in_print_but_not_in_row_text() {
        // Each row a cyclic shift of 1..=12, with one cell emptied.
        let digits = (0..12)
            .flat_map(|r| (0..12).map(move |c| ((r + c) % 12 + 1) as u8))
            .collect();
        let mut grid = Grid::from_digits(12, digits).unwrap();
        grid.set(Cell(1), 0);
        let printed = grid.to_string();
        let lines: Vec<&str> = printed.lines().collect();
        assert_eq!(lines.len(), 12);
        assert_eq!(lines[0], " 1  .  3  4  5  6  7  8  9 10 11 12");
        assert_eq!(lines[11], "12  1  2  3  4  5  6  7  8  9 10 11");
        assert_eq!(grid.row_text(0), "1 . 3 4 5 6 7 8 9 10 11 12");
        assert_eq!(grid.row_text(11), "12 1 2 3 4 5 6 7 8 9 10 11");
    }
}
