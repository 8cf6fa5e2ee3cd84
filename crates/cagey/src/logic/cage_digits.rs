//! Easy: cage digits. A cell of a cage keeps only digits that some layout of the cage still
//! uses anywhere (Keen's easy cage rule: which digit goes where is not used).

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "cage digits",
    level: Level::Easy,
    weight: 10,
    summary: "a cage's cells keep only digits some fitting layout of the cage uses",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    for k in 0..state.cages.len() {
        // A cage this rule found nothing in, unchanged since (its own cells are all it
        // reads), still gives nothing.
        if state.quiet_digits.contains(k) {
            continue;
        }
        state.refresh(k);
        let union = state.cages[k].union;
        let cells = g.cage_cells(k);
        if cells
            .iter()
            .all(|c| (state.cand[c.index()] & !union).is_empty())
        {
            state.quiet_digits.insert(k);
            continue;
        }
        let eliminated: Vec<_> = cells
            .iter()
            .flat_map(|&c| (state.cand[c.index()] & !union).iter().map(move |d| (c, d)))
            .collect();
        if eliminated.is_empty() {
            state.quiet_digits.insert(k);
            continue;
        }
        let count = state.cages[k].alive.len();
        return Some(Found::new(
            &RULE,
            Reason::CageDigits {
                cage: k,
                union,
                count,
            },
            cells.to_vec(),
            Vec::new(),
            eliminated,
        ));
    }
    None
}
