//! Hard: a line's digit confined to one cage. When digit `d` of a row (column, region) fits
//! only cells of one cage, that cage must put `d` there: it keeps only the layouts that do,
//! and its cells keep only the digits those layouts use.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::DigitSet;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "digit confined to a cage",
    level: Level::Unreasonable,
    weight: 80,
    summary: "d of a row or column fits only one cage: the cage keeps layouts placing d there",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    // Cages found barren before whose houses have not changed since are skipped: the rule
    // reads those houses' cells (candidates, placed) alone.
    state.quiet_confined.catch_up(g);
    for k in 0..state.cages.len() {
        if !g.active[k] || state.quiet_confined.knows(k) {
            continue;
        }
        state.refresh_forced(k);
        let table = &g.tables[k];
        let cells = table.cells();
        for (slot, &(h, mask)) in g.cage_houses[k].iter().enumerate() {
            let forced = state.cages[k].forced[slot];
            for d in 1..=g.n as u8 {
                if forced.contains(d) {
                    continue;
                }
                let mut outside = false;
                let mut inside = false;
                for c in &g.houses[h].cells {
                    if state.cand[c.index()].contains(d) {
                        if g.cage_of[c.index()] == Some(k) {
                            inside = true;
                        } else {
                            outside = true;
                        }
                    }
                }
                if outside || !inside || placed_in(state, h, d) {
                    continue;
                }
                // Keep the layouts putting d in house h.
                let mut per_cell = vec![DigitSet::EMPTY; cells.len()];
                for &i in &state.cages[k].alive {
                    let row = table.row(i as usize);
                    let has = row
                        .iter()
                        .enumerate()
                        .any(|(pos, &x)| x == d && mask >> pos & 1 == 1);
                    if has {
                        for (pos, &x) in row.iter().enumerate() {
                            per_cell[pos].insert(x);
                        }
                    }
                }
                let (eliminated, keep) = state.keep_only(cells, &per_cell);
                if eliminated.is_empty() {
                    continue;
                }
                let reason = Reason::CageConfined {
                    house: h,
                    cage: k,
                    d,
                    keep,
                };
                return Some(Found::new(
                    &RULE,
                    reason,
                    cells.to_vec(),
                    Vec::new(),
                    eliminated,
                ));
            }
        }
        state.quiet_confined.note(k);
    }
    None
}

/// Whether `d` is already placed in house `h`.
fn placed_in(state: &State, h: usize, d: u8) -> bool {
    state.g.houses[h]
        .cells
        .iter()
        .any(|c| state.placed[c.index()] && state.cand[c.index()].single_digit() == Some(d))
}
