//! Making new puzzles: a random full grid, cut into cages, labelled, and then either
//! steered to the level asked for by probes of the logic rules (which prove it unique on the
//! way), or, without a level, proved unique by the production solver and repaired where it
//! is not.
//!
//! ```text
//!  grid ──▶ cages ──▶ labels ──┬── a level asked ──▶ probe: the rules up to that level
//!   ▲                          │                       │ solved at it ────────────▶ puzzle
//!   │                          │                       │ stuck: change a cage at an open cell
//!   │                          │                       │ solved lower: change one, harder
//!   │                          │                       └──▶ keep it if closer, probe again
//!   │                          └── no level ──▶ unique? ──no──▶ repair a cage where two
//!   │                                             │yes          solutions differ, ask again
//!   └──── a fresh candidate when one              ▼
//!         stalls (every loop has a cap)         puzzle
//! ```
//!
//! Unreasonable puzzles are probed up to extreme and, once the rules stop, proved unique by
//! the solver; a score range is reached by full grades after the level (`steer.rs`).
//!
//! All randomness comes from the generator the caller passes in; [`rng_for`] derives the
//! generator of the `index`th puzzle of a run from its seed, so that a run gives the same
//! puzzles whatever the number of threads. Every loop has a cap (named constants below),
//! and [`Settings::time_limit`] bounds one puzzle's wall-clock time; only that limit can
//! make a run depend on the machine, and a puzzle that hits it is reported, never emitted.

mod cages;
mod fill;
mod jigsaw;
mod latin;
mod level;
mod repair;
mod steer;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use chacha20::ChaCha8Rng;
use rand::{Rng, RngExt, SeedableRng};
use thiserror::Error;

use crate::logic::ProbeCache;
use crate::model::{Cage, Cell, Grid, Operation, Options, Puzzle, Regions};
use crate::solve::{self, Cancel, Limits, Outcome};

pub use fill::random_grid;
pub use jigsaw::random_regions;
pub use latin::random_latin_square;
pub use level::{level_of, rank, LogicGrader, GRADE_MAX_WORK, GRADE_TIME_LIMIT};
pub use repair::{make_unique, Change, Repair, RepairError};

use cages::Draft;

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

/// The time one puzzle may take by default.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

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
    type Err = String;
    fn from_str(text: &str) -> Result<GenKind, String> {
        GenKind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| {
                format!(
                    "unknown kind {text:?}; the kinds are kenken, kendoku, killer, killer-jigsaw"
                )
            })
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
    type Err = String;
    /// Any of `+-*/` (also `x` for ×, `%` for ÷), e.g. `"*"` or `"+-"`.
    fn from_str(text: &str) -> Result<OperationSet, String> {
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
    /// Published KenKen: half the cages dominoes, a third of three cells, a few of four and
    /// five (counted over the puzzles of Keen and of newspaper books: 50/33/12/5).
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

    fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> usize {
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
    type Err = String;
    /// `2..5` (each size alike), `3` (one size), or weights `2=50,3=35,4=15`.
    fn from_str(text: &str) -> Result<CageSizes, String> {
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
    }
}

/// The level a puzzle should have, as a grader measures it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The level's rank in the grader's order (0 the easiest).
    pub rank: usize,
    /// An inclusive range the score must fall in, if any.
    pub score: Option<(u32, u32)>,
}

/// A puzzle's level and score, as a [`Grader`] measures them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graded {
    /// The level's rank, 0 the easiest.
    pub rank: usize,
    /// The score.
    pub score: u32,
}

/// Measures how hard a puzzle is, for steering toward a [`Target`].
pub trait Grader: Sync {
    /// The level and score of a puzzle known to be unique, or `None` when the grader gives
    /// up on it (a limit ran out): such a puzzle is treated as off target. `aim` is the
    /// target being steered to, if any: a grader may skip work that cannot change whether
    /// the puzzle meets it, as long as the grade it returns for a puzzle that does is exact.
    fn grade(&self, puzzle: &Puzzle, aim: Option<&Target>) -> Option<Graded>;

    /// How far the grader's rules up to the level of `rank` get on `puzzle`, which may have
    /// several solutions: solved (then it is unique, and graded as [`Grader::grade`] would),
    /// or stuck with cells open. `None` when the grader cannot tell (the default; a limit
    /// ran out): the generator then proves uniqueness with the solver and grades in full.
    /// `cache` keeps what one probe built for the next.
    fn probe(&self, puzzle: &Puzzle, rank: usize, cache: &mut ProbeCache) -> Option<Probed> {
        let _ = (puzzle, rank, cache);
        None
    }
}

/// What [`Grader::probe`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probed {
    /// Solved by the rules up to the level: unique, with this grade.
    Solved(Graded),
    /// Not solved: the cells left open and the candidates they still hold in all.
    Stuck {
        /// The open cells.
        open: Vec<Cell>,
        /// Their candidates, in all.
        candidates: u32,
    },
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
    /// The distribution of cage sizes.
    pub cage_sizes: CageSizes,
    /// One-cell givens to place.
    pub givens: usize,
    /// Cells to leave in no cage (killer kinds only).
    pub uncaged: usize,
    /// The level to reach, if any.
    pub target: Option<Target>,
    /// The wall-clock time one puzzle may take.
    pub time_limit: Duration,
    /// Stop at the next attempt once this is cancelled, if set (a server's client has gone;
    /// an attempt itself is bounded by `time_limit`).
    pub cancel: Option<Cancel>,
}

impl Settings {
    /// KenKen of side `size` with every operation and the published cage sizes.
    pub fn kenken(size: usize) -> Settings {
        Settings {
            size,
            kind: GenKind::KenKen,
            operations: OperationSet::ALL,
            hidden_operations: false,
            multi_cell: false,
            cage_sizes: CageSizes::kenken(),
            givens: 0,
            uncaged: 0,
            target: None,
            time_limit: DEFAULT_TIME_LIMIT,
            cancel: None,
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

    /// The largest cage the settings allow on this grid: the distribution's largest, and
    /// under the killer rule no more cells than digits.
    fn largest_cage(&self) -> usize {
        let most = self.cage_sizes.max().min(MAX_CAGE);
        if self.kind.killer() {
            most.min(self.size)
        } else {
            most
        }
    }

    fn regions_needed(&self) -> bool {
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
        if self.kind.killer() && self.operations != OperationSet::ADD {
            return bad(format!(
                "{} cages are sums: --ops must be '+' (it was '{}')",
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

    fn options(&self) -> Options {
        Options {
            killer: self.kind.killer(),
            multi_cell: self.multi_cell,
        }
    }
}

/// A puzzle made by [`generate`].
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid,
    /// Its level and score, when a grader measured them.
    pub graded: Option<Graded>,
    /// Whole attempts it took (1 if the first candidate was kept).
    pub attempts: u32,
    /// Repairs made to candidates with several solutions, over all attempts.
    pub repairs: u32,
    /// Changes made while steering toward the level, over all attempts.
    pub steps: u32,
}

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The settings cannot give any puzzle.
    #[error("{0}")]
    Settings(String),
    /// The time limit ran out.
    #[error("no puzzle of these settings was found within the time limit of {limit:?} ({attempts} attempts); raise --time-limit, or ask for an easier combination")]
    TimeLimit {
        /// The limit.
        limit: Duration,
        /// Attempts made.
        attempts: u32,
    },
    /// The settings' cancel flag was raised.
    #[error("the generation was cancelled")]
    Cancelled,
    /// Every attempt failed.
    #[error("no puzzle of these settings was found in {attempts} attempts: this combination of size, kind, operations, cage sizes and level gives none or almost none")]
    Exhausted {
        /// Attempts made.
        attempts: u32,
    },
}

/// The generator of puzzle `index` of a run with `seed`: ChaCha8 seeded with `seed`, on
/// its own stream per index, so that every puzzle's draws are independent of the others'
/// and of the order they are made in.
pub fn rng_for(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// The working state of one candidate.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub regions: Regions,
    pub solution: Grid,
    pub cages: Vec<Draft>,
}

impl Candidate {
    /// The same grid and regions with other cages.
    pub fn with_cages(&self, cages: Vec<Draft>) -> Candidate {
        Candidate {
            regions: self.regions.clone(),
            solution: self.solution.clone(),
            cages,
        }
    }

    /// The puzzle the drafts describe (operations hidden if asked for).
    pub fn build(&self, settings: &Settings) -> Puzzle {
        let cages: Vec<Cage> = self
            .cages
            .iter()
            .map(|d| {
                let op = if settings.hidden_operations && d.operation != Operation::Given {
                    Operation::Unknown
                } else {
                    d.operation
                };
                Cage::new(op, d.target, d.cells.clone())
            })
            .collect();
        Puzzle::builder(self.solution.size())
            .cages(cages)
            .regions(self.regions.clone())
            .options(settings.options())
            .build()
            .expect("the generator builds only valid puzzles")
    }
}

/// The verdict of the production solver on a candidate.
pub(crate) enum Verdict {
    Unique,
    /// Another solution than the candidate's own.
    Other(Grid),
    /// The time ran out.
    OutOfTime,
}

/// Whether `puzzle` (solved by `solution`) is unique, within the deadline.
pub(crate) fn verdict(puzzle: &Puzzle, solution: &Grid, deadline: Instant) -> Verdict {
    let mut limits = Limits::uniqueness();
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Verdict::OutOfTime;
    }
    limits.time_limit = Some(left);
    limits.max_nodes = CHECK_MAX_NODES;
    match solve::default_solver().solve(puzzle, &limits) {
        Ok(report) => match report.outcome {
            Outcome::Unique(_) => Verdict::Unique,
            Outcome::Multiple { solutions, .. } => solutions
                .into_iter()
                .find(|g| g != solution)
                .map_or(Verdict::OutOfTime, Verdict::Other),
            _ => Verdict::OutOfTime,
        },
        Err(_) => Verdict::OutOfTime,
    }
}

/// Makes one puzzle of the settings with randomness from `rng`, graded and steered by
/// `grader` when the settings ask for a level.
pub fn generate<R: Rng + ?Sized>(
    settings: &Settings,
    grader: Option<&dyn Grader>,
    rng: &mut R,
) -> Result<Generated, GenerateError> {
    settings.validate()?;
    if settings.target.is_some() && grader.is_none() {
        return Err(GenerateError::Settings(
            "a level was asked for but no grader was given".into(),
        ));
    }
    let start = Instant::now();
    let deadline = start + settings.time_limit;
    let mut repairs = 0;
    let mut steps = 0;
    for attempt in 1..=MAX_ATTEMPTS {
        if Instant::now() >= deadline {
            return Err(GenerateError::TimeLimit {
                limit: settings.time_limit,
                attempts: attempt - 1,
            });
        }
        if settings.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(GenerateError::Cancelled);
        }
        let Some(mut candidate) = draw(settings, rng) else {
            continue;
        };
        // Probes steer the candidate to its level and prove it unique on the way.
        let shaped = match (&settings.target, grader) {
            (Some(target), Some(grader)) => steer::shape(
                settings,
                target,
                grader,
                &mut candidate,
                rng,
                deadline,
                &mut repairs,
            ),
            _ => None,
        };
        let level = match shaped {
            Some(steer::Steered::Reached(graded, taken)) => {
                steps += taken;
                // The rules that solved it are sound, so it is unique; the production
                // solver confirms it, as it does for every puzzle made, for a fraction of
                // the probes' cost.
                let puzzle = candidate.build(settings);
                if !matches!(
                    verdict(&puzzle, &candidate.solution, deadline),
                    Verdict::Unique
                ) {
                    continue;
                }
                Some(graded)
            }
            Some(steer::Steered::Missed(taken)) => {
                steps += taken;
                continue;
            }
            None => match repair::make_candidate_unique(settings, &mut candidate, rng, deadline) {
                Some(made) => {
                    repairs += made;
                    None
                }
                None => continue,
            },
        };
        let graded = match (&settings.target, grader, level) {
            (Some(target), Some(_), Some(graded)) if target.score.is_none() => Some(graded),
            // A score range: full grades from the level reached (or from scratch).
            (Some(target), Some(grader), _) => {
                match steer::steer(settings, target, grader, &mut candidate, rng, deadline) {
                    steer::Steered::Reached(graded, taken) => {
                        steps += taken;
                        Some(graded)
                    }
                    steer::Steered::Missed(taken) => {
                        steps += taken;
                        continue;
                    }
                }
            }
            (None, Some(grader), _) => grader.grade(&candidate.build(settings), None),
            _ => None,
        };
        return Ok(Generated {
            puzzle: candidate.build(settings),
            solution: candidate.solution,
            graded,
            attempts: attempt,
            repairs,
            steps,
        });
    }
    Err(GenerateError::Exhausted {
        attempts: MAX_ATTEMPTS,
    })
}

/// Jigsaw layouts tried for one full grid before the attempt is given up: most layouts of
/// side 9 have grids, and the fill notices one without any quickly.
const JIGSAW_TRIES: u32 = 20;

/// A fresh candidate: grid, regions, cages and labels; `None` if the cages left a cell
/// stranded or no grid fitted the regions.
fn draw<R: Rng + ?Sized>(settings: &Settings, rng: &mut R) -> Option<Candidate> {
    let n = settings.size;
    let (regions, solution) = match settings.kind {
        GenKind::KenKen => (Regions::None, random_latin_square(n, rng)),
        GenKind::KenDoku | GenKind::Killer => {
            let regions = Regions::standard_boxes(n)?;
            let grid = random_grid(n, &regions, rng)?;
            (regions, grid)
        }
        GenKind::KillerJigsaw => (0..JIGSAW_TRIES).find_map(|_| {
            let regions = random_regions(n, rng);
            random_grid(n, &regions, rng).map(|grid| (regions, grid))
        })?,
    };
    debug_assert!(settings.regions_needed() == (regions != Regions::None));
    let cages = cages::partition(settings, &solution, rng)?;
    Some(Candidate {
        regions,
        solution,
        cages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn streams_differ_by_index_and_repeat_by_seed() {
        let draw = |seed, index| rng_for(seed, index).next_u64();
        assert_eq!(draw(7, 3), draw(7, 3));
        assert_ne!(draw(7, 3), draw(7, 4));
        assert_ne!(draw(7, 3), draw(8, 3));
    }
}
