//! Killer, hard: a hidden cage. A house less the cages lying wholly inside it (and its
//! placed digits) leaves cells that act as a cage of their own: they add up to what the
//! house's 45 leaves, and as cells of one house they repeat no digit. Their combinations
//! (the sets of different digits with that sum that fit the candidates) leave each cell
//! only digits some combination uses, and a digit every combination uses leaves the
//! house's other cells.

use super::areas::totals;
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "hidden cage",
    level: Level::Hard,
    weight: 90,
    summary: "a house less its whole cages leaves a cage of its own: its combinations restrict its cells and the rest of the house",
    find,
};

/// The largest side whose digit sets the rule walks (2^16 sets at most).
const MAX_SIDE: usize = 16;

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let g = state.g;
    if g.n > MAX_SIDE {
        return None;
    }
    let totals = totals(state);
    let full = (g.n * (g.n + 1) / 2) as i64;
    for h in 0..g.houses.len() {
        if ctx.tick() {
            return None;
        }
        let house = &g.houses[h].cells;
        let mut inside = vec![false; g.n * g.n];
        house.iter().for_each(|c| inside[c.index()] = true);
        let mut sum = full;
        let mut whole = Vec::new();
        let mut covered = vec![false; g.n * g.n];
        for (k, total) in totals.iter().enumerate() {
            let Some(total) = *total else { continue };
            let cells = g.cage_cells(k);
            if cells.iter().all(|c| inside[c.index()]) {
                sum -= total;
                whole.push(k);
                cells.iter().for_each(|c| covered[c.index()] = true);
            }
        }
        if whole.is_empty() {
            continue;
        }
        let mut open: Vec<Cell> = Vec::new();
        let mut used = DigitSet::EMPTY;
        for &c in house {
            let i = c.index();
            match state.cand[i].single_digit().filter(|_| state.placed[i]) {
                Some(d) if !covered[i] => {
                    sum -= i64::from(d);
                    used.insert(d);
                }
                Some(d) => used.insert(d),
                None if !covered[i] => open.push(c),
                None => {}
            }
        }
        if open.len() < 2 || sum <= 0 {
            continue;
        }
        let cand: Vec<DigitSet> = open.iter().map(|c| state.cand[c.index()]).collect();
        let free = cand.iter().fold(DigitSet::EMPTY, |a, &b| a | b) & !used;
        let combos = combinations(&cand, free, sum, g.n);
        let union = combos.iter().fold(DigitSet::EMPTY, |a, &b| a | b);
        let shared = combos.iter().fold(DigitSet::full(g.n), |a, &b| a & b);
        let mut eliminated: Vec<(Cell, u8)> = open
            .iter()
            .flat_map(|&c| (state.cand[c.index()] & !union).iter().map(move |d| (c, d)))
            .collect();
        if !combos.is_empty() {
            for &c in house {
                if !covered[c.index()] || state.placed[c.index()] {
                    continue;
                }
                eliminated.extend((state.cand[c.index()] & shared).iter().map(|d| (c, d)));
            }
        }
        if eliminated.is_empty() {
            continue;
        }
        let mut cells = open.clone();
        for &k in &whole {
            cells.extend_from_slice(g.cage_cells(k));
        }
        let reason = Reason::HiddenCage {
            house: h,
            whole,
            open,
            sum,
            combos,
            shared,
        };
        return Some(Found::new(&RULE, reason, cells, Vec::new(), eliminated));
    }
    None
}

/// The sets of `cand.len()` different digits of `free` adding up to `sum` that the cells
/// can hold, one digit a cell (a matching of cells to digits).
fn combinations(cand: &[DigitSet], free: DigitSet, sum: i64, n: usize) -> Vec<DigitSet> {
    let m = cand.len() as u32;
    let mut out = Vec::new();
    for bits in 0u32..(1 << n) {
        if bits.count_ones() != m || bits & !free.bits() != 0 {
            continue;
        }
        let set = DigitSet::from_bits(bits);
        if set.iter().map(i64::from).sum::<i64>() != sum {
            continue;
        }
        if matches(cand, set) {
            out.push(set);
        }
    }
    out
}

/// Whether each cell can take a different digit of `set` (as many digits as cells).
fn matches(cand: &[DigitSet], set: DigitSet) -> bool {
    let digits: Vec<u8> = set.iter().collect();
    let mut owner: Vec<Option<usize>> = vec![None; digits.len()];
    for cell in 0..cand.len() {
        let mut seen = vec![false; digits.len()];
        if !augment(cell, cand, &digits, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

fn augment(
    cell: usize,
    cand: &[DigitSet],
    digits: &[u8],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for (j, &d) in digits.iter().enumerate() {
        if !cand[cell].contains(d) || seen[j] {
            continue;
        }
        seen[j] = true;
        if owner[j].is_none_or(|o| augment(o, cand, digits, owner, seen)) {
            owner[j] = Some(cell);
            return true;
        }
    }
    false
}
