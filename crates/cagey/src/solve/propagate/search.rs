//! Depth-first search over the propagated state, two-way: the chosen cell takes its
//! smallest candidate, or loses it, and either way the state is propagated and the search
//! goes on from there, choosing afresh. A node with few cells left open is finished by
//! enumerating their digits instead ([`finish`](super::finish)).
//!
//! The cell is the one whose last branch failed, while it still has a choice (*last
//! conflict*, Lecoutre, Sais, Tabary, Vidal 2009); otherwise the one chosen by *dom/wdeg*
//! (Boussemart, Hemery, Lecoutre, Sais 2004): the fewest candidates per failure of the
//! constraints through the cell (its cage and its houses), each constraint weighing one plus
//! the number of contradictions it raised so far (from 13x13 up, times the number of the
//! constraint's other cells still open: see below). Early on that is close to the plain
//! fewest-candidates rule; as the search learns which cages are hard, it branches where they
//! are.
//!
//! **Restarts with nogoods** (Lecoutre, Sais, Tabary, Vidal 2007): the search runs in
//! pieces of 100, 100, 200, 100, 100, 200, 400, ... nodes (Luby's sequence); each cut-off
//! run leaves, as [`nogoods`](super::nogoods), what it refuted, and the next run starts at
//! the root with those and the weights learnt so far, so its first choices are the ones
//! dom/wdeg would have made had it known. Restarts without nogoods, which explore the same
//! ground again, had cost 2.7 times the nodes. The nogoods also exclude the solutions
//! already reported, so counting stays exact (see [`Searcher::record_branch`]).
//!
//! **Weighing each constraint by its other open cells** (from 13x13 up,
//! [`OPEN_WEIGHTS_FROM`]): a cell's weight is the sum over its cage and houses of the
//! constraint's weight times the number of its other cells with more than one candidate,
//! rather than the weights alone. It is textbook dom/wdeg, which counts only constraints
//! with another unassigned variable, taken over the binary decomposition of the
//! constraints: each open cell the cell shares a constraint with is a neighbour, weighing
//! what the constraint weighs.
//!
//! **In killer puzzles, the cells charged too.** Each branch whose propagation fails also
//! counts against the cell branched on, and that count is added to the cell's weight: a
//! cell whose choices keep failing is chosen again sooner, whatever constraint the
//! contradiction was charged to. A killer's contradictions mostly come from the house-sum
//! rule and the cages, each a constraint over many cells, so the constraints' weights alone
//! say little about which cell to branch on. On Mathemagic's 14 killers (issue #45) the
//! uniqueness checks went from 3.93 million nodes to 1.77 million.
//!
//! **No restarts once a solution is found.** What is left then is mostly proving there is
//! no other (or counting the others), and restarting that proof loses more than it learns:
//! the run that found the solution goes on to its end. Most of a uniqueness check can be
//! that proof: on the slowest 16x16 (puzzle 25, line 2489) the solution comes at node
//! 112,974 of 1,151,855.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*search.rs*).

use super::engine::{Engine, Layout};
use super::finish::{Finish, Finished, FINISH_OPEN, FINISH_STEPS};
use super::recycle::{emptied, filled, Keep};
use crate::model::{Cell, Grid};
use crate::solve::{Budget, Meter};

/// Why the search stopped early.
pub(super) enum Stop {
    SolutionLimit,
    Budget(Budget),
    /// The run hit its cutoff: back to the root, nogoods recorded.
    Restart,
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
    /// The decisions of the current branch: cell, bit, and whether it is the first branch
    /// (`cell = digit`) or the second (`cell != digit`), for the nogoods of a restart.
    path: Vec<(u32, u32, bool)>,
    /// The root state, propagated with every nogood so far: where each run starts.
    root_state: Vec<u32>,
    /// The node count at which the current run stops (`u64::MAX`: never).
    cutoff: u64,
    /// The node count from which the next run starts by probing the root.
    next_probe: u64,
    /// Scratch for [`Searcher::choose`]: the open cells of each constraint, indexed as
    /// [`Engine::weights`] (cages, then houses).
    open: Vec<u32>,
    /// Nodes with at most this many open cells are finished by enumeration, if it takes
    /// at most `finish_steps` digits (see [`finish`](super::finish)).
    finish_open: u32,
    finish_steps: u32,
    finish: Finish,
    /// The solution reported to `found`, written over for each one: reporting allocates
    /// nothing.
    solution: Grid,
    /// The decisions (cell, bit) the search starts from, after the puzzle's own
    /// propagation: one part of a search split over threads ([`split`](super::split)).
    cube: Vec<(u32, u32)>,
    /// In killer puzzles, for each cell, how many branches on it failed (see the module
    /// docs); empty elsewhere.
    fails: Vec<u32>,
}

/// The search's settings: constants outside tests, which vary them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tuning {
    /// Nodes after which a run starts by probing the root ([`PROBE_FROM`]).
    pub(super) probe_from: u64,
    /// The most open cells of a node finished by enumeration ([`FINISH_OPEN`]), and the
    /// most digits it may lay ([`FINISH_STEPS`]).
    pub(super) finish_open: u32,
    pub(super) finish_steps: u32,
    /// The largest grid side searched without the engine
    /// ([`SMALL_UP_TO`](super::small::SMALL_UP_TO); 0 for none).
    pub(super) small_up_to: usize,
    /// Nodes a search allowed several threads runs on one before it splits
    /// ([`SPLIT_AFTER`]).
    pub(super) split_after: u64,
}

impl Tuning {
    pub(super) const DEFAULT: Tuning = Tuning {
        probe_from: PROBE_FROM,
        finish_open: FINISH_OPEN,
        finish_steps: FINISH_STEPS,
        small_up_to: super::small::SMALL_UP_TO,
        split_after: SPLIT_AFTER,
    };
}

/// Nodes a search allowed several threads runs on one before it splits (see `split.rs`):
/// puzzles solved within them, all but the hardest, never pay for a split. At 10 to 25 µs
/// a killer node, about a second. The later the split, the more the parts start from (the
/// weights, the cells' counts, the nogoods); the sooner, the more is left to share out:
/// after 10,000 nodes the parts of puzzles one thread finishes in 70,000 to 140,000 took
/// three to four times those nodes between them, each part learning afresh what the one
/// search would have learnt once. On Mathemagic's killers, 45,000 measured best of
/// 10,000, 30,000, 45,000 and 60,000 (`docs/performance.md`).
pub(super) const SPLIT_AFTER: u64 = 45_000;

/// The most solutions a search may ask for and still split: a solve or a uniqueness check.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(super) const SPLIT_SOLUTIONS: u64 = 2;

/// The smallest grid side on which a constraint's weight counts once per other open cell
/// in it (see the module docs): it shortens the long 16x16 searches, is mixed on 12x12 and
/// loses on 9x9.
pub(super) const OPEN_WEIGHTS_FROM: usize = 13;

/// Nodes after which a run starts by probing the root (see the module docs); the next
/// probe waits until the count has doubled, so probing costs at most a share of the search
/// that asked for it, and puzzles solved within this many nodes never probe.
pub(super) const PROBE_FROM: u64 = 10_000;

/// Nodes of the shortest run between two restarts; runs follow Luby's sequence in these
/// units (100, 100, 200, 100, 100, 200, 400, ...). Measured against 50 and 200, and a
/// geometric 20 * 1.5^k: see the module docs.
pub(super) const RESTART_BASE: u64 = 100;

/// A solve's buffers for [`Searcher`], kept for the next puzzle on the same thread (see
/// [`Context`](super::Context)).
#[derive(Default)]
pub(super) struct Spare {
    saved: Vec<u32>,
    path: Vec<(u32, u32, bool)>,
    root_state: Vec<u32>,
    open: Vec<u32>,
    fails: Vec<u32>,
    finish: Finish,
    solution: Option<Grid>,
}

impl Spare {
    /// The grid solutions were last reported in, if its side is `n`; a new one otherwise.
    pub(super) fn take_solution(&mut self, n: usize) -> Grid {
        self.solution
            .take()
            .filter(|grid| grid.size() == n)
            .unwrap_or_else(|| Grid::empty(n))
    }

    /// Keeps `grid` to report the next puzzle's solutions in.
    pub(super) fn keep_solution(&mut self, grid: Grid) {
        self.solution = Some(grid);
    }
}

impl<'r, 'f> Searcher<'r, 'f> {
    /// A search that probes the root at the first restart past `tuning.probe_from` nodes,
    /// then each time the count has doubled; its stacks are the vectors of `spare`,
    /// emptied.
    pub(super) fn new_in(
        engine: Engine<'r>,
        meter: Meter,
        max_solutions: u64,
        tuning: Tuning,
        found: &'f mut dyn FnMut(&Grid),
        mut spare: Spare,
    ) -> Searcher<'r, 'f> {
        let solution = spare.take_solution(engine.rules.n);
        let Spare {
            saved,
            path,
            root_state,
            open,
            fails,
            finish,
            solution: _,
        } = spare;
        let fails = if engine.rules.killer {
            filled(fails, engine.rules.cells, 0)
        } else {
            emptied(fails, 0)
        };
        let mut engine = engine;
        // Propagation leaves what the enumeration would do anyway to it.
        engine.settle_open = tuning.finish_open;
        Searcher {
            engine,
            saved: emptied(saved, 0),
            meter,
            max_solutions: max_solutions.max(1),
            count: 0,
            guesses: 0,
            found,
            last_conflict: None,
            path: emptied(path, 0),
            root_state: emptied(root_state, 0),
            cutoff: u64::MAX,
            next_probe: tuning.probe_from,
            open: emptied(open, 0),
            finish_open: tuning.finish_open,
            finish_steps: tuning.finish_steps,
            finish,
            solution,
            cube: Vec::new(),
            fails,
        }
    }

    /// Searches only where `cube`'s cells hold its digits (one part of a split search).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(super) fn start_from(&mut self, cube: &[(u32, u32)]) {
        self.cube.clear();
        self.cube.extend_from_slice(cube);
    }

    /// Gives the vectors back for the next puzzle, the engine's with them, as far as `keep`
    /// has room.
    pub(super) fn into_spare(self, keep: &mut Keep) -> (super::engine::Spare, Spare) {
        let Searcher {
            engine,
            saved,
            meter: _,
            max_solutions: _,
            count: _,
            guesses: _,
            found: _,
            last_conflict: _,
            path,
            root_state,
            cutoff: _,
            next_probe: _,
            open,
            finish_open: _,
            finish_steps: _,
            finish,
            solution,
            cube: _,
            fails,
        } = self;
        let spare = Spare {
            saved: keep.vec(saved),
            path: keep.vec(path),
            root_state: keep.vec(root_state),
            open: keep.vec(open),
            fails: keep.vec(fails),
            finish: finish.into_spare(keep),
            solution: Some(solution),
        };
        (engine.into_spare(keep), spare)
    }

    /// Propagates the puzzle and searches it, in runs cut off after a growing number of
    /// nodes: each restart records the nogoods of the branch it left and starts again from
    /// the root with them and with the weights learnt so far.
    pub(super) fn root(&mut self) -> Result<(), Stop> {
        self.meter.tick().map_err(Stop::Budget)?;
        if !self.engine.start() || !self.engine.propagate() || !self.engine.enter(&self.cube) {
            self.engine.clear_queues();
            return Ok(());
        }
        self.engine.first_pass = false;
        // Nogoods already watched (or applied at the root): those given before the search
        // (a split part's, what the search before the split refuted) are watched now.
        let mut watched = 0;
        if !self.watch_new(&mut watched) {
            return Ok(());
        }
        for run in 1.. {
            if self.meter.nodes >= self.next_probe {
                self.next_probe = self.meter.nodes.saturating_mul(2);
                if !self.probe_root()? {
                    return Ok(());
                }
            }
            self.cutoff = self
                .meter
                .nodes
                .saturating_add(RESTART_BASE.saturating_mul(luby(run)));
            self.root_state.clear();
            self.root_state.extend_from_slice(&self.engine.state);
            let root_mark = self.engine.begin();
            match self.descend() {
                Err(Stop::Restart) => {}
                other => return other,
            }
            // Back to the root, where the new nogoods are watched or applied.
            self.engine.undo(root_mark);
            self.engine.state.copy_from_slice(&self.root_state);
            self.engine.clear_queues();
            self.saved.clear();
            self.path.clear();
            self.last_conflict = None;
            // Root changes from here on are never undone, but words saved by the last run
            // must be saved again: a fresh serial.
            self.engine.begin();
            if !self.watch_new(&mut watched) {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Watches the nogoods from `watched` on at the root, or applies them, and propagates;
    /// `false` if the root fails.
    fn watch_new(&mut self, watched: &mut usize) -> bool {
        while *watched < self.engine.nogoods.count() {
            if !self.engine.watch_nogood(*watched) {
                self.engine.clear_queues();
                return false;
            }
            *watched += 1;
        }
        self.engine.propagate()
    }

    /// Records, as nogoods, what the search stopped by its node budget explored (see
    /// [`Searcher::record_branch`]): the search that goes on from the root with them
    /// explores only the rest, and finds none of the solutions found so far. `false` if
    /// the pool had no room for them all.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(super) fn seal(&mut self) -> bool {
        self.record_branch()
    }

    /// The recorded nogoods, each a list of literals (see [`nogood_pool`](super::nogood_pool)).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(super) fn nogoods(&self) -> Vec<Vec<u32>> {
        let pool = &self.engine.nogoods;
        pool.spans
            .iter()
            .map(|&(start, len)| pool.literals[start as usize..(start + len) as usize].to_vec())
            .collect()
    }

    /// The count of failed branches on each cell (killers; empty elsewhere).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(super) fn fails(&self) -> &[u32] {
        &self.fails
    }

    /// Gives the search `nogoods` to start from (see [`Searcher::nogoods`]), and the
    /// counts of failed branches on each cell another search learnt (see
    /// [`Searcher::fails`]).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(super) fn inherit(&mut self, nogoods: &[Vec<u32>], fails: &[u32]) {
        if self.fails.len() == fails.len() {
            self.fails.copy_from_slice(fails);
        }
        let pool = &mut self.engine.nogoods;
        pool.reserve(self.engine.rules.cells);
        for nogood in nogoods {
            debug_assert!(
                pool.has_room(nogood.len()),
                "the pool they came from held them"
            );
            pool.add(nogood.iter().copied());
        }
    }

    /// Singleton consistency at the root: every candidate of every open cell is tried, and
    /// one whose propagation fails (with the nogoods so far) leaves its cell, repeated until
    /// none does. Each probe counts as a node. `Ok(false)` if the root itself fails.
    fn probe_root(&mut self) -> Result<bool, Stop> {
        let cells = self.engine.rules.cells;
        loop {
            let mut narrowed = false;
            for cell in 0..cells {
                let mut options = self.engine.state[cell];
                if options & (options - 1) == 0 {
                    continue;
                }
                while options != 0 {
                    let bit = options & options.wrapping_neg();
                    options &= options - 1;
                    if self.engine.state[cell] & bit == 0 {
                        continue;
                    }
                    self.meter.tick().map_err(Stop::Budget)?;
                    let at = self.saved.len();
                    self.saved.extend_from_slice(&self.engine.state);
                    let mark = self.engine.begin();
                    let others = self.engine.state[cell] & !bit;
                    let holds = self.engine.remove(cell, others, false) && self.engine.propagate();
                    if !holds {
                        self.engine.clear_queues();
                    }
                    self.engine.undo(mark);
                    self.engine.state.copy_from_slice(&self.saved[at..]);
                    self.saved.truncate(at);
                    if !holds {
                        // A root change, never undone; a fresh serial saves its words.
                        self.engine.begin();
                        if !self.engine.remove(cell, bit, false) || !self.engine.propagate() {
                            self.engine.clear_queues();
                            return Ok(false);
                        }
                        narrowed = true;
                    }
                }
            }
            if !narrowed {
                return Ok(true);
            }
        }
    }

    /// Records the reduced nld-nogoods of the current branch; `false` if the pool is full.
    ///
    /// They exclude everything the run explored: each explored part is the first branch
    /// (`cell = digit`) of a decision whose second branch is on the current path, and the
    /// nogood of that second branch is the first branch with the positive decisions above
    /// it. So the solutions the run reported are never met again, and counting across
    /// restarts stays exact with no nogood of their own.
    fn record_branch(&mut self) -> bool {
        let cells = self.engine.rules.cells;
        self.engine.nogoods.reserve(cells);
        let mut positives = 0;
        for i in 0..self.path.len() {
            let (cell, bit, positive) = self.path[i];
            if positive {
                positives += 1;
                continue;
            }
            if !self.engine.nogoods.has_room(positives + 1) {
                return false;
            }
            let path = &self.path[..i];
            let literals = path
                .iter()
                .filter(|step| step.2)
                .map(|&(c, b, _)| super::nogood_pool::literal(c as usize, b))
                .chain(std::iter::once(super::nogood_pool::literal(
                    cell as usize,
                    bit,
                )));
            self.engine.add_nogood(literals);
        }
        true
    }

    /// Explores the propagated current state: two-way branching, the chosen cell takes its
    /// smallest candidate, or loses it and the search goes on from there (choosing afresh).
    fn descend(&mut self) -> Result<(), Stop> {
        let open = self.engine.state[Layout::open(self.engine.rules)];
        if (1..=self.finish_open).contains(&open) {
            let wanted = self.max_solutions - self.count;
            if let Finished::Done = self.finish.run(&self.engine, wanted, self.finish_steps) {
                // The rules propagation left undone have nothing to add.
                self.engine.drop_implied();
                return self.emit_finished();
            }
            // Propagation stopped at the Latin rules and the cage tables: the search needs
            // the rest, and a node it refutes is done.
            if !self.engine.propagate_unsettled() {
                return Ok(());
            }
        }
        let Some((cell, options)) = self.choose() else {
            return self.emit();
        };
        let bit = options & options.wrapping_neg();
        let at = self.saved.len();
        let stride = self.engine.state.len();
        self.saved.extend_from_slice(&self.engine.state);
        self.path.push((cell as u32, bit, true));
        self.try_branch(cell, options & !bit)?;
        self.engine
            .state
            .copy_from_slice(&self.saved[at..at + stride]);
        self.saved.truncate(at);
        self.path.last_mut().expect("pushed above").2 = false;
        self.try_branch(cell, bit)?;
        self.path.pop();
        Ok(())
    }

    /// Removes `bits` from `cell`, propagates, and explores what remains.
    fn try_branch(&mut self, cell: usize, bits: u32) -> Result<(), Stop> {
        if self.meter.nodes >= self.cutoff {
            if self.record_branch() {
                return Err(Stop::Restart);
            }
            // The pool is full: no more restarts.
            self.cutoff = u64::MAX;
        }
        self.meter.tick().map_err(Stop::Budget)?;
        self.guesses += 1;
        let mark = self.engine.begin();
        if self.engine.remove(cell, bits, false) && self.engine.propagate() {
            self.descend()?;
        } else {
            self.engine.clear_queues();
            self.last_conflict = Some(cell);
            if let Some(fails) = self.fails.get_mut(cell) {
                *fails += 1;
            }
        }
        self.engine.undo(mark);
        Ok(())
    }

    /// The cell to branch on, and its candidates; `None` when every cell is single. The cell
    /// whose branch failed last comes first; otherwise dom/wdeg decides: the fewest
    /// candidates per weight, a cell's weight being the sum over its cage and houses of the
    /// constraint's weight (from [`OPEN_WEIGHTS_FROM`] up, times the number of its other
    /// open cells: see the module docs), plus in killer puzzles the cell's failed branches.
    fn choose(&mut self) -> Option<(usize, u32)> {
        if let Some(cell) = self.last_conflict.take() {
            let mask = self.engine.state[cell];
            if mask & (mask - 1) != 0 {
                return Some((cell, mask));
            }
        }
        let engine = &self.engine;
        let rules = engine.rules;
        if engine.state[Layout::open(rules)] == 0 {
            return None;
        }
        let cages = rules.cages.len();
        let by_open = rules.n >= OPEN_WEIGHTS_FROM;
        let open = &mut self.open;
        if by_open {
            open.clear();
            open.resize(cages + rules.houses, 0);
            for (cell, &mask) in engine.state[..rules.cells].iter().enumerate() {
                if mask & (mask - 1) != 0 {
                    open[rules.cage_of[cell] as usize] += 1;
                    for k in 0..rules.per_cell {
                        open[cages + rules.house_of(cell, k).0] += 1;
                    }
                }
            }
        }
        // A constraint's weight, times its open cells other than the cell (itself open).
        let weigh = |c: usize| {
            let weight = u64::from(engine.weights[c]);
            if by_open {
                weight * u64::from(open[c] - 1)
            } else {
                weight
            }
        };
        let mut best = None;
        let (mut best_count, mut best_weight) = (0u64, 1u64);
        for (cell, &mask) in engine.state[..rules.cells].iter().enumerate() {
            let count = u64::from(mask.count_ones());
            if count > 1 {
                let mut weight = weigh(rules.cage_of[cell] as usize);
                for k in 0..rules.per_cell {
                    weight += weigh(cages + rules.house_of(cell, k).0);
                }
                if let Some(&fails) = self.fails.get(cell) {
                    weight += u64::from(fails);
                }
                // count / weight < best_count / best_weight, without division.
                if best.is_none() || count * best_weight < best_count * weight {
                    best_count = count;
                    best_weight = weight;
                    best = Some((cell, mask));
                }
            }
        }
        debug_assert!(
            best.is_some(),
            "the count of open cells is kept with the candidates"
        );
        best
    }

    /// Reports the solutions an enumeration found from the current state (see
    /// [`finish`](super::finish)): each is the state with its open cells set to the digits
    /// found.
    fn emit_finished(&mut self) -> Result<(), Stop> {
        let finish = std::mem::take(&mut self.finish);
        self.write_state();
        let mut result = Ok(());
        // Every solution sets the same open cells, so each overwrites the last.
        for solution in finish.solutions() {
            for (cell, digit) in solution {
                self.solution.set(Cell(cell as u16), digit);
            }
            result = self.report();
            if result.is_err() {
                break;
            }
        }
        self.finish = finish;
        result
    }

    /// Writes the digit of each cell of the current state (its smallest candidate, if
    /// open) into the solution grid.
    fn write_state(&mut self) {
        let rules = self.engine.rules;
        for (cell, mask) in self.engine.state[..rules.cells].iter().enumerate() {
            self.solution
                .set(Cell(cell as u16), mask.trailing_zeros() as u8 + 1);
        }
    }

    /// Reports the solved current state.
    fn emit(&mut self) -> Result<(), Stop> {
        self.write_state();
        self.report()
    }

    /// Reports the solution grid as it stands.
    fn report(&mut self) -> Result<(), Stop> {
        self.count += 1;
        // The rest is proving there is no other solution, or counting them: this run
        // finishes it (see the module docs).
        self.cutoff = u64::MAX;
        (self.found)(&self.solution);
        if self.count >= self.max_solutions {
            return Err(Stop::SolutionLimit);
        }
        Ok(())
    }
}

/// Luby's sequence, from `k = 1`: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (Luby, Sinclair,
/// Zuckerman 1993), the run lengths of the restarts.
fn luby(k: u64) -> u64 {
    let mut k = k;
    loop {
        // The smallest i with 2^i - 1 >= k.
        let mut i = 1;
        while (1u64 << i) - 1 < k {
            i += 1;
        }
        if (1u64 << i) - 1 == k {
            return 1 << (i - 1);
        }
        k -= (1u64 << (i - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(super::luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
