//! One puzzle's cage lines, gathered as they are read until a puzzle boundary, in vectors
//! kept from one puzzle to the next so that reading a corpus allocates little.

use super::error::{KkError, KkErrorKind, MAX_CELL};
use super::lex::CageLine;
use crate::model::Operation;

/// A cage line kept in its block: its label and cells are ranges of the block's `labels`
/// and `cells`, which all its cages share, rather than a string and a vector each (see
/// [`Block::push`]).
#[derive(Clone, Debug)]
pub(super) struct ParsedCage {
    pub(super) line: usize,
    pub(super) label: std::ops::Range<usize>,
    pub(super) operation: Operation,
    pub(super) target: u64,
    /// The cells, in the order written.
    pub(super) cells: std::ops::Range<usize>,
}

/// The lines of one puzzle, gathered until a puzzle boundary.
#[derive(Default)]
pub(super) struct Block {
    /// The line of its first cage line, good or bad.
    pub(super) start: Option<usize>,
    pub(super) cages: Vec<ParsedCage>,
    /// The labels of the cages, one after the other.
    pub(super) labels: String,
    /// The cells of the cages, one after the other, in the order written.
    pub(super) cells: Vec<usize>,
    /// Comment lines with their line numbers; directives are picked out of them at the end.
    pub(super) comments: Vec<(usize, String)>,
    pub(super) error: Option<KkError>,
}

impl Block {
    pub(super) fn is_empty(&self) -> bool {
        self.cages.is_empty() && self.error.is_none()
    }

    /// Adds a cage line whose cells are `cells`. Kept in the block's shared string and
    /// vector, a cage costs no allocation of its own. Reading Keen's 2,252 puzzles (callgrind
    /// over the reading in `cagey bench`) took 182.8 million instructions with a string and
    /// a vector per cage, and two more vectors per cage to check it is connected; 153.0
    /// million without them; 126.1 million with the block's vectors kept from one puzzle to
    /// the next ([`Block::clear`]) and commas found byte by byte.
    pub(super) fn push(&mut self, cage: CageLine, cells: &[usize]) {
        // A block of more cages than any grid has cells is refused as it is read, rather than
        // held whole: a file of a million cage lines takes no more memory than one puzzle.
        if self.cages.len() > MAX_CELL {
            self.error.get_or_insert(KkError {
                line: cage.line,
                column: None,
                kind: KkErrorKind::TooManyCages,
            });
            return;
        }
        let label = self.labels.len()..self.labels.len() + cage.label.len();
        self.labels.push_str(cage.label);
        let at = self.cells.len()..self.cells.len() + cells.len();
        self.cells.extend_from_slice(cells);
        self.cages.push(ParsedCage {
            line: cage.line,
            label,
            operation: cage.operation,
            target: cage.target,
            cells: at,
        });
    }

    /// The cells of `cage`, one of this block's, in the order written.
    pub(super) fn cells_of(&self, cage: &ParsedCage) -> &[usize] {
        &self.cells[cage.cells.clone()]
    }

    /// Whether the cages cover exactly the cells of a square grid, each once.
    pub(super) fn is_complete(&self) -> bool {
        let count = self.cells.len();
        let size = count.isqrt();
        if size * size != count || count == 0 {
            return false;
        }
        let mut seen = vec![false; count];
        self.cells
            .iter()
            .all(|&cell| cell < count && !std::mem::replace(&mut seen[cell], true))
    }

    /// Whether any of `cells` is in a cage of the block already.
    pub(super) fn overlaps(&self, cells: &[usize]) -> bool {
        self.cells.iter().any(|cell| cells.contains(cell))
    }

    /// Empties the block for the next puzzle, keeping its vectors' room.
    pub(super) fn clear(&mut self) {
        self.start = None;
        self.cages.clear();
        self.labels.clear();
        self.cells.clear();
        self.comments.clear();
        self.error = None;
    }
}
