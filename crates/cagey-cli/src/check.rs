//! `cagey check`: checks a person's filled-in or partly filled grid against a puzzle and
//! names every rule it breaks, with cells named `r3c4` (rows and columns from 1) and cages by
//! their label and top-left cell (`12+ at r3c4`).
//!
//! The rules are the library's ([`cagey::model::violations`], the independent checker's
//! view of a partial grid); this file reads the grid, which may be rows of digits, one line
//! of digits, or a puzzle file that carries progress (a SudokuWiki string, JSON), and words
//! the verdict.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use cagey::formats::{self, Entry, Format};
use cagey::model::violations;
use cagey::{Cell, Grid, Puzzle};

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
            eprintln!("cagey: note: {name} carries another puzzle than PUZZLE; checking its digits against PUZZLE");
        }
        let Some(progress) = entry.progress else {
            bail!("{name} holds a puzzle without progress: there are no digits to check");
        };
        return Ok(progress.solved());
    }
    parse_digits(&text, puzzle.size()).map_err(|error| anyhow::anyhow!("{name}: {error}"))
}

/// Rows of digits as a person writes them: n rows of n cells, or the n*n cells on one line.
/// Cells are digits (one character each up to 9x9, else separated by spaces or commas);
/// `.`, `0` and `_` are empty. `|` separators and lines of `-` and `+` (box borders) are
/// ignored, and so are `#` comments and lines with words (a verdict printed after a grid).
fn parse_digits(text: &str, n: usize) -> Result<Grid, String> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim();
            !line.is_empty()
                && !line.starts_with('#')
                && !line.chars().all(|c| "-+=| ".contains(c))
                && !line.chars().any(|c| c.is_alphabetic())
        })
        .map(|(number, line)| (number + 1, line))
        .collect();
    // One line of words of n characters each (`1243 4321 2134 3412`) is rows side by side.
    let rows: Vec<(usize, Vec<&str>)> = match lines.as_slice() {
        [(number, line)]
            if n > 1
                && n <= 9
                && line.split_whitespace().count() > 1
                && line
                    .split_whitespace()
                    .all(|word| word.chars().count() == n) =>
        {
            line.split_whitespace()
                .map(|word| (*number, cells_of(word, n)))
                .collect()
        }
        _ => lines
            .iter()
            .map(|&(number, line)| (number, cells_of(line, n)))
            .collect(),
    };
    let cells: Vec<(usize, usize, &str)> = if rows.len() == 1 && n > 1 {
        let (line, cells) = &rows[0];
        if cells.len() != n * n {
            return Err(format!(
                "line {line}: {} cells on one line; a {n}x{n} grid has {} (or write it as {n} rows)",
                cells.len(),
                n * n
            ));
        }
        cells.iter().map(|&cell| (*line, 0, cell)).collect()
    } else {
        if rows.len() != n {
            return Err(format!(
                "{} rows of digits, but the puzzle is {n}x{n}: give {n} rows of {n} cells",
                rows.len()
            ));
        }
        let mut all = Vec::with_capacity(n * n);
        for (row, (line, cells)) in rows.iter().enumerate() {
            if cells.len() != n {
                return Err(format!(
                    "line {line}: row {} has {} cells, expected {n}",
                    row + 1,
                    cells.len()
                ));
            }
            all.extend(cells.iter().map(|&cell| (*line, row + 1, cell)));
        }
        all
    };
    let mut digits = Vec::with_capacity(n * n);
    for (index, (line, _, cell)) in cells.iter().enumerate() {
        let digit = match *cell {
            "." | "0" | "_" => 0,
            text => match text.parse::<usize>() {
                Ok(digit) if (1..=n).contains(&digit) => digit as u8,
                _ => {
                    return Err(format!(
                        "line {line}: {} holds `{text}`, not a digit of a {n}x{n} grid (1 to {n}, or . for an empty cell)",
                        Cell(index as u16).name(n)
                    ))
                }
            },
        };
        digits.push(digit);
    }
    Grid::from_digits(n, digits).ok_or_else(|| format!("not a {n}x{n} grid"))
}

/// A line's cells: separated by spaces or commas when it has any, else one per character
/// (for grids up to 9x9). `|` separators are dropped.
fn cells_of(line: &str, n: usize) -> Vec<&str> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == '|')
        .filter(|word| !word.is_empty())
        .collect();
    let single = words.len() == 1 || words.iter().all(|w| w.len() > 1);
    if n <= 9 && single {
        // Written side by side: each character is a cell.
        words
            .iter()
            .flat_map(|word| {
                word.char_indices()
                    .map(move |(i, c)| &word[i..i + c.len_utf8()])
            })
            .collect()
    } else {
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_one_line_and_separators() {
        let grid = |digits: &[u8]| Grid::from_digits(4, digits.to_vec()).unwrap();
        let kk0 = grid(&[1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2]);
        assert_eq!(parse_digits("1243\n4321\n2134\n3412\n", 4), Ok(kk0.clone()));
        assert_eq!(
            parse_digits("1 2 4 3\n4 3 2 1\n2 1 3 4\n3 4 1 2\nunique solution\n", 4),
            Ok(kk0.clone())
        );
        assert_eq!(parse_digits("1243432121343412", 4), Ok(kk0.clone()));
        assert_eq!(
            parse_digits("12|43\n43|21\n--+--\n21|34\n34|12\n", 4),
            Ok(kk0)
        );
        let partial = parse_digits("1.._\n0000\n....\n...2", 4).unwrap();
        assert_eq!(partial.digits().iter().filter(|&&d| d != 0).count(), 2);
        // Past 9x9, cells are separated.
        let ten = "1 2 3 4 5 6 7 8 9 10\n".repeat(10);
        assert_eq!(parse_digits(&ten, 10).unwrap().get(Cell(9)), 10);
    }

    #[test]
    fn names_what_is_wrong_with_a_grid() {
        assert_eq!(
            parse_digits("1243\n4321\n2134\n", 4).unwrap_err(),
            "3 rows of digits, but the puzzle is 4x4: give 4 rows of 4 cells"
        );
        assert_eq!(
            parse_digits("1243\n4321\n21345\n3412\n", 4).unwrap_err(),
            "line 3: row 3 has 5 cells, expected 4"
        );
        assert!(parse_digits("1243\n4321\n2194\n3412\n", 4)
            .unwrap_err()
            .contains("line 3: r3c3 holds `9`, not a digit of a 4x4 grid"));
        assert!(parse_digits("124343212134341", 4)
            .unwrap_err()
            .contains("15 cells on one line; a 4x4 grid has 16"));
    }
}
