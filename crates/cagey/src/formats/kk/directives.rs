//! The directive comments of a kk puzzle (`# boxes 2x3`, `# regions ...`, `# killer`,
//! `# size 9`, `# multi-cell`, `# diagonals`, `# givens 14=3`): read from its comment lines and gathered
//! into the [`Rules`] its cages are built under. Ordinary comments are left alone.

use crate::formats::lines::excerpt;
use crate::model::Options;

/// How the regions were given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum RegionSpec {
    /// `# boxes`: the standard boxes of the size.
    Standard,
    /// `# boxes RxC`.
    Boxes(usize, usize),
    /// `# regions ...`: a region per cell.
    Jigsaw(Vec<u8>),
}

/// One directive line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Directive {
    Regions(RegionSpec),
    Size(usize),
    Killer,
    MultiCell,
    Diagonals,
    Givens(Vec<(usize, u8)>),
}

/// The rules the directives of one puzzle set, with the line each came from.
#[derive(Default)]
pub(super) struct Rules {
    pub(super) regions: Option<(usize, RegionSpec)>,
    pub(super) size: Option<(usize, usize)>,
    pub(super) options: Options,
    pub(super) givens: Vec<(usize, usize, u8)>,
}

impl Rules {
    pub(super) fn apply(&mut self, directive: Directive, line: usize) {
        match directive {
            Directive::Regions(spec) => self.regions = Some((line, spec)),
            Directive::Size(size) => self.size = Some((line, size)),
            Directive::Killer => self.options.killer = true,
            Directive::MultiCell => self.options.multi_cell = true,
            Directive::Diagonals => self.options.diagonals = true,
            Directive::Givens(givens) => self
                .givens
                .extend(givens.into_iter().map(|(cell, digit)| (line, cell, digit))),
        }
    }
}

/// Reads a comment as a directive: `None` for an ordinary comment, `Some(Err)` for a
/// directive word followed by something it cannot read.
pub(super) fn directive(comment: &str) -> Option<Result<Directive, String>> {
    let mut words = comment.split_whitespace();
    let word = words.next()?;
    // Most comments are `key=value` notes (`id=`, `solution=`), which no directive's name
    // is: they go before the rest of their words are gathered.
    if word.contains('=') {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    match (word, rest.as_slice()) {
        ("killer", []) => Some(Ok(Directive::Killer)),
        ("multi-cell", []) => Some(Ok(Directive::MultiCell)),
        ("diagonals", []) => Some(Ok(Directive::Diagonals)),
        ("size", [side]) => Some(side.parse().map(Directive::Size).map_err(|_| {
            format!(
                "`# size {}`: expected the grid side, e.g. `# size 9`",
                excerpt(side)
            )
        })),
        ("boxes", []) => Some(Ok(Directive::Regions(RegionSpec::Standard))),
        ("boxes", [shape]) => Some(
            shape
                .split_once(['x', 'X'])
                .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
                .filter(|&(r, c): &(usize, usize)| r > 0 && c > 0)
                .map(|(r, c)| Directive::Regions(RegionSpec::Boxes(r, c)))
                .ok_or_else(|| {
                    format!(
                        "`# boxes {}`: expected a shape such as 2x3 (rows x columns)",
                        excerpt(shape)
                    )
                }),
        ),
        ("regions", [map]) => Some(
            map.chars()
                .map(|c| c.to_digit(36).map(|d| d as u8))
                .collect::<Option<Vec<u8>>>()
                .map(|regions| Directive::Regions(RegionSpec::Jigsaw(regions)))
                .ok_or_else(|| {
                    "`# regions`: expected one region per cell, 0-9 then a-v, row by row"
                        .to_string()
                }),
        ),
        ("givens", pairs) if !pairs.is_empty() => Some(
            pairs
                .iter()
                .map(|pair| {
                    pair.split_once('=')
                        .and_then(|(c, d)| Some((c.parse().ok()?, d.parse().ok()?)))
                        .ok_or_else(|| {
                            format!(
                                "`# givens`: {:?} should be CELL=DIGIT, e.g. 14=3",
                                excerpt(pair)
                            )
                        })
                })
                .collect::<Result<Vec<_>, String>>()
                .map(Directive::Givens),
        ),
        _ => None,
    }
}
