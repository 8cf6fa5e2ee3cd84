//! Killer, easy: cage combinations. A cage's sum allows only some sets of different digits
//! (`17` in two cells: 8+9); of those, the ones that fit the candidates leave each cell only
//! digits some of them use, and a digit every one of them uses is in the cage, so the
//! other cells of a house holding the whole cage lose it. Keen's easy cage rule, said as
//! killer players say it: by combinations, not by layouts.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "cage combinations",
    level: Level::Easy,
    weight: 10,
    summary: "a cage's cells keep the digits of the combinations its sum allows; a digit of every combination leaves the rest of a house holding the cage",
    find,
};

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    for k in 0..state.cages.len() {
        if !g.active[k] {
            continue;
        }
        state.refresh_forced(k);
        let cells = g.cage_cells(k);
        let union = state.cages[k].union;
        let mut eliminated: Vec<(Cell, u8)> = cells
            .iter()
            .flat_map(|&c| (state.cand[c.index()] & !union).iter().map(move |d| (c, d)))
            .collect();
        // The digits every combination uses are those every layout puts in a house that
        // holds the whole cage (cached by the state until a cell of the cage changes).
        let mut shared = DigitSet::EMPTY;
        let mut houses = Vec::new();
        for (slot, &(h, mask)) in g.cage_houses[k].iter().enumerate() {
            if cells.len() < 2 || mask.count_ones() as usize != cells.len() {
                continue;
            }
            let forced = state.cages[k].forced[slot];
            if forced.is_empty() {
                continue;
            }
            shared = forced;
            let before = eliminated.len();
            for c in &g.houses[h].cells {
                if g.cage_of[c.index()] == Some(k) {
                    continue;
                }
                for d in (state.cand[c.index()] & forced).iter() {
                    eliminated.push((*c, d));
                }
            }
            if eliminated.len() > before {
                houses.push(h);
            }
        }
        if eliminated.is_empty() {
            continue;
        }
        eliminated.sort_unstable();
        eliminated.dedup();
        let combos = combinations(state, k);
        let reason = Reason::CageCombinations {
            cage: k,
            combos,
            shared: if houses.is_empty() {
                DigitSet::EMPTY
            } else {
                shared
            },
            houses,
        };
        return Some(Found::new(
            &RULE,
            reason,
            cells.to_vec(),
            Vec::new(),
            eliminated,
        ));
    }
    None
}

/// The digit sets of cage `k`'s fitting layouts, each once, smallest first.
pub(super) fn combinations(state: &State, k: usize) -> Vec<DigitSet> {
    let table = &state.g.tables[k];
    let mut out: Vec<DigitSet> = Vec::new();
    for &i in &state.cages[k].alive {
        add_combination(&mut out, table.row(i as usize).iter().copied().collect());
    }
    sort_combinations(&mut out);
    out
}

/// Adds `set` to `combos` unless it is there: the layouts of a killer cage list every
/// order of a combination, and players count combinations.
pub(super) fn add_combination(combos: &mut Vec<DigitSet>, set: DigitSet) {
    if !combos.contains(&set) {
        combos.push(set);
    }
}

/// Combinations in the order players list them: `1+9` before `2+8`.
pub(super) fn sort_combinations(combos: &mut [DigitSet]) {
    combos.sort_unstable_by_key(|s| s.iter().collect::<Vec<_>>());
}
