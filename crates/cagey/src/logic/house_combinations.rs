//! Killer, hard: the combinations of a house. A row, column or box holds every digit once,
//! so the cages that meet it must share its digits out between them: each puts in the
//! house the digits one of its combinations puts on its cells there, and those sets of
//! digits, one a cage (a cell in no cage is a set of one), must not overlap. A combination
//! of a cage that leaves the other cages of the house no sets that fit together is out:
//! the cage's combinations narrowed by the others, as walkthroughs write them
//! (`11(3) = 2{18/36}`). It is combination interaction (two cages) and the hidden cage (a
//! house less its whole cages) done for every cage of the house at once.
//!
//! The search is over sets of digits, not layouts. With the house's pieces (a cage's cells
//! in the house) in a row, the digits used by the first `i` pieces form one of at most
//! 2^n sets; the sets reachable from the front and those from which the back can be
//! finished say which of each piece's digit sets lie in a full share-out:
//!
//! ```text
//! piece      0        1        2    ...    p-1
//! reach  {∅} ──o0──▶ {..} ──o1──▶ {..} ... ──▶ {1..n}   forwards: used ∪ o, o ∩ used = ∅
//! finish     ◀───────────────────────────────── {1..n}   backwards: from the full set
//! ```
//!
//! An option `o` of piece `i` is kept when some `used` reached before `i` finishes with
//! `used ∪ o` after it. At most `p · 2^n` sets, a few thousand for a 9x9.

use super::cage_combinations::{add_combination, sort_combinations};
use super::level::Level;
use super::rule::{Ctx, Rule};
use super::state::State;
use super::step::{Found, Reason};
use crate::model::{Cell, DigitSet};

/// The rule.
pub(super) const RULE: Rule = Rule {
    name: "house combinations",
    level: Level::Hard,
    weight: 130,
    summary: "the cages meeting a house share its digits out: a cage keeps the combinations that leave the others digits that fit",
    find,
};

/// The largest side the rule looks at: its tables of digit sets have 2^n entries, 4,096
/// at 12, where 16 would be 65,536 a house.
const MAX_SIDE: usize = 12;

/// A cage with more live layouts than this counts as its cells alone (each any of its
/// candidates) in a house: the cage of 45 over nine cells has 362,880 layouts, and a person
/// does not list a big cage's combinations either. At 3,000 the trials of Wecoc #1
/// (`tests/fixtures/wecoc-1.kk`), whose cages of five cells have hundreds of layouts
/// each, made its grade 2.3 s against 0.9 s without the rule; at 300, 1.6 s, and
/// Unofficial Assassin 100 is explained with the same steps.
const MAX_LAYOUTS: usize = 300;

/// One piece of a house: the cells of a cage (or a lone cell) inside it, and the digit
/// sets it can put there.
struct Piece {
    /// The cage, and the positions of its cells in the house (a mask over its cells), when
    /// the piece is a cage's whose layouts were read.
    cage: Option<(usize, u64)>,
    /// The digit sets, as bit masks (bit `d - 1` for digit `d`).
    options: Vec<u32>,
}

fn find(state: &mut State, ctx: &mut Ctx) -> Option<Found> {
    let g = state.g;
    if !g.killer || g.n > MAX_SIDE {
        return None;
    }
    for k in 0..state.cages.len() {
        state.refresh(k);
    }
    let mut key: Vec<u64> = Vec::new();
    let mut pieces: Vec<Piece> = Vec::new();
    let mut meeting: Vec<usize> = Vec::new();
    for h in 0..g.houses.len() {
        if ctx.tick() {
            return None;
        }
        let house = &g.houses[h].cells;
        meeting.clear();
        meeting.extend(house.iter().filter_map(|c| g.cage_of[c.index()]));
        meeting.sort_unstable();
        meeting.dedup();
        // What the search reads: the candidates of the house's cells and of every cell of
        // the cages meeting it (a cage's live layouts are the ones its cells allow).
        key.clear();
        key.extend(
            house
                .iter()
                .map(|c| u64::from(state.cand[c.index()].bits())),
        );
        for k in meeting.iter().copied() {
            key.extend(
                g.cage_cells(k)
                    .iter()
                    .map(|c| u64::from(state.cand[c.index()].bits())),
            );
        }
        if ctx.barren_house_combinations.knows(ctx.depth, h, &key) {
            continue;
        }
        pieces.clear();
        let mut in_piece = 0u64;
        for k in meeting.iter().copied() {
            let Some(&(_, mask)) = g.cage_houses[k].iter().find(|(x, _)| *x == h) else {
                continue;
            };
            let cells = g.cage_cells(k);
            let alive = &state.cages[k].alive;
            if !g.active[k] || alive.len() > MAX_LAYOUTS {
                continue;
            }
            let table = &g.tables[k];
            let mut options: Vec<u32> = alive
                .iter()
                .map(|&i| {
                    let row = table.row(i as usize);
                    (0..cells.len())
                        .filter(|&pos| mask >> pos & 1 == 1)
                        .fold(0u32, |m, pos| m | 1 << (row[pos] - 1))
                })
                .collect();
            options.sort_unstable();
            options.dedup();
            for (j, c) in house.iter().enumerate() {
                if g.cage_of[c.index()] == Some(k) {
                    in_piece |= 1 << j;
                }
            }
            pieces.push(Piece {
                cage: Some((k, mask)),
                options,
            });
        }
        // Cells in no cage read (none, a cage switched off, or one too big to list): each
        // a piece of its own, any of its candidates.
        for (j, c) in house.iter().enumerate() {
            if in_piece >> j & 1 == 0 {
                let options = state.cand[c.index()]
                    .iter()
                    .map(|d| 1u32 << (d - 1))
                    .collect();
                pieces.push(Piece {
                    cage: None,
                    options,
                });
            }
        }
        if !pieces.iter().any(|p| p.cage.is_some()) {
            continue;
        }
        let good = share_out(&pieces, g.n);
        let found = pieces.iter().zip(&good).find_map(|(piece, good)| {
            let (k, mask) = piece.cage?;
            if good.len() == piece.options.len() {
                return None;
            }
            keep_cage(state, k, mask, good)
        });
        match found {
            Some(Kept {
                cage,
                combos,
                keep,
                eliminated,
            }) => {
                let reason = Reason::HouseCombinations {
                    house: h,
                    cage,
                    combos,
                    keep,
                };
                // The house and the cage: the other cages' cells outside the house, which
                // shape their sets too, would make the hint's list of cells a third of the grid.
                let mut cause = house.clone();
                cause.extend_from_slice(g.cage_cells(cage));
                cause.sort_unstable_by_key(|c| c.index());
                cause.dedup();
                return Some(Found::new(&RULE, reason, cause, Vec::new(), eliminated));
            }
            None => ctx.barren_house_combinations.note(ctx.depth, h, &key),
        }
    }
    None
}

/// What a cage keeps: its combinations left, each cell that loses a digit with what it
/// keeps, and the eliminations.
struct Kept {
    cage: usize,
    combos: Vec<DigitSet>,
    keep: Vec<(Cell, DigitSet)>,
    eliminated: Vec<(Cell, u8)>,
}

/// What cage `k` keeps when only its layouts that put one of the sets `good` on its cells
/// of the house (`mask`) are left; `None` when its cells lose nothing.
fn keep_cage(state: &State, k: usize, mask: u64, good: &[u32]) -> Option<Kept> {
    let g = state.g;
    let cells = g.cage_cells(k);
    let table = &g.tables[k];
    let mut per_cell = vec![DigitSet::EMPTY; cells.len()];
    let mut combos = Vec::new();
    for &i in &state.cages[k].alive {
        let row = table.row(i as usize);
        let set = (0..cells.len())
            .filter(|&pos| mask >> pos & 1 == 1)
            .fold(0u32, |m, pos| m | 1 << (row[pos] - 1));
        if good.binary_search(&set).is_err() {
            continue;
        }
        for (pos, &d) in row.iter().enumerate() {
            per_cell[pos].insert(d);
        }
        add_combination(&mut combos, row.iter().copied().collect());
    }
    let (eliminated, keep) = state.keep_only(cells, &per_cell);
    if eliminated.is_empty() {
        return None;
    }
    sort_combinations(&mut combos);
    Some(Kept {
        cage: k,
        combos,
        keep,
        eliminated,
    })
}

/// For each piece, its options (sorted) that lie in a share-out of the digits `1..=n`:
/// one option a piece, no two overlapping, all of them together every digit.
fn share_out(pieces: &[Piece], n: usize) -> Vec<Vec<u32>> {
    let size = 1usize << n;
    let full = (size - 1) as u32;
    // reach[i]: the digit sets the first i pieces can use between them.
    let mut reach: Vec<Vec<u32>> = Vec::with_capacity(pieces.len() + 1);
    reach.push(vec![0]);
    let mut seen = vec![usize::MAX; size];
    for (i, piece) in pieces.iter().enumerate() {
        let mut next = Vec::new();
        for &used in &reach[i] {
            for &o in &piece.options {
                if used & o == 0 && seen[(used | o) as usize] != i {
                    seen[(used | o) as usize] = i;
                    next.push(used | o);
                }
            }
        }
        reach.push(next);
    }
    // Backwards: finish[m] at step i+1 says the pieces from i+1 on can complete m.
    let mut finish = vec![false; size];
    finish[full as usize] = reach[pieces.len()].contains(&full);
    let mut good: Vec<Vec<u32>> = vec![Vec::new(); pieces.len()];
    for i in (0..pieces.len()).rev() {
        let mut before = vec![false; size];
        for &used in &reach[i] {
            for &o in &pieces[i].options {
                if used & o == 0 && finish[(used | o) as usize] {
                    before[used as usize] = true;
                    good[i].push(o);
                }
            }
        }
        good[i].sort_unstable();
        good[i].dedup();
        finish = before;
    }
    good
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(options: &[u32]) -> Piece {
        Piece {
            cage: None,
            options: options.to_vec(),
        }
    }

    #[test]
    fn an_option_that_leaves_another_piece_nothing_is_dropped() {
        // Digits 1..3: a piece of one cell {1} forces the two-cell piece to {2,3}.
        let pieces = [piece(&[0b011, 0b110]), piece(&[0b001])];
        let good = share_out(&pieces, 3);
        assert_eq!(good[0], vec![0b110]);
        assert_eq!(good[1], vec![0b001]);
    }

    #[test]
    fn no_share_out_keeps_nothing() {
        let pieces = [piece(&[0b001]), piece(&[0b001]), piece(&[0b100])];
        let good = share_out(&pieces, 3);
        assert!(good.iter().all(Vec::is_empty));
    }
}
