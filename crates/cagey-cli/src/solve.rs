//! `cagey solve`: solves each puzzle and says whether its solution is unique.
//!
//! Puzzles are read as a stream and solved on `--jobs` threads ([`crate::batch`]); each
//! puzzle's report is made by [`report`], as text or as a JSON line ([`crate::jsonl`]), and
//! written in input order.

use std::io::{self, Write};
use std::sync::Arc;

use anyhow::bail;
use cagey::solve::{
    self, Limits, Outcome, Search, Solver, Stats, DEFAULT_MAX_COMBINATIONS, DEFAULT_MAX_NODES,
    DEFAULT_MAX_TABLE_CELLS,
};

use cagey::budget::TimeLimit;
use cagey::formats::{self, Entry, Format};
use cagey::model::Kind;
use cagey::render::{terminal, Contents};
use cagey::{Grid, Puzzle};

use crate::batch::{self, Sink, Terminal};
use crate::flags::refusal;
use crate::input::{self, parse_format, InputArgs, Numbered};
use crate::Status;
use cagey::wire::solve::{self as wire, SolveRecord, Totals};

/// Solutions `--all` prints at most unless `--limit` says otherwise.
const DEFAULT_ALL_LIMIT: u64 = 10_000;

/// Solutions `--count` counts at most unless `--limit` says otherwise.
const DEFAULT_COUNT_LIMIT: u64 = 1_000_000;

/// Puzzles read ahead per job with `--all`, whose reports hold every solution (up to
/// `--limit`, 10,000 by default: under 2 MB for a 9x9) until their turn: enough for the
/// writer to take reports in batches (8 per job, too few for that, gave 1.37x from one job to
/// two; 32 give 1.68x, as without `--all`), few enough that puzzles with thousands of
/// solutions each stay within some hundreds of MB.
const ALL_WINDOW_PER_JOB: usize = 32;

/// Solve puzzles: print each solution grid and whether it is unique.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "\
Examples:
  cagey solve --example kk1             solve a built-in puzzle
  cagey solve --all --example kk0       print every solution
  cat p.kk | cagey solve -              read standard input
More examples, notes and the search limits: cagey solve --help",
    after_long_help = "\
Examples:
  cagey solve --example kk1             solve a built-in puzzle
  cagey solve puzzles.kk                solve every puzzle of a file, in order
  cagey solve --all --example kk0       print every solution
  cagey solve --show --example kk0      draw the solution with its cages
  cagey solve --count --limit 100 p.kk  count solutions, stopping at 100
  cagey solve --unique p.kk             exit 1 unless the solution is unique
  cat p.kk | cagey solve -              read standard input
  cagey solve --jobs 2 many.kk          solve a large file on two cores, output in order
  cagey solve --output jsonl many.kk    one JSON object per puzzle, then a summary

Many puzzles are read as they are solved, in constant memory, and come out in input order.
A puzzle that cannot be read is reported on standard error with its file and line (in
jsonl, as an object with \"error\") and the others are still solved. A progress line shows
on standard error when it is a terminal and the run lasts more than half a second.

Exit status: 0 solved, 1 no solution (or not unique with --unique, or gave up), 2 bad input
(some puzzle could not be read, even if the others were solved)."
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Print every solution, then how many were found.
    #[arg(long, conflicts_with = "count")]
    all: bool,

    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,

    /// Stop after this many solutions [default: 10000 with --all, 1000000 with --count].
    #[arg(long, value_name = "N", value_parser = crate::input::at_least_one::<u64>)]
    limit: Option<u64>,

    /// Exit with status 1 unless every puzzle has exactly one solution.
    #[arg(long)]
    unique: bool,

    /// The solving method (see --methods).
    #[arg(long, value_name = "NAME", default_value = "propagate")]
    method: String,

    /// List the solving methods and exit.
    #[arg(long)]
    methods: bool,

    /// Write each solution as sudokuwiki, json or keen (the verdict then goes to standard
    /// error) instead of rows of digits.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,

    /// Draw each solution with its cages, as `cagey show` does.
    #[arg(long, conflicts_with_all = ["count", "to"])]
    show: bool,

    #[command(flatten)]
    draw: crate::flags::DrawArgs,

    /// Print the search effort (nodes, guesses, time) after each puzzle.
    #[arg(long)]
    stats: bool,

    /// Solve this many puzzles at once, one thread each [default: one per core]; output stays
    /// in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = cagey_args::jobs)]
    jobs: Option<usize>,

    /// Threads a killer's search may use once it has run past 45,000 nodes, as the
    /// hardest killers' do [default: one per core for a single puzzle, 1 for several,
    /// which `--jobs` solves side by side].
    #[arg(long, value_name = "N", value_parser = cagey_args::jobs)]
    threads: Option<usize>,

    /// How to report: text for people, or jsonl (a JSON object per puzzle, then a summary).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = OutputFormat::Text,
          hide_possible_values = true)]
    output: OutputFormat,

    /// Give up on a puzzle after this many search nodes.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES, help_heading = "Limits", hide_short_help = true)]
    max_nodes: u64,

    /// Give up on a puzzle after this many seconds (0: no time limit).
    #[arg(long, alias = "timeout", value_name = "SECS", default_value_t = solve::DEFAULT_TIME_LIMIT,
          help_heading = "Limits", hide_short_help = true)]
    time_limit: TimeLimit,

    /// The direct method refuses puzzles with more combinations of cage tuples than this.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_COMBINATIONS,
          help_heading = "Limits", hide_short_help = true)]
    max_combinations: u128,

    /// The essay's methods refuse tables of tuples with more cells (rows times columns) than
    /// this.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TABLE_CELLS,
          help_heading = "Limits", hide_short_help = true)]
    max_table_cells: u64,
}

/// The forms of `--output`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// Text for people: the solution, then a sentence.
    Text,
    /// JSON Lines for programs: one object per puzzle, and a summary.
    Jsonl,
}

/// Everything a puzzle's report depends on, shared by the threads that solve.
struct Plan {
    solver: &'static dyn Solver,
    limits: Limits,
    mode: Mode,
    output: OutputFormat,
    unique: bool,
    to: Option<Format>,
    drawing: Option<terminal::Options>,
    stats: bool,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    if args.methods {
        let mut out = io::stdout().lock();
        for solver in cagey::solvers::registry() {
            writeln!(out, "{:<10} {}", solver.name(), solver.summary())?;
        }
        return Ok(Status::Ok);
    }
    let solver = method(&args.method)?;
    let mut limits = Limits {
        max_solutions: match (args.all, args.count) {
            (true, _) => args.limit.unwrap_or(DEFAULT_ALL_LIMIT),
            (_, true) => args.limit.unwrap_or(DEFAULT_COUNT_LIMIT),
            _ => 2,
        },
        max_nodes: args.max_nodes,
        time_limit: args.time_limit,
        keep: 2,
        max_combinations: args.max_combinations,
        max_table_cells: args.max_table_cells,
        cancel: None,
        threads: 1,
    };

    let mode = match (args.all, args.count) {
        (true, _) => Mode::All,
        (_, true) => Mode::Count,
        _ => Mode::Solve,
    };
    if let Some(format) = args
        .to
        .filter(|f| !matches!(f, Format::SudokuWiki | Format::Json | Format::Keen))
    {
        bail!(
            "--to {format}: that format has no place for a solution; use sudokuwiki, json or keen"
        );
    }
    if args.output == OutputFormat::Jsonl && (args.show || args.to.is_some()) {
        bail!(
            "--output jsonl writes solutions as rows of digits: it does not go with --show or --to"
        );
    }
    let mut puzzles = input::numbered(input::open(&args.input)?).peekable();
    let several = puzzles.peek().is_some_and(|puzzle| puzzle.several);
    limits.threads = match args.threads {
        Some(threads) => threads,
        None if several => 1,
        None => cagey_args::jobs_or_cores(None),
    };
    let plan = Plan {
        solver,
        limits,
        mode,
        output: args.output,
        unique: args.unique,
        to: args.to,
        drawing: args.show.then(|| args.draw.options()),
        stats: args.stats,
    };
    let jobs = cagey_args::jobs_or_cores(args.jobs);
    // `--all` holds every solution of a puzzle until its turn to be written: fewer puzzles
    // are read ahead, so that memory stays within a few puzzles' solutions per job.
    let window = match mode {
        Mode::All => ALL_WINDOW_PER_JOB.saturating_mul(jobs),
        Mode::Solve | Mode::Count => batch::WINDOW_PER_JOB.saturating_mul(jobs),
    };

    let mut terminal = Terminal::new();
    let mut totals = Totals::new();
    let mut status = Status::Ok;
    batch::run(
        puzzles,
        jobs,
        window,
        Arc::new(plan),
        report,
        &mut terminal,
        |tally: Tally| {
            status = status.max(tally.status);
            totals.add(&tally.wire);
        },
    )?;
    terminal.finish();
    if args.output == OutputFormat::Jsonl {
        let out = terminal.out();
        serde_json::to_writer(&mut *out, &totals.summary())?;
        writeln!(out)?;
        out.flush()?;
    }
    Ok(status)
}

/// Solves one puzzle and writes its report, as text or as a JSON line; returns what the
/// summary and the exit status need. Only an output error is an error here: a puzzle that
/// cannot be read or solved is reported as such.
fn report(plan: &Plan, puzzle: &Numbered, sink: &mut Sink) -> anyhow::Result<Tally> {
    match plan.output {
        OutputFormat::Text => report_text(plan, puzzle, sink),
        OutputFormat::Jsonl => report_jsonl(plan, puzzle, sink),
    }
}

/// The text report: a header when there are several puzzles, then the solution and the
/// verdict; errors on standard error, with the file and line.
fn report_text(plan: &Plan, puzzle: &Numbered, sink: &mut Sink) -> anyhow::Result<Tally> {
    let item = &puzzle.item;
    if puzzle.several && plan.mode != Mode::Count {
        if puzzle.number > 1 {
            writeln!(sink)?;
        }
        writeln!(sink, "# puzzle {} ({})", puzzle.number, item.place())?;
    }
    let entry = match &item.entry {
        Ok(entry) => entry,
        Err(error) => {
            sink.note(format!("cagey: {}: {error}", item.source))?;
            return Ok(Tally::error(Status::BadInput));
        }
    };
    match solve_text(plan, entry, sink) {
        Ok(tally) => Ok(tally),
        Err(error) if error.downcast_ref::<io::Error>().is_some() => Err(error),
        Err(error) => {
            sink.note(format!("cagey: {}: {error:#}", item.place()))?;
            Ok(Tally::error(input::error_status(&error)))
        }
    }
}

/// Solves a puzzle and prints its solution (or all of them, or their number) and verdict.
fn solve_text(plan: &Plan, entry: &Entry, out: &mut Sink) -> anyhow::Result<Tally> {
    let puzzle = &entry.puzzle;
    let mode = plan.mode;
    // Say what kind of puzzle it is when it is not plain KenKen: the rules differ.
    if puzzle.kind() != Kind::KenKen && mode != Mode::Count {
        writeln!(out, "{puzzle}")?;
    }
    let solution = |grid: &Grid| show(puzzle, grid, plan.to, plan.drawing.as_ref());
    let (tally, stats) = match mode {
        Mode::Solve => {
            let report = plan.solver.solve(puzzle, &plan.limits).map_err(refusal)?;
            report_solution(out, &report.outcome, plan.to.is_some(), &solution)?;
            let tally = Tally::new(wire::Tally::of(&report.outcome, &report.stats), plan.unique);
            (tally, report.stats)
        }
        Mode::All | Mode::Count => {
            let mut write_error = None;
            let search = plan.solver.search(puzzle, &plan.limits, &mut |grid| {
                // Each solution is printed as soon as it is found (flushed through the
                // output's buffer), so that a long enumeration shows progress and needs no
                // memory.
                if mode == Mode::All && write_error.is_none() {
                    let printed = solution(grid).and_then(|text| {
                        writeln!(out, "{text}")?;
                        Ok(out.flush()?)
                    });
                    write_error = printed.err();
                }
            });
            if let Some(error) = write_error {
                return Err(error);
            }
            let search = search.map_err(refusal)?;
            report_count(out, &search, mode)?;
            (
                Tally::new(wire::Tally::of_search(&search), plan.unique),
                search.stats,
            )
        }
    };
    if plan.stats {
        print_stats(out, &stats)?;
    }
    Ok(tally)
}

/// The JSON line of one puzzle: its verdict, solutions and effort, or its error.
fn report_jsonl(plan: &Plan, puzzle: &Numbered, sink: &mut Sink) -> anyhow::Result<Tally> {
    let item = &puzzle.item;
    let mut record = SolveRecord::new(puzzle.number, &item.source, item.line());
    let tally = match &item.entry {
        Err(error) => {
            record.fail(error.to_string());
            Tally::error(Status::BadInput)
        }
        Ok(entry) => match solve_record(plan, &entry.puzzle, &mut record) {
            Ok(tally) => tally,
            Err(error) => {
                record.fail(format!("{error:#}"));
                Tally::error(input::error_status(&error))
            }
        },
    };
    serde_json::to_writer(&mut *sink, &record)?;
    writeln!(sink)?;
    Ok(tally)
}

/// Solves a puzzle into its JSON record.
fn solve_record(plan: &Plan, puzzle: &Puzzle, record: &mut SolveRecord) -> anyhow::Result<Tally> {
    match plan.mode {
        Mode::Solve => {
            let report = plan.solver.solve(puzzle, &plan.limits).map_err(refusal)?;
            let tally = Tally::new(wire::Tally::of(&report.outcome, &report.stats), plan.unique);
            record.solved(
                puzzle,
                &tally.wire,
                report.outcome.solutions(),
                &report.stats,
            );
            Ok(tally)
        }
        Mode::All | Mode::Count => {
            // `--all` keeps every solution for the record, up to --limit of them.
            let mut solutions = Vec::new();
            let search = plan
                .solver
                .search(puzzle, &plan.limits, &mut |grid| {
                    if plan.mode == Mode::All {
                        solutions.push(grid.clone());
                    }
                })
                .map_err(refusal)?;
            let tally = Tally::new(wire::Tally::of_search(&search), plan.unique);
            record.solved(puzzle, &tally.wire, &solutions, &search.stats);
            Ok(tally)
        }
    }
}

/// What the summary and the exit status keep of one puzzle.
#[derive(Clone, Copy, Debug)]
struct Tally {
    wire: wire::Tally,
    /// The exit status the puzzle earns.
    status: Status,
}

impl Tally {
    /// A puzzle that could not be read or solved, earning `status`.
    fn error(status: Status) -> Tally {
        Tally {
            wire: wire::Tally::error(),
            status,
        }
    }

    /// A puzzle solved; `unique` says whether `--unique` asked for exactly one solution.
    fn new(wire: wire::Tally, unique: bool) -> Tally {
        // No solution fails, and so does giving up before the question was settled, as
        // `--help` lists under exit status 1; exactly one, proven, is fine; anything else
        // fails only when `--unique` asked for exactly one.
        let status = match (wire.count, wire.exact) {
            _ if !wire.settled => Status::Failed,
            (0, _) => Status::Failed,
            (1, true) => Status::Ok,
            _ if unique => Status::Failed,
            _ => Status::Ok,
        };
        Tally { wire, status }
    }
}

/// The solver `--method NAME` names, or an error listing the methods.
pub fn method(name: &str) -> anyhow::Result<&'static dyn Solver> {
    Ok(cagey::solvers::named(name)?)
}

/// What `solve` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The solution and whether it is unique.
    Solve,
    /// Every solution and their number.
    All,
    /// The number of solutions only.
    Count,
}

/// A solution as printed: rows of digits, the `--to` format, or drawn with its cages.
fn show(
    puzzle: &Puzzle,
    grid: &Grid,
    to: Option<Format>,
    drawing: Option<&terminal::Options>,
) -> anyhow::Result<String> {
    let shown = match (to, drawing) {
        (Some(format), _) => return Ok(formats::write_solution(format, puzzle, grid)?),
        (None, Some(options)) => terminal::draw(puzzle, Contents::grid(grid), options)?,
        // Rows of digits, with box borders when the puzzle has boxes or regions.
        (None, None) => terminal::plain_grid(puzzle, grid)?,
    };
    Ok(shown + &operations(puzzle, grid))
}

/// For a puzzle that hides operations (`?`), the line naming the operation each hidden cage
/// uses in `grid`, e.g. `operations: 3+ at r1c1, 2× or 2÷ at r3c2`; empty otherwise.
fn operations(puzzle: &Puzzle, grid: &Grid) -> String {
    let revealed = cagey::model::revealed_operations(puzzle, grid);
    if revealed.is_empty() {
        return String::new();
    }
    let named: Vec<String> = revealed
        .iter()
        .map(|(id, operations)| {
            let cage = puzzle.cage(*id);
            let labels: Vec<String> = operations
                .iter()
                .map(|op| format!("{}{}", cage.target(), op.sign().unwrap_or('?')))
                .collect();
            format!(
                "{} at {}",
                labels.join(" or "),
                cage.cells()[0].name(puzzle.size())
            )
        })
        .collect();
    format!("operations: {}\n", named.join(", "))
}

/// Prints the solution and the verdict on uniqueness (to standard error when the solution
/// is written in a machine format).
fn report_solution(
    out: &mut Sink,
    outcome: &Outcome,
    verdict_to_stderr: bool,
    solution: &dyn Fn(&Grid) -> anyhow::Result<String>,
) -> anyhow::Result<()> {
    if let Some(first) = outcome.solutions().first() {
        write!(out, "{}", solution(first)?)?;
    }
    let mut verdict = outcome.describe();
    if matches!(outcome, Outcome::AtLeastOne(_) | Outcome::Multiple { .. }) {
        // The command's own pointer to the flags that say more.
        verdict.push_str(" (see --all, --count)");
    }
    if verdict_to_stderr {
        out.note(verdict)?;
    } else {
        writeln!(out, "{verdict}")?;
    }
    Ok(())
}

/// Prints how many solutions were found: a bare number with `--count`, a sentence after the
/// grids with `--all`.
fn report_count(out: &mut impl Write, search: &Search, mode: Mode) -> anyhow::Result<()> {
    match mode {
        Mode::Count => writeln!(out, "{}", search.describe())?,
        _ => writeln!(out, "{}", search.describe_solutions())?,
    }
    Ok(())
}

fn print_stats(out: &mut impl Write, stats: &Stats) -> io::Result<()> {
    let mut parts = vec![
        format!("nodes {}", stats.nodes),
        format!("guesses {}", stats.guesses),
    ];
    for (name, value) in [
        ("eliminations", stats.eliminations),
        ("combinations", stats.combinations),
        ("peak table", stats.peak_table),
    ] {
        if value > 0 {
            parts.push(format!("{name} {value}"));
        }
    }
    parts.push(format!("time {:.3?}", stats.elapsed));
    writeln!(out, "stats: {}", parts.join(", "))
}
