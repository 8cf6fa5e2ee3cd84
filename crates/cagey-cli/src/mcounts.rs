//! `cagey mcounts`: the `mcounts` table of the J wiki's KenKen essay, which shows how much merging cages saves
//! over trying every combination of their tuples.

use std::io::{self, Write};

use cagey::solve::merge::{self, MergeCount};
use cagey::solve::{Limits, DEFAULT_MAX_TABLE_CELLS};

use crate::flags::refusal;
use crate::input::{self, InputArgs};
use crate::Status;

/// Print the merge counts of the J wiki's KenKen essay: what merging the last 1, 2, ... cages saves.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example: cagey mcounts --example kk1   (the essay's column; more with --help)",
    after_long_help = "\
Row i is about the last i cages (ordered by their smallest cell), merged right to left as
the essay's `merge/` does: `product` counts the combinations of their tuples (what the
direct method examines), `rows` what is left after dropping every combination with a digit
twice in a row or column. The last row's rows are the solutions.

Examples:
  cagey mcounts --example kk1            the essay's second column
  cagey mcounts --approx --example kk2   products as the essay prints them (2.43893e26)

Exit status: 0 printed, 1 a merge grew past --max-table-cells, 2 bad input."
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Print products to 6 significant digits, as the essay does (4.4928e6).
    #[arg(long)]
    approx: bool,

    /// Stop when a merged table would hold more cells (rows times cells) than this.
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
        // Rows are gathered before printing, to align the columns; those computed before a
        // merge fails are printed all the same.
        let mut rows = Vec::new();
        let result = merge::mcounts_each(&entry.puzzle, &limits, &mut |row| rows.push(row.clone()));
        print_rows(out, &rows, args.approx)?;
        result.map_err(refusal)?;
        Ok(Status::Ok)
    })
}

fn print_rows(out: &mut impl Write, rows: &[MergeCount], approx: bool) -> io::Result<()> {
    let products: Vec<String> = rows
        .iter()
        .map(|row| {
            if approx {
                row.product.approx()
            } else {
                row.product.to_string()
            }
        })
        .collect();
    let width = products
        .iter()
        .map(String::len)
        .chain(["product".len()])
        .max()
        .unwrap_or(0);
    let rows_width = rows
        .iter()
        .map(|row| row.rows.to_string().len())
        .chain(["rows".len()])
        .max()
        .unwrap_or(0);
    writeln!(out, "cages  {:>width$}  {:>rows_width$}", "product", "rows")?;
    for (row, product) in rows.iter().zip(&products) {
        writeln!(
            out,
            "{:>5}  {product:>width$}  {:>rows_width$}",
            row.cages, row.rows
        )?;
    }
    Ok(())
}
