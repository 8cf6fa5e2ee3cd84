//! The 45 rule's arithmetic, shared by the killer rules: an *area* (one house or several
//! houses that do not overlap) adds up to `n(n+1)/2` per house. The cages lying wholly
//! inside take their totals away; a cage split by the area's edge leaves either its cells
//! inside (*innies*) or, taking its whole total away, its cells outside (*outies*); placed
//! digits are known. What is left is an equation `innies − outies = value`, which
//! [`support`] turns into the digits each of those cells can still take.
//!
//! ```text
//!   rows 1-3 of a killer       cage 14 (r3c4, r4c4) is split: r3c4 is an innie;
//!   ┌───────┬───────┬───────┐  cage 9 (r3c5, r3c6, r4c6) too: r4c6 is an outie
//!   │ whole │ whole │ whole │  when its two cells inside are more than its one out.
//!   │ cages │ cages │ cages │  45 × 3 − (whole cages) = r3c4 + (9 − r4c6)
//!   │       │ ▒  ▒▒ │       │
//!   └───────┴─▒───▒─┴───────┘
//! ```
//!
//! Only the killer ladder uses this: its rules assume a cage repeats no digit (the killer
//! rule), so cells of one cage are told apart like cells of one house.

use super::barren::{Barren, SLOTS};
use super::rule::{Ctx, Rule};
use std::sync::Arc;

use super::state::{Area, Areas, Geometry, HouseKind, State};
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet};

/// Cells of an equation (innies and outies together) combined at most: beyond five a
/// person no longer adds them up, and the combinations say little.
pub(super) const MAX_CELLS: usize = 5;

/// An area's equation: the sum of `innies` minus the sum of `outies` is `value`.
#[derive(Clone, Debug, Default)]
pub(super) struct Equation {
    /// The cages lying wholly inside, taken away by their totals.
    pub(super) whole: Vec<usize>,
    /// The cages split by the edge whose whole totals were taken away (their cells outside
    /// are the outies).
    pub(super) split: Vec<usize>,
    /// Open cells inside, not covered by a whole cage or a split cage taken whole.
    pub(super) innies: Vec<Cell>,
    /// Open cells outside, of the split cages taken whole.
    pub(super) outies: Vec<Cell>,
    /// `sum(innies) - sum(outies)`.
    pub(super) value: i64,
}

/// The totals of the cages, where every fitting layout has the same one (every killer cage
/// with a sum); `None` for a cage without one. Refreshes every cage.
pub(super) fn totals(state: &mut State) -> Vec<Option<i64>> {
    (0..state.cages.len())
        .map(|k| {
            state.refresh(k);
            if !state.g.active[k] {
                return None;
            }
            if let Some(sum) = state.g.sums[k] {
                return Some(sum);
            }
            let table = &state.g.tables[k];
            let mut total = None;
            for &i in &state.cages[k].alive {
                let sum: i64 = table.row(i as usize).iter().map(|&d| i64::from(d)).sum();
                match total {
                    None => total = Some(sum),
                    Some(t) if t != sum => return None,
                    _ => {}
                }
            }
            total
        })
        .collect()
}

/// The digit of a placed cell.
fn placed_digit(state: &State, i: usize) -> Option<u8> {
    if state.placed[i] {
        state.cand[i].single_digit()
    } else {
        None
    }
}

impl Equation {
    /// Makes this the equation of `area`, keeping its lists' memory: the rules write one
    /// equation per area at every step. A split cage is taken whole (its outside cells
    /// become outies) when fewer of its open cells lie outside than inside, and its total
    /// is known.
    pub(super) fn of(&mut self, state: &State, area: &Area, totals: &[Option<i64>]) {
        let g = state.g;
        let n = g.n;
        let inside = |c: &Cell| g.house_bits[c.index()] & area.mask != 0;
        self.whole.clear();
        self.split.clear();
        self.innies.clear();
        self.outies.clear();
        let mut value = (n * (n + 1) / 2 * area.houses.len()) as i64;
        for &k in &area.cages {
            let Some(total) = totals[k] else { continue };
            let cells = g.cage_cells(k);
            let mut open_in = 0;
            let mut open_out = 0;
            for c in cells {
                if placed_digit(state, c.index()).is_none() {
                    if inside(c) {
                        open_in += 1;
                    } else {
                        open_out += 1;
                    }
                }
            }
            if cells.iter().all(inside) {
                value -= total;
                self.whole.push(k);
            } else if open_out < open_in {
                value -= total;
                self.split.push(k);
                for c in cells.iter().filter(|c| !inside(c)) {
                    match placed_digit(state, c.index()) {
                        Some(d) => value += i64::from(d),
                        None => self.outies.push(*c),
                    }
                }
            }
        }
        // A cell inside is covered when its cage was taken away, whole or split.
        for c in &area.cells {
            let covered = g.cage_of[c.index()]
                .is_some_and(|k| self.whole.contains(&k) || self.split.contains(&k));
            if covered {
                continue;
            }
            match placed_digit(state, c.index()) {
                Some(d) => value -= i64::from(d),
                None => self.innies.push(*c),
            }
        }
        self.value = value;
    }
}

/// Whether two cells may not hold the same digit: they share a house or a cage.
pub(super) fn apart(state: &State, a: Cell, b: Cell) -> bool {
    let g = state.g;
    (g.cage_of[a.index()].is_some() && g.cage_of[a.index()] == g.cage_of[b.index()]) || g.sees(a, b)
}

/// The digits each of `cells` takes in some assignment meeting `sum(plus) - sum(minus) =
/// value`, where `plus` are the first `split` of `cells` and `minus` the rest, no two
/// cells [`apart`] holding the same digit.
///
/// Each candidate not yet seen in an assignment is tried on its own, looking for one
/// assignment that uses it; an assignment found marks all its digits. Walking every
/// assignment instead was exponential in the cells at every call, and most calls find
/// every candidate supported.
pub(super) fn support(state: &State, cells: &[Cell], split: usize, value: i64) -> Vec<DigitSet> {
    let mut clash = vec![0u32; cells.len()];
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate() {
            if i != j && apart(state, a, b) {
                clash[i] |= 1 << j;
            }
        }
    }
    let mut sets: Vec<DigitSet> = cells.iter().map(|c| state.cand[c.index()]).collect();
    let mut out = vec![DigitSet::EMPTY; cells.len()];
    let mut pick = vec![0u8; cells.len()];
    for i in 0..cells.len() {
        for d in state.cand[cells[i].index()].iter() {
            if out[i].contains(d) {
                continue;
            }
            let all = sets[i];
            sets[i] = DigitSet::single(d);
            let signs = Signs {
                split,
                clash: &clash,
                sets: &sets,
            };
            if first(&signs, 0, value, &mut pick) {
                for (slot, &x) in pick.iter().enumerate() {
                    out[slot].insert(x);
                }
            }
            sets[i] = all;
        }
    }
    out
}

/// What [`first`] searches over: the candidates of each cell, which cells clash, and
/// where the plus cells end.
struct Signs<'a> {
    split: usize,
    clash: &'a [u32],
    sets: &'a [DigitSet],
}

/// Fills `pick[at..]` with one assignment reaching `rest`, if there is one.
fn first(s: &Signs, at: usize, rest: i64, pick: &mut [u8]) -> bool {
    if at == s.sets.len() {
        return rest == 0;
    }
    // The least and most the cells from `at` on can add, with their signs.
    let (mut low, mut high) = (0i64, 0i64);
    for (j, set) in s.sets.iter().enumerate().skip(at) {
        let (lo, hi) = (
            i64::from(set.min().unwrap_or(0)),
            i64::from(set.max().unwrap_or(0)),
        );
        if j < s.split {
            low += lo;
            high += hi;
        } else {
            low -= hi;
            high -= lo;
        }
    }
    if rest < low || rest > high {
        return false;
    }
    for d in s.sets[at].iter() {
        if (0..at).any(|j| s.clash[at] >> j & 1 == 1 && pick[j] == d) {
            continue;
        }
        let signed = if at < s.split {
            i64::from(d)
        } else {
            -i64::from(d)
        };
        pick[at] = d;
        if first(s, at + 1, rest - signed, pick) {
            return true;
        }
    }
    false
}

/// The areas of `g`, made on first use and kept with it: the houses, cells and cages of
/// each are fixed by the puzzle, and working them out again for every equation was a
/// large part of the 45 rule's time (docs/rules.md).
pub(super) fn areas_of(g: &Geometry) -> &Areas {
    g.areas.get_or_init(|| {
        let area = |houses: Vec<usize>| {
            let mask = houses.iter().fold(0u128, |m, &h| m | 1 << h);
            let mut cells: Vec<Cell> = houses
                .iter()
                .flat_map(|&h| g.houses[h].cells.iter().copied())
                .collect();
            cells.sort_unstable();
            let mut cages: Vec<usize> = cells.iter().filter_map(|c| g.cage_of[c.index()]).collect();
            cages.sort_unstable();
            cages.dedup();
            Area {
                houses,
                mask,
                cells,
                cages,
            }
        };
        Arc::new(Areas {
            single: (0..g.houses.len()).map(|h| area(vec![h])).collect(),
            several: several_houses(g).into_iter().map(area).collect(),
        })
    })
}

/// Areas of several houses a person adds up: runs of two to [`MAX_LINES`] neighbouring
/// rows or columns, and two regions side by side (sharing a row or a column band).
fn several_houses(g: &Geometry) -> Vec<Vec<usize>> {
    let n = g.n;
    let mut areas = Vec::new();
    for lines in 2..=MAX_LINES.min(n.saturating_sub(1)) {
        for start in 0..=n - lines {
            areas.push((start..start + lines).collect());
            areas.push((n + start..n + start + lines).collect());
        }
    }
    // Pairs of regions with two cells side by side, found through each cell's region.
    let mut region_of = vec![usize::MAX; n * n];
    for h in 2 * n..g.houses.len() {
        if !matches!(g.houses[h].kind, HouseKind::Region(_)) {
            continue;
        }
        for c in &g.houses[h].cells {
            region_of[c.index()] = h;
        }
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for i in 0..n * n {
        let (r, c) = (i / n, i % n);
        for j in [(c + 1 < n).then(|| i + 1), (r + 1 < n).then(|| i + n)]
            .into_iter()
            .flatten()
        {
            let (a, b) = (region_of[i], region_of[j]);
            if a != b && a != usize::MAX && b != usize::MAX {
                pairs.push((a.min(b), a.max(b)));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    areas.extend(pairs.into_iter().map(|(a, b)| vec![a, b]));
    areas
}

/// Neighbouring rows or columns added up together at most (a person adds one to four).
pub(super) const MAX_LINES: usize = 4;

/// The first step the 45 rule gives over `areas`: an equation of at most [`MAX_CELLS`] open
/// cells whose combinations remove candidates, as a step of `rule`. `memo` picks the rule's
/// [`Barren`]: an equation whose cells, candidates and value are as they were when it last
/// removed nothing is not solved again (the engine runs the rule after every step, and the
/// rule was two fifths of making a hard killer; docs/rules.md).
pub(super) fn innies_outies_step(
    state: &mut State,
    areas: &[Area],
    rule: &Rule,
    ctx: &mut Ctx,
    memo: fn(&mut Ctx) -> &mut Barren,
) -> Option<Found> {
    let totals = totals(state);
    let mut key = Vec::with_capacity(MAX_CELLS + 2);
    let mut eq = Equation::default();
    for (slot, area) in areas.iter().enumerate() {
        if ctx.tick() {
            return None;
        }
        eq.of(state, area, &totals);
        let count = eq.innies.len() + eq.outies.len();
        if count == 0 || count > MAX_CELLS {
            continue;
        }
        let mut cells = eq.innies.clone();
        cells.extend_from_slice(&eq.outies);
        // Everything `support` and `keep_only` read: the value, where the outies start,
        // and each cell with its candidates.
        key.clear();
        key.push(eq.value as u64);
        key.push(eq.innies.len() as u64);
        key.extend(
            cells
                .iter()
                .map(|c| u64::from(c.0) << 32 | u64::from(state.cand[c.index()].bits())),
        );
        let remembered = slot < SLOTS;
        let depth = ctx.depth;
        if remembered && memo(ctx).knows(depth, slot, &key) {
            continue;
        }
        let keep = support(state, &cells, eq.innies.len(), eq.value);
        let (eliminated, keep) = state.keep_only(&cells, &keep);
        if eliminated.is_empty() {
            if remembered {
                memo(ctx).note(depth, slot, &key);
            }
            continue;
        }
        let mut cause = cells.clone();
        for &k in eq.whole.iter().chain(&eq.split) {
            cause.extend_from_slice(state.g.cage_cells(k));
        }
        cause.sort_unstable();
        cause.dedup();
        let reason = Reason::InniesOuties {
            houses: area.houses.clone(),
            innies: std::mem::take(&mut eq.innies),
            outies: std::mem::take(&mut eq.outies),
            value: eq.value,
            keep,
        };
        return Some(Found::new(rule, reason, cause, Vec::new(), eliminated));
    }
    None
}
