//! Reading puzzles one at a time from a stream: a file of millions of puzzles, or standard
//! input, in memory that does not grow with its length.
//!
//! [`parse_all`](super::dispatch::parse_all) takes a whole text; a [`Reader`] takes any [`BufRead`] and
//! yields the same entries, in the same order, with the same errors and line numbers. Both
//! drive the same line-by-line parser of each format, so they cannot drift apart: the reader
//! only adds the reading of lines and the detection of the format from the first meaningful
//! line, which it does exactly as [`detect`](super::detect::detect) does.
//!
//! A reader holds one line and one puzzle at a time (the kk format's lookahead is the cells
//! of the puzzle being read; grid holds its lines until the blank line after the legend).
//! JSON is the exception: a JSON text is one value, an object or an array, so it is read
//! whole and parsed at the end.
//!
//! What it holds is bounded whatever the input: a line is at most [`MAX_LINE_BYTES`] (the
//! rest of a longer one is never stored: reading stops with an error naming the line), a
//! JSON text at most [`MAX_JSON_BYTES`], and a run of comment and blank lines at most
//! [`MAX_COMMENT_BYTES`]. Before these, one 200 MB line took 1.87 GB and 200 MB of comment
//! lines were all held (issue #41).
//!
//! ```
//! use cagey::formats::Reader;
//!
//! let text = "3+,0 1\n1,2\n2,3\n\n3+,0 1\n2,2\n1,3\n";
//! let lines: Vec<usize> = Reader::new(text.as_bytes())
//!     .map(|entry| entry.map(|entry| entry.line))
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(lines, [1, 5]);
//! # Ok::<(), cagey::formats::ReadError>(())
//! ```

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};

use super::detect::detect_line;
use super::detect::is_meaningful;
use super::dispatch::ParseError;
use super::entry::Entry;
use super::format::Format;
use super::lines::LineParser;
use super::lines::PerLine;
use super::{a1, grid, json, keen, kk, sudokuwiki};
use crate::model::Options;

/// The longest line read, in bytes: a line of a text format is a cage or a row (a few
/// hundred bytes at 32x32), and a link is at most its payload's limit (1 MiB). Reading stops
/// at a longer line, without holding more of it than this.
pub const MAX_LINE_BYTES: usize = 2 << 20;

/// The longest JSON text read, in bytes: a JSON text is parsed whole, and this holds some
/// twenty thousand 9x9 puzzles (a 32x32 with every candidate listed is about 60 kB); a
/// larger collection reads as kk, one puzzle at a time in constant memory.
pub const MAX_JSON_BYTES: usize = 64 << 20;

/// The most comment and blank lines read in a row, in bytes: a puzzle's comments (its id,
/// solution, source, notes) are a few hundred bytes; the parsers hold them until their
/// puzzle comes out, so a longer run is refused rather than held.
pub const MAX_COMMENT_BYTES: usize = 1 << 20;

/// A puzzle that could not be read from a stream.
#[derive(Debug)]
pub enum ReadError {
    /// The puzzle's text is not a puzzle of its format. Reading goes on with the next one.
    Parse {
        /// The line the puzzle starts on, counted from 1, when there is one (an empty input
        /// or a JSON value inside an array has none).
        line: Option<usize>,
        /// What is wrong, as [`parse_all`](super::dispatch::parse_all) says it.
        error: ParseError,
    },
    /// The stream failed, or a line is not UTF-8 text. Reading stops there: the puzzle that
    /// line was part of is lost, and nothing after it is read.
    Io {
        /// The line that could not be read, counted from 1.
        line: usize,
        /// Why.
        error: io::Error,
    },
}

impl ReadError {
    /// The line of the puzzle (or of the unreadable line), counted from 1, if known.
    pub fn line(&self) -> Option<usize> {
        match self {
            ReadError::Parse { line, .. } => *line,
            ReadError::Io { line, .. } => Some(*line),
        }
    }

    /// The parse error, if that is what this is.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            ReadError::Parse { error, .. } => Some(error),
            ReadError::Io { .. } => None,
        }
    }
}

impl fmt::Display for ReadError {
    /// The parse error as the format words it; when that names no line (the string
    /// formats, or an error about a whole puzzle) it is preceded by the line the puzzle
    /// starts on, so that a bad puzzle in a long file can be found.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Parse { line, error } => match (error.line(), line) {
                (None, Some(line)) => write!(f, "line {line}: {error}"),
                _ => write!(f, "{error}"),
            },
            ReadError::Io { line, error } => write!(f, "line {line}: {error}"),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Parse { error, .. } => Some(error),
            ReadError::Io { error, .. } => Some(error),
        }
    }
}

/// Reads the puzzles of a stream one at a time, as an iterator of entries or errors.
///
/// The format is given ([`Reader::with_format`]) or detected from the first meaningful line
/// ([`Reader::new`]): blank and comment lines before it are held back until it comes. A
/// bad puzzle is an [`ReadError::Parse`] item and reading goes on; an input that cannot be
/// read is a last [`ReadError::Io`] item. Puzzle-wide options can be put in force for every
/// puzzle besides those its text states ([`Reader::with_options`]).
pub struct Reader<R> {
    input: R,
    /// The format, once known.
    format: Option<Format>,
    /// The options every puzzle is read under, besides its own.
    options: Options,
    /// The format's parser, from when the format is known to the end of the input.
    parser: Option<Parser>,
    /// Lines read before the format was known (blank and comment lines), to be given to the
    /// parser once it is: number, text, and whether it ended in `\n`.
    held: Vec<(usize, String, bool)>,
    /// Lines read so far.
    line: usize,
    /// The bytes of the line being read, kept to reuse its allocation.
    buffer: Vec<u8>,
    /// Bytes of comment and blank lines read since the last other line.
    comment_run: usize,
    /// Bytes of JSON text read.
    json_bytes: usize,
    /// Results read but not yet returned.
    ready: VecDeque<Result<Entry, ReadError>>,
    /// Whether the input has ended (or failed).
    done: bool,
}

/// The line-by-line parser of each format.
enum Parser {
    Kk(kk::Lines),
    A1(a1::Lines),
    SudokuWiki(PerLine<sudokuwiki::Lines>),
    Keen(PerLine<keen::Lines>),
    Grid(grid::Lines),
    /// JSON is one value: its text is gathered and parsed at the end.
    Json(String),
    /// A link format, one puzzle a line: the format, and whether a puzzle came out yet.
    Link(Format, bool, Options),
}

impl Parser {
    fn new(format: Format) -> Parser {
        match format {
            Format::Kk => Parser::Kk(kk::Lines::default()),
            Format::A1 => Parser::A1(a1::Lines::default()),
            Format::SudokuWiki => Parser::SudokuWiki(PerLine::default()),
            Format::Keen => Parser::Keen(PerLine::default()),
            Format::Grid => Parser::Grid(grid::Lines::default()),
            Format::Json => Parser::Json(String::new()),
            link => Parser::Link(link, false, Options::default()),
        }
    }

    /// Puts `options` in force for the puzzles that come out from now on. JSON takes them
    /// when it is parsed, at the end ([`Parser::finish`]).
    fn set_options(&mut self, options: Options) {
        match self {
            Parser::Kk(parser) => parser.set_options(options),
            Parser::A1(parser) => parser.set_options(options),
            Parser::SudokuWiki(parser) => parser.set_options(options),
            Parser::Keen(parser) => parser.set_options(options),
            Parser::Grid(parser) => parser.set_options(options),
            Parser::Json(_) => {}
            Parser::Link(_, _, set) => *set = options,
        }
    }

    /// Reads one line (without its `\n`; `newline` says whether it had one).
    fn push(
        &mut self,
        line_number: usize,
        line: &str,
        newline: bool,
    ) -> Option<Result<Entry, ReadError>> {
        match self {
            Parser::Kk(parser) => wrap(parser.push(line_number, line)),
            Parser::A1(parser) => wrap(parser.push(line_number, line)),
            Parser::SudokuWiki(parser) => wrap(parser.push(line_number, line)),
            Parser::Keen(parser) => wrap(parser.push(line_number, line)),
            Parser::Grid(parser) => wrap(parser.push(line_number, line)),
            Parser::Json(text) => {
                // Room for the line and its `\n` at once: a text of one long line would
                // otherwise double its room for the `\n` after it.
                text.reserve(line.len() + 1);
                text.push_str(line);
                if newline {
                    text.push('\n');
                }
                None
            }
            Parser::Link(format, produced, options) => {
                let trimmed = line.trim();
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    return None;
                }
                *produced = true;
                let result = super::dispatch::parse_link_line(*format, trimmed, *options)?;
                Some(
                    result
                        .map(|mut entry| {
                            entry.line = line_number;
                            entry
                        })
                        .map_err(|error| ReadError::Parse {
                            line: Some(line_number),
                            error,
                        }),
                )
            }
        }
    }

    /// Ends the input: the last puzzles (all of them for JSON, read under `options`).
    fn finish(self, options: Options) -> Vec<Result<Entry, ReadError>> {
        match self {
            Parser::Kk(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::A1(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::SudokuWiki(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::Keen(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::Grid(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::Link(format, produced, _) => match produced {
                true => Vec::new(),
                false => super::dispatch::link_empty(format)
                    .map(|error| Err(ReadError::Parse { line: None, error }))
                    .into_iter()
                    .collect(),
            },
            Parser::Json(text) => json::parse_all_with(&text, options)
                .into_iter()
                .map(|result| {
                    result.map_err(|error| ReadError::Parse {
                        line: error.line,
                        error: error.into(),
                    })
                })
                .collect(),
        }
    }
}

/// A line parser's result as the reader returns it: the puzzle's line goes into the error.
fn wrap<E: Into<ParseError>>(
    parsed: Option<(usize, Result<Entry, E>)>,
) -> Option<Result<Entry, ReadError>> {
    let (line, result) = parsed?;
    Some(result.map_err(|error| ReadError::Parse {
        line: (line > 0).then_some(line),
        error: error.into(),
    }))
}

impl<R: BufRead> Reader<R> {
    /// Reads `input`, detecting its format from the first meaningful line as
    /// [`detect`](super::detect::detect) does (the kk format if it has none).
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            format: None,
            options: Options::default(),
            parser: None,
            held: Vec::new(),
            line: 0,
            buffer: Vec::new(),
            comment_run: 0,
            json_bytes: 0,
            ready: VecDeque::new(),
            done: false,
        }
    }

    /// Reads `input` in `format`.
    pub fn with_format(input: R, format: Format) -> Reader<R> {
        Reader {
            format: Some(format),
            parser: Some(Parser::new(format)),
            ..Reader::new(input)
        }
    }

    /// Reads every puzzle under `options` besides the options its text states, as
    /// [`parse_all_with`](super::dispatch::parse_all_with) does: a kk puzzle as if its block began
    /// with `# multi-cell` (or `# killer`), a JSON puzzle as if it said so, a puzzle of the
    /// other formats with the option on. Give them before reading: a puzzle that has come
    /// out already is not read again.
    ///
    /// ```
    /// use cagey::formats::Reader;
    /// use cagey::model::Options;
    ///
    /// // An L of three cells divides to 2: 2 / (1 * 1).
    /// let text = "2%,0 1 3\n3,2\n3,4\n2,5\n3,6\n2,7\n1,8\n";
    /// let refused = Reader::new(text.as_bytes()).next().unwrap().unwrap_err();
    /// assert!(refused.to_string().contains("a % cage must have exactly two cells"));
    ///
    /// let multi_cell = Options { multi_cell: true, ..Options::default() };
    /// let mut reader = Reader::new(text.as_bytes()).with_options(multi_cell);
    /// assert!(reader.next().unwrap()?.puzzle.options().multi_cell);
    /// # Ok::<(), cagey::formats::ReadError>(())
    /// ```
    pub fn with_options(mut self, options: Options) -> Reader<R> {
        self.options = options;
        if let Some(parser) = &mut self.parser {
            parser.set_options(options);
        }
        self
    }

    /// The format being read: the one given, or the one detected; `None` while only blank
    /// and comment lines have been read, and the kk format if the input ends so.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The longest line that may be read next, whose first byte other than white space is
    /// `first` (if one has been read): a JSON text's room left, or [`MAX_LINE_BYTES`]. While
    /// the format is not known, a line that may begin a JSON text (which may be one long
    /// line) is allowed the JSON limit.
    fn line_limit(&self, first: Option<u8>) -> usize {
        match (self.format, first) {
            (Some(Format::Json), _) => MAX_JSON_BYTES.saturating_sub(self.json_bytes),
            (None, None | Some(b'{' | b'[')) => MAX_JSON_BYTES,
            _ => MAX_LINE_BYTES,
        }
    }

    /// Reads one line into the buffer, keeping at most its [`Reader::line_limit`] bytes and
    /// one more (the rest is read past, not stored). Returns the bytes the line had (0 at
    /// the end of the input), its `\n` included, whether it had one, and the limit.
    fn read_line_within(&mut self) -> io::Result<(usize, bool, usize)> {
        let mut total = 0;
        let mut first = None;
        loop {
            let limit = self.line_limit(first);
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if chunk.is_empty() {
                return Ok((total, false, limit));
            }
            let (take, ends) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (chunk.len(), false),
            };
            let room = (limit + 1).saturating_sub(self.buffer.len());
            let kept = &chunk[..take.min(room)];
            if first.is_none() {
                first = kept.iter().copied().find(|b| !b.is_ascii_whitespace());
            }
            self.buffer.extend_from_slice(kept);
            self.input.consume(take);
            total += take;
            if ends {
                return Ok((total, true, limit));
            }
        }
    }

    /// Reads one line and gives it to the parser, or ends the input.
    fn step(&mut self) {
        self.buffer.clear();
        match self.read_line_within() {
            Ok((0, _, _)) => self.end(),
            Ok((length, newline, limit)) => {
                self.line += 1;
                if self.buffer.len() > limit {
                    let length = length - usize::from(newline);
                    let json = self.format == Some(Format::Json)
                        || self.buffer.trim_ascii_start().starts_with(b"{")
                        || self.buffer.trim_ascii_start().starts_with(b"[");
                    self.fail_too_long(length, json);
                    return;
                }
                let newline = self.buffer.last() == Some(&b'\n');
                if newline {
                    self.buffer.pop();
                }
                // The line is moved out of the buffer while it is read, so that the buffer
                // can be borrowed as text beside the parser; it is put back afterwards.
                let bytes = std::mem::take(&mut self.buffer);
                match std::str::from_utf8(&bytes) {
                    Ok(line) => self.read_line(line, newline),
                    Err(error) => {
                        let message = format!(
                            "not UTF-8 text: byte {} of the line cannot be read",
                            error.valid_up_to() + 1
                        );
                        self.fail(io::Error::new(io::ErrorKind::InvalidData, message));
                    }
                }
                self.buffer = bytes;
            }
            Err(error) => {
                self.line += 1;
                self.fail(error);
            }
        }
    }

    /// Stops reading at a line of `length` bytes, longer than may be read: a JSON text
    /// past [`MAX_JSON_BYTES`] when `json`, else a line past [`MAX_LINE_BYTES`].
    fn fail_too_long(&mut self, length: usize, json: bool) {
        let message = if json {
            format!(
                "the JSON text runs past {MAX_JSON_BYTES} bytes, the most read at once; write a larger collection as kk, which is read one puzzle at a time"
            )
        } else {
            format!(
                "the line is {length} bytes long, more than the {MAX_LINE_BYTES} a line of a puzzle may take"
            )
        };
        self.fail(io::Error::new(io::ErrorKind::InvalidData, message));
    }

    fn read_line(&mut self, line: &str, newline: bool) {
        let trimmed = line.trim();
        let format = match self.format {
            Some(format) => Some(format),
            None => is_meaningful(trimmed).then(|| detect_line(trimmed)),
        };
        match format {
            Some(Format::Json) => self.json_bytes += line.len() + usize::from(newline),
            // The first meaningful line was read under the JSON limit, before its format
            // was known.
            Some(_) if line.len() > MAX_LINE_BYTES => {
                self.fail_too_long(line.len(), false);
                return;
            }
            _ => {}
        }
        if format != Some(Format::Json) && (trimmed.is_empty() || trimmed.starts_with('#')) {
            self.comment_run += line.len() + 1;
            if self.comment_run > MAX_COMMENT_BYTES {
                let message = format!(
                    "more than {MAX_COMMENT_BYTES} bytes of comment and blank lines in a row; a puzzle's comments are far shorter"
                );
                self.fail(io::Error::new(io::ErrorKind::InvalidData, message));
                return;
            }
        } else {
            self.comment_run = 0;
        }
        let parser = match &mut self.parser {
            Some(parser) => parser,
            None if is_meaningful(trimmed) => {
                let format = format.unwrap_or(Format::Kk);
                self.format = Some(format);
                let mut parser = Parser::new(format);
                parser.set_options(self.options);
                for (number, held, newline) in std::mem::take(&mut self.held) {
                    self.ready.extend(parser.push(number, &held, newline));
                }
                self.parser.insert(parser)
            }
            None => {
                self.held.push((self.line, line.to_string(), newline));
                return;
            }
        };
        self.ready.extend(parser.push(self.line, line, newline));
    }

    fn end(&mut self) {
        self.done = true;
        // No meaningful line: the held lines go to the kk format, as `detect` says.
        let format = *self.format.get_or_insert(Format::Kk);
        let options = self.options;
        let mut parser = self.parser.take().unwrap_or_else(|| {
            let mut parser = Parser::new(format);
            parser.set_options(options);
            parser
        });
        for (number, line, newline) in std::mem::take(&mut self.held) {
            self.ready.extend(parser.push(number, &line, newline));
        }
        self.ready.extend(parser.finish(options));
    }

    fn fail(&mut self, error: io::Error) {
        self.done = true;
        self.parser = None;
        self.held.clear();
        self.ready.push_back(Err(ReadError::Io {
            line: self.line,
            error,
        }));
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(result) = self.ready.pop_front() {
                return Some(result);
            }
            if self.done {
                return None;
            }
            self.step();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "# id=a\n3+,0 1\n1,2\n2,3\n\n# id=b\n3+,0 1\n2,2\n1,3\n";

    fn read(text: &str) -> Vec<Result<Entry, ReadError>> {
        Reader::new(text.as_bytes()).collect()
    }

    #[test]
    fn comments_before_the_first_puzzle_are_its_own() {
        let text = format!("\n\n# a header\n{TWO}");
        let entries: Vec<Entry> = read(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].meta("id"), Some("a"));
        assert!(entries[0].comments.contains(&"a header".to_string()));
        assert_eq!(entries[0].line, 5);
        assert_eq!(entries[1].meta("id"), Some("b"));
    }

    #[test]
    fn an_input_of_comments_only_is_one_empty_kk_error() {
        let mut reader = Reader::new("# nothing\n\n".as_bytes());
        let error = reader.next().unwrap().unwrap_err();
        assert_eq!(error.line(), None);
        assert!(error.to_string().contains("no puzzle found"), "{error}");
        assert!(reader.next().is_none());
        assert_eq!(reader.format(), Some(Format::Kk));
    }

    /// The one error of reading `input`, which must stop there.
    fn the_one_io_error(input: impl io::Read) -> String {
        let results: Vec<_> = Reader::new(io::BufReader::new(input)).collect();
        assert_eq!(results.len(), 1, "{results:?}");
        match &results[0] {
            Err(error @ ReadError::Io { .. }) => error.to_string(),
            other => panic!("expected an I/O error, found {other:?}"),
        }
    }

    #[test]
    fn a_line_past_the_limit_stops_the_reading_without_being_held() {
        use io::Read;
        // 200 MB of one line, made as it is read: the reader keeps at most its limit.
        let line = io::repeat(b'x').take(200 << 20);
        let said = the_one_io_error(line.chain(&b"\n3+,0 1\n"[..]));
        assert!(
            said.starts_with("line 1: the line is 209715200 bytes long, more than the 2097152"),
            "{said}"
        );
        // A link line of a known format past the line limit, after a good puzzle.
        let link = format!("{}\n{}\n", "N4Ig".repeat(10), "N4Ig".repeat(MAX_LINE_BYTES));
        let results: Vec<_> = Reader::with_format(link.as_bytes(), Format::Fpuzzles).collect();
        let said = results.last().unwrap().as_ref().unwrap_err().to_string();
        assert!(said.starts_with("line 2: the line is"), "{said}");
    }

    #[test]
    fn a_json_text_past_its_limit_is_refused() {
        use io::Read;
        let text = (&b"[\n"[..]).chain(io::repeat(b' ').take(MAX_JSON_BYTES as u64 + 10));
        let said = the_one_io_error(text);
        assert!(
            said.contains("the JSON text runs past 67108864 bytes"),
            "{said}"
        );
        let one_line = (&b"{\"size\": "[..]).chain(io::repeat(b'1').take(MAX_JSON_BYTES as u64));
        assert!(the_one_io_error(one_line).contains("the JSON text runs past"));
    }

    #[test]
    fn a_run_of_comments_past_its_limit_is_refused() {
        let comment = format!("{}\n", "#".repeat(100));
        let many = comment.repeat(20_000);
        let said = the_one_io_error(many.as_bytes());
        assert!(
            said.contains("more than 1048576 bytes of comment and blank lines in a row"),
            "{said}"
        );
        // Comments between puzzles count from the last puzzle line, so many short runs read.
        let mut text = String::new();
        for _ in 0..3_000 {
            text.push_str(&format!("# {}\n3+,0 1\n1,2\n2,3\n\n", "note ".repeat(100)));
        }
        assert_eq!(read(&text).iter().filter(|r| r.is_ok()).count(), 3_000);
    }

    #[test]
    fn a_kk_block_of_more_cages_than_a_grid_has_cells_is_refused() {
        let text: String = (0..5_000).map(|k| format!("1,{}\n", k % 1024)).collect();
        let results = read(&text);
        let said = results[0].as_ref().unwrap_err().to_string();
        assert!(
            said.contains("line 1025: more than 1024 cages in one puzzle"),
            "{said}"
        );
    }

    #[test]
    fn a_given_format_is_not_detected() {
        let results: Vec<_> = Reader::with_format(TWO.as_bytes(), Format::Keen).collect();
        assert_eq!(results.len(), 6, "one error per cage line");
        assert!(results.iter().all(Result::is_err));
    }

    #[test]
    fn json_keeps_its_lines_and_columns_with_crlf() {
        let text = "{\r\n  \"size\": 1,\r\n  \"cages\": [}\r\n";
        let from_reader: Vec<_> = read(text);
        let whole = super::super::dispatch::parse_all(Format::Json, text);
        let error = from_reader[0].as_ref().unwrap_err();
        assert_eq!(error.parse_error(), whole[0].as_ref().err());
        assert_eq!(error.line(), Some(3));
    }

    /// The multi-cell rules, as `--multi-cell` gives them.
    const MULTI_CELL: Options = Options {
        killer: false,
        multi_cell: true,
        corner_cages: false,
        diagonals: false,
    };

    /// A 3x3 puzzle with a three-cell division (2 / (1 * 1), an L in the top-left corner)
    /// and givens, in each format that can state it.
    const THREE_CELL_DIVISION: [(Format, &str); 4] = [
        (Format::Kk, "2%,0 1 3\n3,2\n3,4\n2,5\n3,6\n2,7\n1,8\n"),
        (
            Format::A1,
            "# 3\n/ 2 A1 A2 B1\n! 3 A3\n! 3 B2\n! 2 B3\n! 3 C1\n! 2 C2\n! 1 C3\n",
        ),
        (
            Format::Grid,
            "aab\nacd\nefg\na 2/\nb 3\nc 3\nd 2\ne 3\nf 2\ng 1\n",
        ),
        (
            Format::Json,
            r#"{"size": 3, "multi_cell": false, "cages": [
                {"op": "/", "target": 2, "cells": [[0, 0], [0, 1], [1, 0]]},
                {"op": "=", "target": 3, "cells": [[0, 2]]},
                {"op": "=", "target": 3, "cells": [[1, 1]]},
                {"op": "=", "target": 2, "cells": [[1, 2]]},
                {"op": "=", "target": 3, "cells": [[2, 0]]},
                {"op": "=", "target": 2, "cells": [[2, 1]]},
                {"op": "=", "target": 1, "cells": [[2, 2]]}]}"#,
        ),
    ];

    #[test]
    fn a_three_cell_division_is_refused_unless_the_reader_is_given_multi_cell() {
        let (_, kk) = THREE_CELL_DIVISION[0];
        let refused = read(kk).remove(0).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "kk format, line 1: cage \"2%\" has 3 cells; a % cage must have exactly two cells \
             (hint: for % over more cells, the multi-cell rules, add a `# multi-cell` line)"
        );
        let mut puzzles = Vec::new();
        for (format, text) in THREE_CELL_DIVISION {
            let refused = read(text).remove(0).unwrap_err();
            assert!(
                refused.to_string().contains("exactly two cells"),
                "{format}: {refused}"
            );
            let mut reader = Reader::new(text.as_bytes()).with_options(MULTI_CELL);
            let entry = reader.next().unwrap().unwrap();
            assert!(reader.next().is_none());
            assert_eq!(reader.format(), Some(format));
            assert!(entry.puzzle.options().multi_cell, "{format}");
            // A given format, and the whole-text parser, read the same.
            let given: Vec<_> = Reader::with_format(text.as_bytes(), format)
                .with_options(MULTI_CELL)
                .collect();
            assert_eq!(given[0].as_ref().unwrap().puzzle, entry.puzzle, "{format}");
            let whole = super::super::dispatch::parse_all_with(format, text, MULTI_CELL);
            assert_eq!(whole[0].as_ref().unwrap().puzzle, entry.puzzle, "{format}");
            puzzles.push(entry.puzzle);
        }
        assert!(puzzles.iter().all(|p| *p == puzzles[0]));
        // Written back, the rule is kept: kk states it as the directive.
        assert_eq!(
            kk::write(&puzzles[0]),
            format!("# multi-cell\n{}", THREE_CELL_DIVISION[0].1)
        );
    }

    #[test]
    fn options_given_to_the_reader_add_to_the_directives_of_each_puzzle() {
        // The directive and the option together are the same rule, and a killer puzzle
        // keeps its own rule beside the one given.
        let text = "# multi-cell\n0-,0 1 2\n1,3\n2,4\n3,5\n3,6\n1,7\n2,8\n\n\
                    # killer\n3+,0 1\n3+,2 3\n";
        let entries: Vec<Entry> = Reader::new(text.as_bytes())
            .with_options(MULTI_CELL)
            .map(Result::unwrap)
            .collect();
        assert_eq!(entries[0].puzzle.options(), MULTI_CELL);
        assert_eq!(
            entries[1].puzzle.options(),
            Options {
                killer: true,
                multi_cell: true,
                corner_cages: false,
                diagonals: false,
            }
        );
        // `0-` over three cells in the grid format, which has no directive.
        let grid = "aab\ncde\nfgh\na 0-\nb 1\nc 1\nd 2\ne 3\nf 3\ng 1\nh 2\n";
        assert!(read(grid)[0].is_err());
        let entry = Reader::new(grid.as_bytes())
            .with_options(MULTI_CELL)
            .next()
            .unwrap()
            .unwrap();
        assert!(entry.puzzle.options().multi_cell);
    }

    /// A stream that gives its bytes, then fails.
    struct Failing(&'static [u8]);

    impl io::Read for Failing {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the disk is on fire"));
            }
            let n = self.0.len().min(buffer.len());
            buffer[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_failing_stream_ends_with_its_error_after_the_puzzles_before() {
        let stream = io::BufReader::new(Failing(b"3+,0 1\n1,2\n2,3\n\n3+,0 1\n"));
        let mut reader = Reader::new(stream);
        assert_eq!(reader.next().unwrap().unwrap().line, 1);
        let error = reader.next().unwrap().unwrap_err();
        assert!(matches!(error, ReadError::Io { line: 6, .. }), "{error:?}");
        assert_eq!(error.to_string(), "line 6: the disk is on fire");
        assert!(reader.next().is_none(), "nothing after an I/O error");
    }
}
