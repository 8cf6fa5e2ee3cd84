//! Hard: a hidden subset. When `k` digits of a house fit only `k` cells between them, those
//! cells hold those digits: they lose every other candidate.

use super::barren::house_key;
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use super::subsets::covering_subsets;
use crate::model::{Cell, DigitSet, MAX_SIZE};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "hidden subset",
    level: Level::Hard,
    weight: 70,
    summary: "k digits of a house fitting only k cells: those cells lose other digits",
    find,
};

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let g = state.g;
    let mut key = [0u64; MAX_SIZE];
    for h in 0..g.houses.len() {
        let key = house_key(state, h, &mut key);
        if ctx.barren_hidden.knows(ctx.depth, h, key) {
            continue;
        }
        let open = state.open_cells(h);
        let free: Vec<u8> = open
            .iter()
            .fold(DigitSet::EMPTY, |u, c| u | state.cand[c.index()])
            .iter()
            .collect();
        // For each free digit, the positions among the open cells that still hold it.
        let masks: Vec<u64> = free
            .iter()
            .map(|&d| {
                open.iter()
                    .enumerate()
                    .filter(|(_, c)| state.cand[c.index()].contains(d))
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .collect();
        for k in 2..=open.len() / 2 {
            let mut found = None;
            covering_subsets(&masks, k, ctx, &mut |pick, union| {
                // The k cells the k digits cover.
                let set: DigitSet = pick.iter().map(|&i| free[i]).collect();
                let cells: Vec<Cell> = (0..open.len())
                    .filter(|i| union >> i & 1 == 1)
                    .map(|i| open[i])
                    .collect();
                let eliminated: Vec<_> = cells
                    .iter()
                    .flat_map(|&c| (state.cand[c.index()] & !set).iter().map(move |d| (c, d)))
                    .collect();
                if eliminated.is_empty() {
                    return false;
                }
                found = Some((cells, set, eliminated));
                true
            });
            if let Some((cells, set, eliminated)) = found {
                return Some(Found::new(
                    &RULE,
                    Reason::HiddenSubset { house: h, set, k },
                    cells,
                    Vec::new(),
                    eliminated,
                ));
            }
        }
        if ctx.exhausted.is_none() {
            ctx.barren_hidden.note(ctx.depth, h, key);
        }
    }
    None
}
