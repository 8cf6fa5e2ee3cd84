//! Houses beyond rows and columns: regular boxes (KenDoku, Killer Sudoku) or irregular
//! jigsaw regions (Killer Jigsaw).
//!
//! Boxes of `rows` x `cols` cells tile the grid; for a 6x6 with 2x3 boxes:
//!
//! ```text
//!   0 0 0 1 1 1
//!   0 0 0 1 1 1
//!   2 2 2 3 3 3      box of cell (r, c) = (r / rows) * (size / cols) + c / cols
//!   2 2 2 3 3 3
//!   4 4 4 5 5 5
//!   4 4 4 5 5 5
//! ```

use super::Cell;

/// The houses a puzzle has besides its rows and columns; each holds every digit once.
///
/// Two jigsaw layouts are equal when they cut the grid into the same regions, whatever
/// numbers name them: a format that draws regions by their borders (Solo's) reads them
/// back numbered in the order their first cells come, and it is still the same puzzle.
#[derive(Clone, Debug, Default)]
pub enum Regions {
    /// Rows and columns only.
    #[default]
    None,
    /// Regular boxes of `rows` x `cols` cells, with `rows * cols == size`.
    Boxes {
        /// Rows of one box.
        rows: usize,
        /// Columns of one box.
        cols: usize,
    },
    /// Irregular regions: the region (`0..size`) of each cell, row-major. Each region has
    /// `size` connected cells.
    Jigsaw(Vec<u8>),
}

impl PartialEq for Regions {
    fn eq(&self, other: &Regions) -> bool {
        match (self, other) {
            (Regions::None, Regions::None) => true,
            (Regions::Boxes { rows, cols }, Regions::Boxes { rows: r, cols: c }) => {
                (rows, cols) == (r, c)
            }
            (Regions::Jigsaw(a), Regions::Jigsaw(b)) => {
                a.len() == b.len() && first_seen(a).eq(first_seen(b))
            }
            _ => false,
        }
    }
}

impl Eq for Regions {}

impl std::hash::Hash for Regions {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Regions::None => {}
            Regions::Boxes { rows, cols } => (rows, cols).hash(state),
            Regions::Jigsaw(labels) => {
                labels.len().hash(state);
                first_seen(labels).for_each(|label| label.hash(state));
            }
        }
    }
}

/// The region numbers of `labels` renumbered in the order they first appear (0, 1, ...):
/// the same for every numbering of one layout.
fn first_seen(labels: &[u8]) -> impl Iterator<Item = u8> + '_ {
    let mut names = [u8::MAX; 256];
    let mut next = 0u8;
    labels.iter().map(move |&label| {
        let name = &mut names[usize::from(label)];
        if *name == u8::MAX {
            *name = next;
            next = next.wrapping_add(1);
        }
        *name
    })
}

impl Regions {
    /// Whether the two are the same regions under the same numbers (`==` allows other
    /// numbers): for what keeps houses by their number.
    pub(crate) fn same_numbers(&self, other: &Regions) -> bool {
        match (self, other) {
            (Regions::Jigsaw(a), Regions::Jigsaw(b)) => a == b,
            _ => self == other,
        }
    }

    /// The usual boxes for a grid of side `size`: as square as possible, never taller than
    /// wide (6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 16 -> 4x4); `None` for a prime size, which has no
    /// boxes but rows and columns.
    pub fn standard_boxes(size: usize) -> Option<Regions> {
        let rows = (2..=size.isqrt()).rev().find(|r| size % r == 0)?;
        Some(Regions::Boxes {
            rows,
            cols: size / rows,
        })
    }

    /// The region of `cell` in a grid of side `size`, if there are regions.
    pub fn region_of(&self, cell: Cell, size: usize) -> Option<usize> {
        match self {
            Regions::None => None,
            Regions::Boxes { rows, cols } => {
                let (row, col) = (cell.row(size), cell.col(size));
                Some((row / rows) * (size / cols) + col / cols)
            }
            Regions::Jigsaw(region) => Some(usize::from(region[cell.index()])),
        }
    }

    /// The cells of each region, row-major within a region; empty without regions.
    pub fn houses(&self, size: usize) -> Vec<Vec<Cell>> {
        if *self == Regions::None {
            return Vec::new();
        }
        let mut houses = vec![Vec::with_capacity(size); size];
        for index in 0..size * size {
            let cell = Cell(index as u16);
            if let Some(region) = self.region_of(cell, size) {
                houses[region].push(cell);
            }
        }
        houses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jigsaws_are_equal_when_they_cut_the_grid_alike_whatever_the_numbers() {
        use std::hash::{BuildHasher, RandomState};
        let cut = Regions::Jigsaw(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
        let renumbered = Regions::Jigsaw(vec![3, 3, 0, 0, 3, 3, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2]);
        let other_cut = Regions::Jigsaw(vec![0, 0, 1, 1, 0, 2, 1, 1, 2, 0, 3, 3, 2, 2, 3, 3]);
        assert_eq!(cut, renumbered);
        assert!(!cut.same_numbers(&renumbered));
        assert_ne!(cut, other_cut);
        let hashes = RandomState::new();
        assert_eq!(hashes.hash_one(&cut), hashes.hash_one(&renumbered));
        assert_ne!(cut, Regions::Boxes { rows: 2, cols: 2 });
    }

    #[test]
    fn standard_boxes_are_as_square_as_possible() {
        let shape = |n| match Regions::standard_boxes(n) {
            Some(Regions::Boxes { rows, cols }) => Some((rows, cols)),
            _ => None,
        };
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(8), Some((2, 4)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(7), None);
    }

    #[test]
    fn boxes_number_left_to_right_then_down() {
        let boxes = Regions::Boxes { rows: 2, cols: 3 };
        assert_eq!(boxes.region_of(Cell(0), 6), Some(0));
        assert_eq!(boxes.region_of(Cell(3), 6), Some(1));
        assert_eq!(boxes.region_of(Cell(12), 6), Some(2));
        assert_eq!(boxes.region_of(Cell(35), 6), Some(5));
        assert_eq!(
            boxes.houses(6)[1],
            [Cell(3), Cell(4), Cell(5), Cell(9), Cell(10), Cell(11)]
        );
    }
}
