//! Writing a puzzle as PNG: the SVG picture of [`svg`], rasterised by resvg.
//!
//! resvg is pure Rust and needs no system library; since the SVG draws its text as glyph
//! outlines, resvg is built without its text and font features, and the PNG is the same on
//! every machine, pixel for pixel.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::svg::{self, Options};
use super::{Contents, RenderError};
use crate::model::Puzzle;

/// Draws `puzzle` with `contents` as PNG bytes, a square picture of
/// [`Options::picture_size`] pixels on a white background.
///
/// Fails if `contents` does not fit the puzzle, or the size asked for is out of range.
pub fn render(
    puzzle: &Puzzle,
    contents: Contents<'_>,
    options: &Options,
) -> Result<Vec<u8>, RenderError> {
    let size = options.picture_size(puzzle)?;
    let text = svg::render(puzzle, contents, options)?;
    let tree = usvg::Tree::from_str(&text, &usvg::Options::default())
        .map_err(|error| RenderError::Png(error.to_string()))?;
    let mut pixmap = Pixmap::new(size, size)
        .ok_or_else(|| RenderError::Png(format!("cannot allocate {size}x{size} pixels")))?;
    // The SVG is already `size` pixels wide; the scale only guards against rounding.
    let scale = size as f32 / tree.size().width();
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|error| RenderError::Png(error.to_string()))
}
