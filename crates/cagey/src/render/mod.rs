//! Drawing puzzles: as text for a terminal ([`terminal`]), as SVG ([`svg`]), as PNG
//! (`png`, behind the default `png` feature, which brings in resvg) and as print-ready PDF
//! booklets (`pdf`, behind the default `pdf` feature, which brings in pdf-writer).
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
//! Variants are drawn the way each is printed, and both their cages and their houses stay
//! readable. In the terminal, a puzzle with boxes or jigsaw regions gives its heavy lines to
//! the region borders, light ones to the cage borders, and dashes to the lines between two
//! cells of one cage; in pictures, KenDoku boxes are shaded under thick cage outlines, and
//! killer puzzles get thick region lines and a dashed outline inside each cage. Killer sums
//! are written bare (`17`, not `17+`), and digits the puzzle gives outside its cages are
//! drawn as placed digits.

mod colouring;
mod font;
mod path;
#[cfg(feature = "pdf")]
pub mod pdf;
mod picture;
#[cfg(feature = "png")]
pub mod png;
pub mod svg;
pub mod terminal;

use thiserror::Error;

use crate::model::{Cell, DigitSet, Grid, Operation, Puzzle, Regions};

/// What the cells show besides the cages: placed digits, candidates, both, or nothing.
///
/// A cell with a digit in `grid` shows that digit; otherwise a digit the puzzle gives
/// outside its cages ([`Puzzle::given`]), since it is part of the puzzle; otherwise its
/// candidates, if `candidates` is given and the cell's set is not empty (one candidate is
/// drawn as a candidate, not as a placed digit: a partial state keeps that difference).
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

/// How a cell stands out in a drawing of one step of an explanation: the cells that cause
/// the step and those it changes, in two colours (or marks without colour).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Highlight {
    /// Drawn as usual.
    #[default]
    None,
    /// A cell the step looks at.
    Cause,
    /// A cell the step places a digit in or removes candidates from.
    Change,
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
    #[error("{} has candidate {digit}, past the puzzle's largest digit {size}", cell.name(*size))]
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
    /// The PDF could not be made: nothing to print, or the font could not be subset (a bug).
    #[error("cannot make the PDF: {0}")]
    Pdf(String),
    /// Text of the front matter (the rules, the contents) does not fit the pages it has.
    #[error("{what} does not fit one page of {paper} paper: shorten it or choose larger paper")]
    TooLong {
        /// Whose text: `the rules`.
        what: String,
        /// The paper's name.
        paper: String,
    },
    /// Text to print holds a character the bundled font cannot draw.
    #[error("{what}'s character '{ch}' (U+{:04X}) is not in the font", u32::from(*ch))]
    MissingGlyph {
        /// Whose text: `the title`, `puzzle 3's level`.
        what: String,
        /// The character.
        ch: char,
    },
    /// Text to print is in a script written right to left, which the booklet cannot set.
    #[error(
        "{what}'s character '{ch}' (U+{:04X}) is written right to left, which cagey cannot \
         yet set in a booklet (it would print reversed); use a left-to-right title",
        u32::from(*ch)
    )]
    RightToLeft {
        /// Whose text: `the title`, `puzzle 3's level`.
        what: String,
        /// The character.
        ch: char,
    },
    /// A paper size that is not one of `pdf::Paper`'s names, nor a width and height.
    #[error("{0:?}: choose a4, a5, letter, 6x9 (inches), or a width and height in mm (170x240)")]
    UnknownPaper(String),
    /// A custom paper size with a side out of range.
    #[error("{0:?}: each side of the paper must be 90 to 600 mm")]
    PaperSide(String),
    /// A number of puzzles a page that is not one of `pdf::PerPage`'s.
    #[error("{0} puzzles a page: choose 1, 2, 4 or 6")]
    PerPageCount(String),
    /// A PDF/X version that is not one the booklet can be written to.
    #[error("PDF/X {0:?}: only PDF/X-4 is written: choose 4")]
    UnknownPdfX(String),
    /// `SOURCE_DATE_EPOCH` is set, but not to a time a PDF can give.
    #[error("SOURCE_DATE_EPOCH={0:?} is not a number of seconds since 1970 up to the end of 9999")]
    SourceDateEpoch(String),
    /// A PDF/X booklet's creation time past the last a PDF date can write.
    #[error("a creation time of {0} seconds since 1970 is past the end of 9999")]
    CreatedTooLate(u64),
    /// A heading that takes more lines than its page leaves room for.
    #[error("{what} takes {lines} lines at {size} pt; at most {max} fit: shorten it")]
    HeadingTooLong {
        /// Which heading: `the title`.
        what: String,
        /// The lines it needs.
        lines: usize,
        /// Its font size in points.
        size: u32,
        /// The most lines there is room for.
        max: usize,
    },
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
                let digit = self
                    .grid
                    .map(|grid| grid.get(cell))
                    .filter(|&digit| digit != 0)
                    .or_else(|| puzzle.given(cell))
                    .unwrap_or(0);
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
/// Two questions decide it: are the two cells in one cage, and are they in one house
/// (box or jigsaw region)? In a puzzle without boxes or regions all cells count as one
/// region, so only [`Inside`](Border::Inside), [`Cage`](Border::Cage) and
/// [`Outside`](Border::Outside) occur. The drawers choose the look of each kind from the
/// puzzle: a KenKen draws cage borders heavy; a puzzle with houses draws region borders
/// heavy and cage borders another way (see [`terminal`] and [`svg`]).
///
/// `#[non_exhaustive]` because further variants may bring further kinds of line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Border {
    /// Two cells of the same cage and the same region.
    Inside,
    /// Two cells of different cages in the same region (or in a puzzle without regions).
    Cage,
    /// Two cells of the same cage in different boxes or regions: a cage that straddles a
    /// house boundary.
    Region,
    /// Two cells of different cages and different boxes or regions.
    CageAndRegion,
    /// The edge of the grid, which bounds every cage and every region.
    Outside,
}

impl Border {
    /// Whether the line separates two cages (the grid's edge included).
    pub fn is_cage_border(self) -> bool {
        match self {
            Border::Cage | Border::CageAndRegion | Border::Outside => true,
            Border::Inside | Border::Region => false,
        }
    }

    /// Whether the line separates two boxes or jigsaw regions (the grid's edge included).
    pub fn is_region_border(self) -> bool {
        match self {
            Border::Region | Border::CageAndRegion | Border::Outside => true,
            Border::Inside | Border::Cage => false,
        }
    }
}

/// Whether cells `a` and `b` lie in one cage.
///
/// The one place the drawers ask the model which cage a cell is in. A killer puzzle may
/// leave cells outside every cage: two such cells are in no common cage, and neither are
/// such a cell and a caged one, so lines between them are cage borders and an uncovered
/// cell gets no killer outline.
pub(crate) fn same_cage(puzzle: &Puzzle, a: Cell, b: Cell) -> bool {
    // Two cells a killer puzzle leaves out of every cage are not in one cage together.
    matches!((puzzle.cage_of(a), puzzle.cage_of(b)), (Some(x), Some(y)) if x == y)
}

/// Whether cells `a` and `b` lie in one box or jigsaw region; always, without regions.
pub(crate) fn same_region(puzzle: &Puzzle, a: Cell, b: Cell) -> bool {
    let (regions, n) = (puzzle.regions(), puzzle.size());
    regions.region_of(a, n) == regions.region_of(b, n)
}

/// Whether `puzzle` has houses besides rows and columns, which changes how lines are drawn.
pub(crate) fn has_regions(puzzle: &Puzzle) -> bool {
    *puzzle.regions() != Regions::None
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
        let between = |a: Cell, b: Cell| match (same_cage(puzzle, a, b), same_region(puzzle, a, b))
        {
            (true, true) => Border::Inside,
            (false, true) => Border::Cage,
            (true, false) => Border::Region,
            (false, false) => Border::CageAndRegion,
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
///
/// Killer cages are all sums, so their labels are the bare sum (`17`, not `17+`), as killer
/// puzzles are printed.
pub(crate) fn labels(puzzle: &Puzzle, sign: fn(Operation) -> Option<char>) -> Vec<Option<String>> {
    let killer = puzzle.options().killer;
    let mut labels = vec![None; puzzle.cell_count()];
    for cage in puzzle.cages() {
        if let Some(anchor) = cage.anchor() {
            let mut label = cage.target().to_string();
            if !(killer && cage.operation() == Operation::Add) {
                label.extend(sign(cage.operation()));
            }
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
    fn borders_tell_cages_and_regions_apart() {
        // A 4x4 with 2x2 boxes; the first cage, 0 1 2, crosses the border of the first two
        // boxes, between cells 1 and 2.
        let puzzle = crate::formats::kk::parse(
            "# boxes 2x2\n6+,0 1 2\n3,3\n3-,4 8\n3+,5 6\n1,7\n4,9\n3-,10 11\n1-,12 13\n5+,14 15\n",
        )
        .unwrap();
        let borders = Borders::new(&puzzle);
        assert_eq!(borders.vertical(0, 1), Border::Inside);
        assert_eq!(borders.vertical(0, 2), Border::Region);
        assert_eq!(borders.vertical(0, 3), Border::Cage);
        assert_eq!(borders.horizontal(2, 2), Border::CageAndRegion);
        assert!(Border::Outside.is_cage_border() && Border::Outside.is_region_border());
        assert!(!Border::Region.is_cage_border() && Border::Region.is_region_border());
    }

    #[test]
    fn killer_sums_are_bare() {
        let puzzle = crate::formats::kk::parse("# killer\n3+,0 1\n3+,2 3\n").unwrap();
        let labels = labels(&puzzle, Operation::sign);
        assert_eq!(labels[0].as_deref(), Some("3"));
        assert_eq!(labels[2].as_deref(), Some("3"));
    }

    #[test]
    fn givens_outside_the_cages_are_placed_digits() {
        let puzzle = Puzzle::builder(2)
            .cages(vec![
                Cage::new(Operation::Add, 3, vec![Cell(0), Cell(1)]),
                Cage::new(Operation::Add, 3, vec![Cell(2), Cell(3)]),
            ])
            .given(Cell(0), 1)
            .build()
            .unwrap();
        let marks = Contents::NONE.marks(&puzzle).unwrap();
        assert_eq!(marks[0], Mark::Digit(1));
        assert_eq!(marks[1], Mark::Empty);
        // A digit of the contents wins (a grid that contradicts the given is the caller's).
        let grid = Grid::from_digits(2, vec![2, 1, 1, 2]).unwrap();
        assert_eq!(
            Contents::grid(&grid).marks(&puzzle).unwrap()[0],
            Mark::Digit(2)
        );
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
