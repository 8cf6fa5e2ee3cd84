//! Hard: a cage's forced digit in a line. When every fitting layout of a cage puts digit `d`
//! in the same row (column, region), no other cell of that house holds `d`.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "cage forces a digit into a line",
    level: Level::Hard,
    weight: 50,
    summary: "every layout of a cage puts d in a row or column: the rest of it loses d",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    // Cages found barren before whose houses have not changed since are skipped: the rule
    // reads those houses' cells alone.
    state.quiet_lines.catch_up(g);
    for k in 0..state.cages.len() {
        if state.quiet_lines.knows(k) {
            continue;
        }
        state.refresh_forced(k);
        for (slot, &(h, _)) in g.cage_houses[k].iter().enumerate() {
            let forced = state.cages[k].forced[slot];
            for d in forced.iter() {
                let eliminated: Vec<_> = g.houses[h]
                    .cells
                    .iter()
                    .filter(|c| g.cage_of[c.index()] != Some(k))
                    .filter(|c| state.cand[c.index()].contains(d))
                    .map(|&c| (c, d))
                    .collect();
                if eliminated.is_empty() {
                    continue;
                }
                return Some(Found::new(
                    &RULE,
                    Reason::CageLine {
                        cage: k,
                        house: h,
                        d,
                    },
                    g.cage_cells(k).to_vec(),
                    Vec::new(),
                    eliminated,
                ));
            }
        }
        state.quiet_lines.note(k);
    }
    None
}
