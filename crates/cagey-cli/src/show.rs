//! `cagey show`: draws each puzzle in the terminal with box-drawing characters.

use std::io::{self, IsTerminal, Write};

use cagey::render::terminal;

use crate::input::{self, InputArgs};
use crate::render::Fill;
use crate::Status;

/// Draw puzzles: cages with heavy borders, labels, and the solution or candidates if asked.
///
/// Without --solution or --candidates, a partial state the input carries (a SudokuWiki
/// string's solved cells and candidates) is drawn.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey show --example kk0              draw a built-in puzzle
  cagey show --solution puzzles.kk      draw each puzzle of a file solved
  cagey show --candidates --example p4  draw the digits each cage allows in each cell
  cagey show --ascii p.kk > p.txt       plain ASCII, for files and old terminals
  cat p.kk | cagey show -               read standard input

Heavy lines are cage borders, light lines the cells inside a cage. With boxes or jigsaw
regions (KenDoku, Killer Sudoku, Killer Jigsaw), heavy lines are the region borders, light
lines the cage borders, and dashed lines the cells inside a cage; killer sums have no +.
Digits past 9 take two characters (10..32), never letters. Colour is used only on a
terminal, and never when NO_COLOR is set.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    draw: DrawArgs,

    /// Draw the solution (one of them if there are several).
    #[arg(long, conflicts_with = "candidates")]
    solution: bool,

    /// Draw each cell's candidates: the digits its cage's arithmetic allows there.
    #[arg(long)]
    candidates: bool,
}

/// How drawings look; shared by every subcommand that draws in the terminal.
#[derive(clap::Args, Debug)]
pub struct DrawArgs {
    /// Draw with plain ASCII (`- | . : +`, signs `+ - * /`; `- -` and `!` for a region
    /// border inside a cage) instead of Unicode box drawing.
    #[arg(long)]
    pub ascii: bool,

    /// When to colour the drawing.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// When to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Only when standard output is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Always, for `less -R` and the like.
    Always,
    /// Never.
    Never,
}

impl DrawArgs {
    /// The library's drawing options for these arguments.
    pub fn options(&self) -> terminal::Options {
        let color = match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
            }
        };
        terminal::Options {
            charset: if self.ascii {
                terminal::Charset::Ascii
            } else {
                terminal::Charset::Unicode
            },
            color,
        }
    }
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let options = args.draw.options();
    let mut out = io::stdout().lock();
    input::each_puzzle(&args.input, &mut out, true, |out, item, entry| {
        // Notes on standard error come in order with the drawings.
        out.flush()?;
        let (fill, verdict) = Fill::new(entry, args.solution, args.candidates, &item.place());
        let drawing = terminal::draw(&entry.puzzle, fill.contents(), &options)?;
        write!(out, "{drawing}")?;
        Ok(verdict)
    })
}
