//! A grid answer read out of a reply written for a person: a model's or a player's answer
//! in prose, a markdown table, a code block, a list of lists or bare digits. Where
//! [`digits::parse_grid`](super::digits::parse_grid) reads a grid that is the whole text and
//! names what is wrong in it, [`parse_answer`] looks for the grid among other words, and
//! takes the last one: a reply often restates the puzzle or a draft before its answer.
//!
//! A line is a row when, once a label before its last `:` (`Row 1:`) and a leading `r1` or
//! `row 1` are dropped, it holds nothing but cells and separators (spaces, `|`, `,`, `;`,
//! brackets, quotes, `*` and `` ` ``). A cell is a number from 1 to the size, `0`, `.` or
//! `_` for an empty cell, and, above 9x9, a letter: `A` (or `a`) for 10, `B` for 11 and
//! so on, as 16x16 grids are often written. Up to 9x9, digits may be written side by side
//! (`1243`). A line of separators alone (a markdown table's `|---|---|`, a code fence) is
//! passed over; any other line ends a grid.
//!
//! ```text
//!   The answer is:            prose: ends any grid above it
//!   | 1 | 2 | 4 | 3 |         a row of 4 cells
//!   |---|---|---|---|         separators only: passed over
//!   Row 2: 4 3 2 1            a row after its label
//!   [2, 1, 3, 4],             a row
//!   3412                      a row, side by side
//! ```

use thiserror::Error;

use crate::model::{Grid, MAX_SIZE};

/// A reply in which no grid of the size asked for is found.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplyError {
    /// The size is past the largest the model holds.
    #[error("a {size}x{size} grid is larger than the largest, {MAX_SIZE}x{MAX_SIZE}")]
    TooLarge {
        /// The side asked for.
        size: usize,
    },
    /// No run of rows makes a grid of the size.
    #[error(
        "no {size}x{size} grid in the answer: write {size} rows of {size} cells (1 to {size}, \
         . or 0 for an empty cell){}",
        nearest(.longest, .size)
    )]
    NoGrid {
        /// The side asked for.
        size: usize,
        /// The most rows of `size` cells found together, and the line of the first, counted
        /// from 1 (none when no line is such a row).
        longest: Option<(usize, usize)>,
    },
}

/// `; the most rows found together are 3, from line 2`, or nothing.
fn nearest(longest: &Option<(usize, usize)>, size: &usize) -> String {
    match *longest {
        Some((rows, line)) if rows > 0 => {
            let rows = match rows {
                1 => "1 row".to_string(),
                n => format!("{n} rows"),
            };
            format!("; found {rows} of {size} cells together, from line {line}")
        }
        _ => String::new(),
    }
}

/// The grid answer of side `size` in `text`: the last grid of `size` rows of `size` cells
/// (the last `size` rows of a longer run of them), or the last line holding all `size *
/// size` cells. See the module's documentation for what is a row and a cell.
///
/// ```
/// use cagey::formats::reply::parse_answer;
///
/// let reply = "Filling in the cages, I get:\n\n| 1 | 2 |\n|---|---|\n| 2 | 1 |\n\nDone.";
/// assert_eq!(parse_answer(2, reply).unwrap().digits(), &[1, 2, 2, 1]);
/// assert_eq!(parse_answer(2, "The grid is [[1, 2], [2, 1]].").unwrap().digits(), &[1, 2, 2, 1]);
/// ```
pub fn parse_answer(size: usize, text: &str) -> Result<Grid, ReplyError> {
    if size > MAX_SIZE {
        return Err(ReplyError::TooLarge { size });
    }
    if size == 0 {
        return Err(ReplyError::NoGrid {
            size,
            longest: None,
        });
    }
    // A list of lists on one line is rows: each `]` ends one.
    let text = text.replace(']', "]\n");
    let mut found: Option<Vec<u8>> = None;
    // The rows of `size` cells seen together, with the line of the first.
    let mut run: Vec<Vec<u8>> = Vec::new();
    let mut run_line = 0;
    let mut longest: Option<(usize, usize)> = None;
    for (number, line) in text.lines().enumerate() {
        match row(line, size) {
            Line::Blank => continue,
            Line::Cells(cells) if cells.len() == size => {
                if run.is_empty() {
                    run_line = number + 1;
                }
                run.push(cells);
                if longest.is_none_or(|(rows, _)| run.len() > rows) {
                    longest = Some((run.len(), run_line));
                }
                if run.len() >= size {
                    found = Some(run[run.len() - size..].concat());
                }
                continue;
            }
            Line::Cells(cells) if size > 1 && cells.len() == size * size => found = Some(cells),
            Line::Cells(_) | Line::Other => {}
        }
        run.clear();
    }
    let digits = found.ok_or(ReplyError::NoGrid { size, longest })?;
    Ok(Grid::from_digits(size, digits).expect("size*size digits of at most size"))
}

/// What a line of a reply is.
enum Line {
    /// Nothing but separators: a blank line, a table's rule, a code fence.
    Blank,
    /// Cells and separators: a row, or a whole grid on one line.
    Cells(Vec<u8>),
    /// Anything else: prose.
    Other,
}

/// Characters that separate cells and are otherwise passed over.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || "|,;[](){}\"'`*-+=~:".contains(c)
}

/// Reads `line` as a row of a grid of side `size`.
fn row(line: &str, size: usize) -> Line {
    // `Row 1: 1 2 3 4`, `the grid is [[1, 2]`: the words before the last colon or bracket.
    let line = line
        .rsplit_once([':', '['])
        .map_or(line, |(_, after)| after);
    if line.chars().all(is_separator) {
        return Line::Blank;
    }
    let mut words: Vec<&str> = line.split(is_separator).filter(|w| !w.is_empty()).collect();
    // `r1 | 1 | 2 |` or `row 1 ...`: a leading label.
    let lower = |word: &str| word.to_ascii_lowercase();
    match words.as_slice() {
        [first, ..] if is_row_label(&lower(first)) => {
            words.remove(0);
        }
        [first, number, ..]
            if lower(first) == "row" && number.bytes().all(|b| b.is_ascii_digit()) =>
        {
            words.drain(..2);
        }
        _ => {}
    }
    let mut cells = Vec::new();
    for word in words {
        if let Some(cell) = cell(word, size) {
            cells.push(cell);
        } else if size <= 9 && word.chars().count() > 1 {
            // Side by side: every character a cell.
            for c in word.chars() {
                match cell(c.encode_utf8(&mut [0; 4]), size) {
                    Some(cell) => cells.push(cell),
                    None => return Line::Other,
                }
            }
        } else {
            return Line::Other;
        }
    }
    Line::Cells(cells)
}

/// `r1`, `r12`: a row's label.
fn is_row_label(word: &str) -> bool {
    word.strip_prefix('r')
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
}

/// One cell of a grid of side `size`: a number from 0 to `size` (0 empty), `.` or `_`
/// (empty), or above 9x9 a letter from `A` for 10.
fn cell(word: &str, size: usize) -> Option<u8> {
    match word {
        "." | "_" => return Some(0),
        _ => {}
    }
    if word.bytes().all(|b| b.is_ascii_digit()) {
        // Leading zeros are not a cell (`01` is not one): one digit, or a number.
        if word.len() > 1 && word.starts_with('0') {
            return None;
        }
        let value: usize = word.parse().ok()?;
        return (value <= size).then_some(value as u8);
    }
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) if size > 9 && letter.is_ascii_alphabetic() => {
            let value = 10 + usize::from(letter.to_ascii_uppercase() as u8 - b'A');
            (value <= size).then_some(value as u8)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KK0: [u8; 16] = [1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2];

    fn read(text: &str) -> Vec<u8> {
        match parse_answer(4, text) {
            Ok(grid) => grid.digits().to_vec(),
            Err(error) => panic!("{error}\n{text}"),
        }
    }

    #[test]
    fn reads_bare_digits_rows_and_one_line() {
        assert_eq!(read("1243\n4321\n2134\n3412\n"), KK0);
        assert_eq!(read("1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2"), KK0);
        assert_eq!(read("1,2,4,3\n4,3,2,1\n2,1,3,4\n3,4,1,2"), KK0);
        assert_eq!(read("1243432121343412"), KK0);
        assert_eq!(read("1 2 4 3 4 3 2 1 2 1 3 4 3 4 1 2"), KK0);
    }

    #[test]
    fn reads_prose_tables_code_and_lists() {
        let prose = "Let me work through the cages.\nThe 11+ cage must be 2, 4, 3, 2.\n\n\
                     Final answer:\nRow 1: 1 2 4 3\nRow 2: 4 3 2 1\nRow 3: 2 1 3 4\nRow 4: 3 4 1 2\n\
                     I checked every cage.";
        assert_eq!(read(prose), KK0);
        let table = "| | c1 | c2 | c3 | c4 |\n|---|---|---|---|---|\n| r1 | 1 | 2 | 4 | 3 |\n\
                     | r2 | 4 | 3 | 2 | 1 |\n| r3 | 2 | 1 | 3 | 4 |\n| r4 | 3 | 4 | 1 | 2 |\n";
        assert_eq!(read(table), KK0);
        let plain_table = "| 1 | 2 | 4 | 3 |\n|---|---|---|---|\n| 4 | 3 | 2 | 1 |\n\
                           | 2 | 1 | 3 | 4 |\n| 3 | 4 | 1 | 2 |";
        assert_eq!(read(plain_table), KK0);
        let code = "Solution:\n```\n1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\n```";
        assert_eq!(read(code), KK0);
        assert_eq!(
            read("**Answer:** [[1,2,4,3],[4,3,2,1],[2,1,3,4],[3,4,1,2]]"),
            KK0
        );
        assert_eq!(
            read("[\n  [1, 2, 4, 3],\n  [4, 3, 2, 1],\n  [2, 1, 3, 4],\n  [3, 4, 1, 2]\n]"),
            KK0
        );
    }

    #[test]
    fn the_last_grid_is_the_answer() {
        let draft = "First try:\n1234\n4321\n2134\n3412\nThat breaks row 1. Fixed:\n\
                     1243\n4321\n2134\n3412\n";
        assert_eq!(read(draft), KK0);
        // A header of column numbers above the rows: the last four rows are the grid.
        assert_eq!(read("1 2 3 4\n1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2"), KK0);
    }

    #[test]
    fn reads_empty_cells_and_letters_above_nine() {
        assert_eq!(read("1.4_\n0000\n....\n...2")[..4], [1, 0, 4, 0]);
        let mut rows: Vec<String> = Vec::new();
        for r in 0..16 {
            let row: Vec<String> = (0..16)
                .map(|c| match (r + c) % 16 + 1 {
                    d @ 10.. if r % 2 == 0 => char::from(b'A' + d as u8 - 10).to_string(),
                    d => d.to_string(),
                })
                .collect();
            rows.push(row.join(" "));
        }
        let grid = parse_answer(16, &rows.join("\n")).unwrap();
        assert_eq!(grid.rows().next().unwrap()[9..12], [10, 11, 12]);
        assert_eq!(grid.rows().nth(1).unwrap()[8..11], [10, 11, 12]);
    }

    #[test]
    fn says_what_it_found_when_no_grid_is_there() {
        assert_eq!(
            parse_answer(4, "I could not solve it.")
                .unwrap_err()
                .to_string(),
            "no 4x4 grid in the answer: write 4 rows of 4 cells (1 to 4, . or 0 for an \
             empty cell)"
        );
        assert_eq!(
            parse_answer(
                4,
                "Answer:\n1243\n4321\n2134\nand the last row I am not sure of."
            )
            .unwrap_err()
            .to_string(),
            "no 4x4 grid in the answer: write 4 rows of 4 cells (1 to 4, . or 0 for an \
             empty cell); found 3 rows of 4 cells together, from line 2"
        );
        // A digit past the size is no cell.
        assert!(parse_answer(4, "1245\n4321\n2134\n3412").is_err());
        assert!(parse_answer(MAX_SIZE + 1, "1").is_err());
    }
}
