//! Simon Tatham's Solo killer game IDs: `3x3k:GRID,KBLOCKS,KSUMS` (and `9jk:GRID,JBLOCKS,…`
//! for a Killer Jigsaw). Learnt from `solo.c` in Simon Tatham's puzzles.
//!
//! - `PARAMS` is `<c>x<r>` (boxes of `c` rows by `r` columns; `3` alone is `3x3`) or `<n>j`
//!   (a jigsaw of side `n`), then flags: `k` killer (required here), `x` the diagonal rule
//!   (Killer X; Solo writes it before the `k`, `3x3xk`), and symmetry and difficulty (`a`,
//!   `m4`, `r2`, `dt`, `du`, …), kept as the `params=` comment.
//! - `GRID` and `KSUMS` are grids in reading order: a letter is a run of empty cells (`a` 1
//!   to `z` 26), a number a cell's value, and `_` separates two numbers. `GRID` holds the
//!   givens; `KSUMS` holds each cage's sum in one of its cells.
//! - `JBLOCKS` and `KBLOCKS` walk the walls between cells as Keen's blocks do (see
//!   [`keen`](super::keen)): the walls between horizontal neighbours in reading order, then
//!   those between vertical neighbours column by column, then one virtual wall; `_` is a
//!   wall, `a`..`y` that many absent walls and a wall, and `z` 26 absent walls and no wall, as
//!   Solo's reader counts (its writer means 25; cagey never writes a run that long).
//!
//! A random-seed ID (`3x3k#17`) is refused: only Solo's generator expands it.

use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::fpuzzles::regions_from_cells;
use super::keen::{edge_cells, groups, union};
use super::lines::excerpt;
use super::write_error::WriteError;
use crate::model::{Cage, Cell, Operation, Options, Puzzle, PuzzleError, Regions, MAX_SIZE};

/// Runs this long or longer are never written: Solo's reader and writer disagree on `z`.
const MAX_WRITTEN_RUN: usize = 25;

/// What is wrong with a Solo game ID.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SoloError {
    /// No ID at all.
    #[error("no Solo game ID found")]
    Empty,
    /// A random-seed ID.
    #[error("{id:?} is a random-seed ID: only Solo's own generator can expand it; in Solo, use Game > Specific to copy the descriptive ID")]
    SeedOnly {
        /// The ID.
        id: String,
    },
    /// Bad parameters.
    #[error("parameters {text:?}: expected <c>x<r> or <n>j followed by k, e.g. 3x3k or 9jk")]
    BadParams {
        /// The parameters.
        text: String,
    },
    /// Not a killer.
    #[error("parameters {text:?} have no k: this is a Solo sudoku without cages, not a Killer")]
    NotKiller {
        /// The parameters.
        text: String,
    },
    /// Wrong number of parts.
    #[error("the description must be {expected} separated by commas; found {found} parts")]
    Parts {
        /// What is expected.
        expected: &'static str,
        /// Parts found.
        found: usize,
    },
    /// A bad grid.
    #[error("{part}, position {position}: {reason}")]
    Grid {
        /// Which part: `givens`, `sums`, `cages`, `regions`.
        part: &'static str,
        /// Character position from 1 (0 for the whole part).
        position: usize,
        /// What is wrong.
        reason: String,
    },
    /// A cage with no sum, or two.
    #[error("the cage at r{row}c{col} has {sums} sums; each cage needs one")]
    CageSums {
        /// Row from 1.
        row: usize,
        /// Column from 1.
        col: usize,
        /// Sums found in it.
        sums: usize,
    },
    /// The cages do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

/// Parameters: box rows, box columns (0, 0 for a jigsaw), side, and the flags.
struct Params {
    rows: usize,
    cols: usize,
    n: usize,
    jigsaw: bool,
    killer: bool,
    diagonals: bool,
}

fn parse_params(text: &str) -> Option<Params> {
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let c: usize = text[..digits].parse().ok()?;
    let mut rest = &text[digits..];
    let mut r = c;
    let mut seen_r = false;
    if let Some(after) = rest.strip_prefix('x') {
        let d = after.chars().take_while(char::is_ascii_digit).count();
        if d > 0 {
            r = after[..d].parse().ok()?;
            seen_r = true;
            rest = &after[d..];
        }
    }
    let (mut jigsaw, mut killer, mut diagonals) = (false, false, false);
    let mut chars = rest.chars().peekable();
    while let Some(flag) = chars.next() {
        match flag {
            'j' => jigsaw = true,
            'k' => killer = true,
            'x' => diagonals = true,
            'a' | 'r' | 'm' | 'd' => {
                while chars
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() && !matches!(c, 'j' | 'k' | 'x'))
                {
                    chars.next();
                }
            }
            _ => return None,
        }
    }
    let n = if jigsaw && seen_r {
        c.checked_mul(r)?
    } else if jigsaw {
        c
    } else {
        c.checked_mul(r)?
    };
    (2..=MAX_SIZE).contains(&n).then_some(Params {
        rows: if jigsaw { 0 } else { c },
        cols: if jigsaw { 0 } else { r },
        n,
        jigsaw,
        killer,
        diagonals,
    })
}

/// Whether `line` looks like a Solo killer ID: parameters with `k`, which Keen's never have
/// (Keen's `9dx` is its extreme difficulty, not Solo's diagonals), before a `:` or `#`.
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    let Some(end) = line.find([':', '#']) else {
        return false;
    };
    let params = &line[..end];
    parse_params(params).is_some()
        && (params.contains('k') || params.contains('j') || params.contains('x'))
}

/// The format as the line-by-line readers see it: one ID per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = SoloError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, SoloError> {
        parse_with(line, options)
    }

    fn empty() -> SoloError {
        SoloError::Empty
    }
}

/// Parses one Solo killer game ID.
pub fn parse(id: &str) -> Result<Entry, SoloError> {
    parse_with(id, Options::default())
}

/// A grid of numbers and runs (`GRID`, `KSUMS`).
fn decode_grid(text: &str, area: usize, part: &'static str) -> Result<Vec<u64>, SoloError> {
    let error = |position: usize, reason: String| SoloError::Grid {
        part,
        position,
        reason,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut grid = Vec::with_capacity(area);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'a'..='z' => {
                grid.extend(std::iter::repeat_n(0, c as usize - 'a' as usize + 1));
                i += 1;
            }
            '_' => i += 1,
            '1'..='9' => {
                let digits = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let number: String = chars[i..i + digits].iter().collect();
                grid.push(
                    number
                        .parse()
                        .map_err(|_| error(i + 1, format!("{} is too large", excerpt(&number))))?,
                );
                i += digits;
            }
            _ => {
                return Err(error(
                    i + 1,
                    format!("unexpected {c:?}, expected a-z, _ or a number"),
                ))
            }
        }
        if grid.len() > area {
            return Err(error(i, format!("more than the {area} cells of the grid")));
        }
    }
    if grid.len() != area {
        return Err(error(
            0,
            format!("{} cells for a grid of {area}", grid.len()),
        ));
    }
    Ok(grid)
}

/// The groups of cells a block walk describes, ordered by smallest cell.
fn decode_blocks(text: &str, n: usize, part: &'static str) -> Result<Vec<Vec<Cell>>, SoloError> {
    let walls = 2 * n * (n - 1);
    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut pos = 0;
    for (i, c) in text.chars().enumerate() {
        let absent = match c {
            '_' => 0,
            'a'..='z' => c as usize - 'a' as usize + 1,
            _ => {
                return Err(SoloError::Grid {
                    part,
                    position: i + 1,
                    reason: format!("unexpected {c:?}, expected _ or a-z"),
                })
            }
        };
        for _ in 0..absent {
            if pos >= walls {
                return Err(SoloError::Grid {
                    part,
                    position: i + 1,
                    reason: "more walls than the grid has".into(),
                });
            }
            let (a, b) = edge_cells(pos, n);
            union(&mut parent, a, b);
            pos += 1;
        }
        if c != 'z' {
            pos += 1;
        }
    }
    if pos != walls + 1 {
        return Err(SoloError::Grid {
            part,
            position: 0,
            reason: format!(
                "the walk covers {pos} walls; the grid has {} with the final virtual one",
                walls + 1
            ),
        });
    }
    Ok(groups(&mut parent, n))
}

fn parse_with(id: &str, options: Options) -> Result<Entry, SoloError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(SoloError::Empty);
    }
    if id
        .find([':', '#'])
        .is_some_and(|i| id.as_bytes()[i] == b'#')
    {
        return Err(SoloError::SeedOnly { id: excerpt(id) });
    }
    let (params_text, desc) = id.split_once(':').unwrap_or((id, ""));
    let params = parse_params(params_text).ok_or_else(|| SoloError::BadParams {
        text: excerpt(params_text),
    })?;
    if !params.killer {
        return Err(SoloError::NotKiller {
            text: excerpt(params_text),
        });
    }
    let n = params.n;
    let parts: Vec<&str> = desc.split(',').collect();
    let expected = if params.jigsaw { 4 } else { 3 };
    if parts.len() != expected {
        return Err(SoloError::Parts {
            expected: if params.jigsaw {
                "GIVENS,REGIONS,CAGES,SUMS"
            } else {
                "GIVENS,CAGES,SUMS"
            },
            found: parts.len(),
        });
    }
    let givens = decode_grid(parts[0], n * n, "givens")?;
    let regions = if params.jigsaw {
        let groups = decode_blocks(parts[1], n, "regions")?;
        let mut region = vec![None; n * n];
        for (k, group) in groups.iter().enumerate() {
            for cell in group {
                region[cell.index()] = Some(k as u64);
            }
        }
        regions_from_cells(&region, n).map_err(|reason| SoloError::Grid {
            part: "regions",
            position: 0,
            reason,
        })?
    } else {
        Regions::Boxes {
            rows: params.rows,
            cols: params.cols,
        }
    };
    let groups = decode_blocks(parts[expected - 2], n, "cages")?;
    let sums = decode_grid(parts[expected - 1], n * n, "sums")?;
    let mut cages = Vec::new();
    for cells in groups {
        let found: Vec<u64> = cells
            .iter()
            .map(|c| sums[c.index()])
            .filter(|&s| s != 0)
            .collect();
        if found.len() != 1 {
            return Err(SoloError::CageSums {
                row: cells[0].row(n) + 1,
                col: cells[0].col(n) + 1,
                sums: found.len(),
            });
        }
        cages.push(Cage::clued(Operation::Add, found[0], cells));
    }
    let mut builder = Puzzle::builder(n)
        .cages(cages)
        .regions(regions)
        .options(options.union(Options {
            killer: true,
            diagonals: params.diagonals,
            ..Options::default()
        }));
    for (i, &digit) in givens.iter().enumerate() {
        if digit != 0 {
            builder = builder.given(Cell(i as u16), u8::try_from(digit).unwrap_or(u8::MAX));
        }
    }
    let puzzle = builder.build().map_err(SoloError::Puzzle)?;
    let mut entry = Entry::new(puzzle);
    if params_text.contains(['a', 'm', 'r', 'd']) {
        entry.comments.push(format!("params={params_text}"));
    }
    Ok(entry)
}

/// A grid of numbers as Solo writes it.
fn encode_grid(values: &[u64]) -> String {
    let mut out = String::new();
    let mut run = 0;
    for (i, &value) in values.iter().chain(std::iter::once(&u64::MAX)).enumerate() {
        if value == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            while run > 0 {
                let step = run.min(26);
                out.push((b'a' + step as u8 - 1) as char);
                run -= step;
            }
        } else if i > 0 && value != u64::MAX {
            out.push('_');
        }
        if value != u64::MAX {
            out.push_str(&value.to_string());
        }
    }
    out
}

/// A block walk of the groups `group_of` gives each cell; `None` if a run is too long.
fn encode_blocks(group_of: impl Fn(usize) -> Option<usize>, n: usize) -> Option<String> {
    let mut out = String::new();
    let mut run = 0;
    for edge in 0..=2 * n * (n - 1) {
        let wall = edge == 2 * n * (n - 1) || {
            let (a, b) = edge_cells(edge, n);
            group_of(a) != group_of(b) || group_of(a).is_none()
        };
        if wall {
            if run >= MAX_WRITTEN_RUN {
                return None;
            }
            out.push(if run == 0 {
                '_'
            } else {
                (b'a' + run as u8 - 1) as char
            });
            run = 0;
        } else {
            run += 1;
        }
    }
    Some(out)
}

/// Writes a Solo killer game ID: Killer Sudoku with boxes or jigsaw regions, every cell in a
/// cage.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    let refuse = |reason: String| WriteError {
        format: Format::Solo,
        reason,
    };
    let n = puzzle.size();
    if !puzzle.options().killer {
        return Err(refuse(format!(
            "Solo's cages are Killer cages, and this is a {}",
            puzzle.kind()
        )));
    }
    if puzzle.options().multi_cell {
        return Err(refuse("Solo has no multi-cell rule".into()));
    }
    if puzzle.uncovered().next().is_some() {
        return Err(refuse("Solo puts every cell in a cage".into()));
    }
    if n < 2 {
        return Err(refuse("Solo's grids are at least 2x2".into()));
    }
    let long = || {
        refuse(format!("a cage or region joins {MAX_WRITTEN_RUN} or more walls in a row, which Solo's reader misreads"))
    };
    // Solo's flags in its own order: `x` (the diagonals) before `k`.
    let flags = if puzzle.options().diagonals {
        "xk"
    } else {
        "k"
    };
    let (params, jigsaw) = match puzzle.regions() {
        Regions::Boxes { rows, cols } => (format!("{rows}x{cols}{flags}"), None),
        Regions::Jigsaw(region) => {
            let walk = encode_blocks(|cell| Some(usize::from(region[cell])), n).ok_or_else(long)?;
            (format!("{n}j{flags}"), Some(walk))
        }
        Regions::None => return Err(refuse(
            "Solo's grids have boxes or jigsaw regions, and this killer Latin square has neither"
                .into(),
        )),
    };
    let givens: Vec<u64> = puzzle
        .cells()
        .map(|cell| puzzle.given(cell).map_or(0, u64::from))
        .collect();
    let cages = encode_blocks(
        |cell| puzzle.cage_of(Cell(cell as u16)).map(|id| id.index()),
        n,
    )
    .ok_or_else(long)?;
    let mut sums = vec![0; n * n];
    for cage in puzzle.cages() {
        sums[cage.cells()[0].index()] = cage.target();
    }
    let mut parts = vec![encode_grid(&givens)];
    parts.extend(jigsaw);
    parts.push(cages);
    parts.push(encode_grid(&sums));
    Ok(format!("{params}:{}", parts.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_ids_read_back() {
        let short =
            "6<<F<<O<<F<<O<<6<<O<<6<<F<<6<<F<<O<<F<<O<<6<<O<<6<<F<<6<<F<<O<<F<<O<<6<<O<<6<<F<<";
        let puzzle = super::super::short_killer::parse(short).unwrap().puzzle;
        let id = write(&puzzle).unwrap();
        assert!(id.starts_with("3x3k:"), "{id}");
        assert_eq!(parse(&id).unwrap().puzzle, puzzle);
    }

    /// Issue #45: Solo's `x` flag is the diagonal rule, read and written (`3x3xk`, Solo's
    /// order).
    #[test]
    fn the_x_flag_is_the_diagonal_rule() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let puzzle = super::super::kk::parse(text).unwrap();
        let id = write(&puzzle).unwrap();
        assert!(id.starts_with("3x3xk:"), "{id}");
        let read = parse(&id).unwrap().puzzle;
        assert!(read.options().diagonals);
        assert_eq!(read, puzzle);
        // Flags in either order.
        let swapped = id.replacen("3x3xk", "3x3kx", 1);
        assert_eq!(parse(&swapped).unwrap().puzzle, puzzle);
    }

    #[test]
    fn grids_encode_as_solo_does() {
        assert_eq!(encode_grid(&[0, 0, 5, 12, 0]), "b5_12a");
        assert_eq!(decode_grid("b5_12a", 5, "sums").unwrap(), [0, 0, 5, 12, 0]);
    }

    #[test]
    fn keen_ids_with_an_extreme_difficulty_are_not_taken_for_solo() {
        // Keen's `x` is its extreme difficulty; only Solo has `k`.
        assert!(!looks_like("9dx:_,a1"));
        assert!(!looks_like("9dx#17"));
        assert!(looks_like("3x3k:zzzc,b,c"));
        assert!(looks_like("9jk:zzzc,b,c,d"));
    }

    #[test]
    fn bad_ids_say_what() {
        assert!(matches!(parse("3x3:a,b"), Err(SoloError::NotKiller { .. })));
        assert!(matches!(
            parse("3x3k#1234"),
            Err(SoloError::SeedOnly { .. })
        ));
        assert!(parse("3x3k:i,_,!")
            .unwrap_err()
            .to_string()
            .starts_with("givens"));
    }
}
