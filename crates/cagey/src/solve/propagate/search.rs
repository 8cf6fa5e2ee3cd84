//! Depth-first search over the propagated state, two-way: the chosen cell takes its
//! smallest candidate, or loses it, and either way the state is propagated and the search
//! goes on from there, choosing afresh.
//!
//! The cell is the one whose last branch failed, while it still has a choice (*last
//! conflict*, Lecoutre, Sais, Tabary, Vidal 2009); otherwise the one chosen by *dom/wdeg*
//! (Boussemart, Hemery, Lecoutre, Sais 2004): the fewest candidates per failure of the
//! constraints through the cell (its cage and its houses), each constraint weighing one plus
//! the number of contradictions it raised so far. Early on that is the plain
//! fewest-candidates rule; as the search learns which cages are hard, it branches where they
//! are.
//!
//! What was measured (search nodes, all uniqueness checks; "hard 9x9" is the twelve puzzles
//! of `random/hard-9x9-*`, "16x16" the eleven of `random/unique-16x16` that finish in a few
//! seconds):
//!
//! - dom/wdeg against the plain fewest-candidates rule: half the nodes on hard 9x9 (524,000
//!   against more than 1,060,000, one puzzle unfinished); weighing only the cage: 2.5 times
//!   the nodes on 16x16; weighing nothing: 10 times.
//! - two-way against trying every candidate in turn (which never uses that the first ones
//!   failed): 117,000 nodes against 161,000 on hard 9x9, in 60% of the time. Kept.
//! - last conflict: 12x12 (25 puzzles) 97,000 nodes to 68,000, 16x16 103,000 to 74,000;
//!   hard 9x9 125,000 to 136,000, random 9x9 1,520 to 1,710. Kept for the large grids.
//! - tried and dropped: branching on a digit's places in a house, or on a cage's tuples,
//!   when fewer than the best cell's candidates (311,000 and 157,000 nodes against 135,000
//!   at the time); restarts with the weights kept (316,000 nodes against 117,000); probing
//!   every two-candidate cell at every node (3.8 times fewer nodes, each 5 times dearer);
//!   singleton consistency at the root (solves some puzzles outright, but costs 8 ms on a
//!   9x9 and 0.5 s on a 16x16); value orders other than smallest first (within noise).

use super::fixpoint::Engine;
use crate::model::Grid;
use crate::solve::{Budget, Meter};

/// Why the search stopped early.
pub(super) enum Stop {
    SolutionLimit,
    Budget(Budget),
}

pub(super) struct Searcher<'r, 'f> {
    pub(super) engine: Engine<'r>,
    /// The states of the nodes on the current path, one after the other.
    saved: Vec<u32>,
    pub(super) meter: Meter,
    max_solutions: u64,
    pub(super) count: u64,
    pub(super) guesses: u64,
    found: &'f mut dyn FnMut(&Grid),
    /// The cell whose branch failed last: branched on again first (last-conflict
    /// reasoning), while it still has a choice.
    last_conflict: Option<usize>,
}

impl<'r, 'f> Searcher<'r, 'f> {
    pub(super) fn new(
        engine: Engine<'r>,
        meter: Meter,
        max_solutions: u64,
        found: &'f mut dyn FnMut(&Grid),
    ) -> Searcher<'r, 'f> {
        Searcher {
            engine,
            saved: Vec::new(),
            meter,
            max_solutions: max_solutions.max(1),
            count: 0,
            guesses: 0,
            found,
            last_conflict: None,
        }
    }

    /// Propagates the puzzle and searches it.
    pub(super) fn root(&mut self) -> Result<(), Stop> {
        self.meter.tick().map_err(Stop::Budget)?;
        if !self.engine.start() || !self.engine.propagate() {
            return Ok(());
        }
        self.descend()
    }

    /// Explores the propagated current state: two-way branching, the chosen cell takes its
    /// smallest candidate, or loses it and the search goes on from there (choosing afresh).
    fn descend(&mut self) -> Result<(), Stop> {
        let Some((cell, options)) = self.choose() else {
            return self.emit();
        };
        let bit = options & options.wrapping_neg();
        let at = self.saved.len();
        let stride = self.engine.state.len();
        self.saved.extend_from_slice(&self.engine.state);
        self.try_branch(cell, options & !bit)?;
        self.engine
            .state
            .copy_from_slice(&self.saved[at..at + stride]);
        self.saved.truncate(at);
        self.try_branch(cell, bit)
    }

    /// Removes `bits` from `cell`, propagates, and explores what remains.
    fn try_branch(&mut self, cell: usize, bits: u32) -> Result<(), Stop> {
        self.meter.tick().map_err(Stop::Budget)?;
        self.guesses += 1;
        let mark = self.engine.begin();
        if self.engine.remove(cell, bits, false) && self.engine.propagate() {
            self.descend()?;
        } else {
            self.engine.clear_queues();
            self.last_conflict = Some(cell);
        }
        self.engine.undo(mark);
        Ok(())
    }

    /// The cell to branch on, and its candidates; `None` when every cell is single. The cell
    /// whose branch failed last comes first; otherwise dom/wdeg decides.
    fn choose(&mut self) -> Option<(usize, u32)> {
        if let Some(cell) = self.last_conflict.take() {
            let mask = self.engine.state[cell];
            if mask & (mask - 1) != 0 {
                return Some((cell, mask));
            }
        }
        let engine = &self.engine;
        let rules = engine.rules;
        let cages = rules.cages.len();
        let mut best = None;
        let (mut best_count, mut best_weight) = (0u64, 1u64);
        for (cell, &mask) in engine.state[..rules.cells].iter().enumerate() {
            let count = u64::from(mask.count_ones());
            if count > 1 {
                let mut weight = u64::from(engine.weights[rules.cage_of[cell] as usize]);
                for k in 0..rules.per_cell {
                    weight += u64::from(engine.weights[cages + rules.house_of(cell, k).0]);
                }
                // count / weight < best_count / best_weight, without division.
                if best.is_none() || count * best_weight < best_count * weight {
                    best_count = count;
                    best_weight = weight;
                    best = Some((cell, mask));
                }
            }
        }
        best
    }

    /// Reports the solved current state.
    fn emit(&mut self) -> Result<(), Stop> {
        let rules = self.engine.rules;
        let digits = self.engine.state[..rules.cells]
            .iter()
            .map(|mask| mask.trailing_zeros() as u8 + 1)
            .collect();
        let grid = Grid::from_digits(rules.n, digits)
            .expect("a solved state has one digit of the grid per cell");
        self.count += 1;
        (self.found)(&grid);
        if self.count >= self.max_solutions {
            Err(Stop::SolutionLimit)
        } else {
            Ok(())
        }
    }
}
