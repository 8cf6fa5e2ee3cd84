//! Simon Tatham's Keen game IDs: `PARAMS:DESC`, and `S…` solution strings.
//!
//! `PARAMS` is `<n>[d<c>][m]`: the size, an optional difficulty (`de` easy, `dn` normal, `dh`
//! hard, `dx` extreme, `du` unreasonable) and `m` for multiplication-only puzzles. They are kept
//! as the `params=` comment of the [`Entry`]. `DESC` is `BLOCKS,CLUES`:
//!
//! - **BLOCKS** walks the walls between neighbouring cells: first the walls between
//!   horizontal neighbours in reading order, then those between vertical neighbours column by
//!   column, then one virtual wall that ends the walk. Each symbol says how many walls are
//!   absent (the two cells share a cage) before the next present one: `_` none, `a`..`y` 1 to
//!   25, while `z` is 25 absent walls and no present one. A symbol followed by a number k
//!   stands for k copies of it (`_7`).
//!
//!   ```text
//!   3x3 walls:  cells      horizontal edges    vertical edges (column-major)
//!               0 1 2      0: 0|1  1: 1|2      6: 0/3  7: 3/6   (column 0)
//!               3 4 5      2: 3|4  3: 4|5      8: 1/4  9: 4/7   (column 1)
//!               6 7 8      4: 6|7  5: 7|8     10: 2/5 11: 5/8   (column 2)
//!                                             12: the virtual wall
//!   ```
//! - **CLUES** has one clue per cage, cages ordered by their smallest cell: a letter (`a`
//!   addition, `m` multiplication, `s` subtraction, `d` division) and the target. A one-cell
//!   cage is a given.
//!
//! A random-seed ID (`9dx#17`) names a puzzle only Keen's own generator can make, so it is
//! refused. Keen allows sizes 3 to 9; cagey reads any size it can hold but writes only those.

use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::lines::excerpt;
use super::write_error::WriteError;
use crate::model::{Cage, CageId, Cell, Grid, Operation, Options, Puzzle, PuzzleError, MAX_SIZE};

/// Keen's smallest and largest grid sides.
pub const KEEN_SIZES: std::ops::RangeInclusive<usize> = 3..=9;

/// Runs of absent walls this long or longer are never written: Keen's reader miscounts them.
const MAX_WRITTEN_RUN: usize = 25;

/// What is wrong with a Keen ID, and where (a character position from 1 where it helps).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeenError {
    /// No ID at all.
    #[error("no Keen game ID found")]
    Empty,
    /// A random-seed ID.
    #[error("{id:?} is a random-seed ID: only Keen's own generator can expand it into a puzzle; in Keen, use Game > Specific to copy the descriptive ID (size:description) instead")]
    SeedOnly {
        /// The ID as written.
        id: String,
    },
    /// A solution string where a puzzle was expected.
    #[error("this is a Keen solution string (S followed by digits), not a puzzle")]
    SolutionNotPuzzle,
    /// Bad parameters.
    #[error("parameters {text:?}: expected a size, an optional difficulty d[enhxu] and an optional m, e.g. 6 or 6dh")]
    BadParams {
        /// The parameters as written.
        text: String,
    },
    /// A size outside what can be read.
    #[error("size {size} is outside 1..={MAX_SIZE}")]
    BadSize {
        /// The size.
        size: usize,
    },
    /// No comma between blocks and clues.
    #[error("the description must be BLOCKS,CLUES with one comma")]
    NoComma,
    /// A bad character in the blocks.
    #[error(
        "blocks, position {position}: unexpected {found:?}, expected _, a-z or a repeat count"
    )]
    BadBlockSymbol {
        /// Position in the blocks, from 1.
        position: usize,
        /// The character found.
        found: char,
    },
    /// The blocks do not walk exactly the walls of the grid.
    #[error("blocks: they describe {walked} walls, but a {size}x{size} grid has {expected} (including the final virtual wall)")]
    BlockLength {
        /// The grid side.
        size: usize,
        /// Walls the symbols walk.
        walked: usize,
        /// Walls the grid has.
        expected: usize,
    },
    /// A bad clue.
    #[error("clues, position {position}: expected a letter a, m, s or d followed by a number, found {found:?}")]
    BadClue {
        /// Position in the clues, from 1.
        position: usize,
        /// What was found.
        found: String,
    },
    /// Clue and cage counts differ.
    #[error("the blocks make {cages} cages but there are {clues} clues")]
    ClueCount {
        /// Cages from the blocks.
        cages: usize,
        /// Clues given.
        clues: usize,
    },
    /// The cages do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

/// Whether `line` looks like a Keen ID or solution string.
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    if let Some(digits) = line.strip_prefix('S') {
        return !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
    }
    match line.find([':', '#']) {
        Some(end) => parse_params(&line[..end]).is_some(),
        None => false,
    }
}

/// Parses every ID of a text, one per non-blank line (`#` comment lines are skipped).
pub fn parse_all(text: &str) -> Vec<Result<Entry, KeenError>> {
    super::lines::parse_lines::<super::lines::PerLine<Lines>>(text, Options::default())
}

/// The format as the line-by-line readers see it: one puzzle per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = KeenError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, KeenError> {
        parse_with(line, options)
    }

    fn empty() -> KeenError {
        KeenError::Empty
    }
}

/// Parses one game ID.
pub fn parse(id: &str) -> Result<Entry, KeenError> {
    parse_with(id, Options::default())
}

/// Parses one game ID under `options`, which a game ID has no way to state (see
/// [`super::dispatch::parse_all_with`]).
fn parse_with(id: &str, options: Options) -> Result<Entry, KeenError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(KeenError::Empty);
    }
    if id.starts_with('S') && id[1..].chars().all(|c| c.is_ascii_digit()) {
        return Err(KeenError::SolutionNotPuzzle);
    }
    if id
        .find([':', '#'])
        .is_some_and(|i| id.as_bytes()[i] == b'#')
    {
        return Err(KeenError::SeedOnly { id: excerpt(id) });
    }
    let Some((params, desc)) = id.split_once(':') else {
        return Err(KeenError::NoComma);
    };
    let Some((size, full_params)) = parse_params(params) else {
        return Err(KeenError::BadParams {
            text: excerpt(params),
        });
    };
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(KeenError::BadSize { size });
    }
    let Some((blocks, clues)) = desc.split_once(',') else {
        return Err(KeenError::NoComma);
    };
    let groups = decode_blocks(blocks, size)?;
    let clues = decode_clues(clues)?;
    if clues.len() != groups.len() {
        return Err(KeenError::ClueCount {
            cages: groups.len(),
            clues: clues.len(),
        });
    }
    let cages = groups
        .into_iter()
        .zip(clues)
        .map(|(cells, (letter, target))| {
            let operation = match (letter, cells.len()) {
                ('a' | 'm', 1) => Operation::Given,
                ('a', _) => Operation::Add,
                ('m', _) => Operation::Multiply,
                ('s', _) => Operation::Subtract,
                _ => Operation::Divide,
            };
            Cage::new(operation, target, cells)
        })
        .collect();
    let puzzle = Puzzle::builder(size)
        .cages(cages)
        .options(options)
        .build()
        .map_err(KeenError::Puzzle)?;
    let mut entry = Entry::new(puzzle);
    if full_params {
        entry.comments.push(format!("params={params}"));
    }
    Ok(entry)
}

/// Writes a descriptive game ID, `n:BLOCKS,CLUES`.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    if !puzzle.is_plain() {
        return Err(super::write_error::plain_only(
            super::format::Format::Keen,
            puzzle,
        ));
    }
    let n = puzzle.size();
    let refuse = |reason: String| WriteError {
        format: Format::Keen,
        reason,
    };
    if !KEEN_SIZES.contains(&n) {
        return Err(refuse(format!("Keen allows sizes 3 to 9, not {n}")));
    }
    let mut runs = Vec::new();
    let mut absent = 0;
    for edge in 0..2 * n * (n - 1) {
        let (a, b) = edge_cells(edge, n);
        if puzzle.cage_of(Cell(a as u16)) == puzzle.cage_of(Cell(b as u16)) {
            absent += 1;
        } else {
            runs.push(absent);
            absent = 0;
        }
    }
    runs.push(absent); // the virtual wall ends the last run
    if runs.iter().any(|&run| run >= MAX_WRITTEN_RUN) {
        return Err(refuse(format!(
            "a cage joins {MAX_WRITTEN_RUN} or more walls in a row, which Keen's reader misreads"
        )));
    }
    let symbols: Vec<char> = runs
        .iter()
        .map(|&run| {
            if run == 0 {
                '_'
            } else {
                (b'a' + run as u8 - 1) as char
            }
        })
        .collect();
    let mut out = format!("{n}:");
    let mut i = 0;
    while i < symbols.len() {
        let same = symbols[i..]
            .iter()
            .take_while(|&&s| s == symbols[i])
            .count();
        match same {
            1 => out.push(symbols[i]),
            2 => {
                out.push(symbols[i]);
                out.push(symbols[i]);
            }
            _ => out.push_str(&format!("{}{same}", symbols[i])),
        }
        i += same;
    }
    out.push(',');
    for (id, cage) in puzzle.cages().iter().enumerate() {
        let letter = match cage.operation() {
            Operation::Add | Operation::Given => 'a',
            Operation::Unknown => {
                return Err(refuse(format!(
                    "cage {} hides its operation, which Keen's clues cannot",
                    puzzle.cage_name(CageId(id as u16))
                )))
            }
            Operation::Multiply => 'm',
            Operation::Subtract => 's',
            Operation::Divide => 'd',
        };
        out.push_str(&format!("{letter}{}", cage.target()));
    }
    Ok(out)
}

/// Parses a solution string, `S` and one digit per cell; the digits are read by
/// [`digits::parse_solution`](super::digits::parse_solution).
pub fn parse_solution(text: &str, size: usize) -> Option<Grid> {
    let digits = text.trim().strip_prefix('S')?;
    super::digits::parse_solution(size, digits)
        .ok()
        .filter(|grid| grid.is_full())
}

/// Writes a solution string; `None` past 9x9, where digits need two characters.
pub fn write_solution(grid: &Grid) -> Option<String> {
    (grid.size() <= 9).then(|| {
        let digits: String = grid.digits().iter().map(|d| char::from(b'0' + d)).collect();
        format!("S{digits}")
    })
}

/// The size of `<n>[d<c>][m]` and whether more than the size was given.
fn parse_params(text: &str) -> Option<(usize, bool)> {
    let digits_end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let size = text[..digits_end].parse().ok()?;
    let mut rest = &text[digits_end..];
    if let Some(after) = rest.strip_prefix('d') {
        let mut chars = after.chars();
        if !matches!(chars.next(), Some('e' | 'n' | 'h' | 'x' | 'u')) {
            return None;
        }
        rest = chars.as_str();
    }
    rest = rest.strip_prefix('m').unwrap_or(rest);
    rest.is_empty().then_some((size, digits_end < text.len()))
}

/// The two cells on either side of wall `edge`.
pub(super) fn edge_cells(edge: usize, n: usize) -> (usize, usize) {
    let across = n * (n - 1);
    if edge < across {
        let (y, x) = (edge / (n - 1), edge % (n - 1));
        (y * n + x, y * n + x + 1)
    } else {
        let j = edge - across;
        let (x, y) = (j / (n - 1), j % (n - 1));
        (y * n + x, (y + 1) * n + x)
    }
}

/// The cages the blocks describe, each as its cells, ordered by smallest cell.
fn decode_blocks(blocks: &str, n: usize) -> Result<Vec<Vec<Cell>>, KeenError> {
    let walls = 2 * n * (n - 1) + 1;
    let runs = block_runs(blocks)?;
    // Count first, so that a wrong length is reported as the whole length walked.
    let walked = runs.iter().fold(0usize, |sum, &(absent, wall, copies)| {
        sum.saturating_add((absent + usize::from(wall)).saturating_mul(copies))
    });
    let ends_on_wall = runs.last().is_some_and(|&(_, wall, _)| wall);
    if walked != walls || !ends_on_wall {
        return Err(KeenError::BlockLength {
            size: n,
            walked,
            expected: walls,
        });
    }
    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut edge = 0;
    for (absent, wall, copies) in runs {
        for _ in 0..copies {
            for _ in 0..absent {
                let (a, b) = edge_cells(edge, n);
                union(&mut parent, a, b);
                edge += 1;
            }
            edge += usize::from(wall);
        }
    }
    Ok(groups(&mut parent, n))
}

/// The cells of each set `parent` joins on a grid of side `n`, ordered by smallest cell:
/// the cages (or, in Solo's IDs, the regions) an edge walk describes.
pub(super) fn groups(parent: &mut [usize], n: usize) -> Vec<Vec<Cell>> {
    let mut groups: Vec<Vec<Cell>> = Vec::new();
    let mut group_of_root = vec![usize::MAX; n * n];
    for cell in 0..n * n {
        let root = find(parent, cell);
        if group_of_root[root] == usize::MAX {
            group_of_root[root] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of_root[root]].push(Cell(cell as u16));
    }
    groups
}

/// The symbols of the blocks as (absent walls, then a wall?, copies).
fn block_runs(blocks: &str) -> Result<Vec<(usize, bool, usize)>, KeenError> {
    let chars: Vec<char> = blocks.chars().collect();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let symbol = chars[i];
        let (absent, wall) = match symbol {
            '_' => (0, true),
            'a'..='y' => (symbol as usize - 'a' as usize + 1, true),
            'z' => (25, false),
            _ => {
                return Err(KeenError::BadBlockSymbol {
                    position: i + 1,
                    found: symbol,
                })
            }
        };
        i += 1;
        let digits = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let copies = if digits > 0 {
            let text: String = chars[i..i + digits].iter().collect();
            i += digits;
            text.parse::<usize>().unwrap_or(usize::MAX)
        } else {
            1
        };
        runs.push((absent, wall, copies));
    }
    Ok(runs)
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

pub(super) fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    parent[ra.max(rb)] = ra.min(rb);
}

/// The clues as (letter, target).
fn decode_clues(clues: &str) -> Result<Vec<(char, u64)>, KeenError> {
    let mut out = Vec::new();
    let chars: Vec<char> = clues.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        let digits = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let number: String = chars[i + 1..i + 1 + digits].iter().collect();
        match (letter, number.parse::<u64>()) {
            ('a' | 'm' | 's' | 'd', Ok(target)) if target > 0 => out.push((letter, target)),
            _ => {
                return Err(KeenError::BadClue {
                    position: i + 1,
                    found: excerpt(&chars[i..i + 1 + digits].iter().collect::<String>()),
                })
            }
        }
        i += 1 + digits;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    #[test]
    fn decodes_the_worked_examples() {
        let entry = parse("3:a__c_b_,a7s1m12").unwrap();
        assert_eq!(kk::write(&entry.puzzle), "7+,0 1 3\n1-,2 5\n12*,4 6 7 8\n");
        assert_eq!(write(&entry.puzzle).unwrap(), "3:a__c_b_,a7s1m12");
        let id = "4:a_7a__a_aaba,d2s2m8m3d2a6a4s1";
        let entry = parse(id).unwrap();
        assert_eq!(
            kk::write(&entry.puzzle),
            "2%,0 1\n2-,2 6\n8*,3 7\n3*,4 8\n2%,5 9\n6+,10 14\n4+,11 15\n1-,12 13\n"
        );
        assert_eq!(write(&entry.puzzle).unwrap(), id);
        let solution = parse_solution("S2134341212434321", 4).unwrap();
        assert_eq!(crate::check(&entry.puzzle, &solution), Ok(()));
        assert_eq!(write_solution(&solution).unwrap(), "S2134341212434321");
    }

    #[test]
    fn keeps_full_parameters() {
        let entry = parse("4dhm:a_7a__a_aaba,m2m2m8m3m2m6m4m1").unwrap();
        assert_eq!(entry.meta("params"), Some("4dhm"));
    }

    #[test]
    fn names_each_error() {
        let cases = [
            ("", "no Keen game ID"),
            ("9dx#17", "\"9dx#17\" is a random-seed ID"),
            ("S123", "this is a Keen solution string"),
            ("4q:a_7a__a_aaba,d2s2m8m3d2a6a4s1", "parameters \"4q\""),
            ("4:a_7a__a_aaba", "the description must be BLOCKS,CLUES"),
            (
                "4:a_7a__a_aa!a,d2s2m8m3d2a6a4s1",
                "blocks, position 11: unexpected '!'",
            ),
            (
                "4:a_7a__a_aab,d2s2m8m3d2a6a4s1",
                "blocks: they describe 23 walls, but a 4x4 grid has 25",
            ),
            (
                "4:a_7a__a_aabab,d2s2m8m3d2a6a4s1",
                "blocks: they describe 28 walls",
            ),
            (
                "4:a_7a__a_aaba,d2s2m8m3d2a6a4x1",
                "clues, position 15: expected a letter",
            ),
            (
                "4:a_7a__a_aaba,d2s2m8m3d2a6a4",
                "the blocks make 8 cages but there are 7 clues",
            ),
            (
                "3:a__c_b_,a7s1s12",
                "cage 12− at r2c2: a subtraction cage must have exactly two cells",
            ),
        ];
        for (id, expected) in cases {
            let message = parse(id).unwrap_err().to_string();
            assert!(
                message.starts_with(expected),
                "{id:?} gave {message:?}, expected {expected:?}"
            );
        }
    }

    #[test]
    fn refuses_sizes_keen_does_not_allow() {
        let puzzle = kk::parse("3+,0 1\n3+,2 3\n").unwrap();
        assert!(write(&puzzle)
            .unwrap_err()
            .to_string()
            .contains("Keen allows sizes 3 to 9, not 2"));
    }
}
