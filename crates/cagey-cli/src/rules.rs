//! `cagey rules`: lists the rules the logic solver uses, cheapest first, with their levels
//! and weights (`cagey grade` adds up the weights of the steps a puzzle takes).

use std::io::{self, Write};

use cagey::logic;

use crate::Status;

/// List the human solving rules: name, level, weight and what each says.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Rules are tried in this order; after any progress the search starts again at the top. A
puzzle's level is that of the hardest rule it needs; its score adds up the weights of its
steps. Killers are graded on a ladder of their own (--killer). See docs/rules.md for an
example of each rule.")]
pub struct Args {
    /// List the killer ladder (Killer Sudoku, Killer Jigsaw) instead of Keen's
    #[arg(long)]
    killer: bool,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<36} {:<13} {:>6}  description",
        "rule", "level", "weight"
    )?;
    let ladder = if args.killer {
        &logic::KILLER_RULES[..]
    } else {
        &logic::RULES[..]
    };
    for rule in ladder {
        writeln!(
            out,
            "{:<36} {:<13} {:>6}  {}",
            rule.name,
            rule.level.name(),
            rule.weight,
            rule.summary
        )?;
    }
    writeln!(
        out,
        "{:<36} {:<13} {:>6}  where no rule nor trial applies, the digit a search proves (rare)",
        logic::SEARCH_RULE,
        "unreasonable",
        logic::SEARCH_WEIGHT,
    )?;
    Ok(Status::Ok)
}
