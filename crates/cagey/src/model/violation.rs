//! What a grid breaks, as data and in words: [`Violation`], which the checker returns, and
//! [`Violation::describe`], the one wording of it that `cagey check`, the page and every
//! other message use.

use super::{CageId, Cell, Grid, Puzzle, Regions};

/// The first rule a grid breaks. Its fields count from 0, as the model does; put it in words
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
    /// A cell is empty.
    Empty(Cell),
    /// A digit appears twice in a row.
    RowRepeat {
        /// The row, from 0 at the top.
        row: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A digit appears twice in a column.
    ColumnRepeat {
        /// The column, from 0 at the left.
        col: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A digit appears twice in a box or jigsaw region.
    RegionRepeat {
        /// The region, numbered as [`Regions::region_of`](super::Regions::region_of) does.
        region: usize,
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
    /// The broken rule in words, for `puzzle` filled as `grid`: what `cagey check` prints and
    /// `/api/check` answers, worded in this one place. Cells are named `r3c4` and rows,
    /// columns, boxes and regions counted from 1, as people count them; cages by their label
    /// and first cell (`12+ at r3c4`); the cells holding a repeated digit are named.
    ///
    /// ```
    /// use cagey::{Grid, model::violations};
    ///
    /// let puzzle = cagey::formats::kk::parse("3+,0 1\n1-,2 3\n").unwrap();
    /// let grid = Grid::from_digits(2, vec![1, 2, 1, 0]).unwrap();
    /// let words: Vec<String> =
    ///     violations(&puzzle, &grid).iter().map(|v| v.describe(&puzzle, &grid)).collect();
    /// assert_eq!(words, ["column 1 holds 1 twice (r1c1 and r2c1)"]);
    /// ```
    pub fn describe(&self, puzzle: &Puzzle, grid: &Grid) -> String {
        let n = puzzle.size();
        // The cells of `cells` that hold `digit`, named and joined: `r3c1 and r3c5`.
        let holding = |cells: &mut dyn Iterator<Item = Cell>, digit: u8| -> String {
            let named: Vec<String> = cells
                .filter(|&cell| grid.get(cell) == digit)
                .map(|cell| cell.name(n))
                .collect();
            named.join(" and ")
        };
        match *self {
            Violation::WrongSize { expected, found } => {
                format!("the grid is {found}x{found}, the puzzle {expected}x{expected}")
            }
            Violation::Empty(cell) => format!("{} is empty", cell.name(n)),
            Violation::RowRepeat { row, digit } => format!(
                "row {} holds {digit} twice ({})",
                row + 1,
                holding(&mut (0..n).map(|col| Cell::at(row, col, n)), digit)
            ),
            Violation::ColumnRepeat { col, digit } => format!(
                "column {} holds {digit} twice ({})",
                col + 1,
                holding(&mut (0..n).map(|row| Cell::at(row, col, n)), digit)
            ),
            Violation::RegionRepeat { region, digit } => {
                let house = puzzle.regions().houses(n).swap_remove(region);
                let word = match puzzle.regions() {
                    Regions::Jigsaw(_) => "region",
                    Regions::Boxes { .. } | Regions::None => "box",
                };
                format!(
                    "{word} {} (from {}) holds {digit} twice ({})",
                    region + 1,
                    house[0].name(n),
                    holding(&mut house.iter().copied(), digit)
                )
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
