//! `cagey examples`: lists the built-in puzzles, or prints one.

use std::io::Write;

use cagey::examples::{self, EXAMPLES};
use cagey::formats::kk;

use crate::Status;

/// List the built-in example puzzles, or print one in the J essay's format.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  cagey examples\n  cagey examples kk0 > kk0.kk")]
pub struct Args {
    /// Print this example's puzzle instead of the list.
    name: Option<String>,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let mut out = std::io::stdout().lock();
    match &args.name {
        None => {
            for example in &EXAMPLES {
                let puzzle = example.puzzle();
                writeln!(
                    out,
                    "{:<5} {:<16} {}",
                    example.name,
                    puzzle.to_string(),
                    example.source
                )?;
            }
        }
        Some(name) => {
            let Some(example) = examples::by_name(name) else {
                let names: Vec<&str> = EXAMPLES.iter().map(|e| e.name).collect();
                anyhow::bail!(
                    "no example called {name:?}; the examples are {}",
                    names.join(", ")
                );
            };
            write!(out, "{}", kk::write(&example.puzzle()))?;
        }
    }
    Ok(Status::Ok)
}
