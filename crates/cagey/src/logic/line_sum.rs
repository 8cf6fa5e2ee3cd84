//! Line arithmetic (innies): every row and column adds up to `n(n+1)/2` and multiplies to
//! `n!`, and so does every box or region. In a set of neighbouring lines, the cages lying
//! wholly inside with a known total (every fitting layout has the same sum, or product)
//! and the placed digits leave what the remaining cells must add up to or multiply to; those
//! cells keep only the digits of some combination that does.

use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::{HouseKind, State};
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "line arithmetic",
    level: Level::Unreasonable,
    weight: 200,
    summary: "lines add up to n(n+1)/2 and multiply to n!: the cells left over by whole cages must make up the rest",
    find,
};

/// Leftover cells combined at most: beyond four the combinations say little a person uses.
const MAX_LEFTOVER: usize = 4;

/// Neighbouring lines taken together at most (a person adds up one, two or three rows).
const MAX_LINES: usize = 3;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Sum,
    Product,
}

fn find(state: &mut State, _: &mut Ctx) -> Option<Found> {
    let g = state.g;
    let n = g.n;
    // Groups of houses: runs of 1..=MAX_LINES neighbouring rows or columns, and each region.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for lines in 1..=MAX_LINES.min(n.saturating_sub(1)) {
        for start in 0..=n - lines {
            groups.push((start..start + lines).collect());
            groups.push((n + start..n + start + lines).collect());
        }
    }
    for (h, house) in g.houses.iter().enumerate() {
        if matches!(house.kind, HouseKind::Region(_)) {
            groups.push(vec![h]);
        }
    }
    for k in 0..state.cages.len() {
        state.refresh(k);
    }
    // Each cage's total, per kind, once per call (`None` until asked): a cage lies in up to
    // six groups, and each read all its layouts again. The cells of a group and the cages
    // wholly inside it are found once for both kinds.
    let mut totals: Vec<[Option<Option<Option<u128>>>; 2]> = vec![[None; 2]; state.cages.len()];
    let mut inside = vec![false; n * n];
    let mut within = Vec::new();
    for group in &groups {
        inside.iter_mut().for_each(|x| *x = false);
        for &h in group {
            for c in &g.houses[h].cells {
                inside[c.index()] = true;
            }
        }
        within.clear();
        within.extend(
            (0..state.cages.len()).filter(|&k| g.cage_cells(k).iter().all(|c| inside[c.index()])),
        );
        for kind in [Kind::Sum, Kind::Product] {
            if let Some(step) = try_group(state, group, &inside, &within, kind, &mut totals) {
                return Some(step);
            }
        }
    }
    None
}

/// The step of `group` for `kind`, if any: `inside` marks the group's cells, `within`
/// lists the cages wholly inside it, in order, and `totals` keeps the cages' known totals.
fn try_group(
    state: &State,
    group: &[usize],
    inside: &[bool],
    within: &[usize],
    kind: Kind,
    totals: &mut [[Option<Option<Option<u128>>>; 2]],
) -> Option<Found> {
    let g = state.g;
    let n = g.n;
    let lines = group.len() as u32;
    let line_sum = (n * (n + 1) / 2) as u128;
    let line_product: u128 = (1..=n as u128).product();
    let mut remaining: u128 = match kind {
        Kind::Sum => line_sum * u128::from(lines),
        Kind::Product => line_product.checked_pow(lines)?,
    };
    let mut covered = vec![false; n * n];
    let mut whole = Vec::new();
    for &k in within {
        let cells = g.cage_cells(k);
        let total = (*totals[k][kind as usize].get_or_insert_with(|| known_total(state, k, kind)))?;
        if let Some(total) = total {
            match kind {
                Kind::Sum => remaining = remaining.checked_sub(total)?,
                Kind::Product => {
                    if total == 0 || remaining % total != 0 {
                        return None;
                    }
                    remaining /= total
                }
            }
            cells.iter().for_each(|c| covered[c.index()] = true);
            whole.push(k);
        }
    }
    let mut leftover: Vec<Cell> = Vec::new();
    for i in 0..n * n {
        if !inside[i] || covered[i] {
            continue;
        }
        let cell = Cell(i as u16);
        match state.cand[i].single_digit() {
            Some(d) if state.placed[i] => match kind {
                Kind::Sum => remaining = remaining.checked_sub(u128::from(d))?,
                Kind::Product => remaining /= u128::from(d),
            },
            _ => leftover.push(cell),
        }
    }
    if leftover.is_empty() || leftover.len() > MAX_LEFTOVER || whole.is_empty() {
        return None;
    }
    // Which digits of each leftover cell take part in a combination reaching `remaining`.
    let mut support = vec![DigitSet::EMPTY; leftover.len()];
    let mut pick = Vec::with_capacity(leftover.len());
    combine(state, &leftover, kind, remaining, &mut pick, &mut support);
    let (eliminated, keep) = state.keep_only(&leftover, &support);
    if eliminated.is_empty() {
        return None;
    }
    let mut cells = leftover.clone();
    for &k in &whole {
        cells.extend_from_slice(g.cage_cells(k));
    }
    let reason = Reason::LineSum {
        sum: matches!(kind, Kind::Sum),
        line: match kind {
            Kind::Sum => line_sum,
            Kind::Product => line_product,
        },
        houses: group.to_vec(),
        whole,
        leftover,
        remaining,
        keep,
    };
    Some(Found::new(&RULE, reason, cells, Vec::new(), eliminated))
}

/// The cage's total when every fitting layout has the same one; `Some(None)` when they
/// differ, `None` when the cage has no layout left.
fn known_total(state: &State, k: usize, kind: Kind) -> Option<Option<u128>> {
    if !state.g.active[k] {
        return Some(None);
    }
    let table = &state.g.tables[k];
    let mut total = None;
    for &i in &state.cages[k].alive {
        let row = table.row(i as usize);
        let value: u128 = match kind {
            Kind::Sum => row.iter().map(|&d| u128::from(d)).sum(),
            Kind::Product => row.iter().map(|&d| u128::from(d)).product(),
        };
        match total {
            None => total = Some(value),
            Some(t) if t != value => return Some(None),
            _ => {}
        }
    }
    total.map(Some)
}

/// Walks every assignment of the leftover cells (no digit twice among cells sharing a house)
/// and marks the digits of those reaching `target`.
fn combine(
    state: &State,
    cells: &[Cell],
    kind: Kind,
    target: u128,
    pick: &mut Vec<u8>,
    support: &mut [DigitSet],
) {
    let at = pick.len();
    if at == cells.len() {
        let ok = match kind {
            Kind::Sum => target == 0,
            Kind::Product => target == 1,
        };
        if ok {
            for (slot, &d) in pick.iter().enumerate() {
                support[slot].insert(d);
            }
        }
        return;
    }
    let cell = cells[at];
    for d in state.cand[cell.index()].iter() {
        let clash = pick
            .iter()
            .zip(cells)
            .any(|(&e, &other)| e == d && state.g.peers[cell.index()].contains(&other));
        if clash {
            continue;
        }
        let rest = match kind {
            Kind::Sum if target >= u128::from(d) => target - u128::from(d),
            Kind::Product if target % u128::from(d) == 0 => target / u128::from(d),
            _ => continue,
        };
        pick.push(d);
        combine(state, cells, kind, rest, pick, support);
        pick.pop();
    }
}
