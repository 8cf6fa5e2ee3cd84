//! Print-ready booklets as PDF: puzzles in order, a few to a page, each captioned with its
//! number, kind, size and level, then an answer key of smaller solved grids.
//!
//! The grids are drawn straight into each page's content with pdf-writer: lines and cage
//! outlines as vector paths, and every clue, digit, caption, heading and page number as real
//! text in the bundled font, embedded as a subset of the glyphs used with a map back to the
//! characters. A reader can search for a clue, a screen reader can read it, and `pdftotext
//! -bbox` gives each one with its size. Every mark is in DeviceGray, so black and grey print
//! with black ink alone. Nothing is taken from the system.
//!
//! Until issue #34 each grid was `render::svg`'s picture turned into a PDF form by svg2pdf:
//! the clues came out as glyph outlines, not text, and all ink, black included, in an ICC
//! RGB colour space, which a press separates into four-colour black. The shapes still come
//! from [`svg`]'s path builders (cell lines, cage runs, shading, killer outlines), so a
//! printed grid has the same lines as `cagey render`'s.
//!
//! Sizes are chosen for print, not scaled from the picture: clues are never under
//! [`CLUE_MIN`] (7 pt, what newspapers use) and digits never under [`DIGIT_MIN`] (9 pt), so
//! the number of puzzles a page holds follows from the grid's size ([`largest_per_page`]).
//!
//! A `Book` is written as it goes: each page's content is compressed as soon as the page
//! is full, and only the finished PDF's bytes are kept until it is finished. The output is
//! the same, byte for byte, for the same puzzles and options: it holds no date and no random
//! identifier.
//!
//! The `Book` is the crate's own: a booklet is asked for with [`crate::booklet`], the one
//! request that `cagey print` and Python's `print_pdf` make, which proves each puzzle and
//! decides what its caption and the answer key say. Here are the paper sizes, the layouts
//! and the drawing.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, LineCapStyle, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;
use ttf_parser::GlyphId;

use super::colouring::{self, MAX_COLOURS};
use super::font::Font;
use super::svg::{self, CELL};
use super::{has_regions, labels, Border, Borders, Contents, Mark, RenderError};
use crate::model::{Cell, Operation, Puzzle};
use crate::Grid;

/// Points (the PDF unit, 1/72 inch) per millimetre.
const MM: f32 = 72.0 / 25.4;

/// Blank paper on every side. Office and home printers cannot print the outer 4 to 6 mm;
/// 15 mm clears all of them, leaves room to trim or bind, and is what print shops ask for
/// as a safe area.
pub const MARGIN: f32 = 15.0 * MM;

/// The largest bleed a booklet accepts, in millimetres: print shops ask for 3 mm
/// (or 1/8 inch); more than 10 is a mistake in units.
pub const MAX_BLEED_MM: f32 = 10.0;

/// The title on the first page and the answer key's heading: their size, line height, and
/// the most lines they may wrap to. Every page's grids are sized as if it had a heading of
/// [`HEADING_MAX_LINES`], so that the grids of the title page are as large as the others'.
const HEADING_SIZE: f32 = 16.0;
const HEADING_LEADING: f32 = 1.25;
/// The most lines a title (or the answer key's heading) may wrap to.
pub const HEADING_MAX_LINES: usize = 2;

/// The page number, centred under the grids in a band of its own.
const FOOTER_SIZE: f32 = 9.0;
const FOOTER_BAND: f32 = 2.0 * FOOTER_SIZE;
const FOOTER_GREY: f32 = 0.35;

/// A caption's line height, as a multiple of its font size (the caption sits above its grid).
const CAPTION_LINE: f32 = 1.6;

/// The smallest clue: newspapers set KenKen and killer clues at 7 to 8 pt; smaller is hard
/// to read for many solvers.
pub const CLUE_MIN: f32 = 7.0;

/// The smallest a long clue (`15120×`) may shrink to, after it is set condensed.
pub const LONG_CLUE_MIN: f32 = 6.0;

/// How narrow a long clue may be set, as the horizontal scale in percent: 80% condensed
/// type still reads as the same face, narrower starts to look like another.
const CONDENSED: f32 = 80.0;

/// The smallest digit printed (answers, and the digits a puzzle gives).
pub const DIGIT_MIN: f32 = 9.0;

/// The smallest puzzle cell a layout may give: a 7-pt clue takes a third of an 8-mm cell's
/// width, and below that the solver's own digit and pencil marks no longer fit beside it.
pub const MIN_PUZZLE_CELL: f32 = 8.0 * MM;

/// Puzzles: the caption's size, space between neighbouring grids, and the largest cell.
/// Captions are set at the smallest clue size, so that they never outweigh the clues, and
/// alike on every page: captions sized to each grid's clues (up to 9 pt) were tried, and a
/// page mixing a 5x5 and a 7x7 had captions of three sizes. 17 mm cells are what
/// large-print puzzle books use; without the cap a 4x4 alone on a page would fill it with
/// cells the size of a palm.
const PUZZLE_CAPTION_SIZE: f32 = CLUE_MIN;
const PUZZLE_GAP: f32 = 24.0;
const PUZZLE_MAX_CELL: f32 = 17.0 * MM;

/// How many puzzles a page holds when `--per-page` is not given, if they fit: four 9x9s
/// to an A4 or Letter page is what puzzle books print.
const DEFAULT_PER_PAGE: PerPage = PerPage::Four;

/// Answers: captions, gaps, and cells of 16 pt (5.6 mm) with digits of [`DIGIT_MIN`], so
/// that twelve 9x9s fit an A4 page; 20-pt cells were tried first, and made the key for 500
/// 9x9s 84 pages long rather than 42. Grids of 10 and over, whose answers have two digits,
/// get 18-pt cells: in 16-pt ones a `12` came within 1.7 pt of a thick cage line. Grids
/// too wide for the page get smaller cells (15.8 pt for a 32x32 on A4), never smaller
/// digits. At most [`ANSWER_MAX_COLUMNS`] across.
const ANSWER_CAPTION_SIZE: f32 = 8.0;
const ANSWER_GAP: f32 = 14.0;
const ANSWER_CELL: f32 = 16.0;
const ANSWER_CELL_TWO_DIGITS: f32 = 18.0;
const ANSWER_MAX_COLUMNS: usize = 5;

/// Lines that print: thin cell lines at least half a point and 60% black (a 0.24-pt 40%
/// grey hairline drops out on a press), thick lines at least 1.2 pt, the killer cages'
/// dashes at least 0.6 pt.
const THIN_MIN: f32 = 0.5;
const CELL_LINE_GREY: f32 = 0.4;
const THICK_MIN: f32 = 1.2;
const KILLER_LINE_MIN: f32 = 0.6;

/// The killer outline's dash and gap, in the picture's units (as `render::svg`'s `6 4`).
const KILLER_DASH: f32 = 6.0;
const KILLER_DASH_GAP: f32 = 4.0;

/// Shading of KenDoku boxes and jigsaw regions by colour number, as grey levels (1 white):
/// the picture's tints are colours, nearly equal in grey, so print gets its own greys,
/// light enough for black clues and far enough apart to tell neighbours apart.
const SHADES: [f32; MAX_COLOURS] = [1.0, 0.86, 0.93, 0.78, 0.9, 0.82];

/// A placed digit's size as a share of its cell, and how far below the centre it sits in a
/// puzzle (balancing the clue above), as in `render::svg`.
const DIGIT_SHARE: f32 = 0.5;
const DIGIT_DROP: f32 = 0.06;

/// The embedded subset's PostScript name: a six-letter tag, `+`, the font's name, as the
/// PDF specification asks of subsets.
const FONT_NAME: &[u8] = b"CAGEYP+DejaVuSans";

/// Character collection of an Identity-H font: glyph numbers stand for themselves.
const IDENTITY: SystemInfo = SystemInfo {
    registry: Str(b"Adobe"),
    ordering: Str(b"Identity"),
    supplement: 0,
};

/// Deflate level for page streams and the font: 6 is zlib's default, nearly as small as 9
/// at a fraction of the time.
const DEFLATE_LEVEL: u8 = 6;

/// A sheet of paper.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 inch).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0 * MM, 297.0 * MM),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// Its name, as errors give it.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }

    /// The sizes, by the names [`Paper::from_str`](std::str::FromStr) reads.
    pub const NAMES: [(&'static str, Paper); 2] = [("a4", Paper::A4), ("letter", Paper::Letter)];
}

impl std::str::FromStr for Paper {
    type Err = RenderError;

    /// `a4` or `letter`, in any case.
    fn from_str(text: &str) -> Result<Paper, RenderError> {
        Paper::NAMES
            .into_iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(text.trim()))
            .map(|(_, paper)| paper)
            .ok_or_else(|| RenderError::UnknownPaper(text.to_string()))
    }
}

/// How many puzzles go on a page, and so how large they are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum PerPage {
    /// One puzzle, alone and large.
    One,
    /// Two puzzles, one above the other.
    Two,
    /// Four puzzles, two by two.
    #[default]
    Four,
    /// Six puzzles, two across and three down.
    Six,
}

impl PerPage {
    /// The choices, smallest first.
    pub const ALL: [PerPage; 4] = [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six];

    /// The number of puzzles on a page.
    pub fn count(self) -> usize {
        let (columns, rows) = self.columns_rows();
        columns * rows
    }

    /// The choice for `count` puzzles a page, if it is one.
    pub fn from_count(count: usize) -> Option<PerPage> {
        PerPage::ALL.into_iter().find(|p| p.count() == count)
    }

    fn columns_rows(self) -> (usize, usize) {
        match self {
            PerPage::One => (1, 1),
            PerPage::Two => (1, 2),
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
        }
    }
}

impl TryFrom<usize> for PerPage {
    type Error = RenderError;

    /// The choice for `count` puzzles a page: 1, 2, 4 or 6.
    fn try_from(count: usize) -> Result<PerPage, RenderError> {
        PerPage::from_count(count).ok_or_else(|| RenderError::PerPageCount(count.to_string()))
    }
}

impl std::str::FromStr for PerPage {
    type Err = RenderError;

    /// `1`, `2`, `4` or `6`.
    fn from_str(text: &str) -> Result<PerPage, RenderError> {
        text.trim()
            .parse()
            .ok()
            .and_then(PerPage::from_count)
            .ok_or_else(|| RenderError::PerPageCount(text.to_string()))
    }
}

/// The most puzzles of side `n` a page of `paper` holds with cells of at least
/// [`MIN_PUZZLE_CELL`], so clues of at least [`CLUE_MIN`]; one for a grid too large even
/// for that (above 20x20 on A4), which then gets the largest cells the page gives.
pub fn largest_per_page(paper: Paper, n: usize) -> PerPage {
    PerPage::ALL
        .into_iter()
        .rev()
        .find(|&per_page| puzzle_cell(paper, per_page, n) >= MIN_PUZZLE_CELL)
        .unwrap_or(PerPage::One)
}

/// The puzzles a page a grid of side `n` is set: `asked` if they fit, else four or as many
/// as fit when nothing is asked ([`largest_per_page`]).
///
/// Fails if more were asked for than fit the grid on `paper` with clues of [`CLUE_MIN`].
pub(crate) fn per_page_for(
    paper: Paper,
    asked: Option<PerPage>,
    n: usize,
) -> Result<PerPage, RenderError> {
    let largest = largest_per_page(paper, n);
    match asked {
        Some(asked) if asked > largest => Err(RenderError::TooManyPerPage {
            asked: asked.count(),
            size: n,
            paper: paper.name(),
            largest: largest.count(),
        }),
        Some(asked) => Ok(asked),
        None => Ok(DEFAULT_PER_PAGE.min(largest)),
    }
}

/// How a booklet looks: the part of [`crate::booklet::BookletOptions`] the drawing reads.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Options {
    /// The paper size: the trimmed page.
    pub paper: Paper,
    /// Puzzles per page; `None` for four, or fewer for grids too large for four
    /// ([`largest_per_page`]). A number too large for a grid is an error.
    pub per_page: Option<PerPage>,
    /// A title for the first page and the document's properties; the answer key's heading
    /// repeats it.
    pub title: Option<String>,
    /// Bleed in millimetres, 0 to [`MAX_BLEED_MM`] (checked by the booklet's options): the
    /// sheet is this much larger on every side than the paper, which becomes the TrimBox,
    /// and the whole sheet the BleedBox.
    pub bleed: f32,
}

/// What a puzzle's caption says besides its kind and size: `Puzzle 12 · KenKen 6×6 · hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Caption<'a> {
    /// The puzzle's number in the booklet.
    pub number: usize,
    /// Its level, when known.
    pub level: Option<&'a str>,
}

/// One entry of the answer key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Answer<'a> {
    /// The number of the puzzle it solves, as its caption gave it.
    pub number: usize,
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Its solution.
    pub solution: &'a Grid,
}

/// What a page holds: puzzles so many to a page, or answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Puzzles(PerPage),
    Answers,
}

/// How grids are set out on the pages of one section.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    section: Section,
    columns: usize,
    rows: usize,
    gap: f32,
}

/// How a grid is drawn: empty with its clues, or solved as an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    Puzzle,
    Answer,
}

/// The page being filled.
struct Page {
    content: Content,
    layout: Layout,
    /// The area the grids share: left, bottom, width, height.
    area: [f32; 4],
    /// How many slots are taken.
    filled: usize,
}

/// The glyphs used by the booklet's text, numbered in the order first used, which is how
/// the embedded subset numbers them.
struct Glyphs {
    remapper: GlyphRemapper,
    /// The character each new glyph number stands for, for copying and searching text.
    chars: BTreeMap<u16, char>,
}

impl Glyphs {
    /// `text` as the two-byte glyph numbers an Identity-H font shows.
    ///
    /// Fails, naming the character and `what` the text is, if the font cannot draw one:
    /// the missing-glyph box it would print instead copies out as the wrong character.
    fn encode(&mut self, text: &str, what: &str) -> Result<Vec<u8>, RenderError> {
        let font = Font::bundled();
        let mut bytes = Vec::with_capacity(2 * text.len());
        for ch in text.chars() {
            if !font.has(ch) {
                return Err(RenderError::MissingGlyph {
                    what: what.to_string(),
                    ch,
                });
            }
            let glyph = self.remapper.remap(font.glyph(ch).0);
            self.chars.entry(glyph).or_insert(ch);
            bytes.extend(glyph.to_be_bytes());
        }
        Ok(bytes)
    }
}

/// A line of text to set: where, how large, and how condensed.
struct Text<'a> {
    text: &'a str,
    /// Whose text, for the error if the font lacks a character.
    what: &'a str,
    size: f32,
    /// Horizontal scale in percent.
    scale: f32,
    x: f32,
    baseline: f32,
}

/// A booklet being written: puzzles with [`Book::add_puzzle`], then the answer key with
/// [`Book::add_answers`], then [`Book::finish`] for the PDF's bytes. A booklet of answers
/// alone (a separate answer sheet) is one that gets no puzzles.
pub(crate) struct Book {
    pdf: Pdf,
    /// The next free object number.
    next: Ref,
    page_tree: Ref,
    font: Ref,
    pages: Vec<Ref>,
    glyphs: Glyphs,
    options: Options,
    /// The bleed in points.
    bleed: f32,
    /// The title's lines, wrapped, still to be drawn on the first page of puzzles.
    title: Option<Vec<String>>,
    page: Option<Page>,
}

impl Book {
    /// An empty booklet.
    ///
    /// Fails if the title holds a character the font lacks or wraps to more than
    /// [`HEADING_MAX_LINES`]. The bleed is taken as it is: the booklet's options check it.
    pub fn new(options: &Options) -> Result<Book, RenderError> {
        let mut next = Ref::new(1);
        let page_tree = next.bump();
        let font = next.bump();
        let mut book = Book {
            pdf: Pdf::new(),
            next,
            page_tree,
            font,
            pages: Vec::new(),
            glyphs: Glyphs {
                remapper: GlyphRemapper::new(),
                chars: BTreeMap::new(),
            },
            options: options.clone(),
            bleed: options.bleed * MM,
            title: None,
            page: None,
        };
        if let Some(title) = &options.title {
            book.title = Some(book.heading_lines(title, "the title")?);
            // The answer key's heading, checked now so that a title too long for it is
            // refused before any puzzle is drawn.
            book.heading_lines(&format!("{title}: answers"), "the answer key's heading")?;
        }
        Ok(book)
    }

    /// The number of pages started so far.
    #[cfg(test)]
    pub fn page_count(&self) -> usize {
        self.pages.len() + usize::from(self.page.is_some())
    }

    /// Adds `puzzle`, empty, in the next place, under its caption.
    ///
    /// Fails if more puzzles a page were asked for than fit its size, or its level holds a
    /// character the font lacks.
    pub fn add_puzzle(
        &mut self,
        puzzle: &Puzzle,
        caption: &Caption<'_>,
    ) -> Result<(), RenderError> {
        let n = puzzle.size();
        let paper = self.options.paper;
        let per_page = per_page_for(paper, self.options.per_page, n)?;
        let mut text = format!("Puzzle {} · {} {n}×{n}", caption.number, puzzle.kind());
        if let Some(level) = caption.level {
            text.push_str(" · ");
            text.push_str(level);
        }
        let (columns, rows) = per_page.columns_rows();
        let layout = Layout {
            section: Section::Puzzles(per_page),
            columns,
            rows,
            gap: PUZZLE_GAP,
        };
        // A grid of another size may need fewer to a page: it starts a page of its own.
        if self
            .page
            .as_ref()
            .is_none_or(|page| page.filled == page.capacity() || page.layout != layout)
        {
            let title = self.title.take();
            self.start_page(layout, title.as_deref())?;
        }
        let cell = puzzle_cell(paper, per_page, n);
        let what = format!("puzzle {}'s caption", caption.number);
        self.place(
            puzzle,
            Contents::NONE,
            Look::Puzzle,
            cell,
            (&text, &what, PUZZLE_CAPTION_SIZE),
        )
    }

    /// Adds the answer key: a new page headed "Answers", then each solution as a small grid
    /// of digits and cage outlines, captioned with its puzzle's number. The grids' size is
    /// chosen for the largest puzzle, so that all answers are drawn alike.
    ///
    /// Fails if a solution does not fit its puzzle.
    pub fn add_answers(&mut self, answers: &[Answer<'_>]) -> Result<(), RenderError> {
        let Some(largest) = answers.iter().map(|a| a.puzzle.size()).max() else {
            return Ok(());
        };
        self.finish_page()?;
        let heading = match &self.options.title {
            Some(title) => format!("{title}: answers"),
            None => "Answers".to_string(),
        };
        let heading = self.heading_lines(&heading, "the answer key's heading")?;
        let (layout, cell) = answer_layout(self.options.paper, largest);
        self.title = None;
        self.start_page(layout, Some(&heading))?;
        for answer in answers {
            if self
                .page
                .as_ref()
                .is_none_or(|page| page.filled == page.capacity())
            {
                self.start_page(layout, None)?;
            }
            let text = answer.number.to_string();
            self.place(
                answer.puzzle,
                Contents::grid(answer.solution),
                Look::Answer,
                cell,
                (&text, "an answer's caption", ANSWER_CAPTION_SIZE),
            )?;
        }
        Ok(())
    }

    /// The PDF's bytes.
    ///
    /// Fails if the booklet has no page, or the font cannot be subset (a bug).
    pub fn finish(mut self) -> Result<Vec<u8>, RenderError> {
        self.finish_page()?;
        if self.pages.is_empty() {
            return Err(RenderError::Pdf("there is nothing to print".to_string()));
        }
        self.write_font()?;
        let catalog = self.next.bump();
        let info = self.next.bump();
        self.pdf
            .pages(self.page_tree)
            .kids(self.pages.iter().copied())
            .count(self.pages.len() as i32);
        self.pdf.catalog(catalog).pages(self.page_tree);
        let mut document = self.pdf.document_info(info);
        if let Some(title) = &self.options.title {
            document.title(TextStr(title));
        }
        document.creator(TextStr("cagey"));
        document.producer(TextStr(concat!("cagey ", env!("CARGO_PKG_VERSION"))));
        document.finish();
        Ok(self.pdf.finish())
    }

    /// `heading` wrapped to the text width at [`HEADING_SIZE`]: at spaces, and inside a
    /// word only when the word alone is wider than the line.
    ///
    /// Fails if it needs more than [`HEADING_MAX_LINES`], or holds a character the font
    /// lacks.
    fn heading_lines(&mut self, heading: &str, what: &str) -> Result<Vec<String>, RenderError> {
        self.glyphs.encode(heading, what)?;
        let (width, _) = self.options.paper.size();
        let lines = wrap(heading, (width - 2.0 * MARGIN) / HEADING_SIZE);
        if lines.len() > HEADING_MAX_LINES {
            return Err(RenderError::HeadingTooLong {
                what: what.to_string(),
                lines: lines.len(),
                size: HEADING_SIZE as u32,
                max: HEADING_MAX_LINES,
            });
        }
        Ok(lines)
    }

    /// Closes the page being filled, if any, and starts a new one set out by `layout`, with
    /// `heading`'s lines at its top.
    fn start_page(
        &mut self,
        layout: Layout,
        heading: Option<&[String]>,
    ) -> Result<(), RenderError> {
        self.finish_page()?;
        let (width, height) = self.options.paper.size();
        let mut content = Content::new();
        if self.bleed > 0.0 {
            // Everything is laid out on the trimmed page; the sheet is larger by the bleed.
            content.transform([1.0, 0.0, 0.0, 1.0, self.bleed, self.bleed]);
        }
        content.set_fill_gray(0.0).set_stroke_gray(0.0);
        let mut top = height - MARGIN;
        if let Some(lines) = heading {
            for line in lines {
                let size = HEADING_SIZE;
                let line_width = Font::bundled().width(line) as f32 * size;
                self.text(
                    &mut content,
                    &Text {
                        text: line,
                        what: "a heading",
                        size,
                        scale: 100.0,
                        x: (width - line_width) / 2.0,
                        baseline: top - size,
                    },
                )?;
                top -= HEADING_LEADING * size;
            }
            top -= HEADING_SIZE;
        }
        let bottom = MARGIN + FOOTER_BAND;
        self.page = Some(Page {
            content,
            layout,
            area: [MARGIN, bottom, width - 2.0 * MARGIN, top - bottom],
            filled: 0,
        });
        Ok(())
    }

    /// Draws `puzzle` with `contents` in the next slot of the current page with cells of
    /// `cell` points (or smaller if the slot is smaller), its caption centred above it.
    fn place(
        &mut self,
        puzzle: &Puzzle,
        contents: Contents<'_>,
        look: Look,
        cell: f32,
        (caption, what, caption_size): (&str, &str, f32),
    ) -> Result<(), RenderError> {
        let mut page = self.page.take().expect("a page was started");
        let Layout {
            columns, rows, gap, ..
        } = page.layout;
        let [left, bottom, width, height] = page.area;
        let (column, row) = (page.filled % columns, page.filled / columns);
        let (slot_width, slot_height) = (width / columns as f32, height / rows as f32);
        let caption_height = CAPTION_LINE * caption_size;
        // Every row is as tall as the largest grid a slot holds, with its caption, and the
        // height left over is shared out evenly above, between and below the rows, so that
        // no band of empty paper stands out under a heading or between two rows.
        let largest = (slot_width - gap)
            .min(slot_height - gap - caption_height)
            .max(1.0);
        let row_height = caption_height + largest;
        let space = (height - rows as f32 * row_height) / (rows + 1) as f32;
        let row_top = bottom + height - space * (row + 1) as f32 - row_height * row as f32;
        let units = picture_units(puzzle.size());
        let side = largest.min(cell * units);
        let cell = side / units;
        // A grid kept smaller by the cell size sits in the middle of its row.
        let block_top = row_top - (largest - side) / 2.0;
        let grid_top = block_top - caption_height;
        let x = left + column as f32 * slot_width + (slot_width - side) / 2.0;
        self.grid(&mut page.content, puzzle, contents, look, x, grid_top, cell)?;
        // Captions are shrunk to their slot's width: `Puzzle 1000 · Killer Jigsaw 9×9 ·
        // unreasonable` over a narrow slot would run into its neighbour's.
        let em = Font::bundled().width(caption) as f32;
        let size = caption_size.min((slot_width - gap) / em.max(f32::EPSILON));
        page.content.set_fill_gray(0.0);
        self.text(
            &mut page.content,
            &Text {
                text: caption,
                what,
                size,
                scale: 100.0,
                x: x + (side - em * size) / 2.0,
                baseline: grid_top + 0.6 * caption_size,
            },
        )?;
        page.filled += 1;
        self.page = Some(page);
        Ok(())
    }

    /// Draws one grid, its picture's top-left corner at (`x`, `top`), with cells of `cell`
    /// points: the lines and outlines of `render::svg`'s picture, in grey and black, then
    /// the clues (puzzles only) and digits as text.
    #[allow(clippy::too_many_arguments)]
    fn grid(
        &mut self,
        content: &mut Content,
        puzzle: &Puzzle,
        contents: Contents<'_>,
        look: Look,
        x: f32,
        top: f32,
        cell: f32,
    ) -> Result<(), RenderError> {
        let marks = contents.marks(puzzle)?;
        let n = puzzle.size();
        let killer = puzzle.options().killer;
        let scale = cell / CELL as f32;
        let map = |(ux, uy): (f32, f32)| (x + ux * scale, top - uy * scale);
        let font = Font::bundled();

        if has_regions(puzzle) && !killer {
            let colours = colouring::colours(puzzle.regions(), n);
            for (colour, &grey) in SHADES.iter().enumerate().skip(1) {
                let d = svg::shading(puzzle, &colours, colour);
                if !d.is_empty() {
                    content.set_fill_gray(grey);
                    path(content, &d, map);
                    content.fill_nonzero();
                }
            }
        }
        content
            .set_stroke_gray(CELL_LINE_GREY)
            .set_line_width((svg::THIN_LINE as f32 * scale).max(THIN_MIN))
            .set_line_cap(LineCapStyle::ButtCap);
        path(content, &svg::cell_lines(n), map);
        content.stroke();

        let borders = Borders::new(puzzle);
        // Killer puzzles give the thick lines to the houses and outline their cages apart.
        let thick: fn(Border) -> bool = if killer {
            Border::is_region_border
        } else {
            Border::is_cage_border
        };
        content
            .set_stroke_gray(0.0)
            .set_line_width((svg::THICK_LINE as f32 * scale).max(THICK_MIN))
            // Square caps close the corners where a run meets another at right angles.
            .set_line_cap(LineCapStyle::ProjectingSquareCap);
        path(content, &svg::runs(&borders, thick), map);
        content.stroke();

        let labels = labels(puzzle, Operation::sign);
        let (inset, share) = if killer {
            (svg::KILLER_LABEL_INSET, svg::KILLER_LABEL_SIZE)
        } else {
            (svg::LABEL_INSET, svg::LABEL_SIZE)
        };
        let inset = inset as f32 * scale;
        let fitted = |label: &str| fit_clue(label, cell, inset, (share / CELL) as f32);
        // An answer key shows digits and cage outlines only: no clues, and no killer cages,
        // whose dashes in 7-mm cells would crowd the digits (the boxes are what a solver
        // checks a killer's answer against).
        if killer && look == Look::Puzzle {
            // The outline stays clear of the sum in its anchor's corner: along the top to
            // past the sum's right, and down the left to below it (in picture units).
            let clear = |anchor: Cell| {
                labels[anchor.index()].as_ref().map_or((0.0, 0.0), |label| {
                    let (size, stretch) = fitted(label);
                    let start = svg::KILLER_LABEL_INSET - f64::from(svg::KILLER_INSET)
                        + svg::KILLER_LABEL_GAP;
                    let wide = font.width(label) as f32 * size * stretch / 100.0;
                    let high = font.cap_height() as f32 * size;
                    (
                        start + f64::from(wide / scale),
                        start + f64::from(high / scale),
                    )
                })
            };
            content
                .set_line_width((svg::KILLER_LINE as f32 * scale).max(KILLER_LINE_MIN))
                .set_line_cap(LineCapStyle::ButtCap)
                .set_dash_pattern([KILLER_DASH * scale, KILLER_DASH_GAP * scale], 0.0);
            path(content, &svg::cage_outlines(puzzle, clear), map);
            content.stroke().set_dash_pattern([], 0.0);
        }

        content.set_fill_gray(0.0);
        for (index, cell_at) in puzzle.cells().enumerate() {
            let (cx, cy) = map(corner(cell_at, n));
            if let (Some(label), Look::Puzzle) = (&labels[index], look) {
                let (size, stretch) = fitted(label);
                self.text(
                    content,
                    &Text {
                        text: label,
                        what: "a clue",
                        size,
                        scale: stretch,
                        x: cx + inset,
                        baseline: cy - inset - font.cap_height() as f32 * size,
                    },
                )?;
            }
            if let Mark::Digit(digit) = marks[index] {
                let text = digit.to_string();
                let (size, drop) = match look {
                    Look::Puzzle => ((DIGIT_SHARE * cell).max(DIGIT_MIN), DIGIT_DROP * cell),
                    Look::Answer => (DIGIT_MIN, 0.0),
                };
                let width = font.width(&text) as f32 * size;
                self.text(
                    content,
                    &Text {
                        text: &text,
                        what: "a digit",
                        size,
                        scale: 100.0,
                        x: cx + (cell - width) / 2.0,
                        baseline: cy - cell / 2.0 - drop - font.cap_height() as f32 * size / 2.0,
                    },
                )?;
            }
        }
        Ok(())
    }

    /// Sets one line of text in the bundled font.
    fn text(&mut self, content: &mut Content, text: &Text<'_>) -> Result<(), RenderError> {
        let glyphs = self.glyphs.encode(text.text, text.what)?;
        content.begin_text().set_font(Name(b"F0"), text.size);
        if text.scale != 100.0 {
            content.set_horizontal_scaling(text.scale);
        }
        content
            .next_line(text.x, text.baseline)
            .show(Str(&glyphs))
            .end_text();
        if text.scale != 100.0 {
            // The scaling is text state, which outlives end_text: set it back for the next.
            content.set_horizontal_scaling(100.0);
        }
        Ok(())
    }

    /// Numbers the page being filled, if any, and writes it out.
    fn finish_page(&mut self) -> Result<(), RenderError> {
        let Some(mut page) = self.page.take() else {
            return Ok(());
        };
        let number = (self.pages.len() + 1).to_string();
        let (width, height) = self.options.paper.size();
        page.content.set_fill_gray(FOOTER_GREY);
        let number_width = Font::bundled().width(&number) as f32 * FOOTER_SIZE;
        self.text(
            &mut page.content,
            &Text {
                text: &number,
                what: "a page number",
                size: FOOTER_SIZE,
                scale: 100.0,
                x: (width - number_width) / 2.0,
                baseline: MARGIN,
            },
        )?;
        let id = self.next.bump();
        let stream = self.next.bump();
        let bytes =
            miniz_oxide::deflate::compress_to_vec_zlib(&page.content.finish(), DEFLATE_LEVEL);
        self.pdf.stream(stream, &bytes).filter(Filter::FlateDecode);
        let bleed = self.bleed;
        let sheet = Rect::new(0.0, 0.0, width + 2.0 * bleed, height + 2.0 * bleed);
        let mut writer = self.pdf.page(id);
        writer
            .media_box(sheet)
            .trim_box(Rect::new(bleed, bleed, width + bleed, height + bleed))
            .parent(self.page_tree)
            .contents(stream);
        if bleed > 0.0 {
            writer.bleed_box(sheet);
        }
        writer.resources().fonts().pair(Name(b"F0"), self.font);
        writer.finish();
        self.pages.push(id);
        Ok(())
    }

    /// Writes the bundled font as a Type 0 font of the glyphs the text used: its subset,
    /// their widths, and the map back to characters that makes the text searchable.
    fn write_font(&mut self) -> Result<(), RenderError> {
        let font = Font::bundled();
        let face = font.face();
        let per_em = 1000.0 / font.units_per_em() as f32;
        let cid_font = self.next.bump();
        let descriptor = self.next.bump();
        let to_unicode = self.next.bump();
        let file = self.next.bump();

        self.pdf
            .type0_font(self.font)
            .base_font(Name(FONT_NAME))
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid_font)
            .to_unicode(to_unicode);

        let mut cid = self.pdf.cid_font(cid_font);
        cid.subtype(CidFontType::Type2)
            .base_font(Name(FONT_NAME))
            .system_info(IDENTITY)
            .font_descriptor(descriptor)
            .default_width(0.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let widths: Vec<f32> = self
            .glyphs
            .remapper
            .remapped_gids()
            .map(|old| f32::from(face.glyph_hor_advance(GlyphId(old)).unwrap_or(0)) * per_em)
            .collect();
        cid.widths().consecutive(0, widths);
        cid.finish();

        let bbox = face.global_bounding_box();
        let scaled = |units: i16| f32::from(units) * per_em;
        self.pdf
            .font_descriptor(descriptor)
            .name(Name(FONT_NAME))
            .flags(FontFlags::SYMBOLIC)
            .bbox(Rect::new(
                scaled(bbox.x_min),
                scaled(bbox.y_min),
                scaled(bbox.x_max),
                scaled(bbox.y_max),
            ))
            .italic_angle(0.0)
            .ascent(scaled(face.ascender()))
            .descent(scaled(face.descender()))
            .cap_height(font.cap_height() as f32 * 1000.0)
            // The dominant vertical stem width, which the PDF format requires: a regular
            // weight's usual value (DejaVu Sans states none).
            .stem_v(80.0)
            .font_file2(file);

        let mut cmap = UnicodeCmap::new(Name(b"Custom"), IDENTITY);
        for (&glyph, &ch) in &self.glyphs.chars {
            cmap.pair(glyph, ch);
        }
        self.pdf.cmap(to_unicode, &cmap.finish());

        let subset = subsetter::subset(font.data(), 0, &self.glyphs.remapper)
            .map_err(|error| RenderError::Pdf(format!("cannot subset the font: {error}")))?;
        let bytes = miniz_oxide::deflate::compress_to_vec_zlib(&subset, DEFLATE_LEVEL);
        self.pdf.stream(file, &bytes).filter(Filter::FlateDecode);
        Ok(())
    }
}

impl Page {
    /// The number of grids the page holds.
    fn capacity(&self) -> usize {
        self.layout.columns * self.layout.rows
    }
}

/// The height of everything above and below the grids of a page: margins, the page number,
/// and a heading of [`HEADING_MAX_LINES`] (reserved on every page, so that all pages' grids
/// are alike).
fn grid_area(paper: Paper) -> (f32, f32) {
    let (width, height) = paper.size();
    let heading = HEADING_MAX_LINES as f32 * HEADING_LEADING * HEADING_SIZE + HEADING_SIZE;
    (
        width - 2.0 * MARGIN,
        height - 2.0 * MARGIN - FOOTER_BAND - heading,
    )
}

/// The cell size, in points, of a puzzle of side `n` set `per_page` on `paper`: the
/// largest its slot gives, at most [`PUZZLE_MAX_CELL`].
fn puzzle_cell(paper: Paper, per_page: PerPage, n: usize) -> f32 {
    let (width, height) = grid_area(paper);
    let (columns, rows) = per_page.columns_rows();
    let caption = CAPTION_LINE * PUZZLE_CAPTION_SIZE;
    let side =
        (width / columns as f32 - PUZZLE_GAP).min(height / rows as f32 - PUZZLE_GAP - caption);
    (side / picture_units(n)).min(PUZZLE_MAX_CELL)
}

/// The size and horizontal scale (percent) of `label` in a cell of `cell` points with
/// `inset` points on each side, its usual size `share` of the cell. The rule for labels
/// too long for the room between the insets, in order, each step only while still too
/// long:
///
/// 1. shrink, down to [`CLUE_MIN`];
/// 2. set it condensed, down to [`CONDENSED`] percent;
/// 3. shrink, down to [`LONG_CLUE_MIN`].
///
/// A label that is still too long runs into the right inset (on a 9x9 four to a page,
/// only a 7-figure product such as `362880×` does).
fn fit_clue(label: &str, cell: f32, inset: f32, share: f32) -> (f32, f32) {
    let em = Font::bundled().width(label) as f32;
    let room = cell - 2.0 * inset;
    let mut size = (share * cell).max(CLUE_MIN);
    if em * size > room {
        size = (room / em).max(CLUE_MIN);
    }
    let mut scale = 100.0;
    if em * size > room {
        scale = (100.0 * room / (em * size)).max(CONDENSED);
    }
    if em * size * scale / 100.0 > room {
        size = (100.0 * room / (em * scale)).max(LONG_CLUE_MIN);
    }
    (size, scale)
}

/// `text` broken into lines of at most `room` em: at spaces, and inside a word only when
/// the word alone is wider than a line.
fn wrap(text: &str, room: f32) -> Vec<String> {
    let font = Font::bundled();
    let width = |s: &str| font.width(s) as f32;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if width(&joined) <= room {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for ch in word.chars() {
            line.push(ch);
            if width(&line) > room && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(ch);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Adds the SVG path data `d` of [`svg`]'s builders (absolute `M L H V`, relative `h v`,
/// `Z`) to `content`, each point through `map` from picture units to the page.
fn path(content: &mut Content, d: &str, map: impl Fn((f32, f32)) -> (f32, f32)) {
    let mut spaced = String::with_capacity(d.len() + d.len() / 2);
    for ch in d.chars() {
        if ch.is_ascii_alphabetic() || ch == '-' {
            spaced.push(' ');
        }
        spaced.push(ch);
        if ch.is_ascii_alphabetic() {
            spaced.push(' ');
        }
    }
    let mut tokens = spaced.split_whitespace().peekable();
    let (mut at, mut start) = ((0.0, 0.0), (0.0, 0.0));
    let mut command = 'M';
    let number = |tokens: &mut std::iter::Peekable<std::str::SplitWhitespace<'_>>| {
        tokens
            .next()
            .and_then(|t| t.parse::<f32>().ok())
            .unwrap_or(0.0)
    };
    while let Some(&token) = tokens.peek() {
        if let Some(ch) = token.chars().next().filter(char::is_ascii_alphabetic) {
            command = ch;
            tokens.next();
            if command == 'Z' || command == 'z' {
                content.close_path();
                at = start;
            }
            continue;
        }
        match command {
            'M' | 'L' => {
                at = (number(&mut tokens), number(&mut tokens));
                let (px, py) = map(at);
                if command == 'M' {
                    start = at;
                    content.move_to(px, py);
                    // Numbers after a move's pair are lines, as SVG reads them.
                    command = 'L';
                } else {
                    content.line_to(px, py);
                }
                continue;
            }
            'H' => at.0 = number(&mut tokens),
            'V' => at.1 = number(&mut tokens),
            'h' => at.0 += number(&mut tokens),
            'v' => at.1 += number(&mut tokens),
            _ => {
                tokens.next();
                continue;
            }
        }
        let (px, py) = map(at);
        content.line_to(px, py);
    }
}

/// The top-left corner of `cell` in picture units, as [`svg`] lays the picture out.
fn corner(cell: Cell, n: usize) -> (f32, f32) {
    let margin = svg::MARGIN as f32;
    let cell_units = CELL as f32;
    (
        margin + cell.col(n) as f32 * cell_units,
        margin + cell.row(n) as f32 * cell_units,
    )
}

/// How the answer key is set out on `paper` when its largest grid has side `largest`, and
/// its cells' size: as many grids of [`ANSWER_CELL`] cells (or [`ANSWER_CELL_TWO_DIGITS`])
/// as fit below the heading, at most [`ANSWER_MAX_COLUMNS`] across, and at least one; a
/// grid too wide for the page at that size gets smaller cells.
fn answer_layout(paper: Paper, largest: usize) -> (Layout, f32) {
    let (width, height) = grid_area(paper);
    let cell = if largest >= 10 {
        ANSWER_CELL_TWO_DIGITS
    } else {
        ANSWER_CELL
    };
    let cell = cell.min(width / picture_units(largest));
    let side = cell * picture_units(largest);
    let caption = CAPTION_LINE * ANSWER_CAPTION_SIZE;
    let fit = |room: f32, each: f32| ((room + ANSWER_GAP) / (each + ANSWER_GAP)).floor() as usize;
    let layout = Layout {
        section: Section::Answers,
        columns: fit(width, side).clamp(1, ANSWER_MAX_COLUMNS),
        rows: fit(height, side + caption).max(1),
        gap: ANSWER_GAP,
    };
    (layout, cell)
}

/// The side of the picture of a grid of side `n` in cells: the grid and its margin, as
/// [`svg::render`] lays it out.
fn picture_units(n: usize) -> f32 {
    svg::side(n) as f32 / CELL as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MAX_SIZE;

    /// A 4x4 of Keen's with one solution, and that solution.
    fn puzzle() -> (Puzzle, Grid) {
        let puzzle = crate::examples::by_name("kk0").unwrap().puzzle();
        let report = crate::solve::default_solver()
            .solve(&puzzle, &crate::solve::Limits::uniqueness())
            .unwrap();
        let solution = report.outcome.solutions()[0].clone();
        (puzzle, solution)
    }

    /// A booklet of `count` copies of the puzzle, with its answers unless `answers` is false.
    fn book(count: usize, options: &Options, answers: bool) -> Book {
        let (puzzle, solution) = puzzle();
        let mut book = Book::new(options).unwrap();
        let mut key = Vec::new();
        for number in 1..=count {
            let caption = Caption {
                number,
                level: Some("hard"),
            };
            book.add_puzzle(&puzzle, &caption).unwrap();
            key.push(Answer {
                number,
                puzzle: &puzzle,
                solution: &solution,
            });
        }
        if answers {
            book.add_answers(&key).unwrap();
        }
        book
    }

    /// How many times `needle` occurs in `bytes`.
    fn occurrences(bytes: &[u8], needle: &[u8]) -> usize {
        bytes.windows(needle.len()).filter(|w| *w == needle).count()
    }

    /// The number of page objects in a PDF (not counting the page tree, `/Type /Pages`).
    fn pages(pdf: &[u8]) -> usize {
        occurrences(pdf, b"/Type /Page\n")
    }

    #[test]
    fn pages_hold_their_share_of_puzzles_then_the_answers() {
        let options = Options::default();
        for (count, puzzle_pages) in [(1, 1), (4, 1), (5, 2), (9, 3)] {
            let without = book(count, &options, false);
            assert_eq!(without.page_count(), puzzle_pages);
            assert_eq!(pages(&without.finish().unwrap()), puzzle_pages);
            // Up to 35 small 4x4 answers share one page.
            let with = book(count, &options, true).finish().unwrap();
            assert_eq!(pages(&with), puzzle_pages + 1, "{count} puzzles");
            let count = format!("/Count {}\n", puzzle_pages + 1);
            assert_eq!(occurrences(&with, count.as_bytes()), 1);
        }
        for per_page in PerPage::ALL {
            let options = Options {
                per_page: Some(per_page),
                ..Options::default()
            };
            let book = book(12, &options, false);
            assert_eq!(book.page_count(), 12_usize.div_ceil(per_page.count()));
        }
    }

    #[test]
    fn grids_are_drawn_on_the_page_in_grey_alone() {
        let pdf = book(3, &Options::default(), true).finish().unwrap();
        // No forms, images or colour spaces: every mark is in the page's content.
        for name in [
            &b"/Subtype /Form"[..],
            b"/XObject",
            b"/ColorSpace",
            b"/ICCBased",
            b"/DeviceRGB",
        ] {
            assert_eq!(
                occurrences(&pdf, name),
                0,
                "{}",
                String::from_utf8_lossy(name)
            );
        }
        // The page content, uncompressed, sets grey (g, G) and never RGB or CMYK.
        let mut book = book(1, &Options::default(), true);
        let page = book.page.take().unwrap();
        let content = page.content.finish();
        let text = String::from_utf8_lossy(&content);
        assert!(text.contains(" g\n") && text.contains(" G\n"));
        for operator in [" rg\n", " RG\n", " k\n", " K\n", " sc\n", " scn\n", " cs\n"] {
            assert!(!text.contains(operator), "{operator}");
        }
    }

    #[test]
    fn text_is_the_bundled_font_embedded_with_its_characters() {
        let pdf = book(1, &Options::default(), true).finish().unwrap();
        assert_eq!(occurrences(&pdf, b"/FontFile2"), 1);
        assert_eq!(occurrences(&pdf, b"/BaseFont /CAGEYP+DejaVuSans"), 2);
        // No font is named for a reader to substitute from its own system.
        assert_eq!(occurrences(&pdf, b"/BaseFont"), 2);
        // The map back to characters knows the caption's "P", "×" and "·".
        for code in [b"<0050>", b"<00D7>", b"<00B7>"] {
            assert_eq!(
                occurrences(&pdf, code),
                1,
                "{}",
                String::from_utf8_lossy(code)
            );
        }
    }

    #[test]
    fn the_same_booklet_gives_the_same_bytes() {
        let options = Options {
            title: Some("Week 12".to_string()),
            ..Options::default()
        };
        let a = book(5, &options, true).finish().unwrap();
        let b = book(5, &options, true).finish().unwrap();
        assert!(a == b);
        assert_eq!(occurrences(&a, b"/Title (Week 12)"), 1);
    }

    #[test]
    fn paper_sizes_are_the_media_boxes() {
        for (paper, box_) in [
            (Paper::A4, "595.27563 841.8898"),
            (Paper::Letter, "612 792"),
        ] {
            let options = Options {
                paper,
                ..Options::default()
            };
            let pdf = book(1, &options, false).finish().unwrap();
            let media_box = format!("/MediaBox [0 0 {box_}]");
            assert_eq!(occurrences(&pdf, media_box.as_bytes()), 1, "{paper:?}");
        }
    }

    #[test]
    fn a_booklet_of_nothing_is_an_error() {
        assert!(matches!(
            Book::new(&Options::default()).unwrap().finish(),
            Err(RenderError::Pdf(_))
        ));
        let mut book = Book::new(&Options::default()).unwrap();
        book.add_answers(&[]).unwrap();
        assert_eq!(book.page_count(), 0);
    }

    #[test]
    fn answers_are_smaller_and_more_to_a_page_than_puzzles() {
        for paper in [Paper::A4, Paper::Letter] {
            let (width, height) = paper.size();
            for n in 1..=MAX_SIZE {
                let (layout, cell) = answer_layout(paper, n);
                assert!(layout.columns >= 1 && layout.rows >= 1);
                // The grids and the gaps between them fit the page.
                let side = cell * picture_units(n);
                assert!(side <= width - 2.0 * MARGIN + 1e-3, "{n}");
                let used = layout.columns as f32 * (side + ANSWER_GAP) - ANSWER_GAP;
                assert!(used <= width - 2.0 * MARGIN || layout.columns == 1, "{n}");
                let caption = CAPTION_LINE * ANSWER_CAPTION_SIZE;
                let used = layout.rows as f32 * (side + caption + ANSWER_GAP) - ANSWER_GAP;
                assert!(used <= height - 2.0 * MARGIN || layout.rows == 1, "{n}");
                // Two-digit answers keep air between neighbours at 9 pt.
                let widest = Font::bundled().width(&n.to_string()) as f32 * DIGIT_MIN;
                assert!(cell - widest >= 4.0, "{n}: {cell} pt cells");
            }
            let (six, _) = answer_layout(paper, 6);
            assert!(six.columns * six.rows > PerPage::Six.count());
            // Twelve 9x9 answers to an A4 page, nine to a Letter page.
            let (nine, _) = answer_layout(paper, 9);
            assert!(nine.columns * nine.rows >= 9, "{paper:?}");
        }
    }

    #[test]
    fn a_page_holds_as_many_puzzles_as_its_size_allows() {
        for paper in [Paper::A4, Paper::Letter] {
            // The figures: a 9x9 four to a page, a 12x12 two, a 16x16 one.
            for (n, most) in [(4, 6), (7, 6), (9, 4), (12, 2), (16, 1), (32, 1)] {
                assert_eq!(
                    largest_per_page(paper, n).count(),
                    most,
                    "{paper:?} {n}x{n}"
                );
            }
            for n in 1..=20 {
                let most = largest_per_page(paper, n);
                assert!(puzzle_cell(paper, most, n) >= MIN_PUZZLE_CELL, "{n}");
                if let Some(next) = PerPage::ALL.into_iter().find(|&p| p > most) {
                    assert!(puzzle_cell(paper, next, n) < MIN_PUZZLE_CELL, "{n}");
                }
            }
        }
        let options = Options {
            per_page: Some(PerPage::Four),
            ..Options::default()
        };
        let twelve = crate::formats::kk::parse(&big_cage_puzzle(12)).unwrap();
        let error = Book::new(&options)
            .unwrap()
            .add_puzzle(
                &twelve,
                &Caption {
                    number: 1,
                    level: None,
                },
            )
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "4 puzzles a page do not fit a 12x12 on A4 paper: at most 2 do, with clues of 7 pt \
             or more"
        );
    }

    /// A puzzle of side `n` whose cages are its rows, each a sum.
    fn big_cage_puzzle(n: usize) -> String {
        let sum = n * (n + 1) / 2;
        (0..n)
            .map(|row| {
                let cells: Vec<String> = (0..n).map(|col| (row * n + col).to_string()).collect();
                format!("{sum}+,{}\n", cells.join(" "))
            })
            .collect()
    }

    #[test]
    fn clues_keep_at_least_7_pt_and_long_ones_6_pt_condensed() {
        let share = (svg::LABEL_SIZE / CELL) as f32;
        let cell = 25.0;
        let inset = svg::LABEL_INSET as f32 * cell / CELL as f32;
        let room = cell - 2.0 * inset;
        // A short clue: its share of the cell, at least 7 pt, full width.
        assert_eq!(fit_clue("12+", cell, inset, share), (7.0, 100.0));
        assert_eq!(fit_clue("12+", 60.0, inset, share), (14.4, 100.0));
        let width = |label: &str, (size, scale): (f32, f32)| {
            Font::bundled().width(label) as f32 * size * scale / 100.0
        };
        // `1296×` fits at 7 pt condensed; `15120×` needs 6 pt as well; neither overflows.
        let (size, scale) = fit_clue("1296×", cell, inset, share);
        assert!(
            size == 7.0 && (CONDENSED..100.0).contains(&scale),
            "{size} {scale}"
        );
        assert!(width("1296×", (size, scale)) <= room + 1e-3);
        let (size, scale) = fit_clue("15120×", cell, inset, share);
        assert!(
            (LONG_CLUE_MIN..7.0).contains(&size) && scale == CONDENSED,
            "{size} {scale}"
        );
        assert!(width("15120×", (size, scale)) <= room + 1e-3);
        // Past 6 pt condensed it runs into the inset rather than shrink further.
        assert_eq!(
            fit_clue("3628800×", cell, inset, share),
            (LONG_CLUE_MIN, CONDENSED)
        );
    }

    #[test]
    fn titles_wrap_and_a_character_the_font_lacks_is_named() {
        let room = 15.0;
        let lines = wrap(
            "A sampler of cage puzzles for the long winter evenings",
            room,
        );
        assert!(lines.len() >= 2);
        for line in &lines {
            assert!(Font::bundled().width(line) as f32 <= room, "{line}");
        }
        assert_eq!(
            lines.join(" "),
            "A sampler of cage puzzles for the long winter evenings"
        );
        // A word longer than a line is broken inside it.
        assert_eq!(wrap("Wwwwwwwwww", 3.0).len(), 4);
        let title = |title: &str| Options {
            title: Some(title.to_string()),
            ..Options::default()
        };
        let error = Book::new(&title("Puzzles 漢字")).err().unwrap();
        assert_eq!(
            error.to_string(),
            "the title's character '漢' (U+6F22) is not in the font"
        );
        let long = "Puzzles ".repeat(40);
        let error = Book::new(&title(&long)).err().unwrap();
        assert!(
            matches!(error, RenderError::HeadingTooLong { .. }),
            "{error}"
        );
        assert!(Book::new(&title(&"Puzzles ".repeat(8))).is_ok());
        // A level the font lacks is named with its puzzle.
        let (puzzle, _) = puzzle();
        let error = Book::new(&Options::default())
            .unwrap()
            .add_puzzle(
                &puzzle,
                &Caption {
                    number: 3,
                    level: Some("難しい"),
                },
            )
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "puzzle 3's caption's character '難' (U+96E3) is not in the font"
        );
    }

    #[test]
    fn a_bleed_makes_the_sheet_larger_and_states_the_trim() {
        let options = Options {
            bleed: 3.0,
            ..Options::default()
        };
        let pdf = book(1, &options, false).finish().unwrap();
        let text = String::from_utf8_lossy(&pdf);
        assert!(
            text.contains("/MediaBox [0 0 612.2835 858.89764]"),
            "{text}"
        );
        assert!(text.contains("/BleedBox [0 0 612.2835 858.89764]"));
        assert!(text.contains("/TrimBox [8.503937 8.503937 603.77954 850.3937]"));
    }

    #[test]
    fn path_data_becomes_moves_and_lines() {
        let mut content = Content::new();
        path(&mut content, "M10 10H110V-5h-20v5Z", |(x, y)| (x, -y));
        let text = String::from_utf8(content.finish()).unwrap();
        assert_eq!(text, "10 -10 m\n110 -10 l\n110 5 l\n90 5 l\n90 0 l\nh");
    }

    #[test]
    fn per_page_counts() {
        assert_eq!(PerPage::from_count(6), Some(PerPage::Six));
        assert_eq!(PerPage::from_count(3), None);
        assert_eq!(PerPage::ALL.map(PerPage::count), [1, 2, 4, 6]);
        assert_eq!(" 2 ".parse::<PerPage>().unwrap(), PerPage::Two);
        assert_eq!(PerPage::try_from(1).unwrap(), PerPage::One);
        assert_eq!(
            "3".parse::<PerPage>().unwrap_err().to_string(),
            "3 puzzles a page: choose 1, 2, 4 or 6"
        );
        assert_eq!(
            PerPage::try_from(0).unwrap_err().to_string(),
            "0 puzzles a page: choose 1, 2, 4 or 6"
        );
    }

    #[test]
    fn papers_are_read_by_name() {
        assert_eq!("a4".parse::<Paper>().unwrap(), Paper::A4);
        assert_eq!("Letter".parse::<Paper>().unwrap(), Paper::Letter);
        assert_eq!(
            "a5".parse::<Paper>().unwrap_err().to_string(),
            "\"a5\": choose a4 or letter"
        );
    }
}
