//! The picture of a grid, as every back end draws it: its units ([`CELL`] a cell, a
//! [`MARGIN`] around), the widths of its lines, where labels sit, and its shapes as
//! [`Path`]s: the thin cell lines, the thick runs of cage or region borders, the shading of
//! boxes and regions, the killer cages' outlines, and the long diagonals of the diagonal
//! rule. `svg` writes them as path data, `pdf`
//! as path operators, scaled onto its page; neither reads the other's output.

use std::collections::HashMap;

use super::path::Path;
use super::{same_cage, Border, Borders};
use crate::model::{Cell, Diagonal, Puzzle};

/// User units per cell; every other length is relative to it.
pub const CELL: f64 = 100.0;

/// Blank space around the grid: room for half a thick line and its square corner.
pub(crate) const MARGIN: f64 = 10.0;

/// Thin lines between cells (under the thick ones where cages meet).
pub(crate) const THIN_LINE: f64 = 2.0;

/// Thick cage outlines: three and a half thin lines, enough to tell them apart at a glance
/// even when printed small.
pub(crate) const THICK_LINE: f64 = 7.0;

/// Distance from a cell's edge to its label: half a thick line and a little air.
pub(crate) const LABEL_INSET: f64 = 9.0;

/// Distance from a cell's edge to a killer cage's dashed outline: clear of half a thick
/// region line (3.5) by more than the outline's own width, so that the two never touch.
pub const KILLER_INSET: i32 = 10;

/// The killer outline's width and dash pattern: fine, as printed, but dark enough to follow
/// at 32 pixels a cell.
pub(crate) const KILLER_LINE: f64 = 2.5;

/// Distance from a cell's edge to a killer sum, and its font size: the sum sits across the
/// outline's corner, smaller than a KenKen label so that it leaves out only a short stretch
/// of the outline. 7 leaves it a little air beside half a thick region line (3.5).
pub(crate) const KILLER_LABEL_INSET: f64 = 7.0;
pub(crate) const KILLER_LABEL_SIZE: f64 = 20.0;

/// Air between a killer sum and the ends of its cage's outline.
pub(crate) const KILLER_LABEL_GAP: f64 = 3.0;

/// The diagonal rule's lines: as thin as the cell lines, and lighter (each back end's ink),
/// as puzzle books and SudokuPad draw them, so that they never compete with a cage.
pub(crate) const DIAGONAL_LINE: f64 = THIN_LINE;

/// Air between a diagonal line and a clue it is broken for.
pub(crate) const DIAGONAL_GAP: f64 = 4.0;

/// The shortest piece of a diagonal line drawn, in picture units: what is left of the line
/// between a cell's corner and a clue there is a stub under the grid's own lines, which
/// would only read as a smudge.
const DIAGONAL_PIECE: f64 = 10.0;

/// A box a clue is drawn in, in picture units: left, top, right, bottom.
pub(crate) type LabelBox = (f64, f64, f64, f64);

/// The long diagonals of the diagonal rule ([`Puzzle::diagonals`]; none without it), each
/// from corner to corner of the grid, broken where it would cross a clue: each box of
/// `clues`, grown by [`DIAGONAL_GAP`], leaves a gap in the line, so that the line runs under
/// the digits but never through a clue. A straight line enters and leaves a box once, so
/// each box cuts one stretch out of it.
pub(crate) fn diagonal_lines(puzzle: &Puzzle, clues: &[LabelBox]) -> Path {
    let n = puzzle.size();
    let (near, far) = (MARGIN, MARGIN + n as f64 * CELL);
    let mut path = Path::new();
    for &diagonal in puzzle.diagonals() {
        // From the top corner down: x runs from `x0` to `x1` as y runs from near to far.
        let (x0, x1) = match diagonal {
            Diagonal::Down => (near, far),
            Diagonal::Up => (far, near),
        };
        let at = |t: f64| (x0 + (x1 - x0) * t, near + (far - near) * t);
        // The stretches, as fractions of the line, that clues take out of it.
        let mut cuts: Vec<(f64, f64)> = clues
            .iter()
            .filter_map(|&(left, top, right, bottom)| {
                let grown = (
                    left - DIAGONAL_GAP,
                    top - DIAGONAL_GAP,
                    right + DIAGONAL_GAP,
                    bottom + DIAGONAL_GAP,
                );
                crossing((x0, near), (x1, far), grown)
            })
            .collect();
        cuts.sort_by(|a, b| a.0.total_cmp(&b.0));
        let length = (far - near) * std::f64::consts::SQRT_2;
        let mut from = 0.0;
        for (start, end) in cuts.into_iter().chain(std::iter::once((1.0, 1.0))) {
            if (start - from) * length >= DIAGONAL_PIECE {
                let (ax, ay) = at(from);
                let (bx, by) = at(start);
                path.move_to(ax, ay);
                path.line_to(bx, by);
            }
            from = f64::max(from, end);
        }
    }
    path
}

/// The stretch of the line from `a` to `b`, as fractions of it, inside `rect` (left, top,
/// right, bottom), if it crosses it: the line clipped to each pair of the rectangle's sides
/// in turn (Liang and Barsky's clipping).
fn crossing(a: (f64, f64), b: (f64, f64), rect: LabelBox) -> Option<(f64, f64)> {
    let (mut enter, mut leave) = (0.0f64, 1.0f64);
    for (start, step, low, high) in [
        (a.0, b.0 - a.0, rect.0, rect.2),
        (a.1, b.1 - a.1, rect.1, rect.3),
    ] {
        if step == 0.0 {
            if start < low || start > high {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((low - start) / step, (high - start) / step);
        enter = enter.max(t0.min(t1));
        leave = leave.min(t0.max(t1));
    }
    (enter < leave).then_some((enter, leave))
}

/// The label's font size; long labels (`40320×`) shrink to fit the cell.
pub(crate) const LABEL_SIZE: f64 = 24.0;

/// The side of the picture of a grid of side `n`, in user units.
pub(crate) fn side(n: usize) -> f64 {
    n as f64 * CELL + 2.0 * MARGIN
}

/// The top-left corner of `cell`, in user units.
pub(crate) fn corner(cell: Cell, n: usize) -> (f64, f64) {
    (
        MARGIN + cell.col(n) as f64 * CELL,
        MARGIN + cell.row(n) as f64 * CELL,
    )
}

/// The thin lines: every inner grid line, whole (cage lines cover them where needed).
pub(crate) fn cell_lines(n: usize) -> Path {
    let (start, end) = (MARGIN, MARGIN + n as f64 * CELL);
    let mut path = Path::new();
    for line in 1..n {
        let at = MARGIN + line as f64 * CELL;
        path.move_to(start, at);
        path.across_to(end);
        path.move_to(at, start);
        path.down_to(end);
    }
    path
}

/// Every border segment `keep` accepts, with touching collinear segments merged into one
/// run: one move and one line across per horizontal run, one move and one line down per
/// vertical run.
pub(crate) fn runs(borders: &Borders, keep: impl Fn(Border) -> bool) -> Path {
    let n = borders.size();
    let at = |line: usize| MARGIN + line as f64 * CELL;
    let mut path = Path::new();
    for line in 0..=n {
        let mut start = None;
        for col in 0..=n {
            let kept = col < n && keep(borders.horizontal(line, col));
            match (kept, start) {
                (true, None) => start = Some(col),
                (false, Some(first)) => {
                    path.move_to(at(first), at(line));
                    path.across_to(at(col));
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
                    path.move_to(at(line), at(first));
                    path.down_to(at(row));
                    start = None;
                }
                _ => {}
            }
        }
    }
    path
}

/// The cells of the boxes or regions of colour `colour` (`colours` gives each
/// region's): one rectangle per run of such cells along a row. The thin cell lines drawn
/// over the shading hide the seams between rectangles.
pub(crate) fn shading(puzzle: &Puzzle, colours: &[usize], colour: usize) -> Path {
    let n = puzzle.size();
    let shaded = |row, col| {
        puzzle
            .regions()
            .region_of(Cell::at(row, col, n), n)
            .is_some_and(|region| colours[region] == colour)
    };
    let mut path = Path::new();
    for row in 0..n {
        let mut start = None;
        for col in 0..=n {
            match (col < n && shaded(row, col), start) {
                (true, None) => start = Some(col),
                (false, Some(first)) => {
                    let (x, y) = corner(Cell::at(row, first, n), n);
                    let width = (col - first) as f64 * CELL;
                    path.rect(x, y, width, CELL);
                    start = None;
                }
                _ => {}
            }
        }
    }
    path
}

/// A point of a killer outline, in whole user units (every corner of one is a cell corner
/// moved by [`KILLER_INSET`] along each axis, so it is exact).
type Point = (i32, i32);

/// The dashed outline of every killer cage: each cage's boundary, moved
/// [`KILLER_INSET`] into its cells. Each boundary is one subpath, so that its dashes run on
/// evenly around corners rather than starting afresh on every cell side. The outer one
/// starts and ends at the top-left corner of the cage's anchor, where its sum is written,
/// and stays `clear(anchor)` away from it: that far along the top, that far down the left;
/// the boundary around a hole in a ring-shaped cage is a closed loop.
///
/// Each cell side on the cage's boundary gives one directed segment, walked clockwise (the
/// cage on the right), [`KILLER_INSET`] inside the cell. Where it ends depends on the two
/// cells ahead of it: the next cell along the side (`F`) and the one beyond `F` across the
/// side (`D`). For the top side of a cell `C` spanning x = 100 to 200, walked rightwards:
///
/// ```text
///   +-----+-----+      F outside the cage:  ends at x = 190, an outer corner
///   |     |  D  |      F in, D outside:     ends at x = 200, and F's top side goes on
///   +-----+-----+      F in, D in:          ends at x = 210, an inner corner, where the
///   |  C  |  F  |                           outline turns up D's left side
///   +-----+-----+
/// ```
///
/// Its start is the mirror image, from the cell behind `C`.
pub(crate) fn cage_outlines(puzzle: &Puzzle, clear: impl Fn(Cell) -> (f64, f64)) -> Path {
    let n = puzzle.size() as i32;
    let half = (CELL / 2.0) as i32;
    let margin = MARGIN as i32;
    let inside = |cell: Cell, row: i32, col: i32| {
        (0..n).contains(&row)
            && (0..n).contains(&col)
            && same_cage(
                puzzle,
                cell,
                Cell::at(row as usize, col as usize, n as usize),
            )
    };
    // Outward normal and direction of travel, as (row, col) steps, for the top, right,
    // bottom and left sides of a cell: clockwise on screen, where rows grow downwards.
    const SIDES: [((i32, i32), (i32, i32)); 4] = [
        ((-1, 0), (0, 1)),
        ((0, 1), (1, 0)),
        ((1, 0), (0, -1)),
        ((0, -1), (-1, 0)),
    ];
    let mut path = Path::new();
    for cage in puzzle.cages() {
        let Some(anchor) = cage.anchor() else {
            continue;
        };
        // Segments by start point; each end is the start of exactly one other.
        let mut segments: HashMap<Point, Point> = HashMap::new();
        for &cell in cage.cells() {
            let (row, col) = (cell.row(n as usize) as i32, cell.col(n as usize) as i32);
            let centre = (
                margin + col * 2 * half + half,
                margin + row * 2 * half + half,
            );
            for ((nr, nc), (tr, tc)) in SIDES {
                if inside(cell, row + nr, col + nc) {
                    continue;
                }
                // Points as (x, y): a column step moves x, a row step moves y.
                let at = |along: i32, shift: i32| {
                    (
                        centre.0 + nc * (half - KILLER_INSET) + tc * along + tc * shift,
                        centre.1 + nr * (half - KILLER_INSET) + tr * along + tr * shift,
                    )
                };
                let end = |sign: i32| {
                    let (ar, ac) = (row + sign * tr, col + sign * tc);
                    let shift = if !inside(cell, ar, ac) {
                        -KILLER_INSET
                    } else if inside(cell, ar + nr, ac + nc) {
                        KILLER_INSET
                    } else {
                        0
                    };
                    at(sign * half, sign * shift)
                };
                let previous = segments.insert(end(-1), end(1));
                debug_assert!(previous.is_none(), "two outline segments start together");
            }
        }
        // The anchor is the cage's topmost, then leftmost cell, so its top-left corner is an
        // outer corner of the outer boundary: the outline goes right from it, and comes back
        // up into it.
        let (x, y) = corner(anchor, n as usize);
        let start = (x as i32 + KILLER_INSET, y as i32 + KILLER_INSET);
        let mut first = Some(start);
        while let Some(from) = first.or_else(|| segments.keys().min().copied()) {
            let mut points = vec![from];
            let mut at = from;
            while let Some(next) = segments.remove(&at) {
                points.push(next);
                at = next;
            }
            let gap = if first.take().is_some() {
                Some(clear(anchor))
            } else {
                None
            };
            boundary(&mut path, &points, gap);
        }
    }
    path
}

/// Adds one boundary to `path`, `points[0]` round to the last (which equals the first), as
/// a move and lines across and down with the points where it runs straight on left out:
/// a closed loop, or with
/// `gap`, an open path that starts `gap.0` right of the first point and ends `gap.1` below
/// it (the first point being an outer corner, where the boundary turns from up to right).
fn boundary(path: &mut Path, points: &[Point], gap: Option<(f64, f64)>) {
    let corners: Vec<Point> = (0..points.len() - 1)
        .filter(|&i| {
            let before = points[if i == 0 { points.len() - 2 } else { i - 1 }];
            let (here, after) = (points[i], points[i + 1]);
            // A corner where the direction changes: not all three on one line.
            !(before.0 == here.0 && here.0 == after.0 || before.1 == here.1 && here.1 == after.1)
        })
        .map(|i| points[i])
        .collect();
    let Some(&(x, y)) = corners.first() else {
        return;
    };
    let (x, y) = (f64::from(x), f64::from(y));
    match gap {
        Some((right, _)) => path.move_to(x + right, y),
        None => path.move_to(x, y),
    }
    let mut last = corners[0];
    for &(x, y) in corners.iter().skip(1) {
        if x == last.0 {
            path.down_to(f64::from(y));
        } else {
            path.across_to(f64::from(x));
        }
        last = (x, y);
    }
    match gap {
        Some((_, down)) => path.down_to(y + down),
        None => path.close(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;
    use crate::render::path::Step;

    /// Issue #45: both diagonals run corner to corner, and a clue on one breaks it.
    #[test]
    fn the_diagonals_run_corner_to_corner_and_break_for_a_clue() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = kk::parse(text).unwrap();
        let far = MARGIN + 9.0 * CELL;
        assert_eq!(
            diagonal_lines(&puzzle, &[]).steps(),
            [
                Step::MoveTo(MARGIN, MARGIN),
                Step::LineTo(far, far),
                Step::MoveTo(far, MARGIN),
                Step::LineTo(MARGIN, far),
            ]
        );
        // A clue in r1c1's corner, 10 to 40 across and 10 to 30 down: the falling line
        // starts past it (and its air), leaving no stub in the corner; the rising one
        // misses it.
        let clue = (MARGIN + 10.0, MARGIN + 10.0, MARGIN + 40.0, MARGIN + 30.0);
        let steps = diagonal_lines(&puzzle, &[clue]).steps();
        let start = MARGIN + 30.0 + DIAGONAL_GAP;
        let Step::MoveTo(x, y) = steps[0] else {
            panic!("{steps:?}")
        };
        assert!(
            (x - start).abs() < 1e-9 && (y - start).abs() < 1e-9,
            "{steps:?}"
        );
        assert_eq!(steps[1], Step::LineTo(far, far));
        assert_eq!(steps.len(), 4);
        // A plain killer has none.
        let plain = kk::parse(&text.replace("# diagonals\n", "")).unwrap();
        assert!(diagonal_lines(&plain, &[clue]).is_empty());
    }
}
