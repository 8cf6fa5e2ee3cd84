//! Grids of up to [`SMALL_UP_TO`] cells a side: a plain depth-first search over the cells,
//! cage after cage, each cell taking every digit its row, column and region leave it; a
//! partial sum or product past what its cage's target allows cuts the branch at once, and
//! each cage is checked in full at its last cell, as early as the order allows.
//!
//! ```text
//!   3x3, cages 3+ (0 1), 2- (2 5), 6* (3 4), 3 (6), 3+ (7 8), laid in the order
//!   0 1 2 5 3 4 6 7 8: cell 0 takes 1, cell 1 can then only take 2 (1 + 2 = 3); cell 2
//!   takes 3, and 2- is checked at cell 5, which can only be 1 (3 - 1 = 2); and so on, to
//!   the one solution 1 2 3 / 2 3 1 / 3 1 2.
//! ```
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*small.rs*).

use web_time::Instant;

use super::tables::Tally;
use crate::model::{Cell, Grid, Operation, Puzzle};
use crate::solve::{End, Limits, Meter, Search, Stats};

/// The largest grid side searched this way.
pub(super) const SMALL_UP_TO: usize = 4;

/// The most cells such a grid has.
const CELLS: usize = SMALL_UP_TO * SMALL_UP_TO;

/// Cages of this many cells or more are laid after the others: their partial sums and
/// products cut little, and laid first (a column of `24*` in a 4x4, which any column
/// meets) they leave the grid open longest.
const BIG: usize = 4;

/// A cage's rule.
#[derive(Clone, Copy)]
struct Rule {
    operation: Operation,
    target: u64,
    cells: u8,
}

/// What the digits laid in a cage so far make.
#[derive(Clone, Copy)]
struct Run {
    /// Cells not yet laid.
    open: u8,
    largest: u8,
    sum: u32,
    /// Exact: at most 16 digits of at most 4 make at most `2^32`.
    product: u64,
    /// The digits laid, as bits `1..=n`, for the killer rule.
    digits: u32,
}

impl Run {
    /// Before any digit is laid.
    const EMPTY: Run = Run {
        open: 0,
        largest: 0,
        sum: 0,
        product: 1,
        digits: 0,
    };
}

/// The state of the search.
struct Small<'f> {
    n: usize,
    /// The bits of the largest digit, `n` rounded up to a power of two: a product grows by
    /// at most this many bits a cell.
    bits_per_digit: u64,
    killer: bool,
    multi_cell: bool,
    /// Each cell's houses, as indexes into `used`: its row, its column, and its region or
    /// the one entry that stays empty.
    houses: [[u8; 3]; CELLS],
    /// All ones in a puzzle with regions, none without: a digit laid is marked in a
    /// cell's region only if it has one, so that the empty entry stays empty.
    in_regions: u32,
    /// The cells in the order they are laid: cage after cage, so that each is checked in
    /// full as early as it can be, those of fewer than [`BIG`] cells first, then the cells
    /// in no cage.
    order: [u8; CELLS],
    /// The digits each cell may hold (bits `1..=n`): all, or its given.
    domains: [u32; CELLS],
    /// Each cell's cage; a cell in none (the killer rule may leave cells out) has a cage
    /// of its own that any digit meets.
    cage_of: [u8; CELLS],
    rules: [Rule; CELLS],
    runs: [Run; CELLS],
    /// The digits laid in each house (rows, columns, regions, then one kept empty).
    used: [u32; 3 * SMALL_UP_TO + 1],
    grid: Grid,
    count: u64,
    max_solutions: u64,
    found: &'f mut dyn FnMut(&Grid),
}

/// Searches `puzzle`, whose side is at most [`SMALL_UP_TO`], for up to
/// `limits.max_solutions` solutions, passing each to `found` in `grid` (of the puzzle's
/// side), which it gives back for the next puzzle: the search allocates nothing.
pub(super) fn search(
    puzzle: &Puzzle,
    limits: &Limits,
    grid: Grid,
    found: &mut dyn FnMut(&Grid),
) -> (Search, Grid) {
    let start = Instant::now();
    let n = puzzle.size();
    debug_assert!(n <= SMALL_UP_TO);
    let mut meter = Meter::new(limits);
    // The whole enumeration is one node, as a node the engine finishes by enumeration is.
    if let Err(budget) = meter.tick() {
        let search = Search {
            count: 0,
            end: End::OutOfBudget(budget),
            stats: Stats {
                elapsed: start.elapsed(),
                ..Stats::default()
            },
        };
        return (search, grid);
    }
    let mut small = Small::new(puzzle, limits, grid, found);
    let end = if small.lay(0) {
        End::Exhausted
    } else {
        End::SolutionLimit
    };
    let search = Search {
        count: small.count,
        end,
        stats: Stats {
            nodes: meter.nodes,
            elapsed: start.elapsed(),
            ..Stats::default()
        },
    };
    (search, small.grid)
}

impl<'f> Small<'f> {
    fn new(
        puzzle: &Puzzle,
        limits: &Limits,
        grid: Grid,
        found: &'f mut dyn FnMut(&Grid),
    ) -> Small<'f> {
        let n = puzzle.size();
        let all = (u32::MAX >> (31 - n)) & !1;
        let empty_house = (3 * SMALL_UP_TO) as u8;
        let regions = puzzle.regions();
        let in_regions = regions.region_of(Cell(0), n).is_some();
        // Any digit meets the cage of a cell in none.
        let free = Rule {
            operation: Operation::Given,
            target: 0,
            cells: 1,
        };
        let mut small = Small {
            n,
            bits_per_digit: u64::from(n.next_power_of_two().trailing_zeros()),
            killer: puzzle.options().killer,
            multi_cell: puzzle.options().multi_cell,
            houses: [[empty_house; 3]; CELLS],
            in_regions: if in_regions { u32::MAX } else { 0 },
            order: [0; CELLS],
            domains: [all; CELLS],
            cage_of: [0; CELLS],
            rules: [free; CELLS],
            runs: [Run::EMPTY; CELLS],
            used: [0; 3 * SMALL_UP_TO + 1],
            grid,
            count: 0,
            max_solutions: limits.max_solutions,
            found,
        };
        let cages = puzzle.cages();
        let mut laid = 0;
        // The cages in the order their cells are laid (see `order`).
        let mut ids: [usize; CELLS] = std::array::from_fn(|k| k);
        let ids = &mut ids[..cages.len()];
        ids.sort_by_key(|&id| cages[id].cells().len() >= BIG);
        for &id in ids.iter() {
            let cage = &cages[id];
            small.rules[id] = Rule {
                operation: cage.operation(),
                target: cage.target(),
                cells: cage.cells().len() as u8,
            };
            small.runs[id].open = cage.cells().len() as u8;
            for cell in cage.cells() {
                small.order[laid] = cell.index() as u8;
                laid += 1;
                small.cage_of[cell.index()] = id as u8;
                if cage.operation() == Operation::Given {
                    // A target past the grid leaves the cell no digit.
                    let target = cage.target();
                    small.domains[cell.index()] &= if target <= n as u64 { 1 << target } else { 0 };
                }
            }
        }
        let mut alone = cages.len();
        for index in 0..n * n {
            let cell = Cell(index as u16);
            small.houses[index][0] = (index / n) as u8;
            small.houses[index][1] = (SMALL_UP_TO + index % n) as u8;
            if in_regions {
                let region = regions.region_of(cell, n).unwrap_or(SMALL_UP_TO);
                small.houses[index][2] = (2 * SMALL_UP_TO + region) as u8;
            }
            if let Some(digit) = puzzle.given(cell) {
                small.domains[index] &= 1 << digit;
            }
            if puzzle.cage_of(cell).is_none() {
                small.order[laid] = index as u8;
                laid += 1;
                small.cage_of[index] = alone as u8;
                small.runs[alone].open = 1;
                alone += 1;
            }
        }
        small
    }

    /// Lays every digit the `k`th cell in order may take, and the cells after it; `false`
    /// once the solutions wanted are found.
    fn lay(&mut self, k: usize) -> bool {
        if k == self.n * self.n {
            self.count += 1;
            (self.found)(&self.grid);
            return self.count < self.max_solutions;
        }
        let i = usize::from(self.order[k]);
        let [row, col, region] = self.houses[i].map(usize::from);
        let cage = usize::from(self.cage_of[i]);
        let before = self.runs[cage];
        let mut free = self.domains[i] & !(self.used[row] | self.used[col] | self.used[region]);
        if self.killer {
            free &= !before.digits;
        }
        while free != 0 {
            let digit = free.trailing_zeros();
            free &= free - 1;
            let Some(after) = self.fits(self.rules[cage], before, digit) else {
                continue;
            };
            let bit = 1 << digit;
            self.runs[cage] = after;
            self.used[row] |= bit;
            self.used[col] |= bit;
            self.used[region] |= bit & self.in_regions;
            self.grid.set(Cell(i as u16), digit as u8);
            let go_on = self.lay(k + 1);
            self.used[row] &= !bit;
            self.used[col] &= !bit;
            self.used[region] &= !(bit & self.in_regions);
            if !go_on {
                return false;
            }
        }
        self.runs[cage] = before;
        true
    }

    /// The cage's run with `digit` laid in one more of its cells, if the cage can still be
    /// met: a sum within reach of the cells left, a product dividing the target, and at the
    /// last cell the cage's arithmetic in full.
    #[inline]
    fn fits(&self, rule: Rule, run: Run, digit: u32) -> Option<Run> {
        let after = Run {
            open: run.open - 1,
            largest: run.largest.max(digit as u8),
            sum: run.sum + digit,
            product: run.product * u64::from(digit),
            digits: run.digits | 1 << digit,
        };
        let (open, sum) = (u64::from(after.open), u64::from(after.sum));
        let within = match rule.operation {
            Operation::Add => {
                sum + open <= rule.target && sum + open * self.n as u64 >= rule.target
            }
            Operation::Multiply => {
                rule.target % after.product == 0
                    && after.product << (self.bits_per_digit * open) >= rule.target
            }
            _ => true,
        };
        let met = within
            && (after.open > 0
                || Tally {
                    cells: usize::from(rule.cells),
                    sum,
                    product: after.product,
                    largest: u64::from(after.largest),
                }
                .meets(rule.operation, rule.target, self.multi_cell));
        met.then_some(after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;
    use crate::solve::Budget;

    /// A 3x3 whose cages are its rows, each adding up to 6: every Latin square solves it.
    fn rows_of_six() -> Puzzle {
        let rows = (0..3)
            .map(|row| {
                Cage::new(
                    Operation::Add,
                    6,
                    (0..3).map(|col| Cell(3 * row + col)).collect(),
                )
            })
            .collect();
        Puzzle::new(3, rows).expect("a valid puzzle")
    }

    /// The solutions `search` reports for `puzzle` within `limits`, and its summary.
    fn solutions(puzzle: &Puzzle, limits: &Limits) -> (Search, Vec<Grid>) {
        let mut grids = Vec::new();
        let grid = Grid::empty(puzzle.size());
        let (run, _) = search(puzzle, limits, grid, &mut |grid| grids.push(grid.clone()));
        (run, grids)
    }

    #[test]
    fn solves_the_example_of_the_docs() {
        let puzzle = crate::formats::kk::parse("3+,0 1\n2-,2 5\n6*,3 4\n3,6\n3+,7 8\n");
        let puzzle = puzzle.expect("a valid puzzle");
        let (run, grids) = solutions(&puzzle, &Limits::uniqueness());
        assert_eq!((run.count, run.end), (1, End::Exhausted));
        assert_eq!(grids[0].digits(), [1, 2, 3, 2, 3, 1, 3, 1, 2]);
    }

    #[test]
    fn counts_every_latin_square_and_stops_at_the_limits() {
        let puzzle = rows_of_six();
        let (run, mut grids) = solutions(&puzzle, &Limits::solutions(100));
        assert_eq!(
            (run.count, run.end, run.stats.nodes),
            (12, End::Exhausted, 1)
        );
        grids.sort();
        grids.dedup();
        assert_eq!(grids.len(), 12);
        assert!(grids
            .iter()
            .all(|grid| crate::model::check(&puzzle, grid).is_ok()));
        let (run, _) = solutions(&puzzle, &Limits::solutions(5));
        assert_eq!((run.count, run.end), (5, End::SolutionLimit));
        let mut none = Limits::solutions(5);
        none.max_nodes = 0;
        let (run, _) = solutions(&puzzle, &none);
        assert_eq!(
            (run.count, run.end),
            (0, End::OutOfBudget(Budget::Nodes(0)))
        );
    }

    #[test]
    fn leaves_the_cells_in_no_cage_free() {
        // Killer rule: 3+ over cells 0 and 1, the other seven cells in no cage. The first
        // row starts 1 2 or 2 1, and each such row has two Latin squares below it.
        let cages = vec![Cage::new(Operation::Add, 3, vec![Cell(0), Cell(1)])];
        let killer = crate::model::Options {
            killer: true,
            ..Default::default()
        };
        let puzzle = Puzzle::builder(3).cages(cages).options(killer).build();
        let puzzle = puzzle.expect("a valid puzzle");
        let (run, grids) = solutions(&puzzle, &Limits::solutions(100));
        assert_eq!((run.count, run.end), (4, End::Exhausted));
        assert!(grids
            .iter()
            .all(|grid| crate::model::check(&puzzle, grid).is_ok()));
    }
}
