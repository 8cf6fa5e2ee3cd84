//! An independent brute-force solution counter for tests: plain backtracking over the cells
//! in row-major order, sharing no code with the solvers.
//!
//! It tries every digit in every cell, keeps a digit only if its row, column, region (if
//! any) and diagonals (under the diagonal rule) do not hold it yet and it is the cell's given (if any), and checks a cage as its
//! cells fill: under the killer rule no digit twice; a sum or product must still be able to
//! reach its target while cells are empty and reach it exactly once the last one is filled;
//! subtraction and division (of two cells or, multi-cell, of any number) are checked on the
//! last cell, as the largest digit minus the sum of the others, or divided by their product.
//! Every grid it counts must also pass `cagey::check`, so the counter and the checker are
//! held to one reading of every rule.

#![allow(dead_code)] // each test binary uses its own part of this module

use cagey::model::Regions;
use cagey::{check, Cell, Grid, Operation, Puzzle};

/// What the counter found: up to `limit` solutions, in the order found (row-major
/// lexicographic), and whether that is all of them.
#[derive(Debug)]
pub struct Count {
    /// The solutions found, at most the limit asked for.
    pub solutions: Vec<Grid>,
    /// Whether the search ran to its end, so that `solutions` is every solution.
    pub complete: bool,
}

/// Counts the solutions of `puzzle`, stopping at `limit`.
pub fn count(puzzle: &Puzzle, limit: usize) -> Count {
    let n = puzzle.size();
    let cells = n * n;
    let region: Vec<usize> = (0..cells)
        .map(|i| match puzzle.regions() {
            Regions::None => 0,
            regions => 1 + regions.region_of(Cell(i as u16), n).expect("a region"),
        })
        .collect();
    let mut brute = Brute {
        puzzle,
        n,
        region,
        digits: vec![0; cells],
        // Region 0 is "none": never marked.
        used: vec![vec![false; n + 1]; 3 * n + 3],
        limit,
        solutions: Vec::new(),
    };
    let complete = brute.fill(0);
    Count {
        solutions: brute.solutions,
        complete,
    }
}

struct Brute<'p> {
    puzzle: &'p Puzzle,
    n: usize,
    /// 1 + the region of each cell, or 0 without regions.
    region: Vec<usize>,
    digits: Vec<u8>,
    /// Digits used per house: rows 0..n, columns n..2n, regions 2n+1..=3n, and the
    /// diagonals r1c1-rncn and r1cn-rnc1 at 3n+1 and 3n+2 under the diagonal rule.
    used: Vec<Vec<bool>>,
    limit: usize,
    solutions: Vec<Grid>,
}

impl Brute<'_> {
    /// The houses of cell `i` in `used`: its row, its column, its region if any, and the
    /// diagonals through it under the diagonal rule.
    fn houses(&self, i: usize) -> Vec<usize> {
        let n = self.n;
        let (row, col) = (i / n, i % n);
        let mut houses = vec![row, n + col];
        if self.region[i] > 0 {
            houses.push(2 * n + self.region[i]);
        }
        if self.puzzle.options().diagonals {
            if row == col {
                houses.push(3 * n + 1);
            }
            if row + col == n - 1 {
                houses.push(3 * n + 2);
            }
        }
        houses
    }

    /// Fills cells `i..`; `false` once the limit is reached (the search stopped early).
    fn fill(&mut self, i: usize) -> bool {
        if i == self.digits.len() {
            let grid = Grid::from_digits(self.n, self.digits.clone()).expect("a full grid");
            assert_eq!(
                check(self.puzzle, &grid),
                Ok(()),
                "the brute-force counter and the checker disagree on\n{grid}"
            );
            self.solutions.push(grid);
            return self.solutions.len() < self.limit;
        }
        let houses = self.houses(i);
        let given = self.puzzle.given(Cell(i as u16));
        for digit in 1..=self.n as u8 {
            if given.is_some_and(|g| g != digit) {
                continue;
            }
            if houses.iter().any(|&h| self.used[h][usize::from(digit)]) {
                continue;
            }
            self.digits[i] = digit;
            if !self.cage_may_hold(i) {
                continue;
            }
            for &h in &houses {
                self.used[h][usize::from(digit)] = true;
            }
            let go_on = self.fill(i + 1);
            for &h in &houses {
                self.used[h][usize::from(digit)] = false;
            }
            if !go_on {
                self.digits[i] = 0;
                return false;
            }
        }
        self.digits[i] = 0;
        true
    }

    /// Whether the cage of cell `i`, whose cells up to `i` are filled, can still be met.
    fn cage_may_hold(&self, i: usize) -> bool {
        // A cell in no cage answers to its houses alone.
        let Some(id) = self.puzzle.cage_of(Cell(i as u16)) else {
            return true;
        };
        let cage = self.puzzle.cage(id);
        let filled: Vec<u64> = cage
            .cells()
            .iter()
            .filter(|c| c.index() <= i)
            .map(|c| u64::from(self.digits[c.index()]))
            .collect();
        let empty = (cage.cells().len() - filled.len()) as u64;
        if self.puzzle.options().killer {
            let mut seen = filled.clone();
            seen.sort_unstable();
            seen.dedup();
            if seen.len() != filled.len() {
                return false;
            }
        }
        let target = cage.target();
        let n = self.n as u64;
        let sum: u64 = filled.iter().sum();
        match cage.operation() {
            Operation::Unknown => unreachable!("the random variant puzzles hide no operation"),
            Operation::Given => filled == [target],
            Operation::Add => sum + empty <= target && target <= sum + empty * n,
            Operation::Multiply => {
                let product: u64 = filled.iter().product();
                if empty == 0 {
                    product == target
                } else {
                    target.is_multiple_of(product)
                }
            }
            _ if empty > 0 => true,
            Operation::Subtract => {
                let largest = *filled.iter().max().expect("a cage has cells");
                largest >= sum - largest && largest - (sum - largest) == target
            }
            Operation::Divide => {
                let largest = *filled.iter().max().expect("a cage has cells");
                let others: u64 = filled.iter().product::<u64>() / largest;
                largest == target * others
            }
        }
    }
}

/// Every tuple of digits that `cage` of `puzzle` may hold on its own, in lexicographic order:
/// all `n^m` fillings of its `m` cells, kept if they meet its arithmetic, repeat no digit in
/// two cells sharing a row, column, region or diagonal (under the diagonal rule; or at all,
/// under the killer rule), and hold the
/// givens. What the essay's initial tables should be.
pub fn tuples(puzzle: &Puzzle, cage: &cagey::Cage) -> Vec<Vec<u8>> {
    let n = puzzle.size();
    let cells = cage.cells();
    let same_house = |a: Cell, b: Cell| {
        a.row(n) == b.row(n)
            || a.col(n) == b.col(n)
            || puzzle
                .regions()
                .region_of(a, n)
                .is_some_and(|r| puzzle.regions().region_of(b, n) == Some(r))
            || puzzle.options().diagonals
                && (a.row(n) == a.col(n) && b.row(n) == b.col(n)
                    || a.row(n) + a.col(n) == n - 1 && b.row(n) + b.col(n) == n - 1)
    };
    let mut all = Vec::new();
    let mut tuple = vec![1u8; cells.len()];
    loop {
        let repeats = (0..cells.len()).any(|i| {
            (0..i).any(|j| {
                tuple[i] == tuple[j] && (puzzle.options().killer || same_house(cells[i], cells[j]))
            })
        });
        let givens = cells
            .iter()
            .zip(&tuple)
            .all(|(&cell, &d)| puzzle.given(cell).is_none_or(|g| g == d));
        if !repeats && givens && meets(cage, &tuple) {
            all.push(tuple.clone());
        }
        // The next tuple, the last cell turning fastest.
        let Some(i) = (0..cells.len()).rev().find(|&i| usize::from(tuple[i]) < n) else {
            return all;
        };
        tuple[i] += 1;
        tuple[i + 1..].fill(1);
    }
}

/// Whether `digits` meet the arithmetic of `cage`: the largest minus the sum of the others,
/// or divided by their product, for `-` and `%` of any number of cells.
fn meets(cage: &cagey::Cage, digits: &[u8]) -> bool {
    let digits: Vec<u64> = digits.iter().map(|&d| u64::from(d)).collect();
    let sum: u64 = digits.iter().sum();
    let product: u64 = digits.iter().product();
    let largest = *digits.iter().max().expect("a cage has cells");
    let target = cage.target();
    match cage.operation() {
        Operation::Unknown => unreachable!("the random variant puzzles hide no operation"),
        Operation::Given => digits == [target],
        Operation::Add => sum == target,
        Operation::Multiply => product == target,
        Operation::Subtract => 2 * largest >= sum && 2 * largest - sum == target,
        Operation::Divide => largest * largest == target * product,
    }
}
