//! puzz.link `factors` links: Rooms of Factors (Inshi no heya), a KenKen with only
//! multiplication, `https://puzz.link/p?factors/<cols>/<rows>/<BORDERS><CLUES>`.
//!
//! Learnt from pzprjs (`src/variety-common/Encode.js`):
//!
//! - **BORDERS**: base-32 characters (`0`-`9`, `a`-`v`), five bits each, most significant
//!   first; first the `(cols - 1) * rows` walls between horizontal neighbours in reading
//!   order, then, starting on a fresh character, the `cols * (rows - 1)` walls between
//!   vertical neighbours in reading order. A 1 bit is a wall; rooms are what the walls
//!   enclose.
//! - **CLUES**: one per room, rooms in reading order of their first cell: a hex digit, `-`
//!   and two hex digits, `+` and three, `=` three more (4096 on), `%` three more (8192 on); `.`
//!   a room with a hidden number, and `g`..`z` skip 1 to 20 rooms without a clue.
//!
//! A room's digits multiply to its clue (a one-cell room is a given); rows and columns hold
//! 1..n once each. cagey needs every room's clue and a square grid; it writes plain KenKen
//! whose every cage is a product or a given.

use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::write_error::WriteError;
use crate::model::{Cage, Cell, Operation, Options, Puzzle, PuzzleError, MAX_SIZE};

/// The largest clue the writer packs: `%` and three hex digits.
const MAX_CLUE: u64 = 8192 + 4095;

/// What is wrong with a factors link.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FactorsError {
    /// No link at all.
    #[error("no puzz.link factors link found")]
    Empty,
    /// Not `factors/<cols>/<rows>/<body>`.
    #[error("expected factors/<cols>/<rows>/<borders and clues>, as in https://puzz.link/p?factors/5/5/…")]
    Shape,
    /// A grid that is not square, or too large.
    #[error(
        "a {cols}x{rows} grid: Rooms of Factors is square, and cagey reads 1 to {MAX_SIZE} a side"
    )]
    Size {
        /// Columns.
        cols: usize,
        /// Rows.
        rows: usize,
    },
    /// A bad character.
    #[error("{part}, position {position}: {reason}")]
    Body {
        /// `borders` or `clues`.
        part: &'static str,
        /// Position in the body, from 1.
        position: usize,
        /// What is wrong.
        reason: String,
    },
    /// A room without a clue.
    #[error("the room at r{row}c{col} has no clue; cagey needs every room's product")]
    NoClue {
        /// Row from 1.
        row: usize,
        /// Column from 1.
        col: usize,
    },
    /// The rooms do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

/// Whether `line` looks like a factors link.
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    line.contains("?factors/") || line.starts_with("factors/")
}

/// The format as the line-by-line readers see it: one link per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = FactorsError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, FactorsError> {
        parse_with(line, options)
    }

    fn empty() -> FactorsError {
        FactorsError::Empty
    }
}

/// Parses one factors link.
///
/// ```
/// use cagey::formats::factors;
///
/// // pzprjs's own test puzzle (test/script/factors.js).
/// let entry = factors::parse("https://puzz.link/p?factors/5/5/rvvcm9jf54653-28ca2833-14")?;
/// assert_eq!(entry.puzzle.size(), 5);
/// assert_eq!(entry.puzzle.cages().len(), 13);
/// # Ok::<(), factors::FactorsError>(())
/// ```
pub fn parse(link: &str) -> Result<Entry, FactorsError> {
    parse_with(link, Options::default())
}

fn walls_between(n: usize) -> (usize, usize) {
    ((n - 1) * n, n * (n - 1))
}

/// The two cells on either side of wall `wall`: the vertical walls (between horizontal
/// neighbours) first, then the horizontal ones, each in reading order.
fn wall_cells(wall: usize, n: usize) -> (usize, usize) {
    let across = (n - 1) * n;
    if wall < across {
        let (r, c) = (wall / (n - 1), wall % (n - 1));
        (r * n + c, r * n + c + 1)
    } else {
        let j = wall - across;
        let (r, c) = (j / n, j % n);
        (r * n + c, (r + 1) * n + c)
    }
}

fn parse_with(link: &str, options: Options) -> Result<Entry, FactorsError> {
    let link = link.trim();
    if link.is_empty() {
        return Err(FactorsError::Empty);
    }
    let body = link
        .split_once("factors/")
        .map(|(_, b)| b)
        .ok_or(FactorsError::Shape)?;
    let mut fields = body.splitn(3, '/');
    let (Some(cols), Some(rows), Some(body)) = (fields.next(), fields.next(), fields.next()) else {
        return Err(FactorsError::Shape);
    };
    let (Ok(cols), Ok(rows)) = (cols.parse::<usize>(), rows.parse::<usize>()) else {
        return Err(FactorsError::Shape);
    };
    if cols != rows || !(1..=MAX_SIZE).contains(&cols) {
        return Err(FactorsError::Size { cols, rows });
    }
    let n = cols;
    let body: Vec<char> = body
        .split(['&', '?', '#'])
        .next()
        .unwrap_or_default()
        .chars()
        .collect();
    let (across, down) = walls_between(n);
    let mut walls = vec![false; across + down];
    let mut at = 0;
    for (start, count) in [(0, across), (across, down)] {
        let chars = count.div_ceil(5);
        for k in 0..chars {
            let c = body.get(at).copied().ok_or_else(|| FactorsError::Body {
                part: "borders",
                position: at + 1,
                reason: "the link ends inside the borders".into(),
            })?;
            let bits = c.to_digit(32).ok_or_else(|| FactorsError::Body {
                part: "borders",
                position: at + 1,
                reason: format!("unexpected {c:?}, expected a base-32 digit 0-9 or a-v"),
            })?;
            for w in 0..5 {
                let index = k * 5 + w;
                if index < count {
                    walls[start + index] = bits & (16 >> w) != 0;
                }
            }
            at += 1;
        }
    }
    // Rooms: cells joined across every absent wall.
    let mut room = vec![usize::MAX; n * n];
    let mut rooms: Vec<Vec<Cell>> = Vec::new();
    for first in 0..n * n {
        if room[first] != usize::MAX {
            continue;
        }
        let id = rooms.len();
        room[first] = id;
        let mut cells = vec![first];
        let mut k = 0;
        while k < cells.len() {
            let cell = cells[k];
            k += 1;
            for (wall, &is_wall) in walls.iter().enumerate() {
                let (a, b) = wall_cells(wall, n);
                let other = if a == cell {
                    b
                } else if b == cell {
                    a
                } else {
                    continue;
                };
                if !is_wall && room[other] == usize::MAX {
                    room[other] = id;
                    cells.push(other);
                }
            }
        }
        cells.sort_unstable();
        rooms.push(cells.into_iter().map(|c| Cell(c as u16)).collect());
    }
    let clues = decode_clues(&body[at..], at, rooms.len())?;
    let mut cages = Vec::new();
    for (cells, clue) in rooms.into_iter().zip(clues) {
        let Some(clue) = clue else {
            return Err(FactorsError::NoClue {
                row: cells[0].row(n) + 1,
                col: cells[0].col(n) + 1,
            });
        };
        cages.push(Cage::clued(Operation::Multiply, clue, cells));
    }
    let puzzle = Puzzle::builder(n)
        .cages(cages)
        .options(options)
        .build()
        .map_err(FactorsError::Puzzle)?;
    Ok(Entry::new(puzzle))
}

/// The clues of `rooms` rooms; `offset` is where they start in the body, for positions.
fn decode_clues(
    chars: &[char],
    offset: usize,
    rooms: usize,
) -> Result<Vec<Option<u64>>, FactorsError> {
    let error = |i: usize, reason: String| FactorsError::Body {
        part: "clues",
        position: offset + i + 1,
        reason,
    };
    let mut clues = Vec::with_capacity(rooms);
    let mut i = 0;
    while i < chars.len() && clues.len() < rooms {
        let c = chars[i];
        let hex = |from: usize, len: usize| -> Result<u64, FactorsError> {
            let text: String = chars.iter().skip(from).take(len).collect();
            if text.chars().count() != len {
                return Err(error(from, "the link ends inside a clue".into()));
            }
            u64::from_str_radix(&text, 16).map_err(|_| error(from, format!("{text:?} is not hex")))
        };
        let (clue, used) = match c {
            '0'..='9' | 'a'..='f' => (Some(u64::from(c.to_digit(16).unwrap_or_default())), 1),
            '-' => (Some(hex(i + 1, 2)?), 3),
            '+' => (Some(hex(i + 1, 3)?), 4),
            '=' => (Some(hex(i + 1, 3)? + 4096), 4),
            '%' => (Some(hex(i + 1, 3)? + 8192), 4),
            '.' => (None, 1),
            'g'..='z' => {
                let skip = c as usize - 'f' as usize;
                clues.extend(std::iter::repeat_n(None, skip));
                i += 1;
                continue;
            }
            _ => return Err(error(i, format!("unexpected {c:?} in the clues"))),
        };
        clues.push(clue);
        i += used;
    }
    if i < chars.len() {
        return Err(error(i, format!("more clues than the {rooms} rooms")));
    }
    clues.truncate(rooms);
    clues.resize(rooms, None);
    Ok(clues)
}

/// Writes a factors link for a plain KenKen whose every cage is a product or a given.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    let refuse = |reason: String| WriteError {
        format: Format::Factors,
        reason,
    };
    if !puzzle.is_plain() {
        return Err(super::write_error::plain_only(Format::Factors, puzzle));
    }
    let n = puzzle.size();
    if let Some(cage) = puzzle
        .cages()
        .iter()
        .find(|c| !matches!(c.operation(), Operation::Multiply | Operation::Given))
    {
        return Err(refuse(format!(
            "Rooms of Factors has products only, and the cage {} is {}",
            cage.label(),
            cage.operation().name()
        )));
    }
    let (across, down) = walls_between(n);
    let mut out = format!("https://puzz.link/p?factors/{n}/{n}/");
    for (start, count) in [(0, across), (across, down)] {
        for chunk in (0..count).collect::<Vec<_>>().chunks(5) {
            let mut bits = 0u32;
            for (w, &index) in chunk.iter().enumerate() {
                let (a, b) = wall_cells(start + index, n);
                if puzzle.cage_of(Cell(a as u16)) != puzzle.cage_of(Cell(b as u16)) {
                    bits |= 16 >> w;
                }
            }
            out.push(char::from_digit(bits, 32).unwrap_or('0'));
        }
    }
    for cage in puzzle.cages() {
        let clue = cage.target();
        match clue {
            0..=15 => out.push(char::from_digit(clue as u32, 16).unwrap_or('0')),
            16..=255 => out.push_str(&format!("-{clue:02x}")),
            256..=4095 => out.push_str(&format!("+{clue:03x}")),
            4096..=8191 => out.push_str(&format!("={:03x}", clue - 4096)),
            8192..=MAX_CLUE => out.push_str(&format!("%{:03x}", clue - 8192)),
            _ => {
                return Err(refuse(format!(
                    "the product {clue} is past the largest a link holds, {MAX_CLUE}"
                )))
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Grid;

    /// pzprjs's test puzzle and its solution (robx/pzprjs, test/script/factors.js).
    const LINK: &str = "https://puzz.link/p?factors/5/5/rvvcm9jf54653-28ca2833-14";
    const SOLUTION: [u8; 25] = [
        5, 4, 3, 2, 1, 3, 1, 2, 4, 5, 1, 5, 4, 3, 2, 4, 2, 5, 1, 3, 2, 3, 1, 5, 4,
    ];

    #[test]
    fn the_pzprjs_test_puzzle_reads_and_its_solution_checks() {
        let entry = parse(LINK).unwrap();
        let grid = Grid::from_digits(5, SOLUTION.to_vec()).unwrap();
        assert_eq!(crate::check(&entry.puzzle, &grid), Ok(()));
        assert_eq!(write(&entry.puzzle).unwrap(), LINK);
    }

    #[test]
    fn bad_links_say_where() {
        assert_eq!(
            parse("https://puzz.link/p?factors/5/4/x").unwrap_err(),
            FactorsError::Size { cols: 5, rows: 4 }
        );
        assert!(parse("https://puzz.link/p?factors/5/5/rvvcm9jf5465")
            .unwrap_err()
            .to_string()
            .contains("has no clue"));
        assert!(parse("https://puzz.link/p?factors/5/5/rv!")
            .unwrap_err()
            .to_string()
            .starts_with("borders, position 3"));
    }
}
