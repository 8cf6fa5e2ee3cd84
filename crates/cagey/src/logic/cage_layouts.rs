//! Normal: cage layouts per cell. A cell keeps only the digits it takes in some layout of
//! its cage that fits every cell's candidates (Keen's normal cage rule).

use super::cage_combinations::combinations;
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "cage layouts",
    level: Level::Normal,
    weight: 40,
    summary: "a cage's cell keeps only digits it takes in some fitting layout",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    for k in 0..state.cages.len() {
        // A cage this rule found nothing in, unchanged since (its own cells are all it
        // reads), still gives nothing.
        if state.quiet_layouts.contains(k) {
            continue;
        }
        state.refresh(k);
        let cells = g.cage_cells(k);
        let view = &state.cages[k];
        let changes = cells
            .iter()
            .zip(&view.per_cell)
            .any(|(c, &keep)| !(state.cand[c.index()] & !keep).is_empty());
        if !changes {
            state.quiet_layouts.insert(k);
            continue;
        }
        let (eliminated, keep) = state.keep_only(cells, &view.per_cell);
        if eliminated.is_empty() {
            state.quiet_layouts.insert(k);
            continue;
        }
        let count = view.alive.len();
        return Some(Found::new(
            &RULE,
            Reason::CageLayouts {
                cage: k,
                count,
                // Listed only where players count them (killer cages): a KenKen cage's
                // layouts can run to thousands.
                combos: if g.killer {
                    combinations(state, k)
                } else {
                    Vec::new()
                },
                keep,
            },
            cells.to_vec(),
            Vec::new(),
            eliminated,
        ));
    }
    None
}
