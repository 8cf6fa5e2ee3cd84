//! The bundled font in the PDF: each text's characters as glyph numbers of an Identity-H
//! Type 0 font, the lines of text set with them, and at the end the font itself, embedded
//! as a subset of the glyphs used, their widths, and a map back to the characters, which
//! makes the text searchable and readable by screen readers.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};
use subsetter::GlyphRemapper;
use ttf_parser::GlyphId;

use super::super::font::Font;
use super::super::RenderError;

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
pub(super) const DEFLATE_LEVEL: u8 = 6;

/// The glyphs used by the booklet's text, numbered in the order first used, which is how
/// the embedded subset numbers them.
#[derive(Default)]
pub(super) struct Glyphs {
    remapper: GlyphRemapper,
    /// The character each new glyph number stands for, for copying and searching text.
    chars: BTreeMap<u16, char>,
}

impl Glyphs {
    /// `text` as the two-byte glyph numbers an Identity-H font shows.
    ///
    /// Fails, naming the character and `what` the text is, if the font cannot draw one:
    /// the missing-glyph box it would print instead copies out as the wrong character.
    pub(super) fn encode(&mut self, text: &str, what: &str) -> Result<Vec<u8>, RenderError> {
        let font = Font::bundled();
        let mut bytes = Vec::with_capacity(2 * text.len());
        for ch in text.chars() {
            // The font has Hebrew and Arabic letters, but text is set a glyph at a time,
            // left to right, with no shaping: such a title would print reversed and, in
            // Arabic, with its letters unjoined. Refused rather than printed wrong.
            if right_to_left(ch) {
                return Err(RenderError::RightToLeft {
                    what: what.to_string(),
                    ch,
                });
            }
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

    /// Sets one line of text in the bundled font.
    pub(super) fn set(
        &mut self,
        content: &mut Content,
        text: &Text<'_>,
    ) -> Result<(), RenderError> {
        let glyphs = self.encode(text.text, text.what)?;
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

    /// Writes the bundled font as `font_ref`, a Type 0 font of the glyphs the text used:
    /// its subset, their widths, and the map back to characters that makes the text
    /// searchable. Its other objects take the numbers from `next` on.
    pub(super) fn write(
        &self,
        pdf: &mut Pdf,
        font_ref: Ref,
        next: &mut Ref,
    ) -> Result<(), RenderError> {
        let font = Font::bundled();
        let face = font.face();
        let per_em = 1000.0 / font.units_per_em() as f32;
        let cid_font = next.bump();
        let descriptor = next.bump();
        let to_unicode = next.bump();
        let file = next.bump();

        pdf.type0_font(font_ref)
            .base_font(Name(FONT_NAME))
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid_font)
            .to_unicode(to_unicode);

        let mut cid = pdf.cid_font(cid_font);
        cid.subtype(CidFontType::Type2)
            .base_font(Name(FONT_NAME))
            .system_info(IDENTITY)
            .font_descriptor(descriptor)
            .default_width(0.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let widths: Vec<f32> = self
            .remapper
            .remapped_gids()
            .map(|old| f32::from(face.glyph_hor_advance(GlyphId(old)).unwrap_or(0)) * per_em)
            .collect();
        cid.widths().consecutive(0, widths);
        cid.finish();

        let bbox = face.global_bounding_box();
        let scaled = |units: i16| f32::from(units) * per_em;
        pdf.font_descriptor(descriptor)
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
        for (&glyph, &ch) in &self.chars {
            cmap.pair(glyph, ch);
        }
        pdf.cmap(to_unicode, &cmap.finish());

        let subset = subsetter::subset(font.data(), 0, &self.remapper)
            .map_err(|error| RenderError::Pdf(format!("cannot subset the font: {error}")))?;
        let bytes = miniz_oxide::deflate::compress_to_vec_zlib(&subset, DEFLATE_LEVEL);
        pdf.stream(file, &bytes).filter(Filter::FlateDecode);
        Ok(())
    }
}

/// A line of text to set: where, how large, and how condensed.
pub(super) struct Text<'a> {
    pub(super) text: &'a str,
    /// Whose text, for the error if the font lacks a character.
    pub(super) what: &'a str,
    pub(super) size: f32,
    /// Horizontal scale in percent.
    pub(super) scale: f32,
    pub(super) x: f32,
    pub(super) baseline: f32,
}

/// Whether `ch` belongs to a script written right to left (Hebrew, Arabic, Syriac, Thaana,
/// N'Ko, Samaritan, Mandaic, and their presentation forms), which needs a shaper and
/// bidirectional layout that the booklet does not have.
fn right_to_left(ch: char) -> bool {
    matches!(
        u32::from(ch),
        0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF
    )
}
