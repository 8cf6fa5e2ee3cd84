//! The cages' tables (the J essay's `init`, its initial possibilities): for every cage, the
//! table of every digit tuple that could fill it. The essay's three methods ([`direct`](super::direct),
//! [`merge`](super::merge), [`eliminate_and_guess`](super::eliminate_and_guess)) all start
//! here, and after this step none of them looks at a target or an operation again: the
//! tables say everything the cages say.
//!
//! A cage of `m` cells gets a [`Table`] of `m` columns, one per cell with the cells ascending,
//! and one row per *tuple*: digits from 1 to `n` that
//!
//! 1. meet the cage's arithmetic, and
//! 2. repeat no digit within one row or one column of the grid among the cage's own cells
//!    (two cells of an L-shaped cage that share neither may hold the same digit).
//!
//! ```text
//!   kk0, cage 11+ on cells 1 2 5 6       its table (12 rows, the first three shown)
//!
//!   +---+---+---+---+                    cells   1 2 5 6
//!   |   | 1 | 2 |   |   row 0                    -------
//!   +---+---+---+---+                            1 3 3 4    1+3+3+4 = 11; the two 3s are
//!   |   | 5 | 6 |   |   row 1                    1 4 4 2    in different rows and columns
//!   +---+---+---+---+                            2 3 4 2
//! ```
//!
//! Rows come in lexicographic order, so the tables print exactly as the essay's do. A given
//! is a 1x1 table holding its digit. Tables are listed in the puzzle's cage order, by smallest
//! cell.
//!
//! The essay builds all `n^m` tuples and then filters them. That is the same as walking the
//! tuples depth-first, smallest digit first, and dropping a prefix as soon as it can no longer
//! pass a filter: a repeated digit in a line, a sum or product past its target (and, in the
//! variants below, a repeated digit in a region or a cage, a digit other than a given). The walk
//! yields the very rows the essay's filters keep, in the same order, without building the
//! `n^m` candidates first (a 6-cell cage of a 9x9 grid would have half a million).
//!
//! Subtraction and division are tested as the essay tests them, over every order of the
//! cage's digits, so nothing here assumes they have two cells: a cage meets its target if the
//! digits, in some order, folded with the operation, give it. J folds from the right
//! (`-/ 5 3 1` is `5 - (3 - 1)`); we fold from the left, `(5 - 3) - 1`, which over all orders
//! means "the largest minus all the others", the rule of puzzles that allow larger `-` and `÷`
//! cages ([`Options::multi_cell`](crate::model::Options)) and the rule of the checker. For two
//! cells, the only case the essay's own input check lets through, both folds agree. Only an
//! order that starts with the largest digit can stay at or above zero (or stay exact): any
//! other first digit `a` has the largest digit among the rest, and `a - largest` is already
//! negative, `a / largest` already below 1. Starting with the largest, `((l - b) - c) ...` is
//! `l - (b + c + ...)` and `((l / b) / c) ...`, exact at every step, is `l / (b * c * ...)`,
//! exact: the checker's rule, for any target including the `0-` of multi-cell puzzles.
//!
//! # Variants
//!
//! The tables carry every rule that concerns the cells of one cage, so that the methods built
//! on them need only add what concerns cells of different cages:
//!
//! - **boxes and jigsaw regions**: a region is a third kind of house besides rows and
//!   columns; a tuple repeats no digit among its cells sharing a row, a column *or* a
//!   region;
//! - **the killer rule**: a tuple repeats no digit at all;
//! - **givens outside the cages**: a cell with a given admits only that digit;
//! - **multi-cell subtraction and division**: the fold above, for cages of any size.

use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use web_time::Instant;

use super::count::Count;
use super::{Budget, End, Limits, Meter, Search, SolveError, Stats};
use crate::model::{Cage, Cell, Operation, Options, Puzzle, Regions};

/// A table of tuples: one column per cell, one row per tuple.
///
/// A cage's table ([`cage_tables`]) has its cells ascending; a table made by
/// [`merge`](super::merge) has the columns of the two tables it merged, side by side. The
/// digits are stored row after row:
///
/// ```text
///   cells    c0 c1 c2        digits: [ a0 a1 a2  b0 b1 b2  ... ]
///   row 0    a0 a1 a2                  row 0     row 1
///   row 1    b0 b1 b2
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    cells: Vec<Cell>,
    digits: Vec<u8>,
}

impl Table {
    /// A table with the given columns and no rows yet.
    pub(crate) fn with_columns(cells: Vec<Cell>) -> Table {
        debug_assert!(!cells.is_empty(), "a table has at least one column");
        Table {
            cells,
            digits: Vec::new(),
        }
    }

    /// Appends one row, which must have one digit per column.
    pub(crate) fn push_row(&mut self, row: &[u8]) {
        debug_assert_eq!(row.len(), self.cells.len());
        self.digits.extend_from_slice(row);
    }

    /// The cells, one per column, in column order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of columns (cells).
    pub fn width(&self) -> usize {
        self.cells.len()
    }

    /// The number of rows (tuples).
    pub fn len(&self) -> usize {
        self.digits.len() / self.width().max(1)
    }

    /// Whether the table has no rows: nothing can fill these cells.
    pub fn is_empty(&self) -> bool {
        self.digits.is_empty()
    }

    /// Row `index`, one digit per column.
    pub fn row(&self, index: usize) -> &[u8] {
        let width = self.width();
        &self.digits[index * width..(index + 1) * width]
    }

    /// The rows, first to last.
    pub fn rows(&self) -> std::slice::ChunksExact<'_, u8> {
        self.digits.chunks_exact(self.width().max(1))
    }

    /// The size of the table in cells: rows times columns.
    pub fn cell_count(&self) -> u64 {
        self.digits.len() as u64
    }
}

/// The initial possibilities of every cage of `puzzle`, in cage order (by smallest cell),
/// then, for a killer puzzle that leaves cells outside its cages, one single-column table per
/// such cell listing the digits it may hold: the essay's methods then treat it as a cage.
///
/// ```
/// use cagey::solve::{tables, Limits};
///
/// let kk0 = cagey::examples::by_name("kk0").unwrap().puzzle();
/// let tables = tables::cage_tables(&kk0, &Limits::default())?;
/// let counts: Vec<usize> = tables.iter().map(|t| t.len()).collect();
/// assert_eq!(counts, [1, 12, 2, 6, 6, 2, 4]);
/// assert_eq!(tables[2].row(0), [1, 3]); // 4+ on cells 3 and 7
/// assert_eq!(tables::combinations(&tables).to_string(), "6912");
/// # Ok::<(), cagey::solve::SolveError>(())
/// ```
///
/// Fails if a cage has more tuples than [`Limits::max_table_cells`] allows, or if listing
/// them takes more than the node or time budget of `limits` (one node per digit placed).
pub fn cage_tables(puzzle: &Puzzle, limits: &Limits) -> Result<Vec<Table>, SolveError> {
    let mut meter = Meter::new(limits);
    tabulate_all(puzzle, limits, &mut meter).map_err(listing_failed)
}

/// Why listing the tables stopped, as an error: outside a search, a budget that ran out is
/// one too.
fn listing_failed(halt: Halt) -> SolveError {
    match halt {
        Halt::Refused(error) => error,
        Halt::Budget(budget) => SolveError::OutOfBudget {
            task: "listing the tuples of the cages",
            budget,
        },
    }
}

/// The tables of cages kept from one puzzle to the next while the grid, its regions, its
/// options and its loose givens stay the same: a cage's table depends on nothing else. The
/// generator tries hundreds of variants of one candidate that differ in a cage or two, and
/// listing the tables was most of the time of each try.
#[derive(Clone, Debug, Default)]
pub struct TableCache {
    context: Option<(usize, Regions, Options, Vec<Option<u8>>)>,
    /// The houses of the context's grid.
    houses: Option<Houses>,
    /// By a hash of the cage's cells, operation and target; the entries say which cage
    /// each table is of, so a lookup allocates no key.
    tables: FxHashMap<u64, Vec<(Operation, u64, Table)>>,
    held: usize,
}

/// Tables a [`TableCache`] holds before it starts afresh: far more than the cages of the
/// variants of one candidate, few enough to stay a few megabytes.
const CACHE_MAX_TABLES: usize = 4_096;

impl TableCache {
    /// An empty cache.
    pub fn new() -> TableCache {
        TableCache::default()
    }

    /// [`cage_tables`] for `puzzle`, reusing the tables of cages seen before in the same context.
    pub fn init(&mut self, puzzle: &Puzzle, limits: &Limits) -> Result<Vec<Table>, SolveError> {
        let context = (
            puzzle.size(),
            puzzle.regions().clone(),
            puzzle.options(),
            puzzle.cells().map(|c| puzzle.given(c)).collect::<Vec<_>>(),
        );
        if self.context.as_ref() != Some(&context) || self.held > CACHE_MAX_TABLES {
            self.tables.clear();
            self.held = 0;
            self.context = Some(context);
            self.houses = None;
        }
        // The houses depend on the context alone.
        let houses = self.houses.get_or_insert_with(|| Houses::new(puzzle));
        let mut meter = Meter::new(limits);
        let mut tables = Vec::with_capacity(puzzle.cages().len());
        for cage in puzzle.cages() {
            let key = {
                let mut hasher = FxHasher::default();
                (cage.cells(), cage.operation(), cage.target()).hash(&mut hasher);
                hasher.finish()
            };
            let held = self.tables.get(&key).and_then(|entries| {
                entries.iter().find(|(op, target, table)| {
                    (*op, *target) == (cage.operation(), cage.target())
                        && table.cells() == cage.cells()
                })
            });
            let table = match held {
                Some((_, _, table)) => table.clone(),
                None => {
                    let table = tabulate(puzzle, houses, cage, limits.max_table_cells, &mut meter)
                        .map_err(listing_failed)?;
                    self.tables.entry(key).or_default().push((
                        cage.operation(),
                        cage.target(),
                        table.clone(),
                    ));
                    self.held += 1;
                    table
                }
            };
            tables.push(table);
        }
        tables.extend(puzzle.uncovered().map(|cell| free_table(puzzle, cell)));
        Ok(tables)
    }
}

/// The number of combinations of one tuple per table: the product of their row counts, the
/// essay's `*/ #&> init t`. Exact however large: a 9x9 puzzle easily passes 2^128.
pub fn combinations(tables: &[Table]) -> Count {
    let mut product = Count::from(1u64);
    for table in tables {
        product.scale(table.len() as u64);
    }
    product
}

/// Why a computation over tables stopped before its end.
#[derive(Debug)]
pub(crate) enum Halt {
    /// A node or time budget ran out: a normal end of a search.
    Budget(Budget),
    /// The method cannot go on (a table too large, say): an error.
    Refused(SolveError),
}

impl From<Budget> for Halt {
    fn from(budget: Budget) -> Halt {
        Halt::Budget(budget)
    }
}

impl From<SolveError> for Halt {
    fn from(error: SolveError) -> Halt {
        Halt::Refused(error)
    }
}

/// The houses of a puzzle as the essay's methods number them: rows first, then columns, then
/// boxes or jigsaw regions if the puzzle has them, then the two long diagonals under the
/// diagonal rule. In a grid of side `n`:
///
/// ```text
///   house  0 .. n-1      row h
///          n .. 2n-1     column h - n
///         2n .. 3n-1     region h - 2n   (only with boxes or jigsaw regions)
///   then 2 more          the diagonals r1c1-rncn and r1cn-rnc1 (only under the rule)
/// ```
///
/// Every house holds each digit once, so two cells that share a house never hold the same
/// digit; that is the whole of what rows, columns, regions and diagonals add to the cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Houses {
    size: usize,
    /// Houses every cell is in: 2 (row, column), or 3 with regions.
    per_cell: usize,
    /// The number of houses.
    count: usize,
    /// The houses of each cell, row-major, and how many of them it has: its row, column
    /// and region (the first `per_cell`), then the diagonals through it.
    of: Vec<([usize; 5], u8)>,
}

impl Houses {
    /// The houses of `puzzle`.
    pub(crate) fn new(puzzle: &Puzzle) -> Houses {
        let size = puzzle.size();
        let regions = puzzle.regions();
        let per_cell = if *regions == Regions::None { 2 } else { 3 };
        let of = puzzle
            .cells()
            .map(|cell| {
                let mut houses = [cell.row(size), size + cell.col(size), 0, 0, 0];
                let mut len = 2;
                if let Some(region) = regions.region_of(cell, size) {
                    houses[2] = 2 * size + region;
                    len = 3;
                }
                for (d, &diagonal) in puzzle.diagonals().iter().enumerate() {
                    if diagonal.contains(cell, size) {
                        houses[len] = per_cell * size + d;
                        len += 1;
                    }
                }
                (houses, len as u8)
            })
            .collect();
        Houses {
            size,
            per_cell,
            count: per_cell * size + puzzle.diagonals().len(),
            of,
        }
    }

    /// The side of the grid.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// The number of houses: `2n`, or `3n` with regions, and 2 more under the diagonal rule.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The houses of `cell`: its row, its column, its region if there are regions, and the
    /// diagonals through it under the diagonal rule.
    pub(crate) fn of(&self, cell: Cell) -> &[usize] {
        let (houses, len) = &self.of[cell.index()];
        &houses[..usize::from(*len)]
    }

    /// Whether two cells share a row, a column, a region or a diagonal.
    pub(crate) fn share(&self, a: Cell, b: Cell) -> bool {
        let (a, b) = (self.of(a), self.of(b));
        let k = self.per_cell;
        a[..k].iter().zip(&b[..k]).any(|(x, y)| x == y)
            || a[k..].iter().any(|diagonal| b[k..].contains(diagonal))
    }

    /// The cells of every house, in house order, each row-major.
    pub(crate) fn cells(&self) -> Vec<Vec<Cell>> {
        let mut cells = vec![Vec::with_capacity(self.size); self.count()];
        for index in 0..self.of.len() {
            let cell = Cell(index as u16);
            for &house in self.of(cell) {
                cells[house].push(cell);
            }
        }
        cells
    }
}

/// [`cage_tables`] within a search: every digit placed is a tick of `meter`.
pub(crate) fn tabulate_all(
    puzzle: &Puzzle,
    limits: &Limits,
    meter: &mut Meter,
) -> Result<Vec<Table>, Halt> {
    let houses = Houses::new(puzzle);
    let mut tables = puzzle
        .cages()
        .iter()
        .map(|cage| tabulate(puzzle, &houses, cage, limits.max_table_cells, meter))
        .collect::<Result<Vec<Table>, Halt>>()?;
    tables.extend(puzzle.uncovered().map(|cell| free_table(puzzle, cell)));
    Ok(tables)
}

/// The table of a cell in no cage: its given, or every digit.
fn free_table(puzzle: &Puzzle, cell: Cell) -> Table {
    let mut table = Table::with_columns(vec![cell]);
    match puzzle.given(cell) {
        Some(digit) => table.push_row(&[digit]),
        None => (1..=puzzle.size() as u8).for_each(|digit| table.push_row(&[digit])),
    }
    table
}

/// The table of one cage of `puzzle`, whose houses are `houses`.
pub(crate) fn tabulate(
    puzzle: &Puzzle,
    houses: &Houses,
    cage: &Cage,
    max_cells: u64,
    meter: &mut Meter,
) -> Result<Table, Halt> {
    let cells = cage.cells().to_vec();
    let width = cells.len();
    let killer = puzzle.options().killer;
    // For each cell, the earlier cells of the cage that must hold another digit.
    let apart = (0..width)
        .map(|i| {
            (0..i)
                .filter(|&j| killer || houses.share(cells[i], cells[j]))
                .collect()
        })
        .collect();
    let mut walk = Walk {
        size: puzzle.size() as u8,
        operation: cage.operation(),
        target: cage.target(),
        apart,
        givens: cells.iter().map(|&cell| puzzle.given(cell)).collect(),
        multi_cell: puzzle.options().multi_cell,
        max_rows: max_cells / width as u64,
        prefix: Vec::with_capacity(width),
        table: Table::with_columns(cells),
        meter,
    };
    match walk.extend(0, 1) {
        Ok(()) => Ok(walk.table),
        Err(WalkStop::Budget(budget)) => Err(Halt::Budget(budget)),
        Err(WalkStop::Full) => Err(Halt::Refused(SolveError::CageTooLarge {
            name: cage.name(puzzle.size()),
            columns: width,
            limit: max_cells,
        })),
    }
}

/// Why the walk over a cage's tuples stopped early.
enum WalkStop {
    Budget(Budget),
    /// The table reached its size limit.
    Full,
}

/// The depth-first walk that lists a cage's tuples in lexicographic order.
struct Walk<'m> {
    size: u8,
    operation: Operation,
    target: u64,
    /// For each cell of the cage, the earlier cells whose digit it must not repeat: those
    /// sharing a house with it, or all of them under the killer rule.
    apart: Vec<Vec<usize>>,
    /// The digit given in each cell outside the cages, if any: the only one it admits.
    givens: Vec<Option<u8>>,
    /// Whether subtraction and division may span more than two cells, which decides what a
    /// hidden operation over a longer cage can be.
    multi_cell: bool,
    max_rows: u64,
    /// The digits laid so far, one per cell from the first.
    prefix: Vec<u8>,
    table: Table,
    meter: &'m mut Meter,
}

impl Walk<'_> {
    /// Lays every digit that can follow the prefix, whose digits add up to `sum` and
    /// multiply to `product`. Sums cannot overflow (at most 32 * 1024); products can, and an
    /// overflowing product has passed any target.
    fn extend(&mut self, sum: u64, product: u64) -> Result<(), WalkStop> {
        let laid = self.prefix.len();
        let width = self.apart.len();
        if laid == width {
            if self.meets(sum, product) {
                if self.table.len() as u64 >= self.max_rows {
                    return Err(WalkStop::Full);
                }
                self.table.push_row(&self.prefix);
            }
            return Ok(());
        }
        if laid + 1 == width && matches!(self.operation, Operation::Add | Operation::Multiply) {
            return self.complete(sum, product);
        }
        // Cells after this one, each of which needs at least a 1.
        let after = (width - laid - 1) as u64;
        for digit in 1..=self.size {
            if self.givens[laid].is_some_and(|given| given != digit) {
                continue;
            }
            if self.apart[laid].iter().any(|&j| self.prefix[j] == digit) {
                continue;
            }
            let d = u64::from(digit);
            let sum = sum + d;
            let product = product.checked_mul(d);
            // Digits only grow from here, so a prefix past its target ends the loop.
            match self.operation {
                Operation::Add if sum + after > self.target => break,
                Operation::Add if sum + after * u64::from(self.size) < self.target => continue,
                Operation::Multiply => match product {
                    Some(p) if p > self.target => break,
                    None => break,
                    Some(p) if self.target % p != 0 => continue,
                    Some(_) => {}
                },
                Operation::Given if d != self.target => continue,
                _ => {}
            }
            self.meter.tick().map_err(WalkStop::Budget)?;
            self.prefix.push(digit);
            let result = self.extend(sum, product.unwrap_or(u64::MAX));
            self.prefix.pop();
            result?;
        }
        Ok(())
    }

    /// Lays the last cell of a sum or a product: the one digit that completes the target,
    /// if it fits, where trying every digit and testing the full row cost a grade of a Keen
    /// 9x9 4% more instructions.
    fn complete(&mut self, sum: u64, product: u64) -> Result<(), WalkStop> {
        let digit = match self.operation {
            Operation::Add => self.target.checked_sub(sum),
            _ => (self.target % product == 0).then(|| self.target / product),
        };
        let Some(digit) = digit
            .filter(|d| (1..=u64::from(self.size)).contains(d))
            .map(|d| d as u8)
        else {
            return Ok(());
        };
        if self.givens[self.prefix.len()].is_some_and(|given| given != digit)
            || self.apart[self.prefix.len()]
                .iter()
                .any(|&j| self.prefix[j] == digit)
        {
            return Ok(());
        }
        self.meter.tick().map_err(WalkStop::Budget)?;
        if self.table.len() as u64 >= self.max_rows {
            return Err(WalkStop::Full);
        }
        self.prefix.push(digit);
        self.table.push_row(&self.prefix);
        self.prefix.pop();
        Ok(())
    }

    /// Whether the full prefix meets the cage's arithmetic.
    fn meets(&self, sum: u64, product: u64) -> bool {
        match self.operation {
            Operation::Add => sum == self.target,
            Operation::Multiply => product == self.target,
            // The walk only laid the target.
            Operation::Given => true,
            // Two cells, most of Keen's: one order or the other, without the general walk
            // and its allocation (a tenth of grading a Keen 9x9 was listing these).
            operation @ (Operation::Subtract | Operation::Divide) if self.prefix.len() == 2 => {
                pair_reaches(operation, self.prefix[0], self.prefix[1], self.target)
            }
            operation @ (Operation::Subtract | Operation::Divide) => {
                let mut used = vec![false; self.prefix.len()];
                some_order_reaches(operation, None, &self.prefix, &mut used, self.target)
            }
            // Any operation that reaches the target, as the checker reads a hidden one.
            Operation::Unknown => {
                let long_ok = self.prefix.len() == 2 || self.multi_cell;
                let mut used = vec![false; self.prefix.len()];
                sum == self.target
                    || product == self.target
                    || long_ok
                        && [Operation::Subtract, Operation::Divide]
                            .into_iter()
                            .any(|op| {
                                some_order_reaches(op, None, &self.prefix, &mut used, self.target)
                            })
            }
        }
    }
}

/// Whether two digits, in one order or the other, give `target` by subtraction or
/// division: what [`some_order_reaches`] answers for two digits.
fn pair_reaches(operation: Operation, a: u8, b: u8, target: u64) -> bool {
    let (big, small) = (a.max(b), a.min(b));
    match operation {
        Operation::Subtract => u64::from(big - small) == target,
        _ => big % small == 0 && u64::from(big / small) == target,
    }
}

/// Whether the unused `digits`, in some order, folded from the left with `operation` (onto
/// `acc` if some were folded already), give `target`: the essay's test over every
/// permutation. Orders are abandoned as soon as they fall below the target, which neither
/// subtracting nor dividing by a positive digit can climb back from, or as soon as a division
/// is not exact, which a later division could not repair either.
fn some_order_reaches(
    operation: Operation,
    acc: Option<u64>,
    digits: &[u8],
    used: &mut [bool],
    target: u64,
) -> bool {
    if acc.is_some_and(|acc| acc < target) {
        return false;
    }
    let mut any_left = false;
    for i in 0..digits.len() {
        if used[i] {
            continue;
        }
        any_left = true;
        // Equal digits lead to the same orders: try each value once at this place.
        if (0..i).any(|j| !used[j] && digits[j] == digits[i]) {
            continue;
        }
        let d = u64::from(digits[i]);
        let next = match (acc, operation) {
            (None, _) => Some(d),
            (Some(acc), Operation::Subtract) => acc.checked_sub(d),
            (Some(acc), _) => (acc % d == 0).then(|| acc / d),
        };
        let Some(next) = next else { continue };
        used[i] = true;
        let reaches = some_order_reaches(operation, Some(next), digits, used, target);
        used[i] = false;
        if reaches {
            return true;
        }
    }
    !any_left && acc == Some(target)
}

/// What the essay's table methods (`direct`, `merge`, `eliminate`) do around their own
/// search, once for all three: start the clock and the [`Meter`], tabulate every cage
/// ([`tabulate_all`], which refuses what no table can hold and stops when the budget
/// runs out meanwhile), note the largest table, run `body` over the tables, and put the
/// nodes and the time into the statistics. `body` answers the solutions it passed to the
/// caller and how the search ended; a [`Halt::Budget`](Halt) from it is an end like
/// any other, with no solution counted.
pub(crate) fn search_tables(
    puzzle: &Puzzle,
    limits: &Limits,
    body: impl FnOnce(Vec<Table>, &mut Meter, &mut Stats) -> Result<(u64, End), Halt>,
) -> Result<Search, SolveError> {
    let start = Instant::now();
    let mut meter = Meter::new(limits);
    let mut stats = Stats::default();
    let searched = tabulate_all(puzzle, limits, &mut meter).and_then(|tables| {
        stats.peak_table = tables.iter().map(Table::cell_count).max().unwrap_or(0);
        body(tables, &mut meter, &mut stats)
    });
    let (count, end) = match searched {
        Ok(searched) => searched,
        Err(Halt::Budget(budget)) => (0, End::OutOfBudget(budget)),
        Err(Halt::Refused(error)) => return Err(error),
    };
    stats.nodes = meter.nodes;
    stats.elapsed = start.elapsed();
    Ok(Search { count, end, stats })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Options, PuzzleBuilder};

    /// The table of a cage on `cells` of a grid of side `size`, under the rules `rules` adds
    /// to the builder; every other cell is a given 1 (the puzzle need not be solvable).
    fn table_in(
        size: usize,
        rules: impl FnOnce(PuzzleBuilder) -> PuzzleBuilder,
        operation: Operation,
        target: u64,
        cells: &[u16],
    ) -> Table {
        let puzzle = puzzle_with(size, rules, operation, target, cells);
        let cage = &puzzle.cages()[puzzle.cage_of(Cell(cells[0])).unwrap().index()];
        let mut meter = Meter::new(&Limits::default());
        match tabulate(&puzzle, &Houses::new(&puzzle), cage, u64::MAX, &mut meter) {
            Ok(table) => table,
            Err(halt) => panic!("{halt:?}"),
        }
    }

    fn puzzle_with(
        size: usize,
        rules: impl FnOnce(PuzzleBuilder) -> PuzzleBuilder,
        operation: Operation,
        target: u64,
        cells: &[u16],
    ) -> Puzzle {
        let cage = Cage::new(operation, target, cells.iter().map(|&c| Cell(c)).collect());
        let mut cages = vec![cage];
        let others = (0..(size * size) as u16).filter(|c| !cells.contains(c));
        cages.extend(others.map(|c| Cage::given(Cell(c), 1)));
        rules(Puzzle::builder(size).cages(cages)).build().unwrap()
    }

    /// Multi-cell subtraction and division.
    fn multi(builder: PuzzleBuilder) -> PuzzleBuilder {
        builder.options(Options {
            multi_cell: true,
            ..Options::default()
        })
    }

    /// A cage of plain KenKen.
    fn table(operation: Operation, target: u64, cells: &[u16], size: usize) -> Table {
        table_in(size, |b| b, operation, target, cells)
    }

    fn rows(table: &Table) -> Vec<Vec<u8>> {
        table.rows().map(<[u8]>::to_vec).collect()
    }

    #[test]
    fn lists_tuples_in_lexicographic_order() {
        // kk0's 8* on cells 4 8 9 (an L: 4 above 8, 8 left of 9).
        let t = table(Operation::Multiply, 8, &[4, 8, 9], 4);
        let expected = [
            [1, 2, 4],
            [1, 4, 2],
            [2, 1, 4],
            [2, 4, 1],
            [4, 1, 2],
            [4, 2, 1],
        ];
        assert_eq!(rows(&t), expected);
        // A digit may repeat in cells that share no line: 4 and 9 of a 4x4.
        let t = table(Operation::Add, 4, &[4, 8, 9], 4);
        assert_eq!(rows(&t), [[1, 2, 1]]);
        assert_eq!(rows(&table(Operation::Given, 3, &[5], 4)), [[3]]);
    }

    #[test]
    fn sums_and_products_list_every_tuple_that_reaches_the_target() {
        // Every tuple of digits, in lexicographic order, against the walk, which lays the
        // last cell of a sum or a product without trying each digit.
        fn every_tuple(size: u8, width: usize, keep: &dyn Fn(&[u8]) -> bool) -> Vec<Vec<u8>> {
            let mut out = Vec::new();
            let mut row = vec![1u8; width];
            loop {
                if keep(&row) {
                    out.push(row.clone());
                }
                let Some(k) = (0..width).rev().find(|&k| row[k] < size) else {
                    return out;
                };
                row[k] += 1;
                row[k + 1..].fill(1);
            }
        }
        // A line of three cells of a 6x6 (all apart) and an L of three (ends apart only).
        for (cells, apart) in [(&[0u16, 1, 2][..], true), (&[0, 6, 7][..], false)] {
            let distinct = |row: &[u8]| {
                if apart {
                    row[0] != row[1] && row[1] != row[2] && row[0] != row[2]
                } else {
                    row[0] != row[1] && row[1] != row[2]
                }
            };
            for target in 1..=40 {
                let sums = table(Operation::Add, target, cells, 6);
                let expected = every_tuple(6, 3, &|row: &[u8]| {
                    distinct(row) && row.iter().map(|&d| u64::from(d)).sum::<u64>() == target
                });
                assert_eq!(rows(&sums), expected, "{target}+ on {cells:?}");
                let products = table(Operation::Multiply, target, cells, 6);
                let expected = every_tuple(6, 3, &|row: &[u8]| {
                    distinct(row) && row.iter().map(|&d| u64::from(d)).product::<u64>() == target
                });
                assert_eq!(rows(&products), expected, "{target}x on {cells:?}");
            }
        }
        // One cell: the target itself, when it is a digit.
        assert_eq!(rows(&table(Operation::Add, 5, &[3], 6)), [[5]]);
        assert!(table(Operation::Multiply, 7, &[3], 6).is_empty());
    }

    #[test]
    fn subtraction_and_division_take_either_order() {
        let t = table(Operation::Subtract, 1, &[10, 11], 4);
        assert_eq!(rows(&t), [[1, 2], [2, 1], [2, 3], [3, 2], [3, 4], [4, 3]]);
        let t = table(Operation::Divide, 2, &[14, 15], 4);
        assert_eq!(rows(&t), [[1, 2], [2, 1], [2, 4], [4, 2]]);
    }

    #[test]
    fn subtraction_and_division_over_more_cells_take_the_largest_first() {
        // 2- on a column of three cells of a 5x5: largest minus the other two is 2.
        let t = table_in(5, multi, Operation::Subtract, 2, &[0, 5, 10]);
        for row in t.rows() {
            let (max, sum) = (*row.iter().max().unwrap(), row.iter().sum::<u8>());
            assert_eq!(max - (sum - max), 2, "{row:?}");
        }
        // 5 - 2 - 1 in its six orders.
        assert_eq!(t.len(), 6);
        // 2% on three cells: 4 / (2 * 1), in its six orders, and nothing else up to 5.
        let t = table_in(5, multi, Operation::Divide, 2, &[0, 5, 10]);
        assert_eq!(t.len(), 6);
        assert!(t.rows().all(|row| {
            let mut sorted = row.to_vec();
            sorted.sort_unstable();
            sorted == [1, 2, 4]
        }));
        // Not J's right fold: 5 - (3 - 1) = 3 would let {1, 3, 5} into a 3- cage, where the
        // largest minus the rest leaves no three distinct digits up to 5.
        let t = table_in(5, multi, Operation::Subtract, 3, &[0, 5, 10]);
        assert!(t.is_empty());
    }

    #[test]
    fn a_target_past_every_product_yields_nothing_and_does_not_overflow() {
        let t = table(Operation::Multiply, u64::MAX, &[0, 1, 2, 3], 32);
        assert!(t.is_empty());
        let t = table(Operation::Add, u64::MAX, &[0, 1], 32);
        assert!(t.is_empty());
    }

    #[test]
    fn a_cage_too_large_is_refused() {
        let cells: Vec<u16> = (0..6).collect();
        let puzzle = puzzle_with(9, |b| b, Operation::Add, 30, &cells);
        let mut meter = Meter::new(&Limits::default());
        let houses = Houses::new(&puzzle);
        let halt = tabulate(&puzzle, &houses, &puzzle.cages()[0], 600, &mut meter).unwrap_err();
        let Halt::Refused(error) = halt else {
            panic!("{halt:?}")
        };
        assert!(error
            .to_string()
            .starts_with("cage 30+ at r1c1 has more tuples"));
    }

    #[test]
    fn boxes_and_regions_are_houses_too() {
        use crate::model::Regions;
        // 4+ on the L of cells 0 1 4: cells 1 and 4 share no row or column, but a 2x2 box.
        let plain = table(Operation::Add, 4, &[0, 1, 4], 4);
        assert_eq!(rows(&plain), [[2, 1, 1]]);
        let boxes = |b: PuzzleBuilder| b.regions(Regions::Boxes { rows: 2, cols: 2 });
        assert!(table_in(4, boxes, Operation::Add, 4, &[0, 1, 4]).is_empty());
        // The same with jigsaw regions drawn as the boxes, and with regions that part them.
        let as_boxes = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        let jigsaw = |b: PuzzleBuilder| b.regions(Regions::Jigsaw(as_boxes));
        assert!(table_in(4, jigsaw, Operation::Add, 4, &[0, 1, 4]).is_empty());
        let as_rows = vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
        let jigsaw = |b: PuzzleBuilder| b.regions(Regions::Jigsaw(as_rows));
        let t = table_in(4, jigsaw, Operation::Add, 4, &[0, 1, 4]);
        assert_eq!(rows(&t), [[2, 1, 1]]);
        // 12+ on the square of cells 1 2 7 8 of a 6x6, inside one 2x3 box: its diagonals may
        // repeat a digit in plain KenKen (1 5 5 1), not with boxes.
        let boxes = |b: PuzzleBuilder| b.regions(Regions::Boxes { rows: 2, cols: 3 });
        let t = table_in(6, boxes, Operation::Add, 12, &[1, 2, 7, 8]);
        assert!(!t.is_empty());
        assert!(
            t.rows().all(|r| r[0] != r[3] && r[1] != r[2]),
            "{:?}",
            rows(&t)
        );
        assert!(!table(Operation::Add, 12, &[1, 2, 7, 8], 6)
            .rows()
            .all(|r| r[0] != r[3] && r[1] != r[2]));
    }

    #[test]
    fn the_killer_rule_keeps_the_digits_of_a_cage_apart() {
        let killer = |b: PuzzleBuilder| {
            b.options(Options {
                killer: true,
                ..Options::default()
            })
        };
        // 4+ on the L of cells 4 8 9: 1 2 1 repeats 1 in cells 4 and 9, so nothing is left.
        assert!(table_in(4, killer, Operation::Add, 4, &[4, 8, 9]).is_empty());
        // 6+: only the six orders of 1 2 3, where plain KenKen also allows 1 4 1.
        let t = table_in(4, killer, Operation::Add, 6, &[4, 8, 9]);
        assert_eq!(t.len(), 6);
        assert_eq!(table(Operation::Add, 6, &[4, 8, 9], 4).len(), 7);
    }

    #[test]
    fn a_given_outside_the_cages_admits_only_its_digit() {
        // kk0's 8* on cells 4 8 9, with 2 given in cell 8.
        let given = |b: PuzzleBuilder| b.given(Cell(8), 2);
        let t = table_in(4, given, Operation::Multiply, 8, &[4, 8, 9]);
        assert_eq!(rows(&t), [[1, 2, 4], [4, 2, 1]]);
        // A given that contradicts a given cage leaves it without tuples.
        let given = |b: PuzzleBuilder| b.given(Cell(5), 3);
        assert!(table_in(4, given, Operation::Given, 2, &[5]).is_empty());
    }

    #[test]
    fn a_zero_subtraction_holds_a_largest_digit_equal_to_the_rest() {
        // 0- on a column of three cells of a 5x5: {1 2 3}, {1 3 4}, {1 4 5}, {2 3 5}, each in
        // its six orders.
        let t = table_in(5, multi, Operation::Subtract, 0, &[0, 5, 10]);
        assert_eq!(t.len(), 24);
        for row in t.rows() {
            let (max, sum) = (*row.iter().max().unwrap(), row.iter().sum::<u8>());
            assert_eq!(2 * max, sum, "{row:?}");
        }
        // Two cells of one line can never be equal: 0- on them has no tuple.
        assert!(table_in(5, multi, Operation::Subtract, 0, &[0, 1]).is_empty());
    }

    /// The checker's rule, written out: the largest digit minus the sum of the others, or
    /// divided by their product.
    fn largest_first(operation: Operation, digits: &[u8]) -> Option<u64> {
        let mut rest: Vec<u64> = digits.iter().map(|&d| u64::from(d)).collect();
        rest.sort_unstable();
        let largest = rest.pop()?;
        match operation {
            Operation::Subtract => largest.checked_sub(rest.iter().sum()),
            _ => {
                let product: u64 = rest.iter().product();
                (largest % product == 0).then(|| largest / product)
            }
        }
    }

    #[test]
    fn two_digits_reach_what_the_fold_over_both_orders_reaches() {
        for operation in [Operation::Subtract, Operation::Divide] {
            for a in 1..=32u8 {
                for b in 1..=32u8 {
                    for target in 0..=33 {
                        let mut used = [false; 2];
                        let folds = some_order_reaches(operation, None, &[a, b], &mut used, target);
                        assert_eq!(
                            pair_reaches(operation, a, b, target),
                            folds,
                            "{operation} {a} {b} {target}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_fold_over_every_order_is_the_checkers_rule() {
        // Every list of 2 to 4 digits up to 6, against every target up to 7 (0 included).
        for width in 2..=4u32 {
            for code in 0..6u32.pow(width) {
                let digits: Vec<u8> = (0..width)
                    .map(|i| (code / 6u32.pow(i) % 6 + 1) as u8)
                    .collect();
                for operation in [Operation::Subtract, Operation::Divide] {
                    let value = largest_first(operation, &digits);
                    for target in 0..=7 {
                        let mut used = vec![false; digits.len()];
                        let folds = some_order_reaches(operation, None, &digits, &mut used, target);
                        assert_eq!(
                            folds,
                            value == Some(target),
                            "{operation} {digits:?} {target}"
                        );
                    }
                }
            }
        }
    }
}
