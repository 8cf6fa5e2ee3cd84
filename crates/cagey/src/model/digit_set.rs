//! `DigitSet`: a set of digits 1..=32 in one machine word, the candidates of a cell.
//!
//! Digit `d` is bit `d - 1`, so a grid of side 32 uses every bit of the `u32`:
//!
//! ```text
//! bit:    31 ...  4  3  2  1  0
//! digit:  32 ...  5  4  3  2  1
//! ```

use std::fmt;

use super::MAX_SIZE;

/// A set of digits in `1..=32`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u32);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// Every digit `1..=size`.
    pub fn full(size: usize) -> DigitSet {
        debug_assert!((1..=MAX_SIZE).contains(&size));
        DigitSet((u64::MAX >> (64 - size)) as u32)
    }

    /// The set holding only `digit`.
    pub fn single(digit: u8) -> DigitSet {
        debug_assert!((1..=MAX_SIZE as u8).contains(&digit));
        DigitSet(1 << (digit - 1))
    }

    /// The set whose bit `d - 1` is set for each digit `d`.
    pub const fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }

    /// The raw bits: bit `d - 1` for digit `d`.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: u8) -> bool {
        digit >= 1 && usize::from(digit) <= MAX_SIZE && self.0 & (1 << (digit - 1)) != 0
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: u8) {
        *self = *self | DigitSet::single(digit);
    }

    /// Removes `digit`.
    pub fn remove(&mut self, digit: u8) {
        self.0 &= !DigitSet::single(digit).0;
    }

    /// The number of digits in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit of a one-digit set, or `None`.
    pub fn single_digit(self) -> Option<u8> {
        (self.0.count_ones() == 1).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// The smallest digit, or `None` for the empty set.
    pub fn min(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// The largest digit, or `None` for the empty set.
    pub fn max(self) -> Option<u8> {
        (self.0 != 0).then(|| 32 - self.0.leading_zeros() as u8)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> Digits {
        Digits(self.0)
    }
}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl std::ops::Not for DigitSet {
    type Output = DigitSet;
    fn not(self) -> DigitSet {
        DigitSet(!self.0)
    }
}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl IntoIterator for DigitSet {
    type Item = u8;
    type IntoIter = Digits;
    fn into_iter(self) -> Digits {
        self.iter()
    }
}

/// The digits of a [`DigitSet`], smallest first.
#[derive(Clone, Debug)]
pub struct Digits(u32);

impl Iterator for Digits {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_sets_hold_exactly_one_to_size() {
        assert_eq!(DigitSet::full(1).iter().collect::<Vec<_>>(), [1]);
        assert_eq!(DigitSet::full(4).iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(DigitSet::full(32).len(), 32);
        assert_eq!(DigitSet::full(32).max(), Some(32));
    }

    #[test]
    fn single_min_max() {
        let set: DigitSet = [3, 7, 12].into_iter().collect();
        assert_eq!(set.min(), Some(3));
        assert_eq!(set.max(), Some(12));
        assert_eq!(set.single_digit(), None);
        assert_eq!(DigitSet::single(9).single_digit(), Some(9));
        assert!(!set.contains(0));
        assert!(!set.contains(40));
        assert_eq!(DigitSet::EMPTY.min(), None);
    }
}
