//! Writing a puzzle as SVG: a clean, print-quality picture.
//!
//! Thin grey lines between cells, each cage's label (`11+`, `2÷`, `8×`, `1−`, a bare number
//! for a given) in the top-left corner of its first cell, digits centred, candidates small,
//! each digit in a fixed place of a square block under the label. The rest follows the way
//! each kind of puzzle is printed:
//!
//! - **KenKen**: thick black cage outlines.
//! - **KenDoku** (and KenKen on jigsaw regions): thick black cage outlines, and the boxes
//!   shaded light grey in a checkerboard (jigsaw regions in up to four light tints, no two
//!   neighbours alike). Heavier box lines were the other choice; they were dropped because a
//!   cage may straddle a box border, and a heavy line through a cage reads as two cages.
//! - **Killer Sudoku, Killer Jigsaw** (the killer rule): thick black lines on box or region
//!   borders and thin grey cell lines, as sudoku is printed, and each cage a dashed outline
//!   [`KILLER_INSET`] inside its cells. Its sum, without a `+` since every killer cage is a
//!   sum, sits in the top-left corner across the outline's corner: the outline starts just
//!   after the sum and ends just below it, so that figures and dashes never cross.
//! - **The diagonal rule** (Killer X): both long diagonals, corner to corner, in a line
//!   lighter than the cell lines, under everything else, and broken where it would cross a
//!   clue, as puzzle books and SudokuPad draw them.
//!
//! The picture is laid out in user units, [`CELL`] per cell, and scaled to the pixel size
//! asked for by the `width`, `height` and `viewBox` attributes. Its parts are separate,
//! labelled elements, in drawing order:
//!
//! ```text
//! <svg …>
//!   <title>KenKen 4x4, 7 cages</title>   the puzzle's kind, size and cages
//!   <defs>  one <path id="glyph-31"> per character used, in font units
//!   <rect class="background">
//!   <path class="shading">       per tint, the cells of its boxes or regions (KenDoku)
//!   <path class="diagonals">     the diagonal rule's two long diagonals, light, broken
//!                                around the clues they would cross (Killer X only)
//!   <path class="cell-lines">    every inner grid line, thin
//!   <path class="cage-lines">    cage borders and the grid's edge, thick, merged into runs
//!                                (not for killer puzzles, which draw instead:)
//!   <path class="region-lines">  box or region borders and the grid's edge, thick
//!   <path class="cage-outlines"> every killer cage's dashed outline, one subpath each
//!                                (and a closed one around each hole in a cage)
//!   <g class="labels">           one <g class="label" aria-label="11+"> per cage
//!   <g class="digits">           one <g class="digit" aria-label="4"> per placed digit
//!   <g class="candidates">       one <g class="candidate"> per candidate
//! ```
//!
//! Text is drawn with the bundled font's outlines (see the `font` module), each glyph once
//! in `<defs>` and `<use>`d wherever it appears, so the picture is the same everywhere and
//! stays small. Each label, digit and candidate keeps its text in `aria-label`, for screen
//! readers and for programs (the tests count the labels).

use std::collections::BTreeSet;
use std::fmt::{self, Write};

use super::colouring::{self, MAX_COLOURS};
use super::font::Font;
use super::path::{Path, Segment};
use super::picture::{
    cage_outlines, cell_lines, corner, diagonal_lines, runs, shading, side, LabelBox,
    DIAGONAL_LINE, KILLER_LABEL_GAP, KILLER_LABEL_INSET, KILLER_LABEL_SIZE, KILLER_LINE,
    LABEL_INSET, LABEL_SIZE, THICK_LINE, THIN_LINE,
};
use super::{has_regions, labels, Border, Borders, Contents, Highlight, Mark, RenderError};
use crate::model::{Cell, DigitSet, Operation, Puzzle};

pub use super::picture::{CELL, KILLER_INSET};

/// The killer outline's dash pattern, as `stroke-dasharray`.
const KILLER_DASHES: &str = "6 4";

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
/// The diagonal rule's lines: lighter than the cell lines, under everything else.
const DIAGONAL_INK: &str = "#b8b8b8";
const CANDIDATE_INK: &str = "#555555";

/// The tints of shaded boxes and regions, by colour number; colour 0 is left unshaded.
/// Light enough that black text and lines read on every one, distinct enough that
/// neighbouring regions stand apart on screen and in greyscale print alike.
const SHADES: [&str; MAX_COLOURS] = [
    BACKGROUND, "#e2e2e2", "#cfdff0", "#f2e3c2", "#d5ecd0", "#efd6e4",
];

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

/// Writes `puzzle` with `contents` as an SVG document.
///
/// Fails if `contents` does not fit the puzzle, or the size asked for is out of range.
pub fn render(
    puzzle: &Puzzle,
    contents: Contents<'_>,
    options: &Options,
) -> Result<String, RenderError> {
    render_highlighted(puzzle, contents, options, &[])
}

/// Blue behind the cells a step looks at, yellow behind those it changes: the two colour
/// roles of explanations, light enough for the digits on them.
const CAUSE_FILL: &str = "#bcd4f6";
const CHANGE_FILL: &str = "#fbe49a";

/// Writes the picture as [`render`] does, with cells highlighted (one entry per cell,
/// row-major, or none): a step's causes in blue, the cells it changes in yellow.
pub fn render_highlighted(
    puzzle: &Puzzle,
    contents: Contents<'_>,
    options: &Options,
    highlights: &[Highlight],
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
    let count = puzzle.cages().len();
    let noun = if count == 1 { "cage" } else { "cages" };
    let title = format!("{} {n}x{n}, {count} {noun}", puzzle.kind());
    let killer = puzzle.options().killer;
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
    if has_regions(puzzle) && !killer {
        let colours = colouring::colours(puzzle.regions(), n);
        for (colour, &shade) in SHADES.iter().enumerate().skip(1) {
            let d = shading(puzzle, &colours, colour);
            if !d.is_empty() {
                svg.leaf(
                    "path",
                    &[
                        ("class", &"shading"),
                        ("d", &path_data(&d)),
                        ("fill", &shade),
                    ],
                );
            }
        }
    }
    for (index, highlight) in highlights.iter().enumerate().take(puzzle.cell_count()) {
        let fill = match highlight {
            Highlight::None => continue,
            Highlight::Cause => CAUSE_FILL,
            Highlight::Change => CHANGE_FILL,
        };
        let (x, y) = corner(Cell(index as u16), n);
        svg.leaf(
            "rect",
            &[
                ("class", &"highlight"),
                ("x", &Num(x)),
                ("y", &Num(y)),
                ("width", &Num(CELL)),
                ("height", &Num(CELL)),
                ("fill", &fill),
            ],
        );
    }
    let style = if killer {
        LabelStyle {
            inset: KILLER_LABEL_INSET,
            largest: KILLER_LABEL_SIZE,
        }
    } else {
        LabelStyle {
            inset: LABEL_INSET,
            largest: LABEL_SIZE,
        }
    };
    if puzzle.options().diagonals {
        // Under the cell lines and everything after, and broken around the clues.
        let clues: Vec<LabelBox> = labels
            .iter()
            .enumerate()
            .filter_map(|(index, label)| {
                let label = label.as_ref()?;
                let (x, y) = corner(Cell(index as u16), n);
                let size = style.size(font, label);
                let (left, top) = (x + style.inset, y + style.inset);
                Some((
                    left,
                    top,
                    left + font.width(label) * size,
                    top + font.cap_height() * size,
                ))
            })
            .collect();
        svg.leaf(
            "path",
            &[
                ("class", &"diagonals"),
                ("d", &path_data(&diagonal_lines(puzzle, &clues))),
                ("fill", &"none"),
                ("stroke", &DIAGONAL_INK),
                ("stroke-width", &Num(DIAGONAL_LINE)),
            ],
        );
    }
    svg.leaf(
        "path",
        &[
            ("class", &"cell-lines"),
            ("d", &path_data(&cell_lines(n))),
            ("fill", &"none"),
            ("stroke", &CELL_LINE_INK),
            ("stroke-width", &Num(THIN_LINE)),
        ],
    );
    let borders = Borders::new(puzzle);
    // Killer puzzles give the thick lines to the houses and outline their cages apart.
    let (class, thick): (&str, fn(Border) -> bool) = if killer {
        ("region-lines", Border::is_region_border)
    } else {
        ("cage-lines", Border::is_cage_border)
    };
    svg.leaf(
        "path",
        &[
            ("class", &class),
            ("d", &path_data(&runs(&borders, thick))),
            ("fill", &"none"),
            ("stroke", &INK),
            ("stroke-width", &Num(THICK_LINE)),
            // Square caps close the corners where a run meets another at right angles.
            ("stroke-linecap", &"square"),
        ],
    );
    if killer {
        // How far the outline stays clear of the sum in its anchor's corner: along the top
        // from the corner to past the sum's right, and down the left to below it.
        let clear = |anchor: Cell| {
            labels[anchor.index()].as_ref().map_or((0.0, 0.0), |label| {
                let size = style.size(font, label);
                let start = style.inset - f64::from(KILLER_INSET) + KILLER_LABEL_GAP;
                (
                    start + font.width(label) * size,
                    start + font.cap_height() * size,
                )
            })
        };
        svg.leaf(
            "path",
            &[
                ("class", &"cage-outlines"),
                ("d", &path_data(&cage_outlines(puzzle, clear))),
                ("fill", &"none"),
                ("stroke", &INK),
                ("stroke-width", &Num(KILLER_LINE)),
                ("stroke-dasharray", &KILLER_DASHES),
            ],
        );
    }

    svg.open("g", &[("class", &"labels"), ("fill", &INK)]);
    for (index, label) in labels.iter().enumerate() {
        if let Some(label) = label {
            let (x, y) = corner(Cell(index as u16), n);
            let size = style.size(font, label);
            let baseline = y + style.inset + font.cap_height() * size;
            svg.glyphs("label", label, x + style.inset, baseline, size);
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

/// Where labels go and how large they are: KenKen's, or killer sums'.
#[derive(Clone, Copy)]
struct LabelStyle {
    /// Distance from the cell's top and left edges to the label's cap top and left.
    inset: f64,
    /// The font size, unless the label must shrink to fit.
    largest: f64,
}

impl LabelStyle {
    /// The font size of `label`: the largest, or less for a label too long for the cell.
    fn size(self, font: &Font, label: &str) -> f64 {
        let available = CELL - 2.0 * self.inset;
        self.largest.min(available / font.width(label))
    }
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

/// `path` as SVG path data: `M x y` for a move, `H x` and `V y` for lines across and down,
/// `M x y h w v h h -w Z` for a rectangle, `Z` for a close; numbers as [`Num`] writes them.
fn path_data(path: &Path) -> String {
    let mut d = String::new();
    for &segment in path.segments() {
        let _ = match segment {
            Segment::Move(x, y) => write!(d, "M{} {}", Num(x), Num(y)),
            Segment::Across(x) => write!(d, "H{}", Num(x)),
            Segment::Down(y) => write!(d, "V{}", Num(y)),
            Segment::Line(x, y) => write!(d, "L{} {}", Num(x), Num(y)),
            Segment::Rect {
                x,
                y,
                width,
                height,
            } => write!(
                d,
                "M{} {}h{}v{}h{}Z",
                Num(x),
                Num(y),
                Num(width),
                Num(height),
                Num(-width)
            ),
            Segment::Close => write!(d, "Z"),
        };
    }
    d
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

    /// Issue #45: a Killer X draws both diagonals, light, under the cell lines and every
    /// clue, broken where a clue sits on one; a plain killer draws none.
    #[test]
    fn a_killer_x_draws_its_diagonals_light_under_everything_else() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = crate::formats::kk::parse(text).unwrap();
        let svg = render(&puzzle, Contents::NONE, &Options::default()).unwrap();
        let at = svg
            .find("<path class=\"diagonals\"")
            .expect("the diagonals are drawn");
        assert!(
            at < svg.find("class=\"cell-lines\"").unwrap(),
            "under the cell lines"
        );
        let element = &svg[at..at + svg[at..].find("/>").unwrap()];
        assert!(element.contains("stroke=\"#b8b8b8\""), "{element}");
        // The sum 18 sits in r1c1's corner, on the falling diagonal: the line starts past it.
        // The rising one runs from r1c9's top-right corner to r9c1's bottom-left, whole.
        assert!(!element.contains("d=\"M10 10L"), "{element}");
        assert!(element.contains("M910 10L10 910"), "{element}");
        let plain = crate::formats::kk::parse(&text.replace("# diagonals\n", "")).unwrap();
        let svg = render(&plain, Contents::NONE, &Options::default()).unwrap();
        assert!(!svg.contains("diagonals"));
    }

    #[test]
    fn cage_lines_merge_into_runs() {
        // kk0: the top edge is one run, cell 0's right side (a given) one more.
        let puzzle = examples::by_name("kk0").unwrap().puzzle();
        let d = path_data(&runs(&Borders::new(&puzzle), Border::is_cage_border));
        assert!(d.starts_with("M10 10H410M10 110H110M"), "{d}");
        assert!(d.contains("M110 10V"), "{d}");
    }

    #[test]
    fn killer_outlines_turn_in_and_out_and_ring_a_hole() {
        // A ring of eight cells around a given: the ring's outline is two boundaries, the
        // outer one clockwise from its top-left corner, the inner one a closed loop around
        // the hole, a gap outside it; then the given's own square.
        let puzzle = crate::formats::kk::parse("12+,0 1 2 3 5 6 7 8\n2,4\n").unwrap();
        assert_eq!(
            path_data(&cage_outlines(&puzzle, |_| (0.0, 0.0))),
            "M20 20H300V300H20V20M100 100V220H220V100ZM120 120H200V200H120V120"
        );
        // With room for the sums: the outer boundaries start right of them and end below.
        assert_eq!(
            path_data(&cage_outlines(&puzzle, |_| (12.5, 15.0))),
            "M32.5 20H300V300H20V35M100 100V220H220V100ZM132.5 120H200V200H120V135"
        );
        // An L: 0 1 2 over 3 (a 3x3 with the rest in pairs); the inner corner at cell 4's
        // top-left is passed a gap beyond the cells' corner.
        let puzzle = crate::formats::kk::parse("6+,0 1 2 3\n3+,4 5\n3+,6 7\n2,8\n").unwrap();
        let d = path_data(&cage_outlines(&puzzle, |_| (0.0, 0.0)));
        assert!(d.starts_with("M20 20H300V100H100V200H20V20M"), "{d}");
    }

    #[test]
    fn the_title_names_the_kind() {
        let puzzle = crate::formats::kk::parse("# killer\n3+,0 1\n3+,2 3\n").unwrap();
        let text = render(&puzzle, Contents::NONE, &Options::default()).unwrap();
        assert!(text.contains("<title>killer Latin square 2x2, 2 cages</title>"));
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
