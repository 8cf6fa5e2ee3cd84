//! `cagey solve`: solves each puzzle and says whether its solution is unique.

use std::io::{self, Write};
use std::time::Duration;

use anyhow::bail;
use cagey::solve::{
    self, End, Limits, Outcome, Search, Solver, Stats, DEFAULT_MAX_COMBINATIONS, DEFAULT_MAX_NODES,
    DEFAULT_MAX_TABLE_CELLS,
};

use cagey::formats::{self, Format};
use cagey::model::Kind;
use cagey::render::{terminal, Contents};
use cagey::{Grid, Puzzle};

use crate::input::{self, parse_format, InputArgs};
use crate::Status;

/// Solutions `--all` prints at most unless `--limit` says otherwise.
const DEFAULT_ALL_LIMIT: u64 = 10_000;

/// Solutions `--count` counts at most unless `--limit` says otherwise.
const DEFAULT_COUNT_LIMIT: u64 = 1_000_000;

/// Seconds a puzzle may take by default before the solver gives up.
const DEFAULT_TIMEOUT_SECS: f64 = 60.0;

/// Solve puzzles: print each solution grid and whether it is unique.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey solve --example kk1             solve a built-in puzzle
  cagey solve puzzles.kk                solve every puzzle of a file, in order
  cagey solve --all --example kk0       print every solution
  cagey solve --show --example kk0      draw the solution with its cages
  cagey solve --count --limit 100 p.kk  count solutions, stopping at 100
  cagey solve --unique p.kk             exit 1 unless the solution is unique
  cat p.kk | cagey solve -              read standard input

Exit status: 0 solved, 1 no solution (or not unique with --unique, or gave up), 2 bad input.")]
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
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,

    /// Exit with status 1 unless every puzzle has exactly one solution.
    #[arg(long)]
    unique: bool,

    /// The solving method (see `cagey solve --methods`).
    #[arg(long, value_name = "NAME", default_value = "propagate")]
    method: String,

    /// List the solving methods and exit.
    #[arg(long)]
    methods: bool,

    /// Write each solution in this format instead of rows of digits: sudokuwiki (the puzzle
    /// string with every cell solved), json (with a progress of digits) or keen (an S
    /// string). The verdict then goes to standard error.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,

    /// Draw each solution with its cages, as `cagey show` does, instead of rows of digits
    /// (--ascii and --color choose how).
    #[arg(long, conflicts_with_all = ["count", "to"])]
    show: bool,

    #[command(flatten)]
    draw: crate::show::DrawArgs,

    /// Print the search effort (nodes, guesses, time) after each puzzle.
    #[arg(long)]
    stats: bool,

    /// Give up on a puzzle after this many search nodes.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES)]
    max_nodes: u64,

    /// Give up on a puzzle after this many seconds (0: no time limit).
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECS)]
    timeout: f64,

    /// The direct method refuses puzzles with more combinations of cage tuples than this.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_COMBINATIONS)]
    max_combinations: u128,

    /// The essay's methods refuse to build a table of tuples with more cells (rows times
    /// columns, a byte each) than this.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TABLE_CELLS)]
    max_table_cells: u64,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    if args.methods {
        for solver in solve::registry() {
            writeln!(out, "{:<10} {}", solver.name(), solver.summary())?;
        }
        return Ok(Status::Ok);
    }
    let solver = method(&args.method)?;
    let time_limit = timeout(args.timeout)?;
    let limits = Limits {
        max_solutions: match (args.all, args.count) {
            (true, _) => args.limit.unwrap_or(DEFAULT_ALL_LIMIT),
            (_, true) => args.limit.unwrap_or(DEFAULT_COUNT_LIMIT),
            _ => 2,
        },
        max_nodes: args.max_nodes,
        time_limit,
        keep: 2,
        max_combinations: args.max_combinations,
        max_table_cells: args.max_table_cells,
    };

    let mode = match (args.all, args.count) {
        (true, _) => Mode::All,
        (_, true) => Mode::Count,
        _ => Mode::Solve,
    };
    if let Some(format @ (Format::Kk | Format::A1 | Format::Grid)) = args.to {
        bail!(
            "--to {format}: that format has no place for a solution; use sudokuwiki, json or keen"
        );
    }
    let drawing = args.show.then(|| args.draw.options());
    input::each_puzzle(
        &args.input,
        &mut out,
        mode != Mode::Count,
        |out, _, entry| {
            let puzzle = &entry.puzzle;
            // Say what kind of puzzle it is when it is not plain KenKen: the rules differ.
            if puzzle.kind() != Kind::KenKen && mode != Mode::Count {
                writeln!(out, "{puzzle}")?;
            }
            let solution = |grid: &Grid| show(puzzle, grid, args.to, drawing.as_ref());
            let (verdict, stats) = match mode {
                Mode::Solve => {
                    let report = solver.solve(puzzle, &limits)?;
                    let verdict = report_solution(
                        out,
                        &report.outcome,
                        args.unique,
                        args.to.is_some(),
                        &solution,
                    )?;
                    (verdict, report.stats)
                }
                Mode::All | Mode::Count => {
                    let mut write_error = None;
                    let search = solver.search(puzzle, &limits, &mut |grid| {
                        // Each solution is printed as soon as it is found, so that a long
                        // enumeration shows progress and needs no memory.
                        if mode == Mode::All && write_error.is_none() {
                            let printed =
                                solution(grid).and_then(|text| Ok(writeln!(out, "{text}")?));
                            write_error = printed.err();
                        }
                    });
                    if let Some(error) = write_error {
                        return Err(error);
                    }
                    let search = search?;
                    (report_count(out, &search, mode, args.unique)?, search.stats)
                }
            };
            if args.stats {
                print_stats(out, &stats)?;
            }
            Ok(verdict)
        },
    )
}

/// The solver `--method NAME` names, or an error listing the methods.
pub fn method(name: &str) -> anyhow::Result<&'static dyn Solver> {
    solve::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = solve::registry().iter().map(|s| s.name()).collect();
        anyhow::anyhow!(
            "no method called {name:?}; the methods are {}",
            names.join(", ")
        )
    })
}

/// The time budget `--timeout SECS` asks for: `None` for 0, an error unless finite and not
/// negative.
pub fn timeout(seconds: f64) -> anyhow::Result<Option<Duration>> {
    if !(seconds >= 0.0 && seconds.is_finite()) {
        bail!("--timeout must be a number of seconds, 0 or more (found {seconds})");
    }
    Ok((seconds > 0.0).then(|| Duration::from_secs_f64(seconds)))
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
    Ok(match (to, drawing) {
        (Some(format), _) => formats::write_solution(format, puzzle, grid)?,
        (None, Some(options)) => terminal::draw(puzzle, Contents::grid(grid), options)?,
        (None, None) => grid.to_string(),
    })
}

/// Prints the solution and the verdict on uniqueness (to standard error when the solution
/// is written in a machine format).
fn report_solution(
    out: &mut impl Write,
    outcome: &Outcome,
    unique: bool,
    verdict_to_stderr: bool,
    solution: &dyn Fn(&Grid) -> anyhow::Result<String>,
) -> anyhow::Result<Status> {
    if let Some(first) = outcome.solutions().first() {
        write!(out, "{}", solution(first)?)?;
    }
    let (verdict, status) = match outcome {
        Outcome::Unique(_) => ("unique solution".to_string(), Status::Ok),
        Outcome::Unsolvable => ("no solution".to_string(), Status::Failed),
        Outcome::AtLeastOne(_) | Outcome::Multiple { .. } => (
            "not unique: this is one of several solutions (see --all, --count)".to_string(),
            if unique { Status::Failed } else { Status::Ok },
        ),
        Outcome::GaveUp { count, budget, .. } => (
            match count {
                0 => format!("gave up: the {budget} ran out before a solution was found"),
                _ => format!("gave up: the {budget} ran out before uniqueness was settled"),
            },
            if *count == 0 || unique {
                Status::Failed
            } else {
                Status::Ok
            },
        ),
    };
    if verdict_to_stderr {
        out.flush()?;
        eprintln!("{verdict}");
    } else {
        writeln!(out, "{verdict}")?;
    }
    Ok(status)
}

/// Prints how many solutions were found: a bare number with `--count`, a sentence after the
/// grids with `--all`.
fn report_count(
    out: &mut impl Write,
    search: &Search,
    mode: Mode,
    unique: bool,
) -> anyhow::Result<Status> {
    let count = search.count;
    let noun = if count == 1 { "solution" } else { "solutions" };
    let (prefix, note) = match search.end {
        End::Exhausted => ("", String::new()),
        End::SolutionLimit => ("at least ", format!(" (stopped at --limit {count})")),
        End::OutOfBudget(budget) => ("at least ", format!(" (gave up: the {budget} ran out)")),
    };
    match mode {
        Mode::Count => writeln!(out, "{prefix}{count}{note}")?,
        _ => writeln!(out, "{prefix}{count} {noun} found{note}")?,
    }
    Ok(match (search.end, count) {
        (_, 0) => Status::Failed,
        (End::Exhausted, 1) => Status::Ok,
        _ if unique => Status::Failed,
        _ => Status::Ok,
    })
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
