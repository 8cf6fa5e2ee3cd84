//! `cagey unique`: proposes the smallest changes that give a puzzle exactly one solution.
//!
//! Each puzzle is repaired by [`cagey::generate::make_unique`]: a given added, a cage split
//! or its operation changed where two solutions differ, each change proved by the solver,
//! the rest of the puzzle left as it is. The repaired puzzle is printed in the input's
//! format (or `--to`), with the changes as `# unique:` comments where the format has
//! comments, and on standard error.

use std::io::{Read, Write};

use anyhow::bail;
use cagey::budget::TimeLimit;
use cagey::formats::{self, digits, Entry, Format};
use cagey::generate;

use crate::input::{self, parse_format, InputArgs};
use crate::Status;

/// Propose the smallest changes that make a puzzle with several solutions unique.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey unique corpora/random/several-5x5.kk         each puzzle repaired, changes named
  cagey unique puzzle.kk --all                        every single change that would do
  cagey unique puzzle.txt --to json

A `# solution=` comment, if the puzzle has one and it is a solution, is the one kept;
otherwise the first solution found is. Exit status 1 if some puzzle has no solution or
could not be repaired.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// The output format [default: the input's].
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Option<Format>,

    /// List every single change that makes the puzzle unique, not just the one taken.
    #[arg(long)]
    all: bool,

    /// Give up on a puzzle after this many seconds (0: no time limit).
    #[arg(long, alias = "timeout", default_value_t = generate::DEFAULT_TIME_LIMIT, value_name = "SECS")]
    time_limit: TimeLimit,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let format = match (args.to, args.input.from) {
        (Some(format), _) | (None, Some(format)) => format,
        _ => input_format(&args.input),
    };
    let items = input::read(&args.input)?;
    let mut status = Status::Ok;
    let mut written = Vec::new();
    for item in &items {
        let Some(entry) = item.entry_or_report(&mut status) else {
            continue;
        };
        let intended = entry
            .meta("solution")
            .and_then(|text| digits::parse_solution(entry.puzzle.size(), text).ok());
        let repair =
            match cagey::generate::make_unique(&entry.puzzle, intended.as_ref(), args.time_limit) {
                Ok(repair) => repair,
                Err(error) => {
                    note!("cagey: {}: {error}", item.place());
                    status = status.max(Status::Failed);
                    continue;
                }
            };
        let n = entry.puzzle.size();
        let mut out = Entry::new(repair.puzzle.clone());
        out.comments = entry
            .comments
            .iter()
            .filter(|c| !c.starts_with("unique:") && !c.starts_with("solutions="))
            .cloned()
            .collect();
        if repair.changes.is_empty() {
            note!("{}: already unique, nothing changed", item.place());
            out.comments.push("unique: already unique".into());
        }
        for change in &repair.changes {
            let text = change.describe(n);
            note!("{}: {text}", item.place());
            out.comments.push(format!("unique: {text}"));
        }
        if args.all {
            for change in &repair.alternatives {
                let text = change.describe(n);
                note!("{}: or instead: {text}", item.place());
                out.comments.push(format!("unique: or instead: {text}"));
            }
        }
        match formats::write(format, &out) {
            Ok(text) => written.push((out, text)),
            Err(error) => {
                note!("cagey: {}: {error}", item.place());
                status = status.max(Status::Failed);
            }
        }
    }
    if written.is_empty() && status == Status::Ok {
        bail!("no puzzle to repair");
    }
    let pairs: Vec<(&Entry, String)> = written.iter().map(|(e, t)| (e, t.clone())).collect();
    std::io::stdout()
        .lock()
        .write_all(formats::join(format, &pairs).as_bytes())?;
    Ok(status)
}

/// The format of the first input, detected from its text (kk for standard input and the
/// built-in examples).
fn input_format(args: &InputArgs) -> Format {
    let Some(path) = args.files.first().filter(|p| p.as_os_str() != "-") else {
        return Format::Kk;
    };
    let mut head = String::new();
    if let Ok(file) = std::fs::File::open(path) {
        // The first few kilobytes tell the formats apart.
        let _ = file.take(16 * 1024).read_to_string(&mut head);
    }
    formats::detect(&head)
}
