//! The PDF document being written: its pages, each set out by a [`Layout`] with a heading
//! and a page number, grids placed slot by slot, and at the end the page tree, the font and
//! the document's properties. Each page is compressed as soon as it is full.

use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, TextStr};

use super::super::font::Font;
use super::super::{Contents, RenderError};
use super::draw::{self, Look};
use super::embedded_font::{Glyphs, Text, DEFLATE_LEVEL};
use super::layout::{
    answer_layout, per_page_for, picture_units, puzzle_cell, wrap, Layout, Paper, PerPage, Section,
    ANSWER_CAPTION_SIZE, CAPTION_LINE, FOOTER_BAND, FOOTER_GREY, FOOTER_SIZE, HEADING_BAND,
    HEADING_LEADING, HEADING_MAX_LINES, HEADING_SIZE, MARGIN, MM, PUZZLE_CAPTION_MAX,
    PUZZLE_CAPTION_SHARE, PUZZLE_CAPTION_SIZE, PUZZLE_GAP,
};
use super::pdfx::{self, About, Marks, PdfX};
use crate::model::Puzzle;
use crate::Grid;

mod front;

pub(crate) use front::{ContentsLine, Example, TextPage, TitlePage};

/// How a booklet looks: the part of [`crate::booklet::BookletOptions`] the drawing reads.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Options {
    /// The paper size: the trimmed page.
    pub paper: Paper,
    /// Puzzles per page; `None` for four, or fewer for grids too large for four
    /// ([`largest_per_page`](super::largest_per_page)). A number too large for a grid is an
    /// error.
    pub per_page: Option<PerPage>,
    /// A title for the first page and the document's properties; the answer key's heading
    /// repeats it.
    pub title: Option<String>,
    /// Pages before the first, so that a book made in several runs numbers on (0: the
    /// first page is page 1).
    pub pages_before: usize,
    /// The binding margin in millimetres, added to the inner side of every page: the left
    /// of odd pages, the right of even ones (0 to [`MAX_GUTTER_MM`](super::MAX_GUTTER_MM),
    /// checked by the booklet's options).
    pub gutter: f32,
    /// Bleed in millimetres, 0 to [`MAX_BLEED_MM`](super::MAX_BLEED_MM) (checked by the
    /// booklet's options): the sheet is this much larger on every side than the paper,
    /// which becomes the TrimBox, and the whole sheet the BleedBox.
    pub bleed: f32,
    /// Crop marks at the trim's corners, in a slug of [`SLUG`] points around the bleed.
    pub crop_marks: bool,
    /// Written to PDF/X, with its date; `None` for a plain PDF, which holds no date.
    pub pdfx: Option<PdfX>,
}

/// The document's creator, in its information and (for PDF/X) its XMP.
const CREATOR: &str = "cagey";

/// The program that wrote the PDF.
const PRODUCER: &str = concat!("cagey ", env!("CARGO_PKG_VERSION"));

/// The band around the bleed that holds the crop marks: 10 mm, room for marks of 6 mm
/// that start a little outside the bleed.
const SLUG: f32 = 10.0 * MM;

/// How far outside the trim a crop mark starts, at least: marks that reach the trim show
/// on the cut page.
const MARK_GAP: f32 = 3.0 * MM;

/// The line width of crop marks: a quarter point, as printers draw them.
const MARK_LINE: f32 = 0.25;

/// What a puzzle's caption says besides its size: `Puzzle 12 · Calcudoku 6×6 · hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Caption<'a> {
    /// The puzzle's number in the booklet.
    pub number: usize,
    /// The puzzle's name: the book's, or its kind's.
    pub name: &'a str,
    /// Its level, in the book's words, when known.
    pub level: Option<&'a str>,
}

/// Draws crop marks at the four corners of a `width` by `height` trimmed page (in its own
/// coordinates, the trim from 0,0): two short lines on the lines of the trim's edges, from
/// outside the bleed to the sheet's edge, which a cutter lines the blade up with.
fn crop_marks(content: &mut Content, width: f32, height: f32, bleed: f32) {
    let start = bleed.max(MARK_GAP);
    let end = bleed + SLUG;
    content.save_state();
    content.set_stroke_gray(0.0).set_line_width(MARK_LINE);
    for (x, y, out_x, out_y) in [
        (0.0, 0.0, -1.0, -1.0),
        (width, 0.0, 1.0, -1.0),
        (0.0, height, -1.0, 1.0),
        (width, height, 1.0, 1.0),
    ] {
        content.move_to(x + out_x * start, y);
        content.line_to(x + out_x * end, y);
        content.move_to(x, y + out_y * start);
        content.line_to(x, y + out_y * end);
    }
    content.stroke();
    content.restore_state();
}

/// Checks that `text` can be set in the bundled font, naming `what` it is if not: a front
/// end's settings are refused before any puzzle is read.
pub(crate) fn check_text(text: &str, what: &str) -> Result<(), RenderError> {
    Glyphs::default().encode(text, what).map(|_| ())
}

/// The answer key's heading under a book's title: `Book 1: hard (answers)`, never a second
/// colon after one the title has.
fn answers_heading(title: &str) -> String {
    format!("{title} (answers)")
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

/// How large a caption is set.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CaptionSize {
    /// Always this size, in points (the answer key's).
    Fixed(f32),
    /// With the grid's cells, as its clues are ([`caption_of_cell`]).
    OfCell,
}

/// A puzzle's caption for cells of `cell` points: a little under its clues' size, at least
/// the smallest clue and at most [`PUZZLE_CAPTION_MAX`], so that a 9x9 alone on a page is
/// not numbered in 7 pt under clues of 11.6.
fn caption_of_cell(cell: f32) -> f32 {
    (PUZZLE_CAPTION_SHARE * cell).clamp(PUZZLE_CAPTION_SIZE, PUZZLE_CAPTION_MAX)
}

/// The page being filled.
struct Page {
    content: Content,
    layout: Layout,
    /// The area the grids share: left, bottom, width, height.
    area: [f32; 4],
    /// How many slots are taken.
    filled: usize,
    /// The grids' side on a page of puzzles: each size has pages of its own.
    size: usize,
    /// Its number, printed at its foot unless `numbered` is false (a title page).
    number: usize,
    numbered: bool,
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
    /// [`HEADING_MAX_LINES`], or a PDF/X date is past what a PDF can say. The bleed is taken
    /// as it is: the booklet's options check it.
    pub fn new(options: &Options) -> Result<Book, RenderError> {
        if let Some(pdfx) = &options.pdfx {
            pdfx::check(pdfx)?;
        }
        let mut next = Ref::new(1);
        let page_tree = next.bump();
        let font = next.bump();
        let mut book = Book {
            pdf: Pdf::new(),
            next,
            page_tree,
            font,
            pages: Vec::new(),
            glyphs: Glyphs::default(),
            options: options.clone(),
            bleed: options.bleed * MM,
            title: None,
            page: None,
        };
        if let Some(title) = &options.title {
            book.title = Some(book.heading_lines(title, "the title")?);
            // The answer key's heading, checked now so that a title too long for it is
            // refused before any puzzle is drawn.
            book.heading_lines(&answers_heading(title), "the answer key's heading")?;
        }
        Ok(book)
    }

    /// The number of pages started so far.
    #[cfg(test)]
    pub fn page_count(&self) -> usize {
        self.pages.len() + usize::from(self.page.is_some())
    }

    /// Adds `puzzle`, empty, in the next place, under its caption, and gives the number of
    /// the page it is on.
    ///
    /// Fails if its caption holds a character the font lacks.
    pub fn add_puzzle(
        &mut self,
        puzzle: &Puzzle,
        caption: &Caption<'_>,
    ) -> Result<usize, RenderError> {
        let n = puzzle.size();
        let paper = self.options.paper;
        let per_page = per_page_for(paper, self.options.per_page, n);
        let mut text = format!("Puzzle {} · {} {n}×{n}", caption.number, caption.name);
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
        // Each size has pages of its own: a 7x7 beside a 6x6 would be drawn smaller than
        // its page's other grids, and a 16x16 needs fewer to a page than a 9x9.
        if self.page.as_ref().is_none_or(|page| {
            page.filled == page.capacity() || page.layout != layout || page.size != n
        }) {
            let title = self.title.take();
            self.start_page(layout, title.as_deref())?;
        }
        let cell = puzzle_cell(paper, per_page, n);
        let what = format!("puzzle {}'s caption", caption.number);
        let page = self.page.as_mut().expect("a page was started");
        page.size = n;
        let number = page.number;
        self.place(
            puzzle,
            Contents::NONE,
            Look::Puzzle,
            cell,
            (&text, &what, CaptionSize::OfCell),
        )?;
        Ok(number)
    }

    /// Adds the answer key: a new page headed "Answers", then each solution as a small grid
    /// of digits and cage outlines, captioned with its puzzle's number. Each page is laid
    /// out for the first answer on it; a larger grid starts a page of its own.
    ///
    /// Gives the number of the key's first page (`None` for no answers).
    ///
    /// Fails if a solution does not fit its puzzle.
    pub fn add_answers(&mut self, answers: &[Answer<'_>]) -> Result<Option<usize>, RenderError> {
        if answers.is_empty() {
            return Ok(None);
        }
        self.finish_page()?;
        let first = self.page_number();
        let heading = match &self.options.title {
            Some(title) => answers_heading(title),
            None => "Answers".to_string(),
        };
        let heading = self.heading_lines(&heading, "the answer key's heading")?;
        self.title = None;
        let mut heading = Some(heading);
        // The size the current page is laid out for, and its cells.
        let mut current: Option<(usize, f32)> = None;
        for answer in answers {
            // A page is laid out for the first answer on it: sixty 6x6 answers sized for one
            // 16x16 among them once took 31 pages rather than 3. A smaller answer goes on
            // in the page's larger slots; a larger one, or a full page, starts a page.
            let n = answer.puzzle.size();
            let full = self
                .page
                .as_ref()
                .is_none_or(|page| page.filled == page.capacity());
            let cell = match current {
                Some((size, cell)) if !full && n <= size && heading.is_none() => cell,
                _ => {
                    let (layout, cell) = answer_layout(self.options.paper, n);
                    self.start_page(layout, heading.take().as_deref())?;
                    current = Some((n, cell));
                    cell
                }
            };
            let text = answer.number.to_string();
            self.place(
                answer.puzzle,
                Contents::grid(answer.solution),
                Look::Answer,
                cell,
                (
                    &text,
                    "an answer's caption",
                    CaptionSize::Fixed(ANSWER_CAPTION_SIZE),
                ),
            )?;
        }
        Ok(Some(first))
    }

    /// The PDF's bytes.
    ///
    /// Fails if the booklet has no page, or the font cannot be subset (a bug).
    pub fn finish(mut self) -> Result<Vec<u8>, RenderError> {
        self.finish_page()?;
        if self.pages.is_empty() {
            return Err(RenderError::Pdf("there is nothing to print".to_string()));
        }
        self.glyphs
            .write(&mut self.pdf, self.font, &mut self.next)?;
        let catalog = self.next.bump();
        let info = self.next.bump();
        self.pdf
            .pages(self.page_tree)
            .kids(self.pages.iter().copied())
            .count(self.pages.len() as i32);
        // PDF/X requires a title, and the same one in the XMP as in the information.
        let title = match (&self.options.title, self.options.pdfx) {
            (Some(title), _) => Some(title.as_str()),
            (None, Some(_)) => Some(pdfx::UNTITLED),
            (None, None) => None,
        };
        let marks = self.options.pdfx.map(|pdfx| {
            let about = About {
                title: title.unwrap_or(pdfx::UNTITLED),
                creator: CREATOR,
                producer: PRODUCER,
            };
            Marks::write(&mut self.pdf, &mut self.next, &pdfx, &about)
        });
        let mut writer = self.pdf.catalog(catalog);
        writer.pages(self.page_tree);
        if let Some(marks) = &marks {
            marks.catalog(&mut writer);
        }
        writer.finish();
        let mut document = self.pdf.document_info(info);
        if let Some(title) = title {
            document.title(TextStr(title));
        }
        document.creator(TextStr(CREATOR));
        document.producer(TextStr(PRODUCER));
        if let Some(marks) = &marks {
            marks.info(&mut document);
        }
        document.finish();
        if let Some(marks) = &marks {
            marks.finish(&mut self.pdf);
        }
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
        let page = self.new_page(self.page_number(), layout, heading)?;
        self.page = Some(page);
        Ok(())
    }

    /// A page numbered `number`, set out by `layout`, with `heading`'s lines at its top: the
    /// sheet moved for the bleed and crop marks, and the text block set off the binding.
    fn new_page(
        &mut self,
        number: usize,
        layout: Layout,
        heading: Option<&[String]>,
    ) -> Result<Page, RenderError> {
        let (width, height) = self.options.paper.size();
        let mut content = Content::new();
        let margin = self.sheet_margin();
        if margin > 0.0 {
            // Everything is laid out on the trimmed page; the sheet is larger by the bleed
            // and the crop marks' slug.
            content.transform([1.0, 0.0, 0.0, 1.0, margin, margin]);
        }
        if self.options.crop_marks {
            crop_marks(&mut content, width, height, self.bleed);
        }
        content.set_fill_gray(0.0).set_stroke_gray(0.0);
        // The text block sits away from the binding: right on odd pages, left on even.
        let gutter = self.options.gutter * MM;
        let left = MARGIN + if number % 2 == 1 { gutter } else { 0.0 };
        let text_width = width - 2.0 * MARGIN - gutter;
        let bottom = MARGIN + FOOTER_BAND;
        let mut page = Page {
            content,
            layout,
            area: [left, bottom, text_width, 0.0],
            filled: 0,
            size: 0,
            number,
            numbered: true,
        };
        let mut top = height - MARGIN;
        if let Some(lines) = heading {
            top = self.centred(
                &mut page,
                lines,
                HEADING_SIZE,
                HEADING_LEADING,
                top,
                "a heading",
            )?;
            top -= HEADING_SIZE;
        }
        // Grids start below the heading's band on every page, headed or not: the first
        // page's grids once sat 24 pt lower than the next page's.
        if layout.section != Section::Front {
            top = height - MARGIN - HEADING_BAND;
        }
        page.area[3] = top - bottom;
        Ok(page)
    }

    /// Draws `puzzle` with `contents` in the next slot of the current page with cells of
    /// `cell` points (or smaller if the slot is smaller), its caption centred above it.
    fn place(
        &mut self,
        puzzle: &Puzzle,
        contents: Contents<'_>,
        look: Look,
        cell: f32,
        (caption, what, caption_size): (&str, &str, CaptionSize),
    ) -> Result<(), RenderError> {
        let mut page = self.page.take().expect("a page was started");
        let Layout {
            columns, rows, gap, ..
        } = page.layout;
        let [left, bottom, width, height] = page.area;
        let (column, row) = (page.filled % columns, page.filled / columns);
        let (slot_width, slot_height) = (width / columns as f32, height / rows as f32);
        let units = picture_units(puzzle.size());
        // Every row is as tall as the largest grid a slot holds, with its caption, and the
        // height left over is shared out evenly above, between and below the rows, so that
        // no band of empty paper stands out under a heading or between two rows.
        let largest = |caption_size: f32| {
            (slot_width - gap)
                .min(slot_height - gap - CAPTION_LINE * caption_size)
                .max(1.0)
        };
        // A caption sized to the cell asked for, then to the cell the slot leaves (which a
        // smaller caption can only widen).
        let caption_size = match caption_size {
            CaptionSize::Fixed(size) => size,
            CaptionSize::OfCell => {
                let first = caption_of_cell(cell);
                caption_of_cell(cell.min(largest(first) / units))
            }
        };
        let caption_height = CAPTION_LINE * caption_size;
        let largest = largest(caption_size);
        let row_height = caption_height + largest;
        let space = (height - rows as f32 * row_height) / (rows + 1) as f32;
        let row_top = bottom + height - space * (row + 1) as f32 - row_height * row as f32;
        let side = largest.min(cell * units);
        let cell = side / units;
        // A grid kept smaller by the cell size sits in the middle of its row.
        let block_top = row_top - (largest - side) / 2.0;
        let grid_top = block_top - caption_height;
        let x = left + column as f32 * slot_width + (slot_width - side) / 2.0;
        draw::grid(
            &mut page.content,
            &mut self.glyphs,
            puzzle,
            contents,
            look,
            x,
            grid_top,
            cell,
        )?;
        // Captions are shrunk to their slot's width: `Puzzle 1000 · Killer Jigsaw 9×9 ·
        // unreasonable` over a narrow slot would run into its neighbour's.
        let em = Font::bundled().width(caption) as f32;
        let size = caption_size.min((slot_width - gap) / em.max(f32::EPSILON));
        page.content.set_fill_gray(0.0);
        self.glyphs.set(
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

    /// How much larger the sheet is than the trimmed page on each side: the bleed, and the
    /// slug when there are crop marks.
    fn sheet_margin(&self) -> f32 {
        self.bleed + if self.options.crop_marks { SLUG } else { 0.0 }
    }

    /// The number of the page being filled (or about to be started): pages reserved for
    /// the contents count, as they are in [`Book::pages`] already.
    fn page_number(&self) -> usize {
        self.options.pages_before + self.pages.len() + 1
    }

    /// Numbers the page being filled, if any, and writes it out.
    fn finish_page(&mut self) -> Result<(), RenderError> {
        let Some(page) = self.page.take() else {
            return Ok(());
        };
        let id = self.next.bump();
        self.write_page(id, page)?;
        self.pages.push(id);
        Ok(())
    }

    /// Writes `page` as the page object `id`, with its number at its foot unless it is
    /// unnumbered. The page tree's order is [`Book::pages`]'s, not the order written.
    fn write_page(&mut self, id: Ref, mut page: Page) -> Result<(), RenderError> {
        let (width, height) = self.options.paper.size();
        if page.numbered {
            let number = page.number.to_string();
            page.content.set_fill_gray(FOOTER_GREY);
            let number_width = Font::bundled().width(&number) as f32 * FOOTER_SIZE;
            let [left, _, area_width, _] = page.area;
            self.glyphs.set(
                &mut page.content,
                &Text {
                    text: &number,
                    what: "a page number",
                    size: FOOTER_SIZE,
                    scale: 100.0,
                    x: left + (area_width - number_width) / 2.0,
                    baseline: MARGIN,
                },
            )?;
        }
        let stream = self.next.bump();
        let bytes =
            miniz_oxide::deflate::compress_to_vec_zlib(&page.content.finish(), DEFLATE_LEVEL);
        self.pdf.stream(stream, &bytes).filter(Filter::FlateDecode);
        let bleed = self.bleed;
        let margin = self.sheet_margin();
        let sheet = Rect::new(0.0, 0.0, width + 2.0 * margin, height + 2.0 * margin);
        let slug = margin - bleed;
        let bled = Rect::new(
            slug,
            slug,
            slug + width + 2.0 * bleed,
            slug + height + 2.0 * bleed,
        );
        let mut writer = self.pdf.page(id);
        writer
            .media_box(sheet)
            .trim_box(Rect::new(margin, margin, width + margin, height + margin))
            .parent(self.page_tree)
            .contents(stream);
        if bleed > 0.0 {
            writer.bleed_box(bled);
        }
        writer.resources().fonts().pair(Name(b"F0"), self.font);
        writer.finish();
        Ok(())
    }
}

impl Page {
    /// The number of grids the page holds.
    fn capacity(&self) -> usize {
        self.layout.columns * self.layout.rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                name: "Calcudoku",
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

    /// Regression (#44): the grids of a page under the title sat 24 pt lower than the
    /// next page's.
    #[test]
    fn grids_sit_in_the_same_place_on_headed_and_plain_pages() {
        let options = Options {
            title: Some("A title".to_string()),
            ..Options::default()
        };
        let mut book = book(4, &options, false);
        let first = book.page.as_ref().unwrap().area;
        let (puzzle, _) = puzzle();
        let caption = Caption {
            number: 5,
            name: "Calcudoku",
            level: None,
        };
        book.add_puzzle(&puzzle, &caption).unwrap();
        assert_eq!(book.page.as_ref().unwrap().area, first);
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

    /// A booklet written to PDF/X-4, dated 2023-11-14 22:13:20 UTC.
    fn pdfx(title: Option<&str>) -> Options {
        Options {
            title: title.map(str::to_string),
            pdfx: Some(PdfX {
                version: super::super::PdfXVersion::X4,
                created: 1_700_000_000,
            }),
            ..Options::default()
        }
    }

    /// The embedded ICC profile: its bytes are a stream's, uncompressed, found by the
    /// `acsp` signature 36 bytes into its header. `None` if there is none.
    fn icc_profile(pdf: &[u8]) -> Option<&[u8]> {
        let at = pdf.windows(4).position(|w| w == b"acsp")?.checked_sub(36)?;
        let size = u32::from_be_bytes(pdf[at..at + 4].try_into().ok()?) as usize;
        // The size field is the stream's length: the stream starts with the profile and
        // ends with it.
        assert!(pdf[..at].ends_with(b">>\nstream\n"));
        assert!(pdf[at + size..].starts_with(b"\nendstream"));
        Some(&pdf[at..at + size])
    }

    #[test]
    fn a_pdfx_booklet_states_its_output_intent_metadata_dates_and_id() {
        let pdf = book(3, &pdfx(Some("Week 12")), true).finish().unwrap();
        assert!(pdf.starts_with(b"%PDF-1.6\n"));
        let text = String::from_utf8_lossy(&pdf);
        for entry in [
            // The catalog's OutputIntent, with its output profile.
            "/OutputIntents [<<\n    /Type /OutputIntent\n    /S /GTS_PDFX\n",
            "/OutputConditionIdentifier (Custom)",
            "/Info (cagey grey: black ink on white paper, 20% dot gain)",
            "/DestOutputProfile ",
            // The catalog's XMP.
            "/Metadata ",
            "/Type /Metadata\n  /Subtype /XML",
            "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>",
            "<rdf:li xml:lang=\"x-default\">Week 12</rdf:li>",
            "<xmp:CreateDate>2023-11-14T22:13:20Z</xmp:CreateDate>",
            "<xmp:ModifyDate>2023-11-14T22:13:20Z</xmp:ModifyDate>",
            "<xmp:MetadataDate>2023-11-14T22:13:20Z</xmp:MetadataDate>",
            "<xmpMM:VersionID>1</xmpMM:VersionID>",
            "<xmpMM:RenditionClass>default</xmpMM:RenditionClass>",
            "<pdf:Trapped>False</pdf:Trapped>",
            // The document information, which agrees with it.
            "/Title (Week 12)",
            "/GTS_PDFXVersion (PDF/X-4)",
            "/Trapped /False",
            "/CreationDate (D:20231114221320Z)",
            "/ModDate (D:20231114221320Z)",
        ] {
            assert_eq!(text.matches(entry).count(), 1, "{entry}");
        }
        // The trailer's ID is the XMP's DocumentID, twice (the file as first made).
        let id = text
            .split("/ID [<")
            .nth(1)
            .unwrap()
            .split('>')
            .next()
            .unwrap();
        assert_eq!(text.matches(&format!("/ID [<{id}> <{id}>]")).count(), 1);
        let document = text
            .split("<xmpMM:DocumentID>uuid:")
            .nth(1)
            .unwrap()
            .split('<')
            .next()
            .unwrap();
        assert_eq!(document.replace('-', "").to_uppercase(), id);
        assert!(text.contains("<xmpMM:InstanceID>uuid:"));
        // The profile: a grey printer's, its size field its length.
        let profile = icc_profile(&pdf).unwrap();
        assert_eq!(&profile[12..16], b"prtr");
        assert_eq!(&profile[16..20], b"GRAY");
        assert_eq!(&profile[20..24], b"XYZ ");
        assert_eq!(
            text.matches(&format!("/Length {}\n  /N 1\n", profile.len()))
                .count(),
            1
        );
    }

    /// PDF/X requires a title: a booklet given none is called "Puzzles" there and in the
    /// XMP, and only there (no heading is drawn).
    #[test]
    fn a_pdfx_booklet_without_a_title_is_titled_puzzles() {
        let pdf = book(1, &pdfx(None), false).finish().unwrap();
        assert_eq!(occurrences(&pdf, b"/Title (Puzzles)"), 1);
        assert_eq!(occurrences(&pdf, b">Puzzles</rdf:li>"), 1);
    }

    #[test]
    fn a_plain_booklet_has_none_of_pdfx_s_marks() {
        let pdf = book(3, &Options::default(), true).finish().unwrap();
        assert!(pdf.starts_with(b"%PDF-1.7\n"));
        for entry in [
            &b"/OutputIntent"[..],
            b"GTS_",
            b"/Metadata",
            b"xpacket",
            b"/Trapped",
            b"/CreationDate",
            b"/ModDate",
            b"/ID [",
            b"/Title",
        ] {
            assert_eq!(
                occurrences(&pdf, entry),
                0,
                "{}",
                String::from_utf8_lossy(entry)
            );
        }
        assert_eq!(icc_profile(&pdf), None);
    }

    /// The same puzzles and date give the same PDF/X bytes; another date, or other puzzles,
    /// other IDs.
    #[test]
    fn a_pdfx_booklet_is_the_same_bytes_for_the_same_date() {
        let options = pdfx(Some("Week 12"));
        let a = book(5, &options, true).finish().unwrap();
        assert!(a == book(5, &options, true).finish().unwrap());
        let id = |pdf: &[u8]| {
            let text = String::from_utf8_lossy(pdf).into_owned();
            text.split("/ID [<").nth(1).unwrap()[..32].to_string()
        };
        let later = Options {
            pdfx: options.pdfx.map(|pdfx| PdfX {
                created: pdfx.created + 1,
                ..pdfx
            }),
            ..options.clone()
        };
        let b = book(5, &later, true).finish().unwrap();
        assert_ne!(id(&a), id(&b));
        assert_eq!(occurrences(&b, b"/CreationDate (D:20231114221321Z)"), 1);
        assert_ne!(id(&a), id(&book(4, &options, true).finish().unwrap()));
    }

    #[test]
    fn a_pdfx_date_past_9999_is_refused() {
        let mut options = pdfx(None);
        if let Some(pdfx) = &mut options.pdfx {
            pdfx.created = super::super::LATEST_CREATED + 1;
        }
        assert_eq!(
            Book::new(&options).err().unwrap().to_string(),
            "a creation time of 253402300800 seconds since 1970 is past the end of 9999"
        );
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

    /// Regression (#44): four a page asked of a book with a 12x12 in it was refused; each
    /// size now takes as many as fit it, up to those asked for, on pages of its own.
    #[test]
    fn each_size_takes_as_many_a_page_as_fit_up_to_those_asked_on_its_own_pages() {
        let options = Options {
            per_page: Some(PerPage::Four),
            ..Options::default()
        };
        let twelve = crate::formats::kk::parse(&big_cage_puzzle(12)).unwrap();
        let (four, _) = puzzle();
        let caption = Caption {
            number: 1,
            name: "Calcudoku",
            level: None,
        };
        let mut book = Book::new(&options).unwrap();
        // Three 12x12s, two to a page; then three 4x4s, four to a page, but not on the
        // second 12x12 page's free slot.
        let mut on = Vec::new();
        for puzzle in [&twelve, &twelve, &twelve, &four, &four, &four] {
            on.push(book.add_puzzle(puzzle, &caption).unwrap());
        }
        assert_eq!(on, [1, 1, 2, 3, 3, 3]);
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
    fn titles_too_long_or_with_a_character_the_font_lacks_are_refused() {
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
                    name: "Calcudoku",
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

    /// Crop marks add a 10 mm slug around the bleed: the sheet grows, the trim and the
    /// bleed keep their sizes, and eight quarter-point lines are drawn on each page.
    #[test]
    fn crop_marks_sit_in_a_slug_around_the_bleed() {
        let options = Options {
            bleed: 3.0,
            crop_marks: true,
            ..Options::default()
        };
        let boxes = |pdf: &[u8], name: &str| -> Vec<f32> {
            let text = String::from_utf8_lossy(pdf);
            let start = text.find(&format!("/{name} [")).unwrap() + name.len() + 3;
            text[start..]
                .split(']')
                .next()
                .unwrap()
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect()
        };
        let pdf = book(1, &options, false).finish().unwrap();
        let (width, height) = Paper::A4.size();
        let (bleed, slug) = (3.0 * MM, SLUG);
        let close = |got: Vec<f32>, want: [f32; 4]| {
            assert!(
                got.iter().zip(want).all(|(g, w)| (g - w).abs() < 0.01),
                "{got:?} against {want:?}"
            );
        };
        let margin = bleed + slug;
        close(
            boxes(&pdf, "MediaBox"),
            [0.0, 0.0, width + 2.0 * margin, height + 2.0 * margin],
        );
        close(
            boxes(&pdf, "TrimBox"),
            [margin, margin, width + margin, height + margin],
        );
        close(
            boxes(&pdf, "BleedBox"),
            [
                slug,
                slug,
                slug + width + 2.0 * bleed,
                slug + height + 2.0 * bleed,
            ],
        );
        // The page's content is compressed: draw the marks alone and count their lines.
        let mut content = Content::new();
        crop_marks(&mut content, width, height, bleed);
        let drawn = String::from_utf8(content.finish()).unwrap();
        assert_eq!(drawn.matches(" m\n").count(), 8, "{drawn}");
        assert_eq!(drawn.matches(" l\n").count(), 8, "{drawn}");
    }
}
