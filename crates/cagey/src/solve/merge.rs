//! The J essay's merging method (`KenKenM`): merge the cages two at a time into ever larger
//! cages until one cage, covering the whole grid, remains; its tuples are the solutions.
//!
//! Two tables merge into one whose columns are the columns of both, side by side, and whose
//! rows are every pairing of a row of the first with a row of the second, minus the pairings
//! that put one digit twice in a grid row or a grid column (or a box or region, see
//! [Variants](#variants)). Only pairs of cells from different
//! tables need checking: within each table, the earlier merges (or [`cage_tables`](super::tables::cage_tables))
//! checked them already. In kk0, cage `11+` (12 tuples) merged with cage `4+` (2 tuples):
//!
//! ```text
//!   cells 1 2 5 6 | 3 7      24 pairings; cells 1 2 | 3 share row 0 and 5 6 | 7 row 1,
//!         1 3 3 4 | 1 3      so 1 3 3 4 | 1 3 goes (two 1s in row 0; two 3s in row 1)
//!         1 4 4 2 | 3 1      and 1 4 4 2 | 3 1 stays: 8 of the 24 stay.
//! ```
//!
//! The cages are folded from the right, as J's `merge/` folds a list: the last two cages
//! merge first, then the one before them joins the result, and so on to the first cage. The
//! merged cage may be anything but a real cage (its cells need not touch); what matters is
//! that every two cells of one grid row or column are checked once their cages have met, so
//! every row of the final table is a Latin square that meets every cage. An empty table at
//! any step proves there is no solution.
//!
//! Pairings are examined one at a time and only the survivors are stored, where the essay
//! builds all pairings first; the survivors are the same, in the same order (the rows of the
//! left table major). A table may still outgrow memory, so every table is held to
//! [`Limits::max_table_cells`]; past it, the merge only counts its rows, to name the size in
//! [`SolveError::TableTooLarge`].
//!
//! [`mcounts`] reproduces the essay's table of the same name: for the last 1, 2, 3, ... cages,
//! the product of their tuple counts (what the direct method would face) beside the rows left
//! after merging them, which shows how much merging saves.
//!
//! Effort: `combinations` counts the pairings examined, `peak_table` the largest table held
//! (in cells), and `nodes` the pairings plus the digits placed while listing the tuples.
//!
//! # Variants
//!
//! Every variant is handled. The killer rule, givens outside the cages and multi-cell `-`
//! and `÷` only concern the cells of one cage, so the initial tables already obey them
//! ([`cage_tables`](super::tables::cage_tables)) and merging never has to look at them again. Boxes and jigsaw regions are a
//! third kind of house: a pairing also goes when it puts one digit twice in a box or region,
//! so that every row of the final table has each digit once in every row, column and region.

use super::count::Count;
use super::tables::search_tables;
use super::tables::{self, Halt, Houses, Table};
use super::{End, Limits, Meter, Search, SolveError, Solver, Stats};
use crate::model::{Grid, Puzzle};

/// The essay's merging method (`--method merge`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Merge;

impl Solver for Merge {
    fn name(&self) -> &'static str {
        "merge"
    }

    fn summary(&self) -> &'static str {
        "the J essay's merging: join cage tables two at a time, dropping clashes"
    }

    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError> {
        search_tables(puzzle, limits, |tables, meter, stats| {
            let table = fold(
                &tables,
                &Houses::new(puzzle),
                limits,
                meter,
                stats,
                &mut |_, _| {},
            )?;
            Ok(emit(
                puzzle.size(),
                &table,
                limits.max_solutions.max(1),
                found,
            ))
        })
    }
}

/// Passes the first `max_solutions` rows of the final table to `found`, as grids. The table
/// is complete, so the count is exact unless rows are left over.
fn emit(
    size: usize,
    table: &Table,
    max_solutions: u64,
    found: &mut dyn FnMut(&Grid),
) -> (u64, End) {
    let mut grid = Grid::empty(size);
    let mut count = 0;
    for row in table.rows() {
        if count == max_solutions {
            return (count, End::SolutionLimit);
        }
        for (&cell, &digit) in table.cells().iter().zip(row) {
            grid.set(cell, digit);
        }
        count += 1;
        found(&grid);
    }
    (count, End::Exhausted)
}

/// One row of the essay's `mcounts` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeCount {
    /// How many cages, counted from the last, have been merged.
    pub cages: usize,
    /// The product of their tuple counts: the combinations before any clash is dropped.
    pub product: Count,
    /// The rows left once they are merged.
    pub rows: u64,
}

/// The essay's `mcounts`: for the last 1, 2, ... cages of `puzzle`, the product of their tuple
/// counts and the rows left after merging them. For kk0:
///
/// ```
/// use cagey::solve::{merge, Limits};
///
/// let kk0 = cagey::examples::by_name("kk0").unwrap().puzzle();
/// let table: Vec<(String, u64)> = merge::mcounts(&kk0, &Limits::default())?
///     .into_iter()
///     .map(|row| (row.product.to_string(), row.rows))
///     .collect();
/// let essay = [(4, 4), (8, 4), (48, 16), (288, 12), (576, 4), (6912, 1), (6912, 1)];
/// assert_eq!(table, essay.map(|(p, r)| (p.to_string(), r)));
/// # Ok::<(), cagey::solve::SolveError>(())
/// ```
pub fn mcounts(puzzle: &Puzzle, limits: &Limits) -> Result<Vec<MergeCount>, SolveError> {
    let mut rows = Vec::new();
    mcounts_each(puzzle, limits, &mut |row| rows.push(row.clone()))?;
    Ok(rows)
}

/// [`mcounts`], passing each row to `each` as soon as it is known, so that a caller can show
/// the rows computed before a merge grows too large.
pub fn mcounts_each(
    puzzle: &Puzzle,
    limits: &Limits,
    each: &mut dyn FnMut(&MergeCount),
) -> Result<(), SolveError> {
    let mut meter = Meter::new(limits);
    let mut stats = Stats::default();
    let tables = tables::tabulate_all(puzzle, limits, &mut meter)
        .map_err(|halt| refusal(halt, "listing the tuples of the cages"))?;
    let mut product = Count::from(1);
    let last = tables.len();
    fold(
        &tables,
        &Houses::new(puzzle),
        limits,
        &mut meter,
        &mut stats,
        &mut |cages, table| {
            product.scale(tables[last - cages].len() as u64);
            each(&MergeCount {
                cages,
                product: product.clone(),
                rows: table.len() as u64,
            });
        },
    )
    .map_err(|halt| refusal(halt, "merging the cages"))?;
    Ok(())
}

/// Merges two tables of `puzzle` (whose houses say which cells clash): the essay's `merge`,
/// on its own. The result has the columns of `left`, then those of `right`.
///
/// Fails if the result would pass [`Limits::max_table_cells`], or the pairings examined
/// would pass the node or time budget of `limits`.
pub fn merge(
    left: &Table,
    right: &Table,
    puzzle: &Puzzle,
    limits: &Limits,
) -> Result<Table, SolveError> {
    let mut meter = Meter::new(limits);
    let mut stats = Stats::default();
    merge_two(
        left,
        right,
        &Houses::new(puzzle),
        limits.max_table_cells,
        &mut meter,
        &mut stats,
    )
    .map_err(|halt| refusal(halt, "merging two tables"))
}

/// The error for a computation that is not a search: a budget that runs out is one too.
fn refusal(halt: Halt, task: &'static str) -> SolveError {
    match halt {
        Halt::Refused(error) => error,
        Halt::Budget(budget) => SolveError::OutOfBudget { task, budget },
    }
}

/// Folds `tables` from the right with [`merge_two`], calling `each` with the number of
/// tables merged so far (1 for the last one alone) and the merged table.
fn fold(
    tables: &[Table],
    houses: &Houses,
    limits: &Limits,
    meter: &mut Meter,
    stats: &mut Stats,
    each: &mut dyn FnMut(usize, &Table),
) -> Result<Table, Halt> {
    let Some((last, rest)) = tables.split_last() else {
        // A puzzle has at least one cage; no cages, no cells, one empty solution.
        return Err(Halt::Refused(SolveError::Unsupported {
            method: "merge",
            what: "a puzzle without cages".into(),
        }));
    };
    let mut merged = last.clone();
    each(1, &merged);
    for (i, table) in rest.iter().enumerate().rev() {
        merged = merge_two(table, &merged, houses, limits.max_table_cells, meter, stats)?;
        each(tables.len() - i, &merged);
    }
    Ok(merged)
}

/// The digit's bit in a line's set of digits.
fn bit(digit: u8) -> u64 {
    1 << (digit - 1)
}

/// Merges `left` and `right`, examining every pairing of their rows (one tick of `meter`
/// each) and keeping those without a clash.
fn merge_two(
    left: &Table,
    right: &Table,
    houses: &Houses,
    max_cells: u64,
    meter: &mut Meter,
    stats: &mut Stats,
) -> Result<Table, Halt> {
    let cells: Vec<_> = left.cells().iter().chain(right.cells()).copied().collect();
    let width = cells.len();
    // For each column of `right`, the columns of `left` in the same row, column or region.
    let clashes: Vec<Vec<usize>> = right
        .cells()
        .iter()
        .map(|&r| {
            left.cells()
                .iter()
                .enumerate()
                .filter(|&(_, &l)| houses.share(l, r))
                .map(|(a, _)| a)
                .collect()
        })
        .collect();
    let max_rows = max_cells / width as u64;
    let mut merged = Table::with_columns(cells.clone());
    let mut rows: u64 = 0;
    // The digits each column of `right` must avoid, given the current row of `left`.
    let mut forbidden = vec![0u64; right.width()];
    let mut joined = Vec::with_capacity(width);
    for l in left.rows() {
        for (avoid, columns) in forbidden.iter_mut().zip(&clashes) {
            *avoid = columns.iter().fold(0, |set, &a| set | bit(l[a]));
        }
        for r in right.rows() {
            meter.tick()?;
            stats.combinations += 1;
            let clash = r
                .iter()
                .zip(&forbidden)
                .any(|(&d, &avoid)| bit(d) & avoid != 0);
            if clash {
                continue;
            }
            rows += 1;
            if rows > max_rows {
                if rows == max_rows + 1 {
                    // Too large: free the rows and go on counting, to name the size.
                    merged = Table::with_columns(cells.clone());
                }
                continue;
            }
            joined.clear();
            joined.extend_from_slice(l);
            joined.extend_from_slice(r);
            merged.push_row(&joined);
        }
    }
    if rows > max_rows {
        return Err(Halt::Refused(SolveError::TableTooLarge {
            rows: u128::from(rows),
            columns: width,
            cells: u128::from(rows) * width as u128,
            limit: u128::from(max_cells),
        }));
    }
    stats.peak_table = stats.peak_table.max(merged.cell_count());
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;
    use crate::model::Cell;
    use crate::solve::Outcome;

    #[test]
    fn merges_the_essays_example() {
        let kk0 = examples::by_name("kk0").unwrap().puzzle();
        let limits = Limits::default();
        let tables = tables::cage_tables(&kk0, &limits).unwrap();
        let merged = merge(&tables[1], &tables[2], &kk0, &limits).unwrap();
        assert_eq!(merged.cells(), [1, 2, 5, 6, 3, 7].map(Cell));
        let rows: Vec<&[u8]> = merged.rows().collect();
        let essay: [&[u8]; 8] = [
            &[1, 4, 4, 2, 3, 1],
            &[2, 3, 4, 2, 1, 3],
            &[2, 4, 3, 2, 3, 1],
            &[2, 4, 4, 1, 1, 3],
            &[3, 2, 2, 4, 1, 3],
            &[4, 1, 2, 4, 3, 1],
            &[4, 2, 1, 4, 1, 3],
            &[4, 2, 2, 3, 3, 1],
        ];
        assert_eq!(rows, essay);
    }

    #[test]
    fn pairings_that_repeat_a_digit_in_a_box_or_region_go() {
        use crate::model::{Cage, Operation, Puzzle, Regions};
        // 3+ on cells 0 1 and 3+ on cells 4 5 of a 4x4: 1 2 above 2 1 is Latin, but puts 1
        // and 2 twice in the top-left 2x2 box. The other cells are given 1s (no solution is
        // needed to merge two tables).
        let mut cages = vec![
            Cage::new(Operation::Add, 3, vec![Cell(0), Cell(1)]),
            Cage::new(Operation::Add, 3, vec![Cell(4), Cell(5)]),
        ];
        cages.extend([2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map(|c| Cage::given(Cell(c), 1)));
        let merged_with = |regions: Regions| {
            let puzzle = Puzzle::builder(4)
                .cages(cages.clone())
                .regions(regions)
                .build()
                .unwrap();
            let limits = Limits::default();
            let tables = tables::cage_tables(&puzzle, &limits).unwrap();
            let (top, below) = (puzzle.cage_of(Cell(0)), puzzle.cage_of(Cell(4)));
            let merged = merge(
                &tables[top.unwrap().index()],
                &tables[below.unwrap().index()],
                &puzzle,
                &limits,
            );
            merged
                .unwrap()
                .rows()
                .map(<[u8]>::to_vec)
                .collect::<Vec<_>>()
        };
        assert_eq!(merged_with(Regions::None), [[1, 2, 2, 1], [2, 1, 1, 2]]);
        assert!(merged_with(Regions::Boxes { rows: 2, cols: 2 }).is_empty());
        // Jigsaw regions: the same box drawn as a region, then regions that are the rows.
        let boxes = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        assert!(merged_with(Regions::Jigsaw(boxes)).is_empty());
        let rows = vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
        assert_eq!(merged_with(Regions::Jigsaw(rows)).len(), 2);
    }

    #[test]
    fn solves_kk0_and_reports_its_effort() {
        let example = examples::by_name("kk0").unwrap();
        let report = Merge.solve(&example.puzzle(), &Limits::default()).unwrap();
        assert_eq!(report.outcome, Outcome::Unique(example.solution()));
        // The pairings of the six merges: 2*4 + 6*4 + 6*16 + 2*12 + 12*4 + 1*1.
        assert_eq!(report.stats.combinations, 8 + 24 + 96 + 24 + 48 + 1);
    }

    #[test]
    fn a_table_too_large_is_an_error_naming_its_size() {
        let kk0 = examples::by_name("kk0").unwrap().puzzle();
        // 48 cells hold the largest cage table, 11+ (12 tuples of 4), so init goes through.
        let limits = Limits {
            max_table_cells: 50,
            ..Limits::default()
        };
        let error = Merge.solve(&kk0, &limits).unwrap_err();
        // The last two cages merge into 4 rows of 4 cells: fine. The 6 x 4 pairings of 1-
        // with them leave 16 rows of 6 cells: 96 cells.
        assert_eq!(
            error,
            SolveError::TableTooLarge {
                rows: 16,
                columns: 6,
                cells: 96,
                limit: 50
            }
        );
    }
}
