//! The killer solving forums' short strings: 81 characters, one a cell in reading order.
//!
//! A cage's head holds its sum (`0`-`9`, `A`-`Z` for 10-35, `a`-`j` for 36-45); every other
//! cell holds an arrow pointing to the next cell of its cage on the way to the head:
//!
//! ```text
//!   `  ^  '       up-left, up, up-right
//!   <  *  >       left, (the cell), right
//!   ,  v  .       down-left, down, down-right
//! ```
//!
//! `F<<` is a cage of three cells summing to 15 along a row. A lone `0` is a cell outside
//! every cage. Only 9x9 Killer Sudoku with
//! its boxes is written this way. The writer points each cell along a shortest way to its
//! cage's first cell in reading order, with straight arrows only, or the diagonal ones too
//! for a cage joined at a corner (the model's `corner_cages`).

use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::write_error::WriteError;
use crate::model::{Cage, Cell, Operation, Options, Puzzle, PuzzleError, Regions};

/// The grid side of the format: 9x9 only.
const SIZE: usize = 9;
/// The characters of the arrows, with the row and column steps they point along.
const ARROWS: [(char, isize, isize); 8] = [
    ('^', -1, 0),
    ('v', 1, 0),
    ('<', 0, -1),
    ('>', 0, 1),
    ('`', -1, -1),
    ('\'', -1, 1),
    (',', 1, -1),
    ('.', 1, 1),
];
/// The largest sum a head can hold: `j`.
const MAX_SUM: u64 = 45;

/// What is wrong with a short killer string; positions count from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShortKillerError {
    /// No string at all.
    #[error("no short killer string found")]
    Empty,
    /// Not 81 characters.
    #[error("the string has {found} characters; a short killer string has 81, one for each cell of its 9x9 grid in reading order (a longer killer string starts 3x3::k: and has 81 numbers)")]
    Length {
        /// Characters found.
        found: usize,
    },
    /// A character that is neither a sum nor an arrow.
    #[error("position {position} (r{row}c{col}): {found:?} is neither a sum (0-9, A-Z, a-j) nor an arrow (^ v < > ` ' , .)")]
    BadCharacter {
        /// Position from 1.
        position: usize,
        /// Row from 1.
        row: usize,
        /// Column from 1.
        col: usize,
        /// The character.
        found: char,
    },
    /// An arrow pointing off the grid, or round in a loop.
    #[error("position {position} (r{row}c{col}): the arrow {reason}")]
    BadArrow {
        /// Position from 1.
        position: usize,
        /// Row from 1.
        row: usize,
        /// Column from 1.
        col: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// 81 digits (and dots): a plain sudoku's givens, not a killer. Read as one, each digit
    /// would be a one-cell cage and each dot an arrow: a puzzle nobody meant (issue #43).
    #[error("81 digits and dots are a plain sudoku's givens, not a Killer Sudoku: a short killer string has arrows (^ v < > ` ' , .) leading to each cage's sum, and cagey reads cage puzzles only")]
    PlainSudoku,
    /// A head of sum 0 with arrows leading to it.
    #[error("position {position} (r{row}c{col}): a cage of sum 0 (a cage without a sum), which cagey cannot hold")]
    ZeroSum {
        /// Position from 1.
        position: usize,
        /// Row from 1.
        row: usize,
        /// Column from 1.
        col: usize,
    },
    /// The cages do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

fn sum_of(c: char) -> Option<u64> {
    match c {
        '0'..='9' => Some(c as u64 - '0' as u64),
        'A'..='Z' => Some(c as u64 - 'A' as u64 + 10),
        'a'..='j' => Some(c as u64 - 'a' as u64 + 36),
        _ => None,
    }
}

fn sum_char(sum: u64) -> Option<char> {
    let sum = u8::try_from(sum).ok()?;
    match sum {
        0..=9 => Some((b'0' + sum) as char),
        10..=35 => Some((b'A' + sum - 10) as char),
        36..=45 => Some((b'a' + sum - 36) as char),
        _ => None,
    }
}

fn arrow(c: char) -> Option<(isize, isize)> {
    ARROWS
        .iter()
        .find(|(a, _, _)| *a == c)
        .map(|&(_, dr, dc)| (dr, dc))
}

/// Whether `line` looks like a short killer string: 81 sums and arrows, with an arrow.
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    line.chars().count() == SIZE * SIZE
        && line
            .chars()
            .all(|c| sum_of(c).is_some() || arrow(c).is_some())
        && (line
            .chars()
            .any(|c| matches!(c, '^' | 'v' | '<' | '>' | '`' | '\''))
            // 81 digits and dots: a plain sudoku, which this format's error names.
            || line.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

/// The fewest characters a short killer string of the wrong length is taken for one at:
/// a row of the grid.
const NEAR_MISS_CHARS: usize = SIZE;

/// Whether `line` is a short killer string of the wrong length, or with a character or two
/// that is neither a sum nor an arrow (a cut or doubled paste, a typo): a row's worth of
/// characters or more, no space, at least two of the arrows no other format's text has
/// (`^ < > \` '`), and at most two other characters. Such a line is read as this format,
/// whose error says what is wrong, rather than as a kk cage line without a comma.
pub fn near_miss(line: &str) -> bool {
    let line = line.trim();
    let count = line.chars().count();
    count >= NEAR_MISS_CHARS
        && !line.contains(char::is_whitespace)
        && line
            .chars()
            .filter(|c| matches!(c, '^' | '<' | '>' | '`' | '\''))
            .count()
            >= 2
        && line
            .chars()
            .filter(|&c| sum_of(c).is_none() && arrow(c).is_none())
            .count()
            <= 2
}

/// The format as the line-by-line readers see it: one string per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = ShortKillerError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, ShortKillerError> {
        parse_with(line, options)
    }

    fn empty() -> ShortKillerError {
        ShortKillerError::Empty
    }
}

/// Parses one short killer string.
pub fn parse(text: &str) -> Result<Entry, ShortKillerError> {
    parse_with(text, Options::default())
}

fn parse_with(text: &str, options: Options) -> Result<Entry, ShortKillerError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ShortKillerError::Empty);
    }
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != SIZE * SIZE {
        return Err(ShortKillerError::Length { found: chars.len() });
    }
    // Digits and dots alone: a plain sudoku (dots or zeros for its empty cells). A killer's
    // arrows point every way; one of only diagonal arrows down-right is no real puzzle.
    if chars.iter().all(|&c| c.is_ascii_digit() || c == '.') {
        return Err(ShortKillerError::PlainSudoku);
    }
    let place = |i: usize| (i + 1, i / SIZE + 1, i % SIZE + 1);
    // Where each cell points: itself for a head.
    let mut next = vec![0usize; chars.len()];
    for (i, &c) in chars.iter().enumerate() {
        let (position, row, col) = place(i);
        if let Some((dr, dc)) = arrow(c) {
            let r = (i / SIZE) as isize + dr;
            let k = (i % SIZE) as isize + dc;
            if !(0..SIZE as isize).contains(&r) || !(0..SIZE as isize).contains(&k) {
                return Err(ShortKillerError::BadArrow {
                    position,
                    row,
                    col,
                    reason: "points off the grid",
                });
            }
            next[i] = r as usize * SIZE + k as usize;
        } else if sum_of(c).is_some() {
            next[i] = i;
        } else {
            return Err(ShortKillerError::BadCharacter {
                position,
                row,
                col,
                found: c,
            });
        }
    }
    let mut cells_of_head: Vec<Vec<Cell>> = vec![Vec::new(); chars.len()];
    for i in 0..chars.len() {
        let mut at = i;
        let mut steps = 0;
        while next[at] != at {
            at = next[at];
            steps += 1;
            if steps > chars.len() {
                let (position, row, col) = place(i);
                return Err(ShortKillerError::BadArrow {
                    position,
                    row,
                    col,
                    reason: "goes round in a loop and reaches no sum",
                });
            }
        }
        cells_of_head[at].push(Cell(i as u16));
    }
    let mut cages = Vec::new();
    for (head, cells) in cells_of_head.into_iter().enumerate() {
        if cells.is_empty() {
            continue;
        }
        let sum = sum_of(chars[head]).unwrap_or_default();
        // A lone `0` is a cell outside every cage (the forums' strings use it so); a `0`
        // that arrows lead to would be a cage without a sum, which cagey cannot hold.
        if sum == 0 && cells.len() == 1 {
            continue;
        }
        if sum == 0 {
            let (position, row, col) = place(head);
            return Err(ShortKillerError::ZeroSum { position, row, col });
        }
        cages.push(Cage::clued(Operation::Add, sum, cells));
    }
    let puzzle = Puzzle::builder(SIZE)
        .corners_allowed(true)
        .cages(cages)
        .regions(Regions::Boxes { rows: 3, cols: 3 })
        .options(options.union(Options {
            killer: true,
            ..Options::default()
        }))
        .build()
        .map_err(ShortKillerError::Puzzle)?;
    Ok(Entry::new(puzzle))
}

/// Whether `puzzle` is a plain 9x9 Killer Sudoku without givens, the
/// only puzzles the forums' strings hold; `Err` names what it has beyond.
pub(crate) fn plain_killer(puzzle: &Puzzle, format: Format) -> Result<(), WriteError> {
    let refuse = |reason: String| Err(WriteError { format, reason });
    if puzzle.size() != SIZE
        || puzzle.regions() != &(Regions::Boxes { rows: 3, cols: 3 })
        || !puzzle.options().killer
    {
        return refuse(format!(
            "the format holds 9x9 Killer Sudoku only, and this is a {}x{} {}",
            puzzle.size(),
            puzzle.size(),
            puzzle.kind()
        ));
    }
    if puzzle.cells().any(|cell| puzzle.given(cell).is_some()) {
        return refuse("the format has no place for givens".into());
    }
    if puzzle.options().multi_cell {
        return refuse("the format has no way to state the multi-cell rule".into());
    }
    Ok(())
}

/// Writes a short killer string.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    plain_killer(puzzle, Format::ShortKiller)?;
    // A cell outside every cage is a lone `0`.
    let mut chars = vec!['0'; SIZE * SIZE];
    for cage in puzzle.cages() {
        let head = cage.cells()[0];
        chars[head.index()] = sum_char(cage.target()).ok_or_else(|| WriteError {
            format: Format::ShortKiller,
            reason: format!(
                "a cage sums to {}, past the largest the format holds, {MAX_SUM}",
                cage.target()
            ),
        })?;
        // Breadth first from the head: each cell points to the cell it was reached from,
        // along straight arrows, or for a cage joined at a corner the diagonal ones too.
        for arrows in [&ARROWS[..4], &ARROWS[..]] {
            let mut reached = vec![head];
            let mut at = 0;
            while at < reached.len() {
                let from = reached[at];
                at += 1;
                for &(symbol, dr, dc) in arrows {
                    let r = from.row(SIZE) as isize - dr;
                    let c = from.col(SIZE) as isize - dc;
                    if !(0..SIZE as isize).contains(&r) || !(0..SIZE as isize).contains(&c) {
                        continue;
                    }
                    let cell = Cell::at(r as usize, c as usize, SIZE);
                    if cage.cells().contains(&cell) && !reached.contains(&cell) {
                        chars[cell.index()] = symbol;
                        reached.push(cell);
                    }
                }
            }
            if reached.len() == cage.cells().len() {
                break;
            }
        }
    }
    Ok(chars.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The killer of the long format's test below, as a short string (written by hand from
    /// its cages: rows of three cells summing to 6, 15 and 24).
    const ROWS: &str =
        "6<<F<<O<<F<<O<<6<<O<<6<<F<<6<<F<<O<<F<<O<<6<<O<<6<<F<<6<<F<<O<<F<<O<<6<<O<<6<<F<<";

    #[test]
    fn cages_follow_their_arrows() {
        let entry = parse(ROWS).unwrap();
        assert_eq!(entry.puzzle.cages().len(), 27);
        assert_eq!(entry.puzzle.cages()[0].target(), 6);
        assert_eq!(write(&entry.puzzle).unwrap(), ROWS);
    }

    #[test]
    fn bad_strings_say_where() {
        let off = format!("<{}", &ROWS[1..]);
        assert_eq!(
            parse(&off).unwrap_err().to_string(),
            "position 1 (r1c1): the arrow points off the grid"
        );
        let looped = format!("><{}", &ROWS[2..]);
        assert!(parse(&looped).unwrap_err().to_string().contains("loop"));
        assert!(matches!(
            parse("6<<"),
            Err(ShortKillerError::Length { found: 3 })
        ));
        let bad = format!("{}!", &ROWS[..80]);
        assert!(parse(&bad)
            .unwrap_err()
            .to_string()
            .starts_with("position 81 (r9c9)"));
    }

    /// Guards #45: a string cut short or run long was read as kk, whose error was about a
    /// missing comma; it is this format's, saying its length and the length it needs.
    #[test]
    fn a_string_of_the_wrong_length_says_its_length() {
        for text in [&ROWS[..80], &format!("{ROWS}<"), &ROWS[..27]] {
            let (format, results) = crate::formats::parse_detected(text).unwrap();
            assert_eq!(format, Format::ShortKiller, "{text}");
            let error = results[0].as_ref().unwrap_err().to_string();
            let found = text.chars().count();
            assert!(
                error.contains(&format!(
                    "the string has {found} characters; a short killer string has 81"
                )),
                "{error}"
            );
        }
        // A typo at a place: its position is named.
        let typo = format!("{}!{}", &ROWS[..40], &ROWS[41..]);
        let (format, results) = crate::formats::parse_detected(&typo).unwrap();
        assert_eq!(format, Format::ShortKiller);
        let error = results[0].as_ref().unwrap_err().to_string();
        assert!(error.contains("position 41 (r5c5)"), "{error}");
        // A kk line and a grid row are not taken for one.
        assert!(!near_miss("11+,0 1 2 3"));
        assert!(!near_miss("aabbccdde"));
    }

    /// Guards #43: a plain sudoku pasted into the page was read, silently, as a 9x9 Killer
    /// of 30 cages.
    #[test]
    fn a_plain_sudoku_is_not_a_killer() {
        let zeros =
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
        let dots = zeros.replace('0', ".");
        for text in [zeros, dots.as_str()] {
            let error = parse(text).unwrap_err();
            assert_eq!(error, ShortKillerError::PlainSudoku);
            assert!(error.to_string().contains("plain sudoku"));
            // Detected as this format, whose error then says what the text is.
            let (format, results) = crate::formats::parse_detected(text).unwrap();
            assert_eq!(format, Format::ShortKiller);
            let error = results[0].as_ref().unwrap_err().to_string();
            assert!(error.contains("plain sudoku"), "{error}");
        }
    }
}
