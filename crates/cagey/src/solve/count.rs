//! [`Count`], an exact natural number of any size: the number of combinations of cage
//! tuples ([`combinations`](super::tables::combinations)), which passes `u64` on the essay's
//! 8x8 puzzles and `u128` on a 9x9 with many cages, and prints as the essay's tables do.

use std::fmt;

/// The significant digits the essay's tables show: J prints numbers to 6 significant digits
/// by default (`3.88178e13`), as C's `%g` does.
pub const ESSAY_PRECISION: usize = 6;

/// An exact natural number of any size, for products of tuple counts, which pass `u64` on the
/// essay's 8x8 puzzles (2.43893e26 for kk2) and `u128` on a 9x9 with many cages.
///
/// Written out here rather than taken from a big-integer crate: all it needs is multiplying
/// by a machine word and printing in decimal, so it keeps base-10^9 limbs, least significant
/// first, and printing needs no division.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Base-10^9 digits, least significant first, without leading zero limbs (zero is
    /// empty).
    limbs: Vec<u32>,
}

/// The base of a [`Count`]'s limbs.
const LIMB: u128 = 1_000_000_000;

impl Count {
    /// Multiplies in place by `factor`.
    pub fn scale(&mut self, factor: u64) {
        if factor == 0 {
            self.limbs.clear();
            return;
        }
        let mut carry: u128 = 0;
        for limb in &mut self.limbs {
            // At most (10^9 - 1) * (2^64 - 1) + carry: far below 2^128.
            let value = u128::from(*limb) * u128::from(factor) + carry;
            *limb = (value % LIMB) as u32;
            carry = value / LIMB;
        }
        while carry > 0 {
            self.limbs.push((carry % LIMB) as u32);
            carry /= LIMB;
        }
    }

    /// Whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number as a `u128`, or `None` if it does not fit.
    pub fn to_u128(&self) -> Option<u128> {
        self.limbs.iter().rev().try_fold(0u128, |acc, &limb| {
            acc.checked_mul(LIMB)?.checked_add(u128::from(limb))
        })
    }

    /// The number to `digits` significant digits, as J and C's `%g` print it: exact up to
    /// `digits` digits (`748800`), otherwise rounded half up with an exponent and without
    /// trailing zeros (`4.4928e6`, `3.88178e13`).
    pub fn significant(&self, digits: usize) -> String {
        let exact = self.to_string();
        let digits = digits.max(1);
        if exact.len() <= digits {
            return exact;
        }
        let mut exponent = exact.len() - 1;
        let mut mantissa: Vec<u8> = exact.bytes().take(digits).map(|b| b - b'0').collect();
        if exact.as_bytes()[digits] >= b'5' {
            let mut i = digits;
            loop {
                if i == 0 {
                    // 999.. rounded up to 1000..: one more digit before the point.
                    mantissa.insert(0, 1);
                    mantissa.pop();
                    exponent += 1;
                    break;
                }
                i -= 1;
                if mantissa[i] == 9 {
                    mantissa[i] = 0;
                } else {
                    mantissa[i] += 1;
                    break;
                }
            }
        }
        while mantissa.len() > 1 && mantissa.last() == Some(&0) {
            mantissa.pop();
        }
        let mut text = String::new();
        for (i, digit) in mantissa.iter().enumerate() {
            if i == 1 {
                text.push('.');
            }
            text.push(char::from(b'0' + digit));
        }
        format!("{text}e{exponent}")
    }

    /// The number as the essay's tables print it, to [`ESSAY_PRECISION`] significant digits.
    pub fn approx(&self) -> String {
        self.significant(ESSAY_PRECISION)
    }
}

impl From<u64> for Count {
    fn from(value: u64) -> Count {
        let mut count = Count { limbs: vec![1] };
        count.scale(value);
        count
    }
}

impl fmt::Display for Count {
    /// Every digit, in decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((top, rest)) = self.limbs.split_last() else {
            return f.pad("0");
        };
        let mut text = top.to_string();
        for limb in rest.iter().rev() {
            text.push_str(&format!("{limb:09}"));
        }
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_exact_past_u128() {
        let mut count = Count::from(1);
        for _ in 0..30 {
            count.scale(1000);
        }
        assert_eq!(count.to_string(), format!("1{}", "0".repeat(90)));
        assert_eq!(count.to_u128(), None);
        assert_eq!(count.approx(), "1e90");
        let mut count = Count::from(u64::MAX);
        count.scale(u64::MAX);
        assert_eq!(
            count.to_u128(),
            Some(u128::from(u64::MAX) * u128::from(u64::MAX))
        );
        assert_eq!(Count::from(0).to_string(), "0");
        assert!(Count::from(0).is_zero());
    }

    #[test]
    fn approximates_as_the_essay_prints() {
        let cases = [
            (6912, "6912"),
            (748_800, "748800"),
            (4_492_800, "4.4928e6"),
            (38_817_792_000_000, "3.88178e13"),
            (9_999_995, "1e7"),
            (1_234_565, "1.23457e6"),
        ];
        for (value, text) in cases {
            assert_eq!(Count::from(value).approx(), text, "{value}");
        }
    }
}
