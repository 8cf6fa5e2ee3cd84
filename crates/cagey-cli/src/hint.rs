//! `cagey hint`: the next step from the progress the input carries (SudokuWiki strings and
//! JSON hold solved cells and candidates; a puzzle without progress starts empty), revealed
//! in three degrees. Mistakes in the progress come first, by cell, instead of a hint.

use std::io::{self, Write};

use cagey::logic::{self, Hint};

use crate::input::{self, InputArgs};
use crate::Status;

/// Give the next step from a partly solved puzzle, or point at mistakes.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey hint --example kk1              the first step, by rule and house
  cagey hint --level 3 progress.txt     the whole next step from a SudokuWiki string

--level 1 names the rule and where to look, 2 adds the cells, 3 gives the whole step. A
digit placed, or a candidate removed, that the solution contradicts is reported by cell
(without the digit) instead of a hint. Exit status: 0 a hint (or already solved), 1 mistakes
or no solution, or gave up at --time-limit, 2 bad input.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// How much to reveal: 1 the rule and the house, 2 the cells, 3 the whole step.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,

    #[command(flatten)]
    time: crate::flags::LogicArgs,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let limits = args.time.limits();
    let mut out = io::stdout().lock();
    input::each_puzzle(&args.input, &mut out, true, |out, _, entry| {
        let puzzle = &entry.puzzle;
        let n = puzzle.size();
        let progress = entry.progress_or_empty();
        let hint = logic::hint(puzzle, &progress, &limits)?;
        // The library's words at the level asked, as the page and Python show them.
        writeln!(out, "{}", hint.text(args.level, n))?;
        Ok(match hint {
            Hint::Step { .. } | Hint::Solved => Status::Ok,
            Hint::Mistakes(_) | Hint::Stuck => Status::Failed,
        })
    })
}
