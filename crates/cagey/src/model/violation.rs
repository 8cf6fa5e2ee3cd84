//! What a grid breaks, as data and in words: [`Violation`], which the checker returns,
//! [`Violation::cells`], the cells that break it, and [`Violation::describe`], the one
//! wording of it that `cagey check`, `/api/check`, Python's `check` and every other message
//! use.

use super::{CageId, Cell, Diagonal, Grid, Puzzle, Regions};

/// A rule a grid breaks, or the cells it leaves empty. Its fields count from 0, as the model does; put it in words
/// with [`Violation::describe`], which counts from 1 and names cells `r3c4`. (It has no
/// `Display`: that wording, without the puzzle, could only name cells and cages by their
/// 0-based indices, which is how `cage 0` and `column 2` for the third column once reached
/// people.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The grid has another side than the puzzle.
    WrongSize {
        /// The puzzle's side.
        expected: usize,
        /// The grid's side.
        found: usize,
    },
    /// Cells are empty: all of a grid's empty cells, in reading order, never none.
    Empty(Vec<Cell>),
    /// A digit appears more than once in a row.
    RowRepeat {
        /// The row, from 0 at the top.
        row: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A digit appears more than once in a column.
    ColumnRepeat {
        /// The column, from 0 at the left.
        col: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A digit appears more than once in a box or jigsaw region.
    RegionRepeat {
        /// The region, numbered as [`Regions::region_of`](super::Regions::region_of) does.
        region: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A digit appears more than once on a long diagonal, under the diagonal rule.
    DiagonalRepeat {
        /// The diagonal.
        diagonal: Diagonal,
        /// The repeated digit.
        digit: u8,
    },
    /// A cage's digits do not give its target.
    Cage(CageId),
    /// A digit repeats inside a cage under the killer rule.
    KillerRepeat(CageId),
    /// A cell does not hold the digit given in it.
    Given(Cell),
}

impl Violation {
    /// The cells that break the rule, in reading order, in `puzzle` filled as `grid`: those
    /// holding a repeated digit, the cell that contradicts its given, a cage's cells (the
    /// ones holding a repeated digit under the killer rule), the empty cells; none for a
    /// grid of the wrong size. What a page marks; [`Violation::describe`] names the same.
    pub fn cells(&self, puzzle: &Puzzle, grid: &Grid) -> Vec<Cell> {
        let n = puzzle.size();
        let holding = |cells: &mut dyn Iterator<Item = Cell>, digit: u8| -> Vec<Cell> {
            cells.filter(|&cell| grid.get(cell) == digit).collect()
        };
        match *self {
            Violation::WrongSize { .. } => Vec::new(),
            Violation::Empty(ref cells) => cells.clone(),
            Violation::RowRepeat { row, digit } => {
                holding(&mut (0..n).map(|col| Cell::at(row, col, n)), digit)
            }
            Violation::ColumnRepeat { col, digit } => {
                holding(&mut (0..n).map(|row| Cell::at(row, col, n)), digit)
            }
            Violation::RegionRepeat { region, digit } => {
                let mut house = puzzle.regions().houses(n).swap_remove(region);
                house.sort_unstable();
                holding(&mut house.into_iter(), digit)
            }
            Violation::DiagonalRepeat { diagonal, digit } => {
                holding(&mut diagonal.cells(n).into_iter(), digit)
            }
            Violation::Given(cell) => vec![cell],
            Violation::Cage(id) => {
                let mut cells = puzzle.cage(id).cells().to_vec();
                cells.sort_unstable();
                cells
            }
            Violation::KillerRepeat(id) => {
                let mut cells = puzzle.cage(id).cells().to_vec();
                cells.sort_unstable();
                let digits: Vec<u8> = cells.iter().map(|&cell| grid.get(cell)).collect();
                let repeated = |digit: u8| digits.iter().filter(|&&d| d == digit).count() > 1;
                cells
                    .into_iter()
                    .filter(|&cell| grid.get(cell) != 0 && repeated(grid.get(cell)))
                    .collect()
            }
        }
    }

    /// The broken rule in words, for `puzzle` filled as `grid`: what `cagey check` prints and
    /// `/api/check` answers, worded in this one place. Cells are named `r3c4` and rows,
    /// columns, boxes and regions counted from 1, as people count them; cages by their label
    /// and first cell (`12+ at r3c4`); a repeated digit is counted (`twice`, `three times`)
    /// and the cells holding it named (`r1c1, r1c2 and r1c4`).
    ///
    /// ```
    /// use cagey::{Grid, model::violations};
    ///
    /// let puzzle = cagey::formats::kk::parse("3+,0 1\n1-,2 3\n").unwrap();
    /// let grid = Grid::from_digits(2, vec![1, 2, 1, 0]).unwrap();
    /// let words: Vec<String> =
    ///     violations(&puzzle, &grid).iter().map(|v| v.describe(&puzzle, &grid)).collect();
    /// assert_eq!(words, ["column 1 holds 1 twice: r1c1 and r2c1"]);
    /// ```
    pub fn describe(&self, puzzle: &Puzzle, grid: &Grid) -> String {
        let n = puzzle.size();
        // `holds 3 twice: r1c1 and r1c4`, the repeat's cells named.
        let repeat = |digit: u8| -> String {
            let cells = self.cells(puzzle, grid);
            let named: Vec<String> = cells.iter().map(|cell| cell.name(n)).collect();
            format!("holds {digit} {}: {}", times(cells.len()), and_list(&named))
        };
        match *self {
            Violation::WrongSize { expected, found } => {
                format!("the grid is {found}x{found}, the puzzle {expected}x{expected}")
            }
            Violation::Empty(ref cells) => match cells[..] {
                [cell] => format!("{} is empty", cell.name(n)),
                _ => {
                    let mut named: Vec<String> = cells
                        .iter()
                        .take(LISTED_EMPTY)
                        .map(|cell| cell.name(n))
                        .collect();
                    if cells.len() > LISTED_EMPTY {
                        named.push(format!("{} more", cells.len() - LISTED_EMPTY));
                    }
                    format!("{} cells are empty: {}", cells.len(), and_list(&named))
                }
            },
            Violation::RowRepeat { row, digit } => format!("row {} {}", row + 1, repeat(digit)),
            Violation::ColumnRepeat { col, digit } => {
                format!("column {} {}", col + 1, repeat(digit))
            }
            Violation::RegionRepeat { region, digit } => {
                let house = puzzle.regions().houses(n).swap_remove(region);
                let word = match puzzle.regions() {
                    Regions::Jigsaw(_) => "region",
                    Regions::Boxes { .. } | Regions::None => "box",
                };
                format!(
                    "{word} {} (from {}) {}",
                    region + 1,
                    house[0].name(n),
                    repeat(digit)
                )
            }
            Violation::DiagonalRepeat { diagonal, digit } => {
                format!("{} {}", diagonal.name(n), repeat(digit))
            }
            Violation::Given(cell) => format!(
                "{} holds {}, but the puzzle gives {}",
                cell.name(n),
                grid.get(cell),
                puzzle.given(cell).unwrap_or(0)
            ),
            Violation::Cage(id) => {
                let cage = puzzle.cage(id);
                let digits: Vec<String> = cage
                    .cells()
                    .iter()
                    .map(|&cell| match grid.get(cell) {
                        0 => ".".to_string(),
                        digit => digit.to_string(),
                    })
                    .collect();
                let full = cage.cells().iter().all(|&cell| grid.get(cell) != 0);
                let how = if full {
                    "do not make"
                } else {
                    "cannot make, whatever goes in the empty cells,"
                };
                format!(
                    "cage {}: its digits {} {how} {}",
                    puzzle.cage_name(id),
                    digits.join(" "),
                    cage.signed_label()
                )
            }
            Violation::KillerRepeat(id) => format!(
                "cage {} repeats a digit (the digits of a killer cage are all different)",
                puzzle.cage_name(id)
            ),
        }
    }
}

/// At most this many empty cells are named in a sentence, the rest counted (`and 68 more`):
/// a nearly empty 9x9 grid would otherwise be a sentence of 80 names that nobody reads to
/// the end. The cells themselves are all in [`Violation::cells`].
const LISTED_EMPTY: usize = 12;

/// How many times a digit appears, in words: `twice`, `three times` ... `nine times`, then
/// `10 times`, as numbers are written in prose.
fn times(count: usize) -> String {
    const WORDS: [&str; 8] = [
        "twice", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    match count {
        2 => WORDS[0].to_string(),
        3..=9 => format!("{} times", WORDS[count - 2]),
        _ => format!("{count} times"),
    }
}

/// Names joined as a list is in prose: `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{check, violations, Cage, Operation, Options};

    #[test]
    fn a_digit_twice_on_a_diagonal_breaks_the_diagonal_rule_and_is_named_by_its_ends() {
        // A Latin square whose diagonals hold one digit each.
        let digits = vec![1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1];
        let grid = Grid::from_digits(4, digits.clone()).unwrap();
        let cages = (0..16)
            .map(|i| Cage::new(Operation::Given, u64::from(digits[i]), vec![Cell(i as u16)]))
            .collect();
        let plain = Puzzle::new(4, cages).unwrap();
        assert_eq!(check(&plain, &grid), Ok(()));
        let crossed = plain
            .with_options(Options {
                diagonals: true,
                ..Options::default()
            })
            .unwrap();
        let found = violations(&crossed, &grid);
        let words: Vec<String> = found.iter().map(|v| v.describe(&crossed, &grid)).collect();
        assert_eq!(
            words,
            [
                "the diagonal r1c1-r4c4 holds 1 four times: r1c1, r2c2, r3c3 and r4c4",
                "the diagonal r1c4-r4c1 holds 4 four times: r1c4, r2c3, r3c2 and r4c1",
            ]
        );
        assert_eq!(check(&crossed, &grid), Err(found[0].clone()));
        assert_eq!(crossed.to_string(), "4x4 KenKen with diagonals, 16 cages");
    }

    #[test]
    fn counts_and_lists_are_worded_as_prose() {
        assert_eq!(
            [2, 3, 4, 9, 10, 16].map(times),
            [
                "twice",
                "three times",
                "four times",
                "nine times",
                "10 times",
                "16 times"
            ]
        );
        let names =
            |list: &[&str]| and_list(&list.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&["a"]), "a");
        assert_eq!(names(&["a", "b"]), "a and b");
        assert_eq!(names(&["a", "b", "c", "d"]), "a, b, c and d");
    }
}
