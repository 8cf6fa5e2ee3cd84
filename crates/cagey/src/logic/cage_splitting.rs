//! Killer, hard: cage splitting. When the 45 rule over an area leaves innies (or outies)
//! that all belong to one cage, that cage splits in two: the part the equation names adds
//! up to the known value and the rest of the cage to the cage's sum less it. The cage keeps
//! only the combinations that split so, and its cells only their digits: `cage 20 at r3c1
//! splits across rows 1-3: r3c1 + r3c2 = 7, so r4c1 = 13`.

use super::areas::{areas_of, totals, Equation};
use super::cage_combinations::{add_combination, sort_combinations};
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "cage splitting",
    level: Level::Hard,
    weight: 100,
    summary: "innies or outies all in one cage split it: each part adds up to what the 45 rule and the cage's sum leave",
    find,
};

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let g = state.g;
    let totals = totals(state);
    let areas = areas_of(g);
    let mut eq = Equation::default();
    for area in areas.single.iter().chain(&areas.several) {
        if ctx.tick() {
            return None;
        }
        eq.of(state, area, &totals);
        let (part, value) = match (eq.innies.is_empty(), eq.outies.is_empty()) {
            (false, true) => (eq.innies.clone(), eq.value),
            (true, false) => (eq.outies.clone(), -eq.value),
            _ => continue,
        };
        let Some(k) = g.cage_of[part[0].index()] else {
            continue;
        };
        if part.iter().any(|c| g.cage_of[c.index()] != Some(k)) {
            continue;
        }
        let Some(total) = totals[k] else { continue };
        let cells = g.cage_cells(k);
        // The part's sum over every cell of it, placed ones included.
        let placed_sum: i64 = cells
            .iter()
            .filter(|c| !part.contains(c))
            .filter(|c| state.placed[c.index()])
            .filter_map(|c| state.cand[c.index()].single_digit())
            .map(i64::from)
            .sum();
        let rest: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|c| !part.contains(c) && !state.placed[c.index()])
            .collect();
        if rest.is_empty() {
            continue;
        }
        let in_part: Vec<bool> = cells.iter().map(|c| part.contains(c)).collect();
        let table = &g.tables[k];
        let mut per_cell = vec![DigitSet::EMPTY; cells.len()];
        let mut count = 0;
        let mut combos = Vec::new();
        for &i in &state.cages[k].alive {
            let row = table.row(i as usize);
            let s: i64 = row
                .iter()
                .zip(&in_part)
                .filter(|(_, p)| **p)
                .map(|(&d, _)| i64::from(d))
                .sum();
            if s == value {
                count += 1;
                for (pos, &d) in row.iter().enumerate() {
                    per_cell[pos].insert(d);
                }
                add_combination(&mut combos, row.iter().copied().collect());
            }
        }
        let (eliminated, keep) = state.keep_only(cells, &per_cell);
        if eliminated.is_empty() {
            continue;
        }
        sort_combinations(&mut combos);
        let reason = Reason::CageSplit {
            houses: area.houses.clone(),
            cage: k,
            part,
            value,
            rest,
            rest_value: total - value - placed_sum,
            count,
            combos,
            keep,
        };
        let mut cause = cells.to_vec();
        for &w in eq.whole.iter().chain(&eq.split) {
            cause.extend_from_slice(g.cage_cells(w));
        }
        cause.sort_unstable();
        cause.dedup();
        return Some(Found::new(&RULE, reason, cause, Vec::new(), eliminated));
    }
    None
}
