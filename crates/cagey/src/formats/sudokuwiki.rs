//! SudokuWiki's packed puzzle strings, version 2.0: `K6C…` and friends, with progress.
//!
//! A string is a three-character header and one fixed-width base-36 field per cell,
//! row-major. The header is the puzzle type (`K` KenKen, `D` KenDoku, `L` Killer Sudoku, `M`
//! Killer Jigsaw), the size as one base-36 digit (`3`..`9`, `G` = 16, `P` = 25) and the layout
//! version (`C` for K and D, `B` for L and M). A pasted address is accepted: the string is
//! taken from its `bd=` parameter.
//!
//! Each KenKen field packs three sub-values, most significant first, each stored as
//! `value - lo` in just enough bits for `hi - lo`:
//!
//! ```text
//!   | colour 1..=5 | cage content 0..=maxClue | cell content 0..=2n+2^n-1 |
//!      3 bits          11 bits for 6x6            7 bits for 6x6
//! ```
//!
//! - **Colour**: a cage is a 4-connected group of cells of one colour; touching cages have
//!   different colours. The writer colours cages in order of their first cell with the
//!   smallest colour no coloured neighbour has, backtracking over colours 1 to 4 (5 is slack).
//! - **Cage content**: the target in the cage's first cell; the operator (1 add, 2 subtract,
//!   3 multiply, 4 divide) in the cell right of it if that is in the cage, else the cell below;
//!   0 elsewhere. A one-cell cage is a given. `maxClue` is `min(2047, n³(n-1)(n-2))`.
//! - **Cell content** (progress): 0 nothing known; `1..=n` a given digit (read as a solved
//!   cell); `n+d` the solved digit d; `2n+mask` a set of candidates, bit d-1 for digit d. A
//!   fresh puzzle holds every candidate in every cell.
//!
//! KenDoku strings (`D?C`) have the same fields and imply the standard boxes of their size
//! (6: 2x3, 8: 2x4, 9: 3x3, 16: 4x4, 25: 5x5). Killer strings (`L?B` with those boxes, `M?B`
//! with jigsaw regions) hold sums: the cage content is the sum in the first cell, no
//! operator, and `maxClue` is `n(n+1)/2`; an `M` field starts with the cell's region, `1..=n`.
//! The older unpacked killer form, 81 colour digits, a comma and 81 two-digit sums, is read
//! too (9x9 Killer Sudoku, no progress).

use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::write_error::WriteError;
use crate::model::{
    Cage, CageId, Cell, CellState, DigitSet, Operation, Options, Progress, Puzzle, PuzzleError,
    Regions,
};

/// The largest target a KenKen string can hold: 11 bits.
pub const MAX_KENKEN_CLUE: u64 = 2047;

/// Colours a cage may have; 5 is slack for a colouring that 4 cannot do greedily.
const COLOURS: u64 = 5;

/// What is wrong with a SudokuWiki string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SudokuWikiError {
    /// No string at all.
    #[error("no SudokuWiki string found")]
    Empty,
    /// An address without a `bd=` parameter.
    #[error("the address has no bd= parameter holding the puzzle")]
    NoBoard,
    /// A header that is not `[KDLM][size][version]`.
    #[error("header {header:?}: {reason}")]
    Header {
        /// The header as written.
        header: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A body of the wrong length.
    #[error("{header} string: the body has {found} characters, expected {expected} ({width} per cell for {cells} cells)")]
    Length {
        /// The header.
        header: String,
        /// Characters found.
        found: usize,
        /// Characters expected.
        expected: usize,
        /// Characters per cell.
        width: usize,
        /// Cells.
        cells: usize,
    },
    /// A problem with one cell's field.
    #[error("{header} string, cell {cell} (row {row}, col {col}): {reason}", row = cell / size + 1, col = cell % size + 1)]
    Cell {
        /// The header.
        header: String,
        /// The cell, row-major from 0.
        cell: usize,
        /// The grid side.
        size: usize,
        /// What is wrong.
        reason: String,
    },
    /// The cages do not make a valid puzzle.
    #[error("{header} string: {error}")]
    Puzzle {
        /// The header.
        header: String,
        /// What is wrong.
        error: PuzzleError,
    },
}

/// Whether `line` looks like a SudokuWiki string or address.
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    if is_signed(line) {
        return true;
    }
    let bytes = line.as_bytes();
    bytes.len() > 3
        && matches!(bytes[0].to_ascii_uppercase(), b'K' | b'D' | b'L' | b'M')
        && bytes[1].is_ascii_alphanumeric()
        && matches!(bytes[2].to_ascii_uppercase(), b'A'..=b'C')
        && line[3..].chars().all(|c| c.is_ascii_alphanumeric())
}

/// Whether `line` is SudokuWiki's beyond doubt: its address, a `bd=` parameter, or the
/// older unpacked form. A bare `K6C…` string is not: a grid row of letters can begin so.
pub(super) fn is_signed(line: &str) -> bool {
    line.contains("sudokuwiki.org") || line.contains("bd=") || is_version_a(line)
}

/// Whether `text` is the older unpacked killer form: 81 colour digits, a comma, 81 two-digit
/// clues.
fn is_version_a(text: &str) -> bool {
    text.split_once(',').is_some_and(|(colours, clues)| {
        colours.len() == VERSION_A_CELLS
            && clues.len() == 2 * VERSION_A_CELLS
            && colours
                .bytes()
                .chain(clues.bytes())
                .all(|b| b.is_ascii_digit())
    })
}

/// Cells of the older killer form, which holds only 9x9 puzzles.
const VERSION_A_CELLS: usize = 81;

/// Parses every string of a text, one per non-blank line (`#` comment lines are skipped).
pub fn parse_all(text: &str) -> Vec<Result<Entry, SudokuWikiError>> {
    super::lines::parse_lines::<super::lines::PerLine<Lines>>(text, Options::default())
}

/// The format as the line-by-line readers see it: one puzzle per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = SudokuWikiError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, SudokuWikiError> {
        parse_with(line, options)
    }

    fn empty() -> SudokuWikiError {
        SudokuWikiError::Empty
    }
}

/// Parses one string or pasted address.
pub fn parse(text: &str) -> Result<Entry, SudokuWikiError> {
    parse_with(text, Options::default())
}

/// Parses one string or pasted address under `options` besides the rules its type states
/// (the killer rule of `L` and `M` strings): see [`super::dispatch::parse_all_with`].
fn parse_with(text: &str, options: Options) -> Result<Entry, SudokuWikiError> {
    let text = text.trim();
    let board = if text.contains("bd=") || text.contains("sudokuwiki.org") {
        board_parameter(text).ok_or(SudokuWikiError::NoBoard)?
    } else {
        text.to_string()
    };
    if board.is_empty() {
        return Err(SudokuWikiError::Empty);
    }
    if is_version_a(&board) {
        return decode_version_a(&board, options);
    }
    let layout = Layout::from_header(&board)?;
    layout.decode(&board[3..], options)
}

/// Writes a string for `puzzle`: `K` for KenKen, `D` for KenDoku and `L` for Killer Sudoku
/// (with the standard boxes of the size), `M` for Killer Jigsaw; `progress` as cell contents
/// if given, else every candidate in every cell as a fresh puzzle. Givens are written as
/// given digits.
pub fn write(puzzle: &Puzzle, progress: Option<&Progress>) -> Result<String, WriteError> {
    let n = puzzle.size();
    let refuse = |reason: String| WriteError {
        format: Format::SudokuWiki,
        reason,
    };
    let size_char = size_char(n).ok_or_else(|| {
        refuse(format!(
            "SudokuWiki strings hold sizes 3 to 9, 16 and 25, not {n}"
        ))
    })?;
    if puzzle.options().multi_cell {
        return Err(refuse(
            "multi-cell subtraction and division have no place in a string".into(),
        ));
    }
    let standard = Regions::standard_boxes(n);
    let kind = match (puzzle.regions(), puzzle.options().killer) {
        (Regions::None, false) => Type::KenKen,
        (boxes @ Regions::Boxes { .. }, killer) if Some(boxes) == standard.as_ref() => {
            if killer { Type::Killer } else { Type::KenDoku }
        }
        (Regions::Boxes { rows, cols }, _) => {
            return Err(refuse(format!("boxes of {rows}x{cols} are not the standard boxes of a {n}x{n} grid, the only ones a string implies")))
        }
        (Regions::Jigsaw(_), true) => Type::Jigsaw,
        (Regions::Jigsaw(_), false) => {
            return Err(refuse("jigsaw regions go only with killer cages (M strings)".into()))
        }
        (Regions::None, true) => {
            return Err(refuse("killer cages go only with boxes (L strings) or jigsaw regions (M strings)".into()))
        }
    };
    if let Some(id) = (0..puzzle.cages().len())
        .map(|id| CageId(id as u16))
        .find(|&id| puzzle.cage(id).operation() == Operation::Unknown)
    {
        return Err(refuse(format!(
            "cage {} hides its operation, which a string cannot hold",
            puzzle.cage_name(id)
        )));
    }
    if let Some(cell) = puzzle.uncovered().next() {
        return Err(refuse(format!(
            "{} is in no cage, and a string puts every cell in a cage",
            cell.name(n)
        )));
    }
    let layout = Layout::new(
        kind,
        n,
        format!("{}{size_char}{}", kind.letter(), kind.version()),
    );
    for (id, cage) in puzzle.cages().iter().enumerate() {
        if cage.target() > layout.max_clue {
            return Err(refuse(format!(
                "the target {} of cage {} is above {}, the largest a {n}x{n} {} string can hold",
                cage.target(),
                puzzle.cage_name(CageId(id as u16)),
                layout.max_clue,
                kind.letter()
            )));
        }
    }
    if let Some(cell) = progress.and_then(|p| {
        p.cells()
            .iter()
            .position(|s| *s == CellState::Candidates(DigitSet::EMPTY))
    }) {
        return Err(refuse(format!(
            "{} has no candidates left, which a SudokuWiki string cannot express",
            Cell(cell as u16).name(n)
        )));
    }
    let colours = colour_cages(puzzle);
    let mut content = vec![0u64; n * n];
    for cage in puzzle.cages() {
        let cells = cage.cells();
        let first = cells[0].index();
        content[first] = cage.target();
        if !kind.is_killer() {
            if let Some(operator_cell) =
                operator_cell(first, n, |c| cells.contains(&Cell(c as u16)))
            {
                content[operator_cell] = match cage.operation() {
                    Operation::Add => 1,
                    Operation::Subtract => 2,
                    Operation::Multiply => 3,
                    Operation::Divide => 4,
                    Operation::Given => unreachable!("a given has one cell"),
                    Operation::Unknown => unreachable!("refused above"),
                };
            }
        }
    }
    let full = u64::from(DigitSet::full(n).bits());
    let mut out = layout.header.clone();
    for (index, &cage_content) in content.iter().enumerate() {
        let cell = Cell(index as u16);
        let state = progress.map_or(CellState::Candidates(DigitSet::full(n)), |p| p.get(cell));
        let cell_value = match (puzzle.given(cell), state) {
            (Some(digit), _) => u64::from(digit),
            (None, CellState::Unknown) => 0,
            (None, CellState::Solved(d)) => n as u64 + u64::from(d),
            (None, CellState::Candidates(set)) => 2 * n as u64 + (u64::from(set.bits()) & full),
        };
        let colour = puzzle.cage_of(cell).map_or(1, |id| colours[id.index()]);
        let mut values = Vec::with_capacity(4);
        if kind == Type::Jigsaw {
            values.push(puzzle.regions().region_of(cell, n).unwrap_or(0) as u64);
        }
        values.extend([colour - 1, cage_content, cell_value]);
        out.push_str(&to_base36(layout.pack(&values), layout.width));
    }
    Ok(out)
}

/// The one-character size of a header, if the format has one for `n`.
fn size_char(n: usize) -> Option<char> {
    match n {
        3..=9 => Some((b'0' + n as u8) as char),
        16 => Some('G'),
        25 => Some('P'),
        _ => None,
    }
}

/// The value of the `bd=` parameter of an address, percent-decoded.
fn board_parameter(url: &str) -> Option<String> {
    let start = url.find("bd=")? + 3;
    let value = url[start..].split(['&', '#']).next()?;
    let mut out = Vec::new();
    let bytes = value.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// The puzzle type of a string's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Type {
    /// `K`: KenKen.
    KenKen,
    /// `D`: KenKen with boxes.
    KenDoku,
    /// `L`: Killer Sudoku.
    Killer,
    /// `M`: Killer Jigsaw.
    Jigsaw,
}

impl Type {
    fn letter(self) -> char {
        match self {
            Type::KenKen => 'K',
            Type::KenDoku => 'D',
            Type::Killer => 'L',
            Type::Jigsaw => 'M',
        }
    }

    fn version(self) -> char {
        if self.is_killer() {
            'B'
        } else {
            'C'
        }
    }

    fn is_killer(self) -> bool {
        matches!(self, Type::Killer | Type::Jigsaw)
    }
}

/// The field layout of one kind of string.
struct Layout {
    kind: Type,
    header: String,
    size: usize,
    /// Bits of each sub-value, most significant first.
    bits: Vec<u32>,
    /// The largest value of each sub-value (after subtracting its low end).
    spans: Vec<u64>,
    max_clue: u64,
    /// Base-36 characters per cell.
    width: usize,
}

impl Layout {
    fn from_header(board: &str) -> Result<Layout, SudokuWikiError> {
        let header: String = board
            .chars()
            .take(3)
            .collect::<String>()
            .to_ascii_uppercase();
        let bad = |reason: &str| SudokuWikiError::Header {
            header: header.clone(),
            reason: reason.to_string(),
        };
        if header.chars().count() < 3 {
            return Err(bad(
                "too short: expected a type, a size and a version, e.g. K6C",
            ));
        }
        let mut chars = header.chars();
        let (kind, size_char, version) = (
            chars.next().unwrap(),
            chars.next().unwrap(),
            chars.next().unwrap(),
        );
        let size = match size_char {
            '3'..='9' => size_char as usize - '0' as usize,
            'G' => 16,
            'P' => 25,
            _ => return Err(bad("the size must be 3 to 9, G (16) or P (25)")),
        };
        let kind = match (kind, version) {
            ('K', 'C') => Type::KenKen,
            ('D', 'C') => Type::KenDoku,
            ('L', 'B') => Type::Killer,
            ('M', 'B') => Type::Jigsaw,
            ('K' | 'D', _) => return Err(bad("KenKen and KenDoku strings have layout version C (an early version B differs and is not read)")),
            ('L' | 'M', _) => return Err(bad("Killer strings have layout version B")),
            _ => return Err(bad("the type must be K (KenKen), D (KenDoku), L (Killer Sudoku) or M (Killer Jigsaw)")),
        };
        if matches!(kind, Type::KenDoku | Type::Killer) && Regions::standard_boxes(size).is_none() {
            return Err(bad("a grid of prime size has no boxes"));
        }
        Ok(Layout::new(kind, size, header))
    }

    fn new(kind: Type, size: usize, header: String) -> Layout {
        let n = size as u64;
        let max_clue = if kind.is_killer() {
            n * (n + 1) / 2
        } else {
            MAX_KENKEN_CLUE.min(n.pow(3) * (n - 1) * (n - 2))
        };
        let mut spans = Vec::with_capacity(4);
        if kind == Type::Jigsaw {
            spans.push(n - 1);
        }
        spans.extend([COLOURS - 1, max_clue, 2 * n + (1 << n) - 1]);
        let bits: Vec<u32> = spans
            .iter()
            .map(|&span| u64::BITS - span.leading_zeros())
            .collect();
        let mut layout = Layout {
            kind,
            header,
            size,
            bits,
            spans,
            max_clue,
            width: 0,
        };
        let largest = layout.pack(&layout.spans.clone());
        layout.width = to_base36(largest, 0).len();
        layout
    }

    fn pack(&self, values: &[u64]) -> u64 {
        values
            .iter()
            .zip(&self.bits)
            .fold(0, |packed, (&value, &bits)| (packed << bits) + value)
    }

    fn unpack(&self, mut packed: u64) -> Vec<u64> {
        let mut values = vec![0; self.bits.len()];
        for (value, &bits) in values.iter_mut().zip(&self.bits).rev() {
            *value = packed & ((1 << bits) - 1);
            packed >>= bits;
        }
        values
    }

    /// Decodes the body after the header, under `options` besides the rules of the type.
    fn decode(&self, body: &str, options: Options) -> Result<Entry, SudokuWikiError> {
        let n = self.size;
        let cells = n * n;
        if body.len() != self.width * cells || !body.is_ascii() {
            return Err(SudokuWikiError::Length {
                header: self.header.clone(),
                found: body.chars().count(),
                expected: self.width * cells,
                width: self.width,
                cells,
            });
        }
        let cell_error = |cell: usize, reason: String| SudokuWikiError::Cell {
            header: self.header.clone(),
            cell,
            size: n,
            reason,
        };
        let names: &[&str] = if self.kind == Type::Jigsaw {
            &["region code", "colour code", "cage content", "cell content"]
        } else {
            &["colour code", "cage content", "cell content"]
        };
        let total_bits: u32 = self.bits.iter().sum();
        let mut region = vec![0u8; cells];
        let mut colour = vec![0u64; cells];
        let mut content = vec![0u64; cells];
        let mut cell_values = vec![0u64; cells];
        for cell in 0..cells {
            let field = &body[cell * self.width..(cell + 1) * self.width];
            let packed = u64::from_str_radix(field, 36)
                .map_err(|_| cell_error(cell, format!("{field:?} is not a base-36 number")))?;
            if packed >> total_bits != 0 {
                return Err(cell_error(
                    cell,
                    format!("{field:?} is larger than any field of this string"),
                ));
            }
            let mut values = self.unpack(packed);
            for ((&value, &span), name) in values.iter().zip(&self.spans).zip(names) {
                if value > span {
                    return Err(cell_error(
                        cell,
                        format!("{name} {value} is out of range, expected 0-{span}"),
                    ));
                }
            }
            if self.kind == Type::Jigsaw {
                region[cell] = values.remove(0) as u8;
            }
            colour[cell] = values[0];
            content[cell] = values[1];
            cell_values[cell] = values[2];
        }

        let (groups, cage_of) = colour_groups(&colour, n);
        let mut cages = Vec::with_capacity(groups.len());
        for (id, members) in groups.iter().enumerate() {
            let first = members[0];
            let target = content[first];
            if target == 0 {
                return Err(cell_error(
                    first,
                    "the first cell of a cage holds no target".into(),
                ));
            }
            let op_cell =
                operator_cell(first, n, |c| cage_of[c] == id).filter(|_| !self.kind.is_killer());
            let operation = match op_cell {
                None if members.len() == 1 => Operation::Given,
                None => Operation::Add,
                Some(op_cell) => match content[op_cell] {
                    1 => Operation::Add,
                    2 => Operation::Subtract,
                    3 => Operation::Multiply,
                    4 => Operation::Divide,
                    code => {
                        return Err(cell_error(
                            op_cell,
                            format!("operator code {code}, expected 1-4"),
                        ))
                    }
                },
            };
            if let Some(&stray) = members
                .iter()
                .skip(1)
                .find(|&&c| content[c] != 0 && Some(c) != op_cell)
            {
                return Err(cell_error(
                    stray,
                    format!("cage content {} in a cell that is neither the first nor the operator cell of its cage", content[stray]),
                ));
            }
            let cells = members.iter().map(|&c| Cell(c as u16)).collect();
            cages.push(Cage::new(operation, target, cells));
        }
        let killer = Options {
            killer: true,
            ..options
        };
        let mut builder = Puzzle::builder(n).cages(cages);
        builder = match self.kind {
            Type::KenKen => builder.options(options),
            Type::KenDoku => builder
                .regions(Regions::standard_boxes(n).expect("checked in the header"))
                .options(options),
            Type::Killer => builder
                .regions(Regions::standard_boxes(n).expect("checked in the header"))
                .options(killer),
            Type::Jigsaw => builder.regions(Regions::Jigsaw(region)).options(killer),
        };
        let mut states = Vec::with_capacity(cells);
        for (cell, &value) in cell_values.iter().enumerate() {
            states.push(match value {
                0 => CellState::Unknown,
                v if v <= n as u64 => {
                    builder = builder.given(Cell(cell as u16), v as u8);
                    CellState::Solved(v as u8)
                }
                v if v <= 2 * n as u64 => CellState::Solved((v - n as u64) as u8),
                v => CellState::Candidates(DigitSet::from_bits((v - 2 * n as u64) as u32)),
            });
        }
        let puzzle = builder.build().map_err(|error| SudokuWikiError::Puzzle {
            header: self.header.clone(),
            error,
        })?;
        let full = DigitSet::full(n);
        let fresh = states.iter().enumerate().all(|(cell, s)| {
            *s == CellState::Candidates(full) || puzzle.given(Cell(cell as u16)).is_some()
        });
        let progress = Progress::from_cells(n, states).ok_or_else(|| {
            cell_error(0, "a candidate set names digits past the grid size".into())
        })?;
        Ok(Entry {
            puzzle,
            progress: (!fresh).then_some(progress),
            line: 1,
            comments: Vec::new(),
        })
    }
}

/// Decodes the older unpacked killer form: 81 colour digits, a comma, 81 two-digit clues, a
/// 9x9 Killer Sudoku without progress, under `options` besides the killer rule.
fn decode_version_a(board: &str, options: Options) -> Result<Entry, SudokuWikiError> {
    const N: usize = 9;
    let header = "version A".to_string();
    let (colours, clues) = board.split_once(',').expect("checked by is_version_a");
    let colour: Vec<u8> = colours.bytes().map(|b| b - b'0').collect();
    let clue: Vec<u64> = clues
        .as_bytes()
        .chunks(2)
        .map(|pair| u64::from((pair[0] - b'0') * 10 + pair[1] - b'0'))
        .collect();
    let (groups, _) = colour_groups(&colour, N);
    let mut cages = Vec::with_capacity(groups.len());
    for members in groups {
        let cell_error = |cell: usize, reason: String| SudokuWikiError::Cell {
            header: header.clone(),
            cell,
            size: N,
            reason,
        };
        let target = clue[members[0]];
        if target == 0 {
            return Err(cell_error(
                members[0],
                "the first cell of a cage holds no sum".into(),
            ));
        }
        if let Some(&stray) = members.iter().skip(1).find(|&&c| clue[c] != 0) {
            return Err(cell_error(
                stray,
                format!("a second sum {} in one cage", clue[stray]),
            ));
        }
        cages.push(Cage::clued(
            Operation::Add,
            target,
            members.iter().map(|&c| Cell(c as u16)).collect(),
        ));
    }
    let puzzle = Puzzle::builder(N)
        .cages(cages)
        .regions(Regions::standard_boxes(N).expect("9 has boxes"))
        .options(Options {
            killer: true,
            ..options
        })
        .build()
        .map_err(|error| SudokuWikiError::Puzzle { header, error })?;
    Ok(Entry::new(puzzle))
}

/// The cages a colouring makes: 4-connected groups of one colour, in order of their first
/// cell, each with its cells ascending; and the group of each cell.
fn colour_groups<T: PartialEq>(colour: &[T], n: usize) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut group_of = vec![usize::MAX; n * n];
    let mut groups = Vec::new();
    for start in 0..n * n {
        if group_of[start] != usize::MAX {
            continue;
        }
        let id = groups.len();
        let mut members = vec![start];
        group_of[start] = id;
        let mut next = 0;
        while next < members.len() {
            let cell = members[next];
            next += 1;
            for neighbour in neighbours(cell, n) {
                if group_of[neighbour] == usize::MAX && colour[neighbour] == colour[cell] {
                    group_of[neighbour] = id;
                    members.push(neighbour);
                }
            }
        }
        members.sort_unstable();
        groups.push(members);
    }
    (groups, group_of)
}

/// The cell holding the operator of the cage whose first cell is `first`: the one to its
/// right if in the cage, else the one below; `None` for a one-cell cage.
fn operator_cell(first: usize, n: usize, in_cage: impl Fn(usize) -> bool) -> Option<usize> {
    let right = (first % n + 1 < n).then_some(first + 1);
    let below = (first + n < n * n).then_some(first + n);
    right
        .filter(|&c| in_cage(c))
        .or(below.filter(|&c| in_cage(c)))
}

fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / n, cell % n);
    [
        (row > 0).then(|| cell - n),
        (col > 0).then(|| cell - 1),
        (col + 1 < n).then(|| cell + 1),
        (row + 1 < n).then(|| cell + n),
    ]
    .into_iter()
    .flatten()
}

/// A colour 1..=5 per cage such that touching cages differ: the smallest colour first,
/// backtracking over 1..=4, with 5 as slack if four will not do.
fn colour_cages(puzzle: &Puzzle) -> Vec<u64> {
    let n = puzzle.size();
    let count = puzzle.cages().len();
    let mut adjacent = vec![Vec::new(); count];
    // Cells in no cage were refused by the writer before colouring.
    for cell in puzzle.cells() {
        let Some(own) = puzzle.cage_of(cell).map(CageId::index) else {
            continue;
        };
        for neighbour in neighbours(cell.index(), n) {
            let Some(other) = puzzle.cage_of(Cell(neighbour as u16)).map(CageId::index) else {
                continue;
            };
            if other != own && !adjacent[own].contains(&other) {
                adjacent[own].push(other);
            }
        }
    }
    let mut colours = vec![0u64; count];
    // Backtracking is exponential in the worst case; its budget falls back to the slack
    // colour rather than spending long on a pathological layout.
    let mut budget = 100_000u32;
    if !colour_from(0, 4, &adjacent, &mut colours, &mut budget) {
        colours.iter_mut().for_each(|c| *c = 0);
        let mut budget = u32::MAX;
        colour_from(0, COLOURS, &adjacent, &mut colours, &mut budget);
    }
    colours
}

fn colour_from(
    cage: usize,
    most: u64,
    adjacent: &[Vec<usize>],
    colours: &mut [u64],
    budget: &mut u32,
) -> bool {
    if cage == colours.len() {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    for colour in 1..=most {
        if adjacent[cage].iter().all(|&other| colours[other] != colour) {
            colours[cage] = colour;
            if colour_from(cage + 1, most, adjacent, colours, budget) {
                return true;
            }
        }
    }
    colours[cage] = 0;
    false
}

/// `value` in base 36, lower case, left-padded with `0` to `width` characters.
fn to_base36(mut value: u64, width: usize) -> String {
    let mut digits = Vec::new();
    loop {
        let digit = (value % 36) as u8;
        digits.push(if digit < 10 {
            b'0' + digit
        } else {
            b'a' + digit - 10
        });
        value /= 36;
        if value == 0 {
            break;
        }
    }
    while digits.len() < width {
        digits.push(b'0');
    }
    digits.reverse();
    String::from_utf8(digits).expect("base-36 digits are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;

    const K6C: &str = "K6C02ff00cr5oaz01jf5r2j00uj5nijb9l75mmj00cr5mmj005n5mmjb8p7b8ln00235mbvbbkb5mbvgvgrgv63guvfb8lnb8wb018r005n5o3v5mmj5mbv00qz0023bfpnb8wbb8ln0023005n";

    #[test]
    fn decodes_the_real_string() {
        let entry = parse(K6C).unwrap();
        assert_eq!(
            kk::write(&entry.puzzle),
            "24*,0 1\n20*,2 8\n15*,3 9 15\n48*,4 10 16\n8+,5 11\n12*,6 12 18\n10+,7 13 14\n\
             30*,17 22 23\n6*,19 20 21\n12+,24 25 30\n18*,26 27 28\n7+,29 34 35\n72*,31 32 33\n"
        );
        assert_eq!(entry.progress, None);
        assert_eq!(write(&entry.puzzle, None).unwrap(), K6C);
    }

    #[test]
    fn reads_an_address_and_lower_case() {
        let url = format!(
            "https://www.sudokuwiki.org/KenKen.aspx?bd={}&x=1",
            K6C.to_lowercase()
        );
        assert_eq!(parse(&url).unwrap().puzzle, parse(K6C).unwrap().puzzle);
    }

    #[test]
    fn names_cell_and_field() {
        // Cell 1 of K6C holds the operator 3; make it 7.
        let field = to_base36((7 << 7) + 75, 4);
        let bad = format!("{}{}{}", &K6C[..7], field, &K6C[11..]);
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "K6C string, cell 1 (row 1, col 2): operator code 7, expected 1-4"
        );
        assert!(parse("K6C0000")
            .unwrap_err()
            .to_string()
            .contains("the body has 4 characters, expected 144"));
        assert!(parse("K6B0000")
            .unwrap_err()
            .to_string()
            .contains("layout version C"));
        assert!(parse("X6C0000")
            .unwrap_err()
            .to_string()
            .contains("the type must be"));
        assert!(parse("D5C0000")
            .unwrap_err()
            .to_string()
            .contains("a grid of prime size has no boxes"));
        assert!(parse("K6C02f!00cr")
            .unwrap_err()
            .to_string()
            .contains("the body has"));
    }

    #[test]
    fn refuses_targets_it_cannot_hold() {
        let puzzle = kk::parse(
            "5760*,0 1 2 3\n1,4\n2,5\n3,6\n4,7\n2,8\n3,9\n4,10\n1,11\n3,12\n4,13\n1,14\n2,15\n",
        )
        .unwrap();
        let error = write(&puzzle, None).unwrap_err().to_string();
        assert!(
            error.contains("above 2047") || error.contains("above"),
            "{error}"
        );
    }

    #[test]
    fn refuses_cells_in_no_cage() {
        let puzzle = kk::parse("# size 4\n# boxes\n# killer\n3+,0 1\n7+,2 3\n").unwrap();
        let error = write(&puzzle, None).unwrap_err().to_string();
        assert!(error.contains("r2c1 is in no cage"), "{error}");
    }
}
