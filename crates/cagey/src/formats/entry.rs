//! What every format reads: an [`Entry`], one puzzle with the comments, progress and line
//! that came with it.

use crate::model::{Progress, Puzzle};

/// One puzzle read from a text, with what surrounds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The partial state the text carried, if any.
    pub progress: Option<Progress>,
    /// The line the puzzle starts on, counted from 1.
    pub line: usize,
    /// Comment lines and metadata, without the `#` and surrounding spaces; `key=value`
    /// comments can be read with [`Entry::meta`].
    pub comments: Vec<String>,
}

impl Entry {
    /// An entry holding only `puzzle`, on line 1.
    pub fn new(puzzle: Puzzle) -> Entry {
        Entry {
            puzzle,
            progress: None,
            line: 1,
            comments: Vec::new(),
        }
    }

    /// Where a player stands: the progress the text carried, or nothing placed nor noted.
    /// Hints and explanations start here.
    pub fn progress_or_empty(&self) -> Progress {
        self.progress
            .clone()
            .unwrap_or_else(|| Progress::unknown(self.puzzle.size()))
    }

    /// The value of a `# key=value` comment, trimmed.
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.comments.iter().find_map(|comment| {
            let (k, v) = comment.split_once('=')?;
            (k.trim() == key).then(|| v.trim())
        })
    }
}
