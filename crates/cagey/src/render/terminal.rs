//! Drawing a puzzle as text: Unicode box drawing for terminals, or plain ASCII.
//!
//! Heavy lines mark cage borders and the edge of the grid, light lines the cells inside a
//! cage. Each cell is a block of text lines: the first holds the cage's label in the cage's
//! first cell (`11+`, `2÷`, `8×`, `1−`, a bare number for a given), the next the cell's digit,
//! centred, or its candidates. kk0 with its solution:
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
//! two characters, right-aligned (` 9`, `16`), as [`Grid`](crate::Grid) prints them, rather
//! than letters, which people must translate back.
//!
//! Candidates keep a fixed place per digit, so that a digit is found in the same column of
//! every cell: on one line for grids up to [`ONE_LINE_CANDIDATES`] (`12 4` in a 4x4: 3 is
//! ruled out), and in a square block past that (`123`, `4 6`, `7 9` in a 9x9).
//!
//! The ASCII drawing uses `-` and `|` for heavy lines, `.` and `:` for light ones, `+` where
//! heavy lines cross, and the signs `+ - * /`. Colour (labels cyan, digits bold, candidates
//! dim) is an option: the caller knows whether it writes to a terminal.

use std::fmt::Write;

use super::{labels, Border, Borders, Contents, Mark, RenderError};
use crate::model::{Cell, DigitSet, Operation, Puzzle};

/// The narrowest cell text, so that cells of small puzzles stay about as tall as they are
/// wide (a terminal character is about twice as tall as it is wide; a cell is two lines).
pub const MIN_WIDTH: usize = 3;

/// Grids up to this side show a cell's candidates on one line; larger grids use a square
/// block, which keeps a 9x9 cell 3 characters wide instead of 9.
pub const ONE_LINE_CANDIDATES: usize = 6;

/// Spaces on each side of a cell's text.
const PADDING: usize = 1;

/// ANSI styles of the coloured drawing: cyan labels read on dark and light backgrounds alike.
const LABEL_STYLE: &str = "\x1b[36m";
const DIGIT_STYLE: &str = "\x1b[1m";
const CANDIDATE_STYLE: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

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
    let marks = contents.marks(puzzle)?;
    let sign = match options.charset {
        Charset::Unicode => Operation::sign,
        Charset::Ascii => ascii_sign,
    };
    let labels = labels(puzzle, sign);
    let layout = Layout::new(puzzle.size(), &labels, &marks);
    let borders = Borders::new(puzzle);
    let mut out = String::new();
    for line in 0..=layout.size {
        layout.rule(&mut out, &borders, line, options.charset);
        if line < layout.size {
            for text_line in 0..layout.lines {
                layout.text_line(
                    &mut out, &borders, &labels, &marks, line, text_line, options,
                );
            }
        }
    }
    Ok(out)
}

/// The ASCII signs: the programmer's `*` and `/`, not the J essay's `%`.
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
    fn rule(&self, out: &mut String, borders: &Borders, line: usize, charset: Charset) {
        let n = self.size;
        for col in 0..=n {
            let up = (line > 0).then(|| borders.vertical(line - 1, col));
            let down = (line < n).then(|| borders.vertical(line, col));
            let left = (col > 0).then(|| borders.horizontal(line, col - 1));
            let right = (col < n).then(|| borders.horizontal(line, col));
            out.push(junction([up, right, down, left].map(weight), charset));
            if let Some(border) = right {
                let piece = horizontal(weight(Some(border)), charset);
                out.extend(std::iter::repeat_n(piece, self.width + 2 * PADDING));
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
        labels: &[Option<String>],
        marks: &[Mark],
        row: usize,
        text_line: usize,
        options: &Options,
    ) {
        let n = self.size;
        for col in 0..=n {
            out.push(vertical(
                weight(Some(borders.vertical(row, col))),
                options.charset,
            ));
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
            out.extend(std::iter::repeat_n(' ', PADDING + before));
            if options.color && !text.trim().is_empty() {
                let _ = write!(out, "{style}{text}{RESET}");
            } else {
                out.push_str(&text);
            }
            out.extend(std::iter::repeat_n(' ', after + PADDING));
        }
        out.push('\n');
    }

    /// Line `line` of a cell's content, and its colour.
    fn content(&self, mark: Mark, line: usize) -> (String, &'static str) {
        match mark {
            // A digit sits on the middle line of a tall cell, the upper one of two.
            Mark::Digit(digit) if line == (self.lines - 2) / 2 => (
                format!("{digit:>width$}", width = self.digit_width),
                DIGIT_STYLE,
            ),
            Mark::Candidates(set) => (self.candidate_line(set, line), CANDIDATE_STYLE),
            Mark::Digit(_) | Mark::Empty => (String::new(), ""),
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

/// How heavy one arm of a junction is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    None = 0,
    Light = 1,
    Heavy = 2,
}

fn weight(border: Option<Border>) -> Weight {
    match border {
        None => Weight::None,
        Some(border) if border.is_heavy() => Weight::Heavy,
        Some(_) => Weight::Light,
    }
}

/// Every junction of Unicode box drawing, indexed by the weights (0 none, 1 light, 2 heavy)
/// of its arms as `up * 27 + right * 9 + down * 3 + left`: all 81 combinations exist, from
/// a blank to `╋`. Generated from the Unicode character names.
const JUNCTIONS: &str =
    " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋";

/// The character where arms `[up, right, down, left]` meet.
fn junction(arms: [Weight; 4], charset: Charset) -> char {
    let [up, right, down, left] = arms;
    match charset {
        Charset::Unicode => {
            let index = up as usize * 27 + right as usize * 9 + down as usize * 3 + left as usize;
            JUNCTIONS.chars().nth(index).expect("81 junctions")
        }
        Charset::Ascii => {
            let heavy_vertical = up == Weight::Heavy || down == Weight::Heavy;
            let heavy_horizontal = left == Weight::Heavy || right == Weight::Heavy;
            match (heavy_vertical, heavy_horizontal) {
                (true, true) => '+',
                (true, false) => '|',
                (false, true) => '-',
                (false, false) if up != Weight::None || down != Weight::None => ':',
                (false, false) => '.',
            }
        }
    }
}

/// The character of a horizontal segment.
fn horizontal(weight: Weight, charset: Charset) -> char {
    match (charset, weight) {
        (Charset::Unicode, Weight::Heavy) => '━',
        (Charset::Unicode, _) => '─',
        (Charset::Ascii, Weight::Heavy) => '-',
        (Charset::Ascii, _) => '.',
    }
}

/// The character of a vertical segment.
fn vertical(weight: Weight, charset: Charset) -> char {
    match (charset, weight) {
        (Charset::Unicode, Weight::Heavy) => '┃',
        (Charset::Unicode, _) => '│',
        (Charset::Ascii, Weight::Heavy) => '|',
        (Charset::Ascii, _) => ':',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cage, Grid};

    fn junction_of(arms: [u8; 4]) -> char {
        let weight = |w| [Weight::None, Weight::Light, Weight::Heavy][usize::from(w)];
        junction(arms.map(weight), Charset::Unicode)
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
