//! Killer, hard: combination interactions. Two cages whose cells see each other (they
//! share a row, column or box) cannot use a digit twice where they meet, so a combination
//! of one that leaves the other no fitting combination is out: `cage 10 at r1c1 (1+9, 2+8)
//! meets cage 11 at r1c3 (2+9) in row 1: 1+9 and 2+8 each leave it nothing but ...`. The cage
//! keeps the layouts that leave the other one a layout, and its cells their digits.

use super::cage_combinations::{add_combination, sort_combinations};
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::DigitSet;

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "combination interaction",
    level: Level::Hard,
    weight: 120,
    summary: "a cage keeps only the combinations that leave a cage it sees a combination that fits",
    find,
};

/// Pairs of layouts compared at most for two cages: two cages of five cells have hundreds
/// each, and a person compares a handful.
const MAX_PAIRS: usize = 4096;

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let g = state.g;
    let cages = state.cages.len();
    for k in 0..cages {
        state.refresh(k);
    }
    let mut key = Vec::new();
    let mut meet: Vec<(usize, usize)> = Vec::new();
    for a in 0..cages {
        if !g.active[a] || state.cages[a].alive.len() < 2 {
            continue;
        }
        let cells_a = g.cage_cells(a);
        for b in 0..cages {
            if a == b || !g.active[b] {
                continue;
            }
            if ctx.tick() {
                return None;
            }
            let union_a = state.cages[a].union;
            let union_b = state.cages[b].union;
            if (union_a & union_b).is_empty() {
                continue;
            }
            let cells_b = g.cage_cells(b);
            // What the pair's comparison reads: the candidates of both cages' cells (a
            // cage's live layouts are the ones its cells' candidates allow). A pair as it
            // was when it last gave nothing is passed over: most steps change a few cells,
            // and comparing the same pairs of layouts again was a fifth of making a hard
            // killer (docs/rules.md).
            key.clear();
            key.extend(
                cells_a
                    .iter()
                    .chain(cells_b)
                    .map(|c| u64::from(state.cand[c.index()].bits())),
            );
            let slot = a * cages + b;
            if ctx.barren_interaction.knows(ctx.depth, slot, &key) {
                continue;
            }
            // The pairs of positions (in a, in b) whose cells see each other.
            meet.clear();
            for (i, &ca) in cells_a.iter().enumerate() {
                for (j, &cb) in cells_b.iter().enumerate() {
                    if g.sees(ca, cb) {
                        meet.push((i, j));
                    }
                }
            }
            if meet.is_empty() {
                continue;
            }
            let (alive_a, alive_b) = (&state.cages[a].alive, &state.cages[b].alive);
            if alive_a.len() * alive_b.len() > MAX_PAIRS {
                continue;
            }
            let (ta, tb) = (&g.tables[a], &g.tables[b]);
            // A layout of `b` that puts no digit `a` can have where they meet leaves every
            // layout of `a` fitting: then only digits no layout of `a` has could go, and
            // when there are none the pair is done without comparing its layouts (a cheap
            // test first; it took the rule's instructions down by a twentieth).
            let per_a = &state.cages[a].per_cell;
            let nothing_to_take = cells_a
                .iter()
                .zip(per_a)
                .all(|(c, &had)| (state.cand[c.index()] & !had).is_empty());
            if nothing_to_take
                && alive_b.iter().any(|&j| {
                    let rb = tb.row(j as usize);
                    meet.iter().all(|&(x, y)| !per_a[x].contains(rb[y]))
                })
            {
                ctx.barren_interaction.note(ctx.depth, slot, &key);
                continue;
            }
            let fits = |i: u32| {
                let ra = ta.row(i as usize);
                alive_b.iter().any(|&j| {
                    let rb = tb.row(j as usize);
                    meet.iter().all(|&(x, y)| ra[x] != rb[y])
                })
            };
            let mut per_cell = vec![DigitSet::EMPTY; cells_a.len()];
            for &i in alive_a.iter().filter(|&&i| fits(i)) {
                for (pos, &d) in ta.row(i as usize).iter().enumerate() {
                    per_cell[pos].insert(d);
                }
            }
            let (eliminated, keep) = state.keep_only(cells_a, &per_cell);
            if eliminated.is_empty() {
                ctx.barren_interaction.note(ctx.depth, slot, &key);
                continue;
            }
            // What the step says, worked out only for the pair that gives one.
            let mut count = 0;
            let mut combos = Vec::new();
            for &i in alive_a.iter().filter(|&&i| fits(i)) {
                count += 1;
                add_combination(&mut combos, ta.row(i as usize).iter().copied().collect());
            }
            sort_combinations(&mut combos);
            let reason = Reason::CombinationInteraction {
                cage: a,
                other: b,
                count,
                combos,
                keep,
            };
            let mut cause = cells_a.to_vec();
            cause.extend_from_slice(cells_b);
            return Some(Found::new(&RULE, reason, cause, Vec::new(), eliminated));
        }
    }
    None
}
