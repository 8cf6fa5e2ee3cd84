//! The killer solving forums' long strings: `3x3:<d>:k:` and then 81 numbers, one a cell
//! in reading order, each `:`-terminated.
//!
//! A cell's number is `sum * 256 + cage`: the sum of its cage and a cage number that tells
//! cages of equal sums apart; 0 is a cell outside every cage. `<d>` is `d` for a diagonal
//! Killer (Killer X: [`Options::diagonals`]) and empty otherwise.
//!
//! ```text
//!   3x3::k:1537:1537:1537:3842:…     1537 = 6 * 256 + 1: cage 1, sum 6
//! ```

use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::lines::excerpt;
use super::short_killer::plain_killer;
use super::write_error::WriteError;
use crate::model::{Cage, Cell, Operation, Options, Puzzle, PuzzleError, Regions};

const SIZE: usize = 9;

/// What is wrong with a long killer string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LongKillerError {
    /// No string at all.
    #[error("no long killer string found")]
    Empty,
    /// Not `3x3:…:k:`.
    #[error(
        "the string must start 3x3::k: (a 9x9 Killer) or 3x3:d:k: (a Killer X), not {start:?}"
    )]
    Header {
        /// The start as written.
        start: String,
    },
    /// Not 81 numbers.
    #[error("the string has {found} numbers after 3x3:<d>:k:; it needs 81, one a cell")]
    Count {
        /// Numbers found.
        found: usize,
    },
    /// A field that is not a number.
    #[error("cell {cell} (r{row}c{col}): {found:?} is not a number")]
    BadNumber {
        /// Cell from 1.
        cell: usize,
        /// Row from 1.
        row: usize,
        /// Column from 1.
        col: usize,
        /// The field.
        found: String,
    },
    /// Two cells of one cage with different sums.
    #[error("cage {cage} has sum {first} at r{row}c{col} and {second} elsewhere")]
    TwoSums {
        /// The cage number.
        cage: u64,
        /// One sum.
        first: u64,
        /// The other.
        second: u64,
        /// Row of the first cell, from 1.
        row: usize,
        /// Column, from 1.
        col: usize,
    },
    /// The cages do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

/// Whether `line` looks like a long killer string.
pub fn looks_like(line: &str) -> bool {
    let mut parts = line.trim().split(':');
    parts.next() == Some("3x3") && parts.nth(1) == Some("k")
}

/// The format as the line-by-line readers see it: one string per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = LongKillerError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, LongKillerError> {
        parse_with(line, options)
    }

    fn empty() -> LongKillerError {
        LongKillerError::Empty
    }
}

/// Parses one long killer string.
pub fn parse(text: &str) -> Result<Entry, LongKillerError> {
    parse_with(text, Options::default())
}

fn parse_with(text: &str, options: Options) -> Result<Entry, LongKillerError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(LongKillerError::Empty);
    }
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() < 3 || parts[0] != "3x3" || parts[2] != "k" {
        return Err(LongKillerError::Header {
            start: excerpt(&parts.iter().take(3).copied().collect::<Vec<_>>().join(":")),
        });
    }
    let diagonals = match parts[1] {
        "" => false,
        "d" => true,
        other => {
            return Err(LongKillerError::Header {
                start: excerpt(&format!("3x3:{other}:k")),
            })
        }
    };
    let mut numbers: Vec<&str> = parts[3..].to_vec();
    if numbers.last() == Some(&"") {
        numbers.pop();
    }
    if numbers.len() != SIZE * SIZE {
        return Err(LongKillerError::Count {
            found: numbers.len(),
        });
    }
    // Cages by number, in order of first appearance: (number, sum, cells).
    let mut cages: Vec<(u64, u64, Vec<Cell>)> = Vec::new();
    for (i, field) in numbers.iter().enumerate() {
        let value: u64 = field
            .trim()
            .parse()
            .map_err(|_| LongKillerError::BadNumber {
                cell: i + 1,
                row: i / SIZE + 1,
                col: i % SIZE + 1,
                found: excerpt(field),
            })?;
        let (sum, id) = (value / 256, value % 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|(number, _, _)| *number == id) {
            Some((_, first, cells)) if *first != sum => {
                let row = cells[0].row(SIZE) + 1;
                let col = cells[0].col(SIZE) + 1;
                return Err(LongKillerError::TwoSums {
                    cage: id,
                    first: *first,
                    second: sum,
                    row,
                    col,
                });
            }
            Some((_, _, cells)) => cells.push(Cell(i as u16)),
            None => cages.push((id, sum, vec![Cell(i as u16)])),
        }
    }
    let cages = cages
        .into_iter()
        .map(|(_, sum, cells)| Cage::clued(Operation::Add, sum, cells))
        .collect();
    let puzzle = Puzzle::builder(SIZE)
        .corners_allowed(true)
        .cages(cages)
        .regions(Regions::Boxes { rows: 3, cols: 3 })
        .options(options.union(Options {
            killer: true,
            diagonals,
            ..Options::default()
        }))
        .build()
        .map_err(LongKillerError::Puzzle)?;
    Ok(Entry::new(puzzle))
}

/// Writes a long killer string; cages are numbered from 1 in order of their first cell.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    plain_killer(puzzle, Format::LongKiller)?;
    let mut out = String::from(match puzzle.options().diagonals {
        true => "3x3:d:k:",
        false => "3x3::k:",
    });
    for cell in puzzle.cells() {
        let id = puzzle.cage_of(cell).map_or(0, |id| id.index() as u64 + 1);
        let sum = puzzle
            .cage_of(cell)
            .map_or(0, |id| puzzle.cage(id).target());
        out.push_str(&format!("{}:", sum * 256 + id % 256));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_strings_read_back() {
        let short =
            "6<<F<<O<<F<<O<<6<<O<<6<<F<<6<<F<<O<<F<<O<<6<<O<<6<<F<<6<<F<<O<<F<<O<<6<<O<<6<<F<<";
        let puzzle = super::super::short_killer::parse(short).unwrap().puzzle;
        let long = write(&puzzle).unwrap();
        assert!(long.starts_with("3x3::k:1537:1537:1537:3842:"));
        assert_eq!(parse(&long).unwrap().puzzle, puzzle);
    }

    /// Issue #45: `3x3:d:k:` is a Killer X, read with the diagonal rule and written back.
    #[test]
    fn a_d_in_the_header_is_the_diagonal_rule() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = super::super::kk::parse(text).unwrap();
        let long = write(&puzzle).unwrap();
        assert!(long.starts_with("3x3:d:k:"), "{long}");
        let read = parse(&long).unwrap().puzzle;
        assert!(read.options().diagonals);
        assert_eq!(read, puzzle);
        let plain = parse(&long.replacen(":d:", "::", 1)).unwrap().puzzle;
        assert!(!plain.options().diagonals);
        assert!(write(&plain).unwrap().starts_with("3x3::k:"));
    }

    #[test]
    fn bad_strings_say_what() {
        assert_eq!(
            parse("3x3:q:k:1:").unwrap_err().to_string(),
            "the string must start 3x3::k: (a 9x9 Killer) or 3x3:d:k: (a Killer X), not \"3x3:q:k\""
        );
        assert_eq!(
            parse("3x3::k:1:2:").unwrap_err(),
            LongKillerError::Count { found: 2 }
        );
        let mut fields = vec!["1537"; 81];
        fields[10] = "x";
        let text = format!("3x3::k:{}:", fields.join(":"));
        assert!(parse(&text)
            .unwrap_err()
            .to_string()
            .starts_with("cell 11 (r2c2)"));
    }
}
