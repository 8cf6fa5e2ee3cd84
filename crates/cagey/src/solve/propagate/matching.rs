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
//! come from the transitive closure by Warshall's algorithm over those bitsets: `n²` word
//! operations, a fraction of a microsecond for a 16x16 house.
//!
//! The matching of the last look at each house is kept as the first guess of the next, so
//! that most looks repair a cell or two with augmenting paths instead of matching afresh.
//! The closure runs without a branch, and a candidate `d` of `p` is checked by one lookup:
//! whether the cell matched to `d` reaches `p` (7% fewer instructions over four 16x16
//! puzzles than collecting the digits of `p`'s cycles).
//!
//! Tried and dropped: matching only the open cells (a smaller graph, but sound only if the
//! single cells' digits have left the house, so one house per look, the cheaper rules
//! running in between): 16 of the 16x16 puzzles took 120,700 nodes against 78,200, at the
//! same cost per node, which the rule's few hundred nanoseconds a house do not dominate.

use super::fixpoint::Engine;

/// The smallest grid side the rule runs on. On 9x9 it saves no nodes once the search
/// restarts (hard 9x9 big cages / sums only: 30,500 / 42,200 nodes without it, 41,900 /
/// 47,500 with it) and costs 10% on Keen's 9x9, most solved without a guess. On 12x12 it
/// saves nodes (51,200 without, 37,100 with) but not time: the median went from 2.05 to
/// 2.35 ms and the 90th percentile from 11.4 to 14.2 ms, the total the same. On 16x16 it
/// pays: 192,300 nodes without it, 78,200 with it, on 16 of the puzzles.
pub(super) const MATCHING_FROM: usize = 13;

/// Marks a digit no cell holds in the matching at hand.
const FREE: u8 = u8::MAX;

impl Engine<'_> {
    /// Applies all-different consistency to every house that changed since it last did.
    /// `false` on a contradiction.
    pub(super) fn all_different(&mut self) -> bool {
        while self.matching_dirty != 0 {
            let house = self.matching_dirty.trailing_zeros() as usize;
            self.matching_dirty &= self.matching_dirty - 1;
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
        const MAX: usize = crate::model::MAX_SIZE;
        let rules = self.rules;
        let n = rules.n;
        let mut masks = [0u32; MAX];
        for (p, mask) in masks[..n].iter_mut().enumerate() {
            *mask = self.state[rules.house_cell(house, p)];
        }
        let masks = &masks[..n];
        // The matching: each cell's digit and each digit's cell, from the last look's where
        // it still holds.
        let hint = &mut self.matches[house * n..(house + 1) * n];
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
                    return false;
                }
            }
        }
        hint.copy_from_slice(&digit_of[..n]);
        // reach[p]: the cells p reaches, p -> q when p may take q's digit.
        let mut reach = [0u32; MAX];
        for p in 0..n {
            let mut next = 0u32;
            let mut bits = masks[p] & !(1 << digit_of[p]);
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                next |= 1 << cell_of[d];
            }
            reach[p] = next;
        }
        // Warshall: after step k, paths through cells 0..=k are closed. Without a branch,
        // so that the inner loop runs several cells to an instruction.
        for k in 0..n {
            let through = reach[k];
            for r in reach[..n].iter_mut() {
                *r |= through & 0u32.wrapping_sub((*r >> k) & 1);
            }
        }
        for p in 0..n {
            let mask = masks[p];
            if mask & (mask - 1) == 0 {
                continue;
            }
            // p may take another digit d only if the cell matched to d can reach p again,
            // closing a cycle: then swapping along it gives p d in a perfect matching.
            let mut lost = 0;
            let mut bits = mask & !(1 << digit_of[p]);
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if reach[usize::from(cell_of[d])] & (1 << p) == 0 {
                    lost |= 1 << d;
                }
            }
            if lost != 0 && !self.remove(rules.house_cell(house, p), lost, false) {
                return false;
            }
        }
        // What this look removed leaves the house consistent: no need to look again.
        self.matching_dirty &= !(1 << house);
        true
    }
}

/// Looks for an augmenting path from the unmatched cell `p` (Kuhn's algorithm), over digits
/// not yet `visited`; on success the matching is one larger.
fn augment(
    p: usize,
    masks: &[u32],
    digit_of: &mut [u8; crate::model::MAX_SIZE],
    cell_of: &mut [u8; crate::model::MAX_SIZE],
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
