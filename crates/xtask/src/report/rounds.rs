//! `cargo xtask bench --rounds N [--against OTHER]`: the benchmark run several times, alternately
//! with another build (an `xtask`, or a `cagey` from before the benchmark moved), and summed up by medians and ratios.
//!
//! A machine's load comes and goes, and one run says little about a change of a few
//! percent: the same build can be 1.5 times slower a minute later. So each round runs the
//! whole benchmark once with this build and once with the other, each in a process of its
//! own (`bench --json`), the order swapped from one round to the next. A file's figures are
//! their medians over the rounds, and the two builds' ratio is the median of the rounds'
//! ratios, each taken from two runs a moment apart.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Deserialize;
use serde_json::json;
use xtask::bench::{format_duration, percentile, Summary};

use super::Args;
use crate::Status;

/// One file's figures as `bench --json` gives them.
#[derive(Deserialize, Clone, Debug)]
struct Figures {
    file: String,
    puzzles: u64,
    median_ns: u64,
    p90_ns: u64,
    max_ns: u64,
    first_median_ns: u64,
    median_nodes: u64,
}

impl Figures {
    /// The figures as the table writes them.
    fn summary(&self) -> Summary {
        let time = Duration::from_nanos;
        Summary {
            puzzles: self.puzzles as usize,
            median: time(self.median_ns),
            p90: time(self.p90_ns),
            max: time(self.max_ns),
            first_median: time(self.first_median_ns),
            median_nodes: self.median_nodes,
            ..Summary::default()
        }
    }
}

/// What `bench --json` prints, as far as this reads it.
#[derive(Deserialize)]
struct Report {
    files: Vec<Figures>,
}

/// A build's runs: the executable, and each round's figures, file by file.
struct Build {
    path: PathBuf,
    /// What it says on standard error in its first round (failures, puzzles left out),
    /// shown once.
    said: Option<String>,
    rounds: Vec<Vec<Figures>>,
    status: Status,
}

impl Build {
    fn new(path: PathBuf) -> Build {
        Build {
            path,
            said: None,
            rounds: Vec::new(),
            status: Status::Ok,
        }
    }

    /// Runs `bench --json` once with `arguments`, and keeps its figures.
    fn run(&mut self, arguments: &[OsString], files: usize) -> anyhow::Result<()> {
        let path = self.path.display();
        let output = Command::new(&self.path)
            .args(arguments)
            .output()
            .with_context(|| format!("cannot run {path}"))?;
        let status = match output.status.code() {
            Some(0) => Status::Ok,
            Some(1) => Status::Failed,
            Some(2) => Status::BadInput,
            _ => bail!(
                "{path} bench failed ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim_end()
            ),
        };
        let report: Report = serde_json::from_slice(&output.stdout).with_context(|| {
            let said = String::from_utf8_lossy(&output.stderr);
            match said.trim_end() {
                "" => format!("{path} printed no bench report (is it a build of xtask, or a cagey with `bench`?)"),
                said => format!("{path} printed no bench report, and said: {said}"),
            }
        })?;
        if report.files.len() != files {
            bail!(
                "{path} reported on {} file(s), not {files}",
                report.files.len()
            );
        }
        self.status = self.status.max(status);
        self.said
            .get_or_insert_with(|| String::from_utf8_lossy(&output.stderr).into_owned());
        self.rounds.push(report.files);
        Ok(())
    }

    /// File `k`'s figures over the rounds, each field its median.
    fn medians(&self, k: usize) -> Figures {
        let field = |get: fn(&Figures) -> u64| {
            let mut values: Vec<u64> = self.rounds.iter().map(|round| get(&round[k])).collect();
            values.sort_unstable();
            percentile(&values, 50)
        };
        Figures {
            median_ns: field(|f| f.median_ns),
            p90_ns: field(|f| f.p90_ns),
            max_ns: field(|f| f.max_ns),
            first_median_ns: field(|f| f.first_median_ns),
            median_nodes: field(|f| f.median_nodes),
            ..self.rounds[0][k].clone()
        }
    }

    /// File `k`'s median time in each round.
    fn round_medians(&self, k: usize) -> Vec<u64> {
        self.rounds.iter().map(|round| round[k].median_ns).collect()
    }
}

/// The median over the rounds of this build's time over the other's, as `time` reads it
/// from a file's figures.
fn ratio(this: &Build, other: &Build, k: usize, time: fn(&Figures) -> u64) -> f64 {
    let mut ratios: Vec<f64> = this
        .rounds
        .iter()
        .zip(&other.rounds)
        .map(|(a, b)| time(&a[k]) as f64 / time(&b[k]).max(1) as f64)
        .collect();
    ratios.sort_unstable_by(f64::total_cmp);
    percentile(&ratios, 50)
}

/// Runs the rounds and prints, per file, this build's medians and, with `--against`, the
/// other's and the ratio.
pub(super) fn run(args: &Args) -> anyhow::Result<Status> {
    let this = std::env::current_exe().context("cannot find this program's executable")?;
    let mut arguments: Vec<OsString> = [
        "bench",
        "--json",
        "--method",
        &args.method,
        "--repeat",
        &args.repeat.to_string(),
        "--timeout",
        &args.timeout.to_string(),
    ]
    .iter()
    .map(OsString::from)
    .collect();
    if args.rules.multi_cell {
        arguments.push("--multi-cell".into());
    }
    // Only when asked: an older build, run `--against`, may not know the option.
    if args.threads != 1 {
        arguments.extend(["--threads".into(), args.threads.to_string().into()]);
    }
    arguments.extend(args.files.iter().map(|file| file.clone().into_os_string()));

    let mut builds = vec![Build::new(this)];
    if let Some(other) = &args.against {
        builds.push(Build::new(other.clone()));
    }
    // The runs done, on a terminal: a round of hard files takes seconds.
    let runs = args.rounds * builds.len() as u64;
    let bar = io::stderr().is_terminal().then(|| {
        let style =
            ProgressStyle::with_template("{spinner} round {msg}, {pos}/{len} runs ({elapsed})")
                .expect("the template is valid");
        ProgressBar::new(runs).with_style(style)
    });
    for round in 0..args.rounds {
        if let Some(bar) = &bar {
            bar.set_message(format!("{} of {}", round + 1, args.rounds));
        }
        // This build first in even rounds, the other first in odd ones.
        for i in 0..builds.len() {
            let at = (i + round as usize) % builds.len();
            builds[at].run(&arguments, args.files.len())?;
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut status = Status::Ok;
    for (i, build) in builds.iter().enumerate() {
        status = status.max(build.status);
        for line in build.said.as_deref().unwrap_or_default().lines() {
            match i {
                0 => eprintln!("{line}"),
                _ => eprintln!("{}: {line}", build.path.display()),
            }
        }
    }
    let (this, other) = (&builds[0], builds.get(1));
    if let Some(other) = other {
        for k in 0..args.files.len() {
            let (a, b) = (&this.rounds[0][k], &other.rounds[0][k]);
            if a.puzzles != b.puzzles {
                eprintln!(
                    "xtask: {}: {} puzzle(s) run by this build, {} by {}: the ratio compares \
                     different sets",
                    a.file,
                    a.puzzles,
                    b.puzzles,
                    other.path.display()
                );
            }
        }
    }
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", report_json(args, this, other))?;
    } else {
        write_table(&mut out, args, this, other)?;
    }
    Ok(status)
}

fn write_table(
    out: &mut impl Write,
    args: &Args,
    this: &Build,
    other: Option<&Build>,
) -> io::Result<()> {
    let firsts = args.repeat > 1;
    let width = super::file_width(&args.files);
    super::write_columns(out, width, firsts)?;
    if other.is_some() {
        write!(out, "  {:>9}  {:>6}", "against", "ratio")?;
        if firsts {
            write!(out, "  {:>9}", "1st ratio")?;
        }
    }
    writeln!(out)?;
    let time = |ns: u64| format_duration(Duration::from_nanos(ns));
    for k in 0..args.files.len() {
        let f = this.medians(k);
        super::write_figures(out, width, firsts, &f.file, &f.summary())?;
        if let Some(other) = other {
            let ratio_of = |field: fn(&Figures) -> u64| ratio(this, other, k, field);
            write!(
                out,
                "  {:>9}  {:>6.3}",
                time(other.medians(k).median_ns),
                ratio_of(|f| f.median_ns)
            )?;
            if firsts {
                write!(out, "  {:>9.3}", ratio_of(|f| f.first_median_ns))?;
            }
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "(medians of {} round(s){})",
        args.rounds,
        match other {
            Some(other) => format!(
                ", alternately with {}; ratio: this build's median over the other's, the \
                 median of the rounds' ratios",
                other.path.display()
            ),
            None => String::new(),
        }
    )
}

fn report_json(args: &Args, this: &Build, other: Option<&Build>) -> serde_json::Value {
    let figures = |build: &Build, k: usize| {
        let f = build.medians(k);
        json!({
            "file": f.file,
            "puzzles": f.puzzles,
            "median_ns": f.median_ns,
            "p90_ns": f.p90_ns,
            "max_ns": f.max_ns,
            "first_median_ns": f.first_median_ns,
            "median_nodes": f.median_nodes,
            "rounds_median_ns": build.round_medians(k),
        })
    };
    let files: Vec<serde_json::Value> = (0..args.files.len())
        .map(|k| {
            let mut row = figures(this, k);
            if let Some(other) = other {
                let mut against = figures(other, k);
                against["ratio"] = json!(ratio(this, other, k, |f| f.median_ns));
                against["first_ratio"] = json!(ratio(this, other, k, |f| f.first_median_ns));
                row["against"] = against;
            }
            row
        })
        .collect();
    json!({
        "method": args.method,
        "repeat": args.repeat,
        "rounds": args.rounds,
        "against": other.map(|other| other.path.display().to_string()),
        "files": files,
    })
}
