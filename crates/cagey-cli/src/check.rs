//! `cagey check`: checks a person's filled-in or partly filled grid against a puzzle and
//! names every rule it breaks, with cells named `r3c4` (rows and columns from 1) and cages by
//! their label and top-left cell (`12+ at r3c4`).
//!
//! The rules are the library's ([`cagey::model::violations`], the independent checker's
//! view of a partial grid); this file finds the grid, which may be rows of digits, one line
//! of digits (both read by [`cagey::formats::digits::parse_grid`]), or a puzzle file that
//! carries progress (a SudokuWiki string, JSON), and words the verdict.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use cagey::formats::{self, digits, Entry, Format};
use cagey::model::violations;
use cagey::{Grid, Puzzle};

use crate::input::{self, parse_format, InputArgs, RuleArgs};
use crate::Status;

/// Check a filled-in or partly filled grid against a puzzle, naming every broken rule.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "\
Examples:
  cagey check puzzle.kk mygrid.txt     rows of digits, `.` for an empty cell
  cagey check --example kk0 '1243 4321 2134 3412'
More examples and notes: cagey check --help",
    after_long_help = "\
Examples:
  cagey check puzzle.kk mygrid.txt     rows of digits, `.` for an empty cell
  cagey check --example kk0 '1243 4321 2134 3412'
  cagey check --example kk0 1243432121343412
  cagey check progress.txt             a SudokuWiki string's own solved cells
  cagey solve p.kk | cagey check p.kk -

GRID is a file, `-` for standard input, or the digits themselves. It holds n rows of n
digits (separated by spaces or commas when the grid is larger than 9x9; `.`, `0` or `_` for
an empty cell; `|` and lines of `-` and `+` are ignored, so `cagey solve` output reads back),
or all n*n cells on one line, or a puzzle in a format that carries progress (a SudokuWiki
string, JSON with `progress`), whose solved cells are checked. Without GRID, the progress
PUZZLE itself carries is checked.

A partly filled grid is consistent when no digit repeats in a row, column, box or region,
no given is contradicted, every full cage meets its target and no partial cage is already
past mending (a sum too large, a product its target is not a multiple of).

Exit status: 0 consistent (complete or not), 1 some rule is broken, 2 bad input."
)]
pub struct Args {
    /// The puzzle: a file holding one puzzle in any supported format, or `-`.
    #[arg(value_name = "PUZZLE", required_unless_present = "example")]
    puzzle: Option<PathBuf>,

    /// The grid to check: a file, `-`, or the digits themselves [default: PUZZLE's progress].
    #[arg(value_name = "GRID")]
    grid: Option<String>,

    /// The puzzle's format [default: detected from its first line].
    #[arg(long, value_name = "FORMAT", value_parser = parse_format, help_heading = "Input")]
    from: Option<Format>,

    /// Use a built-in example as the puzzle (see `cagey examples`).
    #[arg(long, value_name = "NAME", help_heading = "Input")]
    example: Option<String>,

    #[command(flatten)]
    rules: RuleArgs,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    // With --example, the one positional argument given is the grid.
    let (puzzle_path, grid_arg) = match (&args.example, &args.puzzle, &args.grid) {
        (Some(_), Some(_), Some(_)) => {
            bail!("--example names the puzzle: give only GRID after it")
        }
        (Some(_), Some(path), None) => (None, Some(path.to_string_lossy().into_owned())),
        (_, path, grid) => (path.clone(), grid.clone()),
    };
    let entry = read_puzzle(args, puzzle_path)?;
    let puzzle = &entry.puzzle;
    let grid = match grid_arg {
        Some(grid) => read_grid(puzzle, &grid, args.rules)?,
        None => match &entry.progress {
            Some(progress) => progress.solved(),
            None => bail!(
                "no GRID to check: give one after the puzzle (a file, `-`, or the digits), or a \
                 puzzle that carries progress"
            ),
        },
    };
    let broken = violations(puzzle, &grid);
    let mut out = io::stdout().lock();
    for violation in &broken {
        writeln!(out, "{}", violation.describe(puzzle, &grid))?;
    }
    let filled = grid.digits().iter().filter(|&&d| d != 0).count();
    let cells = puzzle.cell_count();
    if broken.is_empty() {
        if filled == cells {
            writeln!(out, "consistent and complete: the grid solves the puzzle")?;
        } else {
            writeln!(
                out,
                "consistent so far: {filled} of {cells} cells filled, no rule broken"
            )?;
        }
        Ok(Status::Ok)
    } else {
        let noun = if broken.len() == 1 { "rule" } else { "rules" };
        writeln!(
            out,
            "{} {noun} broken ({filled} of {cells} cells filled)",
            broken.len()
        )?;
        Ok(Status::Failed)
    }
}

/// The one puzzle PUZZLE (or --example) names.
fn read_puzzle(args: &Args, path: Option<PathBuf>) -> anyhow::Result<Entry> {
    let input = InputArgs {
        files: path.into_iter().collect(),
        from: args.from,
        example: args.example.clone(),
        rules: args.rules,
    };
    let mut items = input::read(&input)?;
    let count = items.len();
    let Some(item) = items.pop() else {
        bail!("no puzzle found in the input");
    };
    if count > 1 {
        bail!("{} holds {count} puzzles; check takes one", item.source);
    }
    match item.entry {
        Ok(entry) => Ok(entry),
        Err(error) => bail!("{}: {error}", item.source),
    }
}

/// The grid GRID names: read from a file or standard input, or the argument's own digits.
fn read_grid(puzzle: &Puzzle, arg: &str, rules: RuleArgs) -> anyhow::Result<Grid> {
    let path = Path::new(arg);
    let (name, text) = if arg == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .context("cannot read the grid from standard input")?;
        ("<stdin>".to_string(), text)
    } else if path.exists() {
        input::refuse_directory(path)?;
        let text =
            fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        (path.display().to_string(), text)
    } else if arg
        .chars()
        .all(|c| c.is_ascii_digit() || " \t\n,._|".contains(c))
    {
        ("GRID".to_string(), arg.to_string())
    } else {
        bail!("cannot read {arg}: no such file, and not a grid of digits");
    };
    // A format that carries progress: its solved cells are the grid.
    if let format @ (Format::SudokuWiki | Format::Json) = formats::detect(&text) {
        let mut entries = formats::parse_all_with(format, &text, rules.options()).into_iter();
        let entry = match entries.next() {
            Some(Ok(entry)) => entry,
            Some(Err(error)) => bail!("{name}: {error}"),
            None => bail!("{name}: no puzzle found"),
        };
        if entry.puzzle.size() != puzzle.size() {
            bail!(
                "{name} is a {m}x{m} puzzle, PUZZLE is {n}x{n}",
                m = entry.puzzle.size(),
                n = puzzle.size()
            );
        }
        if entry.puzzle != *puzzle {
            note!("cagey: note: {name} carries another puzzle than PUZZLE; checking its digits against PUZZLE");
        }
        let Some(progress) = entry.progress else {
            bail!("{name} holds a puzzle without progress: there are no digits to check");
        };
        return Ok(progress.solved());
    }
    digits::parse_grid(puzzle.size(), &text).map_err(|error| anyhow::anyhow!("{name}: {error}"))
}
