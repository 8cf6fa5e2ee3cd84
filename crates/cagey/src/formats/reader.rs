//! Reading puzzles one at a time from a stream: a file of millions of puzzles, or standard
//! input, in memory that does not grow with its length.
//!
//! [`parse_all`](super::parse_all) takes a whole text; a [`Reader`] takes any [`BufRead`] and
//! yields the same entries, in the same order, with the same errors and line numbers. Both
//! drive the same line-by-line parser of each format, so they cannot drift apart: the reader
//! only adds the reading of lines and the detection of the format from the first meaningful
//! line, which it does exactly as [`detect`](super::detect) does.
//!
//! A reader holds one line and one puzzle at a time (the kk format's lookahead is the cells
//! of the puzzle being read; grid holds its lines until the blank line after the legend).
//! JSON is the exception: a JSON text is one value, an object or an array, so it is read
//! whole and parsed at the end.
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

use super::{a1, detect_line, grid, is_meaningful, json, keen, kk, sudokuwiki};
use super::{Entry, Format, LineParser, ParseError, PerLine};

/// A puzzle that could not be read from a stream.
#[derive(Debug)]
pub enum ReadError {
    /// The puzzle's text is not a puzzle of its format. Reading goes on with the next one.
    Parse {
        /// The line the puzzle starts on, counted from 1, when there is one (an empty input
        /// or a JSON value inside an array has none).
        line: Option<usize>,
        /// What is wrong, as [`parse_all`](super::parse_all) says it.
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
/// read is a last [`ReadError::Io`] item.
pub struct Reader<R> {
    input: R,
    /// The format, once known.
    format: Option<Format>,
    /// The format's parser, from when the format is known to the end of the input.
    parser: Option<Parser>,
    /// Lines read before the format was known (blank and comment lines), to be given to the
    /// parser once it is: number, text, and whether it ended in `\n`.
    held: Vec<(usize, String, bool)>,
    /// Lines read so far.
    line: usize,
    /// The bytes of the line being read, kept to reuse its allocation.
    buffer: Vec<u8>,
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
                text.push_str(line);
                if newline {
                    text.push('\n');
                }
                None
            }
        }
    }

    /// Ends the input: the last puzzles.
    fn finish(self) -> Vec<Result<Entry, ReadError>> {
        match self {
            Parser::Kk(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::A1(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::SudokuWiki(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::Keen(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::Grid(parser) => wrap(parser.finish()).into_iter().collect(),
            Parser::Json(text) => json::parse_all(&text)
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
    /// [`detect`](super::detect) does (the J essay's format if it has none).
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            format: None,
            parser: None,
            held: Vec::new(),
            line: 0,
            buffer: Vec::new(),
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

    /// The format being read: the one given, or the one detected; `None` while only blank
    /// and comment lines have been read, and the J essay's format if the input ends so.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// Reads one line and gives it to the parser, or ends the input.
    fn step(&mut self) {
        self.buffer.clear();
        match self.input.read_until(b'\n', &mut self.buffer) {
            Ok(0) => self.end(),
            Ok(_) => {
                self.line += 1;
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

    fn read_line(&mut self, line: &str, newline: bool) {
        let parser = match &mut self.parser {
            Some(parser) => parser,
            None if is_meaningful(line.trim()) => {
                let format = detect_line(line.trim());
                self.format = Some(format);
                let mut parser = Parser::new(format);
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
        // No meaningful line: the held lines go to the J essay's format, as `detect` says.
        let format = *self.format.get_or_insert(Format::Kk);
        let mut parser = self.parser.take().unwrap_or_else(|| Parser::new(format));
        for (number, line, newline) in std::mem::take(&mut self.held) {
            self.ready.extend(parser.push(number, &line, newline));
        }
        self.ready.extend(parser.finish());
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
        let whole = super::super::parse_all(Format::Json, text);
        let error = from_reader[0].as_ref().unwrap_err();
        assert_eq!(error.parse_error(), whole[0].as_ref().err());
        assert_eq!(error.line(), Some(3));
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
