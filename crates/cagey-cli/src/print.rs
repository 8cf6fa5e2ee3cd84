//! `cagey print`: a print-ready PDF booklet of every puzzle read, with an answer key.
//!
//! Puzzles are read, drawn and dropped one at a time; only each one's solution (and the
//! small puzzle model the answer key draws it on) is kept for the key at the end. The file
//! is written only when every puzzle was read and, for the key, solved: a booklet with a
//! puzzle missing or an answer left out would be worse than none.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use cagey::formats::{kk, Entry, ReadError};
use cagey::render::pdf::{Answer, Book, Caption, Options, Paper, PerPage};
use cagey::solve::{self, Limits, Outcome};
use cagey::Grid;

use crate::input::{self, InputArgs};
use crate::Status;

/// Make a print-ready PDF booklet: every puzzle of the inputs in order, numbered, with its
/// size and level, a few to a page, and an answer key of small solved grids at the end.
///
/// A puzzle's level comes from a `# level=` comment (as `cagey generate` writes). Its answer
/// comes from a `# solution=` comment, checked against the puzzle, or else from the solver;
/// a puzzle without exactly one solution stops the booklet (print it with --answers none).
/// Nothing is written unless every puzzle could be read and answered.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey print puzzles.kk -o book.pdf                      four to an A4 page, answers at the end
  cagey print a.kk b.txt --per-page 1 --paper letter -o big.pdf
  cagey print puzzles.kk --title 'Week 12' --answers answers.pdf -o week12.pdf
  cagey generate --size 6 --count 24 | cagey print -o six.pdf

The PDF is vector throughout, with the bundled DejaVu Sans embedded: it prints the same on
every printer, with 15 mm margins.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Where to write the PDF, or `-` for standard output.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,

    /// Puzzles per page: 1, 2, 4 or 6.
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_per_page)]
    per_page: PerPage,

    /// The paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    paper: PaperArg,

    /// A title for the first page (and the answer key's heading).
    #[arg(long)]
    title: Option<String>,

    /// The answer key: `end` of the booklet, `none`, or a separate FILE.pdf.
    #[arg(long, value_name = "end|none|FILE.pdf", default_value = "end", value_parser = parse_answers)]
    answers: Answers,
}

/// A paper size on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum PaperArg {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 inches.
    Letter,
}

/// Where the answer key goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answers {
    /// After the puzzles, from a new page.
    End,
    /// Nowhere.
    None,
    /// In a file of its own.
    File(PathBuf),
}

fn parse_per_page(text: &str) -> Result<PerPage, String> {
    text.parse()
        .ok()
        .and_then(PerPage::from_count)
        .ok_or_else(|| format!("{text:?} puzzles a page: choose 1, 2, 4 or 6"))
}

fn parse_answers(text: &str) -> Result<Answers, String> {
    match text {
        "end" => Ok(Answers::End),
        "none" => Ok(Answers::None),
        // A name that is not a PDF is more likely a mistyped keyword than a file to make.
        _ if text.to_ascii_lowercase().ends_with(".pdf") => Ok(Answers::File(text.into())),
        _ => Err(format!("{text:?}: choose end, none, or a FILE.pdf")),
    }
}

pub fn run(args: &Args) -> anyhow::Result<Status> {
    let to_stdout = args.output.as_os_str() == "-";
    if let Answers::File(path) = &args.answers {
        if *path == args.output {
            bail!("--answers and -o name the same file, {}", path.display());
        }
    }
    let options = Options {
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        per_page: args.per_page,
        title: args.title.clone(),
    };
    let with_answers = args.answers != Answers::None;
    let mut book = Book::new(&options);
    let mut answers = Vec::new();
    let mut status = Status::Ok;
    let mut number = 0;
    for item in input::open(&args.input)? {
        if let Err(error @ ReadError::Io { .. }) = &item.entry {
            bail!("cannot read {}: {error}", item.source);
        }
        let Some(entry) = item.entry_or_report(&mut status) else {
            continue;
        };
        number += 1;
        let level = entry.meta("level");
        book.add_puzzle(&entry.puzzle, &Caption { number, level })?;
        if with_answers {
            match solution(entry) {
                Ok(solution) => answers.push(Answer {
                    number,
                    puzzle: entry.puzzle.clone(),
                    solution,
                }),
                Err(reason) => {
                    eprintln!("cagey: {} (puzzle {number}): {reason}", item.place());
                    status = status.max(Status::Failed);
                }
            }
        }
    }
    if status != Status::Ok {
        eprintln!("cagey: nothing written");
        return Ok(status);
    }
    if number == 0 {
        bail!("the input holds no puzzle");
    }
    let answer_sheet = match &args.answers {
        Answers::End => {
            book.add_answers(&answers)?;
            None
        }
        Answers::None => None,
        Answers::File(path) => {
            let mut sheet = Book::new(&options);
            sheet.add_answers(&answers)?;
            Some((path, sheet.finish()?))
        }
    };
    let bytes = book.finish()?;
    if to_stdout {
        let mut out = io::stdout().lock();
        out.write_all(&bytes)?;
        out.flush()?;
    } else {
        fs::write(&args.output, bytes)
            .with_context(|| format!("cannot write {}", args.output.display()))?;
    }
    if let Some((path, bytes)) = answer_sheet {
        fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(Status::Ok)
}

/// The puzzle's answer: its `# solution=` comment, checked, or else the solver's unique
/// solution; otherwise why there is none to print.
fn solution(entry: &Entry) -> Result<Grid, String> {
    let puzzle = &entry.puzzle;
    let n = puzzle.size();
    if let Some(text) = entry.meta("solution") {
        let grid = kk::parse_solution(n, text)
            .ok_or_else(|| format!("its `# solution=` comment is not a {n}x{n} grid of digits"))?;
        cagey::check(puzzle, &grid)
            .map_err(|violation| format!("its `# solution=` comment is wrong: {violation}"))?;
        return Ok(grid);
    }
    let report = solve::default_solver()
        .solve(puzzle, &Limits::uniqueness())
        .map_err(|error| error.to_string())?;
    match report.outcome {
        Outcome::Unique(grid) => Ok(grid),
        Outcome::Unsolvable => Err("it has no solution, so no answer to print".to_string()),
        Outcome::Multiple { .. } | Outcome::AtLeastOne(_) => Err(
            "it has more than one solution, so no single answer to print \
             (leave the key out with --answers none)"
                .to_string(),
        ),
        Outcome::GaveUp { budget, .. } => Err(format!(
            "the solver gave up (the {budget} ran out) before proving one solution"
        )),
    }
}
