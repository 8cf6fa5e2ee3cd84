//! The wire of solving and grading many puzzles: one record per puzzle ([`SolveRecord`],
//! [`GradeLine`]), and for solving one summary of the whole run ([`Totals::summary`]), as
//! `cagey solve --output jsonl` and `cagey grade --output jsonl` write them, and the one
//! word for what became of a puzzle ([`Verdict`]) that the web server's and the Python
//! package's answers use too.
//!
//! The field names are an interface: scripts read them. docs/cli.md's "Batch solving"
//! section documents them. Every field is always present (`null` where it does not apply),
//! so that a reader need not guess.

use serde::Serialize;
use web_time::Instant;

use super::RuleCount;
use crate::formats::json::op_name;
use crate::logic::{Grade, Level, LogicError};
use crate::model::{revealed_operations, Operation};
use crate::solve::{End, Outcome, Search, Stats};
use crate::{Grid, Puzzle};

/// What became of one puzzle, in one word: snake_case, as every verdict of the project's
/// JSON (the summary's counts, `explain`'s verdicts, the server's answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Exactly one solution, and the search proved there is no other.
    Unique,
    /// Two solutions or more.
    Several,
    /// One solution found, and the search stopped there as asked: whether there is another
    /// was not looked at.
    AtLeastOne,
    /// The search went through everything and found no solution.
    #[serde(rename = "none")]
    NoSolution,
    /// A budget (nodes, time) ran out before the question was settled: no solution found
    /// yet, or one without the proof that it is the only one.
    GaveUp,
    /// The puzzle could not be read, or the method refused it.
    Error,
}

impl Verdict {
    /// The verdict of a [`Solver::solve`](crate::solve::Solver::solve): two solutions settle
    /// that it is not unique, even when a budget ran out after them.
    pub fn of(outcome: &Outcome) -> Verdict {
        match outcome {
            Outcome::Unsolvable => Verdict::NoSolution,
            Outcome::Unique(_) => Verdict::Unique,
            Outcome::AtLeastOne(_) => Verdict::AtLeastOne,
            Outcome::Multiple { .. } => Verdict::Several,
            Outcome::GaveUp { count, .. } if *count >= 2 => Verdict::Several,
            Outcome::GaveUp { .. } => Verdict::GaveUp,
        }
    }

    /// The verdict of a [`Solver::search`](crate::solve::Solver::search) (counting, or
    /// listing every solution).
    pub fn of_search(search: &Search) -> Verdict {
        match (search.end, search.count) {
            (_, count) if count >= 2 => Verdict::Several,
            (End::Exhausted, 0) => Verdict::NoSolution,
            (End::Exhausted, _) => Verdict::Unique,
            (End::SolutionLimit, _) => Verdict::AtLeastOne,
            (End::OutOfBudget(_), _) => Verdict::GaveUp,
        }
    }

    /// The word on the wire: `unique`, `several`, `at_least_one`, `none`, `gave_up` or
    /// `error`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Several => "several",
            Verdict::AtLeastOne => "at_least_one",
            Verdict::NoSolution => "none",
            Verdict::GaveUp => "gave_up",
            Verdict::Error => "error",
        }
    }
}

/// What a summary keeps of one puzzle, and what a front end needs to judge it (the command's
/// exit status).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The verdict.
    pub verdict: Verdict,
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is exact: the search went through every possibility.
    pub exact: bool,
    /// Whether the question asked was answered before any budget ran out. Two solutions
    /// settle whether a puzzle is unique; a count or a listing is settled only when the
    /// search ends by itself or at its solution limit.
    pub settled: bool,
    /// Time the solver took, in microseconds; `None` when it did not run.
    pub micros: Option<u64>,
}

impl Tally {
    /// A puzzle that could not be read or solved.
    pub fn error() -> Tally {
        Tally {
            verdict: Verdict::Error,
            count: 0,
            exact: false,
            settled: false,
            micros: None,
        }
    }

    /// A puzzle solved by [`Solver::solve`](crate::solve::Solver::solve).
    pub fn of(outcome: &Outcome, stats: &Stats) -> Tally {
        let verdict = Verdict::of(outcome);
        let exact = match outcome {
            Outcome::Unsolvable | Outcome::Unique(_) => true,
            Outcome::Multiple { complete, .. } => *complete,
            Outcome::AtLeastOne(_) | Outcome::GaveUp { .. } => false,
        };
        Tally {
            verdict,
            count: outcome.count(),
            exact,
            settled: verdict != Verdict::GaveUp,
            micros: Some(micros(stats)),
        }
    }

    /// A puzzle searched by [`Solver::search`](crate::solve::Solver::search): a budget that
    /// runs out leaves a count unsettled, however many were found (`at least 5`).
    pub fn of_search(search: &Search) -> Tally {
        Tally {
            verdict: Verdict::of_search(search),
            count: search.count,
            exact: search.end == End::Exhausted,
            settled: !matches!(search.end, End::OutOfBudget(_)),
            micros: Some(micros(&search.stats)),
        }
    }
}

fn micros(stats: &Stats) -> u64 {
    u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX)
}

/// One solved puzzle's line.
#[derive(Debug, Serialize)]
pub struct SolveRecord<'a> {
    /// The puzzle's number in the run, from 1, over all inputs.
    index: usize,
    /// Where it came from: a file name, `<stdin>`, or `example NAME`.
    source: &'a str,
    /// The line it starts on, from 1 (for a JSON syntax error, the error's line); `null`
    /// when unknown (an empty input, a puzzle inside a JSON array).
    line: Option<usize>,
    verdict: Verdict,
    /// Solutions found (a lower bound unless `exact`); `null` for an error.
    count: Option<u64>,
    /// Whether `count` is the exact number of solutions; `null` for an error.
    exact: Option<bool>,
    /// The solutions kept, each as its rows, top first, each row its digits separated by
    /// spaces.
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

impl<'a> SolveRecord<'a> {
    /// A record with nothing solved yet.
    pub fn new(index: usize, source: &'a str, line: Option<usize>) -> SolveRecord<'a> {
        SolveRecord {
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
pub struct Revealed {
    /// The cage's first cell, numbered row by row from 0, as the `kk` format numbers cells.
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
    start: Instant,
    counts: Counts,
    solve_micros: u64,
    max_micros: Option<u64>,
    times: Histogram,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals::new()
    }
}

impl Totals {
    /// Totals of nothing yet, timed from now.
    pub fn new() -> Totals {
        Totals {
            start: Instant::now(),
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
/// rather than one number per puzzle.
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

/// One graded puzzle's line: its level, score and rules, or why it has none.
#[derive(Debug, Serialize)]
pub struct GradeLine<'a> {
    /// The puzzle's number in the run, from 1.
    index: usize,
    /// Where it came from, as for [`SolveRecord`].
    source: &'a str,
    /// The line it starts on, from 1; `null` when unknown.
    line: Option<usize>,
    /// `graded`, `several`, `none`, `gave_up` or `error`.
    verdict: &'static str,
    level: Option<Level>,
    score: Option<u32>,
    steps: Option<usize>,
    /// The rules used, cheapest first, with how many steps each took, as in
    /// [`GradeRecord`](super::GradeRecord); empty without a grade.
    rules: Vec<RuleCount>,
    /// Why there is no grade; `null` with one.
    error: Option<String>,
}

impl<'a> GradeLine<'a> {
    /// The line of a puzzle graded `grade`.
    pub fn graded(index: usize, source: &'a str, line: Option<usize>, grade: &Grade) -> Self {
        let record = super::GradeRecord::new(grade);
        GradeLine {
            index,
            source,
            line,
            verdict: "graded",
            level: Some(record.level),
            score: Some(record.score),
            steps: Some(record.steps),
            rules: record.rules,
            error: None,
        }
    }

    /// The line of a puzzle the grader refused (`Some(error)`) or that could not be read
    /// (`None`, with the reader's `message`).
    pub fn failed(
        index: usize,
        source: &'a str,
        line: Option<usize>,
        error: Option<&LogicError>,
        message: String,
    ) -> Self {
        let verdict = match error {
            Some(LogicError::NoSolution) => "none",
            Some(LogicError::NotUnique) => "several",
            Some(LogicError::Limit(_)) => "gave_up",
            _ => "error",
        };
        GradeLine {
            index,
            source,
            line,
            verdict,
            level: None,
            score: None,
            steps: None,
            rules: Vec::new(),
            error: Some(message),
        }
    }
}

impl GradeLine<'_> {
    /// Why there is no grade; `None` with one.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
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

    #[test]
    fn verdicts_are_spelled_as_serde_spells_them() {
        for verdict in [
            Verdict::Unique,
            Verdict::Several,
            Verdict::AtLeastOne,
            Verdict::NoSolution,
            Verdict::GaveUp,
            Verdict::Error,
        ] {
            assert_eq!(
                serde_json::to_value(verdict).unwrap(),
                serde_json::json!(verdict.name())
            );
        }
    }
}
