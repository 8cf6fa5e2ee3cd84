//! Cages too big to tabulate. Sums and products get bounds reasoning: a digit stays in a
//! cell only if the other cells' smallest and largest candidates can still make up the
//! target; weaker than a table, but exact once every cell is single. Any other operation
//! (hidden, or multi-cell subtraction and division) is checked once its cells are all
//! single. Under the killer rule a single cell's digit also leaves the rest of its cage.

use super::engine::Engine;
use crate::model::{Operation, Options};

/// The arithmetic of bounds reasoning.
#[derive(Clone, Copy)]
pub(super) enum Bound {
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

impl Engine<'_> {
    /// Narrows the cells of an untabulated sum or product cage to what bounds allow.
    pub(super) fn revise_bounds(&mut self, cage: usize, target: u64, bound: Bound) -> bool {
        let rules = self.rules;
        let cells = &rules.cage_cells[rules.cages[cage].cells.clone()];
        let mut changed = false;
        for &cell in cells {
            let cell = cell as usize;
            let (mut low, mut high) = (bound.identity(), bound.identity());
            for &other in cells {
                if other as usize != cell {
                    let mask = self.state[other as usize];
                    low = bound.combine(low, u64::from(mask.trailing_zeros() + 1));
                    high = bound.combine(high, u64::from(32 - mask.leading_zeros()));
                }
            }
            let mask = self.state[cell];
            let mut lost = 0;
            let mut bits = mask;
            while bits != 0 {
                let d = bits.trailing_zeros();
                bits &= bits - 1;
                if !bound.reaches(u64::from(d + 1), low, high, target) {
                    lost |= 1 << d;
                }
            }
            if lost != 0 {
                if !self.remove(cell, lost, true) {
                    return false;
                }
                changed = true;
            }
        }
        if self.rules.cages[cage].distinct && !self.distinct_in_cage(cage) {
            return false;
        }
        // Bounds are not idempotent: a narrowed cell may narrow the others in turn.
        if changed {
            self.mark(cage);
        }
        true
    }

    /// The killer rule in an untabulated cage: the digits of its single cells leave its
    /// other cells. `false` on a contradiction.
    fn distinct_in_cage(&mut self, cage: usize) -> bool {
        let rules = self.rules;
        let cells = &rules.cage_cells[rules.cages[cage].cells.clone()];
        let mut placed = 0u32;
        for &cell in cells {
            let mask = self.state[cell as usize];
            if mask & (mask - 1) == 0 {
                if placed & mask != 0 {
                    return false;
                }
                placed |= mask;
            }
        }
        for &cell in cells {
            let mask = self.state[cell as usize];
            if mask & (mask - 1) != 0 && mask & placed != 0 {
                if !self.remove(cell as usize, placed, true) {
                    return false;
                }
                // The cell may have become single: look again.
                self.mark(cage);
            }
        }
        true
    }

    /// Checks an untabulated cage of any operation once its cells are all single, by the
    /// checker's rules. `false` if they miss the target.
    pub(super) fn revise_check(
        &mut self,
        cage: usize,
        operation: Operation,
        target: u64,
        options: Options,
    ) -> bool {
        let rules = self.rules;
        if rules.cages[cage].distinct && !self.distinct_in_cage(cage) {
            return false;
        }
        let cells = &rules.cage_cells[rules.cages[cage].cells.clone()];
        let (mut sum, mut product, mut largest) = (0u64, Some(1u64), 0u64);
        for &cell in cells {
            let mask = self.state[cell as usize];
            if mask & (mask - 1) != 0 {
                return true;
            }
            let digit = u64::from(mask.trailing_zeros() + 1);
            sum += digit;
            product = product.and_then(|p| p.checked_mul(digit));
            largest = largest.max(digit);
        }
        let difference = (2 * largest).checked_sub(sum) == Some(target);
        let quotient = product.is_some_and(|p| largest == target.saturating_mul(p / largest));
        let long = cells.len() == 2 || options.multi_cell;
        match operation {
            Operation::Add => sum == target,
            Operation::Multiply => product == Some(target),
            Operation::Subtract => difference,
            Operation::Divide => quotient,
            Operation::Given => sum == target,
            Operation::Unknown => {
                sum == target || product == Some(target) || (long && (difference || quotient))
            }
        }
    }
}
