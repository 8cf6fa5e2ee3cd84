//! The kk format (`.kk`): one cage per line, `LABEL,CELLS`.
//!
//! ```text
//! # kk0, the essay's 4x4 example
//! 1,0
//! 11+,1 2 5 6
//! 4+,3 7
//! 8*,4 8 9
//! 1-,10 11
//! 7+,12 13
//! 2%,14 15
//! ```
//!
//! A label is a positive target optionally followed by an operator: `+`, `-`, `*` or `%`
//! (division); on input `−` and `–` also mean subtraction, `x`, `X` and `×` multiplication,
//! `/` and `÷` division. A label without an operator is a given and has one cell. Cells are
//! row-major indices from 0, separated by spaces; the grid side is the square root of the
//! number of cells. Lines end in LF or CRLF; blank lines and `#` comment lines may appear
//! anywhere.
//!
//! Variants are stated by directive comment lines anywhere in a puzzle's block:
//!
//! ```text
//! # boxes 2x3          boxes of 2 rows x 3 columns (`# boxes` alone: the size's usual boxes)
//! # regions 0001...    jigsaw regions, one base-36 digit per cell, row by row
//! # killer             the digits of a cage are all different (and every cage is a sum)
//! # size 9             the grid side, when the cages alone do not tell it
//! # multi-cell         - and % over any number of cells: the largest minus (divided by) the rest
//! # diagonals          the diagonal rule (Killer X): each long diagonal holds every digit once
//! # givens 14=3 20=1   digits fixed in cells, outside the cages
//! ```
//!
//! A killer puzzle may leave cells outside every cage; it must then state its grid side with
//! `# size N`, because the highest cell no longer tells it.
//! Other comments are kept as they are. The writer emits the directives first.
//!
//! A file may hold several puzzles separated by blank lines. A blank line ends a puzzle when
//! the next cage reuses a cell of the cages before it, as the first cage of every puzzle does
//! sooner or later; otherwise it is just a blank line inside a puzzle. (Ending a puzzle as
//! soon as its cages cover a square grid was tried and dropped: the top row of a 4x4, cells
//! 0 to 3, already covers a 2x2 grid.) Comment lines belong to the
//! puzzle they precede or stand in, and `# key=value` comments (as in the shared corpora) can
//! be read back with [`Entry::meta`](super::Entry::meta).
//!
//! The parser applies every check of the essay's `triplets` verb (characters, one comma per
//! line, label form, positive target, two cells for `-` and `%`, one cell for a given, a
//! square number of cells, every cell present once, connected cages) and accepts sizes up to
//! [`MAX_SIZE`](crate::model::MAX_SIZE). Every error names the line, and the column where it helps.
//!
//! The reader is in parts, from the bottom up: `error` ([`KkError`], what can be wrong),
//! `lex` (one cage line), `directives` (the `#` directives), `block` (one puzzle's lines),
//! `build` (the checks across cages) and `lines` (the splitter into puzzles). This file is
//! the public face: [`parse`], [`parse_all`], [`write()`] and their kin.

mod block;
mod build;
mod directives;
mod error;
mod lex;
mod lines;
#[cfg(test)]
mod tests;

pub use super::entry::Entry;
pub use error::{KkError, KkErrorKind};
pub(crate) use lines::Lines;

use crate::model::{Cell, Grid, Options, Puzzle, Regions};

/// Parses a text holding exactly one puzzle.
///
/// ```
/// let puzzle = cagey::formats::kk::parse("3+,0 1\n3+,2 3\n").unwrap();
/// assert_eq!(puzzle.size(), 2);
/// ```
pub fn parse(text: &str) -> Result<Puzzle, KkError> {
    let mut entries = parse_all(text).into_iter();
    match (entries.next(), entries.next()) {
        (None, _) => Err(KkError {
            line: 0,
            column: None,
            kind: KkErrorKind::Empty,
        }),
        (Some(first), None) => first.map(|entry| entry.puzzle),
        (Some(first), Some(second)) => {
            first?;
            let line = match second {
                Ok(entry) => entry.line,
                Err(error) => error.line,
            };
            Err(KkError {
                line,
                column: None,
                kind: KkErrorKind::SeveralPuzzles,
            })
        }
    }
}

/// Parses every puzzle of a text, in order. Each puzzle is parsed on its own, so one bad
/// puzzle does not hide the good ones after it; an input with no cage at all gives one
/// [`KkErrorKind::Empty`] error.
pub fn parse_all(text: &str) -> Vec<Result<Entry, KkError>> {
    super::lines::parse_lines::<Lines>(text, Options::default())
}

/// [`parse_all`], reading every puzzle as if its block began with the directives of
/// `options` (`# killer`, `# multi-cell`) besides its own: how a file written before a
/// directive existed is read under its rules.
///
/// ```
/// use cagey::formats::kk;
/// use cagey::model::Options;
///
/// // A three-cell subtraction with target 0: 3 - (1 + 2).
/// let text = "0-,0 1 2\n1,3\n2,4\n3,5\n3,6\n1,7\n2,8\n";
/// assert!(kk::parse_all(text)[0].is_err());
/// let multi_cell = Options { multi_cell: true, ..Options::default() };
/// let entry = kk::parse_all_with(text, multi_cell).remove(0).unwrap();
/// assert_eq!(kk::write(&entry.puzzle), format!("# multi-cell\n{text}"));
/// ```
pub fn parse_all_with(text: &str, options: Options) -> Vec<Result<Entry, KkError>> {
    super::lines::parse_lines::<Lines>(text, options)
}

/// [`parse_all_with`] with the line each puzzle starts on (0 for the error of an input that
/// holds no puzzle): what names a puzzle whose error concerns all of it (a cell in no cage)
/// rather than one line, as the corpus benchmark (`cargo xtask bench`) reports them.
pub fn parse_all_numbered(text: &str, options: Options) -> Vec<(usize, Result<Entry, KkError>)> {
    super::lines::parse_numbered_lines::<Lines>(text, options)
}

/// Writes a puzzle in the canonical form: cages by smallest cell, cells ascending, `%` for
/// division, LF line ends.
///
/// ```
/// use cagey::formats::kk;
/// let text = "4+,3 7\n1,0\n11+,1 2 5 6\n8x,9 8 4\n1-,10 11\n7+,12 13\n2/,14 15\n";
/// let canonical = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
/// assert_eq!(kk::write(&kk::parse(text).unwrap()), canonical);
/// ```
pub fn write(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    match puzzle.regions() {
        Regions::None => {}
        Regions::Boxes { rows, cols } => out.push_str(&format!("# boxes {rows}x{cols}\n")),
        Regions::Jigsaw(regions) => {
            let map: String = regions
                .iter()
                .map(|&r| char::from_digit(u32::from(r), 36).unwrap_or('?'))
                .collect();
            out.push_str(&format!("# regions {map}\n"));
        }
    }
    if puzzle.uncovered().next().is_some() {
        out.push_str(&format!("# size {}\n", puzzle.size()));
    }
    if puzzle.options().killer {
        out.push_str("# killer\n");
    }
    if puzzle.options().multi_cell {
        out.push_str("# multi-cell\n");
    }
    if puzzle.options().diagonals {
        out.push_str("# diagonals\n");
    }
    let givens: Vec<String> = puzzle
        .cells()
        .filter_map(|cell| puzzle.given(cell).map(|d| format!("{cell}={d}")))
        .collect();
    if !givens.is_empty() {
        out.push_str(&format!("# givens {}\n", givens.join(" ")));
    }
    for cage in puzzle.cages() {
        let cells: Vec<String> = cage.cells().iter().map(Cell::to_string).collect();
        out.push_str(&format!("{},{}\n", cage.label(), cells.join(" ")));
    }
    out
}

/// Parses a solution as the shared corpora write it in `# solution=`: one digit per cell for
/// grids up to 9x9 (`2134341212434321`), or digits separated by commas for any size. The
/// reader is [`digits::parse_solution`](super::digits::parse_solution), which also says what
/// is wrong.
pub fn parse_solution(size: usize, text: &str) -> Option<Grid> {
    super::digits::parse_solution(size, text).ok()
}
