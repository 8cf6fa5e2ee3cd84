//! Drawing puzzles: as text for a terminal ([`terminal`]), as SVG ([`svg`]) and as PNG
//! (`png`, behind the default `png` feature, which brings in resvg).
//!
//! Every drawer takes the same three things: the [`Puzzle`], the [`Contents`] to show in the
//! cells (nothing, digits such as a solution, candidates of a partial state, or digits and
//! candidates together), and its own options. What a line between two cells means is decided
//! once, here, by [`Borders`]; the drawers only choose how each kind of [`Border`] looks.
//!
//! ```
//! use cagey::render::{terminal, Contents};
//!
//! let puzzle = cagey::formats::kk::parse("3+,0 1\n1-,2 3\n")?;
//! let text = terminal::draw(&puzzle, Contents::NONE, &terminal::Options::default())?;
//! assert_eq!(
//!     text,
//!     "┏━━━━━┯━━━━━┓\n\
//!      ┃ 3+  │     ┃\n\
//!      ┃     │     ┃\n\
//!      ┣━━━━━┿━━━━━┫\n\
//!      ┃ 1−  │     ┃\n\
//!      ┃     │     ┃\n\
//!      ┗━━━━━┷━━━━━┛\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Variants will add houses (boxes, jigsaw regions) and killer cages to the model. They fit
//! here without touching the drawers' layout code: a new [`Border`] kind for a house
//! boundary, computed in [`Borders::new`], and a cage style in the drawers' options.

mod font;
#[cfg(feature = "png")]
pub mod png;
pub mod svg;
pub mod terminal;

use thiserror::Error;

use crate::model::{Cell, DigitSet, Grid, Operation, Puzzle};

/// What the cells show besides the cages: placed digits, candidates, both, or nothing.
///
/// A cell with a digit in `grid` shows that digit; otherwise it shows its candidates, if
/// `candidates` is given and the cell's set is not empty (one candidate is drawn as a
/// candidate, not as a placed digit: a partial state keeps that difference).
#[derive(Clone, Copy, Debug, Default)]
pub struct Contents<'a> {
    /// Placed digits, 0 for an empty cell: a solution, or the solved cells of a partial state.
    pub grid: Option<&'a Grid>,
    /// The candidates of each cell, row-major, one set per cell: a partial state.
    pub candidates: Option<&'a [DigitSet]>,
}

impl<'a> Contents<'a> {
    /// Only the cages.
    pub const NONE: Contents<'static> = Contents {
        grid: None,
        candidates: None,
    };

    /// The digits of `grid`, such as a solution.
    pub fn grid(grid: &'a Grid) -> Contents<'a> {
        Contents {
            grid: Some(grid),
            candidates: None,
        }
    }

    /// The candidates of each cell, row-major.
    pub fn candidates(candidates: &'a [DigitSet]) -> Contents<'a> {
        Contents {
            grid: None,
            candidates: Some(candidates),
        }
    }
}

/// Why a drawing could not be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RenderError {
    /// The grid to draw has another side than the puzzle.
    #[error("the grid is {found}x{found}, the puzzle {expected}x{expected}")]
    GridSize {
        /// The puzzle's side.
        expected: usize,
        /// The grid's side.
        found: usize,
    },
    /// The candidates are not one set per cell.
    #[error("{found} candidate sets given for the {expected} cells of the puzzle")]
    CandidateCount {
        /// The puzzle's number of cells.
        expected: usize,
        /// The number of sets given.
        found: usize,
    },
    /// A candidate is larger than the grid allows.
    #[error("cell {cell} has candidate {digit}, past the puzzle's largest digit {size}")]
    CandidateOutOfRange {
        /// The cell.
        cell: Cell,
        /// The candidate.
        digit: u8,
        /// The puzzle's side.
        size: usize,
    },
    /// A picture size outside the supported range.
    #[error("a picture of {size} pixels is not supported: sizes run from {min} to {max}")]
    PictureSize {
        /// The size asked for.
        size: u32,
        /// The smallest size.
        min: u32,
        /// The largest size.
        max: u32,
    },
    /// The SVG could not be rasterised or encoded as PNG (a bug: the SVG is our own).
    #[error("cannot make the PNG: {0}")]
    Png(String),
}

/// What one cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Nothing.
    Empty,
    /// A placed digit.
    Digit(u8),
    /// Candidates, at least one.
    Candidates(DigitSet),
}

impl Contents<'_> {
    /// One [`Mark`] per cell, after checking that the contents fit the puzzle.
    pub(crate) fn marks(&self, puzzle: &Puzzle) -> Result<Vec<Mark>, RenderError> {
        let n = puzzle.size();
        if let Some(grid) = self.grid {
            if grid.size() != n {
                return Err(RenderError::GridSize {
                    expected: n,
                    found: grid.size(),
                });
            }
        }
        if let Some(candidates) = self.candidates {
            if candidates.len() != puzzle.cell_count() {
                return Err(RenderError::CandidateCount {
                    expected: puzzle.cell_count(),
                    found: candidates.len(),
                });
            }
            for (index, set) in candidates.iter().enumerate() {
                if let Some(digit) = set.max().filter(|&d| usize::from(d) > n) {
                    return Err(RenderError::CandidateOutOfRange {
                        cell: Cell(index as u16),
                        digit,
                        size: n,
                    });
                }
            }
        }
        Ok(puzzle
            .cells()
            .map(|cell| {
                let digit = self.grid.map_or(0, |grid| grid.get(cell));
                let set = self
                    .candidates
                    .map_or(DigitSet::EMPTY, |sets| sets[cell.index()]);
                match (digit, set.is_empty()) {
                    (0, true) => Mark::Empty,
                    (0, false) => Mark::Candidates(set),
                    (digit, _) => Mark::Digit(digit),
                }
            })
            .collect())
    }
}

/// What separates a cell from its neighbour, or from the outside of the grid.
///
/// `#[non_exhaustive]` because variants bring more: a box or jigsaw-region boundary will be
/// a kind of its own, so that killer puzzles can draw it heavy while their cages are dashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Border {
    /// Two cells of the same cage: a light line.
    Inside,
    /// Two cells of different cages: a heavy line.
    Cage,
    /// The edge of the grid: a heavy line.
    Outside,
}

impl Border {
    /// Whether a plain KenKen drawing makes this line heavy.
    pub fn is_heavy(self) -> bool {
        match self {
            Border::Inside => false,
            Border::Cage | Border::Outside => true,
        }
    }
}

/// The [`Border`] of every cell side, computed once for a puzzle.
///
/// Lines are numbered from 0 at the top (horizontal) and at the left (vertical), so a grid of
/// side `n` has `n + 1` of each. A horizontal line `r` is cut into `n` segments, one above
/// each cell `(r, c)`; a vertical line `c` into `n` segments, one left of each cell `(r, c)`:
///
/// ```text
///          col 0      col 1
///       +--h(0,0)--+--h(0,1)--+     h(r, c): segment of horizontal line r
///       |          |          |              above cell (r, c)
///    v(0,0)      v(0,1)     v(0,2)  v(r, c): segment of vertical line c
///       |          |          |              left of cell (r, c)
///       +--h(1,0)--+--h(1,1)--+
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Borders {
    size: usize,
    /// `(n + 1) * n` segments, line by line.
    horizontal: Vec<Border>,
    /// `n * (n + 1)` segments, row by row.
    vertical: Vec<Border>,
}

impl Borders {
    /// The borders of `puzzle`'s cells.
    pub fn new(puzzle: &Puzzle) -> Borders {
        let n = puzzle.size();
        // Two cells are split by a cage border when they are in different cages. Houses will
        // add a test here (different boxes or regions), and nowhere else.
        let between = |a: Cell, b: Cell| {
            if puzzle.cage_of(a) == puzzle.cage_of(b) {
                Border::Inside
            } else {
                Border::Cage
            }
        };
        let mut horizontal = Vec::with_capacity((n + 1) * n);
        for line in 0..=n {
            for col in 0..n {
                horizontal.push(if line == 0 || line == n {
                    Border::Outside
                } else {
                    between(Cell::at(line - 1, col, n), Cell::at(line, col, n))
                });
            }
        }
        let mut vertical = Vec::with_capacity(n * (n + 1));
        for row in 0..n {
            for line in 0..=n {
                vertical.push(if line == 0 || line == n {
                    Border::Outside
                } else {
                    between(Cell::at(row, line - 1, n), Cell::at(row, line, n))
                });
            }
        }
        Borders {
            size: n,
            horizontal,
            vertical,
        }
    }

    /// The side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The segment of horizontal line `line` (`0..=n`) above cell `(line, col)`.
    pub fn horizontal(&self, line: usize, col: usize) -> Border {
        self.horizontal[line * self.size + col]
    }

    /// The segment of vertical line `line` (`0..=n`) left of cell `(row, line)`.
    pub fn vertical(&self, row: usize, line: usize) -> Border {
        self.vertical[row * (self.size + 1) + line]
    }
}

/// The label of each cell: its cage's target and sign in the cage's first cell (the topmost,
/// then leftmost, where puzzles print it), `None` elsewhere. `sign` chooses the symbols:
/// [`Operation::sign`] for the printed `+ − × ÷`.
pub(crate) fn labels(puzzle: &Puzzle, sign: fn(Operation) -> Option<char>) -> Vec<Option<String>> {
    let mut labels = vec![None; puzzle.cell_count()];
    for cage in puzzle.cages() {
        if let Some(anchor) = cage.anchor() {
            let mut label = cage.target().to_string();
            label.extend(sign(cage.operation()));
            labels[anchor.index()] = Some(label);
        }
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;

    /// kk0's first row: a given, then `11+` over cells 1 2 5 6.
    fn kk0() -> Puzzle {
        crate::examples::by_name("kk0").unwrap().puzzle()
    }

    #[test]
    fn borders_follow_the_cages() {
        let borders = Borders::new(&kk0());
        assert_eq!(borders.size(), 4);
        // Above row 0 and below row 3: the outside.
        assert_eq!(borders.horizontal(0, 2), Border::Outside);
        assert_eq!(borders.horizontal(4, 0), Border::Outside);
        // Cell 1 | cell 2 share 11+; cell 0 | cell 1 do not.
        assert_eq!(borders.vertical(0, 2), Border::Inside);
        assert_eq!(borders.vertical(0, 1), Border::Cage);
        // Cell 2 above cell 6 (11+), cell 0 above cell 4 (1 | 8×).
        assert_eq!(borders.horizontal(1, 2), Border::Inside);
        assert_eq!(borders.horizontal(1, 0), Border::Cage);
        assert_eq!(borders.vertical(3, 4), Border::Outside);
    }

    #[test]
    fn labels_sit_in_each_cages_first_cell() {
        let labels = labels(&kk0(), Operation::sign);
        assert_eq!(labels[0].as_deref(), Some("1"));
        assert_eq!(labels[1].as_deref(), Some("11+"));
        assert_eq!(labels[2], None);
        assert_eq!(labels[14].as_deref(), Some("2÷"));
        assert_eq!(labels.iter().flatten().count(), 7);
    }

    #[test]
    fn contents_are_checked_against_the_puzzle() {
        let puzzle = Puzzle::new(1, vec![Cage::given(Cell(0), 1)]).unwrap();
        let grid = Grid::empty(2);
        assert_eq!(
            Contents::grid(&grid).marks(&puzzle),
            Err(RenderError::GridSize {
                expected: 1,
                found: 2
            })
        );
        let sets = [DigitSet::single(2)];
        assert!(matches!(
            Contents::candidates(&sets).marks(&puzzle),
            Err(RenderError::CandidateOutOfRange { digit: 2, .. })
        ));
        assert!(matches!(
            Contents::candidates(&[]).marks(&puzzle),
            Err(RenderError::CandidateCount { .. })
        ));
    }

    #[test]
    fn a_placed_digit_wins_over_candidates() {
        let puzzle = kk0();
        let mut grid = Grid::empty(4);
        grid.set(Cell(0), 1);
        let mut sets = vec![DigitSet::EMPTY; 16];
        sets[0] = DigitSet::full(4);
        sets[1] = DigitSet::single(3);
        let contents = Contents {
            grid: Some(&grid),
            candidates: Some(&sets),
        };
        let marks = contents.marks(&puzzle).unwrap();
        assert_eq!(marks[0], Mark::Digit(1));
        assert_eq!(marks[1], Mark::Candidates(DigitSet::single(3)));
        assert_eq!(marks[2], Mark::Empty);
    }
}
