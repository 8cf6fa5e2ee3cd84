//! One puzzle searched on several threads: *cube and conquer* (Heule, Kullmann, Wieringa,
//! Biere 2011). A search that has not ended within its first
//! [`SPLIT_AFTER`](super::search::SPLIT_AFTER) nodes is cut into parts (*cubes*): the root
//! is split on a cell's candidates, each part again, until there are [`CUBES_PER_THREAD`]
//! parts a thread; each part, one digit in each cell it was cut on, is then searched to its
//! end as a whole puzzle is, restarts, nogoods and all, the threads taking the next part as
//! they finish one. The parts divide the solutions between them, so their counts add up to
//! the puzzle's.
//!
//! What the first search explored is not searched again: it is recorded as nogoods, as
//! at a restart, and every part starts from them, and from the constraint weights it
//! learnt (dom/wdeg), by which the split chooses its cells too. Only searches for at most
//! two solutions split (solving, checking uniqueness): the solutions found are held until
//! all parts end, and reported, the first search's first, in the parts' order.
//! Measurements: `docs/performance.md`, *One puzzle on several threads*.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rayon::prelude::*;
use web_time::Instant;

use super::engine::Engine;
use super::rules::Rules;
use super::search::{Searcher, Stop, Tuning};
use crate::model::Grid;
use crate::solve::{Budget, End, Limits, Meter, Search, Stats, Team};

/// Parts a thread: enough that a thread finishing its parts early finds others to take
/// while the longest part runs. Four and eight measured alike on Mathemagic's killers,
/// sixteen took more nodes: every part pays for learning the puzzle afresh.
const CUBES_PER_THREAD: usize = 8;

/// Cuts the puzzle into parts: breadth first, each part that propagates without a
/// contradiction split on the open cell with the fewest candidates per weight, one part a
/// candidate, until there are `wanted` parts. Parts that fail are dropped (they hold no
/// solution); a solved part stays one.
fn cubes(rules: &Rules, weights: &[u32], fails: &[u32], wanted: usize) -> Vec<Vec<(u32, u32)>> {
    let mut queue = std::collections::VecDeque::from([Vec::new()]);
    let mut done = Vec::new();
    while let Some(cube) = queue.pop_front() {
        if queue.len() + done.len() + 1 >= wanted {
            done.push(cube);
            done.extend(queue.drain(..));
            break;
        }
        let mut engine = Engine::new_in(rules, Default::default());
        engine.weights.copy_from_slice(weights);
        if !(engine.start() && engine.propagate() && engine.enter(&cube)) {
            continue;
        }
        match choose(&engine, fails) {
            None => done.push(cube),
            Some((cell, mut options)) => {
                while options != 0 {
                    let bit = options & options.wrapping_neg();
                    options &= options - 1;
                    let mut part = cube.clone();
                    part.push((cell as u32, bit));
                    queue.push_back(part);
                }
            }
        }
    }
    done
}

/// The open cell with the fewest candidates per weight of its cage and houses (and, in
/// killers, of its own failed branches), as the search chooses (without its
/// per-open-cell weighing of large grids).
fn choose(engine: &Engine, fails: &[u32]) -> Option<(usize, u32)> {
    let rules = engine.rules;
    let cages = rules.cages.len();
    let weight_of = |cell: usize| {
        let mut weight = u64::from(engine.weights[rules.cage_of[cell] as usize]);
        for k in 0..rules.per_cell {
            weight += u64::from(engine.weights[cages + rules.house_of(cell, k).0]);
        }
        weight + fails.get(cell).map_or(0, |&fails| u64::from(fails))
    };
    engine.state[..rules.cells]
        .iter()
        .enumerate()
        .filter(|(_, &mask)| mask & (mask - 1) != 0)
        .min_by(|&(a, &ma), &(b, &mb)| {
            // count / weight, compared without division.
            let (ca, cb) = (u64::from(ma.count_ones()), u64::from(mb.count_ones()));
            (ca * weight_of(b)).cmp(&(cb * weight_of(a)))
        })
        .map(|(cell, &mask)| (cell, mask))
}

/// What one part's search found.
struct Part {
    solutions: Vec<Grid>,
    end: Result<(), Stop>,
    nodes: u64,
    guesses: u64,
}

/// What a first search, stopped by its node budget, leaves to a split search.
pub(super) struct First {
    /// The constraint weights it learnt.
    pub(super) weights: Vec<u32>,
    /// The counts of failed branches on each cell it learnt (killers; empty elsewhere).
    pub(super) fails: Vec<u32>,
    /// All it explored, as nogoods.
    pub(super) nogoods: Vec<Vec<u32>>,
    /// The solutions it found (in what it explored).
    pub(super) solutions: Vec<Grid>,
    /// Its effort.
    pub(super) stats: Stats,
}

/// Searches the puzzle of `rules` on `threads` threads, going on from a `first` search;
/// reports the solutions to `found`, in the parts' order, once every part has ended.
pub(super) fn search(
    rules: &Rules,
    limits: &Limits,
    tuning: Tuning,
    first: First,
    start: Instant,
    found: &mut dyn FnMut(&Grid),
) -> Search {
    let First {
        weights,
        fails,
        nogoods,
        solutions: held,
        stats: first,
    } = first;
    let weights = &weights[..];
    // Threads past the cores only share them and add parts to search: at most one a core,
    // whatever a caller asks (Python's `threads` has no ceiling of its own).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = limits.threads.clamp(1, cores);
    let parts = cubes(rules, weights, &fails, CUBES_PER_THREAD * threads);
    let team = Arc::new(Team::new(limits.max_nodes.saturating_sub(first.nodes)));
    let solutions = AtomicU64::new(held.len() as u64);
    let max_solutions = limits.max_solutions.max(1);
    let run = |cube: &Vec<(u32, u32)>| -> Part {
        let mut kept = Vec::new();
        let mut keep = |grid: &Grid| {
            kept.push(grid.clone());
            if solutions.fetch_add(1, Ordering::Relaxed) + 1 >= max_solutions {
                team.stop();
            }
        };
        let mut engine = Engine::new_in(rules, Default::default());
        engine.weights.copy_from_slice(weights);
        let meter = Meter::started(limits, start).in_team(Arc::clone(&team));
        let mut searcher = Searcher::new_in(
            engine,
            meter,
            max_solutions,
            tuning,
            &mut keep,
            Default::default(),
        );
        searcher.start_from(cube);
        searcher.inherit(&nogoods, &fails);
        let end = searcher.root();
        let (nodes, guesses) = (searcher.meter.nodes, searcher.guesses);
        drop(searcher);
        Part {
            solutions: kept,
            end,
            nodes,
            guesses,
        }
    };
    // In the parts' order, whichever thread ran each.
    let results: Vec<Part> = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| parts.par_iter().with_max_len(1).map(run).collect()),
        // No threads to be had: the calling thread takes every part.
        Err(_) => parts.iter().map(run).collect(),
    };
    let mut stats = first;
    let mut count = 0;
    for grid in &held {
        count += 1;
        found(grid);
    }
    let mut budget = None;
    for part in &results {
        stats.nodes += part.nodes;
        stats.guesses += part.guesses;
        if let Err(Stop::Budget(b)) = part.end {
            budget.get_or_insert(b);
        }
        for grid in &part.solutions {
            if count < max_solutions {
                count += 1;
                found(grid);
            }
        }
    }
    stats.elapsed = start.elapsed();
    let end = if count >= max_solutions {
        End::SolutionLimit
    } else if team.out_of_nodes() {
        End::OutOfBudget(Budget::Nodes(limits.max_nodes))
    } else if let Some(budget) = budget {
        End::OutOfBudget(budget)
    } else {
        End::Exhausted
    };
    Search { count, end, stats }
}
