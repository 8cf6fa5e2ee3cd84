//! `cagey examples`: lists the built-in puzzles, or prints one.

use std::io::Write;

use cagey::examples::{self, EXAMPLES};
use cagey::formats::{self, Entry, Format};

use crate::Status;

/// List the built-in example puzzles, or print one in the kk format.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  cagey examples\n  cagey examples kk0 > kk0.kk\n  cagey solve --example killer"
)]
pub struct Args {
    /// Print this example's puzzle instead of the list.
    name: Option<String>,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let mut out = std::io::stdout().lock();
    match &args.name {
        None => {
            let kinds: Vec<String> = EXAMPLES.iter().map(|e| e.puzzle().to_string()).collect();
            let name_width = EXAMPLES.iter().map(|e| e.name.len()).max().unwrap_or(0);
            let kind_width = kinds.iter().map(String::len).max().unwrap_or(0);
            for (example, kind) in EXAMPLES.iter().zip(&kinds) {
                writeln!(
                    out,
                    "{:<name_width$}  {kind:<kind_width$}  {}",
                    example.name, example.source
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
            // As every output of puzzles, it ends with a blank line, so that outputs concatenate.
            let entry = Entry::new(example.puzzle());
            write!(out, "{}", formats::write_all(Format::Kk, &[entry])?)?;
        }
    }
    Ok(Status::Ok)
}
