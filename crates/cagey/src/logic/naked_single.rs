//! Easy: a naked single. A cell with one candidate left holds it; its peers lose it.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::Cell;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "naked single",
    level: Level::Easy,
    weight: 4,
    summary: "a cell with one candidate left holds it",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    (0..g.n * g.n).find_map(|i| {
        let cell = Cell(i as u16);
        if state.clean[i] {
            return None;
        }
        let d = state.cand[i].single_digit()?;
        // A placed cell whose peers are clean is the common case: look before collecting,
        // and remember it, since candidates never come back.
        let dirty = g.peers[i].iter().any(|p| state.cand[p.index()].contains(d));
        if state.placed[i] && !dirty {
            state.clean[i] = true;
            return None;
        }
        let cleanup = state.cleanup(cell, d);
        let placed = state.placed[i];
        Some(Found::new(
            &RULE,
            Reason::NakedSingle { cell, d, placed },
            vec![cell],
            vec![(cell, d)],
            cleanup,
        ))
    })
}
