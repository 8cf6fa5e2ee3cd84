//! The bundled font, DejaVu Sans, and its glyph outlines and widths.
//!
//! Pictures draw their text as outlines taken from this font rather than as SVG `<text>`,
//! so that they look the same on every machine whatever fonts it has, and so that turning
//! them into PNG needs no font machinery at all. `<text>` naming a font was the first idea;
//! it was dropped because a viewer without DejaVu Sans silently substitutes another font,
//! whose wider digits can overrun a cell. The font's licence is beside it, in
//! `assets/fonts/LICENSE-DejaVu.txt`.

use std::fmt::Write;
use std::sync::OnceLock;

use ttf_parser::{Face, GlyphId, OutlineBuilder};

/// DejaVu Sans 2.37 (Bitstream Vera licence: free to embed and redistribute).
const DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Cap height in em when a font does not state its own: DejaVu's is 0.729.
const FALLBACK_CAP_HEIGHT: f64 = 0.729;

/// The bundled font, parsed once.
pub(crate) struct Font {
    face: Face<'static>,
    units_per_em: f64,
}

impl Font {
    /// The bundled font.
    pub(crate) fn bundled() -> &'static Font {
        static FONT: OnceLock<Font> = OnceLock::new();
        FONT.get_or_init(|| {
            let face = Face::parse(DEJAVU_SANS, 0).expect("the bundled font parses");
            let units_per_em = f64::from(face.units_per_em());
            Font { face, units_per_em }
        })
    }

    /// The font file's bytes, for embedding it in a PDF.
    #[cfg(feature = "pdf")]
    pub(crate) fn data(&self) -> &'static [u8] {
        DEJAVU_SANS
    }

    /// The parsed face, for the metrics a PDF font descriptor states.
    #[cfg(feature = "pdf")]
    pub(crate) fn face(&self) -> &Face<'static> {
        &self.face
    }

    /// Font units per em: glyph outlines are in these units.
    pub(crate) fn units_per_em(&self) -> f64 {
        self.units_per_em
    }

    /// The height of capitals and digits, in em.
    pub(crate) fn cap_height(&self) -> f64 {
        self.face
            .capital_height()
            .map_or(FALLBACK_CAP_HEIGHT, |h| f64::from(h) / self.units_per_em)
    }

    /// The glyph drawing `ch` (the font's "missing" glyph if it has none).
    pub(crate) fn glyph(&self, ch: char) -> GlyphId {
        self.face.glyph_index(ch).unwrap_or(GlyphId(0))
    }

    /// Whether the font has a glyph for `ch` (spaces included).
    #[cfg(feature = "pdf")]
    pub(crate) fn has(&self, ch: char) -> bool {
        self.face.glyph_index(ch).is_some()
    }

    /// How far `ch` moves the pen, in em.
    pub(crate) fn advance(&self, ch: char) -> f64 {
        let units = self.face.glyph_hor_advance(self.glyph(ch)).unwrap_or(0);
        f64::from(units) / self.units_per_em
    }

    /// The width of `text` set on one line, in em (no kerning: digits and signs need none).
    pub(crate) fn width(&self, text: &str) -> f64 {
        text.chars().map(|ch| self.advance(ch)).sum()
    }

    /// The outline of `ch` as SVG path data in font units, y pointing down, origin on the
    /// baseline at the pen position; empty for a blank glyph.
    pub(crate) fn outline(&self, ch: char) -> String {
        let mut path = PathData(String::new());
        self.face.outline_glyph(self.glyph(ch), &mut path);
        path.0.trim_end().to_string()
    }
}

/// Collects a glyph outline as SVG path commands, flipping y (fonts point it up).
struct PathData(String);

impl OutlineBuilder for PathData {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "M{x} {} ", flip(y));
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "L{x} {} ", flip(y));
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.0, "Q{x1} {} {x} {} ", flip(y1), flip(y));
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ = write!(
            self.0,
            "C{x1} {} {x2} {} {x} {} ",
            flip(y1),
            flip(y2),
            flip(y)
        );
    }

    fn close(&mut self) {
        self.0.push_str("Z ");
    }
}

/// `y` pointing down: `0 - y` rather than `-y`, which would write `-0` on the baseline.
fn flip(y: f32) -> f32 {
    0.0 - y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_has_every_sign() {
        let font = Font::bundled();
        for ch in "0123456789+−×÷-*/".chars() {
            assert_ne!(font.glyph(ch), GlyphId(0), "{ch}");
            assert!(font.outline(ch).starts_with('M'), "{ch}");
        }
        assert!(font.outline(' ').is_empty());
        // Digits are tabular: all as wide, so numbers line up.
        let widths: Vec<f64> = ('0'..='9').map(|d| font.advance(d)).collect();
        assert!(widths.iter().all(|&w| w == widths[0] && w > 0.5 && w < 0.7));
        assert!((0.6..0.8).contains(&font.cap_height()));
    }
}
