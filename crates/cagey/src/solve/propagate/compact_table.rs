//! Compact-table filtering of cage tuples (Demeulenaere, Hartert, Lecoutre et al., CP 2016),
//! and the two rules that tie cages to houses.
//!
//! Each tabulated cage keeps its live tuples as a bitset, one bit per tuple of its table
//! ([`tables`](super::tables)). When candidates of its cells change, the bitset is
//! intersected with the supports of what remains (or with the complement of the supports of
//! what went, whichever is fewer digits): a few word operations per 64 tuples. A digit stays
//! in a cell while the bitset meets that cell's support for it; the word where it last met
//! (the *residue*) is tried first, so that most checks cost one AND.
//!
//! The bitset is a reversible *sparse* bitset: the table's word numbers are kept in an
//! array with the non-zero words first, and the count of non-zero words is part of the search
//! state. Words that become zero are swapped past the count, so every loop runs over live
//! words only, and restoring the count on backtracking restores the set.
//!
//! ```text
//!   index:  [ 4  0  2 | 1  3 ]     live words: 3 (part of the search state)
//!   words:  w0 w1 w2 w3 w4         w1 and w3 are zero: every tuple there is dead
//! ```
//!
//! Changed words go to a trail with their old value, once per search node.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*compact_table.rs*).

use super::engine::{Engine, Layout};
use super::rules::{Kind, Table};

impl Engine<'_> {
    /// Keeps, of the live tuples of `table` (cage `cage`), those in the union of the
    /// bitsets at places `base + k` for each bit `k` of `places`, or with `outside` those in
    /// none of them; returns whether anything changed.
    #[inline(never)]
    pub(super) fn intersect(
        &mut self,
        cage: usize,
        table: Table,
        base: usize,
        places: u64,
        outside: bool,
    ) -> bool {
        let supports = &self.rules.supports;
        let bitset = |place: usize| &supports[table.at(0, place)..table.at(table.words, place)];
        let flip = if outside { u64::MAX } else { 0 };
        let first = base + places.trailing_zeros() as usize;
        let rest = places & places.wrapping_sub(1);
        if places != 0 && rest == 0 {
            let one = bitset(first);
            self.filter(cage, table, |offset| one[offset] ^ flip)
        } else if places != 0 && rest & (rest - 1) == 0 {
            let (first, second) = (bitset(first), bitset(base + rest.trailing_zeros() as usize));
            self.filter(cage, table, |offset| {
                (first[offset] | second[offset]) ^ flip
            })
        } else {
            self.filter(cage, table, |offset| {
                let mut mask = 0;
                let mut bits = places;
                while bits != 0 {
                    mask |= supports[table.at(offset, base + bits.trailing_zeros() as usize)];
                    bits &= bits - 1;
                }
                mask ^ flip
            })
        }
    }

    /// Intersects the live words of `table` (cage `cage`) with `mask(offset)`, saving what
    /// changes to the trail and dropping the words that become zero from the live ones;
    /// returns whether anything changed.
    #[inline]
    fn filter(&mut self, cage: usize, table: Table, mask: impl Fn(usize) -> u64) -> bool {
        let at = Layout::live(self.rules, cage);
        let mut live = self.state[at] as usize;
        let range = table.base..table.base + table.words;
        let words = &mut self.tuples.words[range.clone()];
        let index = &mut self.tuples.index[range.clone()];
        let stamps = &mut self.tuples.stamp[range];
        let serial = self.tuples.serial;
        let mut changed = false;
        for k in (0..live).rev() {
            let offset = index[k] as usize;
            let old = words[offset];
            let new = old & mask(offset);
            if new != old {
                if stamps[offset] != serial {
                    stamps[offset] = serial;
                    self.tuples.trail.push(((table.base + offset) as u32, old));
                }
                words[offset] = new;
                changed = true;
                if new == 0 {
                    live -= 1;
                    index.swap(k, live);
                }
            }
        }
        self.state[at] = live as u32;
        changed
    }

    /// Revises a tabulated cage: filters its tuples by its cells' candidates, removes the
    /// digits no live tuple supports, and applies the cage-in-a-house rule. `false` on a
    /// contradiction.
    #[inline(never)]
    pub(super) fn revise_table(&mut self, cage: usize, table: Table) -> bool {
        let rules = self.rules;
        let n = rules.n;
        let cells = &rules.cage_cells[rules.cages[cage].cells.clone()];
        let mut changed = std::mem::take(&mut self.queues.stale[cage]);
        // A table of one word (Keen's dominoes, most small cages) is filtered here, by the
        // masks of all its changed cells together, without a call per cell, and its digits
        // checked without residues below.
        let one_word = table.words == 1;
        let mut keep = u64::MAX;
        for (slot, &cell) in cells.iter().enumerate() {
            let cell = cell as usize;
            let now = self.state[cell];
            let seen = self.state[Layout::seen(rules, cell)];
            if now == seen {
                continue;
            }
            self.state[Layout::seen(rules, cell)] = now;
            let gone = seen & !now;
            if one_word {
                // By the digits that went: since the last revision, seldom more than two.
                let supports = &rules.supports[table.at(0, slot * n)..table.at(0, slot * n + n)];
                let mut digits = gone;
                while digits != 0 {
                    keep &= !supports[digits.trailing_zeros() as usize];
                    digits &= digits - 1;
                }
            } else {
                // Filter by whichever is fewer: the digits that went, or those that remain.
                let outside = gone.count_ones() <= now.count_ones();
                let bits = if outside { gone } else { now };
                changed |= self.intersect(cage, table, slot * n, u64::from(bits), outside);
            }
        }
        if keep != u64::MAX {
            changed |= self.filter(cage, table, |_| keep);
        }
        if self.state[Layout::live(rules, cage)] == 0 {
            return false;
        }
        if !changed {
            return true;
        }
        self.table_changed(cage);
        for (slot, &cell) in cells.iter().enumerate() {
            let cell = cell as usize;
            let mut bits = self.state[cell];
            if bits & (bits - 1) == 0 {
                // The table was filtered by this one digit and is not empty: every live
                // tuple puts it here.
                continue;
            }
            let mut lost = 0;
            if one_word {
                // The support check without residues, for the cell's digits at once.
                let live = self.tuples.words[table.base];
                let supports = &rules.supports[table.at(0, slot * n)..table.at(0, slot * n + n)];
                while bits != 0 {
                    let d = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if live & supports[d] == 0 {
                        lost |= 1 << d;
                    }
                }
            } else {
                while bits != 0 {
                    let d = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if !self.supported(cage, table, slot, d) {
                        lost |= 1 << d;
                    }
                }
            }
            if lost != 0 {
                if !self.remove(cell, lost, true) {
                    return false;
                }
                self.state[Layout::seen(rules, cell)] = self.state[cell];
            }
        }
        true
    }

    /// Whether a live tuple of `table` puts digit `d` in cell `slot` of the cage.
    #[inline]
    fn supported(&mut self, cage: usize, table: Table, slot: usize, d: usize) -> bool {
        let place = slot * self.rules.n + d;
        self.meets(cage, table, place, table.residues + place, false)
    }

    /// Whether a live tuple of `table` is in the bitset at `place` (with `outside`, is not
    /// in it). The residue, at `residue` in the engine's residues, is the word where one was
    /// last found, looked at first: most checks cost one AND. (Inlined into its three
    /// callers: as a call, saving registers cost as much as the check.)
    #[inline(always)]
    pub(super) fn meets(
        &mut self,
        cage: usize,
        table: Table,
        place: usize,
        residue: usize,
        outside: bool,
    ) -> bool {
        let rules = self.rules;
        let flip = if outside { u64::MAX } else { 0 };
        // One word, live or not, has no residue to keep; else the residue first.
        let r = if table.words == 1 {
            0
        } else {
            self.tuples.residues[residue] as usize
        };
        if self.tuples.words[table.base + r] & (rules.supports[table.at(r, place)] ^ flip) != 0 {
            return true;
        }
        if table.words == 1 {
            return false;
        }
        let bitset = &rules.supports[table.at(0, place)..table.at(table.words, place)];
        let words = &self.tuples.words[table.base..table.base + table.words];
        let live = self.state[Layout::live(rules, cage)] as usize;
        let index = &self.tuples.index[table.base..table.base + live];
        match index
            .iter()
            .find(|&&offset| words[offset as usize] & (bitset[offset as usize] ^ flip) != 0)
        {
            Some(&offset) => {
                self.tuples.residues[residue] = offset as u16;
                true
            }
            None => false,
        }
    }

    /// The cage-in-a-house rule: a digit that every live tuple of `cage` puts in the cage's
    /// cells of one house leaves the rest of that house.
    #[inline(never)]
    pub(super) fn cage_in_lines(&mut self, cage: usize) -> bool {
        let rules = self.rules;
        let Kind::Table(table) = rules.cages[cage].kind else {
            return true;
        };
        let rule = &rules.cages[cage];
        let cells = &rules.cage_cells[rule.cells.clone()];
        for group in &rules.groups[rule.groups.clone()] {
            let mut union = 0u32;
            let mut slots = group.slots;
            while slots != 0 {
                union |= self.state[cells[slots.trailing_zeros() as usize] as usize];
                slots &= slots - 1;
            }
            // Only digits with a place in the house outside the group matter.
            let mut wanted = 0u32;
            let mut bits = union;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.state[Layout::positions(rules, group.house, d)] & !group.positions != 0 {
                    wanted |= 1 << d;
                }
            }
            if wanted == 0 {
                continue;
            }
            // The group's cells are in one house, so they hold distinct digits: when they
            // have exactly as many candidates as cells, every one of them is forced.
            let forced = if union.count_ones() == group.size {
                wanted
            } else {
                let mut forced = 0;
                let mut bits = wanted;
                while bits != 0 {
                    let d = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.always_in(cage, table, group.digits, group.anti_residues, d) {
                        forced |= 1 << d;
                    }
                }
                forced
            };
            let mut bits = forced;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut outside =
                    self.state[Layout::positions(rules, group.house, d)] & !group.positions;
                while outside != 0 {
                    let p = outside.trailing_zeros() as usize;
                    outside &= outside - 1;
                    if !self.remove(rules.house_cell(group.house, p), 1 << d, false) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether every live tuple of `table` puts digit `d` in the group whose digit supports
    /// start at `digits`. The residue remembers a word with a tuple that does not.
    #[inline]
    fn always_in(
        &mut self,
        cage: usize,
        table: Table,
        digits: usize,
        residues: usize,
        d: usize,
    ) -> bool {
        !self.meets(cage, table, digits + d, residues + d, true)
    }

    /// The house-in-a-cage rule: `digit`'s last places in the house of `group` all lie in the
    /// group, so the cage's tuples that do not put it there die.
    #[inline(never)]
    pub(super) fn lock(&mut self, group: usize, digit: usize) -> bool {
        let rules = self.rules;
        let group = rules.groups[group];
        let Kind::Table(table) = rules.cages[group.cage].kind else {
            return true;
        };
        let changed = self.intersect(group.cage, table, group.digits + digit, 1, false);
        if changed {
            if self.state[Layout::live(rules, group.cage)] == 0 {
                return false;
            }
            self.queues.stale[group.cage] = true;
            self.mark(group.cage);
        }
        true
    }
}
