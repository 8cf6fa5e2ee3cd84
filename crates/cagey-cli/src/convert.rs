//! `cagey convert`: rewrites puzzles in another format, to standard output (it writes no
//! file itself). A `# solution=` comment is checked against its puzzle before it is passed
//! on: a wrong answer is not republished in a new format.

use std::io::Write;

use anyhow::bail;
use cagey::formats::{self, Format};

use crate::input::{self, parse_format, InputArgs};
use crate::Status;
use cagey::answer;

/// Convert puzzles between formats: kk, a1, sudokuwiki, keen, json, grid, and the links
/// players share: fpuzzles, sudokupad, sudokupad-scl (SudokuPad's own JSON), penpa (read
/// only), short-killer, long-killer, solo, factors.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey convert --example kk0 --to grid          the essay's 4x4 as a grid of letters
  cagey convert puzzles.kk --to json > p.json    every puzzle of a file as a JSON array
  echo 'K6C02ff00cr…' | cagey convert --to kk    a SudokuWiki string in the J format
  cagey convert p.txt --from a1 --to keen        force the input format
  cagey convert killer.kk --to sudokupad         a link to play the puzzle on SudokuPad
  cagey convert killer.kk --to sudokupad-scl     the same, in SudokuPad's own JSON (/scl…)
  echo 'https://sudokupad.app/scl…' | cagey convert --to kk   a SudokuPad link as kk

The input format is detected unless --from is given. A puzzle the target format cannot hold
(a size Keen does not allow, a target too large for a SudokuWiki string) is an error, never a
different puzzle.

A `# solution=` comment must solve its puzzle: a puzzle whose comment does not is an error,
not passed on.

Exit status: 0 converted, 2 some puzzle could not be read, its `# solution=` comment does not
solve it, or the target format cannot hold it (the others are still written).")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// The output format.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    to: Format,
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let items = input::read(&args.input)?;
    let mut status = Status::Ok;
    let mut written = Vec::new();
    for item in &items {
        let Some(entry) = item.entry_or_report(&mut status) else {
            continue;
        };
        // A wrong `# solution=` comment is not passed on, in whatever format keeps it: it is
        // input the command refuses (2), like a puzzle that cannot be read. Only the comment
        // is checked, not the puzzle's count: converting is no place to prove uniqueness.
        if let Err(reason) = answer::comment(entry) {
            note!("cagey: {}: {reason}", item.place());
            status = status.max(Status::BadInput);
            continue;
        }
        match formats::write(args.to, entry) {
            Ok(text) => written.push((entry, text)),
            // A puzzle the target format cannot hold is input the command refuses (2),
            // not a failed result.
            Err(error) => {
                note!("cagey: {}: {error}", item.place());
                status = status.max(Status::BadInput);
            }
        }
    }
    if written.is_empty() && status == Status::Ok {
        bail!("no puzzle to convert");
    }
    let text = formats::join(args.to, &written);
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(status)
}
