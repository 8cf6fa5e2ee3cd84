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

use crate::answer::{self, AnswerError};
use crate::formats::Entry;
use crate::logic::{self, Level, LogicError, LogicLimits};
use crate::render::pdf::{
    self, Answer, Book, Caption, Paper, PerPage, MAX_BLEED_MM, MAX_GUTTER_MM,
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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BookletOptions {
    /// The paper size: the trimmed page.
    pub paper: Paper,
    /// Puzzles per page; `None` for four, or fewer for grids too large for four
    /// ([`pdf::largest_per_page`]). A number too large for a grid is an error.
    pub per_page: Option<PerPage>,
    /// Bleed in millimetres, 0 to [`MAX_BLEED_MM`]: the sheet is this much larger on every
    /// side than the paper, which becomes the TrimBox, and the whole sheet the BleedBox.
    pub bleed_mm: f32,
    /// A title for the first page and the document's properties; the answer key's heading
    /// repeats it. It wraps to at most [`pdf::HEADING_MAX_LINES`] lines.
    pub title: Option<String>,
    /// Where the answer key goes.
    pub key: Key,
    /// Where each caption's level comes from.
    pub levels: Levels,
    /// The puzzles' name in every caption (`Mathdoku`, a publisher's own); `None` for each
    /// kind's name in no one's trademark ([`Kind::generic_name`](crate::model::Kind::generic_name):
    /// Calcudoku, Killer Sudoku).
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
    /// Checks the options that need no puzzle: the bleed is in range, and the title (and the
    /// answer key's heading made from it) can be set in the bundled font in at most
    /// [`pdf::HEADING_MAX_LINES`] lines. [`booklet`] checks them too; a front end calls this
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
        Ok(())
    }

    /// The puzzles a page a grid of side `size` is printed: those asked for, or as many as
    /// fit up to four.
    ///
    /// Fails if more were asked for than fit with clues of [`pdf::CLUE_MIN`]; a front end
    /// may call it on each puzzle as it reads it, to refuse before the slow proofs.
    pub fn per_page_for(&self, size: usize) -> Result<PerPage, BookletError> {
        Ok(pdf::per_page_for(self.paper, self.per_page, size)?)
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
    // Every size before any drawing: the refusal is the same whichever puzzle it is.
    for entry in entries {
        options.per_page_for(entry.puzzle.size())?;
    }
    let drawing = options.drawing();
    let first_number = options.first_number.unwrap_or(1);
    let mut book = Book::new(&drawing)?;
    for (index, entry) in entries.iter().enumerate() {
        let level = entry.level().map(|level| options.level_names.name(level));
        let caption = Caption {
            number: first_number + index,
            name: options
                .name
                .as_deref()
                .unwrap_or(entry.puzzle.kind().generic_name()),
            level: level.as_deref(),
        };
        book.add_puzzle(&entry.puzzle, &caption)?;
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
            book.add_answers(&answers)?;
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
    Ok(Booklet {
        pdf: book.finish()?,
        key,
    })
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
                    ..BookletOptions::default()
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

    #[test]
    fn too_many_a_page_and_no_puzzle_are_refused() {
        let options = BookletOptions {
            per_page: Some(PerPage::Six),
            ..BookletOptions::default()
        };
        assert_eq!(options.per_page_for(6), Ok(PerPage::Six));
        let error = options.per_page_for(9).unwrap_err();
        assert_eq!(
            error.to_string(),
            "6 puzzles a page do not fit a 9x9 on A4 paper: at most 4 do, with clues of 7 pt \
             or more"
        );
        let default = BookletOptions::default();
        assert_eq!(default.per_page_for(4), Ok(PerPage::Four));
        assert_eq!(default.per_page_for(12), Ok(PerPage::Two));
        assert_eq!(
            booklet(&[], &default).unwrap_err().to_string(),
            "there is no puzzle to print"
        );
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
