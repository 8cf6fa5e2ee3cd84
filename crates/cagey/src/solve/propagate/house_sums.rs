//! The house-sum rule ("innies and outies"): the digits of every house (row, column,
//! region) add up to `1 + 2 + .. + n`.
//!
//! A house is cut into *items*: the groups of its cages (the cells of one cage in the house,
//! when there are at least two; see [`Group`](super::rules::Group)) and its other cells. Each
//! item can make a set of sums: a cell its candidates, a group the partial sums of its cage's
//! live tuples over the group's cells. The house's sum must be reached by one sum per item,
//! a subset-sum problem solved with bitsets: forward, the sums each prefix of items can
//! make; backward, the sums each suffix can still complete. A value of an item that no
//! prefix and suffix complete is removed: a digit from a cell, or the tuples that make that
//! partial sum from a group's cage.
//!
//! ```text
//!   row 0:  [16+ . . .][13+ . .][17+ . ...    16 + 13 + (cells 7, 8) = 45, so the third
//!            0  1  2  3  4  5  6  7  8        cell of 17+ (below cell 8) must be 1
//! ```
//!
//! The rule relaxes the house to its sum (digits may repeat across items), so it is cheap
//! (a few shifts per value of each item) and complements the Latin rules rather than
//! repeating them.
//!
//! In killer puzzles with regions the same rule runs on *sum regions*, unions of houses
//! (rows `1..=k`, columns `1..=k`, regions `1..=k`): their cells add up to `k` houses'
//! total, the cages wholly inside are constants, and the cages crossing the edge are
//! items, their cells inside as groups (the forum solvers' innies and outies over several
//! houses). A region is looked at last of all the rules, once nothing cheaper applies. On
//! Tarek's 38 "unsolvable" killers the search takes 26,200 nodes with the regions, 92,201
//! without (`docs/performance.md`, *Against ISS on killers*). In other puzzles from 13x13
//! up the sum regions are the two lines at each edge of the grid (see
//! [`Rules::sum_regions`](super::rules::Rules)), where a cage's digits may repeat: on
//! `random/unique-16x16` a third fewer nodes.
//!
//! The measurements behind these choices, and what was tried and dropped, are in
//! `docs/design/engine-notes.md` (*house_sums.rs*).

use super::engine::{Engine, Layout};
use super::rules::{kept_words, sum_words, GroupSums, Item, Kind};
use super::sum_sets::{Open, Sums, WIDEST};

/// Items a house has at most: one per cell.
const MAX_ITEMS: usize = crate::model::MAX_SIZE;

/// From this grid side up, a house with more than [`MAX_OPEN_ITEMS`] open items is left
/// to its bounds (the check that the smallest and the largest sums can make the total):
/// with that many, the subset-sum almost never narrows an item, and it costs a few
/// thousand instructions a house.
const SKIP_OPEN_FROM: usize = 13;

/// The most open items of a house whose subset-sum runs, from [`SKIP_OPEN_FROM`] up.
pub(super) const MAX_OPEN_ITEMS: usize = 8;

/// Grids up to this side keep a group's set of sums in one word (see [`kept_words`]) and
/// a cell's digits in one: their houses and sum regions take [`Engine::house_sum_word`].
const ONE_WORD_UP_TO: usize = 10;

/// The open items of a house in [`Engine::house_sum_word`]: each item, its set shifted
/// down by its smallest sum, that smallest, and its place in [`Rules::house_items`].
///
/// [`Rules::house_items`]: super::rules::Rules
struct OpenWords<'a> {
    items: &'a [Item],
    sets: &'a [u64],
    lows: &'a [usize],
    slots: &'a [usize],
}
const _: () = assert!(kept_words(ONE_WORD_UP_TO) == 1);

impl Engine<'_> {
    /// Applies the house-sum rule to every house (not sum region) that changed since it last
    /// did. `false` on a contradiction.
    pub(super) fn house_sums(&mut self) -> bool {
        if sum_words(self.rules.n) == 0 {
            self.queues.house_dirty = 0;
            return true;
        }
        let houses = u128::MAX >> (128 - self.rules.houses);
        let one_word = self.rules.n <= ONE_WORD_UP_TO;
        while self.queues.house_dirty & houses != 0 {
            let house = (self.queues.house_dirty & houses).trailing_zeros() as usize;
            self.queues.house_dirty &= !(1 << house);
            let holds = if one_word {
                self.house_sum_word(house)
            } else {
                self.house_sum(house)
            };
            if !holds {
                return false;
            }
        }
        true
    }

    /// [`Engine::house_sum`] where every set fits in one word, a `u64` (bit `k` for its
    /// smallest value plus `k`) rather than a [`Sums`] of the widest sets: on grids up to
    /// [`ONE_WORD_UP_TO`], where each item's set spans less than 64, and when the items'
    /// smallest sums leave less than 64 to make (else the wide sets take over). The same
    /// work in the same order, with the same outcome. On Tarek #12 (killer 9x9) this is
    /// every look, 16,214 at houses and 5,708 at sum regions, which in the wide sets cost
    /// some 2,300 and 2,700 instructions each, most of them moving words that are zero.
    fn house_sum_word(&mut self, house: usize) -> bool {
        let rules = self.rules;
        let total = rules.house_totals[house] as usize;
        let mut items = [Item::Cell(0); MAX_ITEMS];
        // Each open item's sums shifted down by its smallest, and that smallest.
        let mut sets = [0u64; MAX_ITEMS];
        let mut lows = [0usize; MAX_ITEMS];
        let mut k = 0;
        let mut fixed = 0;
        let mut spread = 0;
        let first = rules.house_item_start[house] as usize;
        let mut quiet = true;
        let mut slots = [0usize; MAX_ITEMS];
        for (slot, &item) in (first..).zip(rules.items(house)) {
            let (low, set) = match item {
                Item::Cell(cell) => {
                    let digits = u64::from(self.state[cell as usize]) << 1;
                    let low = digits.trailing_zeros();
                    (low as usize, digits >> low)
                }
                Item::Group(group) => self.group_sums_word(group as usize),
            };
            if self.sums.quiet[slot] != (low as u64, set) {
                self.sums.quiet[slot] = (low as u64, set);
                quiet = false;
            }
            if set == 0 {
                // An empty set (its cage's table is empty) counts as 0, as in the wide sets.
                continue;
            }
            let high = low + 63 - set.leading_zeros() as usize;
            fixed += low;
            if high > low {
                spread += high - low;
                (items[k], sets[k], lows[k], slots[k]) = (item, set, low, slot);
                k += 1;
            }
        }
        if quiet {
            return true;
        }
        let open = OpenWords {
            items: &items[..k],
            sets: &sets[..k],
            lows: &lows[..k],
            slots: &slots[..k],
        };
        let fails = fixed > total || fixed + spread < total;
        if fails || total - fixed >= 64 {
            // A contradiction, or a rest the wide sets take, which do not keep `quiet`.
            let items = first..rules.house_item_start[house + 1] as usize;
            self.sums.quiet[items].fill((0, 0));
            if fails {
                self.culprit = rules.cages.len() + house;
                return false;
            }
            return self.house_sum(house);
        }
        let holds = self.subset_sum_word(house, total - fixed, open);
        if !holds {
            let items = first..rules.house_item_start[house + 1] as usize;
            self.sums.quiet[items].fill((0, 0));
        }
        holds
    }

    /// The subset-sum of [`Engine::house_sum_word`] over the open items of `house`, which
    /// must make `rest` together. `false` on a contradiction.
    fn subset_sum_word(&mut self, house: usize, rest: usize, open: OpenWords) -> bool {
        let rules = self.rules;
        let OpenWords {
            items,
            sets,
            lows,
            slots,
        } = open;
        let k = items.len();
        // prefix[i]: the sums items 0..i can make.
        let mut prefix = [0u64; MAX_ITEMS + 1];
        prefix[0] = 1;
        for i in 0..k {
            let from = prefix[i];
            let mut next = 0;
            let mut values = sets[i];
            while values != 0 {
                next |= from << values.trailing_zeros();
                values &= values - 1;
            }
            prefix[i + 1] = next;
        }
        if prefix[k] >> rest & 1 == 0 {
            self.culprit = rules.cages.len() + house;
            return false;
        }
        // suffix: the sums before item i from which items i.. can reach the rest.
        let mut suffix = 1u64 << rest;
        for i in (0..k).rev() {
            let (mut keep, mut before) = (0u64, 0u64);
            let from = prefix[i];
            let mut values = sets[i];
            while values != 0 {
                let v = values.trailing_zeros();
                values &= values - 1;
                let completing = suffix >> v;
                if completing & from != 0 {
                    keep |= 1 << v;
                    before |= completing;
                }
            }
            if keep != sets[i] {
                let mut had = Sums::<WIDEST>::EMPTY;
                had.insert_word_at(lows[i], sets[i]);
                let mut kept = Sums::<WIDEST>::EMPTY;
                kept.insert_word_at(lows[i], keep);
                // The values kept are those of some choice that makes the rest, with the
                // others' sums as they were or as narrowed: a look at the narrowed sums
                // finds nothing more to remove.
                let low = keep.trailing_zeros();
                self.sums.quiet[slots[i]] = ((lows[i] + low as usize) as u64, keep >> low);
                if !self.keep_sums(items[i], &had, &kept) {
                    return false;
                }
            }
            suffix = before;
        }
        true
    }

    /// [`Engine::group_sums`] as one word, for grids up to [`ONE_WORD_UP_TO`], where the
    /// state keeps a group's set in one: its smallest sum, and the set shifted down by it
    /// (0 for an empty set).
    fn group_sums_word(&mut self, group: usize) -> (usize, u64) {
        let rules = self.rules;
        let g = rules.groups[group];
        let (Some(sums), Kind::Table(table)) = (g.sums, rules.cages[g.cage].kind) else {
            unreachable!("house items hold only groups of tabulated cages");
        };
        let at = Layout::sums(rules, sums.state);
        let had = u64::from(self.state[at]) | u64::from(self.state[at + 1]) << 32;
        let changes = self.sums.table_changes[g.cage];
        let mut set = had;
        if self.sums.sums_seen[group] != changes {
            self.sums.sums_seen[group] = changes;
            let mut values = had;
            while values != 0 {
                let k = values.trailing_zeros() as usize;
                values &= values - 1;
                if !self.meets(g.cage, table, sums.supports + k, sums.residues + k, false) {
                    set &= !(1 << k);
                }
            }
            if set != had {
                self.state[at] = set as u32;
                self.state[at + 1] = (set >> 32) as u32;
            }
        }
        if set == 0 {
            return (0, 0);
        }
        let low = set.trailing_zeros();
        (sums.low as usize + low as usize, set >> low)
    }

    /// Applies the house-sum rule to the first sum region that changed since it last did,
    /// the last rule of all: each region's sum costs more than a house's (more items, wider
    /// sets), and most puzzles are solved by the other rules before any region is looked
    /// at. `false` on a contradiction.
    pub(super) fn region_sum(&mut self) -> bool {
        let house = self.queues.house_dirty.trailing_zeros() as usize;
        self.queues.house_dirty &= self.queues.house_dirty - 1;
        if self.rules.n <= ONE_WORD_UP_TO {
            self.house_sum_word(house)
        } else {
            self.house_sum(house)
        }
    }

    /// The house-sum rule on one house or sum region. `false` on a contradiction.
    fn house_sum(&mut self, house: usize) -> bool {
        let rules = self.rules;
        let n = rules.n;
        let total = rules.house_totals[house] as usize;
        // Reused from house to house: an array of them would be cleared every time.
        let mut open = std::mem::take(&mut self.sums.open_items);
        open.clear();
        // What the single-valued items make, plus the smallest of every open one.
        let mut fixed = 0;
        let mut spread = 0;
        for &item in rules.items(house) {
            let (low, high, sums) = match item {
                // A cell's sums are its digits, one word: shifted without the loops
                // over the widest sets that a group's take.
                Item::Cell(cell) => {
                    let digits = u64::from(self.state[cell as usize]) << 1;
                    let low = digits.trailing_zeros() as usize;
                    let mut set = Sums::<WIDEST>::EMPTY;
                    set.0[0] = digits >> low;
                    (low, 63 - digits.leading_zeros() as usize, set)
                }
                Item::Group(group) => {
                    let sums = self.group_sums(group as usize);
                    let low = sums.min();
                    (low, sums.max(), sums.shifted_down(low))
                }
            };
            fixed += low;
            if high > low {
                spread += high - low;
                open.push(Open { item, low, sums });
            }
        }
        if fixed > total || fixed + spread < total {
            self.sums.open_items = open;
            self.culprit = rules.cages.len() + house;
            return false;
        }
        if n >= SKIP_OPEN_FROM && open.len() > MAX_OPEN_ITEMS {
            self.sums.open_items = open;
            return true;
        }
        let rest = total - fixed;
        let ok = match rest {
            0..64 => self.subset_sum::<1>(house, &open, rest),
            64..128 => self.subset_sum::<2>(house, &open, rest),
            // Only a sum region's can be past the widest sets: left to its bounds.
            _ if rest >= 64 * WIDEST => true,
            _ => self.subset_sum::<WIDEST>(house, &open, rest),
        };
        self.sums.open_items = open;
        ok
    }

    /// The subset-sum over the open items of `house`, which must make `rest` together:
    /// removes every value of an item that no choice of the others completes.
    fn subset_sum<const W: usize>(&mut self, house: usize, open: &[Open], rest: usize) -> bool {
        let k = open.len();
        let options = |i: usize| Sums::<W>::from_wider(&open[i].sums);
        // prefix[i]: the sums items 0..i can make.
        let mut prefix = [Sums::<W>::EMPTY; MAX_ITEMS + 1];
        prefix[0] = Sums::single(0);
        for i in 0..k {
            let mut next = Sums::EMPTY;
            let from = prefix[i];
            options(i).for_each(|v| next.or(&from.shifted_up(v)));
            prefix[i + 1] = next;
        }
        if !prefix[k].contains(rest) {
            self.culprit = self.rules.cages.len() + house;
            return false;
        }
        // suffix: the sums before item i from which items i.. can reach the rest.
        let mut suffix = Sums::<W>::single(rest);
        for i in (0..k).rev() {
            let mut keep = Sums::<W>::EMPTY;
            let mut before = Sums::EMPTY;
            let from = prefix[i];
            let had = options(i);
            had.for_each(|v| {
                // The sums before item i that complete the rest once item i makes v.
                let completing = suffix.shifted_down(v);
                if completing.meets(&from) {
                    keep.insert(v);
                    before.or(&completing);
                }
            });
            if keep != had {
                let low = open[i].low;
                let had = open[i].sums.shifted_up(low);
                let keep = Sums::<WIDEST>::from_wider(&keep).shifted_up(low);
                if !self.keep_sums(open[i].item, &had, &keep) {
                    return false;
                }
            }
            suffix = before;
        }
        true
    }

    /// The partial sums the live tuples of a group's cage make over the group's cells: the
    /// set kept in the state, narrowed to the values whose tuples are still live.
    fn group_sums(&mut self, group: usize) -> Sums<WIDEST> {
        let rules = self.rules;
        let g = rules.groups[group];
        let (Some(sums), Kind::Table(table)) = (g.sums, rules.cages[g.cage].kind) else {
            unreachable!("house items hold only groups of tabulated cages");
        };
        let had = self.load_sums(sums);
        let changes = self.sums.table_changes[g.cage];
        if self.sums.sums_seen[group] == changes {
            return had;
        }
        self.sums.sums_seen[group] = changes;
        let mut set = had;
        for (i, &word) in had.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let value = 64 * i + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let k = value - sums.low as usize;
                if !self.meets(g.cage, table, sums.supports + k, sums.residues + k, false) {
                    set.0[i] &= !(1 << (value % 64));
                }
            }
        }
        if set != had {
            self.store_sums(sums, &set);
        }
        set
    }

    /// The set of sums of a group kept in the state.
    fn load_sums(&self, sums: GroupSums) -> Sums<WIDEST> {
        let at = Layout::sums(self.rules, sums.state);
        let mut set = Sums::EMPTY;
        for i in 0..kept_words(self.rules.n) {
            let word =
                u64::from(self.state[at + 2 * i]) | u64::from(self.state[at + 2 * i + 1]) << 32;
            set.insert_word_at(sums.low as usize + 64 * i, word);
        }
        set
    }

    fn store_sums(&mut self, sums: GroupSums, set: &Sums<WIDEST>) {
        let at = Layout::sums(self.rules, sums.state);
        for i in 0..kept_words(self.rules.n) {
            let word = set.word_at(sums.low as usize + 64 * i);
            self.state[at + 2 * i] = word as u32;
            self.state[at + 2 * i + 1] = (word >> 32) as u32;
        }
    }

    /// Narrows an item to the sums in `keep` (a subset of `had`). `false` on a
    /// contradiction.
    fn keep_sums(&mut self, item: Item, had: &Sums<WIDEST>, keep: &Sums<WIDEST>) -> bool {
        match item {
            Item::Cell(cell) => {
                let lost = ((had.0[0] & !keep.0[0]) >> 1) as u32;
                self.remove(cell as usize, lost, false)
            }
            Item::Group(group) => {
                let rules = self.rules;
                let g = rules.groups[group as usize];
                let (Some(sums), Kind::Table(table)) = (g.sums, rules.cages[g.cage].kind) else {
                    unreachable!("house items hold only groups of tabulated cages");
                };
                let GroupSums { supports, low, .. } = sums;
                let mut gone = *had;
                for (a, b) in gone.0.iter_mut().zip(&keep.0) {
                    *a &= !b;
                }
                // Outside the bitsets of every sum gone: outside those of each word's in
                // turn.
                for (i, &word) in gone.0.iter().enumerate() {
                    if word != 0 {
                        let base = supports + 64 * i - low as usize;
                        self.intersect(g.cage, table, base, word, true);
                    }
                }
                self.store_sums(sums, keep);
                if self.state[Layout::live(rules, g.cage)] == 0 {
                    self.culprit = g.cage;
                    return false;
                }
                self.queues.stale[g.cage] = true;
                self.mark(g.cage);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_shift_across_words() {
        let mut set = Sums::<2>::EMPTY;
        set.insert(3);
        set.insert(62);
        let up = set.shifted_up(5);
        assert_eq!(up.values(), [8, 67]);
        assert_eq!(up.shifted_down(5).values(), [3, 62]);
        assert_eq!(set.shifted_down(4).values(), [58]);
        assert_eq!(set.shifted_up(70).values(), [73]);
        assert!(!set.shifted_up(66).contains(128));
        assert_eq!((set.min(), set.max()), (3, 62));
        assert_eq!(Sums::<1>::from_wider(&up).values(), [8]);
        assert_eq!(up.word_at(5), 1 << 3 | 1 << 62);
        assert_eq!(up.word_at(64), 1 << 3);
        let mut back = Sums::<2>::EMPTY;
        back.insert_word_at(5, 1 << 3 | 1 << 62);
        assert!(back == up);
        back.insert_word_at(100, 1 << 40);
        assert_eq!(back.values(), [8, 67]);
    }
}
