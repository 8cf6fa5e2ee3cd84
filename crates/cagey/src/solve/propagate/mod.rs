//! The production solver: constraint propagation over bitmask candidates with compact-table
//! cage filtering, and a two-way depth-first search guided by the constraints that fail.
//! How it works and why, with the measurements behind each choice, is in
//! `docs/design/engine.md`; the history of the speed work in `docs/performance-rounds.md`.
//!
//! # The map
//!
//! Each part imports only the parts below it:
//!
//! ```text
//!   mod.rs          the solver: Context (reused buffers), Propagate (the Solver)
//!     split         a long search cut into parts, one thread a part  (split.rs)
//!     search        branching, restarts, counting solutions          (search.rs)
//!     finish        a node with at most 20 open cells, by enumeration (finish.rs)
//!     fixpoint      the loop: rules cheapest first until none applies (fixpoint.rs)
//!       houses        naked and hidden singles, placing digits        (houses.rs)
//!       compact_table cage tables: consistency, cage in a house,
//!                     house in a cage                                (compact_table.rs)
//!       bounds        cages too big to tabulate: sum and product bounds (bounds.rs)
//!       house_sums    each house adds up to n(n+1)/2, and in killers each
//!                     union of rows, columns or regions 1..k: innies, outies (house_sums.rs)
//!       matching      all different by perfect matchings (above 16x16) (matching.rs)
//!       nogoods       what earlier runs refuted, watched literals     (nogoods.rs)
//!     engine        the state: candidates, positions, live tuples, trail, queues (engine.rs)
//!     sum_sets      bitsets of sums, the house-sum rule's items       (sum_sets.rs)
//!     nogood_pool   the recorded nogoods' storage                     (nogood_pool.rs)
//!     rules         what a puzzle fixes once: tables, groups, houses   (rules.rs)
//!     tables        listing a cage's tuples                           (tables.rs)
//!     recycle       reusing one solve's vectors for the next          (recycle.rs)
//!   small           grids up to 4x4, searched without the engine      (small.rs)
//! ```
//!
//! Each cell holds its candidates as a `u32` (bit `d` for digit `d + 1`, as in
//! [`DigitSet`](crate::DigitSet)), and each house (row, column, and region in puzzles with
//! boxes or jigsaw regions) holds, for each digit, the positions still open to it: the same
//! information seen from the digit's side. The rules extend [`Engine`](engine::Engine) with
//! what they do, each in its own file; [`fixpoint`] decides their order. What does not
//! change during a search (tables, groups, houses) is built once per puzzle ([`rules`]).
//! The search saves a few arrays of `u32` before a branch and copies them back before the
//! other; the live-tuple bitsets are restored from a trail of changed words. Nothing is
//! allocated once the stacks have grown to the deepest level.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*mod.rs*).

mod bounds;
mod compact_table;
mod engine;
mod finish;
mod fixpoint;
mod house_sums;
mod houses;
mod matching;
mod nogood_pool;
mod nogoods;
mod recycle;
mod rules;
mod search;
mod small;
#[cfg(not(target_arch = "wasm32"))]
mod split;
mod sum_sets;
mod tables;

use std::cell::Cell;
use web_time::Instant;

use super::{End, Limits, Meter, Search, SolveError, Solver, Stats};
use crate::model::{Grid, Puzzle};
use engine::Engine;
use recycle::Keep;
use rules::Rules;
use search::{Searcher, Stop, Tuning};

/// The vectors of one solve, kept for the next: a caller that solves many puzzles in a row
/// (the generator, a batch) owns one and passes it to [`Propagate::search_in`], so that
/// nothing is allocated once the vectors have grown to the largest puzzle. The [`Solver`]
/// trait's calls keep one per thread.
///
/// Vectors are kept up to 16 megabytes; a huge puzzle's larger ones are freed at its end.
#[derive(Default)]
pub struct Context {
    rules: rules::Spare,
    engine: engine::Spare,
    searcher: search::Spare,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Context { .. }")
    }
}

thread_local! {
    /// The context of the [`Solver`] trait's calls on this thread. Boxed, so that taking it
    /// and giving it back moves a pointer, not the kilobyte of the vectors' headers. A
    /// solve that finds the slot empty (the first on its thread, or one started from
    /// inside another's `found`) starts afresh, and the last to end keeps its vectors.
    static CONTEXT: Cell<Option<Box<Context>>> = const { Cell::new(None) };
}

/// The production solver (`--method propagate`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Propagate;

impl Solver for Propagate {
    fn name(&self) -> &'static str {
        "propagate"
    }

    fn summary(&self) -> &'static str {
        "constraint propagation with cage tables and search (the default)"
    }

    fn search(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Result<Search, SolveError> {
        // The engine takes the whole family: regions, the killer rule, multi-cell `-` and
        // `÷`, givens, hidden operations (checked against the checker here, and against an
        // independent brute-force counter in `tests/variants.rs`).
        Ok(search_any(puzzle, limits, found))
    }
}

impl Propagate {
    /// [`Solver::search`] in the caller's `context`, whose vectors it reuses and refills:
    /// for a caller that solves many puzzles in a row on one thread of its own.
    pub fn search_in(
        &self,
        context: &mut Context,
        puzzle: &Puzzle,
        limits: &Limits,
        found: &mut dyn FnMut(&Grid),
    ) -> Search {
        search_probing(context, puzzle, limits, Tuning::DEFAULT, found)
    }
}

/// Searches any puzzle of the family, variants included, in this thread's context.
fn search_any(puzzle: &Puzzle, limits: &Limits, found: &mut dyn FnMut(&Grid)) -> Search {
    search_tuned(puzzle, limits, Tuning::DEFAULT, found)
}

/// [`search_any`], tuned as `tuning` says (tests vary it).
fn search_tuned(
    puzzle: &Puzzle,
    limits: &Limits,
    tuning: Tuning,
    found: &mut dyn FnMut(&Grid),
) -> Search {
    let mut context = CONTEXT.take().unwrap_or_default();
    let search = search_probing(&mut context, puzzle, limits, tuning, found);
    CONTEXT.set(Some(context));
    search
}

/// A search in `context`, tuned as `tuning` says (tests vary it). Kept out of line: it is
/// the unit the instruction counts of this module are measured by.
#[inline(never)]
fn search_probing(
    context: &mut Context,
    puzzle: &Puzzle,
    limits: &Limits,
    tuning: Tuning,
    found: &mut dyn FnMut(&Grid),
) -> Search {
    // The small grids' search and the finishing enumeration know the houses only: under the
    // diagonal rule every node is propagated, diagonals and all.
    let tuning = if puzzle.options().diagonals {
        Tuning {
            small_up_to: 0,
            finish_open: 0,
            ..tuning
        }
    } else {
        tuning
    };
    if puzzle.size() <= tuning.small_up_to {
        let grid = context.searcher.take_solution(puzzle.size());
        let (search, grid) = small::search(puzzle, limits, grid, found);
        context.searcher.keep_solution(grid);
        return search;
    }
    let start = Instant::now();
    let rules = Rules::new_in(puzzle, &mut context.rules);
    // A search that may split runs its first nodes alone, holding the solutions it finds
    // until it knows whether it goes on in parts (see `split.rs`). Only killers split:
    // on 16x16 KenKen the parts took twice the nodes between them, and longer.
    #[cfg(not(target_arch = "wasm32"))]
    let split = limits.threads > 1
        && rules.killer
        && limits.max_solutions <= search::SPLIT_SOLUTIONS
        && limits.max_nodes > tuning.split_after;
    #[cfg(target_arch = "wasm32")]
    let split = false;
    let mut held: Vec<Grid> = Vec::new();
    let mut hold = |grid: &Grid| held.push(grid.clone());
    let first_limits;
    let (first_limits, sink): (&Limits, &mut dyn FnMut(&Grid)) = if split {
        first_limits = Limits {
            max_nodes: tuning.split_after,
            ..limits.clone()
        };
        (&first_limits, &mut hold)
    } else {
        (limits, &mut *found)
    };
    let mut searcher = Searcher::new_in(
        Engine::new_in(&rules, std::mem::take(&mut context.engine)),
        Meter::started(first_limits, start),
        limits.max_solutions,
        tuning,
        sink,
        std::mem::take(&mut context.searcher),
    );
    let end = match searcher.root() {
        Ok(()) => End::Exhausted,
        Err(Stop::SolutionLimit) => End::SolutionLimit,
        Err(Stop::Budget(budget)) => End::OutOfBudget(budget),
        Err(Stop::Restart) => unreachable!("restarts end in the root"),
    };
    let (count, nodes, guesses) = (searcher.count, searcher.meter.nodes, searcher.guesses);
    let stats = Stats {
        nodes,
        guesses,
        elapsed: start.elapsed(),
        ..Stats::default()
    };
    // Stopped at its budget, the search goes on from where it is on several threads: from
    // its nogoods and with its solutions, if the nogoods' pool had room for all it
    // explored, else from the root, its solutions to be found again.
    #[cfg(not(target_arch = "wasm32"))]
    let first = (split && matches!(end, End::OutOfBudget(super::Budget::Nodes(_)))).then(|| {
        let learnt = (searcher.engine.weights.clone(), searcher.fails().to_vec());
        let sealed = searcher.seal();
        let nogoods = if sealed {
            searcher.nogoods()
        } else {
            Vec::new()
        };
        (learnt, nogoods, sealed)
    });
    let mut keep = Keep::new();
    (context.engine, context.searcher) = searcher.into_spare(&mut keep);
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(((weights, fails), nogoods, sealed)) = first {
        let first = split::First {
            weights,
            fails,
            nogoods,
            solutions: if sealed { held } else { Vec::new() },
            stats,
        };
        let search = split::search(&rules, limits, tuning, first, start, found);
        rules.into_spare(&mut context.rules, &mut keep);
        return search;
    }
    rules.into_spare(&mut context.rules, &mut keep);
    for grid in &held {
        found(grid);
    }
    Search { count, end, stats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{check, Cage, Cell, Operation, Options, Regions};
    use crate::solve::Limits;

    /// A small seeded generator (xorshift), so that the test is the same on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Every Latin square of side 4 (there are 576).
    fn latin_squares_4() -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        let mut grid = vec![0u8; 16];
        fn fill(cell: usize, grid: &mut Vec<u8>, all: &mut Vec<Vec<u8>>) {
            if cell == 16 {
                all.push(grid.clone());
                return;
            }
            let (row, col) = (cell / 4, cell % 4);
            for digit in 1..=4 {
                let clash = (0..4).any(|k| {
                    (k < col && grid[row * 4 + k] == digit)
                        || (k < row && grid[k * 4 + col] == digit)
                });
                if !clash {
                    grid[cell] = digit;
                    fill(cell + 1, grid, all);
                }
            }
            grid[cell] = 0;
        }
        fill(0, &mut grid, &mut all);
        all
    }

    /// Cuts the 4x4 grid into random connected cages of one to four cells.
    fn random_cages(rng: &mut Rng) -> Vec<Vec<u16>> {
        let mut owner = [usize::MAX; 16];
        let mut cages: Vec<Vec<u16>> = Vec::new();
        for start in 0..16 {
            if owner[start] != usize::MAX {
                continue;
            }
            let id = cages.len();
            let mut cells = vec![start as u16];
            owner[start] = id;
            let want = 1 + rng.below(4);
            while cells.len() < want {
                let from = cells[rng.below(cells.len())] as usize;
                let (row, col) = (from / 4, from % 4);
                let next = match rng.below(4) {
                    0 if row > 0 => from - 4,
                    1 if row < 3 => from + 4,
                    2 if col > 0 => from - 1,
                    3 if col < 3 => from + 1,
                    _ => continue,
                };
                if owner[next] == usize::MAX {
                    owner[next] = id;
                    cells.push(next as u16);
                } else if rng.below(3) == 0 {
                    break;
                }
            }
            cages.push(cells);
        }
        cages
    }

    /// A random 4x4 puzzle of the cage-puzzle family built on `square`.
    fn random_variant(rng: &mut Rng, square: &[u8], regions: Regions) -> Option<Puzzle> {
        let options = Options {
            killer: rng.below(4) == 0,
            multi_cell: rng.below(3) == 0,
            ..Options::default()
        };
        let mut cages = Vec::new();
        for cells in random_cages(rng) {
            let digits: Vec<u64> = cells
                .iter()
                .map(|&c| u64::from(square[usize::from(c)]))
                .collect();
            let largest = *digits.iter().max()?;
            let sum: u64 = digits.iter().sum();
            let product: u64 = digits.iter().product();
            let operation = match (cells.len(), rng.below(6)) {
                (1, 0) => Operation::Given,
                (_, 0 | 1) => Operation::Add,
                (_, 2) => Operation::Multiply,
                (2, 3) => Operation::Subtract,
                (2, 4) => Operation::Divide,
                (_, 3) if options.multi_cell => Operation::Subtract,
                (_, 4) if options.multi_cell => Operation::Divide,
                (_, 5) => Operation::Unknown,
                _ => Operation::Add,
            };
            let operation = if options.killer && operation != Operation::Given {
                Operation::Add
            } else {
                operation
            };
            let others = product / largest;
            let target = match operation {
                Operation::Add => sum,
                Operation::Multiply | Operation::Unknown => product,
                Operation::Given => sum,
                Operation::Subtract => (2 * largest).checked_sub(sum)?,
                Operation::Divide if largest % others == 0 => largest / others,
                Operation::Divide => return None,
            };
            // Now and then a wrong target, for puzzles with no solution.
            let target = if rng.below(12) == 0 {
                target + 1
            } else {
                target
            };
            let cells = cells.into_iter().map(Cell).collect();
            cages.push(Cage::new(operation, target, cells));
        }
        let mut builder = Puzzle::builder(4)
            .cages(cages)
            .regions(regions)
            .options(options);
        for _ in 0..rng.below(3) {
            let cell = rng.below(16);
            let digit = if rng.below(8) == 0 {
                1 + rng.below(4) as u8
            } else {
                square[cell]
            };
            builder = builder.given(Cell(cell as u16), digit);
        }
        builder.build().ok()
    }

    /// A puzzle whose cages are its rows, each adding up to `1 + .. + n`: every Latin
    /// square solves it. `given` digits fill the first row.
    fn rows_as_cages(n: usize, given: &[u8]) -> Puzzle {
        let total = (n * (n + 1) / 2) as u64;
        let cages = (0..n)
            .map(|row| {
                let cells = (0..n).map(|col| Cell((row * n + col) as u16)).collect();
                Cage::new(Operation::Add, total, cells)
            })
            .collect();
        let mut builder = Puzzle::builder(n).cages(cages);
        for (col, &digit) in given.iter().enumerate() {
            builder = builder.given(Cell(col as u16), digit);
        }
        builder.build().unwrap()
    }

    /// A killer of side `n` whose cages are its rows, the first row's sum `off` more than
    /// the others': every Latin square solves it when `off` is 0, none otherwise.
    fn killer_rows(n: usize, off: u64) -> Puzzle {
        let total = (n * (n + 1) / 2) as u64;
        let cages = (0..n)
            .map(|row| {
                let cells = (0..n).map(|col| Cell((row * n + col) as u16)).collect();
                let sum = if row == 0 { total + off } else { total };
                Cage::new(Operation::Add, sum, cells)
            })
            .collect();
        let options = Options {
            killer: true,
            ..Options::default()
        };
        Puzzle::builder(n)
            .cages(cages)
            .options(options)
            .build()
            .unwrap()
    }

    /// The solver's settings, with small grids searched by the engine too.
    const ENGINE: Tuning = Tuning {
        small_up_to: 0,
        ..Tuning::DEFAULT
    };

    /// The engine with no node finished by enumeration, so that every node propagates and
    /// branches.
    const UNFINISHED: Tuning = Tuning {
        finish_open: 0,
        ..ENGINE
    };

    /// The engine with every enumeration giving up after two digits, back to the search,
    /// unless it finishes by then.
    const GIVING_UP: Tuning = Tuning {
        finish_steps: 2,
        ..ENGINE
    };

    /// [`UNFINISHED`], probing the root at every run.
    const PROBING: Tuning = Tuning {
        probe_from: 0,
        ..UNFINISHED
    };

    /// [`UNFINISHED`], split after its first node when allowed several threads.
    const SPLITTING: Tuning = Tuning {
        split_after: 1,
        ..UNFINISHED
    };

    #[test]
    fn a_split_search_finds_what_one_thread_finds() {
        // Solving and checking uniqueness of killers on two and three threads, split after
        // a few nodes: what the first search explored (its solutions with it) and the
        // parts hold every solution between them and no two the same one, so the counts
        // and verdicts are those of one thread. Puzzles with one solution, with several
        // (the search stops at two: which two depends on the threads, so only their
        // number and their truth are compared) and with none.
        let mut puzzles = corpus("killer/solo-unreasonable.kk", 3);
        puzzles.extend(corpus("killer/solo-advanced.kk", 2));
        puzzles.extend([killer_rows(5, 0), killer_rows(6, 0), killer_rows(5, 1)]);
        for puzzle in &puzzles {
            assert!(puzzle.options().killer);
            for max_solutions in [1, 2] {
                let one = answer(puzzle, &Limits::solutions(max_solutions), UNFINISHED);
                // More threads than there are cores, up to any number, search on the cores.
                for (threads, split_after) in [(2, 1), (3, 1), (2, 7), (2, 40), (usize::MAX, 1)] {
                    let limits = Limits {
                        threads,
                        ..Limits::solutions(max_solutions)
                    };
                    let tuning = Tuning {
                        split_after,
                        ..SPLITTING
                    };
                    let (count, end, _, _, found) = answer(puzzle, &limits, tuning);
                    assert_eq!((count, end), (one.0, one.1), "{puzzle:?}");
                    assert_eq!(found.len() as u64, count);
                    assert!(found.iter().all(|grid| check(puzzle, grid).is_ok()));
                    if count == 1 && one.1 == crate::solve::End::Exhausted {
                        assert_eq!(found, one.4, "the unique solution");
                    }
                }
            }
        }
    }

    #[test]
    fn a_split_search_agrees_with_the_checker_on_random_variant_puzzles() {
        // Each random 4x4 killer's solutions, listed by the checker over every Latin
        // square, against a split search for two: as many as there are, up to two, and
        // each one of them.
        let squares = latin_squares_4();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut tried = 0;
        while tried < 150 {
            let square = &squares[rng.below(squares.len())];
            let Some(puzzle) = random_variant(&mut rng, square, Regions::None) else {
                continue;
            };
            if !puzzle.options().killer {
                continue;
            }
            tried += 1;
            let expected: Vec<Grid> = squares
                .iter()
                .map(|s| Grid::from_digits(4, s.clone()).unwrap())
                .filter(|grid| check(&puzzle, grid).is_ok())
                .collect();
            for split_after in [1, 3, 10] {
                let limits = Limits {
                    threads: 2,
                    ..Limits::uniqueness()
                };
                let tuning = Tuning {
                    split_after,
                    ..SPLITTING
                };
                let (count, _, _, _, found) = answer(&puzzle, &limits, tuning);
                assert_eq!(count, expected.len().min(2) as u64, "{puzzle:?}");
                assert!(found.iter().all(|grid| expected.contains(grid)));
                assert!(found.len() < 2 || found[0] != found[1]);
            }
        }
    }

    #[test]
    fn a_split_search_keeps_to_its_node_budget() {
        // The parts share one budget: the search stops, out of nodes, at it rather than
        // once per part, and short of the nodes the whole search takes (a part adds its
        // nodes to the count at each look at the clock, a few nodes apart at first).
        // Wecoc #1, a killer of some 6,500 nodes, cut into sixteen parts: were the budget
        // each part's, they would take some 16 x 60 nodes.
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wecoc-1.kk");
        let text = std::fs::read_to_string(path).expect("the fixture is in the repository");
        let puzzle = crate::formats::kk::parse(&text).expect("a valid puzzle");
        let limits = Limits {
            threads: 2,
            max_nodes: 60,
            ..Limits::uniqueness()
        };
        let (_, end, nodes, _, _) = answer(&puzzle, &limits, SPLITTING);
        assert_eq!(
            end,
            crate::solve::End::OutOfBudget(crate::solve::Budget::Nodes(60))
        );
        assert!(nodes < 240, "{nodes} nodes");
    }

    #[test]
    fn counts_exactly_across_restarts() {
        // 576 Latin squares of side 4; 161,280 / 5! = 1,344 of side 5 with the first row
        // fixed. Both searches run past the first restart, after which the solutions
        // already counted must not be counted again; with probing at every run too, which
        // must not remove what was counted either. As the solver runs, both are counted
        // in a few nodes, most solutions found by enumeration.
        for tuning in [UNFINISHED, PROBING, Tuning::DEFAULT] {
            for (puzzle, expected) in [
                (rows_as_cages(4, &[]), 576),
                (rows_as_cages(5, &[1, 2, 3, 4, 5]), 1_344),
            ] {
                let mut limits = Limits::solutions(u64::MAX);
                limits.keep = 0;
                let search = search_tuned(&puzzle, &limits, tuning, &mut |_| {});
                assert_eq!(search.end, crate::solve::End::Exhausted);
                assert_eq!(search.count, expected);
                if tuning.finish_open == 0 {
                    assert!(search.stats.nodes > 2 * search::RESTART_BASE);
                }
            }
        }
    }

    /// The first `count` puzzles of a file of the repository's corpora.
    fn corpus(file: &str, count: usize) -> Vec<Puzzle> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpora")
            .join(file);
        let text = std::fs::read_to_string(&path).expect("the corpora are in the repository");
        let options = Options {
            multi_cell: file.contains("multicell"),
            ..Options::default()
        };
        crate::formats::kk::parse_all_with(&text, options)
            .into_iter()
            .take(count)
            .map(|entry| entry.expect("a valid puzzle").puzzle)
            .collect()
    }

    /// What a search reports, but the time it took.
    type Answer = (u64, crate::solve::End, u64, u64, Vec<Grid>);

    fn answer(puzzle: &Puzzle, limits: &Limits, tuning: Tuning) -> Answer {
        let mut found = Vec::new();
        let search = search_tuned(puzzle, limits, tuning, &mut |grid| found.push(grid.clone()));
        let stats = search.stats;
        (search.count, search.end, stats.nodes, stats.guesses, found)
    }

    #[test]
    fn reused_buffers_answer_as_new_ones() {
        // Puzzles of every kind the vectors are sized by, one after the other on one
        // thread, each solve taking the vectors the last one left: sizes 4 to 12, regions
        // (a third house per cell), the killer rule (cells outside every cage), tables of
        // several words, puzzles with several solutions and with none, searches that
        // restart (nogoods) and that probe the root.
        let mut puzzles: Vec<(Puzzle, Tuning)> = Vec::new();
        for (file, count) in [
            ("keen/keen_9du.kk", 3),
            ("random/none-6x6.kk", 3),
            ("random/several-6x6.kk", 2),
            ("random/unique-4x4.kk", 2),
            ("random/hard-9x9-big-cages.kk", 1),
            ("random/multicell-minus-divide-5x5.kk", 2),
            ("random/unique-12x12.kk", 1),
        ] {
            puzzles.extend(
                corpus(file, count)
                    .into_iter()
                    .map(|p| (p, Tuning::DEFAULT)),
            );
        }
        puzzles.push((rows_as_cages(5, &[1, 2, 3, 4, 5]), UNFINISHED));
        puzzles.push((rows_as_cages(4, &[]), PROBING));
        // A killer puzzle with its last row in no cage.
        let mut rows = rows_as_cages(4, &[]).cages().to_vec();
        rows.pop();
        let killer = Options {
            killer: true,
            ..Options::default()
        };
        let builder = Puzzle::builder(4).cages(rows).options(killer);
        puzzles.push((builder.build().expect("a killer puzzle"), Tuning::DEFAULT));
        let squares = latin_squares_4();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let jigsaw = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        while puzzles.len() < 30 {
            let regions = match puzzles.len() % 3 {
                0 => Regions::Boxes { rows: 2, cols: 2 },
                1 => Regions::Jigsaw(jigsaw.clone()),
                _ => Regions::None,
            };
            let square = &squares[rng.below(squares.len())];
            if let Some(puzzle) = random_variant(&mut rng, square, regions) {
                let tuning = [PROBING, Tuning::DEFAULT][puzzles.len() % 2];
                puzzles.push((puzzle, tuning));
            }
        }
        let mut limits = Limits::solutions(100);
        limits.keep = usize::MAX;
        // Each answered on a thread of its own, with new vectors.
        let fresh: Vec<Answer> = std::thread::scope(|scope| {
            puzzles
                .iter()
                .map(|(puzzle, tuning)| {
                    let limits = &limits;
                    scope.spawn(move || answer(puzzle, limits, *tuning))
                })
                .collect::<Vec<_>>()
                .into_iter()
                .map(|handle| handle.join().expect("no panic"))
                .collect()
        });
        assert!(fresh.iter().any(|a| a.0 == 0), "a puzzle with no solution");
        assert!(fresh.iter().any(|a| a.0 > 1), "a puzzle with several");
        assert!(
            fresh.iter().any(|a| a.2 > 2 * search::RESTART_BASE),
            "a search that restarts"
        );
        // In order, backwards (large grids before small ones), and shuffled.
        let mut order: Vec<usize> = (0..puzzles.len()).chain((0..puzzles.len()).rev()).collect();
        for _ in 0..puzzles.len() {
            order.push(rng.below(puzzles.len()));
        }
        for k in order {
            let (puzzle, tuning) = &puzzles[k];
            assert_eq!(answer(puzzle, &limits, *tuning), fresh[k], "puzzle {k}");
        }
    }

    #[test]
    fn solves_a_16x16_whose_crowded_houses_skip_the_subset_sum() {
        // From 13x13 up, houses with many open items are held to bounds only
        // (`house_sums::MAX_OPEN_ITEMS`): the search must still find the one solution and
        // prove there is no other. This puzzle takes a few hundred nodes.
        let puzzle = corpus("random/unique-16x16.kk", 4).swap_remove(3);
        let mut found = Vec::new();
        let search = search_tuned(
            &puzzle,
            &Limits::solutions(2),
            Tuning::DEFAULT,
            &mut |grid| found.push(grid.clone()),
        );
        assert_eq!(search.end, crate::solve::End::Exhausted);
        assert_eq!(search.count, 1);
        assert!(search.stats.nodes > 1, "the puzzle needs a search");
        assert!(check(&puzzle, &found[0]).is_ok());
    }

    #[test]
    fn agrees_with_the_checker_on_random_variant_puzzles() {
        let squares = latin_squares_4();
        assert_eq!(squares.len(), 576);
        let jigsaws: [[u8; 16]; 3] = [
            [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3],
            [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3],
            [0, 1, 1, 1, 0, 0, 2, 1, 3, 0, 2, 2, 3, 3, 3, 2],
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut tried = 0;
        let mut limits = Limits::solutions(1000);
        limits.keep = usize::MAX;
        while tried < 400 {
            let regions = match rng.below(4) {
                0 => Regions::Boxes { rows: 2, cols: 2 },
                1 => Regions::Jigsaw(jigsaws[rng.below(3)].to_vec()),
                _ => Regions::None,
            };
            let houses = regions.houses(4);
            let fits = |square: &Vec<u8>| {
                houses.iter().all(|house| {
                    let mut seen = 0u32;
                    house.iter().all(|c| {
                        let bit = 1 << square[c.index()];
                        let fresh = seen & bit == 0;
                        seen |= bit;
                        fresh
                    })
                })
            };
            let fitting: Vec<&Vec<u8>> = squares.iter().filter(|s| fits(s)).collect();
            let square = fitting[rng.below(fitting.len())];
            let Some(puzzle) = random_variant(&mut rng, square, regions) else {
                continue;
            };
            tried += 1;
            let mut expected: Vec<Grid> = squares
                .iter()
                .map(|s| Grid::from_digits(4, s.clone()).unwrap())
                .filter(|grid| check(&puzzle, grid).is_ok())
                .collect();
            expected.sort();
            // As the solver runs, with enumerations that give up at once, without
            // finishing by enumeration, and probing the root before every run.
            for tuning in [Tuning::DEFAULT, ENGINE, GIVING_UP, UNFINISHED, PROBING] {
                let mut found = Vec::new();
                let search = search_tuned(&puzzle, &limits, tuning, &mut |grid| {
                    found.push(grid.clone())
                });
                assert_eq!(search.end, crate::solve::End::Exhausted);
                found.sort();
                assert_eq!(found, expected, "{puzzle:?}");
            }
        }
    }
}
