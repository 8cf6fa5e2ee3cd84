//! The flag groups several subcommands share, each written once and flattened into the
//! subcommands that take it (as ripgrep keeps its flags in one place): how terminal
//! drawings look ([`DrawArgs`]), what to draw in the cells ([`FillArgs`]), and the time
//! limit of the commands that explain ([`LogicArgs`]). The input flags live with the
//! reading of inputs ([`crate::input::InputArgs`]).
//!
//! `--time-limit SECS` is the one flag by which every command that searches (`solve`,
//! `explain`, `grade`, `hint`, `unique`, `generate`, `serve`) bounds the wall-clock time of
//! one puzzle, read by the library's one parser ([`TimeLimit`]: 0 is no limit, and so is a
//! century or more); `--timeout`, the name `solve` once used, stays as a hidden alias.

use std::io;

use cagey::budget::TimeLimit;
use cagey::logic::{self, LogicLimits};
use cagey::render::terminal;
use cagey::solve::SolveError;

/// How drawings look; shared by every subcommand that draws in the terminal.
#[derive(clap::Args, Debug)]
pub struct DrawArgs {
    /// Draw with plain ASCII (`- | . : +`, signs `+ - * /`) instead of Unicode box drawing.
    #[arg(long, help_heading = "Drawing")]
    pub ascii: bool,

    /// When to colour: auto (on a terminal, unless NO_COLOR or TERM=dumb; CLICOLOR_FORCE
    /// forces it), always or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto,
          hide_possible_values = true, help_heading = "Drawing")]
    pub color: ColorChoice,
}

/// When to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// As anstream decides: on a terminal (not TERM=dumb), unless NO_COLOR; CLICOLOR_FORCE
    /// forces it.
    Auto,
    /// Always, for `less -R` and the like.
    Always,
    /// Never.
    Never,
}

impl DrawArgs {
    /// Whether standard output gets colour, as clap decides it for its help: `--color auto`
    /// asks anstream, which says never under NO_COLOR (set, not empty) and always under
    /// CLICOLOR_FORCE, else colour on a terminal whose TERM is not `dumb`.
    pub fn choice(&self) -> anstream::ColorChoice {
        match self.color {
            ColorChoice::Always => anstream::ColorChoice::Always,
            ColorChoice::Never => anstream::ColorChoice::Never,
            ColorChoice::Auto => anstream::AutoStream::choice(&io::stdout()),
        }
    }

    /// The library's drawing options for these arguments.
    pub fn options(&self) -> terminal::Options {
        let color = self.choice() == anstream::ColorChoice::Always;
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

/// What to draw in the cells: shared by `show` and `render`.
#[derive(clap::Args, Debug)]
pub struct FillArgs {
    /// Draw the solution, proven unique: a puzzle with several solutions or none is not
    /// drawn solved (status 1).
    #[arg(long, conflicts_with_all = ["candidates", "blank"])]
    pub solution: bool,

    /// Draw each cell's candidates: the digits its cage's arithmetic allows there.
    #[arg(long, conflicts_with = "blank")]
    pub candidates: bool,

    /// Draw the puzzle blank, without the digits and candidates the input carries.
    #[arg(long)]
    pub blank: bool,
}

/// The limit of the commands that explain (`explain`, `grade`, `hint`).
#[derive(clap::Args, Debug, Clone)]
pub struct LogicArgs {
    /// Give up on a puzzle after this many seconds (0: no time limit).
    #[arg(long, alias = "timeout", value_name = "SECS",
          default_value_t = logic::DEFAULT_TIME_LIMIT, help_heading = "Limits")]
    time_limit: TimeLimit,
}

impl LogicArgs {
    /// The logic's limits under this time limit.
    pub fn limits(&self) -> LogicLimits {
        LogicLimits {
            time_limit: self.time_limit,
            ..LogicLimits::default()
        }
    }
}

/// A solver's refusal in the command's words: the library names the limit that stopped it,
/// and the command adds the flag that raises it.
pub fn refusal(error: SolveError) -> anyhow::Error {
    let flag = match &error {
        SolveError::TooManyCombinations { .. } | SolveError::CombinationsOverflow { .. } => {
            "--max-combinations"
        }
        SolveError::CageTooLarge { .. } | SolveError::TableTooLarge { .. } => "--max-table-cells",
        _ => return error.into(),
    };
    anyhow::anyhow!("{error} ({flag} sets it)")
}
