//! `cagey print`: a print-ready PDF booklet of every puzzle read, with an answer key.
//!
//! The flags become the library's [`BookletOptions`] once; each puzzle is proven (and
//! graded with --grade) by [`BookletEntry::prove`], 256 at a time on every core, keeping
//! only what is printed of it (its model, solution and level); and one call of [`booklet`]
//! draws it all. The rules (one solution each, key or no key; a `# solution=` comment must
//! be it; the level's source) are the library's. What is left here is the command's own:
//! naming each puzzle by file and line, going on after a failure to name every one, and
//! writing the files only when every puzzle was read and proven. Both the booklet and a
//! separate key are made whole before either replaces an old file ([`crate::output`]), and
//! the folders and names are checked before any work.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use cagey::booklet::{
    booklet, Booklet, BookletEntry, BookletOptions, Key, LevelNames, Levels, Rules,
};
use cagey::formats::ReadError;
use cagey::generate::Distinct;
use cagey::render::pdf::{self, Paper, PdfX, PdfXVersion, PerPage};
use cagey::render::RenderError;

use rayon::prelude::*;

use crate::input::{self, InputArgs, Item};
use crate::output::{self, Target};
use crate::Status;

/// Make a print-ready PDF booklet: a page of rules for each kind of puzzle in it (with a
/// worked example), then every puzzle of the inputs in order, numbered, with its size and
/// level, a few to a page, and an answer key of small solved grids at the end. With
/// --title it opens with a title page; --contents adds a contents page.
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
  cagey print puzzles.kk -o book.pdf                      rules, four to an A4 page, answers
  cagey print puzzles.kk --title 'Winter Cages' --author 'Ann Setter' --contents \
      --paper a5 --gutter 8 -o book.pdf                   a book: title page, contents, rules
  cagey print puzzles.kk --rules none -o sheet.pdf        the puzzles and answers alone
  cagey print a.kk b.txt --per-page 1 --paper letter -o big.pdf
  cagey print puzzles.kk --title 'Week 12' --answers answers.pdf -o week12.pdf
  cagey print --grade puzzles.kk -o graded.pdf            levels from grading each puzzle
  cagey print puzzles.kk --bleed 3 -o press.pdf            3 mm bleed, TrimBox and BleedBox
  cagey print puzzles.kk --bleed 3 --pdfx 4 -o press.pdf   PDF/X-4, for a press's preflight
  cagey generate --size 6 --count 24 | cagey print -o six.pdf

Every puzzle must have exactly one solution, which the solver proves; a `# solution=`
comment is checked against it, never trusted. The booklet and a separate answer file are
each written to a temporary file beside it and renamed into place only when both are
whole: a failure leaves the old files as they were. A missing folder, an output that is an
input, or --answers naming the same file as -o is refused before any work.

Exit status: 0 written, 1 a puzzle without exactly one solution (or with a wrong
`# solution=`): nothing written, 2 bad input or usage, or a file could not be written.

The front matter: a title page (with --title; the title, --subtitle, --author, and how
many puzzles of what kinds, sizes and levels), the contents (--contents), and the rules
(--rules: a page for each kind of puzzle in the book, in players' words, with a 4x4 worked
example drawn and explained; or a text file of your own, its first line the heading, then
paragraphs separated by blank lines, on one page). The title page is counted but not
numbered.

Layouts: each size of grid has pages of its own, as many to a page as fit with clues of at
least 7 pt (cells of 8 mm), up to --per-page:

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

Long clues (`15120×`) are set condensed and down to 6 pt to fit their cell. Captions
grow with the grid, from 7 pt to 11 pt. The answer key
shows digits of 9 pt and cage outlines only, twelve 9x9s to an A4 page. A page of each
layout is pictured in docs/print.md (docs/images/print-*.png).

The PDF is vector throughout, with the bundled DejaVu Sans embedded and every clue, digit
and caption real text (searchable, and read by screen readers); all ink is DeviceGray
(black ink only), with 15 mm margins. A title wraps to two lines; a character the font
cannot draw is refused, naming it. The PDF holds no date and no random ID: the same inputs
give the same bytes. With --pdfx 4 it is PDF/X-4, whose dates are SOURCE_DATE_EPOCH's (or
now) and whose IDs are a hash of the file: the same inputs and date give the same bytes;
docs/print.md says what of PDF/X-4 was checked, and how.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Where to write the PDF, or `-` for standard output.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,

    /// The most puzzles a page: 1, 2, 4 or 6 [default: 4]. Each size gets as many as fit it
    /// with clues of at least 7 pt, up to this: a book of 6x6s and 16x16s at 6 has six 6x6s
    /// to a page and one 16x16.
    #[arg(long, value_name = "N", value_parser = parse_per_page)]
    per_page: Option<PerPage>,

    /// Bleed in millimetres (0 to 10, print shops ask for 3): the sheet grows by this much on
    /// every side, and the PDF states the paper as its TrimBox and the sheet as BleedBox.
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    bleed: f32,

    /// Crop marks at the corners of each page's trim, in a 10 mm band around the sheet
    /// (and the bleed, if any).
    #[arg(long)]
    crop_marks: bool,

    /// A binding margin in millimetres (0 to 20) on the inner side of every page: the left
    /// of odd pages, the right of even ones.
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    gutter: f32,

    /// The paper size: a4 (ISO, 210 x 297 mm), a5 (148 x 210 mm), letter (8.5 x 11 in), 6x9
    /// (US Trade, 6 x 9 in), or a width and height in millimetres (`170x240`).
    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = parse_paper)]
    paper: Paper,

    /// The book's title, for a title page of its own (and the answer key's heading); a
    /// character the bundled font cannot draw is refused.
    #[arg(long)]
    title: Option<String>,

    /// A line under the title on the title page.
    #[arg(long, requires = "title")]
    subtitle: Option<String>,

    /// Who made the book, on the title page.
    #[arg(long, requires = "title")]
    author: Option<String>,

    /// No title page: the title heads the first page of puzzles instead, in at most two
    /// lines.
    #[arg(long, requires = "title")]
    no_title_page: bool,

    /// The rules pages: `standard` (a page for each kind of puzzle in the book, with a
    /// worked example), `none`, or a text FILE of your own (its first line the heading,
    /// then paragraphs separated by blank lines; one page).
    #[arg(long, value_name = "standard|none|FILE", default_value = "standard")]
    rules: String,

    /// A contents page after the title page: the rules, each run of puzzles of one kind,
    /// size and level, and the answers, with their page numbers.
    #[arg(long)]
    contents: bool,

    /// Grade every puzzle (as `cagey grade` does) and caption it with that level, in place
    /// of any `# level=` comment.
    #[arg(long)]
    grade: bool,

    /// The puzzles' name in every caption (`Mathdoku`, your own) [default: each kind's
    /// name in no one's trademark: Calcudoku, Box Calcudoku, Killer Sudoku, Killer Jigsaw].
    #[arg(long)]
    name: Option<String>,

    /// The first puzzle's number, to go on from an earlier run's booklet.
    #[arg(long, value_name = "N")]
    first_number: Option<usize>,

    /// The first page's number, to go on from an earlier run's booklet (a separate answer
    /// key numbers its pages from 1).
    #[arg(long, value_name = "N")]
    first_page: Option<usize>,

    /// What the captions call the levels: `keen` (easy ... unreasonable), `stars` (★ to
    /// ★★★★★), or five names separated by commas, easiest first.
    #[arg(long, value_name = "keen|stars|NAMES", default_value = "keen")]
    level_names: LevelNames,

    /// Write PDF/X for a press: `4` for PDF/X-4 (an OutputIntent with a grey output profile,
    /// XMP metadata, dates and a file ID; a separate answer key too). Dated from
    /// SOURCE_DATE_EPOCH when set, else now; the same inputs and date give the same bytes.
    #[arg(long, value_name = "VERSION", value_parser = parse_pdfx)]
    pdfx: Option<PdfXVersion>,

    /// The answer key: `end` of the booklet, `none`, or a separate FILE.pdf.
    #[arg(long, value_name = "end|none|FILE.pdf", default_value = "end", value_parser = parse_answers)]
    answers: Answers,
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

fn parse_per_page(text: &str) -> Result<PerPage, RenderError> {
    text.parse()
}

/// A paper size: one of the library's names (a4, a5, letter, 6x9) or `WxH` in millimetres.
fn parse_paper(text: &str) -> Result<Paper, RenderError> {
    text.parse()
}

/// A PDF/X version, as the library names them (`4`, `x-4`, `pdf/x-4`).
fn parse_pdfx(text: &str) -> Result<PdfXVersion, RenderError> {
    text.parse()
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
    let rules = match Rules::keyword(&args.rules) {
        Some(rules) => rules,
        None => Rules::Own(
            std::fs::read_to_string(&args.rules)
                .with_context(|| format!("cannot read the rules file {}", args.rules))?,
        ),
    };
    let options = BookletOptions {
        paper: args.paper,
        per_page: args.per_page,
        bleed_mm: args.bleed,
        title: args.title.clone(),
        subtitle: args.subtitle.clone(),
        author: args.author.clone(),
        title_page: !args.no_title_page,
        rules,
        contents: args.contents,
        name: args.name.clone(),
        level_names: args.level_names.clone(),
        first_number: args.first_number,
        first_page: args.first_page,
        gutter_mm: args.gutter,
        crop_marks: args.crop_marks,
        pdfx: match args.pdfx {
            Some(version) => Some(PdfX {
                version,
                created: pdf::creation_time()?,
            }),
            None => None,
        },
        key: match args.answers {
            Answers::End => Key::End,
            Answers::None => Key::None,
            Answers::File(_) => Key::Separate,
        },
        levels: match args.grade {
            true => Levels::Graded,
            false => Levels::Comment,
        },
    };
    options.validate()?;
    let mut entries = Vec::new();
    let mut status = Status::Ok;
    let first_number = args.first_number.unwrap_or(1);
    let mut number = first_number.saturating_sub(1);
    let mut distinct = Distinct::starting_at(first_number);
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
        // Proving and grading, the slow part, on every core; reported after, in order.
        let proven: Vec<Option<_>> = batch
            .par_iter()
            .map(|item| {
                let entry = item.entry.as_ref().ok()?;
                Some(BookletEntry::prove(entry, &options))
            })
            .collect();
        for (item, proven) in batch.iter().zip(proven) {
            let (Some(_), Some(proven)) = (item.entry_or_report(&mut status), proven) else {
                continue;
            };
            // Numbered as the booklet numbers them: the puzzles read, in order.
            number += 1;
            let place = format!("{} (puzzle {number})", item.place());
            match proven {
                Ok(entry) => {
                    if let Some(error) = entry.grade_error() {
                        note!("cagey: {place}: printed without a level: {error}");
                    }
                    // A warning, not a refusal: the editor may mean it (a variant, a
                    // reprint), but a book rarely should.
                    if let Some(repeat) = distinct.add(entry.puzzle(), entry.solution()) {
                        note!("cagey: {place}: warning: {repeat}");
                    }
                    entries.push(entry);
                }
                Err(reason) => {
                    note!("cagey: {place}: {reason}");
                    status = status.max(Status::Failed);
                }
            }
        }
    }
    if status != Status::Ok {
        note!("cagey: nothing written");
        return Ok(status);
    }
    if entries.is_empty() {
        bail!("the input holds no puzzle");
    }
    let Booklet { pdf, key } = booklet(&entries, &options)?;
    // Both files are written whole beside their old ones before either is renamed into
    // place, so that a failure in one (a full disk, a size limit) leaves both old files: a
    // new booklet beside an old key would not match it.
    let key = match (&key_target, key) {
        (Some(target), Some(key)) => Some(target.stage(&key)?),
        _ => None,
    };
    match &book_target {
        Some(target) => target.stage(&pdf)?.commit()?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(&pdf)?;
            out.flush()?;
        }
    }
    if let Some(key) = key {
        key.commit()?;
    }
    Ok(Status::Ok)
}

/// Puzzles read and proven at a time: enough to keep every core busy, and few enough that
/// the batch's puzzles (with their comments and progress) take little memory.
const BATCH: usize = 256;
