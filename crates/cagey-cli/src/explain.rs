//! `cagey explain`: every step from the puzzle (or the progress its input carries) to the
//! solution, as a person would take them: level, rule, where it looks, what it places or
//! removes, and why. As text, as JSON lines, drawn in the terminal, or as one SVG per step.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use cagey::formats::Entry;
use cagey::logic::{self, Explanation, LogicError, LogicLimits, Step, Verdict};
use cagey::model::{CellState, DigitSet, Grid, Progress, Puzzle};
use cagey::render::{svg, terminal, Contents, Highlight};
use cagey::Cell;
use serde_json::json;

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
    draw: crate::show::DrawArgs,

    /// Write one SVG picture per step into this folder (created if missing), named
    /// `step-001.svg` and so on (with several puzzles, `p2-step-001.svg`).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,

    #[command(flatten)]
    time: crate::time_limit::LogicArgs,
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
    let limits = args.time.limits()?;
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
    let start = entry
        .progress
        .clone()
        .unwrap_or_else(|| Progress::unknown(puzzle.size()));
    let explanation = match logic::explain(puzzle, &start, limits) {
        Ok(explanation) => explanation,
        Err(LogicError::Limit(why)) if args.output == Output::Jsonl => {
            writeln!(out, "{}", json!({"verdict": "gave_up", "reason": why}))?;
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
                let cell = |c: Cell| json!([c.row(n), c.col(n)]);
                let digit = |&(c, d): &(Cell, u8)| json!([c.row(n), c.col(n), d]);
                let record = json!({
                    "rule": step.rule,
                    "level": step.level,
                    "house": step.house,
                    "cells": step.cells.iter().map(|&c| cell(c)).collect::<Vec<_>>(),
                    "placed": step.placed.iter().map(digit).collect::<Vec<_>>(),
                    "eliminated": step.eliminated.iter().map(digit).collect::<Vec<_>>(),
                    "text": step.text,
                });
                writeln!(out, "{record}")?;
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
    let n = puzzle.size();
    let names = |cells: &[Cell]| {
        cells
            .iter()
            .map(|c| c.name(n))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let rows = |grid: &Grid| -> Vec<Vec<u8>> { grid.rows().map(<[u8]>::to_vec).collect() };
    let cage_names = |ids: &[cagey::CageId]| {
        ids.iter()
            .map(|&id| {
                let cage = puzzle.cage(id);
                let sign = cage
                    .operation()
                    .sign()
                    .map(String::from)
                    .unwrap_or_default();
                let first = cage.anchor().expect("cages have cells");
                format!("{}{sign} at {}", cage.target(), first.name(n))
            })
            .collect::<Vec<_>>()
    };
    let (level, score) = (explanation.level, explanation.score);
    match (&explanation.verdict, args.output) {
        (Verdict::Solved(grid), Output::Text) => {
            writeln!(out, "solved: {level}, score {score}")?;
            write!(out, "{grid}")?;
            Ok(Status::Ok)
        }
        (Verdict::Solved(grid), Output::Jsonl) => {
            let record = json!({"verdict": "solved", "level": level, "score": score, "solution": rows(grid)});
            writeln!(out, "{record}")?;
            Ok(Status::Ok)
        }
        (Verdict::Multiple { solutions, differ }, Output::Text) => {
            writeln!(
                out,
                "logic goes no further: the puzzle has more than one solution. Two of them:"
            )?;
            write!(out, "{}\n{}", solutions[0], solutions[1])?;
            writeln!(out, "they differ in {}", names(differ))?;
            Ok(Status::Failed)
        }
        (Verdict::Multiple { solutions, differ }, Output::Jsonl) => {
            let differ: Vec<_> = differ.iter().map(|c| json!([c.row(n), c.col(n)])).collect();
            let record = json!({"verdict": "several", "level": level, "score": score,
                "solutions": [rows(&solutions[0]), rows(&solutions[1])], "differ": differ});
            writeln!(out, "{record}")?;
            Ok(Status::Failed)
        }
        (Verdict::Unsolvable { reason, cages, .. }, Output::Text) => {
            writeln!(out, "no solution: {reason}")?;
            if !cages.is_empty() {
                writeln!(
                    out,
                    "these cages cannot all hold: {}",
                    cage_names(cages).join("; ")
                )?;
            }
            Ok(Status::Failed)
        }
        (Verdict::Unsolvable { reason, cages, .. }, Output::Jsonl) => {
            let record = json!({"verdict": "none", "level": level, "score": score,
                "reason": reason, "cages": cage_names(cages)});
            writeln!(out, "{record}")?;
            Ok(Status::Failed)
        }
    }
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

/// The candidates and placed digits as the steps leave them, for drawings.
struct Board {
    grid: Grid,
    candidates: Vec<DigitSet>,
}

impl Board {
    fn new(start: &Progress) -> Board {
        let n = start.size();
        let candidates = start
            .cells()
            .iter()
            .map(|state| match *state {
                CellState::Unknown => DigitSet::full(n),
                CellState::Solved(d) => DigitSet::single(d),
                CellState::Candidates(set) => set,
            })
            .collect();
        Board {
            grid: start.solved(),
            candidates,
        }
    }

    fn apply(&mut self, step: &Step) {
        for &(c, d) in &step.eliminated {
            self.candidates[c.index()].remove(d);
        }
        for &(c, d) in &step.placed {
            self.grid.set(c, d);
            self.candidates[c.index()] = DigitSet::single(d);
        }
    }

    fn contents(&self) -> Contents<'_> {
        Contents {
            grid: Some(&self.grid),
            candidates: Some(&self.candidates),
        }
    }
}
