//! Solvers: one [`Solver`] trait, a registry of them, one module per algorithm.
//!
//! Every solver answers the same call: a puzzle in, [`Limits`] on how many solutions to look
//! for and how much effort to spend, an [`Outcome`] and effort [`Stats`] out. Asking for two
//! solutions is the uniqueness check. Running out of budget is a normal outcome
//! ([`Outcome::GaveUp`]), not an error; errors are for methods that cannot take a puzzle at
//! all (one too large for the direct method, say).
//!
//! The one registry of every solver, these and the logic solver, is [`crate::solvers`]: tests,
//! benchmarks and the command line's `--method` all loop over it.

pub mod count;
pub mod direct;
pub mod eliminate_and_guess;
pub mod merge;
mod propagate;
pub mod tables;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use thiserror::Error;

use crate::budget::TimeLimit;
use crate::model::{Grid, Puzzle};

pub use direct::Direct;
pub use eliminate_and_guess::EliminateAndGuess;
pub use merge::Merge;
pub use propagate::Propagate;

/// Search nodes a solver may visit by default before giving up: far more than any real
/// puzzle needs (hard 16x16 puzzles take well under a million), yet small enough that a
/// pathological input stops within minutes instead of running forever.
pub const DEFAULT_MAX_NODES: u64 = 100_000_000;

/// Solutions kept in memory by default; further solutions are counted, not stored, so that
/// counting millions of solutions stays in constant memory.
pub const DEFAULT_KEEP: usize = 1000;

/// Combinations of cage tuples the direct method examines at most by default. Each costs a
/// pass over the grid, so ten million take a few seconds: enough for the essay's kk0 (6,912)
/// and most 4x4 puzzles, while a 6x6 such as kk1 (about 3.9e13) is refused at once instead of
/// running for days.
pub const DEFAULT_MAX_COMBINATIONS: u128 = 10_000_000;

/// Cells (rows times columns, one byte each) a table of tuples may hold by default: 50 MB,
/// which any machine running the tests has to spare, while a merge that explodes is stopped
/// with an error long before it could exhaust memory.
pub const DEFAULT_MAX_TABLE_CELLS: u64 = 50_000_000;

/// The time a solve or count asked for by a person (the command line, Python) may take
/// unless they say otherwise; [`Limits`] itself sets none.
pub const DEFAULT_TIME_LIMIT: TimeLimit = TimeLimit::new(Duration::from_secs(60));

/// How far a search may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop once this many solutions are found (at least 1; 2 checks uniqueness).
    pub max_solutions: u64,
    /// Give up after visiting this many search nodes.
    pub max_nodes: u64,
    /// Give up after this much time.
    pub time_limit: TimeLimit,
    /// Keep at most this many solutions in the [`Outcome`]; the others are only counted.
    pub keep: usize,
    /// The direct method refuses a puzzle with more combinations of cage tuples than this.
    pub max_combinations: u128,
    /// No table of tuples may hold more cells (rows times columns) than this: the memory
    /// guard of the essay's methods.
    pub max_table_cells: u64,
    /// Stop as soon as this is cancelled (checked as often as the clock), if set: how a
    /// server stops the work of a client that has gone.
    pub cancel: Option<Cancel>,
    /// Threads one search may use: 1 searches on the calling thread alone. The production
    /// solver splits a killer's search that has not ended within its first 45,000 nodes
    /// into parts searched side by side (on at most one thread a core), when at most two
    /// solutions are asked for; other puzzles, the other solvers, and WebAssembly, which
    /// has no threads, always search on one.
    pub threads: usize,
}

/// A flag another thread raises to stop a search (or an explanation, a grade, a hint) early.
/// Clones share one flag. The work notices it within a thousand nodes or so, as it notices
/// its time limit, and ends as if a budget ran out ([`Budget::Cancelled`]).
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: every search holding a clone stops.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two flags are equal when they are clones of one another.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}

impl Limits {
    /// Look for up to `max_solutions` solutions with the default budget.
    pub fn solutions(max_solutions: u64) -> Limits {
        Limits {
            max_solutions: max_solutions.max(1),
            max_nodes: DEFAULT_MAX_NODES,
            time_limit: TimeLimit::NONE,
            keep: DEFAULT_KEEP,
            max_combinations: DEFAULT_MAX_COMBINATIONS,
            max_table_cells: DEFAULT_MAX_TABLE_CELLS,
            cancel: None,
            threads: 1,
        }
    }

    /// Look for two solutions: enough to tell unique from several.
    pub fn uniqueness() -> Limits {
        Limits::solutions(2)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::uniqueness()
    }
}

pub use crate::budget::{seconds, Budget};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole search space was explored: no solution.
    Unsolvable,
    /// The whole search space was explored: exactly this solution.
    Unique(Grid),
    /// One solution was asked for and found; there may be others.
    AtLeastOne(Grid),
    /// Several solutions. `count` is exact when `complete`, otherwise the search stopped at
    /// its solution limit and there are at least `count`. `solutions` holds the first ones
    /// found, up to [`Limits::keep`].
    Multiple {
        /// The solutions kept, in the order found.
        solutions: Vec<Grid>,
        /// How many were found.
        count: u64,
        /// Whether the search was exhaustive, making `count` exact.
        complete: bool,
    },
    /// A budget ran out; `solutions` are those found before (up to [`Limits::keep`]).
    GaveUp {
        /// The solutions found before giving up.
        solutions: Vec<Grid>,
        /// How many were found.
        count: u64,
        /// The budget that ran out.
        budget: Budget,
    },
}

impl Outcome {
    /// The solutions this outcome holds, in the order found.
    pub fn solutions(&self) -> &[Grid] {
        match self {
            Outcome::Unsolvable => &[],
            Outcome::Unique(grid) | Outcome::AtLeastOne(grid) => std::slice::from_ref(grid),
            Outcome::Multiple { solutions, .. } | Outcome::GaveUp { solutions, .. } => solutions,
        }
    }

    /// How many solutions were found (more than [`Outcome::solutions`] holds when some were
    /// counted but not kept).
    pub fn count(&self) -> u64 {
        match self {
            Outcome::Unsolvable => 0,
            Outcome::Unique(_) | Outcome::AtLeastOne(_) => 1,
            Outcome::Multiple { count, .. } | Outcome::GaveUp { count, .. } => *count,
        }
    }

    /// The verdict as `cagey solve` and the Python package say it: `unique solution`, `no
    /// solution`, `not unique: this is one of several solutions`, or why the search gave up.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Unique(_) => "unique solution".to_string(),
            Outcome::Unsolvable => "no solution".to_string(),
            Outcome::AtLeastOne(_) | Outcome::Multiple { .. } => {
                "not unique: this is one of several solutions".to_string()
            }
            Outcome::GaveUp {
                count: 0, budget, ..
            } => {
                format!("gave up: {} before a solution was found", budget.ran_out())
            }
            Outcome::GaveUp { budget, .. } => {
                format!(
                    "gave up: {} before uniqueness was settled",
                    budget.ran_out()
                )
            }
        }
    }
}

/// How much work a search did. Each solver fills the counters that fit its method and
/// leaves the others at 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search states visited (for the essay's methods, lists of possibilities examined).
    pub nodes: u64,
    /// Choices made without proof: digits tried in a cell, tuples fanned out of a cage.
    pub guesses: u64,
    /// Digits or tuples removed by deduction.
    pub eliminations: u64,
    /// Combinations of cage tuples examined (direct and merging methods).
    pub combinations: u64,
    /// The largest table of tuples held at once, in cells (rows times columns).
    pub peak_table: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// The result of [`Solver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What was found.
    pub outcome: Outcome,
    /// The effort it took.
    pub stats: Stats,
}

/// Why a solver could not take a puzzle at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The method cannot handle something in this puzzle.
    #[error("the {method} method does not support {what}")]
    Unsupported {
        /// The solver's name.
        method: &'static str,
        /// What it cannot handle.
        what: String,
    },
    /// The direct method would have to examine too many combinations.
    #[error("the direct method would examine {combinations} combinations of cage tuples, more than the limit of {limit}; use another method, or raise the limit on combinations")]
    TooManyCombinations {
        /// The exact number of combinations.
        combinations: u128,
        /// The limit in force.
        limit: u128,
    },
    /// An intermediate table would exceed the memory limit.
    #[error("merging would build a table of {cells} cells ({rows} rows of {columns}), more than the limit of {limit} cells")]
    TableTooLarge {
        /// Rows of the table.
        rows: u128,
        /// Columns of the table.
        columns: usize,
        /// Rows times columns.
        cells: u128,
        /// The limit in force, in cells.
        limit: u128,
    },
    /// The direct method would have to examine more combinations than 128 bits can count.
    #[error("the direct method would examine {combinations} combinations of cage tuples, more than the limit of {limit}; use another method, or raise the limit on combinations")]
    CombinationsOverflow {
        /// The exact number of combinations, in decimal.
        combinations: String,
        /// The limit in force.
        limit: u128,
    },
    /// One cage has more tuples than a table may hold.
    #[error("cage {name} has more tuples of {columns} digits than a table of {limit} cells holds; raise the limit on table cells, or use another method")]
    CageTooLarge {
        /// The cage as messages name it, by label and first cell: `30+ at r1c1` (it said
        /// `at cell 0`, counted from 0, issue #45).
        name: String,
        /// The cage's number of cells.
        columns: usize,
        /// The limit in force, in cells.
        limit: u64,
    },
    /// A budget ran out outside a search (a search that runs out of budget ends normally,
    /// with [`End::OutOfBudget`]).
    #[error("{task} ran out of the {budget}")]
    OutOfBudget {
        /// What was being computed.
        task: &'static str,
        /// The budget that ran out.
        budget: Budget,
    },
}

/// A solving algorithm.
pub trait Solver: Send + Sync {
    /// The name used on the command line (`--method NAME`).
    fn name(&self) -> &'static str;

    /// One line saying what the method is.
    fn summary(&self) -> &'static str;

    /// Searches for solutions within `limits`, calling `found` with each solution as it is
    /// found, at most `limits.max_solutions` times.
    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError>;

    /// Searches and gathers the outcome, keeping the first [`Limits::keep`] solutions (at
    /// least one).
    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Report, SolveError> {
        let mut kept = Vec::new();
        let search = self.search(puzzle, limits, &mut |grid| {
            if kept.len() < limits.keep.max(1) {
                kept.push(grid.clone());
            }
        })?;
        Ok(Report {
            outcome: search.outcome(kept),
            stats: search.stats,
        })
    }
}

/// What [`Solver::search`] reports: how many solutions, why it stopped, and the effort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// Solutions found (each was passed to the callback).
    pub count: u64,
    /// Why the search ended.
    pub end: End,
    /// The effort.
    pub stats: Stats,
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every possibility was examined.
    Exhausted,
    /// `max_solutions` solutions were found.
    SolutionLimit,
    /// A budget ran out.
    OutOfBudget(Budget),
}

impl Search {
    /// The outcome, given the solutions kept: at least the first one if any was found.
    fn outcome(&self, mut kept: Vec<Grid>) -> Outcome {
        match (self.end, self.count) {
            (End::OutOfBudget(budget), count) => Outcome::GaveUp {
                solutions: kept,
                count,
                budget,
            },
            (End::Exhausted, 0) => Outcome::Unsolvable,
            (End::Exhausted, 1) => Outcome::Unique(kept.remove(0)),
            (End::SolutionLimit, 1) => Outcome::AtLeastOne(kept.remove(0)),
            (end, count) => Outcome::Multiple {
                solutions: kept,
                count,
                complete: end == End::Exhausted,
            },
        }
    }

    /// The count as a bare number and why it stopped, as `cagey solve --count` prints it
    /// and Python's `str(count)` says it: `2`, `at least 100 (stopped at the limit of 100)`,
    /// `at least 5 (gave up: the time limit of 60 s ran out)`. A count that went through
    /// everything is the number alone, so that scripts can read it.
    pub fn describe(&self) -> String {
        self.words(self.count.to_string())
    }

    /// The count with its noun, as `cagey solve --all` and the page say it: `exactly 2
    /// solutions`, `at least 1 solution (gave up: the run was cancelled)`.
    pub fn describe_solutions(&self) -> String {
        match self.end {
            End::Exhausted => format!("exactly {}", solutions(self.count)),
            _ => self.words(solutions(self.count)),
        }
    }

    fn words(&self, count: String) -> String {
        match self.end {
            End::Exhausted => count,
            End::SolutionLimit => {
                format!("at least {count} (stopped at the limit of {})", self.count)
            }
            End::OutOfBudget(budget) => format!("at least {count} (gave up: {})", budget.ran_out()),
        }
    }
}

/// A count of solutions as people read it in messages: `1 solution`, `2 solutions`.
pub fn solutions(count: u64) -> String {
    let noun = if count == 1 { "solution" } else { "solutions" };
    format!("{count} {noun}")
}

/// What the searches of one puzzle on several threads share: a node count against one
/// budget, and a flag that stops them all (raised when enough solutions are found, or when
/// one of them runs out of budget).
#[derive(Debug)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(crate) struct Team {
    nodes: AtomicU64,
    max_nodes: u64,
    stop: AtomicBool,
}

#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
impl Team {
    /// A team whose searches may visit `max_nodes` nodes between them.
    pub(crate) fn new(max_nodes: u64) -> Team {
        Team {
            nodes: AtomicU64::new(0),
            max_nodes,
            stop: AtomicBool::new(false),
        }
    }

    /// Adds `nodes` to the count; `Err` when the budget has run out (the team stops) or the
    /// team was stopped.
    fn count(&self, nodes: u64) -> Result<(), Budget> {
        if self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes > self.max_nodes {
            self.stop();
            return Err(Budget::Nodes(self.max_nodes));
        }
        if self.stop.load(Ordering::Relaxed) {
            return Err(Budget::Cancelled);
        }
        Ok(())
    }

    /// Stops every search of the team at its next look.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the budget ran out.
    pub(crate) fn out_of_nodes(&self) -> bool {
        self.nodes.load(Ordering::Relaxed) > self.max_nodes
    }
}

/// Keeps the node and time budgets of one search.
///
/// The clock is read every `stride` nodes, and the stride adapts to what a node costs: it
/// doubles while looks come less than [`Meter::LOOK_AT_LEAST`] apart (up to
/// [`Meter::MAX_STRIDE`], where reading the clock is lost in the nodes' work), and halves
/// when they come more than [`Meter::LOOK_AT_MOST`] apart. A fixed 1,024 nodes, as before,
/// let a 1 ms limit on a 16x16, whose nodes cost some 250 µs each, run for 262 ms.
#[derive(Clone, Debug)]
pub(crate) struct Meter {
    pub(crate) nodes: u64,
    max_nodes: u64,
    deadline: Option<(Instant, Duration)>,
    cancel: Option<Cancel>,
    /// The searches sharing this one's budgets, when a puzzle is searched on several
    /// threads: their node count, added to at each look, and the flag that stops them all.
    team: Option<Arc<Team>>,
    /// Nodes already added to the team's count.
    reported: u64,
    /// Nodes between two looks at the clock and the cancel flag.
    stride: u64,
    /// The node count at which to look next.
    next_look: u64,
    /// When the clock was last read.
    last_look: Instant,
}

impl Meter {
    /// The most nodes between two looks: reading the clock costs tens of nanoseconds, a
    /// node of the fast solver about as much.
    const MAX_STRIDE: u64 = 1024;
    /// Looks closer together than this lengthen the stride.
    const LOOK_AT_LEAST: Duration = Duration::from_micros(100);
    /// Looks further apart than this shorten it: a limit is kept to about this much.
    const LOOK_AT_MOST: Duration = Duration::from_millis(1);

    pub(crate) fn new(limits: &Limits) -> Meter {
        Meter::started(limits, Instant::now())
    }

    /// A meter whose time limit runs from `now`, the start of the solve: work done before
    /// the first node (building a 32x32's cage tables takes some 4 ms) counts against it.
    pub(crate) fn started(limits: &Limits, now: Instant) -> Meter {
        Meter {
            nodes: 0,
            max_nodes: limits.max_nodes,
            deadline: limits
                .time_limit
                .duration()
                .zip(limits.time_limit.deadline(now))
                .map(|(time, deadline)| (deadline, time)),
            cancel: limits.cancel.clone(),
            team: None,
            reported: 0,
            stride: 1,
            next_look: 1,
            last_look: now,
        }
    }

    /// This meter as one of `team`'s: its node budget is the team's, counted over all of
    /// them at each look, and the team's flag stops it.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) fn in_team(mut self, team: Arc<Team>) -> Meter {
        self.max_nodes = u64::MAX;
        self.team = Some(team);
        self
    }

    /// Counts one node; `Err` when a budget has run out.
    pub(crate) fn tick(&mut self) -> Result<(), Budget> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Budget::Nodes(self.max_nodes));
        }
        if self.nodes >= self.next_look {
            self.look()?;
        }
        Ok(())
    }

    /// Reads the clock and the cancel flag, and sets when to look next.
    #[cold]
    fn look(&mut self) -> Result<(), Budget> {
        if self.deadline.is_none() && self.cancel.is_none() && self.team.is_none() {
            self.next_look = u64::MAX;
            return Ok(());
        }
        if let Some(team) = &self.team {
            team.count(self.nodes - self.reported)?;
            self.reported = self.nodes;
        }
        let now = Instant::now();
        if let Some((deadline, budget)) = self.deadline {
            if now >= deadline {
                return Err(Budget::Time(budget));
            }
        }
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Budget::Cancelled);
        }
        let since = now.saturating_duration_since(self.last_look);
        if since < Self::LOOK_AT_LEAST {
            self.stride = (self.stride * 2).min(Self::MAX_STRIDE);
        } else if since > Self::LOOK_AT_MOST {
            self.stride = (self.stride / 2).max(1);
        }
        self.last_look = now;
        self.next_look = self.nodes + self.stride;
        Ok(())
    }
}

static PROPAGATE: Propagate = Propagate;
static DIRECT: Direct = Direct;
static MERGE: Merge = Merge;
static ELIMINATE: EliminateAndGuess = EliminateAndGuess;

/// The search solvers of this module, the production solver first: the first part of the
/// one registry, [`crate::solvers`], which adds the logic solver.
pub(crate) fn search_solvers() -> &'static [&'static dyn Solver] {
    static SOLVERS: [&dyn Solver; 4] = [&PROPAGATE, &DIRECT, &MERGE, &ELIMINATE];
    &SOLVERS
}

/// A method name that names no solver of a registry; its message lists those there are, so
/// that every front end (`cagey --method`, `cargo xtask bench --method`) words it alike.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no method called {name:?}; the methods are {}", methods.join(", "))]
pub struct UnknownMethod {
    /// The name as given.
    pub name: String,
    /// The names of the registry's solvers, in its order.
    pub methods: Vec<&'static str>,
}

impl UnknownMethod {
    /// The error for `name`, which none of `registry` answers to.
    pub fn among(name: &str, registry: &[&'static dyn Solver]) -> UnknownMethod {
        UnknownMethod {
            name: name.to_string(),
            methods: registry.iter().map(|solver| solver.name()).collect(),
        }
    }
}

/// The production solver.
pub fn default_solver() -> &'static dyn Solver {
    &PROPAGATE
}
