//! Writing a puzzle as SVG: a clean, print-quality picture.
//!
//! Thin grey lines between cells, thick black cage outlines, each cage's label (`11+`, `2÷`,
//! `8×`, `1−`, a bare number for a given) in the top-left corner of its first cell, digits
//! centred, candidates small, each digit in a fixed place of a square block under the label.
//!
//! The picture is laid out in user units, [`CELL`] per cell, and scaled to the pixel size
//! asked for by the `width`, `height` and `viewBox` attributes. Its parts are separate,
//! labelled elements, in drawing order:
//!
//! ```text
//! <svg …>
//!   <title>KenKen 4x4, 7 cages</title>
//!   <defs>  one <path id="glyph-31"> per character used, in font units
//!   <rect class="background">
//!   <path class="cell-lines">    every inner grid line, thin
//!   <path class="cage-lines">    cage borders and the grid's edge, thick, merged into runs
//!   <g class="labels">           one <g class="label" aria-label="11+"> per cage
//!   <g class="digits">           one <g class="digit" aria-label="4"> per placed digit
//!   <g class="candidates">       one <g class="candidate"> per candidate
//! ```
//!
//! Text is drawn with the bundled font's outlines (see the `font` module), each glyph once
//! in `<defs>` and `<use>`d wherever it appears, so the picture is the same everywhere and
//! stays small. Each label, digit and candidate keeps its text in `aria-label`, for screen
//! readers and for programs (the tests count the labels).
//!
//! Killer cages (a dashed outline inside the cells) and boxes or jigsaw regions (heavy lines
//! or shading) will be new [`Border`](super::Border) kinds and a cage style in [`Options`];
//! the outline runs are computed by one function, `runs`, that any line style can reuse.

use std::collections::BTreeSet;
use std::fmt::{self, Write};

use super::font::Font;
use super::{labels, Borders, Contents, Mark, RenderError};
use crate::model::{Cell, DigitSet, Operation, Puzzle};

/// User units per cell; every other length is relative to it.
pub const CELL: f64 = 100.0;

/// Blank space around the grid: room for half a thick line and its square corner.
const MARGIN: f64 = 10.0;

/// Thin lines between cells (under the thick ones where cages meet).
const THIN_LINE: f64 = 2.0;

/// Thick cage outlines: three and a half thin lines, enough to tell them apart at a glance
/// even when printed small.
const THICK_LINE: f64 = 7.0;

/// Distance from a cell's edge to its label: half a thick line and a little air.
const LABEL_INSET: f64 = 9.0;

/// The label's font size; long labels (`40320×`) shrink to fit the cell.
const LABEL_SIZE: f64 = 24.0;

/// The font size of placed digits, and the widest they may be (two-digit numbers shrink).
const DIGIT_SIZE: f64 = 50.0;
const DIGIT_MAX_WIDTH: f64 = 78.0;

/// Placed digits sit this far below the cell's centre, balancing the label above them.
const DIGIT_DROP: f64 = 6.0;

/// The candidate block fills the cell below the label band, inside these insets.
const CANDIDATE_TOP: f64 = 36.0;
const CANDIDATE_INSET: f64 = 7.0;

/// The share of a candidate's slot its digit may fill.
const CANDIDATE_FILL: f64 = 0.8;

/// The largest candidate font size: smaller than a label, so that the few candidates of a
/// small grid read as notes, not as placed digits.
const CANDIDATE_MAX_SIZE: f64 = 20.0;

/// Pixels per cell when no size is asked for.
pub const DEFAULT_CELL_PX: u32 = 64;

/// The smallest picture: a few pixels per cell at least, or nothing is legible.
pub const MIN_PICTURE_PX: u32 = 16;

/// The largest picture: 8192 pixels square is 256 MiB of RGBA while rasterising, more than
/// any print needs (a 16x16 at 600 dpi and 30 cm is 7087 pixels).
pub const MAX_PICTURE_PX: u32 = 8192;

const BACKGROUND: &str = "#ffffff";
const INK: &str = "#000000";
const CELL_LINE_INK: &str = "#999999";
const CANDIDATE_INK: &str = "#555555";

/// How to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The side of the picture in pixels (it is square); `None` for [`DEFAULT_CELL_PX`] per
    /// cell.
    pub size: Option<u32>,
}

impl Options {
    /// The side of `puzzle`'s picture in pixels, checked against [`MIN_PICTURE_PX`] and
    /// [`MAX_PICTURE_PX`].
    pub fn picture_size(&self, puzzle: &Puzzle) -> Result<u32, RenderError> {
        let size = self.size.unwrap_or_else(|| {
            let px = side(puzzle.size()) * f64::from(DEFAULT_CELL_PX) / CELL;
            (px.round() as u32).min(MAX_PICTURE_PX)
        });
        if (MIN_PICTURE_PX..=MAX_PICTURE_PX).contains(&size) {
            Ok(size)
        } else {
            Err(RenderError::PictureSize {
                size,
                min: MIN_PICTURE_PX,
                max: MAX_PICTURE_PX,
            })
        }
    }
}

/// The side of the picture of a grid of side `n`, in user units.
fn side(n: usize) -> f64 {
    n as f64 * CELL + 2.0 * MARGIN
}

/// Writes `puzzle` with `contents` as an SVG document.
///
/// Fails if `contents` does not fit the puzzle, or the size asked for is out of range.
pub fn render(
    puzzle: &Puzzle,
    contents: Contents<'_>,
    options: &Options,
) -> Result<String, RenderError> {
    let marks = contents.marks(puzzle)?;
    let pixels = options.picture_size(puzzle)?;
    let n = puzzle.size();
    let labels = labels(puzzle, Operation::sign);
    let font = Font::bundled();
    let extent = Num(side(n));

    let mut svg = Writer::default();
    svg.out
        .push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let title = format!("KenKen {n}x{n}, {} cages", puzzle.cages().len());
    svg.open(
        "svg",
        &[
            ("xmlns", &"http://www.w3.org/2000/svg"),
            ("xmlns:xlink", &"http://www.w3.org/1999/xlink"),
            ("version", &"1.1"),
            ("width", &pixels),
            ("height", &pixels),
            ("viewBox", &format_args!("0 0 {extent} {extent}")),
            ("role", &"img"),
            ("aria-label", &title),
        ],
    );
    svg.text("title", &[], &title);

    let glyphs = characters_used(&labels, &marks);
    svg.open("defs", &[]);
    for &ch in &glyphs {
        svg.leaf("path", &[("id", &glyph_id(ch)), ("d", &font.outline(ch))]);
    }
    svg.close("defs");

    svg.leaf(
        "rect",
        &[
            ("class", &"background"),
            ("width", &extent),
            ("height", &extent),
            ("fill", &BACKGROUND),
        ],
    );
    svg.leaf(
        "path",
        &[
            ("class", &"cell-lines"),
            ("d", &cell_lines(n)),
            ("fill", &"none"),
            ("stroke", &CELL_LINE_INK),
            ("stroke-width", &Num(THIN_LINE)),
        ],
    );
    let borders = Borders::new(puzzle);
    svg.leaf(
        "path",
        &[
            ("class", &"cage-lines"),
            ("d", &runs(&borders, |b| b.is_heavy())),
            ("fill", &"none"),
            ("stroke", &INK),
            ("stroke-width", &Num(THICK_LINE)),
            // Square caps close the corners where a run meets another at right angles.
            ("stroke-linecap", &"square"),
        ],
    );

    svg.open("g", &[("class", &"labels"), ("fill", &INK)]);
    for (index, label) in labels.iter().enumerate() {
        if let Some(label) = label {
            let (x, y) = corner(Cell(index as u16), n);
            let available = CELL - 2.0 * LABEL_INSET;
            let size = LABEL_SIZE.min(available / font.width(label));
            let baseline = y + LABEL_INSET + font.cap_height() * size;
            svg.glyphs("label", label, x + LABEL_INSET, baseline, size);
        }
    }
    svg.close("g");

    svg.open("g", &[("class", &"digits"), ("fill", &INK)]);
    for (index, mark) in marks.iter().enumerate() {
        if let Mark::Digit(digit) = *mark {
            let (x, y) = corner(Cell(index as u16), n);
            let text = digit.to_string();
            let size = DIGIT_SIZE.min(DIGIT_MAX_WIDTH / font.width(&text));
            let width = font.width(&text) * size;
            let baseline = y + CELL / 2.0 + DIGIT_DROP + font.cap_height() * size / 2.0;
            svg.glyphs("digit", &text, x + (CELL - width) / 2.0, baseline, size);
        }
    }
    svg.close("g");

    svg.open("g", &[("class", &"candidates"), ("fill", &CANDIDATE_INK)]);
    let block = CandidateBlock::new(n, font);
    for (index, mark) in marks.iter().enumerate() {
        if let Mark::Candidates(set) = *mark {
            block.draw(&mut svg, corner(Cell(index as u16), n), set, font);
        }
    }
    svg.close("g");

    svg.close("svg");
    Ok(svg.out)
}

/// The top-left corner of `cell`, in user units.
fn corner(cell: Cell, n: usize) -> (f64, f64) {
    (
        MARGIN + cell.col(n) as f64 * CELL,
        MARGIN + cell.row(n) as f64 * CELL,
    )
}

/// Every character the picture writes: labels, digits, candidates.
fn characters_used(labels: &[Option<String>], marks: &[Mark]) -> BTreeSet<char> {
    let mut used = BTreeSet::new();
    for label in labels.iter().flatten() {
        used.extend(label.chars());
    }
    for mark in marks {
        let digits = match *mark {
            Mark::Empty => DigitSet::EMPTY,
            Mark::Digit(digit) => DigitSet::single(digit),
            Mark::Candidates(set) => set,
        };
        for digit in digits {
            used.extend(digit.to_string().chars());
        }
    }
    used
}

/// The id of `ch`'s glyph in `<defs>`: its code point in hex.
fn glyph_id(ch: char) -> String {
    format!("glyph-{:x}", u32::from(ch))
}

/// The thin lines: every inner grid line, whole (cage lines cover them where needed).
fn cell_lines(n: usize) -> String {
    let (start, end) = (Num(MARGIN), Num(MARGIN + n as f64 * CELL));
    let mut d = String::new();
    for line in 1..n {
        let at = Num(MARGIN + line as f64 * CELL);
        let _ = write!(d, "M{start} {at}H{end}M{at} {start}V{end}");
    }
    d
}

/// Path data for every border segment `keep` accepts, with touching collinear segments
/// merged into one run: one `M…H…` per horizontal run, one `M…V…` per vertical run.
fn runs(borders: &Borders, keep: impl Fn(super::Border) -> bool) -> String {
    let n = borders.size();
    let at = |line: usize| Num(MARGIN + line as f64 * CELL);
    let mut d = String::new();
    for line in 0..=n {
        let mut start = None;
        for col in 0..=n {
            let kept = col < n && keep(borders.horizontal(line, col));
            match (kept, start) {
                (true, None) => start = Some(col),
                (false, Some(first)) => {
                    let _ = write!(d, "M{} {}H{}", at(first), at(line), at(col));
                    start = None;
                }
                _ => {}
            }
        }
    }
    for line in 0..=n {
        let mut start = None;
        for row in 0..=n {
            let kept = row < n && keep(borders.vertical(row, line));
            match (kept, start) {
                (true, None) => start = Some(row),
                (false, Some(first)) => {
                    let _ = write!(d, "M{} {}V{}", at(line), at(first), at(row));
                    start = None;
                }
                _ => {}
            }
        }
    }
    d
}

/// Where each candidate goes in a cell: a block of `columns` by `rows` slots below the label,
/// digit `d` always in slot `d - 1`, so a digit is found in the same place in every cell.
struct CandidateBlock {
    size: usize,
    columns: usize,
    slot_width: f64,
    slot_height: f64,
    font_size: f64,
}

impl CandidateBlock {
    fn new(n: usize, font: &Font) -> CandidateBlock {
        let columns = n.isqrt() + usize::from(n.isqrt().pow(2) < n);
        let rows = n.div_ceil(columns);
        let slot_width = (CELL - 2.0 * CANDIDATE_INSET) / columns as f64;
        let slot_height = (CELL - CANDIDATE_TOP - CANDIDATE_INSET) / rows as f64;
        let widest = font.width(&n.to_string());
        let font_size = (slot_height * CANDIDATE_FILL / font.cap_height())
            .min(slot_width * CANDIDATE_FILL / widest)
            .min(CANDIDATE_MAX_SIZE);
        CandidateBlock {
            size: n,
            columns,
            slot_width,
            slot_height,
            font_size,
        }
    }

    fn draw(&self, svg: &mut Writer, (x, y): (f64, f64), set: DigitSet, font: &Font) {
        for digit in set.iter().filter(|&d| usize::from(d) <= self.size) {
            let slot = usize::from(digit) - 1;
            let (row, col) = (slot / self.columns, slot % self.columns);
            let text = digit.to_string();
            let width = font.width(&text) * self.font_size;
            let centre_x = x + CANDIDATE_INSET + (col as f64 + 0.5) * self.slot_width;
            let centre_y = y + CANDIDATE_TOP + (row as f64 + 0.5) * self.slot_height;
            let baseline = centre_y + font.cap_height() * self.font_size / 2.0;
            svg.glyphs(
                "candidate",
                &text,
                centre_x - width / 2.0,
                baseline,
                self.font_size,
            );
        }
    }
}

/// A number written with at most two decimals and no trailing zeros: `10`, `12.5`.
#[derive(Clone, Copy)]
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// A minimal XML writer: elements indented by depth, attribute values escaped.
#[derive(Default)]
struct Writer {
    out: String,
    depth: usize,
}

type Attributes<'a> = [(&'a str, &'a dyn fmt::Display)];

impl Writer {
    fn start(&mut self, name: &str, attributes: &Attributes<'_>) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attributes {
            let _ = write!(self.out, " {key}=\"{}\"", escape(&value.to_string()));
        }
    }

    /// `<name …>`, its children follow.
    fn open(&mut self, name: &str, attributes: &Attributes<'_>) {
        self.start(name, attributes);
        self.out.push_str(">\n");
        self.depth += 1;
    }

    /// `</name>`.
    fn close(&mut self, name: &str) {
        self.depth -= 1;
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        let _ = writeln!(self.out, "</{name}>");
    }

    /// `<name …/>`.
    fn leaf(&mut self, name: &str, attributes: &Attributes<'_>) {
        self.start(name, attributes);
        self.out.push_str("/>\n");
    }

    /// `<name …>text</name>`.
    fn text(&mut self, name: &str, attributes: &Attributes<'_>, text: &str) {
        self.start(name, attributes);
        let _ = writeln!(self.out, ">{}</{name}>", escape(text));
    }

    /// `text` in the bundled font, `size` units high, its baseline starting at `(x, y)`: a
    /// group scaled from font units, holding one `<use>` per character.
    fn glyphs(&mut self, class: &str, text: &str, x: f64, y: f64, size: f64) {
        let font = Font::bundled();
        let scale = size / font.units_per_em();
        self.open(
            "g",
            &[
                ("class", &class),
                ("aria-label", &text),
                (
                    "transform",
                    &format_args!("translate({} {}) scale({})", Num(x), Num(y), Num6(scale)),
                ),
            ],
        );
        let mut pen = 0.0;
        for ch in text.chars() {
            let href = format!("#{}", glyph_id(ch));
            if pen == 0.0 {
                self.leaf("use", &[("xlink:href", &href)]);
            } else {
                self.leaf("use", &[("xlink:href", &href), ("x", &Num(pen))]);
            }
            pen += font.advance(ch) * font.units_per_em();
        }
        self.close("g");
    }
}

/// A scale factor, which needs more decimals than a coordinate.
struct Num6(f64);

impl fmt::Display for Num6 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.6}", self.0);
        f.write_str(text.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// `text` with the five XML special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(10.0).to_string(), "10");
        assert_eq!(Num(12.5).to_string(), "12.5");
        assert_eq!(Num(1.0 / 3.0).to_string(), "0.33");
        assert_eq!(Num(-0.001).to_string(), "0");
        assert_eq!(Num6(0.01171875).to_string(), "0.011719");
    }

    #[test]
    fn cage_lines_merge_into_runs() {
        // kk0: the top edge is one run, cell 0's right side (a given) one more.
        let puzzle = examples::by_name("kk0").unwrap().puzzle();
        let d = runs(&Borders::new(&puzzle), |b| b.is_heavy());
        assert!(d.starts_with("M10 10H410M10 110H110M"), "{d}");
        assert!(d.contains("M110 10V"), "{d}");
    }

    #[test]
    fn the_default_size_follows_the_grid() {
        let puzzle = examples::by_name("kk0").unwrap().puzzle();
        // 4 cells and two margins of a tenth of a cell, at 64 pixels per cell.
        assert_eq!(Options::default().picture_size(&puzzle), Ok(269));
        let tiny = Options { size: Some(8) };
        assert!(tiny.picture_size(&puzzle).is_err());
    }

    #[test]
    fn escapes_attribute_values() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
