//! One grid drawn into a page's content: the shading, cell lines, thick lines and killer
//! outlines of the grid's picture (`render::picture`, the shapes `cagey render` draws too)
//! as vector paths in grey and black, mapped from the picture's units onto the page, then
//! the clues (puzzles only) and digits as text, each clue fitted to its cell by the
//! long-clue rule ([`fit_clue`]).

use pdf_writer::types::LineCapStyle;
use pdf_writer::Content;

use super::super::colouring::{self, MAX_COLOURS};
use super::super::font::Font;
use super::super::path::{Path, Step};
use super::super::picture::{self, CELL};
use super::super::{has_regions, labels, Border, Borders, Contents, Mark, RenderError};
use super::embedded_font::{Glyphs, Text};
use super::layout::{CLUE_MIN, DIGIT_MIN};
use crate::model::{Cell, Operation, Puzzle};

/// The smallest a long clue (`15120×`) may shrink to, after it is set condensed.
pub const LONG_CLUE_MIN: f32 = 6.0;

/// How narrow a long clue may be set, as the horizontal scale in percent: 80% condensed
/// type still reads as the same face, narrower starts to look like another.
const CONDENSED: f32 = 80.0;

/// Lines that print: thin cell lines at least half a point and 60% black (a 0.24-pt 40%
/// grey hairline drops out on a press), thick lines at least 1.2 pt, the killer cages'
/// dashes at least 0.6 pt.
const THIN_MIN: f32 = 0.5;
const CELL_LINE_GREY: f32 = 0.4;
const THICK_MIN: f32 = 1.2;
const KILLER_LINE_MIN: f32 = 0.6;

/// The killer outline's dash and gap, in the picture's units (as `cagey render`'s `6 4`).
const KILLER_DASH: f32 = 6.0;
const KILLER_DASH_GAP: f32 = 4.0;

/// Shading of KenDoku boxes and jigsaw regions by colour number, as grey levels (1 white):
/// the picture's tints are colours, nearly equal in grey, so print gets its own greys,
/// light enough for black clues and far enough apart to tell neighbours apart.
const SHADES: [f32; MAX_COLOURS] = [1.0, 0.86, 0.93, 0.78, 0.9, 0.82];

/// A placed digit's size as a share of its cell, and how far below the centre it sits in a
/// puzzle (balancing the clue above), as in `cagey render`'s pictures.
const DIGIT_SHARE: f32 = 0.5;
const DIGIT_DROP: f32 = 0.06;

/// How a grid is drawn: empty with its clues, or solved as an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Look {
    Puzzle,
    Answer,
}

/// Draws one grid into `content`, its picture's top-left corner at (`x`, `top`), with cells
/// of `cell` points: the lines and outlines of the grid's picture, in grey and black,
/// then the clues (puzzles only) and digits as text, their glyphs through `glyphs`.
#[allow(clippy::too_many_arguments)]
pub(super) fn grid(
    content: &mut Content,
    glyphs: &mut Glyphs,
    puzzle: &Puzzle,
    contents: Contents<'_>,
    look: Look,
    x: f32,
    top: f32,
    cell: f32,
) -> Result<(), RenderError> {
    let marks = contents.marks(puzzle)?;
    let n = puzzle.size();
    let killer = puzzle.options().killer;
    let scale = cell / CELL as f32;
    let map = |(ux, uy): (f32, f32)| (x + ux * scale, top - uy * scale);
    let font = Font::bundled();

    if has_regions(puzzle) && !killer {
        let colours = colouring::colours(puzzle.regions(), n);
        for (colour, &grey) in SHADES.iter().enumerate().skip(1) {
            let d = picture::shading(puzzle, &colours, colour);
            if !d.is_empty() {
                content.set_fill_gray(grey);
                path(content, &d, map);
                content.fill_nonzero();
            }
        }
    }
    content
        .set_stroke_gray(CELL_LINE_GREY)
        .set_line_width((picture::THIN_LINE as f32 * scale).max(THIN_MIN))
        .set_line_cap(LineCapStyle::ButtCap);
    path(content, &picture::cell_lines(n), map);
    content.stroke();

    let borders = Borders::new(puzzle);
    // Killer puzzles give the thick lines to the houses and outline their cages apart.
    let thick: fn(Border) -> bool = if killer {
        Border::is_region_border
    } else {
        Border::is_cage_border
    };
    content
        .set_stroke_gray(0.0)
        .set_line_width((picture::THICK_LINE as f32 * scale).max(THICK_MIN))
        // Square caps close the corners where a run meets another at right angles.
        .set_line_cap(LineCapStyle::ProjectingSquareCap);
    path(content, &picture::runs(&borders, thick), map);
    content.stroke();

    // An answer key shows digits and cage outlines only: no clues, and no killer cages,
    // whose dashes in 7-mm cells would crowd the digits (the boxes are what a solver
    // checks a killer's answer against).
    let clues = match look {
        Look::Puzzle => clue_boxes(puzzle, cell),
        Look::Answer => Vec::new(),
    };
    if killer && look == Look::Puzzle {
        let clear_of = killer_clear(puzzle, &clues, cell);
        content
            .set_line_width((picture::KILLER_LINE as f32 * scale).max(KILLER_LINE_MIN))
            .set_line_cap(LineCapStyle::ButtCap)
            .set_dash_pattern([KILLER_DASH * scale, KILLER_DASH_GAP * scale], 0.0);
        path(
            content,
            &picture::cage_outlines(puzzle, |anchor: Cell| clear_of[anchor.index()]),
            map,
        );
        content.stroke().set_dash_pattern([], 0.0);
    }

    content.set_fill_gray(0.0);
    for clue in &clues {
        for (line, text) in clue.lines.iter().enumerate() {
            glyphs.set(
                content,
                &Text {
                    text,
                    what: "a clue",
                    size: clue.size,
                    scale: clue.scale,
                    x: x + clue.x,
                    baseline: top - clue.baseline(line),
                },
            )?;
        }
    }
    for (index, cell_at) in puzzle.cells().enumerate() {
        let (cx, cy) = map(corner(cell_at, n));
        if let Mark::Digit(digit) = marks[index] {
            let text = digit.to_string();
            let (size, drop) = match look {
                Look::Puzzle => ((DIGIT_SHARE * cell).max(DIGIT_MIN), DIGIT_DROP * cell),
                Look::Answer => (DIGIT_MIN, 0.0),
            };
            let width = font.width(&text) as f32 * size;
            glyphs.set(
                content,
                &Text {
                    text: &text,
                    what: "a digit",
                    size,
                    scale: 100.0,
                    x: cx + (cell - width) / 2.0,
                    baseline: cy - cell / 2.0 - drop - font.cap_height() as f32 * size / 2.0,
                },
            )?;
        }
    }
    Ok(())
}

/// A clue as it is set: its lines, their size and horizontal scale, and the box they take,
/// in points from the top-left corner of the grid's picture, y growing downwards. The box
/// is the lines' advance widths (the widest line's) by their capitals' height, which is
/// where digits and signs put their ink:
///
/// ```text
///   (x, y) +----------+     y: the top of the first line's capitals
///          | 1680×    |     the first baseline: y + cap height × size
///          +----------+     (y + height)
///          <- width -->     the widest line's width × size × scale / 100
/// ```
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ClueBox {
    /// The cell the clue is in: its cage's anchor.
    pub(super) cell: Cell,
    /// The lines, top first.
    pub(super) lines: Vec<String>,
    /// Font size in points.
    pub(super) size: f32,
    /// Horizontal scale in percent.
    pub(super) scale: f32,
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) width: f32,
    pub(super) height: f32,
}

impl ClueBox {
    /// The baseline of line `line`, in points below the picture's top.
    pub(super) fn baseline(&self, line: usize) -> f32 {
        let cap = Font::bundled().cap_height() as f32 * self.size;
        self.y + cap + line as f32 * cap
    }
}

/// Where each clue of `puzzle` goes in a grid of `cell`-point cells, and how large: one
/// [`ClueBox`] per cage with a clue, each in the top-left corner of its cage's anchor.
/// [`grid`] draws them, and the tests measure them.
pub(super) fn clue_boxes(puzzle: &Puzzle, cell: f32) -> Vec<ClueBox> {
    let n = puzzle.size();
    let font = Font::bundled();
    let (inset, share) = if puzzle.options().killer {
        (picture::KILLER_LABEL_INSET, picture::KILLER_LABEL_SIZE)
    } else {
        (picture::LABEL_INSET, picture::LABEL_SIZE)
    };
    let per_unit = cell / CELL as f32;
    let inset = inset as f32 * per_unit;
    let share = (share / CELL) as f32;
    let cap = font.cap_height() as f32;
    labels(puzzle, Operation::sign)
        .into_iter()
        .enumerate()
        .filter_map(|(index, label)| {
            let label = label?;
            let at = Cell(index as u16);
            let (cx, cy) = corner(at, n);
            let (size, scale) = fit_clue(&label, cell, inset, share);
            let width = font.width(&label) as f32 * size * scale / 100.0;
            Some(ClueBox {
                cell: at,
                lines: vec![label],
                size,
                scale,
                x: cx * per_unit + inset,
                y: cy * per_unit + inset,
                width,
                height: cap * size,
            })
        })
        .collect()
}

/// How far each killer cage's outline stays clear of its sum, by the anchor's index (in
/// picture units, as [`picture::cage_outlines`] takes them): along the top from the
/// anchor's corner to past the sum's right, and down the left to below it.
fn killer_clear(puzzle: &Puzzle, clues: &[ClueBox], cell: f32) -> Vec<(f64, f64)> {
    let per_unit = f64::from(cell) / CELL;
    let start =
        picture::KILLER_LABEL_INSET - f64::from(picture::KILLER_INSET) + picture::KILLER_LABEL_GAP;
    let mut clear = vec![(0.0, 0.0); puzzle.cell_count()];
    for clue in clues {
        clear[clue.cell.index()] = (
            start + f64::from(clue.width) / per_unit,
            start + f64::from(clue.height) / per_unit,
        );
    }
    clear
}

/// The size and horizontal scale (percent) of `label` in a cell of `cell` points with
/// `inset` points on each side, its usual size `share` of the cell. The rule for labels
/// too long for the room between the insets, in order, each step only while still too
/// long:
///
/// 1. shrink, down to [`CLUE_MIN`];
/// 2. set it condensed, down to [`CONDENSED`] percent;
/// 3. shrink, down to [`LONG_CLUE_MIN`].
///
/// A label that is still too long runs into the right inset (on a 9x9 four to a page,
/// only a 7-figure product such as `362880×` does).
pub(super) fn fit_clue(label: &str, cell: f32, inset: f32, share: f32) -> (f32, f32) {
    let em = Font::bundled().width(label) as f32;
    let room = cell - 2.0 * inset;
    let mut size = (share * cell).max(CLUE_MIN);
    if em * size > room {
        size = (room / em).max(CLUE_MIN);
    }
    let mut scale = 100.0;
    if em * size > room {
        scale = (100.0 * room / (em * size)).max(CONDENSED);
    }
    if em * size * scale / 100.0 > room {
        size = (100.0 * room / (em * scale)).max(LONG_CLUE_MIN);
    }
    (size, scale)
}

/// Adds `path` to `content`, each point through `map` from picture units to the page.
fn path(content: &mut Content, path: &Path, map: impl Fn((f32, f32)) -> (f32, f32)) {
    for step in path.steps() {
        match step {
            Step::MoveTo(x, y) => {
                let (px, py) = map((x as f32, y as f32));
                content.move_to(px, py);
            }
            Step::LineTo(x, y) => {
                let (px, py) = map((x as f32, y as f32));
                content.line_to(px, py);
            }
            Step::Close => {
                content.close_path();
            }
        }
    }
}

/// The top-left corner of `cell` in picture units.
fn corner(cell: Cell, n: usize) -> (f32, f32) {
    let (x, y) = picture::corner(cell, n);
    (x as f32, y as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_keep_at_least_7_pt_and_long_ones_6_pt_condensed() {
        let share = (picture::LABEL_SIZE / CELL) as f32;
        let cell = 25.0;
        let inset = picture::LABEL_INSET as f32 * cell / CELL as f32;
        let room = cell - 2.0 * inset;
        // A short clue: its share of the cell, at least 7 pt, full width.
        assert_eq!(fit_clue("12+", cell, inset, share), (7.0, 100.0));
        assert_eq!(fit_clue("12+", 60.0, inset, share), (14.4, 100.0));
        let width = |label: &str, (size, scale): (f32, f32)| {
            Font::bundled().width(label) as f32 * size * scale / 100.0
        };
        // `1296×` fits at 7 pt condensed; `15120×` needs 6 pt as well; neither overflows.
        let (size, scale) = fit_clue("1296×", cell, inset, share);
        assert!(
            size == 7.0 && (CONDENSED..100.0).contains(&scale),
            "{size} {scale}"
        );
        assert!(width("1296×", (size, scale)) <= room + 1e-3);
        let (size, scale) = fit_clue("15120×", cell, inset, share);
        assert!(
            (LONG_CLUE_MIN..7.0).contains(&size) && scale == CONDENSED,
            "{size} {scale}"
        );
        assert!(width("15120×", (size, scale)) <= room + 1e-3);
        // Past 6 pt condensed it runs into the inset rather than shrink further.
        assert_eq!(
            fit_clue("3628800×", cell, inset, share),
            (LONG_CLUE_MIN, CONDENSED)
        );
    }

    #[test]
    fn paths_become_moves_lines_and_closes() {
        let mut shape = Path::new();
        shape.move_to(10.0, 10.0);
        shape.across_to(110.0);
        shape.down_to(-5.0);
        shape.close();
        shape.rect(90.0, -5.0, 20.0, 5.0);
        let mut content = Content::new();
        path(&mut content, &shape, |(x, y)| (x, -y));
        let text = String::from_utf8(content.finish()).unwrap();
        assert_eq!(
            text,
            "10 -10 m\n110 -10 l\n110 5 l\nh\n90 5 m\n110 5 l\n110 0 l\n90 0 l\nh"
        );
    }
}
