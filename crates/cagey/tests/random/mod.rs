//! Random puzzles for tests: a seeded generator, random Latin squares, and random cages
//! whose operations the square meets, so every puzzle has at least that solution.

#![allow(dead_code)] // each test binary uses its own part of this module

use cagey::{Cage, Cell, Grid, Operation, Puzzle};

/// A small deterministic generator (SplitMix64), so that a failing case is reproduced from
/// the seed proptest prints.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random Latin square: the cyclic square with rows, columns and digits shuffled.
pub fn latin_square(size: usize, rng: &mut Rng) -> Grid {
    let mut rows: Vec<usize> = (0..size).collect();
    let mut cols: Vec<usize> = (0..size).collect();
    let mut symbols: Vec<u8> = (1..=size as u8).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut symbols);
    let digits = (0..size * size)
        .map(|i| symbols[(rows[i / size] + cols[i % size]) % size])
        .collect();
    Grid::from_digits(size, digits).unwrap()
}

/// A random puzzle whose cages fit `square`: connected cages of up to `max_cage` cells with
/// operations that the square meets.
pub fn random_puzzle(size: usize, max_cage: usize, rng: &mut Rng) -> (Puzzle, Grid) {
    let square = latin_square(size, rng);
    let groups = random_groups(size, max_cage, rng, |_, _| true);
    let cages = groups
        .into_iter()
        .map(|group| {
            let digits: Vec<u64> = group
                .iter()
                .map(|&c| u64::from(square.digits()[c]))
                .collect();
            let cells: Vec<Cell> = group.iter().map(|&c| Cell(c as u16)).collect();
            let (operation, target) = match digits[..] {
                [d] => (Operation::Given, d),
                [a, b] => match rng.below(4) {
                    0 => (Operation::Add, a + b),
                    1 => (Operation::Multiply, a * b),
                    2 if a != b => (Operation::Subtract, a.abs_diff(b)),
                    3 if a.max(b) % a.min(b) == 0 => (Operation::Divide, a.max(b) / a.min(b)),
                    _ => (Operation::Add, a + b),
                },
                _ if rng.below(2) == 0 => (Operation::Add, digits.iter().sum()),
                _ => (Operation::Multiply, digits.iter().product()),
            };
            Cage::new(operation, target, cells)
        })
        .collect();
    (Puzzle::new(size, cages).unwrap(), square)
}

/// Random connected groups of cells covering a grid of side `size`, each of up to
/// `max_cage` cells: from each cell not yet taken, in random order, a group grows by random
/// free neighbours that `may_join(group, cell)` accepts, until it has the size drawn for it or
/// nothing can join.
pub fn random_groups(
    size: usize,
    max_cage: usize,
    rng: &mut Rng,
    may_join: impl Fn(&[usize], usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut owner = vec![usize::MAX; size * size];
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 1 + rng.below(max_cage);
        let mut group = vec![start];
        owner[start] = groups.len();
        while group.len() < want {
            let frontier: Vec<usize> = group
                .iter()
                .flat_map(|&c| neighbours(c, size))
                .filter(|&c| owner[c] == usize::MAX && may_join(&group, c))
                .collect();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.below(frontier.len())];
            owner[next] = groups.len();
            group.push(next);
        }
        groups.push(group);
    }
    groups
}

/// The cells sharing a side with `cell` in a grid of side `size`.
pub fn neighbours(cell: usize, size: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / size, cell % size);
    [
        (row > 0).then(|| cell - size),
        (row + 1 < size).then(|| cell + size),
        (col > 0).then(|| cell - 1),
        (col + 1 < size).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// `puzzle` with one cage's target changed, which usually leaves it without a solution.
pub fn corrupt_target(puzzle: &Puzzle, rng: &mut Rng) -> Puzzle {
    let size = puzzle.size();
    let mut cages = puzzle.cages().to_vec();
    let victim = rng.below(cages.len());
    let cage = &cages[victim];
    let target = match cage.operation() {
        // A given must stay a digit of the grid.
        Operation::Given => cage.target() % size as u64 + 1,
        _ => cage.target() + 1,
    };
    cages[victim] = Cage::new(cage.operation(), target, cage.cells().to_vec());
    Puzzle::new(size, cages).expect("the same cages with another target")
}
