//! The Latin rules, on the houses (rows, columns, and the regions of puzzles with boxes or
//! jigsaw regions): removing a candidate, naked singles, hidden singles, and noticing when a
//! digit's last places in a house all lie in one cage. Under the diagonal rule, naked and
//! hidden singles on the two long diagonals too.
//!
//! Every removal keeps two views in step: a cell's candidates, and for each house and digit
//! the positions still open to the digit. A digit left with one position in a house is a
//! hidden single, found the moment it happens rather than by scanning the grid; a digit left
//! with none is a contradiction.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*houses.rs*).

use super::engine::{Engine, Layout};

impl Engine<'_> {
    /// Removes `bits` from the candidates of `cell`, queueing what follows: the cell's cage
    /// (unless `from_cage`, when the cage itself removed them and is consistent already), the
    /// cell if it became single, hidden singles and locked digits. `false` on a
    /// contradiction.
    #[inline(never)]
    pub(super) fn remove(&mut self, cell: usize, bits: u32, from_cage: bool) -> bool {
        self.remove_inlined(cell, bits, from_cage, usize::MAX)
    }

    /// [`Engine::remove`], inlined into [`Engine::naked_single`], its most frequent caller
    /// (most removals are a naked single's digit leaving its peers).
    ///
    /// The positions of the cell's `settled`th house (a row, a column, a region for 0, 1,
    /// 2; none if past them) are left alone: the caller has set them.
    #[inline(always)]
    fn remove_inlined(&mut self, cell: usize, bits: u32, from_cage: bool, settled: usize) -> bool {
        let old = self.state[cell];
        let bits = bits & old;
        if bits == 0 {
            return true;
        }
        let new = old & !bits;
        if new == 0 {
            return false;
        }
        self.state[cell] = new;
        let rules = self.rules;
        if new & (new - 1) == 0 {
            self.queues.singles.push(cell as u32);
            self.state[Layout::open(rules)] -= 1;
        }
        if !from_cage {
            self.mark(rules.cage_of[cell] as usize);
        }
        self.queues.house_dirty |= rules.alone_in_sums[cell];
        if self.matching.on != 0 {
            self.queues.matching_dirty |= rules.houses_of[cell];
        }
        for k in 0..rules.per_cell {
            if k == settled {
                continue;
            }
            let (house, p) = rules.house_of(cell, k);
            let mut gone = bits;
            while gone != 0 {
                let digit = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                if !self.lose(house, p, digit) {
                    return false;
                }
            }
        }
        true
    }

    /// Notes that `digit` can no longer go at position `p` of `house`.
    #[inline]
    fn lose(&mut self, house: usize, p: usize, digit: usize) -> bool {
        let rules = self.rules;
        let at = Layout::positions(rules, house, digit);
        let positions = self.state[at] & !(1 << p);
        self.state[at] = positions;
        if positions == 0 {
            self.culprit = rules.cages.len() + house;
            return false;
        }
        let first = positions.trailing_zeros() as usize;
        if positions & (positions - 1) == 0 {
            self.queues
                .places
                .push((rules.house_cell(house, first) as u32, 1 << digit));
            return true;
        }
        // A cell with no group in the house comes with no positions: never all of them.
        let (group, within) = rules.house_group[house * rules.n + first];
        if positions & !within == 0 {
            self.queues.locks.push((group, digit as u32));
        }
        true
    }

    /// Removes the digit of the single `cell` from the rest of its houses.
    #[inline(never)]
    pub(super) fn naked_single(&mut self, cell: usize) -> bool {
        let rules = self.rules;
        let bit = self.state[cell];
        let digit = bit.trailing_zeros() as usize;
        for k in 0..rules.per_cell {
            let (house, p) = rules.house_of(cell, k);
            self.culprit = rules.cages.len() + house;
            let at = Layout::positions(rules, house, digit);
            let mut peers = self.state[at] & !(1 << p);
            // In the first propagation the digit's one place in the house is the cell's at
            // once: its peers' removals need not narrow it a place at a time, each look for
            // a hidden single or a locked digit there finding only this cell (see
            // [`Engine::first_pass`]).
            let settled = if self.first_pass {
                self.state[at] = 1 << p;
                k
            } else {
                usize::MAX
            };
            while peers != 0 {
                let q = peers.trailing_zeros() as usize;
                peers &= peers - 1;
                if !self.remove_inlined(rules.house_cell(house, q), bit, false, settled) {
                    return false;
                }
            }
        }
        if !rules.diagonal_of.is_empty() && !self.diagonal_single(cell, bit) {
            return false;
        }
        self.nogoods.count() == 0 || self.nogood_fired(cell)
    }

    /// Under the diagonal rule, removes the digit `bit` of the single `cell` from the rest
    /// of the diagonals through it. `false` on a contradiction, charged to the cage of the
    /// cell left empty.
    pub(super) fn diagonal_single(&mut self, cell: usize, bit: u32) -> bool {
        let rules = self.rules;
        let n = rules.n;
        let on = rules.diagonal_of[cell];
        for d in (0..2).filter(|d| on >> d & 1 == 1) {
            for &peer in &rules.diagonal_cells[d * n..(d + 1) * n] {
                let peer = peer as usize;
                if peer != cell && self.state[peer] & bit != 0 {
                    self.culprit = rules.cage_of[peer] as usize;
                    if !self.remove(peer, bit, false) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Under the diagonal rule, looks along both diagonals for a digit with no place left
    /// (a contradiction, `Some(false)`) or with one place in a cell that still has others
    /// (placed there, `Some` of whether that holds). `None` when neither is found: the
    /// diagonals have nothing more to say. Run only once every other rule is done, as a
    /// look at 2n cells costs less than keeping per-digit places up to date on every
    /// removal, which the houses do.
    pub(super) fn diagonal_hidden_single(&mut self) -> Option<bool> {
        let rules = self.rules;
        let n = rules.n;
        for d in 0..2 {
            let cells = &rules.diagonal_cells[d * n..(d + 1) * n];
            // Digits seen in one cell at least, and in two at least.
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in cells {
                let candidates = self.state[cell as usize];
                twice |= once & candidates;
                once |= candidates;
            }
            if once != rules.full {
                self.culprit = rules.cage_of[cells[0] as usize] as usize;
                return Some(false);
            }
            let mut alone = once & !twice;
            while alone != 0 {
                let bit = alone & alone.wrapping_neg();
                alone &= alone - 1;
                let cell = cells
                    .iter()
                    .map(|&cell| cell as usize)
                    .find(|&cell| self.state[cell] & bit != 0)?;
                if self.state[cell] != bit {
                    self.culprit = rules.cage_of[cell] as usize;
                    return Some(self.place(cell, bit));
                }
            }
        }
        None
    }

    /// Places a hidden single: `bit` is the only place left for its digit in a house.
    #[inline(never)]
    pub(super) fn place(&mut self, cell: usize, bit: u32) -> bool {
        let old = self.state[cell];
        if old & bit == 0 {
            // Another hidden single took the cell first.
            return false;
        }
        self.remove(cell, old & !bit, false)
    }
}
