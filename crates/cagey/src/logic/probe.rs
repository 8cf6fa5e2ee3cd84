//! Probing: how far the rules up to a level get on a puzzle, without asking the production
//! solver anything, and the cache that lets the generator probe hundreds of variants of one
//! candidate cheaply.

use super::engine::run;
use super::level::Level;
use super::limits::{LogicError, LogicLimits};
use super::rule::{Ctx, End};
use super::rules::ladder;
use super::state::{self, Geometry, State};
use super::step::Found;
use crate::model::{Cell, Puzzle};
use crate::solve::tables::TableCache;
use crate::solve::Limits;

/// How far the rules up to a level get on a puzzle: what [`probe`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The rules up to the level solve it: the hardest level used and the score, as
    /// [`grade`](super::grade()) would give them. A puzzle sound rules solve has exactly one solution.
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
    /// The cage views of the last probe's state, for their buffers.
    views: Vec<state::CageView>,
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
    let geometry = Geometry::in_frame(puzzle, tables, &mut cache.frame);
    let mut state = State::reusing(&geometry, std::mem::take(&mut cache.views));
    let mut level = Level::Easy;
    let mut score = 0u32;
    let mut ctx = Ctx::new(limits);
    ctx.lazy_checks = true;
    let end = run(
        &mut state,
        ladder(puzzle),
        max,
        &mut ctx,
        &mut |step: &Found| {
            level = level.max(step.level);
            score = score.saturating_add(step.weight);
        },
    )?;
    let probe = match end {
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
    };
    cache.views = state.into_cages();
    Ok(probe)
}
