//! Normal: cage layouts per cell. A cell keeps only the digits it takes in some layout of
//! its cage that fits every cell's candidates (Keen's normal cage rule).

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::{digits, State};
use super::step::Step;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "cage layouts",
    level: Level::Normal,
    weight: 40,
    summary: "a cage's cell keeps only digits it takes in some fitting layout",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Step> {
    let g = state.g;
    for k in 0..state.cages.len() {
        state.refresh(k);
        let cells = g.cage_cells(k);
        let view = &state.cages[k];
        let changes = cells
            .iter()
            .zip(&view.per_cell)
            .any(|(c, &keep)| !(state.cand[c.index()] & !keep).is_empty());
        if !changes {
            continue;
        }
        let eliminated: Vec<_> = cells
            .iter()
            .zip(&view.per_cell)
            .flat_map(|(&c, &keep)| (state.cand[c.index()] & !keep).iter().map(move |d| (c, d)))
            .collect();
        if eliminated.is_empty() {
            continue;
        }
        let mut parts = Vec::new();
        for (&c, &keep) in cells.iter().zip(&view.per_cell) {
            if !(state.cand[c.index()] & !keep).is_empty() {
                parts.push(words!(g, "{} only {}", g.cell(c), digits(keep)));
            }
        }
        let count = view.alive.len();
        let text = words!(
            g,
            "in the {} layout{} of cage {} that fit, {}",
            count,
            if count == 1 { "" } else { "s" },
            g.cage_names[k],
            parts.join("; "),
        );
        return Some(Step::new(
            &RULE,
            words!(g, "cage {}", g.cage_names[k]),
            cells.to_vec(),
            Vec::new(),
            eliminated,
            text,
        ));
    }
    None
}
