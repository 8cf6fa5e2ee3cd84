//! The block splitter: reads a kk text line by line, sorts comments and cage lines into
//! puzzles, and tells where one puzzle ends and the next begins (a blank line, then a cage
//! that reuses a cell).

use super::block::Block;
use super::build::finish;
use super::error::{KkError, KkErrorKind};
use super::lex::{parse_line, parse_plain_line};
use crate::formats::entry::Entry;
use crate::model::Options;

/// The line-by-line reader behind [`parse_all`] and the streaming
/// [`Reader`](super::Reader): it holds one puzzle at a time, so a file of any length reads
/// in constant memory.
///
/// Each result comes with the line its puzzle starts on (0 for the error of an input with
/// no cage at all), which names the puzzle even when its error concerns all of it.
#[derive(Default)]
pub(crate) struct Lines {
    block: Block,
    /// The cells of the cage line being read, before it is known which block it joins.
    cells: Vec<usize>,
    after_blank: bool,
    /// Comments after a blank line wait here until we know which puzzle they belong to.
    pending_comments: Vec<(usize, String)>,
    /// Whether a puzzle (or its error) came out already: an input without one is an error.
    produced: bool,
    /// The options every puzzle is read under, as if its block began with their directives.
    options: Options,
}

impl crate::formats::lines::LineParser for Lines {
    type Error = KkError;

    fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Reads line `line_number` (its text without the `\n`); returns the puzzle it ends,
    /// if it ends one.
    fn push(&mut self, line_number: usize, raw: &str) -> Option<(usize, Result<Entry, KkError>)> {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.after_blank = true;
            return None;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            let comment = (line_number, comment.trim().to_string());
            if self.after_blank || self.block.is_empty() {
                self.pending_comments.push(comment);
            } else {
                self.block.comments.push(comment);
            }
            return None;
        }
        let cage = match parse_plain_line(line, line_number, &mut self.cells) {
            Some(cage) => Ok(cage),
            None => parse_line(line, line_number, &mut self.cells),
        };
        let starts_new = match &cage {
            Ok(_) => self.after_blank && !self.block.is_empty() && self.block.overlaps(&self.cells),
            // A bad line after a blank line ends a complete puzzle: it cannot belong to it.
            Err(_) => self.after_blank && self.block.is_complete(),
        };
        let finished = starts_new.then(|| self.take_block());
        let block = &mut self.block;
        block.comments.append(&mut self.pending_comments);
        block.start.get_or_insert(line_number);
        self.after_blank = false;
        match cage {
            Ok(cage) => block.push(cage, &self.cells),
            Err(error) => {
                block.error.get_or_insert(error);
            }
        };
        // A block with an error still collects its cages so that the next blank line can tell
        // where the following puzzle begins.
        finished
    }

    /// Ends the input: the last puzzle, or the error of an input that held none.
    fn finish(mut self) -> Option<(usize, Result<Entry, KkError>)> {
        if !self.block.is_empty() {
            return Some(self.take_block());
        }
        (!self.produced).then(|| {
            let error = KkError {
                line: 0,
                column: None,
                kind: KkErrorKind::Empty,
            };
            (0, Err(error))
        })
    }
}

impl Lines {
    fn take_block(&mut self) -> (usize, Result<Entry, KkError>) {
        self.produced = true;
        let start = self.block.start.unwrap_or(0);
        let result = finish(&mut self.block, self.options);
        self.block.clear();
        (start, result)
    }
}
