//! The propagation engine: the search state, the trail that restores the cage bitsets, and
//! the loop that applies the rules until none removes anything.
//!
//! Rules run cheapest first, and a costlier rule runs only once the cheaper ones have
//! nothing left to do:
//!
//! 1. naked and hidden singles ([`houses`](super::houses));
//! 2. a digit locked into a cage's group (house in a cage);
//! 3. revising the cages whose cells changed ([`compact_table`](super::compact_table));
//! 4. the cage-in-a-house rule for the cages whose tables changed;
//! 5. the house-sum rule for the houses that changed ([`house_sums`](super::house_sums));
//! 6. all-different consistency for the houses that changed ([`matching`](super::matching)),
//!    on grids larger than 16x16 (see [`MATCHING_FROM`](super::matching::MATCHING_FROM));
//! 7. under the diagonal rule, hidden singles on the diagonals (their naked singles go with
//!    the houses' in step 1).
//!
//! What each rule is worth, in search nodes over the twelve puzzles of `random/hard-9x9-*`
//! (uniqueness checks, the branching of the time): the house sums cut them from 524,000 to
//! 135,000; without the cage-in-a-house rule they rise to 211,000, without the
//! house-in-a-cage rule to 156,000, without both to 283,000.
//!
//! All-different consistency by matching, last (nodes on hard 9x9 big cages / sums only,
//! 12x12, and 16 of the 16x16 puzzles, without restarts): 96,900 / 38,800, 68,000, 128,200
//! without it; 49,100 / 34,900, 57,300, 103,600 with it. Placed before the house sums it
//! gave 60,700 / 52,900, 61,800, 109,000, and before the cage revisions 79,500 / 51,600,
//! 156,300, 283,300: it changes which rule fails first, and so what dom/wdeg learns.
//! (With the search as it is now it no longer pays on 16x16 either, and is off up to that
//! size.)
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*fixpoint.rs*).

use super::bounds::Bound;
use super::engine::{Engine, Layout};
use super::rules::Kind;

impl Engine<'_> {
    /// Narrows every cell to the digits its cage's tuples put there, places the givens
    /// outside the cages, and queues every untabulated cage for its first revision and every
    /// house for the house-sum rule. `false` on a contradiction already.
    pub(super) fn start(&mut self) -> bool {
        let rules = self.rules;
        let n = rules.n;
        for (cage, rule) in rules.cages.iter().enumerate() {
            if !matches!(rule.kind, Kind::Table(_) | Kind::Free) {
                self.queues.stale[cage] = true;
                self.mark(cage);
            }
        }
        // Every cell is in one cage; an untabulated cage's root domains are full.
        for (&cell, &domain) in rules.cage_cells.iter().zip(&rules.root_domains) {
            self.state[cell as usize] = domain;
            self.state[Layout::seen(rules, cell as usize)] = domain;
        }
        // The cage-in-a-house rule with every tuple live.
        for group in &rules.groups {
            if group.forced != 0 {
                let mut outside = rules.full & !group.positions;
                while outside != 0 {
                    let cell = rules.house_cell(group.house, outside.trailing_zeros() as usize);
                    outside &= outside - 1;
                    self.state[cell] &= !group.forced;
                }
            }
        }
        self.state[Layout::positions(rules, 0, 0)..Layout::live(rules, 0)].fill(0);
        let mut open = 0;
        for cell in 0..rules.cells {
            let candidates = self.state[cell];
            if candidates == 0 {
                self.culprit = rules.cage_of[cell] as usize;
                self.clear_queues();
                return false;
            }
            if candidates != self.state[Layout::seen(rules, cell)] {
                self.mark(rules.cage_of[cell] as usize);
            }
            if candidates & (candidates - 1) == 0 {
                self.queues.singles.push(cell as u32);
            } else {
                open += 1;
            }
            for k in 0..rules.per_cell {
                let (house, p) = rules.house_of(cell, k);
                let at = Layout::positions(rules, house, 0);
                let mut bits = candidates;
                while bits != 0 {
                    self.state[at + bits.trailing_zeros() as usize] |= 1 << p;
                    bits &= bits - 1;
                }
            }
        }
        self.state[Layout::open(rules)] = open;
        for house in 0..rules.houses {
            for digit in 0..n {
                let left = self.state[Layout::positions(rules, house, digit)];
                if left == 0 {
                    self.culprit = rules.cages.len() + house;
                    self.clear_queues();
                    return false;
                }
                let first = left.trailing_zeros() as usize;
                if left & (left - 1) == 0 {
                    self.queues
                        .places
                        .push((rules.house_cell(house, first) as u32, 1 << digit));
                } else {
                    let (group, within) = rules.house_group[house * n + first];
                    if left & !within == 0 {
                        self.queues.locks.push((group, digit as u32));
                    }
                }
            }
        }
        self.queues.house_dirty = u128::MAX >> (128 - self.rules.sum_houses);
        self.queues.matching_dirty = self.queues.house_dirty & self.matching.on;
        for &(cell, bit) in &self.rules.givens {
            let cell = cell as usize;
            if self.state[cell] & bit == 0 || !self.remove(cell, self.state[cell] & !bit, false) {
                self.clear_queues();
                return false;
            }
        }
        true
    }

    /// Narrows the propagated state to `cube`'s decisions, each cell to its one digit, and
    /// propagates; `false` on a contradiction.
    pub(super) fn enter(&mut self, cube: &[(u32, u32)]) -> bool {
        cube.iter().all(|&(cell, bit)| {
            let cell = cell as usize;
            let others = self.state[cell] & !bit;
            self.state[cell] & bit != 0
                && (others == 0 || (self.remove(cell, others, false) && self.propagate()))
        })
    }

    /// Applies every rule until none removes a candidate. Returns `false` on a
    /// contradiction, leaving the queues empty either way.
    pub(super) fn propagate(&mut self) -> bool {
        let ok = self.fixpoint();
        if !ok {
            self.weights[self.culprit] += 1;
            self.clear_queues();
        }
        ok
    }

    /// Propagates what [`Engine::settle_open`] left queued, to the fixpoint every rule
    /// reaches, as [`Engine::propagate`] does. (At the root after a restart, that work is no
    /// longer queued: the root's state is restored as it was and its queues emptied. That
    /// only prunes less, and only once a search of a small grid has run past a hundred
    /// nodes.)
    pub(super) fn propagate_unsettled(&mut self) -> bool {
        let settle = std::mem::replace(&mut self.settle_open, 0);
        let holds = self.propagate();
        self.settle_open = settle;
        holds
    }

    fn fixpoint(&mut self) -> bool {
        let rules = self.rules;
        loop {
            let ok = if let Some(cell) = self.queues.singles.pop() {
                self.naked_single(cell as usize)
            } else if let Some((cell, bit)) = self.queues.places.pop() {
                self.culprit = rules.cages.len() + rules.house_of(cell as usize, 0).0;
                self.place(cell as usize, bit)
            } else if let Some((group, digit)) = self.queues.locks.pop() {
                self.culprit = rules.groups[group as usize].cage;
                self.lock(group as usize, digit as usize)
            } else if let Some(cage) = self.queues.dirty.pop() {
                let cage = cage as usize;
                self.queues.queued[cage] = false;
                self.culprit = cage;
                self.revise(cage)
            } else if self.state[Layout::open(rules)] == 0 {
                debug_assert!(self.state[..rules.cells].iter().all(|m| m & (m - 1) == 0));
                self.drop_implied();
                return true;
            } else if self.state[Layout::open(rules)] <= self.settle_open {
                // The rest is left queued (see `settle_open`).
                return true;
            } else if let Some(cage) = self.queues.in_lines.pop() {
                let cage = cage as usize;
                self.queues.in_lines_queued[cage] = false;
                self.culprit = cage;
                self.cage_in_lines(cage)
            } else if self.queues.house_dirty & (u128::MAX >> (128 - rules.houses)) != 0 {
                self.house_sums()
            } else if self.queues.matching_dirty != 0 {
                self.all_different()
            } else if self.queues.house_dirty != 0 {
                self.region_sum()
            } else if rules.diagonal_of.is_empty() {
                return true;
            } else {
                match self.diagonal_hidden_single() {
                    Some(holds) => holds,
                    None => return true,
                }
            };
            if !ok {
                return false;
            }
        }
    }

    /// Drops the work left to the rules that follow from the Latin rules and the cages
    /// (cage in a house, house sums, all-different consistency) once every cell is single,
    /// the singles are removed from their houses and every cage is revised: the state is
    /// then a solution, which they can neither narrow nor refute.
    pub(super) fn drop_implied(&mut self) {
        for cage in self.queues.in_lines.drain(..) {
            self.queues.in_lines_queued[cage as usize] = false;
        }
        self.queues.house_dirty = 0;
        self.queues.matching_dirty = 0;
    }

    /// Revises a cage by its rule; `false` on a contradiction.
    fn revise(&mut self, cage: usize) -> bool {
        match self.rules.cages[cage].kind {
            Kind::Table(table) => self.revise_table(cage, table),
            Kind::Sum(target) => self.revise_bounds(cage, target, Bound::Sum),
            Kind::Product(target) => self.revise_bounds(cage, target, Bound::Product),
            Kind::Check(operation, target, options) => {
                self.revise_check(cage, operation, target, options)
            }
            Kind::Free => true,
        }
    }
}
