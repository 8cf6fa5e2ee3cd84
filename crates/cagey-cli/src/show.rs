//! `cagey show`: draws each puzzle in the terminal with box-drawing characters.

use std::io::{self, Write};

use cagey::render::terminal;

use crate::fill::Fill;
use crate::flags::{DrawArgs, FillArgs};
use crate::input::{self, InputArgs};
use crate::Status;

/// Draw puzzles in the terminal, with their solution or candidates if asked.
///
/// Without --solution, --candidates or --blank, a partial state the input carries (a
/// SudokuWiki string's solved cells and candidates) is drawn.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "\
Examples:
  cagey show --example kk0              draw a built-in puzzle
  cagey show --solution puzzles.kk      draw each puzzle of a file solved
More examples and notes: cagey show --help",
    after_long_help = "\
Examples:
  cagey show --example kk0              draw a built-in puzzle
  cagey show --solution puzzles.kk      draw each puzzle of a file solved
  cagey show --candidates --example p4  draw the digits each cage allows in each cell
  cagey show --ascii p.kk > p.txt       plain ASCII, for files and old terminals
  cagey show --blank progress.txt       the bare puzzle, without the progress it carries
  cat p.kk | cagey show -               read standard input

Heavy lines are cage borders, light lines the cells inside a cage. With boxes or jigsaw
regions (KenDoku, Killer Sudoku, Killer Jigsaw), heavy lines are the region borders, light
lines the cage borders, and dashed lines the cells inside a cage; killer sums have no +.
Digits past 9 take two characters (10..32), never letters. Colour is used only on a
terminal whose TERM is not dumb, never when NO_COLOR is set, always with CLICOLOR_FORCE."
)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    draw: DrawArgs,

    #[command(flatten)]
    fill: FillArgs,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let options = args.draw.options();
    // Through anstream, which passes the drawing's colour on or strips it as decided.
    let mut out = anstream::AutoStream::new(io::stdout().lock(), args.draw.choice());
    input::each_puzzle(&args.input, &mut out, true, |out, item, entry| {
        // Notes on standard error come in order with the drawings.
        out.flush()?;
        let (fill, verdict) = Fill::new(entry, &args.fill, &item.place());
        let drawing = terminal::draw(&entry.puzzle, fill.contents(), &options)?;
        write!(out, "{drawing}")?;
        Ok(verdict)
    })
}
