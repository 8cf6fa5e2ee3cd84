//! The production solver: constraint propagation over bitmask candidates with compact-table
//! cage filtering, and a two-way depth-first search guided by the constraints that fail.
//!
//! Each cell holds its candidates as a `u32` (bit `d` for digit `d + 1`, as in
//! [`DigitSet`](crate::DigitSet)), and each house (row, column, and region in puzzles with
//! boxes or jigsaw regions) holds, for each digit, the positions still open to it: the same
//! information seen from the digit's side. Rules remove candidates until none applies,
//! cheapest first ([`fixpoint`]):
//!
//! 1. **Naked single** ([`houses`]): a cell left with one digit removes it from its houses.
//! 2. **Hidden single** ([`houses`]): a digit with one place left in a house goes there; a
//!    digit with none proves a contradiction. Kept incrementally from the positions, never
//!    by scanning the grid.
//! 3. **House in a cage** ([`houses`], [`compact_table`]): a digit whose only places left
//!    in a house all lie in one cage must be there, so that cage's tuples that do not put it
//!    there die.
//! 4. **Cage consistency** ([`compact_table`]): each cage's tuples (listed once, by
//!    [`tables`]) are filtered as the candidates of its cells shrink, and a digit stays in a
//!    cell only while a live tuple puts it there (generalised arc consistency). The live
//!    tuples are a bitset per cage, so a change costs a few word operations per 64 tuples.
//! 5. **Cage in a house** ([`compact_table`]): a digit that every live tuple of a cage puts
//!    in the cage's cells of one house is removed from the rest of that house: the essay's
//!    cage/house rule, generalised.
//! 6. **House sums** ([`house_sums`]): the digits of a house add up to `n (n + 1) / 2`, so
//!    the partial sums of the cages crossing it must too (the Killer Sudoku solver's
//!    "innies and outies"), a subset-sum over bitsets; from 13x13 up, in houses with at
//!    most 8 open items (see [`house_sums::MAX_OPEN_ITEMS`]).
//! 7. **All different** ([`matching`]): a digit stays in a cell only while a perfect
//!    matching of the house's cells to its digits puts it there (every naked and hidden
//!    subset at once); on grids above 16x16 only: on the grids measured it no longer
//!    pays (see [`matching::MATCHING_FROM`]).
//!
//! Cages too big to tabulate fall back to bounds on sums and products, or to a check once
//! full for other operations ([`bounds`]). What does not change during the search (tables,
//! groups, houses) is built once per puzzle ([`rules`]); the search itself is in
//! [`search`]: it restarts now and then, keeping what it refuted as [`nogoods`], and
//! finishes a node with at most 20 open cells by enumerating their digits ([`finish`]).
//!
//! The search state is a few arrays of `u32` (candidates, the cages' last view of them,
//! positions, the number of live words of each cage's bitset, the sums each group can still
//! make), saved on a stack before a branch and copied back before the other; the live-tuple
//! bitsets themselves are restored from a trail of changed words. Nothing is allocated once
//! the stacks have grown to the deepest level.
//!
//! **Fixed cost per puzzle.** Most of Keen's puzzles need no guess, so their time is setup
//! and the first propagation. Measured with callgrind over the first 20 puzzles of
//! `keen/keen_9du` (uniqueness checks; instructions of the solver alone, parsing left out):
//! 15.35 million before the change below, of which the root propagation took 7.26 million,
//! the search below the root (a few puzzles guess, up to 11 nodes) 4.0 million, and the
//! set-up ([`Rules`] and the engine) 4.05 million, half of it listing tuples into tables
//! (about 150 instructions per tuple, most in writing the supports and the groups' sums,
//! not in the listing itself). Kept: the first revision of every table replaced by root
//! domains recorded as the tuples are listed ([`Engine::start`](fixpoint::Engine::start)),
//! 15.35 to 14.57 million (-5%). Looked at and left: reserving the nogood pool at the
//! first solution costs about 12,000 instructions a puzzle (filling the watch heads), 1.6%;
//! the pool's big buffers cost no system call after the first puzzle (the allocator keeps
//! them).
//!
//! A second round, measured over the 57 puzzles of `keen/keen_9du` that propagation alone
//! solves (one node each), with `valgrind --tool=callgrind
//! --toggle-collect='cagey::solve::propagate::search_probing' cagey bench FILE`: 30.20 to
//! 25.78 million instructions (-15%); the whole of `keen/keen_9du` 71.7 to 62.5 million,
//! `random/unique-9x9` 235.5 to 219.9, four 16x16 puzzles 535.8 to 512.9; node counts
//! unchanged on `keen/keen_9du`, `random/unique-9x9` and `random/hard-9x9-big-cages`. Kept
//! (each with its figures where it is): the root's positions written at once
//! ([`Engine::start`](fixpoint::Engine::start)), and the cage-in-a-house rule's first look
//! taken from the tables as they are listed; one-word tables revised without a call per
//! cell ([`compact_table`]); the places to filter by passed as a bitmask; the tuple sink
//! inlined into the listing; a group's digits worked out on disjoint slices; residues in
//! `u16`; a count of table changes per cage for the house-sum rule; the groups' sums loaded
//! and stored a word at a time; [`Engine::remove`](fixpoint::Engine::remove) inlined into
//! naked singles. Tried and dropped (same measure): each house's positions, cells and groups
//! taken as slices in `remove` (29.66 million either way, `random/unique-9x9` 0.5% more);
//! visiting only a cell's domain in the loops over a table's digits at set-up (28.91 to
//! 29.44: the loops over all `n` words compile to straight-line code); a cage's groups
//! found by one pass over its cells' houses, sorted or kept in order, instead of a pass per
//! house (26.07 to 26.16 and 26.26); a line of its own for each unused entry of the
//! listing's lines, so that marking needs no test (26.19 to 26.27, `random/unique-9x9`
//! 221.2 to 220.7); the forced digits compared branch-free over all `n` words (26.19 to
//! 26.16, `random/unique-9x9` 221.2 to 222.2).
//!
//! A third round, same measure: 23.68 to 22.04 million instructions (-7%), and 21.88 with
//! the house-sum rule's cells read in one word ([`house_sums`]); with both, the whole of
//! `keen/keen_9du` 59.07 to 54.62 million, `random/unique-9x9` 221.77 to 206.59; node
//! counts unchanged on `keen/keen_9du`, `random/unique-9x9` and
//! `random/hard-9x9-big-cages`. Kept (each with its figures where it is): a group's house
//! items listed at its first position; a cage's groups found with one look per cell and
//! house; tables listed straight into [`Rules`]' supports; the listing's `emit` inlined;
//! two-cell tables listed over the first cell's digits only; no all-different scratch below
//! 13x13; residues for tables of several words only; a group's first cell's sums read in
//! place. Tried and dropped: the last cell of a group's sums ORed into the table in place, its
//! range clipped to the group's sums (23.68 to 24.99 million inlined, 24.54 out of line:
//! the clipped loop is no longer a fixed-width one); the root domains pushed one by one
//! rather than copied (22.37 either way). Also tried: the groups' sum bitsets kept apart from the
//! tables and worked out on the house-sum rule's first use, since 36 of those 57 puzzles
//! are solved before it ever runs: 20.63 to 19.96 million, `random/unique-9x9` 205.7 to
//! 202.4, but every puzzle that searches pays more (the whole of `keen/keen_9du` 53.16 to
//! 53.50, `random/several-6x6` 7.51 to 7.70, `random/hard-9x9-big-cages` 1,708 to 1,726,
//! four 16x16 puzzles 1,130 to 1,136: worked out later, a table of several words is read
//! across its bitsets rather than a block at a time as it is listed), for a second home for
//! bitsets and a lazily built part of [`Rules`]: left. Working out lazily only the sums of
//! tables of one word, those of the others as they are listed, did no better (20.27
//! million, `keen/keen_9du` 53.86, `random/unique-9x9` 207.4): the searching puzzles pay for
//! the sums read from a second array, not for the reading across.

mod bounds;
mod compact_table;
mod finish;
mod fixpoint;
mod house_sums;
mod houses;
mod matching;
mod nogoods;
mod rules;
mod search;
mod small;
mod tables;

use std::cell::Cell;
use std::time::Instant;

use super::{End, Limits, Meter, Search, SolveError, Solver, Stats};
use crate::model::{Grid, Puzzle};
use fixpoint::Engine;
use rules::Rules;
use search::{Searcher, Stop, Tuning};

/// The vectors of one solve, kept for the next on the same thread: [`search_probing`]
/// takes them at its start, its rules, engine and search empty and refill them (each as a
/// new vector would be), and it gives them back at its end.
///
/// Most of Keen's puzzles need no guess, so a solve is a few hundred thousand instructions,
/// of which allocating and freeing some fifty vectors had been more than 3% (`malloc`,
/// `free` and their kin in libc, before the vectors' growth in Rust). Callgrind over
/// `search_probing` (this function, take and give-back included; `cagey bench`): the 57
/// puzzles of `keen/keen_9du` solved without a guess 20.60 to 20.01 million instructions
/// (-2.9%), the whole file 53.13 to 51.91, `random/unique-6x6` 23.60 to 22.54,
/// `random/unique-9x9` 205.7 to 202.2; the whole program on the 57 puzzles 30.48 to 29.97.
/// Answers and node counts unchanged on every corpus compared (Keen's 9x9, the random 6x6
/// with one, several and no solutions, 9x9 and hard 9x9 with big cages, 12x12, a mix of
/// Keen's sizes, `external`), with one thread and with two. Timed side by side
/// (`cagey bench --repeat 3`, six rounds, medians): `keen/keen_9du` 27.4 to 26.0 µs a
/// puzzle, `keen/keen_9de` 18.0 to 17.1, `random/unique-6x6` 13.0 to 12.6,
/// `random/unique-9x9` 74.2 to 69.9; other runs gave `keen/keen_9du` anything from -1% to
/// -25%, the machine's noise being larger than the change.
///
/// Kept per thread, so that the solver stays `Sync` and each of the command line's threads
/// has its own; a solve that finds the slot empty (the first on its thread, or one started
/// from inside another's `found`) allocates afresh, and the last to end keeps its vectors.
#[derive(Default)]
struct Spare {
    rules: rules::Spare,
    engine: fixpoint::Spare,
    searcher: search::Spare,
}

thread_local! {
    /// Boxed, so that taking it and giving it back moves a pointer, not the kilobyte of
    /// the vectors' headers (callgrind as above: 20.08 to 20.01 million).
    static SPARE: Cell<Option<Box<Spare>>> = const { Cell::new(None) };
}

/// Bytes of vectors a thread keeps between solves (their capacity): up to 160 kilobytes for
/// Keen's 9x9, 60 for `random/unique-6x6`, 1.8 megabytes for the 12x12, 6 for the 16x16,
/// plus the nogood pool's 4.4 once a puzzle on the thread has restarted. Vectors are kept
/// in the order they are given back while they fit in what is left, the others freed, so
/// that one huge puzzle does not hold its memory for the rest of the thread's life.
const SPARE_BYTES: usize = 16 << 20;

/// The room left for vectors kept between solves ([`SPARE_BYTES`]).
pub(super) struct Keep(usize);

impl Keep {
    /// `v`, if it fits in the room left; otherwise a new empty vector, `v` freed.
    fn vec<T>(&mut self, v: Vec<T>) -> Vec<T> {
        let bytes = v.capacity() * std::mem::size_of::<T>();
        if bytes <= self.0 {
            self.0 -= bytes;
            v
        } else {
            Vec::new()
        }
    }
}

/// `v` emptied, with room for `capacity` elements, as `Vec::with_capacity` would make it.
fn emptied<T>(mut v: Vec<T>, capacity: usize) -> Vec<T> {
    v.clear();
    v.reserve(capacity);
    v
}

/// `v` holding `len` copies of `value` and nothing else, as `vec![value; len]` would make it.
fn filled<T: Clone>(mut v: Vec<T>, len: usize, value: T) -> Vec<T> {
    v.clear();
    v.resize(len, value);
    v
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

/// Searches any puzzle of the family, variants included.
fn search_any(puzzle: &Puzzle, limits: &Limits, found: &mut dyn FnMut(&Grid)) -> Search {
    search_probing(puzzle, limits, Tuning::DEFAULT, found)
}

/// [`search_any`], tuned as `tuning` says (tests vary it). Kept out of line: it is
/// the unit the instruction counts of this module are measured by (callgrind's
/// `--toggle-collect='cagey::solve::propagate::search_probing'`).
#[inline(never)]
fn search_probing(
    puzzle: &Puzzle,
    limits: &Limits,
    tuning: Tuning,
    found: &mut dyn FnMut(&Grid),
) -> Search {
    let mut spare = SPARE.take().unwrap_or_default();
    if puzzle.size() <= tuning.small_up_to {
        let grid = spare.searcher.take_solution(puzzle.size());
        let (search, grid) = small::search(puzzle, limits, grid, found);
        spare.searcher.keep_solution(grid);
        SPARE.set(Some(spare));
        return search;
    }
    let start = Instant::now();
    let rules = Rules::new_in(puzzle, &mut spare.rules);
    let mut searcher = Searcher::new_in(
        Engine::new_in(&rules, std::mem::take(&mut spare.engine)),
        Meter::new(limits),
        limits.max_solutions,
        tuning,
        found,
        std::mem::take(&mut spare.searcher),
    );
    let end = match searcher.root() {
        Ok(()) => End::Exhausted,
        Err(Stop::SolutionLimit) => End::SolutionLimit,
        Err(Stop::Budget(budget)) => End::OutOfBudget(budget),
        Err(Stop::Restart) => unreachable!("restarts end in the root"),
    };
    let (count, nodes, guesses) = (searcher.count, searcher.meter.nodes, searcher.guesses);
    let mut keep = Keep(SPARE_BYTES);
    (spare.engine, spare.searcher) = searcher.into_spare(&mut keep);
    rules.into_spare(&mut spare.rules, &mut keep);
    SPARE.set(Some(spare));
    Search {
        count,
        end,
        stats: Stats {
            nodes,
            guesses,
            elapsed: start.elapsed(),
            ..Stats::default()
        },
    }
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
                let search = search_probing(&puzzle, &limits, tuning, &mut |_| {});
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
        let search = search_probing(puzzle, limits, tuning, &mut |grid| found.push(grid.clone()));
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
        let search = search_probing(
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
    fn keeps_vectors_within_its_room() {
        let mut keep = Keep(100);
        assert_eq!(keep.vec(vec![0u32; 20]).capacity(), 20);
        assert_eq!(keep.vec(vec![0u64; 3]).capacity(), 0);
        assert_eq!(keep.vec(vec![0u8; 20]).capacity(), 20);
        assert_eq!(keep.0, 0);
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
                let search = search_probing(&puzzle, &limits, tuning, &mut |grid| {
                    found.push(grid.clone())
                });
                assert_eq!(search.end, crate::solve::End::Exhausted);
                found.sort();
                assert_eq!(found, expected, "{puzzle:?}");
            }
        }
    }
}
