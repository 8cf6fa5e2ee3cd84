//! A print booklet, asked for once: the one request behind `cagey print` and Python's
//! `print_pdf` (and any front end to come).
//!
//! A front end reads its settings once into [`BookletOptions`], proves each puzzle with
//! [`BookletEntry::prove`] (on as many threads as it likes: each proof stands alone), and
//! calls [`booklet`] once for the PDF's bytes, and a separate answer key's if one was asked
//! for. The rules of a booklet live here and nowhere else: every puzzle must have exactly
//! one solution, key or no key, and a `# solution=` comment must be it ([`crate::answer`]);
//! a graded level replaces a `# level=` comment, and a puzzle the grader gives up on is
//! printed without a level; the key goes after the puzzles, apart, or nowhere. The drawing
//! is [`render::pdf`](crate::render::pdf)'s.
//!
//! The two front ends once built the booklet each on their own, each with its own checks of
//! the bleed and the paper, its own rule for the caption's level and its own answer key, and
//! they had begun to differ (a grader's failure was a note in one, silence in the other).
//!
//! ```
//! use cagey::booklet::{booklet, BookletEntry, BookletOptions, Key};
//! use cagey::formats::Entry;
//!
//! let puzzle = cagey::examples::by_name("kk0").expect("a built-in example").puzzle();
//! let options = BookletOptions { key: Key::Separate, ..BookletOptions::default() };
//! let entry = BookletEntry::prove(&Entry::new(puzzle), &options)?;
//! let printed = booklet(&[entry], &options)?;
//! assert!(printed.pdf.starts_with(b"%PDF-"));
//! assert!(printed.key.is_some_and(|key| key.starts_with(b"%PDF-")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::str::FromStr;

use thiserror::Error;

mod front;

use crate::answer::{self, AnswerError};
use crate::formats::Entry;
use crate::logic::{self, Level, LogicError, LogicLimits};
use crate::model::Kind;
use crate::render::pdf::{
    self, Answer, Book, Caption, ContentsLine, Example, Paper, PdfX, PerPage, TextPage, TitlePage,
    MAX_BLEED_MM, MAX_GUTTER_MM,
};
use crate::render::RenderError;
use crate::{Grid, Puzzle};

/// Where the answer key goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Key {
    /// After the puzzles, from a new page.
    #[default]
    End,
    /// In a PDF of its own ([`Booklet::key`]).
    Separate,
    /// Nowhere: the puzzles are still proven to have one solution each.
    None,
}

/// Where a caption's level comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Levels {
    /// The puzzle's `# level=` comment, as `cagey generate` writes it; none without one.
    #[default]
    Comment,
    /// Grading the puzzle, as `cagey grade` does, in place of any comment.
    Graded,
}

/// What a booklet holds and how it looks.
///
/// The default is a book as puzzle books are made: a title page when there is a title, a
/// page of rules for each kind of puzzle in it, the puzzles four to an A4 page, and the
/// answers at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct BookletOptions {
    /// The paper size: the trimmed page.
    pub paper: Paper,
    /// The most puzzles a page; `None` for four. Each size gets as many as fit it with
    /// clues of [`pdf::CLUE_MIN`] or more, up to this ([`pdf::largest_per_page`]).
    pub per_page: Option<PerPage>,
    /// Bleed in millimetres, 0 to [`MAX_BLEED_MM`]: the sheet is this much larger on every
    /// side than the paper, which becomes the TrimBox, and the whole sheet the BleedBox.
    pub bleed_mm: f32,
    /// A title for the title page (or the first page's heading, without a title page) and
    /// the document's properties; the answer key's heading repeats it. It wraps to at most
    /// [`pdf::HEADING_MAX_LINES`] lines of a heading.
    pub title: Option<String>,
    /// A line under the title on the title page.
    pub subtitle: Option<String>,
    /// Who made the book, on the title page.
    pub author: Option<String>,
    /// A title page when there is a title: the title, subtitle and author, and what the book
    /// holds (how many puzzles, of what kinds, sizes and levels). Without it the title is
    /// the heading of the first page of puzzles.
    pub title_page: bool,
    /// The rules pages, after the title page and contents.
    pub rules: Rules,
    /// A contents page after the title page: the rules, each run of puzzles of one kind,
    /// size and level, and the answers, with their pages.
    pub contents: bool,
    /// Where the answer key goes.
    pub key: Key,
    /// Where each caption's level comes from.
    pub levels: Levels,
    /// The puzzles' name in every caption (`Mathdoku`, a publisher's own); `None` for each
    /// kind's name in no one's trademark ([`Kind::generic_name`](crate::model::Kind::generic_name):
    /// Calcudoku, Killer Sudoku; with an X under the diagonal rule, Killer Sudoku X).
    pub name: Option<String>,
    /// What the captions call the levels.
    pub level_names: LevelNames,
    /// The first puzzle's number; `None` for 1. A book made in several runs continues
    /// where the last run stopped.
    pub first_number: Option<usize>,
    /// The first page's number; `None` for 1. A separate answer key numbers its own pages
    /// from 1.
    pub first_page: Option<usize>,
    /// The binding margin in millimetres, 0 to [`MAX_GUTTER_MM`], added on the inner side of
    /// every page (the left of odd pages, the right of even ones): the text block narrows
    /// by it, and the grids with it where they would not fit.
    pub gutter_mm: f32,
    /// Crop marks at the trim's corners, in a band around the bleed, for a printer that
    /// cuts the sheets itself.
    pub crop_marks: bool,
    /// Written to PDF/X (PDF/X-4: an OutputIntent with a grey output profile, XMP
    /// metadata, dates and IDs), dated [`PdfX::created`]; `None` for a plain PDF, which
    /// holds no date. A separate answer key is written to it too.
    pub pdfx: Option<PdfX>,
}

impl Default for BookletOptions {
    fn default() -> BookletOptions {
        BookletOptions {
            paper: Paper::default(),
            per_page: None,
            bleed_mm: 0.0,
            title: None,
            subtitle: None,
            author: None,
            title_page: true,
            rules: Rules::default(),
            contents: false,
            key: Key::default(),
            levels: Levels::default(),
            name: None,
            level_names: LevelNames::default(),
            first_number: None,
            first_page: None,
            gutter_mm: 0.0,
            crop_marks: false,
            pdfx: None,
        }
    }
}

/// The rules pages of a booklet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// A page for each kind of puzzle in the book, in the order they first come: the rules
    /// in a player's words and a 4x4 worked example, drawn and explained.
    #[default]
    Standard,
    /// One page of the book's own words: the first line its heading, then paragraphs
    /// separated by blank lines. It must fit one page.
    Own(String),
    /// No rules pages.
    None,
}

impl Rules {
    /// The rules a keyword names: `standard` or `none`; `None` for any other text, which a
    /// front end takes as the book's own rules (or a file of them).
    pub fn keyword(text: &str) -> Option<Rules> {
        match text {
            "standard" => Some(Rules::Standard),
            "none" => Some(Rules::None),
            _ => None,
        }
    }
}

/// The largest first puzzle or page number: a million, far past any book, and small
/// enough that numbers never overflow.
pub const MAX_FIRST: usize = 1_000_000;

/// What a booklet's captions call the five levels.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LevelNames {
    /// Keen's words, as the grader says them: easy, normal, hard, extreme, unreasonable.
    #[default]
    Keen,
    /// One to five stars, ★ to ★★★★★.
    Stars,
    /// The book's own five words, easiest first (`gentle,moderate,tough,fiendish,diabolical`).
    Named([String; 5]),
}

impl LevelNames {
    /// The caption's word for `level`, a level's name as a `# level=` comment or the grader
    /// gives it; a word that names no level is kept as it is.
    pub fn name(&self, level: &str) -> String {
        let Ok(level) = level.parse::<Level>() else {
            return level.to_string();
        };
        let rank = level as usize;
        match self {
            LevelNames::Keen => level.name().to_string(),
            LevelNames::Stars => "★".repeat(rank + 1),
            LevelNames::Named(names) => names[rank].clone(),
        }
    }
}

/// Level names that are neither `keen`, `stars` nor five names.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "level names `{0}` are not `keen`, `stars`, or five names separated by commas, \
     easiest first (gentle,moderate,tough,fiendish,diabolical)"
)]
pub struct LevelNamesError(String);

impl FromStr for LevelNames {
    type Err = LevelNamesError;
    fn from_str(text: &str) -> Result<LevelNames, LevelNamesError> {
        match text.trim() {
            "keen" => return Ok(LevelNames::Keen),
            "stars" => return Ok(LevelNames::Stars),
            _ => {}
        }
        let names: Vec<String> = text
            .split(',')
            .map(|name| name.trim().to_string())
            .collect();
        match <[String; 5]>::try_from(names) {
            Ok(names) if names.iter().all(|name| !name.is_empty()) => Ok(LevelNames::Named(names)),
            _ => Err(LevelNamesError(text.to_string())),
        }
    }
}

/// Why a booklet cannot be made. The words name the setting, never a front end's flag or
/// argument: the front ends add their own names if they like.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum BookletError {
    /// The bleed is out of range (or not a number).
    #[error("a bleed of {mm} mm is out of range: choose 0 to {MAX_BLEED_MM} mm")]
    Bleed {
        /// The bleed asked for, in millimetres.
        mm: f32,
    },
    /// The binding margin is out of range (or not a number).
    #[error("a gutter of {mm} mm is out of range: choose 0 to {MAX_GUTTER_MM} mm")]
    Gutter {
        /// The gutter asked for, in millimetres.
        mm: f32,
    },
    /// A subtitle or author was given for a title page that has no title.
    #[error("{what} goes on the title page, which needs a title")]
    NoTitle {
        /// `a subtitle` or `an author`.
        what: &'static str,
    },
    /// The book's own rules have no heading.
    #[error("the rules' text is empty: its first line is the page's heading")]
    EmptyRules,
    /// The first puzzle's or page's number is 0 or past [`MAX_FIRST`].
    #[error("a first {what} number of {first} is out of range: choose 1 to {MAX_FIRST}")]
    First {
        /// `puzzle` or `page`.
        what: &'static str,
        /// The number asked for.
        first: usize,
    },
    /// There is no puzzle to print.
    #[error("there is no puzzle to print")]
    NoPuzzle,
    /// The title or a caption cannot be set, a grid does not fit the puzzles a page asked
    /// for, or the PDF cannot be written.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// A puzzle ready to print: proven to have exactly one solution, which the answer key
/// shows, and the level its caption gives. Made only by [`BookletEntry::prove`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookletEntry {
    puzzle: Puzzle,
    solution: Grid,
    level: Option<String>,
    grade_error: Option<LogicError>,
}

impl BookletEntry {
    /// Proves `entry`'s puzzle has exactly one solution (its `# solution=` comment, if any,
    /// must be it), and finds its caption's level as `options.levels` says: its `# level=`
    /// comment, or grading it. The proof is made key or no key: a puzzle with several
    /// solutions is no puzzle to publish, answered or not.
    ///
    /// Fails with why the puzzle has no answer to publish. A puzzle the grader cannot grade
    /// (past its limits) is still a puzzle: it is printed without a level, and
    /// [`BookletEntry::grade_error`] says why.
    pub fn prove(entry: &Entry, options: &BookletOptions) -> Result<BookletEntry, AnswerError> {
        let solution = answer::answer(entry)?;
        let (level, grade_error) = match options.levels {
            Levels::Comment => (entry.meta("level").map(str::to_string), None),
            Levels::Graded => match logic::grade(&entry.puzzle, &LogicLimits::default()) {
                Ok(grade) => (Some(grade.level.to_string()), None),
                // The proof above said it already, in its own words: once is enough.
                Err(LogicError::NoSolution | LogicError::NotUnique) => (None, None),
                Err(error) => (None, Some(error)),
            },
        };
        Ok(BookletEntry {
            puzzle: entry.puzzle.clone(),
            solution,
            level,
            grade_error,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Its one solution, which the answer key shows.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// The level its caption gives, if any.
    pub fn level(&self) -> Option<&str> {
        self.level.as_deref()
    }

    /// Why it has no level when it was to be graded: the grader gave up or refused it. A
    /// front end may pass it on as a note; the puzzle is printed all the same.
    pub fn grade_error(&self) -> Option<&LogicError> {
        self.grade_error.as_ref()
    }
}

/// A booklet made: the PDF, and the answer key's PDF when it goes apart ([`Key::Separate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Booklet {
    /// The booklet's bytes.
    pub pdf: Vec<u8>,
    /// The separate answer key's bytes, with [`Key::Separate`]; `None` otherwise.
    pub key: Option<Vec<u8>>,
}

impl BookletOptions {
    /// Checks the options that need no puzzle: the bleed, gutter and first numbers are in
    /// range, the title (and the answer key's heading made from it) can be set in the
    /// bundled font in at most [`pdf::HEADING_MAX_LINES`] lines, a subtitle or author has a
    /// title to go with, and every text can be set in the bundled font. [`booklet`] checks them too; a front end calls this
    /// first to refuse bad settings before any puzzle is read or proven.
    pub fn validate(&self) -> Result<(), BookletError> {
        if !(0.0..=MAX_BLEED_MM).contains(&self.bleed_mm) {
            return Err(BookletError::Bleed { mm: self.bleed_mm });
        }
        if !(0.0..=MAX_GUTTER_MM).contains(&self.gutter_mm) {
            return Err(BookletError::Gutter { mm: self.gutter_mm });
        }
        for (what, first) in [("puzzle", self.first_number), ("page", self.first_page)] {
            if let Some(first) = first.filter(|&first| !(1..=MAX_FIRST).contains(&first)) {
                return Err(BookletError::First { what, first });
            }
        }
        Book::new(&self.drawing())?;
        if self.title.is_none() {
            for (what, given) in [("a subtitle", &self.subtitle), ("an author", &self.author)] {
                if given.is_some() {
                    return Err(BookletError::NoTitle { what });
                }
            }
        }
        for (what, text) in [
            ("the subtitle", &self.subtitle),
            ("the author", &self.author),
        ] {
            if let Some(text) = text {
                pdf::check_text(text, what)?;
            }
        }
        if let Rules::Own(text) = &self.rules {
            let (heading, paragraphs) = own_rules(text).ok_or(BookletError::EmptyRules)?;
            pdf::check_text(&heading, "the rules' heading")?;
            for paragraph in &paragraphs {
                pdf::check_text(paragraph, "the rules")?;
            }
        }
        Ok(())
    }

    /// The puzzles a page a grid of side `size` is printed: as many as fit it with clues of
    /// [`pdf::CLUE_MIN`] or more, up to those asked for (four if none were).
    pub fn per_page_for(&self, size: usize) -> PerPage {
        pdf::per_page_for(self.paper, self.per_page, size)
    }

    /// What the puzzles of `kind` are called in captions, the contents and the rules: the
    /// book's name, or the kind's name in no one's trademark.
    fn name_of(&self, kind: Kind) -> &str {
        self.name.as_deref().unwrap_or(kind.generic_name())
    }

    /// What `puzzle` is called in captions, the contents and the title page: the book's
    /// name, or its kind's with an X under the diagonal rule (`Killer Sudoku X`, as puzzle
    /// books call a Killer X).
    fn name_for(&self, puzzle: &Puzzle) -> std::borrow::Cow<'_, str> {
        let name = self.name_of(puzzle.kind());
        if self.name.is_none() && puzzle.options().diagonals {
            format!("{name} X").into()
        } else {
            name.into()
        }
    }

    /// What the drawing reads.
    fn drawing(&self) -> pdf::Options {
        pdf::Options {
            paper: self.paper,
            per_page: self.per_page,
            title: self.title.clone(),
            pages_before: self.first_page.unwrap_or(1).saturating_sub(1),
            gutter: self.gutter_mm,
            crop_marks: self.crop_marks,
            bleed: self.bleed_mm,
            pdfx: self.pdfx,
        }
    }
}

/// The booklet of `entries`, in order, numbered from 1, with its answer key where
/// `options.key` says.
///
/// Fails if the options are bad ([`BookletOptions::validate`]), there is no entry, a grid is
/// too large for the puzzles a page asked for, or a caption holds a character the font
/// lacks. Nothing is made then: a booklet with a puzzle missing would be worse than none.
pub fn booklet(
    entries: &[BookletEntry],
    options: &BookletOptions,
) -> Result<Booklet, BookletError> {
    options.validate()?;
    if entries.is_empty() {
        return Err(BookletError::NoPuzzle);
    }
    let drawing = options.drawing();
    let first_number = options.first_number.unwrap_or(1);
    let levels: Vec<Option<String>> = entries
        .iter()
        .map(|entry| entry.level().map(|level| options.level_names.name(level)))
        .collect();
    let mut book = Book::new(&drawing)?;

    // The front matter: the title page, then the contents (its pages held until the pages
    // it names are known), then the rules.
    let title_page = options.title.as_deref().filter(|_| options.title_page);
    if let Some(title) = title_page {
        book.add_title_page(&TitlePage {
            title,
            subtitle: options.subtitle.as_deref(),
            author: options.author.as_deref(),
            about: &about(entries, options),
        })?;
    }
    let rules = rules_pages(entries, options);
    let runs = runs(entries, &levels, options);
    let answers_line = usize::from(options.key == Key::End);
    let reserved = if options.contents {
        let lines = rules.len() + runs.len() + answers_line;
        Some(book.reserve(book.contents_pages(lines))?)
    } else {
        None
    };
    let mut contents: Vec<ContentsLine> = Vec::new();
    for RulesText {
        heading,
        paragraphs,
        example,
        what,
    } in &rules
    {
        let page = book.add_text_page(&TextPage {
            heading,
            paragraphs,
            example: example.as_ref().map(|example| Example {
                puzzle: &example.puzzle,
                solution: &example.solution,
                captions: front::EXAMPLE_CAPTIONS,
                notes: &example.notes,
            }),
            what,
        })?;
        contents.push(ContentsLine {
            text: heading.clone(),
            page,
        });
    }

    let mut run = runs.iter().peekable();
    for (index, entry) in entries.iter().enumerate() {
        let name = options.name_for(&entry.puzzle);
        let caption = Caption {
            number: first_number + index,
            name: &name,
            level: levels[index].as_deref(),
        };
        let page = book.add_puzzle(&entry.puzzle, &caption)?;
        if let Some((start, text)) = run.peek() {
            if *start == index {
                contents.push(ContentsLine {
                    text: text.clone(),
                    page,
                });
                run.next();
            }
        }
    }
    let answers: Vec<Answer<'_>> = match options.key {
        Key::None => Vec::new(),
        Key::End | Key::Separate => entries
            .iter()
            .enumerate()
            .map(|(index, entry)| Answer {
                number: first_number + index,
                puzzle: &entry.puzzle,
                solution: &entry.solution,
            })
            .collect(),
    };
    let key = match options.key {
        Key::End => {
            if let Some(page) = book.add_answers(&answers)? {
                contents.push(ContentsLine {
                    text: "Answers".to_string(),
                    page,
                });
            }
            None
        }
        Key::Separate => {
            let mut sheet = Book::new(&pdf::Options {
                pages_before: 0,
                ..drawing.clone()
            })?;
            sheet.add_answers(&answers)?;
            Some(sheet.finish()?)
        }
        Key::None => None,
    };
    if let Some(reserved) = reserved {
        book.add_contents(reserved, "Contents", &contents)?;
    }
    Ok(Booklet {
        pdf: book.finish()?,
        key,
    })
}

/// The book's own rules: the first non-blank line as the heading, then paragraphs, each
/// the lines up to a blank one joined by spaces. `None` if there is no heading.
fn own_rules(text: &str) -> Option<(String, Vec<String>)> {
    let mut lines = text
        .lines()
        .map(str::trim)
        .skip_while(|line| line.is_empty());
    let heading = lines.next()?.to_string();
    let mut paragraphs = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    for line in lines.chain([""]) {
        if line.is_empty() {
            if !paragraph.is_empty() {
                paragraphs.push(paragraph.join(" "));
                paragraph.clear();
            }
        } else {
            paragraph.push(line);
        }
    }
    Some((heading, paragraphs))
}

/// A rules page to draw, and whose words it holds for errors (`the rules of Calcudoku`).
struct RulesText {
    heading: String,
    paragraphs: Vec<String>,
    example: Option<front::WorkedExample>,
    what: String,
}

/// The rules pages `options.rules` asks for: the book's own, or one for each kind of puzzle
/// in `entries`, in the order the kinds first come.
fn rules_pages(entries: &[BookletEntry], options: &BookletOptions) -> Vec<RulesText> {
    match &options.rules {
        Rules::None => Vec::new(),
        Rules::Own(text) => own_rules(text)
            .map(|(heading, paragraphs)| {
                vec![RulesText {
                    heading,
                    paragraphs,
                    example: None,
                    what: "the rules".to_string(),
                }]
            })
            .unwrap_or_default(),
        Rules::Standard => {
            let mut kinds: Vec<(Kind, front::Seen)> = Vec::new();
            for entry in entries {
                let kind = entry.puzzle.kind();
                let at = match kinds.iter().position(|(seen, _)| *seen == kind) {
                    Some(at) => at,
                    None => {
                        kinds.push((kind, front::Seen::default()));
                        kinds.len() - 1
                    }
                };
                kinds[at].1.add(&entry.puzzle);
            }
            kinds
                .into_iter()
                .map(|(kind, seen)| {
                    let name = options.name_of(kind);
                    let page = front::rules(kind, name, seen);
                    RulesText {
                        heading: page.heading,
                        paragraphs: page.paragraphs,
                        example: page.example,
                        what: format!("the rules of {name}"),
                    }
                })
                .collect()
        }
    }
}

/// The runs of puzzles the contents lists: each stretch of one name, size and level, as
/// its first index and its line (`Puzzles 1–12 · Calcudoku 6×6 · easy`).
fn runs(
    entries: &[BookletEntry],
    levels: &[Option<String>],
    options: &BookletOptions,
) -> Vec<(usize, String)> {
    let first_number = options.first_number.unwrap_or(1);
    let key = |index: usize| {
        let entry = &entries[index];
        let name = options.name_for(&entry.puzzle);
        (name, entry.puzzle.size(), levels[index].as_deref())
    };
    let mut runs: Vec<(usize, String)> = Vec::new();
    let mut start = 0;
    for index in 1..=entries.len() {
        if index < entries.len() && key(index) == key(start) {
            continue;
        }
        let (name, n, level) = key(start);
        let numbers = if index - start == 1 {
            format!("Puzzle {}", first_number + start)
        } else {
            format!(
                "Puzzles {}–{}",
                first_number + start,
                first_number + index - 1
            )
        };
        let mut line = format!("{numbers} · {name} {n}×{n}");
        if let Some(level) = level {
            line.push_str(" · ");
            line.push_str(level);
        }
        runs.push((start, line));
        start = index;
    }
    runs
}

/// The title page's lines about the book: how many puzzles, of what kinds and sizes, at
/// what levels (`120 puzzles`, `Calcudoku 6×6 to 9×9 · Killer Sudoku 9×9`, `easy to
/// unreasonable`).
fn about(entries: &[BookletEntry], options: &BookletOptions) -> Vec<String> {
    let count = entries.len();
    let mut lines = vec![format!(
        "{count} {}",
        if count == 1 { "puzzle" } else { "puzzles" }
    )];
    let mut kinds: Vec<(std::borrow::Cow<'_, str>, usize, usize)> = Vec::new();
    for entry in entries {
        let name = options.name_for(&entry.puzzle);
        let n = entry.puzzle.size();
        match kinds.iter_mut().find(|(seen, _, _)| *seen == name) {
            Some((_, least, most)) => {
                *least = (*least).min(n);
                *most = (*most).max(n);
            }
            None => kinds.push((name, n, n)),
        }
    }
    let kinds: Vec<String> = kinds
        .into_iter()
        .map(|(name, least, most)| match least == most {
            true => format!("{name} {least}×{least}"),
            false => format!("{name} {least}×{least} to {most}×{most}"),
        })
        .collect();
    lines.push(kinds.join(" · "));
    let ranks: Vec<Level> = entries
        .iter()
        .filter_map(|entry| entry.level()?.parse::<Level>().ok())
        .collect();
    if let (Some(&least), Some(&most)) = (ranks.iter().min(), ranks.iter().max()) {
        let word = |level: Level| options.level_names.name(level.name());
        lines.push(match least == most {
            true => word(least),
            false => format!("{} to {}", word(least), word(most)),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// kk0, a 4x4 of Keen's with one solution, with a `# level=` comment.
    fn kk0() -> Entry {
        let mut entry = Entry::new(crate::examples::by_name("kk0").unwrap().puzzle());
        entry.comments.push("level=hard".to_string());
        entry
    }

    #[test]
    fn a_killer_x_is_called_killer_sudoku_x_unless_the_book_names_its_puzzles() {
        let crossed = crate::formats::kk::parse(include_str!("../../tests/fixtures/killer-x.kk"))
            .expect("the test Killer X");
        let options = bare();
        let entries = [
            BookletEntry::prove(&Entry::new(crossed.clone()), &options).unwrap(),
            BookletEntry::prove(&kk0(), &options).unwrap(),
        ];
        let levels = [None, None];
        let lines: Vec<String> = runs(&entries, &levels, &options)
            .into_iter()
            .map(|(_, line)| line)
            .collect();
        assert_eq!(
            lines,
            ["Puzzle 1 · Killer Sudoku X 9×9", "Puzzle 2 · Calcudoku 4×4"]
        );
        assert_eq!(
            about(&entries, &options)[1],
            "Killer Sudoku X 9×9 · Calcudoku 4×4"
        );
        let named = BookletOptions {
            name: Some("Mathdoku".to_string()),
            ..bare()
        };
        assert_eq!(
            runs(&entries[..1], &levels[..1], &named)[0].1,
            "Puzzle 1 · Mathdoku 9×9"
        );
    }

    /// A 2x2 with two solutions.
    fn several() -> Entry {
        Entry::new(crate::formats::kk::parse("3+,0 1\n3+,2 3\n").unwrap())
    }

    /// How many times `needle` occurs in `bytes`.
    fn occurrences(bytes: &[u8], needle: &[u8]) -> usize {
        bytes.windows(needle.len()).filter(|w| *w == needle).count()
    }

    /// The number of pages of a PDF, from its page tree.
    fn pages(pdf: &[u8]) -> usize {
        occurrences(pdf, b"/Type /Page\n")
    }

    fn entries(count: usize, options: &BookletOptions) -> Vec<BookletEntry> {
        let entry = BookletEntry::prove(&kk0(), options).unwrap();
        vec![entry; count]
    }

    #[test]
    fn pages_hold_their_share_of_puzzles_then_the_key_where_asked() {
        for per_page in PerPage::ALL {
            for count in [1_usize, 5, 13] {
                let puzzle_pages = count.div_ceil(per_page.count());
                let options = BookletOptions {
                    per_page: Some(per_page),
                    ..bare()
                };
                let entries = entries(count, &options);
                // Up to 35 small 4x4 answers share one page of the key.
                let at_end = booklet(&entries, &options).unwrap();
                assert_eq!(pages(&at_end.pdf), puzzle_pages + 1, "{per_page:?} {count}");
                assert_eq!(at_end.key, None);
                let apart = BookletOptions {
                    key: Key::Separate,
                    ..options.clone()
                };
                let apart = booklet(&entries, &apart).unwrap();
                assert_eq!(pages(&apart.pdf), puzzle_pages);
                assert_eq!(pages(&apart.key.unwrap()), 1);
                let none = BookletOptions {
                    key: Key::None,
                    ..options
                };
                let none = booklet(&entries, &none).unwrap();
                assert_eq!((pages(&none.pdf), none.key), (puzzle_pages, None));
            }
        }
    }

    #[test]
    fn a_puzzle_without_one_solution_is_refused_with_or_without_a_key() {
        for key in [Key::End, Key::None] {
            let options = BookletOptions {
                key,
                ..BookletOptions::default()
            };
            assert_eq!(
                BookletEntry::prove(&several(), &options),
                Err(AnswerError::Several)
            );
        }
        let mut wrong = kk0();
        wrong
            .comments
            .push("solution=1234 4321 2143 3412".to_string());
        assert!(BookletEntry::prove(&wrong, &BookletOptions::default()).is_err());
    }

    #[test]
    fn the_level_is_the_comment_or_the_grade() {
        let comment = BookletEntry::prove(&kk0(), &BookletOptions::default()).unwrap();
        assert_eq!(comment.level(), Some("hard"));
        let graded = BookletOptions {
            levels: Levels::Graded,
            ..BookletOptions::default()
        };
        let graded = BookletEntry::prove(&kk0(), &graded).unwrap();
        // kk0 needs no more than the easiest rules: the comment is not believed.
        assert_eq!(graded.level(), Some("easy"));
        assert_eq!(graded.grade_error(), None);
        let bare = BookletEntry::prove(&Entry::new(kk0().puzzle), &BookletOptions::default());
        assert_eq!(bare.unwrap().level(), None);
    }

    #[test]
    fn bad_options_are_refused_in_words_that_name_no_flag() {
        let refused = |options: BookletOptions| {
            let entries = entries(1, &BookletOptions::default());
            let error = booklet(&entries, &options).unwrap_err();
            let message = error.to_string();
            // The same refusal before any puzzle (compared as words: NaN is not NaN).
            assert_eq!(options.validate().unwrap_err().to_string(), message);
            assert!(!message.contains("--"), "{message}");
            message
        };
        for mm in [-1.0, 10.5, f32::NAN] {
            let message = refused(BookletOptions {
                bleed_mm: mm,
                ..BookletOptions::default()
            });
            assert!(message.contains("choose 0 to 10 mm"), "{message}");
        }
        assert_eq!(
            refused(BookletOptions {
                bleed_mm: 11.0,
                ..BookletOptions::default()
            }),
            "a bleed of 11 mm is out of range: choose 0 to 10 mm"
        );
        assert_eq!(
            refused(BookletOptions {
                title: Some("Puzzles 漢字".to_string()),
                ..BookletOptions::default()
            }),
            "the title's character '漢' (U+6F22) is not in the font"
        );
        assert!(BookletOptions {
            bleed_mm: 10.0,
            title: Some("Week 12".to_string()),
            ..BookletOptions::default()
        }
        .validate()
        .is_ok());
    }

    /// Regression (#44): `per_page` was refused if any grid of the book could not take it;
    /// it is now a cap that each size meets as it can.
    #[test]
    fn per_page_is_a_cap_each_size_meets_as_it_can_and_no_puzzle_is_refused() {
        let options = BookletOptions {
            per_page: Some(PerPage::Six),
            ..BookletOptions::default()
        };
        assert_eq!(options.per_page_for(6), PerPage::Six);
        assert_eq!(options.per_page_for(9), PerPage::Four);
        assert_eq!(options.per_page_for(16), PerPage::One);
        let default = BookletOptions::default();
        assert_eq!(default.per_page_for(4), PerPage::Four);
        assert_eq!(default.per_page_for(12), PerPage::Two);
        assert_eq!(
            booklet(&[], &default).unwrap_err().to_string(),
            "there is no puzzle to print"
        );
    }

    /// Options for a booklet of puzzles and answers alone, as before the front matter.
    fn bare() -> BookletOptions {
        BookletOptions {
            rules: Rules::None,
            ..BookletOptions::default()
        }
    }

    /// The text of a PDF's pages as poppler would give it is out of reach here; the page
    /// tree's order and count are not: the front matter comes first, and the contents'
    /// pages, written last, take their place in the order.
    #[test]
    fn the_front_matter_is_a_title_page_the_contents_and_a_rules_page_per_kind() {
        let killer = Entry::new(crate::examples::by_name("killer").unwrap().puzzle());
        let killer = BookletEntry::prove(&killer, &BookletOptions::default()).unwrap();
        let mut entries = entries(5, &BookletOptions::default());
        entries.push(killer);
        // Five 4x4s on two pages (four, then one), the killer on a page of its own, then
        // the key: the 4x4s' answers, and the larger 9x9's on a page of its own.
        let body = pages(&booklet(&entries, &bare()).unwrap().pdf);
        assert_eq!(body, 3 + 2);
        let standard = BookletOptions::default();
        assert_eq!(pages(&booklet(&entries, &standard).unwrap().pdf), body + 2);
        let titled = BookletOptions {
            title: Some("Winter puzzles".to_string()),
            subtitle: Some("for long evenings".to_string()),
            author: Some("The setters".to_string()),
            contents: true,
            ..BookletOptions::default()
        };
        let book = booklet(&entries, &titled).unwrap().pdf;
        assert_eq!(pages(&book), body + 2 + 2);
        let untitled_page = BookletOptions {
            title_page: false,
            ..titled.clone()
        };
        assert_eq!(
            pages(&booklet(&entries, &untitled_page).unwrap().pdf),
            body + 2 + 1
        );
        let own = BookletOptions {
            rules: Rules::Own("House rules\n\nFill the grid.\nNo guessing.\n".to_string()),
            ..titled
        };
        assert_eq!(pages(&booklet(&entries, &own).unwrap().pdf), body + 1 + 2);
    }

    #[test]
    fn the_book_s_own_rules_are_a_heading_and_paragraphs() {
        assert_eq!(
            own_rules("\n  House rules \nFill the grid\nwith digits.\n\n\nNo guessing.\n"),
            Some((
                "House rules".to_string(),
                vec![
                    "Fill the grid with digits.".to_string(),
                    "No guessing.".to_string()
                ]
            ))
        );
        assert_eq!(own_rules(" \n\n"), None);
        let empty = BookletOptions {
            rules: Rules::Own("\n".to_string()),
            ..BookletOptions::default()
        };
        assert_eq!(empty.validate(), Err(BookletError::EmptyRules));
        let long = BookletOptions {
            rules: Rules::Own(format!("Rules\n{}", "Fill the grid. ".repeat(2000))),
            ..BookletOptions::default()
        };
        let error = booklet(&entries(1, &long), &long).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the rules does not fit one page of A4 paper: shorten it or choose larger paper"
        );
    }

    #[test]
    fn a_subtitle_or_author_needs_a_title_and_the_font() {
        let options = BookletOptions {
            author: Some("Me".to_string()),
            ..BookletOptions::default()
        };
        assert_eq!(
            options.validate().unwrap_err().to_string(),
            "an author goes on the title page, which needs a title"
        );
        let options = BookletOptions {
            title: Some("Book".to_string()),
            subtitle: Some("漢".to_string()),
            ..BookletOptions::default()
        };
        assert_eq!(
            options.validate().unwrap_err().to_string(),
            "the subtitle's character '漢' (U+6F22) is not in the font"
        );
    }

    #[test]
    fn the_contents_lists_runs_of_one_name_size_and_level() {
        let options = BookletOptions::default();
        let four = entries(3, &options);
        let levels = vec![Some("easy".to_string()), Some("easy".to_string()), None];
        let numbered = BookletOptions {
            first_number: Some(7),
            ..options.clone()
        };
        assert_eq!(
            runs(&four, &levels, &numbered),
            [
                (0, "Puzzles 7–8 · Calcudoku 4×4 · easy".to_string()),
                (2, "Puzzle 9 · Calcudoku 4×4".to_string()),
            ]
        );
        let about = about(&four, &options);
        assert_eq!(about, ["3 puzzles", "Calcudoku 4×4", "hard"]);
    }

    /// PDF/X-4 reaches the booklet and its separate key, dated as asked; a date past what a
    /// PDF can write is refused before any puzzle; and the default is a plain PDF.
    #[test]
    fn pdfx_is_written_to_the_booklet_and_its_key_as_dated() {
        let options = BookletOptions {
            key: Key::Separate,
            pdfx: Some(PdfX {
                version: pdf::PdfXVersion::X4,
                created: 1_700_000_000,
            }),
            ..BookletOptions::default()
        };
        let entries = entries(2, &options);
        let made = booklet(&entries, &options).unwrap();
        let key = made.key.clone().unwrap();
        for pdf in [&made.pdf, &key] {
            assert!(pdf.starts_with(b"%PDF-1.6"));
            assert_eq!(occurrences(pdf, b"/S /GTS_PDFX"), 1);
            assert_eq!(occurrences(pdf, b"/CreationDate (D:20231114221320Z)"), 1);
            assert_eq!(occurrences(pdf, b"PDF/X-4</pdfxid:GTS_PDFXVersion>"), 1);
        }
        assert_eq!(booklet(&entries, &options).unwrap(), made);
        let plain = booklet(&entries, &BookletOptions::default()).unwrap().pdf;
        assert_eq!(occurrences(&plain, b"GTS_PDFX"), 0);
        let late = BookletOptions {
            pdfx: Some(PdfX {
                version: pdf::PdfXVersion::X4,
                created: u64::MAX,
            }),
            ..BookletOptions::default()
        };
        assert!(matches!(
            late.validate(),
            Err(BookletError::Render(RenderError::CreatedTooLate(_)))
        ));
    }

    #[test]
    fn the_same_entries_give_the_same_bytes() {
        let options = BookletOptions {
            title: Some("Week 12".to_string()),
            key: Key::Separate,
            ..BookletOptions::default()
        };
        let entries = entries(5, &options);
        assert_eq!(
            booklet(&entries, &options).unwrap(),
            booklet(&entries, &options).unwrap()
        );
    }
}
