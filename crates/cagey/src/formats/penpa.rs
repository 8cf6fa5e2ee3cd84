//! Penpa+ links holding a Killer Sudoku: `…/penpa-edit/#m=solve&p=<P>` (read only).
//!
//! `<P>` is base64 of raw DEFLATE; inflated, it is lines of text (learnt from
//! lisudoku/sudoku_formats' Penpa decoder):
//!
//! - line 1: `sudoku,<cols>,<rows>,<cell size>,…`, with the diagonals flags at fields 12
//!   and 15; `<cols>` and `<rows>` are the board's, margins included;
//! - line 2: the margins, `[top, bottom, left, right]`: rows and columns of white space
//!   around the grid for outside clues, so that the grid is `cols - left - right` wide and
//!   `rows - top - bottom` high (a 9x9 with a row above and a column left of it for clues is
//!   `10,10` with margins `[1, 0, 1, 0]`);
//! - line 4: the question layer as JSON with its names shortened (`z6` killercages, `z1`
//!   numberS, `zN` number, `zO` null, …).
//!
//! Penpa numbers every point of the board padded by two on every side; a grid cell's index
//! (row and column of the grid, from 0; `cols` the board's) is
//!
//! ```text
//!   index = (row + 2 + top) * (cols + 4) + col + 2 + left
//!
//!   cols = 10, margins [1, 0, 1, 0]:    . . . . . . . . . . . . . .    padding (2)
//!                                       . . . . . . . . . . . . . .
//!                                       . . m m m m m m m m m m . .    margin row (top)
//!                                       . . m g g g g g g g g g . .    r1c1 at index
//!                                            ^ margin column (left)    (0+2+1)*14 + 0+2+1
//! ```
//!
//! `killercages` lists each cage's cell indices. A cage's sum is small text (`numberS`) in a
//! corner of one of its cells, keyed `4 * (index + (rows + 4) * (cols + 4)) + corner`;
//! `number` holds the givens, keyed by cell index. Penpa has no arithmetic cage, so only
//! killers are read; a puzzle with thermometers, arrows, symbols, lines in cells, numbers
//! in the margins (outside clues) or one diagonal alone is refused by name; both diagonals
//! (the sudoku flags at fields 12 and 15) are the diagonal rule, Killer X. Regions are the
//! standard boxes (Penpa's sudoku grids).

use base64::Engine as _;
use miniz_oxide::inflate::TINFLStatus;
use serde_json::Value;
use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::lines::excerpt;
use super::link_text::{self, LinkLimit, MAX_UNPACKED};
use super::write_error::WriteError;
use crate::model::{
    Cage, Cell, Diagonal, Operation, Options, Puzzle, PuzzleError, Regions, MAX_SIZE,
};

/// The widest margin read around the grid, in cells: Penpa's editor offers a few.
const MAX_MARGIN: usize = 64;

/// Penpa's short names in the question layer, and the names they stand for.
const SHORT_NAMES: [(&str, &str); 30] = [
    ("z9", "\"qa\""),
    ("zQ", "\"pu_q\""),
    ("zA", "\"pu_a\""),
    ("zG", "\"grid\""),
    ("zM", "\"edit_mode\""),
    ("zS", "\"surface\""),
    ("zL", "\"line\""),
    ("zE", "\"lineE\""),
    ("zW", "\"wall\""),
    ("zC", "\"cage\""),
    ("zN", "\"number\""),
    ("zY", "\"symbol\""),
    ("zP", "\"special\""),
    ("zB", "\"board\""),
    ("zR", "\"command_redo\""),
    ("zU", "\"command_undo\""),
    ("z8", "\"command_replay\""),
    ("z1", "\"numberS\""),
    ("zF", "\"freeline\""),
    ("z2", "\"freelineE\""),
    ("zT", "\"thermo\""),
    ("z3", "\"arrows\""),
    ("zD", "\"direction\""),
    ("z0", "\"squareframe\""),
    ("z5", "\"polygon\""),
    ("z4", "\"deletelineE\""),
    ("z6", "\"killercages\""),
    ("z7", "\"nobulbthermo\""),
    ("z_", "\"__a\""),
    ("zO", "null"),
];

/// Question-layer fields that are rules cagey does not have, with their names for people.
const UNSUPPORTED: [(&str, &str); 9] = [
    ("thermo", "thermometers"),
    ("nobulbthermo", "thermometers"),
    ("arrows", "arrows"),
    ("symbol", "symbols (circles, dots, …)"),
    ("line", "lines in cells"),
    ("freeline", "free lines"),
    ("direction", "direction marks"),
    ("squareframe", "square frames"),
    ("polygon", "polygons"),
];

/// What is wrong with a Penpa+ link.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PenpaError {
    /// No link at all.
    #[error("no Penpa+ link found")]
    Empty,
    /// No `p=` parameter.
    #[error("the address has no p= parameter holding the puzzle")]
    NoPayload,
    /// The payload does not unpack.
    #[error("the p= payload does not unpack: {reason}")]
    Unpack {
        /// Why.
        reason: String,
    },
    /// The payload is too long, or inflates to too much.
    #[error("{0}")]
    Limit(LinkLimit),
    /// The text is not a Penpa sudoku.
    #[error("line {line}: {reason}")]
    Shape {
        /// The line of the inflated text, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// Rules cagey does not have.
    #[error("the puzzle has {}, which cagey cannot solve (it reads Killer cages and givens from Penpa+)", names.join(", "))]
    Unsupported {
        /// What the puzzle has.
        names: Vec<String>,
    },
    /// A cage without a sum.
    #[error("the killer cage at r{row}c{col} has no sum in a corner of its cells; cagey needs the sum of every cage")]
    NoSum {
        /// Row from 1.
        row: usize,
        /// Column from 1.
        col: usize,
    },
    /// The cages do not make a valid puzzle.
    #[error("{0}")]
    Puzzle(PuzzleError),
}

/// Whether `line` looks like a Penpa+ link.
pub fn looks_like(line: &str) -> bool {
    line.contains("penpa-edit")
}

/// The format as the line-by-line readers see it: one link per line.
pub(crate) struct Lines;

impl super::lines::OnePerLine for Lines {
    type Error = PenpaError;

    fn parse_line(line: &str, options: Options) -> Result<Entry, PenpaError> {
        parse_with(line, options)
    }

    fn empty() -> PenpaError {
        PenpaError::Empty
    }
}

/// Parses one Penpa+ link (or its bare `p=` payload).
pub fn parse(link: &str) -> Result<Entry, PenpaError> {
    parse_with(link, Options::default())
}

/// Base64 of raw DEFLATE, unpacked to text of at most [`MAX_UNPACKED`] bytes.
///
/// miniz_oxide's inflater writes into one buffer, grown as needed up to the limit and
/// stopped there (`HasMoreOutput`): memory and time linear in the output, as for lz-string.
fn inflate(payload: &str) -> Result<String, PenpaError> {
    let unpack = |reason: String| PenpaError::Unpack { reason };
    link_text::check_length(payload).map_err(PenpaError::Limit)?;
    let payload = link_text::clean_payload(payload);
    let payload = payload.trim_end_matches('=');
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(payload)
        .map_err(|e| unpack(format!("not base64 ({e})")))?;
    let inflated = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_UNPACKED)
        .map_err(|e| match e.status {
            TINFLStatus::HasMoreOutput => PenpaError::Limit(LinkLimit::Unpacked),
            status => unpack(format!("not DEFLATE data ({status:?})")),
        })?;
    String::from_utf8(inflated).map_err(|_| unpack("the inflated data is not text".into()))
}

fn parse_with(link: &str, options: Options) -> Result<Entry, PenpaError> {
    let link = link.trim();
    if link.is_empty() {
        return Err(PenpaError::Empty);
    }
    let payload = if link.contains("penpa-edit") || link.contains("://") {
        link_text::query_value(link, "p").ok_or(PenpaError::NoPayload)?
    } else {
        link
    };
    let text = inflate(payload)?;
    let lines: Vec<&str> = text.split('\n').collect();
    let shape = |line: usize, reason: String| PenpaError::Shape { line, reason };
    let header: Vec<&str> = lines[0].split(',').collect();
    if !matches!(header[0], "sudoku" | "square") {
        return Err(shape(
            1,
            format!(
                "the grid is {:?}; cagey reads Penpa's sudoku and square grids",
                excerpt(header[0])
            ),
        ));
    }
    let number = |i: usize| header.get(i).and_then(|t| t.trim().parse::<usize>().ok());
    let (Some(cols), Some(rows)) = (number(1), number(2)) else {
        return Err(shape(1, "expected sudoku,<cols>,<rows>,…".into()));
    };
    let space: Vec<usize> = lines
        .get(1)
        .and_then(|l| serde_json::from_str(l).ok())
        .filter(|s: &Vec<usize>| s.len() == 4)
        .ok_or_else(|| shape(2, "expected the margins [top, bottom, left, right]".into()))?;
    // Margins are a few cells at most; a larger number is not Penpa's, and would overflow
    // the index arithmetic below (as would a board far past the largest grid).
    if space.iter().any(|&m| m > MAX_MARGIN) {
        return Err(shape(
            2,
            format!("margins {space:?}: more than {MAX_MARGIN} cells"),
        ));
    }
    let (top, bottom, left, right) = (space[0], space[1], space[2], space[3]);
    // The header's size counts the margins: a 9x9 with a row and a column of space for
    // outside clues is `10,10` with margins [1, 0, 1, 0].
    let (inner_cols, inner_rows) = (
        cols.checked_sub(left + right),
        rows.checked_sub(top + bottom),
    );
    let n = match (inner_cols, inner_rows) {
        (Some(c), Some(r)) if c == r && (1..=MAX_SIZE).contains(&c) => c,
        _ => {
            let inner = match (inner_cols, inner_rows) {
                (Some(c), Some(r)) => format!("a {c}x{r} grid"),
                _ => "no grid".into(),
            };
            let margins = if top + bottom + left + right > 0 {
                format!(" (a {cols}x{rows} board less margins {space:?})")
            } else {
                String::new()
            };
            return Err(shape(
                1,
                format!("{inner}{margins}: cagey reads square grids of 1 to {MAX_SIZE}"),
            ));
        }
    };
    let mut question = lines
        .get(3)
        .map(|l| l.to_string())
        .ok_or_else(|| shape(4, "the question layer is missing".into()))?;
    for (short, long) in SHORT_NAMES {
        question = question.replace(short, long);
    }
    let data: Value = serde_json::from_str(&question)
        .map_err(|e| shape(4, format!("the question layer is not JSON ({e})")))?;
    let mut names: Vec<String> = Vec::new();
    // Penpa's sudoku flags: field 12 the falling diagonal, field 15 the rising one. Both
    // are cagey's diagonal rule; one alone is a rule cagey does not have.
    let falling = number(11).unwrap_or(0) != 0;
    let rising = number(14).unwrap_or(0) != 0;
    let diagonals = falling && rising;
    if falling != rising {
        let one = if falling {
            Diagonal::Down
        } else {
            Diagonal::Up
        };
        names.push(format!(
            "{} alone (cagey's diagonal rule is both long diagonals)",
            one.name(n)
        ));
    }
    for (key, name) in UNSUPPORTED {
        let set = match data.get(key) {
            Some(Value::Array(items)) => items
                .iter()
                .any(|i| !i.is_null() && i.as_array().is_none_or(|a| !a.is_empty())),
            Some(Value::Object(map)) => !map.is_empty(),
            _ => false,
        };
        if set && !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    if !names.is_empty() {
        return Err(PenpaError::Unsupported { names });
    }
    // Penpa numbers the points of the whole board, margins included, padded by two.
    let width = cols + 4;
    let padded = (rows + 4) * width;
    let cell_of = |index: u64| -> Option<Cell> {
        let index = usize::try_from(index).ok()?;
        let r = (index / width).checked_sub(2 + top)?;
        let c = (index % width).checked_sub(2 + left)?;
        (r < n && c < n).then(|| Cell::at(r, c, n))
    };
    let index_of = |cell: Cell| (cell.row(n) + 2 + top) * width + cell.col(n) + 2 + left;
    let small = data.get("numberS").and_then(Value::as_object);
    let mut cages = Vec::new();
    for (k, cage) in data
        .get("killercages")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let Some(indices) = cage.as_array().filter(|a| !a.is_empty()) else {
            continue;
        };
        let cells: Vec<Cell> = indices
            .iter()
            .map(|i| i.as_u64().and_then(cell_of))
            .collect::<Option<_>>()
            .ok_or_else(|| {
                shape(
                    4,
                    format!("killer cage {}: a cell index outside the grid", k + 1),
                )
            })?;
        let sum = cells.iter().find_map(|&cell| {
            (0..4).find_map(|corner| {
                let key = 4 * (index_of(cell) + padded) + corner;
                let text = small?.get(&key.to_string())?.get(0)?.as_str()?;
                text.trim().parse::<u64>().ok()
            })
        });
        let Some(sum) = sum else {
            return Err(PenpaError::NoSum {
                row: cells[0].row(n) + 1,
                col: cells[0].col(n) + 1,
            });
        };
        cages.push(Cage::clued(Operation::Add, sum, cells));
    }
    let regions = Regions::standard_boxes(n).unwrap_or_default();
    let mut builder = Puzzle::builder(n)
        .corners_allowed(true)
        .cages(cages)
        .regions(regions)
        .options(options.union(Options {
            killer: true,
            diagonals,
            ..Options::default()
        }));
    // A number in a margin is an outside clue (a little killer's, a sandwich's): a rule
    // cagey does not have, so the puzzle is refused rather than solved without it.
    let in_margin = |index: usize| {
        let (r, c) = (index / width, index % width);
        (2..2 + rows).contains(&r) && (2..2 + cols).contains(&c)
    };
    if let Some(numbers) = data.get("number").and_then(Value::as_object) {
        for (key, value) in numbers {
            let Some(index) = key.parse::<u64>().ok().filter(|&k| (k as usize) < padded) else {
                continue;
            };
            let digit = value
                .get(0)
                .and_then(Value::as_str)
                .and_then(|t| t.trim().parse::<u8>().ok());
            match (cell_of(index), digit) {
                (Some(cell), Some(digit)) => builder = builder.given(cell, digit),
                (None, Some(_)) if in_margin(index as usize) => {
                    return Err(PenpaError::Unsupported {
                        names: vec!["numbers outside the grid (outside clues)".into()],
                    })
                }
                _ => {}
            }
        }
    }
    let puzzle = builder.build().map_err(PenpaError::Puzzle)?;
    Ok(Entry::new(puzzle))
}

/// Penpa+ links are read, not written: its killer layer needs cage outlines drawn edge by
/// edge, which cagey does not write.
pub fn write(_puzzle: &Puzzle) -> Result<String, WriteError> {
    Err(WriteError {
        format: Format::Penpa,
        reason: "cagey reads Penpa+ links but does not write them; write fpuzzles or sudokupad, which Penpa+ users open too".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real Penpa+ link from lisudoku/sudoku_formats' decoder test
    /// (`src/formats/penpa/decoder.spec.ts`): a 9x9 with one killer cage of sum 22, three
    /// givens, a thermometer and an arrow, and both diagonals (the diagonal rule, which
    /// cagey reads since issue #45, so it is no longer named).
    pub(crate) const LISUDOKU: &str = include_str!("../../tests/links/penpa_lisudoku.txt");

    #[test]
    fn the_lisudoku_link_unpacks_and_its_thermometer_is_named() {
        // Both of its diagonal flags are set.
        let payload = link_text::query_value(LISUDOKU.trim(), "p").unwrap();
        let header = inflate(payload).unwrap();
        let fields: Vec<&str> = header.lines().next().unwrap().split(',').collect();
        assert_ne!((fields[11], fields[14]), ("0", "0"));
        assert!(fields[11] != "0" && fields[14] != "0", "{fields:?}");
        let error = parse(LISUDOKU.trim()).unwrap_err();
        assert_eq!(
            error,
            PenpaError::Unsupported {
                names: vec![
                    "thermometers".into(),
                    "arrows".into(),
                    "symbols (circles, dots, …)".into()
                ]
            }
        );
    }

    /// The same link less its thermometer, arrow, symbols and diagonals, packed again: its
    /// killer cage (sum 22 over r3c1-r5c2) and three givens read.
    #[test]
    fn the_lisudoku_link_less_its_other_rules_reads_as_a_killer() {
        let payload = link_text::query_value(LISUDOKU.trim(), "p").unwrap();
        let text = inflate(payload).unwrap();
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let mut header: Vec<String> = lines[0].split(',').map(str::to_string).collect();
        header[11] = "0".into();
        header[14] = "0".into();
        lines[0] = header.join(",");
        let mut question: Value = {
            let mut q = lines[3].clone();
            for (short, long) in SHORT_NAMES {
                q = q.replace(short, long);
            }
            serde_json::from_str(&q).unwrap()
        };
        for key in ["thermo", "arrows"] {
            question[key] = Value::Array(Vec::new());
        }
        question["symbol"] = Value::Object(Default::default());
        lines[3] = question.to_string();
        let packed = miniz_oxide::deflate::compress_to_vec(lines.join("\n").as_bytes(), 6);
        let link = format!(
            "https://swaroopg92.github.io/penpa-edit/#m=solve&p={}",
            base64::engine::general_purpose::STANDARD.encode(packed)
        );
        let entry = parse(&link).unwrap();
        let puzzle = &entry.puzzle;
        assert!(puzzle.options().killer);
        assert_eq!(puzzle.cages().len(), 1);
        assert_eq!(puzzle.cages()[0].target(), 22);
        assert_eq!(puzzle.cages()[0].cells()[0], Cell::at(2, 0, 9));
        assert_eq!(puzzle.given(Cell::at(1, 2, 9)), Some(1));
    }

    /// Issue #45: both of Penpa's diagonal flags are the diagonal rule; one alone is
    /// refused naming its diagonal.
    #[test]
    fn both_diagonal_flags_are_the_diagonal_rule() {
        let plain = with_margins([0, 0, 0, 0], None);
        let text = inflate(link_text::query_value(&plain, "p").unwrap()).unwrap();
        let flagged = |falling: &str, rising: &str| {
            let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
            let mut header: Vec<String> = lines[0].split(',').map(str::to_string).collect();
            header[11] = falling.into();
            header[14] = rising.into();
            lines[0] = header.join(",");
            parse(&pack(&lines.join("\n")))
        };
        assert!(!flagged("0", "0").unwrap().puzzle.options().diagonals);
        assert!(flagged("1", "1").unwrap().puzzle.options().diagonals);
        assert_eq!(
            flagged("1", "0").unwrap_err(),
            PenpaError::Unsupported {
                names: vec![
                    "the diagonal r1c1-r9c9 alone (cagey's diagonal rule is both long diagonals)"
                        .into()
                ]
            }
        );
    }

    /// A Penpa link of `text`, packed as Penpa packs it.
    fn pack(text: &str) -> String {
        let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6);
        let payload = base64::engine::general_purpose::STANDARD.encode(packed);
        format!("https://x/penpa-edit/#m=solve&p={payload}")
    }

    /// A Penpa link of a 9x9 Killer on a board with `margins`: one cage of 3 over r1c1 and
    /// r1c2 (its sum in r1c1's top-left corner), a given 5 in r9c9, and a 7 at `clue`, a
    /// (row, column) of the board, margins included, if given. Built by Penpa's indexing (the
    /// module docs), as Penpa lays out a grid with space for outside clues.
    fn with_margins(margins: [usize; 4], clue: Option<(usize, usize)>) -> String {
        let [top, bottom, left, right] = margins;
        let (cols, rows) = (9 + left + right, 9 + top + bottom);
        let board = |r: usize, c: usize| (r + 2) * (cols + 4) + c + 2;
        let index = |r: usize, c: usize| board(r + top, c + left);
        let corner = 4 * (index(0, 0) + (rows + 4) * (cols + 4));
        let clue = clue.map_or(String::new(), |(r, c)| {
            format!(r#","{}":["7",1,"1"]"#, board(r, c))
        });
        let question = format!(
            r#"{{"killercages":[[{},{}]],"numberS":{{"{corner}":["3",1]}},"number":{{"{}":["5",1,"1"]{clue}}}}}"#,
            index(0, 0),
            index(0, 1),
            index(8, 8)
        );
        pack(&format!(
            "sudoku,{cols},{rows},38,0,1,1,1000,1000,1,1,0,0,0,0\n{margins:?}\n\n{question}\n"
        ))
    }

    /// Guards #45: a 9x9 with space for outside clues read as a 10x10 of 2x5 boxes, and one
    /// with margins on one side only was refused as a 9x10 grid: the margins are taken off.
    #[test]
    fn margins_for_outside_clues_are_taken_off() {
        for margins in [[1, 0, 1, 0], [1, 0, 0, 0], [0, 2, 1, 3], [0, 0, 0, 0]] {
            let entry =
                parse(&with_margins(margins, None)).unwrap_or_else(|e| panic!("{margins:?}: {e}"));
            let puzzle = &entry.puzzle;
            assert_eq!(puzzle.size(), 9, "{margins:?}");
            assert_eq!(puzzle.regions(), &Regions::Boxes { rows: 3, cols: 3 });
            assert_eq!(puzzle.cages().len(), 1);
            assert_eq!(puzzle.cages()[0].cells(), [Cell(0), Cell(1)]);
            assert_eq!(puzzle.cages()[0].target(), 3);
            assert_eq!(puzzle.given(Cell(80)), Some(5), "{margins:?}");
        }
        // A number in a margin is an outside clue: refused, not dropped.
        let error = parse(&with_margins([1, 0, 1, 0], Some((0, 4)))).unwrap_err();
        assert!(error.to_string().contains("outside clues"), "{error}");
        // Margins wider than the board, and a board that is not square less its margins.
        let error = parse(&pack("sudoku,4,4,38\n[3,2,0,0]\n\n{}\n")).unwrap_err();
        assert!(error.to_string().starts_with("line 1: no grid"), "{error}");
        let error = parse(&pack("sudoku,10,10,38\n[1,0,0,0]\n\n{}\n")).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("a 10x9 grid (a 10x10 board less margins [1, 0, 0, 0])"),
            "{error}"
        );
    }

    #[test]
    fn huge_margins_are_refused_not_overflowed() {
        let text = "sudoku,9,9,38\n[18446744073709551615,0,0,0]\n\n{}\n";
        let error = parse(&pack(text)).unwrap_err();
        assert!(error.to_string().starts_with("line 2: margins"), "{error}");
        let error = parse(&pack("hexagon,9,9\n")).unwrap_err();
        assert!(error.to_string().contains("\"hexagon\""), "{error}");
    }

    /// Guards #41: DEFLATE packs 64 MiB of zeros into 64 KB; inflating stops at the cap.
    #[test]
    fn a_payload_inflating_past_the_cap_is_refused() {
        let zeros = vec![b'0'; 64 << 20];
        let packed = miniz_oxide::deflate::compress_to_vec(&zeros, 6);
        let payload = base64::engine::general_purpose::STANDARD.encode(packed);
        let started = std::time::Instant::now();
        let error = parse(&format!("https://x/penpa-edit/#m=solve&p={payload}")).unwrap_err();
        assert_eq!(error, PenpaError::Limit(LinkLimit::Unpacked));
        assert!(started.elapsed() < std::time::Duration::from_millis(500));
        assert!(
            error.to_string().contains("unpacks to more than"),
            "{error}"
        );
        let error = parse(&format!("p={}", "A".repeat(link_text::MAX_PAYLOAD + 4))).unwrap_err();
        assert!(matches!(
            error,
            PenpaError::Limit(LinkLimit::Payload { .. })
        ));
    }

    /// #45 reported a Penpa payload inflating past 4 MiB refused as "not DEFLATE data
    /// (HasMoreOutput)": a Penpa text of 4 MiB and a byte, packed as Penpa packs it, is
    /// refused as inflating to more than the cap, and says so.
    #[test]
    fn a_payload_inflating_past_four_mebibytes_says_so() {
        let mut text = String::from("sudoku,9,9,38,0,1,1,1000,1000,1,1,0,0,0,0\n[0,0,0,0]\n\n{}\n");
        text.push_str(&" ".repeat((4 << 20) + 1 - text.len()));
        let error = parse(&pack(&text)).unwrap_err();
        assert_eq!(error, PenpaError::Limit(LinkLimit::Unpacked));
        let message = error.to_string();
        assert!(
            message.starts_with("the payload unpacks to more than 1048576 characters"),
            "{message}"
        );
        assert!(!message.contains("DEFLATE"), "{message}");
    }

    #[test]
    fn garbage_is_refused() {
        assert!(parse("https://x/penpa-edit/#m=solve&p=").is_err());
        assert!(matches!(
            parse("https://x/penpa-edit/#m=solve&p=1234"),
            Err(PenpaError::Unpack { .. })
        ));
        assert!(matches!(
            parse("https://x/penpa-edit/#m=solve"),
            Err(PenpaError::NoPayload)
        ));
    }
}
