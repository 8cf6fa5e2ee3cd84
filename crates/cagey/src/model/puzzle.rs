//! `Puzzle`: a grid size and its cages, with every invariant checked once, here.
//!
//! Solvers, writers and renderers trust a `Puzzle`: every cell lies in at most one cage (in
//! exactly one, unless the killer rule is on: Killer Sudoku may leave cells out), every cage
//! is connected, has the number of cells its operation allows and a positive target, and
//! a given fits the grid. A puzzle that breaks one of these cannot be built; the error says
//! which cage (by its position in the list passed in) and what is wrong.

use std::fmt;

use super::{Cage, CageId, Cell, Diagonal, Operation, PuzzleError, Regions, MAX_SIZE};

/// Rules that apply to the whole puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Killer rule (Killer Sudoku, Killer Jigsaw): the digits of a cage are all different.
    pub killer: bool,
    /// Multi-cell subtraction and division (as on calcudoku.org): `-` is the largest digit
    /// minus the sum of the others and `/` the largest divided by the product of the others,
    /// over any number of cells; a subtraction target may be 0.
    pub multi_cell: bool,
    /// Cages may join at corners: a cage's cells are connected side to side or corner to
    /// corner, as some forum killers' are (Tarek's unsolvables #35-38). Readers of formats
    /// whose cages are lists of cells set it when a cage needs it
    /// ([`PuzzleBuilder::corners_allowed`]); formats that cannot say it refuse to write it.
    pub corner_cages: bool,
    /// The diagonal rule (Killer X, Sudoku X): each of the two long diagonals also holds
    /// every digit once ([`Diagonal`]).
    pub diagonals: bool,
}

impl Options {
    /// The rules in force under either `self` or `other`: how options given to a reader
    /// combine with those a puzzle's text states, since no format has a way to turn an
    /// option off.
    ///
    /// ```
    /// use cagey::model::Options;
    ///
    /// let killer = Options { killer: true, ..Options::default() };
    /// let multi = Options { multi_cell: true, ..Options::default() };
    /// assert_eq!(
    ///     killer.union(multi),
    ///     Options { killer: true, multi_cell: true, ..Options::default() }
    /// );
    /// ```
    pub fn union(self, other: Options) -> Options {
        Options {
            killer: self.killer || other.killer,
            multi_cell: self.multi_cell || other.multi_cell,
            corner_cages: self.corner_cages || other.corner_cages,
            diagonals: self.diagonals || other.diagonals,
        }
    }
}

/// A cage puzzle: a Latin square of side `size` with cages, and optionally boxes or jigsaw
/// regions, the killer rule, and givens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: usize,
    cages: Vec<Cage>,
    /// The cage of each cell, row-major; `None` for a cell a killer puzzle leaves out.
    cage_of: Vec<Option<CageId>>,
    regions: Regions,
    options: Options,
    /// Digits fixed outside the cages, row-major; 0 where none.
    givens: Vec<u8>,
}

/// Builds a [`Puzzle`] with regions, options or givens (see [`Puzzle::builder`]).
#[derive(Clone, Debug)]
pub struct PuzzleBuilder {
    size: usize,
    cages: Vec<Cage>,
    regions: Regions,
    options: Options,
    givens: Vec<(Cell, u8)>,
    corners_allowed: bool,
}

impl PuzzleBuilder {
    /// Sets the cages (in any order).
    pub fn cages(mut self, cages: Vec<Cage>) -> PuzzleBuilder {
        self.cages = cages;
        self
    }

    /// Sets boxes or jigsaw regions.
    pub fn regions(mut self, regions: Regions) -> PuzzleBuilder {
        self.regions = regions;
        self
    }

    /// Sets the puzzle-wide options.
    pub fn options(mut self, options: Options) -> PuzzleBuilder {
        self.options = options;
        self
    }

    /// Accepts cages joined only at corners, turning [`Options::corner_cages`] on when a
    /// cage needs it (and only then): for readers of formats whose cages are lists of
    /// cells, which allow them.
    pub fn corners_allowed(mut self, allowed: bool) -> PuzzleBuilder {
        self.corners_allowed = allowed;
        self
    }

    /// Fixes `digit` in `cell`, outside the cage notation.
    pub fn given(mut self, cell: Cell, digit: u8) -> PuzzleBuilder {
        self.givens.push((cell, digit));
        self
    }

    /// Checks every invariant and builds the puzzle. Errors name cages by their position in
    /// the list given to [`PuzzleBuilder::cages`].
    pub fn build(self) -> Result<Puzzle, PuzzleError> {
        let PuzzleBuilder {
            size,
            cages,
            regions,
            mut options,
            givens,
            corners_allowed,
        } = self;
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::Size { size });
        }
        let cell_count = size * size;
        if cages.is_empty() {
            return Err(PuzzleError::NoCages);
        }
        let mut owner: Vec<Option<usize>> = vec![None; cell_count];
        for (index, cage) in cages.iter().enumerate() {
            check_cage(index, cage, size, options)?;
            for &cell in cage.cells() {
                match owner[cell.index()] {
                    Some(first) if first == index => {
                        return Err(PuzzleError::RepeatedCell {
                            cage: index,
                            name: cage.name(size),
                            cell,
                            size,
                        })
                    }
                    Some(first) => {
                        let name = |cage: &Cage| match cage.anchor() {
                            Some(anchor) => format!("{} at {}", cage.label(), anchor.name(size)),
                            None => cage.label().to_string(),
                        };
                        return Err(PuzzleError::Overlap {
                            cell,
                            first,
                            second: index,
                            size,
                            names: Box::new([name(&cages[first]), name(cage)]),
                        });
                    }
                    None => owner[cell.index()] = Some(index),
                }
            }
            if !is_connected(cage.cells(), size, options.corner_cages) {
                // Joined at a corner where the format allows it: the option says so.
                if corners_allowed && is_connected(cage.cells(), size, true) {
                    options.corner_cages = true;
                    continue;
                }
                return Err(PuzzleError::NotConnected {
                    cage: index,
                    name: cage.name(size),
                });
            }
        }
        let missing: Vec<Cell> = (0..cell_count)
            .filter(|&i| owner[i].is_none())
            .map(|i| Cell(i as u16))
            .collect();
        // Killer puzzles may leave cells outside every cage: only the houses constrain them.
        if !missing.is_empty() && !options.killer {
            return Err(PuzzleError::Uncovered {
                cells: missing,
                size,
            });
        }
        check_regions(&regions, size)?;
        let mut given_digits = vec![0u8; cell_count];
        for (cell, digit) in givens {
            if cell.index() >= cell_count || !(1..=size).contains(&usize::from(digit)) {
                return Err(PuzzleError::BadGiven { cell, digit, size });
            }
            given_digits[cell.index()] = digit;
        }

        let mut cages = cages;
        cages.sort_by_key(|cage| cage.anchor());
        let mut cage_of = vec![None; cell_count];
        for (id, cage) in cages.iter().enumerate() {
            for &cell in cage.cells() {
                cage_of[cell.index()] = Some(CageId(id as u16));
            }
        }
        Ok(Puzzle {
            size,
            cages,
            cage_of,
            regions,
            options,
            givens: given_digits,
        })
    }
}

/// What kind of cage puzzle, from its houses and rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Rows, columns and arithmetic cages.
    KenKen,
    /// KenKen with regular boxes.
    KenDoku,
    /// Sum cages with distinct digits, and boxes.
    KillerSudoku,
    /// Sum cages with distinct digits, and jigsaw regions.
    KillerJigsaw,
    /// The killer rule without boxes or regions.
    KillerLatin,
    /// KenKen with jigsaw regions.
    JigsawKenKen,
}

impl Kind {
    /// The kind's name in no one's trademark, for print: KenKen and KenDoku are brands, so
    /// the arithmetic kinds are called Calcudoku, as many publishers do; the killer kinds
    /// keep their names.
    pub fn generic_name(self) -> &'static str {
        match self {
            Kind::KenKen => "Calcudoku",
            Kind::KenDoku => "Box Calcudoku",
            Kind::JigsawKenKen => "Jigsaw Calcudoku",
            Kind::KillerSudoku => "Killer Sudoku",
            Kind::KillerJigsaw => "Killer Jigsaw",
            Kind::KillerLatin => "Killer Latin square",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::KenKen => "KenKen",
            Kind::KenDoku => "KenDoku",
            Kind::KillerSudoku => "Killer Sudoku",
            Kind::KillerJigsaw => "Killer Jigsaw",
            Kind::KillerLatin => "killer Latin square",
            Kind::JigsawKenKen => "jigsaw KenKen",
        })
    }
}

impl Puzzle {
    /// Builds a plain KenKen puzzle, checking every invariant.
    ///
    /// Cages may come in any order; the puzzle keeps them ordered by their smallest cell, so
    /// [`CageId`]s are stable whatever the input order. Errors name cages by their position in
    /// `cages` as passed in.
    pub fn new(size: usize, cages: Vec<Cage>) -> Result<Puzzle, PuzzleError> {
        Puzzle::builder(size).cages(cages).build()
    }

    /// Starts a puzzle of side `size` with regions, options or givens.
    pub fn builder(size: usize) -> PuzzleBuilder {
        PuzzleBuilder {
            size,
            cages: Vec::new(),
            regions: Regions::None,
            options: Options::default(),
            givens: Vec::new(),
            corners_allowed: false,
        }
    }

    /// The boxes or regions besides rows and columns.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The puzzle-wide options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The same puzzle under other puzzle-wide options, checked again: a cage that the new
    /// options forbid (a product under the killer rule, a three-cell `-` without multi-cell)
    /// is an error, as it would be when building.
    pub fn with_options(&self, options: Options) -> Result<Puzzle, PuzzleError> {
        let mut builder = Puzzle::builder(self.size)
            .cages(self.cages.clone())
            .regions(self.regions.clone())
            .options(options)
            // Cages joined at corners stay so: the option is the cages' shape.
            .corners_allowed(self.options.corner_cages);
        for cell in self.cells() {
            if let Some(digit) = self.given(cell) {
                builder = builder.given(cell, digit);
            }
        }
        builder.build()
    }

    /// The digit given in `cell` outside the cages, if any.
    pub fn given(&self, cell: Cell) -> Option<u8> {
        Some(self.givens[cell.index()]).filter(|&d| d != 0)
    }

    /// Whether anything beyond plain KenKen is in force: regions, options or givens.
    pub fn is_plain(&self) -> bool {
        self.regions == Regions::None
            && self.options == Options::default()
            && self.givens.iter().all(|&d| d == 0)
    }

    /// What kind of puzzle this is.
    pub fn kind(&self) -> Kind {
        match (&self.regions, self.options.killer) {
            (Regions::None, false) => Kind::KenKen,
            (Regions::Boxes { .. }, false) => Kind::KenDoku,
            (Regions::Jigsaw(_), false) => Kind::JigsawKenKen,
            (Regions::None, true) => Kind::KillerLatin,
            (Regions::Boxes { .. }, true) => Kind::KillerSudoku,
            (Regions::Jigsaw(_), true) => Kind::KillerJigsaw,
        }
    }

    /// The side of the grid: digits run from 1 to `size`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, `size * size`.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The cages, ordered by their smallest cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage with the given id.
    pub fn cage(&self, id: CageId) -> &Cage {
        &self.cages[id.index()]
    }

    /// The long diagonals that are houses: both under the diagonal rule
    /// ([`Options::diagonals`]), else none.
    pub fn diagonals(&self) -> &'static [Diagonal] {
        if self.options.diagonals {
            &Diagonal::BOTH
        } else {
            &[]
        }
    }

    /// The id of the cage holding `cell`; `None` only for a cell a killer puzzle leaves
    /// outside every cage.
    pub fn cage_of(&self, cell: Cell) -> Option<CageId> {
        self.cage_of[cell.index()]
    }

    /// The cells in no cage, row-major: none unless the killer rule is on.
    pub fn uncovered(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(|&cell| self.cage_of(cell).is_none())
    }

    /// Every cell, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.cell_count() as u16).map(Cell)
    }

    /// A cage as people name it: its label and its first cell, `11+ at r1c2`. Every message
    /// a person reads names cages this way, never by their position in [`cages`](Self::cages).
    ///
    /// ```
    /// let puzzle = cagey::formats::kk::parse("1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n").unwrap();
    /// assert_eq!(puzzle.cage_name(cagey::CageId(1)), "11+ at r1c2");
    /// ```
    pub fn cage_name(&self, id: CageId) -> String {
        self.cage(id).name(self.size)
    }
}

impl fmt::Display for Puzzle {
    /// A one-line summary: `4x4 KenKen, 7 cages`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.cages.len();
        let noun = if count == 1 { "cage" } else { "cages" };
        let diagonals = if self.options.diagonals {
            " with diagonals"
        } else {
            ""
        };
        write!(
            f,
            "{n}x{n} {}{diagonals}, {count} {noun}",
            self.kind(),
            n = self.size
        )
    }
}

fn check_cage(index: usize, cage: &Cage, size: usize, options: Options) -> Result<(), PuzzleError> {
    let cells = cage.cells();
    if cells.is_empty() {
        return Err(PuzzleError::EmptyCage {
            cage: index,
            name: cage.signed_label(),
        });
    }
    if let Some(&cell) = cells.iter().find(|c| c.index() >= size * size) {
        return Err(PuzzleError::CellOutOfRange {
            cage: index,
            name: cage.signed_label(),
            cell,
            size,
        });
    }
    // Every cell is in the grid from here on: the cage can be named by its first one.
    let name = || cage.name(size);
    if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(PuzzleError::RepeatedCell {
            cage: index,
            name: name(),
            cell: pair[0],
            size,
        });
    }
    let operation = cage.operation();
    if options.killer && !matches!(operation, Operation::Add | Operation::Given) {
        return Err(PuzzleError::KillerOperation {
            cage: index,
            name: name(),
        });
    }
    let (least, most) = match operation {
        Operation::Subtract | Operation::Divide if options.multi_cell => (2, None),
        _ => operation.arity(),
    };
    if cells.len() < least || most.is_some_and(|most| cells.len() > most) {
        let expected = match operation {
            Operation::Given => "(no operator) must have exactly one cell",
            Operation::Subtract | Operation::Divide if options.multi_cell => {
                "must have at least two cells"
            }
            Operation::Subtract | Operation::Divide => "must have exactly two cells",
            Operation::Add | Operation::Multiply | Operation::Unknown => {
                "must have at least one cell"
            }
        };
        return Err(PuzzleError::Arity {
            cage: index,
            name: name(),
            operation,
            cells: cells.len(),
            expected,
        });
    }
    // `0-` over several cells is a real calcudoku.org clue (the largest equals the sum of
    // the others); every other target is positive.
    let zero_allowed =
        options.multi_cell && matches!(operation, Operation::Subtract | Operation::Unknown);
    if cage.target() == 0 && !zero_allowed {
        return Err(PuzzleError::ZeroTarget {
            cage: index,
            name: name(),
        });
    }
    if operation == Operation::Given && cage.target() > size as u64 {
        return Err(PuzzleError::GivenOutOfRange {
            cage: index,
            name: name(),
            target: cage.target(),
            size,
        });
    }
    Ok(())
}

fn check_regions(regions: &Regions, size: usize) -> Result<(), PuzzleError> {
    match regions {
        Regions::None => Ok(()),
        Regions::Boxes { rows, cols } => {
            if rows * cols == size {
                Ok(())
            } else {
                Err(PuzzleError::BoxShape {
                    rows: *rows,
                    cols: *cols,
                    size,
                })
            }
        }
        Regions::Jigsaw(region) => {
            let reason = |reason: String| Err(PuzzleError::Jigsaw { reason });
            if region.len() != size * size {
                return reason(format!(
                    "{} entries for {} cells",
                    region.len(),
                    size * size
                ));
            }
            if let Some(bad) = region.iter().find(|&&r| usize::from(r) >= size) {
                return reason(format!(
                    "region {bad} does not exist: regions run from 0 to {}",
                    size - 1
                ));
            }
            for (r, house) in regions.houses(size).iter().enumerate() {
                if house.len() != size {
                    return reason(format!(
                        "region {r} has {} cells, expected {size}",
                        house.len()
                    ));
                }
                if !is_connected(house, size, false) {
                    return reason(format!("the cells of region {r} are not connected"));
                }
            }
            Ok(())
        }
    }
}

/// Whether distinct, in-range `cells` form one 4-connected group.
///
/// A flood fill over the grid's rows as bitmasks (a grid is at most 32 wide): the cells
/// reached so far spread to their neighbours among `cells` until they stop growing. No
/// allocation: checking every cage was some 600 instructions a cage with two vectors for
/// a breadth-first walk, 4% of solving Keen's corpus in a batch (callgrind over `cagey
/// solve --jobs 1`).
/// Whether `cells` are connected side to side, or also corner to corner with `corners`.
fn is_connected(cells: &[Cell], size: usize, corners: bool) -> bool {
    let Some(first) = cells.first() else {
        return true;
    };
    let mut members = [0u32; MAX_SIZE];
    let (mut top, mut bottom) = (usize::MAX, 0);
    for cell in cells {
        let (row, col) = (cell.row(size), cell.col(size));
        members[row] |= 1 << col;
        top = top.min(row);
        bottom = bottom.max(row);
    }
    let mut reached = [0u32; MAX_SIZE];
    reached[first.row(size)] = 1 << first.col(size);
    let mut count = 1;
    while count < cells.len() {
        let mut grew = 0;
        for row in top..=bottom {
            let above = if row > top { reached[row - 1] } else { 0 };
            let below = if row < bottom { reached[row + 1] } else { 0 };
            let here = reached[row];
            let mut near = here << 1 | here >> 1 | above | below;
            if corners {
                near |= above << 1 | above >> 1 | below << 1 | below >> 1;
            }
            let spread = near & members[row] & !here;
            reached[row] |= spread;
            grew += spread.count_ones() as usize;
        }
        if grew == 0 {
            return false;
        }
        count += grew;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(op: Operation, target: u64, cells: &[u16]) -> Cage {
        Cage::new(op, target, cells.iter().map(|&c| Cell(c)).collect())
    }

    fn two_by_two(cages: Vec<Cage>) -> Result<Puzzle, PuzzleError> {
        Puzzle::new(2, cages)
    }

    #[test]
    fn builds_and_orders_cages_by_smallest_cell() {
        let puzzle = two_by_two(vec![
            cage(Operation::Add, 3, &[3, 2]),
            cage(Operation::Subtract, 1, &[0, 1]),
        ])
        .unwrap();
        assert_eq!(puzzle.cages()[0].operation(), Operation::Subtract);
        assert_eq!(puzzle.cages()[1].cells(), [Cell(2), Cell(3)]);
        assert_eq!(puzzle.cage_of(Cell(3)), Some(CageId(1)));
    }

    #[test]
    fn rejects_each_broken_invariant() {
        use Operation::*;
        let cases = [
            (
                vec![cage(Add, 3, &[0, 1]), cage(Add, 3, &[1, 2, 3])],
                "r1c2 is in cage 3+ at r1c1 and again in cage 3+ at r1c2",
            ),
            (
                vec![cage(Add, 3, &[0, 1])],
                "cells are in no cage: r2c1 r2c2",
            ),
            (
                vec![cage(Add, 3, &[0, 3]), cage(Add, 3, &[1, 2])],
                "cage 3+ at r1c1: its cells are not connected",
            ),
            (
                vec![cage(Subtract, 1, &[0, 1, 2]), cage(Given, 1, &[3])],
                "cage 1− at r1c1: a subtraction cage must have exactly two cells, but this one has 3",
            ),
            (
                vec![cage(Given, 1, &[0, 1]), cage(Add, 3, &[2, 3])],
                "cage 1 at r1c1: a given cage (no operator) must have exactly one cell",
            ),
            (
                vec![cage(Add, 0, &[0, 1]), cage(Add, 3, &[2, 3])],
                "cage 0+ at r1c1: the target must be positive",
            ),
            (
                vec![cage(Add, 3, &[0, 1]), cage(Add, 3, &[2, 4])],
                "cage 3+: cell 4 is outside the 2x2 grid",
            ),
            (
                vec![cage(Given, 3, &[0]), cage(Add, 3, &[1, 2, 3])],
                "cage 3 at r1c1: a given must be a digit from 1 to 2, found 3",
            ),
            (
                vec![cage(Add, 3, &[]), cage(Add, 3, &[0, 1, 2, 3])],
                "cage 3+ has no cells",
            ),
        ];
        for (cages, message) in cases {
            let error = two_by_two(cages).unwrap_err().to_string();
            assert!(
                error.starts_with(message),
                "{error:?} should start with {message:?}"
            );
        }
        assert!(Puzzle::new(0, vec![]).is_err());
        let plain = || vec![cage(Add, 3, &[0, 1]), cage(Add, 3, &[2, 3])];
        let build =
            |builder: PuzzleBuilder| builder.cages(plain()).build().unwrap_err().to_string();
        assert!(
            build(Puzzle::builder(2).regions(Regions::Boxes { rows: 1, cols: 3 }))
                .starts_with("boxes of 1x3 cells do not tile a 2x2 grid")
        );
        assert!(
            build(Puzzle::builder(2).regions(Regions::Jigsaw(vec![0, 0, 0, 0])))
                .starts_with("jigsaw regions: region 0 has 4 cells, expected 2")
        );
        assert!(
            build(Puzzle::builder(2).regions(Regions::Jigsaw(vec![0, 1, 1, 0])))
                .starts_with("jigsaw regions: the cells of region 0 are not connected")
        );
        assert!(
            build(Puzzle::builder(2).regions(Regions::Jigsaw(vec![0, 2, 1, 1])))
                .starts_with("jigsaw regions: region 2 does not exist")
        );
        assert!(build(Puzzle::builder(2).given(Cell(0), 3)).starts_with("given 3 in r1c1"));
        let killer = Options {
            killer: true,
            ..Options::default()
        };
        let error = Puzzle::builder(2)
            .options(killer)
            .cages(vec![cage(Multiply, 2, &[0, 1]), cage(Add, 3, &[2, 3])])
            .build()
            .unwrap_err();
        // The cage named as every message names it, with no option or flag to set.
        assert_eq!(
            error.to_string(),
            "killer cages are sums, and 2× at r1c1 is not one"
        );
        assert!(Puzzle::new(MAX_SIZE + 1, vec![]).is_err());
    }

    /// Guards #45: cages joined at corners (some forum killers') are read where the format
    /// allows them, the option then on; never otherwise.
    #[test]
    fn cages_joined_at_corners_need_the_option() {
        use Operation::*;
        let diagonal = || vec![cage(Add, 3, &[0, 3]), cage(Add, 3, &[1, 2])];
        let error = Puzzle::new(2, diagonal()).unwrap_err();
        assert!(matches!(error, PuzzleError::NotConnected { cage: 0, .. }));
        let puzzle = Puzzle::builder(2)
            .cages(diagonal())
            .corners_allowed(true)
            .build()
            .unwrap();
        assert!(puzzle.options().corner_cages);
        // Kept under other options; a side-joined puzzle does not get it.
        assert!(
            puzzle
                .with_options(Options::default())
                .unwrap()
                .options()
                .corner_cages
        );
        let plain = vec![cage(Add, 3, &[0, 1]), cage(Add, 3, &[2, 3])];
        let puzzle = Puzzle::builder(2)
            .cages(plain)
            .corners_allowed(true)
            .build()
            .unwrap();
        assert!(!puzzle.options().corner_cages);
        // Cells that touch nowhere stay refused.
        let far = vec![
            cage(Add, 4, &[0, 2]),
            cage(Add, 5, &[1, 5, 8]),
            cage(Add, 9, &[3, 4, 6, 7]),
        ];
        let error = Puzzle::builder(3)
            .cages(far)
            .corners_allowed(true)
            .build()
            .unwrap_err();
        assert!(
            matches!(error, PuzzleError::NotConnected { cage: 0, .. }),
            "{error}"
        );
    }

    #[test]
    fn multi_cell_options_allow_long_subtractions_and_zero() {
        let multi = Options {
            multi_cell: true,
            ..Options::default()
        };
        let puzzle = Puzzle::builder(2)
            .options(multi)
            .cages(vec![
                cage(Operation::Subtract, 0, &[0, 1, 2]),
                cage(Operation::Given, 1, &[3]),
            ])
            .build()
            .unwrap();
        assert!(!puzzle.is_plain());
        assert!(Puzzle::new(
            2,
            vec![
                cage(Operation::Subtract, 0, &[0, 1, 2]),
                cage(Operation::Given, 1, &[3])
            ]
        )
        .is_err());
    }

    #[test]
    fn kinds() {
        let cages = || {
            (0..16)
                .map(|c| Cage::given(Cell(c), ((c / 4 + c % 4) % 4 + 1) as u8))
                .collect()
        };
        assert_eq!(Puzzle::new(4, cages()).unwrap().kind(), Kind::KenKen);
        let boxed = Puzzle::builder(4)
            .cages(cages())
            .regions(Regions::Boxes { rows: 2, cols: 2 });
        assert_eq!(boxed.build().unwrap().kind(), Kind::KenDoku);
        let killer = Options {
            killer: true,
            ..Options::default()
        };
        let boxed = Puzzle::builder(4)
            .cages(cages())
            .regions(Regions::Boxes { rows: 2, cols: 2 });
        assert_eq!(
            boxed.options(killer).build().unwrap().to_string(),
            "4x4 Killer Sudoku, 16 cages"
        );
    }

    #[test]
    fn options_can_change_after_building() {
        let cages = vec![
            cage(Operation::Subtract, 0, &[0, 1, 2]),
            cage(Operation::Given, 1, &[3]),
        ];
        let multi = Options {
            multi_cell: true,
            ..Options::default()
        };
        let puzzle = Puzzle::builder(2)
            .cages(cages)
            .options(multi)
            .build()
            .unwrap();
        assert_eq!(puzzle.with_options(multi).as_ref(), Ok(&puzzle));
        assert!(matches!(
            puzzle.with_options(Options::default()),
            Err(PuzzleError::Arity { .. } | PuzzleError::ZeroTarget { .. })
        ));
    }

    #[test]
    fn only_killer_puzzles_may_leave_cells_out() {
        let cages = || vec![cage(Operation::Add, 3, &[0, 1])];
        assert_eq!(
            Puzzle::new(2, cages()),
            Err(PuzzleError::Uncovered {
                cells: vec![Cell(2), Cell(3)],
                size: 2
            })
        );
        let killer = Options {
            killer: true,
            ..Options::default()
        };
        let puzzle = Puzzle::builder(2)
            .cages(cages())
            .options(killer)
            .build()
            .unwrap();
        assert_eq!(puzzle.cage_of(Cell(1)), Some(CageId(0)));
        assert_eq!(puzzle.cage_of(Cell(2)), None);
        assert_eq!(puzzle.uncovered().collect::<Vec<_>>(), [Cell(2), Cell(3)]);
    }

    #[test]
    fn a_cage_may_wind_around() {
        // An L of three cells in a 3x3 grid: 0 1 4 (right, then down).
        let puzzle = Puzzle::new(
            3,
            vec![
                cage(Operation::Add, 6, &[0, 1, 4]),
                cage(Operation::Add, 6, &[2, 5, 8]),
                cage(Operation::Add, 6, &[3, 6, 7]),
            ],
        );
        assert!(puzzle.is_ok());
    }

    #[test]
    fn connectivity_follows_edges_not_corners_nor_wraps() {
        let cells = |list: &[u16]| list.iter().map(|&c| Cell(c)).collect::<Vec<_>>();
        // In a 4x4 grid: a U that turns back up, a spiral's arms, a lone cell.
        assert!(is_connected(&cells(&[0, 4, 8, 9, 10, 6, 2]), 4, false));
        assert!(is_connected(
            &cells(&[15, 14, 13, 12, 8, 4, 0, 1, 2, 3, 7, 11]),
            4,
            false
        ));
        assert!(is_connected(&cells(&[5]), 4, false));
        // Corners only, a row's end next to the next row's start, two pieces.
        assert!(!is_connected(&cells(&[0, 5]), 4, false));
        assert!(!is_connected(&cells(&[3, 4]), 4, false));
        assert!(!is_connected(&cells(&[0, 1, 3, 7]), 4, false));
        // The widest grid's last column, and a cell there next to its row's first.
        let last = |row: u16| row * 32 + 31;
        assert!(is_connected(
            &cells(&[last(0), last(1), last(2)]),
            32,
            false
        ));
        assert!(!is_connected(&cells(&[last(0), 32]), 32, false));
        // With corners: a diagonal is joined, a row's end and the next row's start are not.
        assert!(is_connected(&cells(&[0, 5, 10]), 4, true));
        assert!(!is_connected(&cells(&[3, 4]), 4, true));
        assert!(!is_connected(&cells(&[0, 2]), 4, true));
    }
}
