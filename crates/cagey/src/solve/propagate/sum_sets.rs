//! Sets of sums as fixed-width bitsets, and the house-sum rule's view of an open item: the
//! data the house-sum rule ([`house_sums`](super::house_sums)) works on, kept below the
//! engine so that the engine can hold the rule's scratch without importing the rule.

use super::rules::Item;

/// A set of sums `0..64 * W`, bit `s` for sum `s`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Sums<const W: usize>(pub(super) [u64; W]);

impl<const W: usize> Sums<W> {
    pub(super) const EMPTY: Sums<W> = Sums([0; W]);

    pub(super) fn single(value: usize) -> Sums<W> {
        let mut set = Sums::EMPTY;
        set.insert(value);
        set
    }

    pub(super) fn insert(&mut self, value: usize) {
        if value < 64 * W {
            self.0[value / 64] |= 1 << (value % 64);
        }
    }

    pub(super) fn contains(&self, value: usize) -> bool {
        value < 64 * W && self.0[value / 64] & (1 << (value % 64)) != 0
    }

    /// Every sum plus `k`, dropping those past the end.
    #[inline]
    pub(super) fn shifted_up(&self, k: usize) -> Sums<W> {
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
    pub(super) fn shifted_down(&self, k: usize) -> Sums<W> {
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

    pub(super) fn or(&mut self, other: &Sums<W>) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    pub(super) fn meets(&self, other: &Sums<W>) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The 64 values from `from` on, bit `k` for value `from + k`.
    #[inline]
    pub(super) fn word_at(&self, from: usize) -> u64 {
        let (i, bits) = (from / 64, from % 64);
        let low = self.0.get(i).map_or(0, |&word| word >> bits);
        match self.0.get(i + 1) {
            Some(&word) if bits != 0 => low | word << (64 - bits),
            _ => low,
        }
    }

    /// Adds the values `from + k` for each bit `k` of `word`, dropping those past the end.
    #[inline]
    pub(super) fn insert_word_at(&mut self, from: usize, word: u64) {
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
    pub(super) fn from_wider<const V: usize>(other: &Sums<V>) -> Sums<W> {
        let mut set = Sums::EMPTY;
        for (a, b) in set.0.iter_mut().zip(&other.0) {
            *a = *b;
        }
        set
    }

    /// The smallest value (0 for the empty set).
    pub(super) fn min(&self) -> usize {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map_or(0, |i| 64 * i + self.0[i].trailing_zeros() as usize)
    }

    /// The largest value (0 for the empty set).
    pub(super) fn max(&self) -> usize {
        self.0
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| 64 * i + 63 - self.0[i].leading_zeros() as usize)
    }

    /// Calls `f` with each value, smallest first.
    #[inline]
    pub(super) fn for_each(&self, mut f: impl FnMut(usize)) {
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
    pub(super) fn values(self) -> Vec<usize> {
        let mut all = Vec::new();
        self.for_each(|v| all.push(v));
        all
    }
}

/// Words of the widest sets of sums: [`sum_words`] is at most this.
pub(super) const WIDEST: usize = 4;

/// One open item of a house, its sums shifted down by their smallest.
#[derive(Clone, Copy)]
pub(super) struct Open {
    pub(super) item: Item,
    pub(super) low: usize,
    pub(super) sums: Sums<WIDEST>,
}
