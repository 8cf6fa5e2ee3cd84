//! The J essay's format (`.kk`): one cage per line, `LABEL,CELLS`.
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
//! [`MAX_SIZE`]. Every error names the line, and the column where it helps.

use thiserror::Error;

pub use super::Entry;
use crate::model::{Cage, Cell, Grid, Operation, Options, Puzzle, PuzzleError, Regions, MAX_SIZE};

/// The largest cell index any puzzle can have: the last cell of the largest grid.
const MAX_CELL: usize = MAX_SIZE * MAX_SIZE - 1;

/// A parse error: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", super::position(*line, *column))]
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
    /// One puzzle was expected and another one starts.
    #[error("a second puzzle starts here, where one puzzle was expected")]
    SeveralPuzzles,
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

fn list(cells: &[usize]) -> String {
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
    super::parse_lines::<Lines>(text, Options::default())
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
    super::parse_lines::<Lines>(text, options)
}

/// [`parse_all_with`] with the line each puzzle starts on (0 for the error of an input that
/// holds no puzzle): what names a puzzle whose error concerns all of it (a cell in no cage)
/// rather than one line, as the corpus benchmark (`cargo xtask bench`) reports them.
pub fn parse_all_numbered(text: &str, options: Options) -> Vec<(usize, Result<Entry, KkError>)> {
    super::parse_numbered_lines::<Lines>(text, options)
}

/// The line-by-line reader behind [`parse_all`] and the streaming
/// [`Reader`](super::Reader): it holds one puzzle at a time, so a file of any length reads
/// in constant memory.
///
/// Each result comes with the line its puzzle starts on (0 for the error of an input with
/// no cage at all), which names the puzzle even when its error concerns all of it.
#[derive(Default)]
pub(crate) struct Lines {
    block: Block,
    /// The cells of the cage line being read, before it is known which block it joins.
    cells: Vec<usize>,
    after_blank: bool,
    /// Comments after a blank line wait here until we know which puzzle they belong to.
    pending_comments: Vec<(usize, String)>,
    /// Whether a puzzle (or its error) came out already: an input without one is an error.
    produced: bool,
    /// The options every puzzle is read under, as if its block began with their directives.
    options: Options,
}

impl super::LineParser for Lines {
    type Error = KkError;

    fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Reads line `line_number` (its text without the `\n`); returns the puzzle it ends,
    /// if it ends one.
    fn push(&mut self, line_number: usize, raw: &str) -> Option<(usize, Result<Entry, KkError>)> {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.after_blank = true;
            return None;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            let comment = (line_number, comment.trim().to_string());
            if self.after_blank || self.block.is_empty() {
                self.pending_comments.push(comment);
            } else {
                self.block.comments.push(comment);
            }
            return None;
        }
        let cage = match parse_plain_line(line, line_number, &mut self.cells) {
            Some(cage) => Ok(cage),
            None => parse_line(line, line_number, &mut self.cells),
        };
        let starts_new = match &cage {
            Ok(_) => self.after_blank && !self.block.is_empty() && self.block.overlaps(&self.cells),
            // A bad line after a blank line ends a complete puzzle: it cannot belong to it.
            Err(_) => self.after_blank && self.block.is_complete(),
        };
        let finished = starts_new.then(|| self.take_block());
        let block = &mut self.block;
        block.comments.append(&mut self.pending_comments);
        block.start.get_or_insert(line_number);
        self.after_blank = false;
        match cage {
            Ok(cage) => block.push(cage, &self.cells),
            Err(error) => {
                block.error.get_or_insert(error);
            }
        };
        // A block with an error still collects its cages so that the next blank line can tell
        // where the following puzzle begins.
        finished
    }

    /// Ends the input: the last puzzle, or the error of an input that held none.
    fn finish(mut self) -> Option<(usize, Result<Entry, KkError>)> {
        if !self.block.is_empty() {
            return Some(self.take_block());
        }
        (!self.produced).then(|| {
            let error = KkError {
                line: 0,
                column: None,
                kind: KkErrorKind::Empty,
            };
            (0, Err(error))
        })
    }
}

impl Lines {
    fn take_block(&mut self) -> (usize, Result<Entry, KkError>) {
        self.produced = true;
        let start = self.block.start.unwrap_or(0);
        let result = self.block.finish(self.options);
        self.block.clear();
        (start, result)
    }
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

/// One cage line, parsed but not yet checked against the others; its cells are left in
/// the reader's scratch vector.
#[derive(Clone, Debug)]
struct CageLine<'a> {
    line: usize,
    label: &'a str,
    operation: Operation,
    target: u64,
}

/// A cage line kept in its block: its label and cells are ranges of the block's `labels`
/// and `cells`, which all its cages share, rather than a string and a vector each (see
/// [`Block::push`]).
#[derive(Clone, Debug)]
struct ParsedCage {
    line: usize,
    label: std::ops::Range<usize>,
    operation: Operation,
    target: u64,
    /// The cells, in the order written.
    cells: std::ops::Range<usize>,
}

/// The lines of one puzzle, gathered until a puzzle boundary.
#[derive(Default)]
struct Block {
    /// The line of its first cage line, good or bad.
    start: Option<usize>,
    cages: Vec<ParsedCage>,
    /// The labels of the cages, one after the other.
    labels: String,
    /// The cells of the cages, one after the other, in the order written.
    cells: Vec<usize>,
    /// Comment lines with their line numbers; directives are picked out of them at the end.
    comments: Vec<(usize, String)>,
    error: Option<KkError>,
}

impl Block {
    fn is_empty(&self) -> bool {
        self.cages.is_empty() && self.error.is_none()
    }

    /// Adds a cage line whose cells are `cells`. Kept in the block's shared string and
    /// vector, a cage costs no allocation of its own. Reading Keen's 2,252 puzzles (callgrind
    /// over the reading in `cagey bench`) took 182.8 million instructions with a string and
    /// a vector per cage, and two more vectors per cage to check it is connected; 153.0
    /// million without them; 126.1 million with the block's vectors kept from one puzzle to
    /// the next ([`Block::clear`]) and commas found byte by byte.
    fn push(&mut self, cage: CageLine, cells: &[usize]) {
        let label = self.labels.len()..self.labels.len() + cage.label.len();
        self.labels.push_str(cage.label);
        let at = self.cells.len()..self.cells.len() + cells.len();
        self.cells.extend_from_slice(cells);
        self.cages.push(ParsedCage {
            line: cage.line,
            label,
            operation: cage.operation,
            target: cage.target,
            cells: at,
        });
    }

    /// The cells of `cage`, one of this block's, in the order written.
    fn cells_of(&self, cage: &ParsedCage) -> &[usize] {
        &self.cells[cage.cells.clone()]
    }

    /// Whether the cages cover exactly the cells of a square grid, each once.
    fn is_complete(&self) -> bool {
        let count = self.cells.len();
        let size = count.isqrt();
        if size * size != count || count == 0 {
            return false;
        }
        let mut seen = vec![false; count];
        self.cells
            .iter()
            .all(|&cell| cell < count && !std::mem::replace(&mut seen[cell], true))
    }

    /// Whether any of `cells` is in a cage of the block already.
    fn overlaps(&self, cells: &[usize]) -> bool {
        self.cells.iter().any(|cell| cells.contains(cell))
    }

    /// Empties the block for the next puzzle, keeping its vectors' room.
    fn clear(&mut self) {
        self.start = None;
        self.cages.clear();
        self.labels.clear();
        self.cells.clear();
        self.comments.clear();
        self.error = None;
    }

    /// The puzzle of the block, read under `options` besides its directives; the block is
    /// left to be cleared.
    fn finish(&mut self, options: Options) -> Result<Entry, KkError> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        let line = self.cages[0].line;
        let mut rules = Rules {
            options,
            ..Rules::default()
        };
        let mut comments = Vec::new();
        for (line, comment) in self.comments.drain(..) {
            match directive(&comment) {
                Some(Ok(directive)) => rules.apply(directive, line),
                Some(Err(reason)) => {
                    return Err(KkError {
                        line,
                        column: None,
                        kind: KkErrorKind::Directive { reason },
                    })
                }
                None => comments.push(comment),
            }
        }
        let puzzle = build(self, &rules)?;
        Ok(Entry {
            puzzle,
            line,
            comments,
            progress: None,
        })
    }
}

/// Whether cage `index` of `block`, which reuses a cell of the cages before it, looks like
/// the first cage of a second puzzle run into the first without the blank line between
/// them: the cages before it cover a whole square grid, each cell once (a complete plain
/// puzzle), or they are two or more written from cell 0 in order of their smallest cells, as
/// every writer writes them, and this cage holds cell 0 again (a puzzle starting again at
/// the top; this catches a killer puzzle that leaves cells out, too).
fn runs_together(block: &Block, index: usize) -> bool {
    let before = &block.cages[..index];
    let count: usize = before.iter().map(|cage| cage.cells.len()).sum();
    let side = count.isqrt();
    // The cages before do not overlap (this is the first reused cell), so covering k*k
    // cells all below k*k is covering the k x k grid.
    let complete = count > 0
        && side * side == count
        && before
            .iter()
            .all(|cage| block.cells_of(cage).iter().all(|&cell| cell < count));
    let smallest = |cage: &ParsedCage| block.cells_of(cage).iter().copied().min();
    let firsts: Vec<Option<usize>> = before.iter().map(smallest).collect();
    let restarts = firsts.len() >= 2
        && firsts[0] == Some(0)
        && firsts.windows(2).all(|pair| pair[0] < pair[1])
        && smallest(&block.cages[index]) == Some(0);
    complete || restarts
}

/// Checks the cages of `block` against each other and builds the puzzle.
fn build(block: &Block, rules: &Rules) -> Result<Puzzle, KkError> {
    let cages = &block.cages;
    let at = |line: usize, kind: KkErrorKind| KkError {
        line,
        column: None,
        kind,
    };
    let highest = block.cells.iter().copied().max().unwrap_or(0);
    let mut size = (highest + 1).isqrt();
    if size * size <= highest {
        size += 1;
    }
    if let Some((line, stated)) = rules.size {
        if !(1..=MAX_SIZE).contains(&stated) {
            let reason =
                format!("a grid of side {stated} is not supported: sizes run from 1 to {MAX_SIZE}");
            return Err(at(line, KkErrorKind::Directive { reason }));
        }
        if stated < size {
            let reason = format!(
                "the grid is {stated}x{stated} here, but a cage names cell {highest} (cells run from 0 to {})",
                stated * stated - 1
            );
            return Err(at(line, KkErrorKind::Directive { reason }));
        }
        size = stated;
    }
    let total = size * size;
    let mut owner: Vec<Option<usize>> = vec![None; total];
    for (index, cage) in cages.iter().enumerate() {
        for &cell in block.cells_of(cage) {
            match owner[cell] {
                Some(first_line) if first_line == cage.line => {
                    return Err(at(cage.line, KkErrorKind::RepeatedCell { cell, size }))
                }
                Some(first_line) => {
                    let run_together = runs_together(block, index);
                    return Err(at(
                        cage.line,
                        KkErrorKind::Overlap {
                            cell,
                            first_line,
                            size,
                            run_together,
                        },
                    ));
                }
                None => owner[cell] = Some(cage.line),
            }
        }
    }
    let missing: Vec<usize> = (0..total).filter(|&c| owner[c].is_none()).collect();
    if !missing.is_empty() {
        match (rules.options.killer, rules.size) {
            // A killer puzzle may leave cells out, but only once its size is stated: guessing
            // it from the highest cell would silently shrink a grid whose last cells are
            // uncovered.
            (true, Some(_)) => {}
            (true, None) => {
                let reason = format!(
                    "the cages leave {} of the {total} cells out ({}); a killer puzzle may, once it states its grid side with `# size N`",
                    missing.len(),
                    list(&missing)
                );
                return Err(at(0, KkErrorKind::Directive { reason }));
            }
            (false, _) => {
                return Err(at(
                    0,
                    KkErrorKind::Missing {
                        size,
                        covered: total - missing.len(),
                        total,
                        missing,
                    },
                ))
            }
        }
    }
    let model_cages = cages
        .iter()
        .map(|c| {
            let cells = block.cells_of(c).iter().map(|&i| Cell(i as u16)).collect();
            Cage::new(c.operation, c.target, cells)
        })
        .collect();
    let mut builder = Puzzle::builder(size)
        .cages(model_cages)
        .options(rules.options);
    builder = match &rules.regions {
        None => builder,
        Some((_, RegionSpec::Standard)) => {
            match Regions::standard_boxes(size) {
                Some(boxes) => builder.regions(boxes),
                None => {
                    let reason = format!("a {size}x{size} grid has no standard boxes: give their shape, `# boxes RxC`");
                    return Err(at(
                        rules.regions.as_ref().map_or(0, |r| r.0),
                        KkErrorKind::Directive { reason },
                    ));
                }
            }
        }
        Some((_, RegionSpec::Boxes(rows, cols))) => builder.regions(Regions::Boxes {
            rows: *rows,
            cols: *cols,
        }),
        Some((_, RegionSpec::Jigsaw(regions))) => builder.regions(Regions::Jigsaw(regions.clone())),
    };
    for &(_, cell, digit) in &rules.givens {
        builder = builder.given(Cell(cell as u16), digit);
    }
    builder.build().map_err(|error| {
        let Some(index) = error.cage() else {
            // Size and coverage were checked above; what is left is about the directives.
            let line = match error {
                PuzzleError::BadGiven { cell, .. } => rules
                    .givens
                    .iter()
                    .find(|g| g.1 == cell.index())
                    .map_or(0, |g| g.0),
                _ => rules.regions.as_ref().map_or(0, |r| r.0),
            };
            return at(
                line,
                KkErrorKind::Directive {
                    reason: error.to_string(),
                },
            );
        };
        let cage = &cages[index];
        let label = block.labels[cage.label.clone()].to_string();
        let kind = match error {
            PuzzleError::NotConnected { .. } => {
                let mut cells = block.cells_of(cage).to_vec();
                cells.sort_unstable();
                KkErrorKind::NotConnected { label, cells }
            }
            PuzzleError::Arity {
                operation,
                cells,
                expected,
                ..
            } => KkErrorKind::Arity {
                label,
                cells,
                rule: match operation {
                    Operation::Given => {
                        "a cage without an operator is a given and has exactly one cell".into()
                    }
                    Operation::Subtract | Operation::Divide if cells > 2 => format!(
                        "a {} cage {expected} (hint: for {} over more cells, the multi-cell rules, add a `# multi-cell` line or --multi-cell)",
                        operation.ascii().unwrap_or(' '),
                        operation.ascii().unwrap_or(' ')
                    ),
                    _ => format!("a {} cage {expected}", operation.ascii().unwrap_or(' ')),
                },
            },
            PuzzleError::KillerOperation { .. } => KkErrorKind::Directive {
                reason: format!("cage \"{label}\": under `# killer` every cage is a sum"),
            },
            PuzzleError::GivenOutOfRange { size, .. } => {
                KkErrorKind::GivenOutOfRange { label, size }
            }
            PuzzleError::ZeroTarget { .. } => KkErrorKind::ZeroTarget { label },
            other => unreachable!("checked while parsing the line: {other}"),
        };
        at(cage.line, kind)
    })
}

/// How the regions were given.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RegionSpec {
    /// `# boxes`: the standard boxes of the size.
    Standard,
    /// `# boxes RxC`.
    Boxes(usize, usize),
    /// `# regions ...`: a region per cell.
    Jigsaw(Vec<u8>),
}

/// One directive line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Directive {
    Regions(RegionSpec),
    Size(usize),
    Killer,
    MultiCell,
    Givens(Vec<(usize, u8)>),
}

/// The rules the directives of one puzzle set, with the line each came from.
#[derive(Default)]
struct Rules {
    regions: Option<(usize, RegionSpec)>,
    size: Option<(usize, usize)>,
    options: Options,
    givens: Vec<(usize, usize, u8)>,
}

impl Rules {
    fn apply(&mut self, directive: Directive, line: usize) {
        match directive {
            Directive::Regions(spec) => self.regions = Some((line, spec)),
            Directive::Size(size) => self.size = Some((line, size)),
            Directive::Killer => self.options.killer = true,
            Directive::MultiCell => self.options.multi_cell = true,
            Directive::Givens(givens) => self
                .givens
                .extend(givens.into_iter().map(|(cell, digit)| (line, cell, digit))),
        }
    }
}

/// Reads a comment as a directive: `None` for an ordinary comment, `Some(Err)` for a
/// directive word followed by something it cannot read.
fn directive(comment: &str) -> Option<Result<Directive, String>> {
    let mut words = comment.split_whitespace();
    let word = words.next()?;
    // Most comments are `key=value` notes (`id=`, `solution=`), which no directive's name
    // is: they go before the rest of their words are gathered.
    if word.contains('=') {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    match (word, rest.as_slice()) {
        ("killer", []) => Some(Ok(Directive::Killer)),
        ("multi-cell", []) => Some(Ok(Directive::MultiCell)),
        ("size", [side]) => Some(
            side.parse()
                .map(Directive::Size)
                .map_err(|_| format!("`# size {side}`: expected the grid side, e.g. `# size 9`")),
        ),
        ("boxes", []) => Some(Ok(Directive::Regions(RegionSpec::Standard))),
        ("boxes", [shape]) => Some(
            shape
                .split_once(['x', 'X'])
                .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
                .filter(|&(r, c): &(usize, usize)| r > 0 && c > 0)
                .map(|(r, c)| Directive::Regions(RegionSpec::Boxes(r, c)))
                .ok_or_else(|| {
                    format!("`# boxes {shape}`: expected a shape such as 2x3 (rows x columns)")
                }),
        ),
        ("regions", [map]) => Some(
            map.chars()
                .map(|c| c.to_digit(36).map(|d| d as u8))
                .collect::<Option<Vec<u8>>>()
                .map(|regions| Directive::Regions(RegionSpec::Jigsaw(regions)))
                .ok_or_else(|| {
                    "`# regions`: expected one region per cell, 0-9 then a-v, row by row"
                        .to_string()
                }),
        ),
        ("givens", pairs) if !pairs.is_empty() => Some(
            pairs
                .iter()
                .map(|pair| {
                    pair.split_once('=')
                        .and_then(|(c, d)| Some((c.parse().ok()?, d.parse().ok()?)))
                        .ok_or_else(|| {
                            format!("`# givens`: {pair:?} should be CELL=DIGIT, e.g. 14=3")
                        })
                })
                .collect::<Result<Vec<_>, String>>()
                .map(Directive::Givens),
        ),
        _ => None,
    }
}

/// Reads the common form of a cage line byte by byte, its cells into `cells` (emptied
/// first): ASCII, `TARGET[OP],CELL CELL ...` with blanks anywhere between the parts. `None`
/// for anything else, which [`parse_line`] then reads with all its checks, naming what is
/// wrong. What this returns is what `parse_line` would (see the tests).
///
/// Most lines are of this form, and read through `parse_line`'s trimming, splitting on
/// Unicode blanks and checking of each token, they cost some 380 instructions a line more:
/// reading Keen's 2,252 puzzles (callgrind over the reading in `cagey bench`) took 123.8
/// million instructions, 105.7 million with this.
fn parse_plain_line<'a>(
    line: &'a str,
    line_number: usize,
    cells: &mut Vec<usize>,
) -> Option<CageLine<'a>> {
    // The blanks of `str::trim` and `split_whitespace` that are ASCII.
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r');
    let bytes = line.as_bytes();
    let skip_blanks = |mut at: usize| {
        while at < bytes.len() && blank(bytes[at]) {
            at += 1;
        }
        at
    };
    // A run of decimal digits from `at`: its value (`None` past `u64`) and its end.
    let number = |at: usize| {
        let end = at
            + bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
        let value = bytes[at..end].iter().try_fold(0u64, |value, &b| {
            value.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        });
        (value, end)
    };
    let label_start = skip_blanks(0);
    let (target, mut at) = number(label_start);
    if at == label_start {
        return None;
    }
    let target = target?;
    let mut label_end = at;
    at = skip_blanks(at);
    let operation = match bytes.get(at) {
        Some(b',') => Operation::Given,
        Some(&sign) if sign.is_ascii() => {
            let operation = operation_of(char::from(sign))?;
            at += 1;
            label_end = at;
            at = skip_blanks(at);
            operation
        }
        _ => return None,
    };
    if bytes.get(at) != Some(&b',') {
        return None;
    }
    cells.clear();
    at += 1;
    loop {
        at = skip_blanks(at);
        if at == bytes.len() {
            break;
        }
        let (cell, end) = number(at);
        if end == at || (end < bytes.len() && !blank(bytes[end])) {
            return None;
        }
        let cell = usize::try_from(cell?)
            .ok()
            .filter(|&cell| cell <= MAX_CELL)?;
        cells.push(cell);
        at = end;
    }
    if cells.is_empty() {
        return None;
    }
    Some(CageLine {
        line: line_number,
        label: &line[label_start..label_end],
        operation,
        target,
    })
}

/// Parses one cage line, its cells into `cells` (emptied first).
fn parse_line<'a>(
    line: &'a str,
    line_number: usize,
    cells: &mut Vec<usize>,
) -> Result<CageLine<'a>, KkError> {
    let error = |column: usize, kind: KkErrorKind| KkError {
        line: line_number,
        column: Some(column),
        kind,
    };
    // Columns count characters from 1.
    let column_of = |byte: usize| line[..byte].chars().count() + 1;

    // Byte by byte: on lines this short, faster than `find` and its search set-up.
    let comma_after = |from: usize| line.bytes().skip(from).position(|b| b == b',');
    let Some(comma) = comma_after(0) else {
        return Err(KkError {
            line: line_number,
            column: None,
            kind: KkErrorKind::NoComma,
        });
    };
    if let Some(second) = comma_after(comma + 1) {
        return Err(error(
            column_of(comma + 1 + second),
            KkErrorKind::ExtraComma,
        ));
    }

    let label_part = &line[..comma];
    let label_start = label_part.len() - label_part.trim_start().len();
    let label = label_part.trim();
    if label.is_empty() {
        return Err(error(column_of(comma), KkErrorKind::NoLabel));
    }
    let digits_end = label
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(label.len());
    let (target_text, rest) = label.split_at(digits_end);
    let operator_text = rest.trim_start();
    let operator_byte = label_start + digits_end + (rest.len() - operator_text.len());
    let mut operator_chars = operator_text.chars();
    let operation = match (operator_chars.next(), operator_chars.next()) {
        (None, _) => Operation::Given,
        (Some(sign), None) => match operation_of(sign) {
            Some(operation) => operation,
            None if target_text.is_empty() => {
                return Err(error(
                    column_of(operator_byte),
                    KkErrorKind::BadLabel {
                        label: label.to_string(),
                    },
                ))
            }
            None => {
                return Err(error(
                    column_of(operator_byte),
                    KkErrorKind::UnknownOperator {
                        found: sign,
                        label: label.to_string(),
                    },
                ))
            }
        },
        (Some(_), Some(_)) => {
            return Err(error(
                column_of(label_start),
                KkErrorKind::BadLabel {
                    label: label.to_string(),
                },
            ))
        }
    };
    if target_text.is_empty() {
        return Err(error(
            column_of(label_start),
            KkErrorKind::NoTarget {
                label: label.to_string(),
            },
        ));
    }
    let target: u64 = target_text.parse().map_err(|_| {
        error(
            column_of(label_start),
            KkErrorKind::TargetTooLarge {
                text: target_text.to_string(),
            },
        )
    })?;
    // A zero target is checked when the puzzle is built: `# multi-cell` allows `0-`.

    cells.clear();
    let cells_part = &line[comma + 1..];
    for token in cells_part.split_whitespace() {
        // `token` is a subslice of `line`: its distance from the start is its byte offset.
        let start = token.as_ptr() as usize - line.as_ptr() as usize;
        if !token.chars().all(|c| c.is_ascii_digit()) {
            return Err(error(
                column_of(start),
                KkErrorKind::BadCell {
                    text: token.to_string(),
                },
            ));
        }
        match token.parse::<usize>() {
            Ok(cell) if cell <= MAX_CELL => cells.push(cell),
            _ => {
                return Err(error(
                    column_of(start),
                    KkErrorKind::CellOutOfRange {
                        text: token.to_string(),
                    },
                ))
            }
        }
    }
    if cells.is_empty() {
        return Err(error(
            column_of(comma),
            KkErrorKind::NoCells {
                label: label.to_string(),
            },
        ));
    }
    Ok(CageLine {
        line: line_number,
        label,
        operation,
        target,
    })
}

/// The operation an operator character stands for, synonyms included.
fn operation_of(sign: char) -> Option<Operation> {
    match sign {
        '+' => Some(Operation::Add),
        '-' | '−' | '–' => Some(Operation::Subtract),
        '*' | 'x' | 'X' | '×' => Some(Operation::Multiply),
        '%' | '/' | '÷' => Some(Operation::Divide),
        '?' => Some(Operation::Unknown),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    fn error(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_the_essay_example() {
        let puzzle = parse(KK0).unwrap();
        assert_eq!(puzzle.size(), 4);
        assert_eq!(puzzle.cages().len(), 7);
        assert_eq!(write(&puzzle), KK0);
    }

    #[test]
    fn accepts_crlf_comments_blank_lines_and_synonyms() {
        let text = "# kk0\r\n1,0\r\n\r\n11+,1 2 5 6\r\n4+,3 7\r\n  8×, 4 8 9\r\n1−,10 11\r\n# inside\r\n7+,12 13\r\n2÷,14 15\r\n";
        assert_eq!(write(&parse(text).unwrap()), KK0);
        let text = KK0
            .replace("8*", "8x")
            .replace("2%", "2/")
            .replace("1-", "1 -");
        assert_eq!(write(&parse(&text).unwrap()), KK0);
    }

    #[test]
    fn reads_sizes_past_nine() {
        // A 10x10 grid of one-cell givens along a Latin square.
        let text: String = (0..100)
            .map(|cell| format!("{},{cell}\n", (cell / 10 + cell % 10) % 10 + 1))
            .collect();
        assert_eq!(parse(&text).unwrap().size(), 10);
    }

    #[test]
    fn splits_puzzles_at_blank_lines() {
        let text = format!("# id=a\n{KK0}\n# id=b\n# solution=x\n3+,0 1\n\n3+,2 3\n\n{KK0}");
        let entries: Vec<Entry> = parse_all(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].meta("id"), Some("a"));
        assert_eq!(entries[1].meta("id"), Some("b"));
        assert_eq!(entries[1].meta("solution"), Some("x"));
        assert_eq!(entries[1].puzzle.size(), 2);
        assert_eq!(entries[1].line, 12);
        assert_eq!(entries[2].line, 16);
        assert!(error(&text).contains("a second puzzle starts here"));
    }

    /// Regression: `cat a.kk b.kk`, where a.kk did not end with a blank line, ran the two
    /// puzzles into one and said only "cell 0 is already in the cage on line 229".
    #[test]
    fn a_missing_blank_line_between_puzzles_is_named() {
        let text = format!("{KK0}# seed=2\n{KK0}");
        assert_eq!(
            error(&text),
            "line 9: cell 0 (r1c1) is already in the cage on line 1; is a blank line missing \
             between two puzzles?"
        );
        // A killer puzzle leaving cells out, run into the next: it starts again at cell 0.
        let killer = "# killer\n# size 3\n3+,0 1\n3+,3 4\n";
        assert!(error(&format!("{killer}{killer}"))
            .ends_with("is a blank line missing between two puzzles?"));
        // A cell written twice inside one puzzle is not taken for two puzzles.
        assert_eq!(
            error("3+,0 1\n3+,1 2 3\n"),
            "line 2: cell 1 (r1c2) is already in the cage on line 1"
        );
        assert_eq!(
            error("3+,2 3\n3+,0 1 3\n"),
            "line 2: cell 3 (r2c2) is already in the cage on line 1"
        );
    }

    #[test]
    fn a_bad_puzzle_does_not_hide_the_next() {
        // The first puzzle lacks cell 15; the second reuses cell 0, so it is a new puzzle.
        let text = format!("1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2,14\n\n{KK0}");
        let results = parse_all(&text);
        assert_eq!(results.len(), 2);
        assert_eq!(
            results[0].as_ref().unwrap_err().to_string(),
            "the cages cover 15 of the 16 cells of a 4x4 grid; in no cage: 15"
        );
        assert!(results[1].is_ok());
    }

    #[test]
    fn names_line_and_column_of_each_error() {
        let cases: &[(&str, &str)] = &[
            (
                "",
                "no puzzle found: the input is empty or holds only comments",
            ),
            ("# only a comment\n\n", "no puzzle found"),
            (
                "1,0\n11+ 1 2 5 6\n",
                "line 2: expected a cage as LABEL,CELLS",
            ),
            (
                "1,0\n11+,1 2,5 6\n",
                "line 2, column 8: a cage line has exactly one comma",
            ),
            ("1,0\n,1 2 5 6\n", "line 2, column 1: the cage has no label"),
            (
                "1,0\n+,1 2 5 6\n",
                "line 2, column 1: cage label \"+\" has no target number",
            ),
            (
                "1,0\n11^,1 2 5 6\n",
                "line 2, column 3: unknown operator '^' in label \"11^\"",
            ),
            (
                "1,0\n11++,1 2 5 6\n",
                "line 2, column 1: cage label \"11++\" should be a number",
            ),
            (
                "1,0\nab,1 2 5 6\n",
                "line 2, column 1: cage label \"ab\" should be a number",
            ),
            (
                "1,0\n0+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n",
                "line 2: cage \"0+\": the target must be positive",
            ),
            (
                "99999999999999999999+,0\n",
                "line 1, column 1: target 99999999999999999999 is too large",
            ),
            (
                "1,0\n11+,1 2 five 6\n",
                "line 2, column 9: cell \"five\" is not a number",
            ),
            (
                "1,0\n11+,1 2 -5 6\n",
                "line 2, column 9: cell \"-5\" is not a number",
            ),
            ("1,5000\n", "line 1, column 3: cell 5000 is out of range"),
            (
                "1,0\n11+,\n",
                "line 2, column 4: cage \"11+\" lists no cells",
            ),
            (
                "3+,0 1\n3+,1 2 3\n",
                "line 2: cell 1 (r1c2) is already in the cage on line 1",
            ),
            (
                "3+,0 0\n3+,1 2 3\n",
                "line 1: cell 0 (r1c1) is listed twice in this cage",
            ),
            (
                "3+,0 1\n3+,2\n",
                "the cages cover 3 of the 4 cells of a 2x2 grid; in no cage: 3",
            ),
            (
                "3+,0 3\n3+,1 2\n",
                "line 1: cage \"3+\" cells 0 3 are not connected",
            ),
            (
                "3-,0 1 2\n1,3\n",
                "line 1: cage \"3-\" has 3 cells; a - cage must have exactly two cells",
            ),
            (
                "3,0 1\n3+,2 3\n",
                "line 1: cage \"3\" has 2 cells; a cage without an operator is a given",
            ),
            (
                "3,0\n3+,1 2 3\n",
                "line 1: given \"3\" is not a digit of a 2x2 grid (1 to 2)",
            ),
        ];
        for (text, expected) in cases {
            let message = error(text);
            assert!(
                message.starts_with(expected),
                "input {text:?}\n  gave {message:?}\n  expected {expected:?}"
            );
        }
    }

    #[test]
    fn reads_and_writes_directives() {
        let text =
            "# a note\n# boxes 2x2\n# killer\n# givens 5=3\n4+,0 4\n6+,1 2 3\n5+,5 6\n5+,7 11\n\
                    3+,8 12\n4+,9 13\n6+,10 14 15\n";
        let entry = parse_all(text).remove(0).unwrap();
        assert_eq!(entry.comments, ["a note"]);
        let puzzle = &entry.puzzle;
        assert_eq!(*puzzle.regions(), Regions::Boxes { rows: 2, cols: 2 });
        assert!(puzzle.options().killer);
        assert_eq!(puzzle.given(Cell(5)), Some(3));
        let written = write(puzzle);
        assert!(
            written.starts_with("# boxes 2x2\n# killer\n# givens 5=3\n4+,0 4\n"),
            "{written}"
        );
        assert_eq!(&parse(&written).unwrap(), puzzle);

        let multi = "# multi-cell\n0-,0 1 2\n1,3\n2,4\n3,5\n3,6\n1,7\n2,8\n";
        let puzzle = parse(multi).unwrap();
        assert!(puzzle.options().multi_cell);
        assert_eq!(write(&puzzle), multi);
        // A killer puzzle may leave cells out once it states its size.
        let sparse = "# size 3\n# killer\n3+,0 1\n4+,4 5\n";
        let puzzle = parse(sparse).unwrap();
        assert_eq!(puzzle.size(), 3);
        assert_eq!(puzzle.uncovered().count(), 5);
        assert_eq!(write(&puzzle), sparse);
        let jigsaw = "# regions 0011\n3+,0 1\n3+,2 3\n";
        assert!(matches!(
            parse(jigsaw).unwrap().regions(),
            Regions::Jigsaw(_)
        ));
    }

    #[test]
    fn names_bad_directives() {
        let cases = [
            (
                "# boxes 2y3\n3+,0 1\n3+,2 3\n",
                "line 1: `# boxes 2y3`: expected a shape",
            ),
            (
                "# boxes 1x3\n3+,0 1\n3+,2 3\n",
                "line 1: boxes of 1x3 cells do not tile a 2x2 grid",
            ),
            (
                "# givens 0=x\n3+,0 1\n3+,2 3\n",
                "line 1: `# givens`: \"0=x\" should be CELL=DIGIT",
            ),
            (
                "# givens 0=5\n3+,0 1\n3+,2 3\n",
                "line 1: given 5 in cell 0",
            ),
            (
                "# killer\n3*,0 1\n3+,2 3\n",
                "line 2: cage \"3*\": under `# killer` every cage is a sum",
            ),
            (
                "# regions 00!1\n3+,0 1\n3+,2 3\n",
                "line 1: `# regions`: expected one region per cell",
            ),
            (
                "# killer\n3+,0 1\n4+,4 5\n",
                "the cages leave 5 of the 9 cells out (2 3 6 7 8); a killer puzzle may, once it states its grid side with `# size N`",
            ),
            (
                "# size 3\n3+,0 1\n4+,4 5\n",
                "the cages cover 4 of the 9 cells of a 3x3 grid",
            ),
            (
                "# size 2\n# killer\n3+,0 1\n4+,4 5\n",
                "line 1: the grid is 2x2 here, but a cage names cell 5",
            ),
            (
                "# size two\n3+,0 1\n3+,2 3\n",
                "line 1: `# size two`: expected the grid side",
            ),
            (
                "3-,0 1 2\n1,3\n",
                "line 1: cage \"3-\" has 3 cells; a - cage must have exactly two cells",
            ),
        ];
        for (text, expected) in cases {
            let message = error(text);
            assert!(
                message.starts_with(expected),
                "{text:?} gave {message:?}, expected {expected:?}"
            );
        }
        // An ordinary comment that merely starts with a directive word stays a comment.
        let entry = parse_all("# killer sudoku from a newspaper\n3+,0 1\n3+,2 3\n")
            .remove(0)
            .unwrap();
        assert!(!entry.puzzle.options().killer);
    }

    #[test]
    fn rejects_grids_past_the_largest() {
        let text: String = (0..33 * 33).map(|cell| format!("1,{cell}\n")).collect();
        assert!(error(&text).contains("out of range"));
    }

    #[test]
    fn reads_corpus_solutions() {
        let grid = parse_solution(2, "1221").unwrap();
        assert_eq!(grid.digits(), [1, 2, 2, 1]);
        let grid = parse_solution(2, "1,2,2,1").unwrap();
        assert_eq!(grid.digits(), [1, 2, 2, 1]);
        assert!(parse_solution(2, "123").is_none());
        assert!(parse_solution(2, "1231").is_none());
    }

    fn full_read(line: &str) -> Result<(String, Operation, u64, Vec<usize>), KkError> {
        let mut cells = Vec::new();
        let cage = parse_line(line, 7, &mut cells)?;
        Ok((cage.label.to_string(), cage.operation, cage.target, cells))
    }

    #[test]
    fn common_lines_take_the_byte_by_byte_reading() {
        for line in [
            "11+,1 2 5 6",
            "1,0",
            " 2 % , 14\t15 ",
            "3x,0 1",
            "12 -,4 5",
            "007+,00 1",
        ] {
            let mut cells = Vec::new();
            let cage = parse_plain_line(line, 7, &mut cells).expect(line);
            let read = (cage.label.to_string(), cage.operation, cage.target, cells);
            assert_eq!(Ok(read), full_read(line), "{line:?}");
        }
        // Anything else is left to the full reading, and its errors.
        for line in [
            "11×,1 2",
            "x,0",
            "1+,",
            "1+,2,3",
            "1+,2a",
            "1+ 2,3",
            "99999999999999999999+,1",
        ] {
            assert!(
                parse_plain_line(line, 7, &mut Vec::new()).is_none(),
                "{line:?}"
            );
        }
    }

    proptest! {
        /// Whatever the byte-by-byte reading accepts, the full reading reads the same.
        #[test]
        fn plain_lines_read_as_any_line(
            head in prop_oneof![Just(""), Just("12+,"), Just(" 5 ,"), Just("3x, 4 "), Just("6 -,1")],
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("1"), Just("23"), Just("0"), Just("99999999999999999999"),
                    Just(" "), Just("\t"), Just("\x0b"), Just("\u{a0}"),
                    Just("+"), Just("-"), Just("*"), Just("x"), Just("%"), Just("/"), Just("?"),
                    Just("×"), Just(","), Just("a"), Just("1023"), Just("1024"),
                ],
                0..12,
            )
        ) {
            let line = format!("{head}{}", parts.concat());
            let mut cells = Vec::new();
            if let Some(cage) = parse_plain_line(&line, 7, &mut cells) {
                let read = (cage.label.to_string(), cage.operation, cage.target, cells);
                prop_assert_eq!(Ok(read), full_read(&line), "{:?}", line);
            }
        }
    }
}
