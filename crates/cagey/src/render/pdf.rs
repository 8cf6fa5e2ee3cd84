//! Print-ready booklets as PDF: puzzles in order, a few to a page, each captioned with its
//! number, kind, size and level, then an answer key of smaller solved grids.
//!
//! Every grid is the picture of [`svg`], turned into a PDF form by svg2pdf (pure Rust, no
//! system library) and placed on the page, so a booklet is vector throughout and its grids
//! look exactly like `cagey render`'s. The picture draws its text as the bundled font's
//! outlines; the captions, headings and page numbers are real text in that same font,
//! embedded as a subset of the glyphs used, so the file prints the same everywhere and its
//! text can be searched and copied. Nothing is taken from the system.
//!
//! A [`Book`] is written as it goes: each grid's picture is drawn, converted and dropped
//! before the next, and a page's content is compressed as soon as the page is full. Only
//! the finished PDF's bytes are kept until [`Book::finish`] (a few kilobytes a grid; see
//! `docs/print.md` for a thousand-puzzle book's figures). The output is the same, byte for
//! byte, for the same puzzles and options: it holds no date and no random identifier.
//!
//! ```
//! use cagey::render::pdf::{Answer, Book, Caption, Options};
//!
//! let puzzle = cagey::formats::kk::parse("3+,0 1\n3+,2 3\n")?;
//! let mut book = Book::new(&Options::default());
//! book.add_puzzle(&puzzle, &Caption { number: 1, level: Some("easy") })?;
//! let solution = cagey::Grid::from_digits(2, vec![1, 2, 2, 1]).unwrap();
//! book.add_answers(&[Answer { number: 1, puzzle, solution }])?;
//! let bytes = book.finish()?;
//! assert!(bytes.starts_with(b"%PDF-"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{BTreeMap, HashMap};

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;
use svg2pdf::usvg;
use ttf_parser::GlyphId;

use super::font::Font;
use super::svg::{self, CELL};
use super::{Contents, RenderError};
use crate::model::{Grid, Puzzle};

/// Points (the PDF unit, 1/72 inch) per millimetre.
const MM: f32 = 72.0 / 25.4;

/// Blank paper on every side. Office and home printers cannot print the outer 4 to 6 mm;
/// 15 mm clears all of them, leaves room to trim or bind, and is what print shops ask for
/// as a safe area.
pub const MARGIN: f32 = 15.0 * MM;

/// The title on the first page and the answer key's heading: their size, and the band they
/// take off the top of their page.
const HEADING_SIZE: f32 = 16.0;
const HEADING_BAND: f32 = 2.5 * HEADING_SIZE;

/// The page number, centred under the grids in a band of its own.
const FOOTER_SIZE: f32 = 9.0;
const FOOTER_BAND: f32 = 2.0 * FOOTER_SIZE;
const FOOTER_GREY: f32 = 0.35;

/// A caption's line height, as a multiple of its font size (the caption sits above its grid).
const CAPTION_LINE: f32 = 1.6;

/// Puzzles: caption size, space between neighbouring grids, and the largest cell. 17 mm
/// cells are what large-print puzzle books use; without the cap a 4x4 alone on a page would
/// fill it with cells the size of a palm.
const PUZZLE_CAPTION_SIZE: f32 = 11.0;
const PUZZLE_GAP: f32 = 24.0;
const PUZZLE_MAX_CELL: f32 = 17.0 * MM;

/// Answers: smaller captions and gaps, and cells of about 4 mm, as newspapers print their
/// solutions; as many grids go on a page as fit at that size, up to [`ANSWER_MAX_COLUMNS`]
/// across.
const ANSWER_CAPTION_SIZE: f32 = 8.0;
const ANSWER_GAP: f32 = 14.0;
const ANSWER_CELL: f32 = 12.0;
const ANSWER_MAX_COLUMNS: usize = 5;

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
}

/// How many puzzles go on a page, and so how large they are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// How a booklet looks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The paper size.
    pub paper: Paper,
    /// Puzzles per page.
    pub per_page: PerPage,
    /// A title for the first page and the document's properties; the answer key's heading
    /// repeats it.
    pub title: Option<String>,
}

/// What a puzzle's caption says besides its kind and size: `Puzzle 12 · KenKen 6×6 · hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caption<'a> {
    /// The puzzle's number in the booklet.
    pub number: usize,
    /// Its level, when known.
    pub level: Option<&'a str>,
}

/// One entry of the answer key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The number of the puzzle it solves, as its caption gave it.
    pub number: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid,
}

/// How grids are set out on the pages of one section.
#[derive(Clone, Copy, Debug)]
struct Layout {
    columns: usize,
    rows: usize,
    caption_size: f32,
    gap: f32,
    max_cell: f32,
}

/// The page being filled.
struct Page {
    content: Content,
    /// The forms drawn on it, named `G0`, `G1`, ... in its resources.
    forms: Vec<Ref>,
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
    fn encode(&mut self, text: &str) -> Vec<u8> {
        let font = Font::bundled();
        let mut bytes = Vec::with_capacity(2 * text.len());
        for ch in text.chars() {
            let glyph = self.remapper.remap(font.glyph(ch).0);
            self.chars.entry(glyph).or_insert(ch);
            bytes.extend(glyph.to_be_bytes());
        }
        bytes
    }
}

/// A booklet being written: puzzles with [`Book::add_puzzle`], then the answer key with
/// [`Book::add_answers`], then [`Book::finish`] for the PDF's bytes. A booklet of answers
/// alone (a separate answer sheet) is one that gets no puzzles.
pub struct Book {
    pdf: Pdf,
    /// The next free object number.
    next: Ref,
    page_tree: Ref,
    font: Ref,
    pages: Vec<Ref>,
    glyphs: Glyphs,
    options: Options,
    page: Option<Page>,
    /// Whether the title is still to be drawn (on the first page of puzzles).
    title_pending: bool,
}

impl Book {
    /// An empty booklet.
    pub fn new(options: &Options) -> Book {
        let mut next = Ref::new(1);
        let page_tree = next.bump();
        let font = next.bump();
        Book {
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
            page: None,
            title_pending: options.title.is_some(),
        }
    }

    /// The number of pages started so far.
    pub fn page_count(&self) -> usize {
        self.pages.len() + usize::from(self.page.is_some())
    }

    /// Adds `puzzle`, empty, in the next place, under its caption.
    ///
    /// Fails only if the puzzle cannot be drawn (a bug).
    pub fn add_puzzle(
        &mut self,
        puzzle: &Puzzle,
        caption: &Caption<'_>,
    ) -> Result<(), RenderError> {
        let n = puzzle.size();
        let mut text = format!("Puzzle {} · {} {n}×{n}", caption.number, puzzle.kind());
        if let Some(level) = caption.level {
            text.push_str(" · ");
            text.push_str(level);
        }
        let (columns, rows) = self.options.per_page.columns_rows();
        let layout = Layout {
            columns,
            rows,
            caption_size: PUZZLE_CAPTION_SIZE,
            gap: PUZZLE_GAP,
            max_cell: PUZZLE_MAX_CELL,
        };
        if self
            .page
            .as_ref()
            .is_none_or(|page| page.filled == page.layout.columns * page.layout.rows)
        {
            let title = if self.title_pending {
                self.title_pending = false;
                self.options.title.clone()
            } else {
                None
            };
            self.start_page(layout, title.as_deref());
        }
        self.place(puzzle, Contents::NONE, &text)
    }

    /// Adds the answer key: a new page headed "Answers", then each solution as a small grid
    /// captioned with its puzzle's number. The grids' size is chosen for the largest puzzle,
    /// so that all answers are drawn alike.
    ///
    /// Fails if a solution does not fit its puzzle.
    pub fn add_answers(&mut self, answers: &[Answer]) -> Result<(), RenderError> {
        let Some(largest) = answers.iter().map(|a| a.puzzle.size()).max() else {
            return Ok(());
        };
        self.finish_page();
        let heading = match &self.options.title {
            Some(title) => format!("{title}: answers"),
            None => "Answers".to_string(),
        };
        let layout = answer_layout(self.options.paper, largest);
        self.title_pending = false;
        self.start_page(layout, Some(&heading));
        for answer in answers {
            if self
                .page
                .as_ref()
                .is_none_or(|page| page.filled == layout.columns * layout.rows)
            {
                self.start_page(layout, None);
            }
            let text = answer.number.to_string();
            self.place(&answer.puzzle, Contents::grid(&answer.solution), &text)?;
        }
        Ok(())
    }

    /// The PDF's bytes.
    ///
    /// Fails if the booklet has no page, or the font cannot be subset (a bug).
    pub fn finish(mut self) -> Result<Vec<u8>, RenderError> {
        self.finish_page();
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

    /// Closes the page being filled, if any, and starts a new one set out by `layout`, with
    /// `heading` at its top.
    fn start_page(&mut self, layout: Layout, heading: Option<&str>) {
        self.finish_page();
        let (width, height) = self.options.paper.size();
        let mut content = Content::new();
        let mut top = height - MARGIN;
        if let Some(heading) = heading {
            self.text(
                &mut content,
                heading,
                HEADING_SIZE,
                width - 2.0 * MARGIN,
                width / 2.0,
                top - HEADING_SIZE,
            );
            top -= HEADING_BAND;
        }
        let bottom = MARGIN + FOOTER_BAND;
        self.page = Some(Page {
            content,
            forms: Vec::new(),
            layout,
            area: [MARGIN, bottom, width - 2.0 * MARGIN, top - bottom],
            filled: 0,
        });
    }

    /// Draws `puzzle` with `contents` in the next slot of the current page, `caption`
    /// centred above it.
    fn place(
        &mut self,
        puzzle: &Puzzle,
        contents: Contents<'_>,
        caption: &str,
    ) -> Result<(), RenderError> {
        let form = self.form(puzzle, contents)?;
        let mut page = self.page.take().expect("a page was started");
        let Layout {
            columns,
            rows,
            caption_size,
            gap,
            max_cell,
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
        let side = largest.min(max_cell * units / CELL as f32);
        // A grid kept smaller by the cell cap sits in the middle of its row.
        let block_top = row_top - (largest - side) / 2.0;
        let grid_top = block_top - caption_height;
        let x = left + column as f32 * slot_width + (slot_width - side) / 2.0;
        let name = format!("G{}", page.forms.len());
        page.content
            .save_state()
            .transform([side, 0.0, 0.0, side, x, grid_top - side])
            .x_object(Name(name.as_bytes()))
            .restore_state();
        page.forms.push(form);
        self.text(
            &mut page.content,
            caption,
            caption_size,
            slot_width - gap,
            x + side / 2.0,
            grid_top + 0.6 * caption_size,
        );
        page.filled += 1;
        self.page = Some(page);
        Ok(())
    }

    /// Draws `puzzle` as SVG, converts the picture into a PDF form of side 1 and adds it
    /// to the document; the picture is dropped before this returns.
    fn form(&mut self, puzzle: &Puzzle, contents: Contents<'_>) -> Result<Ref, RenderError> {
        let text = svg::render(puzzle, contents, &svg::Options::default())?;
        let tree = usvg::Tree::from_str(&text, &usvg::Options::default())
            .map_err(|error| RenderError::Pdf(error.to_string()))?;
        let (chunk, form) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|error| RenderError::Pdf(error.to_string()))?;
        let mut numbers = HashMap::new();
        let next = &mut self.next;
        let chunk = chunk.renumber(|old| *numbers.entry(old).or_insert_with(|| next.bump()));
        self.pdf.extend(&chunk);
        Ok(numbers[&form])
    }

    /// Writes `text` in the bundled font, centred on `x`, its baseline at `y`, at `size` or
    /// smaller if that is wider than `room` (a long title, or a caption such as `Puzzle 1000
    /// · Killer Jigsaw 9×9 · unreasonable` over a narrow slot, which would run into its
    /// neighbour's).
    fn text(&mut self, content: &mut Content, text: &str, size: f32, room: f32, x: f32, y: f32) {
        let em = Font::bundled().width(text) as f32;
        let size = size.min(room / em.max(f32::EPSILON));
        let width = em * size;
        let glyphs = self.glyphs.encode(text);
        content
            .begin_text()
            .set_font(Name(b"F0"), size)
            .next_line(x - width / 2.0, y)
            .show(Str(&glyphs))
            .end_text();
    }

    /// Numbers the page being filled, if any, and writes it out.
    fn finish_page(&mut self) {
        let Some(mut page) = self.page.take() else {
            return;
        };
        let number = (self.pages.len() + 1).to_string();
        let (width, height) = self.options.paper.size();
        page.content.set_fill_gray(FOOTER_GREY);
        self.text(
            &mut page.content,
            &number,
            FOOTER_SIZE,
            width - 2.0 * MARGIN,
            width / 2.0,
            MARGIN,
        );
        let id = self.next.bump();
        let stream = self.next.bump();
        let bytes =
            miniz_oxide::deflate::compress_to_vec_zlib(&page.content.finish(), DEFLATE_LEVEL);
        self.pdf.stream(stream, &bytes).filter(Filter::FlateDecode);
        let mut writer = self.pdf.page(id);
        writer
            .media_box(Rect::new(0.0, 0.0, width, height))
            .parent(self.page_tree)
            .contents(stream);
        let mut resources = writer.resources();
        resources.fonts().pair(Name(b"F0"), self.font);
        let mut forms = resources.x_objects();
        for (index, form) in page.forms.iter().enumerate() {
            forms.pair(Name(format!("G{index}").as_bytes()), *form);
        }
        forms.finish();
        resources.finish();
        writer.finish();
        self.pages.push(id);
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

/// How the answer key is set out on `paper` when its largest grid has side `largest`: as
/// many grids of [`ANSWER_CELL`] cells as fit below the heading, at most
/// [`ANSWER_MAX_COLUMNS`] across, and at least one.
fn answer_layout(paper: Paper, largest: usize) -> Layout {
    let (page_width, page_height) = paper.size();
    let width = page_width - 2.0 * MARGIN;
    let height = page_height - 2.0 * MARGIN - FOOTER_BAND - HEADING_BAND;
    let side = ANSWER_CELL * picture_units(largest) / CELL as f32;
    let caption = CAPTION_LINE * ANSWER_CAPTION_SIZE;
    let fit = |room: f32, each: f32| ((room + ANSWER_GAP) / (each + ANSWER_GAP)).floor() as usize;
    Layout {
        columns: fit(width, side).clamp(1, ANSWER_MAX_COLUMNS),
        rows: fit(height, side + caption).max(1),
        caption_size: ANSWER_CAPTION_SIZE,
        gap: ANSWER_GAP,
        max_cell: ANSWER_CELL,
    }
}

/// The side of the picture of a grid of side `n`, in the SVG's user units (grid and margin),
/// as [`svg::render`] lays it out.
fn picture_units(n: usize) -> f32 {
    svg::side(n) as f32
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
        let mut book = Book::new(options);
        let mut key = Vec::new();
        for number in 1..=count {
            let caption = Caption {
                number,
                level: Some("hard"),
            };
            book.add_puzzle(&puzzle, &caption).unwrap();
            key.push(Answer {
                number,
                puzzle: puzzle.clone(),
                solution: solution.clone(),
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
                per_page,
                ..Options::default()
            };
            let book = book(12, &options, false);
            assert_eq!(book.page_count(), 12_usize.div_ceil(per_page.count()));
        }
    }

    #[test]
    fn every_grid_is_a_form_of_its_own() {
        let pdf = book(3, &Options::default(), true).finish().unwrap();
        // Three puzzles and three answers, each drawn once.
        assert_eq!(occurrences(&pdf, b"/Subtype /Form"), 6);
        assert_eq!(
            occurrences(&pdf, b" Do\n") + occurrences(&pdf, b" Do "),
            0,
            "streams are compressed"
        );
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
            Book::new(&Options::default()).finish(),
            Err(RenderError::Pdf(_))
        ));
        let mut book = Book::new(&Options::default());
        book.add_answers(&[]).unwrap();
        assert_eq!(book.page_count(), 0);
    }

    #[test]
    fn answers_are_smaller_and_more_to_a_page_than_puzzles() {
        for paper in [Paper::A4, Paper::Letter] {
            let (width, height) = paper.size();
            for n in 1..=MAX_SIZE {
                let layout = answer_layout(paper, n);
                assert!(layout.columns >= 1 && layout.rows >= 1);
                // At their full size, the grids and the gaps between them fit the page.
                let side = ANSWER_CELL * picture_units(n) / CELL as f32;
                let used = layout.columns as f32 * (side + ANSWER_GAP) - ANSWER_GAP;
                assert!(used <= width - 2.0 * MARGIN || layout.columns == 1, "{n}");
                let caption = CAPTION_LINE * ANSWER_CAPTION_SIZE;
                let used = layout.rows as f32 * (side + caption + ANSWER_GAP) - ANSWER_GAP;
                assert!(used <= height - 2.0 * MARGIN || layout.rows == 1, "{n}");
            }
            let six = answer_layout(paper, 6);
            assert!(six.columns * six.rows > PerPage::Six.count());
        }
    }

    #[test]
    fn per_page_counts() {
        assert_eq!(PerPage::from_count(6), Some(PerPage::Six));
        assert_eq!(PerPage::from_count(3), None);
        assert_eq!(PerPage::ALL.map(PerPage::count), [1, 2, 4, 6]);
    }
}
