//! Solving like a person: named rules, tried cheapest first, each step explained.
//!
//! The production solver ([`solve`](crate::solve)) reasons like a machine and explains
//! nothing. This module solves with rules people use, in Keen's five levels ([`Level`]): a
//! state of candidates per cell, rules tried cheapest first, and after any progress the search
//! for the next step starts again at the cheapest. Each rule lives in its own file and is
//! listed in [`RULES`] with a name, a level, a weight and a one-line summary.
//!
//! - [`grade`]: the hardest level a puzzle needs and a score (the sum of its steps' weights);
//! - [`explain`]: every step from a starting [`Progress`] to the solution, or as far as logic
//!   goes, with a [`Verdict`];
//! - [`hint`]: the next step from a player's progress, mistakes first.
//!
//! A puzzle is graded `d` when the rules up to `d` solve it and those up to `d - 1` do not.
//! Every rule only removes candidates (or places digits) and a rule that applies keeps
//! applying after further removals, so running cheapest first with restarts reaches that
//! grade in one pass: the hardest rule used.
//!
//! ```
//! use cagey::logic::{self, Level, LogicLimits};
//!
//! let kk0 = cagey::examples::by_name("kk0").unwrap().puzzle();
//! let grade = logic::grade(&kk0, &LogicLimits::default())?;
//! assert!(grade.level <= Level::Hard);
//! assert!(grade.score > 0);
//! # Ok::<(), logic::LogicError>(())
//! ```
//!
//! This module depends on [`model`](crate::model), and on [`solve`](crate::solve) for the
//! cages' layouts (listed once per puzzle) and for what rules cannot settle: the two
//! solutions of an ambiguous puzzle, and whether a puzzle logic cannot finish has a solution.

/// `format!` for the words of a step, or nothing when the geometry `g` is quiet: probes
/// read no text, and formatting it was a good part of their time on small grids.
macro_rules! words {
    ($g:expr, $($arg:tt)*) => {
        if $g.quiet {
            String::new()
        } else {
            format!($($arg)*)
        }
    };
}

mod cage_confined;
mod cage_digits;
mod cage_layouts;
mod cage_line;
mod conflict;
mod fish;
mod forcing_chain;
mod given;
mod hidden_single;
mod hidden_subset;
mod line_sum;
mod naked_single;
mod naked_subset;
mod search;
mod solver;
mod state;
mod trial;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::model::{CageId, Cell, CellState, Grid, Progress, Puzzle};
use crate::solve::init::TableCache;
use crate::solve::{self, Budget, Cancel, Limits, Outcome, SolveError};

pub use solver::Logic;
use state::{Geometry, State};

/// Keen's levels, cheapest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Givens, singles, and the digits a cage can use at all.
    Easy,
    /// Which digits each cell of a cage can take.
    Normal,
    /// A cage's digit forced into a line, subsets in a line.
    Hard,
    /// Fish, forcing chains, line arithmetic.
    Extreme,
    /// Trial and error.
    Unreasonable,
}

impl Level {
    /// Every level, cheapest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Extreme,
        Level::Unreasonable,
    ];

    /// The lowercase name: `easy` ... `unreasonable`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Extreme => "extreme",
            Level::Unreasonable => "unreasonable",
        }
    }

    /// Keen's one-letter code, as in its corpus file names (`e n h x u`).
    pub fn letter(self) -> char {
        match self {
            Level::Easy => 'e',
            Level::Normal => 'n',
            Level::Hard => 'h',
            Level::Extreme => 'x',
            Level::Unreasonable => 'u',
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of the five.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level `{0}` (expected easy, normal, hard, extreme or unreasonable)")]
pub struct UnknownLevel(String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        let lower = text.to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower || lower.len() == 1 && lower.starts_with(l.letter()))
            .ok_or(UnknownLevel(text.to_string()))
    }
}

/// A rule: a name, a level, a weight for the score, and how to find a step.
#[derive(Clone, Copy)]
pub struct Rule {
    /// The name people know it by.
    pub name: &'static str,
    /// Its level.
    pub level: Level,
    /// Its weight: what one step of it adds to a puzzle's score.
    pub weight: u32,
    /// What it says, in one line.
    pub summary: &'static str,
    find: fn(&mut State, &mut Ctx) -> Option<Step>,
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule")
            .field("name", &self.name)
            .field("level", &self.level)
            .field("weight", &self.weight)
            .finish()
    }
}

/// Every rule, in the order they are tried: cheapest first.
pub static RULES: [Rule; 13] = [
    given::RULE,
    naked_single::RULE,
    hidden_single::RULE,
    cage_digits::RULE,
    cage_layouts::RULE,
    cage_line::RULE,
    naked_subset::RULE,
    hidden_subset::RULE,
    fish::RULE,
    forcing_chain::RULE,
    cage_confined::RULE,
    line_sum::RULE,
    trial::RULE,
];

/// The name and level of the step taken when no rule and no trial applies to a puzzle with
/// one solution: the digit of a most constrained cell is taken from the solution the search
/// found. Rare (no Keen puzzle needs it); it keeps every explanation finite.
pub const SEARCH_RULE: &str = "search";

/// The weight of a search step.
pub const SEARCH_WEIGHT: u32 = 10_000;

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule's name.
    pub rule: &'static str,
    /// The rule's level.
    pub level: Level,
    /// The rule's weight.
    pub weight: u32,
    /// What the step looks at: a house, a cage (`cage 12+ at r3c4`), a cell.
    pub house: String,
    /// The cells that cause the step.
    pub cells: Vec<Cell>,
    /// The digits it places.
    pub placed: Vec<(Cell, u8)>,
    /// The candidates it removes (a placement's clean-up included).
    pub eliminated: Vec<(Cell, u8)>,
    /// Why, in words.
    pub text: String,
}

impl Step {
    fn new(
        rule: &Rule,
        house: String,
        cells: Vec<Cell>,
        placed: Vec<(Cell, u8)>,
        eliminated: Vec<(Cell, u8)>,
        text: String,
    ) -> Step {
        Step {
            rule: rule.name,
            level: rule.level,
            weight: rule.weight,
            house,
            cells,
            placed,
            eliminated,
            text,
        }
    }

    /// The step as a sentence with its effect, cells named `r3c4` in a grid of side `size`:
    /// `naked single: r3c4 has only 5 left: place 5 in r3c4; r3c1 loses 5`.
    pub fn describe(&self, size: usize) -> String {
        let mut out = format!("{}: {}", self.rule, self.text);
        let effect = self.effect(size);
        if !effect.is_empty() {
            out.push_str(": ");
            out.push_str(&effect);
        }
        out
    }

    /// What the step does, `place 5 in r3c4; r3c1, r3c2 lose 5; r4c4 loses 1, 2`.
    pub fn effect(&self, size: usize) -> String {
        let mut parts: Vec<String> = self
            .placed
            .iter()
            .map(|&(c, d)| format!("place {d} in {}", state::cell_name(c, size)))
            .collect();
        let placed_cells: Vec<Cell> = self.placed.iter().map(|p| p.0).collect();
        // Group eliminations by digit (most rules remove one digit from several cells) or by
        // cell, whichever is shorter.
        let shown: Vec<(Cell, u8)> = self
            .eliminated
            .iter()
            .copied()
            .filter(|(c, _)| !placed_cells.contains(c))
            .collect();
        let mut by_digit: BTreeMap<u8, Vec<Cell>> = BTreeMap::new();
        let mut by_cell: BTreeMap<Cell, Vec<u8>> = BTreeMap::new();
        for &(c, d) in &shown {
            by_digit.entry(d).or_default().push(c);
            by_cell.entry(c).or_default().push(d);
        }
        let names = |cells: &[Cell]| {
            cells
                .iter()
                .map(|&c| state::cell_name(c, size))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let list = |ds: &[u8]| ds.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        if by_digit.len() <= by_cell.len() {
            // Digits losing the same cells go together: `r1c4, r2c4 lose 2, 4`.
            let mut groups: Vec<(Vec<Cell>, Vec<u8>)> = Vec::new();
            for (d, cells) in by_digit {
                match groups.iter_mut().find(|(c, _)| *c == cells) {
                    Some((_, ds)) => ds.push(d),
                    None => groups.push((cells, vec![d])),
                }
            }
            for (cells, ds) in groups {
                let verb = if cells.len() == 1 { "loses" } else { "lose" };
                parts.push(format!("{} {verb} {}", names(&cells), list(&ds)));
            }
        } else {
            let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
            for (c, ds) in by_cell {
                match groups.iter_mut().find(|(d, _)| *d == ds) {
                    Some((_, cells)) => cells.push(c),
                    None => groups.push((ds, vec![c])),
                }
            }
            for (ds, cells) in groups {
                let verb = if cells.len() == 1 { "loses" } else { "lose" };
                parts.push(format!("{} {verb} {}", names(&cells), list(&ds)));
            }
        }
        parts.join("; ")
    }

    /// The hint a player asked for, by how much is revealed: `1` names the rule and where
    /// to look, `2` adds the cells, `3` (or more) is the whole step.
    pub fn hint_text(&self, reveal: u8, size: usize) -> String {
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|&c| state::cell_name(c, size))
            .collect();
        match reveal {
            0 | 1 => format!(
                "look for a {} ({}) in {}",
                self.rule, self.level, self.house
            ),
            2 => format!(
                "look for a {} ({}) in {}, at {}",
                self.rule,
                self.level,
                self.house,
                cells.join(", ")
            ),
            _ => self.describe(size),
        }
    }
}

/// Steps an explanation may take at most by default: a 9x9 needs a few hundred (one per
/// placement and a few per cage), so this stops only a runaway.
pub const DEFAULT_MAX_STEPS: usize = 10_000;

/// How deep a trial may nest inside another by default. One level settles every puzzle of
/// Keen's corpus; the search step takes over beyond.
pub const DEFAULT_MAX_TRIAL_DEPTH: usize = 1;

/// Rule applications allowed in all, trials' inner steps included, by default: a 9x9 graded
/// unreasonable takes a few tens of thousands; ten million stop a pathological grid.
pub const DEFAULT_MAX_WORK: u64 = 10_000_000;

/// Wall-clock time one run may take by default: far above the milliseconds a 9x9 takes, and
/// what a person waits for an answer before giving up on it.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Bounds on one run of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicLimits {
    /// Steps in the explanation at most.
    pub max_steps: usize,
    /// How deep trials nest (0 turns trial off: the search step settles what rules cannot).
    pub max_trial_depth: usize,
    /// Rule applications in all, inside trials too.
    pub max_work: u64,
    /// Wall-clock time, for everything the run does: the rules, the search that proves the
    /// solution, building the cages' tables.
    pub time_limit: Duration,
    /// Stop as soon as this is cancelled, if set (a server's client has gone).
    pub cancel: Option<Cancel>,
}

impl Default for LogicLimits {
    fn default() -> LogicLimits {
        LogicLimits {
            max_steps: DEFAULT_MAX_STEPS,
            max_trial_depth: DEFAULT_MAX_TRIAL_DEPTH,
            max_work: DEFAULT_MAX_WORK,
            time_limit: DEFAULT_TIME_LIMIT,
            cancel: None,
        }
    }
}

/// Why a puzzle could not be graded, explained or hinted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LogicError {
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has several solutions.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// A limit of [`LogicLimits`] ran out.
    #[error("gave up: {0}")]
    Limit(String),
    /// The progress does not fit the puzzle.
    #[error("the progress is for a {found}x{found} grid, the puzzle is {size}x{size}")]
    ProgressSize {
        /// The puzzle's side.
        size: usize,
        /// The progress's side.
        found: usize,
    },
    /// The production solver could not take the puzzle.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// A puzzle's grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The hardest level needed.
    pub level: Level,
    /// The sum of the weights of the steps taken: orders puzzles within a level.
    pub score: u32,
    /// How many steps each rule took, by rule name, in [`RULES`] order.
    pub rules: Vec<(&'static str, u32)>,
    /// Steps in all.
    pub steps: usize,
}

/// How an explanation ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solved: the only solution.
    Solved(Grid),
    /// Logic stopped; the puzzle has several solutions, two of which differ in `differ`.
    Multiple {
        /// Two solutions.
        solutions: [Grid; 2],
        /// The cells where they differ.
        differ: Vec<Cell>,
    },
    /// The puzzle has no solution.
    Unsolvable {
        /// What has nothing left (`r3c4 has no digit left`, `cage 12+ at r3c4 has no layout
        /// left`), or that the search found no solution.
        reason: String,
        /// The cells involved.
        cells: Vec<Cell>,
        /// A minimal set of cages that cannot all hold (empty if the search for it ran out).
        cages: Vec<CageId>,
    },
}

/// A whole explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub verdict: Verdict,
    /// The hardest level of the steps (easy when there were none).
    pub level: Level,
    /// The sum of the steps' weights.
    pub score: u32,
}

/// What a player did wrong, by cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A digit placed that the solution does not hold there.
    WrongDigit {
        /// Where.
        cell: Cell,
    },
    /// The solution's digit removed from the cell's candidates.
    RemovedSolution {
        /// Where.
        cell: Cell,
    },
}

impl Mistake {
    /// The cell.
    pub fn cell(self) -> Cell {
        match self {
            Mistake::WrongDigit { cell } | Mistake::RemovedSolution { cell } => cell,
        }
    }
}

/// The answer to a hint request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The progress contradicts the solution in these cells; fix them first.
    Mistakes(Vec<Mistake>),
    /// The next step.
    Step(Step),
    /// Nothing left to do.
    Solved,
    /// No rule applies and the puzzle has several solutions from here.
    Stuck,
}

/// Grades `puzzle`: the hardest level its explanation needs and its score.
///
/// Fails with [`LogicError::NoSolution`] or [`LogicError::NotUnique`] when the puzzle does not
/// have exactly one solution, and [`LogicError::Limit`] when a limit ran out.
pub fn grade(puzzle: &Puzzle, limits: &LogicLimits) -> Result<Grade, LogicError> {
    let mut ctx = Ctx::new(limits);
    let geometry = geometry(puzzle, &ctx)?;
    let mut state = State::new(&geometry);
    let mut counts = [0u32; RULES.len() + 1];
    let mut level = Level::Easy;
    let mut score = 0u32;
    let mut steps = 0usize;
    let mut note = |step: &Step| {
        level = level.max(step.level);
        score = score.saturating_add(step.weight);
        steps += 1;
        let slot = RULES
            .iter()
            .position(|r| r.name == step.rule)
            .unwrap_or(RULES.len());
        counts[slot] += 1;
    };
    let mut solution: Option<Grid> = None;
    loop {
        match run(&mut state, Level::Unreasonable, &mut ctx, &mut note)? {
            End::Solved => break,
            End::Contradiction(..) => return Err(LogicError::NoSolution),
            End::Stuck => {
                if solution.is_none() {
                    solution = Some(unique_solution(puzzle, &ctx)?);
                }
                let step = search_step(&state, solution.as_ref().expect("set above"));
                apply(&mut state, &step);
                note(&step);
            }
        }
    }
    let mut rules: Vec<(&'static str, u32)> = RULES
        .iter()
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| (r.name, n))
        .collect();
    if counts[RULES.len()] > 0 {
        rules.push((SEARCH_RULE, counts[RULES.len()]));
    }
    Ok(Grade {
        level,
        score,
        rules,
        steps,
    })
}

/// How far the rules up to a level get on a puzzle: what [`probe`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The rules up to the level solve it: the hardest level used and the score, as
    /// [`grade`] would give them. A puzzle sound rules solve has exactly one solution.
    Solved {
        /// The hardest level used.
        level: Level,
        /// The sum of the steps' weights.
        score: u32,
    },
    /// No rule up to the level applies before the end: the puzzle is harder or has
    /// several solutions.
    Stuck {
        /// The cells not yet placed.
        open: Vec<Cell>,
        /// The candidates those cells still hold, in all.
        candidates: u32,
    },
    /// A cell or cage has nothing left: the puzzle has no solution.
    Contradiction,
}

/// Runs the rules up to `max` on `puzzle` and says how far they get, without asking the
/// production solver anything: the generator's cheap test of a candidate, since a puzzle the
/// rules up to a level solve is unique and at most that level. Trials take part only when
/// `max` is unreasonable (and `limits` allow them).
pub fn probe(puzzle: &Puzzle, max: Level, limits: &LogicLimits) -> Result<Probe, LogicError> {
    probe_with(puzzle, max, limits, &mut ProbeCache::new())
}

/// What [`probe_with`] keeps from one probe to the next: the tables of the cages it has seen
/// and the houses of the grid. Building them was most of a probe's time when the generator
/// probes hundreds of variants of one candidate, each differing in a cage or two.
#[derive(Clone, Debug, Default)]
pub struct ProbeCache {
    tables: TableCache,
    frame: Option<state::Frame>,
}

impl ProbeCache {
    /// An empty cache.
    pub fn new() -> ProbeCache {
        ProbeCache::default()
    }
}

/// [`probe`] reusing what `cache` holds from earlier probes (of any puzzle: what does not
/// fit is built afresh).
pub fn probe_with(
    puzzle: &Puzzle,
    max: Level,
    limits: &LogicLimits,
    cache: &mut ProbeCache,
) -> Result<Probe, LogicError> {
    let tables = cache.tables.init(puzzle, &Limits::default())?;
    let geometry = Geometry::quiet_in(puzzle, tables, &mut cache.frame);
    let mut state = State::new(&geometry);
    let mut level = Level::Easy;
    let mut score = 0u32;
    let mut ctx = Ctx::new(limits);
    ctx.lazy_checks = true;
    let end = run(&mut state, max, &mut ctx, &mut |step: &Step| {
        level = level.max(step.level);
        score = score.saturating_add(step.weight);
    })?;
    Ok(match end {
        End::Solved => Probe::Solved { level, score },
        End::Contradiction(..) => Probe::Contradiction,
        End::Stuck => {
            let open: Vec<Cell> = (0..geometry.n * geometry.n)
                .filter(|&i| !state.placed[i])
                .map(|i| Cell(i as u16))
                .collect();
            let candidates = open.iter().map(|c| state.cand[c.index()].len()).sum();
            Probe::Stuck { open, candidates }
        }
    })
}

/// Explains `puzzle` from `start` (use [`Progress::unknown`] for a fresh puzzle): every step
/// to the solution, or as far as logic goes and why it stops.
pub fn explain(
    puzzle: &Puzzle,
    start: &Progress,
    limits: &LogicLimits,
) -> Result<Explanation, LogicError> {
    let mut ctx = Ctx::new(limits);
    let geometry = geometry(puzzle, &ctx)?;
    let mut state = from_progress(&geometry, start)?;
    let mut steps = Vec::new();
    let mut solution: Option<Result<Grid, LogicError>> = None;
    let verdict = loop {
        let end = run(
            &mut state,
            Level::Unreasonable,
            &mut ctx,
            &mut |step: &Step| steps.push(step.clone()),
        )?;
        match end {
            End::Solved => break Verdict::Solved(solved_grid(&state)),
            End::Contradiction(reason, cells) => {
                break Verdict::Unsolvable {
                    reason,
                    cells,
                    cages: conflict::minimal_cages(puzzle, &geometry, ctx.deadline),
                }
            }
            End::Stuck => {
                let known = solution.get_or_insert_with(|| unique_solution(puzzle, &ctx));
                match known {
                    Ok(grid) => {
                        let step = search_step(&state, grid);
                        apply(&mut state, &step);
                        steps.push(step);
                        if steps.len() > limits.max_steps {
                            return Err(LogicError::Limit(format!(
                                "more than {} steps",
                                limits.max_steps
                            )));
                        }
                    }
                    Err(LogicError::NotUnique) => break multiple(puzzle, &ctx)?,
                    Err(LogicError::NoSolution) => {
                        break Verdict::Unsolvable {
                            reason: "no rule applies and the search finds no solution".into(),
                            cells: Vec::new(),
                            cages: conflict::minimal_cages(puzzle, &geometry, ctx.deadline),
                        }
                    }
                    Err(other) => return Err(other.clone()),
                }
            }
        }
    };
    let level = steps.iter().map(|s| s.level).max().unwrap_or(Level::Easy);
    let score = steps.iter().fold(0u32, |a, s| a.saturating_add(s.weight));
    Ok(Explanation {
        steps,
        verdict,
        level,
        score,
    })
}

/// The next step from a player's `progress`. Mistakes (a digit placed or a candidate removed
/// that the solution contradicts) come first, by cell, instead of a step.
pub fn hint(
    puzzle: &Puzzle,
    progress: &Progress,
    limits: &LogicLimits,
) -> Result<Hint, LogicError> {
    let mut ctx = Ctx::new(limits);
    let geometry = geometry(puzzle, &ctx)?;
    let mut state = from_progress(&geometry, progress)?;
    let solution = match unique_solution(puzzle, &ctx) {
        Ok(grid) => Some(grid),
        Err(LogicError::NotUnique) => None,
        Err(other) => return Err(other),
    };
    if let Some(grid) = &solution {
        let mistakes: Vec<Mistake> = puzzle
            .cells()
            .filter_map(|cell| match progress.get(cell) {
                CellState::Solved(d) if d != grid.get(cell) => Some(Mistake::WrongDigit { cell }),
                CellState::Candidates(set) if !set.contains(grid.get(cell)) => {
                    Some(Mistake::RemovedSolution { cell })
                }
                _ => None,
            })
            .collect();
        if !mistakes.is_empty() {
            return Ok(Hint::Mistakes(mistakes));
        }
    }
    if state.solved() && state.contradiction().is_none() {
        return Ok(Hint::Solved);
    }
    let mut first = None;
    ctx.stop_after_one = true;
    let end = run(
        &mut state,
        Level::Unreasonable,
        &mut ctx,
        &mut |step: &Step| {
            if first.is_none() {
                first = Some(step.clone())
            }
        },
    )?;
    if let Some(step) = first {
        return Ok(Hint::Step(step));
    }
    match (end, solution) {
        (End::Solved, _) => Ok(Hint::Solved),
        (End::Contradiction(..), _) => Err(LogicError::NoSolution),
        (End::Stuck, Some(grid)) => Ok(Hint::Step(search_step(&state, &grid))),
        (End::Stuck, None) => Ok(Hint::Stuck),
    }
}

/// The rules, for listings.
pub fn rules() -> &'static [Rule] {
    &RULES
}

/// Builds what every run of the puzzle shares: houses and every cage's layouts.
fn geometry(puzzle: &Puzzle, ctx: &Ctx) -> Result<Geometry, LogicError> {
    let tables = solve::init::init(puzzle, &ctx.solve_limits()).map_err(|error| match error {
        SolveError::OutOfBudget { budget, .. } => ctx.gave_up(budget),
        other => LogicError::Solve(other),
    })?;
    Ok(Geometry::new(puzzle, tables))
}

/// A state from a player's progress: solved cells are placed, noted candidates kept, and
/// cells with nothing noted hold every digit.
fn from_progress<'g>(g: &'g Geometry, progress: &Progress) -> Result<State<'g>, LogicError> {
    if progress.size() != g.n {
        return Err(LogicError::ProgressSize {
            size: g.n,
            found: progress.size(),
        });
    }
    let mut state = State::new(g);
    for (i, cell_state) in progress.cells().iter().enumerate() {
        let cell = Cell(i as u16);
        match *cell_state {
            CellState::Unknown => {}
            CellState::Solved(d) => {
                state.place(cell, d);
            }
            CellState::Candidates(set) => {
                for d in state.cand[i].iter() {
                    if !set.contains(d) {
                        state.remove(cell, d);
                    }
                }
            }
        }
    }
    Ok(state)
}

/// The solution, when the puzzle has exactly one, found within what is left of the run's
/// limits.
fn unique_solution(puzzle: &Puzzle, ctx: &Ctx) -> Result<Grid, LogicError> {
    let report = solve::default_solver().solve(puzzle, &ctx.solve_limits())?;
    match report.outcome {
        Outcome::Unique(grid) => Ok(grid),
        Outcome::Unsolvable => Err(LogicError::NoSolution),
        Outcome::Multiple { .. } | Outcome::AtLeastOne(_) => Err(LogicError::NotUnique),
        Outcome::GaveUp { budget, .. } => Err(ctx.gave_up(budget)),
    }
}

/// The verdict for a puzzle with several solutions: two of them and where they differ.
fn multiple(puzzle: &Puzzle, ctx: &Ctx) -> Result<Verdict, LogicError> {
    let report = solve::default_solver().solve(puzzle, &ctx.solve_limits())?;
    if let Outcome::GaveUp { budget, .. } = report.outcome {
        return Err(ctx.gave_up(budget));
    }
    let found = report.outcome.solutions();
    if found.len() < 2 {
        return Err(LogicError::Limit(
            "the search did not find two solutions".into(),
        ));
    }
    let (a, b) = (found[0].clone(), found[1].clone());
    let differ = puzzle.cells().filter(|&c| a.get(c) != b.get(c)).collect();
    Ok(Verdict::Multiple {
        solutions: [a, b],
        differ,
    })
}

/// The step taken when nothing else applies: the solution's digit in a most constrained cell.
fn search_step(state: &State, solution: &Grid) -> Step {
    let g = state.g;
    let cell = (0..g.n * g.n)
        .filter(|&i| !state.placed[i])
        .min_by_key(|&i| state.cand[i].len())
        .map(|i| Cell(i as u16))
        .expect("a stuck state has an open cell");
    let d = solution.get(cell);
    let mut eliminated: Vec<_> = state.cand[cell.index()]
        .iter()
        .filter(|&x| x != d)
        .map(|x| (cell, x))
        .collect();
    eliminated.extend(state.cleanup(cell, d));
    Step {
        rule: SEARCH_RULE,
        level: Level::Unreasonable,
        weight: SEARCH_WEIGHT,
        house: g.cell(cell),
        cells: vec![cell],
        placed: vec![(cell, d)],
        eliminated,
        text: format!(
            "no rule applies; a search shows that only {d} in {} leads to a solution",
            g.cell(cell)
        ),
    }
}

fn solved_grid(state: &State) -> Grid {
    let digits = state
        .cand
        .iter()
        .map(|s| s.single_digit().unwrap_or(0))
        .collect();
    Grid::from_digits(state.g.n, digits).expect("digits fit the grid")
}

/// The budget and depth of one run, shared by the trials inside it.
pub(crate) struct Ctx {
    limits: LogicLimits,
    /// When the time limit runs out.
    deadline: Instant,
    work: u64,
    /// Calls of [`Ctx::tick`] since the clock was last read.
    ticks: u32,
    depth: usize,
    /// Set when a budget ran out; every run then stops.
    exhausted: Option<String>,
    /// Stop the outermost run after its first step (hints).
    stop_after_one: bool,
    /// Steps a run inside a trial may take before it counts as inconclusive.
    max_inner_steps: usize,
    /// Look for a contradiction only where the outermost run ends, not after every step:
    /// for probes, whose candidates nearly always have a solution. Rules on a contradictory
    /// state still only remove candidates, so the run ends, and the check at the end
    /// finds what a check at each step would have.
    lazy_checks: bool,
}

impl Ctx {
    fn new(limits: &LogicLimits) -> Ctx {
        let now = Instant::now();
        Ctx {
            limits: limits.clone(),
            // A limit too far to add is no limit: a century will do.
            deadline: now
                .checked_add(limits.time_limit)
                .unwrap_or_else(|| now + Duration::from_secs(100 * 365 * 24 * 3600)),
            work: 0,
            ticks: 0,
            depth: 0,
            exhausted: None,
            stop_after_one: false,
            max_inner_steps: usize::MAX,
            lazy_checks: false,
        }
    }

    /// Counts one rule application; whether a budget ran out.
    fn out_of_budget(&mut self) -> bool {
        if self.exhausted.is_some() {
            return true;
        }
        self.work += 1;
        if self.work > self.limits.max_work {
            self.exhausted = Some(format!(
                "more than {} rule applications",
                self.limits.max_work
            ));
            return true;
        }
        self.work % 256 == 0 && self.out_of_time()
    }

    /// Counts one unit of work inside a rule (a subset looked at, say); whether the run must
    /// stop. A rule's own search can be exponential on a big grid (the subsets of 32 cells),
    /// so the clock is read inside it too, every [`Ctx::TICKS_PER_CLOCK`] units.
    pub(crate) fn tick(&mut self) -> bool {
        if self.exhausted.is_some() {
            return true;
        }
        self.ticks += 1;
        if self.ticks < Self::TICKS_PER_CLOCK {
            return false;
        }
        self.ticks = 0;
        self.out_of_time()
    }

    /// Units of work between two readings of the clock in [`Ctx::tick`]: each is a few
    /// nanoseconds, reading the clock some tens.
    const TICKS_PER_CLOCK: u32 = 4096;

    /// Whether the time ran out or the run was cancelled; notes why.
    fn out_of_time(&mut self) -> bool {
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(Cancel::is_cancelled)
        {
            self.exhausted = Some(Budget::Cancelled.to_string() + " ran out");
        } else if Instant::now() >= self.deadline {
            self.exhausted = Some(self.time_message());
        }
        self.exhausted.is_some()
    }

    /// Why a run that reached its time limit stopped.
    fn time_message(&self) -> String {
        format!(
            "the time limit of {} ran out",
            solve::seconds(self.limits.time_limit)
        )
    }

    /// The solver's limits for what is left of this run: the time to the deadline, the same
    /// cancel flag, two solutions.
    fn solve_limits(&self) -> Limits {
        Limits {
            time_limit: Some(self.deadline.saturating_duration_since(Instant::now())),
            cancel: self.limits.cancel.clone(),
            ..Limits::uniqueness()
        }
    }

    /// The error for a solver's search that ran out of `budget` inside this run.
    fn gave_up(&self, budget: Budget) -> LogicError {
        LogicError::Limit(match budget {
            Budget::Time(_) => self.time_message(),
            other => format!("the search ran out of its {other}"),
        })
    }
}

/// How a run of the rules ended.
pub(crate) enum End {
    Solved,
    /// No rule up to the level applies.
    Stuck,
    /// Something has nothing left: what, and the cells.
    Contradiction(String, Vec<Cell>),
}

/// Applies rules up to `max`, cheapest first, restarting after each step, until the puzzle
/// is solved, stuck or contradictory. Each step is passed to `record`.
fn run(
    state: &mut State,
    max: Level,
    ctx: &mut Ctx,
    record: &mut dyn FnMut(&Step),
) -> Result<End, LogicError> {
    let mut taken = 0usize;
    let lazy = ctx.lazy_checks && ctx.depth == 0;
    loop {
        if !lazy {
            if let Some((reason, cells)) = state.contradiction() {
                return Ok(End::Contradiction(reason, cells));
            }
        }
        if state.solved() {
            return Ok(settle(state, lazy, End::Solved));
        }
        if ctx.out_of_budget() {
            return if ctx.depth == 0 {
                Err(LogicError::Limit(ctx.exhausted.clone().unwrap_or_default()))
            } else {
                Ok(End::Stuck)
            };
        }
        if ctx.depth == 0 && taken >= ctx.limits.max_steps {
            return Err(LogicError::Limit(format!(
                "more than {} steps",
                ctx.limits.max_steps
            )));
        }
        if ctx.depth > 0 && taken >= ctx.max_inner_steps {
            return Ok(End::Stuck);
        }
        let mut found = None;
        for rule in RULES.iter().take_while(|r| r.level <= max) {
            if let Some(step) = (rule.find)(state, ctx) {
                found = Some(step);
                break;
            }
            if ctx.exhausted.is_some() {
                break;
            }
        }
        let Some(step) = found else {
            if ctx.depth == 0 {
                if let Some(why) = &ctx.exhausted {
                    return Err(LogicError::Limit(why.clone()));
                }
            }
            return Ok(settle(state, lazy, End::Stuck));
        };
        apply(state, &step);
        record(&step);
        taken += 1;
        if ctx.stop_after_one && ctx.depth == 0 {
            return Ok(End::Stuck);
        }
    }
}

/// How a run ends: `end`, unless checks were left to the end and the state has a
/// contradiction.
fn settle(state: &mut State, lazy: bool, end: End) -> End {
    match lazy.then(|| state.contradiction()).flatten() {
        Some((reason, cells)) => End::Contradiction(reason, cells),
        None => end,
    }
}

/// Applies a step's placements and eliminations.
fn apply(state: &mut State, step: &Step) {
    for &(cell, d) in &step.eliminated {
        state.remove(cell, d);
    }
    for &(cell, d) in &step.placed {
        state.place(cell, d);
    }
}

/// Calls `visit` with every `k`-subset of `0..masks.len()` (ascending indices) whose masks
/// cover exactly `k` bits between them, with that union, in ascending
/// lexicographic order, until it returns true. A prefix whose union already has more than `k`
/// bits is cut: no subset through it qualifies. This is the search of the subset and fish
/// rules (k cells holding k digits, k digits fitting k cells, k lines covering k lines);
/// without the cut, a 12x12 spent most of its grading walking hopeless subsets.
///
/// Each prefix walked counts as a [`Ctx::tick`]: when the run must stop, the walk ends as if
/// nothing qualified (the caller sees [`Ctx`]'s exhausted budget and stops too).
fn covering_subsets(
    masks: &[u64],
    k: usize,
    ctx: &mut Ctx,
    visit: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    fn walk(
        start: usize,
        union: u64,
        masks: &[u64],
        k: usize,
        pick: &mut Vec<usize>,
        ctx: &mut Ctx,
        visit: &mut dyn FnMut(&[usize], u64) -> bool,
    ) -> bool {
        if union.count_ones() as usize > k || ctx.tick() {
            return false;
        }
        if pick.len() == k {
            return union.count_ones() as usize == k && visit(pick, union);
        }
        for i in start..=masks.len() - (k - pick.len()) {
            pick.push(i);
            if walk(i + 1, union | masks[i], masks, k, pick, ctx, visit) {
                return true;
            }
            pick.pop();
        }
        false
    }
    if k > masks.len() {
        return false;
    }
    walk(0, 0, masks, k, &mut Vec::with_capacity(k), ctx, visit)
}

/// `pair`, `triple`, `quad`, `set of 5`.
fn subset_name(k: usize) -> String {
    match k {
        2 => "pair".into(),
        3 => "triple".into(),
        4 => "quad".into(),
        _ => format!("set of {k}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{covering_subsets, Ctx, LogicLimits};

    /// Every k-subset of `0..n` in lexicographic order, without any cut.
    fn all_subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        (0u32..1 << n)
            .filter(|m| m.count_ones() as usize == k)
            .map(|m| (0..n).filter(|i| m >> i & 1 == 1).collect::<Vec<_>>())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect()
    }

    #[test]
    fn covering_subsets_are_those_a_full_walk_finds_in_its_order() {
        let masks = [0b0011u64, 0b0110, 0b0011, 0b1000, 0b1001, 0b0101, 0b0010];
        for k in 1..=masks.len() {
            let expected: Vec<Vec<usize>> = all_subsets(masks.len(), k)
                .into_iter()
                .filter(|pick| {
                    let union = pick.iter().fold(0u64, |u, &i| u | masks[i]);
                    union.count_ones() as usize == k
                })
                .collect();
            let mut found = Vec::new();
            let mut ctx = Ctx::new(&LogicLimits::default());
            covering_subsets(&masks, k, &mut ctx, &mut |pick, union| {
                assert_eq!(union, pick.iter().fold(0, |u, &i| u | masks[i]));
                found.push(pick.to_vec());
                false
            });
            assert_eq!(found, expected, "k = {k}");
        }
    }
}
