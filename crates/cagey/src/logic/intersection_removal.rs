//! Normal: intersection removal ("locked candidates"), the first sudoku rule after the
//! singles, in its two directions, each a rule of its own as HoDoKu and SudokuWiki list
//! them. **Pointing**: when digit `d` of a box (or jigsaw region) fits only cells of one row
//! or column, that line's `d` lies in the box, so the rest of the line loses `d`.
//! **Claiming** (SudokuWiki's box/line reduction): when `d` of a row or column fits only
//! cells of one box, the box's `d` lies in the line, so the rest of the box loses `d`.
//!
//! Level and weight: HoDoKu scores locked candidates 50, between the hidden single (14) and
//! the naked pair (60), and puts them in its medium level, the first above the singles;
//! SudokuWiki teaches pointing pairs and box/line reduction among its basic strategies, with
//! the subsets. Both ladders take HoDoKu's score, as they take its scores for the singles,
//! the subsets and the fish, and put the rules at normal, the level right after the singles,
//! in the order of weight inside it: after the cage layouts (40) on Keen's ladder, after the
//! 45 rule (30), the cage layouts (40) and a cage's digit forced into a line (45) on the
//! killer ladder, which killer players reach for first. A grid without regions
//! (plain KenKen) has no intersection of a region and a line, so the rules never fire there
//! and Keen's grades do not move.
//!
//! Both read one table of digit masks, built in one pass over the grid as the hidden single
//! builds its masks per house: for every row (and every column) and every region, the digits
//! the open cells where they cross can still hold. A digit seen in exactly one crossing of
//! a region (pointing) or of a line (claiming) is found with the same two masks, `once` and
//! `more`, that the hidden single uses.
//!
//! ```text
//!   rows[r * n + b]: the digits of the open cells of row r in region b
//!
//!          box 0   box 1   box 2            pointing, box 0: 7 only in row 2's mask
//!   row 0  {1,4}   {..}    {..}             -> row 2 outside box 0 loses 7
//!   row 1  {1,4}   {..}    {..}             claiming, row 2: 7 only in box 0's mask
//!   row 2  {4,7}   {..}    {..}             -> box 0 outside row 2 loses 7
//! ```

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet};

/// Pointing: a box's digit in one line of it.
pub(super) const POINTING: Rule = Rule {
    name: "pointing",
    level: Level::Normal,
    weight: 50,
    summary:
        "d of a box or region fits only one row or column of it: the rest of that line loses d",
    find: find_pointing,
};

/// Claiming: a line's digit in one box.
pub(super) const CLAIMING: Rule = Rule {
    name: "claiming",
    level: Level::Normal,
    weight: 50,
    summary: "d of a row or column fits only one box or region: the rest of that box loses d",
    find: find_claiming,
};

/// Where rows and columns cross the regions, as digit masks of their open cells.
struct Crossings {
    n: usize,
    /// `rows[r * n + b]`: the digits the open cells of row `r` in region `b` can hold.
    rows: Vec<DigitSet>,
    /// `cols[c * n + b]`: the same for column `c`.
    cols: Vec<DigitSet>,
    /// The digits placed in each house, by house index.
    placed: Vec<DigitSet>,
}

impl Crossings {
    /// The table of `state`, or `None` on a grid without regions.
    fn new(state: &State) -> Option<Crossings> {
        let g = state.g;
        let n = g.n;
        if g.region_of.iter().all(Option::is_none) {
            return None;
        }
        let mut rows = vec![DigitSet::EMPTY; n * n];
        let mut cols = vec![DigitSet::EMPTY; n * n];
        let mut placed = vec![DigitSet::EMPTY; g.houses.len()];
        for (i, region) in g.region_of.iter().enumerate() {
            let Some(b) = *region else { continue };
            let (r, c) = (i / n, i % n);
            let set = state.cand[i];
            if state.placed[i] {
                for h in [r, n + c, 2 * n + b] {
                    placed[h] = placed[h] | set;
                }
            } else {
                rows[r * n + b] = rows[r * n + b] | set;
                cols[c * n + b] = cols[c * n + b] | set;
            }
        }
        Some(Crossings {
            n,
            rows,
            cols,
            placed,
        })
    }

    /// The masks of the rows (`by_rows`) or columns, with the house index of line 0.
    fn lines(&self, by_rows: bool) -> (&[DigitSet], usize) {
        if by_rows {
            (&self.rows, 0)
        } else {
            (&self.cols, self.n)
        }
    }
}

/// The digits of `masks` found in exactly one of them.
fn seen_once(masks: impl Iterator<Item = DigitSet>) -> DigitSet {
    let (mut once, mut more) = (DigitSet::EMPTY, DigitSet::EMPTY);
    for set in masks {
        more = more | (once & set);
        once = (once | set) & !more;
    }
    once
}

/// The open cells of house `h` holding `d`, split by whether `inside` says they lie in the
/// other house: (inside, outside).
fn split(state: &State, h: usize, d: u8, inside: impl Fn(Cell) -> bool) -> (Vec<Cell>, Vec<Cell>) {
    state.g.houses[h]
        .cells
        .iter()
        .copied()
        .filter(|c| !state.placed[c.index()] && state.cand[c.index()].contains(d))
        .partition(|&c| inside(c))
}

fn find_pointing(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let x = Crossings::new(state)?;
    let (g, n) = (state.g, x.n);
    for b in 0..n {
        let region = 2 * n + b;
        for by_rows in [true, false] {
            let (masks, first) = x.lines(by_rows);
            let once = seen_once((0..n).map(|l| masks[l * n + b])) & !x.placed[region];
            for d in once.iter() {
                let Some(l) = (0..n).find(|&l| masks[l * n + b].contains(d)) else {
                    continue;
                };
                let line = first + l;
                let (cells, rest) = split(state, line, d, |c| g.region_of[c.index()] == Some(b));
                if rest.is_empty() {
                    continue;
                }
                return Some(Found::new(
                    &POINTING,
                    Reason::Pointing { region, line, d },
                    cells,
                    Vec::new(),
                    rest.into_iter().map(|c| (c, d)).collect(),
                ));
            }
        }
    }
    None
}

fn find_claiming(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let x = Crossings::new(state)?;
    let n = x.n;
    for by_rows in [true, false] {
        let (masks, first) = x.lines(by_rows);
        for l in 0..n {
            let line = first + l;
            let once = seen_once(masks[l * n..(l + 1) * n].iter().copied()) & !x.placed[line];
            for d in once.iter() {
                let Some(b) = (0..n).find(|&b| masks[l * n + b].contains(d)) else {
                    continue;
                };
                let region = 2 * n + b;
                let on_line = |c: Cell| {
                    let at = if by_rows { c.row(n) } else { c.col(n) };
                    at == l
                };
                let (cells, rest) = split(state, region, d, on_line);
                if rest.is_empty() {
                    continue;
                }
                return Some(Found::new(
                    &CLAIMING,
                    Reason::Claiming { line, region, d },
                    cells,
                    Vec::new(),
                    rest.into_iter().map(|c| (c, d)).collect(),
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;
    use crate::logic::limits::LogicLimits;
    use crate::logic::state::Geometry;
    use crate::model::Puzzle;
    use crate::solve::{tables, Limits};

    /// A 4x4 with 2x2 boxes (a KenDoku), one sum cage a row; the candidates are set by hand.
    fn kendoku(boxes: bool) -> Puzzle {
        let head = if boxes { "# boxes 2x2\n" } else { "" };
        kk::parse(&format!(
            "{head}10+,0 1 2 3\n10+,4 5 6 7\n10+,8 9 10 11\n10+,12 13 14 15\n"
        ))
        .unwrap()
    }

    fn geometry(puzzle: &Puzzle) -> Geometry {
        Geometry::new(
            puzzle,
            tables::cage_tables(puzzle, &Limits::default()).unwrap(),
        )
    }

    fn at(r: usize, c: usize) -> Cell {
        Cell::at(r, c, 4)
    }

    /// Box 1 holds 1 only in row 1 (r1c1, r1c2): the rest of row 1 loses 1.
    #[test]
    fn pointing_clears_the_rest_of_the_line() {
        let puzzle = kendoku(true);
        let g = geometry(&puzzle);
        let mut state = State::new(&g);
        for cell in [at(1, 0), at(1, 1)] {
            state.remove(cell, 1);
        }
        let mut ctx = Ctx::new(&LogicLimits::default());
        let found = find_pointing(&mut state, &mut ctx).expect("a pointing step");
        assert_eq!(found.cells, vec![at(0, 0), at(0, 1)]);
        assert_eq!(found.eliminated, vec![(at(0, 2), 1), (at(0, 3), 1)]);
        let step = found.step(&g, &puzzle);
        assert_eq!(step.rule, "pointing");
        assert_eq!(step.house, "box 1");
        assert_eq!(
            step.describe(4),
            "pointing: in box 1, 1 is only in row 1 (r1c1 and r1c2), so the rest of row 1 loses 1: \
             r1c3 and r1c4 lose 1"
        );
        // Row 2 now holds 1 only in box 2: claiming reaches the same cells from there.
        let claiming = find_claiming(&mut state, &mut ctx).expect("a claiming step");
        assert!(matches!(
            claiming.reason,
            Reason::Claiming {
                line: 1,
                region: 9,
                d: 1
            }
        ));
        assert_eq!(claiming.eliminated, found.eliminated);
    }

    /// Column 3 holds 2 only in box 4 (r3c3, r4c3): the rest of box 4 loses 2.
    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        let puzzle = kendoku(true);
        let g = geometry(&puzzle);
        let mut state = State::new(&g);
        for cell in [at(0, 2), at(1, 2)] {
            state.remove(cell, 2);
        }
        let mut ctx = Ctx::new(&LogicLimits::default());
        let found = find_claiming(&mut state, &mut ctx).expect("a claiming step");
        assert_eq!(found.cells, vec![at(2, 2), at(3, 2)]);
        assert_eq!(found.eliminated, vec![(at(2, 3), 2), (at(3, 3), 2)]);
        let step = found.step(&g, &puzzle);
        assert_eq!(step.rule, "claiming");
        assert_eq!(step.house, "column 3");
        assert_eq!(
            step.text,
            "in column 3, 2 is only in box 4 (r3c3 and r4c3), so the rest of box 4 loses 2"
        );
        // Box 2 (rows 1-2, columns 3-4) holds 2 only in column 4 now: pointing sees it too.
        let pointing = find_pointing(&mut state, &mut ctx).expect("a pointing step");
        assert_eq!(pointing.eliminated, vec![(at(2, 3), 2), (at(3, 3), 2)]);
    }

    /// A digit already placed in a house is not pointed or claimed with, even while its
    /// peers still hold it: the house's digit is where it was placed, not in its other
    /// cells.
    #[test]
    fn a_placed_digit_points_nowhere() {
        let puzzle = kendoku(true);
        let g = geometry(&puzzle);
        let mut state = State::new(&g);
        // r2c2 holds 1 (placed, its peers not yet cleaned); r1c1 and r1c2 still hold 1.
        state.place(at(1, 1), 1);
        state.remove(at(1, 0), 1);
        let mut ctx = Ctx::new(&LogicLimits::default());
        assert!(find_pointing(&mut state, &mut ctx).is_none());
        assert!(find_claiming(&mut state, &mut ctx).is_none());
    }

    /// A grid without boxes has no intersections: neither rule fires, whatever the
    /// candidates (plain KenKen keeps Keen's grades).
    #[test]
    fn a_grid_without_regions_has_nothing_to_point_at() {
        let puzzle = kendoku(false);
        let g = geometry(&puzzle);
        let mut state = State::new(&g);
        for cell in [at(1, 0), at(1, 1), at(0, 2), at(1, 2)] {
            state.remove(cell, 1);
        }
        let mut ctx = Ctx::new(&LogicLimits::default());
        assert!(find_pointing(&mut state, &mut ctx).is_none());
        assert!(find_claiming(&mut state, &mut ctx).is_none());
    }
}
