//! The two long diagonals, houses of their own under the diagonal rule (Killer X, Sudoku X:
//! [`Options::diagonals`](super::Options::diagonals)): each holds every digit once, beside
//! the rows, columns and boxes. A cell on both (the centre of an odd grid) sees both.

use super::Cell;

/// One of the grid's two long diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Diagonal {
    /// From the top-left corner down to the bottom-right: r1c1, r2c2 ... rncn.
    Down,
    /// From the top-right corner down to the bottom-left: r1cn, r2c(n-1) ... rnc1.
    Up,
}

impl Diagonal {
    /// Both diagonals, [`Diagonal::Down`] first: the order houses are numbered in.
    pub const BOTH: [Diagonal; 2] = [Diagonal::Down, Diagonal::Up];

    /// The diagonal's cells from the top row down, in a grid of side `size`.
    pub fn cells(self, size: usize) -> Vec<Cell> {
        (0..size)
            .map(|row| match self {
                Diagonal::Down => Cell::at(row, row, size),
                Diagonal::Up => Cell::at(row, size - 1 - row, size),
            })
            .collect()
    }

    /// Whether `cell` lies on this diagonal of a grid of side `size`.
    pub fn contains(self, cell: Cell, size: usize) -> bool {
        let (row, col) = (cell.row(size), cell.col(size));
        match self {
            Diagonal::Down => row == col,
            Diagonal::Up => row + col + 1 == size,
        }
    }

    /// The diagonals through `cell`: none, one, or both at the centre of an odd grid.
    pub fn through(cell: Cell, size: usize) -> impl Iterator<Item = Diagonal> {
        Diagonal::BOTH
            .into_iter()
            .filter(move |diagonal| diagonal.contains(cell, size))
    }

    /// The diagonal in words, by its end cells as the rest of cagey names cells: `the
    /// diagonal r1c1-r9c9`, `the diagonal r1c9-r9c1`.
    pub fn name(self, size: usize) -> String {
        let cells = self.cells(size);
        format!(
            "the diagonal {}-{}",
            cells[0].name(size),
            cells[size - 1].name(size)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_diagonal_runs_corner_to_corner_and_the_centre_is_on_both() {
        let names: Vec<String> = Diagonal::Up
            .cells(3)
            .iter()
            .map(|cell| cell.name(3))
            .collect();
        assert_eq!(names, ["r1c3", "r2c2", "r3c1"]);
        assert_eq!(Diagonal::Down.name(9), "the diagonal r1c1-r9c9");
        assert_eq!(Diagonal::Up.name(9), "the diagonal r1c9-r9c1");
        let centre = Cell::at(4, 4, 9);
        assert_eq!(Diagonal::through(centre, 9).count(), 2);
        assert_eq!(
            Diagonal::through(Cell::at(0, 8, 9), 9).collect::<Vec<_>>(),
            [Diagonal::Up]
        );
        assert_eq!(Diagonal::through(Cell::at(0, 1, 9), 9).count(), 0);
        // An even grid has no cell on both.
        assert!((0..16).all(|i| Diagonal::through(Cell(i), 4).count() <= 1));
    }
}
