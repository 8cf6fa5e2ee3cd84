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
steps. See docs/rules.md for an example of each rule.")]
pub struct Args {}

pub fn run(_: &Args) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<34} {:<13} {:>6}  description",
        "rule", "level", "weight"
    )?;
    for rule in logic::rules() {
        writeln!(
            out,
            "{:<34} {:<13} {:>6}  {}",
            rule.name,
            rule.level.name(),
            rule.weight,
            rule.summary
        )?;
    }
    writeln!(
        out,
        "{:<34} {:<13} {:>6}  where no rule nor trial applies, the digit a search proves (rare)",
        logic::SEARCH_RULE,
        "unreasonable",
        logic::SEARCH_WEIGHT,
    )?;
    Ok(Status::Ok)
}
