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
//! Tried and dropped: *windows*, two rows or two columns side by side taken as one house
//! summing to `n (n + 1)`, in which a sum cage wholly inside and crossing from one line to
//! the other is a single item, its target (the Killer Sudoku solver's "45 rule" over two
//! rows), the other cages' pieces items of their own. Uniqueness checks, nodes in all,
//! without / with: `random/hard-9x9-sums-only` 42,001 / 31,795, `random/unique-9x9` 1,840
//! / 1,306, `random/hard-9x9-big-cages` 22,153 / 23,835, `random/unique-12x12` 33,690 /
//! 34,645, `random/unique-16x16` 1.08M / 1.49M (the whole file 14 s against 28 s). In
//! instructions (callgrind over `cagey bench`) each window costs more than it saves
//! everywhere but `random/unique-9x9` (-8%): sums only +11%, big cages +18%,
//! `keen/keen_9du` +11%, `random/unique-6x6` +4%. Run once at the root only, never
//! again in the search: `random/unique-9x9` -7%, sums only +6%, `keen/keen_9du` +6%.

use super::fixpoint::{Engine, Layout};
use super::rules::{kept_words, sum_words, GroupSums, Item, Kind};

/// A set of sums `0..64 * W`, bit `s` for sum `s`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Sums<const W: usize>([u64; W]);

impl<const W: usize> Sums<W> {
    const EMPTY: Sums<W> = Sums([0; W]);

    fn single(value: usize) -> Sums<W> {
        let mut set = Sums::EMPTY;
        set.insert(value);
        set
    }

    fn insert(&mut self, value: usize) {
        if value < 64 * W {
            self.0[value / 64] |= 1 << (value % 64);
        }
    }

    fn contains(&self, value: usize) -> bool {
        value < 64 * W && self.0[value / 64] & (1 << (value % 64)) != 0
    }

    /// Every sum plus `k`, dropping those past the end.
    #[inline]
    fn shifted_up(&self, k: usize) -> Sums<W> {
        let mut out = Sums::EMPTY;
        let (words, bits) = (k / 64, k % 64);
        for i in (words..W).rev() {
            let mut word = self.0[i - words] << bits;
            if bits != 0 && i > words {
                word |= self.0[i - words - 1] >> (64 - bits);
            }
            out.0[i] = word;
        }
        out
    }

    /// Every sum minus `k`, dropping those below 0.
    #[inline]
    fn shifted_down(&self, k: usize) -> Sums<W> {
        let mut out = Sums::EMPTY;
        let (words, bits) = (k / 64, k % 64);
        for i in 0..W.saturating_sub(words) {
            let mut word = self.0[i + words] >> bits;
            if bits != 0 && i + words + 1 < W {
                word |= self.0[i + words + 1] << (64 - bits);
            }
            out.0[i] = word;
        }
        out
    }

    fn or(&mut self, other: &Sums<W>) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    fn meets(&self, other: &Sums<W>) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The 64 values from `from` on, bit `k` for value `from + k`.
    #[inline]
    fn word_at(&self, from: usize) -> u64 {
        let (i, bits) = (from / 64, from % 64);
        let low = self.0.get(i).map_or(0, |&word| word >> bits);
        match self.0.get(i + 1) {
            Some(&word) if bits != 0 => low | word << (64 - bits),
            _ => low,
        }
    }

    /// Adds the values `from + k` for each bit `k` of `word`, dropping those past the end.
    #[inline]
    fn insert_word_at(&mut self, from: usize, word: u64) {
        let (i, bits) = (from / 64, from % 64);
        if let Some(at) = self.0.get_mut(i) {
            *at |= word << bits;
        }
        if bits != 0 {
            if let Some(at) = self.0.get_mut(i + 1) {
                *at |= word >> (64 - bits);
            }
        }
    }

    /// The same values in another width, dropping those that do not fit.
    #[inline]
    fn from_wider<const V: usize>(other: &Sums<V>) -> Sums<W> {
        let mut set = Sums::EMPTY;
        for (a, b) in set.0.iter_mut().zip(&other.0) {
            *a = *b;
        }
        set
    }

    /// The smallest value (0 for the empty set).
    fn min(&self) -> usize {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map_or(0, |i| 64 * i + self.0[i].trailing_zeros() as usize)
    }

    /// The largest value (0 for the empty set).
    fn max(&self) -> usize {
        self.0
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| 64 * i + 63 - self.0[i].leading_zeros() as usize)
    }

    /// Calls `f` with each value, smallest first.
    #[inline]
    fn for_each(&self, mut f: impl FnMut(usize)) {
        for (i, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                f(64 * i + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The values, smallest first.
    #[cfg(test)]
    fn values(self) -> Vec<usize> {
        let mut all = Vec::new();
        self.for_each(|v| all.push(v));
        all
    }
}

/// Words of the widest sets of sums: [`sum_words`] is at most this.
const WIDEST: usize = 4;

/// Items a house has at most: one per cell.
const MAX_ITEMS: usize = crate::model::MAX_SIZE;

/// From this grid side up, a house with more than [`MAX_OPEN_ITEMS`] open items is left
/// to its bounds (the check that the smallest and the largest sums can make the total):
/// with that many, the subset-sum almost never narrows an item, and it costs a few
/// thousand instructions a house.
///
/// Measured on `random/unique-16x16.kk` and three other orientations of it (transposed,
/// turned half a turn, both), uniqueness checks with `cagey solve --jobs 2 --limit 2
/// --count --output jsonl`, nodes in all and the whole file's time, every house as
/// before / more than 8 open items left: as given 1.081M / 1.060M nodes, 13.9 and 15.2 s
/// / 12.0 and 12.8 s (two runs each); transposed 1.869M / 1.906M, 25.2 / 22.3 s; turned
/// 1.507M / 1.524M, 20.6 / 19.6 s; both 1.814M / 1.800M, 24.5 / 21.0 s. The median
/// puzzle's nodes are the same in three orientations of four; callgrind over four of the
/// puzzles, 1,596 to 1,453 million instructions. More than 12 open items leaves the
/// nodes as they were, and saves 0.5%; more than 6, 1.115M nodes as given. On 12x12 and
/// below it is off: a 9x9 house has at most 9 items, and left to its bounds from 5 it
/// would lose what the rule finds there.
const SKIP_OPEN_FROM: usize = 13;

/// The most open items of a house whose subset-sum runs, from [`SKIP_OPEN_FROM`] up.
pub(super) const MAX_OPEN_ITEMS: usize = 8;

/// One open item of a house, its sums shifted down by their smallest.
#[derive(Clone, Copy)]
pub(super) struct Open {
    item: Item,
    low: usize,
    sums: Sums<WIDEST>,
}

impl Engine<'_> {
    /// Applies the house-sum rule to every house that changed since it last did. `false` on
    /// a contradiction.
    ///
    /// Items with one sum left are added up first, and every other item's sums shifted
    /// down by their smallest, so that the subset-sum runs over what is still open, in
    /// bitsets of one word where the rest fits (all 9x9 houses, most 16x16 ones once the
    /// search is under way). Tried and kept: this cut the time of the rule on 16x16
    /// puzzles about four times. Tried and left: counting the open items down from their
    /// largest sums when that makes the target smaller (mirroring each item's set): 1-2%
    /// more instructions on 9x9 and 16x16; only where it narrows the bitsets to one
    /// word, 0.3% fewer on 16x16.
    pub(super) fn house_sums(&mut self) -> bool {
        if sum_words(self.rules.n) == 0 {
            self.house_dirty = 0;
            return true;
        }
        let rules = self.rules;
        let n = rules.n;
        let total = n * (n + 1) / 2;
        while self.house_dirty != 0 {
            let house = self.house_dirty.trailing_zeros() as usize;
            self.house_dirty &= self.house_dirty - 1;
            // Reused from house to house: an array of them would be cleared every time.
            let mut open = std::mem::take(&mut self.open_items);
            open.clear();
            // What the single-valued items make, plus the smallest of every open one.
            let mut fixed = 0;
            let mut spread = 0;
            for &item in rules.items(house) {
                let (low, high, sums) = match item {
                    // A cell's sums are its digits, one word: shifted without the loops
                    // over the widest sets that a group's take (callgrind over `cagey
                    // bench`: four 16x16 puzzles 1,233 to 1,201 million instructions,
                    // `random/hard-9x9-big-cages` 1,761 to 1,723, `random/unique-9x9` 221.8
                    // to 218.2; the same nodes).
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
                self.open_items = open;
                self.culprit = rules.cages.len() + house;
                return false;
            }
            if n >= SKIP_OPEN_FROM && open.len() > MAX_OPEN_ITEMS {
                self.open_items = open;
                continue;
            }
            let rest = total - fixed;
            let ok = match rest {
                0..64 => self.subset_sum::<1>(house, &open, rest),
                64..128 => self.subset_sum::<2>(house, &open, rest),
                _ => self.subset_sum::<WIDEST>(house, &open, rest),
            };
            self.open_items = open;
            if !ok {
                return false;
            }
        }
        true
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
        let changes = self.table_changes[g.cage];
        if self.sums_seen[group] == changes {
            return had;
        }
        self.sums_seen[group] = changes;
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
    ///
    /// The kept words are moved into place (and back, [`Engine::store_sums`]) one at a
    /// time rather than through a shift of the whole set: as the shifts of all
    /// [`WIDEST`] words, the two had cost 1% of the instructions of a Keen 9x9 solve
    /// (callgrind over `cagey bench` on the 57 puzzles of Keen's 9x9 solved without a guess:
    /// 29.16 to 28.91 million).
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
                self.stale[g.cage] = true;
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
