//! The A1 format, for people to type: a size line, then one cage per line, operation first,
//! cells named by row letter and column number.
//!
//! ```text
//! #   3
//! +   3   A1 B1
//! +   5   A2 B2
//! !   1   A3
//! +   5   B3 C3
//! +   4   C1 C2
//! ```
//!
//! - `# N` gives the size and starts a puzzle; other lines starting with `#` are comments.
//! - A cage line is `OP TARGET CELL...`, separated by spaces or tabs. `OP` is `+`, `-`, `*`,
//!   `/`, or `!` for a given (one cell); on input `–`, `—`, `−` also mean subtraction, `x`,
//!   `X`, `×` multiplication and `÷` division; `?` is an operation the puzzle hides (no-op
//!   KenKen).
//! - Cells are a row letter from `A` at the top and a column number from `1` at the left:
//!   `I9` is the bottom-right cell of a 9x9. Letters may be lower case. Rows run out at `Z`,
//!   so this format holds grids up to 26x26.
//!
//! The writer emits the seed's form, tab-separated, with ASCII signs.

use thiserror::Error;

use super::entry::Entry;
use super::lines::excerpt;
use super::write_error::WriteError;
use crate::model::{Cage, Cell, Operation, Options, Puzzle, PuzzleError, MAX_SIZE};

/// The largest grid this format can name: rows are the letters `A` to `Z`.
pub const MAX_A1_SIZE: usize = 26;

/// A parse error: the line (and column where it helps), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{kind}", super::lines::position(*line, *column))]
pub struct A1Error {
    /// The line, counted from 1; 0 for the whole input.
    pub line: usize,
    /// The column in characters, counted from 1.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: A1ErrorKind,
}

/// What is wrong with a text in the a1 format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum A1ErrorKind {
    /// No puzzle at all.
    #[error("no puzzle found: expected a size line such as `# 6` followed by cages")]
    Empty,
    /// A cage before any size line.
    #[error("a cage before the size line: the puzzle must start with `# N`")]
    NoSize,
    /// A size that is not a number in range.
    #[error("size {text:?} is not a grid side from 1 to {MAX_A1_SIZE}")]
    BadSize {
        /// The size as written.
        text: String,
    },
    /// An unknown operation sign.
    #[error("unknown operation {text:?}: expected one of + - * / ! (or ? for a hidden one)")]
    UnknownOperation {
        /// The sign as written.
        text: String,
    },
    /// No target after the operation.
    #[error("the cage has no target after its operation")]
    NoTarget,
    /// A target that is not a positive number.
    #[error("target {text:?} is not a positive whole number")]
    BadTarget {
        /// The target as written.
        text: String,
    },
    /// A malformed cell name.
    #[error("cell {text:?} is not a row letter and a column number like B3")]
    BadCell {
        /// The cell as written.
        text: String,
    },
    /// A cell outside the grid.
    #[error("cell {text} is outside the {size}x{size} grid (A1 to {last})", last = cell_name(size * size - 1, *size))]
    CellOutOfRange {
        /// The cell as written.
        text: String,
        /// The grid side.
        size: usize,
    },
    /// No cells after the target.
    #[error("the cage lists no cells")]
    NoCells,
    /// The cages do not make a valid puzzle.
    #[error("{}", .0.detail())]
    Puzzle(PuzzleError),
}

/// The name of cell `index` in a grid of side `size`: `B3`.
pub fn cell_name(index: usize, size: usize) -> String {
    let row = (b'A' + (index / size) as u8) as char;
    format!("{row}{}", index % size + 1)
}

/// Whether `line` is a size line: `#`, then a number.
pub fn is_size_line(line: &str) -> bool {
    line.strip_prefix('#').is_some_and(|rest| {
        let rest = rest.trim();
        !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit())
    })
}

/// Whether `line` looks like a cage line of this format: an operation sign, a number, and
/// a cell name.
pub fn looks_like(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let (Some(op), Some(target), Some(cell)) = (words.next(), words.next(), words.next()) else {
        return false;
    };
    operation_of(op).is_some()
        && target.parse::<u64>().is_ok()
        && parse_cell(cell, MAX_A1_SIZE).is_some()
}

/// Parses every puzzle of a text: each starts at its `# N` line.
pub fn parse_all(text: &str) -> Vec<Result<Entry, A1Error>> {
    super::lines::parse_lines::<Lines>(text, Options::default())
}

/// The line-by-line reader behind [`parse_all`] and the streaming
/// [`Reader`](super::Reader): it holds one puzzle at a time. Each result comes with the line
/// its puzzle starts on (0 for the error of an input with no puzzle).
#[derive(Default)]
pub(crate) struct Lines {
    current: Option<Pending>,
    /// Comments before the next size line.
    comments: Vec<String>,
    /// Whether a blank line came since the current puzzle's last cage: a comment after it
    /// belongs to the next puzzle (`generate` writes each puzzle's `# seed=` and
    /// `# solution=` above its size line), not to the one before.
    blank: bool,
    /// Whether a puzzle (or its error) came out already: an input without one is an error.
    produced: bool,
    /// The options every puzzle is read under, which the format has no way to state.
    options: Options,
}

impl super::lines::LineParser for Lines {
    type Error = A1Error;

    fn set_options(&mut self, options: Options) {
        self.options = options;
        if let Some(pending) = &mut self.current {
            pending.options = options;
        }
    }

    /// Reads line `line_number` (its text without the line end); returns the puzzle it
    /// ends, if it ends one.
    fn push(&mut self, line_number: usize, raw: &str) -> Option<(usize, Result<Entry, A1Error>)> {
        let line = raw.trim();
        if line.is_empty() {
            self.blank = true;
            return None;
        }
        if is_size_line(line) {
            self.blank = false;
            let finished = self.current.take().and_then(Pending::finish);
            let text = line[1..].trim();
            let size = text
                .parse::<usize>()
                .ok()
                .filter(|s| (1..=MAX_A1_SIZE.min(MAX_SIZE)).contains(s));
            self.current = Some(Pending {
                skip: false,
                options: self.options,
                size: size.unwrap_or(0),
                line: line_number,
                cages: Vec::new(),
                lines: Vec::new(),
                comments: std::mem::take(&mut self.comments),
                error: size.is_none().then(|| A1Error {
                    line: line_number,
                    column: Some(column_of(raw, text)),
                    kind: A1ErrorKind::BadSize {
                        text: excerpt(text),
                    },
                }),
            });
            return self.produce(finished);
        }
        if let Some(comment) = line.strip_prefix('#') {
            match &mut self.current {
                Some(pending) if !pending.cages.is_empty() && !self.blank => {
                    pending.comments.push(comment.trim().to_string())
                }
                _ => self.comments.push(comment.trim().to_string()),
            }
            return None;
        }
        self.blank = false;
        let Some(pending) = &mut self.current else {
            // Skip to the next size line: the cages cannot be placed without a size.
            self.current = Some(Pending::skipping(line_number));
            let error = A1Error {
                line: line_number,
                column: None,
                kind: A1ErrorKind::NoSize,
            };
            return self.produce(Some((line_number, Err(error))));
        };
        if pending.skip || pending.error.is_some() {
            return None;
        }
        match parse_cage(raw, line_number, pending.size) {
            Ok(cage) => {
                pending.cages.push(cage);
                pending.lines.push(line_number);
            }
            Err(error) => pending.error = Some(error),
        }
        None
    }

    /// Ends the input: the last puzzle, or the error of an input that held none.
    fn finish(mut self) -> Option<(usize, Result<Entry, A1Error>)> {
        let last = self.current.take().and_then(Pending::finish);
        if last.is_some() || self.produced {
            return last;
        }
        let error = A1Error {
            line: 0,
            column: None,
            kind: A1ErrorKind::Empty,
        };
        Some((0, Err(error)))
    }
}

impl Lines {
    fn produce(
        &mut self,
        result: Option<(usize, Result<Entry, A1Error>)>,
    ) -> Option<(usize, Result<Entry, A1Error>)> {
        self.produced |= result.is_some();
        result
    }
}

/// Writes a puzzle in the seed's form.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    if !puzzle.is_plain() {
        return Err(super::write_error::plain_only(
            super::format::Format::A1,
            puzzle,
        ));
    }
    let size = puzzle.size();
    if size > MAX_A1_SIZE {
        return Err(WriteError {
            format: super::format::Format::A1,
            reason: format!("rows are named A to Z, so the largest grid is {MAX_A1_SIZE}x{MAX_A1_SIZE}, not {size}x{size}"),
        });
    }
    let mut out = format!("#\t{size}\n");
    for cage in puzzle.cages() {
        let sign = match cage.operation() {
            Operation::Add => '+',
            Operation::Subtract => '-',
            Operation::Multiply => '*',
            Operation::Divide => '/',
            Operation::Given => '!',
            Operation::Unknown => '?',
        };
        let cells: Vec<String> = cage
            .cells()
            .iter()
            .map(|c| cell_name(c.index(), size))
            .collect();
        out.push_str(&format!("{sign}\t{}\t{}\n", cage.target(), cells.join(" ")));
    }
    Ok(out)
}

/// A puzzle being read.
struct Pending {
    /// Cage lines with no size line before them, already reported: read past them.
    skip: bool,
    /// The options the puzzle is read under.
    options: Options,
    size: usize,
    line: usize,
    cages: Vec<Cage>,
    /// The line of each cage.
    lines: Vec<usize>,
    comments: Vec<String>,
    error: Option<A1Error>,
}

impl Pending {
    /// Swallows cage lines that have no size line until the next one.
    fn skipping(line: usize) -> Pending {
        Pending {
            skip: true,
            options: Options::default(),
            size: 0,
            line,
            cages: Vec::new(),
            lines: Vec::new(),
            comments: Vec::new(),
            error: None,
        }
    }

    /// The puzzle, its error, or nothing for skipped lines; with the line it starts on.
    fn finish(self) -> Option<(usize, Result<Entry, A1Error>)> {
        if self.skip {
            return None;
        }
        if let Some(error) = self.error {
            return Some((self.line, Err(error)));
        }
        let lines = self.lines;
        let entry = Puzzle::builder(self.size)
            .cages(self.cages)
            .options(self.options)
            .build()
            .map(|puzzle| Entry {
                puzzle,
                progress: None,
                line: self.line,
                comments: self.comments,
            })
            .map_err(|error| A1Error {
                line: error.cage().map_or(self.line, |cage| lines[cage]),
                column: None,
                kind: A1ErrorKind::Puzzle(error),
            });
        Some((self.line, entry))
    }
}

fn column_of(line: &str, part: &str) -> usize {
    let offset = part.as_ptr() as usize - line.as_ptr() as usize;
    line[..offset].chars().count() + 1
}

fn parse_cage(line: &str, line_number: usize, size: usize) -> Result<Cage, A1Error> {
    let error = |part: &str, kind| A1Error {
        line: line_number,
        column: Some(column_of(line, part)),
        kind,
    };
    let mut words = line.split_whitespace();
    let op_text = words.next().unwrap_or_default();
    let operation = match operation_of(op_text) {
        Some(operation) => operation,
        None => {
            return Err(error(
                op_text,
                A1ErrorKind::UnknownOperation {
                    text: excerpt(op_text),
                },
            ))
        }
    };
    let Some(target_text) = words.next() else {
        return Err(A1Error {
            line: line_number,
            column: None,
            kind: A1ErrorKind::NoTarget,
        });
    };
    let target = match target_text.parse::<u64>() {
        Ok(target) if target > 0 => target,
        _ => {
            return Err(error(
                target_text,
                A1ErrorKind::BadTarget {
                    text: excerpt(target_text),
                },
            ))
        }
    };
    let mut cells = Vec::new();
    for word in words {
        match parse_cell(word, size) {
            Some(Ok(cell)) => cells.push(cell),
            Some(Err(())) => {
                return Err(error(
                    word,
                    A1ErrorKind::CellOutOfRange {
                        text: excerpt(word),
                        size,
                    },
                ))
            }
            None => {
                return Err(error(
                    word,
                    A1ErrorKind::BadCell {
                        text: excerpt(word),
                    },
                ))
            }
        }
    }
    if cells.is_empty() {
        return Err(A1Error {
            line: line_number,
            column: None,
            kind: A1ErrorKind::NoCells,
        });
    }
    Ok(Cage::new(operation, target, cells))
}

/// Parses `B3`: `None` if malformed, `Some(Err(()))` if outside a grid of side `size`.
fn parse_cell(text: &str, size: usize) -> Option<Result<Cell, ()>> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let number = chars.as_str();
    if !letter.is_ascii_uppercase()
        || number.is_empty()
        || !number.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let row = usize::from(letter as u8 - b'A');
    let col = number.parse::<usize>().ok()?.checked_sub(1);
    Some(match col {
        Some(col) if row < size && col < size => Ok(Cell::at(row, col, size)),
        _ => Err(()),
    })
}

fn operation_of(sign: &str) -> Option<Operation> {
    match sign {
        "+" => Some(Operation::Add),
        "-" | "–" | "—" | "−" => Some(Operation::Subtract),
        "*" | "x" | "X" | "×" => Some(Operation::Multiply),
        "/" | "÷" => Some(Operation::Divide),
        "!" => Some(Operation::Given),
        "?" => Some(Operation::Unknown),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    const SEED: &str = "#\t3\n+\t3\tA1 B1\n+\t5\tA2 B2\n!\t1\tA3\n+\t5\tB3 C3\n+\t4\tC1 C2\n";

    #[test]
    fn reads_the_seed_example() {
        let entry = parse_all(SEED).remove(0).unwrap();
        assert_eq!(
            kk::write(&entry.puzzle),
            "3+,0 3\n5+,1 4\n1,2\n5+,5 8\n4+,6 7\n"
        );
        assert_eq!(write(&entry.puzzle).unwrap(), SEED);
    }

    #[test]
    fn accepts_typographic_signs_and_lower_case() {
        let text = "# 2\n– 1 a1 a2\n× 2 b1 b2\n";
        let entry = parse_all(text).remove(0).unwrap();
        assert_eq!(kk::write(&entry.puzzle), "1-,0 1\n2*,2 3\n");
    }

    #[test]
    fn reads_hidden_operations() {
        let entry = parse_all("# 2\n? 1 A1 A2\n? 2 B1 B2\n").remove(0).unwrap();
        assert_eq!(kk::write(&entry.puzzle), "1?,0 1\n2?,2 3\n");
        assert_eq!(
            write(&entry.puzzle).unwrap(),
            "#\t2\n?\t1\tA1 A2\n?\t2\tB1 B2\n"
        );
    }

    #[test]
    fn reads_several_puzzles() {
        let text = format!("# a comment\n{SEED}\n# 2\n+ 3 A1 A2\n+ 3 B1 B2\n");
        let results = parse_all(&text);
        assert_eq!(results.len(), 2);
        assert_eq!(results[0].as_ref().unwrap().comments, ["a comment"]);
        assert_eq!(results[1].as_ref().unwrap().line, 9);
    }

    /// Regression: a comment after a blank line, above the next size line, once went to the
    /// puzzle before it, so `cat` of two `generate --to a1` outputs gave each puzzle the
    /// next one's `# solution=`. A comment right under a puzzle's cages stays with it.
    #[test]
    fn a_comment_after_a_blank_line_belongs_to_the_next_puzzle() {
        let text = "# 2\n+ 3 A1 A2\n+ 3 B1 B2\n# under\n\n# above\n# 2\n+ 3 A1 B1\n+ 3 A2 B2\n";
        let results = parse_all(text);
        assert_eq!(results[0].as_ref().unwrap().comments, ["under"]);
        assert_eq!(results[1].as_ref().unwrap().comments, ["above"]);
    }

    #[test]
    fn names_each_error() {
        let cases = [
            ("", "no puzzle found"),
            ("+ 3 A1 B1\n", "line 1: a cage before the size line"),
            ("# 40\n", "line 1, column 3: size \"40\" is not a grid side"),
            (
                "# 2\n^ 3 A1 A2\n",
                "line 2, column 1: unknown operation \"^\"",
            ),
            ("# 2\n+\n", "line 2: the cage has no target"),
            (
                "# 2\n+ 0 A1 A2\n",
                "line 2, column 3: target \"0\" is not a positive",
            ),
            (
                "# 2\n+ 3 A1 2B\n",
                "line 2, column 8: cell \"2B\" is not a row letter",
            ),
            (
                "# 2\n+ 3 A1 C1\n",
                "line 2, column 8: cell C1 is outside the 2x2 grid (A1 to B2)",
            ),
            ("# 2\n+ 3\n", "line 2: the cage lists no cells"),
            (
                "# 2\n+ 3 A1 A2\n+ 3 B1 A2\n",
                "line 3: r1c2 is in cage 3+ at r1c1 and again in cage 3+ at r1c2",
            ),
            (
                "# 2\n+ 3 A1 B2\n+ 3 A2 B1\n",
                "line 2: its cells are not connected",
            ),
        ];
        for (text, expected) in cases {
            let message = parse_all(text).remove(0).unwrap_err().to_string();
            assert!(
                message.starts_with(expected),
                "{text:?} gave {message:?}, expected {expected:?}"
            );
        }
    }

    #[test]
    fn refuses_to_write_past_z() {
        let cages = (0..27 * 27)
            .map(|c| Cage::given(Cell(c as u16), ((c / 27 + c % 27) % 27 + 1) as u8))
            .collect();
        let puzzle = Puzzle::new(27, cages).unwrap();
        assert!(write(&puzzle)
            .unwrap_err()
            .to_string()
            .contains("largest grid is 26x26"));
    }
}
