//! Drawing a puzzle as text: Unicode box drawing for terminals, or plain ASCII.
//!
//! In a KenKen, heavy lines mark cage borders and the edge of the grid, light lines the cells
//! inside a cage. Each cell is a block of text lines: the first holds the cage's label in
//! the cage's first cell (`11+`, `2÷`, `8×`, `1−`, a bare number for a given), the next the
//! cell's digit, centred, or its candidates. kk0 with its solution:
//!
//! ```text
//! ┏━━━━━┳━━━━━┯━━━━━┳━━━━━┓
//! ┃ 1   ┃ 11+ │     ┃ 4+  ┃
//! ┃  1  ┃  2  │  4  ┃  3  ┃
//! ┣━━━━━╉─────┼─────╂─────┨
//! ┃ 8×  ┃     │     ┃     ┃
//! ┃  4  ┃  3  │  2  ┃  1  ┃
//! ┠─────╄━━━━━╈━━━━━╇━━━━━┫
//! ┃     │     ┃ 1−  │     ┃
//! ┃  2  │  1  ┃  3  │  4  ┃
//! ┣━━━━━┿━━━━━╋━━━━━┿━━━━━┫
//! ┃ 7+  │     ┃ 2÷  │     ┃
//! ┃  3  │  4  ┃  1  │  2  ┃
//! ┗━━━━━┷━━━━━┻━━━━━┷━━━━━┛
//! ```
//!
//! Every cell of a drawing has the same width: the longest label, or the widest digit or
//! candidate block, and at least [`MIN_WIDTH`]. Digits are decimal numbers: past 9 they take
//! two characters, right-aligned (` 9`, `16`), as [`Grid`] prints them, rather
//! than letters, which people must translate back.
//!
//! Candidates keep a fixed place per digit, so that a digit is found in the same column of
//! every cell: on one line for grids up to [`ONE_LINE_CANDIDATES`] (`12 4` in a 4x4: 3 is
//! ruled out), and in a square block past that (`123`, `4 6`, `7 9` in a 9x9).
//!
//! A puzzle with boxes or jigsaw regions (KenDoku, Killer Sudoku, Killer Jigsaw) must show
//! its houses as well as its cages, with only two line weights. Heavy lines go to the
//! houses, which frame everything else, as in printed sudoku: box or region borders and the
//! grid's edge. Cage borders are light, and the line between two cells of one cage is dashed,
//! light (`┆ ┄`) or, where a box border runs through a cage, heavy (`┇ ┅`). Keeping heavy
//! lines for the cages was the other choice: a killer cage seldom crosses a box, so most box
//! borders would be cage borders too and the boxes, and jigsaw regions above all, would
//! vanish among the cages. Killer sums are bare, `17` rather than `17+`. The top of the
//! KenDoku of the tests, whose `10+` crosses from the first box into the second:
//!
//! ```text
//! ┏━━━━━┯━━━━━┯━━━━━┳━━━━━┯━━━━━┯━━━━━┓
//! ┃ 24× ┆     │ 10+ ┇     ┆     │ 11+ ┃
//! ┃  2  ┆  3  │  5  ┇  4  ┆  1  │  6  ┃
//! ┠┄┄┄┄┄┼─────┼─────╂─────┼─────┼┄┄┄┄┄┨
//! ```
//!
//! The ASCII drawing uses `-` and `|` for heavy lines, `.` and `:` for light ones, `+` where
//! heavy lines cross, and the signs `+ - * /`; with boxes or regions, a light dashed line is
//! left blank and a heavy dashed one is `- -` or `!`. Colour (labels cyan, digits bold,
//! candidates dim) is an option: the caller knows whether it writes to a terminal.
//!
//! Under the diagonal rule (Killer X) each cell of a long diagonal is marked in the bottom
//! corner its diagonal leaves it by: `╲` bottom right on the falling diagonal r1c1-rncn,
//! `╱` bottom left on the rising one (both in the centre cell of an odd grid; ASCII `\`
//! and `/`). A line through the cells cannot be drawn in text, and shading them would take
//! the background that highlighted cells use; the corners are the only places no label,
//! digit or candidate ever takes. The top-left of the Killer X of the tests
//! (`tests/fixtures/killer-x.kk`), r1c1 on the falling diagonal:
//!
//! ```text
//! ┏━━━━━┯━━━━━┯━━━━━┳
//! ┃ 20  │ 22  ┆     ┃
//! ┃    ╲│     ┆     ┃
//! ┠┄┄┄┄┄┼┄┄┄┄┄┼┄┄┄┄┄╂
//! ```
//!
//! [`plain_grid`] writes a grid without cages, as plain rows of digits with the boxes or
//! regions marked, for printing a solution as text.

use anstyle::{AnsiColor, Color, Style};
use std::fmt::Write;

use super::{has_regions, labels, Border, Borders, Contents, Highlight, Mark, RenderError};
use crate::model::{Cell, Diagonal, DigitSet, Grid, Operation, Puzzle, Regions};

/// The narrowest cell text, so that cells of small puzzles stay about as tall as they are
/// wide (a terminal character is about twice as tall as it is wide; a cell is two lines).
pub const MIN_WIDTH: usize = 3;

/// Grids up to this side show a cell's candidates on one line; larger grids use a square
/// block, which keeps a 9x9 cell 3 characters wide instead of 9.
pub const ONE_LINE_CANDIDATES: usize = 6;

/// Spaces on each side of a cell's text.
const PADDING: usize = 1;

/// Styles of the coloured drawing, as clap styles its help (`anstyle`, whose escape codes
/// `anstream` passes on or strips): cyan labels read on dark and light backgrounds alike.
const LABEL_STYLE: Style = Style::new().fg_color(Some(Color::Ansi(AnsiColor::Cyan)));
const DIGIT_STYLE: Style = Style::new().bold();
const CANDIDATE_STYLE: Style = Style::new().dimmed();
/// Backgrounds of highlighted cells: blue for a step's causes, yellow for what it changes.
const CAUSE_STYLE: Style = Style::new().bg_color(Some(Color::Ansi(AnsiColor::Blue)));
const CHANGE_STYLE: Style = Style::new().bg_color(Some(Color::Ansi(AnsiColor::Yellow)));
/// The diagonal rule's marks, in the bottom corners of the cells of each long diagonal,
/// where its line leaves them: `╲` bottom right on the falling one, `╱` bottom left on the
/// rising one (both in the centre of an odd grid), ASCII `\` and `/`.
const FALLING: [char; 2] = ['╲', '\\'];
const RISING: [char; 2] = ['╱', '/'];
/// Without colour, a highlighted cell's label line ends with one of these.
const CAUSE_MARK: char = '*';
const CHANGE_MARK: char = '!';

/// The characters to draw with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Charset {
    /// Unicode box drawing and the printed signs `+ − × ÷`.
    #[default]
    Unicode,
    /// Plain ASCII, for terminals and files that need it: `- | . : +` and `+ - * /`.
    Ascii,
}

/// How to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The characters.
    pub charset: Charset,
    /// Whether to colour labels and digits with ANSI escapes (only for terminals).
    pub color: bool,
}

/// Draws `puzzle` with `contents` in its cells. Every line ends with `\n`.
///
/// Fails only if `contents` does not fit the puzzle (a grid of another size, say).
pub fn draw(
    puzzle: &Puzzle,
    contents: Contents<'_>,
    options: &Options,
) -> Result<String, RenderError> {
    draw_highlighted(puzzle, contents, options, &[])
}

/// Draws as [`draw`] does, with cells highlighted (one entry per cell, row-major, or none):
/// a step's causes on a blue background and the cells it changes on a yellow one, or, without
/// colour, marked `*` and `!` at the end of their label line.
pub fn draw_highlighted(
    puzzle: &Puzzle,
    contents: Contents<'_>,
    options: &Options,
    highlights: &[Highlight],
) -> Result<String, RenderError> {
    let marks = contents.marks(puzzle)?;
    let sign = match options.charset {
        Charset::Unicode => Operation::sign,
        Charset::Ascii => ascii_sign,
    };
    let labels = labels(puzzle, sign);
    let layout = Layout::new(puzzle.size(), &labels, &marks);
    let borders = Borders::new(puzzle);
    let pen = Pen {
        scheme: Scheme::of(puzzle),
        charset: options.charset,
    };
    let n = puzzle.size();
    // Each cell's diagonals, as (rising, falling).
    let slants: Vec<(bool, bool)> = puzzle
        .cells()
        .map(|cell| {
            let on = |d: Diagonal| puzzle.diagonals().contains(&d) && d.contains(cell, n);
            (on(Diagonal::Up), on(Diagonal::Down))
        })
        .collect();
    let cells = CellMarks {
        labels: &labels,
        marks: &marks,
        highlights,
        slants: &slants,
    };
    let mut out = String::new();
    for line in 0..=layout.size {
        layout.rule(&mut out, &borders, line, pen);
        if line < layout.size {
            for text_line in 0..layout.lines {
                layout.text_line(&mut out, &borders, &cells, line, text_line, pen, options);
            }
        }
    }
    Ok(out)
}

/// The ASCII signs: the programmer's `*` and `/`, not the kk format's `%`.
fn ascii_sign(operation: Operation) -> Option<char> {
    match operation {
        Operation::Add => Some('+'),
        Operation::Subtract => Some('-'),
        Operation::Multiply => Some('*'),
        Operation::Divide => Some('/'),
        Operation::Given => None,
        Operation::Unknown => Some('?'),
    }
}

/// What each cell shows besides its lines, by cell index.
struct CellMarks<'a> {
    labels: &'a [Option<String>],
    marks: &'a [Mark],
    highlights: &'a [Highlight],
    /// Whether the cell is on the rising and on the falling diagonal of the diagonal rule.
    slants: &'a [(bool, bool)],
}

/// The sizes of a drawing, the same for every cell.
struct Layout {
    size: usize,
    /// Characters of cell text, padding excluded.
    width: usize,
    /// Text lines per cell: the label line, then the digit or candidate lines.
    lines: usize,
    /// Characters per digit: 1, or 2 past 9.
    digit_width: usize,
    /// Candidates per line.
    per_line: usize,
}

impl Layout {
    fn new(size: usize, labels: &[Option<String>], marks: &[Mark]) -> Layout {
        let digit_width = if size > 9 { 2 } else { 1 };
        let per_line = if size <= ONE_LINE_CANDIDATES {
            size
        } else {
            size.isqrt() + usize::from(size.isqrt().pow(2) < size)
        };
        let has_candidates = marks.iter().any(|m| matches!(m, Mark::Candidates(_)));
        let candidate_width = if has_candidates {
            block_width(per_line, digit_width)
        } else {
            0
        };
        let label_width = labels
            .iter()
            .flatten()
            .map(|label| label.chars().count())
            .max()
            .unwrap_or(0);
        let width = MIN_WIDTH
            .max(label_width)
            .max(digit_width)
            .max(candidate_width);
        let content_lines = if has_candidates {
            size.div_ceil(per_line)
        } else {
            1
        };
        Layout {
            size,
            width,
            lines: 1 + content_lines,
            digit_width,
            per_line,
        }
    }

    /// The horizontal rule on grid line `line`: junctions and segments.
    fn rule(&self, out: &mut String, borders: &Borders, line: usize, pen: Pen) {
        let n = self.size;
        for col in 0..=n {
            let up = (line > 0).then(|| borders.vertical(line - 1, col));
            let down = (line < n).then(|| borders.vertical(line, col));
            let left = (col > 0).then(|| borders.horizontal(line, col - 1));
            let right = (col < n).then(|| borders.horizontal(line, col));
            out.push(pen.junction([up, right, down, left]));
            if let Some(border) = right {
                out.extend((0..self.width + 2 * PADDING).map(|at| pen.horizontal(border, at)));
            }
        }
        out.push('\n');
    }

    /// Text line `text_line` of the cells of row `row`.
    #[allow(clippy::too_many_arguments)]
    fn text_line(
        &self,
        out: &mut String,
        borders: &Borders,
        cells: &CellMarks<'_>,
        row: usize,
        text_line: usize,
        pen: Pen,
        options: &Options,
    ) {
        let CellMarks {
            labels,
            marks,
            highlights,
            slants,
        } = *cells;
        let n = self.size;
        let charset = usize::from(pen.charset == Charset::Ascii);
        let last_line = text_line + 1 == self.lines;
        for col in 0..=n {
            out.push(pen.vertical(borders.vertical(row, col)));
            if col == n {
                break;
            }
            let cell = Cell::at(row, col, n).index();
            let (text, style) = if text_line == 0 {
                (labels[cell].clone().unwrap_or_default(), LABEL_STYLE)
            } else {
                self.content(marks[cell], text_line - 1)
            };
            let text_width = text.chars().count();
            // Labels sit at the left; digits and candidate blocks are centred.
            let before = if text_line == 0 {
                0
            } else {
                (self.width - text_width) / 2
            };
            let after = self.width - text_width - before;
            let highlight = highlights.get(cell).copied().unwrap_or_default();
            let background = match highlight {
                Highlight::None => Style::new(),
                Highlight::Cause => CAUSE_STYLE,
                Highlight::Change => CHANGE_STYLE,
            };
            let highlighted = options.color && highlight != Highlight::None;
            if highlighted {
                let _ = write!(out, "{background}");
            }
            let (rising, falling) = match last_line {
                true => slants[cell],
                false => (false, false),
            };
            let slant = |out: &mut String, mark: char| match options.color {
                true => {
                    let _ = write!(out, "{CANDIDATE_STYLE}{mark}{CANDIDATE_STYLE:#}");
                }
                false => out.push(mark),
            };
            if rising {
                slant(out, RISING[charset]);
                out.extend(std::iter::repeat_n(' ', PADDING + before - 1));
            } else {
                out.extend(std::iter::repeat_n(' ', PADDING + before));
            }
            if options.color && !text.trim().is_empty() {
                if highlighted {
                    let _ = write!(out, "{style}{background}{text}{style:#}{background}");
                } else {
                    let _ = write!(out, "{style}{text}{style:#}");
                }
            } else {
                out.push_str(&text);
            }
            let mark = match highlight {
                Highlight::Cause if !options.color => Some(CAUSE_MARK),
                Highlight::Change if !options.color => Some(CHANGE_MARK),
                _ => None,
            };
            match mark {
                Some(mark) if text_line == 0 && after + PADDING > 0 => {
                    out.extend(std::iter::repeat_n(' ', after + PADDING - 1));
                    out.push(mark);
                }
                _ if falling => {
                    out.extend(std::iter::repeat_n(' ', after + PADDING - 1));
                    slant(out, FALLING[charset]);
                }
                _ => out.extend(std::iter::repeat_n(' ', after + PADDING)),
            }
            if highlighted {
                let _ = write!(out, "{background:#}");
            }
        }
        out.push('\n');
    }

    /// Line `line` of a cell's content, and its colour.
    fn content(&self, mark: Mark, line: usize) -> (String, Style) {
        match mark {
            // A digit sits on the middle line of a tall cell, the upper one of two.
            Mark::Digit(digit) if line == (self.lines - 2) / 2 => (
                format!("{digit:>width$}", width = self.digit_width),
                DIGIT_STYLE,
            ),
            Mark::Candidates(set) => (self.candidate_line(set, line), CANDIDATE_STYLE),
            Mark::Digit(_) | Mark::Empty => (String::new(), Style::new()),
        }
    }

    /// Line `line` of a candidate block: each digit in its own place, blanks for the others.
    fn candidate_line(&self, set: DigitSet, line: usize) -> String {
        let first = line * self.per_line + 1;
        let last = ((line + 1) * self.per_line).min(self.size);
        let mut text = String::new();
        for digit in first..=last {
            if self.digit_width > 1 && digit > first {
                text.push(' ');
            }
            let digit = digit as u8;
            if set.contains(digit) {
                let _ = write!(text, "{digit:>width$}", width = self.digit_width);
            } else {
                text.extend(std::iter::repeat_n(' ', self.digit_width));
            }
        }
        // A short last line keeps the block's width, so that its digits stay in their
        // columns.
        let width = block_width(self.per_line, self.digit_width);
        let missing = width.saturating_sub(text.chars().count());
        text.extend(std::iter::repeat_n(' ', missing));
        text
    }
}

/// The width of a candidate block line: digits side by side, or two-character digits
/// separated by a space.
fn block_width(per_line: usize, digit_width: usize) -> usize {
    if digit_width == 1 {
        per_line
    } else {
        per_line * (digit_width + 1) - 1
    }
}

/// What the lines of a drawing mean, chosen from the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    /// No boxes or regions (KenKen, a killer Latin square): cage borders heavy, the lines
    /// inside a cage light.
    Cages,
    /// Boxes or jigsaw regions: their borders heavy, cage borders light, and a line between
    /// two cells of one cage dashed, heavy or light.
    Houses,
}

impl Scheme {
    fn of(puzzle: &Puzzle) -> Scheme {
        if has_regions(puzzle) {
            Scheme::Houses
        } else {
            Scheme::Cages
        }
    }
}

/// How heavy one arm of a junction is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Weight {
    None = 0,
    Light = 1,
    Heavy = 2,
}

/// How one line segment is drawn: its weight, and whether it is dashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stroke {
    weight: Weight,
    dashed: bool,
}

/// Turns borders into characters for one scheme and character set.
#[derive(Clone, Copy, Debug)]
struct Pen {
    scheme: Scheme,
    charset: Charset,
}

impl Pen {
    fn stroke(self, border: Border) -> Stroke {
        match self.scheme {
            Scheme::Cages => Stroke {
                weight: if border.is_cage_border() {
                    Weight::Heavy
                } else {
                    Weight::Light
                },
                dashed: false,
            },
            Scheme::Houses => Stroke {
                weight: if border.is_region_border() {
                    Weight::Heavy
                } else {
                    Weight::Light
                },
                dashed: !border.is_cage_border(),
            },
        }
    }

    /// The character where arms `[up, right, down, left]` meet.
    fn junction(self, arms: [Option<Border>; 4]) -> char {
        junction(
            arms.map(|arm| arm.map(|border| self.stroke(border))),
            self.charset,
        )
    }

    /// Character `position` (from 0 after the junction on its left) of a horizontal segment.
    fn horizontal(self, border: Border, position: usize) -> char {
        let stroke = self.stroke(border);
        match (self.charset, stroke.weight, stroke.dashed) {
            (Charset::Unicode, Weight::Heavy, false) => '━',
            (Charset::Unicode, Weight::Heavy, true) => '┅',
            (Charset::Unicode, _, false) => '─',
            (Charset::Unicode, _, true) => '┄',
            (Charset::Ascii, Weight::Heavy, false) => '-',
            // ASCII has no dashed rule: every other character is left out.
            (Charset::Ascii, Weight::Heavy, true) if position % 2 == 1 => '-',
            (Charset::Ascii, Weight::Heavy, true) => ' ',
            (Charset::Ascii, _, false) => '.',
            (Charset::Ascii, _, true) => ' ',
        }
    }

    /// The character of a vertical segment.
    fn vertical(self, border: Border) -> char {
        let stroke = self.stroke(border);
        match (self.charset, stroke.weight, stroke.dashed) {
            (Charset::Unicode, Weight::Heavy, false) => '┃',
            (Charset::Unicode, Weight::Heavy, true) => '┇',
            (Charset::Unicode, _, false) => '│',
            (Charset::Unicode, _, true) => '┆',
            (Charset::Ascii, Weight::Heavy, false) => '|',
            (Charset::Ascii, Weight::Heavy, true) => '!',
            (Charset::Ascii, _, false) => ':',
            (Charset::Ascii, _, true) => ' ',
        }
    }
}

/// Every junction of Unicode box drawing, indexed by the weights (0 none, 1 light, 2 heavy)
/// of its arms as `up * 27 + right * 9 + down * 3 + left`: all 81 combinations exist, from
/// a blank to `╋`. Generated from the Unicode character names.
const JUNCTIONS: &str =
    " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋";

/// The character where arms `[up, right, down, left]` meet (`None`: no arm).
///
/// Unicode has no dashed junctions. Where a solid line meets, the junction is the solid one
/// of the arms' weights, dashed arms counted by their weight. Where only dashed lines meet
/// (inside a cage), the junction continues the heavier of the two lines through it, so that
/// a box border across a cage stays one dashed line; between four cells of one cage and one
/// region it is a light cross, which keeps the corners of the cells in sight. A blank there
/// was tried and dropped: it punched holes in the middle of every large cage.
fn junction(arms: [Option<Stroke>; 4], charset: Charset) -> char {
    let weight = |arm: Option<Stroke>| arm.map_or(Weight::None, |stroke| stroke.weight);
    let solid = |arm: Option<Stroke>| arm.is_some_and(|stroke| !stroke.dashed);
    let [up, right, down, left] = arms;
    let vertical = weight(up).max(weight(down));
    let horizontal = weight(left).max(weight(right));
    match charset {
        Charset::Unicode
            if !arms.iter().any(|&arm| solid(arm)) && arms.iter().any(Option::is_some) =>
        {
            match (vertical, horizontal) {
                (Weight::Heavy, Weight::Heavy) => '╋',
                (Weight::Heavy, _) => '┇',
                (_, Weight::Heavy) => '┅',
                _ => '┼',
            }
        }
        Charset::Unicode => {
            let index = weight(up) as usize * 27
                + weight(right) as usize * 9
                + weight(down) as usize * 3
                + weight(left) as usize;
            JUNCTIONS.chars().nth(index).expect("81 junctions")
        }
        Charset::Ascii => {
            let solid_vertical = solid(up) || solid(down);
            match (vertical == Weight::Heavy, horizontal == Weight::Heavy) {
                (true, true) => '+',
                (true, false) if solid_vertical => '|',
                // A box border crossing a cage, as its segments are drawn.
                (true, false) => '!',
                (false, true) => '-',
                // Light lines: only solid ones show; dashed light lines are blank in ASCII.
                (false, false) if solid_vertical => ':',
                (false, false) if solid(left) || solid(right) => '.',
                (false, false) => ' ',
            }
        }
    }
}

/// A grid of digits as plain text, the way `cagey solve` prints a solution: rows of digits
/// separated by spaces (two columns per digit past 9x9, `.` for an empty cell), and the
/// puzzle's boxes or jigsaw regions marked in ASCII so that they can be checked by eye.
///
/// - Without boxes or regions, exactly [`Grid`]'s `Display`.
/// - With boxes, ` | ` between boxes and a rule of `-` and `+` between bands of boxes:
///
///   ```text
///   5 3 4 | 6 7 8 | 9 1 2
///   6 7 2 | 1 9 5 | 3 4 8
///   1 9 8 | 3 4 2 | 5 6 7
///   ------+-------+------
///   ```
///
/// - With jigsaw regions, whose borders wander from row to row, a compact drawing of the
///   regions alone: a frame, `|` and `-` on region borders, `+` where they turn or meet,
///   every digit three columns from the next. Rows of digits with `|` between regions, the
///   first idea, cannot show where a region continues into the next row.
///
///   ```text
///   +-----------+---+
///   | 1   2   3 | 4 |
///   +---+   +---+   |
///   | 4 | 3   1   2 |
///   ```
///
/// Fails only if `grid` is not the puzzle's size.
pub fn plain_grid(puzzle: &Puzzle, grid: &Grid) -> Result<String, RenderError> {
    let n = puzzle.size();
    if grid.size() != n {
        return Err(RenderError::GridSize {
            expected: n,
            found: grid.size(),
        });
    }
    let width = if n > 9 { 2 } else { 1 };
    let digit = |cell: Cell| match grid.get(cell) {
        0 => format!("{:>width$}", "."),
        digit => format!("{digit:>width$}"),
    };
    let mut out = String::new();
    match *puzzle.regions() {
        Regions::None => out = grid.to_string(),
        Regions::Boxes { rows, cols } => {
            let bands = n / cols;
            // One box row of digits is `cols` digits and the spaces between them.
            let group = cols * width + cols - 1;
            for row in 0..n {
                if row > 0 && row % rows == 0 {
                    for band in 0..bands {
                        if band > 0 {
                            out.push('+');
                        }
                        let pad = usize::from(band > 0) + usize::from(band + 1 < bands);
                        out.extend(std::iter::repeat_n('-', group + pad));
                    }
                    out.push('\n');
                }
                for col in 0..n {
                    if col > 0 {
                        out.push_str(if col % cols == 0 { " | " } else { " " });
                    }
                    out.push_str(&digit(Cell::at(row, col, n)));
                }
                out.push('\n');
            }
        }
        Regions::Jigsaw(_) => {
            let borders = Borders::new(puzzle);
            let border = |b: Border| b.is_region_border();
            for line in 0..=n {
                for col in 0..=n {
                    let up = line > 0 && border(borders.vertical(line - 1, col));
                    let down = line < n && border(borders.vertical(line, col));
                    let left = col > 0 && border(borders.horizontal(line, col - 1));
                    let right = col < n && border(borders.horizontal(line, col));
                    out.push(match (up || down, left || right) {
                        (true, true) => '+',
                        (true, false) => '|',
                        (false, true) => '-',
                        (false, false) => ' ',
                    });
                    if col < n {
                        let piece = if right { '-' } else { ' ' };
                        out.extend(std::iter::repeat_n(piece, width + 2));
                    }
                }
                out.push('\n');
                if line == n {
                    break;
                }
                for col in 0..=n {
                    out.push(if border(borders.vertical(line, col)) {
                        '|'
                    } else {
                        ' '
                    });
                    if col < n {
                        out.push(' ');
                        out.push_str(&digit(Cell::at(line, col, n)));
                        out.push(' ');
                    }
                }
                out.push('\n');
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cage, Grid};

    /// Issue #45: under the diagonal rule each diagonal cell is marked in the bottom corner
    /// its diagonal leaves it by, `╲` right and `╱` left, both at the centre; in ASCII `\`
    /// and `/`; nothing else moves.
    #[test]
    fn diagonal_cells_are_marked_in_their_bottom_corners() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = crate::formats::kk::parse(text).unwrap();
        let digits: Vec<u8> = text
            .lines()
            .find_map(|line| line.strip_prefix("# solution="))
            .unwrap()
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let grid = Grid::from_digits(9, digits).unwrap();
        let drawn = draw(&puzzle, Contents::grid(&grid), &Options::default()).unwrap();
        let lines: Vec<&str> = drawn.lines().collect();
        // Row 1's digit line: r1c1 on the falling diagonal, r1c9 on the rising one.
        let row1: Vec<char> = lines[2].chars().collect();
        assert_eq!(row1[5], '╲', "{drawn}");
        assert_eq!(row1[49], '╱', "{drawn}");
        assert_eq!(row1.iter().filter(|&&c| c == '╲' || c == '╱').count(), 2);
        // The centre, r5c5, has both.
        let row5: Vec<char> = lines[4 * 3 + 2].chars().collect();
        assert_eq!((row5[25], row5[29]), ('╱', '╲'), "{drawn}");
        // Labels' lines carry none; 18 marks in all, 9 a diagonal.
        assert!(!lines[1].contains(['╲', '╱']));
        assert_eq!(drawn.matches('╲').count(), 9);
        assert_eq!(drawn.matches('╱').count(), 9);
        let ascii = Options {
            charset: Charset::Ascii,
            ..Options::default()
        };
        let plain = draw(&puzzle, Contents::grid(&grid), &ascii).unwrap();
        assert_eq!(plain.matches('\\').count(), 9);
        // Without the rule, the same drawing has no marks.
        let without = crate::formats::kk::parse(&text.replace("# diagonals\n", "")).unwrap();
        let drawn_without = draw(&without, Contents::grid(&grid), &Options::default()).unwrap();
        assert_eq!(drawn_without, drawn.replace(['╲', '╱'], " "));
    }

    fn junction_of(arms: [u8; 4]) -> char {
        let stroke = |w: u8| {
            [None, Some(Weight::Light), Some(Weight::Heavy)][usize::from(w)].map(|weight| Stroke {
                weight,
                dashed: false,
            })
        };
        junction(arms.map(stroke), Charset::Unicode)
    }

    #[test]
    fn junctions_match_their_arms() {
        assert_eq!(JUNCTIONS.chars().count(), 81);
        assert_eq!(junction_of([0, 2, 2, 0]), '┏');
        assert_eq!(junction_of([1, 1, 1, 1]), '┼');
        assert_eq!(junction_of([2, 2, 2, 2]), '╋');
        assert_eq!(junction_of([2, 1, 2, 2]), '╉');
        assert_eq!(junction_of([0, 2, 1, 2]), '┯');
        assert_eq!(junction_of([1, 0, 1, 0]), '│');
        assert_eq!(junction_of([2, 0, 0, 2]), '┛');
    }

    #[test]
    fn a_one_cell_puzzle() {
        let puzzle = Puzzle::new(1, vec![Cage::given(Cell(0), 1)]).unwrap();
        let grid = Grid::from_digits(1, vec![1]).unwrap();
        let text = draw(&puzzle, Contents::grid(&grid), &Options::default()).unwrap();
        assert_eq!(text, "┏━━━━━┓\n┃ 1   ┃\n┃  1  ┃\n┗━━━━━┛\n");
        let ascii = Options {
            charset: Charset::Ascii,
            color: false,
        };
        let text = draw(&puzzle, Contents::NONE, &ascii).unwrap();
        assert_eq!(text, "+-----+\n| 1   |\n|     |\n+-----+\n");
    }

    #[test]
    fn colour_wraps_only_the_text() {
        let puzzle = Puzzle::new(1, vec![Cage::given(Cell(0), 1)]).unwrap();
        let grid = Grid::from_digits(1, vec![1]).unwrap();
        let options = Options {
            charset: Charset::Unicode,
            color: true,
        };
        let text = draw(&puzzle, Contents::grid(&grid), &options).unwrap();
        assert_eq!(
            text,
            "┏━━━━━┓\n┃ \x1b[36m1\x1b[0m   ┃\n┃  \x1b[1m1\x1b[0m  ┃\n┗━━━━━┛\n"
        );
    }

    /// A 4x4 whose first cage, 0 1 2, crosses a region border between cells 1 and 2.
    fn boxed(regions: &str) -> Puzzle {
        crate::formats::kk::parse(&format!(
            "{regions}\n6+,0 1 2\n3,3\n3-,4 8\n3+,5 6\n1,7\n4,9\n3-,10 11\n1-,12 13\n5+,14 15\n"
        ))
        .unwrap()
    }

    #[test]
    fn houses_are_heavy_cages_light_and_cells_of_a_cage_dashed() {
        let text = draw(&boxed("# boxes 2x2"), Contents::NONE, &Options::default()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "┏━━━━━┯━━━━━┳━━━━━┯━━━━━┓");
        // Inside the cage ┆, across the box border inside the cage ┇, then a cage border │.
        assert_eq!(lines[1], "┃ 6+  ┆     ┇     │ 3   ┃");
        assert_eq!(lines[3], "┠─────┼─────╂─────┼─────┨");
        let ascii = Options {
            charset: Charset::Ascii,
            color: false,
        };
        let text = draw(&boxed("# boxes 2x2"), Contents::NONE, &ascii).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "| 6+        !     : 3   |");
        assert_eq!(lines[3], "|.....:.....!.....:.....|");
    }

    #[test]
    fn dashed_junctions_continue_the_heavier_line() {
        let dashed = |weight| {
            Some(Stroke {
                weight,
                dashed: true,
            })
        };
        let light = dashed(Weight::Light);
        let heavy = dashed(Weight::Heavy);
        let unicode = |arms| junction(arms, Charset::Unicode);
        assert_eq!(unicode([light, light, light, light]), '┼');
        assert_eq!(unicode([heavy, light, heavy, light]), '┇');
        assert_eq!(unicode([light, heavy, light, heavy]), '┅');
        assert_eq!(junction([heavy, light, heavy, light], Charset::Ascii), '!');
        assert_eq!(junction([light, light, light, light], Charset::Ascii), ' ');
    }

    #[test]
    fn plain_grids_show_boxes() {
        let puzzle = boxed("# boxes 2x2");
        let grid =
            Grid::from_digits(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        assert_eq!(
            plain_grid(&puzzle, &grid).unwrap(),
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
        );
        // Boxes of one row: a rule under every row, one band only.
        let puzzle = boxed("# boxes 1x4");
        assert_eq!(
            plain_grid(&puzzle, &grid).unwrap(),
            "1 2 3 4\n-------\n3 4 1 2\n-------\n2 1 4 3\n-------\n4 3 2 1\n"
        );
        // Past 9x9 every digit takes two columns, and so do the rules.
        let cages: Vec<Cage> = (0..100).map(|c| Cage::given(Cell(c), 1)).collect();
        let puzzle = Puzzle::builder(10)
            .cages(cages)
            .regions(Regions::Boxes { rows: 2, cols: 5 })
            .build()
            .unwrap();
        let text = plain_grid(&puzzle, &Grid::empty(10)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " .  .  .  .  . |  .  .  .  .  .");
        assert_eq!(lines[2], "---------------+---------------");
    }

    #[test]
    fn plain_grids_draw_jigsaw_regions() {
        // Regions 0 0 0 1 / 2 0 1 1 / 2 2 3 1 / 2 3 3 3.
        let puzzle = boxed("# regions 0001201122312333");
        let grid =
            Grid::from_digits(4, vec![1, 2, 3, 4, 4, 3, 1, 2, 3, 1, 2, 4, 2, 4, 4, 1]).unwrap();
        let expected = "\
+-----------+---+
| 1   2   3 | 4 |
+---+   +---+   |
| 4 | 3 | 1   2 |
|   +---+---+   |
| 3   1 | 2 | 4 |
|   +---+   +---+
| 2 | 4   4   1 |
+---+-----------+
";
        assert_eq!(plain_grid(&puzzle, &grid).unwrap(), expected);
    }

    #[test]
    fn candidates_keep_their_places() {
        let layout = Layout {
            size: 9,
            width: 3,
            lines: 4,
            digit_width: 1,
            per_line: 3,
        };
        let set: DigitSet = [1, 2, 3, 4, 6, 7].into_iter().collect();
        let lines: Vec<String> = (0..3).map(|l| layout.candidate_line(set, l)).collect();
        assert_eq!(lines, ["123", "4 6", "7  "]);
        let layout = Layout {
            size: 10,
            width: 11,
            lines: 4,
            digit_width: 2,
            per_line: 4,
        };
        let set: DigitSet = [1, 9, 10].into_iter().collect();
        let lines: Vec<String> = (0..3).map(|l| layout.candidate_line(set, l)).collect();
        assert_eq!(lines, [" 1         ", "           ", " 9 10      "]);
    }
}
