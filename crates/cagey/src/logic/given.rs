//! Easy: a given. A one-cell cage (or a digit given outside the cages) is its digit.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "given",
    level: Level::Easy,
    weight: 1,
    summary: "a one-cell cage holds its target",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    g.given_cells.iter().find_map(|&i| {
        let d = g.givens[i];
        if d == 0 || state.placed[i] {
            return None;
        }
        let cell = crate::model::Cell(i as u16);
        let eliminated = state.placing(cell, d);
        let cage = g.cage_of[i].filter(|&k| g.cage_cells(k).len() == 1);
        Some(Found::new(
            &RULE,
            Reason::Given { cell, d, cage },
            vec![cell],
            vec![(cell, d)],
            eliminated,
        ))
    })
}
