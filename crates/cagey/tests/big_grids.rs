//! Big grids, 10x10 to 16x16 and past, to 32x32: random puzzles with exactly one solution, of
//! every size and of each kind a size allows (KenKen; KenDoku and Killer Sudoku with boxes
//! where the size has them), solved by the production solver.
//!
//! A puzzle is cut from a random grid that obeys its boxes, with small cages (so the test
//! stays fast), then made unique the way a setter would: while the solver finds a second
//! solution, a cell where that solution differs from the grid gets its digit as a given. The
//! final puzzle must then solve, uniquely, to the grid it was cut from, and that grid must pass
//! the independent checker.

mod random;
mod variant_random;

use cagey::model::{Options, Regions};
use cagey::solve::{self, Limits, Outcome};
use cagey::{check, Cage, Cell, Grid, Puzzle};
use random::Rng;
use variant_random::{random_cages, Shape, Spec};

/// Search nodes one solve may take: the puzzles here need one to a few thousand.
const MAX_NODES: u64 = 1_000_000;

/// Givens added at most while making a puzzle unique: a 16x16 with cages of up to three cells
/// needs a handful; more means the solver keeps finding the same second solution, a bug.
const MAX_GIVENS: usize = 64;

/// A random grid of side `n` whose boxes of `rows` x `cols` (if any) hold every digit once:
/// the pattern `(r * cols + r / rows + c) mod n`, which has boxes of that shape, with its
/// digits relabelled, its bands and the rows in each band shuffled, and its stacks and the
/// columns in each stack shuffled. Without boxes, one band and one stack per line make it a
/// shuffled cyclic square.
fn square(n: usize, boxes: Option<(usize, usize)>, rng: &mut Rng) -> Grid {
    let (rows, cols) = boxes.unwrap_or((1, n));
    let order = |block: usize, count: usize, rng: &mut Rng| -> Vec<usize> {
        let mut blocks: Vec<usize> = (0..count).collect();
        rng.shuffle(&mut blocks);
        blocks
            .into_iter()
            .flat_map(|b| {
                let mut inner: Vec<usize> = (b * block..(b + 1) * block).collect();
                rng.shuffle(&mut inner);
                inner
            })
            .collect()
    };
    let (row_order, col_order) = match boxes {
        Some(_) => (order(rows, n / rows, rng), order(cols, n / cols, rng)),
        None => (order(1, n, rng), order(1, n, rng)),
    };
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut symbols);
    let digits = (0..n * n)
        .map(|i| {
            let (r, c) = (row_order[i / n], col_order[i % n]);
            symbols[(r * cols + r / rows + c) % n]
        })
        .collect();
    Grid::from_digits(n, digits).expect("a full grid")
}

/// Builds the puzzle with `givens` from `square`.
fn with_givens(
    n: usize,
    cages: &[Cage],
    regions: &Regions,
    options: Options,
    givens: &[Cell],
    square: &Grid,
) -> Puzzle {
    let mut builder = Puzzle::builder(n)
        .cages(cages.to_vec())
        .regions(regions.clone())
        .options(options);
    for &cell in givens {
        builder = builder.given(cell, square.digits()[cell.index()]);
    }
    builder.build().expect("a valid puzzle")
}

/// Makes a unique puzzle of side `n` as the module docs say, and checks the solver solves
/// it to its grid.
fn unique_puzzle_solves(
    n: usize,
    boxes: Option<(usize, usize)>,
    killer: bool,
    max_cage: usize,
    seed: u64,
) {
    let mut rng = Rng(seed);
    let square = square(n, boxes, &mut rng);
    let regions = boxes.map_or(Regions::None, |(rows, cols)| Regions::Boxes { rows, cols });
    let spec = Spec {
        size: n,
        shape: boxes.map_or(Shape::Latin, |(rows, cols)| Shape::Boxes { rows, cols }),
        killer,
        multi_cell: false,
        max_cage,
        givens: 0,
        uncovered: 0,
    };
    let cages = random_cages(spec, &square, &mut rng);
    let options = Options {
        killer,
        ..Options::default()
    };
    let bare = with_givens(n, &cages, &regions, options, &[], &square);
    assert_eq!(
        check(&bare, &square),
        Ok(()),
        "the grid breaks its own puzzle"
    );
    // The node budget turns a solver that runs away into a failure rather than a hang: these
    // puzzles take from one node to a few thousand.
    let limits = Limits {
        max_solutions: 2,
        keep: 2,
        max_nodes: MAX_NODES,
        ..Limits::default()
    };
    let solver = solve::default_solver();
    let mut givens = Vec::new();
    loop {
        let puzzle = with_givens(n, &cages, &regions, options, &givens, &square);
        let report = solver.solve(&puzzle, &limits).expect("the solver takes it");
        match report.outcome {
            Outcome::Unique(grid) => {
                assert_eq!(grid, square, "{n}x{n} seed {seed}: solved to another grid");
                assert_eq!(check(&puzzle, &grid), Ok(()));
                return;
            }
            Outcome::Multiple { solutions, .. } => {
                let other = solutions
                    .iter()
                    .find(|g| **g != square)
                    .expect("two different solutions");
                let cell = (0..n * n)
                    .find(|&i| other.digits()[i] != square.digits()[i])
                    .expect("they differ somewhere");
                givens.push(Cell(cell as u16));
                assert!(
                    givens.len() <= MAX_GIVENS,
                    "{n}x{n} seed {seed}: still not unique after {MAX_GIVENS} givens"
                );
            }
            other => panic!("{n}x{n} seed {seed}: {other:?} for a puzzle cut from a grid"),
        }
    }
}

#[test]
fn random_unique_kenken_of_every_size_from_10_to_16_solves() {
    for n in 10..=16 {
        for seed in 0..3 {
            unique_puzzle_solves(n, None, false, 4, seed);
        }
    }
}

#[test]
fn random_unique_kendoku_with_boxes_solves() {
    for (n, rows, cols) in [(10, 2, 5), (12, 3, 4), (14, 2, 7), (15, 3, 5), (16, 4, 4)] {
        for seed in 0..3 {
            unique_puzzle_solves(n, Some((rows, cols)), false, 4, seed);
        }
    }
}

#[test]
fn random_unique_killer_sudoku_of_big_sizes_solves() {
    for (n, rows, cols) in [(12, 3, 4), (16, 4, 4)] {
        for seed in 0..3 {
            unique_puzzle_solves(n, Some((rows, cols)), true, 4, seed);
        }
    }
}

/// Past 16, up to the model's largest side: the J and JSON formats and the production solver
/// take these sizes (the others refuse them by name). Cages of up to two cells keep the
/// search short: with four, a 32x32 ran past a million nodes.
#[test]
fn random_unique_kenken_past_16_solves_and_round_trips() {
    use cagey::formats::{json, kk};
    for n in [20, 25, 32] {
        unique_puzzle_solves(n, None, false, 2, 7);
        let mut rng = Rng(n as u64);
        let square = square(n, None, &mut rng);
        let spec = Spec {
            size: n,
            shape: Shape::Latin,
            killer: false,
            multi_cell: false,
            max_cage: 4,
            givens: 0,
            uncovered: 0,
        };
        let cages = random_cages(spec, &square, &mut rng);
        let puzzle = with_givens(n, &cages, &Regions::None, Options::default(), &[], &square);
        assert_eq!(kk::parse(&kk::write(&puzzle)).as_ref(), Ok(&puzzle));
        let written = json::write(&puzzle, None).unwrap();
        assert_eq!(json::parse_all(&written).remove(0).unwrap().puzzle, puzzle);
    }
}
