//! A puzzle's fingerprint: one value for a puzzle and every copy of it turned, mirrored or
//! (where its rules allow) with its digits renamed, so that a dataset can tell repeats
//! apart however they were written.
//!
//! The symmetries are the 8 of the square ([`Symmetry`]): the 4 turns and the 4 mirrors.
//! Each maps a cell `(r, c)` of a grid of side `n` (with `m = n - 1`) to:
//!
//! ```text
//!   identity (r, c)        turn 90°  (c, m-r)     turn 180° (m-r, m-c)   turn 270° (m-c, r)
//!   mirror | (r, m-c)      mirror ‒  (m-r, c)     mirror \  (c, r)       mirror /  (m-c, m-r)
//! ```
//!
//! All 8 keep every kind's rules, since rows and columns map to columns and rows and the
//! cages, givens, boxes and regions are carried along: a 9x9's 3x3 boxes map onto
//! themselves, a 6x6's 2x3 boxes turned a quarter become 3x2 boxes (the same puzzle, drawn
//! turned), a jigsaw's regions map to the turned regions.
//!
//! Renaming digits (1 ↔ 2 everywhere) keeps a puzzle only when no clue does arithmetic on
//! them: a puzzle whose cages are all givens (a plain Latin square or Sudoku with givens).
//! Every KenKen, KenDoku and Killer puzzle has cages whose targets fix the digits (`3+`
//! holds 1 and 2, not 2 and 1 renamed 3), so for them none is allowed
//! ([`relabels_digits`]).
//!
//! The canonical form is the least, over the allowed symmetries, of the puzzle's encoding
//! after the symmetry: cages and regions numbered by the first cell of each in reading
//! order (so the order a text lists them in does not matter), each cage's operation and
//! target, the givens; with renaming allowed, digits are renamed in the order they first
//! appear. The fingerprint is the 128-bit SipHash-1-3 (zero keys, a published algorithm)
//! of that form: the same on every machine and in every version that keeps this encoding.

use std::fmt;
use std::hash::Hasher;

use siphasher::sip128::{Hasher128, SipHasher13};

use super::{Cage, Cell, Grid, Operation, Puzzle, Regions};

/// One of the 8 symmetries of the square (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every cell where it is.
    Identity,
    /// A quarter turn clockwise.
    Turn90,
    /// A half turn.
    Turn180,
    /// Three quarter turns clockwise.
    Turn270,
    /// Left and right swapped.
    MirrorColumns,
    /// Top and bottom swapped.
    MirrorRows,
    /// Rows and columns swapped, about the main diagonal.
    Transpose,
    /// About the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All 8.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Turn90,
        Symmetry::Turn180,
        Symmetry::Turn270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where `cell` of a grid of side `size` goes.
    pub fn map(self, cell: Cell, size: usize) -> Cell {
        let (r, c, m) = (cell.row(size), cell.col(size), size - 1);
        let (row, col) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Turn90 => (c, m - r),
            Symmetry::Turn180 => (m - r, m - c),
            Symmetry::Turn270 => (m - c, r),
            Symmetry::MirrorColumns => (r, m - c),
            Symmetry::MirrorRows => (m - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (m - c, m - r),
        };
        Cell::at(row, col, size)
    }

    /// Whether rows become columns.
    fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Turn90 | Symmetry::Turn270 | Symmetry::Transpose | Symmetry::AntiTranspose
        )
    }

    /// `puzzle` turned or mirrored: its cages, givens and regions moved with the cells, its
    /// options kept. The same puzzle to a solver, its solutions moved alike.
    pub fn apply(self, puzzle: &Puzzle) -> Puzzle {
        let n = puzzle.size();
        let cages = puzzle
            .cages()
            .iter()
            .map(|cage| {
                let cells = cage.cells().iter().map(|&c| self.map(c, n)).collect();
                Cage::new(cage.operation(), cage.target(), cells)
            })
            .collect();
        let regions = match puzzle.regions() {
            Regions::None => Regions::None,
            &Regions::Boxes { rows, cols } if self.swaps_axes() => Regions::Boxes {
                rows: cols,
                cols: rows,
            },
            Regions::Boxes { rows, cols } => Regions::Boxes {
                rows: *rows,
                cols: *cols,
            },
            Regions::Jigsaw(of) => {
                let mut moved = vec![0; of.len()];
                for cell in puzzle.cells() {
                    moved[self.map(cell, n).index()] = of[cell.index()];
                }
                Regions::Jigsaw(moved)
            }
        };
        let mut builder = Puzzle::builder(n)
            .cages(cages)
            .regions(regions)
            .options(puzzle.options());
        for cell in puzzle.cells() {
            if let Some(digit) = puzzle.given(cell) {
                builder = builder.given(self.map(cell, n), digit);
            }
        }
        builder
            .build()
            .expect("a turned or mirrored puzzle keeps every invariant of the model")
    }
}

/// Whether renaming the digits keeps `puzzle`: only when no cage does arithmetic (every
/// cage is a given, or there are none). Never for KenKen, KenDoku or a killer kind with a
/// cage of two cells or more.
pub fn relabels_digits(puzzle: &Puzzle) -> bool {
    puzzle
        .cages()
        .iter()
        .all(|cage| cage.operation() == Operation::Given)
}

/// A puzzle's fingerprint: the same for the puzzle turned, mirrored or (where
/// [`relabels_digits`]) with its digits renamed, different for different puzzles (up to
/// the 2^-128 chance of a hash collision). `Display` writes it as 32 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(pub u128);

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// The fingerprint of `puzzle` (see the module's documentation).
///
/// ```
/// use cagey::model::{fingerprint, Symmetry};
///
/// let kk0 = cagey::examples::by_name("kk0").unwrap().puzzle();
/// let turned = Symmetry::Turn90.apply(&kk0);
/// assert_ne!(turned, kk0);
/// assert_eq!(fingerprint(&turned), fingerprint(&kk0));
/// let other = cagey::examples::by_name("kk1").unwrap().puzzle();
/// assert_ne!(fingerprint(&other), fingerprint(&kk0));
/// ```
pub fn fingerprint(puzzle: &Puzzle) -> Fingerprint {
    let form = canonical_form(puzzle);
    let mut hasher = SipHasher13::new();
    for word in &form {
        hasher.write(&word.to_le_bytes());
    }
    Fingerprint(hasher.finish128().as_u128())
}

/// The least encoding of `puzzle` over the 8 symmetries.
pub fn canonical_form(puzzle: &Puzzle) -> Vec<u32> {
    let relabel = relabels_digits(puzzle);
    Symmetry::ALL
        .iter()
        .map(|&symmetry| encode(puzzle, symmetry, relabel))
        .min()
        .expect("8 symmetries")
}

/// The fingerprint of a solution `grid`: the same for the grid turned or mirrored and, with
/// `relabel`, with its digits renamed. Two puzzles with one fingerprint ([`fingerprint`])
/// and one solution each have solutions with one grid fingerprint (with `relabel` as
/// [`relabels_digits`] says of them): the symmetry that takes one puzzle to the other takes
/// its solution along. A generator that splits a run into shards by this value, known as
/// soon as a grid is drawn, never makes one puzzle in two shards.
///
/// ```
/// use cagey::model::{grid_fingerprint, Symmetry};
/// use cagey::Grid;
///
/// let grid = Grid::from_digits(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]).unwrap();
/// let turned = Grid::from_digits(3, vec![3, 2, 1, 1, 3, 2, 2, 1, 3]).unwrap();
/// assert_eq!(grid_fingerprint(&grid, false), grid_fingerprint(&turned, false));
/// // 1 and 3 swapped: no turn or mirror of the grid.
/// let renamed = Grid::from_digits(3, vec![3, 2, 1, 2, 1, 3, 1, 3, 2]).unwrap();
/// assert_ne!(grid_fingerprint(&grid, false), grid_fingerprint(&renamed, false));
/// assert_eq!(grid_fingerprint(&grid, true), grid_fingerprint(&renamed, true));
/// ```
pub fn grid_fingerprint(grid: &Grid, relabel: bool) -> Fingerprint {
    let n = grid.size();
    let digits = grid.digits();
    let form = Symmetry::ALL
        .iter()
        .map(|&symmetry| {
            let mut moved = vec![0u8; n * n];
            for (index, &digit) in digits.iter().enumerate() {
                moved[symmetry.map(Cell(index as u16), n).index()] = digit;
            }
            if relabel {
                let mut rename = [0u8; super::MAX_SIZE + 1];
                let mut next = 0u8;
                for digit in &mut moved {
                    let slot = &mut rename[usize::from(*digit)];
                    if *slot == 0 && *digit != 0 {
                        next += 1;
                        *slot = next;
                    }
                    *digit = *slot;
                }
            }
            moved
        })
        .min()
        .expect("8 symmetries");
    let mut hasher = SipHasher13::new();
    hasher.write(&(n as u32).to_le_bytes());
    hasher.write(&form);
    Fingerprint(hasher.finish128().as_u128())
}

/// Marks the start of each part of an encoding, so that parts of different lengths never
/// run into each other.
const PART: u32 = u32::MAX;

/// Marks a puzzle under the diagonal rule, after its killer and multi-cell flags (0 or 1).
const DIAGONALS: u32 = 2;

/// `puzzle` after `symmetry` as numbers: size and options; each cell's cage, numbered by
/// first appearance in reading order (0 for none); each cage's operation and target in that
/// order; each cell's region, numbered alike (none without regions); each cell's given
/// (0 for none). With `relabel`, digits (the givens and the targets of given cages) are
/// renamed in the order they first appear.
fn encode(puzzle: &Puzzle, symmetry: Symmetry, relabel: bool) -> Vec<u32> {
    let n = puzzle.size();
    let cells = n * n;
    // What stands at each cell after the symmetry.
    let mut cage_at = vec![None; cells];
    let mut region_at = vec![None; cells];
    let mut given_at = vec![0u8; cells];
    for cell in puzzle.cells() {
        let to = symmetry.map(cell, n).index();
        cage_at[to] = puzzle.cage_of(cell);
        region_at[to] = puzzle.regions().region_of(cell, n);
        given_at[to] = puzzle.given(cell).unwrap_or(0);
    }
    // Digits renamed by first appearance: the givens and given cages in reading order.
    let mut rename = [0u8; super::MAX_SIZE + 1];
    let mut next = 0u8;
    let mut digit = |d: u64| -> u32 {
        if !relabel || d == 0 || d > super::MAX_SIZE as u64 {
            return d as u32;
        }
        let slot = &mut rename[d as usize];
        if *slot == 0 {
            next += 1;
            *slot = next;
        }
        u32::from(*slot)
    };
    let options = puzzle.options();
    let mut form = vec![
        n as u32,
        u32::from(options.killer),
        u32::from(options.multi_cell),
    ];
    // The diagonal rule only when it is on, so that every other puzzle keeps the
    // fingerprint it had before the rule existed. Both diagonals map onto the two under
    // every symmetry of the square, so the rule needs nothing moved.
    if options.diagonals {
        form.push(DIAGONALS);
    }
    form.push(PART);
    // Cages numbered by first appearance.
    let mut number = vec![0u32; puzzle.cages().len()];
    let mut order = Vec::new();
    for cage in &cage_at {
        form.push(match *cage {
            None => 0,
            Some(id) => {
                let slot = &mut number[usize::from(id.0)];
                if *slot == 0 {
                    order.push(id);
                    *slot = order.len() as u32;
                }
                *slot
            }
        });
    }
    form.push(PART);
    for id in order {
        let cage = puzzle.cage(id);
        let operation = Operation::ALL
            .iter()
            .position(|&o| o == cage.operation())
            .expect("every operation is listed") as u32;
        form.push(operation);
        match cage.operation() {
            Operation::Given => form.push(digit(cage.target())),
            _ => {
                form.push((cage.target() >> 32) as u32);
                form.push(cage.target() as u32);
            }
        }
    }
    form.push(PART);
    let mut region_number = vec![0u32; n];
    let mut regions = 0;
    for region in &region_at {
        form.push(match *region {
            None => 0,
            Some(r) => {
                if region_number[r] == 0 {
                    regions += 1;
                    region_number[r] = regions;
                }
                region_number[r]
            }
        });
    }
    form.push(PART);
    form.extend(given_at.iter().map(|&d| digit(u64::from(d))));
    form
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::by_name;

    const KILLER: crate::model::Options = crate::model::Options {
        killer: true,
        multi_cell: false,
        corner_cages: false,
        diagonals: false,
    };

    fn example(name: &str) -> Puzzle {
        by_name(name).unwrap().puzzle()
    }

    /// Guards #47: every example turned and mirrored keeps its fingerprint; the examples
    /// differ from each other.
    #[test]
    fn every_symmetry_keeps_the_fingerprint() {
        let names = [
            "kk0", "kk1", "kk2", "kk3", "p4", "kendoku", "killer", "jigsaw", "noop",
        ];
        let mut seen = std::collections::HashSet::new();
        for name in names {
            let puzzle = example(name);
            let print = fingerprint(&puzzle);
            assert!(
                seen.insert(print),
                "{name} has another example's fingerprint"
            );
            for symmetry in Symmetry::ALL {
                let moved = symmetry.apply(&puzzle);
                assert_eq!(fingerprint(&moved), print, "{name} under {symmetry:?}");
                assert_eq!(canonical_form(&moved), canonical_form(&puzzle));
            }
        }
    }

    #[test]
    fn a_changed_clue_or_cage_changes_the_fingerprint() {
        let kk0 = example("kk0");
        let print = fingerprint(&kk0);
        let mut cages = kk0.cages().to_vec();
        let last = cages.pop().unwrap();
        // 2÷ made 2-: another puzzle (though maybe not a unique one).
        cages.push(Cage::new(Operation::Subtract, 2, last.cells().to_vec()));
        let changed = Puzzle::new(4, cages).unwrap();
        assert_ne!(fingerprint(&changed), print);
        // The killer rule alone is another puzzle.
        let plain = example("killer");
        let options = crate::model::Options {
            killer: false,
            ..plain.options()
        };
        assert_ne!(
            fingerprint(&plain.with_options(options).unwrap()),
            fingerprint(&plain)
        );
        // So is the diagonal rule, and it is the same under every symmetry.
        let options = crate::model::Options {
            diagonals: true,
            ..plain.options()
        };
        let crossed = plain.with_options(options).unwrap();
        assert_ne!(fingerprint(&crossed), fingerprint(&plain));
        for symmetry in Symmetry::ALL {
            let moved = symmetry.apply(&crossed);
            assert!(moved.options().diagonals);
            assert_eq!(fingerprint(&moved), fingerprint(&crossed));
        }
    }

    #[test]
    fn cage_order_does_not_matter() {
        let kk0 = example("kk0");
        let mut cages = kk0.cages().to_vec();
        cages.reverse();
        let reordered = Puzzle::new(4, cages).unwrap();
        assert_eq!(fingerprint(&reordered), fingerprint(&kk0));
    }

    #[test]
    fn boxes_of_two_by_three_turn_into_three_by_two() {
        let puzzle = Puzzle::builder(6)
            .regions(Regions::Boxes { rows: 2, cols: 3 })
            .options(KILLER)
            .cages(vec![Cage::new(Operation::Add, 9, vec![Cell(0), Cell(1)])])
            .given(Cell::at(0, 2, 6), 4)
            .build()
            .unwrap();
        let turned = Symmetry::Turn90.apply(&puzzle);
        assert_eq!(turned.regions(), &Regions::Boxes { rows: 3, cols: 2 });
        assert_eq!(turned.given(Cell::at(2, 5, 6)), Some(4));
        assert_eq!(fingerprint(&turned), fingerprint(&puzzle));
    }

    /// Digits are renamed only where no cage does arithmetic.
    #[test]
    fn digits_are_renamed_only_without_arithmetic() {
        // A Sudoku of givens alone: the killer rule over given cages and uncaged cells.
        let givens = |pairs: &[(usize, u8)]| {
            let cages = pairs
                .iter()
                .map(|&(index, digit)| Cage::given(Cell(index as u16), digit))
                .collect();
            Puzzle::builder(4)
                .regions(Regions::Boxes { rows: 2, cols: 2 })
                .options(KILLER)
                .cages(cages)
                .build()
                .unwrap()
        };
        let a = givens(&[(0, 1), (5, 2), (10, 3)]);
        let renamed = givens(&[(0, 3), (5, 1), (10, 4)]);
        assert!(relabels_digits(&a));
        assert_eq!(fingerprint(&a), fingerprint(&renamed));
        // A repeated digit is not a renamed one.
        assert_ne!(
            fingerprint(&a),
            fingerprint(&givens(&[(0, 1), (5, 1), (10, 3)]))
        );
        assert!(!relabels_digits(&example("kk0")));
        assert!(!relabels_digits(&example("killer")));
    }
}
