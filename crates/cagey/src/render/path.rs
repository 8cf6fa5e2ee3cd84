//! Drawing as geometry: a [`Path`] of straight segments in the picture's units, which the
//! shapes of a grid ([`picture`](super::picture)'s cell lines, thick runs, shading and
//! killer outlines) are built as once, and which every back end writes in its own terms:
//! SVG path data in `svg`, PDF path operators in `pdf`.
//!
//! Until issue #42 the shapes were built as SVG path strings, and the PDF back end parsed
//! them back with a parser of its own, which skipped a command it did not know and read a
//! bad number as 0: a back end reading another's output, and a second place for every
//! shape's meaning. Now no text is parsed back.
//!
//! Coordinates run as the picture's: x to the right, y down, [`CELL`](super::picture::CELL)
//! units a cell.

/// One step of a [`Path`]. Lines are horizontal or vertical, as every shape of a grid is,
/// but for the long diagonals of the diagonal rule ([`Segment::Line`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Segment {
    /// Starts a subpath at (x, y).
    Move(f64, f64),
    /// A line across to `x`, at the current height.
    Across(f64),
    /// A line up or down to `y`, at the current x.
    Down(f64),
    /// A straight line to (x, y), in any direction: a diagonal.
    Line(f64, f64),
    /// A closed rectangle from its top-left corner (x, y), `width` across and `height` down,
    /// a subpath of its own.
    Rect {
        /// The left edge.
        x: f64,
        /// The top edge.
        y: f64,
        /// How far across.
        width: f64,
        /// How far down.
        height: f64,
    },
    /// Closes the subpath, back to where it started.
    Close,
}

/// A step of a path with its points resolved, as a back end that knows only moves, lines
/// and closes draws it (the PDF's, so unused without the `pdf` feature).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(not(feature = "pdf"), allow(dead_code))]
pub(crate) enum Step {
    /// Starts a subpath at the point.
    MoveTo(f64, f64),
    /// A straight line to the point.
    LineTo(f64, f64),
    /// Closes the subpath.
    Close,
}

/// Subpaths of straight segments, in drawing order.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Path {
    segments: Vec<Segment>,
}

impl Path {
    /// An empty path.
    pub(crate) fn new() -> Path {
        Path::default()
    }

    /// Starts a subpath at (x, y).
    pub(crate) fn move_to(&mut self, x: f64, y: f64) {
        self.segments.push(Segment::Move(x, y));
    }

    /// A line across to `x`.
    pub(crate) fn across_to(&mut self, x: f64) {
        self.segments.push(Segment::Across(x));
    }

    /// A line up or down to `y`.
    pub(crate) fn down_to(&mut self, y: f64) {
        self.segments.push(Segment::Down(y));
    }

    /// A straight line to (x, y).
    pub(crate) fn line_to(&mut self, x: f64, y: f64) {
        self.segments.push(Segment::Line(x, y));
    }

    /// A closed rectangle, its top-left corner at (x, y).
    pub(crate) fn rect(&mut self, x: f64, y: f64, width: f64, height: f64) {
        self.segments.push(Segment::Rect {
            x,
            y,
            width,
            height,
        });
    }

    /// Closes the subpath.
    pub(crate) fn close(&mut self) {
        self.segments.push(Segment::Close);
    }

    /// Whether the path draws nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The segments, in order.
    pub(crate) fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The path as moves, lines to points and closes: a line across or down ends at the
    /// point it reaches from the one before, and a rectangle is a move, three lines and a
    /// close (clockwise on screen, from its top-left corner).
    #[cfg_attr(not(feature = "pdf"), allow(dead_code))]
    pub(crate) fn steps(&self) -> Vec<Step> {
        let mut steps = Vec::with_capacity(self.segments.len());
        let (mut at, mut start) = ((0.0, 0.0), (0.0, 0.0));
        for &segment in &self.segments {
            match segment {
                Segment::Move(x, y) => {
                    (at, start) = ((x, y), (x, y));
                    steps.push(Step::MoveTo(x, y));
                }
                Segment::Across(x) => {
                    at.0 = x;
                    steps.push(Step::LineTo(at.0, at.1));
                }
                Segment::Down(y) => {
                    at.1 = y;
                    steps.push(Step::LineTo(at.0, at.1));
                }
                Segment::Line(x, y) => {
                    at = (x, y);
                    steps.push(Step::LineTo(x, y));
                }
                Segment::Rect {
                    x,
                    y,
                    width,
                    height,
                } => {
                    steps.extend([
                        Step::MoveTo(x, y),
                        Step::LineTo(x + width, y),
                        Step::LineTo(x + width, y + height),
                        Step::LineTo(x, y + height),
                        Step::Close,
                    ]);
                    (at, start) = ((x, y), (x, y));
                }
                Segment::Close => {
                    at = start;
                    steps.push(Step::Close);
                }
            }
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_across_and_down_end_where_they_reach_from_the_point_before() {
        let mut path = Path::new();
        assert!(path.is_empty());
        path.move_to(10.0, 10.0);
        path.across_to(110.0);
        path.down_to(-5.0);
        path.close();
        path.down_to(40.0);
        path.rect(20.0, 30.0, 200.0, 100.0);
        assert_eq!(
            path.steps(),
            [
                Step::MoveTo(10.0, 10.0),
                Step::LineTo(110.0, 10.0),
                Step::LineTo(110.0, -5.0),
                Step::Close,
                // After a close, the next line starts where the subpath did.
                Step::LineTo(10.0, 40.0),
                Step::MoveTo(20.0, 30.0),
                Step::LineTo(220.0, 30.0),
                Step::LineTo(220.0, 130.0),
                Step::LineTo(20.0, 130.0),
                Step::Close,
            ]
        );
        assert_eq!(path.segments().len(), 6);
    }
}
