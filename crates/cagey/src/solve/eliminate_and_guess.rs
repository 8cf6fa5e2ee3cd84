//! The J essay's third method (`KenKen`): eliminate tuples by one simple rule until it no
//! longer applies, then "guess" by fanning a cage out into one list of possibilities per
//! tuple, and repeat on each list.
//!
//! The state is a *list of possibilities*: for every cage, the tuples of its
//! [initial table](super::init) still allowed. Tuples are removed whole, so the digits of a
//! cage stay tied together.
//!
//! **Elimination.** Take one cage and one grid row. If every tuple the cage has left puts the
//! same set of digits in the cells it has on that row, those digits belong to those cells, so
//! no other cell of the row may hold them: every tuple of another cage that puts one of them on
//! the row goes. The same holds for columns. The cage's cells off the row play no part. In
//! kk0, 4+ on cells 3 and 7 holds 1 3 or 3 1, so 1 and 3 leave the rest of column 3; a given
//! is the simplest case, its digit leaving its row and its column.
//!
//! ```text
//!   column 3 of kk0      cage 4+ (cells 3, 7): {1,3} in either order
//!      3  [1|3]          so cells 11 and 15 lose 1 and 3: every tuple of 1- (cells
//!      7  [3|1]          10 11) and of 2% (cells 14 15) with 1 or 3 in column 3 goes
//!     11   .
//!     15   .
//! ```
//!
//! As in the essay, one sweep over the columns and one over the rows alternate until a round
//! removes nothing. Within a sweep, the cage pieces that qualify are found first and applied
//! after, as the essay's `elim` does; applying them one by one reaches the same end.
//!
//! **Guessing.** If some cage is left with no tuple, the list is dead: it holds no solution.
//! If every cage has one tuple, it is a solution (the elimination rule already checked it
//! against every row and column). Otherwise one cage is fanned out: the list becomes as many
//! lists as that cage has tuples, each keeping one. The cage is chosen as the essay chooses:
//! among cages with more than one tuple, the fewest tuples, then the most cells, then the
//! first.
//!
//! The essay keeps all lists of one level side by side (breadth first) and stops at the
//! first level where some list is solved, which suffices for a puzzle with one solution. To
//! count solutions, as every solver here must, the lists are explored depth first instead,
//! the first tuple's list first, until every list is solved or dead or
//! [`Limits::max_solutions`] solutions are found; depth first also keeps only a few lists in
//! memory at once. The solutions are the same.
//!
//! Effort: `eliminations` counts tuples removed by the rule, `guesses` the lists made by
//! fanning out, `peak_table` is the largest cage table (lists only shrink), and `nodes` counts
//! the lists examined, the elimination rounds and the digits placed while listing the tuples.
//!
//! # Variants
//!
//! Every variant is handled. The killer rule, givens outside the cages and multi-cell `-`
//! and `÷` only concern the cells of one cage, so the initial tables already obey them
//! ([`cage_tables`](super::tables::cage_tables)). Boxes and jigsaw regions are a third kind of house besides rows and columns,
//! and the rule holds in them word for word: if every tuple a cage has left puts the same
//! digits on its cells in a region, no other cell of the region may hold them. Each round
//! sweeps the columns, the rows, then the regions. A list with one tuple per cage is then
//! a solution for the same reason as before: every cage's piece of every house is settled,
//! so no other cage's piece of that house repeats its digits.

use std::cmp::Reverse;

use super::tables::search_tables;
use super::tables::{Houses, Table};
use super::{Budget, End, Limits, Meter, Search, SolveError, Solver, Stats};
use crate::model::{Grid, Puzzle};

/// The essay's elimination and guessing (`--method eliminate`).
#[derive(Clone, Copy, Debug, Default)]
pub struct EliminateAndGuess;

impl Solver for EliminateAndGuess {
    fn name(&self) -> &'static str {
        "eliminate"
    }

    fn summary(&self) -> &'static str {
        "the J essay's elimination of cage tuples by rows, columns and regions, and guessing"
    }

    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError> {
        search_tables(puzzle, limits, |tables, meter, stats| {
            let layout = Layout::new(&Houses::new(puzzle), tables);
            let mut search = Guesser {
                layout: &layout,
                meter,
                stats,
                max_solutions: limits.max_solutions.max(1),
                count: 0,
                found,
            };
            let end = search.run();
            Ok((search.count, end))
        })
    }
}

/// The tuples each cage still allows: indices into its table, ascending.
type List = Vec<Vec<u32>>;

/// What does not change during the search: the tables, cut into pieces along the houses.
///
/// Houses are numbered as [`Houses`] numbers them: rows first, then columns, then boxes or
/// regions if any; in a grid of side `n`, row `r` is house `r`, column `c` house `n + c` and
/// region `k` house `2n + k`. A *piece* is the part of a cage in one house; a cage of cells
/// 1 2 5 6 in a plain 4x4 has four: row 0 (cells 1 2), row 1 (5 6), column 1 (1 5) and
/// column 2 (2 6); with 2x2 boxes it has a fifth and sixth, box 0 (1 5) and box 1 (2 6).
struct Layout {
    size: usize,
    /// The number of rows and of columns, then of regions: `n`, `n`, and `n` or 0.
    kinds: [usize; 3],
    tables: Vec<Table>,
    /// The house of each piece of each cage.
    pieces: Vec<Vec<usize>>,
    /// For cage `k`, the set of digits tuple `t` puts on piece `p`, as bits:
    /// `digits[k][t * pieces[k].len() + p]`.
    digits: Vec<Vec<u64>>,
    /// The pieces in each house, as (cage, piece).
    in_house: Vec<Vec<(usize, usize)>>,
}

impl Layout {
    fn new(houses: &Houses, tables: Vec<Table>) -> Layout {
        let size = houses.size();
        let mut pieces = Vec::with_capacity(tables.len());
        let mut digits = Vec::with_capacity(tables.len());
        let mut in_house = vec![Vec::new(); houses.count()];
        for (cage, table) in tables.iter().enumerate() {
            // The house of each of the cage's pieces, in the order the cells meet them, and
            // for each cell the pieces it belongs to.
            let mut homes: Vec<usize> = Vec::new();
            let mut piece_of = Vec::with_capacity(table.width());
            for &cell in table.cells() {
                let of: Vec<usize> = houses
                    .of(cell)
                    .iter()
                    .map(|&house| match homes.iter().position(|&h| h == house) {
                        Some(piece) => piece,
                        None => {
                            homes.push(house);
                            homes.len() - 1
                        }
                    })
                    .collect();
                piece_of.push(of);
            }
            let mut sets = vec![0u64; table.len() * homes.len()];
            for (t, row) in table.rows().enumerate() {
                for (&digit, of) in row.iter().zip(&piece_of) {
                    for &piece in of {
                        sets[t * homes.len() + piece] |= 1 << (digit - 1);
                    }
                }
            }
            for (piece, &house) in homes.iter().enumerate() {
                in_house[house].push((cage, piece));
            }
            pieces.push(homes);
            digits.push(sets);
        }
        Layout {
            size,
            kinds: [size, size, houses.count() - 2 * size],
            tables,
            pieces,
            digits,
            in_house,
        }
    }

    /// The digits tuple `tuple` of `cage` puts on its piece `piece`.
    fn set(&self, cage: usize, tuple: u32, piece: usize) -> u64 {
        self.digits[cage][tuple as usize * self.pieces[cage].len() + piece]
    }

    /// Every tuple of every cage.
    fn full_list(&self) -> List {
        self.tables
            .iter()
            .map(|table| (0..table.len() as u32).collect())
            .collect()
    }

    /// Applies the rule to the houses `houses` (all rows, all columns or all regions) once.
    /// Returns whether a tuple was removed.
    fn sweep(&self, list: &mut List, houses: std::ops::Range<usize>, stats: &mut Stats) -> bool {
        // First the pieces whose cage puts one set of digits on them in every tuple left.
        let mut settled = Vec::new();
        for (cage, tuples) in list.iter().enumerate() {
            let Some((&first, rest)) = tuples.split_first() else {
                continue;
            };
            for (piece, &house) in self.pieces[cage].iter().enumerate() {
                if !houses.contains(&house) {
                    continue;
                }
                let set = self.set(cage, first, piece);
                if rest.iter().all(|&t| self.set(cage, t, piece) == set) {
                    settled.push((cage, piece, house));
                }
            }
        }
        // Then their digits leave the other cages' pieces in the same house.
        let mut removed_any = false;
        for (cage, piece, house) in settled {
            // Earlier eliminations of this sweep may have emptied the cage: it settles
            // nothing then (the essay takes the digits of its first tuple, which is none).
            let Some(&first) = list[cage].first() else {
                continue;
            };
            let taken = self.set(cage, first, piece);
            for &(other, other_piece) in &self.in_house[house] {
                if other == cage {
                    continue;
                }
                let tuples = &mut list[other];
                let before = tuples.len();
                tuples.retain(|&t| self.set(other, t, other_piece) & taken == 0);
                let removed = before - tuples.len();
                if removed > 0 {
                    stats.eliminations += removed as u64;
                    removed_any = true;
                }
            }
        }
        removed_any
    }

    /// Eliminates until nothing changes, columns then rows in each round as in the essay,
    /// then the regions if there are any. Returns `false` if a cage is left without tuples
    /// (the list is dead), at which point it stops: nothing more can come of the list.
    fn eliminate(
        &self,
        list: &mut List,
        meter: &mut Meter,
        stats: &mut Stats,
    ) -> Result<bool, Budget> {
        let [rows, columns, regions] = self.kinds;
        let columns = rows..rows + columns;
        let regions = columns.end..columns.end + regions;
        loop {
            meter.tick()?;
            let by_columns = self.sweep(list, columns.clone(), stats);
            let by_rows = self.sweep(list, 0..rows, stats);
            let by_regions = !regions.is_empty() && self.sweep(list, regions.clone(), stats);
            if list.iter().any(Vec::is_empty) {
                return Ok(false);
            }
            if !(by_columns || by_rows || by_regions) {
                return Ok(true);
            }
        }
    }

    /// The cage to fan out: among cages with more than one tuple, the fewest tuples, then
    /// the most cells, then the first. `None` if every cage has one tuple.
    fn choose(&self, list: &List) -> Option<usize> {
        (0..list.len())
            .filter(|&cage| list[cage].len() > 1)
            .min_by_key(|&cage| (list[cage].len(), Reverse(self.tables[cage].width())))
    }

    /// The grid of a list with one tuple per cage.
    fn grid(&self, list: &List) -> Grid {
        let mut grid = Grid::empty(self.size);
        for (table, tuples) in self.tables.iter().zip(list) {
            for (&cell, &digit) in table.cells().iter().zip(table.row(tuples[0] as usize)) {
                grid.set(cell, digit);
            }
        }
        grid
    }
}

/// One depth-first search over lists of possibilities.
struct Guesser<'a, 'f> {
    layout: &'a Layout,
    meter: &'a mut Meter,
    stats: &'a mut Stats,
    max_solutions: u64,
    count: u64,
    found: &'f mut dyn FnMut(&Grid),
}

impl Guesser<'_, '_> {
    fn run(&mut self) -> End {
        // The lists still to examine, the next one last.
        let mut pending = vec![self.layout.full_list()];
        while let Some(mut list) = pending.pop() {
            if let Err(budget) = self.meter.tick() {
                return End::OutOfBudget(budget);
            }
            match self.layout.eliminate(&mut list, self.meter, self.stats) {
                Err(budget) => return End::OutOfBudget(budget),
                Ok(false) => continue,
                Ok(true) => {}
            }
            let Some(cage) = self.layout.choose(&list) else {
                self.count += 1;
                (self.found)(&self.layout.grid(&list));
                if self.count >= self.max_solutions {
                    return End::SolutionLimit;
                }
                continue;
            };
            let tuples = std::mem::take(&mut list[cage]);
            self.stats.guesses += tuples.len() as u64;
            // Pushed last to first, so that the first tuple's list is examined first.
            for &tuple in tuples.iter().rev() {
                let mut guess = list.clone();
                guess[cage] = vec![tuple];
                pending.push(guess);
            }
        }
        End::Exhausted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;
    use crate::solve::tables;
    use crate::solve::Outcome;

    #[test]
    fn eliminating_alone_solves_kk0() {
        let example = examples::by_name("kk0").unwrap();
        let report = EliminateAndGuess
            .solve(&example.puzzle(), &Limits::default())
            .unwrap();
        assert_eq!(report.outcome, Outcome::Unique(example.solution()));
        assert_eq!(report.stats.guesses, 0);
        // 1 + 12 + 2 + 6 + 6 + 2 + 4 tuples, of which 7 stay.
        assert_eq!(report.stats.eliminations, 33 - 7);
    }

    #[test]
    fn the_essays_examples_of_the_rule_apply() {
        let kk0 = examples::by_name("kk0").unwrap().puzzle();
        let layout = Layout::new(
            &Houses::new(&kk0),
            tables::cage_tables(&kk0, &Limits::default()).unwrap(),
        );
        let mut list = layout.full_list();
        let mut stats = Stats::default();
        layout.sweep(&mut list, 4..8, &mut stats);
        // Column 3: 4+ (cage 2) holds {1, 3}, so 1- (cage 4) keeps no tuple with 1 or 3 in
        // cell 11, and 2% (cage 6) none with 1 or 3 in cell 15.
        let table = &layout.tables[4];
        for &t in &list[4] {
            assert!(![1, 3].contains(&table.row(t as usize)[1]));
        }
        let table = &layout.tables[6];
        for &t in &list[6] {
            assert!(![1, 3].contains(&table.row(t as usize)[1]));
        }
    }

    #[test]
    fn the_rule_applies_to_boxes() {
        use crate::model::{Cage, Cell, Operation, Regions};
        // 1234/3412/2143/4321 with 2x2 boxes: 3+ on cells 0 1, 5+ on cells 5 6, givens
        // elsewhere. In box 0, 3+ settles {1, 2} and the given in cell 4 settles 3, so 5+
        // keeps only 4 1 of its four tuples (1 4, 2 3, 3 2, 4 1), by the box alone.
        let square = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut cages = vec![
            Cage::new(Operation::Add, 3, vec![Cell(0), Cell(1)]),
            Cage::new(Operation::Add, 5, vec![Cell(5), Cell(6)]),
        ];
        let rest = (0..16u16).filter(|c| ![0, 1, 5, 6].contains(c));
        cages.extend(rest.map(|c| Cage::given(Cell(c), square[usize::from(c)])));
        let puzzle = Puzzle::builder(4)
            .cages(cages)
            .regions(Regions::Boxes { rows: 2, cols: 2 })
            .build()
            .unwrap();
        let layout = Layout::new(
            &Houses::new(&puzzle),
            tables::cage_tables(&puzzle, &Limits::default()).unwrap(),
        );
        assert_eq!(layout.kinds, [4, 4, 4]);
        let mut list = layout.full_list();
        let mut stats = Stats::default();
        assert!(layout.sweep(&mut list, 8..12, &mut stats));
        let five = puzzle.cage_of(Cell(5)).unwrap().index();
        let left: Vec<&[u8]> = list[five]
            .iter()
            .map(|&t| layout.tables[five].row(t as usize))
            .collect();
        assert_eq!(left, [[4, 1]]);
        let report = EliminateAndGuess
            .solve(&puzzle, &Limits::default())
            .unwrap();
        let solution = Grid::from_digits(4, square.to_vec()).unwrap();
        assert_eq!(report.outcome, Outcome::Unique(solution));
    }

    #[test]
    fn kk2_needs_guesses() {
        let example = examples::by_name("kk2").unwrap();
        let report = EliminateAndGuess
            .solve(&example.puzzle(), &Limits::default())
            .unwrap();
        assert_eq!(report.outcome, Outcome::Unique(example.solution()));
        assert!(report.stats.guesses > 0);
    }
}
