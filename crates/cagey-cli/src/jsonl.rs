//! The JSON Lines report of `cagey solve --output jsonl`: one [`Record`] per puzzle, then
//! one summary object; and the per-puzzle [`Tally`] that both the summary and the exit
//! status are made from.
//!
//! The field names are an interface: scripts read them. docs/cli.md's "Batch solving"
//! section documents them; `tests/batch.rs` reads them back. Every field is always present
//! (`null` where it does not apply), so that a reader need not guess.

use serde::Serialize;

use cagey::formats::json::op_name;
use cagey::model::{revealed_operations, Operation};
use cagey::solve::{End, Outcome, Search, Stats};
use cagey::{Grid, Puzzle};

use crate::Status;

/// What became of one puzzle, in one word: snake_case, as every verdict of the project's
/// JSON (the summary's counts, `explain`'s verdicts, the server's answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Exactly one solution, and the search proved there is no other.
    Unique,
    /// Two solutions or more.
    Several,
    /// One solution found, and the search stopped there as `--limit 1` asked: whether there
    /// is another was not looked at.
    AtLeastOne,
    /// The search went through everything and found no solution.
    #[serde(rename = "none")]
    NoSolution,
    /// A budget (`--max-nodes`, `--time-limit`) ran out before the question was settled: no
    /// solution found yet, or one without the proof that it is the only one.
    GaveUp,
    /// The puzzle could not be read, or the method refused it.
    Error,
}

/// What the summary and the exit status keep of one puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    /// The verdict.
    pub verdict: Verdict,
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is exact: the search went through every possibility.
    pub exact: bool,
    /// Time the solver took, in microseconds; `None` when it did not run.
    pub micros: Option<u64>,
    /// The exit status the puzzle earns.
    pub status: Status,
}

impl Tally {
    /// A puzzle that could not be read or solved, earning `status`.
    pub fn error(status: Status) -> Tally {
        Tally {
            verdict: Verdict::Error,
            count: 0,
            exact: false,
            micros: None,
            status,
        }
    }

    /// A puzzle solved by [`Solver::solve`](cagey::solve::Solver::solve); `unique` says
    /// whether `--unique` asked for exactly one solution.
    pub fn from_outcome(outcome: &Outcome, stats: &Stats, unique: bool) -> Tally {
        let verdict = match outcome {
            Outcome::Unsolvable => Verdict::NoSolution,
            Outcome::Unique(_) => Verdict::Unique,
            Outcome::AtLeastOne(_) => Verdict::AtLeastOne,
            Outcome::Multiple { .. } => Verdict::Several,
            Outcome::GaveUp { count, .. } if *count >= 2 => Verdict::Several,
            Outcome::GaveUp { .. } => Verdict::GaveUp,
        };
        let exact = match outcome {
            Outcome::Unsolvable | Outcome::Unique(_) => true,
            Outcome::Multiple { complete, .. } => *complete,
            Outcome::AtLeastOne(_) | Outcome::GaveUp { .. } => false,
        };
        // Two solutions settle whether it is unique, even when the budget ran out after them.
        let settled = verdict != Verdict::GaveUp;
        Tally::new(verdict, outcome.count(), exact, settled, stats, unique)
    }

    /// A puzzle searched by [`Solver::search`](cagey::solve::Solver::search) (`--all`,
    /// `--count`); `unique` as for [`Tally::from_outcome`].
    pub fn from_search(search: &Search, unique: bool) -> Tally {
        let verdict = match (search.end, search.count) {
            (_, count) if count >= 2 => Verdict::Several,
            (End::Exhausted, 0) => Verdict::NoSolution,
            (End::Exhausted, _) => Verdict::Unique,
            (End::SolutionLimit, _) => Verdict::AtLeastOne,
            (End::OutOfBudget(_), _) => Verdict::GaveUp,
        };
        let exact = search.end == End::Exhausted;
        // `--count` and `--all` ask how many: a budget that runs out leaves it unsettled,
        // however many were found (`at least 5 (gave up: ...)`).
        let settled = !matches!(search.end, End::OutOfBudget(_));
        Tally::new(verdict, search.count, exact, settled, &search.stats, unique)
    }

    /// `settled` says whether the question asked was answered before any budget ran out.
    fn new(
        verdict: Verdict,
        count: u64,
        exact: bool,
        settled: bool,
        stats: &Stats,
        unique: bool,
    ) -> Tally {
        // No solution fails, and so does giving up before the question was settled (one
        // solution found but not proven the only one once exited 0, though `--help` lists
        // giving up under 1); exactly one, proven, is fine; anything else fails only when
        // `--unique` asked for exactly one.
        let status = match (count, exact) {
            _ if !settled => Status::Failed,
            (0, _) => Status::Failed,
            (1, true) => Status::Ok,
            _ if unique => Status::Failed,
            _ => Status::Ok,
        };
        Tally {
            verdict,
            count,
            exact,
            micros: Some(micros(stats)),
            status,
        }
    }
}

fn micros(stats: &Stats) -> u64 {
    u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX)
}

/// One puzzle's line.
#[derive(Debug, Serialize)]
pub struct Record<'a> {
    /// The puzzle's number in the run, from 1, over all inputs: the `N` of the text
    /// output's `# puzzle N`.
    index: usize,
    /// The file it came from, `<stdin>`, or `example NAME`.
    source: &'a str,
    /// The line it starts on, from 1 (for a JSON syntax error, the error's line); `null`
    /// when unknown (an empty input, a puzzle inside a JSON array).
    line: Option<usize>,
    verdict: Verdict,
    /// Solutions found (a lower bound unless `exact`); `null` for an error.
    count: Option<u64>,
    /// Whether `count` is the exact number of solutions; `null` for an error.
    exact: Option<bool>,
    /// The solutions found, each as its rows, top first, each row its digits separated by
    /// spaces: up to two without `--all` (the second shows the puzzle is not unique), every
    /// one found with `--all`, none with `--count`.
    solutions: Vec<Vec<String>>,
    /// For a puzzle that hides operations (`?`), one entry per solution in `solutions`:
    /// the operation each hidden cage uses there. `null` for any other puzzle, and for an
    /// error.
    operations: Option<Vec<Vec<Revealed>>>,
    /// Search nodes; `null` for an error.
    nodes: Option<u64>,
    /// Guesses; `null` for an error.
    guesses: Option<u64>,
    /// The solver's time, in microseconds; `null` for an error.
    micros: Option<u64>,
    /// Why the puzzle could not be read or solved, with its line and column where the
    /// format gives them; `null` otherwise.
    error: Option<String>,
}

impl<'a> Record<'a> {
    /// A record with nothing solved yet.
    pub fn new(index: usize, source: &'a str, line: Option<usize>) -> Record<'a> {
        Record {
            index,
            source,
            line,
            verdict: Verdict::Error,
            count: None,
            exact: None,
            solutions: Vec::new(),
            operations: None,
            nodes: None,
            guesses: None,
            micros: None,
            error: None,
        }
    }

    /// Records an error.
    pub fn fail(&mut self, message: String) {
        self.verdict = Verdict::Error;
        self.error = Some(message);
    }

    /// Records what the solver found for `puzzle`.
    pub fn solved(&mut self, puzzle: &Puzzle, tally: &Tally, solutions: &[Grid], stats: &Stats) {
        self.verdict = tally.verdict;
        self.count = Some(tally.count);
        self.exact = Some(tally.exact);
        self.solutions = solutions.iter().map(rows).collect();
        let hides = puzzle
            .cages()
            .iter()
            .any(|cage| cage.operation() == Operation::Unknown);
        self.operations = hides.then(|| {
            solutions
                .iter()
                .map(|grid| Revealed::all(puzzle, grid))
                .collect()
        });
        self.nodes = Some(stats.nodes);
        self.guesses = Some(stats.guesses);
        self.micros = tally.micros;
    }
}

/// The operation a hidden cage uses in a solution: `{"cell": 14, "target": 2,
/// "operations": ["*", "/"]}`.
#[derive(Debug, Serialize)]
struct Revealed {
    /// The cage's first cell, numbered row by row from 0, as the J essay's format does.
    cell: usize,
    target: u64,
    /// Every operation its digits make the target with, named as the JSON format names
    /// them (`+ - * /`): more than one where several fit, as 1 and 2 make 2 by `*` and `/`.
    operations: Vec<&'static str>,
}

impl Revealed {
    /// The hidden cages of `puzzle` and the operations they use in `grid`.
    fn all(puzzle: &Puzzle, grid: &Grid) -> Vec<Revealed> {
        revealed_operations(puzzle, grid)
            .into_iter()
            .map(|(id, operations)| {
                let cage = puzzle.cage(id);
                Revealed {
                    cell: cage.cells()[0].index(),
                    target: cage.target(),
                    operations: operations.into_iter().map(op_name).collect(),
                }
            })
            .collect()
    }
}

/// A solution as rows of digits separated by spaces: `["1 2 4 3", ...]`.
fn rows(grid: &Grid) -> Vec<String> {
    (0..grid.size()).map(|row| grid.row_text(row)).collect()
}

/// The counts and times of a whole run, in memory that does not grow with it.
pub struct Totals {
    start: std::time::Instant,
    counts: Counts,
    solve_micros: u64,
    max_micros: Option<u64>,
    times: Histogram,
}

impl Totals {
    /// Totals of nothing yet, timed from now.
    pub fn new() -> Totals {
        Totals {
            start: std::time::Instant::now(),
            counts: Counts::default(),
            solve_micros: 0,
            max_micros: None,
            times: Histogram::default(),
        }
    }

    /// Counts one puzzle.
    pub fn add(&mut self, tally: &Tally) {
        let counts = &mut self.counts;
        counts.puzzles += 1;
        if tally.count > 0 {
            counts.solved += 1;
        }
        *match tally.verdict {
            Verdict::Unique => &mut counts.unique,
            Verdict::Several => &mut counts.several,
            Verdict::AtLeastOne => &mut counts.at_least_one,
            Verdict::NoSolution => &mut counts.none,
            Verdict::GaveUp => &mut counts.gave_up,
            Verdict::Error => &mut counts.errors,
        } += 1;
        if let Some(micros) = tally.micros {
            self.solve_micros = self.solve_micros.saturating_add(micros);
            self.max_micros = self.max_micros.max(Some(micros));
            self.times.add(micros);
        }
    }

    /// The summary line's object.
    pub fn summary(&self) -> Summary {
        Summary {
            summary: SummaryFields {
                counts: self.counts,
                wall_micros: u64::try_from(self.start.elapsed().as_micros()).unwrap_or(u64::MAX),
                solve_micros: self.solve_micros,
                median_micros: self.times.median(),
                max_micros: self.max_micros,
            },
        }
    }
}

/// The last line: `{"summary": {...}}`.
#[derive(Debug, Serialize)]
pub struct Summary {
    summary: SummaryFields,
}

/// How many puzzles, and how many of each verdict: the first fields of the summary.
#[derive(Clone, Copy, Debug, Default, Serialize)]
struct Counts {
    /// Every puzzle, errors included.
    puzzles: u64,
    /// Puzzles with at least one solution found (unique, several, at_least_one, and
    /// gave_up after one).
    solved: u64,
    unique: u64,
    several: u64,
    at_least_one: u64,
    none: u64,
    gave_up: u64,
    errors: u64,
}

/// The fields of the summary; see docs/cli.md, batch solving.
#[derive(Debug, Serialize)]
struct SummaryFields {
    #[serde(flatten)]
    counts: Counts,
    /// Wall-clock time of the whole run, reading and writing included.
    wall_micros: u64,
    /// The solver's time summed over the puzzles (more than the wall time with several
    /// jobs).
    solve_micros: u64,
    /// The median of the solver's time per puzzle, by nearest rank; exact up to 1024 µs,
    /// within 1/512 above. `null` when no puzzle was solved.
    median_micros: Option<u64>,
    /// The longest solver's time of one puzzle.
    max_micros: Option<u64>,
}

/// Bits of a time kept exactly above its leading one: times up to `2^(BITS+1)` µs are
/// counted exactly, longer ones to within `1 / 2^BITS`.
const HISTOGRAM_BITS: u32 = 9;

/// A histogram of times in microseconds with buckets of constant relative width, so that a
/// median of millions of times takes a few tens of kilobytes (9,216 buckets up to a minute)
/// rather than one number per puzzle. Sorting the times, as `cargo xtask bench` does for its
/// hundreds, was the alternative; it grows with the input.
#[derive(Default)]
struct Histogram {
    counts: Vec<u64>,
    total: u64,
}

impl Histogram {
    fn add(&mut self, micros: u64) {
        let bucket = bucket(micros);
        if self.counts.len() <= bucket {
            self.counts.resize(bucket + 1, 0);
        }
        self.counts[bucket] += 1;
        self.total += 1;
    }

    /// The smallest time of the bucket holding the median (the `ceil(n/2)`-th smallest).
    fn median(&self) -> Option<u64> {
        let rank = self.total.div_ceil(2);
        let mut seen = 0;
        for (bucket, &count) in self.counts.iter().enumerate() {
            seen += count;
            if count > 0 && seen >= rank {
                return Some(lowest(bucket));
            }
        }
        None
    }
}

/// The bucket of a time: times below `2^(BITS+1)` have one each; above, each power of two
/// is split into `2^BITS` buckets by the bits after the leading one.
fn bucket(micros: u64) -> usize {
    let exact = 1u64 << (HISTOGRAM_BITS + 1);
    if micros < exact {
        return micros as usize;
    }
    let magnitude = 63 - micros.leading_zeros(); // at least BITS + 1
    let shift = magnitude - HISTOGRAM_BITS;
    let sub = (micros >> shift) & ((1 << HISTOGRAM_BITS) - 1);
    exact as usize + ((shift - 1) as usize) * (1 << HISTOGRAM_BITS) + sub as usize
}

/// The smallest time in a bucket.
fn lowest(bucket: usize) -> u64 {
    let exact = 1usize << (HISTOGRAM_BITS + 1);
    if bucket < exact {
        return bucket as u64;
    }
    let above = bucket - exact;
    let shift = (above >> HISTOGRAM_BITS) as u32 + 1;
    let sub = (above & ((1 << HISTOGRAM_BITS) - 1)) as u64;
    ((1u64 << HISTOGRAM_BITS) | sub) << shift
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_exact_for_short_times_and_close_for_long_ones() {
        for micros in 0..1024 {
            assert_eq!(lowest(bucket(micros)), micros);
        }
        for micros in [1024, 1025, 4321, 12_345, 60_000_000, 1 << 40, u64::MAX] {
            let low = lowest(bucket(micros));
            assert!(low <= micros, "{micros}: {low}");
            assert!(micros - low <= micros >> HISTOGRAM_BITS, "{micros}: {low}");
        }
        // Buckets go up with the time: the median walks them in order.
        let mut last = 0;
        for micros in (0..20).map(|shift| 3u64 << shift) {
            assert!(bucket(micros) >= last);
            last = bucket(micros);
        }
    }

    #[test]
    fn median_is_by_nearest_rank() {
        let mut histogram = Histogram::default();
        assert_eq!(histogram.median(), None);
        for micros in [5, 1, 9, 3] {
            histogram.add(micros);
        }
        assert_eq!(histogram.median(), Some(3));
        histogram.add(7);
        assert_eq!(histogram.median(), Some(5));
    }
}
