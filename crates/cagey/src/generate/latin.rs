//! A Latin square drawn uniformly at random: the Markov chain of Jacobson and Matthews
//! ("Generating uniformly distributed random Latin squares", 1996).
//!
//! A Latin square of side `n` is seen as an `n`x`n`x`n` cube of 0s and 1s, `cube[r][c][s]`
//! = 1 when cell (r, c) holds symbol s, with exactly one 1 on every line of the cube. A move
//! picks a 0 and adds +1/−1 around a 2x2x2 sub-cube so that every line still sums to 1; at
//! most one entry may become −1, leaving an *improper* square, which the next move repairs
//! or moves elsewhere. The chain's stationary distribution is uniform over the proper
//! squares; the square is read after `n³` moves (the usual mixing figure) if it is proper,
//! and otherwise at each further `n³/4` moves until it is.
//!
//! Reading the *first* proper square after `n³` moves, as is often done, is not uniform: a
//! square with many 2x2 subsquares steps to another proper square more often than to an
//! improper one, so the walk out of the improper states lands on it less often. At 4x4 that
//! skew gave a chi-square of 8,947 over the 576 squares (575 degrees of freedom); reading
//! only at fixed intervals gives an unskewed draw (the test below).
//!
//! Keen draws rows as random perfect matchings instead, which can make every square but not
//! each equally often; the chain costs `O(n⁴)`, 1 million steps at 32x32 and a few
//! thousand at 9x9, nothing beside a uniqueness check.
//!
//! Up to side [`LISTED_MAX`] the chain is not needed: every square is one *reduced* square
//! (first row and column in order; 4 of side 4, 56 of side 5) with its columns permuted and
//! then its rows after the first, in exactly one way. A reduced square drawn from the list
//! and two random permutations are a uniform draw at a fraction of the chain's cost, which
//! was a fifth of a 4x4 attempt of the generator.

use std::sync::OnceLock;

use rand::{Rng, RngExt};

use crate::budget::{Deadline, TimeLimit};
use crate::model::Grid;

/// Moves between two looks for a proper square, as a part of `n³`: with 1 (a look after
/// every move) the draw is skewed as the module says; with a quarter the 4x4 test passes
/// at no measurable cost (9x9: 729 moves, then 182 at a time).
const RECHECK_DIVISOR: usize = 4;

/// A uniformly random Latin square of side `size` (1 to 32), digits 1 to `size`.
pub fn random_latin_square<R: Rng + ?Sized>(size: usize, rng: &mut R) -> Grid {
    random_latin_square_within(size, rng, Deadline::after(TimeLimit::NONE))
        .expect("no deadline to pass")
}

/// [`random_latin_square`], or `None` once `deadline` passes: the chain of a 32x32 takes
/// 70 ms to a quarter of a second, more than a short time limit (issue #42).
pub(crate) fn random_latin_square_within<R: Rng + ?Sized>(
    size: usize,
    rng: &mut R,
    deadline: Deadline,
) -> Option<Grid> {
    assert!(
        (1..=crate::model::MAX_SIZE).contains(&size),
        "Latin squares run from 1x1 to 32x32"
    );
    if size <= LISTED_MAX {
        Some(listed_square(size, rng))
    } else {
        chain_square_within(size, rng, deadline)
    }
}

/// Moves of the chain between two looks at the clock: a few microseconds of work.
const MOVES_PER_CLOCK: usize = 1024;

/// A uniform square of side `n` by the chain of Jacobson and Matthews.
#[cfg(test)]
fn chain_square<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Grid {
    chain_square_within(n, rng, Deadline::after(TimeLimit::NONE)).expect("no deadline")
}

/// [`chain_square`], or `None` once `deadline` passes. The clock is read between moves and
/// draws nothing, so a square made in time is the one made without a deadline.
fn chain_square_within<R: Rng + ?Sized>(n: usize, rng: &mut R, deadline: Deadline) -> Option<Grid> {
    let mut cube = Cube::cyclic(n);
    if n > 1 {
        let moves = n * n * n;
        let recheck = (moves / RECHECK_DIVISOR).max(1);
        let mut improper: Option<(usize, usize, usize)> = None;
        for done in 0..moves {
            if done % MOVES_PER_CLOCK == 0 && deadline.passed() {
                return None;
            }
            improper = cube.step(improper, rng);
        }
        while improper.is_some() {
            if deadline.passed() {
                return None;
            }
            for _ in 0..recheck {
                improper = cube.step(improper, rng);
            }
        }
    }
    // Relabelling rows and symbols at random keeps the distribution uniform and costs
    // nothing; it also mixes the cyclic start of the tiniest squares.
    let mut rows: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    rand::seq::SliceRandom::shuffle(rows.as_mut_slice(), rng);
    rand::seq::SliceRandom::shuffle(symbols.as_mut_slice(), rng);
    let mut digits = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let s = (0..n)
                .find(|&s| cube.get(r, c, s) == 1)
                .expect("a proper square has a symbol in every cell");
            digits[rows[r] * n + c] = symbols[s];
        }
    }
    Some(Grid::from_digits(n, digits).expect("the digits fit the grid"))
}

/// The largest side drawn from the list of reduced squares (side 6 has 9,408 of them,
/// side 7 nearly 17 million).
const LISTED_MAX: usize = 5;

/// A uniform square of side `n` (at most [`LISTED_MAX`]): a reduced square drawn from the
/// list, its columns permuted, then its rows after the first. Each square comes from one
/// draw only: its first row says the column permutation, its first column then the rows'.
fn listed_square<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Grid {
    static LISTS: [OnceLock<Vec<Vec<u8>>>; LISTED_MAX + 1] =
        [const { OnceLock::new() }; LISTED_MAX + 1];
    let list = LISTS[n].get_or_init(|| reduced_squares(n));
    let square = &list[rng.random_range(0..list.len() as u32) as usize];
    let mut columns: Vec<usize> = (0..n).collect();
    rand::seq::SliceRandom::shuffle(columns.as_mut_slice(), rng);
    let mut rows: Vec<usize> = (0..n).collect();
    rand::seq::SliceRandom::shuffle(&mut rows[1..], rng);
    let mut digits = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            digits[rows[r] * n + columns[c]] = square[r * n + c];
        }
    }
    Grid::from_digits(n, digits).expect("the digits fit the grid")
}

/// Every reduced Latin square of side `n`, digits 1 to `n`, by backtracking over the cells
/// not in the first row or column.
fn reduced_squares(n: usize) -> Vec<Vec<u8>> {
    let mut square = vec![0u8; n * n];
    for i in 0..n {
        square[i] = i as u8 + 1;
        square[i * n] = i as u8 + 1;
    }
    let mut found = Vec::new();
    fill_reduced(&mut square, n, n + 1, &mut found);
    found
}

fn fill_reduced(square: &mut [u8], n: usize, at: usize, found: &mut Vec<Vec<u8>>) {
    if at >= n * n {
        found.push(square.to_vec());
        return;
    }
    let (r, c) = (at / n, at % n);
    if c == 0 {
        return fill_reduced(square, n, at + 1, found);
    }
    for d in 1..=n as u8 {
        let clash =
            (0..c).any(|j| square[r * n + j] == d) || (0..r).any(|i| square[i * n + c] == d);
        if !clash {
            square[at] = d;
            fill_reduced(square, n, at + 1, found);
        }
    }
    square[at] = 0;
}

/// The incidence cube, `cube[(r * n + c) * n + s]`, entries −1, 0 or 1.
struct Cube {
    n: usize,
    cells: Vec<i8>,
}

impl Cube {
    fn cyclic(n: usize) -> Cube {
        let mut cells = vec![0; n * n * n];
        for r in 0..n {
            for c in 0..n {
                cells[(r * n + c) * n + (r + c) % n] = 1;
            }
        }
        Cube { n, cells }
    }

    fn get(&self, r: usize, c: usize, s: usize) -> i8 {
        self.cells[(r * self.n + c) * self.n + s]
    }

    fn add(&mut self, r: usize, c: usize, s: usize, delta: i8) {
        self.cells[(r * self.n + c) * self.n + s] += delta;
    }

    /// The 1s on a line through (r, c, s) along one axis, other than at (r, c, s): one
    /// in a proper square, two on the lines through the −1 of an improper one.
    fn ones(&self, line: impl Fn(usize) -> (usize, usize, usize)) -> [usize; 2] {
        let mut found = [usize::MAX; 2];
        let mut count = 0;
        for i in 0..self.n {
            let (r, c, s) = line(i);
            if self.get(r, c, s) == 1 {
                found[count.min(1)] = i;
                count += 1;
            }
        }
        found
    }

    /// One move; returns the −1 entry if the square is left improper.
    fn step<R: Rng + ?Sized>(
        &mut self,
        improper: Option<(usize, usize, usize)>,
        rng: &mut R,
    ) -> Option<(usize, usize, usize)> {
        let n = self.n;
        let (r, c, s, r1, c1, s1) = match improper {
            None => {
                // A random 0 of the cube: all but one in n are.
                let (r, c, s) = loop {
                    let (r, c, s) = (
                        rng.random_range(0..n as u32) as usize,
                        rng.random_range(0..n as u32) as usize,
                        rng.random_range(0..n as u32) as usize,
                    );
                    if self.get(r, c, s) == 0 {
                        break (r, c, s);
                    }
                };
                let r1 = self.ones(|i| (i, c, s))[0];
                let c1 = self.ones(|i| (r, i, s))[0];
                let s1 = self.ones(|i| (r, c, i))[0];
                (r, c, s, r1, c1, s1)
            }
            Some((r, c, s)) => {
                let pick = |pair: [usize; 2], rng: &mut R| pair[rng.random_range(0..2u32) as usize];
                let r1 = pick(self.ones(|i| (i, c, s)), rng);
                let c1 = pick(self.ones(|i| (r, i, s)), rng);
                let s1 = pick(self.ones(|i| (r, c, i)), rng);
                (r, c, s, r1, c1, s1)
            }
        };
        self.add(r, c, s, 1);
        self.add(r, c1, s1, 1);
        self.add(r1, c, s1, 1);
        self.add(r1, c1, s, 1);
        self.add(r, c, s1, -1);
        self.add(r, c1, s, -1);
        self.add(r1, c, s, -1);
        self.add(r1, c1, s1, -1);
        (self.get(r1, c1, s1) < 0).then_some((r1, c1, s1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chacha20::ChaCha8Rng;
    use rand::SeedableRng;
    use std::collections::HashMap;

    fn is_latin(grid: &Grid) -> bool {
        let n = grid.size();
        let d = grid.digits();
        (0..n).all(|i| {
            let mut row = vec![false; n + 1];
            let mut col = vec![false; n + 1];
            (0..n).all(|j| {
                let (a, b) = (usize::from(d[i * n + j]), usize::from(d[j * n + i]));
                a >= 1
                    && b >= 1
                    && !std::mem::replace(&mut row[a], true)
                    && !std::mem::replace(&mut col[b], true)
            })
        })
    }

    #[test]
    fn every_size_gives_a_latin_square() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for size in 1..=32 {
            let grid = random_latin_square(size, &mut rng);
            assert!(is_latin(&grid), "{size}x{size}:\n{grid}");
        }
    }

    #[test]
    fn the_reduced_squares_are_counted_right() {
        let counts: Vec<usize> = (1..=LISTED_MAX).map(|n| reduced_squares(n).len()).collect();
        assert_eq!(counts, [1, 1, 1, 4, 56]);
    }

    #[test]
    fn the_same_seed_gives_the_same_square() {
        let a = random_latin_square(9, &mut ChaCha8Rng::seed_from_u64(7));
        let b = random_latin_square(9, &mut ChaCha8Rng::seed_from_u64(7));
        let c = random_latin_square(9, &mut ChaCha8Rng::seed_from_u64(8));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    /// There are 576 Latin squares of side 4; 23,040 draws should hit each about 40 times.
    /// A chi-square statistic over 575 degrees of freedom above 700 has a probability
    /// below 0.0003 for a uniform draw; a draw skewed like Keen's row-by-row matchings (some
    /// squares twice as likely as others) lands far above it. Both ways of drawing are
    /// tested at side 4: the list, which sizes up to 5 use, and the chain of larger sizes.
    fn assert_uniform_at_side_4(draw: fn(usize, &mut ChaCha8Rng) -> Grid) {
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let draws = 23_040;
        let mut seen: HashMap<Vec<u8>, u32> = HashMap::new();
        for _ in 0..draws {
            *seen.entry(draw(4, &mut rng).digits().to_vec()).or_default() += 1;
        }
        assert_eq!(seen.len(), 576);
        let expected = f64::from(draws) / 576.0;
        let chi2: f64 = seen
            .values()
            .map(|&k| (f64::from(k) - expected).powi(2) / expected)
            .sum();
        assert!(
            chi2 < 700.0,
            "chi-square {chi2:.0} over 575 degrees of freedom"
        );
    }

    #[test]
    fn listed_squares_of_side_4_come_out_uniformly() {
        assert_uniform_at_side_4(listed_square);
    }

    #[test]
    fn chain_squares_of_side_4_come_out_uniformly() {
        assert_uniform_at_side_4(chain_square);
    }
}
