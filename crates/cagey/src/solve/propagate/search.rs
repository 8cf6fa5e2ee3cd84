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
//! - tried and dropped later: the first digit by *solution density* (counting-based search,
//!   Pesant, Quimper, Zanarini 2012): the share of the cage's live tuples that put the
//!   digit in the cell, and one over the digit's places in each of the cell's houses,
//!   taken as the cage's share alone, the largest of the three, their product, or the
//!   houses' largest alone. Nodes (uniqueness checks, `random/unique-16x16` capped at
//!   300,000 a puzzle, total / median; smallest first: 829,000 / 5,649): 1.00M / 9,145,
//!   928,000 / 8,509, 1.20M / 5,119, 1.24M / 5,861; `random/hard-9x9-big-cages` 22,153 in
//!   all with the smallest first, 23,816 to 45,630 with these. Most of a uniqueness
//!   check is refuting, where the order of the digits does not matter.
//!
//! **Restarts with nogoods** (Lecoutre, Sais, Tabary, Vidal 2007): the search runs in
//! pieces of 100, 100, 200, 100, 100, 200, 400, ... nodes (Luby's sequence); each cut-off
//! run leaves, as [`nogoods`](super::nogoods), what it refuted, and the next run starts at
//! the root with those and the weights learnt so far, so its first choices are the ones
//! dom/wdeg would have made had it known. Restarts without nogoods, which explore the same
//! ground again, had cost 2.7 times the nodes. The nogoods also exclude the solutions
//! already reported, so counting stays exact (see [`Searcher::record_branch`]).
//!
//! Measured with all-different consistency on (nodes, uniqueness checks; "16x16" the 16
//! puzzles of `random/unique-16x16` under 30,000 nodes; hard 9x9 big cages / sums only,
//! 12x12):
//!
//! - no restarts: 49,100 / 34,900, 57,300, 103,600 on 16x16;
//! - Luby x 100 (kept): 41,900 / 47,500, 37,100, 78,200; Luby x 50: 28,200 / 52,000,
//!   60,000, 99,400; Luby x 200: 41,900 / 51,200, 38,000, 90,200; geometric 20 x 1.5^k:
//!   47,400 / 42,800, 30,000, 130,700. The spread is wide, as with any restart policy;
//!   100 is the best on the large grids, where the nodes are.
//!
//! As kept (restarts, and all-different consistency from 13x13 on, since turned off up to
//! 16x16: see [`MATCHING_FROM`](super::matching::MATCHING_FROM)): 30,500 / 42,200,
//! 51,200, 78,200, against 96,900 / 38,800, 68,000, 128,200 before both. The worst of
//! the hard 9x9 went from 93,100 nodes to 26,500; the sums-only ones, whose search is
//! short, lose a little to the restarts.
//!
//! Tried and dropped at the same time (same puzzles): failed-value probing of the cells
//! with two candidates at the top one or three levels (16x16 109,000 to 119,000 and
//! 122,000 nodes, probes counted; at every level 502,000); weighing cells rather than
//! constraints, each failure adding `1 / candidates` to every open cell of the failed
//! constraint (dom/wdeg^ca.cd, Wattez et al. 2019): 16x16 109,000 to 840,000, 12x12
//! 62,000 to 308,000; without last conflict 16x16 199,000; weighing the cage alone
//! 578,000.
//!
//! Tried and dropped later, against Luby x 100 (nodes, uniqueness checks; hard 9x9 big
//! cages / sums only, 12x12 as above: 30,500 / 42,200, 51,200; "16x16" here the 19
//! puzzles of `random/unique-16x16` that finish in 150,000 nodes, 187,900, the other six
//! cut off there with every variant unless said):
//!
//! - a restart unit growing with the grid, `100 * cells / 81`: 9x9 unchanged, 12x12
//!   45,500, 16x16 238,200; with `cells^2`: 16x16 309,700;
//! - a restart unit growing with the cells left open at the root, `2 * open` per Luby
//!   step: 41,900 / 38,300, 36,200, 16x16 326,300 with a seventh puzzle cut off;
//!   `1.2 * open`: 16x16 266,500. Longer runs help the 12x12 and hurt the 16x16, where
//!   the nodes are (the hard 16x16 that regressed with restarts was not rescued by any of
//!   these within 150,000 nodes);
//! - phase saving (a cell's first branch is the digit it last took, kept across
//!   restarts): 31,300 / 52,600, 45,300, 16x16 315,700; also taking the digits of every
//!   single cell at the cut-off: 44,500 / 49,400, 42,700, 16x16 335,700;
//! - decaying the constraint weights at each restart (`w -> (w + 1) / 2`): 48,400 /
//!   48,100, 52,500; `w -> 1 + 3 (w - 1) / 4`: 58,300 / 45,900, 54,200 (not run on
//!   16x16, lost on both others).
//!
//! - conflict-history search (CHS, Habet and Terrioux 2021) in place of the weights: at
//!   each failure the constraint's score moves towards `1 / (conflicts since its last
//!   failure + 1)`, by a step falling from 0.4 to 0.06, and scores decay at restarts.
//!   Nodes (hard 9x9 big cages / sums only, 12x12, all 25 16x16 uncapped): dom/wdeg
//!   22,045 / 43,239, 35,854, 2.42M; CHS 35,561 / 50,210, 47,293, 2.39M; CHS counting only
//!   constraints with another open cell 38,325 / 50,210, 47,403, 2.17M. It took the worst
//!   16x16 (line 2489) from 1.45M nodes to 460,000, but line 8 from 224,000 to 733,000 and
//!   the 16x16 median from 8,467 to 14,804: it moves the tail rather than shortening it.
//!
//! **Weighing each constraint by its other open cells** (from 13x13 up,
//! [`OPEN_WEIGHTS_FROM`]): a cell's weight is the sum over its cage and houses of the
//! constraint's weight times the number of its other cells with more than one candidate,
//! rather than the weights alone. It is textbook dom/wdeg, which counts only constraints
//! with another unassigned variable, taken over the binary decomposition of the
//! constraints: each open cell the cell shares a constraint with is a neighbour, weighing
//! what the constraint weighs. (The textbook rule on the
//! constraints as they are changes almost nothing here: an open cell's houses always have
//! another open cell, and a cage seldom lacks one.) Nodes, uniqueness checks, each corpus
//! also run transposed and rotated half a turn (the same puzzles, the cells in another
//! order, which the heuristic is sensitive to), weights alone / weights times other open
//! cells:
//!
//! | corpus | as given | transposed | rotated |
//! |---|---|---|---|
//! | hard 9x9 big cages, total | 22,045 / 47,271 | 23,823 / 43,462 | 22,086 / 44,444 |
//! | hard 9x9 sums only, total | 43,239 / 49,607 | 50,731 / 46,588 | 60,477 / 52,246 |
//! | 12x12, total | 35,854 / 44,157 | 44,043 / 38,992 | 45,139 / 24,560 |
//! | 16x16 capped at 300,000, total | 1.264M / 836k | 1.142M / 837k | 1.408M / 836k |
//! | 16x16 per puzzle, geometric mean of the ratio | 0.82 | 0.76 | 0.73 |
//! | 16x16 puzzle 1 | 224k / 104k | 164k / 114k | 194k / 100k |
//! | 16x16 puzzle 5 | 196k / 125k | 214k / 106k | 243k / 122k |
//! | 16x16 puzzle 11 | 249k / 50k | 163k / 55k | over 300k / 56k |
//!
//! Uncapped, the 16x16 totals went from 2.42M to 1.69M nodes as given, 1.89M to 1.76M
//! transposed, 2.35M to 1.58M rotated; the worst puzzle (25) from 1.45M to 1.15M, 1.05M
//! to 1.22M, 1.20M to 1.04M. Counting the open cells costs little (the capped 16x16 run
//! took 19.4 s against 29.0 s). On 9x9 it loses: one hard 9x9 with big cages goes from
//! 17,000-18,000 nodes to 34,000-41,000 in every orientation (the other five of its file
//! lose or win little), and the sums-only file wins in one orientation of three. On 12x12
//! most puzzles gain (the geometric mean of the ratio is 0.83 to 0.89 in each
//! orientation) but the slowest as given goes from 29,800 nodes to 38,400. So the rule
//! is on where it wins in every orientation, the 16x16. Timed over the 25 16x16 puzzles as
//! given (`cagey solve --jobs 1`, one run after the other): median 160 to 282 ms (the
//! median puzzle is among those that lose, 8,467 nodes to 11,975), 90th percentile 5.2 to
//! 2.5 s, slowest 29.2 to 26.1 s, the whole file 50.7 to 39.0 s.
//!
//! Also tried (as given): the weights of the constraints with another open cell only,
//! 16x16 1.22M, big cages 37,300, 12x12 45,200; weight times other open cells over the
//! constraint's size, 1.19M with puzzle 11 cut off, big cages 80,200; times all its open
//! cells, 1.08M, sums only 56,300; times the square root of the other open cells, 1.28M;
//! times their square, 1.21M; the weights alone times one plus all the cell's open
//! neighbours, 1.41M; a cage weighing as a house (times `(n - 1) / (size - 1)`), 940k
//! (1.13M transposed), big cages 57,100; the houses times the share of their other cells
//! open, the cage counted only with another open cell, 1.36M.
//!
//! With this weighting the restart unit and the probing threshold were measured again on
//! the 16x16 (capped at 300,000 nodes; as given / transposed / rotated): Luby x 100 and
//! probing from 10,000 give 836k / 837k / 833k; x 50 966k as given; x 200 870k / 969k /
//! 810k; x 400 980k / 998k / 926k; probing from 3,000 908k, from 30,000 912k; x 200 with
//! probing from 3,000 815k / 962k / 774k. Longer runs solve line 2489 in a third of the
//! nodes in some orientations (x 200: 401,000 as given and transposed, against 1.15M),
//! but not in all, and cost most of the other puzzles more: the values stay.
//!
//! **Probing the root once the search runs long** (singleton consistency: every candidate
//! of every open cell tried, and dropped if its propagation fails, with the nogoods so far,
//! until none is). A run starts with a probe once 10,000 nodes have gone by
//! ([`PROBE_FROM`]), and again each time the count has doubled: puzzles solved sooner never
//! probe, and a long search spends at most a share of itself on it. Nodes per puzzle of
//! `random/unique-16x16` (uniqueness checks, capped at 300,000; probes count as nodes),
//! without probing / probing from 10,000:
//!
//! | puzzle | 1 | 5 | 11 | 13 | 24 | 25 | the other 19 |
//! |---|---|---|---|---|---|---|---|
//! | without | over 300k | over 300k | over 300k | 994k (45 s) | over 300k | 1.15M | unchanged |
//! | from 10,000 | 224k | 196k | 249k | 45k (1.6 s) | 59k | over 300k | 9 unchanged, 10 within 2x either way |
//!
//! The median stays where it was (8,467 nodes); the five puzzles that ran past 300,000
//! nodes but one finish within 250,000. Elsewhere (node totals, worst puzzle in brackets):
//! hard 9x9 big cages 30,530 (26,459) to 22,045 (17,974), sums only 42,182 (24,167) to
//! 43,239 (24,316), 12x12 51,241 (45,149) to 35,854 (29,762).
//!
//! Probing from 2,000 or 5,000 nodes instead helps the same tail as much but costs the
//! middle puzzles more (16x16 node totals 1.34M and 1.27M against 1.26M, capped as above;
//! hard 9x9 sums only 42,200 to 56,400 from 2,000); from 500 it doubled the medians of the
//! hard 9x9. Charging the constraints' weights for
//! the failures probing finds, or not, made no clear difference (1.25M against 1.34M
//! from 2,000): they are charged, as in the search. Also tried on the two slowest 16x16:
//! probing at every restart past 10,000 nodes (puzzle 25 still unsolved at 800,000 nodes,
//! most of them probes), and pruning each cell to the union of what every probe of
//! another cell leaves (constructive disjunction: puzzle 13 the same 45,000 nodes, puzzle
//! 25 unsolved at 600,000).
//!
//! **No restarts once a solution is found.** What is left then is mostly proving there is
//! no other (or counting the others), and restarting that proof loses more than it learns:
//! the run that found the solution goes on to its end. Most of a uniqueness check can be
//! that proof: on the slowest 16x16 (puzzle 25, line 2489) the solution comes at node
//! 112,974 of 1,151,855. Nodes (uniqueness checks, `cagey solve --jobs 1 --output jsonl`),
//! restarting after the solution as before / not:
//!
//! | corpus | total | median | slowest |
//! |---|---|---|---|
//! | `random/unique-16x16` | 1.688M / 1.543M | 11,975 / 8,827 | 1,151,855 / 1,030,585 |
//! | `random/unique-12x12` | 35,854 / 33,690 | 93 / 93 | |
//! | `random/hard-9x9-big-cages` | 22,045 / 22,153 | 1,407 / 1,435 | |
//! | `random/hard-9x9-sums-only` | 43,239 / 42,001 | 1,855 / 2,071 | |
//! | `random/unique-9x9` | 1,762 / 1,840 | 1 / 1 | |
//!
//! The 16x16 file took 39.9 s against 35.4 s, one run after the other. Looked at first and
//! dropped: probing the root against the solution found (a cell whose propagation fails
//! without the solution's digit has it in every solution left): on the 16x16 puzzles it
//! fixed a cell or two at most, of some 230 open. Looked at later: restarting once, right
//! after the first solution (the branch that found it recorded as nogoods like any other,
//! which excludes the solution), then never again: puzzle 25 from 1,030,585 nodes to
//! 992,238, no real change. Nor does starting the proof with the constraints' weights
//! decayed (halved, divided by 8, back to 1: 924,163, 933,181 and 990,761 nodes) or
//! without last conflict (over 1.5 million): the proof needs to get shorter by more than a
//! heuristic moves it.
//!
//! Nor does the solution guide it (`random/unique-16x16`, nodes in all and the median
//! puzzle's, against 1.081M and 5,583): restarting once at the first solution, 1.069M and
//! 7,986; restarting and then taking at each branch the solution's digit first (the
//! proof is then the path to the solution and the refutation of each step off it),
//! 1.111M and 5,203. Over that file the first solution comes at a median of 3,356 nodes
//! (one solution asked for) and the check ends at a median of 5,583: finding the
//! solution and proving it alone are of a size.

use super::finish::{Finish, Finished, FINISH_OPEN, FINISH_STEPS};
use super::fixpoint::{Engine, Layout};
use super::{emptied, Keep};
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
}

impl Tuning {
    pub(super) const DEFAULT: Tuning = Tuning {
        probe_from: PROBE_FROM,
        finish_open: FINISH_OPEN,
        finish_steps: FINISH_STEPS,
        small_up_to: super::small::SMALL_UP_TO,
    };
}

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
/// [`Spare`](super::Spare)).
#[derive(Default)]
pub(super) struct Spare {
    saved: Vec<u32>,
    path: Vec<(u32, u32, bool)>,
    root_state: Vec<u32>,
    open: Vec<u32>,
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
            finish,
            solution: _,
        } = spare;
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
        }
    }

    /// Gives the vectors back for the next puzzle, the engine's with them, as far as `keep`
    /// has room.
    pub(super) fn into_spare(self, keep: &mut Keep) -> (super::fixpoint::Spare, Spare) {
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
        } = self;
        let spare = Spare {
            saved: keep.vec(saved),
            path: keep.vec(path),
            root_state: keep.vec(root_state),
            open: keep.vec(open),
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
        if !self.engine.start() || !self.engine.propagate() {
            return Ok(());
        }
        self.engine.first_pass = false;
        // Nogoods already watched (or applied at the root).
        let mut watched = 0;
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
            while watched < self.engine.nogoods.count() {
                if !self.engine.watch_nogood(watched) {
                    self.engine.clear_queues();
                    return Ok(());
                }
                watched += 1;
            }
            if !self.engine.propagate() {
                return Ok(());
            }
        }
        Ok(())
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
                .map(|&(c, b, _)| super::nogoods::literal(c as usize, b))
                .chain(std::iter::once(super::nogoods::literal(cell as usize, bit)));
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
        }
        self.engine.undo(mark);
        Ok(())
    }

    /// The cell to branch on, and its candidates; `None` when every cell is single. The cell
    /// whose branch failed last comes first; otherwise dom/wdeg decides: the fewest
    /// candidates per weight, a cell's weight being the sum over its cage and houses of the
    /// constraint's weight (from [`OPEN_WEIGHTS_FROM`] up, times the number of its other
    /// open cells: see the module docs).
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
