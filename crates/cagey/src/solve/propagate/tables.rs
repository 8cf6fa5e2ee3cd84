//! Cage tables: every tuple of a cage, listed once per puzzle, and the *compact table*
//! bitsets the search filters them with.
//!
//! The tuples of a cage are listed depth-first, cell by cell (cells ascending), smallest
//! digit first, dropping a prefix as soon as it cannot be completed: a digit repeated in a
//! row or column inside the cage, a partial sum or product past the target. They are not
//! kept as digits: [`list_tuples`] hands each to a sink, which turns it into bits. What the
//! search needs is, for each cell `i` of the cage and digit `d`, the set of tuples that put
//! `d` in cell `i`, as a bitset over tuple numbers (the *supports* of compact-table
//! filtering, Demeulenaere et al., CP 2016):
//!
//! ```text
//!   cage 5+ over cells 0 1 (one row)       supports, one bit per tuple (t0 = bit 0)
//!
//!   tuple   cell 0  cell 1                  cell 0, digit 1:  0001   (t0)
//!   t0        1       4                     cell 0, digit 2:  0010   (t1)
//!   t1        2       3                     ...
//!   t2        3       2                     cell 1, digit 4:  0001   (t0)
//!   t3        4       1                     cell 1, digit 3:  0010   (t1)
//! ```
//!
//! The bitsets of a cage are listed word-major: all the bitsets' word 0 (tuples 0..64),
//! then all their word 1, and so on, so that the table grows one block at a time as the
//! listing goes without knowing its length. Once listed, a table of more than one word is
//! turned around and kept bitset by bitset, each contiguous, which is how filtering reads
//! them ([`Table::at`](super::rules::Table::at)).
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*tables.rs*).

use crate::model::{Cage, Operation};

/// Tuples a cage may have and still be tabulated: a table of this many tuples costs a
/// few kilobytes per support, and filtering it stays cheaper than the search it saves.
pub(super) const MAX_TUPLES: usize = 1 << 16;

// A table's words are numbered by the engine's residues in a `u16`.
const _: () = assert!(MAX_TUPLES / 64 <= 1 << 16);

/// Words the supports of one cage may take (8 bytes each): 2 MB, which the largest sum
/// cages of the 16x16 corpus (5 cells, some 20,000 tuples: 25,000 words) stay far below.
pub(super) const MAX_SUPPORT_WORDS: usize = 1 << 18;

/// Cells a tabulated cage may have: a tuple's cells are a bitmask in a `u32` (the groups of
/// [`Group`](super::rules::Group)), and no cage this large has few enough tuples anyway.
pub(super) const MAX_CELLS: usize = 24;

/// Prefixes the listing of one cage may extend before it gives up and the cage falls back
/// to bounds, so that setting up a huge cage cannot take long.
const MAX_STEPS: u64 = 1 << 22;

/// Lines (houses) one cell of a cage may be in: a row, a column, a region, and the cage
/// itself under the killer rule.
pub(super) const LINES_PER_CELL: usize = 4;

/// Marks an unused entry of a cell's lines.
pub(super) const NO_LINE: u16 = u16::MAX;

/// Lists every tuple of `cage` in a grid of side `size`, in order, calling `sink` with
/// each: its digits minus one, cell by cell; the sink returns `false` to stop. `lines[i]`
/// names the houses of the cage's cell `i` (any numbers but [`NO_LINE`], which marks an
/// unused entry: two cells sharing one may not hold the same digit), and `domains[i]` the
/// digits it may hold (bit `d - 1` for digit `d`). `multi_cell` reads subtraction and
/// division over more than two cells, for hidden operations, as the multi-cell rules do.
///
/// Returns the number of tuples, or `None` if the sink stopped it, or the cage has more
/// cells than [`MAX_CELLS`], more tuples than [`MAX_TUPLES`], or takes more than
/// [`MAX_STEPS`] to list (the sink has then seen some tuples, to be thrown away).
pub(super) fn list_tuples<F: FnMut(&[u8]) -> bool>(
    cage: &Cage,
    size: usize,
    lines: &[[u16; LINES_PER_CELL]],
    domains: &[u32],
    multi_cell: bool,
    sink: F,
) -> Option<usize> {
    let m = cage.cells().len();
    if m > MAX_CELLS || lines.len() != m || domains.len() != m {
        return None;
    }
    let mut sink = sink;
    let shared = lines.len() == 2
        && lines[0]
            .iter()
            .any(|&line| line != NO_LINE && lines[1].contains(&line));
    if shared && cage.operation() != Operation::Unknown {
        return list_pairs(cage, size, [domains[0], domains[1]], &mut sink);
    }
    // Number the lines the cage meets from 0, in order of first appearance, and give each
    // unused entry a number of its own, which no other cell reads: marking and reading it
    // then needs no test.
    let mut names = [NO_LINE; LINES_PER_CELL * MAX_CELLS];
    let mut count = 0;
    let mut local = [[0; LINES_PER_CELL]; MAX_CELLS];
    for (slot, cell_lines) in local.iter_mut().zip(lines) {
        for (entry, &line) in slot.iter_mut().zip(cell_lines) {
            let known = names[..count]
                .iter()
                .position(|&name| name == line && line != NO_LINE);
            *entry = known.unwrap_or_else(|| {
                names[count] = line;
                count += 1;
                count - 1
            }) as u8;
        }
    }
    let mut walk = Walk {
        size: size as u64,
        operation: cage.operation(),
        target: cage.target(),
        multi_cell,
        lines: &local[..m],
        domains,
        used: [0; LINES_PER_CELL * MAX_CELLS],
        divisors: (1..=size as u64)
            .filter(|d| cage.target() % d == 0)
            .fold(0, |mask, d| mask | 1 << d),
        digits: [0; MAX_CELLS],
        sink,
        tuples: 0,
        steps: 0,
    };
    walk.extend(0, 0, 1).then_some(walk.tuples)
}

/// Lists the tuples of a two-cell cage whose cells share a row or a column (as adjacent
/// cells do), by computing each first digit's partners rather than walking: two-cell cages
/// are most of Keen's, and this makes setting up a 9x9 Keen puzzle several times faster.
fn list_pairs(
    cage: &Cage,
    size: usize,
    domains: [u32; 2],
    sink: &mut impl FnMut(&[u8]) -> bool,
) -> Option<usize> {
    let n = size as u64;
    let t = cage.target();
    let operation = cage.operation();
    let mut count = 0;
    let allows = |cell: usize, digit: u64| u64::from(domains[cell]) >> (digit - 1) & 1 == 1;
    // The first cell's digits of the grid (a domain never holds more).
    let mut firsts = domains[0] & (u32::MAX >> (32 - size));
    while firsts != 0 {
        let a = u64::from(firsts.trailing_zeros()) + 1;
        firsts &= firsts - 1;
        // Ascending, and not both the same (a target of 0 is refused by the model); 0 for
        // none.
        let partners = match operation {
            Operation::Add => [t.saturating_sub(a), 0],
            Operation::Multiply if t % a == 0 => [t / a, 0],
            Operation::Subtract => [a.saturating_sub(t), a.saturating_add(t)],
            Operation::Divide if a % t == 0 => [a / t, a.saturating_mul(t)],
            Operation::Divide => [0, a.saturating_mul(t)],
            _ => [0, 0],
        };
        for b in partners {
            if (1..=n).contains(&b) && b != a && allows(1, b) {
                if !sink(&[(a - 1) as u8, (b - 1) as u8]) {
                    return None;
                }
                count += 1;
            }
        }
    }
    Some(count)
}

/// The depth-first listing of one cage's tuples.
struct Walk<'a, F> {
    size: u64,
    operation: Operation,
    target: u64,
    /// Multi-cell subtraction and division count for hidden operations.
    multi_cell: bool,
    /// Each cell's lines, numbered from 0 for the cage.
    lines: &'a [[u8; LINES_PER_CELL]],
    /// The digits each cell may hold, as bits 0..size.
    domains: &'a [u32],
    /// The digits laid so far in each line, as bits 1..=size.
    used: [u64; LINES_PER_CELL * MAX_CELLS],
    /// The digits that divide the target, as bits 1..=size (products only).
    divisors: u64,
    /// The digits laid so far, minus one.
    digits: [u8; MAX_CELLS],
    sink: F,
    tuples: usize,
    steps: u64,
}

impl<F: FnMut(&[u8]) -> bool> Walk<'_, F> {
    /// Lays digits from cell `i` on, given the sum and product of those laid before.
    /// `false` when the listing grew too large.
    fn extend(&mut self, i: usize, sum: u64, product: u64) -> bool {
        let m = self.lines.len();
        if i == m {
            return !self.completes(sum, product) || self.emit();
        }
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return false;
        }
        let taken = self.taken(i);
        // Cells after this one, each of which needs at least a 1 and at most `size`.
        let after = (m - i - 1) as u64;
        // The digits worth trying here, as bits 1..=size.
        let all = (u64::MAX >> (63 - self.size)) & !1;
        let mut allowed = match self.operation {
            Operation::Add => {
                // At least 1 and at most `size` in each cell after this one.
                let high = self.target.saturating_sub(sum + after).min(self.size);
                let low = self.target.saturating_sub(sum + after * self.size).max(1);
                if low > high {
                    0
                } else {
                    (u64::MAX >> (63 - high)) & !((1u64 << low) - 1)
                }
            }
            Operation::Multiply => self.divisors,
            Operation::Given if self.target <= self.size => 1 << self.target,
            Operation::Given => 0,
            Operation::Subtract | Operation::Divide | Operation::Unknown => all,
        } & !taken
            & u64::from(self.domains[i]) << 1;
        if after == 1 && matches!(self.operation, Operation::Add | Operation::Multiply) {
            return self.last_two(i, sum, product, allowed);
        }
        while allowed != 0 {
            let digit = u64::from(allowed.trailing_zeros());
            allowed &= allowed - 1;
            let product = product.saturating_mul(digit);
            if self.operation == Operation::Multiply && self.target % product != 0 {
                continue;
            }
            let bit = 1u64 << digit;
            self.digits[i] = (digit - 1) as u8;
            self.mark(i, bit);
            let fits = self.extend(i + 1, sum + digit, product);
            self.mark(i, bit);
            if !fits {
                return false;
            }
        }
        true
    }

    /// The digits the lines of cell `i` already hold.
    #[inline]
    fn taken(&self, i: usize) -> u64 {
        self.lines[i]
            .iter()
            .fold(0, |taken, &line| taken | self.used[usize::from(line)])
    }

    /// Toggles `bit` in the lines of cell `i`.
    #[inline]
    fn mark(&mut self, i: usize, bit: u64) {
        for &line in &self.lines[i] {
            self.used[usize::from(line)] ^= bit;
        }
    }

    /// Lays the last two cells of a sum or product, cell `i` taking each of the `allowed`
    /// digits and the last the one digit that completes the target: a loop instead of a
    /// call per tuple, where most of the listing's time went.
    fn last_two(&mut self, i: usize, sum: u64, product: u64, mut allowed: u64) -> bool {
        let last_taken = self.taken(i + 1) | !(u64::from(self.domains[i + 1]) << 1);
        let shares = self.lines[i]
            .iter()
            .any(|&line| self.lines[i + 1].contains(&line));
        if self.operation == Operation::Add {
            // Cell `i` takes `d` and the last cell `rest - d`: the `d` whose partner is free
            // at once, by mirroring the free digits about `rest / 2`.
            let Some(rest) = self.target.checked_sub(sum).filter(|&rest| rest < 127) else {
                return true;
            };
            let free = (u64::MAX >> (63 - self.size)) & !1 & !last_taken;
            let mirrored = free.reverse_bits();
            let partners = if rest <= 63 {
                mirrored >> (63 - rest)
            } else {
                mirrored << (rest - 63)
            };
            let mut fits = allowed & partners;
            if shares && rest % 2 == 0 {
                fits &= !(1 << (rest / 2));
            }
            while fits != 0 {
                let digit = u64::from(fits.trailing_zeros());
                fits &= fits - 1;
                self.digits[i] = (digit - 1) as u8;
                self.digits[i + 1] = (rest - digit - 1) as u8;
                if !self.emit() {
                    return false;
                }
            }
            return true;
        }
        while allowed != 0 {
            let digit = u64::from(allowed.trailing_zeros());
            allowed &= allowed - 1;
            let product = product.saturating_mul(digit);
            if self.target % product != 0 {
                continue;
            }
            let last = self.target / product;
            let fits = (1..=self.size).contains(&last)
                && last_taken & (1 << last) == 0
                && !(shares && last == digit);
            if fits {
                self.digits[i] = (digit - 1) as u8;
                self.digits[i + 1] = (last - 1) as u8;
                if !self.emit() {
                    return false;
                }
            }
        }
        true
    }

    /// Writes the full layout out; `false` when there are too many tuples.
    #[inline(always)]
    fn emit(&mut self) -> bool {
        self.tuples += 1;
        self.tuples <= MAX_TUPLES && (self.sink)(&self.digits[..self.lines.len()])
    }

    /// Whether the full layout meets the cage's arithmetic.
    fn completes(&self, sum: u64, product: u64) -> bool {
        let digits = &self.digits[..self.lines.len()];
        let largest = digits.iter().map(|&d| u64::from(d) + 1).max().unwrap_or(0);
        let tally = Tally {
            cells: digits.len(),
            sum,
            product,
            largest,
        };
        tally.meets(self.operation, self.target, self.multi_cell)
    }
}

/// What a cage's arithmetic needs of a full layout of its digits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tally {
    /// The number of cells (and so of digits).
    pub(super) cells: usize,
    /// The digits' sum.
    pub(super) sum: u64,
    /// The digits' product, saturated at `u64::MAX`.
    pub(super) product: u64,
    /// The largest digit.
    pub(super) largest: u64,
}

impl Tally {
    /// Whether the digits make `target` by `operation`. Subtraction and division are read
    /// as the multi-cell rules read them: the largest digit minus (divided by) all the
    /// others, which for two cells is the usual rule; with more cells only for a hidden
    /// operation under `multi_cell` (the model allows `-` and `÷` over more than two cells
    /// only under that rule).
    pub(super) fn meets(&self, operation: Operation, target: u64, multi_cell: bool) -> bool {
        match operation {
            Operation::Add => self.sum == target,
            Operation::Multiply => self.product == target,
            Operation::Given => true,
            Operation::Subtract => self.difference(target),
            Operation::Divide => self.quotient(target),
            // The checker's rule: a sum or a product, or over two cells (or more with the
            // multi-cell rules) a difference or a quotient.
            Operation::Unknown => {
                self.sum == target
                    || self.product == target
                    || ((self.cells == 2 || multi_cell)
                        && (self.difference(target) || self.quotient(target)))
            }
        }
    }

    /// Whether the largest digit minus the others makes the target.
    fn difference(&self, target: u64) -> bool {
        (2 * self.largest).checked_sub(self.sum) == Some(target)
    }

    /// Whether the largest digit divided by the others makes the target. A saturated
    /// product has no exact quotient to compare.
    fn quotient(&self, target: u64) -> bool {
        self.product != u64::MAX
            && self.largest == target.saturating_mul(self.product / self.largest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;

    /// Each cell's row and column, as lines.
    fn plain(cage: &Cage, size: usize) -> Vec<[u16; LINES_PER_CELL]> {
        cage.cells()
            .iter()
            .map(|c| {
                [
                    c.row(size) as u16,
                    (size + c.col(size)) as u16,
                    NO_LINE,
                    NO_LINE,
                ]
            })
            .collect()
    }

    fn tuples(cage: &Cage, size: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let domains = vec![(1 << size) - 1; cage.cells().len()];
        let count = list_tuples(cage, size, &plain(cage, size), &domains, false, |t| {
            out.push(t.iter().map(|d| d + 1).collect());
            true
        });
        assert_eq!(count, Some(out.len()));
        out
    }

    #[test]
    fn lists_a_sum_without_repeats_in_a_line() {
        // 5+ over two cells of one row of a 4x4: 1 4, 2 3, 3 2, 4 1.
        let cage = Cage::new(Operation::Add, 5, vec![Cell(0), Cell(1)]);
        assert_eq!(tuples(&cage, 4), [[1, 4], [2, 3], [3, 2], [4, 1]]);
        // 4+ over an L: 1 2 1 is allowed (the two 1s share neither row nor column).
        let cage = Cage::new(Operation::Add, 4, vec![Cell(0), Cell(1), Cell(5)]);
        assert_eq!(tuples(&cage, 4), [[1, 2, 1]]);
    }

    #[test]
    fn lists_each_operation() {
        let pair = || vec![Cell(0), Cell(1)];
        let minus = Cage::new(Operation::Subtract, 2, pair());
        assert_eq!(tuples(&minus, 4), [[1, 3], [2, 4], [3, 1], [4, 2]]);
        let divide = Cage::new(Operation::Divide, 2, pair());
        assert_eq!(tuples(&divide, 4), [[1, 2], [2, 1], [2, 4], [4, 2]]);
        let times = Cage::new(Operation::Multiply, 12, pair());
        assert_eq!(tuples(&times, 4), [[3, 4], [4, 3]]);
        assert_eq!(tuples(&Cage::given(Cell(3), 2), 4), [[2]]);
        // Three cells: the largest minus the others, the largest divided by the others.
        let l = || vec![Cell(0), Cell(1), Cell(5)];
        let minus = Cage::new(Operation::Subtract, 1, l());
        assert!(tuples(&minus, 4).contains(&vec![4, 1, 2]));
        let divide = Cage::new(Operation::Divide, 2, l());
        assert!(tuples(&divide, 4).contains(&vec![4, 2, 1]));
        assert!(!tuples(&divide, 4).contains(&vec![4, 1, 1]));
    }

    /// Every tuple by brute force: all `size^m` layouts, filtered.
    fn brute_force(cage: &Cage, size: usize) -> Vec<Vec<u8>> {
        let cells = cage.cells();
        let m = cells.len();
        let mut all = Vec::new();
        for code in 0..size.pow(m as u32) {
            let digits: Vec<u8> = (0..m)
                .map(|i| (code / size.pow((m - 1 - i) as u32) % size) as u8 + 1)
                .collect();
            let repeats = (0..m).any(|i| {
                (0..i).any(|j| {
                    digits[i] == digits[j]
                        && (cells[i].row(size) == cells[j].row(size)
                            || cells[i].col(size) == cells[j].col(size))
                })
            });
            let values: Vec<u64> = digits.iter().map(|&d| u64::from(d)).collect();
            let largest = *values.iter().max().unwrap();
            let sum: u64 = values.iter().sum();
            let product: u64 = values.iter().product();
            let meets = match cage.operation() {
                Operation::Add => sum == cage.target(),
                Operation::Multiply => product == cage.target(),
                Operation::Given => values == [cage.target()],
                Operation::Subtract => (2 * largest).checked_sub(sum) == Some(cage.target()),
                Operation::Divide => largest * largest == cage.target() * product,
                Operation::Unknown => unreachable!("tested apart"),
            };
            if meets && !repeats {
                all.push(digits);
            }
        }
        all
    }

    #[test]
    fn lists_what_brute_force_finds() {
        // Shapes in a 6x6: a domino, a bar, an L, a square, a T, a one-cell cage.
        let shapes: [&[u16]; 6] = [
            &[0, 1],
            &[0, 1, 2],
            &[0, 6, 7],
            &[0, 1, 6, 7],
            &[1, 6, 7, 8],
            &[9],
        ];
        for shape in shapes {
            let cells = || shape.iter().map(|&c| Cell(c)).collect();
            for operation in [Operation::Add, Operation::Multiply] {
                for target in [1, 2, 5, 6, 7, 10, 12, 15, 18, 24, 60, 120, 144] {
                    let cage = Cage::new(operation, target, cells());
                    assert_eq!(
                        tuples(&cage, 6),
                        brute_force(&cage, 6),
                        "{operation} {target}"
                    );
                }
            }
            if shape.len() == 1 {
                let cage = Cage::given(Cell(shape[0]), 4);
                assert_eq!(tuples(&cage, 6), brute_force(&cage, 6));
            }
        }
        for operation in [Operation::Subtract, Operation::Divide] {
            for target in 1..=6 {
                for cells in [[3, 9], [4, 5]] {
                    let cage = Cage::new(operation, target, cells.map(Cell).to_vec());
                    assert_eq!(tuples(&cage, 6), brute_force(&cage, 6));
                }
                // Three cells: the largest minus (divided by) the others.
                let cage = Cage::new(operation, target, vec![Cell(0), Cell(1), Cell(7)]);
                assert_eq!(tuples(&cage, 6), brute_force(&cage, 6));
            }
        }
    }

    #[test]
    fn lists_within_the_cells_domains() {
        // Cell i may not hold digit i + 2, as a given elsewhere in its houses would rule
        // out: pairs (listed by partners), and three cells (walked, the last two of a sum or
        // product laid together).
        let shapes: [&[u16]; 4] = [&[0, 1], &[0, 6], &[0, 1, 2], &[0, 6, 7]];
        let mut ruled_out = 0;
        for shape in shapes {
            let cells = || shape.iter().map(|&c| Cell(c)).collect();
            let domains: Vec<u32> = (0..shape.len()).map(|i| 0b11_1111 & !(2 << i)).collect();
            let allowed = |tuple: &Vec<u8>| {
                tuple
                    .iter()
                    .zip(&domains)
                    .all(|(&d, &domain)| domain >> (d - 1) & 1 == 1)
            };
            for operation in [
                Operation::Add,
                Operation::Multiply,
                Operation::Subtract,
                Operation::Divide,
            ] {
                for target in 1..=20 {
                    let cage = Cage::new(operation, target, cells());
                    let mut listed = Vec::new();
                    let lines = plain(&cage, 6);
                    list_tuples(&cage, 6, &lines, &domains, false, |t| {
                        listed.push(t.iter().map(|d| d + 1).collect::<Vec<u8>>());
                        true
                    });
                    let all = brute_force(&cage, 6);
                    let expected: Vec<Vec<u8>> =
                        all.iter().filter(|t| allowed(t)).cloned().collect();
                    ruled_out += all.len() - expected.len();
                    assert_eq!(listed, expected, "{operation} {target} over {shape:?}");
                }
            }
        }
        assert!(ruled_out > 0);
    }

    #[test]
    fn a_huge_cage_is_not_listed() {
        // A 12-cell sum in a 16x16 grid has far more tuples than a table holds.
        let cells = (0..12).map(Cell).collect();
        let cage = Cage::new(Operation::Add, 100, cells);
        let domains = [u32::from(u16::MAX); 12];
        assert!(list_tuples(&cage, 16, &plain(&cage, 16), &domains, false, |_| true).is_none());
    }
}
