//! A minimal set of cages that cannot all hold, for a puzzle without a solution: start from
//! every cage and drop each in turn while the rest still admit no solution, so that no cage of
//! the set found can be dropped with the set still contradictory. When the run's time runs
//! out on the way, the set kept so far is returned: still contradictory, perhaps not minimal.

use web_time::Instant;

use super::level::Level;
use super::search::{search, Stop};
use super::state::{Geometry, State};
use crate::model::{CageId, Puzzle};

/// Search nodes one question "can these cages all hold?" may take: a relaxed puzzle has
/// many solutions and the first comes quickly; a question that runs out keeps its cage.
const NODES_PER_QUESTION: u64 = 20_000;

/// Whether the active cages of `geometry` admit no solution (`None` when undecided or the
/// deadline passed).
fn unsolvable(geometry: &Geometry, deadline: Option<Instant>) -> Option<bool> {
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
        deadline,
    ) {
        Ok(()) => Some(count == 0),
        Err(Stop::Enough) => Some(false),
        Err(Stop::Budget | Stop::Time) => None,
    }
}

/// A minimal set of cages of `puzzle` that cannot all hold; empty when the puzzle's cages can
/// all hold within the budget (the contradiction then lies in the givens or regions).
pub(super) fn minimal_cages(
    puzzle: &Puzzle,
    geometry: &Geometry,
    deadline: Option<Instant>,
) -> Vec<CageId> {
    let mut g = geometry.clone();
    if unsolvable(&g, deadline) != Some(true) {
        return Vec::new();
    }
    for k in 0..puzzle.cages().len() {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            break;
        }
        g.set_active(k, false);
        if unsolvable(&g, deadline) != Some(true) {
            g.set_active(k, true);
        }
    }
    (0..puzzle.cages().len())
        .filter(|&k| g.active[k])
        .map(|k| CageId(k as u16))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::kk;
    use crate::solve::{tables, Limits};

    /// The set found is contradictory, and dropping any one of its cages leaves a set that
    /// can hold: it is minimal.
    #[test]
    fn the_conflicting_cages_are_a_minimal_contradictory_set() {
        let text = include_str!("../../../../corpora/random/none-6x6.kk");
        let mut checked = 0;
        for entry in kk::parse_all(text).into_iter().take(6) {
            let puzzle = entry.unwrap().puzzle;
            let geometry = Geometry::new(
                &puzzle,
                tables::cage_tables(&puzzle, &Limits::default()).unwrap(),
            );
            let set = minimal_cages(&puzzle, &geometry, None);
            assert!(
                !set.is_empty(),
                "puzzle {checked}: {:?}",
                unsolvable(&geometry, None)
            );
            let mut only = geometry.clone();
            for k in 0..puzzle.cages().len() {
                only.set_active(k, set.contains(&CageId(k as u16)));
            }
            assert_eq!(unsolvable(&only, None), Some(true));
            for drop in &set {
                let mut fewer = only.clone();
                fewer.set_active(drop.index(), false);
                assert_eq!(
                    unsolvable(&fewer, None),
                    Some(false),
                    "cage {drop} can be dropped"
                );
            }
            checked += 1;
        }
        assert_eq!(checked, 6);
    }
}
