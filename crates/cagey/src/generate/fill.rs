//! A random full grid for the kinds with boxes or jigsaw regions, where a Latin square
//! would break a region, and for any grid under the diagonal rule (a Latin square's chain
//! does not keep the diagonals): randomised backtracking, fewest candidates first, digits
//! tried in a random order.
//!
//! Uniformity over all Sudoku grids is not claimed (no known cheap method gives it); the
//! random digit order at every cell gives a wide spread, and a jigsaw layout without any
//! grid is noticed within [`FILL_MAX_NODES`] and drawn again by the caller.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::model::{Cell, Grid, Regions};

/// Nodes one fill may visit: a 9x9 Sudoku grid takes about 81 (nearly never a dead end), a
/// 16x16 a few hundred; a jigsaw layout that admits no grid at all shows it within this
/// many, and the caller draws other regions.
pub const FILL_MAX_NODES: u64 = 200_000;

/// A random full grid that holds every digit once in each row, column and region, or
/// `None` if none was found within [`FILL_MAX_NODES`].
pub fn random_grid<R: Rng + ?Sized>(size: usize, regions: &Regions, rng: &mut R) -> Option<Grid> {
    random_grid_with(size, regions, false, rng)
}

/// [`random_grid`], and with `diagonals` every digit once on each long diagonal too (the
/// diagonal rule of Killer X).
pub fn random_grid_with<R: Rng + ?Sized>(
    size: usize,
    regions: &Regions,
    diagonals: bool,
    rng: &mut R,
) -> Option<Grid> {
    let n = size;
    let region: Vec<usize> = (0..n * n)
        .map(|i| regions.region_of(Cell(i as u16), n).unwrap_or(0))
        .collect();
    let has_regions = *regions != Regions::None;
    let mut fill = Fill {
        n,
        region,
        has_regions,
        digits: vec![0; n * n],
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; n],
        diagonals,
        down: 0,
        up: 0,
        nodes: 0,
    };
    fill.search(rng).then(|| {
        Grid::from_digits(n, fill.digits.iter().map(|&d| d as u8).collect())
            .expect("the digits fit the grid")
    })
}

struct Fill {
    n: usize,
    region: Vec<usize>,
    has_regions: bool,
    digits: Vec<u32>,
    /// Digits used in each row, column and region, bit `d - 1` for digit `d`.
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    /// Whether the diagonal rule holds, and the digits used on the diagonal from r1c1 down
    /// and on the one from rnc1 up.
    diagonals: bool,
    down: u32,
    up: u32,
    nodes: u64,
}

impl Fill {
    fn free(&self, cell: usize) -> u32 {
        let (r, c) = (cell / self.n, cell % self.n);
        let all = if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        };
        let mut used = self.rows[r] | self.cols[c];
        if self.has_regions {
            used |= self.boxes[self.region[cell]];
        }
        if self.diagonals {
            if r == c {
                used |= self.down;
            }
            if r + c == self.n - 1 {
                used |= self.up;
            }
        }
        all & !used
    }

    fn toggle(&mut self, cell: usize, bit: u32) {
        let (r, c) = (cell / self.n, cell % self.n);
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        if self.has_regions {
            self.boxes[self.region[cell]] ^= bit;
        }
        if self.diagonals {
            if r == c {
                self.down ^= bit;
            }
            if r + c == self.n - 1 {
                self.up ^= bit;
            }
        }
    }

    /// Fills the empty cells; false on a dead end or when the node budget is spent.
    fn search<R: Rng + ?Sized>(&mut self, rng: &mut R) -> bool {
        self.nodes += 1;
        if self.nodes > FILL_MAX_NODES {
            return false;
        }
        // The empty cell with the fewest candidates.
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..self.n * self.n {
            if self.digits[cell] != 0 {
                continue;
            }
            let free = self.free(cell);
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, free)) = best else {
            return true;
        };
        let mut choices: Vec<u32> = (0..32).filter(|d| free & (1 << d) != 0).collect();
        choices.shuffle(rng);
        for d in choices {
            let bit = 1 << d;
            self.digits[cell] = d + 1;
            self.toggle(cell, bit);
            if self.search(rng) {
                return true;
            }
            self.toggle(cell, bit);
            self.digits[cell] = 0;
            if self.nodes > FILL_MAX_NODES {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chacha20::ChaCha8Rng;
    use rand::SeedableRng;

    #[test]
    fn diagonal_grids_hold_every_digit_once_on_both_diagonals() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for (size, regions) in [
            (4, Regions::standard_boxes(4).unwrap()),
            (5, Regions::None),
            (6, Regions::standard_boxes(6).unwrap()),
            (9, Regions::standard_boxes(9).unwrap()),
        ] {
            for _ in 0..5 {
                let grid = random_grid_with(size, &regions, true, &mut rng).expect("a grid");
                let down: Vec<u8> = (0..size)
                    .map(|i| grid.get(Cell((i * size + i) as u16)))
                    .collect();
                let up: Vec<u8> = (0..size)
                    .map(|i| grid.get(Cell((i * size + size - 1 - i) as u16)))
                    .collect();
                for mut line in [down, up] {
                    line.sort_unstable();
                    assert_eq!(line, (1..=size as u8).collect::<Vec<_>>(), "{grid}");
                }
                for house in regions.houses(size) {
                    let mut digits: Vec<u8> = house.iter().map(|&c| grid.get(c)).collect();
                    digits.sort_unstable();
                    assert_eq!(digits, (1..=size as u8).collect::<Vec<_>>(), "{grid}");
                }
            }
        }
    }

    #[test]
    fn sudoku_grids_respect_their_boxes() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for size in [4, 6, 8, 9, 12, 16] {
            let regions = Regions::standard_boxes(size).unwrap();
            let grid = random_grid(size, &regions, &mut rng).expect("a grid");
            for house in regions.houses(size) {
                let mut digits: Vec<u8> = house.iter().map(|&c| grid.get(c)).collect();
                digits.sort_unstable();
                assert_eq!(digits, (1..=size as u8).collect::<Vec<_>>(), "{grid}");
            }
        }
    }
}
