//! Extreme: single-digit fish (X-wing, swordfish, jellyfish, ...). When digit `d` fits, in
//! `k` rows, only cells of `k` columns, each of those columns has its `d` in those rows: the
//! other cells of the columns lose `d`. The same with rows and columns swapped.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use super::subsets::covering_subsets;
use crate::model::{Cell, MAX_SIZE};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "fish",
    level: Level::Extreme,
    weight: 140,
    summary: "d in k rows confined to k columns (X-wing, swordfish): the columns lose d elsewhere",
    find,
};

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let g = state.g;
    let n = g.n;
    for d in 1..=n as u8 {
        for by_rows in [true, false] {
            // lines[i]: for base line i (a row when by_rows), the cover lines holding d.
            let at = |base: usize, cover: usize| {
                if by_rows {
                    Cell::at(base, cover, n)
                } else {
                    Cell::at(cover, base, n)
                }
            };
            // Every line's mask is what the search reads (the key of its `Barren` slot).
            let mut lines = [0u64; MAX_SIZE];
            for (base, mask) in lines.iter_mut().enumerate().take(n) {
                for cover in 0..n {
                    if state.cand[at(base, cover).index()].contains(d) {
                        *mask |= 1 << cover;
                    }
                }
            }
            let lines = &lines[..n];
            let slot = 2 * (d as usize - 1) + usize::from(by_rows);
            if ctx.barren_fish.knows(ctx.depth, slot, lines) {
                continue;
            }
            let bases: Vec<(usize, u64)> = lines
                .iter()
                .copied()
                .enumerate()
                .filter(|(_, mask)| mask.count_ones() >= 2)
                .collect();
            let masks: Vec<u64> = bases.iter().map(|b| b.1).collect();
            for k in 2..=bases.len() / 2 {
                let mut found = None;
                covering_subsets(&masks, k, ctx, &mut |pick, cover| {
                    let chosen: Vec<usize> = pick.iter().map(|&i| bases[i].0).collect();
                    let mut eliminated = Vec::new();
                    for c in (0..n).filter(|c| cover >> c & 1 == 1) {
                        for b in (0..n).filter(|b| !chosen.contains(b)) {
                            let cell = at(b, c);
                            if state.cand[cell.index()].contains(d) {
                                eliminated.push((cell, d));
                            }
                        }
                    }
                    if eliminated.is_empty() {
                        return false;
                    }
                    found = Some((chosen, cover, eliminated));
                    true
                });
                if let Some((chosen, cover, mut eliminated)) = found {
                    eliminated.sort_unstable();
                    let covers: Vec<usize> = (0..n).filter(|c| cover >> c & 1 == 1).collect();
                    let cells: Vec<Cell> = chosen
                        .iter()
                        .flat_map(|&b| covers.iter().map(move |&c| at(b, c)))
                        .filter(|c| state.cand[c.index()].contains(d))
                        .collect();
                    let reason = Reason::Fish {
                        k,
                        d,
                        by_rows,
                        chosen,
                        covers,
                    };
                    return Some(Found::new(&RULE, reason, cells, Vec::new(), eliminated));
                }
            }
            if ctx.exhausted.is_none() {
                ctx.barren_fish.note(ctx.depth, slot, lines);
            }
        }
    }
    None
}
