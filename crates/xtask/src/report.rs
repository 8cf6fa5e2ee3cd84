//! `cargo xtask bench`: times a solver over corpus files and verifies every answer.
//!
//! The work is [`xtask::bench`]'s; this file reads the files, prints one row per file as it
//! finishes (or JSON at the end), and turns a wrong answer into exit status 1.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use cagey::budget::TimeLimit;
use xtask::bench::{self, format_duration, FileReport, Options, Summary};

use crate::Status;

mod rounds;

/// Time a solver over corpus files: per file the median, 90th percentile and largest time
/// per puzzle, and the median search nodes. Every answer is checked against the file's
/// `# solution=`, `# solutions=` and `# check=` comments.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cargo xtask bench corpora/keen/keen_9du.kk        time the default solver on one file
  cargo xtask bench corpora/random/*.kk --repeat 5  keep each puzzle's fastest of 5 runs
  cargo xtask bench --method direct corpora/keen/keen_4de.kk
  cargo xtask bench --json corpora/keen/*.kk > out.json
  cargo xtask bench --multi-cell corpora/random/multicell-minus-divide-5x5.kk
  cargo xtask bench --rounds 16 --against ../old/target/release/xtask --repeat 3 \
      corpora/keen/keen_9du.kk                      this build against another, in turn

Each puzzle is searched for one solution more than its file says it has (at least two: the
uniqueness check), so times include proving the count. Medians and percentiles are by
nearest rank over puzzles; times are wall-clock and include the solver's setup.

With --repeat, each puzzle is solved that many times in a row and its fastest run counts;
the `1st run` column is then the median of each puzzle's first run. A puzzle solved again
right after itself runs faster, as the processor learns the way its branches go (up to
twice as fast on puzzles of tens of microseconds): the first run is the time of a puzzle
met once, as in a batch of different puzzles.

With --rounds or --against, each round runs the whole benchmark in a process of its own
(`bench --json`), this build and the other (an xtask, or a cagey from before the
benchmark moved here) in turn, the first swapped from one round to the next; each file's figures are their medians over the rounds, and `ratio` is this build's
median over the other's, the median of the rounds' ratios (`1st ratio` the same for the
first runs). A change of a few percent needs a dozen rounds or more to show through the
noise of a machine whose load comes and goes.

A wrong answer, a puzzle given up on (see --timeout) or declined by the method is named
by file and line on standard error, and the run goes on with the next puzzle; a puzzle
given up on counts in the times with the time it took to give up. A puzzle that cannot be
read is named the same way and left out; the file's other puzzles are still run.

Exit status: 0 every answer verified, 1 a wrong answer or a puzzle given up on or
declined, 2 bad usage, an unreadable file or a puzzle that cannot be read.")]
pub struct Args {
    /// Corpus files in the kk format, with `# key=value` comments saying what is
    /// known of each puzzle.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,

    /// The solving method (see `cagey solve --methods`).
    #[arg(long, value_name = "NAME", default_value = "propagate")]
    method: String,

    /// Print JSON instead of a table: per file the summary, the failures, and each
    /// puzzle's line, time, nodes, guesses and solutions (`samples`).
    #[arg(long)]
    json: bool,

    /// Solve each puzzle this many times in a row and keep its fastest run (the median of
    /// the first runs is shown beside).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = crate::at_least_one::<u64>)]
    repeat: u64,

    /// Count a puzzle as failed after this many seconds (0: no limit).
    #[arg(long, value_name = "SECS", default_value_t = bench::DEFAULT_TIMEOUT)]
    timeout: TimeLimit,

    /// Threads a killer's search may use once it has run past 45,000 nodes (1: each
    /// search on one thread, as the published figures are taken).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = crate::at_least_one::<u64>)]
    threads: u64,

    /// Run the whole benchmark this many times, each in a process of its own, and give each
    /// file's medians over the runs: one run says little on a machine whose load comes and
    /// goes.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = crate::at_least_one::<u64>)]
    rounds: u64,

    /// Another build to compare with (an xtask binary, or an older cagey with `bench`): each
    /// round runs it too, the order of the two
    /// swapped from one round to the next, and each file gets the other's median and the
    /// ratio of the two (this build's over the other's, the median of the rounds' ratios).
    #[arg(long, value_name = "BINARY")]
    against: Option<PathBuf>,

    #[command(flatten)]
    rules: crate::RuleArgs,
}

/// One file's outcome: the report of the puzzles run, and the puzzles that could not be
/// read.
struct Row {
    file: String,
    report: FileReport,
    /// Why each puzzle left out could not be read, naming its line.
    refused: Vec<String>,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let solver = crate::method(&args.method)?;
    let options = Options {
        repeat: usize::try_from(args.repeat).unwrap_or(usize::MAX),
        timeout: args.timeout,
        threads: usize::try_from(args.threads).unwrap_or(usize::MAX),
    };
    // Read every file before printing anything, so that a missing file stops the run at once.
    let texts = args
        .files
        .iter()
        .map(|path| {
            crate::refuse_directory(path)?;
            fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
        })
        .collect::<anyhow::Result<Vec<String>>>()?;
    if args.rounds > 1 || args.against.is_some() {
        return rounds::run(args);
    }
    let width = file_width(&args.files);
    let mut out = io::stdout().lock();
    // The first runs' median, beside the fastest runs' figures, when they differ.
    let firsts = args.repeat > 1;
    if !args.json {
        write_columns(&mut out, width, firsts)?;
        writeln!(out)?;
    }
    let mut status = Status::Ok;
    let mut rows = Vec::new();
    for (path, text) in args.files.iter().zip(&texts) {
        let file = path.display().to_string();
        let mut cases = Vec::new();
        let mut refused = Vec::new();
        for case in bench::read_each(&file, text, args.rules.options()) {
            match case {
                Ok(case) => cases.push(case),
                Err(error) => refused.push(error.to_string()),
            }
        }
        let report = bench::run(solver, &cases, &options);
        if !args.json {
            write_figures(&mut out, width, firsts, &file, &report.summary)?;
            writeln!(out)?;
        }
        out.flush()?;
        for error in &refused {
            eprintln!("xtask: {error} (the puzzle is left out)");
            status = status.max(Status::BadInput);
        }
        for failure in &report.failures {
            eprintln!("xtask: FAILED: {failure}");
            status = status.max(Status::Failed);
        }
        if report.unverified > 0 {
            eprintln!(
                "xtask: {file}: {} puzzle(s) say nothing of their solutions: only \
                 the solutions found were checked",
                report.unverified
            );
        }
        rows.push(Row {
            file,
            report,
            refused,
        });
    }
    if args.json {
        writeln!(out, "{}", json(solver.name(), args.repeat, &rows))?;
    }
    Ok(status)
}

/// The width of the table's first column: the longest file name, or the column's name.
fn file_width(files: &[PathBuf]) -> usize {
    files
        .iter()
        .map(|path| path.display().to_string().chars().count())
        .max()
        .unwrap_or(0)
        .max("file".len())
}

/// Writes the names of the columns every table has (the first run's with `firsts`), without
/// ending the line.
fn write_columns(out: &mut impl Write, width: usize, firsts: bool) -> io::Result<()> {
    write!(
        out,
        "{:<width$}  {:>7}  {:>9}  {:>9}  {:>9}",
        "file", "puzzles", "median", "p90", "max"
    )?;
    if firsts {
        write!(out, "  {:>9}", "1st run")?;
    }
    write!(out, "  {:>9}", "nodes")
}

/// Writes a file's figures under [`write_columns`]' names, without ending the line.
fn write_figures(
    out: &mut impl Write,
    width: usize,
    firsts: bool,
    file: &str,
    s: &Summary,
) -> io::Result<()> {
    write!(
        out,
        "{file:<width$}  {:>7}  {:>9}  {:>9}  {:>9}",
        s.puzzles,
        format_duration(s.median),
        format_duration(s.p90),
        format_duration(s.max),
    )?;
    if firsts {
        write!(out, "  {:>9}", format_duration(s.first_median))?;
    }
    write!(out, "  {:>9}", s.median_nodes)
}

/// The rows as one JSON object; times in nanoseconds.
fn json(method: &str, repeat: u64, rows: &[Row]) -> String {
    let mut text = format!(
        "{{\"method\": {}, \"repeat\": {repeat}, \"files\": [",
        quote(method)
    );
    for (i, row) in rows.iter().enumerate() {
        text.push_str(if i == 0 { "\n  " } else { ",\n  " });
        let report = &row.report;
        let s = &report.summary;
        let _ = write!(
            text,
            "{{\"file\": {}, \"puzzles\": {}, \"median_ns\": {}, \"p90_ns\": {}, \
             \"max_ns\": {}, \"first_median_ns\": {}, \"total_ns\": {}, \"median_nodes\": {}, \
             \"max_nodes\": {}, \"median_guesses\": {}, \"unverified\": {}, \
             \"failures\": [{}], \"refused\": [{}], \"samples\": [{}]}}",
            quote(&row.file),
            s.puzzles,
            s.median.as_nanos(),
            s.p90.as_nanos(),
            s.max.as_nanos(),
            s.first_median.as_nanos(),
            s.total.as_nanos(),
            s.median_nodes,
            s.max_nodes,
            s.median_guesses,
            report.unverified,
            quoted(report.failures.iter().map(ToString::to_string)),
            quoted(row.refused.iter().cloned()),
            samples(&report.samples),
        );
    }
    text.push_str("\n]}");
    text
}

/// Each puzzle's run as a JSON object, in file order: its line, its fastest and first times
/// in nanoseconds, its search effort and the solutions found, so that a slow puzzle can be
/// found by its line.
fn samples(samples: &[bench::Sample]) -> String {
    samples
        .iter()
        .map(|sample| {
            format!(
                "{{\"line\": {}, \"ns\": {}, \"first_ns\": {}, \"nodes\": {}, \"guesses\": {}, \
                 \"solutions\": {}}}",
                sample.line,
                sample.time.as_nanos(),
                sample.first.as_nanos(),
                sample.nodes,
                sample.guesses,
                sample.solutions
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The items as JSON string literals, separated by commas.
fn quoted(items: impl Iterator<Item = String>) -> String {
    items
        .map(|item| quote(&item))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A JSON string literal.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_json_strings() {
        assert_eq!(quote("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    }
}
