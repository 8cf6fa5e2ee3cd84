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
use cagey::logic::{self, LogicError, LogicLimits};
use cagey::render::pdf::{Answer, Book, Caption, Options, Paper, PerPage};
use cagey::solve::{self, Limits, Outcome};
use cagey::Grid;

use rayon::prelude::*;

use crate::input::{self, InputArgs, Item};
use crate::Status;

/// Make a print-ready PDF booklet: every puzzle of the inputs in order, numbered, with its
/// size and level, a few to a page, and an answer key of small solved grids at the end.
///
/// A puzzle's level comes from a `# level=` comment (as `cagey generate` writes), or with
/// --grade from grading it as `cagey grade` does. Its answer
/// comes from a `# solution=` comment, checked against the puzzle, or else from the solver;
/// a puzzle without exactly one solution stops the booklet (print it with --answers none).
/// Nothing is written unless every puzzle could be read and answered.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey print puzzles.kk -o book.pdf                      four to an A4 page, answers at the end
  cagey print a.kk b.txt --per-page 1 --paper letter -o big.pdf
  cagey print puzzles.kk --title 'Week 12' --answers answers.pdf -o week12.pdf
  cagey print --grade puzzles.kk -o graded.pdf            levels from grading each puzzle
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

    /// Grade every puzzle (as `cagey grade` does) and caption it with that level, in place
    /// of any `# level=` comment.
    #[arg(long)]
    grade: bool,

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
    let mut puzzles = input::open(&args.input)?.peekable();
    while puzzles.peek().is_some() {
        let batch: Vec<Item> = puzzles.by_ref().take(BATCH).collect();
        if let Some(item) = batch
            .iter()
            .find(|item| matches!(item.entry, Err(ReadError::Io { .. })))
        {
            if let Err(error) = &item.entry {
                bail!("cannot read {}: {error}", item.source);
            }
        }
        // Grading and solving, the slow part, on every core; drawing after, in order.
        let prepared: Vec<Option<Prepared>> = batch
            .par_iter()
            .map(|item| {
                let entry = item.entry.as_ref().ok()?;
                Some(prepare(entry, args.grade, with_answers))
            })
            .collect();
        for (item, prepared) in batch.iter().zip(prepared) {
            let (Some(entry), Some(prepared)) = (item.entry_or_report(&mut status), prepared)
            else {
                continue;
            };
            number += 1;
            let place = format!("{} (puzzle {number})", item.place());
            if let Some(note) = &prepared.note {
                eprintln!("cagey: {place}: {note}");
            }
            let level = match &prepared.level {
                Some(level) => Some(level.as_str()),
                None if args.grade => None,
                None => entry.meta("level"),
            };
            book.add_puzzle(&entry.puzzle, &Caption { number, level })?;
            match prepared.answer {
                Some(Ok(solution)) => answers.push(Answer {
                    number,
                    puzzle: entry.puzzle.clone(),
                    solution,
                }),
                Some(Err(reason)) => {
                    eprintln!("cagey: {place}: {reason}");
                    status = status.max(Status::Failed);
                }
                None => {}
            }
            if prepared.failed {
                status = status.max(Status::Failed);
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

/// Puzzles read, graded and solved at a time: enough to keep every core busy, and few
/// enough that the batch's puzzles take little memory.
const BATCH: usize = 256;

/// What is known of a puzzle before it is drawn.
struct Prepared {
    /// Its level from grading, if asked for and found.
    level: Option<String>,
    /// Its answer, if asked for, or why there is none.
    answer: Option<Result<Grid, String>>,
    /// A note for standard error.
    note: Option<String>,
    /// Whether the note is an error (grading showed the puzzle has not one solution).
    failed: bool,
}

/// Grades the puzzle if `grade`, and finds its answer if `answer`.
fn prepare(entry: &Entry, grade: bool, answer: bool) -> Prepared {
    let mut prepared = Prepared {
        level: None,
        answer: None,
        note: None,
        failed: false,
    };
    if grade {
        match logic::grade(&entry.puzzle, &LogicLimits::default()) {
            Ok(grade) => prepared.level = Some(grade.level.to_string()),
            // Finding the answer below says the same in its own words: say it once.
            Err(LogicError::NoSolution | LogicError::NotUnique) if answer => {}
            Err(error @ (LogicError::NoSolution | LogicError::NotUnique)) => {
                prepared.note = Some(format!("cannot grade it: {error}"));
                prepared.failed = true;
            }
            // A puzzle past the grader's limits is still a puzzle: printed without a level.
            Err(error) => prepared.note = Some(format!("printed without a level: {error}")),
        }
    }
    if answer {
        prepared.answer = Some(solution(entry));
    }
    prepared
}

/// The puzzle's answer: its `# solution=` comment, checked, or else the solver's unique
/// solution; otherwise why there is none to print.
fn solution(entry: &Entry) -> Result<Grid, String> {
    let puzzle = &entry.puzzle;
    let n = puzzle.size();
    if let Some(text) = entry.meta("solution") {
        let grid = kk::parse_solution(n, text)
            .ok_or_else(|| format!("its `# solution=` comment is not a {n}x{n} grid of digits"))?;
        cagey::check(puzzle, &grid).map_err(|violation| {
            let words = violation.describe(puzzle, &grid);
            format!("its `# solution=` comment is wrong: {words}")
        })?;
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
