//! `cagey init`: prints the initial possibilities of every cage, laid out as the J wiki's KenKen essay
//! prints `c ,: init t`: one box per cage, its cells on top and its tuples below.

use std::io::{self, Write};

use cagey::solve::tables::{self, Table};
use cagey::solve::{Limits, DEFAULT_MAX_TABLE_CELLS};
use cagey::Puzzle;

use crate::flags::refusal;
use crate::input::{self, InputArgs};
use crate::Status;

/// Columns a row of boxes may take before the next cages start a new row of boxes: most
/// terminals are at least this wide, and the essay's 4x4 and 6x6 tables fit.
const DEFAULT_WIDTH: usize = 100;

/// Print each cage's tuples: the digits that meet its arithmetic (the KenKen essay's `init`).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example: cagey init --example kk0   (the essay's table; more with --help)",
    after_long_help = "\
One box per cage (cages ordered by their smallest cell): its cells above its tuples, as the
J essay prints its table of initial possibilities. Then the number of tuples of each cage
and their product, the combinations the direct method would examine.

Examples:
  cagey init --example kk0       the essay's table for kk0
  cagey init --width 60 p.kk     start a new row of boxes every 60 columns

Exit status: 0 printed, 1 some cage has no tuple (no solution) or is too large, 2 bad input."
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Start a new row of boxes before this column.
    #[arg(long, value_name = "COLUMNS", default_value_t = DEFAULT_WIDTH)]
    width: usize,

    /// Refuse a cage whose table would hold more cells (tuples times cells) than this.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TABLE_CELLS)]
    max_table_cells: u64,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    let limits = Limits {
        max_table_cells: args.max_table_cells,
        ..Limits::default()
    };
    input::each_puzzle(&args.input, &mut out, true, |out, _, entry| {
        let tables = tables::cage_tables(&entry.puzzle, &limits).map_err(refusal)?;
        Ok(print_tables(out, &entry.puzzle, &tables, args.width)?)
    })
}

/// Prints the boxes, then the count of tuples per cage and their product.
fn print_tables(
    out: &mut impl Write,
    puzzle: &Puzzle,
    tables: &[Table],
    width: usize,
) -> io::Result<Status> {
    let boxes: Vec<Boxed> = tables.iter().map(Boxed::new).collect();
    // Cut the boxes into bands that fit the width; a box wider than that gets a band alone.
    let mut start = 0;
    while start < boxes.len() {
        let mut end = start + 1;
        let mut used = 1 + boxes[start].width + 1;
        while end < boxes.len() && used + boxes[end].width < width {
            used += boxes[end].width + 1;
            end += 1;
        }
        print_band(out, &boxes[start..end])?;
        start = end;
    }
    let counts: Vec<String> = tables.iter().map(|t| t.len().to_string()).collect();
    writeln!(out, "tuples: {}", counts.join(" "))?;
    writeln!(out, "combinations: {}", tables::combinations(tables))?;
    let mut status = Status::Ok;
    for (id, table) in tables.iter().enumerate() {
        if table.is_empty() {
            writeln!(
                out,
                "cage {} has no tuple: the puzzle has no solution",
                puzzle.cage_name(cagey::CageId(id as u16))
            )?;
            status = Status::Failed;
        }
    }
    Ok(status)
}

/// The text of one cage's box: the cells on one line, the tuples below.
struct Boxed {
    cells: String,
    tuples: Vec<String>,
    width: usize,
}

impl Boxed {
    fn new(table: &Table) -> Boxed {
        let cells: Vec<String> = table.cells().iter().map(|c| c.to_string()).collect();
        let cells = cells.join(" ");
        // As J prints a table of numbers: each column right-aligned to its widest entry.
        let columns: Vec<usize> = (0..table.width())
            .map(|col| table.rows().map(|row| digits(row[col])).max().unwrap_or(1))
            .collect();
        let tuples: Vec<String> = table
            .rows()
            .map(|row| {
                let entries: Vec<String> = row
                    .iter()
                    .zip(&columns)
                    .map(|(digit, &w)| format!("{digit:>w$}"))
                    .collect();
                entries.join(" ")
            })
            .collect();
        let width = tuples
            .iter()
            .map(String::len)
            .chain([cells.len()])
            .max()
            .unwrap_or(0);
        Boxed {
            cells,
            tuples,
            width,
        }
    }
}

/// The number of decimal digits of a grid digit.
fn digits(digit: u8) -> usize {
    if digit >= 10 {
        2
    } else {
        1
    }
}

/// Prints boxes side by side, with J's box-drawing characters.
fn print_band(out: &mut impl Write, boxes: &[Boxed]) -> io::Result<()> {
    let rule = |left: &str, middle: &str, right: &str| {
        let parts: Vec<String> = boxes.iter().map(|b| "─".repeat(b.width)).collect();
        format!("{left}{}{right}", parts.join(middle))
    };
    let line = |texts: Vec<&str>| {
        let parts: Vec<String> = boxes
            .iter()
            .zip(texts)
            .map(|(b, text)| format!("{text:<w$}", w = b.width))
            .collect();
        format!("│{}│", parts.join("│"))
    };
    writeln!(out, "{}", rule("┌", "┬", "┐"))?;
    writeln!(
        out,
        "{}",
        line(boxes.iter().map(|b| b.cells.as_str()).collect())
    )?;
    writeln!(out, "{}", rule("├", "┼", "┤"))?;
    let height = boxes
        .iter()
        .map(|b| b.tuples.len())
        .max()
        .unwrap_or(0)
        .max(1);
    for i in 0..height {
        let texts = boxes
            .iter()
            .map(|b| b.tuples.get(i).map_or("", String::as_str))
            .collect();
        writeln!(out, "{}", line(texts))?;
    }
    writeln!(out, "{}", rule("└", "┴", "┘"))
}
