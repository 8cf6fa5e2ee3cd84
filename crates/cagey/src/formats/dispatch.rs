//! Every format behind one call: [`parse_all`], [`write`] and their kin match on a
//! [`Format`] and hand the text to its module; [`ParseError`] wraps each module's own
//! error.

use thiserror::Error;

use super::entry::Entry;
use super::format::Format;
use super::lines::{parse_lines, shortened, PerLine};
use super::write_error::WriteError;
use super::{
    a1, detect, factors, fpuzzles, grid, json, keen, kk, long_killer, penpa, short_killer, solo,
    sudokupad, sudokuwiki,
};
use crate::model::{Grid, Options, Progress, Puzzle};

/// A text that could not be read, in whichever format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The kk format.
    #[error("kk format, {0}")]
    Kk(#[from] kk::KkError),
    /// The A1 format.
    #[error("a1 format, {0}")]
    A1(#[from] a1::A1Error),
    /// A SudokuWiki string.
    #[error("sudokuwiki format, {0}")]
    SudokuWiki(#[from] sudokuwiki::SudokuWikiError),
    /// A Keen game ID.
    #[error("keen format, {0}")]
    Keen(#[from] keen::KeenError),
    /// cagey's JSON.
    #[error("json format, {0}")]
    Json(#[from] json::JsonError),
    /// The grid of letters.
    #[error("grid format, {0}")]
    Grid(#[from] grid::GridError),
    /// An f-puzzles link.
    #[error("fpuzzles format, {0}")]
    Fpuzzles(#[from] fpuzzles::FpuzzlesError),
    /// A SudokuPad link.
    #[error("sudokupad format, {0}")]
    SudokuPad(#[from] sudokupad::SudokuPadError),
    /// A Penpa+ link.
    #[error("penpa format, {0}")]
    Penpa(#[from] penpa::PenpaError),
    /// A short killer string.
    #[error("short-killer format, {0}")]
    ShortKiller(#[from] short_killer::ShortKillerError),
    /// A long killer string.
    #[error("long-killer format, {0}")]
    LongKiller(#[from] long_killer::LongKillerError),
    /// A Solo game ID.
    #[error("solo format, {0}")]
    Solo(#[from] solo::SoloError),
    /// A puzz.link factors link.
    #[error("factors format, {0}")]
    Factors(#[from] factors::FactorsError),
}

impl ParseError {
    /// The format whose reader refused the text.
    pub fn format(&self) -> Format {
        match self {
            ParseError::Kk(_) => Format::Kk,
            ParseError::A1(_) => Format::A1,
            ParseError::SudokuWiki(_) => Format::SudokuWiki,
            ParseError::Keen(_) => Format::Keen,
            ParseError::Json(_) => Format::Json,
            ParseError::Grid(_) => Format::Grid,
            ParseError::Fpuzzles(_) => Format::Fpuzzles,
            ParseError::SudokuPad(_) => Format::SudokuPad,
            ParseError::Penpa(_) => Format::Penpa,
            ParseError::ShortKiller(_) => Format::ShortKiller,
            ParseError::LongKiller(_) => Format::LongKiller,
            ParseError::Solo(_) => Format::Solo,
            ParseError::Factors(_) => Format::Factors,
        }
    }

    /// What is wrong, without the format's name (`line 1: ...`).
    pub fn reason(&self) -> String {
        match self {
            ParseError::Kk(e) => e.to_string(),
            ParseError::A1(e) => e.to_string(),
            ParseError::SudokuWiki(e) => e.to_string(),
            ParseError::Keen(e) => e.to_string(),
            ParseError::Json(e) => e.to_string(),
            ParseError::Grid(e) => e.to_string(),
            ParseError::Fpuzzles(e) => e.to_string(),
            ParseError::SudokuPad(e) => e.to_string(),
            ParseError::Penpa(e) => e.to_string(),
            ParseError::ShortKiller(e) => e.to_string(),
            ParseError::LongKiller(e) => e.to_string(),
            ParseError::Solo(e) => e.to_string(),
            ParseError::Factors(e) => e.to_string(),
        }
    }

    /// The line the error is on, counted from 1, if it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::Kk(e) => (e.line > 0).then_some(e.line),
            ParseError::A1(e) => (e.line > 0).then_some(e.line),
            ParseError::Grid(e) => (e.line > 0).then_some(e.line),
            ParseError::Json(e) => e.line,
            ParseError::SudokuWiki(_)
            | ParseError::Keen(_)
            | ParseError::Fpuzzles(_)
            | ParseError::SudokuPad(_)
            | ParseError::Penpa(_)
            | ParseError::ShortKiller(_)
            | ParseError::LongKiller(_)
            | ParseError::Solo(_)
            | ParseError::Factors(_) => None,
        }
    }
}

/// Parses every puzzle of `text` in `format`, in order; one bad puzzle does not hide the
/// next where the format has several puzzles to a text.
pub fn parse_all(format: Format, text: &str) -> Vec<Result<Entry, ParseError>> {
    parse_all_with(format, text, Options::default())
}

/// [`parse_all`], reading every puzzle under `options` on top of what its text states: a kk
/// puzzle as if its block began with `# killer` or `# multi-cell`, a JSON puzzle as if it
/// said `"killer": true` or `"multi_cell": true`, and a puzzle of the other formats, which
/// have no way to state an option, with the option on.
///
/// This is how a file written before a directive existed is read under its rules:
///
/// ```
/// use cagey::formats::{parse_all, parse_all_with, Format};
/// use cagey::model::Options;
///
/// // An L of three cells divides to 2: 2 / (1 * 1).
/// let text = "2%,0 1 3\n3,2\n3,4\n2,5\n3,6\n2,7\n1,8\n";
/// let error = parse_all(Format::Kk, text).remove(0).unwrap_err();
/// assert!(error.to_string().contains("a % cage must have exactly two cells"));
///
/// let multi_cell = Options { multi_cell: true, ..Options::default() };
/// let entry = parse_all_with(Format::Kk, text, multi_cell).remove(0).unwrap();
/// assert!(entry.puzzle.options().multi_cell);
/// ```
pub fn parse_all_with(
    format: Format,
    text: &str,
    options: Options,
) -> Vec<Result<Entry, ParseError>> {
    fn wrap<E: Into<ParseError>>(results: Vec<Result<Entry, E>>) -> Vec<Result<Entry, ParseError>> {
        results.into_iter().map(|r| r.map_err(Into::into)).collect()
    }
    match format {
        Format::Kk => wrap(parse_lines::<kk::Lines>(text, options)),
        Format::A1 => wrap(parse_lines::<a1::Lines>(text, options)),
        Format::SudokuWiki => wrap(parse_lines::<PerLine<sudokuwiki::Lines>>(text, options)),
        Format::Keen => wrap(parse_lines::<PerLine<keen::Lines>>(text, options)),
        Format::Json => wrap(json::parse_all_with(text, options)),
        Format::Grid => wrap(parse_lines::<grid::Lines>(text, options)),
        Format::Fpuzzles => wrap(parse_lines::<PerLine<fpuzzles::Lines>>(text, options)),
        Format::SudokuPad | Format::SudokuPadScl => {
            wrap(parse_lines::<PerLine<sudokupad::Lines>>(text, options))
        }
        Format::Penpa => wrap(parse_lines::<PerLine<penpa::Lines>>(text, options)),
        Format::ShortKiller => wrap(parse_lines::<PerLine<short_killer::Lines>>(text, options)),
        Format::LongKiller => wrap(parse_lines::<PerLine<long_killer::Lines>>(text, options)),
        Format::Solo => wrap(parse_lines::<PerLine<solo::Lines>>(text, options)),
        Format::Factors => wrap(parse_lines::<PerLine<factors::Lines>>(text, options)),
    }
}

/// Parses the one puzzle of a line in a one-puzzle-a-line link format (see
/// [`Format::is_link`]); the streaming reader's way into them.
pub(crate) fn parse_link_line(
    format: Format,
    line: &str,
    options: Options,
) -> Option<Result<Entry, ParseError>> {
    use super::lines::OnePerLine;
    fn wrap<E: Into<ParseError>>(result: Result<Entry, E>) -> Result<Entry, ParseError> {
        result.map_err(Into::into)
    }
    Some(match format {
        Format::Fpuzzles => wrap(fpuzzles::Lines::parse_line(line, options)),
        Format::SudokuPad | Format::SudokuPadScl => {
            wrap(sudokupad::Lines::parse_line(line, options))
        }
        Format::Penpa => wrap(penpa::Lines::parse_line(line, options)),
        Format::ShortKiller => wrap(short_killer::Lines::parse_line(line, options)),
        Format::LongKiller => wrap(long_killer::Lines::parse_line(line, options)),
        Format::Solo => wrap(solo::Lines::parse_line(line, options)),
        Format::Factors => wrap(factors::Lines::parse_line(line, options)),
        _ => return None,
    })
}

/// The error of an empty input in a link format.
pub(crate) fn link_empty(format: Format) -> Option<ParseError> {
    use super::lines::OnePerLine;
    Some(match format {
        Format::Fpuzzles => fpuzzles::Lines::empty().into(),
        Format::SudokuPad | Format::SudokuPadScl => sudokupad::Lines::empty().into(),
        Format::Penpa => penpa::Lines::empty().into(),
        Format::ShortKiller => short_killer::Lines::empty().into(),
        Format::LongKiller => long_killer::Lines::empty().into(),
        Format::Solo => solo::Lines::empty().into(),
        Format::Factors => factors::Lines::empty().into(),
        _ => return None,
    })
}

/// A text no format reads: each format's refusal, the detected format's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The first error of each format with a reader of its own ([`Format::reader`]), the
    /// detected one first, then in [`Format::ALL`]'s order.
    pub errors: Vec<ParseError>,
}

impl Unreadable {
    /// The detected format's error.
    pub fn detected(&self) -> &ParseError {
        &self.errors[0]
    }
}

impl std::fmt::Display for Unreadable {
    /// The detected format's refusal as a sentence that names it as people do, then one line
    /// for each other format, by the name the command line gives it: `no format reads this
    /// text; it looks most like the SudokuWiki format, which says: ...`, then `not kk: line
    /// 1: ...`. The page made the sentence from the first `not sudokuwiki: ...` line, and
    /// said "It looks most like sudokuwiki": the library's name, not the one its menus show.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reason = |error: &ParseError| {
            let reason = error.reason();
            let first_line = reason.lines().next().unwrap_or_default();
            shortened(first_line, MAX_REASON_CHARS).into_owned()
        };
        let detected = self.detected();
        write!(
            f,
            "no format reads this text; it looks most like the {} format, which says: {}",
            detected.format().display_name(),
            reason(detected)
        )?;
        for error in &self.errors[1..] {
            write!(f, "\nnot {}: {}", error.format(), reason(error))?;
        }
        Ok(())
    }
}

impl std::error::Error for Unreadable {}

/// The longest line [`Unreadable`] gives a format's refusal: longer than any message the
/// formats word themselves (which quote the text through [`excerpt`](super::lines::excerpt)),
/// so that it cuts only a message that quotes more, such as a JSON library's.
const MAX_REASON_CHARS: usize = 400;

/// Parses every puzzle of `text` in the format detected from it ([`detect`]). When that
/// format reads no puzzle of it and detection was a guess (a grid of letters, a1, kk), in
/// the first other format that reads every puzzle of it (a guess from the first line can be
/// wrong: `hello world` looks like a row of cage names); when none does, the error says why
/// each format refused it.
///
/// When the text names its format by a signature (a link's address, JSON's `{`, a Keen ID:
/// see `detect::is_signed`), the answer is that format's, errors and all: no other format
/// reads a text that begins so, and trying twelve of them on a pasted megabyte only spent
/// time and repeated it in twelve errors.
pub fn parse_detected(text: &str) -> Result<(Format, Vec<Result<Entry, ParseError>>), Unreadable> {
    let first = detect::first_line(text);
    let detected = first.map_or(Format::Kk, detect::detect_line);
    let results = parse_all(detected, text);
    // An empty text is refused alike by every format: its own error says so.
    let signed = first.is_some_and(detect::is_signed);
    if first.is_none() || signed || results.iter().any(Result::is_ok) {
        return Ok((detected, results));
    }
    let mut errors: Vec<ParseError> = results
        .into_iter()
        .filter_map(Result::err)
        .take(1)
        .collect();
    // A format read by another's reader (`sudokupad-scl`, by `sudokupad`'s) would only
    // repeat that one's error.
    let others = Format::ALL
        .into_iter()
        .filter(|&f| f != detected && f.reader() == f);
    for format in others {
        let results = parse_all(format, text);
        match results.iter().find_map(|r| r.as_ref().err()) {
            None if !results.is_empty() => return Ok((format, results)),
            None => {}
            Some(error) => errors.push(error.clone()),
        }
    }
    Err(Unreadable { errors })
}

/// Parses a text holding exactly one puzzle, detecting its format.
pub fn parse(text: &str) -> Result<Entry, ParseError> {
    let format = detect(text);
    let mut results = parse_all(format, text).into_iter();
    results
        .next()
        .expect("every parser reports at least one result")
}

/// What a writer writes beside the puzzle itself. The default writes everything the format
/// has a place for, as `cagey convert` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// The entry's comment lines (`# seed=`, `# level=`, `# score=` and `# solution=` of a
    /// generated puzzle), in the formats that have them (kk, a1, grid). Off for a prompt:
    /// a generated puzzle's `# solution=` comment is its answer. A format's directives
    /// (kk's `# killer`) are the puzzle's rules, not comments, and are always written.
    pub comments: bool,
}

impl WriteOptions {
    /// The puzzle alone, for a person or a model to solve: no comments, so no answer.
    pub const PROMPT: WriteOptions = WriteOptions { comments: false };
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions { comments: true }
    }
}

/// Writes several entries in `format` as one document (see [`join`]); fails on the first
/// entry the format cannot hold.
pub fn write_all(format: Format, entries: &[Entry]) -> Result<String, WriteError> {
    write_all_with(format, entries, WriteOptions::default())
}

/// [`write_all`] under `options`: the one call that writes a document, with its comments
/// or without.
///
/// ```
/// use cagey::formats::{self, Entry, Format, WriteOptions};
///
/// let mut entry = Entry::new(formats::kk::parse("3+,0 1\n3+,2 3\n").unwrap());
/// entry.comments.push("solution=1221".into());
/// let text = formats::write_all(Format::Kk, std::slice::from_ref(&entry))?;
/// assert_eq!(text, "# solution=1221\n3+,0 1\n3+,2 3\n\n");
/// let prompt = formats::write_all_with(Format::Kk, &[entry], WriteOptions::PROMPT)?;
/// assert_eq!(prompt, "3+,0 1\n3+,2 3\n\n");
/// # Ok::<(), formats::WriteError>(())
/// ```
pub fn write_all_with(
    format: Format,
    entries: &[Entry],
    options: WriteOptions,
) -> Result<String, WriteError> {
    let written = entries
        .iter()
        .map(|entry| Ok((entry, write(format, entry)?)))
        .collect::<Result<Vec<_>, WriteError>>()?;
    Ok(join_with(format, &written, options))
}

/// Assembles entries already written in `format` into one document, each with its comments
/// where the format has a place for them: puzzles each followed by a blank line, one per
/// line for the string formats, and a JSON array for more than one JSON puzzle.
///
/// The blank line comes after the last puzzle too, so that two documents concatenate
/// (`cat a.kk b.kk`) into one holding the puzzles of both: a kk file without it, run into the
/// next, reads as one puzzle with its cages twice. (Writing the blank line only between
/// puzzles, as this once did, made every document a tidy file and every concatenation a
/// broken one.)
///
/// ```
/// use cagey::formats::{self, Entry, Format};
///
/// let entry = Entry::new(formats::kk::parse("3+,0 1\n3+,2 3\n").unwrap());
/// let text = formats::write_all(Format::Kk, &[entry])?;
/// assert_eq!(text, "3+,0 1\n3+,2 3\n\n");
/// let twice = formats::parse_all(Format::Kk, &text.repeat(2));
/// assert_eq!(twice.len(), 2);
/// # Ok::<(), formats::WriteError>(())
/// ```
pub fn join(format: Format, written: &[(&Entry, String)]) -> String {
    join_with(format, written, WriteOptions::default())
}

/// [`join`] under `options`: the comments left out when `options.comments` is off.
pub fn join_with(format: Format, written: &[(&Entry, String)], options: WriteOptions) -> String {
    match format {
        Format::Kk | Format::A1 | Format::Grid => written
            .iter()
            .map(|(entry, text)| {
                let comments: String = match options.comments {
                    true => entry.comments.iter().map(|c| format!("# {c}\n")).collect(),
                    false => String::new(),
                };
                format!("{comments}{text}\n")
            })
            .collect(),
        Format::SudokuWiki
        | Format::Keen
        | Format::Fpuzzles
        | Format::SudokuPad
        | Format::SudokuPadScl
        | Format::Penpa
        | Format::ShortKiller
        | Format::LongKiller
        | Format::Solo
        | Format::Factors => written.iter().map(|(_, t)| format!("{t}\n")).collect(),
        Format::Json if written.len() == 1 => written[0].1.clone(),
        Format::Json => {
            let texts: Vec<&str> = written.iter().map(|(_, t)| t.as_str()).collect();
            format!("[\n{}]\n", texts.join(",\n"))
        }
    }
}

/// Writes `puzzle` solved as `grid`, for the formats that have a place for cell values: a
/// SudokuWiki string with every cell solved, JSON with a `progress` of digits, or Keen's
/// `S…` solution string.
pub fn write_solution(format: Format, puzzle: &Puzzle, grid: &Grid) -> Result<String, WriteError> {
    let progress = Progress::from_grid(grid);
    match format {
        Format::SudokuWiki => sudokuwiki::write(puzzle, Some(&progress)).map(|s| s + "\n"),
        Format::Json => json::write(puzzle, Some(&progress)),
        Format::Keen => keen::write_solution(grid).map(|s| s + "\n").ok_or_else(|| WriteError {
            format,
            reason: "Keen's solution strings hold one digit per cell, so grids up to 9x9".into(),
        }),
        _ => Err(WriteError {
            format,
            reason: "the format has no place for cell values; a solution can be written as sudokuwiki, json or keen".into(),
        }),
    }
}

/// Writes `entry` in `format`. Comments are kept where the format has them (f-puzzles and
/// SudokuPad links, of either payload, keep `title=`, `author=`, `rules=` and `solution=`); progress is kept
/// where it has a place for it (SudokuWiki, JSON).
pub fn write(format: Format, entry: &Entry) -> Result<String, WriteError> {
    // Cages joined at corners: only the formats whose cages are lists of cells or arrows
    // hold them; the others would read them back refused, or as another puzzle.
    let holds_corners = matches!(
        format,
        Format::LongKiller
            | Format::ShortKiller
            | Format::Fpuzzles
            | Format::SudokuPad
            | Format::SudokuPadScl
    );
    if entry.puzzle.options().corner_cages && !holds_corners {
        return Err(WriteError {
            format,
            reason: "a cage of this puzzle joins at a corner, which the format has no way to state; write long-killer, short-killer, fpuzzles, sudokupad or sudokupad-scl".into(),
        });
    }
    // The diagonal rule: only the formats with a word for it keep it; the others would
    // write a plain puzzle with another answer.
    let holds_diagonals = matches!(
        format,
        Format::Kk
            | Format::Json
            | Format::Fpuzzles
            | Format::SudokuPad
            | Format::SudokuPadScl
            | Format::LongKiller
            | Format::Solo
    );
    if entry.puzzle.options().diagonals && !holds_diagonals {
        return Err(WriteError {
            format,
            reason: "this puzzle has the diagonal rule (each long diagonal holds every digit once), which the format has no way to state; write kk, json, fpuzzles, sudokupad, sudokupad-scl, long-killer or solo".into(),
        });
    }
    match format {
        Format::Kk => Ok(kk::write(&entry.puzzle)),
        Format::A1 => a1::write(&entry.puzzle),
        Format::SudokuWiki => sudokuwiki::write(&entry.puzzle, entry.progress.as_ref()),
        Format::Keen => keen::write(&entry.puzzle),
        Format::Json => json::write(&entry.puzzle, entry.progress.as_ref()),
        Format::Grid => grid::write(&entry.puzzle),
        Format::Fpuzzles => fpuzzles::write_entry(entry),
        Format::SudokuPad => sudokupad::write_entry(entry),
        Format::SudokuPadScl => sudokupad::write_scl_entry(entry),
        Format::Penpa => penpa::write(&entry.puzzle),
        Format::ShortKiller => short_killer::write(&entry.puzzle),
        Format::LongKiller => long_killer::write(&entry.puzzle),
        Format::Solo => solo::write(&entry.puzzle),
        Format::Factors => factors::write(&entry.puzzle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The crafted f-puzzles link of `tests/fixtures/` (40,000 self-extending lz-string
    /// codes).
    fn bomb() -> String {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/lz-bomb-fpuzzles.txt"
        );
        std::fs::read_to_string(path).unwrap()
    }

    /// Guards #41: a text that names its format is answered by that format alone, its
    /// error included; twelve other formats are not tried on it.
    #[test]
    fn a_signed_text_is_answered_by_its_format_alone() {
        let started = Instant::now();
        let (format, results) = parse_detected(&bomb()).unwrap();
        assert!(started.elapsed() < Duration::from_secs(1));
        assert_eq!(format, Format::Fpuzzles);
        assert!(matches!(
            results[..],
            [Err(ParseError::Fpuzzles(fpuzzles::FpuzzlesError::Limit(
                crate::formats::LinkLimit::Unpacked
            )))]
        ));
        for (text, format) in [
            ("{\"size\": 4,", Format::Json),
            ("4:a_zz,a1", Format::Keen),
            ("https://sudokupad.app/scl!!", Format::SudokuPad),
            ("https://sudokuwiki.org/?bd=K6C!!", Format::SudokuWiki),
        ] {
            let (detected, results) = parse_detected(text).unwrap();
            assert_eq!(detected, format, "{text}");
            assert!(results.iter().all(Result::is_err), "{text}");
        }
    }

    /// Guards the player review's "It looks most like sudokuwiki": a text no format reads
    /// leads with the format it looks most like, named as the page's menus name it, in a
    /// sentence; the other formats follow one a line, by their command-line names.
    #[test]
    fn an_unreadable_text_names_its_likeliest_format_as_people_do() {
        let unreadable = parse_detected("K6C12345").unwrap_err();
        let message = unreadable.to_string();
        let lines: Vec<&str> = message.lines().collect();
        assert!(
            lines[0].starts_with(
                "no format reads this text; it looks most like the SudokuWiki format, which says: "
            ),
            "{message}"
        );
        assert!(!lines[0].contains("sudokuwiki"), "{message}");
        assert_eq!(lines.len(), unreadable.errors.len(), "{message}");
        assert!(
            lines[1..].iter().all(|line| line.starts_with("not ")),
            "{message}"
        );
        assert!(
            lines.iter().any(|line| line.starts_with("not kk: ")),
            "{message}"
        );
        assert!(
            !lines
                .iter()
                .any(|line| line.starts_with("not sudokuwiki: ")),
            "{message}"
        );
        // The sentence tells every format apart by its display name.
        let mut names: Vec<&str> = Format::ALL.iter().map(|f| f.display_name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Format::ALL.len(), "{names:?}");
        let keen = parse_detected("hello world").unwrap_err().to_string();
        assert!(
            keen.starts_with("no format reads this text; it looks most like the grid format, which says: line 1: "),
            "{keen}"
        );
    }

    /// Guards #47: a prompt written without comments carries no `# solution=` (nor level,
    /// score, seed), in every format that writes comments, and still reads back as the same
    /// puzzle, its directives (`# killer`) kept.
    #[test]
    fn a_prompt_leaves_the_comments_and_so_the_answer_out() {
        let killer = crate::examples::by_name("killer").unwrap().puzzle();
        let kk0 = crate::examples::by_name("kk0").unwrap().puzzle();
        for puzzle in [kk0, killer] {
            let mut entry = Entry::new(puzzle);
            entry.comments = vec!["seed=1/0".into(), "level=easy".into(), "solution=1".into()];
            for format in [Format::Kk, Format::A1, Format::Grid] {
                let Ok(full) = write_all(format, std::slice::from_ref(&entry)) else {
                    continue; // a1 and grid hold no killer
                };
                assert!(full.contains("# solution=1"), "{format}: {full}");
                let prompt =
                    write_all_with(format, std::slice::from_ref(&entry), WriteOptions::PROMPT)
                        .unwrap();
                for word in ["seed", "level", "solution"] {
                    assert!(!prompt.contains(word), "{format}: {prompt}");
                }
                let read = parse_all(format, &prompt).remove(0).unwrap();
                assert_eq!(read.puzzle, entry.puzzle, "{format}: {prompt}");
                assert!(read.comments.is_empty(), "{format}: {prompt}");
            }
        }
    }

    /// Issue #45: every format either keeps the diagonal rule of a Killer X, read back as
    /// written, or refuses it in words that name the rule; none drops it silently. A
    /// `3x3:d:k:` string is detected as the long killer format and read as a Killer X.
    #[test]
    fn every_format_keeps_the_diagonal_rule_or_refuses_it() {
        let text = include_str!("../../tests/fixtures/killer-x.kk");
        let entry = parse_all(Format::Kk, text).remove(0).unwrap();
        assert!(entry.puzzle.options().diagonals);
        let mut kept = Vec::new();
        for format in Format::ALL {
            match write(format, &entry) {
                Ok(written) => {
                    let read = parse_all(format, &written).remove(0);
                    let read = read.unwrap_or_else(|e| panic!("{format}: {e}\n{written}"));
                    assert_eq!(read.puzzle, entry.puzzle, "{format}: {written}");
                    kept.push(format);
                }
                Err(error) => assert!(error.reason.contains("diagonal rule"), "{format}: {error}"),
            }
        }
        assert_eq!(
            kept,
            [
                Format::Kk,
                Format::Json,
                Format::Fpuzzles,
                Format::SudokuPad,
                Format::SudokuPadScl,
                Format::LongKiller,
                Format::Solo
            ]
        );
        let long = write(Format::LongKiller, &entry).unwrap();
        let (format, results) = parse_detected(&long).unwrap();
        assert_eq!(format, Format::LongKiller);
        assert!(results[0].as_ref().unwrap().puzzle.options().diagonals);
    }

    /// A guess is still checked against every other format.
    #[test]
    fn a_guess_falls_back_on_the_other_formats() {
        let unreadable = parse_detected("hello world").unwrap_err();
        // One error a reader: sudokupad-scl's links are sudokupad's to read.
        let readers = Format::ALL.iter().filter(|f| f.reader() == **f).count();
        assert_eq!(unreadable.errors.len(), readers);
        assert_eq!(readers, Format::ALL.len() - 1);
        assert_eq!(unreadable.detected().format(), Format::Grid);
        // A kk text whose first line looks like a1's size line reads as kk.
        let (format, results) = parse_detected("# 6\n1,0\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(format, Format::Kk);
        assert!(results[0].is_ok());
    }

    /// Guards #41: a megabyte of text that is no puzzle is refused in an error that quotes
    /// it briefly, however many formats are tried on it (it was once 3.1 MB, the text once
    /// per format).
    #[test]
    fn garbage_is_quoted_briefly() {
        let megabyte = 1 << 20;
        let samples = [
            "hello world ".repeat(megabyte / 12),
            format!("{},0 1", "x".repeat(megabyte)),
            format!("+ {} A1", "9".repeat(megabyte)),
            format!("https://sudokupad.app/{}", "q".repeat(megabyte)),
            format!("https://f-puzzles.com/?id={}", "q".repeat(megabyte)),
            format!("{{\"op\": \"{}\"}}", "q".repeat(megabyte)),
            format!("4:{}", "a".repeat(megabyte)),
            "é".repeat(megabyte / 2),
        ];
        for text in samples {
            let started = Instant::now();
            let message = match parse_detected(&text) {
                Ok((_, results)) => results
                    .iter()
                    .filter_map(|r| r.as_ref().err())
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
                Err(unreadable) => unreadable.to_string(),
            };
            let took = started.elapsed();
            assert!(
                message.len() < 8 * 1024,
                "{} bytes: {}",
                message.len(),
                &message[..200]
            );
            assert!(took < Duration::from_secs(2), "{took:?}: {message}");
        }
    }
}
