//! Easy: a hidden single. A digit that fits only one cell of a row, column or region goes
//! there.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::DigitSet;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "hidden single",
    level: Level::Easy,
    weight: 14,
    summary: "a digit that fits only one cell of a house goes there",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    // Houses the rule last found nothing in and that have not changed since are skipped:
    // the rule reads a house's candidates and placed cells alone, so it would find nothing
    // there again. Scanning every house at every step was a tenth of a grade.
    let mut open = !state.quiet_hidden & (u128::MAX >> (128 - g.houses.len()));
    while open != 0 {
        let h = open.trailing_zeros() as usize;
        open &= open - 1;
        let house = &g.houses[h];
        // Digits seen once in the house, found with two masks instead of a count per digit.
        // Digits of placed cells are left out: most of a house late in a solve.
        let (mut once, mut more, mut placed) = (DigitSet::EMPTY, DigitSet::EMPTY, DigitSet::EMPTY);
        for c in &house.cells {
            let set = state.cand[c.index()];
            more = more | (once & set);
            once = (once | set) & !more;
            if state.placed[c.index()] {
                placed = placed | set;
            }
        }
        for d in (once & !placed).iter() {
            let mut only = None;
            let mut count = 0;
            for &c in &house.cells {
                if state.cand[c.index()].contains(d) {
                    count += 1;
                    only = Some(c);
                }
            }
            let Some(cell) = only else { continue };
            if count != 1 || state.placed[cell.index()] {
                continue;
            }
            let eliminated = state.placing(cell, d);
            return Some(Found::new(
                &RULE,
                Reason::HiddenSingle { house: h, cell, d },
                house.cells.clone(),
                vec![(cell, d)],
                eliminated,
            ));
        }
        state.quiet_hidden |= 1 << h;
    }
    None
}
