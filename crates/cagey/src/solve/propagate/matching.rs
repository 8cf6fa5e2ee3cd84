//! All-different consistency on the houses by matching (Régin, AAAI 1994): a digit stays in
//! a cell only while some way of giving every cell of the house a different digit puts it
//! there.
//!
//! The cells and digits of a house form a bipartite graph, an edge for each candidate. The
//! house is solvable only if the graph has a perfect matching; given one, `M`, a candidate
//! `d` of cell `p` is in some perfect matching if and only if `d` is `M(p)` or the cell `q`
//! that `M` gives `d` lies on a cycle with `p` in the graph of cells where `p -> q` when `p`
//! may take `M(q)`: swapping along the cycle moves every cell on it to its successor's
//! digit.
//!
//! ```text
//!   cell    candidates   M      p -> q when p may take M(q)
//!    a        1 2        1      a -> b, b -> a: one cycle, 1 and 2 stay in a and b;
//!    b        1 2        2      c -> a, c -> b, no way back: c loses 1 and 2,
//!    c        1 2 3      3      which is the naked pair {1, 2} of a and b
//! ```
//!
//! This finds every naked and hidden subset of every size at once (hidden singles are the
//! case of one). With at most 32 cells a house's graph is a `u32` per cell, and the cycles
//! are its strongly connected components: `q` lies on a cycle with `p` when each reaches
//! the other. Each component is the cells a breadth-first search reaches from one of its
//! cells, forward, met with those reaching it, backward, a frontier of bits at a time; a
//! cell keeps the digits matched to the cells of its component. Most looks find one
//! component of all the open cells and remove nothing.
//!
//! The matching of the last look at each house is kept as the first guess of the next, so
//! that most looks repair a cell or two with augmenting paths instead of matching afresh.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*matching.rs*).

use super::engine::Engine;

/// Marks a digit no cell holds in the matching at hand.
const FREE: u8 = u8::MAX;

impl Engine<'_> {
    /// Applies all-different consistency to every house that changed since it last did.
    /// `false` on a contradiction.
    pub(super) fn all_different(&mut self) -> bool {
        while self.queues.matching_dirty != 0 {
            let house = self.queues.matching_dirty.trailing_zeros() as usize;
            self.queues.matching_dirty &= self.queues.matching_dirty - 1;
            self.culprit = self.rules.cages.len() + house;
            if !self.match_house(house) {
                return false;
            }
        }
        true
    }

    /// All-different consistency on one house. Every cell takes part, single or not: a
    /// single cell's digit may not have left the others yet (the singles of the houses
    /// looked at before are still queued), and then the single cell keeps it in every
    /// perfect matching.
    fn match_house(&mut self, house: usize) -> bool {
        let rules = self.rules;
        let n = rules.n;
        let mut masks = [0u32; MAX];
        for (p, mask) in masks[..n].iter_mut().enumerate() {
            *mask = self.state[rules.house_cell(house, p)];
        }
        let hint = &mut self.matching.matches[house * n..(house + 1) * n];
        let Some(lost) = unmatched(&masks[..n], hint) else {
            return false;
        };
        // Removed in the order of the cells, which decides what a contradiction is charged
        // to, and so the search.
        for (p, &lost) in lost[..n].iter().enumerate() {
            if lost != 0 && !self.remove(rules.house_cell(house, p), lost, false) {
                return false;
            }
        }
        // What this look removed leaves the house consistent: no need to look again.
        self.queues.matching_dirty &= !(1 << house);
        true
    }
}

/// The most cells a house has.
const MAX: usize = crate::model::MAX_SIZE;

/// For the candidates `masks` of a house's cells, the digits of each cell that no perfect
/// matching of the cells to the digits gives it; `None` if there is no perfect matching.
/// `hint` holds a matching to start from (a cell's digit, or [`FREE`]), and is left holding
/// the one found.
fn unmatched(masks: &[u32], hint: &mut [u8]) -> Option<[u32; MAX]> {
    let n = masks.len();
    // The matching: each cell's digit and each digit's cell, from the hint's where it still
    // holds.
    let mut digit_of = [FREE; MAX];
    let mut cell_of = [FREE; MAX];
    for p in 0..n {
        let d = hint[p];
        if d != FREE && masks[p] & (1 << d) != 0 && cell_of[usize::from(d)] == FREE {
            digit_of[p] = d;
            cell_of[usize::from(d)] = p as u8;
        }
    }
    for p in 0..n {
        if digit_of[p] == FREE {
            let mut visited = 0u32;
            if !augment(p, masks, &mut digit_of, &mut cell_of, &mut visited) {
                return None;
            }
        }
    }
    hint.copy_from_slice(&digit_of[..n]);
    // next[p]: the cells p reaches in one step, p -> q when p may take q's digit; back[q]:
    // the cells that reach q in one step.
    let mut next = [0u32; MAX];
    let mut back = [0u32; MAX];
    for p in 0..n {
        let mut bits = masks[p] & !(1 << digit_of[p]);
        while bits != 0 {
            let q = usize::from(cell_of[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
            next[p] |= 1 << q;
            back[q] |= 1 << p;
        }
    }
    // p may take another digit d only if the cell matched to d lies in p's strongly
    // connected component, closing a cycle through p: then swapping along it gives p d in a
    // perfect matching. The components, each the cells both reached from one of its cells
    // and reaching it; a cell with nowhere to go (a single) is one alone, and loses nothing.
    let mut left: u32 = (0..n).filter(|&p| next[p] != 0).fold(0, |m, p| m | 1 << p);
    let mut lost = [0u32; MAX];
    while left != 0 {
        let root = left.trailing_zeros() as usize;
        let component = closure(root, &next) & closure(root, &back);
        left &= !component;
        let mut digits = 0u32;
        let mut cells = component;
        while cells != 0 {
            digits |= 1 << digit_of[cells.trailing_zeros() as usize];
            cells &= cells - 1;
        }
        let mut cells = component;
        while cells != 0 {
            let p = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            lost[p] = masks[p] & !digits;
        }
    }
    Some(lost)
}

/// The cells `root` reaches (itself included) in the graph whose edges from `p` are the
/// bits of `edges[p]`: a breadth-first search a frontier of bits at a time.
fn closure(root: usize, edges: &[u32; MAX]) -> u32 {
    let mut seen = 1u32 << root;
    let mut frontier = seen;
    while frontier != 0 {
        let mut reached = 0;
        while frontier != 0 {
            reached |= edges[frontier.trailing_zeros() as usize];
            frontier &= frontier - 1;
        }
        frontier = reached & !seen;
        seen |= frontier;
    }
    seen
}

/// Looks for an augmenting path from the unmatched cell `p` (Kuhn's algorithm), over digits
/// not yet `visited`; on success the matching is one larger.
fn augment(
    p: usize,
    masks: &[u32],
    digit_of: &mut [u8; MAX],
    cell_of: &mut [u8; MAX],
    visited: &mut u32,
) -> bool {
    let mut bits = masks[p] & !*visited;
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if *visited & (1 << d) != 0 {
            continue;
        }
        *visited |= 1 << d;
        let q = cell_of[d];
        if q == FREE || augment(usize::from(q), masks, digit_of, cell_of, visited) {
            digit_of[p] = d as u8;
            cell_of[d] = p as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits each cell takes in some way of giving every cell a different one, found
    /// by trying every permutation; `None` if there is none.
    fn by_permutations(masks: &[u32]) -> Option<Vec<u32>> {
        fn fill(p: usize, masks: &[u32], used: u32, taken: &mut Vec<u32>, seen: &mut [u32]) {
            if p == masks.len() {
                for (cell, &bit) in taken.iter().enumerate() {
                    seen[cell] |= bit;
                }
                return;
            }
            let mut bits = masks[p] & !used;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits &= bits - 1;
                taken.push(bit);
                fill(p + 1, masks, used | bit, taken, seen);
                taken.pop();
            }
        }
        let mut seen = vec![0; masks.len()];
        fill(0, masks, 0, &mut Vec::new(), &mut seen);
        seen.iter().all(|&s| s != 0).then_some(seen)
    }

    #[test]
    fn keeps_exactly_the_digits_of_some_perfect_matching() {
        // Random houses of 2 to 7 cells (a seeded xorshift), from a few candidates a cell to
        // all of them, against every permutation; each from no hint and from a stale one.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut pruned, mut refuted) = (0, 0);
        for round in 0..4000 {
            let n = 2 + round % 6;
            let full = (1u32 << n) - 1;
            let masks: Vec<u32> = (0..n)
                .map(|_| {
                    // About a quarter of the digits in even rounds, half in odd ones.
                    let bits = if round % 2 == 0 {
                        random() & random()
                    } else {
                        random()
                    };
                    let mask = bits as u32 & full;
                    if mask == 0 {
                        1 << (random() % n as u64)
                    } else {
                        mask
                    }
                })
                .collect();
            let expected = by_permutations(&masks);
            for stale in [false, true] {
                let mut hint: Vec<u8> = (0..n)
                    .map(|_| {
                        if stale {
                            (random() % n as u64) as u8
                        } else {
                            FREE
                        }
                    })
                    .collect();
                let found = unmatched(&masks, &mut hint);
                match &expected {
                    None => assert!(found.is_none(), "{masks:?}"),
                    Some(kept) => {
                        let lost = found.unwrap_or_else(|| panic!("{masks:?}"));
                        for p in 0..n {
                            assert_eq!(masks[p] & !lost[p], kept[p], "{masks:?}, cell {p}");
                            assert_ne!(masks[p] & (1 << hint[p]), 0, "the matching fits");
                        }
                    }
                }
            }
            match &expected {
                None => refuted += 1,
                Some(kept) if kept.as_slice() != masks.as_slice() => pruned += 1,
                _ => {}
            }
        }
        // The cases the test must meet: houses with no matching, and digits to remove.
        assert!(refuted > 100 && pruned > 100, "{refuted} {pruned}");
    }
}
