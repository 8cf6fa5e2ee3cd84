//! What a rule is and what it is given: [`Rule`] (a name, a level, a weight and how to find
//! a step), [`Ctx`], the budget, clock and depth of one run that every rule may consult,
//! and [`End`], how a run of the rules ends. Every rule file and the engine import these
//! words from here; nothing here knows any particular rule.
//!
//! `Ctx` carries the rule list of the run it belongs to, so that a rule which runs the rules
//! again inside itself (trial) passes on the list it was run with, as Tatham's
//! `latin_solver_recurse` passes on its `usersolvers`: no rule file names the list.

use std::fmt;
use std::time::Duration;
use web_time::Instant;

use super::barren::{Barren, BarrenMap};
use super::level::Level;
use super::limits::{LogicError, LogicLimits};
use super::settled::Settled;
use super::state::Contradiction;
use super::state::State;
use super::step::{Found, Reason};
use crate::budget::TimeLimit;
use crate::model::Cell;
use crate::solve::{Budget, Cancel, Limits};

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
    /// Finds the rule's next step in a state, or nothing.
    pub(super) find: fn(&mut State, &mut Ctx) -> Option<Found>,
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

impl Found {
    /// A step of `rule`: its name, level and weight, with what it found.
    pub(super) fn new(
        rule: &Rule,
        reason: Reason,
        cells: Vec<Cell>,
        placed: Vec<(Cell, u8)>,
        eliminated: Vec<(Cell, u8)>,
    ) -> Found {
        Found {
            rule: rule.name,
            level: rule.level,
            weight: rule.weight,
            reason,
            cells,
            placed,
            eliminated,
        }
    }
}

/// The budget and depth of one run, shared by the trials inside it.
pub(crate) struct Ctx {
    /// The rules of the run, as [`run`](super::engine::run) was given them: what a rule that
    /// runs the rules again inside itself passes on.
    pub(super) rules: &'static [Rule],
    pub(super) limits: LogicLimits,
    /// When the time limit runs out.
    pub(super) deadline: Option<Instant>,
    work: u64,
    /// Steps between two readings of the clock in [`Ctx::out_of_budget`], fitted to how
    /// long a step takes: see [`Ctx::fit_stride`].
    stride: u64,
    /// Steps since the clock was last read there, and when that was.
    steps: u64,
    clock_read: Instant,
    /// Calls of [`Ctx::tick`] since the clock was last read.
    ticks: u32,
    pub(super) depth: usize,
    /// Set when a budget ran out; every run then stops.
    pub(super) exhausted: Option<Budget>,
    /// Stop the outermost run after its first step (hints).
    pub(super) stop_after_one: bool,
    /// Steps a run inside a trial may take before it counts as inconclusive.
    pub(super) max_inner_steps: usize,
    /// Look for a contradiction only where the outermost run ends, not after every step:
    /// for probes, whose candidates nearly always have a solution. Rules on a contradictory
    /// state still only remove candidates, so the run ends, and the check at the end
    /// finds what a check at each step would have.
    pub(super) lazy_checks: bool,
    /// Houses where the naked subset rule, the hidden subset rule, and digits where the
    /// fish rule last found nothing.
    pub(super) barren_naked: Barren,
    pub(super) barren_hidden: Barren,
    pub(super) barren_fish: Barren,
    /// Areas where the innies and outies rules (of one house, of several) last found
    /// nothing.
    pub(super) barren_areas: Barren,
    pub(super) barren_areas_several: Barren,
    /// Pairs of cages where the combination interaction rule last found nothing.
    pub(super) barren_interaction: BarrenMap,
    /// Houses where the house combinations rule last found nothing.
    pub(super) barren_house_combinations: Barren,
    /// Assumptions the trial rule found to end without a contradiction, with where they
    /// ended.
    pub(super) settled: Settled,
}

impl Ctx {
    pub(super) fn new(limits: &LogicLimits) -> Ctx {
        let now = Instant::now();
        Ctx {
            rules: &[],
            limits: limits.clone(),
            deadline: limits.time_limit.deadline(now),
            work: 0,
            stride: 1,
            steps: 0,
            clock_read: now,
            ticks: 0,
            depth: 0,
            exhausted: None,
            stop_after_one: false,
            max_inner_steps: usize::MAX,
            lazy_checks: false,
            barren_naked: Barren::default(),
            barren_hidden: Barren::default(),
            barren_fish: Barren::default(),
            barren_areas: Barren::default(),
            barren_areas_several: Barren::default(),
            barren_interaction: BarrenMap::default(),
            barren_house_combinations: Barren::default(),
            settled: Settled::default(),
        }
    }

    /// Counts one rule application; whether a budget ran out.
    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.exhausted.is_some() {
            return true;
        }
        self.work += 1;
        if self.work > self.limits.max_work {
            self.exhausted = Some(Budget::Work(self.limits.max_work));
            return true;
        }
        self.steps += 1;
        if self.steps < self.stride {
            return false;
        }
        self.steps = 0;
        let now = self.fit_stride();
        self.out_of_time_at(now)
    }

    /// Fits the steps between clock readings to the time a step takes. A step on a 9x9
    /// takes about a microsecond, so reading the clock at each would cost a few percent;
    /// a step on a 32x32 in a debug build takes tens of microseconds, so a fixed 256 steps
    /// overran a 50 ms limit by 15 ms. The stride doubles while readings come less than a
    /// quarter of [`Ctx::CLOCK_GAP`] apart and halves while they come more than that apart.
    fn fit_stride(&mut self) -> Instant {
        let now = Instant::now();
        let gap = now.saturating_duration_since(self.clock_read);
        self.clock_read = now;
        if gap > Self::CLOCK_GAP {
            self.stride = (self.stride / 2).max(1);
        } else if gap < Self::CLOCK_GAP / 4 {
            self.stride = (self.stride * 2).min(Self::MAX_STRIDE);
        }
        now
    }

    /// The longest a run should go between two readings of the clock.
    const CLOCK_GAP: Duration = Duration::from_millis(1);

    /// The most steps between two readings of the clock.
    const MAX_STRIDE: u64 = 256;

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
    pub(super) fn out_of_time(&mut self) -> bool {
        self.out_of_time_at(Instant::now())
    }

    fn out_of_time_at(&mut self, now: Instant) -> bool {
        if self
            .limits
            .cancel
            .as_ref()
            .is_some_and(Cancel::is_cancelled)
        {
            self.exhausted = Some(Budget::Cancelled);
        } else if self.deadline.is_some_and(|deadline| now >= deadline) {
            self.exhausted = Some(self.time_budget());
        }
        self.exhausted.is_some()
    }

    /// The budget of a run that reached its time limit.
    pub(super) fn time_budget(&self) -> Budget {
        Budget::Time(self.limits.time_limit.duration().unwrap_or_default())
    }

    /// The solver's limits for what is left of this run: the time to the deadline, the same
    /// cancel flag, two solutions.
    pub(super) fn solve_limits(&self) -> Limits {
        Limits {
            time_limit: self.deadline.map_or(TimeLimit::NONE, |deadline| {
                TimeLimit::new(deadline.saturating_duration_since(Instant::now()))
            }),
            cancel: self.limits.cancel.clone(),
            ..Limits::uniqueness()
        }
    }

    /// The error for a solver's search that ran out of `budget` inside this run.
    pub(super) fn gave_up(&self, budget: Budget) -> LogicError {
        LogicError::Limit(match budget {
            // The run's own limit, not what was left of it when the search started.
            Budget::Time(_) => self.time_budget(),
            budget => budget,
        })
    }
}

/// How a run of the rules ended.
pub(crate) enum End {
    Solved,
    /// No rule up to the level applies.
    Stuck,
    /// Something has nothing left: what, and the cells.
    Contradiction(Contradiction, Vec<Cell>),
}
