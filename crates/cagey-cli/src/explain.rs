//! `cagey explain`: every step from the puzzle (or the progress its input carries) to the
//! solution, as a person would take them: level, rule, where it looks, what it places or
//! removes, and why. As text, as JSON lines, drawn in the terminal, or as one SVG per step.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use cagey::formats::Entry;
use cagey::logic::{self, Explanation, LogicError, LogicLimits, Step, Verdict};
use cagey::model::{DigitSet, Grid, Progress, Puzzle};
use cagey::render::{svg, terminal, Contents, Highlight};
use cagey::wire::{StepRecord, VerdictRecord};

use crate::input::{self, InputArgs};
use crate::Status;

/// Explain puzzles step by step, as a person solves them.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey explain --example kk1           every step of a built-in puzzle
  cagey explain --show --example kk0    draw the candidates after each step
  cagey explain --svg steps/ p.kk       one picture per step: causes blue, changes yellow
  cagey explain --output jsonl p.kk     one JSON object per step, then the verdict

Cells are named r3c4 (row 3, column 4, from 1), cages by label and first cell (12+ at
r3c4). A puzzle with several solutions is explained as far as logic goes, then two
solutions and the cells where they differ are shown; for a puzzle with none, the
explanation stops where something has nothing left and names a smallest set of cages that
cannot all hold. An explanation that runs past --time-limit is not printed: the command says
it gave up (in JSON lines, a record with verdict `gave_up`). Exit status: 0 solved, 1 several
or no solutions, or gave up, 2 bad input.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// How to report: text, or jsonl (one object per step, then the verdict).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Output::Text)]
    output: Output,

    /// Draw the candidates after each step, the step's cells highlighted (colour on a
    /// terminal; `*` for causes and `!` for changed cells otherwise).
    #[arg(long, conflicts_with = "output")]
    show: bool,

    #[command(flatten)]
    draw: crate::flags::DrawArgs,

    /// Write one SVG picture per step into this folder (created if missing), named
    /// `step-001.svg` and so on (with several puzzles, `p2-step-001.svg`).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,

    #[command(flatten)]
    time: crate::flags::LogicArgs,
}

/// The report formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Output {
    /// Numbered sentences.
    Text,
    /// One JSON object per step, then one with the verdict.
    Jsonl,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let limits = args.time.limits();
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut out = io::stdout().lock();
    let mut number = 0;
    let headers = args.output == Output::Text;
    input::each_puzzle(&args.input, &mut out, headers, |out, _, entry| {
        number += 1;
        explain_one(args, &limits, out, entry, number)
    })
}

fn explain_one(
    args: &Args,
    limits: &LogicLimits,
    out: &mut impl Write,
    entry: &Entry,
    number: usize,
) -> anyhow::Result<Status> {
    let puzzle = &entry.puzzle;
    let start = entry.progress_or_empty();
    let explanation = match logic::explain(puzzle, &start, limits) {
        Ok(explanation) => explanation,
        Err(LogicError::Limit(why)) if args.output == Output::Jsonl => {
            serde_json::to_writer(&mut *out, &VerdictRecord::gave_up(&why))?;
            writeln!(out)?;
            return Ok(Status::Failed);
        }
        Err(error) => return Err(error.into()),
    };
    let n = puzzle.size();
    let mut board = Board::new(&start);
    for (index, step) in explanation.steps.iter().enumerate() {
        board.apply(step);
        match args.output {
            Output::Text => {
                writeln!(
                    out,
                    "{:>3}. {}, {}",
                    index + 1,
                    step.level,
                    step.describe(n)
                )?;
            }
            Output::Jsonl => {
                serde_json::to_writer(&mut *out, &StepRecord::new(step, n))?;
                writeln!(out)?;
            }
        }
        let highlights = highlights(puzzle, step);
        if args.show {
            let drawing = terminal::draw_highlighted(
                puzzle,
                board.contents(),
                &args.draw.options(),
                &highlights,
            )?;
            write!(out, "{drawing}")?;
        }
        if let Some(dir) = &args.svg {
            let picture = svg::render_highlighted(
                puzzle,
                board.contents(),
                &svg::Options::default(),
                &highlights,
            )?;
            let prefix = if number > 1 {
                format!("p{number}-")
            } else {
                String::new()
            };
            let path = dir.join(format!("{prefix}step-{:03}.svg", index + 1));
            // Written whole and renamed into place: a failure leaves the old picture.
            crate::output::Target::new(&path)?.write(picture.as_bytes())?;
        }
    }
    verdict(args, out, puzzle, &explanation)
}

/// The last lines: how the explanation ended.
fn verdict(
    args: &Args,
    out: &mut impl Write,
    puzzle: &Puzzle,
    explanation: &Explanation,
) -> anyhow::Result<Status> {
    let record = VerdictRecord::new(explanation, puzzle);
    let status = match record {
        VerdictRecord::Solved { .. } => Status::Ok,
        _ => Status::Failed,
    };
    if args.output == Output::Jsonl {
        serde_json::to_writer(&mut *out, &record)?;
        writeln!(out)?;
        return Ok(status);
    }
    let n = puzzle.size();
    match (&explanation.verdict, &record) {
        (Verdict::Solved(grid), _) => {
            writeln!(
                out,
                "solved: {}, score {}",
                explanation.level, explanation.score
            )?;
            write!(out, "{grid}")?;
        }
        (Verdict::Multiple { solutions, differ }, _) => {
            writeln!(
                out,
                "logic goes no further: the puzzle has more than one solution. Two of them:"
            )?;
            write!(out, "{}\n{}", solutions[0], solutions[1])?;
            let names: Vec<String> = differ.iter().map(|c| c.name(n)).collect();
            writeln!(out, "they differ in {}", names.join(", "))?;
        }
        (Verdict::Unsolvable { reason, .. }, VerdictRecord::NoSolution { cages, .. }) => {
            writeln!(out, "no solution: {reason}")?;
            if !cages.is_empty() {
                writeln!(out, "these cages cannot all hold: {}", cages.join("; "))?;
            }
        }
        (Verdict::Unsolvable { reason, .. }, _) => writeln!(out, "no solution: {reason}")?,
    }
    Ok(status)
}

/// The causes of a step in one colour, the cells it changes in the other.
fn highlights(puzzle: &Puzzle, step: &Step) -> Vec<Highlight> {
    let mut marks = vec![Highlight::None; puzzle.cell_count()];
    for c in &step.cells {
        marks[c.index()] = Highlight::Cause;
    }
    for (c, _) in step.placed.iter().chain(&step.eliminated) {
        marks[c.index()] = Highlight::Change;
    }
    marks
}

/// The candidates and placed digits as the steps leave them ([`Progress::apply`]), ready
/// for drawings.
struct Board {
    progress: Progress,
    grid: Grid,
    candidates: Vec<DigitSet>,
}

impl Board {
    fn new(start: &Progress) -> Board {
        Board {
            progress: start.clone(),
            grid: start.solved(),
            candidates: start.candidates(),
        }
    }

    fn apply(&mut self, step: &Step) {
        self.progress.apply(&step.placed, &step.eliminated);
        self.grid = self.progress.solved();
        self.candidates = self.progress.candidates();
    }

    fn contents(&self) -> Contents<'_> {
        Contents {
            grid: Some(&self.grid),
            candidates: Some(&self.candidates),
        }
    }
}
