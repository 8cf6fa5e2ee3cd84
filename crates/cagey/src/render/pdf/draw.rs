//! One grid drawn into a page's content: the shading, cell lines, thick lines and killer
//! outlines of the grid's picture (`render::picture`, the shapes `cagey render` draws too)
//! as vector paths in grey and black, mapped from the picture's units onto the page, then
//! the clues (puzzles only) and digits as text, each clue fitted to its cage's room by the
//! long-clue rule ([`clue_boxes`]).

use pdf_writer::types::LineCapStyle;
use pdf_writer::Content;

use super::super::colouring::{self, MAX_COLOURS};
use super::super::font::Font;
use super::super::path::{Path, Step};
use super::super::picture::{self, CELL};
use super::super::{has_regions, labels, same_cage, Border, Borders, Contents, Mark, RenderError};
use super::embedded_font::{Glyphs, Text};
use super::layout::{CLUE_MIN, DIGIT_MIN};
use crate::model::{Cell, Operation, Puzzle};

/// The smallest a long clue (`15120×`) may shrink to on one line, after it is set
/// condensed.
pub const LONG_CLUE_MIN: f32 = 6.0;

/// The smallest a clue set on two lines, its number over its operation's sign, may shrink
/// to: 5 pt condensed, whose digits are 1.3 mm tall and 0.9 mm wide, is about the least
/// that prints cleanly and that most solvers still read (a newspaper's agate, the type of
/// its stock tables, is 5.5 pt). Two lines at 5 pt take 3.2 mm of a 32x32's 5.3-mm cell.
pub const STACKED_CLUE_MIN: f32 = 5.0;

/// How narrow the last resort of the long-clue rule may set a clue before it sets it
/// smaller than [`STACKED_CLUE_MIN`]: 65%, the width of a compressed face. Digits keep their
/// height and shapes when condensed, and their height is what makes them legible:
/// `293760` over `×` in a 5.3-mm cell reads better at 5 pt and 65% than at 4 pt and 80%.
const SQUEEZED: f32 = 65.0;

/// The break in a thin cell line under a clue that runs on across it: the clue's box and
/// this share of its size above and below.
const KNOCKOUT_AIR: f32 = 0.2;

/// The air between the two lines of a stacked clue, as a share of its size: with the
/// capitals' 0.73 that makes a line every 1.08 of the size, tight enough to read as one
/// clue, clear enough that `×` does not touch the digits above it.
const STACK_GAP: f32 = 0.35;

/// How narrow a long clue may be set, as the horizontal scale in percent: 80% condensed
/// type still reads as the same face, narrower starts to look like another.
const CONDENSED: f32 = 80.0;

/// Lines that print: thin cell lines at least half a point and 60% black (a 0.24-pt 40%
/// grey hairline drops out on a press), thick lines at least 1.2 pt, the killer cages'
/// dashes at least 0.6 pt.
const THIN_MIN: f32 = 0.5;
const CELL_LINE_GREY: f32 = 0.4;
/// The diagonal rule's lines: as wide as the thin lines, lighter (45% black), still dark
/// enough to print.
const DIAGONAL_GREY: f32 = 0.55;
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
    // An answer key shows digits and cage outlines only: no clues, and no killer cages,
    // whose dashes in 7-mm cells would crowd the digits (the boxes are what a solver
    // checks a killer's answer against).
    let clues = match look {
        Look::Puzzle => clue_boxes(puzzle, cell),
        Look::Answer => Vec::new(),
    };
    // An answer key leaves the diagonals out, as it does the killer cages: in its 7-mm
    // cells a line through every diagonal digit reads as striking it out.
    if puzzle.options().diagonals && look == Look::Puzzle {
        // Under every other line, and broken around the clues it would cross.
        let boxes: Vec<picture::LabelBox> = clues
            .iter()
            .map(|clue| {
                let unit = |points: f32| f64::from(points / scale);
                (
                    unit(clue.x),
                    unit(clue.y),
                    unit(clue.x + clue.width),
                    unit(clue.y + clue.height),
                )
            })
            .collect();
        content
            .set_stroke_gray(DIAGONAL_GREY)
            .set_line_width((picture::DIAGONAL_LINE as f32 * scale).max(THIN_MIN))
            .set_line_cap(LineCapStyle::ButtCap);
        path(content, &picture::diagonal_lines(puzzle, &boxes), map);
        content.stroke();
    }
    // A clue that runs on over the next cell of its cage breaks the thin line between
    // them, rather than be struck through by it (`496|0×`): the thin lines are clipped to
    // the grid less each such clue's box and a little air above and below it.
    let run_on: Vec<&ClueBox> = clues.iter().filter(|c| c.how == Setting::RunOn).collect();
    if !run_on.is_empty() {
        let side = picture::side(n) as f32 * scale;
        content.save_state().rect(x, top - side, side, side);
        for clue in &run_on {
            let air = KNOCKOUT_AIR * clue.size;
            let high = clue.height + 2.0 * air;
            content.rect(x + clue.x, top - clue.y + air - high, clue.width, high);
        }
        content.clip_even_odd().end_path();
    }
    content
        .set_stroke_gray(CELL_LINE_GREY)
        .set_line_width((picture::THIN_LINE as f32 * scale).max(THIN_MIN))
        .set_line_cap(LineCapStyle::ButtCap);
    path(content, &picture::cell_lines(n), map);
    content.stroke();
    if !run_on.is_empty() {
        content.restore_state();
    }

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
    /// Which step of the long-clue rule set it.
    pub(super) how: Setting,
}

impl ClueBox {
    /// The baseline of line `line`, in points below the picture's top.
    pub(super) fn baseline(&self, line: usize) -> f32 {
        let cap = Font::bundled().cap_height() as f32;
        self.y + cap * self.size + line as f32 * (cap + STACK_GAP) * self.size
    }
}

/// How a clue is set, the steps of the long-clue rule ([`clue_boxes`]) in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Setting {
    /// On one line in its cell, from its usual size down to [`LONG_CLUE_MIN`] condensed.
    InCell,
    /// On one line running on over the cells of its cage to the right, as small.
    RunOn,
    /// Its number over its sign, down to [`STACKED_CLUE_MIN`] condensed.
    Stacked,
    /// At the least size condensed further, or smaller: the last resort, for a long
    /// product in a cage one cell wide, or a grid on paper too small for it.
    Squeezed,
}

/// Where each clue of `puzzle` goes in a grid of `cell`-point cells, and how large: one
/// [`ClueBox`] per cage with a clue, each in the top-left corner of its cage's anchor, at
/// the inset from the cell's top and left edges. [`grid`] draws them, and the tests
/// measure them.
///
/// The long-clue rule. A clue's room is its cell less an inset on the left and on the
/// right (for a killer sum, on the right, clear of its cage's dashed outline), which keeps
/// it off the thick lines; it is set by the first step that fits, each step trying its
/// usual size (a share of the cell, at least [`CLUE_MIN`]), then smaller down to
/// [`CLUE_MIN`], then condensed down to [`CONDENSED`] percent, then smaller again down to
/// the step's least size:
///
/// 1. [`Setting::InCell`]: on one line in its cell, down to [`LONG_CLUE_MIN`]. Products
///    of up to five figures on a 9x9 four to a page (`15120×` at 6.4 pt condensed), six
///    on a 16x16 alone on A4, four on a 24x24, are set so.
/// 2. [`Setting::RunOn`]: on one line over its cell and the cells of its cage that follow
///    it to the right in its row, down to [`LONG_CLUE_MIN`]: no thick line stands between
///    them, only the thin grey one, which [`grid`] breaks under the clue, so the clue still
///    reads as its cage's. On a 32x32 on A4 (5.3-mm cells) `168×` needs more than a cell
///    even at 6 pt condensed; run on, it is set at 7 pt like its neighbours.
/// 3. [`Setting::Stacked`]: its number over its operation's sign, in the same room, from
///    [`LONG_CLUE_MIN`] (no larger, to leave the solver the bottom of the cell) down to
///    [`STACKED_CLUE_MIN`]: for a cage that goes down from its anchor, not right.
/// 4. [`Setting::Squeezed`]: stacked, or on one line if that is larger (killer sums have no
///    sign), at [`STACKED_CLUE_MIN`] condensed down to [`SQUEEZED`] percent, then smaller
///    as far as it must. A clue is never set over a thick line or another clue. On A4 and
///    Letter only five-figure and six-figure products in cages one cell wide come to this,
///    and they keep 5 pt (`293760×` at 4.99 pt and 65%; 10 clues of the 1,559 of three
///    32x32s on A4). On A5 and 6x9 in, whose 3.4- to 3.5-mm cells are too small to print
///    a 32x32 in, a third of the clues are squeezed, some to 3.2 pt.
///
/// Running on and stacking were chosen over setting every long clue smaller in its own
/// cell: that would take a 32x32's `1680×` to 4.6 pt and `293760×` to 3.3 pt. Before
/// issue #44 a clue that did not fit at 6 pt ran on over the thick line into the next
/// cage's cell, and into its clue (the issue saw `1680×` run into `9750×`; the three
/// 32x32s of the tests had 33 such overlaps on A4).
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
    let usual = (share / CELL) as f32 * cell;
    let cap = font.cap_height() as f32;
    // Where a clue's room ends on the right, short of the end of its cell or of its run:
    // the inset, as on the left, for a KenKen (clear of half a thick line by 5.5 units);
    // for a killer sum, clear of its cage's dashed outline, [`picture::KILLER_INSET`] in
    // from the cell's edge, by the air the outline leaves the sum elsewhere.
    let right = if puzzle.options().killer {
        let outline = (picture::KILLER_LINE as f32 * per_unit).max(KILLER_LINE_MIN);
        (picture::KILLER_INSET as f32 + picture::KILLER_LABEL_GAP as f32) * per_unit + outline / 2.0
    } else {
        inset
    };
    // The room of a line in its cell, and of the lines down the cell.
    let own = cell - inset - right;
    let tall = cell - 2.0 * inset;
    labels(puzzle, Operation::sign)
        .into_iter()
        .enumerate()
        .filter_map(|(index, label)| {
            let label = label?;
            let at = Cell(index as u16);
            let (row, col) = (at.row(n), at.col(n));
            let run = (col + 1..n)
                .take_while(|&next| same_cage(puzzle, at, Cell::at(row, next, n)))
                .count();
            let wide = own + run as f32 * cell;
            let one = vec![label.clone()];
            let two = stacked(&label);
            let em = |lines: &[String]| {
                lines
                    .iter()
                    .map(|line| font.width(line) as f32)
                    .fold(0.0, f32::max)
            };
            // Each step: the setting, its lines, the width they may take, their largest
            // and least sizes. Stacked clues are no larger than long ones on one line,
            // which leaves the solver the bottom of the cell.
            let mut steps = vec![(Setting::InCell, one.clone(), own, f32::MAX, LONG_CLUE_MIN)];
            if run > 0 {
                steps.push((Setting::RunOn, one.clone(), wide, f32::MAX, LONG_CLUE_MIN));
            }
            if let Some(two) = &two {
                let step = (
                    Setting::Stacked,
                    two.clone(),
                    wide,
                    LONG_CLUE_MIN,
                    STACKED_CLUE_MIN,
                );
                steps.push(step);
            }
            let fitted = steps
                .into_iter()
                .find_map(|(how, lines, room, most, least)| {
                    let most = most.min(tall / lines_height(lines.len(), 1.0, cap));
                    let (size, scale) = fit(em(&lines), room, usual, most, least)?;
                    Some((how, lines, size, scale))
                });
            let (how, lines, size, scale) = fitted.unwrap_or_else(|| {
                // At the least size, condensed as far as it must, down to SQUEEZED; then
                // smaller. One line or two, whichever is larger.
                let squeeze = |lines: Vec<String>| {
                    let em = em(&lines);
                    let size = STACKED_CLUE_MIN.min(tall / lines_height(lines.len(), 1.0, cap));
                    let scale = (100.0 * wide / (em * size)).clamp(SQUEEZED, CONDENSED);
                    let size = size.min(100.0 * wide / (em * scale));
                    (size, scale, lines)
                };
                let (size, scale, lines) = match two {
                    Some(two) => {
                        let (one, two) = (squeeze(one), squeeze(two));
                        if (two.0, two.1) > (one.0, one.1) {
                            two
                        } else {
                            one
                        }
                    }
                    None => squeeze(one),
                };
                (Setting::Squeezed, lines, size, scale)
            });
            let (cx, cy) = corner(at, n);
            Some(ClueBox {
                cell: at,
                width: em(&lines) * size * scale / 100.0,
                height: lines_height(lines.len(), size, cap),
                lines,
                size,
                scale,
                x: cx * per_unit + inset,
                y: cy * per_unit + inset,
                how,
            })
        })
        .collect()
}

/// `label` as two lines, its number over its operation's sign (`1680×` as `1680`, `×`),
/// if it has a sign.
fn stacked(label: &str) -> Option<Vec<String>> {
    let (at, sign) = label.char_indices().last()?;
    (!sign.is_ascii_digit() && at > 0).then(|| vec![label[..at].to_string(), sign.to_string()])
}

/// The height of `lines` lines of type of `size` points whose capitals are `cap` em tall:
/// from the first line's capitals to the last line's baseline.
fn lines_height(lines: usize, size: f32, cap: f32) -> f32 {
    (lines as f32 * cap + lines.saturating_sub(1) as f32 * STACK_GAP) * size
}

/// The size and horizontal scale (percent) that set text `em` wide in `room` points, its
/// usual size `usual`, never over `most` (what the height of its lines allows), if any: in
/// order, each only while still too long, shrunk down to [`CLUE_MIN`], set condensed down
/// to [`CONDENSED`] percent, shrunk down to `least`.
fn fit(em: f32, room: f32, usual: f32, most: f32, least: f32) -> Option<(f32, f32)> {
    let mut size = usual.max(CLUE_MIN).min(most);
    if em * size > room {
        size = (room / em).max(CLUE_MIN).min(most);
    }
    let mut scale = 100.0;
    if em * size > room {
        scale = (100.0 * room / (em * size)).max(CONDENSED);
    }
    if em * size * scale / 100.0 > room {
        size = (100.0 * room / (em * scale)).max(least);
    }
    // Rounding may leave it a hair over, which the inset's air absorbs.
    (size >= least && em * size * scale / 100.0 <= room * (1.0 + 1e-5)).then_some((size, scale))
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
    use super::super::layout::{per_page_for, puzzle_cell, Paper, PerPage};
    use super::*;

    #[test]
    fn clues_keep_at_least_7_pt_and_long_ones_6_pt_condensed() {
        let cell = 25.0;
        let usual = (picture::LABEL_SIZE / CELL) as f32 * cell;
        let inset = picture::LABEL_INSET as f32 * cell / CELL as f32;
        let room = cell - 2.0 * inset;
        let em = |label: &str| Font::bundled().width(label) as f32;
        let fits = |label: &str| fit(em(label), room, usual, 99.0, LONG_CLUE_MIN);
        // A short clue: its share of the cell, at least 7 pt, full width.
        assert_eq!(fits("12+"), Some((7.0, 100.0)));
        assert_eq!(
            fit(em("12+"), 60.0 * room / cell, 14.4, 99.0, LONG_CLUE_MIN),
            Some((14.4, 100.0))
        );
        // `1296×` fits at 7 pt condensed; `15120×` needs 6 pt as well; neither overflows.
        let (size, scale) = fits("1296×").unwrap();
        assert!(
            size == 7.0 && (CONDENSED..100.0).contains(&scale),
            "{size} {scale}"
        );
        assert!(em("1296×") * size * scale / 100.0 <= room + 1e-3);
        let (size, scale) = fits("15120×").unwrap();
        assert!(
            (LONG_CLUE_MIN..7.0).contains(&size) && scale == CONDENSED,
            "{size} {scale}"
        );
        assert!(em("15120×") * size * scale / 100.0 <= room + 1e-3);
        // Past 6 pt condensed it does not fit: the next step of the rule takes it.
        assert_eq!(fits("3628800×"), None);
        assert_eq!(stacked("1680×"), Some(vec!["1680".into(), "×".into()]));
        assert_eq!(stacked("17"), None);
        assert_eq!(stacked("×"), None);
    }

    #[test]
    fn long_clues_run_on_over_their_cage_else_stack_else_squeeze() {
        // A 32x32 alone on an A4 page.
        let cell = puzzle_cell(Paper::A4, PerPage::One, 32);
        let clues = clue_boxes(&long_products(), cell);
        let n = 32;
        let (top, bottom): (Vec<&ClueBox>, Vec<&ClueBox>) =
            clues.iter().partition(|clue| clue.cell.row(n) < n / 2);
        // Along a row: one line at 7 pt over three of its four cells.
        assert!(bottom.iter().all(|clue| clue.how == Setting::RunOn
            && clue.lines == ["863040×"]
            && (clue.size, clue.scale) == (CLUE_MIN, 100.0)
            && clue.width > 2.0 * cell
            && clue.width < 3.0 * cell));
        // Down a column: `863040` does not fit a 5.3-mm cell at 5 pt condensed to 80%; it
        // takes 65% and a hair under 5 pt.
        assert!(top.iter().all(|clue| clue.how == Setting::Squeezed
            && clue.lines == ["863040", "×"]
            && clue.scale == SQUEEZED
            && (4.9..STACKED_CLUE_MIN).contains(&clue.size)));
        // A four-figure product down a column stacks at 6 pt, condensed; a short clue stays
        // in its cell.
        let puzzle = crate::formats::kk::parse("1680*,0 2\n5+,1 3\n").unwrap();
        let clues = clue_boxes(&puzzle, cell);
        assert_eq!(clues[0].how, Setting::Stacked);
        assert_eq!(clues[0].lines, ["1680", "×"]);
        assert_eq!(clues[0].size, LONG_CLUE_MIN);
        assert!((CONDENSED..100.0).contains(&clues[0].scale));
        assert_eq!(clues[1].how, Setting::InCell);
        assert_eq!(clues[1].size, CLUE_MIN);
    }

    /// A rectangle on the page in points from the picture's top-left corner, y down.
    #[derive(Clone, Copy, Debug)]
    struct Rect {
        left: f32,
        top: f32,
        right: f32,
        bottom: f32,
    }

    impl Rect {
        fn overlaps(self, other: Rect) -> bool {
            self.left < other.right
                && other.left < self.right
                && self.top < other.bottom
                && other.top < self.bottom
        }

        fn within(self, other: Rect) -> bool {
            self.left >= other.left
                && self.right <= other.right
                && self.top >= other.top
                && self.bottom <= other.bottom
        }
    }

    /// The rectangles `path`'s segments ink as lines `width` wide, each end carried on by
    /// `cap` (half the width for square caps, none for butt caps), in points.
    fn inked(path: &Path, per_unit: f32, width: f32, cap: f32) -> Vec<Rect> {
        let mut rects = Vec::new();
        let mut at = (0.0, 0.0);
        for step in path.steps() {
            match step {
                Step::MoveTo(x, y) => at = (x as f32 * per_unit, y as f32 * per_unit),
                Step::LineTo(x, y) => {
                    let to = (x as f32 * per_unit, y as f32 * per_unit);
                    let (dx, dy) = if at.1 == to.1 {
                        (cap, width / 2.0)
                    } else {
                        (width / 2.0, cap)
                    };
                    rects.push(Rect {
                        left: at.0.min(to.0) - dx,
                        top: at.1.min(to.1) - dy,
                        right: at.0.max(to.0) + dx,
                        bottom: at.1.max(to.1) + dy,
                    });
                    at = to;
                }
                Step::Close => {}
            }
        }
        rects
    }

    /// Every way a clue of `puzzle` in `cell`-point cells collides, in words: the ink box of
    /// each line of each clue (its advance width from the font times size times scale, its
    /// capitals' height) against every other clue's lines, against the thick lines as
    /// [`grid`] strokes them (square caps included), against the killer outlines as it
    /// dashes them (solid here: a dash may fall anywhere), and against the cells of its own
    /// cage in its row: a clue stays in its anchor's row and over cells of its cage.
    fn collisions(puzzle: &Puzzle, cell: f32) -> Vec<String> {
        let n = puzzle.size();
        let font = Font::bundled();
        let per_unit = cell / CELL as f32;
        let clues = clue_boxes(puzzle, cell);
        let killer = puzzle.options().killer;
        let thick: fn(Border) -> bool = if killer {
            Border::is_region_border
        } else {
            Border::is_cage_border
        };
        let width = (picture::THICK_LINE as f32 * per_unit).max(THICK_MIN);
        let mut lines = inked(
            &picture::runs(&Borders::new(puzzle), thick),
            per_unit,
            width,
            width / 2.0,
        );
        if killer {
            let width = (picture::KILLER_LINE as f32 * per_unit).max(KILLER_LINE_MIN);
            let clear = killer_clear(puzzle, &clues, cell);
            let outlines = picture::cage_outlines(puzzle, |anchor| clear[anchor.index()]);
            lines.extend(inked(&outlines, per_unit, width, 0.0));
        }
        let cap = font.cap_height() as f32;
        let inks: Vec<(usize, Rect)> = clues
            .iter()
            .enumerate()
            .flat_map(|(at, clue)| {
                clue.lines.iter().enumerate().map(move |(line, text)| {
                    let baseline = clue.baseline(line);
                    let wide = font.width(text) as f32 * clue.size * clue.scale / 100.0;
                    let rect = Rect {
                        left: clue.x,
                        top: baseline - cap * clue.size,
                        right: clue.x + wide,
                        bottom: baseline,
                    };
                    (at, rect)
                })
            })
            .collect();
        let mut found = Vec::new();
        for (i, &(at, ink)) in inks.iter().enumerate() {
            let clue = &clues[at];
            let name = format!(
                "{} in cell {} ({} pt, {}%)",
                clue.lines.concat(),
                clue.cell.index(),
                clue.size,
                clue.scale
            );
            let (row, col) = (clue.cell.row(n), clue.cell.col(n));
            let mut last = col;
            while last + 1 < n && same_cage(puzzle, clue.cell, Cell::at(row, last + 1, n)) {
                last += 1;
            }
            let (left, top) = corner(clue.cell, n);
            let room = Rect {
                left: left * per_unit,
                top: top * per_unit,
                right: (left + (last - col + 1) as f32 * CELL as f32) * per_unit,
                bottom: (top + CELL as f32) * per_unit,
            };
            if !ink.within(room) {
                found.push(format!(
                    "{name} leaves its cage's cells: {ink:?} in {room:?}"
                ));
            }
            // The box as the clue states it, give or take rounding.
            let clue_box = Rect {
                left: clue.x - 1e-3,
                top: clue.y - 1e-3,
                right: clue.x + clue.width + 1e-3,
                bottom: clue.y + clue.height + 1e-3,
            };
            if !ink.within(clue_box) {
                found.push(format!(
                    "{name} inks outside its box: {ink:?} in {clue_box:?}"
                ));
            }
            if lines.iter().any(|&line| line.overlaps(ink)) {
                found.push(format!("{name} crosses a cage line"));
            }
            for &(other, theirs) in &inks[i + 1..] {
                if other != at && theirs.overlaps(ink) {
                    let them = &clues[other];
                    found.push(format!(
                        "{name} runs into {} in cell {}",
                        them.lines.concat(),
                        them.cell.index()
                    ));
                }
            }
        }
        found
    }

    /// The three 32x32 puzzles of `tests/fixtures/clues-32x32.kk` (KenKen as Keen makes
    /// them, KenKen of × and − alone, KenDoku), which gave issue #44's collisions.
    fn big_puzzles() -> Vec<Puzzle> {
        let text = include_str!("../../../tests/fixtures/clues-32x32.kk");
        crate::formats::parse_all(crate::formats::Format::Kk, text)
            .into_iter()
            .map(|entry| entry.unwrap().puzzle)
            .collect()
    }

    /// A 32x32 of long products side by side: in every row, 4-cell cages of `863040×`
    /// (32·31·30·29), down the columns in the top half (one cell wide: a thick line between
    /// every two clues) and along the rows in the bottom half (room to run on).
    fn long_products() -> Puzzle {
        let n = 32;
        let mut text = String::new();
        for row in (0..n / 2).step_by(4) {
            for col in 0..n {
                let cells: Vec<String> =
                    (row..row + 4).map(|r| (r * n + col).to_string()).collect();
                text.push_str(&format!("863040*,{}\n", cells.join(" ")));
            }
        }
        for row in n / 2..n {
            for col in (0..n).step_by(4) {
                let cells: Vec<String> =
                    (col..col + 4).map(|c| (row * n + c).to_string()).collect();
                text.push_str(&format!("863040*,{}\n", cells.join(" ")));
            }
        }
        crate::formats::parse_all(crate::formats::Format::Kk, &text)
            .remove(0)
            .unwrap()
            .puzzle
    }

    /// A 16x16 Killer Sudoku of three-figure sums side by side: 8-cell cages of `100`
    /// (16 + 15 + … + 9) down the columns in the top half and along the rows in the bottom
    /// half.
    fn long_sums() -> Puzzle {
        let n = 16;
        let mut text = String::from("# killer\n# boxes 4x4\n");
        for col in 0..n {
            let cells: Vec<String> = (0..n / 2).map(|r| (r * n + col).to_string()).collect();
            text.push_str(&format!("100+,{}\n", cells.join(" ")));
        }
        for row in n / 2..n {
            for start in [0, n / 2] {
                let cells: Vec<String> = (start..start + n / 2)
                    .map(|c| (row * n + c).to_string())
                    .collect();
                text.push_str(&format!("100+,{}\n", cells.join(" ")));
            }
        }
        crate::formats::parse_all(crate::formats::Format::Kk, &text)
            .remove(0)
            .unwrap()
            .puzzle
    }

    #[test]
    fn no_clue_runs_into_another_or_a_cage_line_at_any_size_to_32x32() {
        let mut puzzles = big_puzzles();
        assert_eq!(puzzles.len(), 3);
        puzzles.push(long_products());
        puzzles.push(long_sums());
        puzzles.extend(
            ["kk0", "kk3", "killer", "jigsaw", "kendoku"]
                .map(|name| crate::examples::by_name(name).unwrap().puzzle()),
        );
        let mut failures = Vec::new();
        for puzzle in &puzzles {
            let n = puzzle.size();
            // The cells the booklet gives this grid on each paper, then every size from
            // the smallest a 32x32 gets (10.4 pt on A5) to well past a 9x9's.
            let mut cells: Vec<f32> = [Paper::A4, Paper::Letter, Paper::A5, Paper::Trade]
                .into_iter()
                .map(|paper| puzzle_cell(paper, per_page_for(paper, None, n), n))
                .collect();
            cells.extend((20..=100).map(|half| half as f32 / 2.0));
            for cell in cells {
                let found = collisions(puzzle, cell);
                if !found.is_empty() {
                    let count = |what: &str| found.iter().filter(|f| f.contains(what)).count();
                    failures.push(format!(
                        "{n}x{n} in {cell}-pt cells: {} clue on clue, {} clue on line, {} \
                         out of the cage, first {:?}",
                        count(" runs into "),
                        count(" crosses "),
                        count(" leaves "),
                        &found[..found.len().min(3)]
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// Issue #45: a Killer X's grid strokes its diagonals in their light grey, corner to
    /// corner and broken at the clues on them; a plain killer's has no such stroke, nor has
    /// the answer key's.
    #[test]
    fn a_killer_x_grid_strokes_both_diagonals_light() {
        let text = include_str!("../../../tests/fixtures/killer-x.kk");
        let crossed = crate::formats::kk::parse(text).unwrap();
        let plain = crate::formats::kk::parse(&text.replace("# diagonals\n", "")).unwrap();
        let drawn_as = |puzzle: &Puzzle, look: Look| {
            let mut content = Content::new();
            let mut glyphs = Glyphs::default();
            grid(
                &mut content,
                &mut glyphs,
                puzzle,
                Contents::NONE,
                look,
                0.0,
                920.0,
                100.0,
            )
            .unwrap();
            String::from_utf8(content.finish()).unwrap()
        };
        let drawn = |puzzle: &Puzzle| drawn_as(puzzle, Look::Puzzle);
        let grey = format!("{DIAGONAL_GREY} G");
        let with = drawn(&crossed);
        assert!(with.contains(&grey), "{with}");
        // The rising diagonal runs whole, from r1c9's top-right corner to r9c1's
        // bottom-left (the page's y grows upwards: 920 at the top, 920 - 900 at the bottom).
        assert!(with.contains("910 910 m\n10 10 l"), "{with}");
        assert!(!drawn(&plain).contains(&grey));
        // The answer key's small grid has none.
        assert!(!drawn_as(&crossed, Look::Answer).contains(&grey));
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
