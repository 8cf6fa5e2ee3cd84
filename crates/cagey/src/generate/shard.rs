//! One part of a run split over machines that never talk to each other: shard `i` of `n`
//! (the same seed and settings on each) makes only puzzles whose solution falls in class
//! `i`, the solution's grid fingerprint ([`grid_fingerprint`]: the same under the 8 turns
//! and mirrors) modulo `n`. A puzzle and its turned or mirrored copies have solutions of
//! one class, so no puzzle is made by two shards; each shard leaves out its own repeats
//! ([`DistinctStream`](super::DistinctStream)), and the union of the shards has none.
//!
//! The class is known as soon as a grid is drawn, so a shard draws grids until one is its
//! own (about `n` draws of a grid, cheap beside cages and steering) instead of making whole
//! puzzles and throwing away all but one in `n`. Splitting by index range instead (`first`
//! and `count`) cannot promise this: two ranges may make the same small puzzle.
//!
//! A grid has few classes when it is small: 4x4 Latin squares fall in a few dozen, so a
//! 4x4 run split many ways leaves some shards few puzzles to make.

use std::fmt;

use super::SettingError;
use crate::model::{grid_fingerprint, relabels_digits, Grid, Puzzle};

/// Shard `index` of `count`, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

/// Grids drawn per shard of the run before a draw is given up: a shard's class comes up once
/// in `count` draws on average, and 64 times that misses only when the size has too few
/// classes to go round (then the attempt fails, as an attempt whose cages do not come out).
pub const DRAWS_PER_SHARD: u64 = 64;

impl Shard {
    /// Shard `index` of `count`; `count` at least 1 and `index` below it.
    pub fn new(index: u64, count: u64) -> Result<Shard, SettingError> {
        if count == 0 {
            return Err(SettingError("a run has at least 1 shard, not 0".into()));
        }
        if index >= count {
            return Err(SettingError(format!(
                "shard {index} of {count}: shards are numbered from 0 to {}",
                count - 1
            )));
        }
        Ok(Shard { index, count })
    }

    /// The shard's number, from 0.
    pub fn index(self) -> u64 {
        self.index
    }

    /// How many shards the run has.
    pub fn count(self) -> u64 {
        self.count
    }

    /// Whether a puzzle whose solution is `grid` may be this shard's: the class of the grid
    /// turned and mirrored. What a drawn grid is checked against, before its cages exist.
    pub fn may_hold(self, grid: &Grid) -> bool {
        self.class(grid, false)
    }

    /// Whether `puzzle`, whose one solution is `solution`, is this shard's: its solution's
    /// class, with digits renamed too when the puzzle allows renaming them (givens only), as
    /// its fingerprint does.
    pub fn holds(self, puzzle: &Puzzle, solution: &Grid) -> bool {
        self.class(solution, relabels_digits(puzzle))
    }

    fn class(self, grid: &Grid, relabel: bool) -> bool {
        let print = grid_fingerprint(grid, relabel).0;
        (print % u128::from(self.count)) as u64 == self.index
    }

    /// The most grids one draw may try for this shard.
    pub(super) fn max_draws(self) -> u64 {
        self.count.saturating_mul(DRAWS_PER_SHARD)
    }
}

impl fmt::Display for Shard {
    /// `1/4`: shard 1 of 4, as a generated puzzle's `# shard=` comment says.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Symmetry;

    #[test]
    fn a_bad_shard_is_refused_in_words() {
        assert_eq!(
            Shard::new(4, 4).unwrap_err().to_string(),
            "shard 4 of 4: shards are numbered from 0 to 3"
        );
        assert!(Shard::new(0, 0).is_err());
        assert_eq!(Shard::new(1, 4).unwrap().to_string(), "1/4");
    }

    /// Every example's solution, turned or mirrored, stays in its one shard of 5.
    #[test]
    fn a_puzzle_and_its_turned_copies_fall_in_one_shard() {
        for name in ["kk0", "kk1", "killer", "jigsaw"] {
            let example = crate::examples::by_name(name).unwrap();
            let puzzle = example.puzzle();
            let solution = example.solution();
            let n = puzzle.size();
            let shards: Vec<Shard> = (0..5).map(|i| Shard::new(i, 5).unwrap()).collect();
            let owners = |p: &Puzzle, g: &Grid| -> Vec<u64> {
                shards
                    .iter()
                    .filter(|s| s.holds(p, g) && s.may_hold(g))
                    .map(|s| s.index())
                    .collect()
            };
            let home = owners(&puzzle, &solution);
            assert_eq!(home.len(), 1, "{name}");
            for symmetry in Symmetry::ALL {
                let moved = symmetry.apply(&puzzle);
                let mut digits = vec![0; n * n];
                for cell in puzzle.cells() {
                    digits[symmetry.map(cell, n).index()] = solution.digits()[cell.index()];
                }
                let grid = Grid::from_digits(n, digits).unwrap();
                assert!(crate::check(&moved, &grid).is_ok(), "{name} {symmetry:?}");
                assert_eq!(owners(&moved, &grid), home, "{name} {symmetry:?}");
            }
        }
    }
}
