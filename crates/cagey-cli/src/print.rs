//! `cagey print`: a print-ready PDF booklet of every puzzle read, with an answer key.
//!
//! Puzzles are read, drawn and dropped one at a time; only each one's solution (and the
//! small puzzle model the answer key draws it on) is kept for the key at the end. Every
//! puzzle is proven to have one solution by the production solver, key or no key, and a
//! `# solution=` comment must be that solution ([`cagey::answer`]). The files are written
//! only when every puzzle was read and proven: a booklet with a puzzle missing, an answer
//! left out or a puzzle with several solutions would be worse than none. Both the booklet
//! and a separate key are built whole before either replaces an old file
//! ([`crate::output`]), and the folders and names are checked before any work.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::bail;
use cagey::formats::{Entry, ReadError};
use cagey::logic::{self, LogicError, LogicLimits};
use cagey::render::pdf::{
    largest_per_page, Answer, Book, Caption, Options, Paper, PerPage, MAX_BLEED_MM,
};
use cagey::Grid;

use rayon::prelude::*;

use crate::input::{self, InputArgs, Item};
use crate::output::{self, Target};
use crate::Status;
use cagey::answer::{self, AnswerError};

/// Make a print-ready PDF booklet: every puzzle of the inputs in order, numbered, with its
/// size and level, a few to a page, and an answer key of small solved grids at the end.
///
/// A puzzle's level comes from a `# level=` comment (as `cagey generate` writes), or with
/// --grade from grading it as `cagey grade` does. Every puzzle is proven to have exactly
/// one solution by the solver, with or without a key: a puzzle with several solutions or
/// none (or one the solver gives up on) stops the booklet. A `# solution=` comment must be
/// that solution, or it stops the booklet too. Nothing is written unless every puzzle could
/// be read and proven.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey print puzzles.kk -o book.pdf                      four to an A4 page, answers at the end
  cagey print a.kk b.txt --per-page 1 --paper letter -o big.pdf
  cagey print puzzles.kk --title 'Week 12' --answers answers.pdf -o week12.pdf
  cagey print --grade puzzles.kk -o graded.pdf            levels from grading each puzzle
  cagey print puzzles.kk --bleed 3 -o press.pdf            3 mm bleed, TrimBox and BleedBox
  cagey generate --size 6 --count 24 | cagey print -o six.pdf

Every puzzle must have exactly one solution, which the solver proves; a `# solution=`
comment is checked against it, never trusted. The booklet and a separate answer file are
each written to a temporary file beside it and renamed into place only when both are
whole: a failure leaves the old files as they were. A missing folder, an output that is an
input, or --answers naming the same file as -o is refused before any work.

Exit status: 0 written, 1 a puzzle without exactly one solution (or with a wrong
`# solution=`): nothing written, 2 bad input or usage, or a file could not be written.

Layouts: a page holds as many puzzles as fit with clues of at least 7 pt (cells of 8 mm):

  grid side   most on A4   most on Letter   default
  up to 7     6            6                4
  8           6            4                4
  9           4            4                4
  10          2            4                2 (Letter 4)
  11 to 12    2            2                2
  13          2            1                2 (Letter 1)
  14 and up   1            1                1

Grids over 21x21 (A4) or 22x22 (Letter) get cells under 8 mm even alone on a page (5.3 mm
for a 32x32 on A4); their clues stay at 7 pt.

--per-page asking for more is refused, naming the most that fit. Long clues (`15120×`)
are set condensed and down to 6 pt to fit their cell. Captions are 7 pt. The answer key
shows digits of 9 pt and cage outlines only, twelve 9x9s to an A4 page. A page of each
layout is pictured in docs/print.md (docs/images/print-*.png).

The PDF is vector throughout, with the bundled DejaVu Sans embedded and every clue, digit
and caption real text (searchable, and read by screen readers); all ink is DeviceGray
(black ink only), with 15 mm margins. A title wraps to two lines; a character the font
cannot draw is refused, naming it.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Where to write the PDF, or `-` for standard output.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,

    /// Puzzles per page: 1, 2, 4 or 6 [default: 4, or fewer for grids too large for 4].
    /// More than fit a grid with clues of at least 7 pt is refused.
    #[arg(long, value_name = "N", value_parser = parse_per_page)]
    per_page: Option<PerPage>,

    /// Bleed in millimetres (0 to 10, print shops ask for 3): the sheet grows by this much on
    /// every side, and the PDF states the paper as its TrimBox and the sheet as BleedBox.
    #[arg(long, value_name = "MM", default_value_t = 0.0, value_parser = parse_bleed)]
    bleed: f32,

    /// The paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    paper: PaperArg,

    /// A title for the first page (and the answer key's heading); it wraps to at most two
    /// lines, and a character the bundled font cannot draw is refused.
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

fn parse_bleed(text: &str) -> Result<f32, String> {
    text.parse()
        .ok()
        .filter(|mm: &f32| (0.0..=MAX_BLEED_MM).contains(mm))
        .ok_or_else(|| format!("{text:?} mm of bleed: choose 0 to {MAX_BLEED_MM}"))
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
    // Checked before any work: a missing folder or a clash found after solving 500
    // puzzles would waste the run, and finding it after writing one file would lose the
    // other.
    let book_target = match to_stdout {
        true => None,
        false => Some(Target::new(&args.output)?),
    };
    let key_target = match &args.answers {
        Answers::File(path) => Some(Target::new(path)?),
        Answers::End | Answers::None => None,
    };
    let targets: Vec<&Target> = book_target.iter().chain(&key_target).collect();
    output::refuse_clashes(&targets, &args.input.files)?;
    let options = Options {
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        per_page: args.per_page,
        title: args.title.clone(),
        bleed: args.bleed,
    };
    let with_answers = args.answers != Answers::None;
    let mut book = Book::new(&options)?;
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
        // A size too large for the --per-page asked for is refused before the batch is
        // solved, which is the slow part.
        if let Some(asked) = args.per_page {
            for item in &batch {
                let Ok(entry) = &item.entry else { continue };
                let n = entry.puzzle.size();
                let largest = largest_per_page(options.paper, n);
                if asked > largest {
                    bail!(
                        "{}: --per-page {} does not fit a {n}x{n} on {} paper: at most {} do, \
                         with clues of 7 pt or more",
                        item.place(),
                        asked.count(),
                        options.paper.name(),
                        largest.count()
                    );
                }
            }
        }
        // Grading and solving, the slow part, on every core; drawing after, in order.
        let prepared: Vec<Option<Prepared>> = batch
            .par_iter()
            .map(|item| {
                let entry = item.entry.as_ref().ok()?;
                Some(prepare(entry, args.grade))
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
                Ok(solution) if with_answers => answers.push(Answer {
                    number,
                    puzzle: entry.puzzle.clone(),
                    solution,
                }),
                Ok(_) => {}
                Err(reason) => {
                    eprintln!("cagey: {place}: {reason}");
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
        Answers::File(_) => {
            let mut sheet = Book::new(&options)?;
            sheet.add_answers(&answers)?;
            Some(sheet.finish()?)
        }
    };
    let bytes = book.finish()?;
    // Both files are written whole beside their old ones before either is renamed into
    // place, so that a failure in one (a full disk, a size limit) leaves both old files: a
    // new booklet beside an old key would not match it.
    let key = match (&key_target, answer_sheet) {
        (Some(target), Some(sheet)) => Some(target.stage(&sheet)?),
        _ => None,
    };
    match &book_target {
        Some(target) => target.stage(&bytes)?.commit()?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    if let Some(key) = key {
        key.commit()?;
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
    /// Its proven solution, or why it has none to print.
    answer: Result<Grid, AnswerError>,
    /// A note for standard error.
    note: Option<String>,
}

/// Grades the puzzle if `grade`, and proves its solution unique, key or no key: a
/// puzzle with several solutions is no puzzle to publish, answered or not.
fn prepare(entry: &Entry, grade: bool) -> Prepared {
    let mut prepared = Prepared {
        level: None,
        answer: answer::answer(entry),
        note: None,
    };
    // A puzzle refused for want of one solution needs no level.
    if grade && prepared.answer.is_ok() {
        match logic::grade(&entry.puzzle, &LogicLimits::default()) {
            Ok(grade) => prepared.level = Some(grade.level.to_string()),
            // The proof says the same in its own words: say it once.
            Err(LogicError::NoSolution | LogicError::NotUnique) => {}
            // A puzzle past the grader's limits is still a puzzle: printed without a level.
            Err(error) => prepared.note = Some(format!("printed without a level: {error}")),
        }
    }
    prepared
}
