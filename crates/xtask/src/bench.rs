//! Benchmarking over corpora: runs a solver on every puzzle of a `.kk` file, checks each
//! answer against what the file says of it, and sums the effort up per file.
//!
//! A corpus block says what is known of its puzzle in `# key=value` comments (see
//! `corpora/README.md`): `solutions=N` is the exact number of solutions; `check=` says
//! `exactly 1` or `MULTIPLE`; `solution=` (or `computed_solution=`) is a known solution; a
//! puzzle made by Keen (`source=keen`, or a file under `keen/`) has exactly one. Each puzzle
//! is searched for one solution more than it is known to have (at least two, the uniqueness
//! check users run), so that a count is proved exact, and every answer is verified:
//!
//! - every solution passes the independent [`cagey::check`];
//! - the number found is the number expected, and the search was exhaustive if it had to be;
//! - the known solution is among those found.
//!
//! A puzzle whose count is not known is still run as a uniqueness check and its solutions
//! checked; [`FileReport::unverified`] counts them.
//!
//! A corpus written before a kk directive existed (the multi-cell puzzles, whose counts are
//! for the multi-cell rules) is read under that rule with [`read_each`], as if every block
//! began with the directive.
//!
//! Times are wall-clock around [`Solver::search`], so they include the solver's setup (cage
//! tables and the like). With [`Options::repeat`] above 1 each puzzle is solved that many
//! times in a row and its fastest run kept, which takes out most of the noise from other
//! processes, and its first run is kept too ([`Sample::first`]). The two measure different
//! things: a puzzle solved again right after itself runs faster, because the processor has
//! learnt the way its branches go (on Keen's 9x9 puzzles, whose solves take tens of
//! microseconds, the third run of each is about twice as fast as the first). The first run
//! is the time of a puzzle met once, as in a batch of different puzzles; the fastest, the
//! time with that learning done. Medians and percentiles are taken over puzzles by nearest
//! rank, so they are always the time of a real puzzle.
//!
//! ```
//! use xtask::bench::{self, Options};
//! use cagey::solve;
//!
//! let text = "# solutions=1\n# solution=1243432121343412\n\
//!             1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";
//! let cases = bench::read_cases("kk0.kk", text)?;
//! let report = bench::run(solve::default_solver(), &cases, &Options::default());
//! assert!(report.failures.is_empty());
//! assert_eq!(report.summary.puzzles, 1);
//! # Ok::<(), xtask::bench::BenchError>(())
//! ```

use std::time::{Duration, Instant};

use thiserror::Error;

use cagey::budget::TimeLimit;
use cagey::formats::kk::{self, Entry, KkError};
use cagey::model::{self, check, Grid, Puzzle};
use cagey::solve::{Budget, End, Limits, SolveError, Solver};

/// How long one puzzle may take by default before the benchmark counts it as a failure: far
/// beyond any target of the production solver, yet a run over a corpus still ends.
pub const DEFAULT_TIMEOUT: TimeLimit = TimeLimit::new(Duration::from_secs(60));

/// What a corpus says of the number of solutions of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Exactly this many (0 for none).
    Exactly(u64),
    /// Two or more (`check=... MULTIPLE`).
    Several,
    /// Nothing is said.
    Unknown,
}

/// One puzzle of a corpus with what is known of it.
#[derive(Clone, Debug)]
pub struct Case {
    /// The file it was read from, as given to [`read_cases`].
    pub file: String,
    /// The line of its first cage, counted from 1.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its number of solutions.
    pub expected: Expected,
    /// A known solution.
    pub solution: Option<Grid>,
}

impl Case {
    /// Reads what `entry` says of itself; `file` names where it came from.
    pub fn from_entry(file: &str, entry: Entry) -> Case {
        let size = entry.puzzle.size();
        let from_keen = file.starts_with("keen")
            || file.contains("/keen/")
            || file.contains("keen_")
            || entry.meta("source").is_some_and(|s| s.starts_with("keen"));
        let expected = match (entry.meta("solutions"), entry.meta("check")) {
            (Some(n), _) => n.parse().map_or(Expected::Unknown, Expected::Exactly),
            (None, Some(check)) if check.contains("MULTIPLE") => Expected::Several,
            (None, Some(check)) if check.contains("exactly 1") => Expected::Exactly(1),
            // Keen grades only puzzles with one solution.
            (None, _) if from_keen => Expected::Exactly(1),
            _ => Expected::Unknown,
        };
        let solution = [entry.meta("solution"), entry.meta("computed_solution")]
            .into_iter()
            .flatten()
            .find_map(|text| kk::parse_solution(size, text.split_whitespace().next()?));
        Case {
            file: file.to_string(),
            line: entry.line,
            puzzle: entry.puzzle,
            expected,
            solution,
        }
    }

    /// How many solutions to look for: one more than known, so that the count is proved
    /// exact, and at least two, the uniqueness check.
    pub fn max_solutions(&self) -> u64 {
        match self.expected {
            Expected::Exactly(n) => n.saturating_add(1).max(2),
            Expected::Several | Expected::Unknown => 2,
        }
    }

    /// `file line N`, to name the puzzle in messages.
    pub fn place(&self) -> String {
        format!("{} line {}", self.file, self.line)
    }
}

/// Why a benchmark failed. Every variant names the file and line of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BenchError {
    /// A puzzle could not be read.
    #[error("{file}: {}{error}", parse_place(*.line, .error))]
    Parse {
        /// The file.
        file: String,
        /// The line the puzzle starts on, counted from 1; 0 for a file with no puzzle.
        line: usize,
        /// What was wrong.
        error: KkError,
    },
    /// The solver could not take a puzzle at all.
    #[error("{file} line {line}: the {method} method declined the puzzle: {error}")]
    Declined {
        /// The file.
        file: String,
        /// The puzzle's first line.
        line: usize,
        /// The solver's name.
        method: &'static str,
        /// Its reason.
        error: SolveError,
    },
    /// The solver ran out of its time or node budget.
    #[error("{file} line {line}: the {method} method gave up after the {budget} ({count} solution(s) found)")]
    GaveUp {
        /// The file.
        file: String,
        /// The puzzle's first line.
        line: usize,
        /// The solver's name.
        method: &'static str,
        /// The budget that ran out.
        budget: Budget,
        /// Solutions found before.
        count: u64,
    },
    /// The solver's answer disagrees with the corpus or breaks a rule.
    #[error("{file} line {line}: WRONG ANSWER from the {method} method: {what}")]
    Mismatch {
        /// The file.
        file: String,
        /// The puzzle's first line.
        line: usize,
        /// The solver's name.
        method: &'static str,
        /// What is wrong.
        what: String,
    },
}

/// `line N: ` for a parse error that names no line of its own (one about a whole puzzle,
/// such as a cell in no cage), so that the puzzle can be found; nothing otherwise.
fn parse_place(line: usize, error: &KkError) -> String {
    if error.line == 0 && line > 0 {
        format!("line {line}: ")
    } else {
        String::new()
    }
}

/// How to run a benchmark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Solve each puzzle this many times and keep the fastest run (at least 1).
    pub repeat: usize,
    /// Give up on a puzzle after this long, which counts as a failure.
    pub timeout: TimeLimit,
    /// Threads one puzzle's search may use ([`Limits::threads`]).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            repeat: 1,
            timeout: DEFAULT_TIMEOUT,
            threads: 1,
        }
    }
}

/// The effort one puzzle took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The puzzle's first line in its file.
    pub line: usize,
    /// Wall-clock time of the fastest run.
    pub time: Duration,
    /// Wall-clock time of the first run (the only one without [`Options::repeat`]).
    pub first: Duration,
    /// Search nodes.
    pub nodes: u64,
    /// Guesses.
    pub guesses: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// Times and efforts summed up over puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Puzzles run.
    pub puzzles: usize,
    /// The median time (nearest rank).
    pub median: Duration,
    /// The 90th percentile of time (nearest rank).
    pub p90: Duration,
    /// The slowest puzzle.
    pub max: Duration,
    /// The median time of the puzzles' first runs (see [`Sample::first`]).
    pub first_median: Duration,
    /// All puzzles together.
    pub total: Duration,
    /// The median number of search nodes.
    pub median_nodes: u64,
    /// The largest number of search nodes.
    pub max_nodes: u64,
    /// The median number of guesses.
    pub median_guesses: u64,
}

/// The result of [`run`]: every puzzle's effort, the failures, and their summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The solver's name.
    pub method: &'static str,
    /// One sample per puzzle the solver took, in file order, failed ones included (a
    /// puzzle given up on counts with the time it took to give up).
    pub samples: Vec<Sample>,
    /// Wrong answers, puzzles given up on and puzzles declined, in file order.
    pub failures: Vec<BenchError>,
    /// Puzzles whose number of solutions the corpus does not say, so that only their
    /// solutions could be checked.
    pub unverified: usize,
    /// The summary of `samples`.
    pub summary: Summary,
}

/// Reads every puzzle of a corpus text; `file` names it in messages (and a name under
/// `keen/` marks Keen's puzzles, which have one solution each). The first puzzle that
/// cannot be read is the error.
pub fn read_cases(file: &str, text: &str) -> Result<Vec<Case>, BenchError> {
    read_each(file, text, model::Options::default())
        .into_iter()
        .collect()
}

/// Reads every puzzle of a corpus text as [`read_cases`] does, each under `rules` besides
/// the directives of its block (as if the block began with `# multi-cell` when
/// `rules.multi_cell` is on): every case, or why its puzzle was refused, in file order, so
/// that one bad puzzle does not hide the others. Each error names the line its puzzle
/// starts on.
///
/// ```
/// use xtask::bench;
/// use cagey::model::Options;
///
/// // An L of three cells divides to 2 under the multi-cell rules: 2 / (1 * 1).
/// let text = "# solutions=1\n2%,0 1 3\n3,2\n3,4\n2,5\n3,6\n2,7\n1,8\n";
/// assert!(bench::read_each("m.kk", text, Options::default())[0].is_err());
/// let multi_cell = Options { multi_cell: true, ..Options::default() };
/// let case = bench::read_each("m.kk", text, multi_cell).remove(0)?;
/// assert_eq!(case.expected, bench::Expected::Exactly(1));
/// let report = bench::run(cagey::solve::default_solver(), &[case], &bench::Options::default());
/// assert!(report.failures.is_empty());
/// # Ok::<(), xtask::bench::BenchError>(())
/// ```
pub fn read_each(file: &str, text: &str, rules: model::Options) -> Vec<Result<Case, BenchError>> {
    kk::parse_all_numbered(text, rules)
        .into_iter()
        .map(|(line, entry)| match entry {
            Ok(entry) => Ok(Case::from_entry(file, entry)),
            Err(error) => Err(BenchError::Parse {
                file: file.to_string(),
                line,
                error,
            }),
        })
        .collect()
}

/// Runs `solver` on every case, verifying each answer. A failure does not stop the run: it
/// is recorded in [`FileReport::failures`] and the next puzzle is taken.
pub fn run(solver: &dyn Solver, cases: &[Case], options: &Options) -> FileReport {
    let mut samples = Vec::with_capacity(cases.len());
    let mut failures = Vec::new();
    for case in cases {
        let (sample, failure) = run_case(solver, case, options);
        samples.extend(sample);
        failures.extend(failure);
    }
    let unverified = cases
        .iter()
        .filter(|case| case.expected == Expected::Unknown)
        .count();
    FileReport {
        method: solver.name(),
        summary: summarize(&samples),
        samples,
        failures,
        unverified,
    }
}

/// Solves one case `options.repeat` times, verifying every answer, and keeps the fastest
/// run and the first's time. Returns the sample (none if the solver declined the puzzle)
/// and the first failure.
pub fn run_case(
    solver: &dyn Solver,
    case: &Case,
    options: &Options,
) -> (Option<Sample>, Option<BenchError>) {
    let mut limits = Limits::solutions(case.max_solutions());
    limits.time_limit = options.timeout;
    limits.threads = options.threads;
    let mut best: Option<Sample> = None;
    // Every solution's digits are kept for verification, one after the other: the search
    // stops at one more than the corpus expects, so there are few, and with room for 64
    // made before the clock starts, keeping them allocates nothing while it runs.
    let size = case.puzzle.size();
    let mut digits = Vec::with_capacity(limits.max_solutions.min(64) as usize * size * size);
    for _ in 0..options.repeat.max(1) {
        digits.clear();
        let start = Instant::now();
        let search = solver.search(&case.puzzle, &limits, &mut |grid| {
            digits.extend_from_slice(grid.digits());
        });
        let time = start.elapsed();
        let search = match search {
            Ok(search) => search,
            Err(error) => {
                let failure = BenchError::Declined {
                    file: case.file.clone(),
                    line: case.line,
                    method: solver.name(),
                    error,
                };
                return (best, Some(failure));
            }
        };
        let sample = Sample {
            line: case.line,
            time,
            first: best.map_or(time, |best| best.first),
            nodes: search.stats.nodes,
            guesses: search.stats.guesses,
            solutions: search.count,
        };
        if best.is_none_or(|best| sample.time < best.time) {
            best = Some(sample);
        }
        if let End::OutOfBudget(budget) = search.end {
            let failure = BenchError::GaveUp {
                file: case.file.clone(),
                line: case.line,
                method: solver.name(),
                budget,
                count: search.count,
            };
            return (Some(sample), Some(failure));
        }
        let found: Vec<Grid> = digits
            .chunks_exact(size * size)
            .filter_map(|solution| Grid::from_digits(size, solution.to_vec()))
            .collect();
        if let Err(what) = verify(case, &found, search.count, search.end) {
            let failure = BenchError::Mismatch {
                file: case.file.clone(),
                line: case.line,
                method: solver.name(),
                what,
            };
            return (Some(sample), Some(failure));
        }
    }
    (best, None)
}

/// Checks one search's answer against the case; the message says what is wrong.
fn verify(case: &Case, found: &[Grid], count: u64, end: End) -> Result<(), String> {
    if found.len() as u64 != count {
        return Err(format!(
            "reported {count} solutions but passed {} to the callback",
            found.len()
        ));
    }
    for grid in found {
        if let Err(violation) = check(&case.puzzle, grid) {
            let words = violation.describe(&case.puzzle, grid);
            return Err(format!("a solution breaks the rules ({words}):\n{grid}"));
        }
    }
    if found
        .iter()
        .enumerate()
        .any(|(i, a)| found[..i].contains(a))
    {
        return Err("the same solution was reported twice".to_string());
    }
    let exhausted = end == End::Exhausted;
    match case.expected {
        Expected::Exactly(n) if count != n || !exhausted => {
            let how = if exhausted { "exactly" } else { "at least" };
            return Err(format!("expected {n} solution(s), found {how} {count}"));
        }
        Expected::Several if count < 2 => {
            return Err(format!("expected several solutions, found {count}"));
        }
        _ => {}
    }
    if let Some(solution) = &case.solution {
        let complete = matches!(case.expected, Expected::Exactly(_));
        if complete && !found.contains(solution) {
            return Err(format!(
                "the known solution was not found; found:\n{}",
                found.first().map(Grid::to_string).unwrap_or_default()
            ));
        }
    }
    Ok(())
}

/// Sums samples up: medians and percentiles by nearest rank.
pub fn summarize(samples: &[Sample]) -> Summary {
    if samples.is_empty() {
        return Summary::default();
    }
    let mut times: Vec<Duration> = samples.iter().map(|s| s.time).collect();
    times.sort_unstable();
    let mut firsts: Vec<Duration> = samples.iter().map(|s| s.first).collect();
    firsts.sort_unstable();
    let mut nodes: Vec<u64> = samples.iter().map(|s| s.nodes).collect();
    nodes.sort_unstable();
    let mut guesses: Vec<u64> = samples.iter().map(|s| s.guesses).collect();
    guesses.sort_unstable();
    Summary {
        puzzles: samples.len(),
        median: percentile(&times, 50),
        p90: percentile(&times, 90),
        max: times[times.len() - 1],
        first_median: percentile(&firsts, 50),
        total: times.iter().sum(),
        median_nodes: percentile(&nodes, 50),
        max_nodes: nodes[nodes.len() - 1],
        median_guesses: percentile(&guesses, 50),
    }
}

/// The `p`th percentile of sorted, non-empty `values` by nearest rank: the smallest value
/// with at least `p` percent of the values at or below it.
pub fn percentile<T: Copy>(sorted: &[T], p: usize) -> T {
    let rank = (sorted.len() * p).div_ceil(100).max(1);
    sorted[rank.min(sorted.len()) - 1]
}

/// A duration in three significant digits with its unit: `812 ns`, `12.3 µs`, `4.06 ms`,
/// `1.25 s`.
pub fn format_duration(duration: Duration) -> String {
    let nanos = duration.as_nanos() as f64;
    let (value, unit) = if nanos < 1e3 {
        (nanos, "ns")
    } else if nanos < 1e6 {
        (nanos / 1e3, "µs")
    } else if nanos < 1e9 {
        (nanos / 1e6, "ms")
    } else {
        (nanos / 1e9, "s")
    };
    let decimals = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagey::solve;

    const KK0: &str = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n";

    fn case(comments: &str) -> Case {
        let text = format!("{comments}{KK0}");
        read_cases("test.kk", &text).unwrap().remove(0)
    }

    #[test]
    fn reads_what_a_block_says() {
        let c = case("# solutions=1\n# solution=1243432121343412\n");
        assert_eq!(c.expected, Expected::Exactly(1));
        assert_eq!(c.max_solutions(), 2);
        assert!(c.solution.is_some());
        assert_eq!(c.line, 3);
        assert_eq!(case("# check=MULTIPLE\n").expected, Expected::Several);
        assert_eq!(case("").expected, Expected::Unknown);
        assert_eq!(case("# solutions=6\n").max_solutions(), 7);
        assert_eq!(case("# solutions=0\n").max_solutions(), 2);
        let keen = read_cases("keen/keen_4de.kk", KK0).unwrap().remove(0);
        assert_eq!(keen.expected, Expected::Exactly(1));
    }

    #[test]
    fn verifies_answers() {
        let solver = solve::default_solver();
        let options = Options::default();
        let failure = |case: &Case| run_case(solver, case, &options).1;
        let good = case("# solutions=1\n# solution=1243432121343412\n");
        assert_eq!(failure(&good), None);
        let error = failure(&case("# solutions=2\n")).unwrap();
        assert!(
            error.to_string().contains("test.kk line 2: WRONG ANSWER"),
            "{error}"
        );
        let wrong_solution = case("# solutions=1\n# solution=1234432121343412\n");
        assert!(failure(&wrong_solution).is_some());
        assert_eq!(failure(&case("")), None);
        let report = run(solver, &[good.clone(), good], &options);
        assert_eq!(report.summary.puzzles, 2);
        assert!(report.failures.is_empty());
    }

    #[test]
    fn percentiles_are_real_values() {
        let values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(percentile(&values, 50), 5);
        assert_eq!(percentile(&values, 90), 9);
        assert_eq!(percentile(&values, 100), 10);
        assert_eq!(percentile(&[7], 50), 7);
        assert_eq!(percentile(&[1, 2], 50), 1);
    }

    #[test]
    fn formats_durations() {
        assert_eq!(format_duration(Duration::from_nanos(812)), "812 ns");
        assert_eq!(format_duration(Duration::from_nanos(12_345)), "12.3 µs");
        assert_eq!(format_duration(Duration::from_micros(4_060)), "4.06 ms");
        assert_eq!(format_duration(Duration::from_millis(1_250)), "1.25 s");
    }
}
