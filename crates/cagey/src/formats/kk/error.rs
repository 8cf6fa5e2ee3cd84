//! The kk reader's error: where (line and column) and what is wrong, with the hints for
//! the commonest slips (cells counted from 1, the operator before the target) that the
//! messages carry.

use thiserror::Error;

use crate::model::{Cell, MAX_SIZE};

/// The largest cell index any puzzle can have: the last cell of the largest grid.
pub(super) const MAX_CELL: usize = MAX_SIZE * MAX_SIZE - 1;

/// A parse error: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", crate::formats::lines::position(*line, *column))]
pub struct KkError {
    /// The line, counted from 1; 0 when the error concerns the whole input.
    pub line: usize,
    /// The column in characters, counted from 1, where it helps.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: KkErrorKind,
}

/// What is wrong with a `.kk` text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KkErrorKind {
    /// There is no cage at all.
    #[error("no puzzle found: the input is empty or holds only comments")]
    Empty,
    /// More cage lines than the largest grid has cells.
    #[error("more than {} cages in one puzzle: no grid of at most {MAX_SIZE}x{MAX_SIZE} has so many", MAX_CELL + 1)]
    TooManyCages,
    /// One puzzle was expected and another one starts.
    #[error("a second puzzle starts here, where one puzzle was expected")]
    SeveralPuzzles,
    /// A web address of a site whose links no format reads (a kk line is what is left
    /// when nothing else reads a line, and an address is no cage line).
    #[error("{link:?} is a link to {host}, a site whose links cagey does not read; it reads links of {}, and forum killer strings (if this is a short link, open it and paste the address it leads to)", crate::formats::link_text::SITES_READ)]
    UnknownSite {
        /// The address, its first characters.
        link: String,
        /// Its host.
        host: String,
    },
    /// A line has no comma.
    #[error("expected a cage as LABEL,CELLS (e.g. `11+,1 2 5 6`), found no comma")]
    NoComma,
    /// A line has more than one comma.
    #[error("a cage line has exactly one comma, found a second one")]
    ExtraComma,
    /// Nothing before the comma.
    #[error("the cage has no label before the comma (expected e.g. `11+` or `3`)")]
    NoLabel,
    /// An operator without a target.
    #[error("cage label \"{label}\" has no target number before its operator")]
    NoTarget {
        /// The label as written.
        label: String,
    },
    /// An unknown character where the operator goes.
    #[error(
        "unknown operator '{found}' in label \"{label}\": expected one of + - * % (or − x × / ÷)"
    )]
    UnknownOperator {
        /// The character found.
        found: char,
        /// The label as written.
        label: String,
    },
    /// More than a target and one operator.
    #[error(
        "cage label \"{label}\" should be a number followed by at most one operator{}",
        operator_first_hint(label)
    )]
    BadLabel {
        /// The label as written.
        label: String,
    },
    /// A target too large for 64 bits.
    #[error("target {text} is too large: the largest is {}", u64::MAX)]
    TargetTooLarge {
        /// The target as written.
        text: String,
    },
    /// A target of zero.
    #[error("cage \"{label}\": the target must be positive, found 0")]
    ZeroTarget {
        /// The label as written.
        label: String,
    },
    /// A cell that is not a number.
    #[error("cell \"{text}\" is not a number: cells are row-major indices 0, 1, 2, ...")]
    BadCell {
        /// The cell as written.
        text: String,
    },
    /// A cell beyond the largest grid.
    #[error("cell {text} is out of range: the largest grid, {MAX_SIZE}x{MAX_SIZE}, has cells 0 to {MAX_CELL}")]
    CellOutOfRange {
        /// The cell as written.
        text: String,
    },
    /// A label with no cells after the comma.
    #[error("cage \"{label}\" lists no cells after the comma")]
    NoCells {
        /// The label as written.
        label: String,
    },
    /// A cell listed twice in one cage.
    #[error("cell {cell} ({}) is listed twice in this cage", cell_name(*cell, *size))]
    RepeatedCell {
        /// The repeated cell, as written.
        cell: usize,
        /// The grid side the cages imply, to name the cell `r1c1`.
        size: usize,
    },
    /// A cell in two cages.
    #[error(
        "cell {cell} ({}) is already in the cage on line {first_line}{}",
        cell_name(*cell, *size),
        if *run_together { "; is a blank line missing between two puzzles?" } else { "" }
    )]
    Overlap {
        /// The shared cell, as written.
        cell: usize,
        /// The line of the earlier cage.
        first_line: usize,
        /// The grid side the cages imply, to name the cell `r1c1`.
        size: usize,
        /// Whether this looks like two puzzles run together, the blank line between them
        /// missing (as `cat a.kk b.kk` gave when a file did not end with one): the cages
        /// before this line already make a whole grid, or, written in order of their first
        /// cells, this one starts again from a lower cell.
        run_together: bool,
    },
    /// Cells missing from the grid the highest cell implies.
    #[error(
        "the cages cover {covered} of the {total} cells of a {size}x{size} grid; in no cage: {}{}",
        list(missing),
        one_based_hint(*covered, missing)
    )]
    Missing {
        /// The grid side implied by the highest cell.
        size: usize,
        /// How many cells the cages cover.
        covered: usize,
        /// How many cells the grid has.
        total: usize,
        /// The cells in no cage.
        missing: Vec<usize>,
    },
    /// A cell past the square grid the other cages cover, all but as many cells as there
    /// are such strays: most likely a typo (`99` for `11`).
    #[error(
        "cell {cell} is outside the {size}x{size} grid the other cages describe (cells 0 to {}), in which {} in no cage",
        size * size - 1,
        if missing.len() == 1 { format!("{} is", missing[0]) } else { format!("{} are", list(missing)) }
    )]
    Stray {
        /// The stray cell, as written.
        cell: usize,
        /// The side of the grid the other cages cover.
        size: usize,
        /// The cells of that grid in no cage.
        missing: Vec<usize>,
    },
    /// Cells that are not 4-connected.
    #[error(
        "cage \"{label}\" cells {} are not connected (hint: a cage's cells share sides; cells count from 0, row by row from the top-left)",
        list(cells)
    )]
    NotConnected {
        /// The label as written.
        label: String,
        /// The cage's cells.
        cells: Vec<usize>,
    },
    /// The wrong number of cells for the operation.
    #[error("cage \"{label}\" has {cells} cells; {rule}")]
    Arity {
        /// The label as written.
        label: String,
        /// Its number of cells.
        cells: usize,
        /// The rule it breaks.
        rule: String,
    },
    /// A directive (`# boxes`, `# regions`, `# size`, `# killer`, `# multi-cell`, `# givens`) that
    /// cannot be read or does not fit the puzzle.
    #[error("{reason}")]
    Directive {
        /// What is wrong.
        reason: String,
    },
    /// A given that is not a digit of the grid.
    #[error("given \"{label}\" is not a digit of a {size}x{size} grid (1 to {size})")]
    GivenOutOfRange {
        /// The label as written.
        label: String,
        /// The grid side.
        size: usize,
    },
}

/// The hint for cells numbered from 1, the commonest slip in kk files: cell 0 missing and
/// the cages covering exactly 1 to k*k, a whole k x k grid shifted by one.
fn one_based_hint(covered: usize, missing: &[usize]) -> String {
    let side = covered.isqrt();
    let shifted = side > 0
        && side * side == covered
        && missing.first() == Some(&0)
        && missing[1..].iter().all(|&cell| cell > covered);
    if shifted {
        format!(
            " (hint: cells count from 0 in kk files (row-major: 0 is the top-left); these cages cover 1 to {covered}, a {side}x{side} grid numbered from 1)"
        )
    } else {
        String::new()
    }
}

/// The hint for a label written operator first (`+11`).
fn operator_first_hint(label: &str) -> String {
    let mut chars = label.chars();
    match chars.next() {
        Some(sign) if "+-*%x/×÷−".contains(sign) && chars.as_str().parse::<u64>().is_ok() => {
            format!(
                " (hint: the target comes first: `{}{sign}`)",
                chars.as_str()
            )
        }
        _ => String::new(),
    }
}

/// A cell as written in a kk file, named as people name it: `r1c1` for cell 0.
fn cell_name(cell: usize, size: usize) -> String {
    Cell(cell as u16).name(size)
}

/// At most this many cells are listed in a message; the rest are counted.
const LISTED_CELLS: usize = 12;

pub(super) fn list(cells: &[usize]) -> String {
    let mut words: Vec<String> = cells
        .iter()
        .take(LISTED_CELLS)
        .map(usize::to_string)
        .collect();
    if cells.len() > LISTED_CELLS {
        words.push(format!("and {} more", cells.len() - LISTED_CELLS));
    }
    words.join(" ")
}
