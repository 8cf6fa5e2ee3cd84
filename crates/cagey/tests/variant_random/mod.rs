//! Random variant puzzles for tests: boxes or jigsaw regions, the killer rule, multi-cell
//! subtraction and division, givens outside the cages, and killer cells in no cage.
//!
//! Each puzzle is cut from a random solution grid that obeys its regions, so it has at least
//! that solution until [`corrupt`] changes a target or a given. The grid comes from a
//! backtracking fill with shuffled digits (a shuffled cyclic square, as `random` makes, has
//! regular boxes only by luck and jigsaw regions almost never); jigsaw regions are grown at
//! random, and a shape that no grid fits is thrown away for another.

#![allow(dead_code)] // each test binary uses its own part of this module

use cagey::model::{Options, Regions};
use cagey::{Cage, Cell, Grid, Operation, Puzzle};

use crate::random::{neighbours, random_groups, Rng};

/// The houses besides rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Rows and columns only.
    Latin,
    /// Boxes of `rows` x `cols` cells.
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// Random jigsaw regions.
    Jigsaw,
}

/// What a random puzzle has.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The grid side.
    pub size: usize,
    /// Its regions.
    pub shape: Shape,
    /// The killer rule: every cage a sum of distinct digits.
    pub killer: bool,
    /// Multi-cell subtraction and division.
    pub multi_cell: bool,
    /// The most cells of a cage.
    pub max_cage: usize,
    /// How many cells get a given outside their cage.
    pub givens: usize,
    /// Under the killer rule, how many cages to leave out, so that their cells are in no
    /// cage (as Killer Sudoku may); ignored otherwise.
    pub uncovered: usize,
}

/// Attempts at growing jigsaw regions, or at finding a grid for them, before giving up: a
/// 6x6 shape grows in a few attempts, and most shapes have grids.
const ATTEMPTS: usize = 1000;

/// Backtracking nodes one attempt at filling a grid may take: a 6x6 fill needs a few hundred
/// when the shape allows one; a shape that allows none is dropped after this many.
const FILL_NODES: u64 = 20_000;

/// A random puzzle as `spec` says, and the grid it was cut from.
pub fn random_variant(spec: Spec, rng: &mut Rng) -> (Puzzle, Grid) {
    let (regions, square) = regions_and_square(spec, rng);
    let mut cages = random_cages(spec, &square, rng);
    if spec.killer {
        // A puzzle keeps at least one cage.
        for _ in 0..spec.uncovered.min(cages.len() - 1) {
            cages.swap_remove(rng.below(cages.len()));
        }
    }
    let mut cells: Vec<usize> = (0..spec.size * spec.size).collect();
    rng.shuffle(&mut cells);
    let givens: Vec<(Cell, u8)> = cells
        .iter()
        .take(spec.givens)
        .map(|&c| (Cell(c as u16), square.digits()[c]))
        .collect();
    let options = Options {
        killer: spec.killer,
        multi_cell: spec.multi_cell,
        ..Options::default()
    };
    let puzzle = build(spec.size, cages, regions, options, givens);
    (puzzle, square)
}

/// Regions as `spec` asks and a random grid that fits them.
fn regions_and_square(spec: Spec, rng: &mut Rng) -> (Regions, Grid) {
    let n = spec.size;
    for _ in 0..ATTEMPTS {
        let regions = match spec.shape {
            Shape::Latin => Regions::None,
            Shape::Boxes { rows, cols } => Regions::Boxes { rows, cols },
            Shape::Jigsaw => match random_jigsaw(n, rng) {
                Some(regions) => Regions::Jigsaw(regions),
                None => continue,
            },
        };
        if let Some(square) = random_square(n, &regions, rng) {
            return (regions, square);
        }
    }
    panic!("no grid fits {spec:?} after {ATTEMPTS} attempts");
}

/// Random jigsaw regions of a grid of side `size`: each region starts at the first cell no
/// region holds yet (row-major, which keeps what is left in one piece more often than a
/// random start) and grows by random neighbours to `size` cells. `None` if a region got
/// stuck, `ATTEMPTS` times over.
pub fn random_jigsaw(size: usize, rng: &mut Rng) -> Option<Vec<u8>> {
    'attempt: for _ in 0..ATTEMPTS {
        let mut region = vec![u8::MAX; size * size];
        for r in 0..size as u8 {
            let start = region.iter().position(|&x| x == u8::MAX)?;
            region[start] = r;
            let mut group = vec![start];
            while group.len() < size {
                let frontier: Vec<usize> = group
                    .iter()
                    .flat_map(|&c| neighbours(c, size))
                    .filter(|&c| region[c] == u8::MAX)
                    .collect();
                if frontier.is_empty() {
                    continue 'attempt;
                }
                let next = frontier[rng.below(frontier.len())];
                region[next] = r;
                group.push(next);
            }
        }
        return Some(region);
    }
    None
}

/// A random grid with each digit once in every row, column and region, by backtracking over
/// the cells with the digits shuffled in each; `None` if none was found within
/// [`FILL_NODES`].
pub fn random_square(size: usize, regions: &Regions, rng: &mut Rng) -> Option<Grid> {
    let region: Vec<Option<usize>> = (0..size * size)
        .map(|c| regions.region_of(Cell(c as u16), size))
        .collect();
    let mut digits = vec![0u8; size * size];
    let mut nodes = 0;
    fill(0, size, &region, &mut digits, rng, &mut nodes)
        .then(|| Grid::from_digits(size, digits).expect("a full grid"))
}

fn fill(
    i: usize,
    size: usize,
    region: &[Option<usize>],
    digits: &mut [u8],
    rng: &mut Rng,
    nodes: &mut u64,
) -> bool {
    if i == digits.len() {
        return true;
    }
    *nodes += 1;
    if *nodes > FILL_NODES {
        return false;
    }
    let mut order: Vec<u8> = (1..=size as u8).collect();
    rng.shuffle(&mut order);
    for digit in order {
        let clash = (0..i).any(|j| {
            digits[j] == digit
                && (j / size == i / size
                    || j % size == i % size
                    || (region[i].is_some() && region[j] == region[i]))
        });
        if clash {
            continue;
        }
        digits[i] = digit;
        if fill(i + 1, size, region, digits, rng, nodes) {
            return true;
        }
    }
    digits[i] = 0;
    false
}

/// Random connected cages over `square` with targets it meets. Under the killer rule a cage
/// only grows over digits it does not hold yet, and every cage is a sum; with multi-cell
/// subtraction and division, cages of three or more cells may take `-` or `%` when the
/// square allows.
pub fn random_cages(spec: Spec, square: &Grid, rng: &mut Rng) -> Vec<Cage> {
    let size = spec.size;
    let digit = |c: usize| square.digits()[c];
    // Under the killer rule a cage only takes digits it does not hold yet.
    let groups = random_groups(size, spec.max_cage, rng, |group, c| {
        !spec.killer || group.iter().all(|&g| digit(g) != digit(c))
    });
    groups
        .into_iter()
        .map(|group| {
            let digits: Vec<u64> = group.iter().map(|&c| u64::from(digit(c))).collect();
            let cells: Vec<Cell> = group.iter().map(|&c| Cell(c as u16)).collect();
            let (operation, target) = operation_for(spec, &digits, rng);
            Cage::new(operation, target, cells)
        })
        .collect()
}

/// A random operation that `digits` meet, and its target.
fn operation_for(spec: Spec, digits: &[u64], rng: &mut Rng) -> (Operation, u64) {
    let sum: u64 = digits.iter().sum();
    let product: u64 = digits.iter().product();
    if spec.killer {
        // A one-cell sum is a given by another name: both must mean the digit.
        return match digits {
            [d] if rng.below(2) == 0 => (Operation::Given, *d),
            _ => (Operation::Add, sum),
        };
    }
    let largest = *digits.iter().max().expect("a cage has cells");
    let rest_sum = sum - largest;
    let rest_product = product / largest;
    // Subtraction needs a positive target, except multi-cell where 0 is allowed.
    let subtract = (largest >= rest_sum && (spec.multi_cell || largest > rest_sum))
        .then(|| (Operation::Subtract, largest - rest_sum));
    let divide = largest
        .is_multiple_of(rest_product)
        .then(|| (Operation::Divide, largest / rest_product));
    let either = || subtract.or(divide);
    match (digits.len(), rng.below(4)) {
        (1, 0) => (Operation::Add, sum),
        (1, 1) => (Operation::Multiply, sum),
        (1, _) => (Operation::Given, sum),
        (_, 0) => (Operation::Add, sum),
        (_, 1) => (Operation::Multiply, product),
        (2, 2) => subtract.unwrap_or((Operation::Add, sum)),
        (2, _) => divide.unwrap_or((Operation::Add, sum)),
        // Larger cages take `-` or `%` only multi-cell, and then whichever the digits allow,
        // since few digits do.
        (_, _) if spec.multi_cell => either().unwrap_or((Operation::Add, sum)),
        _ => (Operation::Add, sum),
    }
}

/// `puzzle` with one target changed (or, half the time when there are any, one given), which
/// usually leaves it without a solution.
pub fn corrupt(puzzle: &Puzzle, rng: &mut Rng) -> Puzzle {
    let size = puzzle.size() as u64;
    let mut cages = puzzle.cages().to_vec();
    let mut givens: Vec<(Cell, u8)> = puzzle
        .cells()
        .filter_map(|cell| puzzle.given(cell).map(|d| (cell, d)))
        .collect();
    if !givens.is_empty() && rng.below(2) == 0 {
        let victim = rng.below(givens.len());
        let (cell, digit) = givens[victim];
        givens[victim] = (cell, (u64::from(digit) % size + 1) as u8);
    } else {
        let victim = rng.below(cages.len());
        let cage = &cages[victim];
        let target = match cage.operation() {
            // A given must stay a digit of the grid.
            Operation::Given => cage.target() % size + 1,
            _ => cage.target() + 1,
        };
        cages[victim] = Cage::new(cage.operation(), target, cage.cells().to_vec());
    }
    build(
        puzzle.size(),
        cages,
        puzzle.regions().clone(),
        puzzle.options(),
        givens,
    )
}

/// Builds a puzzle that the generators made valid.
fn build(
    size: usize,
    cages: Vec<Cage>,
    regions: Regions,
    options: Options,
    givens: Vec<(Cell, u8)>,
) -> Puzzle {
    let mut builder = Puzzle::builder(size)
        .cages(cages)
        .regions(regions)
        .options(options);
    for (cell, digit) in givens {
        builder = builder.given(cell, digit);
    }
    builder.build().expect("the generators make valid puzzles")
}
