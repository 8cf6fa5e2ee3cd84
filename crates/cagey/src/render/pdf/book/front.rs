//! The pages before the puzzles: a title page, pages of text (the rules, each with a worked
//! example drawn as the puzzles are), and the contents. The contents' page numbers are known
//! only once the puzzles are placed, so its pages are reserved in place first (their page
//! objects numbered, their page numbers counted) and drawn last; the page tree keeps the
//! book's order, whatever order the pages were written in.

use pdf_writer::Ref;

use super::super::draw::{self, Look};
use super::super::embedded_font::Text;
use super::super::layout::{
    picture_units, wrap, Layout, Section, CAPTION_LINE, FOOTER_BAND, FOOTER_GREY, HEADING_LEADING,
    HEADING_SIZE, MARGIN, MM,
};
use super::{Book, Page};
use crate::model::Puzzle;
use crate::render::font::Font;
use crate::render::{Contents, RenderError};
use crate::Grid;

/// The title page's title: the largest of these sizes at which it wraps to at most
/// [`TITLE_MAX_LINES`] (any title the puzzle pages' heading takes fits at the last).
const TITLE_SIZES: [f32; 4] = [28.0, 24.0, 20.0, HEADING_SIZE];
const TITLE_MAX_LINES: usize = 3;
const TITLE_LEADING: f32 = 1.2;
const SUBTITLE_SIZE: f32 = 15.0;
const AUTHOR_SIZE: f32 = 13.0;
/// The lines about the book at the title page's foot (`120 puzzles`, the kinds and levels).
const ABOUT_SIZE: f32 = 11.0;

/// Running text (the rules): a book's body size, with room between lines and paragraphs,
/// and a measure of at most 120 mm, about 75 characters, however wide the paper.
const BODY_SIZE: f32 = 10.5;
const BODY_LEADING: f32 = 1.45;
const PARAGRAPH_GAP: f32 = 0.6 * BODY_SIZE;
const MEASURE: f32 = 120.0 * MM;

/// The worked example's grids: cells of at most 11 mm and at least 6 mm (a 7-pt clue and a
/// digit still fit), two side by side with a gap.
const EXAMPLE_CELL: f32 = 11.0 * MM;
const EXAMPLE_CELL_MIN: f32 = 6.0 * MM;
const EXAMPLE_GAP: f32 = 24.0;
const EXAMPLE_CAPTION_SIZE: f32 = 9.0;

/// The contents' lines: text on the left, the page number on the right, dots between.
const CONTENTS_SIZE: f32 = 11.0;
const CONTENTS_LEADING: f32 = 1.7;

/// What the title page says.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TitlePage<'a> {
    pub title: &'a str,
    pub subtitle: Option<&'a str>,
    pub author: Option<&'a str>,
    /// Lines about the book at the page's foot: `120 puzzles`, its kinds and sizes, levels.
    pub about: &'a [String],
}

/// A page of running text under a heading (the rules of a kind of puzzle), with a worked
/// example if it has one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextPage<'a> {
    pub heading: &'a str,
    pub paragraphs: &'a [String],
    pub example: Option<Example<'a>>,
    /// Whose text, for errors: `the rules of Calcudoku`.
    pub what: &'a str,
}

/// A small puzzle beside its solution, each under a caption, with notes under both.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Example<'a> {
    pub puzzle: &'a Puzzle,
    pub solution: &'a Grid,
    pub captions: [&'a str; 2],
    pub notes: &'a [String],
}

/// One line of the contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ContentsLine {
    pub text: String,
    pub page: usize,
}

/// Pages held for the contents: their page objects and the first one's number.
#[derive(Debug)]
pub(crate) struct Reserved {
    ids: Vec<Ref>,
    first: usize,
}

impl Book {
    /// Adds a title page: the title large and centred a third of the way down, then the
    /// subtitle and author, and the lines about the book near the foot. It is counted but
    /// not numbered, as books do. Gives its page number.
    ///
    /// Fails if a text holds a character the font lacks.
    pub fn add_title_page(&mut self, title: &TitlePage<'_>) -> Result<usize, RenderError> {
        self.finish_page()?;
        // The title is here, not again as the first page of puzzles' heading.
        self.title = None;
        let number = self.page_number();
        let mut page = self.new_page(number, text_layout(), None)?;
        page.numbered = false;
        let [_, bottom, width, height] = page.area;
        let room = |size: f32| width / size;
        let (size, lines) = TITLE_SIZES
            .iter()
            .map(|&size| (size, wrap(title.title, room(size))))
            .find(|(_, lines)| lines.len() <= TITLE_MAX_LINES)
            .unwrap_or_else(|| (HEADING_SIZE, wrap(title.title, room(HEADING_SIZE))));
        let mut top = bottom + height * 0.72;
        top = self.centred(&mut page, &lines, size, TITLE_LEADING, top, "the title")?;
        if let Some(subtitle) = title.subtitle {
            top -= 0.6 * SUBTITLE_SIZE;
            let lines = wrap(subtitle, room(SUBTITLE_SIZE));
            top = self.centred(&mut page, &lines, SUBTITLE_SIZE, 1.3, top, "the subtitle")?;
        }
        if let Some(author) = title.author {
            top -= 2.5 * AUTHOR_SIZE;
            let lines = wrap(author, room(AUTHOR_SIZE));
            self.centred(&mut page, &lines, AUTHOR_SIZE, 1.3, top, "the author")?;
        }
        let about: Vec<String> = title
            .about
            .iter()
            .flat_map(|line| wrap(line, room(ABOUT_SIZE)))
            .collect();
        let about_height = about.len() as f32 * 1.5 * ABOUT_SIZE;
        page.content.set_fill_gray(FOOTER_GREY);
        self.centred(
            &mut page,
            &about,
            ABOUT_SIZE,
            1.5,
            bottom + about_height,
            "the title page",
        )?;
        self.page = Some(page);
        self.finish_page()?;
        Ok(number)
    }

    /// Adds a page of running text: `text`'s heading centred, its paragraphs ranged left
    /// in a measure of at most [`MEASURE`], then its example, if any, and the example's
    /// notes. Gives its page number.
    ///
    /// Fails if it does not fit one page, or holds a character the font lacks.
    pub fn add_text_page(&mut self, text: &TextPage<'_>) -> Result<usize, RenderError> {
        self.finish_page()?;
        let number = self.page_number();
        let heading = self.heading_lines(text.heading, text.what)?;
        let mut page = self.new_page(number, text_layout(), Some(&heading))?;
        let [left, bottom, width, height] = page.area;
        let measure = width.min(MEASURE);
        let x = left + (width - measure) / 2.0;
        let mut top = bottom + height;
        top = self.paragraphs(&mut page, text.paragraphs, x, measure, top, text.what)?;
        if let Some(example) = text.example {
            // The grids take the room the notes leave, up to cells of EXAMPLE_CELL: on A5
            // the rules and notes leave a 4x4 about 7 mm cells.
            let notes_height = example
                .notes
                .iter()
                .map(|note| wrap(note, measure / BODY_SIZE).len() as f32)
                .sum::<f32>()
                * BODY_LEADING
                * BODY_SIZE
                + example.notes.len() as f32 * PARAGRAPH_GAP;
            let units = picture_units(example.puzzle.size());
            let caption_height = CAPTION_LINE * EXAMPLE_CAPTION_SIZE;
            top -= PARAGRAPH_GAP;
            let room = top - bottom - notes_height - caption_height - PARAGRAPH_GAP;
            let cell = EXAMPLE_CELL
                .min((measure - EXAMPLE_GAP) / 2.0 / units)
                .min(room / units);
            if cell < EXAMPLE_CELL_MIN {
                return Err(self.too_long(text.what));
            }
            let side = cell * units;
            let grids_left = x + (measure - 2.0 * side - EXAMPLE_GAP) / 2.0;
            let grid_top = top - caption_height;
            for (index, caption) in example.captions.iter().enumerate() {
                let grid_left = grids_left + index as f32 * (side + EXAMPLE_GAP);
                let contents = match index {
                    0 => Contents::NONE,
                    _ => Contents::grid(example.solution),
                };
                draw::grid(
                    &mut page.content,
                    &mut self.glyphs,
                    example.puzzle,
                    contents,
                    Look::Puzzle,
                    grid_left,
                    grid_top,
                    cell,
                )?;
                let caption_width = Font::bundled().width(caption) as f32 * EXAMPLE_CAPTION_SIZE;
                page.content.set_fill_gray(0.0);
                self.glyphs.set(
                    &mut page.content,
                    &Text {
                        text: caption,
                        what: text.what,
                        size: EXAMPLE_CAPTION_SIZE,
                        scale: 100.0,
                        x: grid_left + (side - caption_width) / 2.0,
                        baseline: grid_top + 0.6 * EXAMPLE_CAPTION_SIZE,
                    },
                )?;
            }
            top = grid_top - side - PARAGRAPH_GAP;
            top = self.paragraphs(&mut page, example.notes, x, measure, top, text.what)?;
        }
        if top < bottom {
            return Err(self.too_long(text.what));
        }
        self.page = Some(page);
        self.finish_page()?;
        Ok(number)
    }

    /// How many pages `lines` lines of contents take.
    pub fn contents_pages(&self, lines: usize) -> usize {
        lines.div_ceil(self.contents_lines_per_page()).max(1)
    }

    /// Holds the next `pages` pages for the contents, drawn later by [`Book::add_contents`]
    /// once the pages it names are known.
    pub fn reserve(&mut self, pages: usize) -> Result<Reserved, RenderError> {
        self.finish_page()?;
        let first = self.page_number();
        let ids: Vec<Ref> = (0..pages).map(|_| self.next.bump()).collect();
        self.pages.extend(&ids);
        Ok(Reserved { ids, first })
    }

    /// Draws the contents into the pages `reserved` holds: `heading` on the first, then
    /// each line's text with a leader of dots to its page number at the right.
    ///
    /// Fails if the lines need more pages than were reserved, or hold a character the font
    /// lacks.
    pub fn add_contents(
        &mut self,
        reserved: Reserved,
        heading: &str,
        lines: &[ContentsLine],
    ) -> Result<(), RenderError> {
        self.finish_page()?;
        let per_page = self.contents_lines_per_page();
        if lines.len().div_ceil(per_page) > reserved.ids.len() {
            return Err(self.too_long("the contents"));
        }
        let heading = self.heading_lines(heading, "the contents' heading")?;
        let font = Font::bundled();
        let dot = font.width(". ") as f32 * CONTENTS_SIZE;
        for (index, &id) in reserved.ids.iter().enumerate() {
            let first = index == 0;
            let mut page = self.new_page(
                reserved.first + index,
                text_layout(),
                first.then_some(&heading[..]),
            )?;
            let [left, bottom, width, height] = page.area;
            let measure = width.min(MEASURE);
            let x = left + (width - measure) / 2.0;
            let mut baseline = bottom + height - CONTENTS_SIZE;
            let chunk = lines.iter().skip(index * per_page).take(per_page);
            for line in chunk {
                let number = line.page.to_string();
                let number_width = font.width(&number) as f32 * CONTENTS_SIZE;
                // A line too long for the measure with its number (`Puzzles 117–120 ·
                // Killer Sudoku 12×12 · unreasonable` on A5) is set smaller to fit.
                let room = measure - number_width - 2.0 * dot;
                let em = font.width(&line.text) as f32;
                let size = CONTENTS_SIZE.min(room / em.max(f32::EPSILON));
                let text_width = em * size;
                page.content.set_fill_gray(0.0);
                for (text, at, size) in [
                    (&line.text[..], x, size),
                    (&number, x + measure - number_width, CONTENTS_SIZE),
                ] {
                    self.glyphs.set(
                        &mut page.content,
                        &Text {
                            text,
                            what: "the contents",
                            size,
                            scale: 100.0,
                            x: at,
                            baseline,
                        },
                    )?;
                }
                // Dots on a grid of their own, so that they line up from line to line.
                let start = ((x + text_width + dot) / dot).ceil() * dot;
                let end = x + measure - number_width - dot;
                if end > start {
                    let count = ((end - start) / dot).floor() as usize;
                    let leader = ". ".repeat(count);
                    page.content.set_fill_gray(FOOTER_GREY);
                    self.glyphs.set(
                        &mut page.content,
                        &Text {
                            text: leader.trim_end(),
                            what: "the contents",
                            size: CONTENTS_SIZE,
                            scale: 100.0,
                            x: start,
                            baseline,
                        },
                    )?;
                }
                baseline -= CONTENTS_LEADING * CONTENTS_SIZE;
            }
            self.write_page(id, page)?;
        }
        Ok(())
    }

    /// The contents' lines a page holds: every page keeps room for a heading, as the first
    /// has one.
    fn contents_lines_per_page(&self) -> usize {
        let (_, height) = self.options.paper.size();
        let heading = HEADING_LEADING * HEADING_SIZE + HEADING_SIZE;
        let room = height - 2.0 * MARGIN - FOOTER_BAND - heading;
        ((room / (CONTENTS_LEADING * CONTENTS_SIZE)).floor() as usize).max(1)
    }

    /// Sets `lines` centred on `page`, the first with its top at `top`; gives the top of the
    /// line after the last.
    pub(super) fn centred(
        &mut self,
        page: &mut Page,
        lines: &[String],
        size: f32,
        leading: f32,
        mut top: f32,
        what: &str,
    ) -> Result<f32, RenderError> {
        let [left, _, width, _] = page.area;
        for line in lines {
            let line_width = Font::bundled().width(line) as f32 * size;
            self.glyphs.set(
                &mut page.content,
                &Text {
                    text: line,
                    what,
                    size,
                    scale: 100.0,
                    x: left + (width - line_width) / 2.0,
                    baseline: top - size,
                },
            )?;
            top -= leading * size;
        }
        Ok(top)
    }

    /// Sets `paragraphs` ranged left from `x` in lines of at most `measure`, the first with
    /// its top at `top`; gives the top of what follows. Stops with an error at the page's
    /// foot.
    fn paragraphs(
        &mut self,
        page: &mut Page,
        paragraphs: &[String],
        x: f32,
        measure: f32,
        mut top: f32,
        what: &str,
    ) -> Result<f32, RenderError> {
        let [_, bottom, _, _] = page.area;
        page.content.set_fill_gray(0.0);
        for (index, paragraph) in paragraphs.iter().enumerate() {
            if index > 0 {
                top -= PARAGRAPH_GAP;
            }
            for line in wrap(paragraph, measure / BODY_SIZE) {
                if top - BODY_SIZE < bottom {
                    return Err(self.too_long(what));
                }
                self.glyphs.set(
                    &mut page.content,
                    &Text {
                        text: &line,
                        what,
                        size: BODY_SIZE,
                        scale: 100.0,
                        x,
                        baseline: top - BODY_SIZE,
                    },
                )?;
                top -= BODY_LEADING * BODY_SIZE;
            }
        }
        Ok(top)
    }

    fn too_long(&self, what: &str) -> RenderError {
        RenderError::TooLong {
            what: what.to_string(),
            paper: self.options.paper.name(),
        }
    }
}

/// The layout of a page of text: one slot, never filled by a grid.
fn text_layout() -> Layout {
    Layout {
        section: Section::Front,
        columns: 1,
        rows: 1,
        gap: 0.0,
    }
}
