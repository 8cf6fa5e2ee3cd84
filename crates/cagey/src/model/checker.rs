//! The independent checker: does a filled grid solve a puzzle?
//!
//! This is the referee for every solver, so it shares no code with them: it recomputes each
//! cage's arithmetic from the digits in the grid, in the plainest way, with checked
//! arithmetic, and checks the Latin rule row by row and column by column (and box by box,
//! and along the diagonals when the puzzle has them).

use super::{CageId, Cell, Grid, Operation, Puzzle, Violation};

/// Checks that `grid` is full, Latin, has every digit once in each box or region (and
/// diagonal, under the diagonal rule), holds the
/// givens, and meets every cage of `puzzle` (with distinct digits under the killer rule).
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let n = puzzle.size();
    if grid.size() != n {
        return Err(Violation::WrongSize {
            expected: n,
            found: grid.size(),
        });
    }
    let empty = empty_cells(puzzle, grid);
    if !empty.is_empty() {
        return Err(Violation::Empty(empty));
    }
    for line in 0..n {
        let mut in_row = vec![false; n + 1];
        let mut in_col = vec![false; n + 1];
        for k in 0..n {
            let digit = grid.get(Cell::at(line, k, n));
            if std::mem::replace(&mut in_row[usize::from(digit)], true) {
                return Err(Violation::RowRepeat { row: line, digit });
            }
            let digit = grid.get(Cell::at(k, line, n));
            if std::mem::replace(&mut in_col[usize::from(digit)], true) {
                return Err(Violation::ColumnRepeat { col: line, digit });
            }
        }
    }
    for (region, house) in puzzle.regions().houses(n).iter().enumerate() {
        let mut seen = vec![false; n + 1];
        for &cell in house {
            let digit = grid.get(cell);
            if std::mem::replace(&mut seen[usize::from(digit)], true) {
                return Err(Violation::RegionRepeat { region, digit });
            }
        }
    }
    for &diagonal in puzzle.diagonals() {
        let mut seen = vec![false; n + 1];
        for cell in diagonal.cells(n) {
            let digit = grid.get(cell);
            if std::mem::replace(&mut seen[usize::from(digit)], true) {
                return Err(Violation::DiagonalRepeat { diagonal, digit });
            }
        }
    }
    if let Some(cell) = puzzle
        .cells()
        .find(|&cell| puzzle.given(cell).is_some_and(|d| d != grid.get(cell)))
    {
        return Err(Violation::Given(cell));
    }
    for (id, cage) in puzzle.cages().iter().enumerate() {
        let digits: Vec<u64> = cage
            .cells()
            .iter()
            .map(|&c| u64::from(grid.get(c)))
            .collect();
        if puzzle.options().killer {
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|pair| pair[0] == pair[1]) {
                return Err(Violation::KillerRepeat(CageId(id as u16)));
            }
        }
        // Subtraction and division reach over more than two cells only as an option.
        let long_ok = digits.len() == 2 || puzzle.options().multi_cell;
        let reached = match cage.operation() {
            Operation::Given => digits == [cage.target()],
            Operation::Unknown => HIDDEN
                .iter()
                .any(|&operation| reaches(operation, &digits, cage.target(), long_ok)),
            operation => reaches(operation, &digits, cage.target(), long_ok),
        };
        if !reached {
            return Err(Violation::Cage(CageId(id as u16)));
        }
    }
    Ok(())
}

/// Everything that keeps `grid` from solving `puzzle`: every rule it breaks
/// ([`violations`]), then its empty cells, all in one [`Violation::Empty`]. Empty exactly when
/// [`check`] is `Ok`. Broken rules come first because they are what a person has to mend;
/// an empty cell is only work not yet done (the first empty cell, which [`check`] names,
/// once hid two 3s in a row behind `r2c1 is empty`). What `/api/check` and Python's `check`
/// answer.
///
/// ```
/// use cagey::{Grid, model::check_all};
///
/// let puzzle = cagey::formats::kk::parse("3+,0 1\n1-,2 3\n").unwrap();
/// let grid = Grid::from_digits(2, vec![2, 2, 0, 0]).unwrap();
/// let words: Vec<String> =
///     check_all(&puzzle, &grid).iter().map(|v| v.describe(&puzzle, &grid)).collect();
/// assert_eq!(
///     words,
///     [
///         "row 1 holds 2 twice: r1c1 and r1c2",
///         "cage 3+ at r1c1: its digits 2 2 do not make 3+",
///         "2 cells are empty: r2c1 and r2c2",
///     ]
/// );
/// ```
pub fn check_all(puzzle: &Puzzle, grid: &Grid) -> Vec<Violation> {
    let mut found = violations(puzzle, grid);
    if matches!(found[..], [Violation::WrongSize { .. }]) {
        return found;
    }
    let empty = empty_cells(puzzle, grid);
    if !empty.is_empty() {
        found.push(Violation::Empty(empty));
    }
    found
}

/// How an answer stands against a puzzle's one solution: what [`verify`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verification {
    /// The answer is full and solves the puzzle.
    Solved,
    /// Some filled cells hold another digit than the solution's (and some may be empty).
    Wrong {
        /// The filled cells whose digit is not the solution's, in reading order.
        wrong: Vec<Cell>,
        /// The empty cells, in reading order.
        empty: Vec<Cell>,
    },
    /// Every filled cell holds the solution's digit, but some are empty.
    Incomplete {
        /// The empty cells, in reading order, never none.
        empty: Vec<Cell>,
    },
}

impl Verification {
    /// `solved`, `wrong` or `incomplete`.
    pub fn name(&self) -> &'static str {
        match self {
            Verification::Solved => "solved",
            Verification::Wrong { .. } => "wrong",
            Verification::Incomplete { .. } => "incomplete",
        }
    }

    /// The cells that hold another digit than the solution's.
    pub fn wrong(&self) -> &[Cell] {
        match self {
            Verification::Wrong { wrong, .. } => wrong,
            Verification::Solved | Verification::Incomplete { .. } => &[],
        }
    }

    /// The cells left empty.
    pub fn empty(&self) -> &[Cell] {
        match self {
            Verification::Wrong { empty, .. } | Verification::Incomplete { empty } => empty,
            Verification::Solved => &[],
        }
    }

    /// The verdict in words, cells named `r1c1` (at most [`LISTED_CELLS`] of each, the rest
    /// counted): `solved`, `2 cells are wrong: r1c1 and r2c3; 5 are empty`, `r4c4 is empty`.
    pub fn describe(&self, size: usize) -> String {
        let named = |cells: &[Cell]| -> String {
            let mut names: Vec<String> = cells
                .iter()
                .take(LISTED_CELLS)
                .map(|cell| cell.name(size))
                .collect();
            if cells.len() > LISTED_CELLS {
                names.push(format!("{} more", cells.len() - LISTED_CELLS));
            }
            super::violation::and_list(&names)
        };
        let empty = |cells: &[Cell]| match cells.len() {
            1 => format!("{} is empty", named(cells)),
            n => format!("{n} cells are empty: {}", named(cells)),
        };
        match self {
            Verification::Solved => "solved".to_string(),
            Verification::Wrong { wrong, empty } => {
                let what = match wrong.len() {
                    1 => format!("{} is wrong", named(wrong)),
                    n => format!("{n} cells are wrong: {}", named(wrong)),
                };
                match empty.len() {
                    0 => what,
                    1 => format!("{what}; 1 cell is empty"),
                    n => format!("{what}; {n} cells are empty"),
                }
            }
            Verification::Incomplete { empty: cells } => {
                format!("incomplete: {}", empty(cells))
            }
        }
    }
}

/// At most this many cells of each list are named in [`Verification::describe`], the rest
/// counted, as [`Violation::describe`] counts a nearly empty grid's cells.
pub const LISTED_CELLS: usize = 12;

/// How `answer` (0 for an empty cell) stands against `solution`, the puzzle's one solution:
/// [`Verification::Solved`] when it is full and solves `puzzle` (checked by [`check`], not by
/// comparison, so that the verdict never rests on `solution` alone),
/// [`Verification::Wrong`] with every filled cell that differs from `solution`, else
/// [`Verification::Incomplete`] with the empty cells. What a model's answer is graded by,
/// where [`check_all`] would pass a partial grid whose wrong digits break no rule yet.
/// A grid of another side than the puzzle's is the [`Violation::WrongSize`] error.
///
/// ```
/// use cagey::{Grid, model::{verify, Verification}};
///
/// let puzzle = cagey::formats::kk::parse("3+,0 1\n3+,2 3\n").unwrap();
/// let solution = Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
/// // Legal so far, but r1c1 is not the solution's 1.
/// let answer = Grid::from_digits(2, vec![2, 0, 0, 0]).unwrap();
/// let verdict = verify(&puzzle, &solution, &answer).unwrap();
/// assert_eq!(verdict.describe(2), "r1c1 is wrong; 3 cells are empty");
/// ```
pub fn verify(puzzle: &Puzzle, solution: &Grid, answer: &Grid) -> Result<Verification, Violation> {
    let n = puzzle.size();
    for grid in [answer, solution] {
        if grid.size() != n {
            return Err(Violation::WrongSize {
                expected: n,
                found: grid.size(),
            });
        }
    }
    let empty = empty_cells(puzzle, answer);
    if empty.is_empty() && check(puzzle, answer).is_ok() {
        return Ok(Verification::Solved);
    }
    let wrong: Vec<Cell> = puzzle
        .cells()
        .filter(|&cell| answer.get(cell) != 0 && answer.get(cell) != solution.get(cell))
        .collect();
    Ok(match (wrong.is_empty(), empty.is_empty()) {
        (false, _) => Verification::Wrong { wrong, empty },
        (true, false) => Verification::Incomplete { empty },
        // Full, every digit the solution's, yet breaking a rule: `solution` is not a
        // solution. Every cell the checker blames is then wrong.
        (true, true) => Verification::Wrong {
            wrong: check_all(puzzle, answer)
                .iter()
                .flat_map(|violation| violation.cells(puzzle, answer))
                .collect::<std::collections::BTreeSet<Cell>>()
                .into_iter()
                .collect(),
            empty,
        },
    })
}

/// The cells of `grid` that hold no digit, in reading order.
fn empty_cells(puzzle: &Puzzle, grid: &Grid) -> Vec<Cell> {
    puzzle.cells().filter(|&cell| grid.get(cell) == 0).collect()
}

/// Every rule a full or partly filled `grid` (0 for an empty cell) breaks, in the order rows,
/// columns, boxes or regions, givens, cages: what a person checking their work wants named,
/// where [`check`] stops at the first. Empty cells break nothing: a digit repeated among the
/// filled cells of a house (once for each digit a house repeats, smallest first), a given
/// not held, and a cage whose digits cannot reach its target are broken. A full cage is
/// checked as [`check`] does; a partly filled one is broken only when no digits in its empty
/// cells could mend it (a sum already too large, a product its target is not a multiple of,
/// a digit repeated under the killer rule). An empty list for a full grid means the grid
/// solves the puzzle; [`check_all`] adds the empty cells.
pub fn violations(puzzle: &Puzzle, grid: &Grid) -> Vec<Violation> {
    let n = puzzle.size();
    if grid.size() != n {
        return vec![Violation::WrongSize {
            expected: n,
            found: grid.size(),
        }];
    }
    let mut found = Vec::new();
    // The digits repeated among the filled cells of `cells`, smallest first.
    let repeats = |cells: &mut dyn Iterator<Item = Cell>| -> Vec<u8> {
        let mut seen = vec![0usize; n + 1];
        for cell in cells {
            seen[usize::from(grid.get(cell))] += 1;
        }
        (1..=n as u8)
            .filter(|&digit| seen[usize::from(digit)] > 1)
            .collect()
    };
    for row in 0..n {
        for digit in repeats(&mut (0..n).map(|col| Cell::at(row, col, n))) {
            found.push(Violation::RowRepeat { row, digit });
        }
    }
    for col in 0..n {
        for digit in repeats(&mut (0..n).map(|row| Cell::at(row, col, n))) {
            found.push(Violation::ColumnRepeat { col, digit });
        }
    }
    for (region, house) in puzzle.regions().houses(n).iter().enumerate() {
        for digit in repeats(&mut house.iter().copied()) {
            found.push(Violation::RegionRepeat { region, digit });
        }
    }
    for &diagonal in puzzle.diagonals() {
        for digit in repeats(&mut diagonal.cells(n).into_iter()) {
            found.push(Violation::DiagonalRepeat { diagonal, digit });
        }
    }
    for cell in puzzle.cells() {
        let digit = grid.get(cell);
        if digit != 0 && puzzle.given(cell).is_some_and(|given| given != digit) {
            found.push(Violation::Given(cell));
        }
    }
    for (id, cage) in puzzle.cages().iter().enumerate() {
        let id = CageId(id as u16);
        let digits: Vec<u64> = cage
            .cells()
            .iter()
            .map(|&c| u64::from(grid.get(c)))
            .filter(|&d| d != 0)
            .collect();
        if puzzle.options().killer {
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|pair| pair[0] == pair[1]) {
                found.push(Violation::KillerRepeat(id));
                continue;
            }
        }
        let empty = (cage.cells().len() - digits.len()) as u64;
        let broken = if empty == 0 {
            let long_ok = digits.len() == 2 || puzzle.options().multi_cell;
            match cage.operation() {
                Operation::Given => digits != [cage.target()],
                Operation::Unknown => !HIDDEN
                    .iter()
                    .any(|&operation| reaches(operation, &digits, cage.target(), long_ok)),
                operation => !reaches(operation, &digits, cage.target(), long_ok),
            }
        } else {
            // Each empty cell adds at least 1 to a sum, and multiplies a product by a digit.
            let sum: u64 = digits.iter().sum();
            let product = digits.iter().try_fold(1u64, |p, &d| p.checked_mul(d));
            match cage.operation() {
                Operation::Add => sum + empty > cage.target(),
                Operation::Multiply => product.is_none_or(|p| cage.target() % p != 0),
                _ => false,
            }
        };
        if broken {
            found.push(Violation::Cage(id));
        }
    }
    found
}

/// The operations a hidden `?` may stand for.
const HIDDEN: [Operation; 4] = [
    Operation::Add,
    Operation::Subtract,
    Operation::Multiply,
    Operation::Divide,
];

/// Whether `digits` combined by `operation` (not a given, not hidden) give `target`;
/// subtraction and division over more than two cells only when `long_ok`.
fn reaches(operation: Operation, digits: &[u64], target: u64, long_ok: bool) -> bool {
    // The largest digit minus (or divided by) the others: for two cells this is the
    // standard either-order rule, and it is the calcudoku.org rule for more.
    let largest = digits.iter().copied().max().unwrap_or(0);
    let others = || {
        let mut rest = digits.to_vec();
        rest.remove(rest.iter().position(|&d| d == largest).unwrap_or(0));
        rest
    };
    match operation {
        Operation::Add => digits.iter().sum::<u64>() == target,
        Operation::Multiply => {
            digits.iter().try_fold(1u64, |p, &d| p.checked_mul(d)) == Some(target)
        }
        Operation::Subtract => {
            long_ok && largest.checked_sub(others().iter().sum()) == Some(target)
        }
        Operation::Divide => {
            let rest = others().iter().try_fold(1u64, |p, &d| p.checked_mul(d));
            long_ok && rest.is_some_and(|rest| largest % rest == 0 && largest / rest == target)
        }
        Operation::Given | Operation::Unknown => false,
    }
}

/// For each cage of `puzzle` whose operation is hidden (`?`), the operations its digits in
/// `grid` reach the target with, in the order `+ − × ÷`: what a solver of a no-op puzzle
/// wants to know besides the digits. Several may fit (`2` from 1 and 2 is `2×` and `2÷`);
/// none fits if `grid` does not solve the puzzle.
pub fn revealed_operations(puzzle: &Puzzle, grid: &Grid) -> Vec<(CageId, Vec<Operation>)> {
    puzzle
        .cages()
        .iter()
        .enumerate()
        .filter(|(_, cage)| cage.operation() == Operation::Unknown)
        .map(|(id, cage)| {
            let digits: Vec<u64> = cage
                .cells()
                .iter()
                .map(|&c| u64::from(grid.get(c)))
                .collect();
            let long_ok = digits.len() == 2 || puzzle.options().multi_cell;
            let fitting = HIDDEN
                .into_iter()
                .filter(|&op| reaches(op, &digits, cage.target(), long_ok))
                .collect();
            (CageId(id as u16), fitting)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;

    /// The 2x2 puzzle `3+` on the top row, `1-` on the bottom row.
    fn puzzle() -> Puzzle {
        Puzzle::new(
            2,
            vec![
                Cage::new(Operation::Add, 3, vec![Cell(0), Cell(1)]),
                Cage::new(Operation::Subtract, 1, vec![Cell(2), Cell(3)]),
            ],
        )
        .unwrap()
    }

    #[test]
    fn reveals_hidden_operations() {
        let puzzle = Puzzle::new(
            2,
            vec![
                Cage::new(Operation::Unknown, 2, vec![Cell(0), Cell(1)]),
                Cage::new(Operation::Unknown, 3, vec![Cell(2), Cell(3)]),
            ],
        )
        .unwrap();
        let grid = Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
        assert_eq!(check(&puzzle, &grid), Ok(()));
        assert_eq!(
            revealed_operations(&puzzle, &grid),
            [
                (CageId(0), vec![Operation::Multiply, Operation::Divide]),
                (CageId(1), vec![Operation::Add]),
            ]
        );
        // Known operations are not listed.
        assert!(revealed_operations(&self::puzzle(), &grid).is_empty());
    }

    /// Regression: violations once reached people as `column 0 holds 2 twice` and `cage 0`,
    /// counted from 0, where everything else says r1c1.
    #[test]
    fn words_violations_from_1_with_cells_and_cages_named() {
        let puzzle = puzzle();
        let words = |digits: Vec<u8>| -> Vec<String> {
            let grid = Grid::from_digits(2, digits).unwrap();
            violations(&puzzle, &grid)
                .iter()
                .map(|v| v.describe(&puzzle, &grid))
                .collect()
        };
        assert_eq!(
            words(vec![2, 2, 2, 0]),
            [
                "row 1 holds 2 twice: r1c1 and r1c2",
                "column 1 holds 2 twice: r1c1 and r2c1",
                "cage 3+ at r1c1: its digits 2 2 do not make 3+",
            ]
        );
        assert_eq!(
            words(vec![1, 2, 0, 2]),
            ["column 2 holds 2 twice: r1c2 and r2c2"]
        );
        let grid = Grid::from_digits(2, vec![1, 2, 0, 1]).unwrap();
        assert_eq!(
            check(&puzzle, &grid).unwrap_err().describe(&puzzle, &grid),
            "r2c1 is empty"
        );
        let grid = Grid::from_digits(2, vec![1, 2, 1, 2]).unwrap();
        assert_eq!(
            Violation::Cage(CageId(1)).describe(&puzzle, &grid),
            "cage 1− at r2c1: its digits 1 2 do not make 1−"
        );
        assert_eq!(
            Violation::Empty(vec![Cell(3)]).describe(&puzzle, &grid),
            "r2c2 is empty"
        );
        // Boxes and jigsaw regions count from 1 and say where they start.
        let square =
            Grid::from_digits(4, vec![1, 3, 2, 4, 3, 1, 4, 2, 2, 4, 1, 3, 4, 2, 3, 1]).unwrap();
        let boxed = Puzzle::builder(4)
            .cages(
                (0..16)
                    .map(|c| Cage::given(Cell(c), square.digits()[c as usize]))
                    .collect(),
            )
            .regions(crate::model::Regions::Boxes { rows: 2, cols: 2 })
            .build()
            .unwrap();
        assert_eq!(
            Violation::RegionRepeat {
                region: 1,
                digit: 2
            }
            .describe(&boxed, &square),
            "box 2 (from r1c3) holds 2 twice: r1c3 and r2c4"
        );
    }

    /// Regression (#42): `/api/check` answered only the first empty cell, `r2c1 is empty`,
    /// for a grid with two 3s in row 1 and the rest empty.
    /// Guards #47: a partial grid whose wrong digits break no rule yet is `wrong`, not
    /// merely incomplete; an empty one is incomplete; the solution is solved.
    #[test]
    fn verify_says_solved_wrong_or_incomplete() {
        let puzzle = crate::formats::kk::parse(
            "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n",
        )
        .unwrap();
        let solution =
            Grid::from_digits(4, vec![1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2]).unwrap();
        assert_eq!(
            verify(&puzzle, &solution, &solution),
            Ok(Verification::Solved)
        );
        let empty = Grid::from_digits(4, vec![0; 16]).unwrap();
        let verdict = verify(&puzzle, &solution, &empty).unwrap();
        assert_eq!(verdict.name(), "incomplete");
        assert_eq!(verdict.empty().len(), 16);
        assert!(verdict
            .describe(4)
            .starts_with("incomplete: 16 cells are empty: r1c1, r1c2"));
        // r1c2 and r1c3 swapped: no rule is broken yet (r1c2's cage is half empty), but
        // both are wrong.
        let mut digits = vec![0; 16];
        digits[0] = 1;
        digits[1] = 4;
        digits[2] = 2;
        let partial = Grid::from_digits(4, digits).unwrap();
        assert!(violations(&puzzle, &partial).is_empty());
        let verdict = verify(&puzzle, &solution, &partial).unwrap();
        assert_eq!(verdict.name(), "wrong");
        assert_eq!(verdict.wrong(), [Cell(1), Cell(2)]);
        assert_eq!(verdict.empty().len(), 13);
        assert_eq!(
            verdict.describe(4),
            "2 cells are wrong: r1c2 and r1c3; 13 cells are empty"
        );
        let mut right_so_far = solution.clone();
        right_so_far.set(Cell(15), 0);
        assert_eq!(
            verify(&puzzle, &solution, &right_so_far)
                .unwrap()
                .describe(4),
            "incomplete: r4c4 is empty"
        );
        let small = Grid::from_digits(2, vec![0; 4]).unwrap();
        assert!(matches!(
            verify(&puzzle, &solution, &small),
            Err(Violation::WrongSize {
                expected: 4,
                found: 2
            })
        ));
    }

    #[test]
    fn check_all_names_broken_rules_before_empty_cells() {
        let puzzle = crate::formats::kk::parse(
            "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n",
        )
        .unwrap();
        let grid =
            Grid::from_digits(4, vec![1, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        let found = check_all(&puzzle, &grid);
        let empty: Vec<Cell> = (3..16).map(Cell).collect();
        assert_eq!(
            found,
            [
                Violation::RowRepeat { row: 0, digit: 3 },
                Violation::Empty(empty.clone()),
            ]
        );
        assert_eq!(found[0].cells(&puzzle, &grid), [Cell(1), Cell(2)]);
        assert_eq!(found[1].cells(&puzzle, &grid), empty);
        assert_eq!(
            found[0].describe(&puzzle, &grid),
            "row 1 holds 3 twice: r1c2 and r1c3"
        );
        assert_eq!(
            found[1].describe(&puzzle, &grid),
            "13 cells are empty: r1c4, r2c1, r2c2, r2c3, r2c4, r3c1, r3c2, r3c3, r3c4, r4c1, \
             r4c2, r4c3 and 1 more"
        );
        // Empty exactly when `check` passes; a grid of another side is only that.
        let solution =
            Grid::from_digits(4, vec![1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2]).unwrap();
        assert_eq!(check(&puzzle, &solution), Ok(()));
        assert_eq!(check_all(&puzzle, &solution), []);
        assert_eq!(
            check_all(&puzzle, &Grid::empty(3)),
            [Violation::WrongSize {
                expected: 4,
                found: 3
            }]
        );
    }

    /// Regression (#42): four 1s in a row were worded `row 2 holds 1 twice (r2c1 and r2c2
    /// and r2c3 and r2c4)`, and a row that repeats two digits named only the first.
    #[test]
    fn counts_each_repeated_digit_and_lists_its_cells() {
        // Each row one 10+ cage.
        let rows = (0..4)
            .map(|r| {
                Cage::new(
                    Operation::Add,
                    10,
                    (0..4).map(|c| Cell(r * 4 + c)).collect(),
                )
            })
            .collect();
        let puzzle = Puzzle::new(4, rows).unwrap();
        let grid =
            Grid::from_digits(4, vec![2, 2, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 4, 4, 4, 0]).unwrap();
        let words: Vec<String> = violations(&puzzle, &grid)
            .iter()
            .filter(|v| matches!(v, Violation::RowRepeat { .. }))
            .map(|v| v.describe(&puzzle, &grid))
            .collect();
        assert_eq!(
            words,
            [
                "row 1 holds 2 twice: r1c1 and r1c2",
                "row 1 holds 3 twice: r1c3 and r1c4",
                "row 2 holds 1 four times: r2c1, r2c2, r2c3 and r2c4",
                "row 4 holds 4 three times: r4c1, r4c2 and r4c3",
            ]
        );
    }

    #[test]
    fn accepts_a_solution() {
        let grid = Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
        assert_eq!(check(&puzzle(), &grid), Ok(()));
    }

    #[test]
    fn names_the_broken_rule() {
        let grid = |digits: Vec<u8>| Grid::from_digits(2, digits).unwrap();
        assert_eq!(
            check(&puzzle(), &grid(vec![1, 2, 0, 1])),
            Err(Violation::Empty(vec![Cell(2)]))
        );
        assert_eq!(
            check(&puzzle(), &grid(vec![1, 1, 2, 2])),
            Err(Violation::RowRepeat { row: 0, digit: 1 })
        );
        assert_eq!(
            check(&puzzle(), &grid(vec![1, 2, 1, 2])),
            Err(Violation::ColumnRepeat { col: 0, digit: 1 })
        );
        assert_eq!(
            check(&puzzle(), &Grid::empty(3)),
            Err(Violation::WrongSize {
                expected: 2,
                found: 3
            })
        );
    }

    #[test]
    fn checks_regions_givens_killer_and_multi_cell_rules() {
        use crate::model::{Options, Regions};
        // The 4x4 square 1234/3412/2143/4321 has distinct 2x2 boxes.
        let square =
            Grid::from_digits(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let givens = |square: &Grid| -> Vec<Cage> {
            (0..16)
                .map(|c| Cage::given(Cell(c), square.digits()[c as usize]))
                .collect()
        };
        let boxed = Puzzle::builder(4)
            .cages(givens(&square))
            .regions(Regions::Boxes { rows: 2, cols: 2 })
            .given(Cell(5), 4)
            .build()
            .unwrap();
        assert_eq!(check(&boxed, &square), Ok(()));
        // Swapping two columns keeps rows and columns Latin but breaks the boxes.
        let swapped =
            Grid::from_digits(4, vec![1, 3, 2, 4, 3, 1, 4, 2, 2, 4, 1, 3, 4, 2, 3, 1]).unwrap();
        let boxed_swapped = Puzzle::builder(4)
            .cages(givens(&swapped))
            .regions(Regions::Boxes { rows: 2, cols: 2 })
            .build()
            .unwrap();
        assert_eq!(
            check(&boxed_swapped, &swapped),
            Err(Violation::RegionRepeat {
                region: 0,
                digit: 3
            })
        );
        let wrong_given = Puzzle::builder(4)
            .cages(givens(&square))
            .given(Cell(0), 2)
            .build()
            .unwrap();
        assert_eq!(check(&wrong_given, &square), Err(Violation::Given(Cell(0))));

        // Killer: 1+2 in a row is fine, a 2x2 block 1,2/3,4 too; in a 3-cell L 1,2,1 repeats.
        let killer = Options {
            killer: true,
            ..Options::default()
        };
        let grid = Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
        let l_cage = Puzzle::builder(2)
            .options(killer)
            .cages(vec![
                Cage::new(Operation::Add, 4, vec![Cell(0), Cell(1), Cell(3)]),
                Cage::given(Cell(2), 2),
            ])
            .build()
            .unwrap();
        assert_eq!(
            check(&l_cage, &grid),
            Err(Violation::KillerRepeat(CageId(0)))
        );

        // Multi-cell: 3 - 1 - 2 = 0 and 6 / 2 / 3 = 1 in a 3x3 row... as the largest minus the rest.
        let multi = Options {
            multi_cell: true,
            ..Options::default()
        };
        let grid = Grid::from_digits(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]).unwrap();
        let puzzle = Puzzle::builder(3)
            .options(multi)
            .cages(vec![
                Cage::new(Operation::Subtract, 0, vec![Cell(0), Cell(1), Cell(2)]),
                Cage::new(Operation::Divide, 6, vec![Cell(3), Cell(4), Cell(5)]),
                Cage::new(Operation::Subtract, 2, vec![Cell(6), Cell(7)]),
                Cage::given(Cell(8), 2),
            ])
            .build()
            .unwrap();
        assert_eq!(check(&puzzle, &grid), Err(Violation::Cage(CageId(1))));
    }

    #[test]
    fn lists_every_broken_rule_of_a_partial_grid() {
        // Empty cells break nothing.
        assert_eq!(violations(&puzzle(), &Grid::empty(2)), []);
        assert_eq!(
            violations(&puzzle(), &Grid::from_digits(2, vec![1, 0, 0, 0]).unwrap()),
            []
        );
        // 2 2 / 2 0: row 0 and column 0 repeat 2, and 2 + 2 is not 3.
        assert_eq!(
            violations(&puzzle(), &Grid::from_digits(2, vec![2, 2, 2, 0]).unwrap()),
            [
                Violation::RowRepeat { row: 0, digit: 2 },
                Violation::ColumnRepeat { col: 0, digit: 2 },
                Violation::Cage(CageId(0)),
            ]
        );
        // A full solution breaks nothing, as `check` says.
        let solution = Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
        assert_eq!(violations(&puzzle(), &solution), []);
        assert_eq!(
            violations(&puzzle(), &Grid::empty(3)),
            [Violation::WrongSize {
                expected: 2,
                found: 3
            }]
        );
        // A partial sum already past its target, a product its target is not a multiple of.
        let puzzle = Puzzle::new(
            3,
            vec![
                Cage::new(Operation::Add, 4, vec![Cell(0), Cell(1), Cell(2)]),
                Cage::new(Operation::Multiply, 6, vec![Cell(3), Cell(4), Cell(5)]),
                Cage::new(Operation::Add, 6, vec![Cell(6), Cell(7), Cell(8)]),
            ],
        )
        .unwrap();
        let grid = Grid::from_digits(3, vec![3, 0, 0, 0, 0, 3, 0, 0, 0]).unwrap();
        assert_eq!(violations(&puzzle, &grid), [Violation::Cage(CageId(0))]);
        let grid = Grid::from_digits(3, vec![1, 0, 0, 0, 0, 3, 0, 0, 0]).unwrap();
        assert_eq!(violations(&puzzle, &grid), []);
    }

    #[test]
    fn checks_each_operation() {
        let puzzle = Puzzle::new(
            2,
            vec![
                Cage::new(Operation::Divide, 2, vec![Cell(0), Cell(1)]),
                Cage::new(Operation::Multiply, 2, vec![Cell(2), Cell(3)]),
            ],
        )
        .unwrap();
        assert_eq!(
            check(&puzzle, &Grid::from_digits(2, vec![2, 1, 1, 2]).unwrap()),
            Ok(())
        );
        let wrong = Puzzle::new(
            2,
            vec![
                Cage::new(Operation::Divide, 3, vec![Cell(0), Cell(1)]),
                Cage::given(Cell(2), 1),
                Cage::given(Cell(3), 1),
            ],
        )
        .unwrap();
        assert_eq!(
            check(&wrong, &Grid::from_digits(2, vec![2, 1, 1, 2]).unwrap()),
            Err(Violation::Cage(CageId(0)))
        );
    }
}
