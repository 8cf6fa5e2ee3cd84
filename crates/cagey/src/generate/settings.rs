//! What to make: the [`Settings`] of a run (size, kind, operations, cage sizes, level) with
//! the readers of their command-line forms (`+-*/`, `2..5`, `2=50,4=10`), and the named
//! limits every stage of the generator keeps to. The pipeline (`mod.rs`) and its stages
//! (`cages.rs`, `steer.rs`, `repair.rs`) read them from here.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::{Rng, RngExt};

use super::error::{GenerateError, SettingError};
use super::shard::Shard;
use super::style::CageStyle;
use super::target::Target;
use crate::budget::TimeLimit;
use crate::logic::Level;
use crate::model::{Operation, Options, Regions};
use crate::solve::Cancel;

/// Whole attempts (a fresh grid and cages) before giving up on a puzzle: a default 9x9 needs
/// one or two, a level that random puzzles rarely fall into a few dozen; a setting that has
/// not given a puzzle in this many will not give one.
pub const MAX_ATTEMPTS: u32 = 2_000;

/// Repairs of one candidate with several solutions before it is dropped: each removes the
/// second solution found; a 9x9 needs about three, a 16x16 a dozen.
pub const MAX_REPAIRS: u32 = 64;

/// Search nodes one uniqueness check of a candidate may take: unique 16x16 candidates take
/// 600 to 7,300 nodes, 9x9 ones a few dozen. A candidate that needs more is dropped and a
/// fresh one drawn, which costs less than finishing the search (a few 16x16 candidates ran
/// past 20 s); a node budget rather than a clock keeps the run the same on every machine.
pub const CHECK_MAX_NODES: u64 = 8_000;

/// The largest side made without givens when none are asked for. Above it the generator
/// places `BIG_GIVENS_PER_MILLE` of the cells as one-cell givens: without them the
/// production solver finds not even one solution of a random 24x24 or 32x32 candidate
/// within any budget tried, so none is ever proved unique (docs/generate.md, "Tuning").
pub const NO_GIVENS_MAX_SIZE: usize = 20;

/// The share of cells (per thousand) given above `NO_GIVENS_MAX_SIZE` when no givens are
/// asked for: 102 of a 32x32's 1,024 cells, 57 of a 24x24's 576. 200 per mille made a
/// 32x32 faster still (1.5 s) but gives away a third of the grid.
pub const BIG_GIVENS_PER_MILLE: usize = 100;

/// The largest side whose easy and normal puzzles are made without givens when none are
/// asked for. Above it steering alone does not reach them: no 16x16 easy was found in
/// 2,000 attempts (52 s), no 16x16 normal nor 20x20 normal in 60 s, with Keen's cages or
/// the big style. With [`EASY_GIVENS_PER_MILLE`] and [`NORMAL_GIVENS_PER_MILLE`] of the
/// cells given, each took 0.1 to 1 s over three seeds (docs/generate.md, "Tuning").
pub const NO_EASY_GIVENS_MAX_SIZE: usize = 12;

/// The share of cells (per thousand) given to an easy puzzle above
/// [`NO_EASY_GIVENS_MAX_SIZE`] when no givens are asked for: 20 of a 16x16's 256 cells
/// (12 took 11 s, 8 found none).
pub const EASY_GIVENS_PER_MILLE: usize = 80;

/// The share of cells (per thousand) given to a normal puzzle above
/// [`NO_EASY_GIVENS_MAX_SIZE`] when no givens are asked for: 25 of a 16x16's, 40 of a
/// 20x20's (16 found no 20x20 normal in 60 s).
pub const NORMAL_GIVENS_PER_MILLE: usize = 100;

/// The time one puzzle may take by default.
pub const DEFAULT_TIME_LIMIT: TimeLimit = TimeLimit::new(Duration::from_secs(60));

/// The largest cage the generator makes: 12 cells, whose largest product (32^12 = 2^60)
/// still fits the model's 64-bit targets.
pub const MAX_CAGE: usize = 12;

/// The kind of puzzle to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenKind {
    /// Rows, columns and arithmetic cages.
    KenKen,
    /// KenKen with the usual boxes.
    KenDoku,
    /// Killer Sudoku: sum cages with distinct digits, and boxes.
    Killer,
    /// Killer Sudoku on random jigsaw regions.
    KillerJigsaw,
}

impl GenKind {
    /// Every kind, in the order above.
    pub const ALL: [GenKind; 4] = [
        GenKind::KenKen,
        GenKind::KenDoku,
        GenKind::Killer,
        GenKind::KillerJigsaw,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GenKind::KenKen => "kenken",
            GenKind::KenDoku => "kendoku",
            GenKind::Killer => "killer",
            GenKind::KillerJigsaw => "killer-jigsaw",
        }
    }

    /// Whether the killer rule is on (sum cages with distinct digits).
    pub fn killer(self) -> bool {
        matches!(self, GenKind::Killer | GenKind::KillerJigsaw)
    }
}

impl fmt::Display for GenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GenKind {
    type Err = SettingError;
    fn from_str(text: &str) -> Result<GenKind, SettingError> {
        let parsed = || -> Result<GenKind, String> {
            GenKind::ALL
                .into_iter()
                .find(|k| k.name() == text)
                .ok_or_else(|| {
                    format!(
                        "unknown kind {text:?}; the kinds are kenken, kendoku, killer, killer-jigsaw"
                    )
                })
        };
        parsed().map_err(SettingError)
    }
}

/// A subset of the four operations, `+-*/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OperationSet(u8);

impl OperationSet {
    /// All four operations.
    pub const ALL: OperationSet = OperationSet(0b1111);
    /// Sums only.
    pub const ADD: OperationSet = OperationSet(0b0001);
    /// Products only.
    pub const MULTIPLY: OperationSet = OperationSet(0b0100);

    const ORDER: [Operation; 4] = [
        Operation::Add,
        Operation::Subtract,
        Operation::Multiply,
        Operation::Divide,
    ];

    /// Whether `operation` is in the set.
    pub fn contains(self, operation: Operation) -> bool {
        Self::ORDER
            .iter()
            .position(|&o| o == operation)
            .is_some_and(|i| self.0 & (1 << i) != 0)
    }

    /// The operations in the set, in the order `+ - * /`.
    pub fn iter(self) -> impl Iterator<Item = Operation> {
        Self::ORDER.into_iter().filter(move |&o| self.contains(o))
    }
}

impl FromStr for OperationSet {
    type Err = SettingError;
    /// Any of `+-*/` (also `x` for ×, `%` for ÷), e.g. `"*"` or `"+-"`.
    fn from_str(text: &str) -> Result<OperationSet, SettingError> {
        let parsed = || -> Result<OperationSet, String> {
            let mut bits = 0;
            for ch in text.chars() {
                bits |= match ch {
                    '+' => 1,
                    '-' | '−' => 2,
                    '*' | 'x' | '×' => 4,
                    '/' | '%' | '÷' => 8,
                    ' ' | ',' => 0,
                    _ => {
                        return Err(format!(
                        "{ch:?} is not an operation: give any of + - * / (for example '*' or '+-')"
                    ))
                    }
                };
            }
            if bits == 0 {
                return Err("no operation given: give any of + - * /".into());
            }
            Ok(OperationSet(bits))
        };
        parsed().map_err(SettingError)
    }
}

impl fmt::Display for OperationSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for op in self.iter() {
            write!(f, "{}", op.ascii().unwrap_or('?'))?;
        }
        Ok(())
    }
}

/// How many cells cages have: a weight for each size from `min` to `min + weights.len() - 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageSizes {
    /// The smallest size.
    pub min: usize,
    /// The weight of each size from `min` up.
    pub weights: Vec<u32>,
}

impl CageSizes {
    /// The cage sizes drawn for KenKen and KenDoku of side `n` with `operations` in
    /// `style` ([`CageStyle::kenken_weights`]).
    pub fn of_style(style: CageStyle, n: usize, operations: OperationSet) -> CageSizes {
        match style.kenken_weights(n, operations.tight()) {
            Some(weights) => CageSizes { min: 2, weights },
            None => CageSizes::kenken(),
        }
    }

    /// The bigger-cage KenKen of [`CageStyle::Big`]: half the cages dominoes, a third of
    /// three cells, a few of four and five. (Keen's own, the default, are in `style.rs`.)
    pub fn kenken() -> CageSizes {
        CageSizes {
            min: 2,
            weights: vec![50, 33, 12, 5],
        }
    }

    /// Published Killer Sudoku: cages of two to five cells, mostly two and three.
    pub fn killer() -> CageSizes {
        CageSizes {
            min: 2,
            weights: vec![35, 35, 20, 10],
        }
    }

    /// The largest size with a weight.
    pub fn max(&self) -> usize {
        self.min + self.weights.len().saturating_sub(1)
    }

    pub(super) fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> usize {
        let total: u32 = self.weights.iter().sum();
        let mut pick = rng.random_range(0..total.max(1));
        for (i, &w) in self.weights.iter().enumerate() {
            if pick < w {
                return self.min + i;
            }
            pick -= w;
        }
        self.max()
    }
}

impl FromStr for CageSizes {
    type Err = SettingError;
    /// `2..5` (each size alike), `3` (one size), or weights `2=50,3=35,4=15`.
    fn from_str(text: &str) -> Result<CageSizes, SettingError> {
        let parsed = || -> Result<CageSizes, String> {
            let bad = || {
                format!(
                    "cage sizes {text:?}: write a range 2..5, one size 3, or weights 2=50,3=35,4=15"
                )
            };
            let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
            let sizes = if text.contains('=') {
                let mut pairs = Vec::new();
                for part in text.split(',') {
                    let (size, weight) = part.split_once('=').ok_or_else(bad)?;
                    let weight: u32 = weight.trim().parse().map_err(|_| bad())?;
                    pairs.push((number(size)?, weight));
                }
                let min = pairs.iter().map(|p| p.0).min().ok_or_else(bad)?;
                let max = pairs.iter().map(|p| p.0).max().ok_or_else(bad)?;
                let mut weights = vec![0; max - min + 1];
                for (size, weight) in pairs {
                    weights[size - min] += weight;
                }
                CageSizes { min, weights }
            } else if let Some((a, b)) = text.split_once("..") {
                let (min, max) = (number(a)?, number(b.trim_start_matches('='))?);
                if max < min {
                    return Err(bad());
                }
                CageSizes {
                    min,
                    weights: vec![1; max - min + 1],
                }
            } else {
                CageSizes {
                    min: number(text)?,
                    weights: vec![1],
                }
            };
            if sizes.min == 0 || sizes.max() > MAX_CAGE || sizes.weights.iter().all(|&w| w == 0) {
                return Err(format!(
                    "cage sizes {text:?}: sizes run from 1 to {MAX_CAGE} cells, with some weight"
                ));
            }
            Ok(sizes)
        };
        parsed().map_err(SettingError)
    }
}

/// What to make.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The side of the grid.
    pub size: usize,
    /// The kind of puzzle.
    pub kind: GenKind,
    /// The operations cages may have (sums only for the killer kinds).
    pub operations: OperationSet,
    /// Hide every operation (no-op KenKen): cages show their target only.
    pub hidden_operations: bool,
    /// Subtraction and division over more than two cells.
    pub multi_cell: bool,
    /// The diagonal rule: every digit once on each long diagonal too (Killer X).
    pub diagonals: bool,
    /// The distribution of cage sizes.
    pub cage_sizes: CageSizes,
    /// The style of the cages: how operations are dealt out (the sizes are `cage_sizes`).
    pub style: CageStyle,
    /// One-cell givens to place; 0 leaves the choice to the generator, which places none
    /// up to 12x12, a few at easy and normal up to `NO_GIVENS_MAX_SIZE`, and a tenth of the
    /// cells above (see [`Settings::placed_givens`]).
    pub givens: usize,
    /// Cells to leave in no cage (killer kinds only).
    pub uncaged: usize,
    /// The level to make: [`Target::Any`] unless set (the command's default,
    /// [`Target::default_for`] the size, is the front ends' to apply).
    pub target: Target,
    /// The wall-clock time one puzzle may take.
    pub time_limit: TimeLimit,
    /// Stop at the next attempt once this is cancelled, if set (a server's client has gone;
    /// an attempt itself is bounded by `time_limit`).
    pub cancel: Option<Cancel>,
    /// The shard of a run split over machines, if it is ([`Shard`]): only puzzles whose
    /// solution is the shard's are made.
    pub shard: Option<Shard>,
}

impl Settings {
    /// The generator of puzzle `index` of a run with `seed` under these settings: keyed by
    /// the seed, the kind, the size and the level asked for ([`super::keyed_rng`]), so that
    /// runs of one seed at several levels or sizes share no grids.
    pub fn rng(&self, seed: u64, index: u64) -> chacha20::ChaCha8Rng {
        super::keyed_rng(seed, self.kind, self.size, self.target.level(), index)
    }

    /// The one-cell givens the generator places: those asked for, or, when none are,
    /// `BIG_GIVENS_PER_MILLE` of the cells above `NO_GIVENS_MAX_SIZE`, and from 13x13 to
    /// that size `EASY_GIVENS_PER_MILLE` at easy and `NORMAL_GIVENS_PER_MILLE` at normal
    /// (none otherwise).
    pub fn placed_givens(&self) -> usize {
        let cells = self.size * self.size;
        if self.givens > 0 {
            return self.givens.min(cells);
        }
        let per_mille = match self.target.level() {
            _ if self.size > NO_GIVENS_MAX_SIZE => BIG_GIVENS_PER_MILLE,
            _ if self.size <= NO_EASY_GIVENS_MAX_SIZE => 0,
            Some(Level::Easy) => EASY_GIVENS_PER_MILLE,
            Some(Level::Normal) => NORMAL_GIVENS_PER_MILLE,
            _ => 0,
        };
        cells * per_mille / 1000
    }

    /// KenKen of side `size` with every operation and cages in Keen's style.
    pub fn kenken(size: usize) -> Settings {
        Settings {
            size,
            kind: GenKind::KenKen,
            operations: OperationSet::ALL,
            hidden_operations: false,
            multi_cell: false,
            diagonals: false,
            cage_sizes: CageSizes::of_style(CageStyle::Keen, size, OperationSet::ALL),
            style: CageStyle::Keen,
            givens: 0,
            uncaged: 0,
            target: Target::Any,
            time_limit: DEFAULT_TIME_LIMIT,
            cancel: None,
            shard: None,
        }
    }

    /// The default settings of a kind: KenKen as [`Settings::kenken`], the killer kinds
    /// with sums only and killer cage sizes.
    pub fn of_kind(kind: GenKind, size: usize) -> Settings {
        let mut settings = Settings::kenken(size);
        settings.kind = kind;
        if kind.killer() {
            settings.operations = OperationSet::ADD;
            settings.cage_sizes = CageSizes::killer();
        }
        settings
    }

    /// Sets the cage style, and with it the cage sizes of KenKen and KenDoku for the size
    /// and operations already set (the killer kinds keep theirs: both styles make them
    /// alike). Set the operations first.
    pub fn set_style(&mut self, style: CageStyle) {
        self.style = style;
        if !self.kind.killer() {
            self.cage_sizes = CageSizes::of_style(style, self.size, self.operations);
        }
    }

    /// The largest cage the settings allow on this grid: the distribution's largest, and
    /// under the killer rule no more cells than digits.
    pub(super) fn largest_cage(&self) -> usize {
        let most = self.cage_sizes.max().min(MAX_CAGE);
        if self.kind.killer() {
            most.min(self.size)
        } else {
            most
        }
    }

    pub(super) fn regions_needed(&self) -> bool {
        !matches!(self.kind, GenKind::KenKen)
    }

    /// Checks the settings make sense; the error says what to change.
    pub fn validate(&self) -> Result<(), GenerateError> {
        let bad = |reason: String| Err(GenerateError::Settings(reason));
        let n = self.size;
        if !(1..=crate::model::MAX_SIZE).contains(&n) {
            return bad(format!("a grid of side {n}: sizes run from 1 to 32"));
        }
        match self.kind {
            GenKind::KenDoku | GenKind::Killer if Regions::standard_boxes(n).is_none() => {
                return bad(format!(
                    "{} needs boxes, and a {n}x{n} grid has none (its side is prime); try 4, 6, 8, 9, 12 or 16",
                    self.kind
                ))
            }
            GenKind::KillerJigsaw if n < 3 => {
                return bad("killer-jigsaw needs a grid of side 3 or more".into())
            }
            _ => {}
        }
        if self.diagonals && (n == 2 || n == 3) {
            return bad(format!(
                "no {n}x{n} grid holds every digit once on both diagonals; the diagonal rule \
                 needs a side of 4 or more"
            ));
        }
        if self.kind.killer() && self.operations != OperationSet::ADD {
            return bad(format!(
                "{} cages are sums: the only operation is +, not {}",
                self.kind, self.operations
            ));
        }
        if self.kind.killer() && self.hidden_operations {
            return bad("killer cages are always sums: there is no operation to hide".into());
        }
        if self.givens + self.uncaged > n * n {
            return bad(format!(
                "{} givens and {} cells outside cages are more than the {} cells of the grid",
                self.givens,
                self.uncaged,
                n * n
            ));
        }
        if self.uncaged > 0 && !self.kind.killer() {
            return bad("only killer puzzles may leave cells outside every cage".into());
        }
        if self.cage_sizes.min > self.largest_cage() {
            return bad(format!(
                "cages of {} cells or more cannot be made here (at most {} cells)",
                self.cage_sizes.min,
                self.largest_cage()
            ));
        }
        Ok(())
    }

    pub(super) fn options(&self) -> Options {
        Options {
            killer: self.kind.killer(),
            multi_cell: self.multi_cell,
            diagonals: self.diagonals,
            ..Options::default()
        }
    }
}

impl OperationSet {
    /// Whether the set holds − or ÷, the operations that fit only some cages (Keen's style
    /// draws its dominoes only with them).
    pub(crate) fn tight(self) -> bool {
        self.contains(Operation::Subtract) || self.contains(Operation::Divide)
    }
}

impl Settings {
    /// Whether steering keeps to Keen's look ([`CageStyle::keen_steering`]).
    pub(crate) fn keen_steering(&self) -> bool {
        self.style
            .keen_steering(self.kind.killer(), self.operations.tight())
    }

    /// The largest cage steering may make by merging cages or moving a cell into one.
    pub(crate) fn grown_cage_limit(&self) -> usize {
        let most = self.largest_cage();
        if self.keen_steering() {
            most.min(CageStyle::GROWN_CAGE_LIMIT)
        } else {
            most
        }
    }

    /// The weight of `operation` on a cage of `cells` cells under these settings: the
    /// style's, at the grid's size and the target level.
    pub(crate) fn label_weight(&self, operation: Operation, cells: usize) -> u32 {
        self.style
            .weight(operation, cells, self.size, self.target.level())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_grids_get_a_tenth_of_their_cells_given_unless_asked() {
        assert_eq!(Settings::kenken(NO_GIVENS_MAX_SIZE).placed_givens(), 0);
        // Easy and normal above 12x12 get a few, the other levels none.
        let at = |size: usize, level: Level| {
            let mut settings = Settings::kenken(size);
            settings.target = Target::from(level);
            settings.placed_givens()
        };
        assert_eq!(at(12, Level::Easy), 0);
        assert_eq!(at(16, Level::Easy), 20);
        assert_eq!(at(16, Level::Normal), 25);
        assert_eq!(at(20, Level::Normal), 40);
        assert_eq!(at(20, Level::Hard), 0);
        assert_eq!(Settings::kenken(24).placed_givens(), 57);
        assert_eq!(Settings::kenken(32).placed_givens(), 102);
        let mut asked = Settings::kenken(32);
        asked.givens = 300;
        assert_eq!(asked.placed_givens(), 300);
        let mut small = Settings::kenken(6);
        small.givens = 4;
        assert_eq!(small.placed_givens(), 4);
    }

    #[test]
    fn operation_sets_read_and_print() {
        let set: OperationSet = "*".parse().unwrap();
        assert_eq!(set, OperationSet::MULTIPLY);
        assert_eq!("+-*/".parse::<OperationSet>().unwrap(), OperationSet::ALL);
        assert_eq!("-%".parse::<OperationSet>().unwrap().to_string(), "-%");
        assert!("^".parse::<OperationSet>().is_err());
        assert!("".parse::<OperationSet>().is_err());
    }

    #[test]
    fn cage_sizes_read_as_ranges_sizes_and_weights() {
        let s: CageSizes = "2..5".parse().unwrap();
        assert_eq!((s.min, s.max(), s.weights.len()), (2, 5, 4));
        let s: CageSizes = "3".parse().unwrap();
        assert_eq!((s.min, s.max()), (3, 3));
        let s: CageSizes = "2=50,4=10".parse().unwrap();
        assert_eq!(s.weights, vec![50, 0, 10]);
        assert!("0..3".parse::<CageSizes>().is_err());
        assert!("5..2".parse::<CageSizes>().is_err());
        assert!("2..40".parse::<CageSizes>().is_err());
    }
}
