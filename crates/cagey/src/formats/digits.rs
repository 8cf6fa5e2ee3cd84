//! Grids of digits: the one notation every format and command shares for a filled or partly
//! filled grid, kept here so that there is one reader of it, not a copy per format.
//!
//! Two shapes are read:
//!
//! - [`parse_solution`], a grid on one line as the shared corpora write it in `# solution=`
//!   comments and Keen writes it after its `S`: one digit per cell up to 9x9
//!   (`2134341212434321`), or cells separated by commas or spaces for any size
//!   (`1,2,10,…`). `0` is an empty cell.
//! - [`parse_grid`], a grid as a person writes it for `cagey check`: n rows of n cells or all
//!   n*n cells on one line, `.`, `0` or `_` for an empty cell, `|` separators and box borders
//!   ignored, so that `cagey solve`'s own output reads back.
//!
//! Both return a [`DigitsError`] that names the line and column of what is wrong. (kk, Keen
//! and the CLI once each had their own reader, which disagreed on separators: the CLI's
//! `unique` took spaces where kk took only commas. The one reader takes both.)

use thiserror::Error;

use super::lines::excerpt;
use crate::model::{Cell, Grid, MAX_SIZE};

/// A grid of digits that cannot be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", place(*line, *column))]
pub struct DigitsError {
    /// The line, counted from 1; 0 when the error concerns the whole text.
    pub line: usize,
    /// The column in characters, counted from 1, where it helps.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: DigitsErrorKind,
}

/// What is wrong with a grid of digits.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DigitsErrorKind {
    /// The grid side is past the largest the model holds.
    #[error("a {size}x{size} grid is larger than the largest, {MAX_SIZE}x{MAX_SIZE}")]
    TooLarge {
        /// The side asked for.
        size: usize,
    },
    /// A one-line grid has the wrong number of cells.
    #[error("{found} cells, but a {size}x{size} grid has {}", size * size)]
    CellCount {
        /// The cells found.
        found: usize,
        /// The grid side.
        size: usize,
    },
    /// A cell of a one-line grid is not a digit of the grid.
    #[error("cell {cell} holds `{text}`, not a digit of a {size}x{size} grid (0 to {size})")]
    NotADigit {
        /// The cell, named `r3c4`.
        cell: String,
        /// What it holds.
        text: String,
        /// The grid side.
        size: usize,
    },
    /// A person's grid on one line has the wrong number of cells.
    #[error(
        "{found} cells on one line; a {size}x{size} grid has {} (or write it as {size} rows)",
        size * size
    )]
    OneLine {
        /// The cells found.
        found: usize,
        /// The grid side.
        size: usize,
    },
    /// A person's grid has the wrong number of rows.
    #[error(
        "{found} rows of digits, but the puzzle is {size}x{size}: give {size} rows of {size} cells"
    )]
    RowCount {
        /// The rows found.
        found: usize,
        /// The grid side.
        size: usize,
    },
    /// A row of a person's grid has the wrong number of cells.
    #[error("row {row} has {found} cells, expected {size}")]
    RowLength {
        /// The row, counted from 1.
        row: usize,
        /// The cells found.
        found: usize,
        /// The grid side.
        size: usize,
    },
    /// A cell of a person's grid is neither a digit of the grid nor empty.
    #[error(
        "{cell} holds `{text}`, not a digit of a {size}x{size} grid (1 to {size}, or . for an empty cell)"
    )]
    BadCell {
        /// The cell, named `r3c4`.
        cell: String,
        /// What it holds.
        text: String,
        /// The grid side.
        size: usize,
    },
}

/// `line 3, column 4: `, `line 3: `, `column 4: ` or nothing.
fn place(line: usize, column: Option<usize>) -> String {
    match (line, column) {
        (0, None) => String::new(),
        (0, Some(column)) => format!("column {column}: "),
        (line, None) => format!("line {line}: "),
        (line, Some(column)) => format!("line {line}, column {column}: "),
    }
}

fn error(line: usize, column: Option<usize>, kind: DigitsErrorKind) -> DigitsError {
    DigitsError { line, column, kind }
}

/// Reads a grid written on one line, as `# solution=` comments and Keen's `S` strings hold
/// it: one digit per cell (only up to 9x9), or cells separated by commas or spaces (any
/// size). `0` is an empty cell. Surrounding spaces are ignored.
///
/// ```
/// let grid = cagey::formats::digits::parse_solution(2, "1,2,2,1").unwrap();
/// assert_eq!(grid.digits(), &[1, 2, 2, 1]);
/// ```
pub fn parse_solution(size: usize, text: &str) -> Result<Grid, DigitsError> {
    if size > MAX_SIZE {
        return Err(error(0, None, DigitsErrorKind::TooLarge { size }));
    }
    let text = text.trim();
    let cells: Vec<&str> = if text.contains([',', ' ', '\t']) {
        text.split([',', ' ', '\t'])
            .filter(|cell| !cell.is_empty())
            .collect()
    } else {
        split_chars(text).collect()
    };
    if cells.len() != size * size {
        let kind = DigitsErrorKind::CellCount {
            found: cells.len(),
            size,
        };
        return Err(error(0, None, kind));
    }
    let mut digits = Vec::with_capacity(size * size);
    for (index, cell) in cells.iter().enumerate() {
        match digit(cell, size) {
            Some(digit) => digits.push(digit),
            None => {
                let kind = DigitsErrorKind::NotADigit {
                    cell: Cell(index as u16).name(size),
                    text: excerpt(cell),
                    size,
                };
                return Err(error(0, Some(column(text, cell)), kind));
            }
        }
    }
    Ok(Grid::from_digits(size, digits).expect("n*n digits of at most n, n at most MAX_SIZE"))
}

/// `text` as a digit from 0 to `size`: ASCII digits only (`str::parse` would take `+1`).
fn digit(text: &str, size: usize) -> Option<u8> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: usize = text.parse().ok()?;
    (value <= size).then_some(value as u8)
}

/// Reads rows of digits as a person writes them: n rows of n cells, or the n*n cells on one
/// line. Cells are digits (one character each up to 9x9, else separated by spaces or
/// commas); `.`, `0` and `_` are empty. `|` separators and lines of `-` and `+` (box
/// borders) are ignored, and so are `#` comments and lines with words (a verdict printed
/// after a grid).
///
/// ```
/// let grid = cagey::formats::digits::parse_grid(2, "12\n2.\n").unwrap();
/// assert_eq!(grid.digits(), &[1, 2, 2, 0]);
/// ```
pub fn parse_grid(size: usize, text: &str) -> Result<Grid, DigitsError> {
    let n = size;
    if n > MAX_SIZE {
        return Err(error(0, None, DigitsErrorKind::TooLarge { size }));
    }
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim();
            !line.is_empty()
                && !line.starts_with('#')
                && !line.chars().all(|c| "-+=| ".contains(c))
                && !line.chars().any(|c| c.is_alphabetic())
        })
        .map(|(number, line)| (number + 1, line))
        .collect();
    // One line of words of n characters each (`1243 4321 2134 3412`) is rows side by side.
    let rows: Vec<(usize, &str, Vec<&str>)> = match lines.as_slice() {
        [(number, line)]
            if n > 1
                && n <= 9
                && line.split_whitespace().count() > 1
                && line
                    .split_whitespace()
                    .all(|word| word.chars().count() == n) =>
        {
            line.split_whitespace()
                .map(|word| (*number, *line, cells_of(word, n)))
                .collect()
        }
        _ => lines
            .iter()
            .map(|&(number, line)| (number, line, cells_of(line, n)))
            .collect(),
    };
    // Each cell with its line, for the error that names it.
    let cells: Vec<(usize, &str, &str)> = if rows.len() == 1 && n > 1 {
        let (number, line, cells) = &rows[0];
        if cells.len() != n * n {
            let kind = DigitsErrorKind::OneLine {
                found: cells.len(),
                size,
            };
            return Err(error(*number, None, kind));
        }
        cells.iter().map(|&cell| (*number, *line, cell)).collect()
    } else {
        if rows.len() != n {
            let kind = DigitsErrorKind::RowCount {
                found: rows.len(),
                size,
            };
            return Err(error(0, None, kind));
        }
        let mut all = Vec::with_capacity(n * n);
        for (row, (number, line, cells)) in rows.iter().enumerate() {
            if cells.len() != n {
                let kind = DigitsErrorKind::RowLength {
                    row: row + 1,
                    found: cells.len(),
                    size,
                };
                return Err(error(*number, None, kind));
            }
            all.extend(cells.iter().map(|&cell| (*number, *line, cell)));
        }
        all
    };
    let mut digits = Vec::with_capacity(n * n);
    for (index, &(number, line, cell)) in cells.iter().enumerate() {
        let value = match cell {
            "." | "_" => Some(0),
            text => digit(text, n),
        };
        match value {
            Some(value) => digits.push(value),
            None => {
                let kind = DigitsErrorKind::BadCell {
                    cell: Cell(index as u16).name(n),
                    text: excerpt(cell),
                    size,
                };
                return Err(error(number, Some(column(line, cell)), kind));
            }
        }
    }
    Ok(Grid::from_digits(n, digits).expect("n*n digits of at most n, n at most MAX_SIZE"))
}

/// A line's cells: separated by spaces or commas when it has any, else one per character
/// (for grids up to 9x9). `|` separators are dropped. Each cell is a slice of `line`, so
/// that [`column`] can tell where it stands.
fn cells_of(line: &str, n: usize) -> Vec<&str> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == '|')
        .filter(|word| !word.is_empty())
        .collect();
    let single = words.len() == 1 || words.iter().all(|w| w.len() > 1);
    if n <= 9 && single {
        // Written side by side: each character is a cell.
        words.into_iter().flat_map(split_chars).collect()
    } else {
        words
    }
}

/// Each character of `text` as a slice of it.
fn split_chars(text: &str) -> impl Iterator<Item = &str> {
    text.char_indices()
        .map(move |(i, c)| &text[i..i + c.len_utf8()])
}

/// The column, in characters from 1, where `cell`, a slice of `line`, starts.
fn column(line: &str, cell: &str) -> usize {
    let offset = (cell.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
    line.get(..offset)
        .map_or(0, |before| before.chars().count())
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(digits: &[u8]) -> Grid {
        Grid::from_digits(4, digits.to_vec()).unwrap()
    }

    #[test]
    fn reads_corpus_solutions() {
        let grid = parse_solution(2, "1221").unwrap();
        assert_eq!(grid.digits(), &[1, 2, 2, 1]);
        assert_eq!(parse_solution(2, "1,2,2,1").unwrap(), grid);
        assert_eq!(parse_solution(2, " 1 2 2 1 ").unwrap(), grid);
        assert_eq!(parse_solution(2, "1, 2, 2, 1").unwrap(), grid);
        let ten = "1,2,3,4,5,6,7,8,9,10,".repeat(10);
        assert_eq!(parse_solution(10, &ten).unwrap().get(Cell(9)), 10);
    }

    #[test]
    fn names_what_is_wrong_with_a_solution() {
        assert_eq!(
            parse_solution(2, "123").unwrap_err().to_string(),
            "3 cells, but a 2x2 grid has 4"
        );
        assert_eq!(
            parse_solution(2, "1231").unwrap_err().to_string(),
            "column 3: cell r2c1 holds `3`, not a digit of a 2x2 grid (0 to 2)"
        );
        assert_eq!(
            parse_solution(2, "1,+2,2,1").unwrap_err().to_string(),
            "column 3: cell r1c2 holds `+2`, not a digit of a 2x2 grid (0 to 2)"
        );
        assert!(parse_solution(MAX_SIZE + 1, "1").is_err());
    }

    #[test]
    fn reads_rows_one_line_and_separators() {
        let kk0 = grid(&[1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2]);
        assert_eq!(parse_grid(4, "1243\n4321\n2134\n3412\n"), Ok(kk0.clone()));
        assert_eq!(
            parse_grid(4, "1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\nunique solution\n"),
            Ok(kk0.clone())
        );
        assert_eq!(parse_grid(4, "1243432121343412"), Ok(kk0.clone()));
        assert_eq!(
            parse_grid(4, "12|43\n43|21\n--+--\n21|34\n34|12\n"),
            Ok(kk0)
        );
        let partial = parse_grid(4, "1.._\n0000\n....\n...2").unwrap();
        assert_eq!(partial.digits().iter().filter(|&&d| d != 0).count(), 2);
        // Past 9x9, cells are separated.
        let ten = "1 2 3 4 5 6 7 8 9 10\n".repeat(10);
        assert_eq!(parse_grid(10, &ten).unwrap().get(Cell(9)), 10);
    }

    #[test]
    fn names_what_is_wrong_with_a_grid() {
        let message = |text: &str| parse_grid(4, text).unwrap_err().to_string();
        assert_eq!(
            message("1243\n4321\n2134\n"),
            "3 rows of digits, but the puzzle is 4x4: give 4 rows of 4 cells"
        );
        assert_eq!(
            message("1243\n4321\n21345\n3412\n"),
            "line 3: row 3 has 5 cells, expected 4"
        );
        assert_eq!(
            message("1243\n4321\n2194\n3412\n"),
            "line 3, column 3: r3c3 holds `9`, not a digit of a 4x4 grid \
             (1 to 4, or . for an empty cell)"
        );
        assert!(message("1243 4321 2194 3412").starts_with("line 1, column 13: r3c3 holds `9`"));
        assert!(message("12|43\n43|21\n21|94\n34|12").starts_with("line 3, column 4: r3c3"));
        assert_eq!(
            message("124343212134341"),
            "line 1: 15 cells on one line; a 4x4 grid has 16 (or write it as 4 rows)"
        );
    }
}
