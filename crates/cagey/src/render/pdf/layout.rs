//! Where everything goes on a page: the paper, the margins and bands, how many puzzles a
//! page holds of a grid's size, and how large its cells are; the answer key's grid of small
//! grids; headings wrapped to the text width. Pure arithmetic on sizes in points, no PDF.

use super::super::font::Font;
use super::super::picture::{self, CELL};
use super::super::RenderError;

/// Points (the PDF unit, 1/72 inch) per millimetre.
pub(super) const MM: f32 = 72.0 / 25.4;

/// Blank paper on every side. Office and home printers cannot print the outer 4 to 6 mm;
/// 15 mm clears all of them, leaves room to trim or bind, and is what print shops ask for
/// as a safe area.
pub const MARGIN: f32 = 15.0 * MM;

/// The largest bleed a booklet accepts, in millimetres: print shops ask for 3 mm
/// (or 1/8 inch); more than 10 is a mistake in units.
pub const MAX_BLEED_MM: f32 = 10.0;

/// The widest binding margin, in millimetres: 20 mm binds the thickest perfect-bound book.
pub const MAX_GUTTER_MM: f32 = 20.0;

/// The title on the first page and the answer key's heading: their size, line height, and
/// the most lines they may wrap to. Every page's grids are sized as if it had a heading of
/// [`HEADING_MAX_LINES`], so that the grids of the title page are as large as the others'.
pub(super) const HEADING_SIZE: f32 = 16.0;
pub(super) const HEADING_LEADING: f32 = 1.25;
/// The most lines a title (or the answer key's heading) may wrap to.
pub const HEADING_MAX_LINES: usize = 2;

/// The page number, centred under the grids in a band of its own.
pub(super) const FOOTER_SIZE: f32 = 9.0;
pub(super) const FOOTER_BAND: f32 = 2.0 * FOOTER_SIZE;
pub(super) const FOOTER_GREY: f32 = 0.35;

/// A caption's line height, as a multiple of its font size (the caption sits above its grid).
pub(super) const CAPTION_LINE: f32 = 1.6;

/// The smallest clue: newspapers set KenKen and killer clues at 7 to 8 pt; smaller is hard
/// to read for many solvers.
pub const CLUE_MIN: f32 = 7.0;

/// The smallest digit printed (answers, and the digits a puzzle gives).
pub const DIGIT_MIN: f32 = 9.0;

/// The smallest puzzle cell a layout may give: a 7-pt clue takes a third of an 8-mm cell's
/// width, and below that the solver's own digit and pencil marks no longer fit beside it.
pub const MIN_PUZZLE_CELL: f32 = 8.0 * MM;

/// Puzzles: the caption's least size, its share of a cell and its largest size, space
/// between neighbouring grids, and the largest cell. Captions grow with the grid's cells,
/// a little under the clues (whose usual size is 0.24 of a cell), from the smallest clue
/// size to 11 pt: 7 pt under a 9x9 alone on a page, whose clues are 11.6 pt, looked like a
/// footnote. 17 mm cells are what large-print puzzle books use; without the cap a 4x4
/// alone on a page would fill it with cells the size of a palm.
pub(super) const PUZZLE_CAPTION_SIZE: f32 = CLUE_MIN;
pub(super) const PUZZLE_CAPTION_SHARE: f32 = 0.22;
pub(super) const PUZZLE_CAPTION_MAX: f32 = 11.0;
pub(super) const PUZZLE_GAP: f32 = 24.0;
pub(super) const PUZZLE_MAX_CELL: f32 = 17.0 * MM;

/// How many puzzles a page holds when `--per-page` is not given, if they fit: four 9x9s
/// to an A4 or Letter page is what puzzle books print.
pub(super) const DEFAULT_PER_PAGE: PerPage = PerPage::Four;

/// Answers: captions, gaps, and cells of 16 pt (5.6 mm) with digits of [`DIGIT_MIN`], so
/// that twelve 9x9s fit an A4 page; 20-pt cells were tried first, and made the key for 500
/// 9x9s 84 pages long rather than 42. Grids of 10 and over, whose answers have two digits,
/// get 18-pt cells: in 16-pt ones a `12` came within 1.7 pt of a thick cage line. Grids
/// too wide for the page get smaller cells (15.8 pt for a 32x32 on A4), never smaller
/// digits. At most [`ANSWER_MAX_COLUMNS`] across.
pub(super) const ANSWER_CAPTION_SIZE: f32 = 8.0;
pub(super) const ANSWER_GAP: f32 = 14.0;
pub(super) const ANSWER_CELL: f32 = 16.0;
pub(super) const ANSWER_CELL_TWO_DIGITS: f32 = 18.0;
pub(super) const ANSWER_MAX_COLUMNS: usize = 5;

/// A sheet of paper: the trimmed page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// ISO A5, 148 x 210 mm: the pocket puzzle book.
    A5,
    /// US Letter, 8.5 x 11 inches.
    Letter,
    /// US Trade, 6 x 9 inches: the usual size of print-on-demand puzzle books.
    Trade,
    /// Any other size, in tenths of a millimetre, each side [`CUSTOM_MM`] long.
    Custom {
        /// Width in tenths of a millimetre.
        width: u32,
        /// Height in tenths of a millimetre.
        height: u32,
    },
}

/// The sides a custom paper size may have, in millimetres: from a pocket book's to a
/// poster's.
pub const CUSTOM_MM: std::ops::RangeInclusive<u32> = 90..=600;

impl Paper {
    /// Width and height in points (1/72 inch).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0 * MM, 297.0 * MM),
            Paper::A5 => (148.0 * MM, 210.0 * MM),
            Paper::Letter => (612.0, 792.0),
            Paper::Trade => (432.0, 648.0),
            Paper::Custom { width, height } => {
                (width as f32 / 10.0 * MM, height as f32 / 10.0 * MM)
            }
        }
    }

    /// Its name, as errors give it: `A5`, `170x240 mm`.
    pub fn name(self) -> String {
        match self {
            Paper::A4 => "A4".to_string(),
            Paper::A5 => "A5".to_string(),
            Paper::Letter => "Letter".to_string(),
            Paper::Trade => "6x9 in".to_string(),
            Paper::Custom { width, height } => {
                format!("{}x{} mm", width as f32 / 10.0, height as f32 / 10.0)
            }
        }
    }

    /// The named sizes, by the names [`Paper::from_str`](std::str::FromStr) reads.
    pub const NAMES: [(&'static str, Paper); 4] = [
        ("a4", Paper::A4),
        ("a5", Paper::A5),
        ("letter", Paper::Letter),
        ("6x9", Paper::Trade),
    ];
}

impl std::str::FromStr for Paper {
    type Err = RenderError;

    /// `a4`, `a5`, `letter` or `6x9`, in any case, or `WxH` in millimetres (`170x240`,
    /// `170.5x240mm`), each side within [`CUSTOM_MM`].
    fn from_str(text: &str) -> Result<Paper, RenderError> {
        let text = text.trim();
        if let Some((_, paper)) = Paper::NAMES
            .into_iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(text))
        {
            return Ok(paper);
        }
        let unknown = || RenderError::UnknownPaper(text.to_string());
        let millimetres = text.strip_suffix("mm").unwrap_or(text).trim();
        let (width, height) = millimetres.split_once(['x', 'X']).ok_or_else(unknown)?;
        let tenths = |side: &str| -> Result<u32, RenderError> {
            let mm: f32 = side.trim().parse().map_err(|_| unknown())?;
            let (least, most) = (*CUSTOM_MM.start() as f32, *CUSTOM_MM.end() as f32);
            if !(least..=most).contains(&mm) {
                return Err(RenderError::PaperSide(text.to_string()));
            }
            Ok((mm * 10.0).round() as u32)
        };
        Ok(Paper::Custom {
            width: tenths(width)?,
            height: tenths(height)?,
        })
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

    pub(super) fn columns_rows(self) -> (usize, usize) {
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

/// The puzzles a page a grid of side `n` is set: `asked` as a cap that each size meets as
/// it can ([`largest_per_page`]), or four (or as many as fit) when nothing is asked. A book
/// of 6x6s and 16x16s asked six to a page gets six 6x6s to a page and one 16x16.
pub(crate) fn per_page_for(paper: Paper, asked: Option<PerPage>, n: usize) -> PerPage {
    asked
        .unwrap_or(DEFAULT_PER_PAGE)
        .min(largest_per_page(paper, n))
}

/// What a page holds: puzzles so many to a page, answers, or the front matter's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Section {
    Puzzles(PerPage),
    Answers,
    Front,
}

/// How grids are set out on the pages of one section.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Layout {
    pub(super) section: Section,
    pub(super) columns: usize,
    pub(super) rows: usize,
    pub(super) gap: f32,
}

/// The height of everything above and below the grids of a page: margins, the page number,
/// and a heading of [`HEADING_MAX_LINES`] (reserved on every page, so that all pages' grids
/// are alike).
pub(super) fn grid_area(paper: Paper) -> (f32, f32) {
    let (width, height) = paper.size();
    (
        width - 2.0 * MARGIN,
        height - 2.0 * MARGIN - FOOTER_BAND - HEADING_BAND,
    )
}

/// The band at the top of every page of grids that a heading of [`HEADING_MAX_LINES`]
/// takes, with a line's space under it.
pub(super) const HEADING_BAND: f32 =
    HEADING_MAX_LINES as f32 * HEADING_LEADING * HEADING_SIZE + HEADING_SIZE;

/// The cell size, in points, of a puzzle of side `n` set `per_page` on `paper`: the
/// largest its slot gives, at most [`PUZZLE_MAX_CELL`].
pub(super) fn puzzle_cell(paper: Paper, per_page: PerPage, n: usize) -> f32 {
    let (width, height) = grid_area(paper);
    let (columns, rows) = per_page.columns_rows();
    let caption = CAPTION_LINE * PUZZLE_CAPTION_SIZE;
    let side =
        (width / columns as f32 - PUZZLE_GAP).min(height / rows as f32 - PUZZLE_GAP - caption);
    (side / picture_units(n)).min(PUZZLE_MAX_CELL)
}

/// `text` broken into lines of at most `room` em: at spaces, and inside a word only when
/// the word alone is wider than a line. A no-break space (U+00A0) keeps its neighbours on
/// one line (`1 + 2 = 3` in the rules).
pub(super) fn wrap(text: &str, room: f32) -> Vec<String> {
    let font = Font::bundled();
    let width = |s: &str| font.width(s) as f32;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let breaks = |ch: char| ch.is_whitespace() && ch != '\u{a0}';
    for word in text.split(breaks).filter(|word| !word.is_empty()) {
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

/// How the answer key is set out on `paper` when its largest grid has side `largest`, and
/// its cells' size: as many grids of [`ANSWER_CELL`] cells (or [`ANSWER_CELL_TWO_DIGITS`])
/// as fit below the heading, at most [`ANSWER_MAX_COLUMNS`] across, and at least one; a
/// grid too wide for the page at that size gets smaller cells.
pub(super) fn answer_layout(paper: Paper, largest: usize) -> (Layout, f32) {
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
/// [`picture`] lays it out.
pub(super) fn picture_units(n: usize) -> f32 {
    picture::side(n) as f32 / CELL as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MAX_SIZE;

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
    }

    #[test]
    fn headings_wrap_at_spaces_and_inside_a_word_only_when_it_must() {
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
        assert_eq!("A5".parse::<Paper>().unwrap(), Paper::A5);
        assert_eq!("6x9".parse::<Paper>().unwrap(), Paper::Trade);
        assert_eq!(
            "170x240.5mm".parse::<Paper>().unwrap(),
            Paper::Custom {
                width: 1700,
                height: 2405
            }
        );
        assert_eq!(
            "b5".parse::<Paper>().unwrap_err().to_string(),
            "\"b5\": choose a4, a5, letter, 6x9 (inches), or a width and height in mm (170x240)"
        );
        assert_eq!(
            "80x200".parse::<Paper>().unwrap_err().to_string(),
            "\"80x200\": each side of the paper must be 90 to 600 mm"
        );
        for nonsense in ["x", "170x", "NaNxNaN", "1e9x200", "-5x200"] {
            assert!(nonsense.parse::<Paper>().is_err(), "{nonsense}");
        }
    }
}
