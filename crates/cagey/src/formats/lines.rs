//! Reading a text line by line, one puzzle at a time: the [`LineParser`] that
//! [`parse_all`](super::parse_all) and the streaming [`Reader`](super::Reader) share, its
//! one-puzzle-a-line form ([`OnePerLine`]), how the text formats' errors name a line and
//! column ([`position`]), and how every format's errors quote the text they refuse
//! ([`excerpt`]).

use std::borrow::Cow;

use super::entry::Entry;
use crate::model::Options;

/// `line 4, column 7: `, `line 4: `, or nothing for line 0 (the whole input): how the text
/// formats' errors begin.
pub(crate) fn position(line: usize, column: Option<usize>) -> String {
    match (line, column) {
        (0, _) => String::new(),
        (line, None) => format!("line {line}: "),
        (line, Some(column)) => format!("line {line}, column {column}: "),
    }
}

/// The most characters of a reader's text that an error quotes: enough to recognise a
/// word, a cell name or the start of a link, and short enough that an error listing every
/// format's refusal (`no format reads this text`) stays a screenful however long the text.
pub(crate) const EXCERPT_CHARS: usize = 60;

/// `text` as an error quotes it: whole if it has at most [`EXCERPT_CHARS`] characters, else
/// its first ones and an ellipsis. Every format's errors quote through it, so that no
/// error repeats a long input (a megabyte pasted as a link was once quoted whole, once per
/// format).
pub(crate) fn excerpt(text: &str) -> String {
    shortened(text, EXCERPT_CHARS).into_owned()
}

/// `text` if it has at most `chars` characters, else its first `chars` and an ellipsis.
pub(crate) fn shortened(text: &str, chars: usize) -> Cow<'_, str> {
    match text.char_indices().nth(chars) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// A format read line by line, holding one puzzle at a time: what [`parse_all`] and the
/// streaming [`Reader`] share, so that both split a text into the same puzzles.
pub(crate) trait LineParser: Default {
    /// The format's error.
    type Error;

    /// Reads every puzzle that comes out from now on under `options` besides what its text
    /// states (see [`Options::union`]).
    fn set_options(&mut self, options: Options);

    /// Reads line `line_number` (counted from 1; its text without the `\n`, with any `\r`
    /// before it left for the format to take off) and returns the puzzle this line ends, if
    /// any, with the line that puzzle starts on.
    fn push(
        &mut self,
        line_number: usize,
        line: &str,
    ) -> Option<(usize, Result<Entry, Self::Error>)>;

    /// Ends the input: the puzzle still being read, or, when no puzzle came out at all, the
    /// format's error for an empty input (with line 0).
    fn finish(self) -> Option<(usize, Result<Entry, Self::Error>)>;
}

/// A format with one puzzle to a line (Keen game IDs, SudokuWiki strings): blank lines and
/// `#` comment lines between them are skipped.
pub(crate) trait OnePerLine {
    /// The format's error.
    type Error;

    /// Parses the puzzle of one line, under `options` besides what the line states.
    fn parse_line(line: &str, options: Options) -> Result<Entry, Self::Error>;

    /// The error of an input that holds no puzzle.
    fn empty() -> Self::Error;
}

/// The [`LineParser`] of a [`OnePerLine`] format. Each result comes with its line (0 for
/// the error of an input with no puzzle).
pub(crate) struct PerLine<F> {
    /// Whether a puzzle (or its error) came out already: an input without one is an error.
    produced: bool,
    /// The options every puzzle is read under (see [`LineParser::set_options`]).
    options: Options,
    format: std::marker::PhantomData<F>,
}

impl<F> Default for PerLine<F> {
    fn default() -> Self {
        PerLine {
            produced: false,
            options: Options::default(),
            format: std::marker::PhantomData,
        }
    }
}

impl<F: OnePerLine> LineParser for PerLine<F> {
    type Error = F::Error;

    fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Reads line `line_number`: a puzzle unless it is blank or a comment.
    fn push(&mut self, line_number: usize, line: &str) -> Option<(usize, Result<Entry, F::Error>)> {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        self.produced = true;
        let result = F::parse_line(trimmed, self.options).map(|mut entry| {
            entry.line = line_number;
            entry
        });
        Some((line_number, result))
    }

    fn finish(self) -> Option<(usize, Result<Entry, F::Error>)> {
        (!self.produced).then(|| (0, Err(F::empty())))
    }
}

/// Parses every puzzle of `text` with a [`LineParser`] under `options`, splitting lines at
/// `\n` only, as the [`Reader`] does.
pub(crate) fn parse_lines<P: LineParser>(
    text: &str,
    options: Options,
) -> Vec<Result<Entry, P::Error>> {
    parse_numbered_lines::<P>(text, options)
        .into_iter()
        .map(|(_, result)| result)
        .collect()
}

/// [`parse_lines`] with the line each puzzle starts on (0 for the error of an input that
/// holds no puzzle), which names a puzzle whose error concerns all of it.
pub(crate) fn parse_numbered_lines<P: LineParser>(
    text: &str,
    options: Options,
) -> Vec<(usize, Result<Entry, P::Error>)> {
    let mut parser = P::default();
    parser.set_options(options);
    let mut results: Vec<_> = text
        .split('\n')
        .enumerate()
        .filter_map(|(index, line)| parser.push(index + 1, line))
        .collect();
    results.extend(parser.finish());
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_cut_long_texts_on_a_character() {
        assert_eq!(excerpt("B3"), "B3");
        let long = "é".repeat(EXCERPT_CHARS + 1);
        assert_eq!(excerpt(&long), format!("{}…", "é".repeat(EXCERPT_CHARS)));
        assert_eq!(
            excerpt(&long[..2 * EXCERPT_CHARS]),
            long[..2 * EXCERPT_CHARS]
        );
    }
}
