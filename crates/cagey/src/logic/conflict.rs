//! A minimal set of cages that cannot all hold, for a puzzle without a solution: start from
//! every cage and drop each in turn while the rest still admit no solution, so that no cage of
//! the set found can be dropped with the set still contradictory.

use super::search::{search, Stop};
use super::state::{Geometry, State};
use super::Level;
use crate::model::{CageId, Puzzle};

/// Search nodes one question "can these cages all hold?" may take: a relaxed puzzle has
/// many solutions and the first comes quickly; a question that runs out keeps its cage.
const NODES_PER_QUESTION: u64 = 20_000;

/// Whether the active cages of `geometry` admit no solution (`None` when undecided).
fn unsolvable(geometry: &Geometry) -> Option<bool> {
    let mut state = State::new(geometry);
    let mut nodes = NODES_PER_QUESTION;
    let mut count = 0;
    match search(
        &mut state,
        Level::Hard,
        1,
        &mut nodes,
        &mut |_| {},
        &mut count,
        None,
    ) {
        Ok(()) => Some(count == 0),
        Err(Stop::Enough) => Some(false),
        Err(Stop::Budget | Stop::Time) => None,
    }
}

/// A minimal set of cages of `puzzle` that cannot all hold; empty when the puzzle's cages can
/// all hold within the budget (the contradiction then lies in the givens or regions).
pub(super) fn minimal_cages(puzzle: &Puzzle, geometry: &Geometry) -> Vec<CageId> {
    let mut g = geometry.clone();
    if unsolvable(&g) != Some(true) {
        return Vec::new();
    }
    for k in 0..puzzle.cages().len() {
        g.set_active(k, false);
        if unsolvable(&g) != Some(true) {
            g.set_active(k, true);
        }
    }
    (0..puzzle.cages().len())
        .filter(|&k| g.active[k])
        .map(|k| CageId(k as u16))
        .collect()
}
