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
//! RGB colour space, which a press separates into four-colour black. The shapes are still
//! the picture's (`render::picture`'s cell lines, cage runs, shading and killer outlines, as
//! paths of segments that SVG and PDF both write from), so a printed grid has the same
//! lines as `cagey render`'s.
//!
//! Sizes are chosen for print, not scaled from the picture: clues are never under
//! [`CLUE_MIN`] (7 pt, what newspapers use) and digits never under [`DIGIT_MIN`] (9 pt), so
//! the number of puzzles a page holds follows from the grid's size ([`largest_per_page`]).
//! Only a clue too long for its cell is set smaller, to [`LONG_CLUE_MIN`] on one line or
//! [`STACKED_CLUE_MIN`] on two, and never over a thick line or another clue (`draw`'s
//! long-clue rule).
//!
//! A `Book` is written as it goes: each page's content is compressed as soon as the page
//! is full, and only the finished PDF's bytes are kept until it is finished. The output is
//! the same, byte for byte, for the same puzzles and options: it holds no date and no random
//! identifier. A booklet written to PDF/X-4 ([`PdfX`]) holds both, as the standard requires,
//! but its date is the caller's and its identifier a hash of its bytes: the same puzzles,
//! options and date still give the same bytes.
//!
//! The `Book` is the crate's own: a booklet is asked for with [`crate::booklet`], the one
//! request that `cagey print` and Python's `print_pdf` make, which proves each puzzle and
//! decides what its caption and the answer key say. Here are the paper sizes, the layouts
//! and the drawing.
//!
//! The files: `layout` (paper, margins, how many a page, cell sizes: arithmetic only),
//! `embedded_font` (text as glyphs of the bundled font, and the font's subset), `draw` (one
//! grid into a page's content), `book` (the document: pages, headings, page numbers;
//! `book/front` the pages before the puzzles: title page, rules, contents), and for PDF/X
//! `pdfx` (the OutputIntent, XMP metadata, dates and IDs) and `icc` (its grey output
//! profile).

mod book;
mod draw;
mod embedded_font;
mod icc;
mod layout;
mod pdfx;

pub(crate) use book::{
    check_text, Answer, Book, Caption, ContentsLine, Example, Options, TextPage, TitlePage,
};
pub use draw::{LONG_CLUE_MIN, STACKED_CLUE_MIN};
pub(crate) use layout::per_page_for;
pub use layout::{
    largest_per_page, Paper, PerPage, CLUE_MIN, DIGIT_MIN, HEADING_MAX_LINES, MARGIN, MAX_BLEED_MM,
    MAX_GUTTER_MM, MIN_PUZZLE_CELL,
};
pub use pdfx::{creation_time, PdfX, PdfXVersion, LATEST_CREATED, UNTITLED};
