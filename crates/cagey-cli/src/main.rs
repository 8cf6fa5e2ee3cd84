//! The `cagey` command: a thin layer over the `cagey` library, one file per subcommand.
//!
//! Exit codes: 0 success, 1 a failed result (no solution, or not unique when `--unique` asked
//! for it), 2 bad input or usage. A closed pipe ends the program quietly.

/// Writes a line to standard error, as `eprintln!` does, but never panics: a message to a
/// closed pipe (`cagey print bad.kk 2>&1 | head -1`) is dropped, and the exit status stays
/// the command's own rather than an abort's.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod batch;
mod check;
mod completions;
mod convert;
mod examples;
mod explain;
mod fill;
mod flags;
mod generate;
mod grade;
mod hint;
mod init;
mod input;
mod mcounts;
mod output;
mod print;
mod render;
mod rules;
mod serve;
mod show;
mod solve;
mod unique;

use std::process::ExitCode;

/// mimalloc rather than the system's allocator: the generator's probes allocate small
/// vectors by the million, and glibc's malloc and free were a quarter of a 4x4's profile
/// (docs/performance-generate.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{CommandFactory, Parser, Subcommand};

/// Solve, explain, grade, make and print cage puzzles: KenKen (Calcudoku, Mathdoku, Keen),
/// KenDoku, Killer Sudoku and Killer Jigsaw.
#[derive(Parser)]
#[command(name = "cagey", version, long_about = None)]
#[command(after_help = "Start with: cagey solve --example kk1")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Solve(solve::Args),
    Check(check::Args),
    Examples(examples::Args),
    Convert(convert::Args),
    Init(init::Args),
    Mcounts(mcounts::Args),
    Show(show::Args),
    Render(render::Args),
    // Boxed: its many options make it the largest variant by far.
    Print(Box<print::Args>),
    Generate(generate::Args),
    Unique(unique::Args),
    Grade(grade::Args),
    Explain(explain::Args),
    Hint(hint::Args),
    Rules(rules::Args),
    Completions(completions::CompletionsArgs),
    Man(completions::ManArgs),
    Serve(serve::Args),
}

pub use cagey_args::Status;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Examples(args) => examples::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Init(args) => init::run(&args),
        Command::Mcounts(args) => mcounts::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Print(args) => print::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Unique(args) => unique::run(&args),
        Command::Grade(args) => grade::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Completions(args) => completions::completions(&args, Cli::command()),
        Command::Man(args) => completions::man(&args, Cli::command()),
        Command::Serve(args) => serve::run(&args),
    };
    cagey_args::exit("cagey", result)
}
