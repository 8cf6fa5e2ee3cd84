//! The production solver: constraint propagation over bitmask candidates, with depth-first
//! search branching on the cell with the fewest candidates.
//!
//! Each cell holds its candidates as a `u32` (bit `d - 1` for digit `d`, as in
//! [`DigitSet`](crate::DigitSet)). Three rules remove candidates until none applies:
//!
//! 1. **Naked single**: a cell left with one digit removes it from its row and column.
//! 2. **Cage consistency**: each cage keeps a table of its tuples (the digit layouts that meet
//!    its arithmetic, with no digit twice in a row or column inside the cage). A digit stays
//!    in a cell only while some tuple that fits every cell's current candidates puts it there
//!    (generalised arc consistency). Cages too big to tabulate fall back to bounds on sums and
//!    products, which are weaker but still exact once the cage is full.
//! 3. **Hidden single**: a digit with one place left in a row or column goes there; a digit
//!    with none proves a contradiction.
//!
//! Singles run first, being cheapest; cages are revised only when one of their cells
//! changed; hidden singles are looked for once both queues are empty.
//!
//! The search keeps one candidate grid per depth in a single arena and copies the parent's
//! grid into the child's slot before each guess, so undoing a guess costs nothing and the
//! search allocates nothing once the arena has grown to its deepest level.

use std::time::Instant;

use super::{Budget, End, Limits, Meter, Search, SolveError, Solver, Stats};
use crate::model::{Cage, Grid, Operation, Puzzle};

/// The production solver (`--method propagate`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Propagate;

impl Solver for Propagate {
    fn name(&self) -> &'static str {
        "propagate"
    }

    fn summary(&self) -> &'static str {
        "constraint propagation with cage tables and search (the default)"
    }

    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError> {
        super::require_plain(self.name(), puzzle)?;
        let start = Instant::now();
        let rules = Rules::new(puzzle);
        let cells = puzzle.cell_count();
        let mut searcher = Searcher {
            work: Work::new(&rules),
            arena: vec![rules.full; cells],
            rules: &rules,
            meter: Meter::new(limits),
            max_solutions: limits.max_solutions.max(1),
            count: 0,
            guesses: 0,
            found,
        };
        let end = match searcher.root() {
            Ok(()) => End::Exhausted,
            Err(Stop::SolutionLimit) => End::SolutionLimit,
            Err(Stop::Budget(budget)) => End::OutOfBudget(budget),
        };
        Ok(Search {
            count: searcher.count,
            end,
            stats: Stats {
                nodes: searcher.meter.nodes,
                guesses: searcher.guesses,
                elapsed: start.elapsed(),
                ..Stats::default()
            },
        })
    }
}

/// Cages with more cells than this are never tabulated: the support arrays of
/// [`Rules::revise`] live on the stack with this many entries.
const MAX_TABLE_CELLS: usize = 16;

/// Cages with more tuples than this fall back to bounds: scanning a larger table on every
/// change would cost more than the search it saves.
const MAX_TABLE_TUPLES: usize = 1 << 16;

/// Steps the tabulation of one cage may take before it gives up and falls back to bounds,
/// so that setting up a huge cage cannot take long.
const MAX_TABLE_STEPS: u64 = 1 << 22;

/// How a cage prunes its cells' candidates.
#[derive(Debug)]
enum Rule {
    /// Every tuple, flattened: tuple `t` is `tuples[t * m..(t + 1) * m]` for a cage of `m`
    /// cells, each entry the one-bit mask of the digit it puts in that cell.
    Table(Vec<u32>),
    /// Bounds on a sum too large to tabulate.
    Sum(u64),
    /// Bounds and divisibility for a product too large to tabulate.
    Product(u64),
}

/// A cage as the solver sees it.
#[derive(Debug)]
struct CageRule {
    cells: Vec<usize>,
    rule: Rule,
}

/// Everything about the puzzle that does not change during the search.
struct Rules {
    size: usize,
    /// All digits of the grid.
    full: u32,
    cages: Vec<CageRule>,
    cage_of: Vec<usize>,
}

/// The queues of one propagation, allocated once per search.
struct Work {
    /// Cells that became single and have not yet been removed from their peers.
    singles: Vec<usize>,
    /// Cages whose cells changed since they were last revised.
    dirty: Vec<usize>,
    is_dirty: Vec<bool>,
}

/// Why the search stopped early.
enum Stop {
    SolutionLimit,
    Budget(Budget),
}

struct Searcher<'a, 'f> {
    rules: &'a Rules,
    work: Work,
    /// One candidate grid per depth: depth `d` is `arena[d * cells..(d + 1) * cells]`.
    arena: Vec<u32>,
    meter: Meter,
    max_solutions: u64,
    count: u64,
    guesses: u64,
    found: &'f mut dyn FnMut(&Grid),
}

impl Rules {
    fn new(puzzle: &Puzzle) -> Rules {
        let size = puzzle.size();
        let cages = puzzle
            .cages()
            .iter()
            .map(|cage| {
                let cells: Vec<usize> = cage.cells().iter().map(|c| c.index()).collect();
                let rule = match tabulate(cage, size) {
                    Some(tuples) => Rule::Table(tuples),
                    None if cage.operation() == Operation::Multiply => Rule::Product(cage.target()),
                    // Only sums and products can outgrow a table: the other operations have at
                    // most two cells.
                    None => Rule::Sum(cage.target()),
                };
                CageRule { cells, rule }
            })
            .collect();
        Rules {
            size,
            full: (u64::MAX >> (64 - size)) as u32,
            cages,
            cage_of: puzzle.cells().map(|c| puzzle.cage_of(c).index()).collect(),
        }
    }

    /// Notes that `cell` now holds `mask`: queue it if single, and its cage for revision.
    #[inline]
    fn changed(&self, work: &mut Work, cell: usize, mask: u32) {
        if mask & (mask - 1) == 0 {
            work.singles.push(cell);
        }
        let cage = self.cage_of[cell];
        if !work.is_dirty[cage] {
            work.is_dirty[cage] = true;
            work.dirty.push(cage);
        }
    }

    /// Applies every rule until none removes a candidate. Returns `false` on a
    /// contradiction (a cell or a digit of a house with no place left).
    fn propagate(&self, work: &mut Work, cand: &mut [u32]) -> bool {
        let ok = self.fixpoint(work, cand);
        if !ok {
            work.clear();
        }
        ok
    }

    fn fixpoint(&self, work: &mut Work, cand: &mut [u32]) -> bool {
        let n = self.size;
        loop {
            while let Some(cell) = work.singles.pop() {
                let bit = cand[cell];
                let (row, col) = (cell / n, cell % n);
                for k in 0..n {
                    for peer in [row * n + k, k * n + col] {
                        if peer != cell && cand[peer] & bit != 0 {
                            let mask = cand[peer] & !bit;
                            if mask == 0 {
                                return false;
                            }
                            cand[peer] = mask;
                            self.changed(work, peer, mask);
                        }
                    }
                }
            }
            if let Some(cage) = work.dirty.pop() {
                work.is_dirty[cage] = false;
                if !self.revise(work, cand, cage) {
                    return false;
                }
                continue;
            }
            match self.hidden_singles(work, cand) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Places every digit that has one cell left in a row or column. `None` on a
    /// contradiction, otherwise whether anything changed.
    fn hidden_singles(&self, work: &mut Work, cand: &mut [u32]) -> Option<bool> {
        let n = self.size;
        let mut progress = false;
        for house in 0..2 * n {
            let cell_at = |k: usize| {
                if house < n {
                    house * n + k
                } else {
                    k * n + (house - n)
                }
            };
            let (mut once, mut twice) = (0u32, 0u32);
            for k in 0..n {
                let mask = cand[cell_at(k)];
                twice |= once & mask;
                once |= mask;
            }
            if once != self.full {
                return None;
            }
            let hidden = once & !twice;
            if hidden == 0 {
                continue;
            }
            for k in 0..n {
                let cell = cell_at(k);
                let mask = cand[cell] & hidden;
                if mask != 0 && mask != cand[cell] {
                    if mask & (mask - 1) != 0 {
                        // Two digits that each have only this cell left.
                        return None;
                    }
                    cand[cell] = mask;
                    self.changed(work, cell, mask);
                    progress = true;
                }
            }
        }
        Some(progress)
    }

    /// Prunes the cells of one cage to what its rule supports; `false` if a cell is left
    /// with nothing.
    fn revise(&self, work: &mut Work, cand: &mut [u32], cage: usize) -> bool {
        let CageRule { cells, rule } = &self.cages[cage];
        match rule {
            Rule::Table(tuples) => {
                let m = cells.len();
                let mut current = [0u32; MAX_TABLE_CELLS];
                let mut support = [0u32; MAX_TABLE_CELLS];
                for (slot, &cell) in current.iter_mut().zip(cells) {
                    *slot = cand[cell];
                }
                for tuple in tuples.chunks_exact(m) {
                    if tuple.iter().zip(&current).all(|(t, c)| t & c != 0) {
                        for (s, t) in support.iter_mut().zip(tuple) {
                            *s |= t;
                        }
                    }
                }
                for (i, &cell) in cells.iter().enumerate() {
                    let mask = current[i] & support[i];
                    if mask == 0 {
                        return false;
                    }
                    if mask != current[i] {
                        cand[cell] = mask;
                        // The cage itself is consistent now: only the single matters.
                        if mask & (mask - 1) == 0 {
                            work.singles.push(cell);
                        }
                    }
                }
                true
            }
            Rule::Sum(target) => self.revise_bounds(work, cand, cage, *target, Bound::Sum),
            Rule::Product(target) => self.revise_bounds(work, cand, cage, *target, Bound::Product),
        }
    }

    /// Bounds reasoning for an untabulated sum or product: a digit stays only if the other
    /// cells' smallest and largest digits can still make up the target. Exact once every
    /// cell is single.
    fn revise_bounds(
        &self,
        work: &mut Work,
        cand: &mut [u32],
        cage: usize,
        target: u64,
        bound: Bound,
    ) -> bool {
        let cells = &self.cages[cage].cells;
        let mut changed = false;
        for &cell in cells {
            let (mut low, mut high) = (bound.identity(), bound.identity());
            for &other in cells {
                if other != cell {
                    let mask = cand[other];
                    low = bound.combine(low, u64::from(mask.trailing_zeros() + 1));
                    high = bound.combine(high, u64::from(32 - mask.leading_zeros()));
                }
            }
            let mut mask = cand[cell];
            let mut bits = mask;
            while bits != 0 {
                let digit = u64::from(bits.trailing_zeros() + 1);
                bits &= bits - 1;
                if !bound.reaches(digit, low, high, target) {
                    mask &= !(1 << (digit - 1));
                }
            }
            if mask == 0 {
                return false;
            }
            if mask != cand[cell] {
                cand[cell] = mask;
                changed = true;
                if mask & (mask - 1) == 0 {
                    work.singles.push(cell);
                }
            }
        }
        // Bounds are not idempotent: a narrowed cell may narrow the others in turn.
        if changed && !work.is_dirty[cage] {
            work.is_dirty[cage] = true;
            work.dirty.push(cage);
        }
        true
    }
}

/// The arithmetic of bounds reasoning.
#[derive(Clone, Copy)]
enum Bound {
    Sum,
    Product,
}

impl Bound {
    fn identity(self) -> u64 {
        match self {
            Bound::Sum => 0,
            Bound::Product => 1,
        }
    }

    fn combine(self, a: u64, b: u64) -> u64 {
        match self {
            Bound::Sum => a.saturating_add(b),
            Bound::Product => a.saturating_mul(b),
        }
    }

    /// Whether `digit` with the others between `low` and `high` can make `target`.
    fn reaches(self, digit: u64, low: u64, high: u64, target: u64) -> bool {
        match self {
            Bound::Sum => {
                digit.saturating_add(low) <= target && digit.saturating_add(high) >= target
            }
            Bound::Product => {
                target % digit == 0
                    && digit.saturating_mul(low) <= target
                    && digit.saturating_mul(high) >= target
            }
        }
    }
}

impl Work {
    fn new(rules: &Rules) -> Work {
        Work {
            singles: Vec::with_capacity(rules.cage_of.len()),
            dirty: Vec::with_capacity(rules.cages.len()),
            is_dirty: vec![false; rules.cages.len()],
        }
    }

    fn clear(&mut self) {
        self.singles.clear();
        for cage in self.dirty.drain(..) {
            self.is_dirty[cage] = false;
        }
    }
}

impl Searcher<'_, '_> {
    fn root(&mut self) -> Result<(), Stop> {
        self.meter.tick().map_err(Stop::Budget)?;
        for cage in 0..self.rules.cages.len() {
            self.work.is_dirty[cage] = true;
            self.work.dirty.push(cage);
        }
        if self.rules.propagate(&mut self.work, &mut self.arena) {
            self.descend(0)
        } else {
            Ok(())
        }
    }

    /// Explores the propagated state at `depth`.
    fn descend(&mut self, depth: usize) -> Result<(), Stop> {
        let cells = self.rules.cage_of.len();
        let here = depth * cells;
        let state = &self.arena[here..here + cells];
        // The cell with the fewest candidates; two is the fewest a branch can have.
        let mut branch = None;
        let mut fewest = u32::MAX;
        for (cell, mask) in state.iter().enumerate() {
            let count = mask.count_ones();
            if count > 1 && count < fewest {
                fewest = count;
                branch = Some(cell);
                if count == 2 {
                    break;
                }
            }
        }
        let Some(cell) = branch else {
            return self.emit(depth);
        };
        let next = here + cells;
        if self.arena.len() < next + cells {
            // The only allocation of the search: the arena grows one level at a time, the
            // first time the search goes that deep.
            self.arena.resize(next + cells, 0);
        }
        let mut options = self.arena[here + cell];
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            self.meter.tick().map_err(Stop::Budget)?;
            self.guesses += 1;
            self.arena.copy_within(here..next, next);
            let child = &mut self.arena[next..next + cells];
            child[cell] = bit;
            self.rules.changed(&mut self.work, cell, bit);
            if self.rules.propagate(&mut self.work, child) {
                self.descend(depth + 1)?;
            }
        }
        Ok(())
    }

    /// Reports the solved state at `depth`.
    fn emit(&mut self, depth: usize) -> Result<(), Stop> {
        let cells = self.rules.cage_of.len();
        let digits = self.arena[depth * cells..(depth + 1) * cells]
            .iter()
            .map(|mask| mask.trailing_zeros() as u8 + 1)
            .collect();
        let grid = Grid::from_digits(self.rules.size, digits)
            .expect("a solved state has one digit of the grid per cell");
        self.count += 1;
        (self.found)(&grid);
        if self.count >= self.max_solutions {
            Err(Stop::SolutionLimit)
        } else {
            Ok(())
        }
    }
}

/// Every tuple of a cage, as one-bit masks, or `None` if there are too many to keep.
///
/// Digits are laid out cell by cell (cells ascending) by a depth-first search that prunes
/// partial sums and products and never repeats a digit in a row or column inside the cage.
fn tabulate(cage: &Cage, size: usize) -> Option<Vec<u32>> {
    let cells = cage.cells();
    if cells.len() > MAX_TABLE_CELLS {
        return None;
    }
    let mut tabulator = Tabulator {
        size: size as u64,
        operation: cage.operation(),
        target: cage.target(),
        places: cells.iter().map(|c| (c.row(size), c.col(size))).collect(),
        digits: Vec::with_capacity(cells.len()),
        tuples: Vec::new(),
        steps: 0,
    };
    tabulator.extend(0, 1).then_some(tabulator.tuples)
}

struct Tabulator {
    size: u64,
    operation: Operation,
    target: u64,
    /// (row, column) of each cell.
    places: Vec<(usize, usize)>,
    /// The digits laid so far.
    digits: Vec<u64>,
    tuples: Vec<u32>,
    steps: u64,
}

impl Tabulator {
    /// Lays digits in the remaining cells, given the sum and product of those laid so far.
    /// `false` when the table grew too large.
    fn extend(&mut self, sum: u64, product: u64) -> bool {
        self.steps += 1;
        if self.steps > MAX_TABLE_STEPS {
            return false;
        }
        let i = self.digits.len();
        let m = self.places.len();
        if i == m {
            if self.completes(sum, product) {
                self.tuples
                    .extend(self.digits.iter().map(|&d| 1u32 << (d - 1)));
                return self.tuples.len() / m <= MAX_TABLE_TUPLES;
            }
            return true;
        }
        let left = (m - i - 1) as u64;
        for digit in 1..=self.size {
            let (row, col) = self.places[i];
            let clash = self
                .digits
                .iter()
                .zip(&self.places)
                .any(|(&d, &(r, c))| d == digit && (r == row || c == col));
            if clash {
                continue;
            }
            let (sum, product) = (sum + digit, product.saturating_mul(digit));
            let hopeless = match self.operation {
                Operation::Add => sum + left > self.target || sum + left * self.size < self.target,
                Operation::Multiply => product > self.target || self.target % product != 0,
                Operation::Given => digit != self.target,
                // Refused before the search starts (`require_plain`).
                Operation::Unknown => true,
                Operation::Subtract | Operation::Divide => false,
            };
            if hopeless {
                continue;
            }
            self.digits.push(digit);
            let fits = self.extend(sum, product);
            self.digits.pop();
            if !fits {
                return false;
            }
        }
        true
    }

    /// Whether the full layout in `digits` meets the cage's arithmetic.
    fn completes(&self, sum: u64, product: u64) -> bool {
        let target = self.target;
        match self.operation {
            Operation::Add => sum == target,
            Operation::Multiply => product == target,
            Operation::Given => true,
            Operation::Unknown => false,
            Operation::Subtract => match self.digits[..] {
                [a, b] => a.abs_diff(b) == target,
                _ => false,
            },
            Operation::Divide => match self.digits[..] {
                [a, b] => {
                    let (big, small) = (a.max(b), a.min(b));
                    big % small == 0 && big / small == target
                }
                _ => false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;

    #[test]
    fn tabulates_a_sum_without_repeats_in_a_line() {
        // 5+ over two cells of one row of a 4x4: 1 4, 2 3, 3 2, 4 1.
        let cage = Cage::new(Operation::Add, 5, vec![Cell(0), Cell(1)]);
        let tuples = tabulate(&cage, 4).unwrap();
        assert_eq!(tuples.len() / 2, 4);
        // 4+ over an L: 1 2 1 is allowed (the two 1s share neither row nor column).
        let cage = Cage::new(Operation::Add, 4, vec![Cell(0), Cell(1), Cell(5)]);
        let tuples = tabulate(&cage, 4).unwrap();
        assert_eq!(tuples, [1, 2, 1]);
    }

    #[test]
    fn a_huge_cage_falls_back_to_bounds() {
        // A 12-cell sum in a 16x16 grid has far more tuples than a table holds.
        let cells = (0..12).map(Cell).collect();
        let cage = Cage::new(Operation::Add, 100, cells);
        assert!(tabulate(&cage, 16).is_none());
    }
}
