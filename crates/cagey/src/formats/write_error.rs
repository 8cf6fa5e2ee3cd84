//! Why a puzzle cannot be written in a format ([`WriteError`]), and the refusal every
//! plain-KenKen format shares, naming what the puzzle has beyond plain KenKen.

use thiserror::Error;

use super::format::Format;
use crate::model::{Puzzle, Regions};

/// Why a puzzle cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot write this puzzle as {format}: {reason}")]
pub struct WriteError {
    /// The target format.
    pub format: Format,
    /// What the format cannot hold.
    pub reason: String,
}

/// The error of a format that holds plain KenKen only, naming what `puzzle` has beyond it.
pub(crate) fn plain_only(format: Format, puzzle: &Puzzle) -> WriteError {
    let mut beyond = Vec::new();
    match puzzle.regions() {
        Regions::None => {}
        Regions::Boxes { .. } => beyond.push("boxes"),
        Regions::Jigsaw(_) => beyond.push("jigsaw regions"),
    }
    if puzzle.options().killer {
        beyond.push("the killer rule");
    }
    if puzzle.cells().any(|cell| puzzle.given(cell).is_some()) {
        beyond.push("givens");
    }
    if puzzle.options().multi_cell {
        beyond.push("the multi-cell rule");
    }
    WriteError {
        format,
        reason: format!(
            "the format holds plain KenKen only, and this {} has {} (boxes, regions, givens and the killer rule go in kk, json or sudokuwiki; the multi-cell rule in kk or json)",
            puzzle.kind(),
            beyond.join(" and ")
        ),
    }
}
