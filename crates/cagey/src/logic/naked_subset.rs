//! Hard: a naked subset. When `k` cells of a house hold only `k` digits between them
//! (a pair, a triple, ...), those digits go in those cells: the rest of the house loses them.

use super::barren::house_key;
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use super::subsets::covering_subsets;
use crate::model::{Cell, DigitSet, MAX_SIZE};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "naked subset",
    level: Level::Hard,
    weight: 60,
    summary: "k cells of a house holding only k digits: the rest of the house loses them",
    find,
};

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let g = state.g;
    let mut key = [0u64; MAX_SIZE];
    for (h, house) in g.houses.iter().enumerate() {
        let key = house_key(state, h, &mut key);
        if ctx.barren_naked.knows(ctx.depth, h, key) {
            continue;
        }
        let open = state.open_cells(h);
        // A naked subset of k cells among m is a hidden subset of the other m - k cells, so
        // sizes up to m / 2 find everything (the hidden rule takes the other half).
        let masks: Vec<u64> = open
            .iter()
            .map(|c| u64::from(state.cand[c.index()].bits()))
            .collect();
        for k in 2..=open.len() / 2 {
            let mut found = None;
            covering_subsets(&masks, k, ctx, &mut |pick, union| {
                let union = DigitSet::from_bits(union as u32);
                let cells: Vec<Cell> = pick.iter().map(|&i| open[i]).collect();
                let eliminated: Vec<_> = house
                    .cells
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .flat_map(|&c| (state.cand[c.index()] & union).iter().map(move |d| (c, d)))
                    .collect();
                if eliminated.is_empty() {
                    return false;
                }
                found = Some((cells, union, eliminated));
                true
            });
            if let Some((cells, union, eliminated)) = found {
                return Some(Found::new(
                    &RULE,
                    Reason::NakedSubset { house: h, union, k },
                    cells,
                    Vec::new(),
                    eliminated,
                ));
            }
        }
        if ctx.exhausted.is_none() {
            ctx.barren_naked.note(ctx.depth, h, key);
        }
    }
    None
}
