//! `cagey grade`: the level of each puzzle (Keen's five: easy, normal, hard, extreme,
//! unreasonable) and its score, one line per puzzle, streamed and parallel like
//! `cagey solve` ([`crate::batch`]).

use std::io::Write;
use std::sync::Arc;

use cagey::logic::{self, LogicLimits};
use cagey::wire::solve::GradeLine;

use crate::batch::{self, Sink, Terminal};
use crate::input::{self, InputArgs, Numbered};
use crate::Status;

/// Grade puzzles: the hardest level of rule each needs, and a score within the level.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey grade --example kk1           hard 412 (say)
  cagey grade puzzles.kk              one line per puzzle, in order
  cagey grade --output jsonl p.kk     index, level, score and the rules used

The level is that of the hardest rule needed (see `cagey rules`): a puzzle is graded d when
the rules up to d solve it and those up to d-1 do not, as Keen grades. The score adds up the
weights of the steps taken and orders puzzles within a level. A puzzle without exactly one
solution is not graded, nor one whose grading runs past --time-limit: the line says `-`, the
reason goes to standard error, and the exit status is 1. In JSON lines, `verdict` says which:
graded, several, none, gave_up or error (the puzzle could not be read).")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// How to report: text (`hard 412`) or jsonl (one object per puzzle).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Output::Text)]
    output: Output,

    /// Grade this many puzzles at once [default: one per core].
    #[arg(long, short = 'j', value_name = "N", value_parser = cagey_args::jobs)]
    jobs: Option<usize>,

    #[command(flatten)]
    time: crate::flags::LogicArgs,
}

/// The report formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Output {
    /// `level score`.
    Text,
    /// One JSON object per puzzle.
    Jsonl,
}

struct Plan {
    output: Output,
    limits: LogicLimits,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let jobs = cagey_args::jobs_or_cores(args.jobs);
    let plan = Plan {
        output: args.output,
        limits: args.time.limits(),
    };
    let puzzles = input::numbered(input::open(&args.input)?);
    let mut terminal = Terminal::new();
    let mut status = Status::Ok;
    batch::run(
        puzzles,
        jobs,
        batch::WINDOW_PER_JOB.saturating_mul(jobs),
        Arc::new(plan),
        report,
        &mut terminal,
        |done: Status| status = status.max(done),
    )?;
    terminal.finish();
    Ok(status)
}

fn report(plan: &Plan, puzzle: &Numbered, sink: &mut Sink) -> anyhow::Result<Status> {
    let item = &puzzle.item;
    let (index, source, line) = (puzzle.number, &*item.source, item.line());
    let (graded, status) = match &item.entry {
        Err(error) => (
            Err(GradeLine::failed(
                index,
                source,
                line,
                None,
                error.to_string(),
            )),
            Status::BadInput,
        ),
        Ok(entry) => match logic::grade(&entry.puzzle, &plan.limits) {
            Ok(grade) => (Ok(grade), Status::Ok),
            Err(error) => (
                Err(GradeLine::failed(
                    index,
                    source,
                    line,
                    Some(&error),
                    error.to_string(),
                )),
                Status::Failed,
            ),
        },
    };
    match plan.output {
        Output::Text => match &graded {
            Ok(grade) => writeln!(sink, "{} {}", grade.level, grade.score)?,
            Err(failed) => {
                writeln!(sink, "-")?;
                let message = failed.error().unwrap_or_default();
                sink.note(format!("cagey: {}: {message}", item.place()))?;
            }
        },
        Output::Jsonl => {
            let record = match graded {
                Ok(grade) => GradeLine::graded(index, source, line, &grade),
                Err(failed) => failed,
            };
            serde_json::to_writer(&mut *sink, &record)?;
            writeln!(sink)?;
        }
    }
    Ok(status)
}
